//! The 9×9 per-puzzle path allocates nothing once warm: forcing the givens, counting up
//! to 2 solutions and releasing, on a solver reused across puzzles. Parsing is outside
//! the measured region. A counting global allocator sees every allocation of the
//! process, so this binary holds this one test only.

use dancing_benches::{force_givens, sudoku_set};
use dancing_sudoku::bitmask::BitmaskSolver;
use dancing_sudoku::{Grid, Solve, SudokuSolver};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

/// Runs `per_puzzle` over `puzzles` once to warm up, then again while counting
/// allocations; returns (allocations, reallocations) of the second pass.
fn allocations(puzzles: &[Grid], mut per_puzzle: impl FnMut(&Grid) -> u64) -> (usize, usize) {
    let warm: u64 = puzzles.iter().map(&mut per_puzzle).sum();
    let region = Region::new(GLOBAL);
    let counted: u64 = puzzles.iter().map(&mut per_puzzle).sum();
    let change = region.change();
    assert_eq!(warm, counted, "the same counts on both passes");
    (change.allocations, change.reallocations)
}

#[test]
fn nine_by_nine_counting_is_allocation_free() {
    // Unique (17-clue, hardest) and multi-solution (serg) puzzles.
    let puzzles: Vec<Grid> = ["17-clue", "forum-hardest-1106", "serg"]
        .into_iter()
        .flat_map(|name| sudoku_set(name).grids().into_iter().take(100))
        .collect();

    // The engine directly: force the givens, count, release.
    let mut engine = dancing::Solver::new(&dancing_sudoku::encoding::problem(3));
    let engine_path = allocations(&puzzles, |g| {
        let count = if force_givens(&mut engine, g) {
            engine.count_up_to(2).found()
        } else {
            0
        };
        engine.release();
        count
    });
    assert_eq!(engine_path, (0, 0), "force + count_up_to(2) + release");

    // The same path through the sudoku solver's API.
    let mut dlx = SudokuSolver::with_order(3);
    let solver_path = allocations(&puzzles, |g| dlx.count_up_to(g, 2).found());
    assert_eq!(solver_path, (0, 0), "SudokuSolver::count_up_to(_, 2)");

    // And the bitmask baseline.
    let mut bitmask = BitmaskSolver::new();
    let bitmask_path = allocations(&puzzles, |g| bitmask.count_up_to(g, 2).found());
    assert_eq!(bitmask_path, (0, 0), "BitmaskSolver::count_up_to(_, 2)");
}
