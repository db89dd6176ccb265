//! HDU 4069 "Squiggly Sudoku": jigsaw puzzles whose regions are drawn by walls.
//!
//! The input is the number of cases T, then per case 9 lines of 9 integers. Each integer
//! is the cell's digit (0 empty) plus 16 for a wall above it, 32 to its right, 64 below
//! and 128 to its left. The walls cut the grid into nine regions of nine cells: a region
//! is what a flood fill reaches without crossing a wall. The output is `Case k:` then the
//! unique solution as 9 lines of 9 digits, `No solution`, or `Multiple Solutions`.
//!
//! Walls on the grid's border are ignored. A wall between two cells must be written on
//! both (the judge's data always are): walls that disagree, or that make anything but
//! nine regions of nine cells, are an input error naming the case, since the problem
//! does not say which reading was meant.

use std::fmt::Write as _;

use dancing::Limits;

use super::{JudgeError, end_line, lines, read_count, skip_blank, stopped};
use dancing_sudoku::{
    Alphabet, Grid, PuzzleError, PuzzleErrorKind, Regions, Solve, Variant, VariantSolver, Verdict,
};

const UP: u16 = 16;
const RIGHT: u16 = 32;
const DOWN: u16 = 64;
const LEFT: u16 = 128;

pub(super) fn hdu4069_with(input: &str, limits: &Limits) -> Result<String, JudgeError> {
    let input = dancing::format::strip_bom(input);
    let end = end_line(input);
    let mut lines = lines(input);
    let cases = read_count(&mut lines, end)?;
    let mut solver = VariantSolver::new();
    solver.set_limits(limits.clone());
    let mut solution = Grid::empty(3);
    let mut out = String::new();
    for case in 1..=cases {
        skip_blank(&mut lines);
        let Some(&(start, _)) = lines.peek() else {
            return Err(JudgeError::MissingPuzzle {
                line: end + 1,
                puzzle: case,
            });
        };
        let mut codes = Vec::with_capacity(81);
        for row in 0..9 {
            let Some((line, text)) = lines.next() else {
                return Err(PuzzleError {
                    line: end + 1,
                    column: None,
                    kind: PuzzleErrorKind::MissingRows {
                        found: row,
                        expected: 9,
                    },
                }
                .into());
            };
            read_row(line, text, &mut codes)?;
        }
        let regions = regions(&codes).map_err(|reason| JudgeError::Walls {
            line: start,
            case,
            reason,
        })?;
        let cells = codes.iter().map(|&code| (code & 15) as u8).collect();
        let puzzle = Grid::from_cells(dancing_sudoku::Shape::CLASSIC, cells)
            .expect("digits are checked to be at most 9");
        solver.set_variant(Variant::Jigsaw(regions));
        let found = solver.find(&puzzle, 2, Some(&mut solution));
        stopped(&solver, start, case, &out)?;
        writeln!(out, "Case {case}:").expect("writing to a String cannot fail");
        match Verdict::from_count(found) {
            Verdict::NoSolution => out.push_str("No solution\n"),
            Verdict::Multiple => out.push_str("Multiple Solutions\n"),
            Verdict::Unique => out.push_str(&solution.to_rows_with(Alphabet::Digits, '0')),
        }
    }
    super::trailing(&mut lines)?;
    Ok(out)
}

/// Appends the 9 codes of one input row, each checked: a number, below 256, with a
/// digit 0..=9.
fn read_row(line: usize, text: &str, codes: &mut Vec<u16>) -> Result<(), PuzzleError> {
    let error = |column: Option<usize>, kind| PuzzleError { line, column, kind };
    let mut found = 0;
    let mut column = 1;
    for piece in text.split_inclusive(char::is_whitespace) {
        let at = column;
        column += piece.chars().count();
        let token = piece.trim_end_matches(char::is_whitespace);
        if token.is_empty() {
            continue;
        }
        let code: u16 = token.parse().map_err(|_| {
            error(
                Some(at),
                PuzzleErrorKind::NotANumber {
                    token: token.to_owned(),
                },
            )
        })?;
        if code > 255 || code & 15 > 9 {
            return Err(error(
                Some(at),
                PuzzleErrorKind::OutOfRange {
                    symbol: token.to_owned(),
                    value: u64::from(code & 15),
                    side: 9,
                },
            ));
        }
        found += 1;
        codes.push(code);
    }
    if found != 9 {
        return Err(error(
            None,
            PuzzleErrorKind::RowLength {
                found,
                expected: Some(9),
            },
        ));
    }
    Ok(())
}

/// The regions the walls of `codes` draw, or why they draw none.
fn regions(codes: &[u16]) -> Result<Regions, String> {
    let wall = |cell: usize, side: u16| codes[cell] & side != 0;
    // The wall between each cell and its right and lower neighbours, checked from both sides.
    for cell in 0..81 {
        let (r, c) = (cell / 9, cell % 9);
        let right = (c < 8).then_some((cell + 1, RIGHT, LEFT));
        let down = (r < 8).then_some((cell + 9, DOWN, UP));
        for (next, side, back) in [right, down].into_iter().flatten() {
            if wall(cell, side) != wall(next, back) {
                return Err(format!(
                    "the wall between r{}c{} and r{}c{} is on one side only",
                    r + 1,
                    c + 1,
                    next / 9 + 1,
                    next % 9 + 1
                ));
            }
        }
    }
    let mut region = [u8::MAX; 81];
    let mut count = 0u8;
    let mut stack = Vec::new();
    for start in 0..81 {
        if region[start] != u8::MAX {
            continue;
        }
        let mut size = 0;
        region[start] = count;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            size += 1;
            let (r, c) = (cell / 9, cell % 9);
            let open = [
                (r > 0 && !wall(cell, UP)).then(|| cell - 9),
                (c < 8 && !wall(cell, RIGHT)).then(|| cell + 1),
                (r < 8 && !wall(cell, DOWN)).then(|| cell + 9),
                (c > 0 && !wall(cell, LEFT)).then(|| cell - 1),
            ];
            for next in open.into_iter().flatten() {
                if region[next] == u8::MAX {
                    region[next] = count;
                    stack.push(next);
                }
            }
        }
        if size != 9 {
            return Err(format!(
                "the walls make a region of {size} cell{} at r{}c{}; the regions have 9",
                if size == 1 { "" } else { "s" },
                start / 9 + 1,
                start % 9 + 1
            ));
        }
        count += 1;
    }
    // 81 cells in regions of 9: exactly nine regions.
    Ok(Regions::from_indices(9, region.to_vec()).expect("nine regions of nine cells"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walls around the boxes of a 9×9 grid, as HDU 4069 writes them.
    fn box_walls() -> Vec<u16> {
        (0..81)
            .map(|cell| {
                let (r, c) = (cell / 9, cell % 9);
                let mut code = 0;
                if r % 3 == 0 {
                    code |= UP;
                }
                if r % 3 == 2 {
                    code |= DOWN;
                }
                if c % 3 == 0 {
                    code |= LEFT;
                }
                if c % 3 == 2 {
                    code |= RIGHT;
                }
                code
            })
            .collect()
    }

    #[test]
    fn walls_around_the_boxes_are_the_boxes() {
        assert_eq!(
            regions(&box_walls()),
            Ok(Regions::boxes(dancing_sudoku::Shape::CLASSIC))
        );
    }

    #[test]
    fn bad_walls_are_named() {
        let mut walls = box_walls();
        walls[0] |= RIGHT;
        assert_eq!(
            regions(&walls).unwrap_err(),
            "the wall between r1c1 and r1c2 is on one side only"
        );
        walls[1] |= LEFT;
        walls[13] |= DOWN;
        assert_eq!(
            regions(&walls).unwrap_err(),
            "the wall between r2c5 and r3c5 is on one side only"
        );
        walls[13] &= !DOWN;
        walls[0] |= DOWN;
        walls[9] |= UP;
        assert_eq!(
            regions(&walls).unwrap_err(),
            "the walls make a region of 1 cell at r1c1; the regions have 9"
        );
        let mut walls = box_walls();
        walls[2] &= !RIGHT;
        walls[3] &= !LEFT;
        assert_eq!(
            regions(&walls).unwrap_err(),
            "the walls make a region of 18 cells at r1c1; the regions have 9"
        );
    }
}
