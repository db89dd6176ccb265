//! Dancing cells: Knuth's and Solnon's sparse-set engine for exact cover with colors
//! (TAOCP Vol. 4B §7.2.2.3, Knuth's programs SSXC1 and SSXCC), a second search engine
//! over the same [`Problem`] as the links.
//!
//! Instead of doubly linked lists, each item keeps the options that contain it in a
//! sparse set: a region of one array whose first `size` entries are the live ones.
//! Removing an option from a set swaps it behind the live prefix; undoing is growing
//! the sets again, by the items noted on a trail. The sets of items already covered are never
//! touched again, which saves the work the links spend keeping every list exact.

use crate::algorithm_x::Resume;
use crate::engine::{EngineSearch, EngineSolutions, Front};
use crate::ids::OptionId;
use crate::problem::Problem;

mod search;
mod tables;

use search::Level;
use tables::Tables;

/// A search of dancing cells in progress, from [`Engine::search`](crate::Engine::search).
pub type CellsSearch<'s> = EngineSearch<'s, CellsSolver>;

/// Lazy iterator over the solutions of dancing cells, from
/// [`Engine::solutions`](crate::Engine::solutions).
pub type CellsSolutions<'s> = EngineSolutions<'s, CellsSolver>;

/// Searches a [`Problem`] with dancing cells: the [`Engine`](crate::Engine) entry points
/// of [`Solver`](crate::Solver) on a different engine, for whole searches on one thread
/// (no fixed options, splits or threads; built with the `cells` feature).
///
/// It finds the same solutions as the links engine, in the same order (each level
/// branches on the active primary item with the fewest options left, ties to the
/// earliest declared, and tries its options in input order, as
/// [`Branching::Knuth`](crate::Branching::Knuth) does), and its [`Stats`](crate::Stats) are the
/// links engine's, to the node and the update: `nodes` counts one per level entered
/// (including one per solution); `updates` counts one per item made inactive (covered,
/// or purified for a colored secondary item) plus one per option removed from the set
/// of an active item, which is exactly the links' count of covers and hidden nodes.
///
/// Colored secondary items are supported: choosing an option that gives item `j` color
/// `c` removes from the sets every option that gives `j` another color or none, and
/// leaves `j` inactive, so later options of color `c` on `j` pass freely. Costs are
/// ignored: every search counts or lists all solutions, as
/// [`Engine::count`](crate::Engine::count) does.
///
/// ```
/// use std::ops::ControlFlow;
/// use dancing::{CellsSolver, Engine, Solver, problems};
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
    front: Front,
    tables: Tables,
    /// One entry per level the search can reach (at most one per primary item).
    levels: Vec<Level>,
    /// Current depth of a suspended search.
    depth: usize,
    resume: Resume,
    /// The current solution as option ids, filled on demand.
    scratch: Vec<OptionId>,
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
            front: Front::new(problem),
            tables: Tables::new(problem),
            levels: vec![Level::default(); depth],
            depth: 0,
            resume: Resume::Finished,
            scratch: Vec::with_capacity(depth),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::IntegrityError;
    use crate::{engine::Engine, problems, solver::Solver};

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
