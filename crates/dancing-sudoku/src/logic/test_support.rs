//! Helpers for the techniques' unit tests: positions built by hand.

use super::{LogicSolver, Step};
use crate::Grid;

/// The solver of a puzzle in the one-line form.
pub(crate) fn solver(puzzle: &str) -> LogicSolver {
    LogicSolver::new(&puzzle.parse::<Grid>().unwrap()).unwrap()
}

/// The solver of an empty grid of `order`: every candidate everywhere.
pub(crate) fn empty(order: usize) -> LogicSolver {
    LogicSolver::new(&Grid::empty(order)).unwrap()
}

/// The cells of box `b` of a 9×9 grid, in reading order.
pub(crate) fn box_cells(b: usize) -> Vec<(usize, usize)> {
    let (r0, c0) = (b / 3 * 3, b % 3 * 3);
    (0..9).map(|k| (r0 + k / 3, c0 + k % 3)).collect()
}

/// Keeps only `values` as the candidates of `(r, c)`.
pub(crate) fn keep(s: &mut LogicSolver, (r, c): (usize, usize), values: &[u8]) {
    for v in 1..=s.side() as u8 {
        if !values.contains(&v) {
            s.remove_candidate(r, c, v);
        }
    }
}

/// Asserts that `step` places a candidate or removes at least one, and removes only
/// candidates.
pub(crate) fn check_step(s: &LogicSolver, step: &Step) {
    if let Some(((r, c), v)) = step.placement() {
        assert_ne!(
            s.candidates(r, c) & (1 << (v - 1)),
            0,
            "{step}: places a non-candidate"
        );
    } else {
        assert!(!step.eliminations().is_empty(), "{step}: does nothing");
    }
    for ((r, c), v) in step.eliminations() {
        assert_ne!(
            s.candidates(r, c) & (1 << (v - 1)),
            0,
            "{step}: removes a non-candidate"
        );
    }
}
