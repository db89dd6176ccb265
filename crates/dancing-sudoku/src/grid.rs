//! The grid type: a sudoku of any [`Shape`] (boxes of r×c cells, side N = r·c), its
//! cells, its symbols and its printers. Parsers are in [`crate::parse`]; this module
//! holds what a grid *is*.

use std::fmt;

use crate::shape::Shape;

mod repeats;

pub(crate) use repeats::givens_of;
use repeats::{repeats, repeats_9x9, repeats_in};

/// The smallest order of a square [`Shape`] (a 4×4 grid).
pub const MIN_ORDER: usize = 2;
/// The largest order of a square [`Shape`] (a 36×36 grid).
pub const MAX_ORDER: usize = 6;

/// A sudoku grid of any [`Shape`]: boxes of r×c cells, side N = r·c, N² cells; the
/// square shapes (order n = 2..=6, boxes n×n) and the rectangular ones (6×6 with 2×3
/// boxes, 8×8 with 2×4, 12×12 with 3×4, …).
///
/// A cell holds `0` when empty, otherwise a value `1..=N`. Cells are stored row by row,
/// so cell `(r, c)` (0-based) is `cells()[r * N + c]`.
///
/// Text forms (see [`crate::parse`] for the exact rules):
///
/// - [`Display`](fmt::Display) prints the one-line form (`.` for empty, `1`-`9`, then
///   `A`=10, `B`=11, …); the alternate form `{:#}` prints a block with box separators.
/// - [`FromStr`](std::str::FromStr) reads the one-line form, a block, or rows of numbers.
///
/// ```
/// use dancing_sudoku::Grid;
///
/// let grid: Grid = "1.3.\n..1.\n2.4.\n..2.".parse()?;
/// assert_eq!((grid.shape(), grid.side(), grid.givens()), (dancing_sudoku::Shape::square(2), 4, 6));
/// assert_eq!(grid.get(0, 2), 3);
/// assert_eq!(grid.to_string(), "1.3...1.2.4...2.");
/// assert_eq!(format!("{grid:#}"), "1 . | 3 .\n. . | 1 .\n----+----\n2 . | 4 .\n. . | 2 .\n");
/// # Ok::<(), dancing_sudoku::PuzzleError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// The symbols a grid is written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Alphabet {
    /// `1`-`9`, then `A`=10, `B`=11, … `Z`=35, and `0`=36 (only in a 36×36 grid).
    /// Empty cells are `.`, `_`, `-`, `*`, or `0` where N ≤ 9. The usual alphabet.
    #[default]
    Digits,
    /// `A`=1, `B`=2, … `Z`=26, `-` (or `.`) for empty; grids up to 25×25. Used by the
    /// 16×16 online judges (POJ 3076).
    Letters,
}

impl Alphabet {
    /// The symbol that writes `value` (1-based), or `None` if this alphabet has none.
    pub fn symbol(self, value: u8) -> Option<char> {
        match (self, value) {
            (_, 0) => None,
            (Self::Digits, 1..=9) => Some(char::from(b'0' + value)),
            (Self::Digits, 10..=35) => Some(char::from(b'A' + value - 10)),
            (Self::Digits, 36) => Some('0'),
            (Self::Letters, 1..=26) => Some(char::from(b'A' + value - 1)),
            _ => None,
        }
    }

    /// The symbol written for an empty cell by default.
    pub fn empty_symbol(self) -> char {
        match self {
            Self::Digits => '.',
            Self::Letters => '-',
        }
    }

    /// The largest value this alphabet can write.
    pub fn max_value(self) -> usize {
        match self {
            Self::Digits => 36,
            Self::Letters => 26,
        }
    }
}

/// A unit of the grid: a row, a column or a box, numbered from 0 (boxes row by row);
/// for the variants, a jigsaw's region, an X sudoku's diagonal or a hyper sudoku's
/// window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unit {
    /// Row `r`.
    Row(usize),
    /// Column `c`.
    Column(usize),
    /// Box `b`, counting boxes row by row from the top left.
    Box(usize),
    /// A jigsaw's region `k`, as its labels number them from 0.
    Region(usize),
    /// An X sudoku's diagonal: 0 from the top left, 1 from the top right.
    Diagonal(usize),
    /// A hyper sudoku's window `k`, row by row from the top left.
    Window(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Row(r) => write!(f, "row {}", r + 1),
            Self::Column(c) => write!(f, "column {}", c + 1),
            Self::Box(b) => write!(f, "box {}", b + 1),
            Self::Region(k) => write!(f, "region {}", k + 1),
            Self::Diagonal(0) => f.write_str("the main diagonal"),
            Self::Diagonal(_) => f.write_str("the anti-diagonal"),
            Self::Window(k) => write!(f, "window {}", k + 1),
        }
    }
}

/// Two givens with the same value in one unit. Positions are 0-based `(row, column)`;
/// the message counts from 1 (`r1c2` is the first row, second column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{} appears twice in {unit}: r{}c{} and r{}c{}", Alphabet::Digits.symbol(*.value).unwrap_or('?'), .cells[0].0 + 1, .cells[0].1 + 1, .cells[1].0 + 1, .cells[1].1 + 1)]
pub struct Conflict {
    /// The repeated value.
    pub value: u8,
    /// Where it repeats.
    pub unit: Unit,
    /// The two cells, in reading order.
    pub cells: [(usize, usize); 2],
}

/// Why [`Grid::from_cells`] refused its input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// The number of cells is not N² for the shape.
    #[error("{found} cells given, a grid of {shape} boxes has {expected}")]
    Length {
        /// The shape asked for.
        shape: Shape,
        /// Cells expected.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A cell holds a value above N. The message names the cell by its 1-based row and
    /// column, as `r1c1` for the first.
    #[error("r{}c{} holds {value}, above the largest value {side}", .index / .side + 1, .index % .side + 1)]
    Value {
        /// 0-based index of the cell, row by row.
        index: usize,
        /// The value.
        value: u8,
        /// N, the largest allowed value.
        side: usize,
    },
}

/// Whether the cells of a solution agree with every given of a puzzle's (0 for empty),
/// cell by cell: for grids of square and of rectangular boxes alike.
pub(crate) fn agrees(solution: &[u8], puzzle: &[u8]) -> bool {
    solution.len() == puzzle.len() && solution.iter().zip(puzzle).all(|(&s, &p)| p == 0 || s == p)
}

impl Grid {
    /// An empty grid of the square shape of order `order` (side `order²`): the short
    /// form of [`Grid::new`]`(`[`Shape::square`]`(order))`.
    ///
    /// # Panics
    /// If `order` is outside [`MIN_ORDER`]`..=`[`MAX_ORDER`].
    #[track_caller]
    pub fn empty(order: usize) -> Self {
        Self::new(Shape::square(order))
    }

    /// An empty grid of `shape`.
    pub fn new(shape: Shape) -> Self {
        Self {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid of `shape` from its cells, row by row, `0` for empty.
    ///
    /// ```
    /// use dancing_sudoku::{Grid, Shape};
    ///
    /// let six = Grid::from_cells("2x3".parse()?, vec![0; 36])?;
    /// assert_eq!(six.side(), 6);
    /// assert!(Grid::from_cells(Shape::square(3), vec![0; 80]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Result<Self, GridError> {
        let side = shape.side();
        if cells.len() != side * side {
            return Err(GridError::Length {
                shape,
                expected: side * side,
                found: cells.len(),
            });
        }
        // The largest value first, in one pass the compiler can vectorize; the bad cell
        // is looked for only when there is one.
        let largest = cells.iter().fold(0, |m, &v| m.max(v));
        if usize::from(largest) > side
            && let Some((index, &value)) = cells
                .iter()
                .enumerate()
                .find(|&(_, &v)| usize::from(v) > side)
        {
            return Err(GridError::Value { index, value, side });
        }
        Ok(Self { shape, cells })
    }

    /// The shape: the boxes, and from them the side.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side N = r·c: the number of rows, of columns, of boxes and of values.
    #[inline]
    pub fn side(&self) -> usize {
        self.shape.side()
    }

    /// The cells, row by row: `0` for empty, otherwise `1..=N`.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value in row `r`, column `c` (0-based), `0` if empty.
    ///
    /// # Panics
    /// If `r` or `c` is not below N.
    #[inline]
    #[track_caller]
    pub fn get(&self, r: usize, c: usize) -> u8 {
        let n = self.side();
        assert!(r < n && c < n, "cell ({r}, {c}) is outside a {n}×{n} grid");
        self.cells[r * n + c]
    }

    /// Sets row `r`, column `c` (0-based) to `value` (`0` empties the cell).
    ///
    /// # Panics
    /// If `r` or `c` is not below N, or `value` is above N.
    #[inline]
    #[track_caller]
    pub fn set(&mut self, r: usize, c: usize, value: u8) {
        let n = self.side();
        assert!(r < n && c < n, "cell ({r}, {c}) is outside a {n}×{n} grid");
        assert!(usize::from(value) <= n, "value {value} is above {n}");
        self.cells[r * n + c] = value;
    }

    /// The cell storage, for the parsers that refill a grid in place.
    pub(crate) fn cells_vec_mut(&mut self) -> &mut Vec<u8> {
        &mut self.cells
    }

    /// Makes this grid one of `shape` with these cells (already checked).
    pub(crate) fn copy_from_cells(&mut self, shape: Shape, cells: &[u8]) {
        self.shape = shape;
        self.cells.clear();
        self.cells.extend_from_slice(cells);
    }

    /// Empties every cell, keeping the shape.
    pub fn clear(&mut self) {
        self.cells.fill(0);
    }

    /// Makes this grid a copy of `other`, reusing this grid's storage.
    pub fn copy_from(&mut self, other: &Grid) {
        self.shape = other.shape;
        self.cells.clear();
        self.cells.extend_from_slice(&other.cells);
    }

    /// The number of filled cells (givens, for a puzzle).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Whether the grid is complete and breaks no rule: a solved sudoku.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.validate().is_ok()
    }

    /// Whether this grid is a solution of `puzzle`: solved, the same shape, and agreeing
    /// with every given of `puzzle`.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape && self.is_solved() && agrees(&self.cells, &puzzle.cells)
    }

    /// The box of row `r`, column `c` (boxes numbered row by row from 0).
    #[inline]
    pub fn box_of(&self, r: usize, c: usize) -> usize {
        self.shape.box_of(r, c)
    }

    /// Checks that no value appears twice in a row, a column or a box. A puzzle that
    /// fails has no solution; the error names the first conflict in reading order of the
    /// second cell (rows checked before columns before boxes for the same cell).
    ///
    /// ```
    /// let grid: dancing_sudoku::Grid = "1..1............".parse()?;
    /// let err = grid.validate().unwrap_err();
    /// assert_eq!(err.to_string(), "1 appears twice in row 1: r1c1 and r1c4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self) -> Result<(), Conflict> {
        if self.side() <= 32 && !self.repeats_a_value() {
            return Ok(());
        }
        match self.find_conflicts(true).first() {
            Some(&conflict) => Err(conflict),
            None => Ok(()),
        }
    }

    /// Every conflict between givens: for each unit and value, each cell that repeats
    /// the value is paired with the first cell holding it in that unit.
    pub fn conflicts(&self) -> Vec<Conflict> {
        self.find_conflicts(false)
    }

    /// Whether a value repeats in a unit, for sides up to 32: one pass over the cells
    /// with a bitset per unit and no allocation, so that the common case (no conflict)
    /// costs little; [`find_conflicts`](Self::find_conflicts) names the conflict.
    fn repeats_a_value(&self) -> bool {
        match self.shape.order() {
            Some(2) => repeats::<2>(&self.cells),
            Some(3) => repeats_9x9(&self.cells),
            Some(4) => repeats::<4>(&self.cells),
            Some(5) => repeats::<5>(&self.cells),
            _ => repeats_in(self.shape, &self.cells),
        }
    }

    fn find_conflicts(&self, first_only: bool) -> Vec<Conflict> {
        let n = self.side();
        // For each unit kind, unit and value: the first cell seen holding it, plus one.
        let mut seen = vec![0u32; 3 * n * (n + 1)];
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let v = usize::from(self.cells[r * n + c]);
                if v == 0 {
                    continue;
                }
                let b = self.box_of(r, c);
                let units = [(Unit::Row(r), r), (Unit::Column(c), c), (Unit::Box(b), b)];
                for (kind, (unit, u)) in units.into_iter().enumerate() {
                    let slot = &mut seen[(kind * n + u) * (n + 1) + v];
                    if *slot == 0 {
                        *slot = (r * n + c + 1) as u32;
                    } else {
                        let first = *slot as usize - 1;
                        out.push(Conflict {
                            value: v as u8,
                            unit,
                            cells: [(first / n, first % n), (r, c)],
                        });
                        if first_only {
                            return out;
                        }
                    }
                }
            }
        }
        out
    }

    /// The one-line form in `alphabet`, `empty` for empty cells.
    ///
    /// # Panics
    /// If `alphabet` cannot write the grid's values (letters above 26).
    pub fn to_line_with(&self, alphabet: Alphabet, empty: char) -> String {
        let mut s = String::with_capacity(self.cells.len());
        self.write_line(&mut s, alphabet, empty)
            .expect("writing to a String cannot fail");
        s
    }

    /// Writes the one-line form in `alphabet` (no newline), `empty` for empty cells,
    /// without allocating.
    ///
    /// # Panics
    /// If `alphabet` cannot write the grid's values (letters above 26).
    pub fn write_line(
        &self,
        out: &mut impl fmt::Write,
        alphabet: Alphabet,
        empty: char,
    ) -> fmt::Result {
        for &v in &self.cells {
            out.write_char(symbol_or(alphabet, v, empty))?;
        }
        Ok(())
    }

    /// N lines of N symbols with no separators, each ending in a newline: the form of
    /// the online judges (`Letters` with `-` for POJ 3076, `Digits` with `_` for Sicily).
    pub fn to_rows_with(&self, alphabet: Alphabet, empty: char) -> String {
        let n = self.side();
        let mut s = String::with_capacity(self.cells.len() + n);
        for row in self.cells.chunks(n) {
            for &v in row {
                s.push(symbol_or(alphabet, v, empty));
            }
            s.push('\n');
        }
        s
    }

    /// A readable block in `alphabet`: symbols separated by spaces, boxes by `|` and
    /// lines of `-` and `+`, each row ending in a newline. Parsed back by
    /// [`Grid::parse_block`].
    pub fn to_block_with(&self, alphabet: Alphabet, empty: char) -> String {
        let mut s = String::new();
        self.write_block(&mut s, alphabet, empty)
            .expect("writing to a String cannot fail");
        s
    }

    fn write_block(
        &self,
        out: &mut impl fmt::Write,
        alphabet: Alphabet,
        empty: char,
    ) -> fmt::Result {
        let (rows, cols) = (self.shape.box_rows(), self.shape.box_cols());
        let side = self.side();
        // Under `1 2 3 | 4 5 6 | 7 8 9`: `------+-------+------`, a `+` under each `|`.
        let stacks = self.shape.stacks();
        let mut separator = String::new();
        for b in 0..stacks {
            if b > 0 {
                separator.push('+');
            }
            let len = 2 * cols + 1 - usize::from(b == 0) - usize::from(b == stacks - 1);
            separator.extend(std::iter::repeat_n('-', len));
        }
        for r in 0..side {
            if r > 0 && r % rows == 0 {
                writeln!(out, "{separator}")?;
            }
            for c in 0..side {
                if c > 0 {
                    if c % cols == 0 {
                        out.write_str(" | ")?;
                    } else {
                        out.write_char(' ')?;
                    }
                }
                out.write_char(symbol_or(alphabet, self.cells[r * side + c], empty))?;
            }
            out.write_char('\n')?;
        }
        Ok(())
    }

    /// The grid as N rows of N space-separated numbers, `0` for empty, each row ending
    /// in a newline. Parsed back by [`Grid::parse_numbers`].
    pub fn to_numbers(&self) -> String {
        let n = self.side();
        let mut s = String::new();
        for row in self.cells.chunks(n) {
            for (c, v) in row.iter().enumerate() {
                if c > 0 {
                    s.push(' ');
                }
                s.push_str(&v.to_string());
            }
            s.push('\n');
        }
        s
    }
}

fn symbol_or(alphabet: Alphabet, value: u8, empty: char) -> char {
    if value == 0 {
        empty
    } else {
        alphabet
            .symbol(value)
            .unwrap_or_else(|| panic!("the {alphabet:?} alphabet cannot write {value}"))
    }
}

impl fmt::Display for Grid {
    /// The one-line form; with `{:#}`, a block with box separators.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            self.write_block(f, Alphabet::Digits, '.')
        } else {
            self.write_line(f, Alphabet::Digits, '.')
        }
    }
}

impl fmt::Debug for Grid {
    /// `Grid("1.3.…")`, with the shape first when its boxes are not square:
    /// `Grid(2x3, "1.....")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.shape.is_square() {
            write!(f, "Grid(\"{self}\")")
        } else {
            write!(f, "Grid({}, \"{self}\")", self.shape)
        }
    }
}
