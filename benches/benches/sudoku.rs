//! Sudoku throughput: the bit-parallel 9×9 solver (`BandSolver`, the default for 9×9),
//! the DLX solver and the bitmask baseline of `dancing-sudoku` against the `sudoku` crate
//! (a JCZSolve port), counting up to 2 solutions per puzzle (tdoku's uniqueness check). Parsing is outside the timing; every solver must agree on every
//! puzzle's count before anything is timed.
//!
//! Also the per-puzzle setup of the DLX solver: forcing the givens into the matrix built
//! once, and releasing them.

use dancing::Engine;
use dancing::SplitEngine;
use std::hint::black_box;
mod common;

use common::ThreadCpuTime;
use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use dancing::Branching;
use dancing_benches::{SUDOKU_SETS, force_givens, givens, sudoku_set};
use dancing_sudoku::BandSolver;
use dancing_sudoku::BitmaskSolver;
use dancing_sudoku::{Grid, Solve, SudokuSolver, encoding};

/// The uniqueness check of tdoku's benchmark.
const LIMIT: u64 = 2;

/// The bitmask baseline runs on every `BITMASK_STRIDE`-th puzzle of a set of 100 or more.
const BITMASK_STRIDE: usize = 5;

/// Puzzles as each solver takes them, parsed once.
struct Inputs {
    grids: Vec<Grid>,
    /// The `sudoku` crate's puzzles, for 9×9 sets.
    peer: Option<Vec<sudoku::Sudoku>>,
}

fn inputs(set: dancing_benches::SudokuSet) -> Inputs {
    let grids = set.grids();
    let peer = set.nine_by_nine.then(|| {
        set.lines()
            .map(|line| sudoku::Sudoku::from_str_line(line).expect("the sudoku crate reads it"))
            .collect()
    });
    Inputs { grids, peer }
}

fn count_all(solve: impl FnMut(&Grid) -> u64, grids: &[Grid]) -> u64 {
    grids.iter().map(solve).sum()
}

fn throughput(c: &mut Criterion<ThreadCpuTime>) {
    let mut group = c.benchmark_group("sudoku");
    let mut dlx = SudokuSolver::new();
    let mut bitmask = BitmaskSolver::new();
    let mut bands = BandSolver::new();
    for set in SUDOKU_SETS {
        let Inputs { grids, peer } = inputs(set);

        // Same count for every puzzle from every solver before timing.
        let counts: Vec<u64> = grids
            .iter()
            .map(|g| dlx.count_up_to(g, LIMIT).found())
            .collect();
        for (k, g) in grids.iter().enumerate() {
            assert_eq!(
                bitmask.count_up_to(g, LIMIT).found(),
                counts[k],
                "bitmask, {} #{k}",
                set.name
            );
        }
        for (k, g) in grids.iter().enumerate() {
            assert_eq!(
                bands.count_up_to(g, LIMIT).found(),
                counts[k],
                "bands, {} #{k}",
                set.name
            );
        }
        if let Some(peer) = &peer {
            for (k, s) in peer.iter().enumerate() {
                let theirs = s.solutions_count_up_to(LIMIT as usize) as u64;
                assert_eq!(theirs, counts[k], "sudoku crate, {} #{k}", set.name);
            }
        }
        let several = counts.iter().filter(|&&n| n > 1).count();
        eprintln!(
            "{}: {} puzzles, {several} with several solutions",
            set.name,
            grids.len()
        );

        group.throughput(Throughput::Elements(grids.len() as u64));
        group.sample_size(10).sampling_mode(SamplingMode::Flat);
        if set.nine_by_nine {
            group.bench_function(BenchmarkId::new("dancing-bands", set.name), |b| {
                b.iter(|| count_all(|g| bands.count_up_to(g, LIMIT).found(), &grids));
            });
        }
        group.bench_function(BenchmarkId::new("dancing-dlx", set.name), |b| {
            b.iter(|| count_all(|g| dlx.count_up_to(g, LIMIT).found(), &grids));
        });
        // The engine under the same givens the plain way: TAOCP's branching (a full MRV
        // scan at every node), the givens forced by covering and released after each
        // search. The solver's own path differs in both; this shows what they give.
        let mut engine = dancing::Solver::new(&encoding::problem(grids[0].shape()));
        engine.set_branching(Branching::Knuth);
        let mut plain = |g: &Grid| {
            let count = if force_givens(&mut engine, g) {
                engine.count_up_to(LIMIT).found()
            } else {
                0
            };
            engine.release();
            count
        };
        assert_eq!(
            grids.iter().map(&mut plain).collect::<Vec<_>>(),
            counts,
            "plain engine, {}",
            set.name
        );
        group.bench_function(BenchmarkId::new("dancing-dlx-plain", set.name), |b| {
            b.iter(|| count_all(&mut plain, &grids));
        });

        // The baseline is far slower; every fifth puzzle of a large set keeps it short.
        let stride = if grids.len() >= 100 {
            BITMASK_STRIDE
        } else {
            1
        };
        let sample: Vec<Grid> = grids.iter().step_by(stride).cloned().collect();
        group.throughput(Throughput::Elements(sample.len() as u64));
        group.bench_function(BenchmarkId::new("bitmask", set.name), |b| {
            b.iter(|| count_all(|g| bitmask.count_up_to(g, LIMIT).found(), &sample));
        });
        group.throughput(Throughput::Elements(grids.len() as u64));
        if let Some(peer) = &peer {
            group.bench_function(BenchmarkId::new("sudoku-crate", set.name), |b| {
                b.iter(|| {
                    peer.iter()
                        .map(|s| black_box(*s).solutions_count_up_to(LIMIT as usize) as u64)
                        .sum::<u64>()
                });
            });
        }
    }
    group.finish();
}

/// Forcing the givens into the 9×9 matrix, per puzzle: 17-clue puzzles, and solved grids
/// (81 givens, the most work a setup can take). `set-forced` is the solver's path (one
/// relink of the matrix replaces the last puzzle's givens); `force-release` covers the
/// givens one by one and uncovers them after.
fn setup(c: &mut Criterion<ThreadCpuTime>) {
    let mut group = c.benchmark_group("setup");
    let puzzles = sudoku_set("17-clue").grids();
    let mut dlx = SudokuSolver::with_shape(dancing_sudoku::Shape::CLASSIC);
    let solved: Vec<Grid> = puzzles
        .iter()
        .map(|g| dlx.solve(g).expect("17-clue puzzles are solvable"))
        .collect();
    let mut solver = dancing::Solver::new(&dancing_sudoku::encoding::problem(
        dancing_sudoku::Shape::CLASSIC,
    ));
    for (name, grids) in [("17-clue", &puzzles), ("solved-grid", &solved)] {
        let givens: Vec<Vec<dancing::OptionId>> = grids.iter().map(givens).collect();
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.bench_function(BenchmarkId::new("set-forced", name), |b| {
            b.iter(|| {
                for g in &givens {
                    assert!(solver.set_forced(g.iter().copied()).is_ok());
                }
            });
        });
        solver.release();
        group.bench_function(BenchmarkId::new("force-release", name), |b| {
            b.iter(|| {
                for g in grids {
                    assert!(force_givens(&mut solver, g));
                    solver.release();
                }
            });
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = throughput, setup
}
criterion_main!(benches);
