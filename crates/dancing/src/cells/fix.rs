//! Fixing options before a search of dancing cells (forcing them, descending one branch,
//! releasing them), the cells' side of [`Levels`], and the split and replay entry points.
//! Each has the meaning, and the errors, of the links' method of the same name.
//!
//! A fixed level is a search level that the search does not leave: its item covered,
//! its option committed, and what the undo needs kept in a `Level`, exactly as the
//! search keeps it. So a prefix replayed level by level leaves the tables as the search
//! would at that depth, and releasing is one undo to the first fixed level's mark.

use super::CellsSolver;
use super::search;
use crate::engine::{INSIDE, Inside, Levels, NextLevel};
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::split::{self, Split};
use crate::stats::Stats;

impl CellsSolver {
    /// Selects an option before the search, as if it were part of every solution, as
    /// [`Solver::force`](crate::Solver::force) does: fails with the same errors, without
    /// changing anything, if the option is out of range or clashes with those fixed
    /// already. Undone by [`release`](Self::release).
    pub fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
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

    /// Follows one branch of the search tree, as [`Solver::descend`](crate::Solver::descend)
    /// does: `option` must be one of the options the search would try at the next level.
    /// Fails with [`ForceError::Conflict`] if it clashes with the options fixed already,
    /// and with [`ForceError::NotOnPath`] if it does not contain the item the search
    /// branches on.
    pub fn descend(&mut self, option: OptionId) -> Result<(), ForceError> {
        self.descend_counting(INSIDE, option).map(drop)
    }

    /// Undoes every [`force`](Self::force) and [`descend`](Self::descend), restoring the
    /// sets. Allocation-free.
    pub fn release(&mut self) {
        self.forced = 0;
        self.truncate_fixed(INSIDE, 0);
    }

    /// The options fixed by [`force`](Self::force) and [`descend`](Self::descend), in order.
    pub fn fixed(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        self.levels[..self.base].iter().map(|level| {
            self.tables
                .option_of(self.tables.cell_at(level.item, level.index))
        })
    }

    /// Whether every primary item is covered by the fixed options alone.
    pub fn is_solved_by_fixed(&self) -> bool {
        self.tables.choose().is_none()
    }

    /// Follows a prefix, as [`Solver::replay`](crate::Solver::replay) does: descends
    /// each option in order, undoing them all on an error, and returns the updates of
    /// committing the last option, so that a split's statistics plus each subproblem's
    /// replay and search add up to the sequential statistics.
    ///
    /// ```
    /// use dancing::{CellsSolver, Count, Solver, problems};
    ///
    /// let problem = problems::langford(7);
    /// let mut cells = CellsSolver::new(&problem);
    /// let split = cells.split(2);
    /// // The links split the same way.
    /// assert_eq!(split.subproblems(), Solver::new(&problem).split(2).subproblems());
    /// let mut total = Count::Complete(0);
    /// for subproblem in split.subproblems() {
    ///     cells.replay(subproblem.prefix())?;
    ///     total += cells.count();
    ///     cells.release();
    /// }
    /// assert_eq!(total, 52);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&mut self, prefix: &[OptionId]) -> Result<Stats, ForceError> {
        split::replay(self, prefix)
    }

    /// Splits the search below the fixed levels at depth `depth`, as
    /// [`Solver::split`](crate::Solver::split) does: the same subproblems, in the same
    /// order, with the same statistics.
    pub fn split(&mut self, depth: usize) -> Split {
        split::split(self, depth)
    }

    /// Splits the search below the fixed levels into at least `jobs` subproblems, the
    /// largest first by Knuth's estimate, as [`Solver::split_jobs`](crate::Solver::split_jobs)
    /// does (the same estimates, so the same split).
    pub fn split_jobs(&mut self, jobs: usize) -> Split {
        split::split_jobs(self, jobs, split::PROBES)
    }

    /// Knuth's estimate of the number of nodes of the search tree below the fixed
    /// levels, as [`Solver::estimate_nodes`](crate::Solver::estimate_nodes) computes it.
    pub fn estimate_nodes(&mut self, probes: usize) -> f64 {
        split::estimate_nodes(self, probes)
    }

    /// Fails with [`ForceError::OutOfRange`] if `option` is not one of the problem's, and
    /// with [`ForceError::Conflict`] if the choices made rule it out.
    fn check_available(&self, option: OptionId) -> Result<(), ForceError> {
        ForceError::check(option, self.problem.option_count(), |o| {
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
}
