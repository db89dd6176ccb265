//! `dancing.Problem`: an exact-cover problem built from Python lists or Knuth's DLX
//! text, with its searches (`count`, `first`, `solutions`).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use dancing::{
    AnyEngine, Capability, Count, Engine, EngineName, Limits, Memo, OptionId, ParallelSolver,
    Solver, Stats,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::run::{interruptible, limits, stopped};

/// An exact-cover problem: items to cover and options that cover them.
#[pyclass(module = "dancing", frozen)]
pub(crate) struct Problem {
    inner: Arc<dancing::Problem>,
    /// Each option's Python object, handed back in the solutions instead of its index.
    data: Option<Arc<Vec<Py<PyAny>>>>,
    /// The options as the caller numbered them, when some were left out of the
    /// problem (those of secondary items only, which no search can choose).
    numbering: Option<Arc<Numbering>>,
}

/// The caller's numbering of the options, where the problem left some out.
#[derive(Debug)]
struct Numbering {
    /// The caller's index of each option of the problem, in order.
    kept: Vec<u32>,
    /// Each option the problem left out: the caller's index and its DLX line.
    left_out: Vec<(u32, String)>,
}

impl Numbering {
    /// How many options the caller gave.
    fn len(&self) -> usize {
        self.kept.len() + self.left_out.len()
    }
}

impl Problem {
    /// The caller's index of the problem's option `o`.
    fn caller_index(&self, o: u32) -> u32 {
        self.numbering.as_ref().map_or(o, |n| n.kept[o as usize])
    }

    /// A solution as Python sees it: option indices in the caller's order, or their
    /// data.
    fn solution<'py>(&self, py: Python<'py>, options: &[u32]) -> PyResult<Bound<'py, PyList>> {
        let indices = options.iter().map(|&o| self.caller_index(o));
        match &self.data {
            Some(data) => PyList::new(py, indices.map(|k| data[k as usize].clone_ref(py))),
            None => PyList::new(py, indices),
        }
    }

    /// How many options the caller gave.
    fn caller_count(&self) -> usize {
        self.numbering
            .as_ref()
            .map_or_else(|| self.inner.option_count(), |n| n.len())
    }
}

/// The options of a solution, sorted, as indices.
fn sorted(options: &[OptionId]) -> Vec<u32> {
    let mut list: Vec<u32> = options.iter().map(|o| o.index() as u32).collect();
    list.sort_unstable();
    list
}

/// The engine `name` (the caller's word, as the command line's `--engine` reads it)
/// built for `problem`, or why it cannot be.
fn engine(problem: &dancing::Problem, name: &str) -> PyResult<AnyEngine> {
    let name: EngineName = name
        .parse()
        .map_err(|e: dancing::UnknownEngine| PyValueError::new_err(e.to_string()))?;
    AnyEngine::new(problem, name).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Counts with `engine` under `limits` on `threads` threads, up to `limit` solutions if
/// given.
fn count_with(
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

/// Reads a name for the DLX text: one token, neither empty nor the `|` separator.
fn token(name: &str, what: &str) -> PyResult<()> {
    if name.is_empty() || name.starts_with('|') || name.chars().any(char::is_whitespace) {
        return Err(PyValueError::new_err(format!(
            "{what} {name:?} is not a name: one word, without spaces, not starting with `|`"
        )));
    }
    Ok(())
}

#[pymethods]
impl Problem {
    /// Builds a problem from item names and options (lists of item names), with
    /// Knuth's notations: `"2:3|name"` for an item covered 2 to 3 times, `"name:color"`
    /// for a secondary item given a color, `"|5"` in an option for its cost. `data`,
    /// if given, has one object per option, which the solutions list instead of the
    /// option indices.
    #[new]
    #[pyo3(signature = (items, options, secondary = Vec::new(), data = None))]
    fn new(
        items: Vec<String>,
        options: Vec<Vec<String>>,
        secondary: Vec<String>,
        data: Option<Vec<Py<PyAny>>>,
    ) -> PyResult<Self> {
        for name in &items {
            token(name, "item")?;
        }
        for name in &secondary {
            token(name, "secondary item")?;
        }
        let mut text = items.join(" ");
        if !secondary.is_empty() {
            text.push_str(" | ");
            text.push_str(&secondary.join(" "));
        }
        text.push('\n');
        for (k, option) in options.iter().enumerate() {
            if option.is_empty() {
                return Err(PyValueError::new_err(format!("option {k} has no items")));
            }
            // Its items, then its costs (`|5`): a line starting with `|` is a comment.
            let (costs, names): (Vec<&String>, Vec<&String>) =
                option.iter().partition(|name| name.starts_with('|'));
            if names.is_empty() {
                return Err(PyValueError::new_err(format!("option {k} has no items")));
            }
            for name in &names {
                token(name, &format!("option {k}: item"))?;
            }
            if let Some(cost) = costs.iter().find(|c| c.chars().any(char::is_whitespace)) {
                return Err(PyValueError::new_err(format!(
                    "option {k}: {cost:?} is not a cost: `|` and digits, without spaces"
                )));
            }
            for (n, word) in names.iter().chain(&costs).enumerate() {
                if n > 0 {
                    text.push(' ');
                }
                text.push_str(word);
            }
            text.push('\n');
        }
        if let Some(data) = &data
            && data.len() != options.len()
        {
            return Err(PyValueError::new_err(format!(
                "data has {} objects for {} options: give one per option",
                data.len(),
                options.len()
            )));
        }
        let parsed = dancing::format::parse_str_with_warnings(&text).map_err(|e| {
            PyValueError::new_err(format!("{e} (line 1 lists the items, line k + 2 option k)"))
        })?;
        // An option of secondary items only is left out of the problem (no search can
        // choose it); the others keep the caller's numbers.
        let numbering = (!parsed.warnings.is_empty()).then(|| {
            let left: Vec<u32> = parsed
                .warnings
                .iter()
                .map(|w| (w.line - 2) as u32)
                .collect();
            Arc::new(Numbering {
                kept: (0..options.len() as u32)
                    .filter(|k| !left.contains(k))
                    .collect(),
                left_out: left
                    .iter()
                    .map(|&k| (k, options[k as usize].join(" ")))
                    .collect(),
            })
        });
        Ok(Self {
            inner: Arc::new(parsed.into_problem()),
            data: data.map(Arc::new),
            numbering,
        })
    }

    /// Reads a problem in Knuth's DLX text format (what `dancing xc` reads).
    #[staticmethod]
    fn from_dlx(text: &str) -> PyResult<Self> {
        let inner =
            dancing::format::parse_str(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Self {
            inner: Arc::new(inner),
            data: None,
            numbering: None,
        })
    }

    /// The number of items, primary and secondary.
    #[getter]
    fn item_count(&self) -> usize {
        self.inner.item_count()
    }

    /// The number of options, as given (those of secondary items only included).
    #[getter]
    fn option_count(&self) -> usize {
        self.caller_count()
    }

    /// Option `index` as a line of DLX text.
    fn option(&self, index: usize) -> PyResult<String> {
        if index >= self.caller_count() {
            return Err(PyValueError::new_err(format!(
                "option {index} does not exist: the problem has {}",
                self.caller_count()
            )));
        }
        let Some(numbering) = &self.numbering else {
            return Ok(self.inner.format_option(OptionId::new(index)));
        };
        if let Some((_, line)) = numbering
            .left_out
            .iter()
            .find(|&&(k, _)| k as usize == index)
        {
            return Ok(line.clone());
        }
        let at = numbering.kept.partition_point(|&k| (k as usize) < index);
        Ok(self.inner.format_option(OptionId::new(at)))
    }

    /// The problem in Knuth's DLX text format.
    fn to_dlx(&self) -> String {
        dancing::format::to_string(&self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "Problem({} items, {} options)",
            self.inner.item_count(),
            self.caller_count()
        )
    }

    /// The number of solutions (at most `limit`), searched by `engine` on `threads`
    /// threads (0: every core), or counted without visiting them with `memo=True` (a
    /// ZDD of all the solutions: exact however large, fast where subproblems repeat).
    #[pyo3(signature = (*, limit = None, timeout = None, threads = 1, engine = "auto", memo = false))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        timeout: Option<f64>,
        threads: usize,
        engine: &str,
        memo: bool,
    ) -> PyResult<PyObject> {
        if threads > ParallelSolver::<Solver>::MAX_THREADS {
            return Err(PyValueError::new_err(format!(
                "threads={threads}: at most {} (0 for every core)",
                ParallelSolver::<Solver>::MAX_THREADS
            )));
        }
        if limit == Some(0) {
            return Err(PyValueError::new_err(
                "limit=0 counts nothing: give a limit of 1 or more, or None for all",
            ));
        }
        let name: EngineName = engine
            .parse()
            .map_err(|e: dancing::UnknownEngine| PyValueError::new_err(e.to_string()))?;
        let memo = memo || name == EngineName::Memo;
        if memo && threads != 1 {
            return Err(PyValueError::new_err(
                "memo=True counts on one thread: leave threads out",
            ));
        }
        let flag = Arc::new(AtomicBool::new(false));
        let limits = limits(timeout, &flag)?;
        let problem = Arc::clone(&self.inner);
        if memo {
            let built = interruptible(py, &flag, move || {
                Memo::new(&problem).limits(limits).build()
            })?;
            let zdd = built.map_err(|stop| {
                stopped(Some(stop.reason), 0)
                    .unwrap_or_else(|| PyValueError::new_err(stop.to_string()))
            })?;
            let count = zdd.count();
            let count = match limit {
                Some(limit) if count > limit.into() => limit.into(),
                _ => count,
            };
            // Python's int reads the decimal digits exactly, however many.
            return Ok(py
                .get_type::<pyo3::types::PyInt>()
                .call1((count.to_string(),))?
                .unbind());
        }
        let engine = self::engine(&problem, engine)?;
        let count = interruptible(py, &flag, move || {
            count_with(engine, threads, limits, limit)
        })??;
        if let Some(error) = stopped(count.reason(), count.found()) {
            return Err(error);
        }
        Ok(count.found().into_pyobject(py)?.into_any().unbind())
    }

    /// The first solution (a list of option indices, or of their data), or `None`.
    #[pyo3(signature = (*, timeout = None, engine = "auto"))]
    fn first(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        engine: &str,
    ) -> PyResult<Option<PyObject>> {
        let solutions = self.solutions(Some(1), timeout, engine)?;
        let first = solutions.next_solution(py)?;
        Ok(first.map(|list| list.into_any().unbind()))
    }

    /// The solutions one at a time, as the search finds them (at most `limit`): each a
    /// list of option indices in input order, or of their data. The search runs ahead
    /// on a thread of its own, a few hundred solutions at most.
    #[pyo3(signature = (*, limit = None, timeout = None, engine = "auto"))]
    fn solutions(
        &self,
        limit: Option<u64>,
        timeout: Option<f64>,
        engine: &str,
    ) -> PyResult<Solutions> {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = limits(timeout, &flag)?;
        // Built here, so that an engine that cannot take the problem says so at once.
        let ready = self::engine(&self.inner, engine)?;
        let (send, receive) = mpsc::sync_channel(256);
        let thread = std::thread::Builder::new()
            .name("dancing-solutions".to_owned())
            .spawn(move || produce(ready, limits, limit, &send))
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        Ok(Solutions {
            receive: Mutex::new(receive),
            flag,
            thread: Mutex::new(Some(thread)),
            problem: Self {
                inner: Arc::clone(&self.inner),
                data: self.data.clone(),
                numbering: self.numbering.clone(),
            },
        })
    }
}

/// What the search thread sends: a solution, or how the search ended.
enum Message {
    Solution(Vec<u32>),
    End(Stats),
}

/// Runs the search of `engine` and sends each solution (up to `limit`), then its end.
fn produce(mut engine: AnyEngine, limits: Limits, limit: Option<u64>, send: &SyncSender<Message>) {
    let mut left = limit.unwrap_or(u64::MAX);
    engine.set_limits(limits);
    let stats = engine.visit(|options| {
        if send.send(Message::Solution(sorted(options))).is_err() {
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
    receive: Mutex<Receiver<Message>>,
    flag: Arc<AtomicBool>,
    thread: Mutex<Option<JoinHandle<()>>>,
    problem: Problem,
}

impl Solutions {
    /// The next solution, `None` at the end; Ctrl-C stops the search and raises
    /// `KeyboardInterrupt`, a timeout raises `SearchStopped`.
    fn next_solution<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
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
                    return Ok(Some(self.problem.solution(py, &options)?));
                }
                Ok(Message::End(stats)) => {
                    self.finish();
                    return match stopped(stats.stopped, stats.solutions) {
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
