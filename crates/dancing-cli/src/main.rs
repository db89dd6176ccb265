//! The `dancing` command line: exact cover in Knuth's DLX format (`xc`), sudoku batches
//! and online-judge formats (`sudoku`), and classic puzzles (`problem`).
//!
//! Exit codes: 0 when everything was read and answered, 1 when the output could not be
//! written, 2 for bad input or usage, 3 when `--timeout` or `--max-nodes` stopped a
//! search, 130 after Ctrl-C. Formats are described in `docs/formats.md`.

/// Writes a line on standard error as `eprintln!` does, but drops it quietly when
/// standard error is closed or full (`2>&1 | head -1`, `2>/dev/full`), where
/// `eprintln!` panics: a message that cannot be read must not end the run nor cost the
/// answers already written. Every line the command line writes there goes through it
/// (clippy refuses `eprintln!` in this crate, see `clippy.toml`).
macro_rules! stderr_line {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

mod answer;
mod args;
mod batch;
mod failure;
mod feedback;
mod generate;
mod input;
mod judges;
mod learner;
mod line;
mod logic;
mod memo;
mod memory;
mod output;
mod picture;
mod plan;
mod polyomino;
mod pretty;
mod problem;
mod report;
mod search;
mod split;
mod status;
mod sudoku;
mod tiling;
mod xc;

use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};
use crate::failure::Outcome;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return clap_answer(&error),
    };
    if stdout_closed::at_start() {
        return failure::Failure::input(
            "standard output is closed: give the output a file, a pipe or /dev/null",
        )
        .report();
    }
    // Ctrl-C stops a search, which then reports what it found (exit code 130), or ends
    // the run at once (a second Ctrl-C, or one outside a search). Without a handler
    // (signals unavailable) Ctrl-C keeps its default meaning, also a clean end.
    let _ = ctrlc::set_handler(|| {
        if search::interrupted() {
            let code = Outcome::stopped(Some(dancing::StopReason::Interrupted)).code();
            std::process::exit(i32::from(code));
        }
    });
    let result = match &cli.command {
        Command::Xc(args) => xc::run(args),
        Command::Sudoku { command } => sudoku::run(command),
        Command::Problem { problem } => problem::run(problem),
    };
    match result {
        Ok(outcome) => ExitCode::from(outcome.code()),
        Err(failure) => failure.report(),
    }
}

/// What clap answers instead of a run: help and version on standard output, through the
/// same checked writes as every answer (a full disk is exit code 1 and says so); a
/// usage error on standard error, exit code 2.
fn clap_answer(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    use std::io::Write;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            use std::io::IsTerminal;
            // Styled on a terminal unless NO_COLOR says otherwise, plain in a pipe or file.
            let styled = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            let rendered = error.render();
            let text = if styled {
                rendered.ansi().to_string()
            } else {
                rendered.to_string()
            };
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => failure::Failure::from(e).report(),
            }
        }
        _ => {
            // clap's own rendering (colours on a terminal) and its exit code, 2.
            let _ = error.print();
            ExitCode::from(Outcome::BAD_INPUT.code())
        }
    }
}

/// Whether standard output was closed when the process started (`>&-`). Rust's runtime
/// opens `/dev/null` in place of a closed standard descriptor before `main`, so every
/// write would succeed and a long run would write nowhere; only a look before that
/// tells. A pipe closed by its reader is found at the first write instead, everywhere.
mod stdout_closed {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    /// Whether descriptor 1 was closed at start (Linux; `false` elsewhere).
    pub(crate) fn at_start() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }

    /// Runs before `main` and before Rust's runtime fills closed descriptors: a closed
    /// descriptor has no entry in `/proc/self/fd`. (Where `/proc` is missing, nothing
    /// is found closed.)
    #[cfg(target_os = "linux")]
    extern "C" fn look() {
        let open = std::fs::symlink_metadata("/proc/self/fd/1").is_ok();
        let proc_mounted = std::fs::symlink_metadata("/proc/self/fd/0").is_ok()
            || std::fs::symlink_metadata("/proc/self/fd/2").is_ok();
        CLOSED.store(!open && proc_mounted, Ordering::Relaxed);
    }

    /// The loader calls the functions of `.init_array` before `main`. This attribute is
    /// the crate's one unsafe construct: it places a plain function there, which does
    /// nothing but read `/proc` and set a flag.
    #[cfg(target_os = "linux")]
    #[allow(unsafe_code)]
    #[used]
    #[unsafe(link_section = ".init_array")]
    static LOOK: extern "C" fn() = look;
}
