//! N-queens with dancing links: counts the solutions and draws the first one.
//!
//! ```text
//! cargo run --release -p dancing --example queens -- 12
//! ```

use std::process::ExitCode;

use dancing::Engine;
use dancing::{Solver, problems};

fn main() -> ExitCode {
    let n = match std::env::args().nth(1).map(|a| a.parse::<usize>()) {
        None => 8,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: queens [N]   (N ≥ 1, default 8)");
            return ExitCode::from(2);
        }
    };
    let problem = problems::queens(n);
    let mut solver = Solver::new(&problem);
    if let Some(first) = solver.first() {
        for column in problems::queens_board(&problem, first.options()) {
            let row: String = (0..n)
                .map(|c| if c == column { " Q" } else { " ." })
                .collect();
            println!("{row}");
        }
    }
    let count = solver.count();
    assert!(count.is_complete(), "no limit was set");
    println!("{n}-queens: {}", solver.stats());
    ExitCode::SUCCESS
}
