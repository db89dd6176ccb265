//! Balanced splits (Knuth's estimates): at least as many subproblems as asked, the
//! largest estimated ones cut again.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::time::Instant;

use super::estimate::estimate_prefix;
use super::walk::LIMIT_CHECK;
use super::{NextLevel, Split, SplitEngine, Subproblem, extended, replay_counting};
use crate::engine::INSIDE;
use crate::ids::OptionId;
use crate::limits::{Limits, StopReason};
use crate::stats::Stats;

/// [`SplitEngine::split_jobs`] makes at most this many times the subproblems asked for
/// while it balances them.
pub(super) const BALANCE_CAP: usize = 4;

/// What the search does at a prefix.
pub(super) enum Expansion {
    /// The prefix is a solution.
    Solved,
    /// The prefix branches into these options (none at a dead end); expanding it costs
    /// one node and `updates` updates.
    Branches {
        options: Vec<OptionId>,
        updates: u64,
    },
}

/// A prefix waiting to be expanded, ordered by its estimate.
pub(super) struct Open {
    estimate: f64,
    prefix: Vec<OptionId>,
}

impl PartialEq for Open {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Open {
    /// Largest estimate first; among equals the earliest prefix, so splits are
    /// deterministic.
    fn cmp(&self, other: &Self) -> Ordering {
        self.estimate
            .total_cmp(&other.estimate)
            .then_with(|| other.prefix.cmp(&self.prefix))
    }
}

/// What [`split_jobs`] may spend: engine steps (a probe's descent, an expansion's
/// replay) within a budget, and the caller's limits.
pub(crate) struct Effort {
    steps: u64,
    budget: u64,
    limits: Limits,
    started: Instant,
    next_check: u64,
    stopped: Option<StopReason>,
}

impl Effort {
    /// The least budget: enough to split any problem of a few thousand nodes finely.
    const FLOOR: u64 = 1 << 14;

    fn new(limits: Limits) -> Self {
        Self {
            steps: 0,
            budget: Self::FLOOR,
            limits,
            started: Instant::now(),
            next_check: 0,
            stopped: None,
        }
    }

    /// A budget of a sixteenth of a search of `nodes` nodes (at least the floor).
    fn scale_to(&mut self, nodes: f64) {
        self.budget = Self::FLOOR.max((nodes / 16.0).min(u64::MAX as f64) as u64);
    }

    /// Takes `n` steps; false once the budget is spent or a limit is reached.
    pub(crate) fn take(&mut self, n: u64) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        self.steps += n;
        if self.steps >= self.next_check {
            self.stopped = self.limits.reached(self.steps, self.started);
            self.next_check = self.steps + LIMIT_CHECK;
        }
        self.stopped.is_none() && self.steps <= self.budget
    }

    /// Whether probes may go on: they get half the budget, so that expanding the
    /// largest subproblems (as equal shares of their parent once estimates stop) can go
    /// on after them.
    pub(crate) fn probing(&self) -> bool {
        self.stopped.is_none() && self.steps <= self.budget / 2
    }
}

/// [`SplitEngine::split_jobs`], with `probes` random walks per estimate.
pub(crate) fn split_jobs<E: SplitEngine>(engine: &mut E, jobs: usize, probes: usize) -> Split {
    let started = Instant::now();
    let mut effort = Effort::new(engine.limits().clone());
    let mut stats = Stats::default();
    let mut done = Vec::new();
    let mut open = BinaryHeap::new();
    let root = Vec::new();
    let mut total = estimate_prefix(engine, &root, probes, &mut effort).unwrap_or(1.0);
    effort.scale_to(total);
    open.push(Open {
        estimate: total,
        prefix: root,
    });
    let mut short = false;
    while let Some(largest) = open.peek() {
        let parts = open.len() + done.len();
        let balanced = largest.estimate * jobs as f64 <= total;
        if parts >= jobs && (balanced || parts >= jobs * BALANCE_CAP) {
            break;
        }
        // Replaying the prefix and listing its branches.
        if !effort.take(largest.prefix.len() as u64 + 1) {
            short = effort.stopped.is_none();
            break;
        }
        let Some(Open { estimate, prefix }) = open.pop() else {
            break;
        };
        match expand(engine, &prefix) {
            Expansion::Solved => done.push((prefix, Some(estimate))),
            Expansion::Branches { options, updates } => {
                stats.nodes += 1;
                stats.updates += updates;
                total -= estimate;
                let share = estimate / options.len().max(1) as f64;
                for option in options {
                    let prefix = extended(&prefix, option);
                    let estimate = if !effort.probing() {
                        share
                    } else {
                        estimate_prefix(engine, &prefix, probes, &mut effort).unwrap_or(share)
                    };
                    total += estimate;
                    open.push(Open { estimate, prefix });
                }
            }
        }
    }
    done.extend(open.into_iter().map(|o| (o.prefix, Some(o.estimate))));
    stats.stopped = effort.stopped;
    let mut split = finish_split(done, stats, started);
    split.short = short;
    split
}

/// What the search does at `prefix`. A prefix that is expanded counts the commit of its
/// last option and the cover of its item; a subproblem counts the commit itself.
pub(super) fn expand<E: SplitEngine>(engine: &mut E, prefix: &[OptionId]) -> Expansion {
    let start = engine.fixed_len(INSIDE);
    let commit =
        replay_counting(engine, prefix).expect("the splitter only builds prefixes of the search");
    let expansion = match engine.next_level(INSIDE) {
        NextLevel::Solved => Expansion::Solved,
        NextLevel::Item { item, .. } => Expansion::Branches {
            options: engine.branch_options(INSIDE, item),
            updates: commit + engine.cover_updates(INSIDE, item),
        },
    };
    engine.truncate_fixed(INSIDE, start);
    expansion
}

pub(super) fn finish_split(
    mut parts: Vec<(Vec<OptionId>, Option<f64>)>,
    mut stats: Stats,
    started: Instant,
) -> Split {
    parts.sort_by(|a, b| a.0.cmp(&b.0));
    stats.elapsed = started.elapsed();
    Split {
        subproblems: parts
            .into_iter()
            .map(|(prefix, estimate)| Subproblem { prefix, estimate })
            .collect(),
        stats,
        short: false,
    }
}
