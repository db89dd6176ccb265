//! Reading jigsaw and killer puzzles.
//!
//! # Jigsaw lines ([`parse_jigsaw`], [`JigsawBatch`])
//! The puzzle in the one-line form (N² symbols, `.` empty), white space, then N² region
//! labels row by row: any characters but white space, one per region, each used by N
//! cells. Text after the labels and white space is a comment.
//!
//! ```
//! use dancing_sudoku::variant::parse::parse_jigsaw;
//!
//! let (grid, regions) = parse_jigsaw("1.......3....... aaabacbbccdbcddd")?;
//! assert_eq!((grid.get(0, 0), regions.region_of(1, 1)), (1, 2));
//! let err = parse_jigsaw("1.......3....... aaabacbbccdbcdd").unwrap_err();
//! assert_eq!(err.to_string(), "line 1, column 18: expected 16 region labels, found 15");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Killer blocks ([`parse_killer`], [`KillerBatch`])
//! The first line holds the givens in the one-line form (`.` for an empty cell, all
//! empty for a pure killer); each later line is one cage, `SUM CELL CELL …`, with cells
//! written `rRcC`, 1-based: `15 r1c1 r1c2 r2c1`. Lines starting with `#` are skipped. A
//! batch separates puzzles by blank lines.
//!
//! ```
//! use dancing_sudoku::variant::parse::parse_killer;
//!
//! let (grid, cages) = parse_killer("................\n3 r1c1 r1c2\n7 r1c3 r1c4\n")?;
//! assert_eq!((grid.givens(), cages.len(), cages[1].cells[0]), (0, 2, (0, 2)));
//! let err = parse_killer("................\n3 r1c1 r1c2\n7 r1c2 r1c4\n").unwrap_err();
//! assert_eq!(err.to_string(), "line 3, column 3: r1c2 is in cage 1 and in cage 2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::io::BufRead;

use crate::grid::Grid;
use crate::parse::{PuzzleErrorKind, quote};

use super::{Cage, Regions, Variant, VariantError};

/// A jigsaw or killer puzzle that could not be read: where (1-based line, and column in
/// characters when it helps) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct VariantParseError {
    /// 1-based line of the input.
    pub line: usize,
    /// 1-based column in characters, when the problem is at one place in the line.
    pub column: Option<usize>,
    /// What went wrong.
    pub kind: VariantParseErrorKind,
}

impl fmt::Display for VariantParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::parse::write_at(f, self.line, self.column, &self.kind)
    }
}

/// What was wrong with a jigsaw's or killer's text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariantParseErrorKind {
    /// The grid of givens could not be read.
    Puzzle(PuzzleErrorKind),
    /// The regions or cages break a rule ([`Variant::validate`]).
    Rule(VariantError),
    /// A jigsaw line with no region labels after the puzzle.
    MissingRegions {
        /// N².
        expected: usize,
    },
    /// A cage line whose first token is not a number.
    BadSum {
        /// The token.
        token: String,
    },
    /// A cage cell not written `rRcC` with R, C from 1.
    BadCell {
        /// The token.
        token: String,
    },
    /// A cage line with a sum and no cells.
    NoCells,
    /// The input could not be read.
    Read {
        /// The reader's message.
        message: String,
    },
}

impl fmt::Display for VariantParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Puzzle(kind) => write!(f, "{kind}"),
            Self::Rule(rule) => write!(f, "{rule}"),
            Self::MissingRegions { expected } => {
                write!(f, "expected {expected} region labels after the puzzle")
            }
            Self::BadSum { token } => {
                write!(
                    f,
                    "`{}` is not a cage sum: a cage line is `SUM rRcC rRcC …`",
                    quote(token)
                )
            }
            Self::BadCell { token } => write!(
                f,
                "`{}` is not a cell: write cells as rRcC, 1-based, such as r1c2",
                quote(token)
            ),
            Self::NoCells => write!(f, "a cage needs cells after its sum"),
            Self::Read { message } => write!(f, "read error: {message}"),
        }
    }
}

impl VariantParseError {
    fn new(line: usize, column: Option<usize>, kind: VariantParseErrorKind) -> Self {
        Self { line, column, kind }
    }
}

/// The white-space separated tokens of `line` with their 1-based character columns.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = 0;
    line.split_inclusive(char::is_whitespace)
        .filter_map(move |piece| {
            let column = chars + 1;
            chars += piece.chars().count();
            let token = piece.trim_end_matches(char::is_whitespace);
            (!token.is_empty()).then_some((column, token))
        })
}

/// Reads the one-line grid `token` found at `column` of `line`.
fn grid_at(token: &str, line: usize, column: usize) -> Result<Grid, VariantParseError> {
    Grid::parse_line(token).map_err(|e| {
        VariantParseError::new(
            line,
            e.column.map(|c| c + column - 1),
            VariantParseErrorKind::Puzzle(e.kind),
        )
    })
}

/// Reads a jigsaw line (see the [module docs](self)): the puzzle and its regions.
///
/// # Errors
/// A bad grid, missing labels, the wrong number of labels (the column of the labels), or
/// a region of the wrong size (the column where its label first appears).
pub fn parse_jigsaw(line: &str) -> Result<(Grid, Regions), VariantParseError> {
    jigsaw_at(line, 1)
}

fn jigsaw_at(text: &str, line: usize) -> Result<(Grid, Regions), VariantParseError> {
    let text = dancing::format::strip_bom(text);
    let mut tokens = tokens(text);
    let Some((column, token)) = tokens.next() else {
        return Err(VariantParseError::new(
            line,
            None,
            VariantParseErrorKind::Puzzle(PuzzleErrorKind::Empty),
        ));
    };
    let grid = grid_at(token, line, column)?;
    let cells = grid.side() * grid.side();
    let Some((labels_at, labels)) = tokens.next() else {
        return Err(VariantParseError::new(
            line,
            Some(text.chars().count() + 1),
            VariantParseErrorKind::MissingRegions { expected: cells },
        ));
    };
    let regions = Regions::from_labels(grid.order(), labels.chars()).map_err(|rule| {
        let column = match &rule {
            VariantError::RegionSize { label, .. } => labels
                .chars()
                .position(|c| label.starts_with(c))
                .map_or(labels_at, |k| labels_at + k),
            _ => labels_at,
        };
        VariantParseError::new(line, Some(column), VariantParseErrorKind::Rule(rule))
    })?;
    Ok((grid, regions))
}

/// Reads a killer block (see the [module docs](self)): the givens and the cages.
///
/// # Errors
/// A bad grid, a bad sum or cell (with its column), a cell outside the grid or in two
/// cages (the column of the cell), a sum no distinct digits make (the column of the sum).
pub fn parse_killer(block: &str) -> Result<(Grid, Vec<Cage>), VariantParseError> {
    let block = dancing::format::strip_bom(block);
    let mut killer = KillerReader::default();
    for (k, line) in block.lines().enumerate() {
        killer.line(k + 1, line.strip_suffix('\r').unwrap_or(line))?;
    }
    killer.finish(block.lines().count().max(1))
}

/// A killer block read line by line.
#[derive(Debug, Default)]
struct KillerReader {
    grid: Option<Grid>,
    cages: Vec<Cage>,
    /// The cage (1-based) of each cell, 0 for none.
    owner: Vec<usize>,
}

impl KillerReader {
    fn line(&mut self, number: usize, text: &str) -> Result<(), VariantParseError> {
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return Ok(());
        }
        let Some(grid) = &self.grid else {
            let (column, token) = tokens(text).next().expect("the line is not blank");
            let grid = grid_at(token, number, column)?;
            self.owner = vec![0; grid.side() * grid.side()];
            self.grid = Some(grid);
            return Ok(());
        };
        let n = grid.side();
        let at = |column: usize, rule: VariantError| {
            VariantParseError::new(number, Some(column), VariantParseErrorKind::Rule(rule))
        };
        let mut tokens = tokens(text);
        let (sum_at, sum) = tokens.next().expect("the line is not blank");
        let sum: u32 = sum.parse().map_err(|_| {
            VariantParseError::new(
                number,
                Some(sum_at),
                VariantParseErrorKind::BadSum {
                    token: sum.to_owned(),
                },
            )
        })?;
        let cage_number = self.cages.len() + 1;
        let mut cells = Vec::new();
        for (column, token) in tokens {
            let (row, col) = cell(token).ok_or_else(|| {
                VariantParseError::new(
                    number,
                    Some(column),
                    VariantParseErrorKind::BadCell {
                        token: token.to_owned(),
                    },
                )
            })?;
            if row >= n || col >= n {
                return Err(at(
                    column,
                    VariantError::CellOutside {
                        cage: cage_number,
                        row,
                        col,
                        side: n,
                    },
                ));
            }
            let first = std::mem::replace(&mut self.owner[row * n + col], cage_number);
            if first != 0 {
                return Err(at(
                    column,
                    VariantError::CellInTwoCages {
                        row,
                        col,
                        first,
                        second: cage_number,
                    },
                ));
            }
            cells.push((row, col));
        }
        if cells.is_empty() {
            return Err(VariantParseError::new(
                number,
                Some(text.chars().count() + 1),
                VariantParseErrorKind::NoCells,
            ));
        }
        let cage = Cage { sum, cells };
        // The cells are checked above; what is left to check is the sum.
        Variant::Killer(vec![cage.clone()])
            .validate(grid.order())
            .map_err(|rule| match rule {
                VariantError::ImpossibleSum {
                    sum, cells, side, ..
                } => at(
                    sum_at,
                    VariantError::ImpossibleSum {
                        cage: cage_number,
                        sum,
                        cells,
                        side,
                    },
                ),
                VariantError::TooManyCombinations { sum, cells, .. } => at(
                    sum_at,
                    VariantError::TooManyCombinations {
                        cage: cage_number,
                        sum,
                        cells,
                    },
                ),
                other => at(sum_at, other),
            })?;
        self.cages.push(cage);
        Ok(())
    }

    fn finish(self, end_line: usize) -> Result<(Grid, Vec<Cage>), VariantParseError> {
        let grid = self.grid.ok_or_else(|| {
            VariantParseError::new(
                end_line,
                None,
                VariantParseErrorKind::Puzzle(PuzzleErrorKind::Empty),
            )
        })?;
        Ok((grid, self.cages))
    }
}

/// The 0-based (row, column) of a cell written `rRcC` (1-based, either case).
fn cell(token: &str) -> Option<(usize, usize)> {
    let rest = token.strip_prefix(['r', 'R'])?;
    let split = rest.find(['c', 'C'])?;
    let digits = |s: &str| -> Option<usize> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse::<usize>().ok()?.checked_sub(1)
    };
    Some((digits(&rest[..split])?, digits(&rest[split + 1..])?))
}

/// One puzzle of a [`KillerBatch`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KillerPuzzle {
    /// The 1-based line it starts on.
    pub line: usize,
    /// The givens.
    pub grid: Grid,
    /// The cages.
    pub cages: Vec<Cage>,
}

/// The killer puzzles of a reader, separated by blank lines, one at a time: each a
/// [`KillerPuzzle`] or the error of a bad one (the batch goes on at the next blank line;
/// a read error ends it). Lines count from 1 in the whole input.
///
/// ```
/// use dancing_sudoku::variant::parse::KillerBatch;
///
/// let text = "# two puzzles\n................\n3 r1c1 r1c2\n\n1...............\n40 r1c1\n";
/// let results: Vec<_> = KillerBatch::new(text.as_bytes()).collect();
/// assert_eq!(results[0].as_ref().map(|p| p.line), Ok(2));
/// assert_eq!(results[1].as_ref().unwrap_err().to_string(), "line 6, column 1: cage 1: no 1 distinct digits from 1 to 4 sum to 40");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct KillerBatch<R> {
    lines: Lines<R>,
}

impl<R: BufRead> KillerBatch<R> {
    /// A batch reading `reader`.
    pub fn new(reader: R) -> Self {
        Self {
            lines: Lines::new(reader),
        }
    }
}

impl<R: BufRead> Iterator for KillerBatch<R> {
    type Item = Result<KillerPuzzle, VariantParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut reader = KillerReader::default();
        let mut start = None;
        let mut error = None;
        loop {
            let (number, text) = match self.lines.next() {
                None => break,
                Some(Err(e)) => return Some(Err(e)),
                Some(Ok(line)) => line,
            };
            let trimmed = text.trim();
            if trimmed.is_empty() {
                if start.is_some() {
                    break;
                }
                continue;
            }
            if trimmed.starts_with('#') {
                continue;
            }
            start.get_or_insert(number);
            if error.is_none()
                && let Err(e) = reader.line(number, &text)
            {
                error = Some(e);
            }
        }
        let line = start?;
        if let Some(e) = error {
            return Some(Err(e));
        }
        Some(
            reader
                .finish(line)
                .map(|(grid, cages)| KillerPuzzle { line, grid, cages }),
        )
    }
}

/// One puzzle of a [`JigsawBatch`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JigsawPuzzle {
    /// The 1-based line it is on.
    pub line: usize,
    /// The givens.
    pub grid: Grid,
    /// The regions.
    pub regions: Regions,
}

/// The jigsaw puzzles of a reader, one per line (blank lines and lines starting with `#`
/// skipped): each a [`JigsawPuzzle`] or the error of a bad line (the batch goes on; a
/// read error ends it).
///
/// ```
/// use dancing_sudoku::variant::parse::JigsawBatch;
///
/// let text = "# a 4×4 jigsaw\n1.......3....... aaabacbbccdbcddd\n";
/// let puzzles: Vec<_> = JigsawBatch::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(puzzles[0].line, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct JigsawBatch<R> {
    lines: Lines<R>,
}

impl<R: BufRead> JigsawBatch<R> {
    /// A batch reading `reader`.
    pub fn new(reader: R) -> Self {
        Self {
            lines: Lines::new(reader),
        }
    }
}

impl<R: BufRead> Iterator for JigsawBatch<R> {
    type Item = Result<JigsawPuzzle, VariantParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (line, text) = match self.lines.next()? {
                Err(e) => return Some(Err(e)),
                Ok(line) => line,
            };
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            return Some(jigsaw_at(&text, line).map(|(grid, regions)| JigsawPuzzle {
                line,
                grid,
                regions,
            }));
        }
    }
}

/// Numbered lines of a reader, without the line ending and a leading byte-order mark;
/// a read error ends them.
#[derive(Debug)]
struct Lines<R> {
    reader: R,
    line: usize,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    fn new(reader: R) -> Self {
        Self {
            reader,
            line: 0,
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<(usize, String), VariantParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut text = String::new();
        match self.reader.read_line(&mut text) {
            Ok(0) => {
                self.done = true;
                None
            }
            Ok(_) => {
                self.line += 1;
                let mut text = text.trim_end_matches(['\n', '\r']).to_owned();
                if self.line == 1 && text.starts_with('\u{feff}') {
                    text.remove(0);
                }
                Some(Ok((self.line, text)))
            }
            Err(e) => {
                self.done = true;
                Some(Err(VariantParseError::new(
                    self.line + 1,
                    None,
                    VariantParseErrorKind::Read {
                        message: e.to_string(),
                    },
                )))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_read_one_based() {
        assert_eq!(cell("r1c1"), Some((0, 0)));
        assert_eq!(cell("R12C3"), Some((11, 2)));
        for bad in ["r0c1", "r1", "c1r1", "r1c", "rc1", "r1c+2", "x1c1"] {
            assert_eq!(cell(bad), None, "{bad}");
        }
    }

    #[test]
    fn tokens_have_character_columns() {
        let found: Vec<_> = tokens("×  ab\tc ").collect();
        assert_eq!(found, [(1, "×"), (4, "ab"), (7, "c")]);
    }
}
