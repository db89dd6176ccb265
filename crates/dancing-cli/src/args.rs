//! The command line's grammar (clap derive). Every command's help ends with examples.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use dancing::Named;

mod problem;
mod sudoku;
mod xc;

pub(crate) use problem::{ProblemArgs, ProblemKind};
pub(crate) use sudoku::{BatchArgs, GenerateArgs, LogicArgs, SolverKind, SudokuCommand};
pub(crate) use xc::{XcArgs, XcSolver};

/// Exact cover with Knuth's dancing links: solve problems in his DLX format, sudoku
/// batches and judge inputs, and classic puzzles.
#[derive(Debug, Parser)]
#[command(
    name = "dancing",
    version,
    after_help = "\
Examples:
  dancing xc problem.dlx                 print every solution
  dancing problem queens 8 --dlx | dancing xc --count
  dancing sudoku solve puzzles.txt       one answer line per puzzle
  dancing sudoku judge poj3074 < input.txt

The files the examples name are in crates/dancing-cli/samples/ of the source
repository: run them there.

Exit codes: 0 all answered, 1 the output could not be written (a full disk), 2 bad
input or usage, 3 stopped by --timeout or --max-nodes, 130 interrupted by Ctrl-C."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    Xc(XcArgs),
    /// Solve, count, check, rate or hint sudoku batches (one-line puzzles, rows or pretty grids), generate puzzles, or answer a judge's input
    #[command(after_help = "\
Examples:
  dancing sudoku solve --pretty puzzle.txt
  dancing sudoku check --threads 2 puzzles.txt
  dancing sudoku generate --count 10 --difficulty hard --rate
  dancing sudoku hint --steps puzzle.txt
  dancing sudoku judge sicily < sicily.txt")]
    Sudoku {
        #[command(subcommand)]
        command: SudokuCommand,
    },
    /// Classic exact-cover problems: count, draw one solution, or print in Knuth's format
    #[command(after_help = "\
Examples:
  dancing problem queens 8
  dancing problem pentomino 20x3 --count
  dancing problem langford 12 --count --progress
  dancing problem langford 11 --dlx | dancing xc --count")]
    Problem {
        #[command(subcommand)]
        problem: ProblemKind,
    },
}

/// Options shared by every command that runs one search.
#[derive(Debug, Clone, Args)]
pub(crate) struct SearchArgs {
    /// Stop the search after this many seconds (exit code 3)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub(crate) timeout: Option<f64>,
    /// Stop the search after this many search-tree nodes (exit code 3)
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
    #[command(flatten)]
    pub(crate) report: ReportArgs,
}

/// What every command reports on stderr besides its answers.
#[derive(Debug, Clone, Args)]
pub(crate) struct ReportArgs {
    /// Print the statistics (a batch's totals) as one JSON line on stderr at the end
    #[arg(long)]
    pub(crate) stats: bool,
    /// Show a live status line on stderr (only when stderr is a terminal): the work
    /// done, its rate and, where it can be told, the time left
    #[arg(long)]
    pub(crate) progress: bool,
    /// Do not print the summary line on stderr
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

/// Reads `--limit N`: a positive number of solutions (a search limited to none would
/// answer nothing).
pub(super) fn parse_limit(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("the limit must be at least 1".to_owned()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a positive whole number")),
    }
}

/// The longest timeout, in seconds (about 31,700 years): past it a deadline would
/// overflow the clock. No timeout at all is the default.
const MAX_SECONDS: f64 = 1e12;

/// Reads `--timeout SECONDS`: a positive number, fractions allowed, below
/// [`MAX_SECONDS`].
pub(super) fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s < MAX_SECONDS => Ok(s),
        Ok(s) if s >= MAX_SECONDS => Err(format!(
            "`{text}` seconds is too long: a timeout is less than 1e12 seconds (31,700 years); leave --timeout out for none"
        )),
        _ => Err(format!("`{text}` is not a positive number of seconds")),
    }
}

/// How a batch command runs: its threads, its reports and its limits.
#[derive(Debug, Args)]
pub(crate) struct RunArgs {
    /// Work on this many threads, 0 for every core; the output is the same, in the same
    /// order
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=256))]
    pub(crate) threads: u16,
    #[command(flatten)]
    pub(crate) report: ReportArgs,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

/// Limits on the searches of a sudoku batch or judge input.
#[derive(Debug, Args)]
pub(crate) struct LimitArgs {
    /// Stop after this many seconds in all (exit code 3)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub(crate) timeout: Option<f64>,
    /// Stop a puzzle's search after this many search-tree nodes (exit code 3)
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
}

/// Parses one of the libraries' named settings ([`Named`]: engines, turns, solvers,
/// judges, symmetries, difficulty bands), offering `choices` and listing each word with
/// its help in `--help`: the libraries do not depend on clap, so they have no
/// `ValueEnum`, and every name is read by the libraries' one mechanism.
pub(super) fn named<T>(
    choices: &[T],
    help: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T>
where
    T: Named + Send + Sync,
{
    let values: Vec<PossibleValue> = choices
        .iter()
        .map(|&choice| {
            PossibleValue::new(choice.word())
                .help(help(choice))
                .aliases(choice.aliases().iter().copied())
        })
        .collect();
    PossibleValuesParser::new(values)
        .map(|word| T::from_name(&word).expect("clap accepts only the setting's words"))
}
