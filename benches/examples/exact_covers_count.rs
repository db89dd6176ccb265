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
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: exact_covers_count FILE");
        return ExitCode::from(2);
    };
    let problem = match read(&path) {
        Ok(problem) => problem,
        Err(message) => {
            eprintln!("error: {}: {message}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    println!("{}", exact_covers_peer::ExactCovers::new(&problem).count());
    ExitCode::SUCCESS
}

/// Reads and parses the file, as `dancing xc` does.
fn read(path: &std::ffi::OsStr) -> Result<dancing::Problem, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    dancing::format::parse_reader(std::io::BufReader::with_capacity(1 << 16, file))
        .map_err(|e| e.to_string())
}
