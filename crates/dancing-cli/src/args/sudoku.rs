//! The grammar of `dancing sudoku`.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};
use dancing_judges::Judge;
use dancing_sudoku::Shape;
use dancing_sudoku::generate::Symmetry;
use dancing_sudoku::logic::Difficulty;
use dancing_sudoku::variant::Kind;

use super::{LimitArgs, RunArgs, named, parse_limit};

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
    /// The library's choice of the same name.
    pub(crate) fn choice(self) -> dancing_sudoku::SolverChoice {
        use dancing_sudoku::SolverChoice;
        match self {
            Self::Auto => SolverChoice::Auto,
            Self::Bands => SolverChoice::Bands,
            Self::Dlx => SolverChoice::Links,
            Self::Sat => SolverChoice::Learner,
            Self::Bitmask => SolverChoice::Bitmask,
        }
    }

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

/// Options shared by the batch commands.
#[derive(Debug, Args)]
pub(crate) struct BatchArgs {
    /// The puzzles (a file, or one puzzle on one line); standard input when absent or `-`
    pub(crate) file: Option<PathBuf>,
    /// The solver to use
    #[arg(long, value_enum, default_value_t = SolverKind::Auto)]
    pub(crate) solver: SolverKind,
    /// The rules of the puzzles (jigsaw: `PUZZLE REGIONS` per line; killer: blocks of a
    /// givens line and `SUM rRcC …` cage lines, separated by blank lines). Without it,
    /// a one-line puzzle followed by `x`, `hyper` or its jigsaw regions (as `generate
    /// --variant` writes it) is of that variant, any other classic; with it, such a
    /// mark must agree
    #[arg(long, value_name = "VARIANT", value_parser = named(&Kind::ALL, kind_help))]
    pub(crate) variant: Option<Kind>,
    #[command(flatten)]
    pub(crate) shape: ShapeArgs,
    #[command(flatten)]
    pub(crate) run: RunArgs,
}

/// The boxes of the grids read: `--box`, shared by every command that reads puzzles.
#[derive(Debug, Args)]
pub(crate) struct ShapeArgs {
    /// The boxes of grids whose side has no square boxes, ROWSxCOLUMNS (2x3 or 3x2 for
    /// 6×6, 2x4 for 8×8, 3x4 for 12×12): such a grid is read in this shape, on one line
    /// (N² symbols) or in N rows. Without it, a grid of such a side is read only when its
    /// rows draw the boxes with `|`
    #[arg(long = "box", value_name = "RxC")]
    pub(crate) boxes: Option<Shape>,
}

/// The layouts of a sudoku batch, in the long help of `solve`, `count` and `check`: a
/// macro, since `concat!` takes only literals.
macro_rules! batch_layouts {
    () => {
        "\
Puzzles follow one another, each in one of these layouts told apart by its first line:
  one line    N² symbols with nothing between them: 16, 81, 256, 625 or 1296 (4×4 to
              36×36), or 36, 64, 144 … in the shape of --box; text after a space,
              `,`, `;` or `:` is a comment (but for a variant's mark after a space)
  spaced      the same symbols one by one with spaces between them: `8 . . 3 …`
  rows        N lines of N symbols, with or without spaces: `5 3 . . 7 . . . .`
  pretty      rows with `|` between boxes and lines such as `------+-------+------`,
              Sudoku Explainer's `*-----------*` frames and HoDoKu's `.---.---.`
  pencilmarks N lines of N cells, a cell one symbol (its value) or several (its
              candidates), as HoDoKu and Sudoku Explainer copy a position: the
              candidates are taken as given, not worked out again; or 729 symbols on
              one line, 9 per cell (`1........` a 1, `.2.4.....` 2 or 4)
A line of 4, 9, 16, 25 or 36 symbols (spaces and `|` not counted) starts a block of
that many rows; so does a line of 6, 8, 12 … symbols in the shape of --box, or whose
`|` draw its boxes (`1 2 3 | 4 5 6`: boxes of 2x3). 16 symbols with nothing between them are a 4×4 puzzle on one line, so
put spaces in the first row of a 16×16 block. Blank lines and lines starting with `#`
are skipped; a blank line may separate puzzles, and the bands of a 9×9 or larger grid.
Rows may be typed in groups (`53. .7. ...`), as cells between tabs (a table copied
from a spreadsheet, empty cells empty), or for 9×9 with a space for each blank
(`53  7`). A CSV header line (`quizzes,solutions`) is skipped with a note. FILE may
be a one-line puzzle itself: `dancing sudoku solve 53..7....6..195…`.

Symbols: `1`-`9`, then `A`-`Z` (or `a`-`z`) for 10 to 35 and `0` for 36; a blank is
`.`, `_`, `-`, `*`, or `0` up to 9×9. A leading byte-order mark is skipped. Each puzzle gets
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
  dancing sudoku solve --unique --threads 2 --stats puzzles.txt
  dancing sudoku solve --svg solved.svg puzzle.txt")]
    Solve {
        /// Print `multiple solutions` for a puzzle with more than one
        #[arg(long)]
        unique: bool,
        /// Draw each solution with box lines, the givens set apart from the filled cells
        /// on a colour terminal (plain when piped or with NO_COLOR)
        #[arg(long)]
        pretty: bool,
        /// Also draw the puzzles and their solutions into FILE, an SVG picture (a sheet
        /// of the first 1000, in input order; the givens black, the solution's digits
        /// blue), written whole when the batch ends
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// What standard output gets: the answers as text, or in their place the picture
        /// that --svg draws
        #[arg(long, value_enum, default_value_t, value_name = "FORMAT", conflicts_with_all = ["svg", "pretty"])]
        format: crate::output::Format,
        #[command(flatten)]
        batch: BatchArgs,
    },
    /// Count each puzzle's solutions, up to a limit (printed as `1000+` when there are more).
    #[command(long_about = concat!(
        "Count each puzzle's solutions, up to a limit (printed as `1000+` when there are more).\n\n",
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
        /// For each puzzle, count all its solutions exactly (from the memo's diagram of
        /// them, however many) and print, after the count, one line per empty cell
        /// with the digits some solution puts there and how many (`r1c3 4:12 7:3`),
        /// then `fixed:` and the empty cells every solution fills alike
        /// (`r2c5=8`); a blank line ends each puzzle. Any shape and variant
        #[arg(long, conflicts_with = "limit")]
        marginals: bool,
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
    /// Rate each puzzle by the human techniques it needs: `2.6 pointing`, `7.1 forcing
    /// chain`, or `10.9 needs search (2623 nodes)` past them.
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
  dancing sudoku hint --level 1 puzzle.txt
  dancing sudoku hint --apply puzzle.txt > next.txt; dancing sudoku hint --apply next.txt
  echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | dancing sudoku hint --steps --pretty
  dancing sudoku hint --svg hint.svg puzzle.txt")]
    Hint {
        /// Print every step to the end (solved, or stalled), not only the next one
        #[arg(long)]
        steps: bool,
        /// Draw the grid the hint is about (and, with --steps, where the steps end)
        #[arg(long)]
        pretty: bool,
        /// Print the position after the step as a pencilmark grid, the step above it as a
        /// `#` comment: feed it back for the next hint, to the end (a cell left with one
        /// candidate is written `(5)`, apart from a value placed)
        #[arg(long, conflicts_with_all = ["steps", "pretty"])]
        apply: bool,
        /// With --steps: the position after each step, as --apply prints it
        #[arg(long, requires = "steps")]
        positions: bool,
        /// How much the hint gives away: 1 the technique, 2 also the cells to look at,
        /// 3 the whole step (the default)
        #[arg(long, value_name = "LEVEL", default_value_t = 3,
              value_parser = clap::value_parser!(u8).range(1..=3))]
        level: u8,
        /// Also draw each hint into FILE, an SVG picture (a sheet of the first 1000, in
        /// order; with --steps every step): the candidates, the cells of the step's pattern shaded, the
        /// candidates it removes in red, the value it places in green, a chain's links as
        /// arrows (strong solid, weak dashed). Written whole when the batch ends
        #[arg(long, value_name = "FILE", conflicts_with_all = ["apply", "positions"])]
        svg: Option<PathBuf>,
        /// What standard output gets: the hints as text, or in their place the picture
        /// that --svg draws
        #[arg(long, value_enum, default_value_t, value_name = "FORMAT",
              conflicts_with_all = ["svg", "apply", "positions", "pretty"])]
        format: crate::output::Format,
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
        #[arg(value_parser = named(&Judge::ALL, judge_help))]
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
    /// The puzzles (layouts as for `solve`, pencilmark grids included: the steps start
    /// from the candidates as given); standard input when absent or `-`
    pub(crate) file: Option<PathBuf>,
    /// Do without the uniqueness techniques (unique rectangles and loops, the BUG),
    /// which assume what the command checks anyway: that the puzzle has one solution
    #[arg(long)]
    pub(crate) no_uniqueness: bool,
    /// Do without the nested forcing chains (Sudoku Explainer's 9.5 and up, seconds a
    /// puzzle): a puzzle that needs them stalls and is rated by the search left, in
    /// milliseconds
    #[arg(long)]
    pub(crate) no_nested: bool,
    #[command(flatten)]
    pub(crate) shape: ShapeArgs,
    #[command(flatten)]
    pub(crate) run: RunArgs,
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
    #[arg(long, value_name = "SYMMETRY", default_value = "none", value_parser = named(&Symmetry::ALL, symmetry_help))]
    pub(crate) symmetry: Symmetry,
    /// No single given can be taken away without losing uniqueness
    #[arg(long)]
    pub(crate) minimal: bool,
    /// At most this many givens
    #[arg(long, value_name = "N")]
    pub(crate) clues: Option<usize>,
    /// The kind of puzzle, written after it (x, hyper; jigsaw: new random regions for
    /// each puzzle) so that `solve` reads it back
    #[arg(long, value_name = "VARIANT", default_value = "classic", value_parser = named(&GENERATED, kind_help))]
    pub(crate) variant: Kind,
    /// Only puzzles rated in this band (see `dancing sudoku rate`)
    #[arg(long, value_name = "BAND", value_parser = named(&Difficulty::ALL, difficulty_help))]
    pub(crate) difficulty: Option<Difficulty>,
    /// Only puzzles whose rating scores from LOW to HIGH, both included, such as 6.0-7.5
    /// (finer than --difficulty; with both, both must hold)
    #[arg(long, value_name = "LOW-HIGH", value_parser = parse_score)]
    pub(crate) score: Option<(f32, f32)>,
    /// Random grids tried per puzzle before giving up (exit code 3)
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = parse_limit)]
    pub(crate) max_attempts: u64,
    /// Append each puzzle's rating (after a space, which readers take as a comment)
    #[arg(long)]
    pub(crate) rate: bool,
    /// Draw each puzzle with box lines instead of one line
    #[arg(long)]
    pub(crate) pretty: bool,
    /// Also draw the puzzles into FILE, an SVG picture (a sheet of the first 1000, in
    /// order; a variant's regions, diagonals or windows drawn), written whole when the
    /// run ends
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<PathBuf>,
    /// What standard output gets: the puzzles as text, or in their place the picture
    /// that --svg draws
    #[arg(long, value_enum, default_value_t, value_name = "FORMAT", conflicts_with_all = ["svg", "pretty", "rate"])]
    pub(crate) format: crate::output::Format,
    /// Grids of rectangular boxes, ROWSxCOLUMNS each (2x3 for 6×6, 2x4 for 8×8, 3x4
    /// for 12×12), in place of --order's square ones
    #[arg(long = "box", value_name = "RxC", conflicts_with = "order")]
    pub(crate) boxes: Option<Shape>,
    #[command(flatten)]
    pub(crate) run: RunArgs,
}

impl GenerateArgs {
    /// The shape of the puzzles: `--box`, or `--order`'s square one.
    pub(crate) fn shape(&self) -> Shape {
        self.boxes
            .unwrap_or_else(|| Shape::square(usize::from(self.order)))
    }
}

/// `LOW-HIGH`: a range of scores on Sudoku Explainer's scale.
fn parse_score(text: &str) -> Result<(f32, f32), String> {
    let bad = || format!("`{text}` is not a score range: write LOW-HIGH, such as 6.0-7.5");
    let (low, high) = text.split_once('-').ok_or_else(bad)?;
    let low: f32 = low.trim().parse().map_err(|_| bad())?;
    let high: f32 = high.trim().parse().map_err(|_| bad())?;
    if !(low.is_finite() && high.is_finite() && low <= high) {
        return Err(bad());
    }
    Ok((low, high))
}

/// The kinds `generate` makes: every one but killer, whose cages it does not draw.
const GENERATED: [Kind; 4] = [Kind::Classic, Kind::X, Kind::Hyper, Kind::Jigsaw];

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
        Difficulty::Easy => "Singles and their direct forms (score up to 2.3)",
        Difficulty::Medium => "Locked candidates, pairs, x-wing (2.4 to 3.4)",
        Difficulty::Hard => "Triples, swordfish, xy- and xyz-wing (3.5 to 4.4)",
        Difficulty::Expert => "Uniqueness, quads, jellyfish, x-chains (4.5 to 6.9)",
        Difficulty::Extreme => "Forcing chains and nets, or search (7.0 and up)",
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
