//! Snapshots of decoded solutions: the options the engine chose, turned back into grids
//! and printed as blocks with box separators.

use crate::common;
use dancing::Engine;
use dancing::SplitEngine;

use std::ops::ControlFlow;

use dancing::OptionId;
use dancing_sudoku::{Grid, Solve, SudokuSolver, encoding};

/// The first solution as the engine's options, decoded by arithmetic alone.
fn decoded(puzzle: &Grid) -> Grid {
    let shape = puzzle.shape();
    let mut solver = dancing::Solver::new(&encoding::problem(shape));
    for (k, &v) in puzzle.cells().iter().enumerate() {
        if v != 0 {
            let side = puzzle.side();
            solver
                .force(encoding::option(shape, k / side, k % side, v))
                .unwrap();
        }
    }
    let options: Vec<OptionId> = solver.first().unwrap().into_options();
    let mut grid = Grid::new(shape);
    for option in options {
        let (r, c, v) = encoding::decode(shape, option);
        grid.set(r, c, v);
    }
    // The solver of the crate decodes the same grid.
    assert_eq!(SudokuSolver::new().solve(puzzle).as_ref(), Some(&grid));
    grid
}

#[test]
fn decoded_4x4() {
    let puzzle: Grid = "1.3...1.2.4...2.".parse().unwrap();
    insta::assert_snapshot!("puzzle_4x4", format!("{puzzle:#}"));
    insta::assert_snapshot!("solution_4x4", format!("{:#}", decoded(&puzzle)));
    insta::assert_snapshot!("empty_4x4_first", format!("{:#}", decoded(&Grid::empty(2))));
}

#[test]
fn decoded_9x9() {
    let (name, puzzle) = common::famous().remove(0);
    assert!(name.starts_with("Arto Inkala 2012"));
    insta::assert_snapshot!("inkala_2012", format!("{:#}", decoded(&puzzle)));
}

#[test]
fn decoded_16x16() {
    let puzzle = common::puzzles("gecode_16x16.txt").remove(0);
    insta::assert_snapshot!("gecode_16x16_first", format!("{:#}", decoded(&puzzle)));
}

#[test]
fn visit_decodes_in_place() {
    let puzzle: Grid = "12..34..........".parse().unwrap();
    let mut solver = SudokuSolver::new();
    let mut text = String::new();
    solver.visit(&puzzle, |g| {
        text.push_str(&format!("{g:#}\n"));
        ControlFlow::Continue(())
    });
    insta::assert_snapshot!("all_solutions_12_34", text);
}
