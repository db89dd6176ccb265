//! What one set of assumptions implies, for the forcing nets: every potential reached,
//! each with the potentials that implied it.

/// No node.
pub(super) const NONE: u32 = u32::MAX;

/// A node of an outcome: a potential, where its parents start in `Outcome::links`, and
/// what made it (a [`Cause`]).
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) pot: u32,
    pub(super) first: u32,
    /// How many parents: at most a cell's candidates and a unit's places, or the
    /// candidates a rule's pattern lost (fewer than the grid's candidates, 46,656 on
    /// 36×36).
    pub(super) count: u16,
    pub(super) cause: Cause,
}

/// What made an on-potential hold, as Sudoku Explainer records it for the rules inside
/// nested chains: [`NO_CAUSE`] (an assumption, or an off-potential), [`CELL`] (the
/// last candidate of its cell), or `REGION + unit` (the last place of its value there).
pub(super) type Cause = u16;
pub(super) const NO_CAUSE: Cause = 0;
pub(super) const CELL: Cause = 1;
pub(super) const REGION: Cause = 2;

/// Everything one set of assumptions implies (SE's `doChaining`), each potential with
/// the potentials that implied it.
pub(super) struct Outcome {
    pub(super) nodes: Vec<Node>,
    pub(super) links: Vec<u32>,
    /// For each potential, its node, or `NONE`.
    pub(super) at: Vec<u32>,
    /// The nodes of on- and off-potentials, in the order reached.
    pub(super) on: Vec<u32>,
    pub(super) off: Vec<u32>,
    /// The nodes that a rule inside the chain ("plus", nested) put there, each with the
    /// rule (an index of the rules' names) and, for a nested chain, its index in the
    /// search's register of nested chains (else `NONE`).
    pub(super) rules: Vec<(u32, u8, u32)>,
}

impl Outcome {
    pub(super) fn new(pots: usize) -> Self {
        Self {
            nodes: Vec::new(),
            links: Vec::new(),
            at: vec![NONE; pots],
            on: Vec::new(),
            off: Vec::new(),
            rules: Vec::new(),
        }
    }

    /// Empties the outcome, keeping its memory.
    pub(super) fn clear(&mut self) {
        for node in &self.nodes {
            self.at[node.pot as usize] = NONE;
        }
        self.nodes.clear();
        self.links.clear();
        self.on.clear();
        self.off.clear();
        self.rules.clear();
    }

    /// The rule that put `node` there, if a rule did.
    pub(super) fn rule(&self, node: u32) -> Option<u8> {
        self.rules
            .iter()
            .find(|&&(n, _, _)| n == node)
            .map(|&(_, r, _)| r)
    }

    /// The nested chain that put `node` there, if one did.
    pub(super) fn nested(&self, node: u32) -> Option<u32> {
        self.rules
            .iter()
            .find(|&&(n, _, nested)| n == node && nested != NONE)
            .map(|&(_, _, nested)| nested)
    }

    /// A node for `pot` with `parents`; recorded as `pot`'s unless `detached` (a
    /// potential met again, kept only as one end of a contradiction).
    pub(super) fn add(&mut self, pot: u32, parents: &[u32], detached: bool) -> u32 {
        self.add_caused(pot, parents, detached, NO_CAUSE)
    }

    /// [`add`](Self::add), with what made the potential hold.
    pub(super) fn add_caused(
        &mut self,
        pot: u32,
        parents: &[u32],
        detached: bool,
        cause: Cause,
    ) -> u32 {
        let node = self.nodes.len() as u32;
        self.nodes.push(Node {
            pot,
            first: self.links.len() as u32,
            count: parents.len() as u16,
            cause,
        });
        self.links.extend_from_slice(parents);
        if !detached {
            self.at[pot as usize] = node;
            if pot & 1 == 1 {
                self.on.push(node);
            } else {
                self.off.push(node);
            }
        }
        node
    }

    pub(super) fn node_of(&self, pot: u32) -> Option<u32> {
        let node = self.at[pot as usize];
        (node != NONE).then_some(node)
    }

    pub(super) fn parents(&self, node: u32) -> &[u32] {
        let n = self.nodes[node as usize];
        &self.links[n.first as usize..n.first as usize + usize::from(n.count)]
    }
}
