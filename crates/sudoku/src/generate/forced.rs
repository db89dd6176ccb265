//! A shortcut for the carving: most givens, when emptied, are forced straight back by a
//! single, and then the puzzle keeps its one solution without a search.

use crate::grid::Grid;

/// The values given in each row, column and box of a puzzle being carved (bit v−1 for
/// value v), kept up to date as cells are emptied and refilled.
#[derive(Debug, Clone)]
pub(super) struct Givens {
    order: usize,
    side: usize,
    rows: Vec<u64>,
    columns: Vec<u64>,
    boxes: Vec<u64>,
}

impl Givens {
    pub(super) fn new(grid: &Grid) -> Self {
        let (order, side) = (grid.order(), grid.side());
        let mut givens = Self {
            order,
            side,
            rows: vec![0; side],
            columns: vec![0; side],
            boxes: vec![0; side],
        };
        for r in 0..side {
            for c in 0..side {
                givens.toggle(r, c, grid.get(r, c));
            }
        }
        givens
    }

    /// Adds a given that is absent, or takes away one that is there.
    pub(super) fn toggle(&mut self, r: usize, c: usize, value: u8) {
        if value == 0 {
            return;
        }
        let bit = 1u64 << (value - 1);
        self.rows[r] ^= bit;
        self.columns[c] ^= bit;
        self.boxes[(r / self.order) * self.order + c / self.order] ^= bit;
    }

    /// The values given among the peers of (r, c).
    fn seen(&self, r: usize, c: usize) -> u64 {
        self.rows[r] | self.columns[c] | self.boxes[(r / self.order) * self.order + c / self.order]
    }

    /// Whether the empty cell (r, c) of `puzzle` (whose givens these are) can hold only
    /// `value` by the givens alone: a naked single, or a hidden single of `value` in its
    /// row, column or box (every other empty cell of the unit sees a `value`). If every
    /// emptied cell is forced so, the puzzle has the solutions it had before.
    pub(super) fn forces(&self, puzzle: &Grid, r: usize, c: usize, value: u8) -> bool {
        let bit = 1u64 << (value - 1);
        let all = if self.side == 64 {
            u64::MAX
        } else {
            (1u64 << self.side) - 1
        };
        if self.seen(r, c) | bit == all {
            return true;
        }
        // Whether no other cell of a unit can take `value`.
        let nowhere_else = |(r2, c2): (usize, usize)| {
            (r2, c2) == (r, c) || puzzle.get(r2, c2) != 0 || self.seen(r2, c2) & bit != 0
        };
        let (n, side) = (self.order, self.side);
        let (top, left) = (r / n * n, c / n * n);
        (0..side).map(|c2| (r, c2)).all(nowhere_else)
            || (0..side).map(|r2| (r2, c)).all(nowhere_else)
            || (0..side)
                .map(|k| (top + k / n, left + k % n))
                .all(nowhere_else)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_naked_single_and_a_hidden_single_are_forced() {
        // Row 1 holds 1, 2, 3 around r1c4: only 4 fits there.
        let puzzle: Grid = "123.............".parse().unwrap();
        let givens = Givens::new(&puzzle);
        assert!(givens.forces(&puzzle, 0, 3, 4));
        // r1c1 of an empty row is forced by nothing.
        let sparse: Grid = ".23.............".parse().unwrap();
        assert!(!Givens::new(&sparse).forces(&sparse, 0, 0, 1));
        // 1 is given in rows 2, 3 and 4, in columns 1, 2 and 4: in row 1 only r1c3
        // can hold it, though the cell itself could hold 3 or 4 as well.
        let hidden: Grid = "....1......1.1..".parse().unwrap();
        let givens = Givens::new(&hidden);
        assert!(givens.forces(&hidden, 0, 2, 1));
        assert!(!givens.forces(&hidden, 0, 2, 3));
    }

    #[test]
    fn toggling_twice_restores_the_masks() {
        let puzzle: Grid = "1.3...1.2.4...2.".parse().unwrap();
        let mut givens = Givens::new(&puzzle);
        let before = givens.seen(0, 1);
        givens.toggle(0, 0, 1);
        assert_ne!(givens.seen(0, 1), before);
        givens.toggle(0, 0, 1);
        assert_eq!(givens.seen(0, 1), before);
    }
}
