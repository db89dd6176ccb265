//! Times counting all solutions sequentially and in parallel, alternating runs, and
//! prints the medians: `cargo run --release --example speedup -- pentominoes 2 5`.
//! Problems: `pentominoes` (6×10), `queens` (13), `langford` (12). A fourth argument,
//! `seq` or `par`, runs only one side, to measure its CPU time with `/usr/bin/time`.

use dancing::Engine;
use std::time::{Duration, Instant};

use dancing::{ParallelSolver, Problem, Solver, problems};

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("pentominoes", String::as_str);
    let threads: usize = args.get(1).and_then(|t| t.parse().ok()).unwrap_or(2);
    let repeats: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(5);
    let problem: Problem = match name {
        "pentominoes" => problems::pentominoes(10, 6),
        "queens" => problems::queens(13),
        "langford" => problems::langford(12),
        other => panic!("unknown problem {other}"),
    };
    let only = args.get(3).map(String::as_str);
    if let Some(side) = only {
        for _ in 0..repeats {
            let started = Instant::now();
            let count = if side == "seq" {
                Solver::new(&problem).count()
            } else {
                ParallelSolver::new(Solver::new(&problem), threads).count()
            };
            println!(
                "{name} {side}: {count} solutions in {:.3?}",
                started.elapsed()
            );
        }
        return;
    }
    let (mut sequential, mut parallel) = (Vec::new(), Vec::new());
    let mut balance = Vec::new();
    for _ in 0..repeats {
        let started = Instant::now();
        let count = Solver::new(&problem).count();
        sequential.push(started.elapsed());
        let started = Instant::now();
        let mut solver = ParallelSolver::new(Solver::new(&problem), threads);
        assert_eq!(solver.count(), count);
        parallel.push(started.elapsed());
        // The speedup the division of the work allows: total nodes over the busiest
        // thread's nodes.
        let nodes: Vec<u64> = solver.thread_stats().iter().map(|s| s.nodes).collect();
        let busiest = nodes.iter().copied().max().unwrap_or(1).max(1);
        balance.push(solver.stats().nodes as f64 / busiest as f64);
    }
    let (s, p) = (median(sequential.clone()), median(parallel.clone()));
    println!(
        "{name}: 1 thread {s:.3?}, {threads} threads {p:.3?}, speedup {:.2}× (runs: {sequential:.3?} / {parallel:.3?}); work balance bound {balance:.3?}",
        s.as_secs_f64() / p.as_secs_f64()
    );
}
