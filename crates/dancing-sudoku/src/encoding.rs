//! The exact-cover encoding of a sudoku of any [`Shape`] (side N).
//!
//! - 4·N² primary items, in this order: cell `(r, c)` is filled (`p{r},{c}`), row `r`
//!   has value `v` (`r{r},{v}`), column `c` has `v` (`c{c},{v}`), box `b` has `v`
//!   (`b{b},{v}`); names count from 1. A 9×9 sudoku has 324 items.
//! - N³ options, one per (row, column, value) in that order, each covering its four
//!   items: option `(r·N + c)·N + (v − 1)`. An option id therefore decodes by arithmetic
//!   ([`decode`]), with no table.
//!
//! The matrix of a shape is built once ([`problem`]) and reused for every puzzle of
//! that shape: a puzzle's givens ([`givens`]) are forced options
//! ([`dancing::Solver::set_forced`]).
//!
//! ```
//! use dancing_sudoku::{Shape, encoding};
//!
//! let problem = encoding::problem(Shape::CLASSIC);
//! assert_eq!((problem.primary_count(), problem.option_count()), (324, 729));
//! let option = encoding::option(Shape::CLASSIC, 4, 7, 2);
//! assert_eq!(problem.format_option(option), "p5,8 r5,2 c8,2 b6,2");
//! assert_eq!(encoding::decode(Shape::CLASSIC, option), (4, 7, 2));
//! // Boxes of 2×3: r2c4 lies in the second box.
//! let six: Shape = "2x3".parse()?;
//! let option = encoding::option(six, 1, 3, 5);
//! assert_eq!(encoding::problem(six).format_option(option), "p2,4 r2,5 c4,5 b2,5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use dancing::{OptionId, Problem};

use crate::{Grid, Position, Shape};

/// The number of primary items of `shape`: 4·N².
pub fn item_count(shape: Shape) -> usize {
    4 * shape.cells()
}

/// The number of options of `shape`: N³.
pub fn option_count(shape: Shape) -> usize {
    shape.side().pow(3)
}

/// The option that puts `value` (1..=N) in row `r`, column `c` (0-based) of a grid of
/// `shape` (the id depends on the side alone).
#[inline]
pub fn option(shape: Shape, r: usize, c: usize, value: u8) -> OptionId {
    let n = shape.side();
    debug_assert!(r < n && c < n && (1..=n).contains(&usize::from(value)));
    OptionId::new((r * n + c) * n + usize::from(value) - 1)
}

/// The (row, column, value) of an option of a grid of `shape`: the inverse of
/// [`option`].
#[inline]
pub fn decode(shape: Shape, option: OptionId) -> (usize, usize, u8) {
    let n = shape.side();
    let k = option.index();
    let cell = k / n;
    (cell / n, cell % n, (k % n + 1) as u8)
}

/// The options of `puzzle`'s givens, cell by cell.
///
/// ```
/// use dancing_sudoku::{Grid, encoding};
///
/// let puzzle: Grid = "1...............".parse()?;
/// let givens: Vec<_> = encoding::givens(&puzzle).collect();
/// assert_eq!(givens, [encoding::option(dancing_sudoku::Shape::square(2), 0, 0, 1)]);
/// # Ok::<(), dancing_sudoku::PuzzleError>(())
/// ```
pub fn givens(puzzle: &Grid) -> impl Iterator<Item = OptionId> + '_ {
    let side = puzzle.side();
    puzzle
        .cells()
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v != 0)
        .map(move |(cell, &v)| OptionId::new(cell * side + usize::from(v) - 1))
}

/// Writes the values of `options` into `cells` (row by row, N² long).
#[inline]
pub(crate) fn decode_into(side: usize, options: &[OptionId], cells: &mut [u8]) {
    for &o in options {
        let k = o.index();
        cells[k / side] = (k % side + 1) as u8;
    }
}

/// The exact-cover problem of `shape`, as described in the [module docs](self).
pub fn problem(shape: Shape) -> Problem {
    // The variants' builder with no extra houses: the same items, names and options.
    crate::variant::encoding::problem(&crate::Variant::Classic, shape)
}

/// The matrix of `position`: the items of [`problem`], and only the options its cells
/// allow (a placed cell's value, an empty cell's candidates), with the classic id of
/// each ([`option`]), by which a solution decodes.
///
/// ```
/// use dancing::Engine;
/// use dancing_sudoku::{Grid, Position, encoding};
///
/// let grid = Grid::empty(2);
/// let mut masks = vec![0b1111; 16];
/// masks[0] = 0b0001; // r1c1 can only be 1
/// let position = Position::with_candidates(grid, masks)?;
/// let (problem, ids) = encoding::position_problem(&position);
/// assert_eq!(problem.option_count(), 61);
/// assert_eq!(ids[0], encoding::option(position.grid().shape(), 0, 0, 1));
/// // A quarter of the 288 grids have 1 there.
/// assert_eq!(dancing::Solver::new(&problem).count(), 72);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn position_problem(position: &Position) -> (Problem, Vec<OptionId>) {
    let grid = position.grid();
    let (shape, side) = (grid.shape(), grid.side());
    let mut b = Problem::builder();
    let mut declare = |prefix: &str| -> Vec<dancing::ItemId> {
        (1..=side * side)
            .map(|k| {
                let (u, v) = ((k - 1) / side + 1, (k - 1) % side + 1);
                b.primary(&format!("{prefix}{u},{v}"))
                    .expect("sudoku item names are valid and distinct")
            })
            .collect()
    };
    let [cell, row, column, house] = ["p", "r", "c", "b"].map(&mut declare);
    let mut ids = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let allowed = match grid.get(r, c) {
                0 => position.candidates(r, c),
                v => 1 << (v - 1),
            };
            for v in crate::logic::bits(allowed) {
                let b_index = shape.box_of(r, c);
                b.option([
                    cell[r * side + c],
                    row[r * side + v],
                    column[c * side + v],
                    house[b_index * side + v],
                ])
                .expect("the items exist");
                ids.push(option(shape, r, c, v as u8 + 1));
            }
        }
    }
    (b.build().expect("a sudoku matrix is valid"), ids)
}
