//! Quick same-process ratios of the DLX sudoku solver against the `sudoku` crate and of
//! the per-puzzle setup, for iterating on the solver (criterion in `benches/` is the
//! reference). Rounds alternate between the solvers; each solver's median round is
//! reported. Run with
//!
//! ```sh
//! cargo run --release -p dancing-benches --example ratio [SET ...]
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use dancing_benches::{SUDOKU_SETS, force_givens, givens, sudoku_set};
use dancing_sudoku::{SudokuSolver, encoding};

const ROUNDS: usize = 15;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    let mut dlx = SudokuSolver::new();
    for set in SUDOKU_SETS
        .iter()
        .filter(|s| s.nine_by_nine && (wanted.is_empty() || wanted.iter().any(|w| w == s.name)))
    {
        let grids = set.grids();
        let peer: Vec<sudoku::Sudoku> = set
            .lines()
            .map(|l| sudoku::Sudoku::from_str_line(l).expect("the sudoku crate reads it"))
            .collect();
        for (g, s) in grids.iter().zip(&peer) {
            assert_eq!(
                dlx.count_up_to(g, 2),
                s.solutions_count_up_to(2) as u64,
                "{}",
                set.name
            );
        }
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            let t = Instant::now();
            black_box(grids.iter().map(|g| dlx.count_up_to(g, 2)).sum::<u64>());
            ours.push(t.elapsed());
            let t = Instant::now();
            black_box(
                peer.iter()
                    .map(|s| black_box(*s).solutions_count_up_to(2) as u64)
                    .sum::<u64>(),
            );
            theirs.push(t.elapsed());
        }
        let (ours, theirs) = (median(ours), median(theirs));
        let rate = |d: Duration| grids.len() as f64 / d.as_secs_f64() / 1000.0;
        println!(
            "{:<24} dlx {:>8.1} k/s  sudoku crate {:>8.1} k/s  ratio {:.3}",
            set.name,
            rate(ours),
            rate(theirs),
            theirs.as_secs_f64() / ours.as_secs_f64()
        );
    }

    let puzzles = sudoku_set("17-clue").grids();
    let mut solver = dancing::Solver::new(&encoding::problem(3));
    let mut rounds = Vec::new();
    for _ in 0..ROUNDS {
        let t = Instant::now();
        for g in &puzzles {
            assert!(force_givens(&mut solver, g));
            solver.release();
        }
        rounds.push(t.elapsed());
    }
    println!(
        "setup, 17-clue, force + release: {:?} per puzzle",
        median(rounds) / puzzles.len() as u32
    );
    let givens: Vec<Vec<dancing::OptionId>> = puzzles.iter().map(givens).collect();
    let mut rounds = Vec::new();
    for _ in 0..ROUNDS {
        let t = Instant::now();
        for g in &givens {
            assert!(solver.set_forced(g.iter().copied()).is_ok());
        }
        rounds.push(t.elapsed());
    }
    println!(
        "setup, 17-clue, set_forced: {:?} per puzzle",
        median(rounds) / puzzles.len() as u32
    );
}
