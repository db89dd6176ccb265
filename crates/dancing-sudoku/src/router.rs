//! One way in for a puzzle of any kind: [`PuzzleSolver`] answers what a batch reads (a
//! classic grid, a variant, a pencilmark grid) with the solver its rules call for, made
//! on first need and kept, so that a worker thread holds one of each at most.
//!
//! The crate's own callers without a solver of their own (the [`Grid`] and
//! [`Position`](crate::Position) shortcuts, the generator's checker, the rater's
//! uniqueness check and stall search) borrow one from the thread's kept solvers here:
//! [`with_links`], [`with_classic`], [`with_variants`].

use std::cell::RefCell;

use dancing::{Count, Limits, Stats};

use crate::parse::Puzzle;
use crate::solve::{Method, Solve};
use crate::{
    bands::BandSolver, bitmask::BitmaskSolver, grid::Grid, links::SudokuSolver, position::Position,
    variant::Variant, variant_solver::VariantSolver,
};

/// Which solver answers classic puzzles: what `dancing sudoku --solver` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum SolverChoice {
    /// The bit-parallel [`BandSolver`] for 9×9, dancing links for the other shapes;
    /// with the `sat` feature, then the learner if 100,000 nodes do not settle the
    /// puzzle (`AutoSolver`, built with that feature). The default.
    #[default]
    Auto,
    /// [`BandSolver`] for 9×9, dancing links for the other shapes.
    Bands,
    /// Dancing links ([`SudokuSolver`]).
    Links,
    /// The CDCL learner ([`SatSolver`](crate::SatSolver)).
    #[cfg(feature = "sat")]
    Learner,
    /// The bitmask baseline ([`BitmaskSolver`]).
    Bitmask,
}

impl SolverChoice {
    /// Every choice, in the order of the command line's help.
    pub const ALL: &[Self] = &[
        Self::Auto,
        Self::Bands,
        Self::Links,
        #[cfg(feature = "sat")]
        Self::Learner,
        Self::Bitmask,
    ];

    /// Its name: `auto`, `bands`, `dlx`, `sat` or `bitmask`, as [`Method::name`] names
    /// the solver that answered.
    pub fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Bands => "bands",
            Self::Links => "dlx",
            #[cfg(feature = "sat")]
            Self::Learner => "sat",
            Self::Bitmask => "bitmask",
        }
    }

    /// The solver of classic puzzles this choice makes.
    fn classic(self) -> Box<dyn Solve + Send> {
        match self {
            #[cfg(feature = "sat")]
            Self::Auto => Box::new(crate::auto::AutoSolver::new()),
            #[cfg(not(feature = "sat"))]
            Self::Auto => Box::new(BandSolver::new()),
            Self::Bands => Box::new(BandSolver::new()),
            Self::Links => Box::new(SudokuSolver::new()),
            #[cfg(feature = "sat")]
            Self::Learner => Box::new(crate::auto::SatSolver::new()),
            Self::Bitmask => Box::new(BitmaskSolver::new()),
        }
    }

    /// The solver of variant puzzles this choice makes: the links, then the learner as
    /// for classic puzzles when the choice and the build have one.
    fn variants(self) -> VariantSolver {
        match self {
            #[cfg(feature = "sat")]
            Self::Learner => VariantSolver::with_learner(),
            #[cfg(feature = "sat")]
            Self::Auto | Self::Bands => VariantSolver::auto(),
            _ => VariantSolver::new(),
        }
    }
}

dancing::named!(SolverChoice, "solver", |choice| match choice {
    SolverChoice::Links => &["links"],
    _ => &[],
});

/// The solver of classic puzzles that [`SolverChoice::Auto`] makes.
#[cfg(feature = "sat")]
type AutoClassic = crate::auto::AutoSolver;
#[cfg(not(feature = "sat"))]
type AutoClassic = BandSolver;

/// The solvers a thread keeps for the crate's own callers: a pool of each kind, so that
/// a nested call (a rating inside a generator's acceptance test, say) takes a second
/// solver, which is kept too. Each is made on first need, its matrices built once.
#[derive(Default)]
struct Kept {
    links: RefCell<Vec<SudokuSolver>>,
    classic: RefCell<Vec<AutoClassic>>,
    variants: RefCell<Vec<VariantSolver>>,
}

thread_local! {
    static KEPT: Kept = Kept::default();
}

/// Runs `f` with a solver from `pool` (or `make`'s, when every kept one is in use) under
/// `limits`, then keeps it.
fn with_kept<S: Solve, T>(
    pool: fn(&Kept) -> &RefCell<Vec<S>>,
    make: fn() -> S,
    limits: &Limits,
    f: impl FnOnce(&mut S) -> T,
) -> T {
    let mut solver = KEPT
        .with(|kept| pool(kept).borrow_mut().pop())
        .unwrap_or_else(make);
    solver.set_limits(limits.clone());
    let answer = f(&mut solver);
    KEPT.with(|kept| pool(kept).borrow_mut().push(solver));
    answer
}

/// Runs `f` with one of this thread's dancing-links solvers, under `limits`.
pub(crate) fn with_links<T>(limits: &Limits, f: impl FnOnce(&mut SudokuSolver) -> T) -> T {
    with_kept(|kept| &kept.links, SudokuSolver::new, limits, f)
}

/// Runs `f` with one of this thread's solvers of classic puzzles as
/// [`SolverChoice::Auto`] makes them, under `limits`.
pub(crate) fn with_classic<T>(limits: &Limits, f: impl FnOnce(&mut dyn Solve) -> T) -> T {
    with_kept(|kept| &kept.classic, AutoClassic::new, limits, |s| f(s))
}

/// Runs `f` with one of this thread's variant solvers as [`SolverChoice::Auto`] makes
/// them, under `limits`.
pub(crate) fn with_variants<T>(limits: &Limits, f: impl FnOnce(&mut VariantSolver) -> T) -> T {
    with_kept(
        |kept| &kept.variants,
        || SolverChoice::Auto.variants(),
        limits,
        f,
    )
}

/// Runs `f` with one of this thread's kept solvers, without limits.
fn with_solver<T>(f: impl FnOnce(&mut SudokuSolver) -> T) -> T {
    with_links(&Limits::none(), f)
}

/// Shortcuts to the [`Solve`] methods of a [`SudokuSolver`] kept per thread, so repeated
/// calls reuse its matrices. For limits, statistics or another solver, use [`Solve`].
impl Grid {
    /// The first solution of this puzzle, if any (dancing links).
    pub fn solve(&self) -> Option<Grid> {
        with_solver(|s| s.solve(self))
    }

    /// The number of solutions of this puzzle, counting no further than `limit`
    /// ([`Count::Partial`] when the limit is reached).
    pub fn count_up_to(&self, limit: u64) -> Count {
        with_solver(|s| s.count_up_to(self, limit))
    }

    /// Whether this puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        with_solver(|s| s.is_unique(self))
    }
}

/// Shortcuts to [`SudokuSolver::find_position`] through a solver kept per thread, as for
/// [`Grid`].
impl Position {
    /// The first solution of this position, if any.
    pub fn solve(&self) -> Option<Grid> {
        let mut solution = Grid::new(self.grid().shape());
        with_solver(|s| s.find_position(self, 1, Some(&mut solution)) == 1).then_some(solution)
    }

    /// The number of solutions of this position, counting no further than `limit`
    /// ([`Count::Partial`] when the limit is reached).
    pub fn count_up_to(&self, limit: u64) -> Count {
        with_solver(|s| {
            let found = s.find_position(self, Count::bound(limit), None);
            Count::up_to(found, limit, s.stats().stopped)
        })
    }

    /// Whether this position has exactly one solution.
    pub fn is_unique(&self) -> bool {
        with_solver(|s| s.find_position(self, 2, None) == 1)
    }
}

/// Which solver answered last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    Classic,
    Variant,
    Position,
}

/// Answers a [`Puzzle`] of any kind: a pencilmark grid from its candidates (dancing
/// links, the one solver that takes them), a variant by its rules ([`VariantSolver`]),
/// a classic grid by the solver of the [`SolverChoice`]. Each solver is made when a
/// puzzle first needs it and kept, its matrices built once; the limits apply to every
/// search.
///
/// ```
/// use dancing_sudoku::parse::Batch;
/// use dancing_sudoku::{PuzzleSolver, SolverChoice};
///
/// let text = "1234341221434321\n4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";
/// let mut solver = PuzzleSolver::new(SolverChoice::Auto);
/// for puzzle in Batch::new(text.as_bytes()) {
///     let puzzle = puzzle?;
///     assert_eq!(solver.count_up_to(&puzzle, 2), 1);
///     assert!(solver.solve(&puzzle).expect("solvable").is_solution_of(&puzzle.grid));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PuzzleSolver {
    choice: SolverChoice,
    limits: Limits,
    classic: Option<Box<dyn Solve + Send>>,
    variants: Option<Box<VariantSolver>>,
    positions: Option<Box<SudokuSolver>>,
    last: Last,
}

impl std::fmt::Debug for PuzzleSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PuzzleSolver")
            .field("choice", &self.choice)
            .field("limits", &self.limits)
            .field("classic", &self.classic.as_ref().map(|s| s.method().name()))
            .field("variants", &self.variants.is_some())
            .field("positions", &self.positions.is_some())
            .finish()
    }
}

impl PuzzleSolver {
    /// A solver whose classic puzzles go to `choice`.
    pub fn new(choice: SolverChoice) -> Self {
        Self {
            choice,
            limits: Limits::none(),
            classic: None,
            variants: None,
            positions: None,
            last: Last::Classic,
        }
    }

    /// Sets the limits of every later search.
    pub fn set_limits(&mut self, limits: Limits) {
        for solver in [
            self.classic.as_deref_mut().map(|s| s as &mut dyn Solve),
            self.variants.as_deref_mut().map(|s| s as &mut dyn Solve),
            self.positions.as_deref_mut().map(|s| s as &mut dyn Solve),
        ]
        .into_iter()
        .flatten()
        {
            solver.set_limits(limits.clone());
        }
        self.limits = limits;
    }

    /// The one search: counts the solutions of `puzzle` up to `limit`, writing the
    /// first into `first` if given, as [`Solve::find`] does.
    pub fn find(&mut self, puzzle: &Puzzle, limit: u64, first: Option<&mut Grid>) -> u64 {
        let limits = &self.limits;
        if let Some(position) = puzzle.pencilmarks.as_ref().filter(|p| !p.is_plain()) {
            self.last = Last::Position;
            let solver = self.positions.get_or_insert_with(|| {
                let mut solver = SudokuSolver::new();
                solver.set_limits(limits.clone());
                Box::new(solver)
            });
            return solver.find_position(position, limit, first);
        }
        if puzzle.variant != Variant::Classic {
            self.last = Last::Variant;
            let choice = self.choice;
            let solver = self.variants.get_or_insert_with(|| {
                let mut solver = choice.variants();
                solver.set_limits(limits.clone());
                Box::new(solver)
            });
            if *solver.variant() != puzzle.variant {
                solver.set_variant(puzzle.variant.clone());
            }
            return solver.find(&puzzle.grid, limit, first);
        }
        self.last = Last::Classic;
        let choice = self.choice;
        let solver = self.classic.get_or_insert_with(|| {
            let mut solver = choice.classic();
            solver.set_limits(limits.clone());
            solver
        });
        solver.find(&puzzle.grid, limit, first)
    }

    /// The number of solutions of `puzzle`, counting no further than `limit`, as
    /// [`Solve::count_up_to`] counts them.
    pub fn count_up_to(&mut self, puzzle: &Puzzle, limit: u64) -> Count {
        let found = self.find(puzzle, Count::bound(limit), None);
        Count::up_to(found, limit, self.stats().stopped)
    }

    /// The first solution of `puzzle`, if any (`None` too when a limit stopped the
    /// search: [`stats`](Self::stats) says so).
    pub fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        let mut solution = Grid::new(puzzle.grid.shape());
        (self.find(puzzle, 1, Some(&mut solution)) >= 1).then_some(solution)
    }

    /// The solver that answered the last search.
    fn last(&self) -> Option<&dyn Solve> {
        match self.last {
            Last::Classic => self.classic.as_deref().map(|s| s as &dyn Solve),
            Last::Variant => self.variants.as_deref().map(|s| s as &dyn Solve),
            Last::Position => self.positions.as_deref().map(|s| s as &dyn Solve),
        }
    }

    /// The statistics of the last search.
    pub fn stats(&self) -> Stats {
        self.last().map_or_else(Stats::default, Solve::stats)
    }

    /// The method that answered the last search.
    pub fn method(&self) -> Method {
        self.last().map_or_else(Method::default, Solve::method)
    }
}
