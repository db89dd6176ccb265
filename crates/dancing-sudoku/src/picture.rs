//! Pictures of sudoku as SVG: any shape and variant (thick lines round the boxes or the
//! jigsaw's regions, the X diagonals and the hyper windows shaded, killer cages
//! outlined with their sums), givens set apart from the digits a solution adds,
//! pencilmark candidates, and a hint: the cells of its pattern shaded, the candidates
//! it removes in one colour and the value it places in another, and a chain's links as
//! arrows (strong links solid, weak links dashed). One [`Picture`] draws every kind;
//! [`sheet`] lays several side by side.
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

mod hint;

use dancing::svg::{Point, Stroke, Svg};

use crate::grid::{Alphabet, Grid};
use crate::logic::{Cell, Step};
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
    /// The cells of a step's pattern.
    pub const PATTERN: &str = "#fde8a6";
    /// The cells of a step's second kind (a coloring's other colour, a wing's pincers,
    /// the unit a single is the last place in).
    pub const SECOND: &str = "#d6ecd2";
    /// The candidates a step removes.
    pub const REMOVED: &str = "#d62728";
    /// The value a step places.
    pub const PLACED: &str = "#1a9641";
    /// A chain's links.
    pub const LINK: &str = "#e66100";
}

/// A picture of a grid (see the module's docs), built step by step and drawn by
/// [`svg`](Self::svg).
#[derive(Debug, Clone)]
pub struct Picture<'g> {
    puzzle: &'g Grid,
    variant: Option<&'g Variant>,
    solution: Option<&'g Grid>,
    candidates: Option<&'g Position>,
    step: Option<&'g Step>,
}

impl<'g> Picture<'g> {
    /// A picture of `puzzle`: its filled cells are the givens.
    pub fn new(puzzle: &'g Grid) -> Self {
        Self {
            puzzle,
            variant: None,
            solution: None,
            candidates: None,
            step: None,
        }
    }

    /// Draws `step` as a hint on the candidates (see the module's docs): give the
    /// position it was found in with [`candidates`](Self::candidates).
    pub fn step(mut self, step: &'g Step) -> Self {
        self.step = Some(step);
        self
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
        let marks = self
            .step
            .map(|step| hint::marks(step, shape, variant))
            .unwrap_or_default();
        self.shade(svg, shape, variant);
        for (cells, color) in [
            (&marks.second, colors::SECOND),
            (&marks.pattern, colors::PATTERN),
        ] {
            for &(r, c) in cells {
                svg.rect(corner(r, c), (CELL, CELL), color, None);
            }
        }
        self.digits(svg, &marks);
        if let Variant::Killer(cages) = variant {
            self.cages(svg, cages);
        }
        lines(svg, shape, &regions(shape, variant));
        for &((a, v), (b, w), strong) in &marks.links {
            link(svg, shape, (a, v), (b, w), strong);
        }
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

    /// The givens, the solution's digits, and the candidates of empty cells, with the
    /// step's removals and placement.
    fn digits(&self, svg: &mut Svg, marks: &hint::Marks) {
        let shape = self.puzzle.shape();
        let n = shape.side();
        for r in 0..n {
            for c in 0..n {
                let (x, y) = corner(r, c);
                let given = self.puzzle.get(r, c);
                let solved = self.solution.map_or(0, |s| s.get(r, c));
                if given != 0 {
                    digit(svg, (x, y), given, (colors::GIVEN, true));
                } else if let Some(((_, _), v)) = marks.placed.filter(|p| p.0 == (r, c)) {
                    digit(svg, (x, y), v, (colors::PLACED, true));
                } else if solved != 0 {
                    digit(svg, (x, y), solved, (colors::SOLVED, false));
                } else if let Some(position) = self.candidates {
                    let mask = position.candidates(r, c);
                    let removed: Vec<u8> = marks
                        .removed
                        .iter()
                        .filter(|e| e.0 == (r, c))
                        .map(|e| e.1)
                        .collect();
                    candidates(svg, (r, c), shape, (mask, &removed));
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

/// Several pictures side by side, `per_row` to a row, as one SVG document
/// ([`dancing::svg::sheet`]).
pub fn sheet(pictures: &[Picture<'_>], per_row: usize) -> String {
    let pictures: Vec<String> = pictures.iter().map(Picture::svg).collect();
    dancing::svg::sheet(&pictures, per_row)
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

/// The centre of candidate `v`'s place in `cell`: a grid shaped like a box (value `v`
/// at row `(v − 1) / columns`, column `(v − 1) % columns`), and the size of its text.
pub fn candidate_place(shape: Shape, (r, c): Cell, v: u8) -> (Point, f64) {
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    let (w, h) = (CELL / cols as f64, CELL / rows as f64);
    let (x, y) = corner(r, c);
    let k = usize::from(v) - 1;
    let (row, col) = (k / cols, k % cols);
    (
        (x + (col as f64 + 0.5) * w, y + (row as f64 + 0.5) * h),
        h.min(w) * 0.8,
    )
}

/// The candidates of `mask` in `cell`, each in its place; those of `removed` in
/// [`colors::REMOVED`], on a disc.
fn candidates(svg: &mut Svg, cell: Cell, shape: Shape, (mask, removed): (u64, &[u8])) {
    for v in 1..=shape.side() as u8 {
        if mask >> (v - 1) & 1 == 0 {
            continue;
        }
        let ((cx, cy), size) = candidate_place(shape, cell, v);
        let symbol = Alphabet::Digits.symbol(v).unwrap_or('?').to_string();
        let gone = removed.contains(&v);
        let color = if gone {
            svg.circle((cx, cy), size * 0.62, "#fbd3d3", None);
            colors::REMOVED
        } else {
            colors::CANDIDATE
        };
        svg.text_styled(
            (cx, cy + size * 0.36),
            size,
            (color, gone, "middle"),
            &symbol,
        );
    }
}

/// A chain's link as an arrow between two candidates' places, stopping short of them.
fn link(svg: &mut Svg, shape: Shape, from: (Cell, u8), to: (Cell, u8), strong: bool) {
    let ((x0, y0), size) = candidate_place(shape, from.0, from.1);
    let ((x1, y1), _) = candidate_place(shape, to.0, to.1);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let length = dx.hypot(dy);
    if length < size {
        return;
    }
    let gap = size * 0.6 / length;
    let start = (x0 + dx * gap, y0 + dy * gap);
    let end = (x1 - dx * gap, y1 - dy * gap);
    let stroke = if strong {
        Stroke::solid(colors::LINK, 1.6)
    } else {
        Stroke::dashed(colors::LINK, 1.6, (4.0, 3.0))
    };
    svg.arrow(start, end, stroke, 6.0);
}
