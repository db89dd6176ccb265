//! Reading grids: the one-line form, blocks, rows of numbers and the letter alphabet.
//!
//! Every parser reports the first problem with its 1-based line and, where it helps,
//! its 1-based column (counted in characters), and the reason. Every parser skips a
//! leading byte-order mark (U+FEFF); columns count from the character after it.
//!
//! # The one-line form ([`Grid::parse_line`])
//! N² symbols row by row, with nothing between them. The length gives the order: 16,
//! 81, 256, 625 or 1296 symbols. Values are `1`-`9`, then `A`=10, `B`=11, … `Z`=35
//! (lower case too: `a`=10 … `z`=35) and `0`=36 in a 36×36 grid; an empty cell is `.`,
//! `_`, `-`, or `0` where N ≤ 9. Leading white space is skipped and anything after the next
//! white space is a comment.
//!
//! ```
//! use dancing_sudoku::Grid;
//! let grid = Grid::parse_line("1.3...1.2.4...2. the comment is ignored")?;
//! assert_eq!(grid.side(), 4);
//! let err = Grid::parse_line("1.3...1....1?...").unwrap_err();
//! assert_eq!(err.to_string(), "line 1, column 13: unknown symbol `?`: expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-` (and `0` up to 9×9) for an empty cell");
//! # Ok::<(), dancing_sudoku::PuzzleError>(())
//! ```
//!
//! # Blocks ([`Grid::parse_block`])
//! N lines of N symbols (the same symbols as the one-line form), with optional spaces
//! and `|` between them, and optional separator lines made of `-`, `+`, `=` and `|`.
//! Blank lines and lines starting with `#` are skipped. The first row gives the order.
//! A line of N dashes is a row of empty cells, not a separator.
//!
//! # Rows of numbers ([`Grid::parse_numbers`])
//! N rows of N numbers separated by white space, `0` (or `.`) for empty, such as
//! `7 0 0 9 0 0 0 0 1`. Rows end at a newline or at a `/`; `|` tokens and separator
//! lines are ignored.
//!
//! # Letters ([`Grid::parse_letters`])
//! A block in the letter alphabet `A`=1 … `Z`=26, `-` (or `.`) for empty: the form of
//! the 16×16 online judges. Chosen explicitly, since `A` means 10 in the usual alphabet.
//! Upper case only, as the judges write it.
//!
//! # Batches ([`Batch`])
//! Many puzzles from one reader, each in the one-line form or as a block (rows with or
//! without spaces, or the pretty grid), told apart by the puzzle's first line; see
//! [`Batch`] for the rule. Lower case letters are read as upper case in the one-line
//! form and in blocks.
//!
//! # [`FromStr`]
//! `str::parse::<Grid>()` reads a single line in the one-line form, otherwise a block,
//! otherwise rows of numbers.

use std::fmt;
use std::str::FromStr;

use dancing::format::strip_bom;

use crate::grid::{Alphabet, Conflict, Grid};

mod batch;
mod cages;
mod lex;
mod lines;

pub use batch::{Batch, Puzzle};
pub use lines::{Lines, MAX_LINE, MAX_SKIP};

impl FromStr for crate::Position {
    type Err = PuzzleError;

    /// One puzzle in any layout a [`Batch`] reads, pencilmark grids included; text
    /// after it is an error. (Here beside the batch, which the position knows nothing
    /// of.)
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        single(text).map(|puzzle| puzzle.position())
    }
}

/// The one puzzle of `text`, in any layout a [`Batch`] reads: the first error, or an
/// error if the text holds no puzzle or more than one.
pub(crate) fn single(text: &str) -> Result<Puzzle, PuzzleError> {
    let mut batch = Batch::new(text.as_bytes());
    let puzzle = batch
        .next()
        .unwrap_or_else(|| Err(PuzzleError::new(1, None, PuzzleErrorKind::Empty)))?;
    match batch.next() {
        None => Ok(puzzle),
        Some(Ok(next)) => Err(PuzzleError::new(
            next.line,
            None,
            PuzzleErrorKind::ExtraRow {
                expected: puzzle.grid.side(),
            },
        )),
        Some(Err(error)) => Err(error),
    }
}

#[doc(hidden)]
pub use lex::block_from_lines;
use lex::{expect_end, is_separator, line_into, number_value, numbered, order_of_side, row_length};

/// A grid that could not be read: where (1-based line, and column in characters when it
/// helps) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_at(f, self.line, self.column, &self.kind)
    }
}

/// Writes `what` after the place it happened: `line L, column C: …`, or `line L: …`
/// when it concerns the whole line. Every parse error of the crate reads this way.
pub(crate) fn write_at(
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
    /// A one-line grid whose length is not 16, 81, 256, 625 or 1296.
    LineLength {
        /// Symbols found.
        found: usize,
    },
    /// A one-line grid of the wrong length, followed by text after white space: that text
    /// was read as a comment.
    LengthBeforeComment {
        /// Symbols found before the white space.
        found: usize,
    },
    /// A row of a block with the wrong number of symbols.
    RowLength {
        /// Symbols found.
        found: usize,
        /// Symbols expected, once the order is known (from the first row).
        expected: Option<usize>,
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
        /// The bytes skipped, [`MAX_SKIP`].
        skipped: u64,
    },
}

/// `1 symbol`, `2 symbols`: a count with its noun.
fn counted(count: usize, noun: &str) -> String {
    match count {
        1 => format!("1 {noun}"),
        _ => format!("{count} {noun}s"),
    }
}

/// Input quoted in a message: the engine's helper, escaped and cut after 32 characters.
pub(crate) use dancing::format::quote;

impl fmt::Display for PuzzleErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "no grid: the input is empty"),
            Self::LineLength { found } => write!(
                f,
                "wrong length: {}; a one-line grid has 16, 81, 256, 625 or 1296",
                counted(*found, "symbol")
            ),
            Self::LengthBeforeComment { found } => write!(
                f,
                "wrong length: {} before the space; text after a space is a comment, and a one-line grid has 16, 81, 256, 625 or 1296 symbols",
                counted(*found, "symbol")
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
            Self::MissingRows { found, expected } => write!(
                f,
                "unexpected end of the grid after {}, expected {expected}",
                counted(*found, "row")
            ),
            Self::ExtraRow { expected } => {
                write!(f, "text after the last row; the grid has {expected} rows")
            }
            Self::UnknownSymbol { symbol, alphabet } => {
                write!(f, "unknown symbol `{}`: ", symbol.escape_debug())?;
                match alphabet {
                    Alphabet::Digits => write!(
                        f,
                        "expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-` (and `0` up to 9×9) for an empty cell"
                    ),
                    Alphabet::Letters => {
                        write!(
                            f,
                            "expected a letter `A`-`Z`, or `-`, `.` for an empty cell"
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
            Self::Layout {
                before_space,
                symbols,
            } if before_space == symbols => write!(
                f,
                "wrong length: {}; a one-line grid has 16, 81, 256, 625 or 1296, a row of a block 4, 9, 16, 25 or 36",
                counted(*symbols, "symbol")
            ),
            Self::Layout {
                before_space,
                symbols,
            } => write!(
                f,
                "wrong length: {} before the space; text after a space is a comment, and a one-line grid has 16, 81, 256, 625 or 1296 symbols; as a row of a block, the line's {} not 4, 9, 16, 25 or 36",
                counted(*before_space, "symbol"),
                match symbols {
                    1 => "1 symbol is".to_owned(),
                    _ => format!("{symbols} symbols are"),
                }
            ),
            Self::Conflict(conflict) => write!(f, "{conflict}"),
            Self::LineTooLong { limit } => write!(
                f,
                "the line is longer than {limit} bytes; a puzzle has at most 1296 symbols"
            ),
            Self::NotUtf8 => write!(f, "the line is not valid UTF-8"),
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
            Self::MissingRegions { expected } => write!(
                f,
                "expected {expected} region labels after the puzzle, one per cell (a jigsaw is one line: PUZZLE REGIONS)"
            ),
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
            Self::PencilmarkVariant { variant } => write!(
                f,
                "pencilmarks are read for classic sudoku only, not {variant}"
            ),
            Self::Read { message } => write!(f, "read error: {message}; reading stopped here"),
            Self::NoLineEnd { skipped } => write!(
                f,
                "the line is longer than {MAX_LINE} bytes and has no end within {} MiB more: the input is not lines of text; reading stopped here",
                skipped >> 20
            ),
        }
    }
}

impl Grid {
    /// Reads the one-line form (see the [module docs](crate::parse)); errors are on
    /// line 1 (move them with [`PuzzleError::at_line`]).
    pub fn parse_line(text: &str) -> Result<Self, PuzzleError> {
        Self::parse_line_with(text, Alphabet::Digits)
    }

    /// Reads the one-line form in `alphabet`.
    pub fn parse_line_with(text: &str, alphabet: Alphabet) -> Result<Self, PuzzleError> {
        let text = strip_bom(text);
        let mut cells = Vec::new();
        let order = line_into(text, alphabet, &mut cells)?;
        Ok(Self::from_cells(order, cells).expect("checked cells"))
    }

    /// Reads the one-line form into this grid, reusing its storage (no allocation once
    /// the grid has held a grid as large). On error the grid's contents are unspecified.
    pub fn read_line(&mut self, text: &str) -> Result<(), PuzzleError> {
        let text = strip_bom(text);
        let mut cells = std::mem::take(self.cells_vec_mut());
        let result = line_into(text, Alphabet::Digits, &mut cells);
        match result {
            Ok(order) => {
                *self = Self::from_cells(order, cells).expect("checked cells");
                Ok(())
            }
            Err(e) => {
                *self.cells_vec_mut() = cells;
                Err(e)
            }
        }
    }

    /// Reads a block of N rows (see the [module docs](crate::parse)).
    pub fn parse_block(text: &str) -> Result<Self, PuzzleError> {
        Self::parse_block_with(text, Alphabet::Digits)
    }

    /// Reads a block of N rows in `alphabet`.
    pub fn parse_block_with(text: &str, alphabet: Alphabet) -> Result<Self, PuzzleError> {
        let text = strip_bom(text);
        let mut lines = numbered(text);
        let end = text.lines().count().max(1);
        let grid = block_from_lines(&mut lines, alphabet, None, true, end)?;
        expect_end(&mut lines, grid.side())?;
        Ok(grid)
    }

    /// Reads a block in the letter alphabet `A`=1 … `Z`=26, `-` for empty (the form of
    /// POJ 3076); grids up to 25×25.
    pub fn parse_letters(text: &str) -> Result<Self, PuzzleError> {
        Self::parse_block_with(text, Alphabet::Letters)
    }

    /// Reads N rows of N space-separated numbers, `0` for empty (see the
    /// [module docs](crate::parse)).
    pub fn parse_numbers(text: &str) -> Result<Self, PuzzleError> {
        let text = strip_bom(text);
        let mut cells: Vec<u8> = Vec::new();
        let mut side: Option<usize> = None;
        let mut rows = 0;
        let mut last_line = 1;
        for (number, line) in numbered(text) {
            last_line = number;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if is_separator(line, Some(0)) {
                continue;
            }
            // Rows end at `/` as well as at the end of the line.
            let mut offset = 0; // characters before the current segment
            for segment in line.split('/') {
                let seg_len = segment.chars().count();
                let mut tokens = Vec::new();
                let mut current: Option<(usize, String)> = None;
                for (column, ch) in (offset + 1..).zip(segment.chars()) {
                    if ch.is_whitespace() {
                        tokens.extend(current.take());
                    } else {
                        current
                            .get_or_insert_with(|| (column, String::new()))
                            .1
                            .push(ch);
                    }
                }
                tokens.extend(current.take());
                offset += seg_len + 1;
                tokens.retain(|(_, t)| {
                    !t.chars()
                        .all(|c| matches!(c, '+' | '-' | '=') || lex::is_rule(c))
                });
                if tokens.is_empty() {
                    continue;
                }
                if rows == side.unwrap_or(usize::MAX) {
                    return Err(PuzzleError::new(
                        number,
                        Some(tokens[0].0),
                        PuzzleErrorKind::ExtraRow {
                            expected: side.unwrap_or(0),
                        },
                    ));
                }
                let n = match side {
                    Some(n) => n,
                    None => {
                        let count = tokens.len();
                        if order_of_side(count).is_none() {
                            if let Some((column, token)) =
                                tokens.iter().find(|(_, t)| number_value(t, None).is_err())
                            {
                                return Err(PuzzleError::new(
                                    number,
                                    Some(*column),
                                    PuzzleErrorKind::NotANumber {
                                        token: token.clone(),
                                    },
                                ));
                            }
                            return Err(row_length(number, None, count, None));
                        }
                        side = Some(count);
                        count
                    }
                };
                for (k, (column, token)) in tokens.iter().enumerate() {
                    if k == n {
                        return Err(row_length(number, Some(*column), tokens.len(), Some(n)));
                    }
                    match number_value(token, Some(n)) {
                        Ok(v) => cells.push(v.unwrap_or(0) as u8),
                        Err(kind) => return Err(PuzzleError::new(number, Some(*column), kind)),
                    }
                }
                if tokens.len() < n {
                    return Err(row_length(number, None, tokens.len(), Some(n)));
                }
                rows += 1;
            }
        }
        match side {
            None => Err(PuzzleError::new(last_line, None, PuzzleErrorKind::Empty)),
            Some(n) if rows < n => Err(PuzzleError::new(
                last_line + 1,
                None,
                PuzzleErrorKind::MissingRows {
                    found: rows,
                    expected: n,
                },
            )),
            Some(n) => {
                let order = order_of_side(n).expect("checked side");
                Ok(Self::from_cells(order, cells).expect("checked cells"))
            }
        }
    }
}

impl FromStr for Grid {
    type Err = PuzzleError;

    /// Reads a single line in the one-line form, otherwise a block, otherwise rows of
    /// numbers. The error reported is the block's, unless a line holds several tokens one
    /// of which is a number of two digits or more, or a `/` appears (then it is the
    /// numbers').
    fn from_str(text: &str) -> Result<Self, PuzzleError> {
        let text = strip_bom(text);
        let content: Vec<(usize, &str)> = numbered(text)
            .filter(|(_, l)| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with('#')
            })
            .collect();
        match content.as_slice() {
            [] => Err(PuzzleError::new(1, None, PuzzleErrorKind::Empty)),
            [(number, line)] if !line.contains('/') => {
                Self::parse_line(line).map_err(|e| e.at_line(*number))
            }
            _ => {
                let block = Self::parse_block(text);
                if block.is_ok() {
                    return block;
                }
                let numbers = Self::parse_numbers(text);
                if numbers.is_ok() {
                    return numbers;
                }
                // A number of two digits or more among several tokens on a line.
                let multi_digit = text.lines().any(|line| {
                    let tokens: Vec<&str> = line.split_whitespace().collect();
                    tokens.len() > 1
                        && tokens
                            .iter()
                            .any(|t| t.len() > 1 && t.bytes().all(|b| b.is_ascii_digit()))
                });
                if multi_digit || text.contains('/') {
                    numbers
                } else {
                    block
                }
            }
        }
    }
}
