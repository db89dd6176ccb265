//! Fixing options before a search of the dense engine (forcing them, descending one
//! branch, releasing them), and its side of [`SplitEngine`] and [`Levels`], so that it
//! splits and runs on threads as the links do.
//!
//! A fixed level is a level of the search that the search does not leave: its item and
//! option recorded as the search records them, its state left as the search leaves it
//! (the item covered), and the next level's state made from it by committing the
//! option's other items. States below the first level a search starts at are never
//! rewritten; the one it starts at is, and is made again from the level below when the
//! search ends (one copy and one commit).

use super::{DenseSolver, Level, Resume, try_option};
use crate::engine::{INSIDE, Inside};
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::split::{Branches, Given, Levels, NextLevel, SplitEngine};

impl SplitEngine for DenseSolver {
    /// # Panics
    /// If the problem is larger than the dense engine takes ([`DenseSolver::new`]
    /// says why): use [`DenseSolver::new`] to be told instead.
    fn new(problem: &Problem) -> Self {
        DenseSolver::new(problem).expect("a problem the dense engine takes")
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        self.check_available(option)?;
        // Chosen through a primary item, as the search would choose it.
        let o = option.index() as u32;
        let item = self
            .tables
            .option_items(o)
            .find(|&j| self.tables.is_primary(j))
            .expect("an option has a primary item");
        self.fix(item, o);
        self.forced += 1;
        Ok(())
    }

    fn descend(&mut self, option: OptionId) -> Result<(), ForceError> {
        self.follow(INSIDE, option).map(drop)
    }

    fn release(&mut self) {
        self.forced = 0;
        self.truncate_fixed(INSIDE, 0);
    }

    fn fixed(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        self.levels[..self.base]
            .iter()
            .map(|level| OptionId::new(self.tables.candidates[level.at()] as usize))
    }

    fn is_solved_by_fixed(&self) -> bool {
        self.tables.choose(self.base).is_none()
    }
}

impl Level {
    /// Where the option tried at this level is among the candidates.
    fn at(&self) -> usize {
        (self.first + self.index) as usize
    }
}

impl DenseSolver {
    /// Fails with [`ForceError::OutOfRange`] if `option` is not one of the problem's, and
    /// with [`ForceError::Conflict`] if the fixed options rule it out.
    fn check_available(&self, option: OptionId) -> Result<(), ForceError> {
        ForceError::check(option, self.front.problem.option_count(), |o| {
            self.tables.is_live(self.base, o.index() as u32)
        })
    }

    /// Fixes `option` through `item`, an item of it active in state `base`, as the
    /// search chooses it: the item covered in that state, then the option's other items
    /// committed into the next. Returns the updates of the cover and of the commit.
    fn fix(&mut self, item: u32, option: u32) -> (u64, u64) {
        let d = self.base;
        debug_assert_eq!(self.tables.candidates.len(), self.fixed_candidates());
        // The level notes its item's options, as the search does, so that a later
        // branch can replace this one.
        let first = self.tables.gather(d, item);
        let count = self.tables.candidates.len() as u32 - first;
        let index = self.tables.candidates[first as usize..]
            .iter()
            .position(|&o| o == option)
            .expect("the option is live and has the item") as u32;
        let cover = self.tables.commit(d, item, item);
        let commit = try_option(&mut self.tables, d, item, option);
        self.levels[d] = Level {
            item,
            first,
            index,
            count,
        };
        self.base += 1;
        self.fresh = true;
        (cover, commit)
    }

    /// Where the candidates of the fixed levels end: a level keeps the options its item
    /// had, and a fixed level is one of them.
    pub(super) fn fixed_candidates(&self) -> usize {
        match self.base {
            0 => 0,
            base => {
                let last = self.levels[base - 1];
                (last.first + last.count) as usize
            }
        }
    }

    /// Makes state `base`, which a search rewrites, again from the fixed level below
    /// it, as [`fix`](Self::fix) made it (or from the problem as built).
    pub(super) fn restore_fixed(&mut self) {
        self.fresh = true;
        match self.base {
            0 => self.tables.reset(),
            base => {
                let level = self.levels[base - 1];
                let option = self.tables.candidates[level.at()];
                try_option(&mut self.tables, base - 1, level.item, option);
            }
        }
    }
}

impl Branches for DenseSolver {
    type Move = OptionId;

    fn fixed_len(&self, _: Inside) -> usize {
        self.base
    }

    fn truncate_fixed(&mut self, _: Inside, len: usize) {
        debug_assert!(len >= self.forced, "cannot undo forced options this way");
        if len >= self.base {
            return;
        }
        self.tables
            .candidates
            .truncate(self.levels[len].first as usize);
        self.base = len;
        self.restore_fixed();
    }

    fn follow(&mut self, _: Inside, option: OptionId) -> Result<u64, ForceError> {
        // A live option has an active primary item, so there is one to choose.
        self.check_available(option)?;
        let (item, _) = self
            .tables
            .choose(self.base)
            .expect("a live option leaves a primary item to choose");
        let o = option.index() as u32;
        if !self.tables.option_items(o).any(|j| j == item) {
            return Err(ForceError::NotOnPath {
                option: option.index(),
                item: self.tables.item_id(item),
            });
        }
        Ok(self.fix(item, o).1)
    }

    fn follow_sibling(&mut self, _: Inside, option: OptionId) -> Result<u64, ForceError> {
        debug_assert!(self.base > self.forced, "a level the search chose");
        let d = self.base - 1;
        let level = self.levels[d];
        let o = option.index() as u32;
        let candidates = &self.tables.candidates;
        let Some(k) = (level.first + level.index + 1..level.first + level.count)
            .find(|&k| candidates[k as usize] == o)
        else {
            return Err(ForceError::NotOnPath {
                option: option.index(),
                item: self.tables.item_id(level.item),
            });
        };
        self.levels[d].index = k - level.first;
        self.fresh = true;
        Ok(try_option(&mut self.tables, d, level.item, o))
    }

    fn give_away(&mut self, _: Inside, from: usize) -> Option<Given<OptionId>> {
        if self.resume != Resume::Enter {
            return None;
        }
        let levels = &self.levels;
        let at = (self.base..self.depth).find(|&l| levels[l].index + 1 < levels[l].count)?;
        let candidates = &self.tables.candidates;
        let option = |k: usize| OptionId::new(candidates[k] as usize);
        let path: Vec<OptionId> = levels[from..at].iter().map(|l| option(l.at())).collect();
        let Level {
            first,
            index,
            count,
            ..
        } = levels[at];
        let untried = (first + index + 1..first + count)
            .map(|k| option(k as usize))
            .collect();
        // The levels down to `at` become fixed: the search's choices there, and the states
        // it left them in, are exactly what `descend` would have made, and its loop stops
        // when it climbs back to them.
        self.base = at + 1;
        Some((path, untried))
    }
}

impl Levels for DenseSolver {
    fn next_level(&self, _: Inside) -> NextLevel {
        match self.tables.choose(self.base) {
            None => NextLevel::Solved,
            Some((item, len)) => NextLevel::Item { item, len },
        }
    }

    fn branch_options(&self, _: Inside, item: u32) -> Vec<OptionId> {
        self.tables
            .live_options(self.base, item)
            .into_iter()
            .map(|o| OptionId::new(o as usize))
            .collect()
    }

    fn descend_branch(&mut self, _: Inside, item: u32, k: u32) {
        debug_assert_eq!(self.tables.choose(self.base).map(|c| c.0), Some(item));
        let option = self.tables.live_options(self.base, item)[k as usize];
        self.fix(item, option);
    }

    fn cover_updates(&mut self, _: Inside, item: u32) -> u64 {
        // Measured on the next state, which holds nothing yet.
        let d = self.base;
        self.tables.copy_state(d, d + 1);
        self.tables.commit(d + 1, item, item)
    }
}
