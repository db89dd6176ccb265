//! What each thread of a sudoku batch keeps: its solvers, made when a puzzle first
//! needs one and kept for the batch, and the puzzle it is given.

use dancing::Stats;
use dancing_sudoku::{
    AutoSolver, BandSolver, BitmaskSolver, Grid, Limits, Method, Position, SatSolver, Solve,
    SudokuSolver, Variant, VariantSolver,
};

use crate::args::SolverKind;

/// One puzzle to answer.
pub(crate) struct Job {
    pub(crate) grid: Grid,
    /// Its rules, other than classic.
    pub(crate) variant: Option<Variant>,
    /// Its candidates, for a pencilmark grid that took some away.
    pub(crate) position: Option<Position>,
}

/// One worker's solvers, each made when a puzzle first needs it and kept for the batch
/// (so that its matrices are built once): the classic solver `--solver` names, a variant
/// solver for puzzles of a variant (told by `--variant` or by their marks), and
/// dancing links for pencilmark grids (whose candidates only they take).
pub(crate) struct Solver {
    kind: SolverKind,
    limits: Limits,
    classic: Option<Box<dyn Solve + Send>>,
    variants: Option<Box<VariantSolver>>,
    positions: Option<Box<SudokuSolver>>,
    /// Which answered last.
    last: Last,
}

#[derive(Clone, Copy)]
enum Last {
    Classic,
    Variant,
    Position,
}

impl Solver {
    pub(crate) fn new(kind: SolverKind, limits: Limits) -> Self {
        Self {
            kind,
            limits,
            classic: None,
            variants: None,
            positions: None,
            last: Last::Classic,
        }
    }

    /// The one search of `job`'s puzzle, by its rules or from its candidates.
    pub(crate) fn find(&mut self, job: &Job, limit: u64, first: Option<&mut Grid>) -> u64 {
        let Job {
            grid,
            variant,
            position,
        } = job;
        let (kind, limits) = (self.kind, &self.limits);
        if let Some(position) = position {
            self.last = Last::Position;
            let solver = self.positions.get_or_insert_with(|| {
                let mut solver = SudokuSolver::new();
                solver.set_limits(limits.clone());
                Box::new(solver)
            });
            return solver.find_position(position, limit, first);
        }
        if let Some(variant) = variant {
            self.last = Last::Variant;
            let solver = self.variants.get_or_insert_with(|| {
                let mut solver = match kind {
                    SolverKind::Dlx => VariantSolver::new(),
                    SolverKind::Sat => VariantSolver::with_learner(),
                    _ => VariantSolver::auto(),
                };
                solver.set_limits(limits.clone());
                Box::new(solver)
            });
            if solver.variant() != variant {
                solver.set_variant(variant.clone());
            }
            return solver.find(grid, limit, first);
        }
        self.last = Last::Classic;
        let solver = self.classic.get_or_insert_with(|| {
            let mut solver: Box<dyn Solve + Send> = match kind {
                SolverKind::Auto => Box::new(AutoSolver::new()),
                SolverKind::Dlx => Box::new(SudokuSolver::new()),
                SolverKind::Sat => Box::new(SatSolver::new()),
                SolverKind::Bitmask => Box::new(BitmaskSolver::new()),
                SolverKind::Bands => Box::new(BandSolver::new()),
            };
            solver.set_limits(limits.clone());
            solver
        });
        solver.find(grid, limit, first)
    }

    /// The statistics and the method of the last search.
    pub(crate) fn last(&self) -> (Stats, Method) {
        let solver: Option<&dyn Solve> = match self.last {
            Last::Classic => self.classic.as_deref().map(|s| s as &dyn Solve),
            Last::Variant => self.variants.as_deref().map(|s| s as &dyn Solve),
            Last::Position => self.positions.as_deref().map(|s| s as &dyn Solve),
        };
        solver.map_or_else(Default::default, |s| (s.stats(), s.method()))
    }
}
