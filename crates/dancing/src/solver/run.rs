//! The X loop: Algorithm X (and C) as a state machine over the explicit level stack,
//! run until it finds a solution, must check its limits, or ends.

use std::time::Instant;

use super::{Branching, Event, Resume, Solver};
use crate::arena::Node;
use crate::ids::OptionId;
use crate::stats::StopReason;

impl Solver {
    /// Runs the search until it finds a solution, needs to check its limits, or ends.
    pub(super) fn step(&mut self) -> Event {
        let watch = self.branching == Branching::FirstForced;
        let event = match (self.problem.has_colors(), watch) {
            (false, false) => self.run::<false, false>(),
            (false, true) => self.run::<false, true>(),
            (true, false) => self.run::<true, false>(),
            (true, true) => self.run::<true, true>(),
        };
        if event != Event::Heartbeat {
            return event;
        }
        if let Some(reason) = self.limit_reached() {
            self.finish(Some(reason));
            return Event::Finished;
        }
        self.next_check = self.limits.next_check(self.stats.nodes);
        Event::Heartbeat
    }

    pub(crate) fn limit_reached(&self) -> Option<StopReason> {
        let started = self.started.unwrap_or_else(Instant::now);
        self.limits.reached(self.stats.nodes, started)
    }

    /// The search loop, TAOCP Algorithm X (Algorithm C when `COLORS`). Returns at each
    /// solution (to resume at X8) and at each limit check (to resume at X2). With `WATCH`
    /// (FirstForced branching) the covers note the items left with one option or none,
    /// and X3 takes those first.
    fn run<const COLORS: bool, const WATCH: bool>(&mut self) -> Event {
        let base = self.base;
        let mut level = self.level;
        let mut nodes = self.stats.nodes;
        let mut updates = self.stats.updates;
        let arena = &mut self.arena;
        let choice = &mut self.choice[..];
        let good_enough = self.branching.good_enough();
        let mut state = self.resume;
        let event = loop {
            match state {
                // X2: enter level `level`.
                Resume::Enter => {
                    if nodes >= self.next_check {
                        break Event::Heartbeat;
                    }
                    nodes += 1;
                    // X3: choose an item by minimum remaining values.
                    let chosen = if WATCH {
                        arena.choose_forced()
                    } else {
                        arena.choose_item(good_enough)
                    };
                    let Some(i) = chosen else {
                        state = Resume::Leave;
                        break Event::Solution;
                    };
                    // X4: cover it and start down its list.
                    updates += arena.cover::<COLORS, WATCH>(i);
                    let x = arena.nodes()[i as usize].down;
                    if x == i {
                        // X7: the item has no option left.
                        arena.uncover::<COLORS>(i);
                        state = Resume::Leave;
                    } else {
                        // X5: try x.
                        updates += arena.commit_others::<COLORS, WATCH>(x);
                        choice[level] = x;
                        level += 1;
                    }
                }
                // X8: leave this level, then X6: try the next option one level up.
                Resume::Leave => {
                    if level == base {
                        state = Resume::Finished;
                        break Event::Finished;
                    }
                    if WATCH {
                        arena.clear_hints();
                    }
                    level -= 1;
                    let prev = choice[level];
                    arena.uncommit_others::<COLORS>(prev);
                    let Node {
                        top: item, down: x, ..
                    } = arena.nodes()[prev as usize];
                    if x == item {
                        // X7 for that level, then leave it too.
                        arena.uncover::<COLORS>(item);
                    } else {
                        // X5 again with the next option.
                        updates += arena.commit_others::<COLORS, WATCH>(x);
                        choice[level] = x;
                        level += 1;
                        state = Resume::Enter;
                    }
                }
                Resume::Finished => break Event::Finished,
            }
        };
        self.level = level;
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
        self.deselect_levels(self.base..self.level);
        self.level = self.level.min(self.base);
        if self.resume != Resume::Finished {
            self.resume = Resume::Finished;
            self.stats.stopped = self.stats.stopped.or(stopped);
        }
        if let Some(started) = self.started.take() {
            self.stats.elapsed = started.elapsed();
        }
    }

    /// The options chosen at levels `0..level`, fixed ones first.
    pub(super) fn current_solution(&mut self) -> &[OptionId] {
        self.scratch.clear();
        for &x in &self.choice[..self.level] {
            self.scratch.push(self.problem.option_of_node(x));
        }
        &self.scratch
    }

    /// Knuth's estimate of the fraction of the tree explored so far: the sum over levels
    /// of (k−1)/∏d + ½/∏d, where the choice at each level is the k-th of d.
    pub(super) fn progress(&self) -> f64 {
        let mut fraction = 0.0;
        let mut scale = 1.0;
        for &x in &self.choice[self.base..self.level] {
            let item = self.arena.nodes()[x as usize].top;
            // A covered item's list does not change while it stays covered.
            let mut k = 1u32;
            let mut p = self.arena.nodes()[item as usize].down;
            while p != x {
                k += 1;
                p = self.arena.nodes()[p as usize].down;
            }
            let d = self.arena.nodes()[item as usize].top.max(k);
            scale /= f64::from(d);
            fraction += f64::from(k - 1) * scale;
        }
        fraction + 0.5 * scale
    }
}
