//! The candidate state of one puzzle, at the bottom of the logical solver: the values
//! placed, each empty cell's candidates, and the geometry every technique reads. It
//! knows no technique.

use super::deduction::Cell;
use super::geometry::Geometry;
pub(crate) use crate::position::bits;
use crate::{grid::Conflict, grid::Grid, grid::Unit, position::Position, shape::Shape};

/// The candidates of one puzzle, with the values placed so far.
///
/// ```
/// use dancing_sudoku::{Grid, LogicSolver};
///
/// let puzzle: Grid = "1...........2...".parse()?;
/// let mut solver = LogicSolver::new(&puzzle)?;
/// // r1c2 sees the 1 in its row and its box.
/// assert_eq!(solver.candidates(0, 1), 0b1110);
/// solver.remove_candidate(0, 1, 2);
/// assert_eq!(solver.candidates(0, 1), 0b1100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogicSolver {
    pub(super) shape: Shape,
    pub(super) side: usize,
    pub(super) geometry: &'static Geometry,
    /// Placed values, row by row (0: empty).
    pub(super) values: Vec<u8>,
    /// Candidates of each empty cell, bit `v - 1` for value `v`; 0 for a placed cell.
    pub(super) candidates: Vec<u64>,
    /// Whether the uniqueness techniques may be used.
    pub(super) uniqueness: bool,
    /// Whether the nested forcing chains may be used.
    pub(super) nested: bool,
}

impl LogicSolver {
    /// The candidates of `puzzle`: each empty cell may hold every value not seen in its
    /// row, column or box. Clashing givens are refused.
    pub fn new(puzzle: &Grid) -> Result<Self, Conflict> {
        Self::from_position(&Position::new(puzzle))
    }

    /// The candidates of `position` as they are (a pencilmark grid's, with what the
    /// player took away). Clashing values are refused.
    ///
    /// ```
    /// use dancing_sudoku::{LogicSolver, Position};
    ///
    /// let position: Position = "1 24 234 234\n234 234 1 234\n234 1 234 234\n234 234 234 1\n".parse()?;
    /// let solver = LogicSolver::from_position(&position)?;
    /// assert_eq!(solver.candidates(0, 1), 0b1010);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_position(position: &Position) -> Result<Self, Conflict> {
        let puzzle = position.grid();
        puzzle.validate()?;
        let shape = puzzle.shape();
        Ok(Self {
            shape,
            side: puzzle.side(),
            geometry: Geometry::of(shape),
            values: puzzle.cells().to_vec(),
            candidates: position.masks().to_vec(),
            uniqueness: true,
            nested: true,
        })
    }

    /// The position: the values placed and the candidates left.
    pub fn position(&self) -> Position {
        Position::with_candidates(self.grid(), self.candidates.clone())
            .expect("the solver's candidates are a grid's")
    }

    /// The values placed so far, givens included.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.shape, self.values.clone())
            .expect("the solver keeps a grid of its shape")
    }

    /// The side N of the grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The candidates of row `r`, column `c` (0-based): bit `v - 1` for value `v`, 0 for
    /// a cell that holds a value.
    pub fn candidates(&self, r: usize, c: usize) -> u64 {
        self.candidates[r * self.side + c]
    }

    /// The value at row `r`, column `c` (0: empty).
    pub fn value(&self, r: usize, c: usize) -> u8 {
        self.values[r * self.side + c]
    }

    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Whether the position has no solution any more: an empty cell without candidates,
    /// a unit where some value can go nowhere, or a value placed twice in a unit. It
    /// happens to a puzzle without solution, or after a wrong step was applied.
    pub fn is_broken(&self) -> bool {
        let full = self.full();
        if (0..self.side * self.side).any(|i| self.values[i] == 0 && self.candidates[i] == 0) {
            return true;
        }
        (0..3 * self.side).any(|unit| {
            let (mut placed, mut possible) = (0u64, 0u64);
            for k in 0..self.side {
                let i = self.unit_cell(unit, k);
                let v = self.values[i];
                if v != 0 {
                    let bit = 1u64 << (v - 1);
                    if placed & bit != 0 {
                        return true;
                    }
                    placed |= bit;
                }
                possible |= self.candidates[i];
            }
            (placed | possible) != full
        })
    }

    /// Removes `value` from the candidates of row `r`, column `c` (nothing if it is not
    /// one). Used to set up a position by hand, or to follow a deduction made elsewhere.
    ///
    /// # Panics
    ///
    /// If the cell is outside the grid or `value` is not in 1..=N.
    #[track_caller]
    pub fn remove_candidate(&mut self, r: usize, c: usize, value: u8) {
        self.check(r, c, value);
        self.candidates[r * self.side + c] &= !(1u64 << (value - 1));
    }

    /// Places `value` at row `r`, column `c` and removes it from the candidates of the
    /// cell's peers. Nothing checks that `value` is a candidate: placing a wrong one
    /// leads to a [broken](Self::is_broken) position.
    ///
    /// # Panics
    ///
    /// If the cell is outside the grid or `value` is not in 1..=N.
    #[track_caller]
    pub fn place(&mut self, r: usize, c: usize, value: u8) {
        self.check(r, c, value);
        let i = r * self.side + c;
        self.values[i] = value;
        self.candidates[i] = 0;
        let bit = !(1u64 << (value - 1));
        for k in 0..self.side {
            for unit in [r, self.side + c, 2 * self.side + self.box_index(i)] {
                let j = self.unit_cell(unit, k);
                self.candidates[j] &= bit;
            }
        }
    }

    #[track_caller]
    pub(super) fn check(&self, r: usize, c: usize, value: u8) {
        let n = self.side;
        assert!(
            r < n && c < n,
            "r{}c{} is outside the {n}×{n} grid",
            r + 1,
            c + 1
        );
        assert!(
            (1..=n).contains(&usize::from(value)),
            "{value} is not a value of the {n}×{n} grid"
        );
    }

    /// Allows or forbids the uniqueness techniques ([`Technique::UniqueRectangle`](crate::Technique::UniqueRectangle),
    /// [`Technique::Bug`](crate::Technique::Bug)), which assume that the puzzle has one solution: forbid them
    /// for a position of a puzzle not known to be proper. Allowed by default; the
    /// rating functions check the puzzle first.
    pub fn set_uniqueness(&mut self, allowed: bool) {
        self.uniqueness = allowed;
    }

    /// Allows or forbids the nested forcing chains ([`Technique::NestedForcingChain`](crate::Technique::NestedForcingChain)
    /// and the three after it: Sudoku Explainer's levels 2 to 5, 9.5 and up). Without
    /// them, a puzzle that needs them stalls after the dynamic forcing chains (+), and
    /// is rated by the search left: in a few milliseconds instead of seconds. Allowed
    /// by default.
    pub fn set_nested(&mut self, allowed: bool) {
        self.nested = allowed;
    }

    /// Whether the nested forcing chains may be used (see [`set_nested`](Self::set_nested)).
    pub fn nested(&self) -> bool {
        self.nested
    }

    /// Whether the uniqueness techniques may be used (see [`set_uniqueness`](Self::set_uniqueness)).
    pub fn uniqueness(&self) -> bool {
        self.uniqueness
    }

    // Geometry shared by the techniques. Cells are indices `r * side + c`; units are
    // indices 0..side (rows), side..2·side (columns), 2·side..3·side (boxes).

    pub(super) fn full(&self) -> u64 {
        (1u64 << self.side) - 1
    }

    /// The `k`-th cell of `unit`, in reading order.
    #[inline]
    pub(super) fn unit_cell(&self, unit: usize, k: usize) -> usize {
        usize::from(self.geometry.units[unit * self.side + k])
    }

    /// The cells that see cell `i` (its box, row, then column, as SE lists them),
    /// without repeats.
    pub(super) fn house(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let per = self.geometry.peers_per_cell;
        self.geometry.peers[i * per..(i + 1) * per]
            .iter()
            .map(|&j| usize::from(j))
    }

    /// The position of cell `i` in `unit`, which holds it: `unit_cell`'s inverse.
    pub(super) fn unit_position(&self, unit: usize, i: usize) -> usize {
        let n = self.side;
        let (r, c) = (i / n, i % n);
        match unit / n {
            0 => c,
            1 => r,
            _ => self.shape.slot_in_box(r, c),
        }
    }

    #[inline]
    pub(super) fn box_index(&self, i: usize) -> usize {
        usize::from(self.geometry.boxes[i])
    }

    /// Whether two different cells share a unit.
    #[inline]
    pub(super) fn sees(&self, a: usize, b: usize) -> bool {
        a != b
            && (a / self.side == b / self.side
                || a % self.side == b % self.side
                || self.box_index(a) == self.box_index(b))
    }

    pub(super) fn cell(&self, i: usize) -> Cell {
        (i / self.side, i % self.side)
    }

    pub(super) fn unit(&self, unit: usize) -> Unit {
        let n = self.side;
        match unit / n {
            0 => Unit::Row(unit),
            1 => Unit::Column(unit - n),
            _ => Unit::Box(unit - 2 * n),
        }
    }

    /// The index of `unit` as [`unit`](Self::unit) numbers them: `None` for a unit it
    /// never gives (a diagonal, a window).
    pub(super) fn unit_index(&self, unit: Unit) -> Option<usize> {
        let n = self.side;
        match unit {
            Unit::Row(r) => Some(r),
            Unit::Column(c) => Some(n + c),
            Unit::Box(b) => Some(2 * n + b),
            _ => None,
        }
    }

    /// For each value `v` of `unit`, at `v - 1`, the mask of the positions `k` where it
    /// is a candidate: all of them in one pass over the unit.
    pub(super) fn unit_positions(&self, unit: usize) -> [u64; 36] {
        let mut places = [0u64; 36];
        for k in 0..self.side {
            for b in bits(self.candidates[self.unit_cell(unit, k)]) {
                places[b] |= 1 << k;
            }
        }
        places
    }

    /// The positions of every value in every unit: `unit * side + value - 1` holds the
    /// mask of `value`'s places in `unit`.
    pub(super) fn places_table(&self) -> Vec<u64> {
        let n = self.side;
        let mut table = vec![0u64; 3 * n * n];
        for unit in 0..3 * n {
            table[unit * n..(unit + 1) * n].copy_from_slice(&self.unit_positions(unit)[..n]);
        }
        table
    }

    /// The values with a place left in `unit`, ascending, each with the mask of its
    /// places (positions `k`).
    pub(super) fn places(&self, unit: usize) -> impl Iterator<Item = (u8, u64)> + use<> {
        let places = self.unit_positions(unit);
        (1..=self.side as u8)
            .map(move |v| (v, places[usize::from(v) - 1]))
            .filter(|&(_, m)| m != 0)
    }

    /// Every unit in the order Sudoku Explainer looks for singles: boxes, then columns,
    /// then rows.
    pub(super) fn se_order(&self) -> impl Iterator<Item = usize> + use<> {
        let n = self.side;
        (2 * n..3 * n).chain(n..2 * n).chain(0..n)
    }

    /// The units of cell `i` in Sudoku Explainer's order: box, row, column.
    pub(super) fn se_units(&self, i: usize) -> [usize; 3] {
        let n = self.side;
        [2 * n + self.box_index(i), i / n, n + i % n]
    }

    /// How many cells of `unit` are empty.
    pub(super) fn empty_cells(&self, unit: usize) -> usize {
        (0..self.side)
            .filter(|&k| self.values[self.unit_cell(unit, k)] == 0)
            .count()
    }

    /// Whether cell `i` lies in `unit`.
    pub(super) fn in_unit(&self, unit: usize, i: usize) -> bool {
        let n = self.side;
        match unit / n {
            0 => i / n == unit,
            1 => i % n == unit - n,
            _ => self.box_index(i) == unit - 2 * n,
        }
    }

    /// The cells of `unit` where `value` is a candidate, as a mask of positions `k`.
    pub(super) fn positions(&self, unit: usize, value: u8) -> u64 {
        let bit = 1u64 << (value - 1);
        (0..self.side)
            .filter(|&k| self.candidates[self.unit_cell(unit, k)] & bit != 0)
            .fold(0, |m, k| m | 1 << k)
    }
}

/// The values of a candidate mask, ascending.
pub(super) fn values_of(mask: u64) -> Vec<u8> {
    bits(mask).map(|b| b as u8 + 1).collect()
}
