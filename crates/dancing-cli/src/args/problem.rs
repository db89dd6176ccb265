//! The grammar of `dancing problem`.

use clap::{Args, Subcommand};

use dancing::EngineName;
use dancing::problems::{Turns, Uses};

use super::xc::{MemoArgs, SplitArgs};
use super::{SearchArgs, XcArgs, XcSolver, named, parse_limit};
use crate::input::parse_size;
use crate::picture::{Kept, Picture};

/// Options shared by the classic problems: `dancing xc`'s, but for reading a file,
/// costs and the judges' format.
#[derive(Debug, Clone, Args)]
pub(crate) struct ProblemArgs {
    /// Print the problem in Knuth's DLX format instead of solving it
    #[arg(long, conflicts_with_all = ["count", "limit", "memo", "sample", "zdd", "threads"])]
    pub(crate) dlx: bool,
    /// Print only the number of solutions (as `dancing xc --count`), without a picture
    #[arg(long)]
    pub(crate) count: bool,
    /// Stop after the first N solutions (at least 1): reported as `first N solutions`,
    /// exit code 0
    #[arg(long, value_name = "N", value_parser = parse_limit)]
    pub(crate) limit: Option<u64>,
    /// The search engine, as `dancing xc --engine` takes it (`auto` by default: the
    /// faster of `links` and `dense` on the first nodes)
    #[arg(long, value_name = "ENGINE", default_value = "auto", value_parser = super::xc::engine_names())]
    pub(crate) engine: EngineName,
    /// Search with this many threads (at most 256); 0 uses every core
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16)
              .range(0..=dancing::ParallelSolver::<dancing::Solver>::MAX_THREADS as i64))]
    pub(crate) threads: u16,
    /// The most memory the run may take (K, M, G suffixes), as for `dancing xc`
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_size)]
    pub(crate) max_memory: u64,
    /// Also draw the first solution into FILE, an SVG picture (with --limit N, the
    /// first N, at most 1000, as a sheet; with --sample K, the K drawn): queens on a
    /// chequered board, or a packing (pentominoes, dominoes, polyominoes) with each
    /// piece in its own colour and holes dark. Written whole when the search ends
    #[arg(long, value_name = "FILE", conflicts_with_all = ["dlx", "count"])]
    pub(crate) svg: Option<std::path::PathBuf>,
    /// What standard output gets: the answers as text, or in their place the picture
    /// that --svg draws
    #[arg(long, value_enum, default_value_t, value_name = "FORMAT",
          conflicts_with_all = ["svg", "dlx", "count"])]
    pub(crate) format: crate::output::Format,
    #[command(flatten)]
    pub(crate) memo: MemoArgs,
    #[command(flatten)]
    pub(crate) search: SearchArgs,
}

impl ProblemArgs {
    /// The same request as `dancing xc` flags, with solutions drawn by `picture` and,
    /// for an SVG picture, kept in `kept`.
    pub(crate) fn xc(&self, picture: Picture, kept: Option<Kept>) -> XcArgs {
        XcArgs {
            file: None,
            count: self.count,
            limit: self.limit,
            min_cost: false,
            best: None,
            matrix: false,
            max_memory: self.max_memory,
            cnf: false,
            solver: XcSolver::Dlx,
            engine: self.engine,
            memo: self.memo.clone(),
            split: SplitArgs {
                threads: self.threads,
                split: None,
                split_jobs: None,
                prefix: None,
            },
            search: self.search.clone(),
            svg: None,
            format: crate::output::Format::Text,
            picture: Some(picture),
            kept,
        }
    }
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
  dancing problem langford 7
  dancing problem langford 14            0 at once: none exist for n ≡ 1, 2 (mod 4)")]
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
    /// Any board packed with any polyominoes (Knuth's POLYOMINO-DLX): a rectangle or a
    /// drawn board with holes, a named set or pieces drawn as text.
    ///
    /// A board file draws cells as `.` (or `o`, `*`) and holes as `#` (or `X`, a
    /// space), row by row. A pieces file draws every piece in a letter of its own, `.`
    /// or a space elsewhere (a whole set in one picture, as a solved board). Pieces are
    /// turned and reflected unless --turns says otherwise, and each is placed exactly
    /// once unless --uses says otherwise.
    #[command(after_help = "\
Examples:
  dancing problem polyomino scott --count      Dana Scott's 8x8 with its centre 2x2 removed: 520
  dancing problem polyomino 10x6               the twelve pentominoes in a 10x6 box
  dancing problem polyomino 6x6 --pieces tetrominoes --uses any --count
  dancing problem polyomino holes.txt --pieces pieces.txt --uses any --count
  dancing problem polyomino holes.txt --pieces pieces.txt --turns rotations --uses any --limit 1")]
    Polyomino {
        /// The board: WIDTHxHEIGHT, `scott`, or a file with its picture
        board: String,
        /// The pieces: monominoes, dominoes, trominoes, tetrominoes, pentominoes (the
        /// default) or hexominoes (or the cells' count, 1 to 6), or a file with their
        /// picture
        #[arg(long, value_name = "SET|FILE", default_value = "pentominoes")]
        pieces: String,
        /// Which orientations a piece may take: all (rotations and reflections), rotations
        /// (one-sided pieces) or none (as drawn)
        #[arg(long, default_value = "all", value_parser = named(&Turns::ALL, Turns::description))]
        turns: Turns,
        /// How many times each piece is placed: once (every piece), at-most-once, or any
        /// number of times
        #[arg(long, default_value = "once", value_parser = named(&Uses::ALL, Uses::description))]
        uses: Uses,
        #[command(flatten)]
        args: ProblemArgs,
    },
    /// Domino tilings of a board: WIDTHxHEIGHT cells, each covered by one domino.
    #[command(after_help = "\
Examples:
  dancing problem domino 4x4
  dancing problem domino 8x8 --count
  dancing problem domino 12x12 --count --memo
  dancing problem domino 8x8 --sample 2 --seed 7   two tilings drawn uniformly")]
    Domino {
        /// The board as WIDTHxHEIGHT, up to 1,000,000 cells
        #[arg(value_parser = parse_board)]
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
        /// Also draw each case's tiling into FILE, an SVG picture (a sheet, in order):
        /// each rectangle chosen in its own colour, a board with no tiling left white.
        /// Written whole when the run ends
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
        /// What standard output gets: the answers as text, or in their place the picture
        /// that --svg draws
        #[arg(
            long,
            value_enum,
            default_value_t,
            value_name = "FORMAT",
            conflicts_with = "svg"
        )]
        format: crate::output::Format,
        #[command(flatten)]
        search: SearchArgs,
    },
}

/// Parses `WxH` for a box of 60 cells.
/// Reads a board `WIDTHxHEIGHT` of 1 to 1,000,000 cells.
fn parse_board(text: &str) -> Result<(usize, usize), String> {
    let (w, h) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("`{text}` is not WIDTHxHEIGHT, for example 8x8"))?;
    match (w.trim().parse::<usize>(), h.trim().parse::<usize>()) {
        (Ok(w), Ok(h)) if w > 0 && h > 0 && w.saturating_mul(h) <= 1_000_000 => Ok((w, h)),
        (Ok(w), Ok(h)) => Err(format!(
            "the {w}x{h} board has {} cells: give one of 1 to 1,000,000",
            w.saturating_mul(h)
        )),
        _ => Err(format!("`{text}` is not WIDTHxHEIGHT, for example 8x8")),
    }
}

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
            "the {w}x{h} box has {} cells; the twelve pentominoes need 60 (10x6, 12x5, 15x4 or 20x3)",
            w.saturating_mul(h)
        ));
    }
    Ok((w, h))
}
