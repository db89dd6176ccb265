//! The solvers that complete and check each thread's puzzles.

use std::cell::RefCell;

use super::Kind;
use crate::BandSolver;
use crate::solve::Solve;
use crate::variant::VariantSolver;

thread_local! {
    static DLX: RefCell<crate::SudokuSolver> = RefCell::new(crate::SudokuSolver::new());
    static BANDS: RefCell<BandSolver> = RefCell::new(BandSolver::new());
    #[cfg(feature = "sat")]
    static AUTO: RefCell<crate::AutoSolver> = RefCell::new(crate::AutoSolver::new());
    static VARIANT: RefCell<VariantSolver> = RefCell::new(variant_checker());
}

/// The variant solver of generation: the links, then the learner when it is built.
fn variant_checker() -> VariantSolver {
    #[cfg(feature = "sat")]
    return VariantSolver::auto();
    #[cfg(not(feature = "sat"))]
    VariantSolver::new()
}

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

/// Runs `f` with this thread's checker for puzzles of `kind` and order `order`. Classic
/// puzzles: the bit-parallel [`BandSolver`] for 9×9, the dancing links for 4×4, and
/// dancing links then the learner above (where a carved 25×25 or 36×36 puzzle can be
/// hard). Variants: the variant solver, which does the same.
pub(super) fn with_checker<T>(
    order: usize,
    kind: Kind,
    f: impl FnOnce(&mut Checker<'_>) -> T,
) -> T {
    if kind != Kind::Classic {
        return VARIANT.with(|cell| match cell.try_borrow_mut() {
            Ok(mut solver) => f(&mut Checker::Variant(&mut solver)),
            Err(_) => f(&mut Checker::Variant(&mut variant_checker())),
        });
    }
    #[cfg(feature = "sat")]
    if order >= 4 {
        return AUTO.with(|cell| match cell.try_borrow_mut() {
            Ok(mut solver) => f(&mut Checker::Classic(&mut *solver)),
            Err(_) => f(&mut Checker::Classic(&mut crate::AutoSolver::new())),
        });
    }
    // (A nested call, from inside `f`, gets solvers of its own.)
    if order == 3 {
        return BANDS.with(|cell| match cell.try_borrow_mut() {
            Ok(mut solver) => f(&mut Checker::Classic(&mut *solver)),
            Err(_) => f(&mut Checker::Classic(&mut BandSolver::new())),
        });
    }
    DLX.with(|cell| match cell.try_borrow_mut() {
        Ok(mut solver) => f(&mut Checker::Classic(&mut *solver)),
        Err(_) => f(&mut Checker::Classic(&mut crate::SudokuSolver::new())),
    })
}
