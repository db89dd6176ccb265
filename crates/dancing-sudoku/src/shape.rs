//! The shape of a sudoku: its boxes of r×c cells, and from them its side N = r·c, its
//! rows, columns and boxes. One value that every part of the crate takes (the grid, the
//! readers and printers, the clash check, the exact-cover encoding, the solvers, the
//! generator and the rater), so that a new shape is data, not new code.

use std::fmt;
use std::str::FromStr;

/// The longest side a grid can have: 36, the symbols `1`-`9`, `A`-`Z` and `0` for 36.
pub const MAX_SIDE: usize = 36;

/// The shape of a sudoku grid: boxes of `box_rows` × `box_cols` cells, so a side of
/// N = `box_rows` · `box_cols` cells, N rows, N columns, N boxes and N values.
///
/// The square shapes ([`Shape::square`]: 4×4, 9×9, 16×16, 25×25, 36×36) have boxes of n×n
/// cells for the *order* n; the others have rectangular boxes, such as 6×6 with boxes of
/// 2 rows by 3 columns (`2x3`), 8×8 with `2x4` and 12×12 with `3x4`. Both ways round are
/// shapes: `2x3` and `3x2` make different puzzles of the same side.
///
/// ```
/// use dancing_sudoku::Shape;
///
/// let six: Shape = "2x3".parse()?;
/// assert_eq!((six.side(), six.box_rows(), six.box_cols()), (6, 2, 3));
/// assert_eq!(six.box_of(3, 4), 3); // the second band, the second stack
/// assert_eq!(Shape::square(3), Shape::CLASSIC);
/// assert_eq!(Shape::square(3).to_string(), "3x3");
/// // A side that is a square has its usual boxes; 6 has two shapes, and none is usual.
/// assert_eq!(Shape::usual(16), Some(Shape::square(4)));
/// assert_eq!(Shape::usual(6), None);
/// assert_eq!(Shape::of_side(6).collect::<Vec<_>>(), ["2x3".parse()?, "3x2".parse()?]);
/// # Ok::<(), dancing_sudoku::ShapeError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// Why a shape could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// Boxes of fewer than two rows or columns, or a side outside 4 to 36.
    #[error(
        "boxes of {rows}x{cols} make no sudoku: a box has at least 2 rows and 2 columns, and the side (rows × columns) goes from 4 to {MAX_SIDE}"
    )]
    Boxes {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
    },
    /// A square order outside 2..=6.
    #[error("order {0} is not supported: orders go from 2 (4×4) to 6 (36×36)")]
    Order(usize),
    /// Text that is not `RxC`.
    #[error("`{0}` is not a box shape: write rows x columns, such as 2x3")]
    Text(String),
}

impl Shape {
    /// The classic 9×9 shape, boxes of 3×3.
    pub const CLASSIC: Self = Self {
        box_rows: 3,
        box_cols: 3,
    };

    /// Boxes of `rows` × `cols` cells.
    ///
    /// # Errors
    /// Fewer than 2 rows or columns, or a side outside 4 to 36.
    pub fn boxes(rows: usize, cols: usize) -> Result<Self, ShapeError> {
        let side = rows.checked_mul(cols);
        if rows < 2 || cols < 2 || side.is_none_or(|side| side > MAX_SIDE) {
            return Err(ShapeError::Boxes { rows, cols });
        }
        Ok(Self {
            box_rows: rows as u8,
            box_cols: cols as u8,
        })
    }

    /// The square shape of order `order`: boxes of n×n cells, a side of n².
    ///
    /// # Errors
    /// An order outside 2..=6.
    pub fn try_square(order: usize) -> Result<Self, ShapeError> {
        if !(2..=6).contains(&order) {
            return Err(ShapeError::Order(order));
        }
        Ok(Self {
            box_rows: order as u8,
            box_cols: order as u8,
        })
    }

    /// The square shape of order `order` (2..=6: 4×4 to 36×36).
    ///
    /// # Panics
    /// If `order` is outside 2..=6; [`try_square`](Self::try_square) returns the error.
    #[track_caller]
    pub fn square(order: usize) -> Self {
        match Self::try_square(order) {
            Ok(shape) => shape,
            Err(error) => panic!("{error}"),
        }
    }

    /// The usual shape of a grid of side `side`: the square one when `side` is 4, 9, 16,
    /// 25 or 36; `None` for other sides, whose boxes must be told (6 has `2x3` and `3x2`).
    pub fn usual(side: usize) -> Option<Self> {
        (2..=6)
            .find(|&n| n * n == side)
            .map(|order| Self::square(order))
    }

    /// Every shape of side `side`, fewest box rows first: `2x3` then `3x2` for 6, `3x3`
    /// alone for 9, none for a prime side.
    pub fn of_side(side: usize) -> impl Iterator<Item = Self> {
        (2..=side / 2)
            .filter(move |&rows| side.is_multiple_of(rows))
            .filter_map(move |rows| Self::boxes(rows, side / rows).ok())
    }

    /// Rows of a box.
    #[inline]
    pub fn box_rows(self) -> usize {
        usize::from(self.box_rows)
    }

    /// Columns of a box.
    #[inline]
    pub fn box_cols(self) -> usize {
        usize::from(self.box_cols)
    }

    /// The side N: the number of rows, of columns, of boxes and of values.
    #[inline]
    pub fn side(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// The number of cells, N².
    #[inline]
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// Whether the boxes are square.
    pub fn is_square(self) -> bool {
        self.box_rows == self.box_cols
    }

    /// The order n of a square shape (boxes of n×n), `None` for rectangular boxes.
    pub fn order(self) -> Option<usize> {
        self.is_square().then(|| self.box_rows())
    }

    /// The bands: rows of boxes, each `box_rows` rows high (N / `box_rows` of them).
    #[inline]
    pub fn bands(self) -> usize {
        self.box_cols()
    }

    /// The stacks: columns of boxes, each `box_cols` columns wide (N / `box_cols` of
    /// them).
    #[inline]
    pub fn stacks(self) -> usize {
        self.box_rows()
    }

    /// The box of row `r`, column `c` (0-based), boxes numbered row by row from 0.
    #[inline]
    pub fn box_of(self, r: usize, c: usize) -> usize {
        (r / self.box_rows()) * self.stacks() + c / self.box_cols()
    }

    /// The `k`-th cell (0-based, in reading order) of box `b`, as (row, column).
    #[inline]
    pub fn box_cell(self, b: usize, k: usize) -> (usize, usize) {
        let (rows, cols) = (self.box_rows(), self.box_cols());
        (
            (b / self.stacks()) * rows + k / cols,
            (b % self.stacks()) * cols + k % cols,
        )
    }

    /// Where row `r`, column `c` lies inside its box: 0 to N − 1, in reading order.
    #[inline]
    pub fn slot_in_box(self, r: usize, c: usize) -> usize {
        (r % self.box_rows()) * self.box_cols() + c % self.box_cols()
    }

    /// The shape with rows and columns swapped: what a grid of this shape becomes when
    /// transposed (`2x3` becomes `3x2`).
    pub fn transposed(self) -> Self {
        Self {
            box_rows: self.box_cols,
            box_cols: self.box_rows,
        }
    }
}

impl fmt::Display for Shape {
    /// `RxC`: `3x3`, `2x3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({self})")
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// `RxC` (or `R×C`): rows, then columns of a box (`2x3`).
    fn from_str(text: &str) -> Result<Self, ShapeError> {
        let bad = || ShapeError::Text(text.to_owned());
        let (rows, cols) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let rows = rows.trim().parse().map_err(|_| bad())?;
        let cols = cols.trim().parse().map_err(|_| bad())?;
        Self::boxes(rows, cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_cover_the_grid_once_each() {
        for side in 4..=MAX_SIDE {
            for shape in Shape::of_side(side) {
                let mut seen = vec![false; shape.cells()];
                for b in 0..side {
                    for k in 0..side {
                        let (r, c) = shape.box_cell(b, k);
                        assert_eq!(shape.box_of(r, c), b, "{shape}");
                        assert_eq!(shape.slot_in_box(r, c), k, "{shape}");
                        assert!(!std::mem::replace(&mut seen[r * side + c], true));
                    }
                }
                assert_eq!(shape.transposed().transposed(), shape);
            }
        }
    }

    #[test]
    fn sides_and_words() {
        assert_eq!(
            Shape::of_side(12)
                .map(|s| s.to_string())
                .collect::<Vec<_>>(),
            ["2x6", "3x4", "4x3", "6x2"]
        );
        assert_eq!(Shape::of_side(7).count(), 0);
        assert!(matches!(
            "1x6".parse::<Shape>(),
            Err(ShapeError::Boxes { rows: 1, cols: 6 })
        ));
        assert!(matches!(
            "4294967296x4294967296".parse::<Shape>(),
            Err(ShapeError::Boxes { .. })
        ));
        assert!(matches!(
            "6x7".parse::<Shape>(),
            Err(ShapeError::Boxes { .. })
        ));
        assert!(matches!(
            "2 by 3".parse::<Shape>(),
            Err(ShapeError::Text(_))
        ));
        assert_eq!("3×4".parse::<Shape>(), Shape::boxes(3, 4));
        assert_eq!(Shape::try_square(7), Err(ShapeError::Order(7)));
        assert_eq!(Shape::usual(36), Some(Shape::square(6)));
    }
}
