//! The grammar of `dancing problem`.

use clap::{Args, Subcommand};

use super::{SearchArgs, parse_limit};

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
    /// Domino tilings of a board: WIDTHxHEIGHT cells, each covered by one domino.
    #[command(after_help = "\
Examples:
  dancing problem domino 4x4
  dancing problem domino 8x8 --count
  dancing problem domino 12x12 --dlx | dancing xc --count --memo")]
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
            "a {w}x{h} board has {} cells: give one of 1 to 1,000,000",
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
            "a {w}x{h} box has {} cells; the twelve pentominoes need 60 (10x6, 12x5, 15x4 or 20x3)",
            w.saturating_mul(h)
        ));
    }
    Ok((w, h))
}
