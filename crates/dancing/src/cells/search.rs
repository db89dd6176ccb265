//! The search loop of dancing cells, as a resumable state machine over an explicit
//! level stack, and the cells' side of [`Engine`].

use super::CellsSolver;
use super::tables::{Live, Tables};
use crate::algorithm_x::{self, Entered, Position, Resume, Steps, Tree};
use crate::arena::heap;
use crate::engine::{self, Engine, Event, Inside};
use crate::error::IntegrityError;
use crate::ids::OptionId;

/// One level of the search: the item branched on and the option being tried.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Level {
    /// The item chosen at this level (internal number).
    pub(super) item: u32,
    /// Which of its live options is being tried (0-based).
    pub(super) index: u32,
    /// How many live options it had when chosen.
    pub(super) count: u32,
    /// The trail's length before the item was covered.
    pub(super) entered: u32,
    /// The trail's length after it was covered, before the option was committed.
    pub(super) covered: u32,
    /// The live prefixes before the item was covered.
    pub(super) live: Live,
}

/// The steps of Algorithm X on the sets.
impl Steps for Tree<'_, Tables, Level> {
    #[inline(always)]
    fn enter(&mut self, depth: usize) -> Entered {
        let tables = &mut *self.tables;
        let Some(item) = tables.choose() else {
            return Entered::Solved;
        };
        if tables.size(item) == 0 {
            // TAOCP still counts the cover of the item.
            return Entered::DeadEnd(1);
        }
        let (level, [cover, commit]) = enter(tables, item, 0);
        self.levels[depth] = level;
        Entered::Tried(cover + commit)
    }

    #[inline(always)]
    fn next(&mut self, depth: usize) -> Option<u64> {
        let tables = &mut *self.tables;
        let level = &mut self.levels[depth];
        let [primary, secondary] = level.live;
        tables.undo(level.covered, [primary - 1, secondary]);
        level.index += 1;
        if level.index < level.count {
            let next = tables.cell_at(level.item, level.index);
            Some(tables.commit_others(next))
        } else {
            // X7: uncover the item.
            tables.undo(level.entered, level.live);
            None
        }
    }
}

/// TAOCP X4 and X5 on a level: puts `item`'s live cells in option order (the order the
/// links try them), covers it, and commits the option at `index` of its set. Returns
/// the level, for the undo, and the updates of the cover and of the commit. Fixed
/// levels are entered the same way.
#[inline(always)]
pub(super) fn enter(tables: &mut Tables, item: u32, index: u32) -> (Level, [u64; 2]) {
    let count = tables.size(item);
    tables.sort_live(item);
    let live = tables.live;
    let entered = tables.mark();
    let cover = tables.cover(item, 0);
    let covered = tables.mark();
    let commit = tables.commit_others(tables.cell_at(item, index));
    let level = Level {
        item,
        index,
        count,
        entered,
        covered,
        live,
    };
    (level, [cover, commit])
}

impl Engine for CellsSolver {
    const NAME: &'static str = "cells";

    /// The search loop, with the steps of TAOCP's Algorithm X (C with colors) named as
    /// the links engine names them. Returns at each solution (to resume by leaving the
    /// level) and at each limit check (to resume by entering it).
    fn run(&mut self, _: Inside) -> Event {
        let at = Position::new(&mut self.front, 0, &mut self.depth, &mut self.resume);
        let (tables, levels) = (&mut self.tables, &mut self.levels[..]);
        algorithm_x::run(&mut Tree { tables, levels }, at)
    }

    /// Undoes the choices of the search.
    fn unwind(&mut self, _: Inside) {
        self.undo_levels(0..self.depth);
        self.depth = 0;
        self.resume = Resume::Finished;
    }

    fn restart(&mut self, _: Inside) {
        self.depth = 0;
        self.resume = Resume::Enter;
    }

    /// The options chosen so far, one per level.
    fn chosen(&mut self, _: Inside) -> &[OptionId] {
        self.scratch.clear();
        for level in &self.levels[..self.depth] {
            let cell = self.tables.cell_at(level.item, level.index);
            self.scratch.push(self.tables.option_of(cell));
        }
        &self.scratch
    }

    fn explored(&self, _: Inside) -> f64 {
        let levels = &self.levels[..self.depth];
        engine::progress(levels.iter().map(|l| (l.index, l.count)))
    }

    fn level(&self, _: Inside) -> usize {
        self.depth
    }

    /// Checks the sets: every cell where its position says, in its item's region, every
    /// item active and every option live.
    fn memory(&self) -> usize {
        self.tables.memory() + heap(&self.levels) + heap(&self.scratch)
    }

    fn check_integrity(&self) -> Result<(), IntegrityError> {
        self.tables.check()
    }

    crate::engine::front_in_field!();
}

impl CellsSolver {
    /// Undoes the choices of `levels` (nothing if the range is empty): one undo to the
    /// marks of the first.
    pub(super) fn undo_levels(&mut self, levels: std::ops::Range<usize>) {
        if let Some(first) = self.levels[..levels.end].get(levels.start) {
            let (entered, live) = (first.entered, first.live);
            self.tables.undo(entered, live);
        }
    }
}
