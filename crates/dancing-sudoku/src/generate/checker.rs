//! The solvers that complete and check each thread's puzzles, borrowed from the
//! thread's kept solvers (see the router).

use dancing::Limits;

use super::Kind;
use crate::router::{with_classic, with_variants};
use crate::solve::Solve;
use crate::variant_solver::VariantSolver;

/// The solver that completes and checks one thread's puzzles: a classic one (its
/// matrix built once per order), or a variant solver reset to each puzzle's variant.
/// The first solution it finds of the random seeds is the solved grid, so the same
/// seed makes the same puzzles only with the same solver.
pub(super) enum Checker<'s> {
    Classic(&'s mut dyn Solve),
    Variant(&'s mut VariantSolver),
}

impl Checker<'_> {
    /// The solver, whichever kind it is.
    pub(super) fn solver(&mut self) -> &mut dyn Solve {
        match self {
            Checker::Classic(solver) => *solver,
            Checker::Variant(solver) => *solver,
        }
    }
}

/// Runs `f` with a checker of this thread for puzzles of `kind` under `limits`: the
/// automatic choice's solvers (the bit-parallel bands for 9×9, the dancing links for
/// the other orders, then the learner where a carved 25×25 or 36×36 puzzle is hard).
pub(super) fn with_checker<T>(
    kind: Kind,
    limits: &Limits,
    f: impl FnOnce(&mut Checker<'_>) -> T,
) -> T {
    if kind == Kind::Classic {
        with_classic(limits, |solver| f(&mut Checker::Classic(solver)))
    } else {
        with_variants(limits, |solver| f(&mut Checker::Variant(solver)))
    }
}
