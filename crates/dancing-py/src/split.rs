//! `Problem.split`: a search cut into subproblems that pickle, for other processes and
//! machines (`concurrent.futures`, Dask), as `dancing xc --split` cuts it for GNU
//! parallel; each subproblem is a prefix of moves, the line `--prefix` reads.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dancing::format::prefix;
use dancing::{AnyEngine, Engine, EngineName, Move, OptionId, StopReason};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::engines::{best_of, checked_threads, count_with};
use crate::problem::Problem;
use crate::run::{at_least_one, count_object, interruptible, limits, stopped};
use crate::solutions::Solutions;

/// The engine `auto` picks for the whole problem (a short probe times the links and
/// the dense engine): the one each subproblem then searches with, unless the caller
/// names another, so the parts are not probed one by one.
fn auto(problem: &dancing::Problem) -> AnyEngine {
    AnyEngine::new(problem, EngineName::Auto).expect("auto takes every problem")
}

/// The engine `name` for `problem`, or why it cannot be.
fn build(problem: &dancing::Problem, name: EngineName) -> PyResult<AnyEngine> {
    AnyEngine::new(problem, name).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The engine named by the caller's word, `auto` standing for `picked`.
fn named(name: &str, picked: EngineName) -> PyResult<EngineName> {
    let name: EngineName = name
        .parse()
        .map_err(|e: dancing::UnknownName| PyValueError::new_err(e.to_string()))?;
    Ok(if name == EngineName::Auto {
        picked
    } else {
        name
    })
}

/// `engine` below `moves`, or the caller's error: the line names no subproblem.
fn follow(mut engine: AnyEngine, moves: &[Move]) -> PyResult<AnyEngine> {
    engine.follow_prefix(moves).map_err(|e| {
        PyValueError::new_err(format!(
            "the prefix `{}` names no subproblem: {e}",
            prefix::write(moves)
        ))
    })?;
    Ok(engine)
}

/// The subproblems below `base`: at `depth` levels below it, or at least `jobs`
/// balanced ones (by Knuth's estimates where the engine makes them, else by the least
/// depth that gives as many), each the whole line from the root.
fn split_below(
    py: Python<'_>,
    (problem, splitter): (&Problem, AnyEngine),
    base: &[Move],
    (jobs, depth, timeout): (Option<i64>, Option<i64>, Option<f64>),
) -> PyResult<Vec<Subproblem>> {
    let how = match (jobs, depth) {
        (Some(jobs), None) => Err(at_least_one("jobs", jobs, "makes no subproblem")?),
        (None, Some(depth)) => Ok(usize::try_from(depth)
            .map_err(|_| PyValueError::new_err(format!("depth={depth}: give 0 or more levels")))?),
        _ => {
            return Err(PyValueError::new_err(
                "split(jobs) or split(depth=d): give one of them",
            ));
        }
    };
    let flag = Arc::new(AtomicBool::new(false));
    let mut engine = follow(splitter, base)?;
    let picked = engine.kind();
    engine.set_limits(limits(timeout, &flag)?);
    let (lines, stats) = interruptible(py, &flag, move || match how {
        Ok(depth) => at_depth(&mut engine, depth),
        Err(jobs) => {
            let jobs = usize::try_from(jobs).unwrap_or(usize::MAX);
            match engine.split_jobs(jobs) {
                Some((lines, stats, _)) => (lines, stats),
                None => by_depth(&mut engine, jobs),
            }
        }
    })?;
    // A timeout leaves the parts not split yet whole: the lines still cover the search.
    if let Some(error) = stopped(py, stats.stopped.filter(|&r| r != StopReason::Timeout), 0) {
        return Err(error);
    }
    Ok(lines
        .into_iter()
        .map(|line| Subproblem {
            problem: problem.share(),
            moves: [base, &line].concat(),
            engine: picked,
        })
        .collect())
}

/// The subproblems `depth` levels down, in the search's order.
fn at_depth(engine: &mut AnyEngine, depth: usize) -> (Vec<Vec<Move>>, dancing::Stats) {
    let mut lines = Vec::new();
    let stats = engine.split_each(depth, |moves| {
        lines.push(moves.to_vec());
        std::ops::ControlFlow::Continue(())
    });
    (lines, stats)
}

/// The subproblems at the least depth that makes at least `jobs` of them, or the
/// deepest split when no depth does (the search is that small).
fn by_depth(engine: &mut AnyEngine, jobs: usize) -> (Vec<Vec<Move>>, dancing::Stats) {
    let mut split = at_depth(engine, 1);
    for depth in 2.. {
        if split.0.len() >= jobs || !split.1.is_complete() {
            break;
        }
        let deeper = at_depth(engine, depth);
        if deeper.0.len() == split.0.len() {
            break;
        }
        split = deeper;
    }
    split
}

#[pymethods]
impl Problem {
    /// The search cut into independent subproblems, which pickle: their counts add up
    /// to the whole count, their solutions are disjoint and together all the
    /// solutions, and the cheapest of their cheapest solutions is the problem's. Send
    /// them to other processes or machines (`concurrent.futures`, Dask; see
    /// docs/python.md).
    ///
    /// Args:
    ///     jobs: at least this many subproblems, balanced by Knuth's estimates of
    ///         their search trees (as `dancing xc --split-jobs`): a few more than asked,
    ///         about four times as many at most, or fewer when splitting further would
    ///         cost more than a sixteenth of the search.
    ///     depth: instead of `jobs`, every subproblem this many levels down (as
    ///         `dancing xc --split`).
    ///     timeout: seconds for the split itself; at its end the parts not split yet
    ///         are kept whole, so the subproblems still cover the search.
    #[pyo3(signature = (jobs = None, *, depth = None, timeout = None))]
    fn split(
        &self,
        py: Python<'_>,
        jobs: Option<i64>,
        depth: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Vec<Subproblem>> {
        split_below(py, (self, auto(self.inner())), &[], (jobs, depth, timeout))
    }
}

/// One part of a split search (`Problem.split`): the solutions that extend its prefix,
/// the options the search chooses first. It pickles (with its problem).
///
/// Subproblem(problem, line)
///
/// Args:
///     problem: the problem split.
///     line: the prefix as `dancing xc --split` prints it and `--prefix` reads it:
///         1-based option numbers of `problem.to_dlx()`, and `~K` null moves in a
///         problem with multiplicities.
#[pyclass(module = "dancing", frozen)]
pub(crate) struct Subproblem {
    problem: Problem,
    moves: Vec<Move>,
    /// The engine `auto` stands for: the one picked for the whole problem.
    engine: EngineName,
}

impl Subproblem {
    /// The engine `name` (the caller's word; `auto`, the one picked for the whole
    /// problem) below the prefix.
    fn engine(&self, name: &str) -> PyResult<AnyEngine> {
        let name = named(name, self.engine)?;
        follow(build(self.problem.inner(), name)?, &self.moves)
    }

    /// The options the prefix chooses (its null moves left out).
    fn chosen(&self) -> Vec<OptionId> {
        self.moves
            .iter()
            .filter_map(|&m| match m {
                Move::Choose(option) => Some(option),
                Move::Skip(_) => None,
            })
            .collect()
    }
}

#[pymethods]
impl Subproblem {
    #[new]
    #[pyo3(signature = (problem, line, engine = "auto"))]
    fn new(problem: PyRef<'_, Problem>, line: &str, engine: &str) -> PyResult<Self> {
        let moves = prefix::parse(line, problem.inner())
            .map_err(|e| PyValueError::new_err(format!("line {line:?}: {e}")))?;
        let splitter = match named(engine, EngineName::Auto)? {
            EngineName::Auto => auto(problem.inner()),
            name => build(problem.inner(), name)?,
        };
        let engine = follow(splitter, &moves)?.kind();
        Ok(Self {
            problem: problem.share(),
            moves,
            engine,
        })
    }

    /// Pickling: the problem, the line and the engine picked.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(PyObject, PyObject)> {
        let restore = py.get_type::<Self>().getattr("_restore")?.unbind();
        let args = (self.problem.share(), self.line(), self.engine.to_string());
        Ok((restore, args.into_pyobject(py)?.into_any().unbind()))
    }

    /// The other half of pickling: the line read, but not followed again (the search
    /// follows it, and says so if it names no subproblem).
    #[staticmethod]
    fn _restore(problem: PyRef<'_, Problem>, line: &str, engine: &str) -> PyResult<Self> {
        Ok(Self {
            moves: prefix::parse(line, problem.inner())
                .map_err(|e| PyValueError::new_err(format!("line {line:?}: {e}")))?,
            engine: named(engine, EngineName::Links)?,
            problem: problem.share(),
        })
    }

    fn __repr__(&self) -> String {
        format!("Subproblem('{}')", self.line())
    }

    /// The problem this is a part of.
    #[getter]
    fn problem(&self) -> Problem {
        self.problem.share()
    }

    /// The prefix as `dancing xc --split` prints it and `--prefix` reads it (for
    /// `problem.to_dlx()`).
    #[getter]
    fn line(&self) -> String {
        prefix::write(&self.moves)
    }

    /// The options the prefix chooses (their indices, as the caller numbered them),
    /// which every solution of the subproblem holds.
    #[getter]
    fn given(&self) -> Vec<u32> {
        let chosen = self.chosen();
        chosen
            .iter()
            .map(|o| self.problem.caller_index(o.index() as u32))
            .collect()
    }

    /// This subproblem cut further, as `Problem.split` cuts the whole problem.
    #[pyo3(signature = (jobs = None, *, depth = None, timeout = None))]
    fn split(
        &self,
        py: Python<'_>,
        jobs: Option<i64>,
        depth: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Vec<Subproblem>> {
        let splitter = build(self.problem.inner(), self.engine)?;
        split_below(
            py,
            (&self.problem, splitter),
            &self.moves,
            (jobs, depth, timeout),
        )
    }

    /// The number of solutions of this subproblem, as `Problem.count` counts them
    /// (by a search: the memo does not take a prefix).
    ///
    /// Args:
    ///     limit: count at most this many (1 or more), or `None` for all.
    ///     timeout: seconds before `SearchStopped`, or `None`.
    ///     threads: threads searching (0: every core).
    ///     engine: `"auto"`, `"links"`, `"dense"` or `"multi"`.
    #[pyo3(signature = (*, limit = None, timeout = None, threads = 1, engine = "auto"))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<i64>,
        timeout: Option<f64>,
        threads: i64,
        engine: &str,
    ) -> PyResult<PyObject> {
        let limit = limit
            .map(|limit| at_least_one("limit", limit, "counts nothing"))
            .transpose()?;
        let threads = checked_threads(threads)?;
        let flag = Arc::new(AtomicBool::new(false));
        let limits = limits(timeout, &flag)?;
        let engine = self.engine(engine)?;
        let count = interruptible(py, &flag, move || {
            count_with(engine, threads, limits, limit)
        })??;
        if let Some(error) = stopped(py, count.reason(), count.found()) {
            return Err(error);
        }
        count_object(py, &count.found().to_string(), count.is_complete())
    }

    /// The first solution of this subproblem, or `None`.
    #[pyo3(signature = (*, timeout = None, engine = "auto"))]
    fn first(&self, py: Python<'_>, timeout: Option<f64>, engine: &str) -> PyResult<PyObject> {
        let solutions = self.solutions(Some(1), timeout, engine)?;
        let first = solutions.next_solution(py)?;
        Ok(first.map_or_else(|| py.None(), |list| list.into_any().unbind()))
    }

    /// The solutions of this subproblem one at a time (at most `limit`), in the order
    /// the whole search finds them; each holds the prefix's options.
    #[pyo3(signature = (*, limit = None, timeout = None, engine = "auto"))]
    fn solutions(
        &self,
        limit: Option<i64>,
        timeout: Option<f64>,
        engine: &str,
    ) -> PyResult<Solutions> {
        let limit = limit
            .map(|limit| at_least_one("limit", limit, "lists nothing"))
            .transpose()?;
        let flag = Arc::new(AtomicBool::new(false));
        let limits = limits(timeout, &flag)?;
        let engine = self.engine(engine)?;
        let problem = Box::new(self.problem.share());
        Solutions::start(engine, self.chosen(), (limits, flag), limit, problem)
    }

    /// A cheapest solution of this subproblem as `(cost, solution)`, or `None`.
    #[pyo3(signature = (*, timeout = None, threads = 1))]
    fn min_cost<'py>(
        &self,
        py: Python<'py>,
        timeout: Option<f64>,
        threads: i64,
    ) -> PyResult<Option<(u128, Bound<'py, PyList>)>> {
        Ok(self.best(py, 1, timeout, threads)?.into_iter().next())
    }

    /// The `k` cheapest solutions of this subproblem, cheapest first.
    #[pyo3(signature = (k, *, timeout = None, threads = 1))]
    fn best<'py>(
        &self,
        py: Python<'py>,
        k: i64,
        timeout: Option<f64>,
        threads: i64,
    ) -> PyResult<Vec<(u128, Bound<'py, PyList>)>> {
        let AnyEngine::Links(solver) = self.engine("links")? else {
            unreachable!("the links asked for")
        };
        best_of(py, &self.problem, solver, (k, timeout, threads))
    }
}
