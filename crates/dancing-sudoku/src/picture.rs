//! Pictures of sudoku as SVG: any shape and variant (thick lines round the boxes or the
//! jigsaw's regions, the X diagonals and the hyper windows shaded, killer cages
//! outlined with their sums), givens set apart from the digits a solution adds, and
//! pencilmark candidates. One [`Picture`] draws every kind; [`sheet`] lays several
//! side by side.
//!
//! ```
//! use dancing_sudoku::{Grid, Variant, picture::Picture};
//!
//! let puzzle: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//! let solution = puzzle.solve().expect("a solution");
//! let svg = Picture::new(&puzzle).variant(&Variant::Classic).solution(&solution).svg();
//! assert!(svg.starts_with("<svg") && svg.contains(">8</text>"));
//! # Ok::<(), dancing_sudoku::PuzzleError>(())
//! ```

use dancing::svg::{Point, Stroke, Svg};

use crate::grid::{Alphabet, Grid};
use crate::position::Position;
use crate::shape::Shape;
use crate::variant::Variant;

/// The side of a cell, in the picture's units (pixels at scale 1).
pub const CELL: f64 = 36.0;

/// The margin round a grid.
const MARGIN: f64 = 6.0;

/// The colours of a picture.
pub mod colors {
    /// The givens' digits.
    pub const GIVEN: &str = "#000000";
    /// The digits a solution (or a step) adds.
    pub const SOLVED: &str = "#1f5fbf";
    /// Pencilmark candidates.
    pub const CANDIDATE: &str = "#606060";
    /// The lines between cells of a region.
    pub const THIN: &str = "#a0a0a0";
    /// The lines round the regions and the grid.
    pub const THICK: &str = "#000000";
    /// The cells of the X diagonals and the hyper windows.
    pub const EXTRA: &str = "#dde3f3";
    /// Killer cages' outlines and sums.
    pub const CAGE: &str = "#8a1f4f";
    /// The background.
    pub const PAPER: &str = "#ffffff";
}

/// A picture of a grid (see the module's docs), built step by step and drawn by
/// [`svg`](Self::svg).
#[derive(Debug, Clone)]
pub struct Picture<'g> {
    puzzle: &'g Grid,
    variant: Option<&'g Variant>,
    solution: Option<&'g Grid>,
    candidates: Option<&'g Position>,
}

impl<'g> Picture<'g> {
    /// A picture of `puzzle`: its filled cells are the givens.
    pub fn new(puzzle: &'g Grid) -> Self {
        Self {
            puzzle,
            variant: None,
            solution: None,
            candidates: None,
        }
    }

    /// Draws the variant's regions, diagonals, windows or cages (classic by default).
    pub fn variant(mut self, variant: &'g Variant) -> Self {
        self.variant = Some(variant);
        self
    }

    /// Fills the empty cells with `solution`'s digits, in [`colors::SOLVED`].
    pub fn solution(mut self, solution: &'g Grid) -> Self {
        self.solution = Some(solution);
        self
    }

    /// Writes the candidates of each empty cell of `position` small, each in its
    /// place of a box-shaped grid inside the cell.
    pub fn candidates(mut self, position: &'g Position) -> Self {
        self.candidates = Some(position);
        self
    }

    /// The picture's width and height.
    pub fn size(&self) -> Point {
        let side = self.puzzle.side() as f64 * CELL + 2.0 * MARGIN;
        (side, side)
    }

    /// The picture as an SVG document.
    pub fn svg(&self) -> String {
        let (w, h) = self.size();
        let mut svg = Svg::new(w, h);
        self.draw(&mut svg);
        svg.finish()
    }

    /// Draws the picture into `svg`, from its origin.
    pub fn draw(&self, svg: &mut Svg) {
        let (w, h) = self.size();
        svg.rect((0.0, 0.0), (w, h), colors::PAPER, None);
        let shape = self.puzzle.shape();
        let classic = Variant::Classic;
        let variant = self.variant.unwrap_or(&classic);
        self.shade(svg, shape, variant);
        self.digits(svg);
        if let Variant::Killer(cages) = variant {
            self.cages(svg, cages);
        }
        lines(svg, shape, &regions(shape, variant));
    }

    /// The cells of the diagonals or windows, shaded.
    fn shade(&self, svg: &mut Svg, shape: Shape, variant: &Variant) {
        let n = shape.side();
        let mut shaded = vec![false; n * n];
        for unit in variant.extra_units(shape) {
            for i in unit {
                shaded[i] = true;
            }
        }
        for (i, _) in shaded.iter().enumerate().filter(|(_, s)| **s) {
            svg.rect(corner(i / n, i % n), (CELL, CELL), colors::EXTRA, None);
        }
    }

    /// The givens, the solution's digits, and the candidates of empty cells.
    fn digits(&self, svg: &mut Svg) {
        let shape = self.puzzle.shape();
        let n = shape.side();
        for r in 0..n {
            for c in 0..n {
                let (x, y) = corner(r, c);
                let given = self.puzzle.get(r, c);
                let solved = self.solution.map_or(0, |s| s.get(r, c));
                if given != 0 {
                    digit(svg, (x, y), given, (colors::GIVEN, true));
                } else if solved != 0 {
                    digit(svg, (x, y), solved, (colors::SOLVED, false));
                } else if let Some(position) = self.candidates {
                    let mask = position.candidates(r, c);
                    candidates(svg, (x, y), shape, mask);
                }
            }
        }
    }

    /// Each cage: a dashed outline inside its cells' outer edges, and its sum in the
    /// corner of its first cell.
    fn cages(&self, svg: &mut Svg, cages: &[crate::variant::Cage]) {
        let n = self.puzzle.side();
        let mut owner = vec![usize::MAX; n * n];
        for (k, cage) in cages.iter().enumerate() {
            for &(r, c) in &cage.cells {
                owner[r * n + c] = k;
            }
        }
        let stroke = Stroke::dashed(colors::CAGE, 1.2, (3.0, 2.5));
        let inset = 4.0;
        for (k, cage) in cages.iter().enumerate() {
            let same = |r: isize, c: isize| {
                (0..n as isize).contains(&r)
                    && (0..n as isize).contains(&c)
                    && owner[r as usize * n + c as usize] == k
            };
            for &(r, c) in &cage.cells {
                let (x, y) = corner(r, c);
                let (r, c) = (r as isize, c as isize);
                let (x0, y0, x1, y1) = (x + inset, y + inset, x + CELL - inset, y + CELL - inset);
                // Each side with no cage cell beyond it; the corners joined where the
                // cage goes on.
                let left = if same(r, c - 1) { x } else { x0 };
                let right = if same(r, c + 1) { x + CELL } else { x1 };
                let top = if same(r - 1, c) { y } else { y0 };
                let bottom = if same(r + 1, c) { y + CELL } else { y1 };
                if !same(r - 1, c) {
                    svg.line((left, y0), (right, y0), stroke);
                }
                if !same(r + 1, c) {
                    svg.line((left, y1), (right, y1), stroke);
                }
                if !same(r, c - 1) {
                    svg.line((x0, top), (x0, bottom), stroke);
                }
                if !same(r, c + 1) {
                    svg.line((x1, top), (x1, bottom), stroke);
                }
            }
            if let Some(&(r, c)) = cage.cells.iter().min() {
                let (x, y) = corner(r, c);
                svg.rect((x + 1.5, y + 1.5), (16.0, 10.0), colors::PAPER, None);
                svg.text_styled(
                    (x + 2.5, y + 10.0),
                    9.0,
                    (colors::CAGE, false, "start"),
                    &cage.sum.to_string(),
                );
            }
        }
    }
}

/// Several pictures side by side, `per_row` to a row, as one SVG document.
pub fn sheet(pictures: &[Picture<'_>], per_row: usize) -> String {
    let per_row = per_row.max(1);
    let gap = 12.0;
    let mut rows: Vec<(f64, f64)> = Vec::new(); // each row's width and height
    for row in pictures.chunks(per_row) {
        let width = row.iter().map(|p| p.size().0 + gap).sum::<f64>() - gap;
        let height = row.iter().map(|p| p.size().1).fold(0.0, f64::max);
        rows.push((width, height));
    }
    let width = rows.iter().map(|r| r.0).fold(0.0, f64::max);
    let height = rows.iter().map(|r| r.1 + gap).sum::<f64>() - gap;
    let mut svg = Svg::new(width.max(1.0), height.max(1.0));
    let mut y = 0.0;
    for (row, &(_, h)) in pictures.chunks(per_row).zip(&rows) {
        let mut x = 0.0;
        for picture in row {
            svg.group((x, y));
            picture.draw(&mut svg);
            svg.end_group();
            x += picture.size().0 + gap;
        }
        y += h + gap;
    }
    svg.finish()
}

/// The top-left corner of cell `(r, c)`.
fn corner(r: usize, c: usize) -> Point {
    (MARGIN + c as f64 * CELL, MARGIN + r as f64 * CELL)
}

/// Each cell's region: the boxes', or the jigsaw's.
fn regions(shape: Shape, variant: &Variant) -> Vec<usize> {
    let n = shape.side();
    let mut region = vec![0; n * n];
    for (k, unit) in variant.units(shape)[2 * n..3 * n].iter().enumerate() {
        for &i in unit {
            region[i] = k;
        }
    }
    region
}

/// The lines between cells: thick between regions and round the grid, thin inside.
fn lines(svg: &mut Svg, shape: Shape, region: &[usize]) {
    let n = shape.side();
    let thin = Stroke::solid(colors::THIN, 1.0);
    let thick = Stroke::solid(colors::THICK, 3.0);
    let mut thicks = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = corner(r, c);
            // The edge to the right, and the edge below.
            if c + 1 < n {
                let edge = ((x + CELL, y), (x + CELL, y + CELL));
                if region[r * n + c] == region[r * n + c + 1] {
                    svg.line(edge.0, edge.1, thin);
                } else {
                    thicks.push(edge);
                }
            }
            if r + 1 < n {
                let edge = ((x, y + CELL), (x + CELL, y + CELL));
                if region[r * n + c] == region[(r + 1) * n + c] {
                    svg.line(edge.0, edge.1, thin);
                } else {
                    thicks.push(edge);
                }
            }
        }
    }
    for (from, to) in thicks {
        svg.line(from, to, thick);
    }
    let side = n as f64 * CELL;
    svg.rect((MARGIN, MARGIN), (side, side), "none", Some(thick));
}

/// A digit filling cell `at`.
fn digit(svg: &mut Svg, (x, y): Point, value: u8, (color, bold): (&str, bool)) {
    let symbol = Alphabet::Digits.symbol(value).unwrap_or('?').to_string();
    svg.text_styled(
        (x + CELL / 2.0, y + CELL * 0.73),
        CELL * 0.62,
        (color, bold, "middle"),
        &symbol,
    );
}

/// The candidates of `mask` in cell `at`, each in its place of a grid shaped like a
/// box (value `v` at row `(v − 1) / columns`, column `(v − 1) % columns`).
fn candidates(svg: &mut Svg, (x, y): Point, shape: Shape, mask: u64) {
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    let (w, h) = (CELL / cols as f64, CELL / rows as f64);
    let size = h.min(w) * 0.8;
    for v in 1..=shape.side() {
        if mask >> (v - 1) & 1 == 0 {
            continue;
        }
        let (row, col) = ((v - 1) / cols, (v - 1) % cols);
        let symbol = Alphabet::Digits.symbol(v as u8).unwrap_or('?').to_string();
        svg.text(
            (
                x + (col as f64 + 0.5) * w,
                y + (row as f64 + 0.5) * h + size * 0.36,
            ),
            size,
            colors::CANDIDATE,
            &symbol,
        );
    }
}
