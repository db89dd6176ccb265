//! A position: the values placed and the candidates of every empty cell, as a
//! pencilmark grid shows them.

use std::fmt;

use crate::grid::{Alphabet, Grid};

/// A grid with the candidates of its empty cells: the position a solving application
/// shows as a pencilmark grid, where a player has already taken candidates away.
///
/// A [`Position`] made from a [`Grid`] ([`Position::new`], `From<&Grid>`) lets each empty
/// cell hold every value its row, column and box do not hold: the *plain* position. One
/// read from a pencilmark grid ([`Position::with_candidates`], or any puzzle text through
/// [`FromStr`](std::str::FromStr), read as [`parse::Batch`](crate::parse::Batch) reads it)
/// keeps the candidates as given, and the solvers and the rater take them as they are:
/// a candidate taken away is never put back.
///
/// ```
/// use dancing_sudoku::Position;
///
/// // A 4×4 pencilmark grid, a cell a token: one symbol is a value placed, several are
/// // the cell's candidates. r1c2 is down to 2 or 4, though its peers allow 2, 3 and 4.
/// let text = "1 24 234 234\n234 234 1 234\n234 1 234 234\n234 234 234 1\n";
/// let position: Position = text.parse()?;
/// assert_eq!(position.grid().to_string(), "1.....1..1.....1");
/// assert_eq!(position.candidates(0, 1), 0b1010); // 2 and 4
/// assert!(!position.is_plain());
/// // Without 3 at r1c2, fewer solutions than the grid alone has.
/// let plain = Position::new(position.grid());
/// assert!(plain.is_plain());
/// assert!(position.count_up_to(100).found() < plain.count_up_to(100).found());
///
/// // The plain position of a grid: every candidate its peers allow.
/// let plain = Position::new(position.grid());
/// assert!(plain.is_plain());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    grid: Grid,
    /// Each cell's candidates, row by row: bit `v − 1` for value `v`; 0 for a placed cell.
    candidates: Vec<u64>,
    /// Whether every empty cell has every candidate its peers allow.
    plain: bool,
}

/// Why candidates cannot make a position of a grid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// Not one mask per cell.
    #[error("expected {expected} candidate masks, one per cell, found {found}")]
    Length {
        /// N².
        expected: usize,
        /// The masks given.
        found: usize,
    },
    /// A mask holds a value above N.
    #[error("r{}c{} has the candidate {value}, above {side}", .cell.0 + 1, .cell.1 + 1)]
    Value {
        /// The cell, 0-based.
        cell: (usize, usize),
        /// The value.
        value: u32,
        /// N.
        side: usize,
    },
}

impl Position {
    /// The plain position of `grid`: each empty cell may hold every value not placed in
    /// its row, column or box.
    pub fn new(grid: &Grid) -> Self {
        let candidates = peer_candidates(grid);
        Self {
            grid: grid.clone(),
            candidates,
            plain: true,
        }
    }

    /// The position of `grid` whose empty cells hold `candidates` (one mask per cell,
    /// row by row, bit `v − 1` for value `v`). A placed cell's mask is ignored, and a
    /// candidate that a value placed in its row, column or box rules out is dropped: it
    /// could never hold. A cell left with no candidate makes a position with no
    /// solution.
    pub fn with_candidates(grid: Grid, candidates: Vec<u64>) -> Result<Self, PositionError> {
        let side = grid.side();
        if candidates.len() != side * side {
            return Err(PositionError::Length {
                expected: side * side,
                found: candidates.len(),
            });
        }
        let full = full(side);
        for (i, &mask) in candidates.iter().enumerate() {
            if grid.cells()[i] == 0 && mask & !full != 0 {
                return Err(PositionError::Value {
                    cell: (i / side, i % side),
                    value: 64 - (mask & !full).leading_zeros(),
                    side,
                });
            }
        }
        let allowed = peer_candidates(&grid);
        let mut plain = true;
        let candidates = allowed
            .iter()
            .zip(&candidates)
            .map(|(&allowed, &given)| {
                plain &= given & allowed == allowed;
                given & allowed
            })
            .collect();
        Ok(Self {
            grid,
            candidates,
            plain,
        })
    }

    /// The values placed, givens included.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The candidates of row `r`, column `c` (0-based): bit `v − 1` for value `v`, 0 for
    /// a placed cell.
    ///
    /// # Panics
    /// If the cell is outside the grid.
    pub fn candidates(&self, r: usize, c: usize) -> u64 {
        let side = self.grid.side();
        assert!(
            r < side && c < side,
            "r{}c{} is outside the grid",
            r + 1,
            c + 1
        );
        self.candidates[r * side + c]
    }

    /// Every cell's candidates, row by row.
    pub fn masks(&self) -> &[u64] {
        &self.candidates
    }

    /// Whether no candidate was taken away: the position of the grid alone.
    pub fn is_plain(&self) -> bool {
        self.plain
    }

    /// The pencilmark grid: each cell its value or its candidates, columns aligned, with
    /// box rules (HoDoKu's and Sudoku Explainer's layout, which the parsers read back).
    /// An empty cell left with one candidate is written in parentheses, `(5)`, so that
    /// it reads back as a candidate: a lone symbol is a value placed, as HoDoKu and
    /// Sudoku Explainer write it (their grids cannot tell the two apart).
    ///
    /// ```
    /// use dancing_sudoku::{Grid, Position};
    ///
    /// let grid: Grid = "1.3...1.2.4...2.".parse()?;
    /// let mut masks = Position::new(&grid).masks().to_vec();
    /// masks[1] = 0b1000; // r1c2: 4 alone, not yet placed
    /// let position = Position::with_candidates(grid, masks)?;
    /// let marks = position.to_pencilmarks();
    /// let first_row: Vec<&str> = marks.lines().nth(1).unwrap().split_whitespace().collect();
    /// assert_eq!(first_row[..3], ["|", "1", "(4)"]);
    /// let back: Position = marks.parse()?;
    /// assert_eq!(back, position);
    /// assert_eq!(back.grid().get(0, 1), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_pencilmarks(&self) -> String {
        let side = self.grid.side();
        let shape = self.grid.shape();
        let (rows, cols, stacks) = (shape.box_rows(), shape.box_cols(), shape.stacks());
        let text = |i: usize| -> String {
            match self.grid.cells()[i] {
                0 if self.candidates[i].count_ones() == 1 => {
                    let v = self.candidates[i].trailing_zeros() as u8 + 1;
                    format!("({})", symbol(v))
                }
                0 => bits(self.candidates[i])
                    .map(|b| symbol(b as u8 + 1))
                    .collect(),
                v => symbol(v).to_string(),
            }
        };
        let cells: Vec<String> = (0..side * side).map(text).collect();
        // Each column as wide as its widest cell.
        let widths: Vec<usize> = (0..side)
            .map(|c| {
                (0..side)
                    .map(|r| cells[r * side + c].len())
                    .max()
                    .unwrap_or(1)
                    .max(1)
            })
            .collect();
        let stack_width = |s: usize| -> usize {
            widths[s * cols..(s + 1) * cols]
                .iter()
                .map(|w| w + 1)
                .sum::<usize>()
                + 1
        };
        let rule = |corner: char, middle: char| -> String {
            let mut line = String::new();
            line.push(corner);
            for s in 0..stacks {
                line.push_str(&"-".repeat(stack_width(s)));
                line.push(if s + 1 == stacks { corner } else { middle });
            }
            line.push('\n');
            line
        };
        let mut out = rule('.', '.');
        for r in 0..side {
            if r > 0 && r % rows == 0 {
                out.push_str(&rule(':', '+'));
            }
            for c in 0..side {
                if c % cols == 0 {
                    out.push_str("| ");
                }
                let cell = &cells[r * side + c];
                out.push_str(cell);
                out.push_str(&" ".repeat(widths[c] - cell.len() + 1));
            }
            out.push_str("|\n");
        }
        out.push_str(&rule('\'', '\''));
        out
    }
}

impl From<&Grid> for Position {
    fn from(grid: &Grid) -> Self {
        Self::new(grid)
    }
}

impl From<Grid> for Position {
    fn from(grid: Grid) -> Self {
        Self::new(&grid)
    }
}

impl From<&Position> for Position {
    fn from(position: &Position) -> Self {
        position.clone()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("grid", &self.grid)
            .field("plain", &self.plain)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Position {
    /// The pencilmark grid ([`to_pencilmarks`](Position::to_pencilmarks)), or the
    /// one-line form of the grid for a plain position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.plain {
            write!(f, "{}", self.grid)
        } else {
            f.write_str(&self.to_pencilmarks())
        }
    }
}

/// The values 1..=`side` as bits.
fn full(side: usize) -> u64 {
    if side >= 64 {
        u64::MAX
    } else {
        (1u64 << side) - 1
    }
}

/// The symbol of value `v` in the digit alphabet.
fn symbol(v: u8) -> char {
    Alphabet::Digits.symbol(v).unwrap_or('?')
}

/// Each cell's candidates in `grid`: for an empty cell, the values its row, column and box
/// do not hold; 0 for a placed cell.
fn peer_candidates(grid: &Grid) -> Vec<u64> {
    let side = grid.side();
    let mut seen = vec![0u64; 3 * side];
    for r in 0..side {
        for c in 0..side {
            let v = grid.get(r, c);
            if v != 0 {
                let bit = 1u64 << (v - 1);
                seen[r] |= bit;
                seen[side + c] |= bit;
                seen[2 * side + grid.box_of(r, c)] |= bit;
            }
        }
    }
    let full = full(side);
    (0..side * side)
        .map(|i| {
            let (r, c) = (i / side, i % side);
            if grid.cells()[i] != 0 {
                0
            } else {
                full & !(seen[r] | seen[side + c] | seen[2 * side + grid.box_of(r, c)])
            }
        })
        .collect()
}

/// The set bits of a mask, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            b
        })
    })
}
