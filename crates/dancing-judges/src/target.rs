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
//! truth). Within one unit (a row, say), the empty cells can score no more than either
//!
//! - each cell taking its largest remaining candidate, or
//! - the unit's missing values placed largest-first on its heaviest empty cells (the
//!   rearrangement inequality: the best of all ways to place them, ignoring the other
//!   units);
//!
//! so the smaller of the two bounds that unit, and the sum over the rows bounds the
//! whole. The same holds for the columns and for the boxes: the bound is the least of
//! the three sums. Computing it also finds dead ends early: an empty cell with no
//! candidate, or a missing value with no place left in its unit.
//!
//! Other orders work too, with weight = 6 + (distance to the nearest edge).
//!
//! The search is exponential in the worst case: a grid with few givens (a dozen or less)
//! has so many solutions near the best that proving the best can take minutes or more.
//! [`search`] runs under [`Limits`] (nodes, time, an interrupt flag) and then returns the
//! best solution found so far, marked as not proven.
//!
//! ```
//! use dancing_judges::target;
//! use dancing_sudoku::Grid;
//!
//! let puzzle = Grid::parse_numbers("7 0 0 9 0 0 0 0 1 / 1 0 0 0 0 5 9 0 0 / 0 0 0 2 0 0 0 8 0 / 0 0 5 0 2 0 0 0 3 / 0 0 0 0 0 0 6 4 8 / 4 1 3 0 0 0 0 0 0 / 0 0 7 0 0 2 0 9 0 / 2 0 1 0 6 0 8 0 4 / 0 8 0 5 0 4 0 1 2")?;
//! assert_eq!(target::max_score(&puzzle), Some(2829));
//! # Ok::<(), dancing_sudoku::PuzzleError>(())
//! ```

use std::cmp::Reverse;
use std::time::Instant;

use dancing::{Limits, Stats};

use dancing_sudoku::Grid;

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
    search(puzzle, &Limits::none()).best
}

/// What [`search`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The highest score found and a solution reaching it; `None` if no solution was
    /// found.
    pub best: Option<(u64, Grid)>,
    /// The search: `nodes` of the branch and bound, `solutions` reached that beat the
    /// best before them, and why it stopped early, if it did. When it stopped early,
    /// `best` is the best found so far, not proven the highest.
    pub stats: Stats,
}

impl Outcome {
    /// Whether the search ran to the end, so that `best` is the highest score (or `None`
    /// proves there is no solution).
    pub fn is_proven(&self) -> bool {
        self.stats.is_complete()
    }
}

/// The branch and bound of [`best_solution`] under `limits`: it checks them every
/// [`Limits::CHECK_INTERVAL`] nodes and stops with the best solution found so far.
///
/// ```
/// use dancing_judges::target;
/// use dancing_sudoku::{Grid, Limits};
///
/// let sparse = Grid::empty(3);
/// let limits = Limits::max_nodes(5_000);
/// let outcome = target::search(&sparse, &limits);
/// assert!(!outcome.is_proven());
/// let (score, solution) = outcome.best.expect("a solution within 5,000 nodes");
/// assert!(solution.is_solution_of(&sparse));
/// assert_eq!(target::score(&solution), score);
/// # Ok::<(), dancing_sudoku::PuzzleError>(())
/// ```
pub fn search(puzzle: &Grid, limits: &Limits) -> Outcome {
    let started = Instant::now();
    let Some(mut search) = Search::new(puzzle, limits.clone(), started) else {
        let stats = Stats {
            elapsed: started.elapsed(),
            ..Stats::default()
        };
        return Outcome { best: None, stats };
    };
    search.search(0);
    let best = search.best.map(|score| {
        let solution =
            Grid::from_cells(puzzle.shape(), search.best_cells.clone()).expect("a solved grid");
        (score, solution)
    });
    let mut stats = search.stats;
    stats.elapsed = started.elapsed();
    Outcome { best, stats }
}

/// The branch-and-bound state. Units are kept by kind: 0 rows, 1 columns, 2 boxes.
struct Search {
    weight: Vec<u64>,
    /// Per kind, per cell: its unit.
    unit: [Vec<usize>; 3],
    /// Per kind, per unit: the values still free, bit v−1 for value v.
    free: [Vec<u64>; 3],
    /// Per kind, per unit: its cells from the heaviest down.
    unit_cells: [Vec<Vec<usize>>; 3],
    cells: Vec<u8>,
    /// Per empty cell: its largest candidate, filled by [`bound`](Self::bound).
    cap: Vec<u8>,
    empties: Vec<usize>,
    score: u64,
    best: Option<u64>,
    best_cells: Vec<u8>,
    limits: Limits,
    started: Instant,
    /// Nodes and improving solutions so far, and why the search stopped, if it has.
    stats: Stats,
    /// The node count at which the limits are next checked.
    next_check: u64,
}

impl Search {
    /// Loads the givens; `None` if they conflict.
    fn new(puzzle: &Grid, limits: Limits, started: Instant) -> Option<Self> {
        let shape = puzzle.shape();
        let n = puzzle.side();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let weight: Vec<u64> = (0..n * n).map(|k| self::weight(n, k / n, k % n)).collect();
        let unit: [Vec<usize>; 3] = [
            (0..n * n).map(|k| k / n).collect(),
            (0..n * n).map(|k| k % n).collect(),
            (0..n * n).map(|k| shape.box_of(k / n, k % n)).collect(),
        ];
        let unit_cells = std::array::from_fn(|kind| {
            let mut lists = vec![Vec::with_capacity(n); n];
            for (k, &u) in unit[kind].iter().enumerate() {
                lists[u].push(k);
            }
            for list in &mut lists {
                list.sort_by_key(|&k| Reverse(weight[k]));
            }
            lists
        });
        let mut s = Self {
            weight,
            unit,
            free: std::array::from_fn(|_| vec![full; n]),
            unit_cells,
            cells: puzzle.cells().to_vec(),
            cap: vec![0; n * n],
            empties: Vec::new(),
            score: 0,
            best: None,
            best_cells: Vec::new(),
            next_check: limits.next_check(0),
            limits,
            started,
            stats: Stats::default(),
        };
        for (k, &v) in puzzle.cells().iter().enumerate() {
            if v == 0 {
                s.empties.push(k);
                continue;
            }
            let bit = 1u64 << (v - 1);
            if s.candidates(k) & bit == 0 {
                return None;
            }
            s.flip(k, bit);
            s.score += s.weight[k] * u64::from(v);
        }
        Some(s)
    }

    #[inline]
    fn candidates(&self, cell: usize) -> u64 {
        self.free[0][self.unit[0][cell]]
            & self.free[1][self.unit[1][cell]]
            & self.free[2][self.unit[2][cell]]
    }

    /// Marks `bit` used (or free again) in the three units of `cell`.
    #[inline]
    fn flip(&mut self, cell: usize, bit: u64) {
        for kind in 0..3 {
            self.free[kind][self.unit[kind][cell]] ^= bit;
        }
    }

    /// The best score unit `u` of kind `kind` could give its empty cells if each cell
    /// could take any missing value up to its largest candidate (`cap`), or `None` if
    /// even that is impossible.
    ///
    /// The eligible cells of a value shrink as the value grows, so placing the values
    /// from the largest down, each on the heaviest free eligible cell, is both feasible
    /// whenever any placement is and optimal (an exchange argument). This is never below
    /// the best placement that respects every candidate set, nor above the
    /// rearrangement bound (no caps) or the sum of weight × cap.
    fn unit_bound(&self, kind: usize, u: usize) -> Option<u64> {
        let mut missing = self.free[kind][u];
        let mut taken = 0u64;
        let mut total = 0;
        while missing != 0 {
            let top = 63 - missing.leading_zeros();
            missing ^= 1u64 << top;
            let value = top as u8 + 1;
            let mut placed = false;
            for (k, &cell) in self.unit_cells[kind][u].iter().enumerate() {
                if self.cells[cell] == 0 && taken & (1 << k) == 0 && self.cap[cell] >= value {
                    taken |= 1 << k;
                    total += self.weight[cell] * u64::from(value);
                    placed = true;
                    break;
                }
            }
            if !placed {
                return None;
            }
        }
        Some(total)
    }

    /// An upper bound on the score of any solution below this node, or `None` if the
    /// node is dead: an empty cell with no candidate, or missing values that cannot all
    /// be placed in their unit.
    ///
    /// Each unit's empty cells score at most its [`unit_bound`](Self::unit_bound); the
    /// rows' sum bounds the whole, and so do the columns' and the boxes': the bound is
    /// the least of the three.
    fn bound(&mut self, depth: usize) -> Option<u64> {
        let n = self.free[0].len();
        for k in depth..self.empties.len() {
            let cell = self.empties[k];
            let mask = self.candidates(cell);
            if mask == 0 {
                return None;
            }
            self.cap[cell] = (64 - mask.leading_zeros()) as u8;
        }
        let mut bound = u64::MAX;
        for kind in 0..3 {
            let mut total = 0;
            for u in 0..n {
                total += self.unit_bound(kind, u)?;
            }
            bound = bound.min(total);
        }
        Some(self.score + bound)
    }

    /// Checks the limits every [`Limits::CHECK_INTERVAL`] nodes; `true` once one is
    /// reached, and from then on.
    fn stopped(&mut self) -> bool {
        if self.stats.stopped.is_some() {
            return true;
        }
        self.stats.nodes += 1;
        if self.stats.nodes >= self.next_check {
            self.stats.stopped = self.limits.reached(self.stats.nodes, self.started);
            self.next_check = self.limits.next_check(self.stats.nodes);
        }
        self.stats.stopped.is_some()
    }

    fn search(&mut self, depth: usize) {
        if self.stopped() {
            return;
        }
        if depth == self.empties.len() {
            if self.best.is_none_or(|b| self.score > b) {
                self.best = Some(self.score);
                self.best_cells.clone_from(&self.cells);
                self.stats.solutions += 1;
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
        let w = self.weight[cell];
        let mut mask = self.candidates(cell);
        // Larger values first: good solutions early make the bound bite sooner.
        while mask != 0 {
            let top = 63 - mask.leading_zeros();
            let bit = 1u64 << top;
            mask ^= bit;
            let value = u64::from(top + 1);
            self.flip(cell, bit);
            self.cells[cell] = (top + 1) as u8;
            self.score += w * value;
            self.search(depth + 1);
            self.score -= w * value;
            self.flip(cell, bit);
            if self.stats.stopped.is_some() {
                break;
            }
        }
        self.cells[cell] = 0;
    }
}
