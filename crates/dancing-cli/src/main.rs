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
    if let Err(failure) = stdout_is_open() {
        return failure.report();
    }
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

/// Fails if standard output was closed when the program started (`>&-`). Rust's
/// runtime then opens `/dev/null` read-write in its place, so every write succeeds and
/// a long run would go on writing nowhere; that read-write `/dev/null` is the sign (a
/// shell's `> /dev/null` opens it write-only, and is accepted). Linux only; a pipe
/// closed by its reader is found at the first write instead, everywhere.
fn stdout_is_open() -> Result<(), failure::Failure> {
    #[cfg(target_os = "linux")]
    {
        let null = std::fs::read_link("/proc/self/fd/1")
            .is_ok_and(|target| target == std::path::Path::new("/dev/null"));
        // `flags:` in octal; the access mode is its two low bits, 2 for read-write.
        let read_write = || {
            std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
                info.lines()
                    .find_map(|line| line.strip_prefix("flags:"))
                    .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
                    .is_some_and(|flags| flags & 0o3 == 0o2)
            })
        };
        if null && read_write() {
            return Err(failure::Failure::input(
                "standard output is closed: give the output a file, a pipe or /dev/null",
            ));
        }
    }
    Ok(())
}
