//! The speed of the colored and costed paths against the plain one, on the same problems.
//!
//! ```text
//! cargo run --release -p dancing --example paths
//! ```
//!
//! - N-queens counted by the plain loop (Algorithm X) and by the colored loop (Algorithm
//!   C), forced onto the same problem by one colored item that changes no solution.
//! - The same queens with costs: the cheapest solution by branch and bound against the
//!   cheapest found by enumerating every solution.
//! - A random rectangle tiling (ZOJ 3209 sizes): fewest pieces by branch and bound
//!   against enumeration.
//!
//! Each line gives the best of three runs (one when it takes over 5 seconds).

use dancing::Engine;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use dancing::problems::{Rectangle, queens, rectangle_tiling};
use dancing::{Limits, Problem, Solver, Stats, format};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n = std::env::args()
        .nth(1)
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(12);
    let plain = queens(n);
    let colored = with_a_harmless_color(&plain)?;
    let costed = with_costs(&plain)?;

    report("queens plain count", &plain, |s| {
        (s.count().found().into(), s.stats())
    });
    report("queens colored count", &colored, |s| {
        (s.count().found().into(), s.stats())
    });
    report("queens costed count", &costed, |s| {
        (s.count().found().into(), s.stats())
    });
    report("queens costed min_cost", &costed, |s| {
        (s.min_cost().map_or(u128::MAX, |b| b.cost()), s.stats())
    });
    report("queens costed min by enumeration", &costed, |s| {
        (min_by_enumeration(s), s.stats())
    });

    let tiling = random_tiling(30, 30, 500, 0x5eed);
    report("tiling 30x30/500 min_cost", &tiling, |s| {
        (s.min_cost().map_or(u128::MAX, |b| b.cost()), s.stats())
    });
    report("tiling 30x30/500 min by enumeration", &tiling, |s| {
        (min_by_enumeration(s), s.stats())
    });
    Ok(())
}

fn report(name: &str, problem: &Problem, run: impl Fn(&mut Solver) -> (u128, Stats)) {
    let mut best = Duration::MAX;
    let mut last = (0, Stats::default());
    for _ in 0..3 {
        if best != Duration::MAX && best > Duration::from_secs(5) {
            break;
        }
        let mut solver = Solver::new(problem);
        let started = Instant::now();
        last = run(&mut solver);
        best = best.min(started.elapsed());
    }
    let (answer, stats) = last;
    let stopped = stats
        .stopped
        .map_or(String::new(), |r| format!("  stopped: {r:?}"));
    println!(
        "{name:<38} answer {answer:>8}  {:>10} nodes {:>12} updates  {:>9.1} ms{stopped}",
        stats.nodes,
        stats.updates,
        best.as_secs_f64() * 1e3
    );
}

/// The problem plus one secondary item, colored in a single option: no solution changes,
/// but the search runs Algorithm C's loop.
fn with_a_harmless_color(problem: &Problem) -> Result<Problem, Box<dyn std::error::Error>> {
    let text = format::to_string(problem);
    let (items, options) = text.split_once('\n').ok_or("no item line")?;
    let (first, rest) = options.split_once('\n').ok_or("no option")?;
    Ok(format::parse_str(&format!(
        "{items} harmless\n{first} harmless:c\n{rest}"
    ))?)
}

/// Queens where the queen on row r, column c costs (3r + 5c) mod 11.
fn with_costs(problem: &Problem) -> Result<Problem, Box<dyn std::error::Error>> {
    let n = problem.primary_count() / 2;
    let text = format::to_string(problem);
    let mut lines = text.lines();
    let mut out = String::from(lines.next().ok_or("no item line")?);
    out.push('\n');
    for (k, line) in lines.enumerate() {
        let (r, c) = (k / n, k % n);
        out.push_str(&format!("{line} |{}\n", (3 * r + 5 * c) % 11));
    }
    Ok(format::parse_str(&out)?)
}

/// The cheapest solution by visiting them all (giving up after 20 seconds: see the
/// `stopped` column).
fn min_by_enumeration(solver: &mut Solver) -> u128 {
    solver.set_limits(Limits::timeout(Duration::from_secs(20)));
    let problem = solver.problem().clone();
    let mut best = u128::MAX;
    solver.visit(|options| {
        let cost = options
            .iter()
            .map(|&o| u128::from(problem.option_cost(o)))
            .sum();
        best = best.min(cost);
        ControlFlow::Continue(())
    });
    best
}

/// Random guillotine cuts of the board, one partition after another (so tilings exist
/// and can mix pieces of different partitions), then random small rectangles, `pieces`
/// in all.
fn random_tiling(width: usize, height: usize, pieces: usize, seed: u64) -> Problem {
    let mut state = seed;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut parts = Vec::new();
    while parts.len() < pieces * 9 / 10 {
        let mut cut = vec![Rectangle {
            x1: 0,
            y1: 0,
            x2: width,
            y2: height,
        }];
        while let Some(r) = cut.pop() {
            let (w, h) = (r.x2 - r.x1, r.y2 - r.y1);
            if w * h <= 12 || (w * h <= 80 && next(3) == 0) {
                parts.push(r);
            } else if w > h || (w == h && next(2) == 0) {
                let x = r.x1 + 1 + next(w - 1);
                cut.push(Rectangle { x2: x, ..r });
                cut.push(Rectangle { x1: x, ..r });
            } else {
                let y = r.y1 + 1 + next(h - 1);
                cut.push(Rectangle { y2: y, ..r });
                cut.push(Rectangle { y1: y, ..r });
            }
        }
    }
    while parts.len() < pieces {
        let (x1, y1) = (next(width), next(height));
        let x2 = (x1 + 1 + next(6)).min(width);
        let y2 = (y1 + 1 + next(6)).min(height);
        parts.push(Rectangle { x1, y1, x2, y2 });
    }
    parts.truncate(pieces);
    rectangle_tiling(width, height, &parts)
}
