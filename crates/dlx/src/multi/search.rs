//! The loop of Algorithm M as a resumable state machine over an explicit level stack,
//! and what it hands back: [`MultiSearch`] and [`MultiSolutions`].

use std::time::Instant;

use super::{MultiSolver, Resume};
use crate::events;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::solver::{Event, Solution};
use crate::stats::{Stats, StopReason};

impl MultiSolver {
    /// Runs the search until it finds a solution, needs to check its limits, or ends.
    fn step(&mut self) -> Event {
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

    /// The loop, with the steps of TAOCP's Algorithm M named. Returns at each solution
    /// (to resume by leaving the level) and at each limit check (to resume by entering
    /// it).
    fn run(&mut self) -> Event {
        let mut state = self.resume;
        let event = loop {
            match state {
                // M2: enter a level.
                Resume::Enter => {
                    if self.stats.nodes >= self.next_check {
                        break Event::Heartbeat;
                    }
                    self.stats.nodes += 1;
                    if self.arena.all_primary_done() {
                        state = Resume::Leave;
                        break Event::Solution;
                    }
                    // M3: choose the item of least branching degree.
                    let choice = self
                        .arena
                        .choose_bounded(&self.bound, &self.slack)
                        .expect("an active primary item");
                    if choice.degree <= 0 {
                        // A dead end. Where M4 would cover the item (bound 1, slack 0),
                        // count that cover, as Algorithm X does.
                        let i = choice.item as usize;
                        if self.bound[i] == 1 && self.slack[i] == 0 {
                            self.stats.updates += 1;
                        }
                        state = Resume::Leave;
                        continue;
                    }
                    // M4: prepare to branch on it.
                    self.prepare(choice.item, choice.degree);
                    state = Resume::Try;
                }
                // M5: try the current branch; M6: commit its option.
                Resume::Try => {
                    if self.advance().is_some() {
                        self.commit();
                        state = Resume::Enter;
                    } else {
                        // M8: restore the item, and leave the level.
                        self.restore();
                        state = Resume::Leave;
                    }
                }
                // M9: leave the branch; M7: go on to the next one.
                Resume::Leave => {
                    if self.levels.len() == self.base {
                        state = Resume::Finished;
                        break Event::Finished;
                    }
                    self.uncommit();
                    let top = self.top();
                    if top.x == top.item {
                        // The null move was the last branch.
                        self.restore();
                    } else {
                        self.next_branch();
                        state = Resume::Try;
                    }
                }
                Resume::Finished => break Event::Finished,
            }
        };
        self.resume = state;
        match event {
            Event::Solution => self.stats.solutions += 1,
            Event::Finished => self.finish(None),
            Event::Heartbeat => {}
        }
        event
    }

    /// The options chosen at the levels below the fixed ones, skipping null moves.
    fn current_solution(&mut self) -> &[OptionId] {
        self.scratch.clear();
        for level in &self.levels {
            if level.x != level.item {
                self.scratch.push(self.problem.option_of_node(level.x));
            }
        }
        &self.scratch
    }

    /// Knuth's estimate of the fraction of the tree explored so far.
    fn progress(&self) -> f64 {
        let mut fraction = 0.0;
        let mut scale = 1.0;
        for level in &self.levels[self.base..] {
            scale /= f64::from(level.degree.max(1));
            fraction += f64::from(level.index) * scale;
        }
        fraction + 0.5 * scale
    }
}

/// A search in progress, from [`MultiSolver::search`]: the low-level interface under
/// the iterator, the counters and the visitor, as [`Search`](crate::Search) is for
/// [`Solver`](crate::Solver). Dropping it restores the links.
#[derive(Debug)]
pub struct MultiSearch<'s> {
    pub(super) solver: &'s mut MultiSolver,
}

impl MultiSearch<'_> {
    /// Runs until the next solution, heartbeat or the end.
    pub fn next_event(&mut self) -> Event {
        if self.solver.resume == Resume::Finished {
            return Event::Finished;
        }
        self.solver.step()
    }

    /// The solution just found: the chosen options (replayed ones included), in level
    /// order. Meaningful right after [`Event::Solution`].
    pub fn solution(&mut self) -> &[OptionId] {
        self.solver.current_solution()
    }

    /// The depth of the search below the replayed levels (null moves count as levels).
    pub fn depth(&self) -> usize {
        self.solver.levels.len() - self.solver.base
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
    /// restores the links.
    pub fn stop(self) {}
}

events::search_events!(MultiSearch);

impl Drop for MultiSearch<'_> {
    fn drop(&mut self) {
        self.solver.finish(Some(StopReason::Caller));
    }
}

/// Lazy iterator over solutions, from [`MultiSolver::solutions`].
#[derive(Debug)]
pub struct MultiSolutions<'s> {
    pub(super) search: MultiSearch<'s>,
}

impl MultiSolutions<'_> {
    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl Iterator for MultiSolutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        events::next_solution(&mut self.search)
    }
}
