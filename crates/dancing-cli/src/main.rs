//! The `dancing` command line: exact cover in Knuth's DLX format (`xc`), sudoku batches
//! and online-judge formats (`sudoku`), and classic puzzles (`problem`).
//!
//! Exit codes: 0 when everything was read and answered, 2 for bad input or usage, 3
//! when `--timeout` or `--max-nodes` stopped a search, 130 after Ctrl-C. Formats are
//! described in `docs/formats.md`.

mod batch_report;
mod cli;
mod failure;
mod feedback;
mod generate;
mod input;
mod logic;
mod pick;
mod pretty;
mod problem;
mod search;
mod split;
mod sudoku;
mod tiling;
mod xc;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    // clap prints help and version to stdout (exit 0) and usage errors to stderr (exit 2).
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Xc(args) => xc::run(args),
        Command::Sudoku { command } => sudoku::run(command),
        Command::Problem { problem } => problem::run(problem),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(failure) => failure.report(),
    }
}
