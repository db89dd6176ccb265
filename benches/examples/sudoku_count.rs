//! Counts the solutions of each 9×9 sudoku of a file, up to 2, with the `sudoku`
//! crate, and prints one count per line: the peer's side of the whole-process
//! comparison with `dancing sudoku count` (`whole sudoku`).
//!
//! ```sh
//! cargo run --release -p dancing-benches --example sudoku_count -- FILE
//! ```
//!
//! Lines starting with `#` and empty lines are skipped, as `dancing` skips them. The
//! file is read whole, each line parsed by the crate's `Sudoku::from_str_line`, and the
//! counts written through one buffered writer: the straightforward fast program a user
//! of the crate would write.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: sudoku_count FILE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {}: {e}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    for (k, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let count = match sudoku::Sudoku::from_str_line(line) {
            Ok(puzzle) => puzzle.solutions_count_up_to(2),
            Err(e) => {
                eprintln!("error: line {}: {e}", k + 1);
                return ExitCode::from(2);
            }
        };
        if writeln!(out, "{count}").is_err() {
            return ExitCode::from(2);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
