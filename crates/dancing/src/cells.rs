//! Dancing cells: Knuth's and Solnon's sparse-set engine for exact cover with colors
//! (TAOCP Vol. 4B §7.2.2.3, Knuth's programs SSXC1 and SSXCC), a second search engine
//! over the same [`Problem`] as the links.
//!
//! Instead of doubly linked lists, each item keeps the options that contain it in a
//! sparse set: a region of one array whose first `size` entries are the live ones.
//! Removing an option from a set swaps it behind the live prefix; undoing is growing
//! the sets again, by the items noted on a trail. The sets of items already covered are never
//! touched again, which saves the work the links spend keeping every list exact.

use std::time::Instant;

use crate::engine;
use crate::error::IntegrityError;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::stats::{Limits, Stats};

mod fix;
mod search;
mod tables;

use search::Level;
pub use search::{CellsSearch, CellsSolutions};
use tables::Tables;

/// Searches a [`Problem`] with dancing cells: the interface of [`Solver`](crate::Solver)
/// on a different engine, for plain searches, fixed options ([`force`](Self::force),
/// [`descend`](Self::descend)), splits ([`split`](Self::split),
/// [`replay`](Self::replay)) and, through [`Engine`](crate::Engine), `ParallelSolver`.
///
/// It finds the same solutions as the links engine, in the same order (each level
/// branches on the active primary item with the fewest options left, ties to the
/// earliest declared, and tries its options in input order, as
/// [`Branching::Knuth`](crate::Branching::Knuth) does), and its [`Stats`] are the
/// links engine's, to the node and the update: `nodes` counts one per level entered
/// (including one per solution); `updates` counts one per item made inactive (covered,
/// or purified for a colored secondary item) plus one per option removed from the set
/// of an active item, which is exactly the links' count of covers and hidden nodes.
///
/// Colored secondary items are supported: choosing an option that gives item `j` color
/// `c` removes from the sets every option that gives `j` another color or none, and
/// leaves `j` inactive, so later options of color `c` on `j` pass freely. Costs are
/// ignored: every search counts or lists all solutions, as
/// [`Solver::count`](crate::Solver::count) does.
///
/// ```
/// use std::ops::ControlFlow;
/// use dancing::{CellsSolver, Solver, problems};
///
/// let problem = problems::queens(8);
/// let mut cells = CellsSolver::new(&problem);
/// assert_eq!(cells.count(), 92);
///
/// // The same tree as the links engine, node for node.
/// let mut links = Solver::new(&problem);
/// assert_eq!(links.count(), 92);
/// assert_eq!(cells.stats().nodes, links.stats().nodes);
///
/// // Solutions as option ids, in level order.
/// let mut first = Vec::new();
/// cells.visit(|options| {
///     first = options.to_vec();
///     ControlFlow::Break(())
/// });
/// assert_eq!(first.len(), 8);
/// assert_eq!(Some(first), links.first().map(|s| s.into_options()));
/// ```
#[derive(Debug, Clone)]
pub struct CellsSolver {
    problem: Problem,
    tables: Tables,
    /// One entry per level the search can reach (at most one per primary item). Levels
    /// below `base` are fixed (forced options and prefix choices); the search works
    /// above them.
    levels: Vec<Level>,
    /// Number of fixed levels.
    base: usize,
    /// How many of the fixed levels are forced options (the rest are prefix choices).
    forced: usize,
    /// Current depth of a suspended search.
    depth: usize,
    resume: Resume,
    stats: Stats,
    limits: Limits,
    started: Option<Instant>,
    /// Nodes count at which the search next pauses to check its limits.
    next_check: u64,
    /// The current solution as option ids, filled on demand.
    scratch: Vec<OptionId>,
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

impl CellsSolver {
    /// A solver for `problem`, with its own sets.
    ///
    /// # Panics
    /// If the problem has multiplicities ([`Problem::has_bounds`]): Algorithm M searches
    /// those, in [`MultiSolver`](crate::MultiSolver).
    pub fn new(problem: &Problem) -> Self {
        assert!(
            !problem.has_bounds(),
            "a problem with multiplicities is searched by MultiSolver"
        );
        let depth = problem.primary_count() + 1;
        Self {
            problem: problem.clone(),
            tables: Tables::new(problem),
            levels: vec![Level::default(); depth],
            base: 0,
            forced: 0,
            depth: 0,
            resume: Resume::Finished,
            stats: Stats::default(),
            limits: Limits::default(),
            started: None,
            next_check: 0,
            scratch: Vec::with_capacity(depth),
        }
    }

    /// Starts a search; events come from the returned [`CellsSearch`]. Dropping it
    /// abandons the search and restores the sets.
    pub fn search(&mut self) -> CellsSearch<'_> {
        self.stats = Stats::default();
        self.depth = self.base;
        self.resume = Resume::Enter;
        self.started = Some(Instant::now());
        self.next_check = self.limits.next_check(0);
        CellsSearch { solver: self }
    }

    /// Checks that the sets are consistent (every cell where its position says, in its
    /// item's region) and, when nothing is fixed, exactly as the problem was built: every
    /// item active, every option live. Meant for tests and debugging.
    pub fn check_integrity(&self) -> Result<(), IntegrityError> {
        self.tables.check(self.base > 0)
    }
}

engine::engine!(CellsSolver, CellsSearch);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Solver, StopReason, problems};

    #[test]
    fn the_toy_problem_matches_the_links() {
        let problem =
            crate::format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
                .expect("valid");
        let mut cells = CellsSolver::new(&problem);
        assert_eq!(cells.count(), 1);
        assert_eq!((cells.stats().nodes, cells.stats().updates), (6, 30));
        let solution = cells.first().expect("one solution");
        let mut links = Solver::new(&problem);
        assert_eq!(Some(solution), links.first());
        assert_eq!(cells.check_integrity(), Ok(()));
    }

    #[test]
    fn counting_stops_where_asked_and_restores_the_sets() {
        let mut cells = CellsSolver::new(&problems::queens(8));
        let mut heartbeats = 0;
        assert_eq!(cells.count_watched(u64::MAX, |_| heartbeats += 1), 92);
        assert_eq!((cells.stats().nodes, heartbeats), (1_199, 1));
        let ten = cells.count_up_to(10);
        assert_eq!((ten.found(), ten.reason()), (10, Some(StopReason::Caller)));
        assert_eq!(cells.check_integrity(), Ok(()));
        let mut solutions = cells.solutions();
        assert!(solutions.next().is_some());
        drop(solutions);
        assert_eq!(cells.check_integrity(), Ok(()));
        assert_eq!(cells.count(), 92);
    }

    #[test]
    fn an_item_without_options_is_a_dead_end_at_the_root() {
        let mut b = Problem::builder();
        b.primary("a").expect("a name");
        b.primary("b").expect("a name");
        b.option_named(["b"]).expect("an option");
        let problem = b.build().expect("valid");
        let mut cells = CellsSolver::new(&problem);
        assert_eq!(cells.first(), None);
        assert_eq!(cells.count(), 0);
        let mut links = Solver::new(&problem);
        assert_eq!(links.count(), 0);
        assert_eq!(cells.stats().nodes, links.stats().nodes);
        assert_eq!(cells.stats().updates, links.stats().updates);
    }

    #[test]
    fn changed_sets_are_reported() {
        let mut cells = CellsSolver::new(&problems::queens(4));
        cells.tables.cover(0, 0);
        let e = cells.check_integrity().unwrap_err();
        assert!(matches!(e, IntegrityError::Cells { .. }), "{e}");
    }
}
