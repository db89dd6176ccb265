//! What may end a search early: the caller's limits, and why it stopped.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Why a search ended early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// The caller had what it asked for (`first`, `count_up_to`, a visitor's `Break`,
    /// or an iterator dropped halfway).
    Caller,
    /// [`Limits::max_nodes`] was reached.
    NodeLimit,
    /// [`Limits::timeout`] expired.
    Timeout,
    /// [`Limits::interrupt`] was raised.
    Interrupted,
    /// Going on would have passed a memory bound ([`Memo::max_memory`](crate::Memo::max_memory),
    /// the learner's): the search stopped before allocating more.
    Memory,
}

impl fmt::Display for StopReason {
    /// What stopped the search, in a few words: `stopped by the caller`, `node limit`,
    /// `timeout`, `interrupted`, `memory bound`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Caller => "stopped by the caller",
            Self::NodeLimit => "node limit",
            Self::Timeout => "timeout",
            Self::Interrupted => "interrupted",
            Self::Memory => "memory bound",
        })
    }
}

/// Bounds on a search. They are checked every [`Limits::CHECK_INTERVAL`] nodes (and at
/// the node limit exactly), so checking costs one comparison per node.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Stop after this many search-tree nodes.
    pub max_nodes: Option<u64>,
    /// Stop after this much wall-clock time, counted from the start of each search.
    pub timeout: Option<Duration>,
    /// Stop at this instant, whenever the search started: one budget for a batch of
    /// searches. Reported as [`StopReason::Timeout`].
    pub deadline: Option<Instant>,
    /// Stop when this flag becomes true (for example from a Ctrl-C handler).
    pub interrupt: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// How many nodes pass between two checks of the clock and the interrupt flag.
    pub const CHECK_INTERVAL: u64 = 1024;

    /// No limits.
    pub fn none() -> Self {
        Self::default()
    }

    /// Only a node limit: stop after `nodes` search-tree nodes.
    ///
    /// ```
    /// use dancing::Limits;
    ///
    /// let limits = Limits::max_nodes(1000);
    /// assert_eq!(limits.max_nodes, Some(1000));
    /// assert!(limits.timeout.is_none() && limits.deadline.is_none());
    /// ```
    pub fn max_nodes(nodes: u64) -> Self {
        Self {
            max_nodes: Some(nodes),
            ..Self::default()
        }
    }

    /// Only a time limit per search: stop `timeout` after each search starts.
    pub fn timeout(timeout: Duration) -> Self {
        Self {
            timeout: Some(timeout),
            ..Self::default()
        }
    }

    /// Only a deadline: stop at `deadline`, one budget for every search.
    pub fn deadline(deadline: Instant) -> Self {
        Self {
            deadline: Some(deadline),
            ..Self::default()
        }
    }

    /// Only an interrupt flag: stop when `flag` becomes true.
    pub fn interrupt(flag: Arc<AtomicBool>) -> Self {
        Self {
            interrupt: Some(flag),
            ..Self::default()
        }
    }

    /// The limit, if any, that a search started at `started` has reached after `nodes`
    /// nodes: the node limit first, then the interrupt flag, then the clock.
    ///
    /// ```
    /// use std::time::Instant;
    /// use dancing::{Limits, StopReason};
    ///
    /// let limits = Limits::max_nodes(10);
    /// assert_eq!(limits.reached(9, Instant::now()), None);
    /// assert_eq!(limits.reached(10, Instant::now()), Some(StopReason::NodeLimit));
    /// let past = Limits::deadline(Instant::now());
    /// assert_eq!(past.reached(0, Instant::now()), Some(StopReason::Timeout));
    /// ```
    pub fn reached(&self, nodes: u64, started: Instant) -> Option<StopReason> {
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            return Some(StopReason::NodeLimit);
        }
        if self
            .interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Some(StopReason::Interrupted);
        }
        if self.deadline.is_none() && self.timeout.is_none() {
            // No clock to read: a batch of small searches checks often.
            return None;
        }
        let now = Instant::now();
        let late = self.deadline.is_some_and(|d| now >= d)
            || self
                .timeout
                .is_some_and(|t| now.saturating_duration_since(started) >= t);
        late.then_some(StopReason::Timeout)
    }

    /// The limit that ends all work now, between searches: the interrupt flag, then the
    /// deadline once passed (reported as [`StopReason::Timeout`]). The node limit and the
    /// timeout belong to one search and are not looked at; the clock is read only when
    /// there is a deadline.
    ///
    /// ```
    /// use std::time::Instant;
    /// use dancing::{Limits, StopReason};
    ///
    /// assert_eq!(Limits::none().passed(), None);
    /// let past = Limits::deadline(Instant::now());
    /// assert_eq!(past.passed(), Some(StopReason::Timeout));
    /// ```
    pub fn passed(&self) -> Option<StopReason> {
        if self
            .interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Some(StopReason::Interrupted);
        }
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
            .then_some(StopReason::Timeout)
    }

    /// The node count at which a search that has spent `nodes` nodes checks its limits
    /// next: [`CHECK_INTERVAL`](Self::CHECK_INTERVAL) nodes on, or at the node limit if
    /// that comes first, so the node limit stops a search exactly.
    ///
    /// ```
    /// use dancing::Limits;
    ///
    /// assert_eq!(Limits::none().next_check(0), Limits::CHECK_INTERVAL);
    /// let limits = Limits::max_nodes(1_500);
    /// assert_eq!(limits.next_check(1_024), 1_500);
    /// ```
    pub fn next_check(&self, nodes: u64) -> u64 {
        self.next_check_every(nodes, Self::CHECK_INTERVAL)
    }

    /// [`next_check`](Self::next_check) with checks every `interval` nodes.
    pub(crate) fn next_check_every(&self, nodes: u64, interval: u64) -> u64 {
        let next = nodes.saturating_add(interval);
        self.max_nodes.map_or(next, |max| next.min(max))
    }

    /// The instant a search started at `started` runs out of time, if it can: the earlier
    /// of [`deadline`](Self::deadline) and `started` + [`timeout`](Self::timeout).
    pub fn end(&self, started: Instant) -> Option<Instant> {
        let by_timeout = self.timeout.and_then(|t| started.checked_add(t));
        match (self.deadline, by_timeout) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// The limits of a walk that counts its own steps (a ZDD's solutions, a sample's
/// draws): ticked once a step, it checks every [`Limits::CHECK_INTERVAL`] steps, and
/// exactly at the node limit, which counts steps.
#[derive(Debug)]
pub(crate) struct Clock<'l> {
    limits: &'l Limits,
    started: Instant,
    steps: u64,
    next: u64,
}

impl<'l> Clock<'l> {
    /// A clock started now.
    pub(crate) fn new(limits: &'l Limits) -> Self {
        Self {
            limits,
            started: Instant::now(),
            steps: 0,
            next: limits.next_check(0),
        }
    }

    /// One more step: the limit it reached, if any.
    #[inline]
    pub(crate) fn tick(&mut self) -> Option<StopReason> {
        self.steps += 1;
        if self.steps < self.next {
            return None;
        }
        self.next = self.limits.next_check(self.steps);
        self.limits.reached(self.steps, self.started)
    }
}
