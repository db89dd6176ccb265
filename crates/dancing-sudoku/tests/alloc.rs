//! The per-puzzle paths allocate nothing once a solver has seen a puzzle of the order:
//! the engine forcing givens, counting and releasing; the sudoku solver counting (a
//! uniqueness check), solving into a grid and visiting; the baseline's counting; the
//! variants' solver.
//!
//! The global allocator counts per thread: each test reads only its own thread's
//! allocations, so the harness's threads (and the other tests running beside it) never
//! show up in a count, whatever the load.

#![allow(unsafe_code)] // a global allocator is an `unsafe impl`; it only forwards to `System`

use dancing::Engine;
use dancing::SplitEngine;
#[path = "it/common/mod.rs"]
mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ops::ControlFlow;

use dancing_sudoku::BitmaskSolver;
use dancing_sudoku::{Grid, Solve, SudokuSolver, Variant, VariantSolver};

/// `System`, counting the allocations and reallocations of the calling thread.
struct PerThread;

thread_local! {
    /// (allocations, reallocations) made by this thread. A `const` thread-local of a
    /// `Cell` has no destructor and is never lazily allocated, so reading it from inside
    /// the allocator cannot recurse.
    static COUNTS: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

// SAFETY: every method forwards its arguments unchanged to `System`, which upholds
// `GlobalAlloc`'s contract; the counting touches only a thread-local `Cell`.
unsafe impl GlobalAlloc for PerThread {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        COUNTS.with(|c| c.set((c.get().0 + 1, c.get().1)));
        // SAFETY: the caller's guarantees on `layout` are passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        COUNTS.with(|c| c.set((c.get().0 + 1, c.get().1)));
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout` (every path above).
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        COUNTS.with(|c| c.set((c.get().0, c.get().1 + 1)));
        // SAFETY: as for `dealloc`; `new_size` is the caller's, unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: PerThread = PerThread;

/// (allocations, reallocations) that this thread makes while running `f`.
fn allocations_of(f: impl FnOnce()) -> (u64, u64) {
    let before = COUNTS.with(Cell::get);
    f();
    let after = COUNTS.with(Cell::get);
    (after.0 - before.0, after.1 - before.1)
}

/// Unique (17-clue, tdoku's), several-solution (tdoku's) and clashing puzzles.
fn mixed_puzzles() -> Vec<Grid> {
    let mut puzzles: Vec<Grid> = common::tdoku().into_iter().map(|(p, _, _)| p).collect();
    puzzles.extend(common::puzzles("17_clue_1000.txt").into_iter().take(200));
    puzzles.extend(
        common::puzzles("forum_hardest_200.txt")
            .into_iter()
            .take(50),
    );
    let clashing = format!("55{}", ".".repeat(79));
    puzzles.push(clashing.parse().unwrap());
    puzzles
}

/// Runs `per_puzzle` over `puzzles` once to warm up, then again while counting; asserts
/// both passes agree and returns the second pass's allocations.
fn second_pass(puzzles: &[Grid], mut per_puzzle: impl FnMut(&Grid) -> u64) -> (u64, u64) {
    let warm: u64 = puzzles.iter().map(&mut per_puzzle).sum();
    let mut counted = 0;
    let change = allocations_of(|| counted = puzzles.iter().map(&mut per_puzzle).sum());
    assert_eq!(warm, counted, "the same answers on both passes");
    change
}

#[test]
fn the_engine_forces_counts_and_releases_without_allocating() {
    let puzzles = mixed_puzzles();
    let mut engine = dancing::Solver::new(&dancing_sudoku::encoding::problem(
        dancing_sudoku::Shape::CLASSIC,
    ));
    let change = second_pass(&puzzles, |g| {
        let forced = dancing_sudoku::encoding::givens(g).all(|o| engine.force(o).is_ok());
        let count = if forced {
            engine.count_up_to(2).found()
        } else {
            0
        };
        engine.release();
        count
    });
    assert_eq!(change, (0, 0), "force + count_up_to(2) + release");
}

#[test]
fn the_sudoku_solver_counts_solves_and_visits_without_allocating() {
    let puzzles = mixed_puzzles();
    let mut dlx = SudokuSolver::with_shape(dancing_sudoku::Shape::CLASSIC);
    let mut solution = Grid::empty(3);
    let change = second_pass(&puzzles, |g| {
        let unique = u64::from(dlx.count_up_to(g, 2) == 1);
        let solved = dlx.solve_into(g, &mut solution);
        let mut visited = 0;
        dlx.visit(g, |_| {
            visited += 1;
            ControlFlow::Break(())
        });
        // The answers are checked by the passes agreeing and below, outside the count
        // (checking a solution allocates).
        unique + 2 * u64::from(solved) + 4 * visited
    });
    assert_eq!(change, (0, 0), "count_up_to(2), solve_into, visit");
    for g in &puzzles {
        if dlx.solve_into(g, &mut solution) {
            assert!(solution.is_solution_of(g), "{g}");
        }
    }
}

#[test]
fn the_baseline_counts_without_allocating() {
    let puzzles = mixed_puzzles();
    let mut bitmask = BitmaskSolver::new();
    let change = second_pass(&puzzles, |g| bitmask.count_up_to(g, 2).found());
    assert_eq!(change, (0, 0), "BitmaskSolver::count_up_to(_, 2)");
}

#[test]
fn the_variant_solver_counts_and_solves_without_allocating() {
    let puzzles = mixed_puzzles();
    let mut hyper = VariantSolver::new();
    hyper.set_variant(Variant::Hyper);
    let mut solution = Grid::empty(3);
    let change = second_pass(&puzzles, |g| {
        let count = hyper.count_up_to(g, 2).found();
        count + u64::from(hyper.solve_into(g, &mut solution))
    });
    assert_eq!(change, (0, 0), "hyper count_up_to(2), solve_into");
}

#[test]
fn the_counter_sees_only_this_threads_allocations() {
    // The oracle of the tests above: an allocation is counted on its own thread...
    let (here, _) = allocations_of(|| drop(std::hint::black_box(vec![1u8; 64])));
    assert_eq!(here, 1);
    // ...and not on another one: the other thread allocates 1,000 times, this one only
    // what spawning a thread takes (its handle and closure, a few allocations).
    let (spawning, _) = allocations_of(|| {
        std::thread::scope(|s| {
            s.spawn(|| {
                for _ in 0..1000 {
                    drop(std::hint::black_box(vec![1u8; 64]));
                }
            });
        });
    });
    assert!(spawning < 100, "{spawning}");
}
