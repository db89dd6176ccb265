//! The links' side of [`Levels`] and [`Branches`]: the search tree one level at a time,
//! for splitting a search into subproblems and for handing part of a running search to
//! another worker (the accounting that keeps the statistics exact is described on
//! [`Levels`]).

use super::{Resume, Solver};
use crate::arena::Unwatched;
use crate::engine::Inside;
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::split::{Branches, Given, Levels, NextLevel, SplitEngine};

impl Levels for Solver {
    fn next_level(&self, _: Inside) -> NextLevel {
        match self.arena.choose_item(self.branching.good_enough()) {
            None => NextLevel::Solved,
            Some(item) => NextLevel::Item {
                item,
                len: self.arena.nodes()[item as usize].top,
            },
        }
    }

    /// The options of `item`'s list: the search tries them in input order.
    fn branch_options(&self, _: Inside, item: u32) -> Vec<OptionId> {
        let mut options = Vec::with_capacity(self.arena.nodes()[item as usize].top as usize);
        let mut p = self.arena.nodes()[item as usize].down;
        while p != item {
            options.push(self.front.problem.option_of_node(p));
            p = self.arena.nodes()[p as usize].down;
        }
        options
    }

    fn descend_branch(&mut self, _: Inside, item: u32, k: u32) {
        debug_assert_eq!(
            self.arena.choose_item(self.branching.good_enough()),
            Some(item)
        );
        let mut x = self.arena.nodes()[item as usize].down;
        for _ in 0..k {
            x = self.arena.nodes()[x as usize].down;
        }
        debug_assert_ne!(x, item);
        self.fix(x);
    }

    fn cover_updates(&mut self, _: Inside, item: u32) -> u64 {
        if self.front.problem.has_colors() {
            let updates = self.arena.cover::<true>(item, &mut Unwatched);
            self.arena.uncover::<true>(item);
            updates
        } else {
            let updates = self.arena.cover::<false>(item, &mut Unwatched);
            self.arena.uncover::<false>(item);
            updates
        }
    }
}

impl Branches for Solver {
    type Move = OptionId;

    fn fixed_len(&self, _: Inside) -> usize {
        self.base
    }

    fn follow(&mut self, _: Inside, option: OptionId) -> Result<u64, ForceError> {
        self.descend(option)?;
        let x = self.choice[self.base - 1];
        // Measure the commit alone: undo it and redo it with the item still covered.
        Ok(self.arena.switch(self.front.problem.has_colors(), x, x))
    }

    fn follow_sibling(&mut self, _: Inside, option: OptionId) -> Result<u64, ForceError> {
        debug_assert!(self.base > self.forced, "a level the search chose");
        let level = self.base - 1;
        let x = self.choice[level];
        let y = self.front.problem.sibling_node(&self.arena, x, option)?;
        self.choice[level] = y;
        Ok(self.arena.switch(self.front.problem.has_colors(), x, y))
    }

    fn truncate_fixed(&mut self, _: Inside, len: usize) {
        debug_assert!(len >= self.forced, "cannot undo forced options this way");
        self.deselect_levels(len..self.base);
        self.base = self.base.min(len);
    }

    fn give_away(&mut self, _: Inside, from: usize) -> Option<Given<OptionId>> {
        if self.resume != Resume::Enter {
            return None;
        }
        let arena = &self.arena;
        let level = (self.base..self.level).find(|&l| {
            let x = self.choice[l];
            arena.nodes()[x as usize].down != arena.nodes()[x as usize].top
        })?;
        let option = |x: u32| self.front.problem.option_of_node(x);
        let path: Vec<OptionId> = self.choice[from..level]
            .iter()
            .map(|&x| option(x))
            .collect();
        let x = self.choice[level];
        let item = arena.nodes()[x as usize].top;
        let mut untried = Vec::new();
        let mut p = arena.nodes()[x as usize].down;
        while p != item {
            untried.push(option(p));
            p = arena.nodes()[p as usize].down;
        }
        // The levels down to `level` become fixed: the search's choices there are exactly
        // what `descend` would have done, and its loop stops when it climbs back to them.
        self.base = level + 1;
        Some((path, untried))
    }
}

impl Solver {
    /// Deselects the choices of `levels`, the latest first (none if the range is empty).
    pub(super) fn deselect_levels(&mut self, levels: std::ops::Range<usize>) {
        // Outside the X loop: the lists change unseen by its scans.
        self.notes.forget_scans();
        let colors = self.front.problem.has_colors();
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
