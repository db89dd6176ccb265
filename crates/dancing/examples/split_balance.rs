//! How evenly splits divide a search: counts every subproblem of pentominoes 6×10 (or
//! `queens` 13) exactly, then simulates P workers taking the subproblems from a queue,
//! largest estimate first, without giving work away. Prints Markdown tables:
//! `cargo run --release --example split_balance -- pentominoes`.

use dancing::Engine;
use dancing::SplitEngine;
use dancing::{OptionId, Problem, Solver, Split, problems};

const WORKERS: [usize; 7] = [2, 4, 8, 16, 32, 64, 128];

/// Nodes of each subproblem's search (plus the commit of its last option, so that the
/// sizes and the split add up to the sequential statistics).
fn sizes(problem: &Problem, split: &Split) -> Vec<(Vec<OptionId>, Option<f64>, u64)> {
    let mut solver = Solver::new(problem);
    split
        .subproblems()
        .iter()
        .map(|s| {
            solver.replay(s.prefix()).expect("a prefix of the search");
            let _ = solver.count();
            solver.release();
            (s.prefix().to_vec(), s.estimate(), solver.stats().nodes)
        })
        .collect()
}

/// Total work over the makespan of greedy list scheduling on `workers` workers.
fn simulated_speedup(jobs: &[u64], workers: usize) -> f64 {
    let mut finish = vec![0u64; workers];
    for &job in jobs {
        let next = finish.iter_mut().min().expect("at least one worker");
        *next += job;
    }
    let total: u64 = jobs.iter().sum();
    total as f64 / *finish.iter().max().unwrap_or(&1).max(&1) as f64
}

fn row(label: &str, jobs: &[u64]) -> String {
    let total: u64 = jobs.iter().sum();
    let largest = jobs.iter().copied().max().unwrap_or(0);
    let mut line = format!(
        "| {label} | {} | {:.1} % |",
        jobs.len(),
        100.0 * largest as f64 / total.max(1) as f64
    );
    for p in WORKERS {
        line += &format!(" {:.2} |", simulated_speedup(jobs, p));
    }
    line
}

fn main() {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "pentominoes".into());
    let problem = match name.as_str() {
        "queens" => problems::queens(13),
        _ => problems::pentominoes(10, 6),
    };
    let mut total = Solver::new(&problem);
    let _ = total.count();
    println!(
        "{name}: {} nodes in the sequential search\n",
        total.stats().nodes
    );
    print!("| split | subproblems | largest |");
    for p in WORKERS {
        print!(" P={p} |");
    }
    println!();
    println!("|---|---|---|{}", "---|".repeat(WORKERS.len()));

    // Fixed depths, from one count at depth 3 (shallower subproblems are sums of deeper).
    let deep = sizes(&problem, &Solver::new(&problem).split(3));
    for depth in 1..=3 {
        let mut groups: Vec<(Vec<OptionId>, u64)> = Vec::new();
        for (prefix, _, nodes) in &deep {
            let key = prefix[..depth.min(prefix.len())].to_vec();
            match groups.last_mut() {
                Some((last, sum)) if *last == key => *sum += nodes,
                _ => groups.push((key, *nodes)),
            }
        }
        // In input order, as a fixed split would hand them out.
        let jobs: Vec<u64> = groups.into_iter().map(|(_, n)| n).collect();
        println!("{}", row(&format!("depth {depth}"), &jobs));
    }
    for jobs in [16, 64, 256, 1024] {
        let split = Solver::new(&problem).split_jobs(jobs);
        let mut sized = sizes(&problem, &split);
        sized.sort_by(|a, b| b.1.unwrap_or(0.0).total_cmp(&a.1.unwrap_or(0.0)));
        let jobs_nodes: Vec<u64> = sized.iter().map(|s| s.2).collect();
        println!("{}", row(&format!("split_jobs({jobs})"), &jobs_nodes));
    }
}
