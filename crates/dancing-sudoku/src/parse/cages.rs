//! The cage lines of a killer puzzle: `SUM rRcC rRcC …`, one cage a line.

use super::{PuzzleError, PuzzleErrorKind};
use crate::grid::Grid;
use crate::variant::{Cage, Variant, VariantError};

/// The cages of one killer puzzle, read line by line after its givens.
#[derive(Debug)]
pub(super) struct Cages {
    /// The line of the givens, where the puzzle starts.
    pub(super) line: usize,
    pub(super) grid: Grid,
    pub(super) cages: Vec<Cage>,
    /// The cage (1-based) of each cell, 0 for none.
    owner: Vec<usize>,
}

impl Cages {
    /// No cages yet, for the givens `grid` read on line `line`.
    pub(super) fn new(line: usize, grid: Grid) -> Self {
        let cells = grid.side() * grid.side();
        Self {
            line,
            grid,
            cages: Vec::new(),
            owner: vec![0; cells],
        }
    }

    /// Adds the cage of line `number`, `text` (not blank): its sum, then its cells.
    pub(super) fn add(&mut self, number: usize, text: &str) -> Result<(), PuzzleError> {
        let n = self.grid.side();
        let at =
            |column: usize, kind: PuzzleErrorKind| PuzzleError::new(number, Some(column), kind);
        let rule = |column: usize, rule: VariantError| at(column, PuzzleErrorKind::Rule(rule));
        let mut tokens = tokens(text);
        let (sum_at, sum) = tokens.next().expect("the line is not blank");
        let sum: u32 = sum.parse().map_err(|_| {
            at(
                sum_at,
                PuzzleErrorKind::CageSum {
                    token: sum.to_owned(),
                },
            )
        })?;
        let cage = self.cages.len() + 1;
        let mut cells = Vec::new();
        for (column, token) in tokens {
            let (row, col) = cell(token).ok_or_else(|| {
                at(
                    column,
                    PuzzleErrorKind::CageCell {
                        token: token.to_owned(),
                    },
                )
            })?;
            if row >= n || col >= n {
                let outside = VariantError::CellOutside {
                    cage,
                    row,
                    col,
                    side: n,
                };
                return Err(rule(column, outside));
            }
            let first = std::mem::replace(&mut self.owner[row * n + col], cage);
            if first == cage {
                return Err(rule(
                    column,
                    VariantError::CellTwiceInCage { row, col, cage },
                ));
            }
            if first != 0 {
                let twice = VariantError::CellInTwoCages {
                    row,
                    col,
                    first,
                    second: cage,
                };
                return Err(rule(column, twice));
            }
            cells.push((row, col));
        }
        if cells.is_empty() {
            return Err(at(text.chars().count() + 1, PuzzleErrorKind::EmptyCage));
        }
        let cage = Cage { sum, cells };
        // The cells are checked above; what is left to check is the sum, whose error
        // numbers the cage as the puzzle does.
        Variant::Killer(vec![cage.clone()])
            .validate(self.grid.shape())
            .map_err(|error| {
                let error = match error {
                    VariantError::ImpossibleSum {
                        sum, cells, side, ..
                    } => VariantError::ImpossibleSum {
                        cage: self.cages.len() + 1,
                        sum,
                        cells,
                        side,
                    },
                    VariantError::TooManyCombinations { sum, cells, .. } => {
                        VariantError::TooManyCombinations {
                            cage: self.cages.len() + 1,
                            sum,
                            cells,
                        }
                    }
                    other => other,
                };
                rule(sum_at, error)
            })?;
        self.cages.push(cage);
        Ok(())
    }
}

/// Whether `text` is a cage line: a number, then cells written `rRcC`.
pub(super) fn is_cage_line(text: &str) -> bool {
    let mut tokens = tokens(text).map(|(_, token)| token).peekable();
    let Some(sum) = tokens.next() else {
        return false;
    };
    sum.bytes().all(|b| b.is_ascii_digit())
        && tokens.peek().is_some()
        && tokens.all(|token| cell(token).is_some())
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

    #[test]
    fn cage_lines_are_a_sum_then_cells() {
        assert!(is_cage_line("15 r1c1 r1c2"));
        assert!(is_cage_line("  7\tR2C3 "));
        for not in [
            "15",
            "r1c1 r1c2",
            "15 r1c1 x",
            "1 2 3 4",
            "5 3 . . 7 . . . .",
        ] {
            assert!(!is_cage_line(not), "{not}");
        }
    }
}
