//! Changing a whole matrix at once: relinking it around a batch of forced options (how
//! [`Solver::set_forced`](crate::Solver::set_forced) applies sudoku givens), restoring it
//! as built, and relinking each list in a new order (for the cost search).

use super::{Arena, Node, link_items};

/// Every item's list as built, flattened so that [`Arena::relink`] reads it with
/// independent loads instead of chasing links: for item `i` (by header), the entries
/// `start[i]..start[i + 1]`, each an option's node and the option, in list order.
#[derive(Debug)]
pub(crate) struct Columns {
    start: Vec<u32>,
    entries: Vec<(u32, u32)>,
    /// The number of nodes of the arena they were read from: every node in `entries` is
    /// below it.
    nodes: usize,
}

impl Columns {
    /// The bytes of its tables.
    pub(crate) fn memory(&self) -> usize {
        super::heap(&self.start) + super::heap(&self.entries)
    }

    /// The lists of `arena`, which must be as built; `option_first` as returned by
    /// [`Arena::build`].
    pub(crate) fn new(arena: &Arena, option_first: &[u32]) -> Self {
        let n = arena.item_count();
        let mut start = Vec::with_capacity(n + 2);
        let mut entries = Vec::with_capacity(arena.nodes.len() - n - option_first.len());
        // The root, header 0, has no list.
        start.push(0);
        for x in 1..=n as u32 {
            start.push(entries.len() as u32);
            let mut p = arena.nodes[x as usize].down;
            while p != x {
                let option = option_first.partition_point(|&f| f <= p) - 1;
                entries.push((p, option as u32));
                p = arena.nodes[p as usize].down;
            }
        }
        start.push(entries.len() as u32);
        Self {
            start,
            entries,
            nodes: arena.nodes.len(),
        }
    }

    /// The entries of item `i`'s list as built: (node, option) pairs, in list order.
    #[inline]
    fn of(&self, i: usize) -> &[(u32, u32)] {
        &self.entries[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// Scratch of [`Arena::relink`]: which items a batch of forced options covers, and which
/// options that removes. Marks are stamped with a generation, so starting over costs
/// nothing.
#[derive(Debug, Clone)]
pub(crate) struct Marks {
    generation: u32,
    /// Per item (by header): the generation in which it was last covered.
    covered: Vec<u32>,
    /// Per option: the generation in which it was last removed.
    removed: Vec<u32>,
}

impl Marks {
    /// Room for `items` items and `options` options, nothing marked.
    pub(crate) fn new(items: usize, options: usize) -> Self {
        Self {
            generation: 1,
            covered: vec![0; items + 2],
            removed: vec![0; options],
        }
    }

    /// Forgets every mark.
    pub(crate) fn start(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.covered.fill(0);
            self.removed.fill(0);
            self.generation = 1;
        }
    }

    /// Marks item `i` (by header) covered, and every option in its list as built
    /// removed. Returns `false`, marking nothing, if it was covered already.
    pub(crate) fn cover(&mut self, i: usize, columns: &Columns) -> bool {
        if self.covered[i] == self.generation {
            return false;
        }
        self.covered[i] = self.generation;
        for &(_, option) in columns.of(i) {
            self.removed[option as usize] = self.generation;
        }
        true
    }

    fn is_covered(&self, i: usize) -> bool {
        self.covered[i] == self.generation
    }

    fn is_removed(&self, option: u32) -> bool {
        self.removed[option as usize] == self.generation
    }
}

impl Arena {
    /// Copies `pristine`'s links, which have the same shape, without allocating.
    pub(crate) fn restore(&mut self, pristine: &Arena) {
        self.items.copy_from_slice(&pristine.items);
        self.nodes.copy_from_slice(&pristine.nodes);
        self.colors.copy_from_slice(&pristine.colors);
    }

    /// Relinks the arena into the state that covering the items marked in `marks` leaves
    /// for the search: those items out of the active lists, with empty lists of their
    /// own, and every other item's list holding exactly the options of its list as built
    /// that `marks` does not remove, in that order. The result does not depend on the
    /// arena's state before.
    ///
    /// One pass over the lists of the active items, in order, with no branch on what is
    /// removed (no predictor could learn it). The links of removed options' nodes are
    /// left stale, and nothing reads them: the search reaches nodes only through the
    /// lists. With nothing marked the result is the arena as built. Uncolored problems
    /// only.
    pub(crate) fn relink(&mut self, columns: &Columns, marks: &Marks, primary: &[bool]) {
        debug_assert!(self.colors.is_empty());
        // The nodes of `columns` are links of an arena of this shape: in bounds here.
        assert_eq!(
            self.nodes.len(),
            columns.nodes,
            "columns of another problem"
        );
        let n = self.item_count();
        for x in 1..n + 1 {
            if marks.is_covered(x) {
                self.nodes[x] = Node {
                    up: x as u32,
                    down: x as u32,
                    ..Node::default()
                };
                continue;
            }
            let mut prev = x as u32;
            let mut len = 0;
            // Every node is linked below the last one kept, and only a kept one becomes
            // the last: a removed node's links go stale, and the next node kept, or the
            // header at the end, overwrites the `down` it was given.
            for &(p, option) in columns.of(x) {
                let kept = !marks.is_removed(option);
                self.node_mut(prev).down = p;
                self.node_mut(p).up = prev;
                prev = if kept { p } else { prev };
                len += u32::from(kept);
            }
            self.node_mut(prev).down = x as u32;
            let header = &mut self.nodes[x];
            header.up = prev;
            header.top = len;
        }
        link_items(&mut self.items, primary, |i| !marks.is_covered(i));
    }

    /// Relinks every item's list in increasing order of `key[node]`, ties kept in option
    /// order (a stable sort). Only for a pristine arena: a hidden node remembers its
    /// neighbours, so relinking around one would corrupt the later unhide.
    pub(crate) fn sort_lists(&mut self, key: &[u64]) {
        let n = self.item_count();
        let mut list = Vec::new();
        for x in 1..=n as u32 {
            list.clear();
            let mut p = self.nodes[x as usize].down;
            while p != x {
                list.push(p);
                p = self.nodes[p as usize].down;
            }
            list.sort_by_key(|&p| key[p as usize]);
            let mut prev = x;
            for &p in &list {
                self.nodes[prev as usize].down = p;
                self.nodes[p as usize].up = prev;
                prev = p;
            }
            self.nodes[prev as usize].down = x;
            self.nodes[x as usize].up = prev;
        }
    }
}
