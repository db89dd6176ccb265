//! How a classic problem's solutions look: one [`Drawing`] per kind of problem, which
//! draws a solution as text (for a terminal) and, where the problem has one, as an SVG
//! picture. The command line and the Python package both draw through it.

use std::fmt::Write as _;
use std::sync::Arc;

use crate::ids::OptionId;
use crate::problem::Problem;

use super::packing::{Board, packing_picture};
use super::pictures::{board_svg, dominoes_svg, packing_svg, queens_svg};
use super::{langford_sequence, queens_board};

/// How the solutions of a problem built by this module look.
///
/// ```
/// use dancing::{Engine, Solver, problems::{self, Drawing}};
///
/// let problem = problems::queens(4);
/// let solution = Solver::new(&problem).first().expect("a solution");
/// assert_eq!(Drawing::Queens.text(&problem, solution.options()), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
/// assert!(Drawing::Queens.svg(&problem, solution.options()).is_some());
/// assert!(Drawing::Langford.svg(&problem, solution.options()).is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Drawing {
    /// [`queens`](super::queens): a board of `.` and `Q`; a chequered board.
    Queens,
    /// [`langford`](super::langford): the sequence; no picture.
    Langford,
    /// [`latin_square`](super::latin_square) of order `n`: the square; no picture.
    Latin(usize),
    /// [`dominoes`](super::dominoes) on a `width`×`height` board: `<>` and `^`/`v`; a
    /// packing picture.
    Dominoes((usize, usize)),
    /// [`packing`](super::packing) on this board: each cell the first letter of its
    /// piece; each piece in its own colour, holes dark.
    Packing(Arc<Board>),
    /// Any other problem: no text, and the picture of [`board_svg`] when its items are
    /// cells named `r{r}c{c}`.
    Nothing,
}

impl Drawing {
    /// A solution drawn for people, as text: a board, a sequence or a square, each row a
    /// line; empty for [`Drawing::Nothing`].
    pub fn text(&self, problem: &Problem, solution: &[OptionId]) -> String {
        match *self {
            Drawing::Queens => {
                let board = queens_board(problem, solution);
                let n = board.len();
                board
                    .iter()
                    .map(|&column| {
                        let row: Vec<&str> = (0..n)
                            .map(|c| if c == column { "Q" } else { "." })
                            .collect();
                        row.join(" ") + "\n"
                    })
                    .collect()
            }
            Drawing::Langford => {
                let sequence = langford_sequence(problem, solution);
                let words: Vec<String> = sequence.iter().map(usize::to_string).collect();
                words.join(" ") + "\n"
            }
            Drawing::Latin(n) => latin_text(problem, solution, n),
            Drawing::Dominoes((width, height)) => dominoes_text(problem, solution, width, height),
            Drawing::Packing(ref board) => packing_picture(problem, board, solution),
            Drawing::Nothing => String::new(),
        }
    }

    /// Whether the problem's solutions have an SVG picture: queens, dominoes and
    /// packings (a problem of [`Drawing::Nothing`] may still have one, as
    /// [`board_svg`] says).
    pub fn has_svg(&self) -> bool {
        matches!(
            self,
            Drawing::Queens | Drawing::Dominoes(_) | Drawing::Packing(_)
        )
    }

    /// A solution as an SVG picture: the problem's own, else [`board_svg`]'s for a
    /// board of cells named `r{r}c{c}`; `None` without either.
    pub fn svg(&self, problem: &Problem, solution: &[OptionId]) -> Option<String> {
        match *self {
            Drawing::Queens => Some(queens_svg(problem, solution)),
            Drawing::Dominoes(size) => Some(dominoes_svg(problem, size, solution)),
            Drawing::Packing(ref board) => Some(packing_svg(problem, board, solution)),
            Drawing::Langford | Drawing::Latin(_) => None,
            Drawing::Nothing => board_svg(problem, solution),
        }
    }
}

/// The square of a solution of [`latin_square`](super::latin_square): its options are
/// `p{r}_{c} r{r}_{s} c{c}_{s}`, so the cell is the first item and the symbol follows
/// from the row item's index.
fn latin_text(problem: &Problem, solution: &[OptionId], n: usize) -> String {
    let mut square = vec![0usize; n * n];
    for &option in solution {
        let items: Vec<usize> = problem
            .option_items(option)
            .map(|(item, _)| item.index())
            .collect();
        if let [cell, row, _] = items[..] {
            square[cell] = (row - n * n) % n + 1;
        }
    }
    let width = n.to_string().len();
    let mut text = String::new();
    for row in square.chunks(n) {
        let cells: Vec<String> = row.iter().map(|s| format!("{s:>width$}")).collect();
        let _ = writeln!(text, "{}", cells.join(" "));
    }
    text
}

/// The board of a solution of [`dominoes`](super::dominoes): `<>` for a horizontal
/// domino, `^` over `v` for a vertical one. The options' items are the cells, row by
/// row.
fn dominoes_text(problem: &Problem, solution: &[OptionId], width: usize, height: usize) -> String {
    let mut board = vec!['.'; width * height];
    for &option in solution {
        let cells: Vec<usize> = problem
            .option_items(option)
            .map(|(item, _)| item.index())
            .collect();
        if let [a, b] = cells[..] {
            let (first, second) = if b == a + 1 { ('<', '>') } else { ('^', 'v') };
            board[a] = first;
            board[b] = second;
        }
    }
    board
        .chunks(width)
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}
