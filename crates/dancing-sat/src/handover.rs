//! The hand-over from dancing links to the learner, written once for every front end
//! that chooses for its caller (`dancing xc --solver auto`, the sudoku crate's
//! `AutoSolver`): the links search first under a node budget; a search that ends within
//! it keeps its answer, and one that runs out of it hands the problem to the learner.

use std::time::Instant;

use dancing::{Limits, Stats, StopReason};

/// The nodes dancing links search before the learner takes over: 100,000 nodes, a few
/// milliseconds. Searches that end within it (the hardest 9×9 sudoku need under
/// 10,000) never start the learner; those that do not are the hard instances it is for.
pub const HANDOVER_NODES: u64 = 100_000;

/// When and how dancing links hand a search over to the learner.
///
/// ```
/// use dancing::{Limits, Stats, StopReason};
/// use dancing_sat::Handover;
///
/// let handover = Handover::default();
/// let caller = Limits::none();
/// let first = handover.first_limits(&caller);
/// assert_eq!(first.max_nodes, Some(100_000));
/// // The links ran out of the budget, not of a node limit of the caller's: hand over.
/// let searched = Stats { nodes: 100_000, stopped: Some(StopReason::NodeLimit), ..Stats::default() };
/// assert!(handover.hands_over(&caller, &searched));
/// // A node limit of the caller's below the budget is the caller's stop.
/// assert!(!handover.hands_over(&Limits::max_nodes(10), &searched));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Handover {
    budget: u64,
}

impl Default for Handover {
    fn default() -> Self {
        Self::new(HANDOVER_NODES)
    }
}

impl Handover {
    /// A hand-over after `budget` nodes of dancing links.
    pub fn new(budget: u64) -> Self {
        Self { budget }
    }

    /// The node budget of the links.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// The limits of the links' search: the caller's, with a node limit no larger than
    /// the budget (the caller's own, when it is smaller, wins).
    pub fn first_limits(&self, limits: &Limits) -> Limits {
        let mut first = limits.clone();
        first.max_nodes = Some(limits.max_nodes.map_or(self.budget, |n| n.min(self.budget)));
        first
    }

    /// Whether the links' search, which ended with `searched`, hands over: it ran out
    /// of the budget, not of a node limit of the caller's (`limits`) at or below it.
    pub fn hands_over(&self, limits: &Limits, searched: &Stats) -> bool {
        searched.stopped == Some(StopReason::NodeLimit)
            && limits.max_nodes.is_none_or(|n| n > self.budget)
    }

    /// The learner's limits: the caller's, its timeout counted from `started` (when the
    /// links' search began) as a deadline, so that both share it.
    pub fn learner_limits(&self, limits: &Limits, started: Instant) -> Limits {
        let mut learner = limits.clone();
        learner.deadline = limits.end(started);
        learner.timeout = None;
        learner
    }

    /// The statistics of the whole search: the learner's solutions and stop, the links'
    /// nodes and updates, and both times.
    pub fn joined(searched: &Stats, learned: &Stats) -> Stats {
        Stats {
            solutions: learned.solutions,
            nodes: searched.nodes,
            updates: searched.updates,
            elapsed: searched.elapsed + learned.elapsed,
            stopped: learned.stopped,
        }
    }
}
