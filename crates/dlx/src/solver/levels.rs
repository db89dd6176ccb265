//! The search tree one level at a time, for splitting a search into subproblems and for
//! handing part of a running search to another worker.
//!
//! The accounting keeps TAOCP's statistics exact across a split. The sequential search
//! spends, at each node, one node and the updates of covering its item, and for each
//! option it tries, the updates of committing that option's other items. A node that the
//! splitter expands counts all three for itself (the commit of the option leading to it);
//! a subproblem counts, besides its own search, the commit of the last option of its
//! prefix. So the statistics of a split plus those of its subproblems are the sequential
//! ones.

use super::Solver;
#[cfg(feature = "parallel")]
use super::{Resume, Search};
use crate::error::ForceError;
use crate::ids::OptionId;

/// What the search would do at the level below the fixed ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NextLevel {
    /// Every primary item is covered: the fixed options form a solution.
    Solved,
    /// Minimum remaining values picks `item` (its arena header), which has `len` options.
    Item {
        /// The item's header node.
        item: u32,
        /// How many options it has left (0 for a dead end).
        len: u32,
    },
}

impl Solver {
    /// Number of fixed levels (forced options and prefix choices).
    pub(crate) fn fixed_len(&self) -> usize {
        self.base
    }

    /// The branching at the next level.
    pub(crate) fn next_level(&self) -> NextLevel {
        match self.arena.choose_item(self.branching.good_enough()) {
            None => NextLevel::Solved,
            Some(item) => NextLevel::Item {
                item,
                len: self.arena.nodes()[item as usize].top,
            },
        }
    }

    /// The options of `item`'s list in search order (input order).
    pub(crate) fn branch_options(&self, item: u32) -> Vec<OptionId> {
        let mut options = Vec::with_capacity(self.arena.nodes()[item as usize].top as usize);
        let mut p = self.arena.nodes()[item as usize].down;
        while p != item {
            options.push(self.problem.option_of_node(p));
            p = self.arena.nodes()[p as usize].down;
        }
        options
    }

    /// The `k`-th node (0-based) of `item`'s list.
    pub(crate) fn branch_node(&self, item: u32, k: u32) -> u32 {
        let mut p = self.arena.nodes()[item as usize].down;
        for _ in 0..k {
            p = self.arena.nodes()[p as usize].down;
        }
        debug_assert_ne!(p, item);
        p
    }

    /// Fixes the option of node `x`, which must be in the list of the item that the next
    /// level chooses.
    pub(crate) fn descend_node(&mut self, x: u32) {
        debug_assert_eq!(
            self.arena.choose_item(self.branching.good_enough()),
            Some(self.arena.nodes()[x as usize].top)
        );
        self.fix(x);
    }

    /// The updates TAOCP's search counts for covering `item` at the next level.
    pub(crate) fn cover_updates(&mut self, item: u32) -> u64 {
        if self.problem.has_colors() {
            let updates = self.arena.cover::<true, false>(item);
            self.arena.uncover::<true>(item);
            updates
        } else {
            let updates = self.arena.cover::<false, false>(item);
            self.arena.uncover::<false>(item);
            updates
        }
    }

    /// [`descend`](Self::descend), returning the updates TAOCP's search counts for
    /// committing the option's other items once its item is covered.
    pub(crate) fn descend_counting(&mut self, option: OptionId) -> Result<u64, ForceError> {
        self.descend(option)?;
        let x = self.choice[self.base - 1];
        // Measure the commit alone: undo it and redo it with the item still covered.
        let updates = if self.problem.has_colors() {
            self.arena.uncommit_others::<true>(x);
            self.arena.commit_others::<true, false>(x)
        } else {
            self.arena.uncommit_others::<false>(x);
            self.arena.commit_others::<false, false>(x)
        };
        Ok(updates)
    }

    /// Undoes fixed levels until `len` remain (the latest first).
    pub(crate) fn truncate_fixed(&mut self, len: usize) {
        debug_assert!(len >= self.forced, "cannot undo forced options this way");
        self.deselect_levels(len..self.base);
        self.base = self.base.min(len);
    }

    /// Deselects the choices of `levels`, the latest first (none if the range is empty).
    pub(super) fn deselect_levels(&mut self, levels: std::ops::Range<usize>) {
        let colors = self.problem.has_colors();
        for level in levels.rev() {
            let x = self.choice[level];
            if colors {
                self.arena.deselect::<true>(x);
            } else {
                self.arena.deselect::<false>(x);
            }
        }
    }
}

#[cfg(feature = "parallel")]
impl Search<'_> {
    /// Gives away the shallowest untried branches of a search paused at a heartbeat.
    ///
    /// Finds the shallowest level of this search whose item still has options after the
    /// one being explored, returns those options as prefixes (the options chosen from
    /// fixed level `from` down to that level, then the untried option), and fixes the
    /// levels down to the one explored, so the search ends when that branch is done.
    /// Every prefix counts the commit of its last option when replayed, which keeps the
    /// statistics exact. Returns nothing if no level has an untried option.
    pub(crate) fn give_away(&mut self, from: usize) -> Vec<Vec<OptionId>> {
        let solver = &mut *self.solver;
        if solver.resume != Resume::Enter {
            return Vec::new();
        }
        let arena = &solver.arena;
        let Some(level) = (solver.base..solver.level).find(|&l| {
            let x = solver.choice[l];
            arena.nodes()[x as usize].down != arena.nodes()[x as usize].top
        }) else {
            return Vec::new();
        };
        let path: Vec<OptionId> = solver.choice[from..level]
            .iter()
            .map(|&x| solver.problem.option_of_node(x))
            .collect();
        let x = solver.choice[level];
        let item = arena.nodes()[x as usize].top;
        let mut prefixes = Vec::new();
        let mut p = arena.nodes()[x as usize].down;
        while p != item {
            let mut prefix = Vec::with_capacity(path.len() + 1);
            prefix.extend_from_slice(&path);
            prefix.push(solver.problem.option_of_node(p));
            prefixes.push(prefix);
            p = arena.nodes()[p as usize].down;
        }
        // The levels down to `level` become fixed: the search's choices there are exactly
        // what `descend` would have done, and its loop stops when it climbs back to them.
        solver.base = level + 1;
        prefixes
    }
}
