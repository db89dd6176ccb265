//! Times the two killer models of `dancing_sudoku::variant` (not a benchmark: a quick
//! measurement for the module docs). Run with
//!
//! ```sh
//! cargo run --release -p dancing-sudoku --example killer_models
//! ```
//!
//! For each published killer of `tests/it/common/killer_published.txt`, with no givens
//! and with three givens, prints the matrix size and the time of a uniqueness check (a
//! count up to 2) under each model, best of 5: with a fresh solver (the matrix built
//! included), then searching again with the same solver (the search alone).

use std::time::{Duration, Instant};

use dancing_sudoku::parse::Batch;
use dancing_sudoku::variant::KillerModel;
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{Grid, Solve, Stats, Variant, VariantSolver};

fn main() {
    let text = include_str!("../tests/it/common/killer_published.txt");
    let batch = Batch::new(text.as_bytes()).variant(Kind::Killer);
    for (k, puzzle) in batch.enumerate() {
        let puzzle = puzzle.expect("the published killers read");
        let variant = puzzle.variant;
        // Three givens (r1c1, r5c5, r9c9) of the unique solution.
        let solution = {
            let mut solver = VariantSolver::new();
            solver.set_variant(variant.clone());
            solver.solve(&puzzle.grid).expect("solvable")
        };
        let mut some = puzzle.grid.clone();
        for (r, c) in [(0, 0), (4, 4), (8, 8)] {
            some.set(r, c, solution.get(r, c));
        }
        for (label, grid) in [("no givens", &puzzle.grid), ("3 givens", &some)] {
            for model in [KillerModel::Combinations, KillerModel::Placements] {
                let problem = variant.problem_with(3, model).expect("valid");
                let (built, searched, stats) = time(&variant, model, grid);
                println!(
                    "killer {} ({label}), {model:?}: {} items, {} options; count to 2: {:.3} ms with the build, {:.3} ms search alone, {} nodes, {} updates",
                    k + 1,
                    problem.item_count(),
                    problem.option_count(),
                    built.as_secs_f64() * 1e3,
                    searched.as_secs_f64() * 1e3,
                    stats.nodes,
                    stats.updates,
                );
            }
        }
    }
}

/// The best of 5 uniqueness checks with a fresh solver (the matrix built each time),
/// the best of 5 more with the same solver (the search alone), and the search's stats.
fn time(variant: &Variant, model: KillerModel, grid: &Grid) -> (Duration, Duration, Stats) {
    let check = |solver: &mut VariantSolver| {
        let started = Instant::now();
        assert_eq!(solver.count_up_to(grid, 2).found(), 1);
        started.elapsed()
    };
    let fresh = || {
        let mut solver = VariantSolver::new();
        solver.set_killer_model(model);
        solver.set_variant(variant.clone());
        solver
    };
    let built = (0..5)
        .map(|_| {
            let started = Instant::now();
            check(&mut fresh());
            started.elapsed()
        })
        .min()
        .expect("five runs");
    let mut solver = fresh();
    check(&mut solver);
    let searched = (0..5).map(|_| check(&mut solver)).min().expect("five runs");
    (built, searched, solver.stats())
}
