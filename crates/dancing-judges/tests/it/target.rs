//! Target sudoku: the NOIP samples, and the branch and bound against exhaustive
//! enumeration.

use crate::common;

use common::Rng;
use dancing_judges::target;
use dancing_sudoku::{Grid, Solve, SudokuSolver};

#[test]
fn noip_samples() {
    for (text, score) in common::NOIP_SAMPLES {
        let puzzle = Grid::parse_numbers(text).unwrap();
        assert_eq!(target::max_score(&puzzle), Some(score));
        let (best, solution) = target::best_solution(&puzzle).unwrap();
        assert_eq!(best, score);
        assert!(solution.is_solution_of(&puzzle));
        assert_eq!(target::score(&solution), score);
    }
}

#[test]
fn weights() {
    assert_eq!(target::weight(9, 4, 4), 10);
    assert_eq!(target::weight(9, 0, 0), 6);
    assert_eq!(target::weight(9, 8, 3), 6);
    assert_eq!(target::weight(9, 2, 5), 8);
    assert_eq!(target::weight(9, 3, 7), 7);
    // The score of any complete grid counts every cell once.
    let total: u64 = (0..9)
        .flat_map(|r| (0..9).map(move |c| target::weight(9, r, c)))
        .sum();
    assert_eq!(total, 6 * 32 + 7 * 24 + 8 * 16 + 9 * 8 + 10);
}

#[test]
fn no_solution() {
    let puzzle: Grid =
        "11..............................................................................."
            .parse()
            .unwrap();
    assert_eq!(target::max_score(&puzzle), None);
    // Consistent givens but no solution.
    let tdoku = common::tdoku();
    let (none, _, _) = tdoku.iter().find(|(_, count, _)| *count == 0).unwrap();
    assert_eq!(target::max_score(none), None);
}

/// The best score by enumerating every solution.
fn brute_force(puzzle: &Grid, solver: &mut SudokuSolver) -> Option<u64> {
    solver.solutions(puzzle).map(|s| target::score(&s)).max()
}

#[test]
fn branch_and_bound_is_exact() {
    let mut rng = Rng(2009);
    let mut solver = SudokuSolver::new();
    let mut checked = 0;
    while checked < 60 {
        let solved = common::random_solved(3, &mut rng);
        let blanks = 45 + rng.below(20);
        let mut puzzle = common::blank_cells(&solved, blanks, &mut rng);
        if rng.below(8) == 0 {
            // Sometimes a wrong given.
            let k = rng.below(81);
            puzzle.set(k / 9, k % 9, 1 + rng.below(9) as u8);
        }
        if !solver.count_up_to(&puzzle, 3000).is_complete() {
            continue;
        }
        assert_eq!(
            target::max_score(&puzzle),
            brute_force(&puzzle, &mut solver),
            "{puzzle}"
        );
        checked += 1;
    }
    // Every 4×4 grid: the best of the 288.
    let empty = Grid::empty(2);
    assert_eq!(target::max_score(&empty), brute_force(&empty, &mut solver));
}
