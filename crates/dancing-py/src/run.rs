//! Running a search with the GIL released: on a thread of its own, stopped by Ctrl-C.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use dancing::{Limits, StopReason};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    dancing,
    SearchStopped,
    pyo3::exceptions::PyRuntimeError,
    "A search stopped by its timeout or node budget before it had an answer: `reason` \
     says which, `count` how many solutions it had found by then."
);

/// How often the waiting thread looks at Python's signals.
const POLL: Duration = Duration::from_millis(50);

/// The limits of one search: its timeout, if any, and `flag` for Ctrl-C.
pub(crate) fn limits(timeout: Option<f64>, flag: &Arc<AtomicBool>) -> PyResult<Limits> {
    let timeout = match timeout {
        Some(t) if t.is_finite() && t > 0.0 && t < 1e12 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "timeout must be a positive number of seconds, not {t}"
            )));
        }
        None => None,
    };
    Ok(Limits {
        timeout,
        ..Limits::interrupt(Arc::clone(flag))
    })
}

/// Runs `work` on a thread of its own with the GIL released. Every 50 ms the calling
/// thread checks Python's signals: on Ctrl-C it raises `flag` (which the work's limits
/// watch), waits for the work to stop, and returns the `KeyboardInterrupt`. A panic in
/// the work is a `RuntimeError`, never a crash of the interpreter.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    flag: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let (done, result) = mpsc::channel();
    // A receiver is not `Sync`: the waits borrow it through a lock.
    let result = std::sync::Mutex::new(result);
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let _ = done.send(catch_unwind(AssertUnwindSafe(work)));
        });
        let mut interrupted: Option<PyErr> = None;
        loop {
            let received = py.allow_threads(|| {
                let result = result.lock().unwrap_or_else(|e| e.into_inner());
                result.recv_timeout(POLL)
            });
            match received {
                Ok(Ok(value)) => return interrupted.map_or(Ok(value), Err),
                Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "the search failed (a bug: please report it)",
                    ));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if interrupted.is_none()
                        && let Err(error) = py.check_signals()
                    {
                        flag.store(true, Ordering::Relaxed);
                        interrupted = Some(error);
                    }
                }
            }
        }
    })
}

/// The error of a search that stopped before its answer, or `None` when it ran to the
/// end (or stopped where the caller asked). A `SearchStopped` carries what was done
/// before the stop as attributes: `reason` (`"timeout"`, `"node limit"`) and `count`
/// (the solutions found by then).
pub(crate) fn stopped(py: Python<'_>, reason: Option<StopReason>, found: u64) -> Option<PyErr> {
    match reason {
        None | Some(StopReason::Caller) => None,
        Some(StopReason::Interrupted) => Some(pyo3::exceptions::PyKeyboardInterrupt::new_err(())),
        Some(StopReason::Memory) => Some(pyo3::exceptions::PyMemoryError::new_err(
            "the search reached its memory bound",
        )),
        Some(reason) => {
            let error = SearchStopped::new_err(format!(
                "the search stopped ({reason}) after {found} solutions"
            ));
            let value = error.value(py);
            let set = value
                .setattr("reason", reason.to_string())
                .and_then(|()| value.setattr("count", found));
            Some(set.err().unwrap_or(error))
        }
    }
}

/// The error of a search or a pass that `stop` ended before its answer: as
/// [`stopped`] says, its solutions found by then counted.
pub(crate) fn stop_error(py: Python<'_>, stop: &dancing::Stopped) -> PyErr {
    stopped(py, Some(stop.reason), stop.stats.solutions)
        .unwrap_or_else(|| PyValueError::new_err(stop.to_string()))
}

/// A count as Python sees it: a `dancing.Count`, an `int` that also says whether it is
/// `complete` (every solution counted) or the search stopped at `limit` first.
pub(crate) fn count_object(py: Python<'_>, digits: &str, complete: bool) -> PyResult<PyObject> {
    // Python's int reads the decimal digits exactly, however many.
    let value = py.get_type::<pyo3::types::PyInt>().call1((digits,))?;
    let class = py.import("dancing._count")?.getattr("Count")?;
    Ok(class.call1((value, complete))?.unbind())
}

/// A number the caller gave (`limit`, `k`, `count`): a whole number of at least 1, or
/// an error in the caller's terms (`limit=-1 counts nothing: give 1 or more`).
pub(crate) fn at_least_one(name: &str, value: i64, what: &str) -> PyResult<u64> {
    match u64::try_from(value) {
        Ok(value) if value >= 1 => Ok(value),
        _ => Err(PyValueError::new_err(format!(
            "{name}={value} {what}: give 1 or more"
        ))),
    }
}
