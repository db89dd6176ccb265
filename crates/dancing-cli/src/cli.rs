//! The command line's grammar (clap derive). Every command's help ends with examples.

use std::path::PathBuf;
use std::str::FromStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use dancing_sudoku::generate::{Difficulty, Kind, Symmetry};
use dancing_sudoku::judge::Judge;

use crate::input::parse_size;

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

Exit codes: 0 all answered, 2 bad input or usage, 3 stopped by --timeout or
--max-nodes, 130 interrupted by Ctrl-C."
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
    /// Print the statistics as one JSON line on stderr at the end
    #[arg(long)]
    pub(crate) stats: bool,
    /// Show a live status line on stderr (only when stderr is a terminal)
    #[arg(long)]
    pub(crate) progress: bool,
    /// Do not print the summary line on stderr
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

/// Reads `--limit N`: a positive number of solutions (a search limited to none would
/// answer nothing).
fn parse_limit(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("the limit must be at least 1".to_owned()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a positive whole number")),
    }
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e12)
        .ok_or_else(|| format!("`{text}` is not a positive number of seconds"))
}

/// Solve an exact-cover problem in Knuth's DLX text format.
///
/// The first line lists the primary items, then `|` and the secondary items; every
/// later line is an option. Lines starting with `|` are comments. Each solution is
/// printed as its options, one per line as in the input (in input order), with a blank
/// line between solutions; a summary follows on stderr.
#[derive(Debug, Args)]
#[command(
    // Spelled out so that a usage error (two flags that conflict, say) shows the file
    // as optional, as it is, instead of echoing the arguments given.
    override_usage = "dancing xc [OPTIONS] [FILE]",
    after_help = "\
Examples:
  printf 'A B C\\nA B\\nC\\nA\\nB C\\n' | dancing xc
  dancing xc --count --stats problem.dlx
  dancing xc --limit 1 --timeout 60 problem.dlx
  dancing xc --min-cost costed.dlx       a cheapest solution, with its cost
  dancing xc --best 3 costed.dlx         the three cheapest, cheapest first
  dancing xc --count --threads 0 problem.dlx
  dancing xc --count --engine cells problem.dlx     dancing cells, same count
  dancing xc --count --engine cells --threads 0 problem.dlx
  dancing xc --count bounds.dlx          items with multiplicities, `2:3|name`
  dancing xc --split-jobs 1000 big.dlx > jobs.txt
  dancing xc --count --prefix \"1650 499 132\" big.dlx     one line of jobs.txt
  dancing xc --matrix < cases.txt        one line per case: `3 2 4 6` or `NO`"
)]
pub(crate) struct XcArgs {
    /// The input file; standard input when absent or `-`
    pub(crate) file: Option<PathBuf>,
    /// Print only the number of solutions
    #[arg(long)]
    pub(crate) count: bool,
    /// Stop after the first N solutions (at least 1): reported as `first N solutions`,
    /// exit code 0
    #[arg(long, value_name = "N", value_parser = parse_limit)]
    pub(crate) limit: Option<u64>,
    /// Print one solution of least total cost (options cost `|n`, 0 by default), after a
    /// `| cost N` line; `--stats` gains its `cost` (`null` when there is no solution)
    #[arg(long, conflicts_with_all = ["count", "limit", "matrix", "best"])]
    pub(crate) min_cost: bool,
    /// Print the K cheapest solutions, cheapest first, each after its `| cost N` line
    #[arg(long, value_name = "K", conflicts_with_all = ["count", "limit", "matrix"],
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub(crate) best: Option<u32>,
    /// Read the 0/1 sparse-matrix format of the HUST 1017 judge instead: for each case,
    /// print the number of chosen rows and their 1-based numbers, or `NO`
    #[arg(long)]
    pub(crate) matrix: bool,
    /// Refuse inputs whose problem would need more memory than this (K, M, G suffixes)
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_size)]
    pub(crate) max_memory: u64,
    /// Print the problem as a DIMACS CNF formula (one variable per option, in order;
    /// comment lines map them) for any SAT solver, instead of solving it
    #[arg(long, conflicts_with_all = ["count", "limit", "matrix", "min_cost", "best"])]
    pub(crate) cnf: bool,
    /// The solver: `auto` tries dancing links on 100,000 nodes and hands a search with
    /// --limit to the CDCL learner if they do not settle it (full enumeration stays on
    /// dancing links); `sat` always uses the learner (not with --threads or splitting)
    #[arg(long, value_enum, default_value_t = XcSolver::Auto)]
    pub(crate) solver: XcSolver,
    /// The search engine. All find the same solutions in the same order, with the same
    /// statistics. `auto` times `links` and `dense` on the first nodes of the search
    /// and runs the faster (`links` whenever an option below needs it); `cells` splits
    /// and searches in parallel as `links` does (the same --split lines, the same
    /// --prefix); `cells` and `dense` do not take --min-cost, --best, --matrix, --cnf
    /// or --solver sat, and never hand a search over to the learner; `dense` searches
    /// on one thread, without --threads, --split, --split-jobs or --prefix, and takes up
    /// to 32,766 options. `multi` (Algorithm M) searches files with multiplicities
    /// (`u:v|name`), which it is chosen for by default; it takes --threads only with
    /// --count, and not --split-jobs, --min-cost, --best, --matrix, --cnf or --solver
    /// sat
    #[arg(long, value_enum, default_value_t = XcEngine::Auto)]
    pub(crate) engine: XcEngine,
    #[command(flatten)]
    pub(crate) split: SplitArgs,
    #[command(flatten)]
    pub(crate) search: SearchArgs,
}

/// Parallel search and splitting a search into independent jobs (`dancing xc`).
#[derive(Debug, Args)]
pub(crate) struct SplitArgs {
    /// Search with this many threads; 0 uses every core. With more than one, solutions
    /// come in no particular order
    #[arg(long, value_name = "N", default_value_t = 1, conflicts_with = "matrix")]
    pub(crate) threads: u16,
    /// Print the subproblems at this depth instead of solving, one per line: the 1-based
    /// numbers of the options chosen at the first levels, for --prefix
    #[arg(long, value_name = "DEPTH", conflicts_with_all = ["matrix", "split_jobs", "count", "limit"])]
    pub(crate) split: Option<usize>,
    /// Print at least K subproblems instead of solving, splitting the largest first (by a
    /// quick probe estimate)
    #[arg(long, value_name = "K", conflicts_with_all = ["matrix", "count", "limit"])]
    pub(crate) split_jobs: Option<usize>,
    /// Solve only the subproblem whose first choices are these options (1-based numbers,
    /// as --split prints them; `~K` is the null move on item K, with multiplicities)
    #[arg(
        long,
        value_name = "OPTIONS",
        allow_hyphen_values = true,
        conflicts_with = "matrix"
    )]
    pub(crate) prefix: Option<String>,
}

/// Which solver answers `dancing xc`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum XcSolver {
    /// Dancing links, then the learner when a limited search runs long
    Auto,
    /// Dancing links only
    Dlx,
    /// The CDCL learner (CaDiCaL) after preprocessing
    Sat,
}

/// Which search engine `dancing xc` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum XcEngine {
    /// The faster of links and dense on this problem, timed on its first nodes
    Auto,
    /// Dancing links (Algorithms X and C): every feature
    Links,
    /// Dancing cells (sparse sets, TAOCP 7.2.2.3): counts and solutions on one thread
    Cells,
    /// Bitsets of live options, for small problems: counts and solutions on one thread
    Dense,
    /// Multiplicities (Knuth's Algorithm M, `u:v|name` bounds): counts and solutions on
    /// one thread. Files with bounds use it without being asked
    Multi,
}

/// Which sudoku solver answers a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum SolverKind {
    /// The bit-parallel solver for 9×9, dancing links for other orders; then the
    /// learner if 100,000 nodes do not settle the puzzle
    Auto,
    /// The bit-parallel 9×9 solver (bitsets per digit and band, singles and locked
    /// candidates by word operations); dancing links for other orders
    Bands,
    /// Dancing links on the exact-cover matrix
    Dlx,
    /// The CDCL learner (CaDiCaL) after preprocessing
    Sat,
    /// A bit-parallel backtracking baseline
    Bitmask,
}

impl SolverKind {
    /// The name as `--solver` takes it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Bands => "bands",
            Self::Dlx => "dlx",
            Self::Sat => "sat",
            Self::Bitmask => "bitmask",
        }
    }
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

/// Options shared by the batch commands.
#[derive(Debug, Args)]
pub(crate) struct BatchArgs {
    /// The puzzles; standard input when absent or `-`
    pub(crate) file: Option<PathBuf>,
    /// The solver to use
    #[arg(long, value_enum, default_value_t = SolverKind::Auto)]
    pub(crate) solver: SolverKind,
    /// The rules of the puzzles (jigsaw: `PUZZLE REGIONS` per line; killer: blocks of a
    /// givens line and `SUM rRcC …` cage lines, separated by blank lines)
    #[arg(long, value_name = "VARIANT", default_value = "classic", value_parser = named(Kind::ALL, Kind::name, kind_help))]
    pub(crate) variant: Kind,
    /// Solve with this many threads, 0 for every core (the output keeps the input's order)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=256))]
    pub(crate) threads: u16,
    /// Print totals as one JSON line on stderr at the end
    #[arg(long)]
    pub(crate) stats: bool,
    /// Show a live status line on stderr (only when stderr is a terminal): puzzles
    /// answered, puzzles per second and, for a file, the time left
    #[arg(long)]
    pub(crate) progress: bool,
    /// Do not print the summary line on stderr
    #[arg(short, long)]
    pub(crate) quiet: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

/// The layouts of a sudoku batch, in the long help of `solve`, `count` and `check`: a
/// macro, since `concat!` takes only literals.
macro_rules! batch_layouts {
    () => {
        "\
Puzzles follow one another, each in one of three layouts told apart by its first line:
  one line  N² symbols with nothing between them: 16, 81, 256, 625 or 1296 (4×4 to
            36×36); text after a space is a comment
  rows      N lines of N symbols, with or without spaces: `5 3 . . 7 . . . .`
  pretty    rows with `|` between boxes and lines such as `------+-------+------`
A line of 4, 9, 16, 25 or 36 symbols (spaces and `|` not counted) starts a block of
that many rows. 16 symbols with nothing between them are a 4×4 puzzle on one line, so
put spaces in the first row of a 16×16 block. Blank lines and lines starting with `#`
are skipped; a blank line may separate puzzles, not the rows of a block.

Symbols: `1`-`9`, then `A`-`Z` (or `a`-`z`) for 10 to 35 and `0` for 36; a blank is
`.`, `_`, `-`, or `0` up to 9×9. A leading byte-order mark is skipped. Each puzzle gets
one answer line, in input order; a bad one gets `error: <reason>`, and the file, line
and column on stderr."
    };
}

#[derive(Debug, Subcommand)]
pub(crate) enum SudokuCommand {
    /// Solve each puzzle: print its solution, or `no solution`.
    #[command(long_about = concat!(
        "Solve each puzzle: print its solution, or `no solution`.\n\n",
        batch_layouts!(),
        "\n\n\
A puzzle whose search a limit stops is answered `stopped: max-nodes` (and the batch
goes on), `stopped: timeout` or `stopped: interrupted` (and the batch ends with the
puzzles already read); so it is for `count` and `check`."
    ))]
    #[command(after_help = "\
Examples:
  dancing sudoku solve puzzles.txt
  dancing sudoku solve --pretty puzzle.txt
  dancing sudoku solve --unique --threads 2 --stats puzzles.txt")]
    Solve {
        /// Print `multiple solutions` for a puzzle with more than one
        #[arg(long)]
        unique: bool,
        /// Draw each solution with box lines, the givens set apart from the filled cells
        /// on a colour terminal (plain when piped or with NO_COLOR)
        #[arg(long)]
        pretty: bool,
        #[command(flatten)]
        batch: BatchArgs,
    },
    /// Count each puzzle's solutions, up to a limit (printed as `1000+` when reached).
    #[command(long_about = concat!(
        "Count each puzzle's solutions, up to a limit (printed as `1000+` when reached).\n\n",
        batch_layouts!()
    ))]
    #[command(after_help = "\
Examples:
  dancing sudoku count puzzles.txt
  dancing sudoku count --limit 10 puzzles.txt")]
    Count {
        /// Count no further than this (at least 1)
        #[arg(long, value_name = "N", default_value_t = 1000, value_parser = parse_limit)]
        limit: u64,
        #[command(flatten)]
        batch: BatchArgs,
    },
    /// Check each puzzle: `unique`, `multiple` or `none`.
    #[command(long_about = concat!(
        "Check each puzzle: `unique`, `multiple` or `none`.\n\n",
        batch_layouts!()
    ))]
    #[command(after_help = "\
Examples:
  dancing sudoku check puzzles.txt")]
    Check {
        #[command(flatten)]
        batch: BatchArgs,
    },
    /// Generate puzzles with one solution each, one per line, reproducible from a seed.
    ///
    /// A random full grid, then givens taken away in random order while the solution
    /// stays unique. Without symmetry every puzzle is minimal (no given can go); with
    /// one, `--minimal` also asks that no single given can go. `--clues` and
    /// `--difficulty` draw new grids until a puzzle meets them (the summary line says how
    /// many attempts it took). The same seed prints the same puzzles on any machine and
    /// with any number of threads.
    #[command(after_help = "\
Examples:
  dancing sudoku generate --count 10 --seed 1
  dancing sudoku generate --difficulty hard --rate --pretty
  dancing sudoku generate --order 4 --symmetry rotational --count 5
  dancing sudoku generate --count 1000 --minimal --symmetry mirror --threads 2 > puzzles.txt")]
    Generate(GenerateArgs),
    /// Rate each puzzle by the human techniques it needs: `2.6 pointing`, or `7.9 needs
    /// search (8 nodes)` past them.
    ///
    /// Each step of the logical solution is the easiest technique that applies; the
    /// rating is the hardest step's score on Sudoku Explainer's scale (see
    /// docs/generating.md). A puzzle with no solution or several is told so instead,
    /// and clashing givens are named.
    #[command(after_help = "\
Examples:
  dancing sudoku rate puzzle.txt
  dancing sudoku rate --stats puzzles.txt")]
    Rate {
        #[command(flatten)]
        args: LogicArgs,
    },
    /// Print the next logical step of each puzzle, or with `--steps` the whole path.
    ///
    /// For example `hidden single: 7 in box 5 must go to r5c4`. Cells are `rRcC`,
    /// counted from 1. When no technique applies the hint says the puzzle needs search
    /// from there.
    #[command(after_help = "\
Examples:
  dancing sudoku hint puzzle.txt
  echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | dancing sudoku hint --steps --pretty")]
    Hint {
        /// Print every step to the end (solved, or stalled), not only the next one
        #[arg(long)]
        steps: bool,
        /// Draw the grid the hint is about (and, with --steps, where the steps end)
        #[arg(long)]
        pretty: bool,
        #[command(flatten)]
        args: LogicArgs,
    },
    /// Answer an online judge's input (a file or standard input) on standard output.
    ///
    /// A search stopped by `--timeout`, `--max-nodes` or Ctrl-C ends the run: the
    /// answers before it are printed, and stderr says which puzzle was stopped (for
    /// `noip`, with the best score found so far).
    #[command(after_help = "\
Examples:
  dancing sudoku judge poj3074 < input.txt
  dancing sudoku judge noip --timeout 10 grid.txt")]
    Judge {
        /// The judge's format
        #[arg(value_parser = named(Judge::ALL, Judge::name, judge_help))]
        format: Judge,
        /// The judge's input; standard input when absent or `-`
        file: Option<PathBuf>,
        #[command(flatten)]
        limits: LimitArgs,
    },
}

/// Options of `sudoku rate` and `sudoku hint`.
#[derive(Debug, Args)]
pub(crate) struct LogicArgs {
    /// The puzzles (layouts as for `solve`); standard input when absent or `-`
    pub(crate) file: Option<PathBuf>,
    /// Print totals as one JSON line on stderr at the end, with the technique histogram
    #[arg(long)]
    pub(crate) stats: bool,
    /// Do not print the summary line on stderr
    #[arg(short, long)]
    pub(crate) quiet: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

/// Options of `sudoku generate`.
#[derive(Debug, Args)]
pub(crate) struct GenerateArgs {
    /// The order n: boxes n×n, grids n²×n² (2 = 4×4, 3 = 9×9, … 6 = 36×36)
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u8).range(2..=6))]
    pub(crate) order: u8,
    /// How many puzzles
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub(crate) count: u64,
    /// The seed (any number); a random one, printed in the summary, when absent
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,
    /// The pattern of the givens
    #[arg(long, value_name = "SYMMETRY", default_value = "none", value_parser = named(Symmetry::ALL, Symmetry::name, symmetry_help))]
    pub(crate) symmetry: Symmetry,
    /// No single given can be taken away without losing uniqueness
    #[arg(long)]
    pub(crate) minimal: bool,
    /// At most this many givens
    #[arg(long, value_name = "N")]
    pub(crate) clues: Option<usize>,
    /// The kind of puzzle (jigsaw: new random regions for each puzzle, printed after it)
    #[arg(long, value_name = "VARIANT", default_value = "classic", value_parser = named(Kind::ALL, Kind::name, kind_help))]
    pub(crate) variant: Kind,
    /// Only puzzles rated in this band (see `dancing sudoku rate`)
    #[arg(long, value_name = "BAND", value_parser = named(Difficulty::ALL, Difficulty::name, difficulty_help))]
    pub(crate) difficulty: Option<Difficulty>,
    /// Random grids tried per puzzle before giving up (exit code 3)
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = parse_limit)]
    pub(crate) max_attempts: u64,
    /// Append each puzzle's rating (after a space, which readers take as a comment)
    #[arg(long)]
    pub(crate) rate: bool,
    /// Draw each puzzle with box lines instead of one line
    #[arg(long)]
    pub(crate) pretty: bool,
    /// Generate with this many threads, 0 for every core (the same puzzles, in the same
    /// order)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=256))]
    pub(crate) threads: u16,
    /// Show a live status line on stderr (only when stderr is a terminal)
    #[arg(long)]
    pub(crate) progress: bool,
    /// Print totals as one JSON line on stderr at the end
    #[arg(long)]
    pub(crate) stats: bool,
    /// Do not print the summary line on stderr
    #[arg(short, long)]
    pub(crate) quiet: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

/// Parses one of the sudoku crate's named settings (judges, symmetries, difficulty
/// bands), listing each name with its help in `--help`: the crate does not depend on
/// clap, so it has no `ValueEnum`.
fn named<T>(
    all: impl IntoIterator<Item = T>,
    name: fn(T) -> &'static str,
    help: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T>
where
    T: Copy + FromStr + Send + Sync + 'static,
    <T as FromStr>::Err: std::fmt::Debug,
{
    let values: Vec<PossibleValue> = all
        .into_iter()
        .map(|value| PossibleValue::new(name(value)).help(help(value)))
        .collect();
    PossibleValuesParser::new(values).map(|name| {
        name.parse::<T>()
            .expect("clap accepts only the setting's names")
    })
}

fn symmetry_help(symmetry: Symmetry) -> &'static str {
    match symmetry {
        Symmetry::None => "Givens anywhere",
        Symmetry::Rotational => "A half turn maps the givens onto themselves",
        Symmetry::Diagonal => "Mirrored about the main diagonal",
        Symmetry::Mirror => "Mirrored left to right",
        _ => "",
    }
}

fn kind_help(kind: Kind) -> &'static str {
    match kind {
        Kind::Classic => "Rows, columns and boxes hold each value once",
        Kind::X => "Also both main diagonals",
        Kind::Hyper => "Also four extra windows (rows and columns 2-4 and 6-8 on 9×9)",
        Kind::Jigsaw => "Irregular regions instead of boxes: `PUZZLE REGIONS` on one line",
        Kind::Killer => "Classic with cages of given sums: blocks of a givens line and cage lines",
        _ => "",
    }
}

fn difficulty_help(difficulty: Difficulty) -> &'static str {
    match difficulty {
        Difficulty::Easy => "Singles only (score up to 2.3)",
        Difficulty::Medium => "Locked candidates, pairs, x-wing (2.4 to 3.4)",
        Difficulty::Hard => "Triples, swordfish, xy- and xyz-wing (3.5 to 4.4)",
        Difficulty::Expert => "Quads, jellyfish, simple coloring (4.5 to 6.9)",
        Difficulty::Extreme => "Beyond these techniques: needs search (7.0 and up)",
        _ => "",
    }
}

/// One line of help per judge: what its input looks like, and what it answers.
fn judge_help(judge: Judge) -> &'static str {
    match judge {
        Judge::Sicily => {
            "Sicily 1317: a count, then 9×9 grids as 9 rows (`_` empty); solution counts"
        }
        Judge::Noip => "NOIP 2009 target sudoku: one grid as 9 rows of numbers; the highest score",
        Judge::Poj3074 => "POJ 3074: 81-symbol lines until `end`; one solution line each",
        Judge::Poj3076 => "POJ 3076 (UVa 1309): 16×16 grids of letters `A`-`P`, `-` empty",
        Judge::Hdu4069 => {
            "HDU 4069 Squiggly Sudoku: a count, then 9 rows of 9 numbers (digit + 16/32/64/128 for walls up/right/down/left)"
        }
    }
}

/// Options shared by the classic problems.
#[derive(Debug, Args)]
pub(crate) struct ProblemArgs {
    /// Print the problem in Knuth's DLX format instead of solving it
    #[arg(long, conflicts_with_all = ["count", "limit"])]
    pub(crate) dlx: bool,
    /// Print only the number of solutions (as `dancing xc --count`), without a picture
    #[arg(long)]
    pub(crate) count: bool,
    /// Stop after the first N solutions (at least 1): reported as `first N solutions`,
    /// exit code 0
    #[arg(long, value_name = "N", value_parser = parse_limit)]
    pub(crate) limit: Option<u64>,
    #[command(flatten)]
    pub(crate) search: SearchArgs,
}

#[derive(Debug, Subcommand)]
pub(crate) enum ProblemKind {
    /// N queens on an N×N board, none attacking another.
    #[command(after_help = "\
Examples:
  dancing problem queens 8
  dancing problem queens 12 --count --stats
  dancing problem queens 12 --dlx | dancing xc --count")]
    Queens {
        /// The board's size
        #[arg(value_parser = clap::value_parser!(u16).range(1..=200))]
        n: u16,
        #[command(flatten)]
        args: ProblemArgs,
    },
    /// Langford pairs: 1 1 2 2 … N N in a row, the two k's k apart.
    #[command(after_help = "\
Examples:
  dancing problem langford 7")]
    Langford {
        /// The largest number
        #[arg(value_parser = clap::value_parser!(u16).range(1..=500))]
        n: u16,
        #[command(flatten)]
        args: ProblemArgs,
    },
    /// The twelve pentominoes packed into a box of 60 cells.
    #[command(after_help = "\
Examples:
  dancing problem pentomino 10x6 --limit 1
  dancing problem pentomino 20x3 --count
  dancing problem pentomino 20x3 --dlx > pentomino.dlx")]
    Pentomino {
        /// The box as WIDTHxHEIGHT: 10x6, 12x5, 15x4 or 20x3 (or turned)
        #[arg(value_parser = parse_box)]
        size: (usize, usize),
        #[command(flatten)]
        args: ProblemArgs,
    },
    /// Latin squares: an N×N grid, each of 1..N once per row and column.
    #[command(after_help = "\
Examples:
  dancing problem latin 4
  dancing problem latin 5 --limit 1")]
    Latin {
        /// The square's size
        #[arg(value_parser = clap::value_parser!(u16).range(1..=60))]
        n: u16,
        #[command(flatten)]
        args: ProblemArgs,
    },
    /// The fewest of the given rectangles that tile a board exactly (ZOJ 3209).
    ///
    /// Reads the judge's format: a line with the number of cases, then per case `n m p`
    /// (a board n wide and m high) and p lines `x1 y1 x2 y2` (a piece's lower-left and
    /// upper-right corners). Prints per case the fewest pieces, or `-1` when none tile it.
    #[command(after_help = "\
Examples:
  printf '1\\n5 5 2\\n0 0 3 5\\n3 0 5 5\\n' | dancing problem tiling
  dancing problem tiling --stats tiling.txt")]
    Tiling {
        /// The judge's input; standard input when absent or `-`
        file: Option<std::path::PathBuf>,
        #[command(flatten)]
        search: SearchArgs,
    },
}

/// Parses `WxH` for a box of 60 cells.
fn parse_box(text: &str) -> Result<(usize, usize), String> {
    let (w, h) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("`{text}` is not WIDTHxHEIGHT, for example 10x6"))?;
    let (w, h) = match (w.trim().parse::<usize>(), h.trim().parse::<usize>()) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(format!("`{text}` is not WIDTHxHEIGHT, for example 10x6")),
    };
    if w.checked_mul(h) != Some(60) {
        return Err(format!(
            "a {w}x{h} box has {} cells; the twelve pentominoes need 60 (10x6, 12x5, 15x4 or 20x3)",
            w.saturating_mul(h)
        ));
    }
    Ok((w, h))
}
