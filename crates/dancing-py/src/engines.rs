//! The searches behind `Problem`'s methods, in the caller's words: the engine named,
//! a count on one thread or many, the threads allowed, the options given, the memo.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dancing::{
    AnyEngine, Capability, Count, Engine, EngineName, Limits, Memo, MemoOrder, OptionId,
    ParallelSolver, Route, Solver,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::run::{at_least_one, count_object, interruptible, limits, stop_error, stopped};
use crate::solutions::sorted;

/// The engine `name` (the caller's word, as the command line's `--engine` reads it)
/// built for `problem`, or why it cannot be.
pub(crate) fn engine(problem: &dancing::Problem, name: &str) -> PyResult<AnyEngine> {
    let name: EngineName = name
        .parse()
        .map_err(|e: dancing::UnknownName| PyValueError::new_err(e.to_string()))?;
    AnyEngine::new(problem, name).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Counts with `engine` under `limits` on `threads` threads, up to `limit` solutions if
/// given.
pub(crate) fn count_with(
    mut engine: AnyEngine,
    threads: usize,
    limits: Limits,
    limit: Option<u64>,
) -> PyResult<Count> {
    engine.set_limits(limits);
    if threads == 1 {
        return Ok(match limit {
            Some(limit) => engine.count_up_to(limit),
            None => engine.count(),
        });
    }
    if !engine.kind().can(Capability::Threads) {
        return Err(PyValueError::new_err(format!(
            "engine {:?} searches on one thread",
            engine.name()
        )));
    }
    let mut parallel = ParallelSolver::new(engine, threads);
    Ok(match limit {
        Some(limit) => parallel.count_up_to(limit),
        None => parallel.count(),
    })
}

/// `threads` as the command line takes it: 0 for every core, at most 256.
pub(crate) fn checked_threads(threads: i64) -> PyResult<usize> {
    let max = ParallelSolver::<Solver>::MAX_THREADS;
    match usize::try_from(threads) {
        Ok(0) => Ok(std::thread::available_parallelism().map_or(1, usize::from)),
        Ok(threads) if threads <= max => Ok(threads),
        _ => Err(PyValueError::new_err(format!(
            "threads={threads}: give 1 to {max}, or 0 for every core"
        ))),
    }
}

/// The caller's `given` options: their indices, none negative.
pub(crate) fn given_indices(given: Option<Vec<i64>>) -> PyResult<Vec<u32>> {
    given
        .unwrap_or_default()
        .into_iter()
        .map(|k| {
            u32::try_from(k).map_err(|_| {
                PyValueError::new_err(format!("given: {k} is no option index (0 or more)"))
            })
        })
        .collect()
}

/// `memo` (the router's, or a new one) as the caller set it: its memory bound in bytes
/// and its order's word.
pub(crate) fn memo<'p>(
    memo: Memo<'p>,
    limits: Limits,
    (max_memory, order): (u64, &str),
) -> PyResult<Memo<'p>> {
    let order: MemoOrder = order
        .parse()
        .map_err(|e: dancing::UnknownName| PyValueError::new_err(e.to_string()))?;
    Ok(memo.limits(limits).max_memory(max_memory).order(order))
}

/// The memo's memory bound when none is given: the command line's `--max-memory`.
pub(crate) const MAX_MEMORY: u64 = 4 << 30;

/// The router's answer for a count: for the default engine on one thread (`probe`), as
/// its probe of `memo` (the caller's settings) chooses; else the engine `name`, or the
/// memo for `memo`.
pub(crate) fn route<'p>(
    py: Python<'_>,
    flag: &Arc<AtomicBool>,
    memo: Memo<'p>,
    name: EngineName,
    probe: bool,
) -> PyResult<Route<'p>> {
    let routed = if probe {
        interruptible(py, flag, move || Route::for_count(memo, name))?.map(|(route, _)| route)
    } else {
        match Route::new(memo.problem(), name) {
            Ok(Route::Memo(_)) => Ok(Route::Memo(memo)),
            other => other,
        }
    };
    routed.map_err(|error| match error {
        dancing::RouteError::Stopped(stop) => stop_error(py, &stop),
        other => PyValueError::new_err(other.to_string()),
    })
}

/// Counts with `memo` (its settings the caller's) up to `limit`: exact however large,
/// complete when there are `limit` solutions or fewer, as every count is.
pub(crate) fn count_memo(
    py: Python<'_>,
    flag: &Arc<AtomicBool>,
    memo: Memo<'_>,
    limit: Option<u64>,
) -> PyResult<PyObject> {
    let built = interruptible(py, flag, move || memo.build())?;
    let zdd = built.map_err(|stop| stop_error(py, &stop))?;
    let (count, stopped) = match limit {
        Some(limit) => zdd.count_up_to(limit),
        None => (zdd.count(), None),
    };
    count_object(py, &count.to_string(), stopped.is_none())
}

/// The engine for a search that starts from the caller's `given` options (their
/// indices, as the caller numbered them, which `index` turns into the problem's): dancing links with them forced, so that
/// every solution holds them; `None` without any. The engine named must be `auto` or
/// `links`, on one thread.
pub(crate) fn forced_engine(
    problem: &dancing::Problem,
    index: impl Fn(u32) -> PyResult<OptionId>,
    given: &[u32],
    engine: &str,
) -> PyResult<Option<(AnyEngine, Vec<OptionId>)>> {
    if given.is_empty() {
        return Ok(None);
    }
    let name: EngineName = engine
        .parse()
        .map_err(|e: dancing::UnknownName| PyValueError::new_err(e.to_string()))?;
    if !name.can(Capability::Forced) {
        return Err(PyValueError::new_err(format!(
            "given= searches on the links engine: leave engine={engine:?} out"
        )));
    }
    let options = given
        .iter()
        .map(|&k| index(k))
        .collect::<PyResult<Vec<OptionId>>>()?;
    let mut solver = Solver::new(problem);
    solver
        .set_forced(options.iter().copied())
        .map_err(|e| PyValueError::new_err(format!("given={given:?}: {e}")))?;
    Ok(Some((AnyEngine::Links(solver), options)))
}

/// The `k` cheapest solutions (`k` as the caller gave it) of `solver`, which may have
/// options forced or a prefix followed, under the caller's `timeout` on `threads`
/// threads: each `(cost, solution)` as `problem` decodes it.
pub(crate) fn best_of<'py>(
    py: Python<'py>,
    problem: &crate::problem::Problem,
    mut solver: Solver,
    (k, timeout, threads): (i64, Option<f64>, i64),
) -> PyResult<Vec<(u128, Bound<'py, pyo3::types::PyList>)>> {
    let k = usize::try_from(at_least_one("k", k, "asks for nothing")?).unwrap_or(usize::MAX);
    let threads = checked_threads(threads)?;
    let flag = Arc::new(AtomicBool::new(false));
    solver.set_limits(limits(timeout, &flag)?);
    let (found, stats) = interruptible(py, &flag, move || {
        if threads == 1 {
            let found = solver.best(k);
            (found, solver.stats())
        } else {
            let mut parallel = ParallelSolver::new(solver, threads);
            let found = parallel.best(k);
            (found, parallel.stats())
        }
    })?;
    if let Some(error) = stopped(py, stats.stopped, found.len() as u64) {
        return Err(error);
    }
    found
        .iter()
        .map(|costed| {
            Ok((
                costed.cost(),
                problem.solution(py, &sorted(costed.options()))?,
            ))
        })
        .collect()
}
