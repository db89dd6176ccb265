//! The search: Algorithm X (and C for colored problems) as a resumable state machine
//! over an explicit level stack, so no search depth can overflow the call stack.

use crate::algorithm_x::Resume;
use crate::arena::{Arena, Marks, Notes};
use crate::engine::{EngineSearch, EngineSolutions, Front};
use crate::ids::OptionId;
use crate::problem::Problem;

mod fix;
mod levels;
mod run;

pub(crate) use run::options_of;

/// A search of the links in progress, from [`Engine::search`](crate::Engine::search).
pub type Search<'s> = EngineSearch<'s, Solver>;

/// Lazy iterator over the solutions of the links, from
/// [`Engine::solutions`](crate::Engine::solutions).
pub type Solutions<'s> = EngineSolutions<'s, Solver>;

/// Searches a [`Problem`]. Holds a private copy of the links and all scratch space, so
/// one problem can serve many solvers (one per thread) and one solver many searches
/// without allocating.
///
/// Options can be fixed before a search: [`force`](crate::SplitEngine::force) selects an option
/// outright (how sudoku givens are applied to a matrix built once), and
/// [`descend`](crate::SplitEngine::descend) follows one branch of the search tree (how a search is
/// split into independent subproblems). [`release`](crate::SplitEngine::release) undoes both.
///
/// After every search, finished or abandoned, the links are exactly as before it. The
/// searches themselves ([`count`](crate::Engine::count),
/// [`solutions`](crate::Engine::solutions), …) are the methods of [`Engine`](crate::Engine).
#[derive(Debug, Clone)]
pub struct Solver {
    pub(crate) front: Front,
    arena: Arena,
    /// What the X loop notes about `arena`'s lists: forced moves, vouching scans.
    notes: Notes,
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
    /// made, by relinking the matrix: [`release`](crate::SplitEngine::release) undoes them by copying
    /// the links as built rather than level by level.
    relinked: usize,
    /// Scratch of [`set_forced`](Self::set_forced), made on its first use.
    marks: Option<Marks>,
    /// Current level of a suspended search.
    level: usize,
    resume: Resume,
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
            front: Front::new(problem),
            notes: Notes::new(arena.item_count()),
            arena,
            cost_arena: None,
            choice: vec![0; depth],
            base: 0,
            forced: 0,
            relinked: 0,
            marks: None,
            level: 0,
            resume: Resume::Finished,
            scratch: Vec::with_capacity(depth),
            branching: Branching::Knuth,
        }
    }

    /// Sets how later searches choose the item to branch on (default: [`Branching::Knuth`]).
    pub fn set_branching(&mut self, branching: Branching) {
        self.branching = branching;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::Unwatched;
    use crate::error::IntegrityError;
    use crate::{engine::Engine, problems};

    #[test]
    fn consistent_but_changed_links_are_reported() {
        let mut solver = Solver::new(&problems::queens(4));
        assert_eq!(solver.check_integrity(), Ok(()));
        // Covering an item leaves every list consistent, but not as built.
        solver.arena.cover::<false>(1, &mut Unwatched);
        let e = solver.check_integrity().unwrap_err();
        assert_eq!(e, IntegrityError::Changed);
        assert_eq!(e.to_string(), "the links differ from the problem as built");
        solver.arena.uncover::<false>(1);
        assert_eq!(solver.check_integrity(), Ok(()));
    }
}
