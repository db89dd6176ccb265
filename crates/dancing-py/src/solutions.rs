//! `Problem.solutions`: the search on a thread of its own, running ahead of the
//! caller by a bounded channel, and the iterator that takes its solutions.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use dancing::{AnyEngine, Engine, Limits, Stats};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::run::stopped;

/// The options of a solution, sorted, as indices.
pub(crate) fn sorted(options: &[dancing::OptionId]) -> Vec<u32> {
    let mut list: Vec<u32> = options.iter().map(|o| o.index() as u32).collect();
    list.sort_unstable();
    list
}

/// A solution as Python sees it, from the problem's option indices: what the iterator
/// hands out (the problem's numbering and data).
pub(crate) trait Decode: Send + Sync {
    /// The solution of these options (sorted indices of the problem).
    fn decode<'py>(&self, py: Python<'py>, options: &[u32]) -> PyResult<Bound<'py, PyList>>;
}

/// What the search thread sends: a solution, or how the search ended.
pub(crate) enum Message {
    Solution(Vec<u32>),
    End(Stats),
}

/// Runs the search of `engine` and sends each solution (up to `limit`), then its end.
/// Options `forced` (a partial solution the caller gave) are added to each.
pub(crate) fn produce(
    mut engine: AnyEngine,
    forced: &[dancing::OptionId],
    limits: Limits,
    limit: Option<u64>,
    send: &SyncSender<Message>,
) {
    let mut left = limit.unwrap_or(u64::MAX);
    engine.set_limits(limits);
    let mut whole = Vec::new();
    let stats = engine.visit(|options| {
        whole.clear();
        whole.extend_from_slice(options);
        whole.extend(forced.iter().filter(|o| !options.contains(o)));
        if send.send(Message::Solution(sorted(&whole))).is_err() {
            return ControlFlow::Break(());
        }
        left -= 1;
        if left == 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let _ = send.send(Message::End(stats));
}

/// The solutions of a search in progress (`Problem.solutions`): an iterator, which
/// threads may share (each solution goes to one of them).
#[pyclass(module = "dancing", frozen)]
pub(crate) struct Solutions {
    pub(crate) receive: Mutex<Receiver<Message>>,
    pub(crate) flag: Arc<AtomicBool>,
    pub(crate) thread: Mutex<Option<JoinHandle<()>>>,
    pub(crate) problem: Box<dyn Decode>,
}

impl Solutions {
    /// Starts the search of `engine` (under `limits`, whose interrupt is `flag`) on a
    /// thread of its own, up to `limit` solutions, each with the options `forced`
    /// added, decoded for the caller by `problem`.
    pub(crate) fn start(
        engine: AnyEngine,
        forced: Vec<dancing::OptionId>,
        (limits, flag): (Limits, Arc<AtomicBool>),
        limit: Option<u64>,
        problem: Box<dyn Decode>,
    ) -> PyResult<Self> {
        let (send, receive) = std::sync::mpsc::sync_channel(256);
        let thread = std::thread::Builder::new()
            .name("dancing-solutions".to_owned())
            .spawn(move || produce(engine, &forced, limits, limit, &send))
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        Ok(Self {
            receive: Mutex::new(receive),
            flag,
            thread: Mutex::new(Some(thread)),
            problem,
        })
    }

    /// The next solution, `None` at the end; Ctrl-C stops the search and raises
    /// `KeyboardInterrupt`, a timeout raises `SearchStopped`.
    pub(crate) fn next_solution<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        // Solutions may come faster than the wait below times out: a Ctrl-C is looked
        // for at every call (a flag's read).
        if let Err(error) = py.check_signals() {
            self.finish();
            return Err(error);
        }
        loop {
            let received = {
                let receive = &self.receive;
                py.allow_threads(|| {
                    let receive = receive.lock().unwrap_or_else(|e| e.into_inner());
                    receive.recv_timeout(Duration::from_millis(50))
                })
            };
            match received {
                Ok(Message::Solution(options)) => {
                    return Ok(Some(self.problem.decode(py, &options)?));
                }
                Ok(Message::End(stats)) => {
                    self.finish();
                    return match stopped(py, stats.stopped, stats.solutions) {
                        Some(error) => Err(error),
                        None => Ok(None),
                    };
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(error) = py.check_signals() {
                        self.finish();
                        return Err(error);
                    }
                }
            }
        }
    }

    /// Stops the search thread and waits for it: it ends at its next heartbeat (the
    /// flag) or at a send, which draining the channel unblocks; it has ended when the
    /// channel says it is gone.
    fn finish(&self) {
        self.flag.store(true, Ordering::Relaxed);
        let thread = self.thread.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(thread) = thread {
            let receive = self.receive.lock().unwrap_or_else(|e| e.into_inner());
            while receive.recv().is_ok() {}
            let _ = thread.join();
        }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.next_solution(py)
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.finish();
    }
}
