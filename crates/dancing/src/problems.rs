//! Classic exact-cover problems, built as [`Problem`]s: N-queens, Langford pairs, Latin
//! squares, domino tilings and polyomino packing (any board, any pieces: [`packing`]). They serve as examples, as oracles in
//! tests (their solution counts are known) and as benchmarks.
//!
//! ```
//! use dancing::Engine;
//! let queens = dancing::problems::queens(8);
//! assert_eq!(dancing::Solver::new(&queens).count(), 92);
//! ```

mod drawing;
mod packing;
mod pictures;

pub use drawing::Drawing;

pub use packing::{
    Board, MAX_PLACEMENTS, NameError, PictureError, Piece, SETS, Turns, Uses, cell_of, packing,
    packing_picture, packing_within, placements, turned,
};
pub use pictures::{HOLE, PALETTE, SQUARE, board_svg, dominoes_svg, packing_svg, queens_svg};

use crate::builder::ProblemBuilder;
use crate::ids::OptionId;
use crate::problem::Problem;

fn build(builder: ProblemBuilder) -> Problem {
    builder.build().expect("generated problems are well formed")
}

/// N-queens as in TAOCP: primary items `R0..` (rows) and `C0..` (columns), secondary
/// items `A0..A{2n−2}` (r+c diagonals) and `B0..` (r−c+n−1 diagonals), one option
/// `R{r} C{c} A{r+c} B{r−c+n−1}` per square in row-major order.
///
/// # Panics
/// If `n` is 0.
pub fn queens(n: usize) -> Problem {
    assert!(n > 0, "queens needs n ≥ 1");
    let mut b = ProblemBuilder::new();
    let rows: Vec<_> = (0..n)
        .map(|r| b.primary(&format!("R{r}")).unwrap())
        .collect();
    let cols: Vec<_> = (0..n)
        .map(|c| b.primary(&format!("C{c}")).unwrap())
        .collect();
    let sums: Vec<_> = (0..2 * n - 1)
        .map(|d| b.secondary(&format!("A{d}")).unwrap())
        .collect();
    let diffs: Vec<_> = (0..2 * n - 1)
        .map(|d| b.secondary(&format!("B{d}")).unwrap())
        .collect();
    for r in 0..n {
        for c in 0..n {
            b.option([rows[r], cols[c], sums[r + c], diffs[r + n - 1 - c]])
                .unwrap();
        }
    }
    build(b)
}

/// The queens' squares of a solution of [`queens`]: entry `r` is the column of the
/// queen in row `r`.
pub fn queens_board(problem: &Problem, options: &[OptionId]) -> Vec<usize> {
    let mut columns = vec![0; problem.primary_count() / 2];
    for &o in options {
        let n = columns.len();
        columns[o.index() / n] = o.index() % n;
    }
    columns
}

/// Langford pairs: place two copies of each of 1..=n in a row of 2n so that the two
/// copies of k have k numbers between them. Items `1..n` (values) and `s1..s{2n}`
/// (slots); a pairing and its reverse are both counted.
///
/// # Panics
/// If `n` is 0.
pub fn langford(n: usize) -> Problem {
    assert!(n > 0, "langford needs n ≥ 1");
    let mut b = ProblemBuilder::new();
    let values: Vec<_> = (1..=n)
        .map(|k| b.primary(&k.to_string()).unwrap())
        .collect();
    let slots: Vec<_> = (1..=2 * n)
        .map(|s| b.primary(&format!("s{s}")).unwrap())
        .collect();
    for k in 1..=n {
        for j in 0..2 * n {
            let other = j + k + 1;
            if other < 2 * n {
                b.option([values[k - 1], slots[j], slots[other]]).unwrap();
            }
        }
    }
    build(b)
}

/// Whether [`langford`]`(n)` has any solution: exactly when n ≡ 0 or 3 (mod 4).
///
/// The reason (Davies, 1959): put the two k's at positions p and p + k + 1. The 2n
/// positions sum to n(2n + 1), and the pairs' positions sum to 2·Σp + Σ(k + 1), so
/// Σ(k + 1) = n(n + 3)/2 must have the parity of n(2n + 1), which fails for n ≡ 1, 2
/// (mod 4); for n ≡ 0, 3 (mod 4) constructions exist for every n.
///
/// ```
/// use dancing::{Engine, Solver, problems};
///
/// for n in 1..=8 {
///     let count = Solver::new(&problems::langford(n)).count().found();
///     assert_eq!(problems::langford_exists(n), count > 0);
/// }
/// ```
pub fn langford_exists(n: usize) -> bool {
    matches!(n % 4, 0 | 3)
}

/// The sequence of a solution of [`langford`].
pub fn langford_sequence(problem: &Problem, options: &[OptionId]) -> Vec<usize> {
    let n = problem.primary_count() / 3;
    let mut sequence = vec![0; 2 * n];
    for &o in options {
        let items: Vec<_> = problem.option_items(o).map(|(i, _)| i.index()).collect();
        let k = items[0] + 1;
        sequence[items[1] - n] = k;
        sequence[items[2] - n] = k;
    }
    sequence
}

/// Latin squares of order n: items `p{r}_{c}` (cell filled), `r{r}_{s}` (row r has s),
/// `c{c}_{s}` (column c has s); one option per cell and symbol.
///
/// # Panics
/// If `n` is 0.
pub fn latin_square(n: usize) -> Problem {
    assert!(n > 0, "latin squares need n ≥ 1");
    let mut b = ProblemBuilder::new();
    let cell: Vec<_> = (0..n * n)
        .map(|k| b.primary(&format!("p{}_{}", k / n, k % n)).unwrap())
        .collect();
    let row: Vec<_> = (0..n * n)
        .map(|k| b.primary(&format!("r{}_{}", k / n, k % n + 1)).unwrap())
        .collect();
    let col: Vec<_> = (0..n * n)
        .map(|k| b.primary(&format!("c{}_{}", k / n, k % n + 1)).unwrap())
        .collect();
    for r in 0..n {
        for c in 0..n {
            for s in 0..n {
                b.option([cell[r * n + c], row[r * n + s], col[c * n + s]])
                    .unwrap();
            }
        }
    }
    build(b)
}

/// The twelve pentominoes in Conway's letters, each as cells (row, column) of one
/// orientation.
pub const PENTOMINOES: [(char, [(u8, u8); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The twelve pentominoes packed into a box `width` wide and `height` tall (area 60):
/// 10×6 has 9,356 solutions, 12×5 has 4,040 and 20×3 has 8 (each counting the box's 4
/// symmetries). The [`packing`] of a rectangle with [`Piece::set`]`(5)`, each piece
/// once, turned every way.
///
/// ```
/// use dancing::Engine;
///
/// let problem = dancing::problems::pentominoes(20, 3);
/// assert_eq!(dancing::Solver::new(&problem).count(), 8);
/// ```
///
/// # Panics
/// If the box has no cells.
#[track_caller]
pub fn pentominoes(width: usize, height: usize) -> Problem {
    packing(
        &Board::rectangle(width, height),
        &Piece::set(5),
        Turns::All,
        Uses::Once,
    )
}

/// Tilings of a `width`×`height` board by dominoes: items are the cells `r{y}c{x}`
/// (1-based), all primary, declared row by row; an option is a domino, horizontal or
/// vertical, listed by its first cell in reading order. The counts of the square boards
/// 2×2, 4×4, 6×6, 8×8 are 2, 36, 6,728 and 12,988,816 (OEIS A004003).
///
/// ```
/// use dancing::{Engine, Solver, problems};
///
/// assert_eq!(Solver::new(&problems::dominoes(4, 4)).count(), 36);
/// assert_eq!(Solver::new(&problems::dominoes(3, 2)).count(), 3);
/// ```
///
/// # Panics
/// If the board is empty.
#[track_caller]
pub fn dominoes(width: usize, height: usize) -> Problem {
    assert!(width > 0 && height > 0, "the board must have squares");
    let mut b = ProblemBuilder::new();
    let mut cell = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            cell.push(b.primary(&format!("r{}c{}", y + 1, x + 1)).unwrap());
        }
    }
    for y in 0..height {
        for x in 0..width {
            let here = cell[y * width + x];
            if x + 1 < width {
                b.option([here, cell[y * width + x + 1]]).unwrap();
            }
            if y + 1 < height {
                b.option([here, cell[(y + 1) * width + x]]).unwrap();
            }
        }
    }
    build(b)
}

/// A rectangle of a [`rectangle_tiling`]: the unit squares `x1..x2` × `y1..y2`, given by
/// its lower-left corner `(x1, y1)` and upper-right corner `(x2, y2)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rectangle {
    /// Left edge.
    pub x1: usize,
    /// Bottom edge.
    pub y1: usize,
    /// Right edge, greater than `x1`.
    pub x2: usize,
    /// Top edge, greater than `y1`.
    pub y2: usize,
}

impl Rectangle {
    /// Whether the rectangle is non-empty and lies inside a board `width` wide and
    /// `height` high.
    pub fn fits(&self, width: usize, height: usize) -> bool {
        self.x1 < self.x2 && self.y1 < self.y2 && self.x2 <= width && self.y2 <= height
    }
}

/// Covering a `width`×`height` board exactly with some of the given rectangles, each
/// used at most once where it lies (the ZOJ 3209 "Treasure Map" problem). Items are the
/// unit squares `r{y}c{x}` (row `y`, column `x`, from 0), all primary, so
/// [`board_svg`] draws a tiling; option `k` is piece `k`'s squares and costs 1, so
/// [`Solver::min_cost`](crate::Solver::min_cost) finds the fewest pieces.
///
/// ```
/// use dancing::problems::{Rectangle, rectangle_tiling};
///
/// let pieces = [
///     Rectangle { x1: 0, y1: 0, x2: 3, y2: 5 },
///     Rectangle { x1: 0, y1: 0, x2: 2, y2: 5 },
///     Rectangle { x1: 2, y1: 0, x2: 5, y2: 5 },
///     Rectangle { x1: 3, y1: 0, x2: 5, y2: 5 },
/// ];
/// let problem = rectangle_tiling(5, 5, &pieces);
/// let best = dancing::Solver::new(&problem).min_cost().expect("a tiling");
/// assert_eq!(best.cost(), 2);
/// ```
///
/// # Panics
/// If the board is empty, or a piece is empty or sticks out of the board (check with
/// [`Rectangle::fits`]).
#[track_caller]
pub fn rectangle_tiling(width: usize, height: usize, pieces: &[Rectangle]) -> Problem {
    assert!(width > 0 && height > 0, "the board must have squares");
    let mut b = ProblemBuilder::new();
    let mut square = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            square.push(b.primary(&format!("r{y}c{x}")).unwrap());
        }
    }
    for piece in pieces {
        assert!(
            piece.fits(width, height),
            "piece {piece:?} does not fit a {width}×{height} board"
        );
        let items = (piece.y1..piece.y2)
            .flat_map(|y| (piece.x1..piece.x2).map(move |x| y * width + x))
            .map(|k| square[k]);
        let option = b.option(items).unwrap();
        b.set_cost(option, 1);
    }
    build(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentominoes_have_63_orientations() {
        let total: usize = PENTOMINOES
            .iter()
            .map(|(_, cells)| turned(cells, Turns::All).len())
            .sum();
        assert_eq!(total, 63);
    }
}
