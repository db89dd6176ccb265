use std::time::Instant;

use dancing::{Stats, StopReason};

use crate::grid::Grid;
use crate::shape::Shape;
use crate::solve::{Books, Inside, Method, Solve};

/// The classic bitmask depth-first sudoku solver: the baseline the dancing-links solver
/// is measured and cross-checked against.
///
/// Each row, column and box keeps a mask of the values still free in it; a cell's
/// candidates are the AND of its three masks. The search fills the empty cell with the
/// fewest candidates (minimum remaining values), trying candidates from the lowest set
/// bit up. This is the solver of countless online-judge submissions, generalized from 9×9
/// to every order of this crate with `u64` masks (N ≤ 36 here; the masks would hold 64).
///
/// It has no hidden-single reasoning (a value with one place left in a unit), which is
/// what dancing links gets for free from its row-, column- and box-value items; that
/// is the difference the benchmarks measure.
///
/// ```
/// use dancing_sudoku::{BitmaskSolver, Grid, Solve};
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut solver = BitmaskSolver::new();
/// assert_eq!(solver.count_up_to(&puzzle, 2), 1);
/// let solution = solver.solve(&puzzle).unwrap();
/// assert_eq!(solution, puzzle.solve().unwrap()); // the same as dancing links
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The bitmask depth-first solver. Keeps its buffers between puzzles, so a batch of
/// puzzles of one shape allocates nothing after the first.
#[derive(Debug, Clone, Default)]
pub struct BitmaskSolver {
    /// The shape the tables are built for, `None` before the first puzzle.
    shape: Option<Shape>,
    side: usize,
    /// Per cell: its row, column and box.
    row_of: Vec<u8>,
    col_of: Vec<u8>,
    box_of: Vec<u8>,
    /// Per unit: the values still free, bit v−1 for value v.
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxes: Vec<u64>,
    /// The cells being filled (0 = empty).
    cells: Vec<u8>,
    /// The empty cells; those before the current depth are filled.
    empties: Vec<u16>,
    books: Books,
    started: Option<Instant>,
    next_check: u64,
}

/// What a search wants: how many solutions before it stops, and whether to keep the first.
struct Goal<'g> {
    limit: u64,
    first: Option<&'g mut Grid>,
}

impl BitmaskSolver {
    /// A solver with no buffers yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Rebuilds the tables when the shape changes.
    fn set_shape(&mut self, shape: Shape) {
        if self.shape == Some(shape) {
            return;
        }
        let n = shape.side();
        self.shape = Some(shape);
        self.side = n;
        self.row_of = (0..n * n).map(|k| (k / n) as u8).collect();
        self.col_of = (0..n * n).map(|k| (k % n) as u8).collect();
        self.box_of = (0..n * n)
            .map(|k| shape.box_of(k / n, k % n) as u8)
            .collect();
        self.rows = vec![0; n];
        self.cols = vec![0; n];
        self.boxes = vec![0; n];
        self.cells = vec![0; n * n];
        self.empties = Vec::with_capacity(n * n);
    }

    /// Loads the givens; `false` if two of them conflict.
    fn load(&mut self, puzzle: &Grid) -> bool {
        self.set_shape(puzzle.shape());
        let full = if self.side == 64 {
            u64::MAX
        } else {
            (1u64 << self.side) - 1
        };
        self.rows.fill(full);
        self.cols.fill(full);
        self.boxes.fill(full);
        self.empties.clear();
        self.cells.copy_from_slice(puzzle.cells());
        for (k, &v) in puzzle.cells().iter().enumerate() {
            if v == 0 {
                self.empties.push(k as u16);
                continue;
            }
            let bit = 1u64 << (v - 1);
            let (r, c, b) = (
                usize::from(self.row_of[k]),
                usize::from(self.col_of[k]),
                usize::from(self.box_of[k]),
            );
            if self.rows[r] & self.cols[c] & self.boxes[b] & bit == 0 {
                return false;
            }
            self.rows[r] ^= bit;
            self.cols[c] ^= bit;
            self.boxes[b] ^= bit;
        }
        true
    }

    fn run(&mut self, puzzle: &Grid, mut goal: Goal<'_>) -> u64 {
        self.books.stats = Stats::default();
        let started = Instant::now();
        if goal.limit == 0 || !self.load(puzzle) {
            self.books.stats.elapsed = started.elapsed();
            return 0;
        }
        self.started = Some(started);
        self.next_check = self.books.limits.next_check(0);
        let exhausted = self.search(0, &mut goal);
        if !exhausted && self.books.stats.stopped.is_none() {
            self.books.stats.stopped = Some(StopReason::Caller);
        }
        self.books.stats.elapsed = started.elapsed();
        self.started = None;
        self.books.stats.solutions
    }

    /// Checks the limits; `true` to stop.
    #[cold]
    fn limit_reached(&mut self) -> bool {
        let started = self.started.unwrap_or_else(Instant::now);
        let reason = self.books.limits.reached(self.books.stats.nodes, started);
        self.next_check = self.books.limits.next_check(self.books.stats.nodes);
        self.books.stats.stopped = reason;
        reason.is_some()
    }

    /// Fills the empty cells from `depth` on. Returns `false` to stop the whole search
    /// (enough solutions, or a limit).
    fn search(&mut self, depth: usize, goal: &mut Goal<'_>) -> bool {
        if depth == self.empties.len() {
            self.books.stats.solutions += 1;
            if let (1, Some(first)) = (self.books.stats.solutions, goal.first.as_deref_mut()) {
                first.copy_from_cells(self.shape.expect("a puzzle is loaded"), &self.cells);
            }
            return self.books.stats.solutions < goal.limit;
        }
        if self.books.stats.nodes >= self.next_check && self.limit_reached() {
            return false;
        }
        self.books.stats.nodes += 1;

        // Minimum remaining values over the empty cells.
        let mut best = depth;
        let mut best_mask = 0;
        let mut best_count = u32::MAX;
        for k in depth..self.empties.len() {
            let cell = usize::from(self.empties[k]);
            let mask = self.rows[usize::from(self.row_of[cell])]
                & self.cols[usize::from(self.col_of[cell])]
                & self.boxes[usize::from(self.box_of[cell])];
            let count = mask.count_ones();
            if count < best_count {
                best = k;
                best_mask = mask;
                best_count = count;
                if count <= 1 {
                    break;
                }
            }
        }
        if best_count == 0 {
            return true;
        }
        self.empties.swap(depth, best);
        let cell = usize::from(self.empties[depth]);
        let (r, c, b) = (
            usize::from(self.row_of[cell]),
            usize::from(self.col_of[cell]),
            usize::from(self.box_of[cell]),
        );
        let mut mask = best_mask;
        let mut go_on = true;
        while mask != 0 {
            let bit = mask & mask.wrapping_neg();
            mask ^= bit;
            self.rows[r] ^= bit;
            self.cols[c] ^= bit;
            self.boxes[b] ^= bit;
            self.cells[cell] = bit.trailing_zeros() as u8 + 1;
            go_on = self.search(depth + 1, goal);
            self.rows[r] ^= bit;
            self.cols[c] ^= bit;
            self.boxes[b] ^= bit;
            if !go_on {
                break;
            }
        }
        self.cells[cell] = 0;
        go_on
    }
}

impl Solve for BitmaskSolver {
    #[inline]
    fn find(&mut self, puzzle: &Grid, limit: u64, first: Option<&mut Grid>) -> u64 {
        self.run(puzzle, Goal { limit, first })
    }

    fn method(&self) -> Method {
        Method::Bitmask
    }

    fn books(&self, _: Inside) -> &Books {
        &self.books
    }

    fn books_mut(&mut self, _: Inside) -> &mut Books {
        &mut self.books
    }
}
