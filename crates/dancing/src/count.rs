//! A number of solutions that says whether it is all of them, and one exact however
//! large.

mod big;

pub use big::{BigCount, CountTooLarge, ParseCountError};

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

use crate::limits::StopReason;
use crate::stats::Stats;

/// How many solutions a search found, and whether that is all of them: what
/// [`Engine::count`](crate::Engine::count) and its relatives return, so that a count a
/// limit cut short cannot be taken for the total.
///
/// A count equals a plain number only when it is [`Complete`](Self::Complete) with
/// exactly that many: a search stopped after 5 solutions is not "5".
///
/// ```
/// use dancing::{Count, Engine, Limits, Solver, StopReason, problems};
///
/// let mut solver = Solver::new(&problems::queens(8));
/// let count = solver.count();
/// assert_eq!(count, 92);
/// assert_eq!(count.exact(), Some(92));
/// assert_eq!(count.to_string(), "92");
///
/// // Counting up to a limit, with more solutions past it: at least that many.
/// let some = solver.count_up_to(10);
/// assert_eq!(some, Count::Partial { found: 10, reason: StopReason::Caller });
/// assert_ne!(some, 10);
/// assert_eq!((some.found(), some.exact()), (10, None));
/// assert_eq!(some.to_string(), "at least 10 (stopped by the caller)");
/// // Up to exactly the count: complete.
/// assert_eq!(solver.count_up_to(92), Count::Complete(92));
///
/// // A node budget that runs out.
/// solver.set_limits(Limits::max_nodes(50));
/// let cut = solver.count();
/// assert_eq!(cut.reason(), Some(StopReason::NodeLimit));
/// assert!(!cut.is_complete() && cut.found() < 92);
///
/// // Counts of the parts of a split search add up; one partial part makes the sum partial.
/// assert_eq!(Count::Complete(40) + Count::Complete(52), 92);
/// assert!(!(Count::Complete(40) + cut).is_complete());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[must_use = "a count may be partial: check it"]
pub enum Count {
    /// The whole search tree was explored: exactly this many solutions.
    Complete(u64),
    /// The search stopped early: at least this many solutions.
    Partial {
        /// The solutions found before the search stopped.
        found: u64,
        /// What stopped it; [`StopReason::Caller`] when a `count_up_to` limit was reached.
        reason: StopReason,
    },
}

impl Count {
    /// The count of `found` solutions of a search that stopped for `stopped`
    /// (`None`: it explored the whole tree).
    pub fn new(found: u64, stopped: Option<StopReason>) -> Self {
        match stopped {
            None => Self::Complete(found),
            Some(reason) => Self::Partial { found, reason },
        }
    }

    /// How far a count up to `limit` searches: one solution past it
    /// ([`up_to`](Self::up_to) tells a count of exactly `limit`, complete, from more).
    pub fn bound(limit: u64) -> u64 {
        limit.saturating_add(1)
    }

    /// The count up to `limit` of a search that stopped at [`bound`](Self::bound)
    /// `(limit)` solutions, having found `found`: [`Partial`](Self::Partial) with
    /// [`StopReason::Caller`] at `limit` when it found more (at least `limit + 1`
    /// solutions exist), else as `stopped` says. So a count up to a limit is complete
    /// exactly when it found every solution, however many up to the limit: the one
    /// meaning of a complete count, in every front end.
    ///
    /// ```
    /// use dancing::{Count, StopReason};
    ///
    /// assert_eq!(Count::up_to(4, 3, None), Count::Partial { found: 3, reason: StopReason::Caller });
    /// assert_eq!(Count::up_to(3, 3, None), Count::Complete(3));
    /// assert_eq!(Count::up_to(2, 3, None), Count::Complete(2));
    /// ```
    pub fn up_to(found: u64, limit: u64, stopped: Option<StopReason>) -> Self {
        if found > limit {
            return Self::Partial {
                found: limit,
                reason: StopReason::Caller,
            };
        }
        Self::new(found, stopped)
    }

    /// The count a search with these statistics made: its solutions, complete unless
    /// it was stopped.
    pub fn from_stats(stats: &Stats) -> Self {
        Self::new(stats.solutions, stats.stopped)
    }

    /// The solutions found, complete or not.
    pub fn found(self) -> u64 {
        match self {
            Self::Complete(found) | Self::Partial { found, .. } => found,
        }
    }

    /// The number of solutions if the search was complete.
    pub fn exact(self) -> Option<u64> {
        match self {
            Self::Complete(n) => Some(n),
            Self::Partial { .. } => None,
        }
    }

    /// Whether the whole search tree was explored.
    pub fn is_complete(self) -> bool {
        matches!(self, Self::Complete(_))
    }

    /// Why the search stopped early, if it did.
    pub fn reason(self) -> Option<StopReason> {
        match self {
            Self::Complete(_) => None,
            Self::Partial { reason, .. } => Some(reason),
        }
    }
}

/// The count of two searches together (the parts of a split search): complete when
/// both are; otherwise partial, for the first part's reason.
impl Add for Count {
    type Output = Self;

    fn add(self, other: Self) -> Self {
        let found = self.found() + other.found();
        Self::new(found, self.reason().or(other.reason()))
    }
}

impl AddAssign for Count {
    fn add_assign(&mut self, other: Self) {
        *self = *self + other;
    }
}

/// The total of the parts; the total of no parts is `Complete(0)`.
impl Sum for Count {
    fn sum<I: Iterator<Item = Self>>(parts: I) -> Self {
        parts.fold(Self::Complete(0), Add::add)
    }
}

/// A count equals `n` when it is complete with exactly `n` solutions.
impl PartialEq<u64> for Count {
    fn eq(&self, n: &u64) -> bool {
        self.exact() == Some(*n)
    }
}

/// `n` equals a count when it is complete with exactly `n` solutions.
impl PartialEq<Count> for u64 {
    fn eq(&self, count: &Count) -> bool {
        count == self
    }
}

/// `92`, or `at least 10 (timeout)`.
impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Complete(n) => write!(f, "{n}"),
            Self::Partial { found, reason } => write!(f, "at least {found} ({reason})"),
        }
    }
}
