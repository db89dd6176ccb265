//! Reading grids: the one-line form, blocks, rows of numbers and the letter alphabet.
//!
//! Every parser reports the first problem with its 1-based line and, where it helps,
//! its 1-based column (counted in characters), and the reason.
//!
//! # The one-line form ([`Grid::parse_line`])
//! N² symbols row by row, with nothing between them. The length gives the order: 16,
//! 81, 256, 625 or 1296 symbols. Values are `1`-`9`, then `A`=10, `B`=11, … `Z`=35
//! and `0`=36 in a 36×36 grid; an empty cell is `.`, `_`,
//! `-`, or `0` where N ≤ 9. Leading white space is skipped and anything after the next
//! white space is a comment.
//!
//! ```
//! use dancing_sudoku::Grid;
//! let grid = Grid::parse_line("1.3...1.2.4...2. the comment is ignored")?;
//! assert_eq!(grid.side(), 4);
//! let err = Grid::parse_line("1.3...1....1x...").unwrap_err();
//! assert_eq!(err.to_string(), "line 1, column 13: unknown symbol `x`: expected `1`-`9`, `A`-`Z`, or `.`, `_`, `-` (and `0` up to 9×9) for an empty cell");
//! # Ok::<(), dancing_sudoku::ParseError>(())
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
//!
//! # [`FromStr`]
//! `str::parse::<Grid>()` reads a single line in the one-line form, otherwise a block,
//! otherwise rows of numbers.

use std::fmt;
use std::str::FromStr;

use crate::grid::{Alphabet, Grid};

/// A grid that could not be read: where (1-based line, and column in characters when it
/// helps) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// 1-based line of the input.
    pub line: usize,
    /// 1-based column in characters, when the problem is at one place in the line.
    pub column: Option<usize>,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    fn new(line: usize, column: Option<usize>, kind: ParseErrorKind) -> Self {
        Self { line, column, kind }
    }

    /// The same error with its line moved to `line + self.line - 1`: for callers that
    /// parse one line (or one block) of a larger input starting at line `line`.
    pub fn at_line(mut self, line: usize) -> Self {
        self.line = line + self.line.saturating_sub(1);
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {column}: {}", self.line, self.kind),
            None => write!(f, "line {}: {}", self.line, self.kind),
        }
    }
}

/// What was wrong with a grid's text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// There was no grid at all: empty input, or only blank and comment lines.
    Empty,
    /// A one-line grid whose length is not 16, 81, 256, 625 or 1296.
    LineLength {
        /// Symbols found.
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
}

/// Input quoted in a message: the engine's helper, escaped and cut after 32 characters.
pub(crate) use dancing::format::quote;

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "no grid: the input is empty"),
            Self::LineLength { found } => write!(
                f,
                "wrong length: {found} symbols; a one-line grid has 16, 81, 256, 625 or 1296"
            ),
            Self::RowLength {
                found,
                expected: Some(expected),
            } => write!(f, "{found} symbols in this row, expected {expected}"),
            Self::RowLength {
                found,
                expected: None,
            } => write!(
                f,
                "{found} symbols in the first row; a row has 4, 9, 16, 25 or 36"
            ),
            Self::MissingRows { found, expected } => write!(
                f,
                "unexpected end of the grid after {found} rows, expected {expected}"
            ),
            Self::ExtraRow { expected } => {
                write!(f, "text after the last row; the grid has {expected} rows")
            }
            Self::UnknownSymbol { symbol, alphabet } => {
                write!(f, "unknown symbol `{}`: ", symbol.escape_debug())?;
                match alphabet {
                    Alphabet::Digits => write!(
                        f,
                        "expected `1`-`9`, `A`-`Z`, or `.`, `_`, `-` (and `0` up to 9×9) for an empty cell"
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
        }
    }
}

/// What a character means in an alphabet, before the order is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Symbol {
    Empty,
    Value(u8),
    /// `0` in the digit alphabet: empty up to 9×9, 36 in a 36×36 grid.
    Zero,
    Unknown,
}

fn classify(ch: char, alphabet: Alphabet) -> Symbol {
    match alphabet {
        Alphabet::Digits => match ch {
            '.' | '_' | '-' => Symbol::Empty,
            '0' => Symbol::Zero,
            '1'..='9' => Symbol::Value(ch as u8 - b'0'),
            'A'..='Z' => Symbol::Value(ch as u8 - b'A' + 10),
            _ => Symbol::Unknown,
        },
        Alphabet::Letters => match ch {
            '.' | '-' => Symbol::Empty,
            'A'..='Z' => Symbol::Value(ch as u8 - b'A' + 1),
            _ => Symbol::Unknown,
        },
    }
}

/// The order whose side is `side`.
fn order_of_side(side: usize) -> Option<usize> {
    (crate::MIN_ORDER..=crate::MAX_ORDER).find(|&n| n * n == side)
}

/// Appends the value of `ch` at `column` to `cells`, for a grid of side `side`.
fn push_symbol(
    cells: &mut Vec<u8>,
    ch: char,
    alphabet: Alphabet,
    side: usize,
    line: usize,
    column: usize,
) -> Result<(), ParseError> {
    let value = match classify(ch, alphabet) {
        Symbol::Empty => 0,
        Symbol::Zero if side <= 9 => 0,
        Symbol::Zero if side == 36 => 36,
        Symbol::Zero => {
            return Err(ParseError::new(
                line,
                Some(column),
                ParseErrorKind::ZeroNotEmpty { side },
            ));
        }
        Symbol::Value(v) if usize::from(v) <= side => v,
        Symbol::Value(v) => {
            return Err(ParseError::new(
                line,
                Some(column),
                ParseErrorKind::OutOfRange {
                    symbol: ch.to_string(),
                    value: u64::from(v),
                    side,
                },
            ));
        }
        Symbol::Unknown => {
            return Err(ParseError::new(
                line,
                Some(column),
                ParseErrorKind::UnknownSymbol {
                    symbol: ch,
                    alphabet,
                },
            ));
        }
    };
    cells.push(value);
    Ok(())
}

fn check_letters(alphabet: Alphabet, side: usize, line: usize) -> Result<(), ParseError> {
    if alphabet == Alphabet::Letters && side > alphabet.max_value() {
        return Err(ParseError::new(
            line,
            None,
            ParseErrorKind::TooLargeForLetters { side },
        ));
    }
    Ok(())
}

/// Parses the one-line form in `alphabet`, filling `cells`.
fn line_into(text: &str, alphabet: Alphabet, cells: &mut Vec<u8>) -> Result<usize, ParseError> {
    let lead = text.chars().take_while(|c| c.is_whitespace()).count();
    let token = text
        .trim_start()
        .split(char::is_whitespace)
        .next()
        .unwrap_or("");
    if token.is_empty() {
        return Err(ParseError::new(1, None, ParseErrorKind::Empty));
    }
    // Unknown characters first: they make the length meaningless.
    for (k, ch) in token.chars().enumerate() {
        if classify(ch, alphabet) == Symbol::Unknown {
            return Err(ParseError::new(
                1,
                Some(lead + k + 1),
                ParseErrorKind::UnknownSymbol {
                    symbol: ch,
                    alphabet,
                },
            ));
        }
    }
    let len = token.len(); // every known symbol is ASCII
    let Some(order) = (crate::MIN_ORDER..=crate::MAX_ORDER).find(|&n| n.pow(4) == len) else {
        return Err(ParseError::new(
            1,
            None,
            ParseErrorKind::LineLength { found: len },
        ));
    };
    let side = order * order;
    check_letters(alphabet, side, 1)?;
    cells.clear();
    cells.reserve(len);
    for (k, ch) in token.chars().enumerate() {
        push_symbol(cells, ch, alphabet, side, 1, lead + k + 1)?;
    }
    Ok(order)
}

/// Whether a line of a block is a box separator (given the side, once known).
fn is_separator(line: &str, side: Option<usize>) -> bool {
    let mut dashes = 0;
    let mut other = false;
    for ch in line.chars() {
        match ch {
            '-' => dashes += 1,
            '+' | '=' | '|' => other = true,
            c if c.is_whitespace() => {}
            _ => return false,
        }
    }
    if other {
        return true;
    }
    // Only dashes: a row of empty cells if it has the length of a row.
    match side {
        Some(side) => dashes != side,
        None => order_of_side(dashes).is_none(),
    }
}

/// Reads a block of rows from `lines` (numbered pairs), stopping after the last row.
/// `side` fixes the side in advance (for judges); otherwise the first row gives it.
/// Lines that are blank or start with `#` are skipped only when `skip_comments`.
pub(crate) fn block_from_lines<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    alphabet: Alphabet,
    mut side: Option<usize>,
    skip_comments: bool,
    end_line: usize,
) -> Result<Grid, ParseError> {
    let mut cells = Vec::new();
    let mut rows = 0;
    let mut last_line = end_line;
    for (number, line) in lines.by_ref() {
        last_line = number;
        let trimmed = line.trim();
        if skip_comments && (trimmed.is_empty() || trimmed.starts_with('#')) {
            continue;
        }
        if trimmed.is_empty() {
            // A blank line inside a judge's block is a short row.
            return Err(ParseError::new(
                number,
                None,
                ParseErrorKind::RowLength {
                    found: 0,
                    expected: side,
                },
            ));
        }
        if is_separator(line, side) {
            continue;
        }
        // Symbols of this row, with their columns.
        let symbols = line
            .chars()
            .enumerate()
            .filter(|&(_, ch)| !ch.is_whitespace() && ch != '|');
        let count = symbols.clone().count();
        let n = match side {
            Some(n) => n,
            None => {
                let Some(_) = order_of_side(count) else {
                    // Point at an unknown symbol if there is one: it explains more.
                    if let Some((k, ch)) = symbols
                        .clone()
                        .find(|&(_, ch)| classify(ch, alphabet) == Symbol::Unknown)
                    {
                        return Err(ParseError::new(
                            number,
                            Some(k + 1),
                            ParseErrorKind::UnknownSymbol {
                                symbol: ch,
                                alphabet,
                            },
                        ));
                    }
                    return Err(ParseError::new(
                        number,
                        None,
                        ParseErrorKind::RowLength {
                            found: count,
                            expected: None,
                        },
                    ));
                };
                check_letters(alphabet, count, number)?;
                side = Some(count);
                cells.reserve(count * count);
                count
            }
        };
        let start = cells.len();
        for (k, ch) in symbols {
            if cells.len() - start == n {
                return Err(ParseError::new(
                    number,
                    Some(k + 1),
                    ParseErrorKind::RowLength {
                        found: count,
                        expected: Some(n),
                    },
                ));
            }
            push_symbol(&mut cells, ch, alphabet, n, number, k + 1)?;
        }
        if cells.len() - start != n {
            return Err(ParseError::new(
                number,
                None,
                ParseErrorKind::RowLength {
                    found: count,
                    expected: Some(n),
                },
            ));
        }
        rows += 1;
        if rows == n {
            let order = order_of_side(n).expect("checked side");
            return Ok(Grid::from_cells(order, cells).expect("checked cells"));
        }
    }
    match side {
        None => Err(ParseError::new(end_line, None, ParseErrorKind::Empty)),
        Some(n) => Err(ParseError::new(
            last_line + 1,
            None,
            ParseErrorKind::MissingRows {
                found: rows,
                expected: n,
            },
        )),
    }
}

/// Fails if anything but blank lines, comments and separators follows the last row.
fn expect_end<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    side: usize,
) -> Result<(), ParseError> {
    for (number, line) in lines {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || is_separator(line, Some(side)) {
            continue;
        }
        return Err(ParseError::new(
            number,
            None,
            ParseErrorKind::ExtraRow { expected: side },
        ));
    }
    Ok(())
}

fn numbered(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(k, l)| (k + 1, l))
}

/// One token of the rows-of-numbers form.
fn number_value(token: &str, side: Option<usize>) -> Result<Option<u64>, ParseErrorKind> {
    if token == "." || token == "_" {
        return Ok(Some(0));
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseErrorKind::NotANumber {
            token: token.to_owned(),
        });
    }
    let value = token.parse::<u64>().unwrap_or(u64::MAX);
    match side {
        Some(side) if value > side as u64 => Err(ParseErrorKind::OutOfRange {
            symbol: token.to_owned(),
            value,
            side,
        }),
        _ => Ok(Some(value)),
    }
}

impl Grid {
    /// Reads the one-line form (see the [module docs](crate::parse)); errors are on
    /// line 1 (move them with [`ParseError::at_line`]).
    pub fn parse_line(text: &str) -> Result<Self, ParseError> {
        Self::parse_line_with(text, Alphabet::Digits)
    }

    /// Reads the one-line form in `alphabet`.
    pub fn parse_line_with(text: &str, alphabet: Alphabet) -> Result<Self, ParseError> {
        let mut cells = Vec::new();
        let order = line_into(text, alphabet, &mut cells)?;
        Ok(Self::from_cells(order, cells).expect("checked cells"))
    }

    /// Reads the one-line form into this grid, reusing its storage (no allocation once
    /// the grid has held a grid as large). On error the grid's contents are unspecified.
    pub fn read_line(&mut self, text: &str) -> Result<(), ParseError> {
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
    pub fn parse_block(text: &str) -> Result<Self, ParseError> {
        Self::parse_block_with(text, Alphabet::Digits)
    }

    /// Reads a block of N rows in `alphabet`.
    pub fn parse_block_with(text: &str, alphabet: Alphabet) -> Result<Self, ParseError> {
        let mut lines = numbered(text);
        let end = text.lines().count().max(1);
        let grid = block_from_lines(&mut lines, alphabet, None, true, end)?;
        expect_end(&mut lines, grid.side())?;
        Ok(grid)
    }

    /// Reads a block in the letter alphabet `A`=1 … `Z`=26, `-` for empty (the form of
    /// POJ 3076); grids up to 25×25.
    pub fn parse_letters(text: &str) -> Result<Self, ParseError> {
        Self::parse_block_with(text, Alphabet::Letters)
    }

    /// Reads N rows of N space-separated numbers, `0` for empty (see the
    /// [module docs](crate::parse)).
    pub fn parse_numbers(text: &str) -> Result<Self, ParseError> {
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
                tokens.retain(|(_, t)| !t.chars().all(|c| matches!(c, '|' | '+' | '-' | '=')));
                if tokens.is_empty() {
                    continue;
                }
                if rows == side.unwrap_or(usize::MAX) {
                    return Err(ParseError::new(
                        number,
                        Some(tokens[0].0),
                        ParseErrorKind::ExtraRow {
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
                                return Err(ParseError::new(
                                    number,
                                    Some(*column),
                                    ParseErrorKind::NotANumber {
                                        token: token.clone(),
                                    },
                                ));
                            }
                            return Err(ParseError::new(
                                number,
                                None,
                                ParseErrorKind::RowLength {
                                    found: count,
                                    expected: None,
                                },
                            ));
                        }
                        side = Some(count);
                        count
                    }
                };
                for (k, (column, token)) in tokens.iter().enumerate() {
                    if k == n {
                        return Err(ParseError::new(
                            number,
                            Some(*column),
                            ParseErrorKind::RowLength {
                                found: tokens.len(),
                                expected: Some(n),
                            },
                        ));
                    }
                    match number_value(token, Some(n)) {
                        Ok(v) => cells.push(v.unwrap_or(0) as u8),
                        Err(kind) => return Err(ParseError::new(number, Some(*column), kind)),
                    }
                }
                if tokens.len() < n {
                    return Err(ParseError::new(
                        number,
                        None,
                        ParseErrorKind::RowLength {
                            found: tokens.len(),
                            expected: Some(n),
                        },
                    ));
                }
                rows += 1;
            }
        }
        match side {
            None => Err(ParseError::new(last_line, None, ParseErrorKind::Empty)),
            Some(n) if rows < n => Err(ParseError::new(
                last_line + 1,
                None,
                ParseErrorKind::MissingRows {
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
    type Err = ParseError;

    /// Reads a single line in the one-line form, otherwise a block, otherwise rows of
    /// numbers. The error reported is the block's, unless a line holds several tokens one
    /// of which is a number of two digits or more, or a `/` appears (then it is the
    /// numbers').
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let content: Vec<(usize, &str)> = numbered(text)
            .filter(|(_, l)| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with('#')
            })
            .collect();
        match content.as_slice() {
            [] => Err(ParseError::new(1, None, ParseErrorKind::Empty)),
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
