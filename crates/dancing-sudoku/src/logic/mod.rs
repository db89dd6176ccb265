//! Logical solving: the techniques a person uses, hints one step at a time, and a
//! difficulty rating.
//!
//! A [`LogicSolver`] keeps the candidates of one puzzle (any order up to 36×36, one
//! `u64` bit mask per cell). [`find`](LogicSolver::find) looks for one technique,
//! [`next_step`](LogicSolver::next_step) for the easiest that applies, and
//! [`apply`](LogicSolver::apply) carries a [`Step`] out. A [`Rater`] walks a puzzle
//! from its givens to the end (solved, or stalled when no technique applies), scores
//! it, and gives hints.
//!
//! ```
//! use dancing_sudoku::{Grid, LogicSolver, Technique, logic::Rater};
//!
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let solver = LogicSolver::new(&puzzle)?;
//! let hint = solver.next_step().expect("an easy puzzle has a first step");
//! assert_eq!(hint.technique(), Technique::HiddenSingle);
//! assert_eq!(hint.to_string(), "hidden single: 8 in box 2 must go to r1c6");
//!
//! let rating = Rater::new().rate(&puzzle)?;
//! assert_eq!(rating.to_string(), "1.2 hidden single"); // hidden singles in boxes only
//! assert!(!rating.needs_search());
//!
//! // Arto Inkala's puzzle is beyond these techniques.
//! let inkala: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//! let rating = Rater::new().rate(&inkala)?;
//! assert!(rating.needs_search() && rating.score > 7.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The scale
//!
//! The scale is Sudoku Explainer's (SE 1.2.1, the usual scale of the enjoysudoku
//! forum): the same techniques, tried in the same order (the cheapest first), with the
//! same scores and SE's increments for the length of chains, so that a puzzle's path
//! and rating follow SE's. A puzzle's score is the largest score of the steps of its
//! path, where each step is the easiest one available.
//!
//! | Technique | Score |
//! |---|---|
//! | full house (the last empty cell of a unit) | 1.0 |
//! | hidden single in a box | 1.2 |
//! | hidden single in a row or column | 1.5 |
//! | direct pointing (a pointing that leaves a hidden single, which is placed) | 1.7 |
//! | direct claiming | 1.9 |
//! | direct hidden pair | 2.0 |
//! | naked single | 2.3 |
//! | direct hidden triple | 2.5 |
//! | pointing | 2.6 |
//! | claiming | 2.8 |
//! | naked pair | 3.0 |
//! | x-wing | 3.2 |
//! | hidden pair | 3.4 |
//! | naked triple | 3.6 |
//! | swordfish | 3.8 |
//! | hidden triple | 4.0 |
//! | xy-wing | 4.2 |
//! | xyz-wing | 4.4 |
//! | unique rectangle or loop, types 1 to 4 | 4.5 (rectangle) to 5.0 (10 cells or more); type 3 adds 0.1 for each subset value past the first (naked) or the second (hidden) |
//! | naked quad | 5.0 |
//! | jellyfish | 5.2 |
//! | hidden quad | 5.4 |
//! | bivalue universal grave, types 1 and 2 | 5.6, 5.7 |
//! | bidirectional x- or y-cycle | 6.5 + length |
//! | forcing x-chain | 6.6 + length |
//! | bidirectional xy-cycle, forcing chain | 7.0 + length |
//! | aligned triple exclusion (9×9) | 7.5 |
//! | Nishio forcing chain | 7.5 + length |
//! | multiple forcing chains (cell and unit) | 8.0 + length |
//! | dynamic forcing chains | 8.5 + length |
//! | needs search | 9.0 + 0.55·log₁₀ nodes |
//!
//! The length increment is SE's: 0.1 for each threshold that the chain's potentials
//! (the candidates it assumes on or off, all branches counted) minus 2 pass, the
//! thresholds growing from 4 by ×3/2 and ×4/3 in turn (4, 6, 8, 12, 16, 24, …).
//!
//! Where ours differs:
//!
//! - SE's aligned pair exclusion (6.2), dynamic forcing chains "plus" (9.0 and up) and
//!   nested forcing chains (9.5 and up) are not implemented, nor BUG types 3 and 4; the
//!   aligned triple exclusion is searched on 9×9 grids only. A puzzle that needs the chains
//!   beyond the dynamic ones *stalls* here, and its score measures the search left:
//!   the dancing-links nodes of a [`SudokuSolver`](crate::SudokuSolver) counting up to
//!   2 solutions of the grid as placed at the stall, scored `9.0 + 0.55·log10(nodes)`
//!   and rounded to one decimal: above every technique, monotone in the nodes, and near
//!   SE's 10 to 11 for such puzzles, but our measure, not SE's. The [`Rating`] keeps the
//!   node count in [`search`](Rating::search).
//! - Large grids are bounded: one search for a forcing net gives up past 4 million
//!   potentials reached or 32 MiB of outcomes (a 9×9 search needs at most about 20,000
//!   and 3 MiB) and finds nothing, so the path stalls there; a unique loop's type 3
//!   looks for subsets of at most 7 cells, SE's bound on 9×9. No 9×9 rating changes.
//! - Simple coloring (6.0) is not on the path (SE has none: its cycles and forcing
//!   x-chains find what coloring finds); [`find`](LogicSolver::find) still looks for it.
//! - The uniqueness techniques can be left out ([`LogicSolver::set_uniqueness`],
//!   [`Rules`]); SE has a setting for that too.
//!
//! On 1,693 puzzles rated by SE 1.2.1.3 (400 generated, 1,000 17-clue, 293 of
//! Magictour's top 1465), the score is within 0.2 of SE's for all 1,182 that SE rates up
//! to 4.4, all 496 it rates 4.5 to 9.0 and all 15 above, with rank correlation 0.99999
//! (the crate's tests check this on that set).
//!
//! Every score is rounded to one decimal and compares exactly (`score == 2.3`).
//! [`Rating`] displays as `1.2 hidden single`, `4.2 xy-wing`,
//! `10.9 needs search (2623 nodes)` or, for a grid given whole, `0.0 nothing to do`.
//!
//! How the bundled data sets rate (the crate's tests check the order): the 1,000
//! 17-clue puzzles have a median of 2.0 and a 95th percentile of 6.6 (none stalls);
//! Magictour's top 1465 have a median of 8.3 (3 stall); the 200 of the forum's hardest
//! list all stall, scoring 10.5 to 11.3 with a median of 10.8; Arto Inkala's 2012
//! puzzle scores 10.9 (no step applies at the start).
//!
//! # Scan order
//!
//! [`find`](LogicSolver::find) returns the first instance in a fixed order, so hints
//! and ratings are deterministic:
//!
//! - full house and hidden single: boxes, then columns, then rows (each by number),
//!   values ascending (SE's order);
//! - naked single: cells in reading order;
//! - direct pointing and claiming: as SE: columns before rows, then values, then units
//!   by number;
//! - direct hidden pair and triple: boxes, columns, rows, with more empty cells than the
//!   set has values;
//! - pointing: boxes by number, values ascending, the row before the column;
//! - claiming: rows, then columns, values ascending;
//! - naked and hidden subsets: rows, then columns, then boxes; within a unit the cells
//!   (or values) in lexicographic order of their combinations;
//! - fish: values ascending; for each, rows as the base then columns, base lines in
//!   lexicographic order of their combinations;
//! - wings: pivots in reading order, then pincer pairs in reading order;
//! - unique loops and BUG: SE's searches; the easiest loop by score, then type;
//! - chains and nets: every one SE's searches find, then the easiest by score, then
//!   length, then SE's order of kinds;
//! - simple coloring: values ascending, chains by their first cell in reading order;
//!   a color wrap before a color trap.
//!
//! Only instances that eliminate something count.

mod aligned;
mod chains;
mod coloring;
mod difficulty;
mod fish;
mod geometry;
mod locked;
mod nets;
mod outcome;
mod potentials;
mod rating;
mod sets;
mod singles;
mod step;
mod subsets;
mod technique;
mod uniqueness;
mod wings;
mod words;

pub use aligned::AlignedExclusion;
pub use chains::Chain;
pub use coloring::Coloring;
pub use difficulty::Difficulty;
pub use fish::Fish;
pub use locked::LockedCandidates;
pub use nets::{Net, Premise};
pub use rating::{Path, RateError, Rater, Rating, Rules, SEARCH_BUDGET};
pub use singles::{Direct, FullHouse, HiddenSingle, NakedSingle};
pub use step::{Cell, Step};
pub use subsets::Subset;
pub use technique::{Technique, UnknownTechnique};
pub use uniqueness::{Bug, UniqueLoop, UniqueLoopSubset};
pub use wings::Wing;

use geometry::Geometry;
use sets::locked_set;

use crate::{Conflict, Grid, Position, Unit};

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
    order: usize,
    side: usize,
    geometry: &'static Geometry,
    /// Placed values, row by row (0: empty).
    values: Vec<u8>,
    /// Candidates of each empty cell, bit `v - 1` for value `v`; 0 for a placed cell.
    candidates: Vec<u64>,
    /// Whether the uniqueness techniques may be used.
    uniqueness: bool,
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
        let order = puzzle.order();
        Ok(Self {
            order,
            side: puzzle.side(),
            geometry: Geometry::of(order),
            values: puzzle.cells().to_vec(),
            candidates: position.masks().to_vec(),
            uniqueness: true,
        })
    }

    /// The position: the values placed and the candidates left.
    pub fn position(&self) -> Position {
        Position::with_candidates(self.grid(), self.candidates.clone())
            .expect("the solver's candidates are a grid's")
    }

    /// The values placed so far, givens included.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.order, self.values.clone())
            .expect("the solver keeps a grid of its order")
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
    fn check(&self, r: usize, c: usize, value: u8) {
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

    /// Carries out `step`: places its value, or removes its eliminations. A direct form
    /// places its single only, as Sudoku Explainer's rating does (its cause's removals
    /// are the step's [`eliminations`](Step::eliminations), to apply as well when
    /// solving as a person does).
    pub fn apply(&mut self, step: &Step) {
        if let Some(((r, c), v)) = step.placement() {
            self.place(r, c, v);
        }
        if matches!(step, Step::Direct(_)) {
            return;
        }
        for &((r, c), v) in step.eliminations() {
            self.remove_candidate(r, c, v);
        }
    }

    /// Allows or forbids the uniqueness techniques ([`Technique::UniqueRectangle`],
    /// [`Technique::Bug`]), which assume that the puzzle has one solution: forbid them
    /// for a position of a puzzle not known to be proper. Allowed by default; the
    /// rating functions check the puzzle first.
    pub fn set_uniqueness(&mut self, allowed: bool) {
        self.uniqueness = allowed;
    }

    /// Whether the uniqueness techniques may be used (see [`set_uniqueness`](Self::set_uniqueness)).
    pub fn uniqueness(&self) -> bool {
        self.uniqueness
    }

    /// The first instance of `technique` in the [scan order](self#scan-order), if any
    /// (none for a uniqueness technique when they are [forbidden](Self::set_uniqueness)).
    pub fn find(&self, technique: Technique) -> Option<Step> {
        if !self.uniqueness && matches!(technique, Technique::UniqueRectangle | Technique::Bug) {
            return None;
        }
        technique.find_in(self)
    }

    /// The easiest step available, as Sudoku Explainer picks it: the first technique of
    /// [`Technique::ALL`] that applies (but simple coloring, which SE does not have),
    /// then the easiest of all the cycles and forcing chains, then an aligned triple
    /// exclusion, then the easiest of the Nishio, multiple and dynamic forcing chains in
    /// turn. `None` when the puzzle is solved, or
    /// stalled (no technique applies). On a [broken](Self::is_broken) position the steps
    /// prove nothing.
    pub fn next_step(&self) -> Option<Step> {
        if self.is_solved() {
            return None;
        }
        Technique::ALL
            .into_iter()
            .take_while(|&t| t < Technique::SimpleColoring)
            .find_map(|t| self.find(t))
            .or_else(|| chains::easiest(self))
            .or_else(|| self.find(Technique::AlignedTripleExclusion))
            .or_else(|| {
                [
                    nets::Kind::Nishio,
                    nets::Kind::Multiple,
                    nets::Kind::Dynamic,
                ]
                .into_iter()
                .find_map(|net| nets::easiest(self, net))
            })
    }

    // Geometry shared by the techniques. Cells are indices `r * side + c`; units are
    // indices 0..side (rows), side..2·side (columns), 2·side..3·side (boxes).

    fn full(&self) -> u64 {
        (1u64 << self.side) - 1
    }

    /// The `k`-th cell of `unit`, in reading order.
    #[inline]
    fn unit_cell(&self, unit: usize, k: usize) -> usize {
        usize::from(self.geometry.units[unit * self.side + k])
    }

    /// The cells that see cell `i` (its box, row, then column, as SE lists them),
    /// without repeats.
    fn house(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let per = self.geometry.peers_per_cell;
        self.geometry.peers[i * per..(i + 1) * per]
            .iter()
            .map(|&j| usize::from(j))
    }

    /// The position of cell `i` in `unit`, which holds it: `unit_cell`'s inverse.
    fn unit_position(&self, unit: usize, i: usize) -> usize {
        let (n, order) = (self.side, self.order);
        let (r, c) = (i / n, i % n);
        match unit / n {
            0 => c,
            1 => r,
            _ => r % order * order + c % order,
        }
    }

    #[inline]
    fn box_index(&self, i: usize) -> usize {
        usize::from(self.geometry.boxes[i])
    }

    /// Whether two different cells share a unit.
    #[inline]
    fn sees(&self, a: usize, b: usize) -> bool {
        a != b
            && (a / self.side == b / self.side
                || a % self.side == b % self.side
                || self.box_index(a) == self.box_index(b))
    }

    fn cell(&self, i: usize) -> Cell {
        (i / self.side, i % self.side)
    }

    fn unit(&self, unit: usize) -> Unit {
        let n = self.side;
        match unit / n {
            0 => Unit::Row(unit),
            1 => Unit::Column(unit - n),
            _ => Unit::Box(unit - 2 * n),
        }
    }

    /// For each value `v` of `unit`, at `v - 1`, the mask of the positions `k` where it
    /// is a candidate: all of them in one pass over the unit.
    fn unit_positions(&self, unit: usize) -> [u64; 36] {
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
    fn places_table(&self) -> Vec<u64> {
        let n = self.side;
        let mut table = vec![0u64; 3 * n * n];
        for unit in 0..3 * n {
            table[unit * n..(unit + 1) * n].copy_from_slice(&self.unit_positions(unit)[..n]);
        }
        table
    }

    /// The values with a place left in `unit`, ascending, each with the mask of its
    /// places (positions `k`).
    fn places(&self, unit: usize) -> impl Iterator<Item = (u8, u64)> + use<> {
        let places = self.unit_positions(unit);
        (1..=self.side as u8)
            .map(move |v| (v, places[usize::from(v) - 1]))
            .filter(|&(_, m)| m != 0)
    }

    /// Every unit in the order Sudoku Explainer looks for singles: boxes, then columns,
    /// then rows.
    fn se_order(&self) -> impl Iterator<Item = usize> + use<> {
        let n = self.side;
        (2 * n..3 * n).chain(n..2 * n).chain(0..n)
    }

    /// The units of cell `i` in Sudoku Explainer's order: box, row, column.
    fn se_units(&self, i: usize) -> [usize; 3] {
        let n = self.side;
        [2 * n + self.box_index(i), i / n, n + i % n]
    }

    /// How many cells of `unit` are empty.
    fn empty_cells(&self, unit: usize) -> usize {
        (0..self.side)
            .filter(|&k| self.values[self.unit_cell(unit, k)] == 0)
            .count()
    }

    /// Whether cell `i` lies in `unit`.
    fn in_unit(&self, unit: usize, i: usize) -> bool {
        let n = self.side;
        match unit / n {
            0 => i / n == unit,
            1 => i % n == unit - n,
            _ => self.box_index(i) == unit - 2 * n,
        }
    }

    /// The cells of `unit` where `value` is a candidate, as a mask of positions `k`.
    fn positions(&self, unit: usize, value: u8) -> u64 {
        let bit = 1u64 << (value - 1);
        (0..self.side)
            .filter(|&k| self.candidates[self.unit_cell(unit, k)] & bit != 0)
            .fold(0, |m, k| m | 1 << k)
    }
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

/// The values of a candidate mask, ascending.
fn values_of(mask: u64) -> Vec<u8> {
    bits(mask).map(|b| b as u8 + 1).collect()
}

#[cfg(test)]
pub(crate) mod test_support;

#[cfg(test)]
mod tests;
