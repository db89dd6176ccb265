//! What a search did: its statistics.

use std::fmt;
use std::ops::AddAssign;
use std::time::Duration;

use crate::limits::StopReason;

/// What a search did. `nodes` and `updates` are counted exactly as in TAOCP, so they
/// match every faithful implementation of Algorithm X: one node per level entered
/// (including one per solution), one update per item covered plus one per node hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Solutions visited.
    pub solutions: u64,
    /// Search-tree nodes: levels entered.
    pub nodes: u64,
    /// Link updates: items covered plus nodes hidden.
    pub updates: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Why the search stopped before exploring the whole tree, if it did.
    pub stopped: Option<StopReason>,
}

impl Stats {
    /// Whether the whole search tree was explored.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }

    /// The limit that stopped the search, if one did: [`stopped`](Self::stopped) unless
    /// it is [`StopReason::Caller`] (the caller having what it asked for is no limit).
    ///
    /// ```
    /// use dancing::{Stats, StopReason};
    ///
    /// let first = Stats { stopped: Some(StopReason::Caller), ..Stats::default() };
    /// assert_eq!(first.limit_stop(), None);
    /// let late = Stats { stopped: Some(StopReason::Timeout), ..Stats::default() };
    /// assert_eq!(late.limit_stop(), Some(StopReason::Timeout));
    /// ```
    pub fn limit_stop(&self) -> Option<StopReason> {
        self.stopped.filter(|&reason| reason != StopReason::Caller)
    }

    /// The stop, in the shape every long-running call reports one ([`Stopped`]): why,
    /// and these statistics; `None` when the search was complete.
    pub fn stop(&self) -> Option<Stopped> {
        self.stopped.map(|reason| Stopped {
            reason,
            stats: *self,
        })
    }
}

/// A long-running call stopped before its end: why, and what it had done by then. The
/// one shape of a stop, wherever it happens: an engine's search (its [`Stats::stop`]),
/// the memoized search ([`Memo::build`](crate::Memo::build)'s error), and in the sibling
/// crates the rater, the generator, the judges.
///
/// ```
/// use dancing::{Limits, Memo, StopReason, problems};
///
/// let stopped = Memo::new(&problems::dominoes(12, 12))
///     .limits(Limits::max_nodes(100))
///     .build()
///     .unwrap_err();
/// assert_eq!(stopped.reason, StopReason::NodeLimit);
/// assert_eq!(stopped.stats.nodes, 100); // states reached
/// assert_eq!(stopped.to_string(), "stopped: node limit");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("stopped: {reason}")]
#[non_exhaustive]
pub struct Stopped {
    /// Why.
    pub reason: StopReason,
    /// What was done before: nodes (or states, or steps), solutions, time; its
    /// `stopped` is `Some(reason)`.
    pub stats: Stats,
}

impl Stopped {
    /// A stop for `reason` after what `stats` tells.
    pub fn new(reason: StopReason, mut stats: Stats) -> Self {
        stats.stopped = Some(reason);
        Self { reason, stats }
    }
}

/// `92 solutions, 2057 nodes, 16101 updates, 0.003 s`: the counts and the time, as a line for people, with the limit
/// that stopped the search, if one did.
///
/// ```
/// use std::time::Duration;
/// use dancing::{Stats, StopReason};
///
/// let stats = Stats { solutions: 92, nodes: 2057, updates: 16_101, elapsed: Duration::from_millis(3), stopped: None };
/// assert_eq!(stats.to_string(), "92 solutions, 2057 nodes, 16101 updates, 0.003 s");
/// let cut = Stats { solutions: 1, nodes: 1, updates: 0, stopped: Some(StopReason::Timeout), ..stats };
/// assert_eq!(cut.to_string(), "1 solution, 1 node, 0 updates, 0.003 s (stopped: timeout)");
/// ```
impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        write!(
            f,
            "{} solution{}, {} node{}, {} update{}, {:.3} s",
            self.solutions,
            plural(self.solutions),
            self.nodes,
            plural(self.nodes),
            self.updates,
            plural(self.updates),
            self.elapsed.as_secs_f64()
        )?;
        match self.limit_stop() {
            Some(reason) => write!(f, " (stopped: {reason})"),
            None => Ok(()),
        }
    }
}

/// Sums statistics, for batches of searches. A batch is complete when every part is;
/// the first stop reason is kept.
impl AddAssign for Stats {
    fn add_assign(&mut self, other: Self) {
        self.solutions += other.solutions;
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.elapsed += other.elapsed;
        self.stopped = self.stopped.or(other.stopped);
    }
}
