//! The learning solver and the automatic strategy: for hard puzzles, where the dancing
//! links' tree explodes (minimal 25×25 puzzles), CaDiCaL through `dancing-sat`.

use std::time::Instant;

use dancing::{Limits, OptionId, Problem, Stats};
use dancing_sat::{Config, Handover, Learner};

use crate::bands::BandSolver;
use crate::solve::{Books, Inside, Method, Solve};
use crate::{encoding, grid::Grid, links::SudokuSolver, shape::Shape};

/// A [`Solve`] that hands every puzzle to the CDCL learner of `dancing-sat`: the givens
/// are chosen and preprocessing (singles, locked candidates) runs before CaDiCaL sees
/// the formula. Statistics count no nodes; [`Solve::method`] reports the learner's
/// conflicts.
///
/// ```
/// use dancing_sudoku::{Grid, SatSolver, Solve, Verdict};
///
/// let puzzle: Grid = dancing_sudoku::FAMOUS.lines().find(|l| !l.starts_with('#')).unwrap().parse()?;
/// let mut solver = SatSolver::new();
/// assert_eq!(solver.check(&puzzle), Verdict::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `sat` feature (on by default): a build with `default-features = false`,
/// which needs no C++ compiler, has no learner.
#[derive(Debug, Default)]
pub struct SatSolver {
    /// The exact-cover matrix of each shape seen, built once.
    problems: Vec<(Shape, Problem)>,
    config: Config,
    books: Books,
    conflicts: u64,
    givens: Vec<OptionId>,
}

impl SatSolver {
    /// A learner with the default configuration.
    pub fn new() -> Self {
        Self::default()
    }

    /// A learner with a chosen configuration (preprocessing rules, encoding, CaDiCaL
    /// options).
    pub fn with_config(config: Config) -> Self {
        Self {
            config,
            ..Self::default()
        }
    }
}

/// The matrix of `shape`, built on first use.
fn problem(problems: &mut Vec<(Shape, Problem)>, shape: Shape) -> &Problem {
    let k = match problems.iter().position(|(s, _)| *s == shape) {
        Some(k) => k,
        None => {
            problems.push((shape, encoding::problem(shape)));
            problems.len() - 1
        }
    };
    &problems[k].1
}

/// Counts the solutions of `problem` with `givens` forced, up to `limit`, by the
/// learner under `limits`, handing the first to `first`: the count, the statistics
/// (no nodes: the learner has none) and the conflicts. Every solver that asks the
/// learner (classic and variants) goes through here.
pub(crate) fn learn(
    problem: &Problem,
    config: Config,
    limits: Limits,
    givens: &[OptionId],
    limit: u64,
    mut first: impl FnMut(&[OptionId]),
) -> (u64, Stats, u64) {
    let mut learner = Learner::with_config(problem, config);
    learner.set_limits(limits);
    let mut found = 0;
    let count = learner
        .search(givens, limit, |options| {
            if found == 0 {
                first(options);
            }
            found += 1;
        })
        .expect("the learner's answers are verified: a model that is not an exact cover is a bug");
    let learned = learner.stats();
    let stats = Stats {
        solutions: count,
        elapsed: learned.elapsed,
        stopped: learned.stopped,
        ..Stats::default()
    };
    (count, stats, learned.conflicts)
}

impl Solve for SatSolver {
    fn find(&mut self, puzzle: &Grid, limit: u64, mut first: Option<&mut Grid>) -> u64 {
        let shape = puzzle.shape();
        let side = puzzle.side();
        let mut givens = std::mem::take(&mut self.givens);
        givens.clear();
        givens.extend(encoding::givens(puzzle));
        let problem = problem(&mut self.problems, shape);
        let (count, stats, conflicts) = learn(
            problem,
            self.config.clone(),
            self.books.limits.clone(),
            &givens,
            limit,
            |options| {
                if let Some(first) = first.as_deref_mut() {
                    first.copy_from(puzzle);
                    encoding::decode_into(side, options, first.cells_vec_mut());
                }
            },
        );
        self.books.stats = stats;
        self.conflicts = conflicts;
        self.givens = givens;
        count
    }

    fn method(&self) -> Method {
        Method::Learner {
            conflicts: self.conflicts,
        }
    }

    fn books(&self, _: Inside) -> &Books {
        &self.books
    }

    fn books_mut(&mut self, _: Inside) -> &mut Books {
        &mut self.books
    }
}

/// The default strategy: the fastest search for the order under a small node budget,
/// then, if the budget runs out, the learner on the same question. The search is the
/// bit-parallel [`BandSolver`] for 9×9 grids and dancing links ([`SudokuSolver`]) for
/// the other orders. Easy puzzles (every 9×9 one known) never reach the learner and
/// cost what those solvers cost; hard ones (minimal 25×25 puzzles) get CDCL.
///
/// ```
/// use dancing_sudoku::{AutoSolver, Grid, Method, Solve, Verdict};
///
/// let puzzle: Grid = dancing_sudoku::FAMOUS.lines().find(|l| !l.starts_with('#')).unwrap().parse()?;
/// let mut solver = AutoSolver::new();
/// assert_eq!(solver.check(&puzzle), Verdict::Unique);
/// assert_eq!(solver.method(), Method::Bands);
/// assert_eq!(solver.check(&Grid::empty(2)), Verdict::Multiple);
/// assert_eq!(solver.method(), Method::DancingLinks);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `sat` feature (on by default): without it, [`BandSolver`] and the links
/// answer alone ([`SolverChoice::Auto`](crate::SolverChoice::Auto) says which).
#[derive(Debug)]
pub struct AutoSolver {
    bands: BandSolver,
    dlx: SudokuSolver,
    sat: SatSolver,
    books: Books,
    handover: Handover,
}

impl AutoSolver {
    /// The node budget of the first search before the learner takes over:
    /// [`dancing_sat::HANDOVER_NODES`], a few milliseconds. The hardest 9×9 puzzles known
    /// need under 10,000.
    pub const DEFAULT_BUDGET: u64 = dancing_sat::HANDOVER_NODES;

    /// The strategy with the default budget.
    pub fn new() -> Self {
        Self::with_budget(Self::DEFAULT_BUDGET)
    }

    /// The strategy with another node budget for the first search (0: straight to the
    /// learner).
    pub fn with_budget(budget: u64) -> Self {
        let mut solver = Self {
            bands: BandSolver::new(),
            dlx: SudokuSolver::new(),
            sat: SatSolver::new(),
            books: Books::default(),
            handover: Handover::new(budget),
        };
        solver.set_limits(Limits::none());
        solver
    }

    /// The strategy with a learner of another configuration.
    pub fn with_learner(sat: SatSolver) -> Self {
        Self { sat, ..Self::new() }
    }
}

impl Default for AutoSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solve for AutoSolver {
    fn find(&mut self, puzzle: &Grid, limit: u64, mut first: Option<&mut Grid>) -> u64 {
        // The clock is read only for a timeout, which the learner's deadline needs.
        let started = self.books.limits.timeout.map(|_| Instant::now());
        let search: &mut dyn Solve = if puzzle.shape() == Shape::CLASSIC {
            &mut self.bands
        } else {
            &mut self.dlx
        };
        let count = search.find(puzzle, limit, first.as_deref_mut());
        let searched = search.stats();
        self.books.method = search.method();
        if !self.handover.hands_over(&self.books.limits, &searched) {
            self.books.stats = searched;
            return count;
        }
        // The timeout counts from the first search's start, through the deadline.
        let started = started.unwrap_or_else(Instant::now);
        let sat_limits = self.handover.learner_limits(&self.books.limits, started);
        self.sat.set_limits(sat_limits);
        let count = self.sat.find(puzzle, limit, first);
        self.books.method = self.sat.method();
        self.books.stats = Handover::joined(&searched, &self.sat.stats());
        count
    }

    fn set_limits(&mut self, limits: Limits) {
        // The caller's node limit binds the first search only, and wins if smaller.
        let first_limits = self.handover.first_limits(&limits);
        self.bands.set_limits(first_limits.clone());
        self.dlx.set_limits(first_limits);
        self.books.limits = limits;
    }

    fn books(&self, _: Inside) -> &Books {
        &self.books
    }

    fn books_mut(&mut self, _: Inside) -> &mut Books {
        &mut self.books
    }
}
