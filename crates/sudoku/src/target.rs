//! Target sudoku (NOIP 2009, 靶形数独): the solution with the highest score.
//!
//! Each cell has a weight: 10 in the centre cell, then 9, 8, 7 and 6 on the rings
//! outwards (weight = 6 + min(r, 8−r, c, 8−c), 0-based). A solution's score is the sum of
//! weight × value over all cells. [`max_score`] returns the highest score over all
//! solutions, or `None` when there is none.
//!
//! The search is an exact branch and bound, far faster than enumerating every solution:
//! a bitmask depth-first search (minimum remaining values, larger values first) that
//! abandons a branch as soon as an upper bound on the best score reachable from it is no
//! better than the best score found so far. The bound is admissible (never below the
//! truth): the smaller of two relaxations,
//!
//! - each empty cell takes its largest remaining candidate (rows, columns and boxes
//!   ignored between cells), and
//! - each row places its missing values in its empty cells in the best possible way,
//!   largest values on the heaviest cells (the rearrangement inequality; columns and
//!   boxes ignored), and the same for columns.
//!
//! Other orders work too, with weight = 6 + (distance to the nearest edge).
//!
//! ```
//! use dancing_sudoku::{Grid, target};
//!
//! let puzzle = Grid::parse_numbers("7 0 0 9 0 0 0 0 1 / 1 0 0 0 0 5 9 0 0 / 0 0 0 2 0 0 0 8 0 / 0 0 5 0 2 0 0 0 3 / 0 0 0 0 0 0 6 4 8 / 4 1 3 0 0 0 0 0 0 / 0 0 7 0 0 2 0 9 0 / 2 0 1 0 6 0 8 0 4 / 0 8 0 5 0 4 0 1 2")?;
//! assert_eq!(target::max_score(&puzzle), Some(2829));
//! # Ok::<(), dancing_sudoku::ParseError>(())
//! ```

use std::cmp::Reverse;

use crate::grid::Grid;

/// The weight of row `r`, column `c` (0-based) in a grid of side `side`:
/// 6 + the distance to the nearest edge (10 at the centre of a 9×9 grid).
pub fn weight(side: usize, r: usize, c: usize) -> u64 {
    let d = r.min(side - 1 - r).min(c).min(side - 1 - c);
    6 + d as u64
}

/// The score of a grid: Σ weight × value over its filled cells.
pub fn score(grid: &Grid) -> u64 {
    let n = grid.side();
    grid.cells()
        .iter()
        .enumerate()
        .map(|(k, &v)| weight(n, k / n, k % n) * u64::from(v))
        .sum()
}

/// The highest score over all solutions of `puzzle`, or `None` if it has none.
pub fn max_score(puzzle: &Grid) -> Option<u64> {
    best_solution(puzzle).map(|(score, _)| score)
}

/// The highest score over all solutions of `puzzle` and one solution reaching it, or
/// `None` if it has none.
pub fn best_solution(puzzle: &Grid) -> Option<(u64, Grid)> {
    let mut search = Search::new(puzzle)?;
    search.run();
    let score = search.best?;
    let solution = Grid::from_cells(puzzle.order(), search.best_cells).expect("a solved grid");
    Some((score, solution))
}

/// The branch-and-bound state.
struct Search {
    weight: Vec<u64>,
    row_of: Vec<usize>,
    col_of: Vec<usize>,
    box_of: Vec<usize>,
    /// Free values per unit, bit v−1 for value v.
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxes: Vec<u64>,
    cells: Vec<u8>,
    empties: Vec<usize>,
    /// Per row and per column, its cells from the heaviest down.
    row_cells: Vec<Vec<usize>>,
    col_cells: Vec<Vec<usize>>,
    score: u64,
    best: Option<u64>,
    best_cells: Vec<u8>,
}

impl Search {
    /// Loads the givens; `None` if they conflict.
    fn new(puzzle: &Grid) -> Option<Self> {
        let order = puzzle.order();
        let n = puzzle.side();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let by_weight = |mut cells: Vec<usize>, weight: &[u64]| {
            cells.sort_by_key(|&k| Reverse(weight[k]));
            cells
        };
        let weight: Vec<u64> = (0..n * n).map(|k| self::weight(n, k / n, k % n)).collect();
        let mut s = Self {
            row_of: (0..n * n).map(|k| k / n).collect(),
            col_of: (0..n * n).map(|k| k % n).collect(),
            box_of: (0..n * n)
                .map(|k| (k / n / order) * order + (k % n) / order)
                .collect(),
            rows: vec![full; n],
            cols: vec![full; n],
            boxes: vec![full; n],
            cells: puzzle.cells().to_vec(),
            empties: Vec::new(),
            row_cells: (0..n)
                .map(|r| by_weight((0..n).map(|c| r * n + c).collect(), &weight))
                .collect(),
            col_cells: (0..n)
                .map(|c| by_weight((0..n).map(|r| r * n + c).collect(), &weight))
                .collect(),
            weight,
            score: 0,
            best: None,
            best_cells: Vec::new(),
        };
        for (k, &v) in puzzle.cells().iter().enumerate() {
            if v == 0 {
                s.empties.push(k);
                continue;
            }
            let bit = 1u64 << (v - 1);
            let (r, c, b) = (s.row_of[k], s.col_of[k], s.box_of[k]);
            if s.rows[r] & s.cols[c] & s.boxes[b] & bit == 0 {
                return None;
            }
            s.rows[r] ^= bit;
            s.cols[c] ^= bit;
            s.boxes[b] ^= bit;
            s.score += s.weight[k] * u64::from(v);
        }
        Some(s)
    }

    fn run(&mut self) {
        self.search(0);
    }

    fn candidates(&self, cell: usize) -> u64 {
        self.rows[self.row_of[cell]] & self.cols[self.col_of[cell]] & self.boxes[self.box_of[cell]]
    }

    /// Best score the rows (or columns) could give their empty cells, each line placing
    /// its missing values largest-first on its heaviest empty cells.
    fn line_bound(&self, lines: &[Vec<usize>], free: &[u64]) -> u64 {
        let mut total = 0;
        for (line, &missing) in lines.iter().zip(free) {
            let mut missing = missing;
            for &cell in line {
                if missing == 0 {
                    break;
                }
                if self.cells[cell] == 0 {
                    let top = 63 - missing.leading_zeros();
                    missing ^= 1u64 << top;
                    total += self.weight[cell] * u64::from(top + 1);
                }
            }
        }
        total
    }

    /// An upper bound on the score of any solution below this node, or `None` if some
    /// empty cell has no candidate left.
    fn bound(&self, depth: usize) -> Option<u64> {
        let mut by_cell = 0;
        for &cell in &self.empties[depth..] {
            let mask = self.candidates(cell);
            if mask == 0 {
                return None;
            }
            by_cell += self.weight[cell] * u64::from(64 - mask.leading_zeros());
        }
        let by_row = self.line_bound(&self.row_cells, &self.rows);
        let by_col = self.line_bound(&self.col_cells, &self.cols);
        Some(self.score + by_cell.min(by_row).min(by_col))
    }

    fn search(&mut self, depth: usize) {
        if depth == self.empties.len() {
            if self.best.is_none_or(|b| self.score > b) {
                self.best = Some(self.score);
                self.best_cells.clone_from(&self.cells);
            }
            return;
        }
        let Some(bound) = self.bound(depth) else {
            return;
        };
        if self.best.is_some_and(|b| bound <= b) {
            return;
        }
        // Minimum remaining values; ties to the heavier cell.
        let mut best = depth;
        let mut best_key = (u32::MAX, Reverse(0));
        for k in depth..self.empties.len() {
            let cell = self.empties[k];
            let key = (
                self.candidates(cell).count_ones(),
                Reverse(self.weight[cell]),
            );
            if key < best_key {
                best = k;
                best_key = key;
            }
        }
        self.empties.swap(depth, best);
        let cell = self.empties[depth];
        let (r, c, b) = (self.row_of[cell], self.col_of[cell], self.box_of[cell]);
        let w = self.weight[cell];
        let mut mask = self.candidates(cell);
        // Larger values first: good solutions early make the bound bite sooner.
        while mask != 0 {
            let top = 63 - mask.leading_zeros();
            let bit = 1u64 << top;
            mask ^= bit;
            let value = u64::from(top + 1);
            self.rows[r] ^= bit;
            self.cols[c] ^= bit;
            self.boxes[b] ^= bit;
            self.cells[cell] = (top + 1) as u8;
            self.score += w * value;
            self.search(depth + 1);
            self.score -= w * value;
            self.rows[r] ^= bit;
            self.cols[c] ^= bit;
            self.boxes[b] ^= bit;
        }
        self.cells[cell] = 0;
    }
}
