//! The search: Algorithm X (and C for colored problems) as a resumable state machine
//! over an explicit level stack, so no search depth can overflow the call stack.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::arena::{Arena, Marks};
use crate::count::Count;
use crate::error::IntegrityError;
use crate::events;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::stats::{Limits, Stats};

mod fix;
mod levels;
mod results;
mod run;
pub use results::{Event, Search, Solution, Solutions};

/// Searches a [`Problem`]. Holds a private copy of the links and all scratch space, so
/// one problem can serve many solvers (one per thread) and one solver many searches
/// without allocating.
///
/// Options can be fixed before a search: [`force`](Self::force) selects an option
/// outright (how sudoku givens are applied to a matrix built once), and
/// [`descend`](Self::descend) follows one branch of the search tree (how a search is
/// split into independent subproblems). [`release`](Self::release) undoes both.
///
/// After every search, finished or abandoned, the links are exactly as before it.
#[derive(Debug, Clone)]
pub struct Solver {
    pub(crate) problem: Problem,
    arena: Arena,
    /// The links of the cheapest-solution search ([`crate::cost`]), copied from the
    /// problem's sorted arena on first use; `None` until then.
    pub(crate) cost_arena: Option<Arena>,
    /// TAOCP: x_0, x_1, …: the node chosen at each level. Levels below `base` are fixed
    /// (forced options and prefix choices); the search works above them.
    pub(crate) choice: Vec<u32>,
    /// Number of fixed levels.
    pub(crate) base: usize,
    /// How many of the fixed levels are forced options (the rest are prefix choices).
    forced: usize,
    /// How many of the fixed levels (the first ones) [`set_forced`](Self::set_forced)
    /// made, by relinking the matrix: [`release`](Self::release) undoes them by copying
    /// the links as built rather than level by level.
    relinked: usize,
    /// Scratch of [`set_forced`](Self::set_forced), made on its first use.
    marks: Option<Marks>,
    /// Current level of a suspended search.
    level: usize,
    resume: Resume,
    pub(crate) stats: Stats,
    limits: Limits,
    pub(crate) started: Option<Instant>,
    /// Nodes count at which the search next pauses to check its limits.
    next_check: u64,
    /// The current solution as option ids, filled on demand.
    scratch: Vec<OptionId>,
    branching: Branching,
}

/// How the search picks the item to branch on. Both choose an item with the fewest
/// remaining options, so they find the same solutions; they differ in order and cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Branching {
    /// Exactly TAOCP: the shortest list, ties to the earliest item, scanning every active
    /// primary item unless one has no option left. Search order and statistics match
    /// every faithful implementation of Algorithm X.
    #[default]
    Knuth,
    /// Stops scanning at the first item with at most one option left (a forced move).
    /// Much cheaper on problems full of forced moves, such as sudoku; the order, and so
    /// the statistics, can differ from TAOCP's when a later item has no option left.
    FirstForced,
}

impl Branching {
    fn good_enough(self) -> u32 {
        match self {
            Self::Knuth => 0,
            Self::FirstForced => 1,
        }
    }
}

/// Where a suspended search picks up again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resume {
    /// TAOCP X2: enter the current level.
    Enter,
    /// TAOCP X8: leave the current level (after a solution was visited).
    Leave,
    /// Nothing to resume: the search is over.
    Finished,
}

impl Solver {
    /// A solver for `problem`, with its own copy of the links.
    ///
    /// # Panics
    /// If the problem has multiplicities ([`Problem::has_bounds`]): Algorithm M searches
    /// those, in [`MultiSolver`](crate::MultiSolver).
    pub fn new(problem: &Problem) -> Self {
        assert!(
            !problem.has_bounds(),
            "a problem with multiplicities is searched by MultiSolver"
        );
        let arena = problem.arena().clone();
        let depth = problem.primary_count() + 1;
        Self {
            problem: problem.clone(),
            arena,
            cost_arena: None,
            choice: vec![0; depth],
            base: 0,
            forced: 0,
            relinked: 0,
            marks: None,
            level: 0,
            resume: Resume::Finished,
            stats: Stats::default(),
            limits: Limits::default(),
            started: None,
            next_check: 0,
            scratch: Vec::with_capacity(depth),
            branching: Branching::Knuth,
        }
    }

    /// The problem being solved.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Sets the limits that apply to every later search.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Sets how later searches choose the item to branch on (default: [`Branching::Knuth`]).
    pub fn set_branching(&mut self, branching: Branching) {
        self.branching = branching;
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Statistics of the most recent search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Starts a search; events come from the returned [`Search`]. Dropping it abandons
    /// the search and restores the links.
    pub fn search(&mut self) -> Search<'_> {
        self.arena.clear_hints();
        self.stats = Stats::default();
        self.level = self.base;
        self.resume = Resume::Enter;
        self.started = Some(Instant::now());
        self.next_check = self.limits.next_check(0);
        Search { solver: self }
    }

    /// The first solution, if any.
    pub fn first(&mut self) -> Option<Solution> {
        self.solutions().next()
    }

    /// The number of solutions: [`Count::Complete`], or [`Count::Partial`] if a
    /// [`Limits`] bound stopped the search.
    pub fn count(&mut self) -> Count {
        self.count_up_to(u64::MAX)
    }

    /// The number of solutions, counting no further than `limit`: reaching it gives
    /// [`Count::Partial`] with [`StopReason::Caller`](crate::StopReason::Caller) (at least
    /// `limit`), even if there happen to be no more.
    pub fn count_up_to(&mut self, limit: u64) -> Count {
        self.count_watched(limit, |_| {})
    }

    /// [`count_up_to`](Self::count_up_to), calling `heartbeat` with the search each time
    /// it pauses to check its limits (every [`Limits::CHECK_INTERVAL`] nodes), where a
    /// caller can read its [`progress`](Search::progress) or [`stats`](Search::stats).
    /// Solutions are counted, never copied out.
    pub fn count_watched(&mut self, limit: u64, heartbeat: impl FnMut(&Search<'_>)) -> Count {
        events::count(&mut self.search(), limit, heartbeat);
        Count::from_stats(&self.stats)
    }

    /// Calls `visit` with each solution (the chosen options, fixed ones first) until it
    /// returns `Break` or the search ends. Returns the statistics.
    pub fn visit(&mut self, visit: impl FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        events::visit(&mut self.search(), visit);
        self.stats
    }

    /// A lazy iterator over the solutions. Dropping it early restores the links.
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions {
            search: self.search(),
        }
    }

    /// Checks that every link is consistent and, when nothing is fixed, that the links
    /// are exactly as the problem was built. Meant for tests and debugging.
    pub fn check_integrity(&self) -> Result<(), IntegrityError> {
        self.arena.check_links()?;
        if self.base == 0 && self.arena != *self.problem.arena() {
            return Err(IntegrityError::Changed);
        }
        if let (Some(arena), Some(pricing)) = (&self.cost_arena, self.problem.pricing()) {
            let cost = |e| IntegrityError::CostLinks(Box::new(e));
            arena.check_links().map_err(cost)?;
            if *arena != pricing.arena {
                return Err(cost(IntegrityError::Changed));
            }
        }
        Ok(())
    }
}

crate::engine::engine!(Solver, Search);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems;

    #[test]
    fn counting_watched_calls_back_at_each_heartbeat() {
        let mut solver = Solver::new(&problems::queens(8));
        let mut heartbeats = 0;
        assert_eq!(solver.count_watched(u64::MAX, |_| heartbeats += 1), 92);
        // 1,199 nodes: one pause after the first 1,024.
        assert_eq!((solver.stats().nodes, heartbeats), (1_199, 1));
        let ten = solver.count_watched(10, |_| {});
        assert_eq!(
            (ten.found(), ten.reason()),
            (10, Some(crate::StopReason::Caller))
        );
        assert_eq!(solver.stats().stopped, Some(crate::StopReason::Caller));
        assert_eq!(solver.check_integrity(), Ok(()));
    }

    #[test]
    fn consistent_but_changed_links_are_reported() {
        let mut solver = Solver::new(&problems::queens(4));
        assert_eq!(solver.check_integrity(), Ok(()));
        // Covering an item leaves every list consistent, but not as built.
        solver.arena.cover::<false, false>(1);
        let e = solver.check_integrity().unwrap_err();
        assert_eq!(e, IntegrityError::Changed);
        assert_eq!(e.to_string(), "the links differ from the problem as built");
        solver.arena.uncover::<false>(1);
        assert_eq!(solver.check_integrity(), Ok(()));
    }
}
