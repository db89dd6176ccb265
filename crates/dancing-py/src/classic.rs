//! The classic problems, built by `dancing::problems` as `dancing problem` builds them
//! (`Problem.queens`, `langford`, `latin`, `dominoes`, `polyomino`), each with how its
//! solutions look, so that `Problem.picture` draws them as the command line does.

use std::sync::Arc;

use dancing::problems::{self, Board, Drawing};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::input;
use crate::problem::Problem;

/// `n`, or the caller's error when it is not from 1 to `most`.
fn within(name: &str, n: i64, most: usize) -> PyResult<usize> {
    usize::try_from(n)
        .ok()
        .filter(|&n| (1..=most).contains(&n))
        .ok_or_else(|| PyValueError::new_err(format!("{name}={n}: give 1 to {most}")))
}

/// How `drawing` travels in a pickle: a word and its numbers, or a board's picture.
pub(crate) fn drawing_text(drawing: &Drawing) -> String {
    match drawing {
        Drawing::Queens => "queens".to_owned(),
        Drawing::Langford => "langford".to_owned(),
        Drawing::Latin(n) => format!("latin {n}"),
        Drawing::Dominoes((width, height)) => format!("dominoes {width} {height}"),
        Drawing::Packing(board) => format!("packing\n{board}"),
        _ => String::new(),
    }
}

/// The drawing that [`drawing_text`] wrote.
pub(crate) fn drawing_of(text: &str) -> PyResult<Drawing> {
    let bad = || PyValueError::new_err(format!("not a problem's drawing: {text:?}"));
    if let Some(board) = text.strip_prefix("packing\n") {
        let board: Board = board.parse().map_err(|_| bad())?;
        return Ok(Drawing::Packing(Arc::new(board)));
    }
    let words: Vec<&str> = text.split(' ').collect();
    let number =
        |k: usize| -> PyResult<usize> { words.get(k).and_then(|w| w.parse().ok()).ok_or_else(bad) };
    Ok(match words[..] {
        [""] => Drawing::Nothing,
        ["queens"] => Drawing::Queens,
        ["langford"] => Drawing::Langford,
        ["latin", _] => Drawing::Latin(number(1)?),
        ["dominoes", _, _] => Drawing::Dominoes((number(1)?, number(2)?)),
        _ => return Err(bad()),
    })
}

#[pymethods]
impl Problem {
    /// N queens on an N×N board, none attacking another, as `dancing problem queens`
    /// builds it (TAOCP's: rows `R0…` and columns `C0…` primary, diagonals secondary;
    /// option `n·r + c` is the queen on row `r`, column `c`). `picture` draws a
    /// solution on a chequered board.
    #[staticmethod]
    fn queens(n: i64) -> PyResult<Self> {
        let n = within("n", n, 1000)?;
        Ok(Self::classic(problems::queens(n), None, Drawing::Queens))
    }

    /// Langford pairs: 1 1 2 2 … N N in a row, the two k's k numbers apart, as
    /// `dancing problem langford` builds it (a pairing and its reverse both count).
    #[staticmethod]
    fn langford(n: i64) -> PyResult<Self> {
        let n = within("n", n, 1000)?;
        Ok(Self::classic(
            problems::langford(n),
            None,
            Drawing::Langford,
        ))
    }

    /// Latin squares of order N: each of 1…N once per row and column, as `dancing
    /// problem latin` builds it.
    #[staticmethod]
    fn latin(n: i64) -> PyResult<Self> {
        let n = within("n", n, 100)?;
        Ok(Self::classic(
            problems::latin_square(n),
            None,
            Drawing::Latin(n),
        ))
    }

    /// Domino tilings of a `width`×`height` board (at most a million cells), as
    /// `dancing problem domino` builds it. `picture` draws a tiling.
    #[staticmethod]
    fn dominoes(width: i64, height: i64) -> PyResult<Self> {
        let width = within("width", width, 1_000_000)?;
        let height = within("height", height, 1_000_000 / width)?;
        let drawing = Drawing::Dominoes((width, height));
        Ok(Self::classic(
            problems::dominoes(width, height),
            None,
            drawing,
        ))
    }

    /// Packing a board with polyominoes (Knuth's POLYOMINO-DLX), as `dancing problem
    /// polyomino` builds it; each option's data is its line (`"F r0c1 r0c2 …"`: the
    /// piece, then the cells it covers, 0-based), so solutions list placements.
    ///
    /// Args:
    ///     board: `"WxH"`, `"scott"` (8×8 without its centre 2×2), or a picture: `.`
    ///         a cell, `#` or a space a hole, a row per line.
    ///     pieces: a set (`"monominoes"` … `"hexominoes"`, or the cells' count) or a
    ///         picture with each piece in a letter of its own.
    ///     turns: `"all"` (rotations and reflections), `"rotations"` or `"none"`.
    ///     uses: `"once"`, `"at-most-once"` or `"any"` number of times.
    #[staticmethod]
    #[pyo3(signature = (board, *, pieces = "pentominoes", turns = "all", uses = "once"))]
    fn polyomino(
        py: Python<'_>,
        board: &str,
        pieces: &str,
        turns: &str,
        uses: &str,
    ) -> PyResult<Self> {
        let (inner, lines, board) = input::packing(board, pieces, turns, uses)?;
        let data: Vec<Py<PyAny>> = lines
            .into_iter()
            .map(|line| pyo3::types::PyString::new(py, &line).into_any().unbind())
            .collect();
        let drawing = Drawing::Packing(Arc::new(board));
        Ok(Self::classic(inner, Some(data), drawing))
    }
}
