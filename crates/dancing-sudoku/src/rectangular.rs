//! Sudoku with rectangular boxes: an N×N grid whose boxes are r rows by c columns
//! (N = r·c), such as 6×6 with 2×3 boxes, 8×8 with 2×4 and 12×12 with 3×4, as the
//! children's books and many apps print them. The square grids of [`Grid`](crate::Grid)
//! are the case r = c.
//!
//! The exact cover is the classic one with the box built from r and c: 4·N² items, N³
//! options, each puzzle's givens forced into a matrix built once per shape. Generation
//! draws a full grid (a random first row completed by the search, then bands, rows
//! within bands, stacks and columns within stacks permuted) and takes givens away in a
//! random order while the solution stays unique.
//!
//! ```
//! use dancing_sudoku::rectangular::{BoxShape, RectGrid, RectSolver};
//!
//! let puzzle: RectGrid = "1.....\n..3...\n....5.\n.6....\n...2..\n.....4".parse()?;
//! assert_eq!(puzzle.shape(), BoxShape::new(2, 3)?); // worked out from the side, 6
//! let mut solver = RectSolver::new(puzzle.shape());
//! assert_eq!(solver.count_up_to(&puzzle, 2).found(), 2); // not proper
//! let made = dancing_sudoku::rectangular::generate(puzzle.shape(), 7);
//! assert_eq!(solver.count_up_to(&made, 2).found(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use dancing::{Count, Engine, Limits, OptionId, Problem, ProblemBuilder, Solver, Stats};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::generate::random::{below, shuffle};

/// The most cells on a side: 36, as for square grids.
pub const MAX_SIDE: usize = 36;

/// A box of `rows` × `cols` cells; the grid's side is their product.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoxShape {
    rows: u8,
    cols: u8,
}

impl BoxShape {
    /// Boxes of `rows` × `cols` cells (each at least 1, the side 4 to 36).
    ///
    /// # Errors
    /// A side out of range.
    pub fn new(rows: usize, cols: usize) -> Result<Self, RectError> {
        let side = rows.saturating_mul(cols);
        if rows == 0 || cols == 0 || !(4..=MAX_SIDE).contains(&side) {
            return Err(RectError::Shape { rows, cols });
        }
        Ok(Self {
            rows: rows as u8,
            cols: cols as u8,
        })
    }

    /// The usual boxes of a grid of side `side`: the factors r ≤ c nearest each other
    /// (6: 2×3, 8: 2×4, 9: 3×3, 10: 2×5, 12: 3×4), `None` for a prime side.
    pub fn for_side(side: usize) -> Option<Self> {
        let rows = (2..=side)
            .rev()
            .find(|&r| r * r <= side && side.is_multiple_of(r))?;
        Self::new(rows, side / rows).ok()
    }

    /// Rows of a box.
    pub fn rows(self) -> usize {
        usize::from(self.rows)
    }

    /// Columns of a box.
    pub fn cols(self) -> usize {
        usize::from(self.cols)
    }

    /// The side N = rows × cols: rows, columns, boxes and values of the grid.
    pub fn side(self) -> usize {
        self.rows() * self.cols()
    }

    /// The box of row `r`, column `c`, numbered row by row from 0.
    pub fn box_of(self, r: usize, c: usize) -> usize {
        (r / self.rows()) * (self.side() / self.cols()) + c / self.cols()
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for BoxShape {
    type Err = RectError;

    /// `RxC`: rows, then columns of a box (`2x3`).
    fn from_str(text: &str) -> Result<Self, RectError> {
        let bad = || RectError::ShapeText(text.to_owned());
        let (rows, cols) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let rows = rows.trim().parse().map_err(|_| bad())?;
        let cols = cols.trim().parse().map_err(|_| bad())?;
        Self::new(rows, cols)
    }
}

/// What can be wrong with a grid of rectangular boxes or its reading.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RectError {
    /// Boxes whose side is out of range.
    #[error("boxes of {rows}x{cols} make a side of {}: give one of 4 to 36", rows.saturating_mul(*cols))]
    Shape {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
    },
    /// A box shape that is not `RxC`.
    #[error("`{0}` is not a box shape: write rows x columns, such as 2x3")]
    ShapeText(String),
    /// A symbol that is no value nor blank.
    #[error(
        "line {line}, column {column}: `{symbol}` is not a value (1-9, then A-Z) nor a blank (`.`, `0`, `_`, `-`, `*`)"
    )]
    Symbol {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The symbol.
        symbol: char,
    },
    /// A count of cells that is no square of a side.
    #[error("{cells} cells make no square grid: a grid of side N has N² (36 for 6×6, 64 for 8×8)")]
    Cells {
        /// The cells read.
        cells: usize,
    },
    /// A side with no box shape given or known (a prime side).
    #[error("a side of {side} has no rectangular boxes: give the box shape (--box RxC)")]
    NoShape {
        /// The side.
        side: usize,
    },
    /// Cells that do not fit the shape's side.
    #[error("{cells} cells do not fill a {side}×{side} grid of {shape} boxes ({} cells)", side * side)]
    Size {
        /// The cells read.
        cells: usize,
        /// The side of the shape.
        side: usize,
        /// The shape.
        shape: BoxShape,
    },
    /// A value above the side.
    #[error("value {value} is above {side}, the largest of a {side}×{side} grid")]
    Value {
        /// The value.
        value: u8,
        /// The side.
        side: usize,
    },
    /// A value twice in a row, a column or a box.
    #[error("{value} appears twice in {unit}: r{}c{} and r{}c{}", first.0 + 1, first.1 + 1, second.0 + 1, second.1 + 1)]
    Clash {
        /// The value.
        value: u8,
        /// `row 1`, `column 2`, `box 3`.
        unit: String,
        /// The first cell (0-based row, column).
        first: (usize, usize),
        /// The second cell.
        second: (usize, usize),
    },
}

/// A grid of rectangular boxes: its shape and its cells, row by row, 0 for empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RectGrid {
    shape: BoxShape,
    cells: Vec<u8>,
}

impl RectGrid {
    /// An empty grid of `shape`.
    pub fn new(shape: BoxShape) -> Self {
        Self {
            shape,
            cells: vec![0; shape.side() * shape.side()],
        }
    }

    /// A grid of `shape` from its cells, row by row, 0 for empty.
    ///
    /// # Errors
    /// The wrong number of cells, or a value above the side.
    pub fn from_cells(shape: BoxShape, cells: Vec<u8>) -> Result<Self, RectError> {
        let side = shape.side();
        if cells.len() != side * side {
            return Err(RectError::Size {
                cells: cells.len(),
                side,
                shape,
            });
        }
        if let Some(&value) = cells.iter().find(|&&v| usize::from(v) > side) {
            return Err(RectError::Value { value, side });
        }
        Ok(Self { shape, cells })
    }

    /// Reads a grid: its symbols row by row, on one line or on several (spaces, `|` and
    /// separator lines such as `---+---` not counted), with the box shape given or, when
    /// `None`, the usual one of its side ([`BoxShape::for_side`]).
    ///
    /// # Errors
    /// A symbol that is no value nor blank, a count of cells that is no square, a value
    /// out of range, or a value twice in a row, a column or a box.
    pub fn parse(text: &str, shape: Option<BoxShape>) -> Result<Self, RectError> {
        let mut cells = Vec::new();
        for (l, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.starts_with('#')
                || trimmed
                    .chars()
                    .all(|c| matches!(c, '-' | '+' | '|' | '=' | ' '))
            {
                continue;
            }
            for (k, symbol) in line.chars().enumerate() {
                let value = match symbol {
                    ' ' | '\t' | '|' | '\r' => continue,
                    '.' | '0' | '_' | '-' | '*' => 0,
                    '1'..='9' => symbol as u8 - b'0',
                    'A'..='Z' => symbol as u8 - b'A' + 10,
                    'a'..='z' => symbol as u8 - b'a' + 10,
                    _ => {
                        return Err(RectError::Symbol {
                            line: l + 1,
                            column: k + 1,
                            symbol,
                        });
                    }
                };
                cells.push(value);
            }
        }
        let side = (1..=MAX_SIDE).find(|&n| n * n == cells.len());
        let shape = match (shape, side) {
            (Some(shape), _) => shape,
            (None, None) => return Err(RectError::Cells { cells: cells.len() }),
            (None, Some(side)) => BoxShape::for_side(side).ok_or(RectError::NoShape { side })?,
        };
        let grid = Self::from_cells(shape, cells)?;
        grid.validate()?;
        Ok(grid)
    }

    /// The box shape.
    pub fn shape(&self) -> BoxShape {
        self.shape
    }

    /// The side N.
    pub fn side(&self) -> usize {
        self.shape.side()
    }

    /// The cells, row by row: 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value in row `r`, column `c` (0-based), 0 if empty.
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.side() + c]
    }

    /// Sets row `r`, column `c` to `value` (0 empties it).
    pub fn set(&mut self, r: usize, c: usize, value: u8) {
        let side = self.side();
        self.cells[r * side + c] = value;
    }

    /// The filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether no value appears twice in a row, a column or a box: the first clash in
    /// reading order of its second cell otherwise.
    ///
    /// # Errors
    /// The clash.
    pub fn validate(&self) -> Result<(), RectError> {
        let side = self.side();
        // Per unit (rows, then columns, then boxes) and value, where it was seen.
        let mut seen = vec![None; 3 * side * (side + 1)];
        for r in 0..side {
            for c in 0..side {
                let value = self.get(r, c);
                if value == 0 {
                    continue;
                }
                let units = [(0, r), (1, c), (2, self.shape.box_of(r, c))];
                for (kind, k) in units {
                    let slot = &mut seen[(kind * side + k) * (side + 1) + usize::from(value)];
                    if let Some(first) = *slot {
                        let name = ["row", "column", "box"][kind];
                        return Err(RectError::Clash {
                            value,
                            unit: format!("{name} {}", k + 1),
                            first,
                            second: (r, c),
                        });
                    }
                    *slot = Some((r, c));
                }
            }
        }
        Ok(())
    }

    /// Whether every cell is filled and no rule is broken.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|&v| v != 0) && self.validate().is_ok()
    }

    /// Whether this grid solves `puzzle`: solved, the same shape, and agreeing with its
    /// givens.
    pub fn is_solution_of(&self, puzzle: &RectGrid) -> bool {
        self.shape == puzzle.shape
            && self.is_solved()
            && crate::grid::agrees(&self.cells, &puzzle.cells)
    }

    /// The grid drawn with its boxes: `|` between box columns, a line between box rows.
    pub fn pretty(&self) -> String {
        let side = self.side();
        let (rows, cols) = (self.shape.rows(), self.shape.cols());
        let mut out = String::new();
        for r in 0..side {
            let mut row = String::new();
            for c in 0..side {
                if c > 0 {
                    row.push_str(if c % cols == 0 { " | " } else { " " });
                }
                row.push(symbol(self.get(r, c)));
            }
            if r > 0 && r % rows == 0 {
                let rule: String = row
                    .chars()
                    .map(|ch| if ch == '|' { '+' } else { '-' })
                    .collect();
                out.push_str(&rule);
                out.push('\n');
            }
            out.push_str(&row);
            out.push('\n');
        }
        out
    }
}

/// The symbol of `value`: `.` for empty, 1-9, then A for 10.
fn symbol(value: u8) -> char {
    match value {
        0 => '.',
        1..=9 => char::from(b'0' + value),
        _ => char::from(b'A' + value - 10),
    }
}

impl fmt::Display for RectGrid {
    /// The grid on one line, `.` for an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line: String = self.cells.iter().map(|&v| symbol(v)).collect();
        f.write_str(&line)
    }
}

impl FromStr for RectGrid {
    type Err = RectError;

    /// [`RectGrid::parse`] with the usual shape of the side.
    fn from_str(text: &str) -> Result<Self, RectError> {
        Self::parse(text, None)
    }
}

/// The exact cover of a shape: items cell (r, c), row r has v, column c has v, box b
/// has v, in that order; one option per cell and value.
fn problem(shape: BoxShape) -> Problem {
    let side = shape.side();
    let mut b = ProblemBuilder::new();
    let items: Vec<_> = (0..4 * side * side)
        .map(|k| b.primary(&format!("i{k}")).expect("distinct names"))
        .collect();
    for r in 0..side {
        for c in 0..side {
            for v in 0..side {
                let bx = shape.box_of(r, c);
                let option = [
                    r * side + c,
                    side * side + r * side + v,
                    2 * side * side + c * side + v,
                    3 * side * side + bx * side + v,
                ];
                b.option(option.map(|k| items[k]))
                    .expect("items of the problem");
            }
        }
    }
    b.build().expect("the cover of a shape is well formed")
}

/// The option of value `v` (1-based) in row `r`, column `c`.
fn option(side: usize, r: usize, c: usize, v: u8) -> OptionId {
    OptionId::new((r * side + c) * side + usize::from(v) - 1)
}

/// Solves and counts grids of one box shape on dancing links: the matrix built once, each
/// puzzle's givens forced into it.
#[derive(Debug)]
pub struct RectSolver {
    shape: BoxShape,
    solver: Solver,
}

impl RectSolver {
    /// A solver for grids of `shape`.
    pub fn new(shape: BoxShape) -> Self {
        Self {
            shape,
            solver: Solver::new(&problem(shape)),
        }
    }

    /// Limits every later search: a timeout, a node budget, an interrupt flag.
    pub fn set_limits(&mut self, limits: Limits) {
        self.solver.set_limits(limits);
    }

    /// The statistics of the last search.
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// Forces `puzzle`'s givens; false if they conflict (no solution) or the shape
    /// differs.
    fn force(&mut self, puzzle: &RectGrid) -> bool {
        let side = self.shape.side();
        if puzzle.shape != self.shape || puzzle.validate().is_err() {
            return false;
        }
        let givens = (0..side * side)
            .filter(|&k| puzzle.cells[k] != 0)
            .map(|k| option(side, k / side, k % side, puzzle.cells[k]));
        self.solver.set_forced(givens).is_ok()
    }

    /// The number of solutions, up to `limit`: partial when a limit stopped the search.
    pub fn count_up_to(&mut self, puzzle: &RectGrid, limit: u64) -> Count {
        if !self.force(puzzle) {
            return Count::new(0, None);
        }
        self.solver.count_up_to(limit)
    }

    /// A solution, `None` when there is none (or a limit stopped the search first).
    pub fn solve(&mut self, puzzle: &RectGrid) -> Option<RectGrid> {
        if !self.force(puzzle) {
            return None;
        }
        let side = self.shape.side();
        let solution = self.solver.first()?;
        let mut grid = puzzle.clone();
        for &o in solution.options() {
            let k = o.index();
            let (cell, v) = (k / side, k % side);
            grid.cells[cell] = (v + 1) as u8;
        }
        Some(grid)
    }
}

/// A puzzle of `shape` with one solution, from which no given can be taken away, the
/// same for the same `seed` on every machine.
pub fn generate(shape: BoxShape, seed: u64) -> RectGrid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let side = shape.side();
    let mut solver = RectSolver::new(shape);
    // A random first row, completed by the search, then shuffled within the symmetries.
    let mut first: Vec<u8> = (1..=side as u8).collect();
    shuffle(&mut rng, &mut first);
    let mut start = RectGrid::new(shape);
    start.cells[..side].copy_from_slice(&first);
    let full = solver
        .solve(&start)
        .expect("a first row of distinct values completes");
    let rows = permutation(&mut rng, shape.rows(), shape.cols());
    let cols = permutation(&mut rng, shape.cols(), shape.rows());
    let mut grid = RectGrid::new(shape);
    for (r, &from_row) in rows.iter().enumerate() {
        for (c, &from_col) in cols.iter().enumerate() {
            grid.set(r, c, full.get(from_row, from_col));
        }
    }
    let mut cells: Vec<usize> = (0..side * side).collect();
    shuffle(&mut rng, &mut cells);
    for cell in cells {
        let value = grid.cells[cell];
        grid.cells[cell] = 0;
        if solver.count_up_to(&grid, 2).found() != 1 {
            grid.cells[cell] = value;
        }
    }
    grid
}

/// A random order of `groups × within` lines that keeps each group's lines together.
fn permutation(rng: &mut ChaCha8Rng, within: usize, groups: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    shuffle(rng, &mut order);
    let mut lines = Vec::with_capacity(groups * within);
    for group in order {
        let mut inner: Vec<usize> = (0..within).collect();
        for k in (1..within).rev() {
            inner.swap(k, below(rng, k + 1));
        }
        lines.extend(inner.iter().map(|&k| group * within + k));
    }
    lines
}
