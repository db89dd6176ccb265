//! Search statistics and limits.

use std::ops::AddAssign;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

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
}

/// Bounds on a search. They are checked every [`Limits::CHECK_INTERVAL`] nodes (and at
/// the node limit exactly), so checking costs one comparison per node.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Stop after this many search-tree nodes.
    pub max_nodes: Option<u64>,
    /// Stop after this much wall-clock time.
    pub timeout: Option<Duration>,
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
}
