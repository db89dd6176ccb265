//! Why a grid's text could not be read: [`PuzzleError`] (where) and
//! [`PuzzleErrorKind`] (what), in the words every parse error of the crate uses.

use std::fmt;

use super::MAX_LINE;
use crate::grid::{Alphabet, Conflict};
use crate::shape::{MAX_SIDE, Shape};

/// A grid that could not be read: where (1-based line, and column in characters when it
/// helps) and why. Its `Debug` carries the message too, so that `?` in `main` (which
/// prints `Debug`) says what went wrong in words:
///
/// ```
/// let error = "1 24\n3 4".parse::<dancing_sudoku::Grid>().unwrap_err();
/// assert!(format!("{error:?}").contains("message: \"line 1: "));
/// ```
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
pub struct PuzzleError {
    /// 1-based line of the input.
    pub line: usize,
    /// 1-based column in characters, when the problem is at one place in the line.
    pub column: Option<usize>,
    /// What went wrong.
    pub kind: PuzzleErrorKind,
}

impl PuzzleError {
    /// An error of `kind` at a 1-based line and, where it helps, column.
    pub fn new(line: usize, column: Option<usize>, kind: PuzzleErrorKind) -> Self {
        Self { line, column, kind }
    }

    /// The same error with its line moved to `line + self.line - 1`: for callers that
    /// parse one line (or one block) of a larger input starting at line `line`.
    pub fn at_line(mut self, line: usize) -> Self {
        self.line = line + self.line.saturating_sub(1);
        self
    }
}

impl fmt::Debug for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PuzzleError")
            .field("line", &self.line)
            .field("column", &self.column)
            .field("kind", &self.kind)
            .field("message", &self.to_string())
            .finish()
    }
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_at(f, self.line, self.column, &self.kind)
    }
}

/// Writes `what` after the place it happened: `line L, column C: …`, or `line L: …`
/// when it concerns the whole line. Every parse error of the crate reads this way.
fn write_at(
    f: &mut fmt::Formatter<'_>,
    line: usize,
    column: Option<usize>,
    what: &dyn fmt::Display,
) -> fmt::Result {
    match column {
        Some(column) => write!(f, "line {line}, column {column}: {what}"),
        None => write!(f, "line {line}: {what}"),
    }
}

/// What was wrong with a grid's text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleErrorKind {
    /// There was no grid at all: empty input, or only blank and comment lines.
    Empty,
    /// A one-line grid whose length is not 16, 81, 256, 625 or 1296 (nor N² for the
    /// shape told).
    LineLength {
        /// Symbols found.
        found: usize,
        /// The shape the reader was told, if any.
        told: Option<Shape>,
    },
    /// A one-line grid of the wrong length, followed by text after white space: that text
    /// was read as a comment.
    LengthBeforeComment {
        /// Symbols found before the white space.
        found: usize,
        /// The shape the reader was told, if any.
        told: Option<Shape>,
    },
    /// A row of a block with the wrong number of symbols.
    RowLength {
        /// Symbols found.
        found: usize,
        /// Symbols expected, once the side is known (from the first row).
        expected: Option<usize>,
    },
    /// A grid whose side has no usual boxes (6, 8, 12, …), read without its shape: its
    /// boxes are told (`--box 2x3`), or drawn with `|` in its rows.
    NeedsShape {
        /// The side.
        side: usize,
    },
    /// A row whose `|` marks do not fall between the boxes of the grid's shape.
    BoxWidths {
        /// The cells between the marks, left to right.
        widths: Vec<usize>,
        /// The shape, when known; else the width of the first row's boxes.
        expected: Result<Shape, usize>,
    },
    /// A block with too few rows.
    MissingRows {
        /// Rows found.
        found: usize,
        /// Rows expected.
        expected: usize,
    },
    /// Text after the last row of a block.
    ExtraRow {
        /// Rows expected.
        expected: usize,
    },
    /// A character that is no symbol of the alphabet.
    UnknownSymbol {
        /// The character.
        symbol: char,
        /// The alphabet being read.
        alphabet: Alphabet,
    },
    /// A token of the rows-of-numbers form that is not a number.
    NotANumber {
        /// The token.
        token: String,
    },
    /// A value above N.
    OutOfRange {
        /// The symbol or number as written.
        symbol: String,
        /// Its value.
        value: u64,
        /// N, the largest value of this grid.
        side: usize,
    },
    /// `0` in a grid larger than 9×9, where it is not an empty cell.
    ZeroNotEmpty {
        /// N.
        side: usize,
    },
    /// The letter alphabet cannot write a grid this large.
    TooLargeForLetters {
        /// N.
        side: usize,
    },
    /// A line of a batch that is neither a one-line grid nor the first row of a block.
    Layout {
        /// Symbols before the first white space (all of them when there is none): the
        /// length of a one-line grid, since text after a space is a comment.
        before_space: usize,
        /// Symbols on the line, not counting white space and `|`: the length of a row.
        symbols: usize,
        /// The shape the reader was told, if any.
        told: Option<Shape>,
    },
    /// The same value twice in a row, column or box (the column is the second cell's).
    Conflict(Conflict),
    /// A line of a batch longer than the most that is read.
    LineTooLong {
        /// The most bytes a line may have.
        limit: usize,
    },
    /// A line that is not valid UTF-8 (the column is the first bad character's).
    NotUtf8,
    /// A cell of a pencilmark grid whose symbols are not values of the grid.
    Candidates {
        /// The cell as written.
        token: String,
        /// N.
        side: usize,
    },
    /// A symbol of a candidate line (9 symbols per cell) out of its place: the `k`-th
    /// symbol of a cell is `k` or empty.
    CandidateLine {
        /// The symbol.
        symbol: char,
        /// Its place in its cell's nine, from 1.
        place: usize,
    },
    /// A jigsaw puzzle without its region labels.
    MissingRegions {
        /// N², the labels expected.
        expected: usize,
    },
    /// Regions or a cage that break a rule of their variant.
    Rule(crate::variant::VariantError),
    /// A cage line whose first token is not a number.
    CageSum {
        /// The token.
        token: String,
    },
    /// A cage cell not written `rRcC` with R, C from 1.
    CageCell {
        /// The token.
        token: String,
    },
    /// A cage line with a sum and no cells.
    EmptyCage,
    /// A killer's cage line in a batch that does not read killer puzzles.
    CageLine,
    /// A puzzle marked as one variant in a batch read as another.
    VariantMismatch {
        /// The variant of the mark.
        marked: &'static str,
        /// The variant the batch reads.
        asked: &'static str,
    },
    /// A pencilmark grid (cells of several candidates) read as a [`Grid`](crate::Grid),
    /// which holds values only: a [`Position`](crate::Position) keeps the candidates.
    PencilmarkGrid,
    /// A pencilmark grid of a variant: candidates are read for classic sudoku only.
    PencilmarkVariant {
        /// The variant.
        variant: &'static str,
    },
    /// The input could not be read; reading stopped there.
    Read {
        /// The reader's message.
        message: String,
    },
    /// A line longer than [`MAX_LINE`] that did not end within `skipped` bytes more:
    /// the input is not lines of text, and reading stopped there.
    NoLineEnd {
        /// The bytes skipped, [`MAX_SKIP`](super::MAX_SKIP).
        skipped: u64,
    },
}

/// The lengths a reader takes, in words: of a one-line grid (`16, 81, 256, 625 or
/// 1296`) or of a row (`4, 9, 16, 25 or 36`), with the told shape's among them.
enum Lengths {
    Cells(Option<Shape>),
    Side(Option<Shape>),
}

impl fmt::Display for Lengths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (told, length): (_, fn(Shape) -> usize) = match *self {
            Self::Cells(told) => (told, Shape::cells),
            Self::Side(told) => (told, Shape::side),
        };
        let mut lengths: Vec<(usize, Option<Shape>)> =
            (2..=6).map(|n| (length(Shape::square(n)), None)).collect();
        if let Some(told) = told.filter(|told| !told.is_square()) {
            lengths.push((length(told), Some(told)));
            lengths.sort_unstable();
        }
        let words: Vec<String> = lengths
            .iter()
            .map(|&(length, shape)| match shape {
                Some(shape) => format!("{length} (boxes of {shape})"),
                None => length.to_string(),
            })
            .collect();
        let (last, first) = words.split_last().expect("five lengths at least");
        write!(f, "{} or {last}", first.join(", "))
    }
}

/// `1 symbol`, `2 symbols`: a count with its noun.
fn counted(count: usize, noun: &str) -> String {
    match count {
        1 => format!("1 {noun}"),
        _ => format!("{count} {noun}s"),
    }
}

/// Input quoted in a message: the engine's helper, escaped and cut after 32 characters.
use dancing::format::quote;

impl fmt::Display for PuzzleErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Conflict(conflict) => write!(f, "{conflict}"),
            Self::NotUtf8 => write!(f, "the line is not valid UTF-8"),
            Self::Rule(rule) => write!(f, "{rule}"),
            Self::CageSum { token } => write!(
                f,
                "`{}` is not a cage sum: a cage line is `SUM rRcC rRcC …`",
                quote(token)
            ),
            Self::CageCell { token } => write!(
                f,
                "`{}` is not a cell: write cells as rRcC, 1-based, such as r1c2",
                quote(token)
            ),
            Self::EmptyCage => write!(f, "a cage needs cells after its sum"),
            Self::CageLine => write!(
                f,
                "a killer's cage line (`SUM rRcC …`) in a batch of other puzzles: the puzzle above it was read without its cages"
            ),
            Self::VariantMismatch { marked, asked } => {
                write!(f, "the puzzle is marked as {marked} sudoku, not {asked}")
            }
            Self::PencilmarkGrid => f.write_str(
                "a pencilmark grid (cells of several candidates), which a Grid cannot hold: \
                 parse it as a Position (`text.parse::<Position>()`), which keeps them",
            ),
            Self::PencilmarkVariant { variant } => write!(
                f,
                "pencilmarks are read for classic sudoku only, not {variant}"
            ),
            Self::Read { message } => write!(f, "read error: {message}; reading stopped here"),
            _ => self.fmt_shape(f),
        }
    }
}

impl PuzzleErrorKind {
    /// The errors of the text's shape: lengths, rows, lines; the others to
    /// [`fmt_symbol`](Self::fmt_symbol).
    fn fmt_shape(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "no grid: the input is empty"),
            Self::LineLength { found, told } => write!(
                f,
                "wrong length: {}; a one-line grid has {}",
                counted(*found, "symbol"),
                Lengths::Cells(*told)
            ),
            Self::LengthBeforeComment { found, told } => write!(
                f,
                "wrong length: {} before the space; text after a space is a comment, and a one-line grid has {} symbols",
                counted(*found, "symbol"),
                Lengths::Cells(*told)
            ),
            Self::RowLength {
                found,
                expected: Some(expected),
            } => write!(
                f,
                "{} in this row, expected {expected}",
                counted(*found, "symbol")
            ),
            Self::RowLength {
                found,
                expected: None,
            } => write!(
                f,
                "{} in the first row; a row has 4, 9, 16, 25 or 36",
                counted(*found, "symbol")
            ),
            Self::NeedsShape { side } => needs_shape(f, *side),
            Self::BoxWidths { widths, expected } => box_widths(f, widths, expected),
            Self::MissingRows { found, expected } => write!(
                f,
                "unexpected end of the grid after {}, expected {expected}",
                counted(*found, "row")
            ),
            Self::ExtraRow { expected } => {
                write!(f, "text after the last row; the grid has {expected} rows")
            }
            Self::Layout {
                before_space,
                symbols,
                told,
            } if before_space == symbols => write!(
                f,
                "wrong length: {}; a one-line grid has {}, a row of a block {}",
                counted(*symbols, "symbol"),
                Lengths::Cells(*told),
                Lengths::Side(*told)
            ),
            Self::Layout {
                before_space,
                symbols,
                told,
            } => write!(
                f,
                "wrong length: {} before the space; text after a space is a comment, and a one-line grid has {} symbols; as a row of a block, the line's {} not {}",
                counted(*before_space, "symbol"),
                Lengths::Cells(*told),
                match symbols {
                    1 => "1 symbol is".to_owned(),
                    _ => format!("{symbols} symbols are"),
                },
                Lengths::Side(*told)
            ),
            Self::LineTooLong { limit } => write!(
                f,
                "the line is longer than {limit} bytes; a puzzle has at most {} symbols",
                MAX_SIDE * MAX_SIDE
            ),
            Self::MissingRegions { expected } => write!(
                f,
                "expected {expected} region labels after the puzzle, one per cell (a jigsaw is one line: PUZZLE REGIONS)"
            ),
            Self::NoLineEnd { skipped } => write!(
                f,
                "the line is longer than {MAX_LINE} bytes and has no end within {} MiB more: the input is not lines of text; reading stopped here",
                skipped >> 20
            ),
            _ => self.fmt_symbol(f),
        }
    }
}

/// The message of [`PuzzleErrorKind::NeedsShape`]: the boxes a side of `side` may have.
fn needs_shape(f: &mut fmt::Formatter<'_>, side: usize) -> fmt::Result {
    let article = if matches!(side, 8 | 11 | 18) {
        "an"
    } else {
        "a"
    };
    write!(
        f,
        "a row of {side} symbols makes {article} {side}×{side} grid, whose boxes have no usual shape: "
    )?;
    let shapes: Vec<String> = Shape::of_side(side).map(|s| s.to_string()).collect();
    match shapes.as_slice() {
        [] => write!(f, "no boxes of at least 2×2 make a side of {side}"),
        [one] => write!(f, "give them ({one}), or draw them with `|`"),
        [first @ .., last] => write!(
            f,
            "give them ({} or {last}), or draw them with `|`",
            first.join(", ")
        ),
    }
}

/// The message of [`PuzzleErrorKind::BoxWidths`]: the widths the `|` draw, and those
/// expected.
fn box_widths(
    f: &mut fmt::Formatter<'_>,
    widths: &[usize],
    expected: &Result<Shape, usize>,
) -> fmt::Result {
    let widths: Vec<String> = widths.iter().map(|w| w.to_string()).collect();
    let (last, first) = widths.split_last().expect("two widths at least");
    write!(
        f,
        "the `|` in this row make boxes {} and {last} cells wide",
        first.join(", ")
    )?;
    match expected {
        Ok(shape) => write!(f, ", and boxes of {shape} are {} wide", shape.box_cols()),
        Err(width) => write!(f, ", and the first row's are {width} wide"),
    }
}

impl PuzzleErrorKind {
    /// The box shapes that would read what this error could not, where the shape was
    /// what was missing: a grid of a side without square boxes ([`NeedsShape`]), or
    /// one line of N² symbols that may be such a puzzle on one line (then `true`). A
    /// caller names them in its own words (`--box 2x3`, `box="2x3"`).
    ///
    /// ```
    /// use dancing_sudoku::parse::PuzzleErrorKind;
    ///
    /// let (shapes, one_line) = PuzzleErrorKind::NeedsShape { side: 6 }.shapes_to_try().unwrap();
    /// let names: Vec<String> = shapes.iter().map(ToString::to_string).collect();
    /// assert_eq!((names.join(" "), one_line), ("2x3 3x2".to_owned(), false));
    /// ```
    ///
    /// [`NeedsShape`]: PuzzleErrorKind::NeedsShape
    pub fn shapes_to_try(&self) -> Option<(Vec<Shape>, bool)> {
        let (side, one_line) = match *self {
            Self::NeedsShape { side } => (side, false),
            Self::Layout {
                symbols,
                told: None,
                ..
            } if symbols.isqrt().pow(2) == symbols => (symbols.isqrt(), true),
            // One line of 36 symbols starts a 36×36 block: it may be a 6×6 puzzle.
            Self::MissingRows { found: 1, expected } if expected.isqrt().pow(2) == expected => {
                (expected.isqrt(), true)
            }
            _ => return None,
        };
        let shapes: Vec<Shape> = Shape::of_side(side)
            .filter(|shape| !shape.is_square())
            .collect();
        (!shapes.is_empty()).then_some((shapes, one_line))
    }

    /// The errors of one symbol or token, the last that [`fmt`](fmt::Display::fmt)
    /// hands on.
    fn fmt_symbol(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownSymbol { symbol, alphabet } => {
                write!(f, "unknown symbol `{}`: ", symbol.escape_debug())?;
                match alphabet {
                    Alphabet::Digits => write!(
                        f,
                        "expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-`, `*` (and `0` up to 9×9) for an empty cell"
                    ),
                    Alphabet::Letters => {
                        write!(
                            f,
                            "expected a letter `A`-`Z`, or `-`, `.`, `*` for an empty cell"
                        )
                    }
                }
            }
            Self::NotANumber { token } => {
                write!(f, "`{}` is not a number", quote(token))
            }
            Self::OutOfRange {
                symbol,
                value,
                side,
            } => write!(
                f,
                "`{}` stands for {value}, out of range for a {side}×{side} grid (values 1 to {side})",
                quote(symbol)
            ),
            Self::ZeroNotEmpty { side } => write!(
                f,
                "`0` is not an empty cell in a {side}×{side} grid; use `.`, `_` or `-`"
            ),
            Self::TooLargeForLetters { side } => write!(
                f,
                "the letter alphabet has 26 symbols, too few for a {side}×{side} grid"
            ),
            Self::Candidates { token, side } => write!(
                f,
                "`{}` is not a cell of a pencilmark grid: write the values (1 to {side}) the cell may hold, such as `137`",
                quote(token)
            ),
            Self::CandidateLine { symbol, place } => write!(
                f,
                "`{}` in place {place} of a cell of a candidate line (729 symbols, 9 per cell): place {place} holds {place} or `.`",
                symbol.escape_debug()
            ),
            _ => unreachable!("every other kind is written by `fmt` or `fmt_shape`"),
        }
    }
}
