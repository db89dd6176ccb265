//! A batch: many puzzles in one text, each in the layout it was typed in ([`Batch`]).

mod block;
mod marks;
mod one_line;
mod pasted;

use std::io::BufRead;

use block::{
    Block, blank_spaced, box_widths, cell_tokens, may_start, pencilmark_side, row_symbols,
    unknown_symbol,
};
use one_line::{
    CANDIDATE_LINE, candidate_line, clash, is_one_line, is_spaced_line, one_line, spaced_line,
    unchecked,
};

use marks::ruled;
use pasted::{is_header, is_title, tab_row};

use super::cages::{Cages, is_cage_line};
use super::lex::{Shapes, is_frame, is_rule, is_separator, plain_9x9, puzzle_token, row_length};
use super::lines::Lines;
use super::{PuzzleError, PuzzleErrorKind};
use crate::grid::Grid;
use crate::position::Position;
use crate::shape::Shape;
use crate::variant::Kind;
use crate::variant::Variant;

/// One puzzle of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Puzzle {
    /// The 1-based line it starts on.
    pub line: usize,
    /// The puzzle, its givens checked (no value twice in a row, column or box).
    pub grid: Grid,
    /// For a pencilmark grid, the position with its candidates as given; `None` for a
    /// grid of values alone.
    pub pencilmarks: Option<Position>,
    /// Its rules: [`Variant::Classic`], or the variant its mark names (see [`Batch`]) or
    /// the batch was told ([`Batch::variant`]).
    pub variant: Variant,
}

impl Puzzle {
    /// The position to solve or rate: the pencilmarks as given, else the grid's own.
    pub fn position(&self) -> Position {
        self.pencilmarks
            .clone()
            .unwrap_or_else(|| Position::new(&self.grid))
    }
}

/// The puzzles of a text, in order: each a [`Puzzle`], or the [`PuzzleError`] of a bad
/// one.
///
/// A batch reads puzzles one at a time from any [`BufRead`], in constant memory, and
/// tells the layout of each from its first line:
///
/// - a line whose first run of characters (up to white space) is 16, 81, 256, 625 or
///   1296 symbols long, with no `|` in it, is a puzzle in the one-line form; anything
///   after the white space is a comment, but for a *mark* (below);
/// - a line of 81, 256, 625 or 1296 symbols each standing alone between spaces is a
///   puzzle in the one-line form too (`8 . . . . . . . .  . . 3 6 …`);
/// - a line of N tokens (N = 4, 9, 16, 25 or 36), some of several symbols, between
///   white space and `|`, starts a *pencilmark grid* (the candidates layout of HoDoKu
///   and Sudoku Explainer): each token is a cell, one symbol a value placed, several
///   the cell's candidates;
/// - any other line that holds symbols starts a block: its symbols, not counting white
///   space and `|`, give the side N, and the block is complete after N such rows.
///   Separator lines (`------+------`, and the frames `*-----*`, `.---.---.`,
///   `:---+---:`, `'---'---'` that Sudoku Explainer and HoDoKu draw) and lines starting
///   with `#` may come between the rows; a blank line may not. A row of a pencilmark grid
///   may write its cells either way.
///
/// Blank lines, lines starting with `#`, and separator lines outside a block are skipped.
/// The one layout both rules could claim is a row of a 16×16 grid written with nothing
/// between its 16 symbols: it is read as a 4×4 puzzle in the one-line form, so write the
/// first row of a 16×16 block with spaces (or `|`) between its symbols. The rows after
/// the first are rows whatever their form.
///
/// # Marks
///
/// A one-line puzzle may carry its variant after it, as `dancing sudoku generate
/// --variant` writes it: `x` or `hyper`, or the N² region labels of a jigsaw (one
/// character per cell, each region orthogonally connected). Without
/// [`variant`](Self::variant) a batch reads the marks; a puzzle without one is classic.
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
    lines: Lines<R>,
    text: String,
    /// A line to read again: the one that cut a block short.
    pending: Option<(usize, String)>,
    state: State,
    /// The rules every puzzle has, if told ([`Batch::variant`]); else the marks decide.
    kind: Option<Kind>,
    /// The shapes of the grids: the usual ones, and the one told ([`Batch::shape`]).
    shapes: Shapes,
    /// Whether a line other than a blank one or a comment has been read.
    started: bool,
    /// The line of a CSV header skipped, not yet told ([`Batch::take_header`]).
    header: Option<usize>,
}

#[derive(Debug)]
enum State {
    /// Between puzzles.
    Idle,
    /// Inside a killer block: its givens read, its cages so far.
    Killer(Cages),
    /// After a bad line of a killer block: the rest of it is skipped, to a blank line.
    SkipKiller,
    /// Inside a block.
    Block(Block),
    /// After a bad row: the rest of a block of side `side` is skipped.
    Skip { side: usize },
}

/// What a line did.
enum Step {
    /// Nothing to report yet.
    Continue,
    /// A puzzle, or an error.
    Emit(Result<Puzzle, PuzzleError>),
    /// A puzzle or an error, then the same line read again.
    EmitAndRetry(Result<Puzzle, PuzzleError>),
}

impl<R: BufRead> Batch<R> {
    /// A batch read from `reader`.
    pub fn new(reader: R) -> Self {
        Self {
            lines: Lines::new(reader),
            text: String::new(),
            pending: None,
            state: State::Idle,
            kind: None,
            shapes: Shapes::default(),
            started: false,
            header: None,
        }
    }

    /// The line of a CSV header (`quizzes,solutions`, `puzzle;solution`: words between
    /// commas or semicolons, before any puzzle) that the batch skipped, once: for the
    /// caller to tell the user.
    pub fn take_header(&mut self) -> Option<usize> {
        self.header.take()
    }

    /// Reads the grids of `shape`'s side in that shape: its boxes told, as
    /// `dancing sudoku --box 2x3` tells them. A grid of 6, 8, 12 or any other side that
    /// is no square has no usual boxes, and is read only with its shape told or its boxes
    /// drawn with `|` in its rows; the square sides keep their square boxes unless told.
    ///
    /// ```
    /// use dancing_sudoku::parse::Batch;
    /// use dancing_sudoku::Shape;
    ///
    /// let text = "1.....\n..3...\n....5.\n.6....\n...2..\n.....4\n";
    /// let shape: Shape = "3x2".parse()?;
    /// let puzzle = Batch::new(text.as_bytes()).shape(shape).next().expect("a puzzle")?;
    /// assert_eq!(puzzle.grid.shape(), shape);
    /// // Untold, the side of 6 names the shapes it could have.
    /// let error = Batch::new(text.as_bytes()).next().expect("an error").unwrap_err();
    /// assert_eq!(error.to_string(), "line 1: a row of 6 symbols makes a 6×6 grid, whose boxes have no usual shape: give them (2x3 or 3x2), or draw them with `|`");
    /// // Drawn: `|` after every three cells make boxes three wide, so 2x3.
    /// let drawn = "1 . . | . . .\n. . 3 | . . .\n------+------\n. . . | . 5 .\n\
    ///              . 6 . | . . .\n------+------\n. . . | 2 . .\n. . . | . . 4\n";
    /// let puzzle = Batch::new(drawn.as_bytes()).next().expect("a puzzle")?;
    /// assert_eq!(puzzle.grid.shape().to_string(), "2x3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shape(mut self, shape: Shape) -> Self {
        self.shapes = Shapes::told(Some(shape));
        self
    }

    /// Reads every puzzle as a puzzle of `kind`: the marks of the [`Batch`] docs must
    /// agree with it (a mark that names another variant is an error, with
    /// [`Kind::Classic`] too), and a jigsaw needs its regions after each puzzle.
    pub fn variant(mut self, kind: Kind) -> Self {
        self.kind = Some(kind);
        self
    }

    /// What line `number`, `text`, does in the current state.
    fn step(&mut self, number: usize, text: &str) -> Step {
        if matches!(self.state, State::Idle) && self.kind != Some(Kind::Killer) {
            // Most batches are 9×9 puzzles one per line: read them first.
            // (No allocation unless the line is read here.)
            let mut cells = Vec::new();
            if plain_9x9(text.as_bytes(), &mut cells) {
                self.started = true;
                return Step::Emit(ruled(
                    self.kind,
                    number,
                    text,
                    Ok(unchecked(number, Shape::CLASSIC, cells)),
                ));
            }
        }
        let trimmed = text.trim();
        match &mut self.state {
            State::Idle if self.kind == Some(Kind::Killer) => self.killer_givens(number, text),
            State::Killer(cages) => {
                if trimmed.is_empty() {
                    return Step::Emit(self.killer());
                }
                if trimmed.starts_with('#') {
                    return Step::Continue;
                }
                match cages.add(number, text) {
                    Ok(()) => Step::Continue,
                    Err(error) => {
                        self.state = State::SkipKiller;
                        Step::Emit(Err(error))
                    }
                }
            }
            State::SkipKiller => {
                if trimmed.is_empty() {
                    self.state = State::Idle;
                }
                Step::Continue
            }
            State::Idle => self.first_line(number, text),
            State::Block(_) => self.block_line(number, text),
            State::Skip { side } => {
                let side = *side;
                if trimmed.is_empty() {
                    self.state = State::Idle;
                    return Step::Continue;
                }
                if is_one_line(text, self.shapes) && row_symbols(text).count() != side {
                    self.state = State::Idle;
                    return self.step(number, text);
                }
                Step::Continue
            }
        }
    }

    /// Line `number` between killer puzzles: a killer block starts with its givens on
    /// one line.
    fn killer_givens(&mut self, number: usize, text: &str) -> Step {
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return Step::Continue;
        }
        match one_line(number, text, self.shapes).and_then(|puzzle| match clash(&puzzle) {
            None => Ok(puzzle),
            Some(conflict) => {
                let lead = text.chars().take_while(|c| c.is_whitespace()).count();
                let (r, c) = conflict.cells[1];
                let column = lead + r * puzzle.grid.side() + c + 1;
                Err(PuzzleError::new(
                    number,
                    Some(column),
                    PuzzleErrorKind::Conflict(conflict),
                ))
            }
        }) {
            Ok(puzzle) => {
                self.state = State::Killer(Cages::new(number, puzzle.grid));
                Step::Continue
            }
            Err(error) => {
                self.state = State::SkipKiller;
                Step::Emit(Err(error))
            }
        }
    }

    /// Line `number` between puzzles: a puzzle on one line, or the first row of a block.
    fn first_line(&mut self, number: usize, text: &str) -> Step {
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || is_frame(trimmed) || is_title(trimmed)
        {
            return Step::Continue;
        }
        if !self.started && is_header(trimmed) {
            self.started = true;
            self.header = Some(number);
            return Step::Continue;
        }
        self.started = true;
        if is_cage_line(text) {
            return Step::Emit(Err(PuzzleError::new(
                number,
                None,
                PuzzleErrorKind::CageLine,
            )));
        }
        if puzzle_token(text).len() == CANDIDATE_LINE {
            return Step::Emit(ruled(self.kind, number, text, candidate_line(number, text)));
        }
        let mut as_one_line = None;
        if is_one_line(text, self.shapes) {
            // Sixteen symbols with a value above 4 are no 4×4 puzzle, and sixteen
            // blanks hardly one: the first row of a 16×16 grid typed without spaces,
            // if a second row follows.
            match one_line(number, text, self.shapes) {
                Err(error)
                    if matches!(error.kind, PuzzleErrorKind::OutOfRange { .. })
                        && row_symbols(text).count() == 16 =>
                {
                    as_one_line = Some(Err(error));
                }
                Ok(puzzle)
                    if puzzle.grid.side() == 4
                        && puzzle.grid.givens() == 0
                        && text.trim() == puzzle_token(text) =>
                {
                    as_one_line = Some(ruled(self.kind, number, text, Ok(puzzle)));
                }
                puzzle => return Step::Emit(ruled(self.kind, number, text, puzzle)),
            }
        }
        let shapes = self.shapes;
        if is_separator(text, |count| shapes.of_side(count).is_some()) {
            return Step::Continue;
        }
        if let Some(side) = pencilmark_side(text, shapes) {
            self.state = State::Block(Block::new(side, shapes, None));
            return self.row(number, text);
        }
        let symbols = row_symbols(text);
        if let Some(error) = unknown_symbol(number, text) {
            return Step::Emit(Err(error));
        }
        let count = symbols.count();
        // A spaced one-line puzzle of the shape told is read so before the row of a
        // larger grid (36 symbols for 2x3 boxes, not a row of a 36×36 grid).
        let told_line = shapes.told.is_some_and(|told| told.cells() == count);
        if (told_line || shapes.of_side(count).is_none()) && is_spaced_line(text, count, shapes) {
            let puzzle = spaced_line(number, text, count, shapes);
            return Step::Emit(ruled(self.kind, number, "", puzzle));
        }
        let widths = box_widths(text, false);
        if may_start(count, &widths, shapes) {
            self.state = State::Block(Block::new(count, shapes, as_one_line));
            return self.row(number, text);
        }
        if let Some(step) = self.blank_spaced_block(number, text) {
            return step;
        }
        self.no_puzzle(number, text, count)
    }

    /// Line `number`, which starts no puzzle (its `count` symbols fit no layout): the
    /// error that says why, and for a row of a side with boxes of several shapes, the
    /// rest of its grid skipped.
    fn no_puzzle(&mut self, number: usize, text: &str, count: usize) -> Step {
        let shapes = self.shapes;
        let tokens: Vec<usize> = cell_tokens(text).map(|(_, t)| t.chars().count()).collect();
        // Cells alike (or groups alike), and on one token no more than a row typed
        // without spaces holds: a longer token is a one-line puzzle of the wrong length.
        let row =
            tokens.iter().all(|&length| length == tokens[0]) && (tokens.len() > 1 || count <= 16);
        if row && Shape::of_side(count).next().is_some() {
            // A row (its cells or their groups alike) of a side with boxes of more
            // than one shape, none told or drawn: one error, and the rest of the grid
            // skipped.
            self.state = State::Skip { side: count };
            return Step::Emit(Err(PuzzleError::new(
                number,
                None,
                PuzzleErrorKind::NeedsShape { side: count },
            )));
        }
        let before_space = text
            .split_whitespace()
            .next()
            .map_or(0, |token| token.chars().filter(|&c| !is_rule(c)).count());
        let spaced = text.split_whitespace().nth(1).is_some();
        Step::Emit(Err(PuzzleError::new(
            number,
            None,
            PuzzleErrorKind::Layout {
                before_space: if spaced { before_space } else { count },
                symbols: count,
                told: shapes.told,
            },
        )))
    }

    /// Line `number`, the first of a block whose rows have a space for each empty cell
    /// (`53  7    `): read so when its symbols alone make no row and its width does.
    fn blank_spaced_block(&mut self, number: usize, text: &str) -> Option<Step> {
        // Only for 9×9 and 4×4 rows of digits: for larger grids and other symbols the
        // guess would be a wild one.
        let width = text.trim_end_matches(['\r', '\n']).chars().count();
        let side = [9, 4]
            .into_iter()
            .find(|&side| width <= side && width > side / 2)?;
        let row = blank_spaced(text, side)?;
        let digits = row.chars().all(|c| {
            c == '.'
                || c.to_digit(10)
                    .is_some_and(|d| (1..=side as u32).contains(&d))
        });
        if !digits {
            return None;
        }
        let mut block = Block::new(side, self.shapes, None);
        block.blank_spaces = true;
        self.state = State::Block(block);
        Some(self.row(number, &row))
    }

    /// Line `number` inside a block: its next row, a comment or separator, or the end
    /// of a block cut short.
    fn block_line(&mut self, number: usize, text: &str) -> Step {
        let State::Block(block) = &mut self.state else {
            unreachable!("a block's line outside a block");
        };
        let side = block.side;
        if block.blank_spaces
            && !text.trim_start().starts_with('#')
            && !is_separator(text, |count| count == side)
            && (text.len() == side || !text.trim().is_empty())
            && let Some(row) = blank_spaced(text, side)
                .or_else(|| (text.chars().count() == side).then(|| text.to_owned()))
        {
            return self.row(number, &row);
        }
        let trimmed = text.trim();
        let band = block.shape.map_or(side, |shape| shape.box_rows());
        if trimmed.is_empty()
            && side >= 6
            && band >= 2
            && !block.lines.is_empty()
            && block.lines.len() % band == 0
        {
            // Between two bands (of 9×9 and larger grids): a gap people leave as they
            // leave a separator line.
            return Step::Continue;
        }
        if trimmed.is_empty() {
            let ended = block.ended(number);
            self.state = State::Idle;
            return Step::Emit(ended);
        }
        if trimmed.starts_with('#') || is_separator(text, |count| count == side) {
            return Step::Continue;
        }
        let count = row_symbols(text).count();
        // After sixteen blanks, a 4×4 puzzle on one line: the blanks were one too.
        let four_after_blanks = matches!(block.as_one_line, Some(Ok(_)))
            && block.lines.len() == 1
            && !text.trim().contains(char::is_whitespace)
            && one_line(number, text, self.shapes).is_ok();
        if !four_after_blanks && (count == side || cell_tokens(text).count() == side) {
            return self.row(number, text);
        }
        if is_one_line(text, self.shapes) || (block.as_one_line.is_some() && block.lines.len() == 1)
        {
            let ended = block.ended(number);
            self.state = State::Idle;
            return Step::EmitAndRetry(ended);
        }
        self.state = State::Skip { side };
        if let Some(error) = unknown_symbol(number, text) {
            return Step::Emit(Err(error));
        }
        let column = row_symbols(text).nth(side).map(|(k, _)| k + 1);
        Step::Emit(Err(row_length(number, column, count, Some(side))))
    }

    /// Adds the row on line `number` to the block; the puzzle once it is complete. A row
    /// of N tokens some of which hold several symbols is a row of a pencilmark grid;
    /// any other row is its symbols.
    fn row(&mut self, number: usize, text: &str) -> Step {
        let State::Block(block) = &mut self.state else {
            unreachable!("a row outside a block");
        };
        let side = block.side;
        let pencilmarks = cell_tokens(text).count() == side
            && cell_tokens(text).any(|(_, token)| token.chars().nth(1).is_some());
        let read = if pencilmarks {
            block.pencilmark_row(number, text)
        } else {
            block.symbol_row(number, text)
        };
        if let Err(error) = read {
            self.state = State::Skip { side };
            return Step::Emit(Err(error));
        }
        block.lines.push(number);
        if block.lines.len() < side {
            return Step::Continue;
        }
        let State::Block(block) = std::mem::replace(&mut self.state, State::Idle) else {
            unreachable!("the state was a block");
        };
        let line = block.lines[0];
        let puzzle = block.finish();
        Step::Emit(ruled(self.kind, line, "", puzzle))
    }

    /// The killer puzzle of the block read so far, which ends here.
    fn killer(&mut self) -> Result<Puzzle, PuzzleError> {
        let State::Killer(cages) = std::mem::replace(&mut self.state, State::Idle) else {
            unreachable!("a killer block");
        };
        Ok(Puzzle {
            line: cages.line,
            grid: cages.grid,
            pencilmarks: None,
            variant: Variant::Killer(cages.cages),
        })
    }
}

impl<R: BufRead> Iterator for Batch<R> {
    type Item = Result<Puzzle, PuzzleError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (number, text) = match self.pending.take() {
                Some(pending) => pending,
                None => match self.lines.read(&mut self.text) {
                    Some(Ok(number)) => (number, std::mem::take(&mut self.text)),
                    None => {
                        return match std::mem::replace(&mut self.state, State::Idle) {
                            State::Block(mut block) => Some(block.ended(self.lines.line() + 1)),
                            State::Killer(cages) => {
                                self.state = State::Killer(cages);
                                Some(self.killer())
                            }
                            _ => None,
                        };
                    }
                    Some(Err(error)) => {
                        match &self.state {
                            State::Block(block) => self.state = State::Skip { side: block.side },
                            State::Killer(_) => self.state = State::SkipKiller,
                            _ => {}
                        }
                        return Some(Err(error));
                    }
                },
            };
            let text = tab_row(text);
            let step = self.step(number, &text);
            match step {
                Step::Continue => self.text = text,
                Step::Emit(result) => {
                    self.text = text;
                    return Some(result);
                }
                Step::EmitAndRetry(result) => {
                    self.pending = Some((number, text));
                    return Some(result);
                }
            }
        }
    }
}

#[cfg(test)]
mod hostile;
#[cfg(test)]
mod tests;
