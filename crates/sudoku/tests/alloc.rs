//! The per-puzzle paths allocate nothing once a solver has seen a puzzle of the order:
//! counting (a uniqueness check), solving into a grid, visiting, and the baseline's
//! counting, and the variants' solver. One test only, since the allocation counter is global to the process.

#[path = "it/common/mod.rs"]
mod common;

use std::alloc::System;
use std::ops::ControlFlow;

use dancing_sudoku::bitmask::BitmaskSolver;
use dancing_sudoku::{Grid, Solve, SudokuSolver, Variant, VariantSolver};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

#[test]
fn no_allocation_per_puzzle() {
    let puzzles = common::puzzles("17_clue_1000.txt");
    let mut tdoku: Vec<Grid> = common::tdoku().into_iter().map(|(p, _, _)| p).collect();
    tdoku.extend(puzzles.iter().take(200).cloned());
    let conflicting: Grid =
        "55..............................................................................."
            .parse()
            .unwrap();
    tdoku.push(conflicting);

    let mut dlx = SudokuSolver::with_order(3);
    let mut bitmask = BitmaskSolver::new();
    let mut solution = Grid::empty(3);
    // Warm up: the first puzzle of an order builds what is reused.
    let _ = dlx.count_up_to(&puzzles[0], 2);
    dlx.solve_into(&puzzles[0], &mut solution);
    dlx.visit(&puzzles[0], |_| ControlFlow::Continue(()));
    let _ = bitmask.count_up_to(&puzzles[0], 2);
    let mut hyper = VariantSolver::new();
    hyper.set_variant(Variant::Hyper);
    let _ = hyper.count_up_to(&puzzles[0], 2);
    hyper.solve_into(&puzzles[0], &mut solution);

    let region = Region::new(GLOBAL);
    let mut unique = 0;
    let mut solved = 0;
    let mut visited = 0;
    for puzzle in &tdoku {
        unique += u64::from(dlx.count_up_to(puzzle, 2) == 1);
        solved += u64::from(dlx.solve_into(puzzle, &mut solution));
        dlx.visit(puzzle, |_| {
            visited += 1;
            ControlFlow::Break(())
        });
        let _ = bitmask.count_up_to(puzzle, 2);
        let _ = hyper.count_up_to(puzzle, 2);
        hyper.solve_into(puzzle, &mut solution);
    }
    let change = region.change();
    assert_eq!(
        (change.allocations, change.reallocations),
        (0, 0),
        "{change:?}"
    );
    assert!(unique >= 200 && solved >= unique && visited == solved);
}
