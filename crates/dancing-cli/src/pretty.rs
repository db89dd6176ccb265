//! Grids drawn for people: box lines of any order, and the givens set apart from the
//! filled cells when standard output is a colour terminal.

use std::env;
use std::io::{self, IsTerminal};

use dancing_sudoku::{Alphabet, Grid, Regions};

/// Whether the drawing may use colour and bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Style {
    color: bool,
}

impl Style {
    /// Colour when standard output is a terminal, unless `NO_COLOR` is set (to anything
    /// but the empty string); `CLICOLOR_FORCE` (not `0`) asks for it even when piped.
    pub(crate) fn detect() -> Self {
        let set = |name: &str| env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
        let no_color = env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Self {
            color: !no_color && (set("CLICOLOR_FORCE") || io::stdout().is_terminal()),
        }
    }
}

/// Bold for a given.
const GIVEN: &str = "\x1b[1m";
/// Cyan for a cell the solver filled.
const FILLED: &str = "\x1b[36m";
const RESET: &str = "\x1b[0m";

/// `grid` drawn with box lines, one text line per row plus the rules, ending with a
/// newline. A cell filled in `grid` but empty in `puzzle` is the solver's; the others
/// are givens (with colour, bold against cyan).
pub(crate) fn draw(grid: &Grid, puzzle: &Grid, style: Style) -> String {
    let shape = grid.shape();
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    let side = grid.side();
    // Each box is `cols` cells of two columns plus a space: "│ 1 2 3 │".
    let segment = "─".repeat(2 * cols + 1);
    let rule = |left: &str, middle: &str, right: &str| {
        let mut line = String::from(left);
        for b in 0..shape.stacks() {
            if b > 0 {
                line.push_str(middle);
            }
            line.push_str(&segment);
        }
        line.push_str(right);
        line.push('\n');
        line
    };
    let mut out = rule("┌", "┬", "┐");
    for r in 0..side {
        if r > 0 && r % rows == 0 {
            out.push_str(&rule("├", "┼", "┤"));
        }
        for c in 0..side {
            out.push_str(match c {
                0 => "│ ",
                c if c % cols == 0 => " │ ",
                _ => " ",
            });
            let value = grid.get(r, c);
            let symbol = Alphabet::Digits.symbol(value).unwrap_or('.');
            match (style.color, value != 0, puzzle.get(r, c) != 0) {
                (true, true, true) => out.push_str(&format!("{GIVEN}{symbol}{RESET}")),
                (true, true, false) => out.push_str(&format!("{FILLED}{symbol}{RESET}")),
                _ => out.push(symbol),
            }
        }
        out.push_str(" │\n");
    }
    out.push_str(&rule("└", "┴", "┘"));
    out
}

/// `grid` drawn with the borders of a jigsaw's regions in the box-drawing lines of
/// [`draw`]: a wall wherever neighbouring cells lie in different regions, each junction
/// the character of the walls that meet there.
pub(crate) fn draw_regions(grid: &Grid, puzzle: &Grid, regions: &Regions, style: Style) -> String {
    let side = grid.side();
    let region = |r: usize, c: usize| regions.region_of(r, c);
    // A wall on the left of column boundary c in row r (0 and N are the edges).
    let vertical = |r: usize, c: usize| c == 0 || c == side || region(r, c - 1) != region(r, c);
    // A wall above row boundary r in column c.
    let horizontal = |r: usize, c: usize| r == 0 || r == side || region(r - 1, c) != region(r, c);
    let junction = |r: usize, c: usize| {
        let up = r > 0 && vertical(r - 1, c);
        let down = r < side && vertical(r, c);
        let left = c > 0 && horizontal(r, c - 1);
        let right = c < side && horizontal(r, c);
        JUNCTIONS[usize::from(up) << 3
            | usize::from(down) << 2
            | usize::from(left) << 1
            | usize::from(right)]
    };
    let mut out = String::new();
    for r in 0..=side {
        for c in 0..side {
            out.push(junction(r, c));
            out.push_str(if horizontal(r, c) { "───" } else { "   " });
        }
        out.push(junction(r, side));
        out.push('\n');
        if r == side {
            break;
        }
        for c in 0..side {
            out.push(if vertical(r, c) { '│' } else { ' ' });
            let value = grid.get(r, c);
            let symbol = Alphabet::Digits.symbol(value).unwrap_or('.');
            match (style.color, value != 0, puzzle.get(r, c) != 0) {
                (true, true, true) => out.push_str(&format!(" {GIVEN}{symbol}{RESET} ")),
                (true, true, false) => out.push_str(&format!(" {FILLED}{symbol}{RESET} ")),
                _ => out.push_str(&format!(" {symbol} ")),
            }
        }
        out.push_str("│\n");
    }
    out
}

/// The junction of walls going up, down, left and right (bits 3 to 0).
const JUNCTIONS: [char; 16] = [
    ' ', '╶', '╴', '─', '╷', '┌', '┐', '┬', '╵', '└', '┘', '┴', '│', '├', '┤', '┼',
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4×4 solution and a puzzle of it (which has other solutions too: the drawing
    /// only reads the cells).
    fn four() -> (Grid, Grid) {
        (
            "1234341221434321".parse().unwrap(),
            "1.3...1.2.4...2.".parse().unwrap(),
        )
    }

    #[test]
    fn a_4x4_grid_has_box_lines_and_plain_symbols() {
        let (solution, puzzle) = four();
        let plain = draw(&solution, &puzzle, Style { color: false });
        assert_eq!(
            plain,
            "┌─────┬─────┐\n\
             │ 1 2 │ 3 4 │\n\
             │ 3 4 │ 1 2 │\n\
             ├─────┼─────┤\n\
             │ 2 1 │ 4 3 │\n\
             │ 4 3 │ 2 1 │\n\
             └─────┴─────┘\n"
        );
        let drawn = draw(&puzzle, &puzzle, Style { color: false });
        assert_eq!(drawn.lines().nth(1), Some("│ 1 . │ 3 . │"));
    }

    #[test]
    fn colour_sets_the_givens_apart() {
        let (solution, puzzle) = four();
        let colored = draw(&solution, &puzzle, Style { color: true });
        assert_eq!(
            colored.lines().nth(1),
            Some("│ \x1b[1m1\x1b[0m \x1b[36m2\x1b[0m │ \x1b[1m3\x1b[0m \x1b[36m4\x1b[0m │")
        );
    }

    #[test]
    fn every_shape_lines_up() {
        let shapes = (2..=6)
            .map(dancing_sudoku::Shape::square)
            .chain(["2x3", "3x2", "2x4", "3x4"].map(|s| s.parse().unwrap()));
        for shape in shapes {
            let grid = Grid::new(shape);
            let drawn = draw(&grid, &grid, Style { color: false });
            let widths: Vec<usize> = drawn.lines().map(|l| l.chars().count()).collect();
            assert!(widths.iter().all(|&w| w == widths[0]), "{shape}");
            // The rows, a rule between bands and the two outside.
            assert_eq!(widths.len(), shape.side() + shape.bands() + 1, "{shape}");
        }
        let six = Grid::new("2x3".parse().unwrap());
        let drawn = draw(&six, &six, Style { color: false });
        assert_eq!(drawn.lines().nth(1), Some("│ . . . │ . . . │"));
        assert_eq!(drawn.lines().nth(3), Some("├───────┼───────┤"));
    }
}
