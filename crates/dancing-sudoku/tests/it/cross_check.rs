//! Property: on random puzzles, dancing links and the bitmask baseline agree on the
//! number of solutions (up to a limit) and on the solutions.

use crate::common;

use common::Rng;
use dancing_sudoku::BitmaskSolver;
use dancing_sudoku::{Grid, Solve, SudokuSolver, Verdict};
use proptest::prelude::*;

/// A random puzzle: a random solved grid with cells blanked, and sometimes random wrong
/// givens added (which may conflict, or leave no solution, or change nothing).
fn puzzle(order: usize, seed: u64, blank_percent: usize, wrong: usize) -> Grid {
    let mut rng = Rng(seed);
    let solved = common::random_solved(order, &mut rng);
    let cells = solved.cells().len();
    let mut puzzle = common::blank_cells(&solved, cells * blank_percent / 100, &mut rng);
    let side = puzzle.side();
    for _ in 0..wrong {
        let k = rng.below(cells);
        puzzle.set(k / side, k % side, 1 + rng.below(side) as u8);
    }
    puzzle
}

fn agree(puzzle: &Grid, limit: u64) -> Result<(), TestCaseError> {
    let mut dlx = SudokuSolver::new();
    let mut bitmask = BitmaskSolver::new();
    let count = dlx.count_up_to(puzzle, limit);
    prop_assert_eq!(
        count,
        bitmask.count_up_to(puzzle, limit),
        "counts of {}",
        puzzle
    );
    prop_assert_eq!(dlx.check(puzzle), bitmask.check(puzzle));
    let exact = count.exact();
    let count = count.found();
    let (a, b) = (dlx.solve(puzzle), bitmask.solve(puzzle));
    prop_assert_eq!(a.is_some(), count > 0);
    prop_assert_eq!(b.is_some(), count > 0);
    if let (Some(a), Some(b)) = (&a, &b) {
        prop_assert!(a.is_solution_of(puzzle));
        prop_assert!(b.is_solution_of(puzzle));
        if count == 1 {
            prop_assert_eq!(a, b);
        }
    }
    if puzzle.validate().is_err() {
        prop_assert_eq!(count, 0);
    }
    // When the count is exact, the DLX solutions are that many distinct solutions, and
    // the bitmask solver's first is among them.
    if exact.is_some() {
        prop_assert!(count <= limit);
        let mut all: Vec<Grid> = dlx.solutions(puzzle).collect();
        prop_assert_eq!(all.len() as u64, count);
        prop_assert!(all.iter().all(|s| s.is_solution_of(puzzle)));
        if let Some(b) = &b {
            prop_assert!(all.contains(b));
        }
        all.sort();
        all.dedup();
        prop_assert_eq!(all.len() as u64, count);
    }
    match bitmask.solve_unique(puzzle) {
        Ok(s) => prop_assert_eq!((Some(s), count), (a, 1)),
        Err(Verdict::NoSolution) => prop_assert_eq!(count, 0),
        Err(_) => prop_assert!(count >= 2),
    }
    Ok(())
}

fn wrong_givens() -> impl Strategy<Value = usize> {
    prop_oneof![3 => Just(0usize), 1 => 1usize..4]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn agree_4x4(seed: u64, blanks in 0usize..=100, wrong in wrong_givens()) {
        agree(&puzzle(2, seed, blanks, wrong), 300)?;
    }

    #[test]
    fn agree_9x9(seed: u64, blanks in 20usize..=85, wrong in wrong_givens()) {
        agree(&puzzle(3, seed, blanks, wrong), 50)?;
    }

    #[test]
    fn agree_16x16(seed: u64, blanks in 20usize..=55, wrong in wrong_givens()) {
        agree(&puzzle(4, seed, blanks, wrong), 10)?;
    }
}
