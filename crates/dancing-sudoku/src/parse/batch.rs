//! A batch: many puzzles in one text, each in the layout it was typed in ([`Batch`]).

use std::io::{self, BufRead, Read};

use super::lex::{
    Symbol, classify, is_rule, is_separator, line_into, order_of_side, plain_9x9, push_symbol,
    row_length,
};
use super::{PuzzleError, PuzzleErrorKind};
use crate::grid::{Alphabet, Grid};

/// The longest line a batch reads: the longest one-line puzzle (36×36) has 1,296
/// symbols, and a comment may follow. The rest of a longer line is skipped without being
/// stored, and the line is an error.
pub const MAX_LINE: usize = 1 << 16;

/// The lengths of the one-line form.
const ONE_LINE_LENGTHS: [usize; 5] = [16, 81, 256, 625, 1296];

/// One puzzle of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The 1-based line it starts on.
    pub line: usize,
    /// The puzzle, its givens checked (no value twice in a row, column or box).
    pub grid: Grid,
}

/// The puzzles of a text, in order: each a [`Puzzle`], or the [`PuzzleError`] of a bad
/// one.
///
/// A batch reads puzzles one at a time from any [`BufRead`], in constant memory, and
/// tells the layout of each from its first line:
///
/// - a line whose first run of characters (up to white space) is 16, 81, 256, 625 or
///   1296 symbols long, with no `|` in it, is a puzzle in the one-line form; anything
///   after the white space is a comment;
/// - any other line that holds symbols starts a block: its symbols, not counting white
///   space and `|`, give the side N (4, 9, 16, 25 or 36), and the block is complete after
///   N such rows. Separator lines (`------+------`) and lines starting with `#` may come
///   between the rows; a blank line may not.
///
/// Blank lines, lines starting with `#`, and separator lines outside a block are skipped.
/// The one layout both rules could claim is a row of a 16×16 grid written with nothing
/// between its 16 symbols: it is read as a 4×4 puzzle in the one-line form, so write the
/// first row of a 16×16 block with spaces (or `|`) between its symbols. The rows after
/// the first are rows whatever their form.
///
/// A bad puzzle is one error, and the batch goes on: after a bad row, the rest of its
/// block is skipped up to a blank line or a one-line puzzle; a block cut short by a
/// one-line puzzle reports the missing rows, and the one-line puzzle is read.
///
/// ```
/// use dancing_sudoku::parse::Batch;
///
/// let text = "\u{feff}# three layouts\n\
///     1.3...1.2.4...2.\n\
///     \n\
///     1 . | 3 .\n\
///     . . | 1 .\n\
///     ----+----\n\
///     2 . | 4 .\n\
///     . . | 2 .\n\
///     \n\
///     1.3.\n..1.\n.4..\n..2.\n";
/// let puzzles: Vec<_> = Batch::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// let lines: Vec<usize> = puzzles.iter().map(|p| p.line).collect();
/// assert_eq!(lines, [2, 4, 10]);
/// assert!(puzzles.iter().all(|p| p.grid.side() == 4));
/// assert_eq!(puzzles[0].grid, puzzles[1].grid);
/// # Ok::<(), dancing_sudoku::PuzzleError>(())
/// ```
///
/// A leading byte-order mark is skipped. Errors name the line and, where it helps, the
/// column; a read error ends the batch.
#[derive(Debug)]
pub struct Batch<R> {
    reader: R,
    /// Lines read so far.
    line: usize,
    bytes: Vec<u8>,
    text: String,
    /// A line to read again: the one that cut a block short.
    pending: Option<(usize, String)>,
    state: State,
    done: bool,
}

#[derive(Debug)]
enum State {
    /// Between puzzles.
    Idle,
    /// Inside a block.
    Block(Block),
    /// After a bad row: the rest of a block of side `side` is skipped.
    Skip { side: usize },
}

/// The rows of a block read so far.
#[derive(Debug)]
struct Block {
    side: usize,
    /// The line of each row.
    lines: Vec<usize>,
    cells: Vec<u8>,
    /// The column of each cell.
    columns: Vec<usize>,
    /// For a block whose first line could also be a 4×4 puzzle with a value out of
    /// range: that error, reported instead if no second row follows.
    as_one_line: Option<PuzzleError>,
}

impl Block {
    /// The error for a block that ended on line `number`: the missing rows, or, after
    /// a lone first line that was read as a row, the error of that line as a puzzle.
    fn ended(&mut self, number: usize) -> PuzzleError {
        match self.as_one_line.take() {
            Some(error) if self.lines.len() == 1 => error,
            _ => missing_rows(number, self.lines.len(), self.side),
        }
    }
}

/// What a line did.
enum Step {
    /// Nothing to report yet.
    Continue,
    /// A puzzle, or an error.
    Emit(Result<Puzzle, PuzzleError>),
    /// An error, then the same line read again.
    EmitAndRetry(PuzzleError),
}

impl<R: BufRead> Batch<R> {
    /// A batch read from `reader`.
    pub fn new(reader: R) -> Self {
        Self {
            reader,
            line: 0,
            bytes: Vec::new(),
            text: String::new(),
            pending: None,
            state: State::Idle,
            done: false,
        }
    }

    /// Reads the next line into `self.text`. `Ok(false)` at the end of input.
    fn read_line(&mut self) -> Result<bool, PuzzleError> {
        let cut = match read_line(&mut self.reader, &mut self.bytes) {
            Ok(Some(cut)) => cut,
            Ok(None) => return Ok(false),
            Err(e) => {
                self.done = true;
                return Err(PuzzleError::new(
                    self.line + 1,
                    None,
                    PuzzleErrorKind::Read {
                        message: e.to_string(),
                    },
                ));
            }
        };
        self.line += 1;
        if cut {
            return Err(PuzzleError::new(
                self.line,
                None,
                PuzzleErrorKind::LineTooLong { limit: MAX_LINE },
            ));
        }
        let mut bytes = std::mem::take(&mut self.bytes);
        if self.line == 1 {
            let bom = bytes.len() - dancing::format::strip_bom_bytes(&bytes).len();
            bytes.drain(..bom);
        }
        // The line becomes the text without a copy; the old text's buffer reads the
        // next line.
        match String::from_utf8(bytes) {
            Ok(text) => self.bytes = std::mem::replace(&mut self.text, text).into_bytes(),
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
                self.bytes = bytes;
                return Err(PuzzleError::new(
                    self.line,
                    Some(column),
                    PuzzleErrorKind::NotUtf8,
                ));
            }
        }
        Ok(true)
    }

    /// What line `number`, `text`, does in the current state.
    fn step(&mut self, number: usize, text: &str) -> Step {
        if matches!(self.state, State::Idle) {
            // Most batches are 9×9 puzzles one per line: read them first.
            // (No allocation unless the line is read here.)
            let mut cells = Vec::new();
            if plain_9x9(text.as_bytes(), &mut cells) {
                return Step::Emit(checked(number, text, 3, cells));
            }
        }
        let trimmed = text.trim();
        match &mut self.state {
            State::Idle => {
                if trimmed.is_empty() || trimmed.starts_with('#') {
                    return Step::Continue;
                }
                let mut as_one_line = None;
                if is_one_line(text) {
                    // Sixteen symbols with a value above 4 are no 4×4 puzzle: the first
                    // row of a 16×16 grid typed without spaces, if a second row follows.
                    match one_line(number, text) {
                        Err(error)
                            if matches!(error.kind, PuzzleErrorKind::OutOfRange { .. })
                                && row_symbols(text).count() == 16 =>
                        {
                            as_one_line = Some(error);
                        }
                        puzzle => return Step::Emit(puzzle),
                    }
                }
                if is_separator(text, None) {
                    return Step::Continue;
                }
                let symbols = row_symbols(text);
                if let Some(error) = unknown_symbol(number, text) {
                    return Step::Emit(Err(error));
                }
                let count = symbols.count();
                let Some(_) = order_of_side(count) else {
                    let before_space = text
                        .split_whitespace()
                        .next()
                        .map_or(0, |token| token.chars().filter(|&c| !is_rule(c)).count());
                    let spaced = text.split_whitespace().nth(1).is_some();
                    return Step::Emit(Err(PuzzleError::new(
                        number,
                        None,
                        PuzzleErrorKind::Layout {
                            before_space: if spaced { before_space } else { count },
                            symbols: count,
                        },
                    )));
                };
                self.state = State::Block(Block {
                    side: count,
                    lines: Vec::with_capacity(count),
                    cells: Vec::with_capacity(count * count),
                    columns: Vec::with_capacity(count * count),
                    as_one_line,
                });
                self.row(number, text)
            }
            State::Block(block) => {
                let side = block.side;
                if trimmed.is_empty() {
                    let error = block.ended(number);
                    self.state = State::Idle;
                    return Step::Emit(Err(error));
                }
                if trimmed.starts_with('#') || is_separator(text, Some(side)) {
                    return Step::Continue;
                }
                let count = row_symbols(text).count();
                if count == side {
                    return self.row(number, text);
                }
                if is_one_line(text) || (block.as_one_line.is_some() && block.lines.len() == 1) {
                    let error = block.ended(number);
                    self.state = State::Idle;
                    return Step::EmitAndRetry(error);
                }
                self.state = State::Skip { side };
                if let Some(error) = unknown_symbol(number, text) {
                    return Step::Emit(Err(error));
                }
                let column = row_symbols(text).nth(side).map(|(k, _)| k + 1);
                Step::Emit(Err(row_length(number, column, count, Some(side))))
            }
            State::Skip { side } => {
                let side = *side;
                if trimmed.is_empty() {
                    self.state = State::Idle;
                    return Step::Continue;
                }
                if is_one_line(text) && row_symbols(text).count() != side {
                    self.state = State::Idle;
                    return self.step(number, text);
                }
                Step::Continue
            }
        }
    }

    /// Adds the row on line `number` to the block; the puzzle once it is complete.
    fn row(&mut self, number: usize, text: &str) -> Step {
        let State::Block(block) = &mut self.state else {
            unreachable!("a row outside a block");
        };
        let side = block.side;
        for (k, ch) in row_symbols(text) {
            if let Err(error) =
                push_symbol(&mut block.cells, ch, Alphabet::Digits, side, number, k + 1)
            {
                self.state = State::Skip { side };
                return Step::Emit(Err(error));
            }
            block.columns.push(k + 1);
        }
        block.lines.push(number);
        if block.lines.len() < side {
            return Step::Continue;
        }
        let State::Block(block) = std::mem::replace(&mut self.state, State::Idle) else {
            unreachable!("the state was a block");
        };
        let order = order_of_side(side).expect("checked side");
        let grid = Grid::from_cells(order, block.cells).expect("checked cells");
        Step::Emit(match grid.validate() {
            Ok(()) => Ok(Puzzle {
                line: block.lines[0],
                grid,
            }),
            Err(conflict) => {
                let (r, c) = conflict.cells[1];
                Err(PuzzleError::new(
                    block.lines[r],
                    Some(block.columns[r * side + c]),
                    PuzzleErrorKind::Conflict(conflict),
                ))
            }
        })
    }
}

impl<R: BufRead> Iterator for Batch<R> {
    type Item = Result<Puzzle, PuzzleError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (number, text) = match self.pending.take() {
                Some(pending) => pending,
                None => {
                    if self.done {
                        return None;
                    }
                    match self.read_line() {
                        Ok(true) => (self.line, std::mem::take(&mut self.text)),
                        Ok(false) => {
                            self.done = true;
                            if let State::Block(mut block) =
                                std::mem::replace(&mut self.state, State::Idle)
                            {
                                return Some(Err(block.ended(self.line + 1)));
                            }
                            return None;
                        }
                        Err(error) => {
                            if let State::Block(block) = &self.state {
                                self.state = State::Skip { side: block.side };
                            }
                            return Some(Err(error));
                        }
                    }
                }
            };
            let step = self.step(number, &text);
            match step {
                Step::Continue => self.text = text,
                Step::Emit(result) => {
                    self.text = text;
                    return Some(result);
                }
                Step::EmitAndRetry(error) => {
                    self.pending = Some((number, text));
                    return Some(Err(error));
                }
            }
        }
    }
}

/// Whether `text` is a puzzle in the one-line form: its first run of characters has a
/// one-line length and no `|`.
fn is_one_line(text: &str) -> bool {
    let token = text.split_whitespace().next().unwrap_or("");
    !token.contains(is_rule) && ONE_LINE_LENGTHS.contains(&token.chars().count())
}

/// The puzzle in the one-line form on line `number`.
fn one_line(number: usize, text: &str) -> Result<Puzzle, PuzzleError> {
    let mut cells = Vec::new();
    let order = line_into(text, Alphabet::Digits, &mut cells).map_err(|e| e.at_line(number))?;
    checked(number, text, order, cells)
}

/// The puzzle of order `order` whose `cells` were read from line `number`, `text`, in
/// the one-line form, if no value repeats in a unit.
fn checked(number: usize, text: &str, order: usize, cells: Vec<u8>) -> Result<Puzzle, PuzzleError> {
    let grid = Grid::from_cells(order, cells).expect("checked cells");
    grid.validate().map_err(|conflict| {
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let (r, c) = conflict.cells[1];
        PuzzleError::new(
            number,
            Some(lead + r * grid.side() + c + 1),
            PuzzleErrorKind::Conflict(conflict),
        )
    })?;
    Ok(Puzzle { line: number, grid })
}

/// The symbols of a row with their 0-based columns: every character but white space and
/// `|`.
fn row_symbols(text: &str) -> impl Iterator<Item = (usize, char)> + Clone + '_ {
    text.chars()
        .enumerate()
        .filter(|&(_, ch)| !ch.is_whitespace() && !is_rule(ch))
}

/// The first character of a row that is no symbol, as an error.
fn unknown_symbol(number: usize, text: &str) -> Option<PuzzleError> {
    row_symbols(text)
        .find(|&(_, ch)| classify(ch, Alphabet::Digits) == Symbol::Unknown)
        .map(|(k, ch)| {
            PuzzleError::new(
                number,
                Some(k + 1),
                PuzzleErrorKind::UnknownSymbol {
                    symbol: ch,
                    alphabet: Alphabet::Digits,
                },
            )
        })
}

/// A block that ended, on line `number`, after `rows` of its `side` rows.
fn missing_rows(number: usize, rows: usize, side: usize) -> PuzzleError {
    PuzzleError::new(
        number,
        None,
        PuzzleErrorKind::MissingRows {
            found: rows,
            expected: side,
        },
    )
}

/// Reads one line into `buf` (without its line break), keeping at most [`MAX_LINE`]
/// bytes. Returns `None` at the end of input, else whether the line was cut.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buf.clear();
    let limit = MAX_LINE as u64 + 1;
    if reader.by_ref().take(limit).read_until(b'\n', buf)? == 0 {
        return Ok(None);
    }
    let mut cut = false;
    if buf.last() == Some(&b'\n') {
        buf.pop();
    } else if buf.len() > MAX_LINE {
        // Too long: keep the first MAX_LINE bytes and skip to the next line.
        cut = true;
        buf.truncate(MAX_LINE);
        loop {
            let chunk = match reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    reader.consume(i + 1);
                    break;
                }
                None => {
                    let all = chunk.len();
                    reader.consume(all);
                }
            }
        }
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(cut))
}

#[cfg(test)]
mod tests;
