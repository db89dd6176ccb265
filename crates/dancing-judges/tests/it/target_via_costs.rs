//! The NOIP 2009 target sudoku re-expressed as a minimum-cost exact cover, solved by the
//! engine's generic branch and bound ([`dancing::Solver::min_cost`]) and checked against
//! the judge's answers and against the dedicated solver of [`dancing_judges::target`].
//!
//! Each option (row, column, value) costs `90 − weight × value`, which is never negative
//! since weights are at most 10 and values at most 9. Every solution has 81 options, so
//! its score is `81 × 90 − cost`: the cheapest solution has the highest score.

use crate::common;
use dancing::Engine;
use dancing::SplitEngine;

use dancing::{OptionId, Problem, Solver};
use dancing_judges::target;
use dancing_sudoku::{Grid, Shape, encoding};
use proptest::prelude::*;

const MAX_PRICE: u64 = 90;

/// The sudoku matrix of `encoding::problem(Shape::CLASSIC)`, option for option, with costs.
fn costed_problem() -> Problem {
    let plain = encoding::problem(Shape::CLASSIC);
    let mut b = Problem::builder();
    for item in plain.items() {
        b.primary(plain.item_name(item)).unwrap();
    }
    for option in plain.options() {
        let id = b
            .option(plain.option_items(option).map(|(i, _)| i))
            .unwrap();
        assert_eq!(id, option);
        let (r, c, value) = encoding::decode(Shape::CLASSIC, option);
        b.set_cost(id, MAX_PRICE - target::weight(9, r, c) * u64::from(value));
    }
    b.build().unwrap()
}

/// The highest score by branch and bound on costs, with the solution reaching it.
fn max_score_via_costs(problem: &Problem, puzzle: &Grid) -> Option<(u64, Vec<OptionId>)> {
    let mut solver = Solver::new(problem);
    for r in 0..9 {
        for c in 0..9 {
            let value = puzzle.get(r, c);
            if value != 0
                && solver
                    .force(encoding::option(Shape::CLASSIC, r, c, value))
                    .is_err()
            {
                return None;
            }
        }
    }
    let best = solver.min_cost();
    solver.check_integrity().unwrap();
    assert!(solver.stats().is_complete());
    solver.release();
    solver.check_integrity().unwrap();
    let best = best?;
    assert_eq!(best.options().len(), 81);
    Some((
        81 * MAX_PRICE - u64::try_from(best.cost()).expect("81 prices fit"),
        best.into_solution().into_options(),
    ))
}

fn grid_of(options: &[OptionId]) -> Grid {
    let mut cells = vec![0u8; 81];
    for &o in options {
        let (r, c, value) = encoding::decode(Shape::CLASSIC, o);
        cells[r * 9 + c] = value;
    }
    Grid::from_cells(Shape::CLASSIC, cells).unwrap()
}

#[test]
fn the_judges_samples() {
    let problem = costed_problem();
    for (text, expected) in common::NOIP_SAMPLES {
        let puzzle = Grid::parse_numbers(text).unwrap();
        let (score, options) = max_score_via_costs(&problem, &puzzle).expect("solvable");
        assert_eq!(score, expected);
        let grid = grid_of(&options);
        assert!(grid.is_solution_of(&puzzle));
        assert_eq!(target::score(&grid), score);
        assert_eq!(target::max_score(&puzzle), Some(score));
    }
}

#[test]
fn a_contradiction_has_no_score() {
    let problem = costed_problem();
    // Sample 1 with a 7 added where its row already has one: forcing fails at once.
    let mut puzzle = Grid::parse_numbers(common::NOIP_1).unwrap();
    puzzle.set(0, 1, 7);
    assert_eq!(max_score_via_costs(&problem, &puzzle), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Sample 1 with some givens erased (so with many solutions): both solvers agree.
    #[test]
    fn agrees_with_the_dedicated_solver(erase in proptest::collection::vec(0usize..81, 1..8)) {
        let problem = costed_problem();
        let mut puzzle = Grid::parse_numbers(common::NOIP_1).unwrap();
        for k in erase {
            puzzle.set(k / 9, k % 9, 0);
        }
        let ours = max_score_via_costs(&problem, &puzzle).map(|(score, _)| score);
        prop_assert_eq!(ours, target::max_score(&puzzle));
    }
}
