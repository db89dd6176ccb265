//! Hard sudoku: the default strategy (`AutoSolver`: dancing links under a node budget,
//! then the learner) against the peer, CaDiCaL with its defaults on the complete
//! encoding and no preprocessing, through the same `cadical` crate, one puzzle at a time.
//! Both answer the same question per puzzle: the first solution, then a blocking clause
//! and a second solve (unsatisfiable: the solution is unique). Puzzles alternate between
//! the two so that a change of machine load hits both alike.
//!
//! ```text
//! cargo run --release -p dancing-benches --example hard [FILE]
//! ```
//!
//! FILE defaults to the 16 minimal 25×25 Gecode puzzles. Prints one Markdown row per
//! puzzle and the totals, as in docs/benchmarks.md. `LEARNER=…` varies the learner, to
//! measure what each choice buys: comma-separated `no-rules`, `forced-only`,
//! `sequential`, `pairwise`, or a CaDiCaL option `name=value` (e.g. `phase=0`).

use std::time::Instant;

use dancing::cnf::Encoding;
use dancing::reduce::Rules;
use dancing_sat::Config;
use dancing_sudoku::{AutoSolver, Grid, Method, SatSolver, Solve, Verdict};

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../crates/dancing-sudoku/data/gecode_25x25.txt"
        )
        .to_owned()
    });
    let text = std::fs::read_to_string(&path).expect("readable puzzle file");
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.parse().expect("a puzzle per line"))
        .collect();
    let mut ours = AutoSolver::with_learner(SatSolver::with_config(config()));
    let (mut our_total, mut peer_total) = (0.0, 0.0);
    println!("| puzzle | DLX nodes before hand-off | conflicts | ours (s) | peer (s) | ratio |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for (k, puzzle) in puzzles.iter().enumerate() {
        let start = Instant::now();
        let peer_count = peer(puzzle);
        let peer_time = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let verdict = ours.check(puzzle);
        let our_time = start.elapsed().as_secs_f64();
        assert_eq!(verdict, Verdict::from_count(peer_count), "puzzle {}", k + 1);
        let conflicts = match ours.method() {
            Method::Learner { conflicts } => conflicts.to_string(),
            _ => "–".to_owned(),
        };
        println!(
            "| {} | {} | {conflicts} | {our_time:.2} | {peer_time:.2} | {:.2} |",
            k + 1,
            ours.stats().nodes,
            our_time / peer_time
        );
        our_total += our_time;
        peer_total += peer_time;
    }
    println!(
        "| total | | | {our_total:.1} | {peer_total:.1} | {:.2} |",
        our_total / peer_total
    );
}

/// The learner's configuration: the default, changed as `LEARNER` says.
fn config() -> Config {
    let mut config = Config::default();
    for change in std::env::var("LEARNER")
        .unwrap_or_default()
        .split(',')
        .filter(|c| !c.is_empty())
    {
        match change {
            "no-rules" => config.rules = Rules::none(),
            "forced-only" => config.rules.domination = false,
            "sequential" => config.encoding = Encoding::sequential(),
            "pairwise" => config.encoding = Encoding::pairwise(),
            option => {
                let (name, value) = option.split_once('=').expect("name=value");
                let value = value.parse().expect("an integer value");
                config.options.push((String::from(name).leak(), value));
            }
        }
    }
    config
}

/// The peer: the complete encoding (each cell, row-digit, column-digit and box-digit
/// takes at least one and, pairwise, at most one value), the givens as unit clauses,
/// CaDiCaL's defaults. Returns the number of solutions, up to 2.
fn peer(puzzle: &Grid) -> u64 {
    let shape = puzzle.shape();
    let n = puzzle.side();
    let var = |r: usize, c: usize, v: usize| i32::try_from((r * n + c) * n + v + 1).expect("small");
    let mut sat: cadical::Solver = cadical::Solver::new();
    for a in 0..n {
        for b in 0..n {
            let (br, bc) = shape.box_cell(a, 0);
            let groups: [Vec<i32>; 4] = [
                (0..n).map(|v| var(a, b, v)).collect(),
                (0..n).map(|c| var(a, c, b)).collect(),
                (0..n).map(|r| var(r, a, b)).collect(),
                (0..n)
                    .map(|i| var(br + i / shape.box_cols(), bc + i % shape.box_cols(), b))
                    .collect(),
            ];
            for group in &groups {
                sat.add_clause(group.iter().copied());
                for (i, &x) in group.iter().enumerate() {
                    for &y in &group[i + 1..] {
                        sat.add_clause([-x, -y]);
                    }
                }
            }
        }
    }
    for r in 0..n {
        for c in 0..n {
            let v = usize::from(puzzle.get(r, c));
            if v != 0 {
                sat.add_clause([var(r, c, v - 1)]);
            }
        }
    }
    let mut count = 0;
    while count < 2 && sat.solve() == Some(true) {
        count += 1;
        let all = i32::try_from(n * n * n).expect("small");
        let chosen: Vec<i32> = (1..=all)
            .filter(|&x| sat.value(x) == Some(true))
            .map(|x| -x)
            .collect();
        sat.add_clause(chosen);
    }
    count
}
