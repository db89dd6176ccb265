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
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: dlx_count FILE");
        return ExitCode::from(2);
    };
    let problem = match read(&path) {
        Ok(problem) => problem,
        Err(message) => {
            eprintln!("error: {}: {message}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    let Some(mut peer) = dlx_peer::dlx_problem(&problem) else {
        eprintln!("error: the dlx crate's Algorithm X takes no colors");
        return ExitCode::from(2);
    };
    println!("{}", dlx_peer::dlx_count(&mut peer));
    ExitCode::SUCCESS
}

/// Reads and parses the file, as `dancing xc` does.
fn read(path: &std::ffi::OsStr) -> Result<dancing::Problem, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    dancing::format::parse_reader(std::io::BufReader::with_capacity(1 << 16, file))
        .map_err(|e| e.to_string())
}
