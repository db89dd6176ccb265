//! What each potential implies, at any distance, under a grid's links as they stand:
//! the transitive closure of the links that the chains and the multiple forcing
//! chains follow, computed once for the grid, so that their searches start only where
//! a step can come out.
//!
//! The links are those of [`chains`](super::chains) with both kinds allowed: a
//! candidate on turns off the cell's other candidates and its value's other places in
//! the cell's box, row and column; a candidate off turns on the cell's other one if
//! two are left, and its value's other place in a unit where two are left. Every link
//! of a pass with fewer kinds (x-links or y-links only) is one of these, and the grid
//! does not change along the way (as it does in dynamic chains), so:
//!
//! - a forcing chain from `p` (on or off) ends at its negation only if `p` implies it;
//! - a cycle through `p` that removes a candidate `c` gives `c` on a walk to `c` off
//!   through `p`, on and off (`c` sees an on-potential of the cycle and an
//!   off-potential of it: from `c` on, to the off one, round the cycle through `p` to
//!   the on one, to `c` off; and the same round the other way): `c` implies both `p`
//!   on and `p` off;
//! - a multiple forcing chain holds what every branch implies: if the branches imply
//!   nothing in common, there is none.
//!
//! The closure is the strongly connected components of the links (Tarjan's algorithm,
//! which meets them sinks first), and, for each component, the set of components it
//! reaches, as a bit set built from those of its successors. It is built for at most
//! [`MOST_NODES`] potentials (a 9×9 grid has at most 1,458); past that it is not built,
//! and every question it answers is answered yes, so that nothing is pruned.

use super::potentials::Pots;
use super::state::{LogicSolver, bits};

const UNSEEN: u32 = u32::MAX;

/// The most potentials a closure is built for: its bit sets then take at most 32 words
/// (256 KiB in all).
pub(super) const MOST_NODES: usize = 2048;

/// The transitive closure of a grid's links (see the module's docs).
#[derive(Default)]
pub(super) struct Closure {
    /// Whether the closure was built (the grid had at most [`MOST_NODES`] potentials).
    built: bool,
    /// For each potential (by number), its node, or [`UNSEEN`] if its candidate is not
    /// kept; for each node, its potential.
    node: Vec<u32>,
    pots: Vec<u32>,
    /// The links, as successor lists: `heads[node]..heads[node + 1]` of `succ`.
    heads: Vec<u32>,
    succ: Vec<u32>,
    /// Each node's component, and how many there are.
    component: Vec<u32>,
    components: usize,
    /// The nodes by component, in the order the components complete.
    members: Vec<u32>,
    /// Each component's reach (itself included), `words` words each.
    reach: Vec<u64>,
    words: usize,
    /// The potentials that imply their negation.
    refuted: Vec<u32>,
    tarjan: Tarjan,
}

/// The working memory of Tarjan's algorithm: each node's index and low link, the
/// stack of nodes, and the stack of calls (a node and its next link).
#[derive(Default)]
struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
}

impl Closure {
    /// Recomputes the closure for `s` (whose places are `places`), reusing the memory,
    /// among the candidates that `keep` keeps (given the on-potential): the walks of
    /// the others are not followed, and they imply nothing.
    pub(super) fn build(&mut self, s: &LogicSolver, places: &[u64], keep: impl Fn(u32) -> bool) {
        let numbers = Pots(s.side);
        if self.node.len() == numbers.count() {
            for &pot in &self.pots {
                self.node[pot as usize] = UNSEEN;
            }
        } else {
            self.node.clear();
            self.node.resize(numbers.count(), UNSEEN);
        }
        self.pots.clear();
        self.refuted.clear();
        self.built = false;
        for (i, &candidates) in s.candidates.iter().enumerate() {
            for b in bits(candidates) {
                let on = numbers.pot(i, b as u8 + 1, true);
                if keep(on) {
                    for pot in [on ^ 1, on] {
                        self.node[pot as usize] = self.pots.len() as u32;
                        self.pots.push(pot);
                    }
                }
            }
        }
        if self.pots.len() > MOST_NODES {
            return;
        }
        self.built = true;
        self.links(s, places, numbers);
        self.components();
        match self.words {
            0 | 1 => self.reaches::<1>(),
            2 => self.reaches::<2>(),
            3 | 4 => self.reaches::<4>(),
            5..=8 => self.reaches::<8>(),
            9..=16 => self.reaches::<16>(),
            _ => self.reaches::<32>(),
        }
        for k in 0..self.pots.len() {
            let pot = self.pots[k];
            if self.implies(pot, pot ^ 1) {
                self.refuted.push(pot);
            }
        }
    }

    /// The successor lists of the links, node after node (the nodes were numbered
    /// in this order: each kept candidate off, then on).
    fn links(&mut self, s: &LogicSolver, places: &[u64], numbers: Pots) {
        let n = s.side;
        self.heads.clear();
        self.succ.clear();
        for (i, &cell) in s.candidates.iter().enumerate() {
            let units = s.se_units(i);
            let b = s.box_index(i);
            for slot in bits(cell) {
                let v = slot as u8 + 1;
                if self.node[numbers.pot(i, v, true) as usize] == UNSEEN {
                    continue;
                }
                let others = cell & !(1 << slot);
                // Off: the cell's other candidate if two are left, the value's other
                // place in a unit where two are left.
                self.heads.push(self.succ.len() as u32);
                if others.count_ones() == 1 {
                    self.link(numbers.pot(i, others.trailing_zeros() as u8 + 1, true));
                }
                for unit in units {
                    let at = places[unit * n + slot];
                    if at.count_ones() == 2 {
                        for j in bits(at).map(|k| s.unit_cell(unit, k)).filter(|&j| j != i) {
                            self.link(numbers.pot(j, v, true));
                        }
                    }
                }
                // On: the cell's other candidates; the value's places in the box, then
                // in the row and the column outside the box.
                self.heads.push(self.succ.len() as u32);
                for w in bits(others) {
                    self.link(numbers.pot(i, w as u8 + 1, false));
                }
                for (index, unit) in units.into_iter().enumerate() {
                    for j in bits(places[unit * n + slot]).map(|k| s.unit_cell(unit, k)) {
                        if j != i && (index == 0 || s.box_index(j) != b) {
                            self.link(numbers.pot(j, v, false));
                        }
                    }
                }
            }
        }
        self.heads.push(self.succ.len() as u32);
    }

    /// A link to `pot`'s node, unless its candidate is not kept.
    fn link(&mut self, pot: u32) {
        let node = self.node[pot as usize];
        if node != UNSEEN {
            self.succ.push(node);
        }
    }

    /// Tarjan's strongly connected components, numbered in the order they complete:
    /// a component's successors come before it.
    fn components(&mut self) {
        let count = self.pots.len();
        self.members.clear();
        self.component.clear();
        self.component.resize(count, UNSEEN);
        let Tarjan {
            index,
            low,
            stack,
            calls,
        } = &mut self.tarjan;
        index.clear();
        index.resize(count, UNSEEN);
        low.clear();
        low.resize(count, 0);
        let (mut next_index, mut next_component) = (0u32, 0u32);
        for root in 0..count as u32 {
            if index[root as usize] != UNSEEN {
                continue;
            }
            calls.push((root, self.heads[root as usize]));
            index[root as usize] = next_index;
            low[root as usize] = next_index;
            next_index += 1;
            stack.push(root);
            while let Some(&mut (u, ref mut edge)) = calls.last_mut() {
                if *edge < self.heads[u as usize + 1] {
                    let w = self.succ[*edge as usize];
                    *edge += 1;
                    if index[w as usize] == UNSEEN {
                        index[w as usize] = next_index;
                        low[w as usize] = next_index;
                        next_index += 1;
                        stack.push(w);
                        calls.push((w, self.heads[w as usize]));
                    } else if self.component[w as usize] == UNSEEN {
                        low[u as usize] = low[u as usize].min(index[w as usize]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[u as usize]);
                }
                if low[u as usize] == index[u as usize] {
                    while let Some(w) = stack.pop() {
                        self.component[w as usize] = next_component;
                        self.members.push(w);
                        if w == u {
                            break;
                        }
                    }
                    next_component += 1;
                }
            }
        }
        self.components = next_component as usize;
        self.words = self.components.div_ceil(64);
    }

    /// Each component's reach: itself and the reach of each successor's component,
    /// which is complete before it (sinks first); `W` words a component, at least
    /// [`words`](Self::words).
    fn reaches<const W: usize>(&mut self) {
        self.words = W;
        let reach = &mut self.reach;
        reach.clear();
        reach.resize(self.components * W, 0);
        // The component whose reach last took in each component's.
        let taken = &mut self.tarjan.index;
        taken.clear();
        taken.resize(self.components, UNSEEN);
        for &u in &self.members {
            let c = self.component[u as usize] as usize;
            reach[c * W + c / 64] |= 1 << (c % 64);
            let links = self.heads[u as usize] as usize..self.heads[u as usize + 1] as usize;
            for &w in &self.succ[links] {
                let d = self.component[w as usize] as usize;
                if d != c && std::mem::replace(&mut taken[d], c as u32) != c as u32 {
                    // `d < c`: its reach is complete.
                    let (done, rest) = reach.split_at_mut(c * W);
                    let to: &mut [u64; W] = (&mut rest[..W]).try_into().unwrap();
                    let from: &[u64; W] = done[d * W..][..W].try_into().unwrap();
                    for k in 0..W {
                        to[k] |= from[k];
                    }
                }
            }
        }
    }

    /// The reach of the component of `pot`, if its candidate is kept.
    fn row(&self, pot: u32) -> Option<&[u64]> {
        let node = *self.node.get(pot as usize)?;
        (node != UNSEEN).then(|| {
            let c = self.component[node as usize] as usize;
            &self.reach[c * self.words..(c + 1) * self.words]
        })
    }

    /// Whether `from` implies `to` (both of kept candidates), at any distance; always,
    /// if the closure was not built.
    pub(super) fn implies(&self, from: u32, to: u32) -> bool {
        if !self.built {
            return true;
        }
        match (self.row(from), self.node.get(to as usize)) {
            (Some(row), Some(&node)) if node != UNSEEN => {
                let c = self.component[node as usize] as usize;
                row[c / 64] & 1 << (c % 64) != 0
            }
            _ => false,
        }
    }

    /// Whether a forcing chain can start from `pot`: it implies its negation.
    pub(super) fn refutes(&self, pot: u32) -> bool {
        self.implies(pot, pot ^ 1)
    }

    /// Whether any potential implies its negation: without one, the grid has no
    /// forcing chain and no cycle that removes anything.
    pub(super) fn any_refuted(&self) -> bool {
        !self.built || !self.refuted.is_empty()
    }

    /// Whether a cycle that removes something can pass candidate `on` (an
    /// on-potential): some candidate implies both it and its negation.
    pub(super) fn on_a_cycle(&self, on: u32) -> bool {
        !self.built
            || self
                .refuted
                .iter()
                .any(|&c| c & 1 == 1 && self.implies(c, on) && self.implies(c, on ^ 1))
    }

    /// Whether the potentials of `premises` (candidates on, of which one holds) imply
    /// something in common, as a multiple forcing chain needs.
    pub(super) fn common(&self, premises: impl IntoIterator<Item = u32>) -> bool {
        if !self.built {
            return true;
        }
        let mut common = [u64::MAX; 32];
        let common = &mut common[..self.words];
        for pot in premises {
            let Some(row) = self.row(pot) else {
                return false;
            };
            for (a, b) in common.iter_mut().zip(row) {
                *a &= b;
            }
        }
        common.iter().any(|&w| w != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{grids_left, solver};
    use super::*;

    /// What `from` reaches under the links (the module's), among the candidates that
    /// `keep` keeps, by a plain breadth-first walk.
    fn walk(s: &LogicSolver, keep: &dyn Fn(u32) -> bool, from: u32) -> Vec<bool> {
        let numbers = Pots(s.side);
        let places = s.places_table();
        let kept = |pot: u32| {
            let (i, v, _) = numbers.parts(pot);
            s.candidates[i] & 1 << (v - 1) != 0 && keep(pot | 1)
        };
        let mut seen = vec![false; numbers.count()];
        let mut todo = vec![from];
        seen[from as usize] = true;
        while let Some(pot) = todo.pop() {
            let (i, v, on) = numbers.parts(pot);
            let mut next = Vec::new();
            for j in 0..s.side * s.side {
                for w in 1..=s.side as u8 {
                    let same_cell = i == j && v != w;
                    let same_unit =
                        v == w && j != i && s.se_units(i).iter().any(|&unit| s.in_unit(unit, j));
                    let linked = if on {
                        same_cell || same_unit
                    } else {
                        (same_cell && s.candidates[i].count_ones() == 2)
                            || (same_unit
                                && s.se_units(i).iter().any(|&unit| {
                                    s.in_unit(unit, j)
                                        && places[unit * s.side + usize::from(v) - 1].count_ones()
                                            == 2
                                }))
                    };
                    if linked {
                        next.push(numbers.pot(j, w, !on));
                    }
                }
            }
            for p in next {
                if kept(p) && !seen[p as usize] {
                    seen[p as usize] = true;
                    todo.push(p);
                }
            }
        }
        seen
    }

    #[test]
    fn the_closure_is_what_a_walk_reaches() {
        // On grids of a hard position and grids left from it, with every candidate and
        // with about half of them kept: every potential implies exactly what a plain
        // walk of the links reaches, and the refuted ones are those that reach their
        // negation.
        let s = solver(
            "........5..8..79...6..1..4....1.2.7.4...7...3.7.6......3..2..6...5...8..9.......7",
        );
        let numbers = Pots(9);
        let mut refuted = 0;
        for w in std::iter::once(s.clone()).chain(grids_left(&s, 8, 58)) {
            let half = |pot: u32| pot.wrapping_mul(0x9E37_79B9) >> 31 == 0;
            for keep in [&(|_| true) as &dyn Fn(u32) -> bool, &half] {
                let mut closure = Closure::default();
                closure.build(&w, &w.places_table(), keep);
                for from in 0..numbers.count() as u32 {
                    let (i, v, _) = numbers.parts(from);
                    if w.candidates[i] & 1 << (v - 1) == 0 || !keep(from | 1) {
                        assert!(!closure.implies(from, from), "{from} is not kept");
                        continue;
                    }
                    let reached = walk(&w, keep, from);
                    for to in 0..numbers.count() as u32 {
                        assert_eq!(closure.implies(from, to), reached[to as usize]);
                    }
                    assert_eq!(closure.refutes(from), reached[from as usize ^ 1]);
                    refuted += usize::from(closure.refutes(from));
                }
            }
        }
        // Some grids have forcing chains, and so refuted potentials.
        assert!(refuted > 0);
    }

    #[test]
    fn past_the_most_nodes_the_closure_prunes_nothing() {
        // A 16×16 grid with a few givens has thousands of candidates: no closure is
        // built, and it answers yes to everything.
        let mut s = super::super::test_support::empty(4);
        s.place(0, 0, 1);
        s.place(5, 7, 2);
        let places = s.places_table();
        let numbers = Pots(16);
        let mut closure = Closure::default();
        closure.build(&s, &places, |_| true);
        assert!(
            2 * s
                .candidates
                .iter()
                .map(|c| c.count_ones() as usize)
                .sum::<usize>()
                > MOST_NODES
        );
        let (a, b) = (numbers.pot(1, 2, true), numbers.pot(200, 3, false));
        assert!(closure.implies(a, b) && closure.refutes(a) && closure.any_refuted());
        assert!(closure.on_a_cycle(a) && closure.common([a, b]));
    }
}
