//! `dancing.sudoku`: solve, count, rate, hint and generate, on puzzles written as the
//! command line reads them (one line, rows, frames, pencilmarks, variant marks).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dancing_sudoku::generate::{Generator, Symmetry};
use dancing_sudoku::logic::Difficulty;
use dancing_sudoku::parse::{Batch, Puzzle};
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{Grid, Limits, PuzzleErrorKind, PuzzleSolver, Shape, SolverChoice};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::run::{at_least_one, count_object, interruptible, limits, stop_error, stopped};

/// Reads the one puzzle of `text`, under `variant` if named, with the boxes `boxes`
/// (`"2x3"`) for grids of their side: the shape is read as the command line reads it,
/// from `box=` or from the `|` the rows draw, never guessed.
pub(crate) fn puzzle(text: &str, variant: Option<&str>, boxes: Option<&str>) -> PyResult<Puzzle> {
    let value = |e: &dyn std::fmt::Display| PyValueError::new_err(e.to_string());
    let mut batch = Batch::new(text.as_bytes());
    if let Some(name) = variant {
        let kind: Kind = name.parse().map_err(|e| value(&e))?;
        batch = batch.variant(kind);
    }
    let shape = boxes
        .map(|boxes| boxes.parse::<Shape>().map_err(|e| value(&e)))
        .transpose()?;
    if let Some(shape) = shape {
        batch = batch.shape(shape);
    }
    let puzzle = match batch.next() {
        Some(Ok(puzzle)) => puzzle,
        // Rows of numbers (`10 2 . 16 …`, as 16×16 grids are often written): the grid
        // reader takes them; read again from its one line.
        Some(Err(error)) => {
            let line = text.parse::<Grid>().map(|grid| grid.to_string());
            let classic = variant.is_none_or(|name| name == "classic");
            return match (classic, line.map(|line| Batch::new(line.as_bytes()).next())) {
                (true, Ok(Some(Ok(puzzle)))) => Ok(puzzle),
                _ => Err(PyValueError::new_err(format!(
                    "{error}{}",
                    box_hint(&error.kind)
                ))),
            };
        }
        None => return Err(PyValueError::new_err("no puzzle in the text")),
    };
    if batch.next().is_some() {
        return Err(PyValueError::new_err(
            "the text holds more than one puzzle: give one per call (a loop, or the \
             command line's batches for a file)",
        ));
    }
    Ok(puzzle)
}

/// What to pass for a grid whose boxes were not told: `; pass box="2x3" or box="3x2"`.
fn box_hint(kind: &PuzzleErrorKind) -> String {
    let Some((shapes, _)) = kind.shapes_to_try() else {
        return String::new();
    };
    let side = shapes[0].side();
    let named: Vec<String> = shapes.iter().map(|s| format!("box=\"{s}\"")).collect();
    format!("; for a {side}×{side} grid pass {}", named.join(" or "))
}

/// A score to one decimal as the `float` that prints so (`10.9`, not the `f32`'s
/// `10.899999618530273`).
pub(crate) fn tenths(score: f32) -> f64 {
    (f64::from(score) * 10.0).round() / 10.0
}

/// The solver of any puzzle, as the command line's default chooses it: the band solver
/// for classic 9×9, the links for the other orders, the variants and pencilmark grids
/// (from their candidates).
fn solver(limits: Limits) -> PuzzleSolver {
    let mut solver = PuzzleSolver::new(SolverChoice::Auto);
    solver.set_limits(limits);
    solver
}

/// The solution of the puzzle as one line, or `None` when it has none.
#[pyfunction]
#[pyo3(signature = (puzzle, *, variant = None, timeout = None, r#box = None),
           text_signature = "(puzzle, *, variant=None, timeout=None, box=None)")]
fn solve(
    py: Python<'_>,
    puzzle: &str,
    variant: Option<&str>,
    timeout: Option<f64>,
    r#box: Option<&str>,
) -> PyResult<Option<String>> {
    let puzzle = self::puzzle(puzzle, variant, r#box)?;
    let flag = Arc::new(AtomicBool::new(false));
    let limits = limits(timeout, &flag)?;
    let (solution, stats) = interruptible(py, &flag, move || {
        let mut solver = solver(limits);
        let solution = solver.solve(&puzzle);
        (solution, solver.stats())
    })?;
    if solution.is_none()
        && let Some(error) = stopped(py, stats.stopped, 0)
    {
        return Err(error);
    }
    Ok(solution.map(|grid: Grid| grid.to_string()))
}

/// The number of solutions, counting up to `limit` (2: enough to tell a proper puzzle),
/// as a `dancing.Count`: an `int` whose `complete` is false when more than `limit`
/// solutions exist (the count is then `limit`).
#[pyfunction]
#[pyo3(signature = (puzzle, *, limit = 2, variant = None, timeout = None, r#box = None),
           text_signature = "(puzzle, *, limit=2, variant=None, timeout=None, box=None)")]
fn count(
    py: Python<'_>,
    puzzle: &str,
    limit: i64,
    variant: Option<&str>,
    timeout: Option<f64>,
    r#box: Option<&str>,
) -> PyResult<PyObject> {
    let limit = at_least_one("limit", limit, "counts nothing")?;
    let puzzle = self::puzzle(puzzle, variant, r#box)?;
    let flag = Arc::new(AtomicBool::new(false));
    let limits = limits(timeout, &flag)?;
    let count = interruptible(py, &flag, move || {
        solver(limits).count_up_to(&puzzle, limit)
    })?;
    if let Some(error) = stopped(py, count.reason(), count.found()) {
        return Err(error);
    }
    count_object(py, &count.found().to_string(), count.is_complete())
}

/// The solutions of a classic puzzle, each one line, at most `limit` of them (in the
/// search's order).
#[pyfunction]
#[pyo3(signature = (puzzle, *, limit = 10, timeout = None, r#box = None),
           text_signature = "(puzzle, *, limit=10, timeout=None, box=None)")]
fn solutions(
    py: Python<'_>,
    puzzle: &str,
    limit: i64,
    timeout: Option<f64>,
    r#box: Option<&str>,
) -> PyResult<Vec<String>> {
    let limit =
        usize::try_from(at_least_one("limit", limit, "lists nothing")?).unwrap_or(usize::MAX);
    let puzzle = self::puzzle(puzzle, None, r#box)?;
    if puzzle.variant != dancing_sudoku::Variant::Classic || puzzle.pencilmarks.is_some() {
        return Err(PyValueError::new_err(
            "solutions lists classic puzzles given as values: count the others",
        ));
    }
    let flag = Arc::new(AtomicBool::new(false));
    let limits = limits(timeout, &flag)?;
    let (found, stats) = interruptible(py, &flag, move || {
        let mut solver = dancing_sudoku::SudokuSolver::new();
        dancing_sudoku::Solve::set_limits(&mut solver, limits);
        let mut found = Vec::new();
        let stats = solver.visit(&puzzle.grid, |grid| {
            found.push(grid.to_string());
            if found.len() >= limit {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        });
        (found, stats)
    })?;
    match stopped(py, stats.stopped, found.len() as u64) {
        Some(error) => Err(error),
        None => Ok(found),
    }
}

/// `count` puzzles with one solution each, as lines, the same for the same `seed`.
#[pyfunction]
#[pyo3(signature = (count = 1, *, seed = None, order = None, symmetry = None, difficulty = None, variant = None, timeout = None, r#box = None, score = None),
           text_signature = "(count=1, *, seed=None, order=None, symmetry=None, difficulty=None, variant=None, timeout=None, box=None, score=None)")]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    count: i64,
    seed: Option<u64>,
    order: Option<usize>,
    symmetry: Option<&str>,
    difficulty: Option<&str>,
    variant: Option<&str>,
    timeout: Option<f64>,
    r#box: Option<&str>,
    score: Option<(f32, f32)>,
) -> PyResult<Vec<String>> {
    let value = |e: &dyn std::fmt::Display| PyValueError::new_err(e.to_string());
    let count = at_least_one("count", count, "makes nothing")?;
    let shape = match (order, r#box) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err(
                "order and box both give the shape: pass one (order=3 is 3x3 boxes)",
            ));
        }
        (_, Some(boxes)) => boxes.parse::<Shape>().map_err(|e| value(&e))?,
        (order, None) => Shape::try_square(order.unwrap_or(3)).map_err(|e| value(&e))?,
    };
    let flag = Arc::new(AtomicBool::new(false));
    let mut builder = Generator::builder()
        .shape(shape)
        .limits(limits(timeout, &flag)?);
    if let Some(seed) = seed {
        builder = builder.seed(seed);
    }
    if let Some(name) = symmetry {
        builder = builder.symmetry(name.parse::<Symmetry>().map_err(|e| value(&e))?);
    }
    if let Some(name) = difficulty {
        builder = builder.difficulty(name.parse::<Difficulty>().map_err(|e| value(&e))?);
    }
    if let Some((low, high)) = score {
        builder = builder.score(low, high);
    }
    if let Some(name) = variant {
        builder = builder.kind(name.parse::<Kind>().map_err(|e| value(&e))?);
    }
    let generator = builder.build().map_err(|e| value(&e))?;
    interruptible(py, &flag, move || {
        (0..count)
            .map(|k| generator.generate(k).map(|made| made.line()))
            .collect::<Result<Vec<String>, _>>()
    })?
    .map_err(|e| match e {
        dancing_sudoku::generate::GenerateError::Stopped(stop) => {
            stopped(py, Some(stop.reason), 0).unwrap_or_else(|| value(&e))
        }
        other => value(&other),
    })
}

/// How many of the puzzle's solutions put each digit in each cell, counted exactly from
/// the diagram of all of them (one memoized search, whatever their number), for every
/// shape, variant and pencilmark grid. A dict: `count`, the number of solutions (a
/// `dancing.Count`); `cells`, row by row, each cell's `{digit: solutions}` (the
/// digits some solution puts there); `fixed`, the cells every solution fills alike,
/// `(row, column, value)` (0-based, the givens among them).
#[pyfunction]
#[pyo3(signature = (puzzle, *, variant = None, timeout = None, r#box = None, max_memory = crate::engines::MAX_MEMORY),
           text_signature = "(puzzle, *, variant=None, timeout=None, box=None, max_memory=4294967296)")]
fn marginals<'py>(
    py: Python<'py>,
    puzzle: &str,
    variant: Option<&str>,
    timeout: Option<f64>,
    r#box: Option<&str>,
    max_memory: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let puzzle = self::puzzle(puzzle, variant, r#box)?;
    let flag = Arc::new(AtomicBool::new(false));
    let limits = limits(timeout, &flag)?;
    let found = interruptible(py, &flag, move || {
        dancing_sudoku::marginals(puzzle.position(), &puzzle.variant, &limits, max_memory)
    })?
    .map_err(|error| match error {
        dancing_sudoku::MarginalsError::Stopped(stop) => stop_error(py, &stop),
        other => PyValueError::new_err(other.to_string()),
    })?;
    let int = py.get_type::<pyo3::types::PyInt>();
    let big = |n: &dancing::BigCount| int.call1((n.to_string(),));
    let result = PyDict::new(py);
    result.set_item("count", count_object(py, &found.count().to_string(), true)?)?;
    let rows = PyList::empty(py);
    let side = found.side();
    for r in 0..side {
        let row = PyList::empty(py);
        for c in 0..side {
            let digits = PyDict::new(py);
            for (digit, n) in found.digits(r, c) {
                digits.set_item(digit, big(&n)?)?;
            }
            row.append(digits)?;
        }
        rows.append(row)?;
    }
    result.set_item("cells", rows)?;
    result.set_item("fixed", found.fixed())?;
    Ok(result)
}

/// Adds the sudoku functions to the module (`dancing.sudoku` re-exports them).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(solutions, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(marginals, m)?)?;
    Ok(())
}
