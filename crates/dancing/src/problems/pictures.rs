//! Pictures of the classic problems' solutions as SVG: a packing (or a domino tiling),
//! each piece in its own colour (past twelve pieces, touching pieces in different ones,
//! which only a piece touching twelve others can defeat), holes dark; a board of
//! queens.

use crate::ids::OptionId;
use crate::problem::Problem;
use crate::svg::{Stroke, Svg};

use super::packing::{Board, cell_numbers, cell_of};

/// The side of a square, in the picture's units.
pub const SQUARE: f64 = 24.0;

/// The margin round a board.
const MARGIN: f64 = 4.0;

/// The colour of holes, and of the lines between pieces.
pub const HOLE: &str = "#2b2b2b";

/// The pieces' colours, in turn: touching pieces take different ones.
pub const PALETTE: [&str; 12] = [
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6",
    "#bfef45", "#fabed4", "#469990", "#dcbeff",
];

/// The picture of a solution of [`packing`](super::packing) on `board` (or of any
/// problem whose options cover cells named `r{r}c{c}`): each option's cells as one
/// piece.
pub fn packing_svg(problem: &Problem, board: &Board, options: &[OptionId]) -> String {
    let (height, width) = (board.height(), board.width());
    cells_svg(
        (height, width),
        |r, c| board.is_cell(r, c),
        &pieces(problem, options),
    )
}

/// The picture of a solution of [`dominoes`](super::dominoes) on a `width`×`height`
/// board.
pub fn dominoes_svg(
    problem: &Problem,
    (width, height): (usize, usize),
    options: &[OptionId],
) -> String {
    cells_svg((height, width), |_, _| true, &pieces(problem, options))
}

/// The picture of a solution of [`queens`](super::queens): a chequered board, a queen
/// on each square of the solution.
pub fn queens_svg(problem: &Problem, options: &[OptionId]) -> String {
    let columns = super::queens_board(problem, options);
    let n = columns.len();
    let side = n as f64 * SQUARE + 2.0 * MARGIN;
    let mut svg = Svg::new(side, side);
    for r in 0..n {
        for c in 0..n {
            let light = (r + c) % 2 == 0;
            let fill = if light { "#f0d9b5" } else { "#b58863" };
            svg.rect(corner(r, c), (SQUARE, SQUARE), fill, None);
        }
    }
    for (r, &c) in columns.iter().enumerate() {
        let (x, y) = corner(r, c);
        let center = (x + SQUARE / 2.0, y + SQUARE / 2.0);
        svg.circle(
            center,
            SQUARE * 0.34,
            HOLE,
            Some(Stroke::solid("#ffffff", 1.5)),
        );
    }
    let side = n as f64 * SQUARE;
    svg.rect(
        (MARGIN, MARGIN),
        (side, side),
        "none",
        Some(Stroke::solid(HOLE, 2.0)),
    );
    svg.finish()
}

/// The most squares [`board_svg`] draws: a board this large is no picture a person
/// reads, and names such as `r9999999c1` must not make one.
const MAX_SQUARES: usize = 1 << 20;

/// The picture of a solution of any problem whose primary items include cells named
/// `r{r}c{c}` (a packing, a domino tiling, a board built by hand, numbered from 0 or
/// from 1): each option's cells as one piece, in colours as [`packing_svg`] gives
/// them; the squares between the cells that no item names are holes. `None` when no
/// primary item is named so, or the cells span more than a million squares.
///
/// ```
/// use dancing::{Engine, ProblemBuilder, Solver, problems};
///
/// let mut b = ProblemBuilder::new();
/// for cell in ["r0c0", "r0c1", "r1c0", "r1c1"] {
///     b.primary(cell)?;
/// }
/// for option in [["r0c0", "r0c1"], ["r1c0", "r1c1"], ["r0c0", "r1c0"], ["r0c1", "r1c1"]] {
///     b.option_named(option)?;
/// }
/// let problem = b.build()?;
/// let solution = Solver::new(&problem).first().expect("a tiling");
/// let svg = problems::board_svg(&problem, solution.options()).expect("cells");
/// assert_eq!(svg.matches("<line").count(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board_svg(problem: &Problem, options: &[OptionId]) -> Option<String> {
    let cells: Vec<(usize, usize)> = problem
        .items()
        .filter(|&i| problem.is_primary(i))
        .filter_map(|i| cell_numbers(problem.item_name(i)))
        .collect();
    let top = cells.iter().map(|&(r, _)| r).min()?;
    let left = cells.iter().map(|&(_, c)| c).min()?;
    let height = cells.iter().map(|&(r, _)| r - top).max()? + 1;
    let width = cells.iter().map(|&(_, c)| c - left).max()? + 1;
    if height.saturating_mul(width) > MAX_SQUARES {
        return None;
    }
    let mut open = vec![false; height * width];
    for &(r, c) in &cells {
        open[(r - top) * width + (c - left)] = true;
    }
    let pieces: Vec<Vec<(usize, usize)>> = in_order(options)
        .into_iter()
        .map(|o| {
            problem
                .option_items(o)
                .filter_map(|(item, _)| cell_numbers(problem.item_name(item)))
                .filter(|&(r, c)| r >= top && c >= left)
                .map(|(r, c)| (r - top, c - left))
                .collect()
        })
        .collect();
    Some(cells_svg(
        (height, width),
        |r, c| open[r * width + c],
        &pieces,
    ))
}

/// The options of a solution in the problem's order, whatever order they come in: so
/// a piece takes the same colour in every solution (a packing lists its options
/// piece by piece), and a solution the same picture however it was found.
fn in_order(options: &[OptionId]) -> Vec<OptionId> {
    let mut sorted = options.to_vec();
    sorted.sort_unstable();
    sorted
}

/// Each option's cells (its items named `r{r}c{c}`), as a piece.
fn pieces(problem: &Problem, options: &[OptionId]) -> Vec<Vec<(usize, usize)>> {
    in_order(options)
        .into_iter()
        .map(|o| {
            problem
                .option_items(o)
                .filter_map(|(item, _)| cell_of(problem.item_name(item)))
                .collect()
        })
        .collect()
}

/// A board of `height` × `width` squares, those `open` says are cells, covered by
/// `pieces`: each piece filled with a colour no touching piece has, thick lines between
/// pieces, holes dark.
fn cells_svg(
    (height, width): (usize, usize),
    open: impl Fn(usize, usize) -> bool,
    pieces: &[Vec<(usize, usize)>],
) -> String {
    let mut owner = vec![usize::MAX; height * width];
    for (k, piece) in pieces.iter().enumerate() {
        for &(r, c) in piece.iter().filter(|&&(r, c)| r < height && c < width) {
            owner[r * width + c] = k;
        }
    }
    let colors = colors(pieces.len(), (height, width), &owner);
    let (w, h) = (
        width as f64 * SQUARE + 2.0 * MARGIN,
        height as f64 * SQUARE + 2.0 * MARGIN,
    );
    let mut svg = Svg::new(w, h);
    svg.rect((0.0, 0.0), (w, h), "#ffffff", None);
    for r in 0..height {
        for c in 0..width {
            let fill = match owner[r * width + c] {
                _ if !open(r, c) => HOLE,
                usize::MAX => "#ffffff",
                k => PALETTE[colors[k] % PALETTE.len()],
            };
            svg.rect(corner(r, c), (SQUARE, SQUARE), fill, None);
        }
    }
    // A line along each edge between different pieces, holes or the outside.
    let thick = Stroke::solid(HOLE, 2.0);
    let at = |r: isize, c: isize| {
        let inside = (0..height as isize).contains(&r) && (0..width as isize).contains(&c);
        inside.then(|| owner[r as usize * width + c as usize])
    };
    for r in 0..=height as isize {
        for c in 0..=width as isize {
            let (x, y) = (MARGIN + c as f64 * SQUARE, MARGIN + r as f64 * SQUARE);
            if c < width as isize && at(r - 1, c) != at(r, c) {
                svg.line((x, y), (x + SQUARE, y), thick);
            }
            if r < height as isize && at(r, c - 1) != at(r, c) {
                svg.line((x, y), (x, y + SQUARE), thick);
            }
        }
    }
    svg.finish()
}

/// A colour for each piece (an index of [`PALETTE`]): its own, when there are no more
/// pieces than colours; else the first that no touching piece coloured before it has.
fn colors(count: usize, (height, width): (usize, usize), owner: &[usize]) -> Vec<usize> {
    if count <= PALETTE.len() {
        return (0..count).collect();
    }
    let mut touching: Vec<Vec<usize>> = vec![Vec::new(); count];
    for r in 0..height {
        for c in 0..width {
            let a = owner[r * width + c];
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                if r2 < height && c2 < width {
                    let b = owner[r2 * width + c2];
                    if a != b && a != usize::MAX && b != usize::MAX {
                        touching[a].push(b);
                        touching[b].push(a);
                    }
                }
            }
        }
    }
    let mut color = vec![usize::MAX; count];
    for k in 0..count {
        color[k] = (0..)
            .find(|&c| touching[k].iter().all(|&other| color[other] != c))
            .unwrap_or(0);
    }
    color
}

/// The top-left corner of square `(r, c)`.
fn corner(r: usize, c: usize) -> (f64, f64) {
    (MARGIN + c as f64 * SQUARE, MARGIN + r as f64 * SQUARE)
}
