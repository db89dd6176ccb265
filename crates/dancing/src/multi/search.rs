//! The loop of Algorithm M as a resumable state machine over an explicit level stack,
//! and Algorithm M's side of [`Engine`].

use super::{MultiSolver, Resume};
use crate::arena::heap;
use crate::engine::{self, Engine, Event, Inside};
use crate::error::IntegrityError;
use crate::ids::OptionId;

impl Engine for MultiSolver {
    const NAME: &'static str = "multi";

    /// The loop, with the steps of TAOCP's Algorithm M named. Returns at each solution
    /// (to resume by leaving the level) and at each limit check (to resume by entering
    /// it).
    fn run(&mut self, _: Inside) -> Event {
        let mut state = self.resume;
        let event = loop {
            match state {
                // M2: enter a level.
                Resume::Enter => {
                    if self.front.stats.nodes >= self.front.next_check {
                        break Event::Heartbeat;
                    }
                    self.front.stats.nodes += 1;
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
                            self.front.stats.updates += 1;
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
        event
    }

    /// Undoes every level above the fixed ones.
    fn unwind(&mut self, _: Inside) {
        while self.levels.len() > self.base {
            self.uncommit();
            self.restore();
        }
        self.resume = Resume::Finished;
    }

    /// Starts below the replayed levels.
    fn restart(&mut self, _: Inside) {
        self.resume = Resume::Enter;
    }

    /// The options chosen at the levels below the fixed ones, skipping null moves.
    fn chosen(&mut self, _: Inside) -> &[OptionId] {
        self.scratch.clear();
        for level in &self.levels {
            if level.x != level.item {
                self.scratch
                    .push(self.front.problem.option_of_node(level.x));
            }
        }
        &self.scratch
    }

    /// Knuth's estimate of the fraction of the tree explored so far.
    fn explored(&self, _: Inside) -> f64 {
        let levels = &self.levels[self.base..];
        engine::progress(levels.iter().map(|l| (l.index, l.degree)))
    }

    /// The depth of a running search below the replayed levels (null moves count as
    /// levels).
    fn level(&self, _: Inside) -> usize {
        self.levels.len() - self.base
    }

    /// Checks the links: every list circular, every length right, every option laid out
    /// as hides walk it. See [`is_pristine`](MultiSolver::is_pristine) for whether a
    /// search left anything behind.
    fn memory(&self) -> usize {
        self.arena.memory()
            + heap(&self.bound)
            + heap(&self.slack)
            + heap(&self.levels)
            + heap(&self.scratch)
    }

    fn check_integrity(&self) -> Result<(), IntegrityError> {
        self.arena.check_links()
    }

    crate::engine::front_in_field!();
}
