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

use dancing::{ItemId, OptionId, Problem, ProblemBuilder};

use crate::variant::{Cage, Regions, Variant, VariantError};
use crate::{grid::Grid, position::Position, shape::Shape};

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
    variant_problem(&Variant::Classic, shape)
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
    let [cell, row, column, house] = ["p", "r", "c", "b"].map(|p| declare(&mut b, p, side, side));
    let mut ids = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let allowed = match grid.get(r, c) {
                0 => position.candidates(r, c),
                v => 1 << (v - 1),
            };
            for v in crate::position::bits(allowed) {
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

/// Declares the N² items `{prefix}{u},{v}` (1-based).
fn declare(b: &mut ProblemBuilder, prefix: &str, units: usize, n: usize) -> Vec<ItemId> {
    let mut ids = Vec::with_capacity(units * n);
    for u in 1..=units {
        for v in 1..=n {
            ids.push(
                b.primary(&format!("{prefix}{u},{v}"))
                    .expect("variant item names are valid and distinct"),
            );
        }
    }
    ids
}

/// The combinations of `size` distinct digits 1..=`n` summing to `sum`, each as a bit set
/// (bit v − 1 for digit v), in increasing order.
pub(crate) fn combinations(n: usize, size: usize, sum: u32) -> Vec<u64> {
    let mut found = Vec::new();
    // Depth-first over digits in increasing order: (next digit, set, size, sum).
    let mut stack = vec![(1usize, 0u64, 0usize, 0u32)];
    while let Some((next, set, len, total)) = stack.pop() {
        if len == size {
            if total == sum {
                found.push(set);
            }
            continue;
        }
        for v in (next..=n).rev() {
            if total + v as u32 <= sum && n - v + 1 >= size - len {
                stack.push((v + 1, set | 1 << (v - 1), len + 1, total + v as u32));
            }
        }
    }
    found.sort_unstable();
    found
}

/// The matrix of `variant` for `shape`; the variant must have been validated.
/// Killer cages take the combinations model of the [module docs](super#the-matrices).
pub(crate) fn variant_problem(variant: &Variant, shape: Shape) -> Problem {
    let n = shape.side();
    let mut b = Problem::builder();
    let cell = declare(&mut b, "p", n, n);
    let row = declare(&mut b, "r", n, n);
    let col = declare(&mut b, "c", n, n);
    let house = declare(&mut b, "b", n, n);
    let regions = match variant {
        Variant::Jigsaw(regions) => regions.clone(),
        _ => Regions::boxes(shape),
    };
    let extra = variant.extra_units(shape);
    let extra_items = declare(&mut b, "x", extra.len(), n);
    // The extra houses of each cell.
    let mut extra_of: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (u, unit) in extra.iter().enumerate() {
        for &cell in unit {
            extra_of[cell].push(u);
        }
    }
    let cages: &[Cage] = match variant {
        Variant::Killer(cages) => cages,
        _ => &[],
    };
    let mut cage_of = vec![usize::MAX; n * n];
    for (k, cage) in cages.iter().enumerate() {
        for &(r, c) in &cage.cells {
            cage_of[r * n + c] = k;
        }
    }
    let has = declare(&mut b, "k", cages.len(), n);
    let chosen: Vec<ItemId> = (1..=cages.len())
        .map(|k| {
            b.primary(&format!("k{k}"))
                .expect("cage item names are valid")
        })
        .collect();
    let items_of = |r: usize, c: usize, v: usize, items: &mut Vec<ItemId>| {
        items.extend([
            cell[r * n + c],
            row[r * n + v],
            col[c * n + v],
            house[regions.region_of(r, c) * n + v],
        ]);
        items.extend(extra_of[r * n + c].iter().map(|&u| extra_items[u * n + v]));
    };
    let mut items = Vec::with_capacity(8);
    for r in 0..n {
        for c in 0..n {
            for v in 0..n {
                items.clear();
                items_of(r, c, v, &mut items);
                let k = cage_of[r * n + c];
                if k != usize::MAX {
                    items.push(has[k * n + v]);
                }
                b.option(items.iter().copied())
                    .expect("variant options are valid");
            }
        }
    }
    for (k, cage) in cages.iter().enumerate() {
        for set in combinations(n, cage.cells.len(), cage.sum) {
            items.clear();
            items.push(chosen[k]);
            items.extend((0..n).filter(|v| set >> v & 1 == 0).map(|v| has[k * n + v]));
            b.option(items.iter().copied())
                .expect("combination options are valid");
        }
    }
    b.build().expect("a variant matrix is a valid problem")
}

/// The variants' matrices: built here, with the classic one, so that the rules
/// ([`crate::variant`]) stand below the encodings.
impl Variant {
    /// The exact-cover matrix of this variant for `shape`, as the
    /// [variant module's docs](crate::variant#the-matrices) describe: the N³ cell-value options first, with
    /// the ids of [`encoding::option`](crate::encoding::option), then any killer
    /// combination options.
    ///
    /// ```
    /// use dancing_sudoku::{Shape, Variant};
    ///
    /// let problem = Variant::X.problem(Shape::CLASSIC)?;
    /// assert_eq!((problem.primary_count(), problem.option_count()), (324 + 18, 729));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// If the variant does not [validate](Self::validate) for `shape`.
    pub fn problem(&self, shape: Shape) -> Result<dancing::Problem, VariantError> {
        self.validate(shape)?;
        Ok(variant_problem(self, shape))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_of_cage_sums() {
        // The killer players' table: 3 in two cells is 1+2, 24 in three is 7+8+9,
        // 10 in three is 1+2+7, 1+3+6, 1+4+5, 2+3+5.
        assert_eq!(combinations(9, 2, 3), [0b11]);
        assert_eq!(combinations(9, 3, 24), [0b1_1100_0000]);
        assert_eq!(combinations(9, 3, 10).len(), 4);
        assert_eq!(combinations(9, 9, 45).len(), 1);
        assert!(combinations(9, 2, 18).is_empty());
    }

    #[test]
    fn classic_matrix_matches_the_classic_encoding() {
        let ours = variant_problem(&Variant::Classic, Shape::CLASSIC);
        let classic = problem(Shape::CLASSIC);
        assert_eq!(ours.option_count(), classic.option_count());
        for option in classic.options() {
            assert_eq!(ours.format_option(option), classic.format_option(option));
        }
    }
}
