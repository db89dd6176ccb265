//! Fixing options before a search of dancing cells (forcing them, descending one branch,
//! releasing them), and the cells' side of [`SplitEngine`] and [`Levels`].
//!
//! A fixed level is a search level that the search does not leave: its item covered,
//! its option committed, and what the undo needs kept in a `Level`, exactly as the
//! search keeps it. So a prefix replayed level by level leaves the tables as the search
//! would at that depth, and releasing is one undo to the first fixed level's mark.

use super::search::{self, Level};
use super::{CellsSolver, Resume};
use crate::engine::{INSIDE, Inside};
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::split::{Levels, NextLevel, SplitEngine, extended};

impl SplitEngine for CellsSolver {
    fn new(problem: &Problem) -> Self {
        CellsSolver::new(problem)
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        self.check_available(option)?;
        // Select through a primary cell, as the search would.
        let tables = &self.tables;
        let cell = tables
            .option_cells(option)
            .find(|&c| tables.cells[c as usize].item < tables.primary)
            .expect("an option has a primary item");
        self.fix(tables.cells[cell as usize].item, cell);
        self.forced += 1;
        Ok(())
    }

    fn descend(&mut self, option: OptionId) -> Result<(), ForceError> {
        self.descend_counting(INSIDE, option).map(drop)
    }

    fn release(&mut self) {
        self.forced = 0;
        self.truncate_fixed(INSIDE, 0);
    }

    fn fixed(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        self.levels[..self.base].iter().map(|level| {
            self.tables
                .option_of(self.tables.cell_at(level.item, level.index))
        })
    }

    fn is_solved_by_fixed(&self) -> bool {
        self.tables.choose().is_none()
    }
}

impl CellsSolver {
    /// Fails with [`ForceError::OutOfRange`] if `option` is not one of the problem's, and
    /// with [`ForceError::Conflict`] if the choices made rule it out.
    fn check_available(&self, option: OptionId) -> Result<(), ForceError> {
        ForceError::check(option, self.front.problem.option_count(), |o| {
            self.tables.is_available(o)
        })
    }

    /// Fixes the option of `cell` through `item`, an active item of it: TAOCP X4 and
    /// X5 as the search does them, on a level the search will not leave. Returns the
    /// updates of committing the option's other items.
    fn fix(&mut self, item: u32, cell: u32) -> u64 {
        // Where the option is tried, once the item's cells are in option order.
        self.tables.sort_live(item);
        let index = self.tables.index_in_set(cell);
        let (level, [_, commit]) = search::enter(&mut self.tables, item, index);
        self.levels[self.base] = level;
        self.base += 1;
        commit
    }
}

impl Levels for CellsSolver {
    fn fixed_len(&self, _: Inside) -> usize {
        self.base
    }

    fn truncate_fixed(&mut self, _: Inside, len: usize) {
        debug_assert!(len >= self.forced, "cannot undo forced options this way");
        self.undo_levels(len..self.base);
        self.base = self.base.min(len);
    }

    fn descend_counting(&mut self, _: Inside, option: OptionId) -> Result<u64, ForceError> {
        // An available option has an active primary item, so there is one to choose.
        self.check_available(option)?;
        let tables = &self.tables;
        let item = tables
            .choose_earliest()
            .expect("an available option leaves a primary item to choose");
        let cell = tables
            .option_cells(option)
            .find(|&c| tables.cells[c as usize].item == item)
            .ok_or(ForceError::NotOnPath {
                option: option.index(),
                item: tables.item_id(item),
            })?;
        Ok(self.fix(item, cell))
    }

    fn next_level(&self, _: Inside) -> NextLevel {
        match self.tables.choose_earliest() {
            None => NextLevel::Solved,
            Some(item) => NextLevel::Item {
                item,
                len: self.tables.size(item),
            },
        }
    }

    fn branch_options(&self, _: Inside, item: u32) -> Vec<OptionId> {
        self.tables.live_options(item)
    }

    fn descend_branch(&mut self, _: Inside, item: u32, k: u32) {
        debug_assert_eq!(self.tables.choose_earliest(), Some(item));
        self.tables.sort_live(item);
        let cell = self.tables.cell_at(item, k);
        self.fix(item, cell);
    }

    fn cover_updates(&mut self, _: Inside, item: u32) -> u64 {
        self.tables.cover_updates(item)
    }

    fn give_away(&mut self, _: Inside, from: usize) -> Vec<Vec<OptionId>> {
        let solver = self;
        if solver.resume != Resume::Enter {
            return Vec::new();
        }
        let levels = &solver.levels;
        let Some(at) = (solver.base..solver.depth).find(|&l| levels[l].index + 1 < levels[l].count)
        else {
            return Vec::new();
        };
        let tables = &solver.tables;
        // A covered item's set stays as it was sorted when the item was chosen.
        let option = |item, k| tables.option_of(tables.cell_at(item, k));
        let path: Vec<OptionId> = levels[from..at]
            .iter()
            .map(|level| option(level.item, level.index))
            .collect();
        let Level {
            item, index, count, ..
        } = levels[at];
        let prefixes = (index + 1..count)
            .map(|k| extended(&path, option(item, k)))
            .collect();
        // The levels down to `at` become fixed: the search's choices there are exactly
        // what `descend` would have done, and its loop stops when it climbs back to them.
        solver.base = at + 1;
        prefixes
    }
}
