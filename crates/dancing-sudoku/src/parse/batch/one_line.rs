//! A puzzle on one line: its symbols, its candidates (729 of them), or its values
//! spaced apart; and the clashes of its givens.

use super::super::lex::{BLANKS, Shapes, is_rule, line_into, push_symbol, puzzle_token};
use super::super::{PuzzleError, PuzzleErrorKind};
use super::Puzzle;
use super::block::cell_tokens;
use crate::grid::{Alphabet, Conflict, Grid, Unit};
use crate::position::Position;
use crate::shape::Shape;
use crate::variant::Variant;

/// Whether `text`, of `count` symbols, is a one-line puzzle with its symbols spaced
/// apart: a one-line length of `shapes` (not 16, which is the row of a 16×16 grid too),
/// every token one symbol.
pub(super) fn is_spaced_line(text: &str, count: usize, shapes: Shapes) -> bool {
    count != 16
        && shapes.of_cells(count).is_some()
        && cell_tokens(text).all(|(_, t)| t.chars().nth(1).is_none())
}

/// The puzzle of a spaced one-line `text` of `count` symbols.
pub(super) fn spaced_line(
    number: usize,
    text: &str,
    count: usize,
    shapes: Shapes,
) -> Result<Puzzle, PuzzleError> {
    let shape = shapes.of_cells(count).expect("a one-line length");
    let side = shape.side();
    let mut cells = Vec::with_capacity(count);
    let mut columns = Vec::with_capacity(count);
    for (column, token) in cell_tokens(text) {
        let ch = token.chars().next().expect("tokens are not empty");
        push_symbol(&mut cells, ch, Alphabet::Digits, side, number, column)?;
        columns.push(column);
    }
    let grid = Grid::from_cells(shape, cells).expect("checked cells");
    grid.validate().map_err(|conflict| {
        let (r, c) = conflict.cells[1];
        PuzzleError::new(
            number,
            Some(columns[r * side + c]),
            PuzzleErrorKind::Conflict(conflict),
        )
    })?;
    Ok(Puzzle {
        line: number,
        grid,
        pencilmarks: None,
        variant: Variant::Classic,
    })
}

/// Whether `text` is a puzzle in the one-line form: its first run of characters has a
/// one-line length of `shapes` and no `|`.
pub(super) fn is_one_line(text: &str, shapes: Shapes) -> bool {
    let token = puzzle_token(text);
    !token.contains(is_rule) && shapes.of_cells(token.chars().count()).is_some()
}

/// The symbols of a 9×9 pencilmark grid on one line: 9 per cell, the cell's candidates
/// each in its own place (`1........` is a 1, `.23......` the candidates 2 and 3), as
/// the Sukaku collections and solving programs write a position.
pub(super) const CANDIDATE_LINE: usize = 729;

/// The position of a candidate line (see [`CANDIDATE_LINE`]) on line `number`.
pub(super) fn candidate_line(number: usize, text: &str) -> Result<Puzzle, PuzzleError> {
    let lead = text.chars().take_while(|c| c.is_whitespace()).count();
    let mut cells = vec![0u8; 81];
    let mut masks = vec![0u64; 81];
    for (k, ch) in puzzle_token(text).chars().enumerate() {
        let (cell, place) = (k / 9, k % 9);
        match ch {
            _ if ch == '0' || BLANKS.contains(&ch) => {}
            '1'..='9' if usize::from(ch as u8 - b'1') == place => masks[cell] |= 1 << place,
            _ => {
                return Err(PuzzleError::new(
                    number,
                    Some(lead + k + 1),
                    PuzzleErrorKind::CandidateLine {
                        symbol: ch,
                        place: place + 1,
                    },
                ));
            }
        }
    }
    for (value, &mask) in cells.iter_mut().zip(&masks) {
        if mask.count_ones() == 1 {
            *value = mask.trailing_zeros() as u8 + 1;
        }
    }
    let grid = Grid::from_cells(Shape::CLASSIC, cells).expect("values 1 to 9");
    let position = Position::with_candidates(grid.clone(), masks).expect("9×9 candidates");
    Ok(Puzzle {
        line: number,
        grid,
        pencilmarks: Some(position),
        variant: Variant::Classic,
    })
}

/// The puzzle in the one-line form on line `number`, of one of `shapes`, its givens not
/// yet checked (that depends on its rules: see [`Batch::ruled`]).
pub(super) fn one_line(number: usize, text: &str, shapes: Shapes) -> Result<Puzzle, PuzzleError> {
    let mut cells = Vec::new();
    let shape =
        line_into(text, Alphabet::Digits, &mut cells, shapes).map_err(|e| e.at_line(number))?;
    Ok(unchecked(number, shape, cells))
}

/// The puzzle of `shape` whose `cells` were read from line `number`, its givens not yet
/// checked.
pub(super) fn unchecked(number: usize, shape: Shape, cells: Vec<u8>) -> Puzzle {
    Puzzle {
        line: number,
        grid: Grid::from_cells(shape, cells).expect("checked cells"),
        pencilmarks: None,
        variant: Variant::Classic,
    }
}

/// The first clash of `puzzle`'s givens under its rules: in a row, a column or a box
/// (for a jigsaw, a region in its place), then in a diagonal or a window of the
/// variants that have them. Any of them leaves the puzzle without a solution, and says
/// the input is wrong rather than the puzzle hard.
pub(super) fn clash(puzzle: &Puzzle) -> Option<Conflict> {
    let grid = &puzzle.grid;
    if !matches!(
        puzzle.variant,
        Variant::Jigsaw(_) | Variant::X | Variant::Hyper
    ) {
        // Rows, columns and boxes only: checked without allocating.
        return grid.validate().err();
    }
    let lines = grid
        .conflicts()
        .into_iter()
        .find(|conflict| !matches!(conflict.unit, Unit::Box(_)));
    let n = grid.side();
    let houses: Vec<(Unit, Vec<usize>)> = match &puzzle.variant {
        Variant::Jigsaw(regions) => (0..n)
            .map(|k| {
                let cells = regions.cells(k).into_iter().map(|(r, c)| r * n + c);
                (Unit::Region(k), cells.collect())
            })
            .collect(),
        Variant::X | Variant::Hyper => {
            let unit = if puzzle.variant == Variant::X {
                Unit::Diagonal
            } else {
                Unit::Window
            };
            let extra = puzzle.variant.extra_units(grid.shape());
            extra
                .into_iter()
                .enumerate()
                .map(|(k, h)| (unit(k), h))
                .collect()
        }
        _ => unreachable!("the other rules are checked above"),
    };
    if let Variant::X | Variant::Hyper = puzzle.variant
        && let Err(conflict) = grid.validate()
    {
        return Some(conflict);
    }
    lines.or_else(|| {
        houses
            .into_iter()
            .find_map(|(unit, cells)| house_clash(grid, unit, &cells))
    })
}

/// The first value given twice in the house `cells` (cell indices r·N + c, in reading
/// order), as a conflict in `unit`.
pub(super) fn house_clash(grid: &Grid, unit: Unit, cells: &[usize]) -> Option<Conflict> {
    let n = grid.side();
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let mut seen: Vec<Option<usize>> = vec![None; n + 1];
    for &k in &sorted {
        let (r, c) = (k / n, k % n);
        let value = grid.get(r, c);
        if value == 0 {
            continue;
        }
        if let Some(first) = seen[usize::from(value)] {
            return Some(Conflict {
                value,
                unit,
                cells: [(first / n, first % n), (r, c)],
            });
        }
        seen[usize::from(value)] = Some(k);
    }
    None
}
