//! Counting without visiting: the memoized search (after Nishino, Yasuda, Minato and
//! Nagata, "Dancing with decision diagrams", AAAI 2017, and TAOCP 7.2.2.1) that builds a
//! ZDD of all solutions.
//!
//! A plain search visits every solution. When the subproblems left after different
//! partial solutions repeat (boards tiled by small pieces), the memo solves each once:
//! the 12,988,816 domino tilings of 8×8 are 2,505 states, not 13 million leaves. Where
//! they do not repeat (queens, Langford pairs), the memo only costs memory and time:
//! use a plain [`Solver`](crate::Solver) there.

mod cheapest;
mod counts;
mod listing;
mod lists;
mod order;
mod queries;
mod read;
mod restrict;
mod search;
mod table;
mod zdd;

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

pub use listing::{Probe, SAMPLES_IN_ONE_PASS, listing_bytes, sample_by_listing};
pub use order::MemoOrder;
pub use queries::Backbone;
pub use read::{MAX_ZDD_LINE, ZddTextError};
pub use zdd::{Zdd, ZddSamples, ZddSolutions};

use crate::{ids::OptionId, limits::Limits, problem::Problem, stats::Stopped};

/// A ZDD node: `option` decided, `lo` the solutions without it, `hi` those with it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Node {
    option: u32,
    lo: u32,
    hi: u32,
}

/// What a memoized search did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoStats {
    /// States reached (a memo hit counts too).
    pub states: u64,
    /// States remembered in the memo.
    pub entries: u64,
    /// States found in the memo instead of being searched again.
    pub hits: u64,
    /// Decision nodes of the ZDD.
    pub nodes: u64,
    /// The most bytes held at once: while searching, the memo, its keys, the diagram and
    /// the search's stacks; while counting, the diagram and the counts.
    pub bytes: u64,
    /// The order the search took the items in ([`MemoOrder::Auto`] resolved).
    pub order: MemoOrder,
}

/// How far a memoized search has come, updated as it runs (every few thousand states),
/// for a status line drawn by another thread.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct MemoProgress {
    /// States reached so far.
    pub states: AtomicU64,
    /// Bytes held so far.
    pub bytes: AtomicU64,
    /// States found in the memo so far (each a subproblem not searched again).
    pub hits: AtomicU64,
    /// How much of the search is done, in millionths: Knuth's estimate on its tree of
    /// decisions (each option left out, then taken), every decision weighing half of
    /// its parent's. Rough, as every such estimate is, and steadier as the search runs.
    pub explored: AtomicU64,
}

impl MemoProgress {
    /// The share of the search done, from 0 to 1 ([`explored`](Self::explored)).
    pub fn fraction(&self) -> f64 {
        self.explored.load(std::sync::atomic::Ordering::Relaxed) as f64 / 1e6
    }
}

/// A memoized search of one problem, with its settings; [`build`](Self::build) runs it.
///
/// ```
/// use dancing::{Memo, problems};
///
/// // The 10×10 board has 258,584,046,368 domino tilings: counted from 14,477 states,
/// // of which 9,731 were remembered (the others were found in the memo).
/// let zdd = Memo::new(&problems::dominoes(10, 10)).build()?;
/// assert_eq!(zdd.count().to_string(), "258584046368");
/// let stats = zdd.stats();
/// assert_eq!((stats.states, stats.entries), (14_477, 9_731));
///
/// // Colors and multiplicities are remembered too: A once or twice (the red options
/// // agree, red and blue do not), B once.
/// let problem = dancing::format::parse_str("1:2|A B | X\nA X:red\nA X:red\nA X:blue\nB\n")?;
/// assert_eq!(Memo::new(&problem).build()?.count(), 4u32.into());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Memo<'p> {
    problem: &'p Problem,
    limits: Limits,
    order: MemoOrder,
    max_memory: u64,
    progress: Option<Arc<MemoProgress>>,
    forced: Vec<u32>,
    forbidden: Vec<u32>,
}

impl<'p> Memo<'p> {
    /// The search of `problem`, without limits, in the default [`MemoOrder`], bounded to
    /// 4 GiB.
    pub fn new(problem: &'p Problem) -> Self {
        Self {
            problem,
            limits: Limits::none(),
            order: MemoOrder::default(),
            max_memory: 4 << 30,
            progress: None,
            forced: Vec::new(),
            forbidden: Vec::new(),
        }
    }

    /// The problem searched.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// Takes `options` before the search (a puzzle's givens, a choice already made):
    /// the diagram holds the solutions that have them all, each without them (they
    /// are in every one). Options that clash (or repeat one) leave no solution; ids
    /// past the problem's options are ignored.
    ///
    /// ```
    /// use dancing::{Memo, OptionId, problems};
    ///
    /// // The 4×4 board with its top-left domino lying flat: 18 of the 36 tilings.
    /// let problem = problems::dominoes(4, 4);
    /// let flat = OptionId::new(0);
    /// assert_eq!(problem.format_option(flat), "r1c1 r1c2");
    /// let zdd = Memo::new(&problem).forced(&[flat]).build()?;
    /// assert_eq!(zdd.count(), 18u32.into());
    /// # Ok::<(), dancing::Stopped>(())
    /// ```
    pub fn forced(mut self, options: &[OptionId]) -> Self {
        self.forced = self.known(options);
        self
    }

    /// The indices of those of `options` that the problem has.
    fn known(&self, options: &[OptionId]) -> Vec<u32> {
        let count = self.problem.option_count();
        options
            .iter()
            .filter(|o| o.index() < count)
            .map(|o| o.index() as u32)
            .collect()
    }

    /// Leaves `options` out of the search (a pencilmark grid's removed candidates):
    /// the diagram holds the solutions that have none of them. An option both forced
    /// and forbidden leaves no solution; ids past the problem's options are ignored.
    ///
    /// ```
    /// use dancing::{Memo, OptionId, problems};
    ///
    /// // The 4×4 board without its top-left domino lying flat: the other 18 tilings.
    /// let problem = problems::dominoes(4, 4);
    /// let zdd = Memo::new(&problem).forbidden(&[OptionId::new(0)]).build()?;
    /// assert_eq!(zdd.count(), 18u32.into());
    /// # Ok::<(), dancing::Stopped>(())
    /// ```
    pub fn forbidden(mut self, options: &[OptionId]) -> Self {
        self.forbidden = self.known(options);
        self
    }

    /// Keeps `progress` up to date as the search runs.
    pub fn progress(mut self, progress: Arc<MemoProgress>) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Stops the search at these limits (the node limit counts states).
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// How the search picks the item to cover next.
    pub fn order(mut self, order: MemoOrder) -> Self {
        self.order = order;
        self
    }

    /// Stops the search with [`StopReason::Memory`](crate::StopReason::Memory) once what it holds would pass
    /// `bytes`: the memo, its keys, the diagram and the search's stacks, then the
    /// diagram and its counts (each allocation is checked before it is made, the
    /// diagram's growth every few thousand states). What the problem itself takes is
    /// not counted.
    pub fn max_memory(mut self, bytes: u64) -> Self {
        self.max_memory = bytes;
        self
    }

    /// Runs the search: the ZDD of all solutions.
    ///
    /// # Errors
    /// [`Stopped`] when a limit or the memory bound ([`StopReason::Memory`](crate::StopReason::Memory)) stops it:
    /// its `stats` count the states reached as nodes.
    pub fn build(&self) -> Result<Zdd, Stopped> {
        let mut search = search::Search::new(self.problem, self.order);
        let root = if search.force(&self.forced, &self.forbidden) {
            search.run(&self.limits, self.max_memory, self.progress.as_deref())?
        } else {
            search::BOTTOM
        };
        let stats = search.stats();
        // The memo is freed before counting, which holds the nodes and their counts.
        let options = self.problem.option_count();
        Zdd::new(search.into_nodes(), root, (stats, options), self.max_memory)
    }
}
