//! The 0/1 sparse-matrix format of the HUST 1017 judge problem ("Exact cover").
//!
//! The input holds test cases to the end of input. Each case is `N M` (rows, columns),
//! then N rows, each `C c1 … cC`: the number of ones in the row, then their 1-based
//! column numbers. Tokens are separated by any white space, so a row may be broken over
//! several lines. A leading byte-order mark is skipped.
//!
//! ```text
//! 6 7
//! 3 1 4 7
//! 2 1 4
//! 3 4 5 7
//! 3 3 5 6
//! 4 2 3 6 7
//! 2 2 7
//! ```
//!
//! Every column becomes a primary item named by its number; every non-empty row an
//! option. A row with no ones can never matter to an exact cover, so it is kept out of
//! the problem (the case still numbers rows as the input does).
//!
//! [`MatrixReader`] reads one case at a time, so a file of many cases never sits in
//! memory whole, and [`MatrixLimits`] refuses cases too large to build before memory runs
//! out. The dense form, rows of `0` and `1` ([`DenseReader`]), gives the same cases;
//! [`is_dense`] tells the two forms apart by their first line.
//!
//! ```
//! use dancing::Engine;
//! use dancing_judges::matrix::MatrixReader;
//!
//! let input = "6 7\n3 1 4 7\n2 1 4\n3 4 5 7\n3 3 5 6\n4 2 3 6 7\n2 2 7\n";
//! let mut cases = MatrixReader::new(input.as_bytes());
//! let case = cases.next().expect("one case")?;
//! let solution = dancing::Solver::new(case.problem()).first().expect("a cover");
//! assert_eq!(case.rows_of(solution.options()), [2, 4, 6]);
//! assert!(cases.next().is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dense;

pub use dense::{DenseReader, is_dense};

use std::io::{BufRead, ErrorKind};

use std::fmt;

use dancing::format::{BOM, IoError, QUOTE_LIMIT, quote};
use dancing::{BuildError, ItemId, OptionId, Problem, ProblemBuilder};

/// One test case: the problem and the input row of each of its options.
#[derive(Debug, Clone)]
pub struct MatrixCase {
    problem: Problem,
    /// 1-based input row of each option.
    option_rows: Vec<u32>,
    rows: usize,
    line: usize,
}

impl MatrixCase {
    /// The exact-cover problem: one primary item per column (named `1`, `2`, …), one
    /// option per non-empty row.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Number of rows in the input, empty ones included.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.problem.item_count()
    }

    /// The 1-based line where the case starts (its `N M` header, or its first row in
    /// the dense form).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based input row of an option.
    ///
    /// # Panics
    /// If the option is not from this case's problem.
    pub fn row_of(&self, option: OptionId) -> usize {
        self.option_rows[option.index()] as usize
    }

    /// The 1-based input rows of a solution's options, in increasing order.
    pub fn rows_of(&self, options: &[OptionId]) -> Vec<usize> {
        let mut rows: Vec<usize> = options.iter().map(|&o| self.row_of(o)).collect();
        rows.sort_unstable();
        rows
    }
}

/// Bounds on the size of one case, checked while reading, before the memory is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatrixLimits {
    /// Most rows a case may declare.
    pub max_rows: usize,
    /// Most columns a case may declare.
    pub max_columns: usize,
    /// Most ones a case may hold in all.
    pub max_entries: usize,
}

impl Default for MatrixLimits {
    /// As large as the engine's `u32` links allow.
    fn default() -> Self {
        let max = u32::MAX as usize / 4;
        Self {
            max_rows: max,
            max_columns: max,
            max_entries: max,
        }
    }
}

/// An error in the matrix format, with its 1-based position in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct MatrixError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What went wrong.
    pub kind: MatrixErrorKind,
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for MatrixError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            MatrixErrorKind::Io(e) => Some(e.get()),
            MatrixErrorKind::Build(e) => Some(e),
            _ => None,
        }
    }
}

/// What went wrong in a [`MatrixError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MatrixErrorKind {
    /// A token is not what was expected there.
    Expected {
        /// What was expected there.
        what: &'static str,
        /// The token found (shortened if long).
        found: String,
    },
    /// The input ended inside a case.
    UnexpectedEnd {
        /// What was expected there.
        what: &'static str,
    },
    /// A case declares no column.
    NoColumns,
    /// A row of the dense form as wide as its case's first row.
    RowWidth {
        /// The columns of this row.
        found: usize,
        /// The columns of the first row.
        expected: usize,
    },
    /// A row lists more ones than the case has columns.
    TooManyOnes {
        /// The count given.
        count: u64,
        /// The number of columns.
        columns: usize,
    },
    /// A column number is 0 or larger than the number of columns.
    ColumnOutOfRange {
        /// The column given.
        column: u64,
        /// The number of columns.
        columns: usize,
    },
    /// A row lists the same column twice.
    RepeatedColumn {
        /// The repeated column.
        column: usize,
    },
    /// The case exceeds a [`MatrixLimits`] bound.
    TooLarge {
        /// What is too large: `rows`, `columns` or `ones`.
        what: &'static str,
        /// The bound.
        limit: usize,
    },
    /// The engine's builder refused the case.
    Build(BuildError),
    /// The input could not be read.
    Io(IoError),
}

impl fmt::Display for MatrixErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Expected { what, found } => write!(f, "expected {what}, found `{found}`"),
            Self::UnexpectedEnd { what } => write!(f, "expected {what}, found end of input"),
            Self::NoColumns => write!(f, "a matrix needs at least one column"),
            Self::RowWidth { found, expected } => {
                write!(f, "a row of {found} columns where the first has {expected}")
            }
            Self::TooManyOnes { count, columns } => write!(
                f,
                "a row with {count} ones in a matrix of {columns} columns; expected at most {columns}"
            ),
            Self::ColumnOutOfRange { column, columns } => write!(
                f,
                "column {column} is out of range; expected 1 to {columns}"
            ),
            Self::RepeatedColumn { column } => {
                write!(f, "column {column} appears twice in the row")
            }
            Self::TooLarge { what, limit } => {
                write!(f, "too many {what}: the limit is {limit}")
            }
            Self::Build(e) => write!(f, "{e}"),
            Self::Io(e) => write!(f, "read error: {e}"),
        }
    }
}

/// Splits a byte stream into white-space separated tokens, tracking positions, without
/// ever holding more than a short prefix of a token (a 10 MB token costs nothing).
#[derive(Debug)]
struct Tokens<R> {
    reader: R,
    line: usize,
    column: usize,
    /// The current token's first bytes.
    token: Vec<u8>,
    /// The current token's full length in bytes.
    token_len: usize,
    /// Whether nothing has been read yet (a byte-order mark may come first).
    fresh: bool,
}

/// A token: its position and, when it is a number that fits, its value.
#[derive(Debug, Clone, Copy)]
struct Token {
    line: usize,
    column: usize,
    value: Option<u64>,
}

impl<R: BufRead> Tokens<R> {
    fn new(reader: R) -> Self {
        Self {
            reader,
            line: 1,
            column: 1,
            token: Vec::with_capacity(QUOTE_LIMIT),
            token_len: 0,
            fresh: true,
        }
    }

    fn io_error(&self, e: std::io::Error) -> MatrixError {
        MatrixError {
            line: self.line,
            column: self.column,
            kind: MatrixErrorKind::Io(e.into()),
        }
    }

    /// Skips a byte-order mark at the start of the input. Bytes that begin one but end
    /// otherwise (never valid text here) are left for the tokens.
    fn skip_bom(&mut self) -> Result<(), MatrixError> {
        loop {
            match self.reader.fill_buf() {
                Ok(buf) => {
                    if buf.starts_with(BOM) {
                        self.reader.consume(BOM.len());
                    }
                    return Ok(());
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(self.io_error(e)),
            }
        }
    }

    /// The next token, or `None` at the end of input.
    fn next(&mut self) -> Result<Option<Token>, MatrixError> {
        self.token.clear();
        self.token_len = 0;
        let mut start = (self.line, self.column);
        if std::mem::take(&mut self.fresh) {
            self.skip_bom()?;
        }
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.io_error(e)),
            };
            if buf.is_empty() {
                break;
            }
            let mut used = 0;
            let mut done = false;
            for &b in buf {
                if b.is_ascii_whitespace() {
                    if self.token_len > 0 {
                        done = true;
                        break;
                    }
                    used += 1;
                    if b == b'\n' {
                        self.line += 1;
                        self.column = 1;
                    } else {
                        self.column += 1;
                    }
                    continue;
                }
                if self.token_len == 0 {
                    start = (self.line, self.column);
                }
                used += 1;
                self.token_len += 1;
                if self.token.len() < QUOTE_LIMIT {
                    self.token.push(b);
                }
                // Continuation bytes of UTF-8 do not start a new character.
                if b & 0xC0 != 0x80 {
                    self.column += 1;
                }
                if self.token_len > QUOTE_LIMIT {
                    // No number is this long: the token is an error already, and its
                    // end (which `/dev/zero` never reaches) is not needed to say so.
                    done = true;
                    break;
                }
            }
            self.reader.consume(used);
            if done {
                break;
            }
        }
        if self.token_len == 0 {
            return Ok(None);
        }
        let value = if self.token_len <= 20 && self.token.iter().all(u8::is_ascii_digit) {
            std::str::from_utf8(&self.token)
                .ok()
                .and_then(|s| s.parse().ok())
        } else {
            None
        };
        Ok(Some(Token {
            line: start.0,
            column: start.1,
            value,
        }))
    }

    /// The current token as text for an error message, shortened if long.
    fn quote(&self) -> String {
        let mut text = quote(&String::from_utf8_lossy(&self.token));
        if self.token_len > self.token.len() && !text.ends_with('…') {
            text.push('…');
        }
        text
    }

    /// The next token as a number, with `what` naming it in errors.
    fn number(&mut self, what: &'static str) -> Result<(u64, Token), MatrixError> {
        match self.next()? {
            None => Err(MatrixError {
                line: self.line,
                column: self.column,
                kind: MatrixErrorKind::UnexpectedEnd { what },
            }),
            Some(token) => match token.value {
                Some(value) => Ok((value, token)),
                None => Err(MatrixError {
                    line: token.line,
                    column: token.column,
                    kind: MatrixErrorKind::Expected {
                        what,
                        found: self.quote(),
                    },
                }),
            },
        }
    }
}

/// Reads test cases one at a time; an iterator of `Result<MatrixCase, MatrixError>`.
/// After an error the iterator ends, since the rest of the input cannot be trusted.
#[derive(Debug)]
pub struct MatrixReader<R> {
    tokens: Tokens<R>,
    limits: MatrixLimits,
    failed: bool,
}

impl<R: BufRead> MatrixReader<R> {
    /// A reader with the default (engine-sized) limits.
    pub fn new(reader: R) -> Self {
        Self::with_limits(reader, MatrixLimits::default())
    }

    /// A reader that refuses cases beyond `limits`.
    pub fn with_limits(reader: R, limits: MatrixLimits) -> Self {
        Self {
            tokens: Tokens::new(reader),
            limits,
            failed: false,
        }
    }

    fn read_case(&mut self) -> Result<Option<MatrixCase>, MatrixError> {
        let Some(first) = self.tokens.next()? else {
            return Ok(None);
        };
        let error = |token: Token, kind| MatrixError {
            line: token.line,
            column: token.column,
            kind,
        };
        let rows = first.value.ok_or_else(|| {
            error(
                first,
                MatrixErrorKind::Expected {
                    what: "the number of rows",
                    found: self.tokens.quote(),
                },
            )
        })?;
        // A count within its limit, or the error at the token that gave it.
        let bounded = |value: u64, limit: usize, what, at| {
            usize::try_from(value)
                .ok()
                .filter(|&v| v <= limit)
                .ok_or_else(|| error(at, MatrixErrorKind::TooLarge { what, limit }))
        };
        let rows = bounded(rows, self.limits.max_rows, "rows", first)?;
        let (columns, at) = self.tokens.number("the number of columns")?;
        if columns == 0 {
            return Err(error(at, MatrixErrorKind::NoColumns));
        }
        let columns = bounded(columns, self.limits.max_columns, "columns", at)?;
        let mut builder = ProblemBuilder::new();
        let items: Vec<ItemId> = (1..=columns)
            .map(|c| builder.primary(&c.to_string()))
            .collect::<Result<_, _>>()
            .map_err(|e| error(at, MatrixErrorKind::Build(e)))?;
        // Per column, the last row that used it: finds repeats in O(1).
        let mut last_row = vec![0u32; columns];
        let mut option_rows = Vec::new();
        let mut row_items = Vec::new();
        let mut entries = 0usize;
        for row in 1..=rows {
            let (count, at) = self.tokens.number("the number of ones in a row")?;
            if count > columns as u64 {
                return Err(error(at, MatrixErrorKind::TooManyOnes { count, columns }));
            }
            entries += count as usize;
            if entries > self.limits.max_entries {
                return Err(error(
                    at,
                    MatrixErrorKind::TooLarge {
                        what: "ones",
                        limit: self.limits.max_entries,
                    },
                ));
            }
            row_items.clear();
            for _ in 0..count {
                let (column, at) = self.tokens.number("a column number")?;
                if column == 0 || column > columns as u64 {
                    return Err(error(
                        at,
                        MatrixErrorKind::ColumnOutOfRange { column, columns },
                    ));
                }
                let index = column as usize - 1;
                // Rows are numbered from 1, so 0 means "not used yet".
                if last_row[index] == row as u32 {
                    return Err(error(
                        at,
                        MatrixErrorKind::RepeatedColumn { column: index + 1 },
                    ));
                }
                last_row[index] = row as u32;
                row_items.push(items[index]);
            }
            if !row_items.is_empty() {
                builder
                    .option(row_items.iter().copied())
                    .map_err(|e| error(at, MatrixErrorKind::Build(e)))?;
                option_rows.push(row as u32);
            }
        }
        let problem = builder
            .build()
            .map_err(|e| error(first, MatrixErrorKind::Build(e)))?;
        Ok(Some(MatrixCase {
            problem,
            option_rows,
            rows,
            line: first.line,
        }))
    }
}

impl<R: BufRead> Iterator for MatrixReader<R> {
    type Item = Result<MatrixCase, MatrixError>;

    fn next(&mut self) -> Option<Self::Item> {
        next_case(self)
    }
}

/// A reader of cases, one at a time, that reads nothing more after its first error.
trait Cases {
    /// The next case, `None` at the end of the input.
    fn read_case(&mut self) -> Result<Option<MatrixCase>, MatrixError>;
    /// Whether an error has ended the reading.
    fn failed(&mut self) -> &mut bool;
}

impl<R: BufRead> Cases for MatrixReader<R> {
    fn read_case(&mut self) -> Result<Option<MatrixCase>, MatrixError> {
        MatrixReader::read_case(self)
    }

    fn failed(&mut self) -> &mut bool {
        &mut self.failed
    }
}

/// The next item of a reader of cases: the next case or its error, then nothing.
fn next_case(reader: &mut impl Cases) -> Option<Result<MatrixCase, MatrixError>> {
    if *reader.failed() {
        return None;
    }
    let result = reader.read_case().transpose();
    *reader.failed() = matches!(result, Some(Err(_)));
    result
}

#[cfg(test)]
mod tests;
