//! A shortcut for the carving: most givens, when emptied, are forced straight back by a
//! single, and then the puzzle keeps its one solution without a search.

use crate::grid::Grid;

/// The values given in each unit of a puzzle being carved (bit v−1 for value v), kept up
/// to date as cells are emptied and refilled. Units are the houses of the variant: rows,
/// columns, boxes or jigsaw regions, diagonals, windows.
#[derive(Debug, Clone)]
pub(super) struct Givens {
    side: usize,
    /// Per unit, its cells (indices r·N + c).
    units: Vec<Vec<usize>>,
    /// Per cell, the units it lies in.
    units_of: Vec<Vec<usize>>,
    /// Per unit, the values given in it.
    given: Vec<u64>,
}

impl Givens {
    pub(super) fn new(grid: &Grid, units: Vec<Vec<usize>>) -> Self {
        let side = grid.side();
        let mut units_of = vec![Vec::new(); side * side];
        for (u, unit) in units.iter().enumerate() {
            for &cell in unit {
                units_of[cell].push(u);
            }
        }
        let mut givens = Self {
            side,
            given: vec![0; units.len()],
            units,
            units_of,
        };
        for (cell, &value) in grid.cells().iter().enumerate() {
            givens.toggle(cell, value);
        }
        givens
    }

    /// Adds a given that is absent, or takes away one that is there.
    pub(super) fn toggle(&mut self, cell: usize, value: u8) {
        if value == 0 {
            return;
        }
        let bit = 1u64 << (value - 1);
        for &u in &self.units_of[cell] {
            self.given[u] ^= bit;
        }
    }

    /// The values given among the peers of `cell`.
    fn seen(&self, cell: usize) -> u64 {
        self.units_of[cell]
            .iter()
            .fold(0, |seen, &u| seen | self.given[u])
    }

    /// Whether the empty `cell` of `puzzle` (whose givens these are) can hold only
    /// `value` by the givens alone: a naked single, or a hidden single of `value` in one
    /// of its units (every other empty cell of the unit sees a `value`). If every
    /// emptied cell is forced so, the puzzle has the solutions it had before.
    pub(super) fn forces(&self, puzzle: &Grid, cell: usize, value: u8) -> bool {
        let bit = 1u64 << (value - 1);
        let all = if self.side == 64 {
            u64::MAX
        } else {
            (1u64 << self.side) - 1
        };
        if self.seen(cell) | bit == all {
            return true;
        }
        let cells = puzzle.cells();
        // Whether no other cell of a unit can take `value`.
        let nowhere_else =
            |&other: &usize| other == cell || cells[other] != 0 || self.seen(other) & bit != 0;
        self.units_of[cell]
            .iter()
            .any(|&u| self.units[u].iter().all(nowhere_else))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn givens(puzzle: &Grid) -> Givens {
        Givens::new(puzzle, Variant::Classic.units(puzzle.shape()))
    }

    #[test]
    fn a_naked_single_and_a_hidden_single_are_forced() {
        // Row 1 holds 1, 2, 3 around r1c4: only 4 fits there.
        let puzzle: Grid = "123.............".parse().unwrap();
        assert!(givens(&puzzle).forces(&puzzle, 3, 4));
        // r1c1 of an empty row is forced by nothing.
        let sparse: Grid = ".23.............".parse().unwrap();
        assert!(!givens(&sparse).forces(&sparse, 0, 1));
        // 1 is given in rows 2, 3 and 4, in columns 1, 2 and 4: in row 1 only r1c3
        // can hold it, though the cell itself could hold 3 or 4 as well.
        let hidden: Grid = "....1......1.1..".parse().unwrap();
        let masks = givens(&hidden);
        assert!(masks.forces(&hidden, 2, 1));
        assert!(!masks.forces(&hidden, 2, 3));
    }

    #[test]
    fn a_diagonal_is_a_unit_of_x_sudoku() {
        // 1, 2, 3 on the main diagonal: r4c4 can only be 4 in X sudoku, not in classic.
        let puzzle: Grid = "1....2....3.....".parse().unwrap();
        let x = Givens::new(&puzzle, Variant::X.units(puzzle.shape()));
        assert!(x.forces(&puzzle, 15, 4));
        assert!(!givens(&puzzle).forces(&puzzle, 15, 4));
    }

    #[test]
    fn toggling_twice_restores_the_masks() {
        let puzzle: Grid = "1.3...1.2.4...2.".parse().unwrap();
        let mut masks = givens(&puzzle);
        let before = masks.seen(1);
        masks.toggle(0, 1);
        assert_ne!(masks.seen(1), before);
        masks.toggle(0, 1);
        assert_eq!(masks.seen(1), before);
    }
}
