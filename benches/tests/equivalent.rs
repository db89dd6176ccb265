//! The whole-process sudoku comparison grows its sets by random symmetries: each
//! puzzle made must be as a solver sees the original (the same givens count, the same
//! number of solutions).

use dancing_benches::{SUDOKU_SETS, equivalent};
use dancing_sudoku::{BandSolver, Solve};

#[test]
fn equivalent_puzzles_keep_their_counts_and_givens() {
    let mut solver = BandSolver::new();
    let mut seed = 7;
    let mut moved = 0;
    for set in SUDOKU_SETS.iter().filter(|set| set.nine_by_nine) {
        for grid in set.grids().iter().take(40) {
            let other = equivalent(grid, &mut seed);
            moved += usize::from(other != *grid);
            assert_eq!(other.givens(), grid.givens(), "{grid}");
            assert_eq!(
                solver.count_up_to(&other, 3),
                solver.count_up_to(grid, 3),
                "{grid} and {other}"
            );
            if let Some(solution) = solver.solve(&other) {
                assert!(solution.is_solution_of(&other), "{other}");
            }
        }
    }
    assert!(
        moved > 150,
        "the symmetries moved only {moved} of 200 puzzles"
    );
}
