//! The rows of a block: a grid typed over several lines, of symbols or of candidates.

use super::super::lex::{BLANKS, Shapes, Symbol, classify, is_rule, push_symbol};
use super::super::{PuzzleError, PuzzleErrorKind};
use super::Puzzle;
use crate::grid::{Alphabet, Grid};
use crate::position::Position;
use crate::shape::Shape;
use crate::variant::Variant;

/// The rows of a block read so far.
#[derive(Debug)]
pub(super) struct Block {
    pub(super) side: usize,
    /// The shape: told or usual for the side, or once drawn by the rows' `|`.
    pub(super) shape: Option<Shape>,
    /// The line of each row.
    pub(super) lines: Vec<usize>,
    pub(super) cells: Vec<u8>,
    /// The column of each cell.
    pub(super) columns: Vec<usize>,
    /// The candidates of each cell written as several symbols (a pencilmark grid), 0 for
    /// the others; empty until the first such cell.
    pub(super) masks: Vec<u64>,
    /// For a block whose first line could also be a 4×4 puzzle (sixteen blanks, or a
    /// value out of range): that reading, the answer instead if no second row follows.
    pub(super) as_one_line: Option<Result<Puzzle, PuzzleError>>,
    /// Rows typed with a space for each empty cell (`53  7    `): each row is read so.
    pub(super) blank_spaces: bool,
}

impl Block {
    /// The answer for a block that ended on line `number`: the missing rows, or, after
    /// a lone first line that was read as a row, that line read as a puzzle.
    pub(super) fn ended(&mut self, number: usize) -> Result<Puzzle, PuzzleError> {
        match self.as_one_line.take() {
            Some(reading) if self.lines.len() == 1 => reading,
            _ => Err(missing_rows(number, self.lines.len(), self.side)),
        }
    }
}

impl Block {
    /// A block of side `side` whose shape `shapes` know, or its rows' `|` will draw.
    pub(super) fn new(
        side: usize,
        shapes: Shapes,
        as_one_line: Option<Result<Puzzle, PuzzleError>>,
    ) -> Self {
        Self {
            side,
            shape: shapes.of_side(side),
            lines: Vec::with_capacity(side),
            cells: Vec::with_capacity(side * side),
            columns: Vec::with_capacity(side * side),
            masks: Vec::new(),
            as_one_line,
            blank_spaces: false,
        }
    }

    /// Checks where the `|` of the row on line `number` fall (cells counted by
    /// `cells`): between the boxes of the shape, or, when the shape is not known yet,
    /// as the first framed row draws them, which then makes the shape.
    fn check_boxes(&mut self, number: usize, widths: Vec<usize>) -> Result<(), PuzzleError> {
        if widths.len() < 2 {
            return Ok(());
        }
        let error = |expected| {
            Err(PuzzleError::new(
                number,
                None,
                PuzzleErrorKind::BoxWidths {
                    widths: widths.clone(),
                    expected,
                },
            ))
        };
        match self.shape {
            Some(shape) if widths.iter().all(|&w| w == shape.box_cols()) => Ok(()),
            Some(shape) => error(Ok(shape)),
            None => {
                let width = widths[0];
                let drawn = Shape::boxes(self.side / width.max(1), width)
                    .ok()
                    .filter(|shape| shape.side() == self.side);
                match drawn {
                    Some(shape) if widths.iter().all(|&w| w == width) => {
                        self.shape = Some(shape);
                        Ok(())
                    }
                    _ => error(Err(width)),
                }
            }
        }
    }

    /// Adds a row of N symbols.
    pub(super) fn symbol_row(&mut self, number: usize, text: &str) -> Result<(), PuzzleError> {
        let side = self.side;
        self.check_boxes(number, box_widths(text, false))?;
        for (k, ch) in row_symbols(text) {
            push_symbol(&mut self.cells, ch, Alphabet::Digits, side, number, k + 1)?;
            self.columns.push(k + 1);
        }
        Ok(())
    }

    /// Adds a row of N cells of a pencilmark grid: one symbol a value (or an empty cell),
    /// several the cell's candidates.
    pub(super) fn pencilmark_row(&mut self, number: usize, text: &str) -> Result<(), PuzzleError> {
        let side = self.side;
        self.check_boxes(number, box_widths(text, true))?;
        for (column, token) in cell_tokens(text) {
            let mut symbols = token.chars();
            let first = symbols.next().expect("tokens are not empty");
            if symbols.next().is_none() {
                push_symbol(
                    &mut self.cells,
                    first,
                    Alphabet::Digits,
                    side,
                    number,
                    column,
                )?;
            } else {
                let mask = candidates(token, side)
                    .map_err(|kind| PuzzleError::new(number, Some(column), kind))?;
                self.masks.resize(self.cells.len(), 0);
                self.masks.push(mask);
                self.cells.push(0);
            }
            self.columns.push(column);
        }
        Ok(())
    }

    /// The puzzle of a complete block, its givens checked; with its candidates if it
    /// was a pencilmark grid.
    pub(super) fn finish(self) -> Result<Puzzle, PuzzleError> {
        let side = self.side;
        let Some(shape) = self.shape else {
            return Err(PuzzleError::new(
                self.lines[0],
                None,
                PuzzleErrorKind::NeedsShape { side },
            ));
        };
        let grid = Grid::from_cells(shape, self.cells).expect("checked cells");
        if let Err(conflict) = grid.validate() {
            let (r, c) = conflict.cells[1];
            return Err(PuzzleError::new(
                self.lines[r],
                Some(self.columns[r * side + c]),
                PuzzleErrorKind::Conflict(conflict),
            ));
        }
        let pencilmarks = (!self.masks.is_empty()).then(|| {
            // A cell written as one symbol is a value, or (`.`) a cell with every
            // candidate its peers allow.
            let full = if side == 64 {
                u64::MAX
            } else {
                (1 << side) - 1
            };
            let mut masks = self.masks;
            masks.resize(side * side, 0);
            for (mask, &value) in masks.iter_mut().zip(grid.cells()) {
                if value == 0 && *mask == 0 {
                    *mask = full;
                }
            }
            Position::with_candidates(grid.clone(), masks).expect("checked candidates")
        });
        Ok(Puzzle {
            line: self.lines[0],
            grid,
            pencilmarks,
            variant: Variant::Classic,
        })
    }
}

/// The cells of a row written as tokens between white space and rules, with their
/// 1-based columns.
pub(super) fn cell_tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    text.split(|c: char| c.is_whitespace() || is_rule(c))
        .map(move |token| {
            let at = column + 1;
            column += token.chars().count() + 1;
            (at, token)
        })
        .filter(|(_, token)| !token.is_empty())
}

/// The widths of the boxes that the `|` of a row draw, left to right, in cells: symbols,
/// or for a row of a pencilmark grid (`pencilmarks`) tokens; one width for a row without
/// `|` between its cells.
pub(super) fn box_widths(text: &str, pencilmarks: bool) -> Vec<usize> {
    text.split(is_rule)
        .map(|part| match pencilmarks {
            true => part.split_whitespace().count(),
            false => part.chars().filter(|c| !c.is_whitespace()).count(),
        })
        .filter(|&width| width > 0)
        .collect()
}

/// Whether a row of `side` cells with these `widths` between its `|` may start a block:
/// `shapes` know the side, or the marks draw boxes of one width that make a shape.
pub(super) fn may_start(side: usize, widths: &[usize], shapes: Shapes) -> bool {
    shapes.of_side(side).is_some()
        || (widths.len() >= 2
            && widths.iter().all(|&w| w == widths[0])
            && Shape::boxes(side / widths[0], widths[0]).is_ok_and(|s| s.side() == side))
}

/// The side of a pencilmark grid whose first row is `text`: N tokens (N a side of
/// `shapes`, or drawn by the row's `|`), some of several symbols, each of those a set of
/// values 1..=N.
pub(super) fn pencilmark_side(text: &str, shapes: Shapes) -> Option<usize> {
    let side = cell_tokens(text).count();
    if !may_start(side, &box_widths(text, true), shapes) {
        return None;
    }
    let mut several = false;
    for (_, token) in cell_tokens(text) {
        if token.chars().nth(1).is_some() {
            several = true;
            candidates(token, side).ok()?;
        }
    }
    several.then_some(side)
}

/// The candidates a token of several symbols stands for, as a mask: the symbols, or
/// one or more between parentheses (`(5)`, a cell left with one candidate).
pub(super) fn candidates(token: &str, side: usize) -> Result<u64, PuzzleErrorKind> {
    let inner = token
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .filter(|t| !t.is_empty())
        .unwrap_or(token);
    let mut mask = 0u64;
    for ch in inner.chars() {
        let value = match classify(ch, Alphabet::Digits) {
            Symbol::Value(v) if usize::from(v) <= side => v,
            Symbol::Zero if side == 36 => 36,
            _ => {
                return Err(PuzzleErrorKind::Candidates {
                    token: token.to_owned(),
                    side,
                });
            }
        };
        mask |= 1 << (value - 1);
    }
    Ok(mask)
}

/// The symbols of a row with their 0-based columns: every character but white space and
/// `|`.
pub(super) fn row_symbols(text: &str) -> impl Iterator<Item = (usize, char)> + Clone + '_ {
    text.chars()
        .enumerate()
        .filter(|&(_, ch)| !ch.is_whitespace() && !is_rule(ch))
}

/// The first character of a row that is no symbol, as an error.
pub(super) fn unknown_symbol(number: usize, text: &str) -> Option<PuzzleError> {
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
pub(super) fn missing_rows(number: usize, rows: usize, side: usize) -> PuzzleError {
    PuzzleError::new(
        number,
        None,
        PuzzleErrorKind::MissingRows {
            found: rows,
            expected: side,
        },
    )
}

/// A row typed with a space for each empty cell (`53  7    `, perhaps without its
/// trailing spaces), as a row of `side` symbols with `.` for the spaces; `None` for a
/// line longer than the row, without a space in it, or with a blank symbol of its own
/// (`5 3 . . 7`: there the spaces are separators).
pub(super) fn blank_spaced(text: &str, side: usize) -> Option<String> {
    let line = text.trim_end_matches(['\r', '\n']);
    let length = line.chars().count();
    let blanks = ['|', '\t', '0'];
    let blanks = |c: char| blanks.contains(&c) || BLANKS.contains(&c);
    if length > side || !line.contains(' ') || line.contains(blanks) {
        return None;
    }
    let mut row: String = line
        .chars()
        .map(|c| if c == ' ' { '.' } else { c })
        .collect();
    row.extend(std::iter::repeat_n('.', side - length));
    Some(row)
}
