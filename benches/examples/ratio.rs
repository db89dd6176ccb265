//! Quick same-process ratios against the peers, for iterating on the engine and the
//! sudoku solver (criterion in `benches/` is the reference). Rounds alternate between the
//! two sides, so both see the same machine; each side's median round is reported, and
//! the ratio is peer time over ours (above 1: we are faster). Run with
//!
//! ```sh
//! cargo run --release -p dancing-benches --example ratio -- engine [CASE ...]
//! cargo run --release -p dancing-benches --example ratio -- sudoku [SET ...]
//! ```
//!
//! `engine` compares counting all solutions with the `dlx` crate and the `exact-covers`
//! crate (its solver, consumed by each search, is built before the clock starts); the
//! ratio is each peer's median over ours. `sudoku` compares counting up to 2 solutions
//! per puzzle with the `sudoku` crate, then times the per-puzzle setup of the DLX solver.

use dancing::Engine;
use dancing::SplitEngine;
#[path = "../peers/exact_covers.rs"]
mod exact_covers_peer;

use std::hint::black_box;
use std::time::{Duration, Instant};

use dancing_benches::{SUDOKU_SETS, engine_cases, force_givens, givens, sudoku_set};
use dancing_sudoku::BandSolver;
use dancing_sudoku::{Solve, SudokuSolver, encoding};
use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Alternates `ours` and `theirs` for `rounds` rounds; returns both medians.
fn alternate(
    rounds: usize,
    mut ours: impl FnMut(),
    mut theirs: impl FnMut(),
) -> (Duration, Duration) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let t = Instant::now();
        ours();
        a.push(t.elapsed());
        let t = Instant::now();
        theirs();
        b.push(t.elapsed());
    }
    (median(a), median(b))
}

/// Alternates the sides for `rounds` rounds, each side timing its own round (so that it
/// can leave its setup out); returns each side's median.
fn alternate_timed<const N: usize>(
    rounds: usize,
    mut sides: [&mut dyn FnMut() -> Duration; N],
) -> [Duration; N] {
    let mut times: [Vec<Duration>; N] = std::array::from_fn(|_| Vec::new());
    for _ in 0..rounds {
        for (side, times) in sides.iter_mut().zip(&mut times) {
            times.push(side());
        }
    }
    times.map(median)
}

/// Times one call of `f`.
fn timed(f: impl FnOnce()) -> Duration {
    let t = Instant::now();
    f();
    t.elapsed()
}

fn wanted(args: &[String], name: &str) -> bool {
    args.is_empty() || args.iter().any(|w| w == name)
}

fn engine(args: &[String]) {
    for case in engine_cases().iter().filter(|c| wanted(args, c.name)) {
        let text = case.knuth_text();
        let problem = dancing::format::parse_str(&text).expect("dancing reads its own format");
        let mut solver = dancing::Solver::new(&problem);
        let spec = dlx::Spec::new(&text, false).expect("the dlx crate reads the problem");
        let mut peer = dlx::x::Problem::from_spec(&spec, dlx::OptOrder::Seq)
            .expect("the dlx crate builds the problem");
        let mut peer_count = || {
            let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
            let mut peer_solver = dlx::Solver::new(&mut peer);
            let mut n = 0u64;
            while peer_solver.next_solution(&mut chooser) {
                n += 1;
            }
            n
        };
        let exact_covers = exact_covers_peer::ExactCovers::new(&case.problem);
        assert_eq!(solver.count(), case.solutions, "{}", case.name);
        assert_eq!(peer_count(), case.solutions, "dlx on {}", case.name);
        assert_eq!(
            exact_covers.count(),
            case.solutions,
            "exact-covers on {}",
            case.name
        );
        let rounds = if case.slow { 5 } else { 11 };
        let [ours, dlx, exact] = alternate_timed(
            rounds,
            [
                &mut || {
                    timed(|| {
                        let _ = black_box(solver.count());
                    })
                },
                &mut || {
                    timed(|| {
                        black_box(peer_count());
                    })
                },
                &mut || {
                    let peer = exact_covers.solver();
                    timed(|| {
                        black_box(exact_covers_peer::count(peer));
                    })
                },
            ],
        );
        let ratio = |d: Duration| d.as_secs_f64() / ours.as_secs_f64();
        println!(
            "{:<20} dancing {:>10.1?}  dlx {:>10.1?} (ratio {:.3})  exact-covers {:>10.1?} (ratio {:.3})",
            case.name,
            ours,
            dlx,
            ratio(dlx),
            exact,
            ratio(exact)
        );
    }
}

fn sudoku(args: &[String]) {
    const ROUNDS: usize = 15;
    let mut dlx = SudokuSolver::new();
    let mut bands = BandSolver::new();
    for set in SUDOKU_SETS
        .iter()
        .filter(|s| s.nine_by_nine && wanted(args, s.name))
    {
        let grids = set.grids();
        let peer: Vec<sudoku::Sudoku> = set
            .lines()
            .map(|l| sudoku::Sudoku::from_str_line(l).expect("the sudoku crate reads it"))
            .collect();
        for (g, s) in grids.iter().zip(&peer) {
            assert_eq!(
                dlx.count_up_to(g, 2).found(),
                s.solutions_count_up_to(2) as u64,
                "{}",
                set.name
            );
        }
        for g in &grids {
            assert_eq!(
                dlx.count_up_to(g, 2),
                bands.count_up_to(g, 2),
                "{}",
                set.name
            );
        }
        let count_all = |solver: &mut dyn Solve| {
            timed(|| {
                black_box(
                    grids
                        .iter()
                        .map(|g| solver.count_up_to(g, 2).found())
                        .sum::<u64>(),
                );
            })
        };
        let [links, ours, theirs] = alternate_timed(
            ROUNDS,
            [
                &mut || count_all(&mut dlx),
                &mut || count_all(&mut bands),
                &mut || {
                    timed(|| {
                        black_box(
                            peer.iter()
                                .map(|s| black_box(*s).solutions_count_up_to(2) as u64)
                                .sum::<u64>(),
                        );
                    })
                },
            ],
        );
        let rate = |d: Duration| grids.len() as f64 / d.as_secs_f64() / 1000.0;
        println!(
            "{:<24} dlx {:>8.1} k/s  bands {:>8.1} k/s  sudoku crate {:>8.1} k/s  ratio bands {:.3}  dlx {:.3}",
            set.name,
            rate(links),
            rate(ours),
            rate(theirs),
            theirs.as_secs_f64() / ours.as_secs_f64(),
            theirs.as_secs_f64() / links.as_secs_f64()
        );
    }

    let puzzles = sudoku_set("17-clue").grids();
    let problem = encoding::problem(dancing_sudoku::Shape::CLASSIC);
    let (mut forcing, mut setting) = (
        dancing::Solver::new(&problem),
        dancing::Solver::new(&problem),
    );
    let givens: Vec<Vec<dancing::OptionId>> = puzzles.iter().map(givens).collect();
    let (force, set) = alternate(
        ROUNDS,
        || {
            for g in &puzzles {
                assert!(force_givens(&mut forcing, g));
                forcing.release();
            }
        },
        || {
            for g in &givens {
                assert!(setting.set_forced(g.iter().copied()).is_ok());
            }
            setting.release();
        },
    );
    let per = |d: Duration| d / puzzles.len() as u32;
    println!(
        "setup, 17-clue, per puzzle: force + release {:?}, set_forced {:?}",
        per(force),
        per(set)
    );
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("engine") => engine(&args[1..]),
        Some("sudoku") => sudoku(&args[1..]),
        _ => {
            eprintln!("usage: ratio engine [CASE ...] | ratio sudoku [SET ...]");
            return std::process::ExitCode::from(2);
        }
    }
    std::process::ExitCode::SUCCESS
}
