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
//! assert_eq!(err.to_string(), "line 1, column 13: unknown symbol `?`: expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-`, `*` (and `0` up to 9×9) for an empty cell");
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

use std::str::FromStr;

use dancing::format::strip_bom;

use crate::grid::{Alphabet, Grid};

mod batch;
mod cages;
mod error;
mod lex;
mod lines;
mod variants;

pub use batch::{Batch, Puzzle};
pub use error::{PuzzleError, PuzzleErrorKind};
pub use lines::{Lines, MAX_LINE, MAX_SKIP};
pub use variants::{parse_jigsaw, parse_killer};

impl FromStr for crate::position::Position {
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

/// The shape of a puzzle of `cells` symbols on one line, as a [`Batch`] told the shape
/// `told` ([`Batch::shape`]) reads it: 16, 81, 256, 625 or 1296 symbols for the square
/// shapes, N² for the shape told; `None` for any other length.
///
/// ```
/// use dancing_sudoku::{Shape, parse::one_line_shape};
///
/// assert_eq!(one_line_shape(81, None), Some(Shape::CLASSIC));
/// let six: Shape = "2x3".parse()?;
/// assert_eq!(one_line_shape(36, Some(six)), Some(six));
/// assert_eq!(one_line_shape(36, None), None); // a row of a 36×36 grid, not a puzzle
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn one_line_shape(
    cells: usize,
    told: Option<crate::shape::Shape>,
) -> Option<crate::shape::Shape> {
    Shapes::told(told).of_cells(cells)
}

#[doc(hidden)]
pub use lex::{BLANKS, block_from_lines};
use lex::{
    Shapes, expect_end, is_separator, line_into, number_value, numbered, row_length, usual_shape,
};

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
        let shape = line_into(text, alphabet, &mut cells, Shapes::default())?;
        Ok(Self::from_cells(shape, cells).expect("checked cells"))
    }

    /// Reads the one-line form into this grid, reusing its storage (no allocation once
    /// the grid has held a grid as large). On error the grid's contents are unspecified.
    pub fn read_line(&mut self, text: &str) -> Result<(), PuzzleError> {
        let text = strip_bom(text);
        let mut cells = std::mem::take(self.cells_vec_mut());
        let result = line_into(text, Alphabet::Digits, &mut cells, Shapes::default());
        match result {
            Ok(shape) => {
                *self = Self::from_cells(shape, cells).expect("checked cells");
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
            if is_separator(line, |_| false) {
                continue;
            }
            // Rows end at `/` as well as at the end of the line.
            for tokens in number_rows(line) {
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
                        if usual_shape(count).is_none() {
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
                let shape = usual_shape(n).expect("checked side");
                Ok(Self::from_cells(shape, cells).expect("checked cells"))
            }
        }
    }
}

/// The rows of numbers on one line of [`Grid::parse_numbers`]'s input, each row its
/// tokens with their 1-based columns: rows end at `/` as well as at the line's end,
/// and tokens of rules only (`+`, `-`, `=`, box-drawing) are frames, not numbers.
fn number_rows(line: &str) -> impl Iterator<Item = Vec<(usize, String)>> + '_ {
    let mut offset = 0; // characters before the current segment
    line.split('/').filter_map(move |segment| {
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
        offset += segment.chars().count() + 1;
        tokens.retain(|(_, t)| {
            !t.chars()
                .all(|c| matches!(c, '+' | '-' | '=') || lex::is_rule(c))
        });
        (!tokens.is_empty()).then_some(tokens)
    })
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
                if let Some(Ok(puzzle)) = batch::Batch::new(text.as_bytes()).next()
                    && puzzle.pencilmarks.is_some()
                {
                    return Err(PuzzleError::new(
                        puzzle.line,
                        None,
                        PuzzleErrorKind::PencilmarkGrid,
                    ));
                }
                if multi_digit || text.contains('/') {
                    numbers
                } else {
                    block
                }
            }
        }
    }
}
