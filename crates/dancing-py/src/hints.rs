//! `dancing.sudoku`'s logic: ratings on Sudoku Explainer's scale, hints, and the walk of
//! steps with the position after each (`Position`, `Step`), so that a hint can be
//! followed to the end.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dancing_sudoku::logic::{RateError, Rater, Rules};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use dancing_sudoku::picture::Picture;

use crate::run::{interruptible, limits, stop_error};
use crate::sudoku::{puzzle, tenths};

/// A position: the values placed and the candidates of each empty cell, as a
/// pencilmark grid shows them. `str()` is the pencilmark grid, which every function of
/// `dancing.sudoku` reads back (a cell left with one candidate is written `(5)`, apart
/// from a value placed).
#[pyclass(module = "dancing.sudoku", frozen)]
#[derive(Clone)]
pub(crate) struct Position {
    pub(crate) inner: dancing_sudoku::Position,
}

#[pymethods]
impl Position {
    /// Reads a position from any text the functions take: a puzzle (its candidates
    /// those its values allow) or a pencilmark grid.
    ///
    /// Args:
    ///     text: the puzzle or the pencilmark grid.
    ///     box: the boxes of a grid whose side has no square ones (`"2x3"`).
    #[new]
    #[pyo3(signature = (text, *, r#box = None),
           text_signature = "(text, *, box=None)")]
    fn new(text: &str, r#box: Option<&str>) -> PyResult<Self> {
        let read = puzzle(text, Some("classic"), r#box)?;
        Ok(Self {
            inner: read.position(),
        })
    }

    /// The values placed, on one line (`.` for an empty cell).
    #[getter]
    fn grid(&self) -> String {
        self.inner.grid().to_string()
    }

    /// The side of the grid (9 for 9×9).
    #[getter]
    fn side(&self) -> usize {
        self.inner.grid().side()
    }

    /// The value at row `row`, column `column` (0-based), 0 for an empty cell.
    fn value(&self, row: usize, column: usize) -> PyResult<u8> {
        self.check(row, column)?;
        Ok(self.inner.grid().get(row, column))
    }

    /// The candidates of the cell at row `row`, column `column` (0-based), ascending;
    /// empty for a cell that holds a value.
    fn candidates(&self, row: usize, column: usize) -> PyResult<Vec<u32>> {
        self.check(row, column)?;
        let mask = self.inner.candidates(row, column);
        Ok((0..64)
            .filter(|v| mask >> v & 1 == 1)
            .map(|v| v + 1)
            .collect())
    }

    /// Whether every cell holds a value.
    #[getter]
    fn solved(&self) -> bool {
        self.inner.grid().is_complete()
    }

    /// The pencilmark grid.
    fn pencilmarks(&self) -> String {
        self.inner.to_pencilmarks()
    }

    /// The position as an SVG picture: the values placed, and each empty cell's
    /// candidates in their places.
    fn svg(&self) -> String {
        Picture::new(self.inner.grid())
            .candidates(&self.inner)
            .svg()
    }

    /// Jupyter shows the picture.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __str__(&self) -> String {
        self.inner.to_pencilmarks()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.inner.grid())
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.inner == other.inner
    }

    /// Pickling: the pencilmark grid, read back.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(PyObject, (String,))> {
        let class = py.get_type::<Position>().into_any().unbind();
        Ok((class, (self.inner.to_pencilmarks(),)))
    }
}

impl Position {
    fn check(&self, row: usize, column: usize) -> PyResult<()> {
        let side = self.inner.grid().side();
        if row >= side || column >= side {
            return Err(PyValueError::new_err(format!(
                "row {row}, column {column} is outside the {side}×{side} grid (0-based)"
            )));
        }
        Ok(())
    }
}

/// One step of a solution as a person finds it: its technique and score, what it
/// places or removes, its sentence (`text`, also its `str()`), and the position after
/// it. `svg()` draws it on the position it is taken in (Jupyter shows that picture).
#[pyclass(module = "dancing.sudoku", frozen)]
pub(crate) struct Step {
    /// The sentence: `"hidden single: 8 in box 2 must go to r1c6"`.
    #[pyo3(get)]
    text: String,
    /// The technique's name.
    #[pyo3(get)]
    technique: &'static str,
    /// The step's score on Sudoku Explainer's scale.
    #[pyo3(get)]
    score: f64,
    /// `(row, column, value)` placed (0-based cells), or `None`.
    #[pyo3(get)]
    placement: Option<(usize, usize, u8)>,
    /// The candidates removed, each `(row, column, value)`.
    #[pyo3(get)]
    eliminations: Vec<(usize, usize, u8)>,
    /// The position after the step.
    #[pyo3(get)]
    position: Position,
    /// The step, and the position it is taken in, for its picture.
    step: dancing_sudoku::Step,
    before: dancing_sudoku::Position,
}

#[pymethods]
impl Step {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Step({:?})", self.text)
    }

    /// The step as an SVG picture, on the position it is taken in: the cells of its
    /// pattern shaded, the candidates it removes in red, the value it places in green,
    /// a chain's links as arrows (strong solid, weak dashed).
    fn svg(&self) -> String {
        step_svg(&self.step, &self.before)
    }

    /// Jupyter shows the picture.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }
}

/// A step's picture on the position `before` it.
fn step_svg(step: &dancing_sudoku::Step, before: &dancing_sudoku::Position) -> String {
    Picture::new(before.grid())
        .candidates(before)
        .step(step)
        .svg()
}

impl Step {
    fn of(
        step: &dancing_sudoku::Step,
        (before, after): (dancing_sudoku::Position, dancing_sudoku::Position),
    ) -> Self {
        Self {
            text: step.to_string(),
            technique: step.technique().name(),
            score: tenths(step.score()),
            placement: step.placement().map(|((r, c), v)| (r, c, v)),
            eliminations: step
                .eliminations()
                .iter()
                .map(|&((r, c), v)| (r, c, v))
                .collect(),
            position: Position { inner: after },
            step: step.clone(),
            before,
        }
    }
}

/// The position a function is given: a `Position`, or text read as one.
fn position_of(
    puzzle: &Bound<'_, PyAny>,
    boxes: Option<&str>,
) -> PyResult<dancing_sudoku::Position> {
    if let Ok(position) = puzzle.downcast::<Position>() {
        return Ok(position.get().inner.clone());
    }
    let text: String = puzzle.extract().map_err(|_| {
        PyValueError::new_err("the puzzle is a str (any layout) or a sudoku.Position")
    })?;
    Ok(crate::sudoku::puzzle(&text, Some("classic"), boxes)?.position())
}

/// A rating's error as Python sees it: a stop as every search's (`SearchStopped`,
/// `KeyboardInterrupt`), anything else a `ValueError`.
fn rate_error(py: Python<'_>, error: RateError) -> PyErr {
    match error {
        RateError::Stopped(stop) | RateError::StoppedNested { stopped: stop, .. } => {
            stop_error(py, &stop)
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// The rating on Sudoku Explainer's scale: a dict with `score`, `technique` (the
/// hardest used, or `None`), `needs_search`, `text` (`"7.1 forcing chain"`), SE's
/// `pearl` (the hardest step up to the first that fills a cell) and `diamond` (the
/// first step's score), each `None` where the techniques stall first, and
/// `explainer`, the three in the forum's notation ER/EP/ED (`"7.1/1.2/1.2"`, `?` for
/// what the techniques did not reach). `nested=False` leaves out the nested forcing
/// chains (9.5 and up, about a second a puzzle): a puzzle that needs them stalls.
#[pyfunction]
#[pyo3(signature = (puzzle, *, timeout = None, r#box = None, nested = true),
           text_signature = "(puzzle, *, timeout=None, box=None, nested=True)")]
fn rate<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    timeout: Option<f64>,
    r#box: Option<&str>,
    nested: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let position = position_of(puzzle, r#box)?;
    let flag = Arc::new(AtomicBool::new(false));
    let limits = limits(timeout, &flag)?;
    let rules = Rules::default().nested(nested);
    let rating = interruptible(py, &flag, move || {
        Rater::new().limits(limits).rules(rules).rate(position)
    })?
    .map_err(|e| rate_error(py, e))?;
    let dict = PyDict::new(py);
    dict.set_item("score", tenths(rating.score))?;
    dict.set_item("technique", rating.hardest.map(|t| t.name()))?;
    dict.set_item("needs_search", rating.needs_search())?;
    dict.set_item("text", rating.to_string())?;
    dict.set_item("pearl", rating.pearl.map(tenths))?;
    dict.set_item("diamond", rating.diamond.map(tenths))?;
    dict.set_item("explainer", rating.explainer())?;
    Ok(dict)
}

/// `hint` (the Python module wraps it, to give a dict Jupyter shows as a picture): the
/// next step a person would take, as a dict: `status` (`"step"`, or `"solved"` when
/// the puzzle is solved, or `"stalled"` when no technique applies and the rest needs
/// search), `text` (the sentence), `technique` and `score` (`None` without a step),
/// `placement` (`(row, column, value)`, 0-based cells) or `None`, `eliminations` (a
/// list of `(row, column, value)`), and with `apply=True` `position`, the position after
/// the step (a `Position`, which `hint` takes back for the next step).
///
/// Args:
///     puzzle: the puzzle or pencilmark grid (a str in any layout), or a `Position`.
///     box: the boxes of a grid whose side has no square ones (`"2x3"`).
///     apply: also give the position after the step.
///     nested: look for the nested forcing chains (9.5 and up, seconds) too.
/// With the dict, the step's picture (`Step.svg`), or the position's for a solved or
/// stalled puzzle.
#[pyfunction]
#[pyo3(name = "_hint", signature = (puzzle, *, r#box = None, apply = false, nested = true),
           text_signature = "(puzzle, *, box=None, apply=False, nested=True)")]
fn hint<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    r#box: Option<&str>,
    apply: bool,
    nested: bool,
) -> PyResult<(Bound<'py, PyDict>, String)> {
    let position = position_of(puzzle, r#box)?;
    let flag = Arc::new(AtomicBool::new(false));
    let limits = limits(None, &flag)?;
    let rater = Rater::new()
        .limits(limits)
        .rules(Rules::default().nested(nested));
    let asked = position.clone();
    let walked = interruptible(py, &flag, move || rater.hint_applied(&asked))?
        .map_err(|e| rate_error(py, e))?;
    let picture = match &walked {
        Some((step, _)) => step_svg(step, &position),
        None => Picture::new(position.grid()).candidates(&position).svg(),
    };
    let dict = PyDict::new(py);
    let Some((step, after)) = walked else {
        let (status, text) = if position.grid().is_complete() {
            ("solved", "solved")
        } else {
            (
                "stalled",
                "stalled: no technique applies; the rest needs search",
            )
        };
        dict.set_item("status", status)?;
        dict.set_item("text", text)?;
        dict.set_item("technique", py.None())?;
        dict.set_item("score", py.None())?;
        dict.set_item("placement", py.None())?;
        dict.set_item("eliminations", Vec::<(usize, usize, u8)>::new())?;
        if apply {
            dict.set_item("position", Position { inner: position })?;
        }
        return Ok((dict, picture));
    };
    let step = Step::of(&step, (position, after));
    dict.set_item("status", "step")?;
    dict.set_item("text", &step.text)?;
    dict.set_item("technique", step.technique)?;
    dict.set_item("score", step.score)?;
    dict.set_item("placement", step.placement)?;
    dict.set_item("eliminations", &step.eliminations)?;
    if apply {
        dict.set_item("position", step.position)?;
    }
    Ok((dict, picture))
}

/// Every step a person would take to the end (solved, or stalled where no technique
/// applies), each a `Step` with the position after it; the last position is the
/// solution when the techniques solve the puzzle.
///
/// Args:
///     puzzle: the puzzle or pencilmark grid (a str in any layout), or a `Position`.
///     box: the boxes of a grid whose side has no square ones (`"2x3"`).
///     timeout: seconds before `SearchStopped`, or `None`.
///     nested: look for the nested forcing chains (9.5 and up, seconds) too.
#[pyfunction]
#[pyo3(signature = (puzzle, *, r#box = None, timeout = None, nested = true),
           text_signature = "(puzzle, *, box=None, timeout=None, nested=True)")]
fn steps(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    r#box: Option<&str>,
    timeout: Option<f64>,
    nested: bool,
) -> PyResult<Vec<Step>> {
    let position = position_of(puzzle, r#box)?;
    let first = position.clone();
    let flag = Arc::new(AtomicBool::new(false));
    let limits = limits(timeout, &flag)?;
    let rules = Rules::default().nested(nested);
    let (path, positions) = interruptible(py, &flag, move || {
        Rater::new()
            .limits(limits)
            .rules(rules)
            .path_positions(position)
    })?
    .map_err(|e| rate_error(py, e))?;
    let befores = std::iter::once(first).chain(positions.iter().cloned());
    Ok(path
        .steps
        .iter()
        .zip(befores.zip(positions.iter().cloned()))
        .map(|(step, positions)| Step::of(step, positions))
        .collect())
}

/// Adds the logic's functions and classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Position>()?;
    m.add_class::<Step>()?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(steps, m)?)?;
    Ok(())
}
