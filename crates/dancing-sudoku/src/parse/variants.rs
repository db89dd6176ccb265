//! Reading one jigsaw or killer puzzle: the [`Batch`] reader, told the variant.
//!
//! Many puzzles of either, with the same errors and the same bounded reading as every
//! batch, come from [`Batch::variant`](crate::parse::Batch::variant).

use super::{Batch, PuzzleError, PuzzleErrorKind};
use crate::grid::Grid;
use crate::variant::{Cage, Kind, Regions, Variant};

/// Reads a jigsaw line: the puzzle and its regions.
///
/// The puzzle in the one-line form (N² symbols, `.` empty), white space, then N² region
/// labels row by row: any characters but white space, one per region, each used by N
/// cells. Text after the labels and white space is a comment.
///
/// ```
/// use dancing_sudoku::parse::parse_jigsaw;
///
/// let (grid, regions) = parse_jigsaw("1.......3....... aaabacbbccdbcddd")?;
/// assert_eq!((grid.get(0, 0), regions.region_of(1, 1)), (1, 2));
/// let err = parse_jigsaw("1.......3....... aaabacbbccdbcdd").unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 18: expected 16 region labels, found 15");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A bad grid, missing labels, the wrong number of labels (the column of the labels), or
/// a region of the wrong size (the column of the labels).
pub fn parse_jigsaw(line: &str) -> Result<(Grid, Regions), PuzzleError> {
    match single(line, Kind::Jigsaw)? {
        (grid, Variant::Jigsaw(regions)) => Ok((grid, regions)),
        _ => unreachable!("a jigsaw batch reads jigsaws"),
    }
}

/// Reads a killer block: the givens and the cages.
///
/// The first line holds the givens in the one-line form (`.` for an empty cell, all
/// empty for a pure killer); each later line is one cage, `SUM CELL CELL …`, with cells
/// written `rRcC`, 1-based: `15 r1c1 r1c2 r2c1`. Lines starting with `#` are skipped. A
/// batch separates puzzles by blank lines.
///
/// ```
/// use dancing_sudoku::parse::parse_killer;
///
/// let (grid, cages) = parse_killer("................\n3 r1c1 r1c2\n7 r1c3 r1c4\n")?;
/// assert_eq!((grid.givens(), cages.len(), cages[1].cells[0]), (0, 2, (0, 2)));
/// let err = parse_killer("................\n3 r1c1 r1c2\n7 r1c2 r1c4\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 3, column 3: r1c2 is in cage 1 and in cage 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A bad grid, a bad sum or cell (with its column), a cell outside the grid or in two
/// cages (the column of the cell), a sum no distinct digits make (the column of the sum).
pub fn parse_killer(block: &str) -> Result<(Grid, Vec<Cage>), PuzzleError> {
    match single(block, Kind::Killer)? {
        (grid, Variant::Killer(cages)) => Ok((grid, cages)),
        _ => unreachable!("a killer batch reads killers"),
    }
}

/// The one puzzle of `text`, read as `kind`.
fn single(text: &str, kind: Kind) -> Result<(Grid, Variant), PuzzleError> {
    let mut batch = Batch::new(text.as_bytes()).variant(kind);
    let puzzle = batch.next().unwrap_or_else(|| {
        let end = text.lines().count().max(1);
        Err(PuzzleError::new(end, None, PuzzleErrorKind::Empty))
    })?;
    if let Some(next) = batch.next() {
        let line = match next {
            Ok(next) => next.line,
            Err(error) => error.line,
        };
        return Err(PuzzleError::new(
            line,
            None,
            PuzzleErrorKind::ExtraRow {
                expected: puzzle.grid.side(),
            },
        ));
    }
    Ok((puzzle.grid, puzzle.variant))
}
