//! Generates 9×9 sudoku puzzles with one solution each with the `sudoku` crate and
//! prints one per line: the peer's side of the whole-process comparison with
//! `dancing sudoku generate` (`whole generate`).
//!
//! ```sh
//! cargo run --release -p dancing-benches --example sudoku_generate -- COUNT [rotational]
//! ```
//!
//! Each puzzle is the crate's `Sudoku::generate_with_symmetry`: a random solved grid,
//! cells emptied in random order while the solution stays unique (minimal without
//! symmetry), as `dancing sudoku generate` does with `--symmetry none` or `rotational`.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(count) = args.next().and_then(|a| a.parse::<u64>().ok()) else {
        eprintln!("usage: sudoku_generate COUNT [rotational]");
        return ExitCode::from(2);
    };
    let symmetry = match args.next().as_deref() {
        None | Some("none") => sudoku::Symmetry::None,
        Some("rotational") => sudoku::Symmetry::HalfRotation,
        Some(other) => {
            eprintln!("error: unknown symmetry {other:?} (none or rotational)");
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    for _ in 0..count {
        let puzzle = sudoku::Sudoku::generate_with_symmetry(symmetry);
        if writeln!(out, "{}", puzzle.to_str_line()).is_err() {
            return ExitCode::from(2);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
