//! Counts the solutions of a problem in Knuth's DLX format with the `exact-covers` crate
//! (its dancing-links `DlSolver`), and prints the count: the peer's side of the
//! whole-process comparison (`whole`).
//!
//! ```sh
//! cargo run --release -p dancing-benches --example exact_covers_count -- FILE
//! ```
//!
//! The file is read by `dancing::format` (options without a primary item left out, as
//! `dancing xc` does), then handed to the crate as the same matrix, colors included.

#[path = "../peers/exact_covers.rs"]
mod exact_covers_peer;

use std::process::ExitCode;

fn main() -> ExitCode {
    let problem = match dancing_benches::problem_from_first_argument("exact_covers_count") {
        Ok(problem) => problem,
        Err(code) => return code,
    };
    println!("{}", exact_covers_peer::ExactCovers::new(&problem).count());
    ExitCode::SUCCESS
}
