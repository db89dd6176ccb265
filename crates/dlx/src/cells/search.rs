//! The search loop of dancing cells, as a resumable state machine over an explicit
//! level stack, and what it hands back: [`CellsSearch`] and [`CellsSolutions`].

use std::time::Instant;

use super::tables::{Live, Tables};
use super::{CellsSolver, Resume};
use crate::engine::GiveAway;
use crate::events;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::solver::{Event, Solution};
use crate::split::extended;
use crate::stats::{Stats, StopReason};

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

impl CellsSolver {
    /// Runs the search until it finds a solution, needs to check its limits, or ends.
    pub(super) fn step(&mut self) -> Event {
        let event = self.run();
        if event != Event::Heartbeat {
            return event;
        }
        let started = self.started.unwrap_or_else(Instant::now);
        if let Some(reason) = self.limits.reached(self.stats.nodes, started) {
            self.finish(Some(reason));
            return Event::Finished;
        }
        self.next_check = self.limits.next_check(self.stats.nodes);
        Event::Heartbeat
    }

    /// The search loop, with the steps of TAOCP's Algorithm X (C with colors) named as
    /// the links engine names them. Returns at each solution (to resume by leaving the
    /// level) and at each limit check (to resume by entering it).
    fn run(&mut self) -> Event {
        let base = self.base;
        let mut depth = self.depth;
        let mut nodes = self.stats.nodes;
        let mut updates = self.stats.updates;
        let tables = &mut self.tables;
        let levels = &mut self.levels[..];
        let mut state = self.resume;
        let event = loop {
            match state {
                // X2: enter a level.
                Resume::Enter => {
                    if nodes >= self.next_check {
                        break Event::Heartbeat;
                    }
                    nodes += 1;
                    // X3: choose an item by minimum remaining values.
                    let Some(item) = tables.choose() else {
                        state = Resume::Leave;
                        break Event::Solution;
                    };
                    if tables.size(item) == 0 {
                        // X7 at once. TAOCP still counts the cover of the item.
                        updates += 1;
                        state = Resume::Leave;
                        continue;
                    }
                    // X4 and X5 with its first option.
                    let (level, [cover, commit]) = enter(tables, item, 0);
                    updates += cover + commit;
                    levels[depth] = level;
                    depth += 1;
                }
                // X8: leave this level, then X6: try the next option one level up.
                Resume::Leave => {
                    if depth == base {
                        state = Resume::Finished;
                        break Event::Finished;
                    }
                    depth -= 1;
                    let level = &mut levels[depth];
                    let [primary, secondary] = level.live;
                    tables.undo(level.covered, [primary - 1, secondary]);
                    level.index += 1;
                    if level.index < level.count {
                        // X5 again with the next option.
                        let next = tables.cell_at(level.item, level.index);
                        updates += tables.commit_others(next);
                        depth += 1;
                        state = Resume::Enter;
                    } else {
                        // X7: uncover the item, and leave this level too.
                        tables.undo(level.entered, level.live);
                    }
                }
                Resume::Finished => break Event::Finished,
            }
        };
        self.depth = depth;
        self.resume = state;
        self.stats.nodes = nodes;
        self.stats.updates = updates;
        match event {
            Event::Solution => self.stats.solutions += 1,
            Event::Finished => self.finish(None),
            Event::Heartbeat => {}
        }
        event
    }

    /// Ends a search: undoes the choices above the fixed levels and records the time.
    pub(super) fn finish(&mut self, stopped: Option<StopReason>) {
        self.undo_levels(self.base..self.depth);
        self.depth = self.base;
        if self.resume != Resume::Finished {
            self.resume = Resume::Finished;
            self.stats.stopped = self.stats.stopped.or(stopped);
        }
        if let Some(started) = self.started.take() {
            self.stats.elapsed = started.elapsed();
        }
    }

    /// Undoes the choices of `levels` (nothing if the range is empty): one undo to the
    /// marks of the first.
    pub(super) fn undo_levels(&mut self, levels: std::ops::Range<usize>) {
        if let Some(first) = self.levels[..levels.end].get(levels.start) {
            let (entered, live) = (first.entered, first.live);
            self.tables.undo(entered, live);
        }
    }

    /// The options chosen so far, fixed ones first, then one per level.
    fn current_solution(&mut self) -> &[OptionId] {
        self.scratch.clear();
        for level in &self.levels[..self.depth] {
            let cell = self.tables.cell_at(level.item, level.index);
            self.scratch.push(self.tables.option_of(cell));
        }
        &self.scratch
    }

    /// Knuth's estimate of the fraction of the tree explored so far, as
    /// [`Search::progress`](crate::Search::progress) computes it.
    fn progress(&self) -> f64 {
        let mut fraction = 0.0;
        let mut scale = 1.0;
        for level in &self.levels[self.base..self.depth] {
            scale /= f64::from(level.count);
            fraction += f64::from(level.index) * scale;
        }
        fraction + 0.5 * scale
    }
}

/// A search in progress, from [`CellsSolver::search`]: the low-level interface under
/// the iterator, the counters and the visitor, as [`Search`](crate::Search) is for the
/// links engine. Dropping it restores the tables.
#[derive(Debug)]
pub struct CellsSearch<'s> {
    pub(super) solver: &'s mut CellsSolver,
}

impl CellsSearch<'_> {
    /// Runs until the next solution, heartbeat or the end.
    pub fn next_event(&mut self) -> Event {
        if self.solver.resume == Resume::Finished {
            return Event::Finished;
        }
        self.solver.step()
    }

    /// The solution just found: the fixed options first, then one option per level, in
    /// level order. Meaningful right after [`Event::Solution`].
    pub fn solution(&mut self) -> &[OptionId] {
        self.solver.current_solution()
    }

    /// The depth of the search below the fixed levels.
    pub fn depth(&self) -> usize {
        self.solver.depth - self.solver.base
    }

    /// Knuth's estimate of the fraction of the search tree explored, in `[0, 1]`.
    pub fn progress(&self) -> f64 {
        self.solver.progress()
    }

    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        let mut stats = self.solver.stats;
        if let Some(started) = self.solver.started {
            stats.elapsed = started.elapsed();
        }
        stats
    }

    /// The problem being searched.
    pub fn problem(&self) -> &Problem {
        &self.solver.problem
    }

    /// Abandons the search (recorded as [`StopReason::Caller`] unless it had ended) and
    /// restores the tables.
    pub fn stop(self) {}
}

events::search_events!(CellsSearch);

impl GiveAway for CellsSearch<'_> {
    fn give_away(&mut self, from: usize) -> Vec<Vec<OptionId>> {
        let solver = &mut *self.solver;
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

impl Drop for CellsSearch<'_> {
    fn drop(&mut self) {
        self.solver.finish(Some(StopReason::Caller));
    }
}

/// Lazy iterator over solutions, from [`CellsSolver::solutions`].
#[derive(Debug)]
pub struct CellsSolutions<'s> {
    pub(super) search: CellsSearch<'s>,
}

impl CellsSolutions<'_> {
    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl Iterator for CellsSolutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        events::next_solution(&mut self.search)
    }
}
