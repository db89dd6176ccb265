//! Counts the solutions of a problem in Knuth's DLX format with the `dlx` crate, and
//! prints the count: the peer's side of the whole-process comparison (`whole`).
//!
//! ```sh
//! cargo run --release -p dancing-benches --example dlx_count -- FILE
//! ```
//!
//! The file is read by `dancing::format` (options without a primary item left out, as
//! `dancing xc` does), then handed to the crate as the same matrix, so both count the
//! same problem whatever the names in the file.

#[path = "../peers/dlx.rs"]
mod dlx_peer;

use std::process::ExitCode;

fn main() -> ExitCode {
    let problem = match dancing_benches::problem_from_first_argument("dlx_count") {
        Ok(problem) => problem,
        Err(code) => return code,
    };
    let Some(mut peer) = dlx_peer::dlx_problem(&problem) else {
        eprintln!("error: the dlx crate's Algorithm X takes no colors");
        return ExitCode::from(2);
    };
    println!("{}", dlx_peer::dlx_count(&mut peer));
    ExitCode::SUCCESS
}
