//! Quick throughput figures (not a benchmark: the criterion suite in `benches/` is the
//! reference). Run with
//!
//! ```sh
//! cargo run --release -p dancing-sudoku --example measure [17-CLUE-FILE]
//! ```
//!
//! Prints, for the 17-clue puzzles (the bundled 1,000 or the given file): puzzles per
//! second counting up to 2 solutions with dancing links and with the bitmask baseline,
//! the per-puzzle setup time (forcing the givens and releasing them), the Gecode 16×16
//! times, and what happens on the Gecode 25×25 puzzles under a time limit.

use dancing::SplitEngine;
use std::hint::black_box;
use std::time::{Duration, Instant};

use dancing_sudoku::BitmaskSolver;
use dancing_sudoku::{Grid, Limits, Shape, Solve, SudokuSolver, encoding};

fn read(path: &str) -> Vec<Grid> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Grid::parse_line(l).unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

fn data(name: &str) -> String {
    format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `f` over all puzzles `rounds` times; returns puzzles per second in the fastest
/// round (the machine may be shared: the fastest round is the least disturbed).
fn rate(puzzles: &[Grid], rounds: usize, mut f: impl FnMut(&Grid) -> u64) -> f64 {
    let mut best = Duration::MAX;
    let mut sum = 0;
    for _ in 0..rounds {
        let started = Instant::now();
        for p in puzzles {
            sum += f(p);
        }
        best = best.min(started.elapsed());
    }
    black_box(sum);
    puzzles.len() as f64 / best.as_secs_f64()
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| data("17_clue_1000.txt"));
    let puzzles = read(&path);
    println!("{} puzzles from {path}", puzzles.len());

    let mut dlx = SudokuSolver::with_shape(Shape::CLASSIC);
    let mut bitmask = BitmaskSolver::new();
    for p in &puzzles {
        assert_eq!(dlx.count_up_to(p, 2), bitmask.count_up_to(p, 2));
    }
    let dlx_rate = rate(&puzzles, 10, |p| dlx.count_up_to(p, 2).found());
    let bitmask_rate = rate(&puzzles, 2, |p| bitmask.count_up_to(p, 2).found());
    println!("count_up_to(2), dlx:     {dlx_rate:>10.0} puzzles/s");
    println!("count_up_to(2), bitmask: {bitmask_rate:>10.0} puzzles/s");
    println!("ratio dlx/bitmask:       {:>10.1}", dlx_rate / bitmask_rate);
    let mut nodes = (0u64, 0u64);
    for p in &puzzles {
        let _ = dlx.count_up_to(p, 2);
        nodes.0 += dlx.stats().nodes;
        let _ = bitmask.count_up_to(p, 2);
        nodes.1 += bitmask.stats().nodes;
    }
    println!(
        "mean nodes per puzzle:   dlx {:.0}, bitmask {:.0}",
        nodes.0 as f64 / puzzles.len() as f64,
        nodes.1 as f64 / puzzles.len() as f64
    );
    setup(&puzzles, &mut dlx);
    sixteen(&mut dlx, &mut bitmask);
    twentyfive();
}

/// Setup alone: force the givens, release them, on the engine directly (what
/// `SudokuSolver` does around every search); then the whole count path on solved grids.
fn setup(puzzles: &[Grid], dlx: &mut SudokuSolver) {
    let mut engine = dancing::Solver::new(&encoding::problem(Shape::CLASSIC));
    let options: Vec<Vec<dancing::OptionId>> = puzzles
        .iter()
        .map(|p| {
            (0..81)
                .filter(|&k| p.cells()[k] != 0)
                .map(|k| encoding::option(Shape::CLASSIC, k / 9, k % 9, p.cells()[k]))
                .collect()
        })
        .collect();
    let rounds = 50;
    let mut best = Duration::MAX;
    for _ in 0..rounds {
        let started = Instant::now();
        for givens in &options {
            for &o in givens {
                engine.force(o).unwrap();
            }
            engine.release();
        }
        best = best.min(started.elapsed());
    }
    let per = best / options.len() as u32;
    println!("setup (force 17 givens + release): {per:?} per puzzle");
    // And with the whole count path, on already solved (81-given) grids.
    let solved: Vec<Grid> = puzzles.iter().map(|p| dlx.solve(p).unwrap()).collect();
    let solved_rate = rate(&solved, 20, |p| dlx.count_up_to(p, 2).found());
    println!(
        "count_up_to(2) on solved grids (81 givens forced + release + search): {:?} per grid",
        Duration::from_secs_f64(1.0 / solved_rate)
    );
}

/// Gecode 16×16: solve and prove unique.
fn sixteen(dlx: &mut SudokuSolver, bitmask: &mut BitmaskSolver) {
    let sixteen = read(&data("gecode_16x16.txt"));
    let mut slowest = Duration::ZERO;
    let mut total = Duration::ZERO;
    for p in &sixteen {
        let t = Instant::now();
        assert_eq!(dlx.count_up_to(p, 2), 1);
        let e = t.elapsed();
        slowest = slowest.max(e);
        total += e;
    }
    println!(
        "gecode 16x16 ({}): count_up_to(2) mean {:?}, slowest {:?}",
        sixteen.len(),
        total / sixteen.len() as u32,
        slowest
    );
    let mut bitmask_total = Duration::ZERO;
    for p in &sixteen {
        let t = Instant::now();
        assert_eq!(bitmask.count_up_to(p, 2), 1);
        bitmask_total += t.elapsed();
    }
    println!(
        "gecode 16x16, bitmask: mean {:?}",
        bitmask_total / sixteen.len() as u32
    );
}

/// Gecode 25×25: the first solution under a time limit (`LIMIT_25` seconds, 10 by
/// default).
fn twentyfive() {
    let limit: u64 = std::env::var("LIMIT_25")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let limits = Limits::timeout(Duration::from_secs(limit));
    let mut dlx = SudokuSolver::new();
    dlx.set_limits(limits.clone());
    let mut bitmask = BitmaskSolver::new();
    bitmask.set_limits(limits);
    let twentyfive = read(&data("gecode_25x25.txt"));
    for (k, p) in twentyfive.iter().enumerate() {
        let t = Instant::now();
        let found = dlx.solve(p).is_some();
        let stats = dlx.stats();
        let d = t.elapsed();
        let t = Instant::now();
        let found_b = bitmask.solve(p).is_some();
        let b = t.elapsed();
        println!(
            "gecode 25x25 #{:>2} ({} givens): dlx {} in {:.2?} ({} nodes); bitmask {} in {:.2?}",
            k + 1,
            p.givens(),
            if found { "solved" } else { "gave up" },
            d,
            stats.nodes,
            if found_b { "solved" } else { "gave up" },
            b
        );
    }
}
