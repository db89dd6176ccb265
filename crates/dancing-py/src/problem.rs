//! `dancing.Problem`: an exact-cover problem built from Python lists or Knuth's DLX
//! text, with its searches (`count`, `first`, `solutions`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dancing::problems::Drawing;
use dancing::{Engine, EngineName, Memo, OptionId, Route, Solver};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::engines::{
    MAX_MEMORY, best_of, checked_threads, count_memo, count_with, engine, forced_engine,
    given_indices, memo, route,
};
use crate::input::{self, Numbering};
use crate::run::{at_least_one, count_object, interruptible, limits, stop_error, stopped};
use crate::solutions::{Decode, Solutions, sorted};

/// An exact-cover problem: choose options so that every primary item is covered
/// exactly once (or as often as its bounds say) and every secondary item at most once
/// (or by options that agree on its color).
///
/// Problem(items, options, secondary=(), data=None)
///
/// Args:
///     items: the primary items' names, a list (any objects: their `str`), or `None`
///         to take every item the options name that is not secondary, in order of
///         appearance. `"2:3|name"` is an item covered 2 to 3 times.
///     options: a list of options, each a list of item names or one string of names
///         split on spaces. In an option, `"name:color"` gives a secondary item a color
///         (options that agree on it may share it) and `"|5"` gives the option a cost.
///     secondary: the secondary items' names (covered at most once).
///     data: one object per option, which the solutions list instead of the option
///         indices.
///
/// Searches run with the GIL released; Ctrl-C stops them with `KeyboardInterrupt`, a
/// `timeout` (seconds) with `SearchStopped`. Bad input raises `ValueError`. Problems
/// pickle (with their data), so they pass to other processes.
#[pyclass(module = "dancing", frozen)]
pub(crate) struct Problem {
    inner: Arc<dancing::Problem>,
    /// Each option's Python object, handed back in the solutions instead of its index.
    data: Option<Arc<Vec<Py<PyAny>>>>,
    /// The options as the caller numbered them, when some were left out of the
    /// problem (those of secondary items only, which no search can choose).
    numbering: Option<Arc<Numbering>>,
    /// How its solutions look, for the classic problems (`queens`, `polyomino`, …).
    drawing: Drawing,
}

impl Decode for Problem {
    fn decode<'py>(&self, py: Python<'py>, options: &[u32]) -> PyResult<Bound<'py, PyList>> {
        self.solution(py, options)
    }
}

impl Problem {
    /// The same problem, shared (its parts are reference-counted).
    pub(crate) fn share(&self) -> Self {
        Self {
            inner: Arc::clone(&self.inner),
            data: self.data.clone(),
            numbering: self.numbering.clone(),
            drawing: self.drawing.clone(),
        }
    }

    /// A problem of `dancing::problems`, its options' data and how its solutions look.
    pub(crate) fn classic(
        inner: dancing::Problem,
        data: Option<Vec<Py<PyAny>>>,
        drawing: Drawing,
    ) -> Self {
        Self {
            inner: Arc::new(inner),
            data: data.map(Arc::new),
            numbering: None,
            drawing,
        }
    }

    /// How the problem's solutions look.
    pub(crate) fn drawing(&self) -> &Drawing {
        &self.drawing
    }

    /// The engine's problem.
    pub(crate) fn inner(&self) -> &Arc<dancing::Problem> {
        &self.inner
    }

    /// Each option's data, if the caller gave it.
    pub(crate) fn data(&self) -> Option<&[Py<PyAny>]> {
        self.data.as_deref().map(Vec::as_slice)
    }

    /// The caller's index of the problem's option `o`.
    pub(crate) fn caller_index(&self, o: u32) -> u32 {
        self.numbering.as_ref().map_or(o, |n| n.kept[o as usize])
    }

    /// A solution as Python sees it: option indices in the caller's order, or their
    /// data.
    pub(crate) fn solution<'py>(
        &self,
        py: Python<'py>,
        options: &[u32],
    ) -> PyResult<Bound<'py, PyList>> {
        let indices = options.iter().map(|&o| self.caller_index(o));
        match &self.data {
            Some(data) => PyList::new(py, indices.map(|k| data[k as usize].clone_ref(py))),
            None => PyList::new(py, indices),
        }
    }

    /// The problem's option of the caller's index `k`, or why there is none.
    pub(crate) fn problem_index(&self, k: u32) -> PyResult<OptionId> {
        let missing = || {
            PyValueError::new_err(format!(
                "option {k} does not exist or covers secondary items only, which no search chooses"
            ))
        };
        match &self.numbering {
            None if (k as usize) < self.inner.option_count() => Ok(OptionId::new(k as usize)),
            None => Err(missing()),
            Some(numbering) => numbering
                .kept
                .binary_search(&k)
                .map(OptionId::new)
                .map_err(|_| missing()),
        }
    }

    /// The caller's index of each element of a solution: the options' indices, or,
    /// for a problem with data, their data.
    pub(crate) fn caller_indices(
        &self,
        py: Python<'_>,
        solution: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<u32>> {
        let Some(data) = self.data() else {
            return solution.try_iter()?.map(|k| k?.extract::<u32>()).collect();
        };
        let index = PyDict::new(py);
        for (k, datum) in data.iter().enumerate() {
            // Unhashable data are matched one by one below.
            let _ = index.set_item(datum.bind(py), k);
        }
        let find = |element: &Bound<'_, PyAny>| -> PyResult<u32> {
            if let Ok(Some(k)) = index.get_item(element) {
                return k.extract();
            }
            for (k, datum) in data.iter().enumerate() {
                if datum.bind(py).eq(element)? {
                    return Ok(k as u32);
                }
            }
            Err(PyValueError::new_err(format!(
                "{element} is the data of no option"
            )))
        };
        solution.try_iter()?.map(|e| find(&e?)).collect()
    }

    /// How many options the caller gave.
    pub(crate) fn caller_count(&self) -> usize {
        self.numbering
            .as_ref()
            .map_or_else(|| self.inner.option_count(), |n| n.len())
    }
}

#[pymethods]
impl Problem {
    /// Builds a problem from item names and options (lists of item names), with
    /// Knuth's notations: `"2:3|name"` for an item covered 2 to 3 times, `"name:color"`
    /// for a secondary item given a color, `"|5"` in an option for its cost.
    ///
    /// Args:
    ///     items: the primary items' names (any objects: their `str`), or `None` to
    ///         take every item the options name that is not secondary, in order of
    ///         appearance.
    ///     options: each a list of item names, or one string of names split on spaces.
    ///     secondary: the secondary items' names (covered at most once).
    ///     data: one object per option, which the solutions list instead of the
    ///         option indices.
    #[new]
    #[pyo3(signature = (items, options, secondary = None, data = None),
           text_signature = "(items, options, secondary=(), data=None)")]
    fn new(
        items: Option<Bound<'_, PyAny>>,
        options: Bound<'_, PyAny>,
        secondary: Option<Bound<'_, PyAny>>,
        data: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let items = items.map(|i| input::list(&i, "items")).transpose()?;
        let options = input::list(&options, "options")?;
        let secondary = match secondary {
            Some(secondary) => input::list(&secondary, "secondary")?,
            None => Vec::new(),
        };
        let data: Option<Vec<Py<PyAny>>> = data
            .map(|d| input::list(&d, "data"))
            .transpose()?
            .map(|d| d.into_iter().map(Bound::unbind).collect());
        let (inner, numbering) = input::from_lists(items, options, secondary, data.as_deref())?;
        Ok(Self {
            inner: Arc::new(inner),
            data: data.map(Arc::new),
            numbering: numbering.map(Arc::new),
            drawing: Drawing::Nothing,
        })
    }

    /// Reads a problem in Knuth's DLX text format (what `dancing xc` reads).
    ///
    /// Args:
    ///     text: the item line, then one option per line.
    #[staticmethod]
    fn from_dlx(text: &str) -> PyResult<Self> {
        let inner =
            dancing::format::parse_str(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Self {
            inner: Arc::new(inner),
            data: None,
            numbering: None,
            drawing: Drawing::Nothing,
        })
    }

    /// Reads a 0/1 matrix: one row per option, one column per item, as a list of lists
    /// or a 2-D numpy array (any truthy entry is a one). Solutions are row indices.
    /// A row of zeros (or of secondary columns only) is left out, as no search can
    /// choose it; the other rows keep their numbers.
    ///
    /// Args:
    ///     rows: the matrix, row by row.
    ///     names: the columns' item names (default `"0"`, `"1"`, …).
    ///     secondary: how many of the last columns are secondary (covered at most once).
    #[staticmethod]
    #[pyo3(signature = (rows, *, names = None, secondary = 0))]
    fn from_matrix(
        rows: &Bound<'_, PyAny>,
        names: Option<Vec<String>>,
        secondary: usize,
    ) -> PyResult<Self> {
        let (inner, numbering) = input::from_matrix(rows, names, secondary)?;
        Ok(Self {
            inner: Arc::new(inner),
            data: None,
            numbering: numbering.map(Arc::new),
            drawing: Drawing::Nothing,
        })
    }

    /// Pickling: the problem as DLX text, with the data and the options' numbering.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(PyObject, PyObject)> {
        let restore = py.get_type::<Problem>().getattr("_restore")?.unbind();
        let data: Option<Vec<Py<PyAny>>> = self
            .data
            .as_ref()
            .map(|d| d.iter().map(|o| o.clone_ref(py)).collect());
        let numbering = self
            .numbering
            .as_ref()
            .map(|n| (n.kept.clone(), n.left_out.clone()));
        let drawing = crate::classic::drawing_text(&self.drawing);
        let args = (
            dancing::format::to_string(&self.inner),
            data,
            numbering,
            drawing,
        );
        Ok((restore, args.into_pyobject(py)?.into_any().unbind()))
    }

    /// The other half of pickling: a problem from `__reduce__`'s parts.
    #[staticmethod]
    #[allow(clippy::type_complexity)]
    #[pyo3(signature = (text, data, numbering, drawing = ""))]
    fn _restore(
        text: &str,
        data: Option<Vec<Py<PyAny>>>,
        numbering: Option<(Vec<u32>, Vec<(u32, String)>)>,
        drawing: &str,
    ) -> PyResult<Self> {
        Ok(Self {
            inner: input::restored(text)?,
            data: data.map(Arc::new),
            numbering: numbering.map(|(kept, left_out)| Arc::new(Numbering { kept, left_out })),
            drawing: crate::classic::drawing_of(drawing)?,
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
    pub(crate) fn option(&self, index: usize) -> PyResult<String> {
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

    /// The number of solutions, a `dancing.Count` (an `int` whose `complete` is false
    /// when the search stopped at `limit` with more left), searched by `engine` on
    /// `threads` threads, or counted without visiting them by the memo: where a short
    /// probe of it shows the subproblems repeat (the default engine on one thread), or
    /// always with `memo=True`.
    ///
    /// Args:
    ///     limit: count at most this many (1 or more), or `None` for all.
    ///     timeout: seconds before `SearchStopped` (its `count` says how many were
    ///         found), or `None`.
    ///     threads: threads searching (0: every core, at most 256).
    ///     engine: `"auto"`, `"links"`, `"dense"`, `"multi"`, `"memo"` (`"cells"` in
    ///         builds with it), as `dancing xc --engine` takes them.
    ///     memo: `True` counts from a ZDD of all the solutions: exact however large,
    ///         fast where subproblems repeat (boards), slow where they do not; one
    ///         thread. `False` never does; `None` (the default) lets a probe of 1,000
    ///         states choose, as `dancing xc --count` does.
    ///     max_memory: with the memo, the most bytes it may hold (4 GiB by default, as
    ///         `dancing xc --max-memory`); past it, `MemoryError`.
    ///     memo_order: with the memo, the item it covers next: `"auto"`,
    ///         `"frontier"`, `"declared"` or `"mrv"`, as `dancing xc --memo-order`.
    ///     given: options (their indices) every solution must hold, as a partial
    ///         solution forced first (the `dlx` package's `useRow`); links, one thread.
    #[pyo3(signature = (*, limit = None, timeout = None, threads = 1, engine = "auto", memo = None, max_memory = MAX_MEMORY, memo_order = "auto", given = None),
           text_signature = "($self, *, limit=None, timeout=None, threads=1, engine='auto', memo=None, max_memory=4294967296, memo_order='auto', given=None)")]
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<i64>,
        timeout: Option<f64>,
        threads: i64,
        engine: &str,
        memo: Option<bool>,
        max_memory: u64,
        memo_order: &str,
        given: Option<Vec<i64>>,
    ) -> PyResult<PyObject> {
        let given = given_indices(given)?;
        if !given.is_empty() && (memo == Some(true) || threads != 1) {
            return Err(PyValueError::new_err(
                "given= searches on one thread without the memo: leave threads and memo out",
            ));
        }
        let threads = checked_threads(threads)?;
        let limit = limit
            .map(|limit| at_least_one("limit", limit, "counts nothing"))
            .transpose()?;
        let name: EngineName = engine
            .parse()
            .map_err(|e: dancing::UnknownName| PyValueError::new_err(e.to_string()))?;
        let name = match memo {
            Some(true) => EngineName::Memo,
            Some(false) if name == EngineName::Memo => {
                return Err(PyValueError::new_err(
                    "memo=False with engine='memo': leave one of them out",
                ));
            }
            _ => name,
        };
        if name == EngineName::Memo && threads != 1 {
            return Err(PyValueError::new_err(
                "memo=True counts on one thread: leave threads out",
            ));
        }
        let flag = Arc::new(AtomicBool::new(false));
        let limits = limits(timeout, &flag)?;
        let problem = Arc::clone(&self.inner);
        // The options given, on the links; else the router's answer: an engine, or the memo.
        // The options given, on the links; else the router's answer: an engine, or the
        // memo (for the default engine on one thread, as a probe of it chooses).
        let settled = self::memo(
            Memo::new(&problem),
            limits.clone(),
            (max_memory, memo_order),
        )?;
        let probe = memo.is_none() && name == EngineName::Auto && threads == 1;
        let engine = match forced_engine(&self.inner, |k| self.problem_index(k), &given, engine)? {
            Some((engine, _)) => engine,
            None => match route(py, &flag, settled, name, probe)? {
                Route::Engine(engine) => *engine,
                Route::Memo(memo) => return count_memo(py, &flag, memo, limit),
            },
        };
        // Complete when there are `limit` solutions or fewer, as every count is.
        let count = interruptible(py, &flag, move || {
            count_with(engine, threads, limits, limit)
        })??;
        if let Some(error) = stopped(py, count.reason(), count.found()) {
            return Err(error);
        }
        count_object(py, &count.found().to_string(), count.is_complete())
    }

    /// `k` solutions drawn uniformly at random (with repeats), the same for the same
    /// `seed` (a random one when `None`); an empty list when there is none. They are
    /// drawn from a ZDD of all the solutions where the memo pays (a short run of it
    /// tells), else by listing the solutions (a reservoir per draw, or past 64 draws the
    /// count and then the drawn ranks), as the command line's `--sample` draws. The
    /// draws are held in memory: `k` whose solutions would pass `max_memory` raises
    /// `MemoryError`.
    ///
    /// Args:
    ///     k: how many solutions to draw.
    ///     seed: the seed of the draws (any integer from 0 to 2**64 − 1), or `None`.
    ///     timeout: seconds before `SearchStopped`, or `None`.
    ///     max_memory: the most bytes the memo may hold, as for `count`.
    ///     memo_order: the memo's order, as for `count`; given, the draws always come
    ///         from the memo.
    #[pyo3(signature = (k, *, seed = None, timeout = None, max_memory = MAX_MEMORY, memo_order = None),
           text_signature = "($self, k, *, seed=None, timeout=None, max_memory=4294967296, memo_order=None)")]
    fn sample<'py>(
        &self,
        py: Python<'py>,
        k: i64,
        seed: Option<u64>,
        timeout: Option<f64>,
        max_memory: u64,
        memo_order: Option<&str>,
    ) -> PyResult<Vec<Bound<'py, PyList>>> {
        let k = at_least_one("k", k, "draws nothing")?;
        let flag = Arc::new(AtomicBool::new(false));
        let limits = limits(timeout, &flag)?;
        let problem = Arc::clone(&self.inner);
        let seed = seed.unwrap_or_else(dancing::random_seed);
        let order = memo_order.unwrap_or("auto");
        let memo = self::memo(Memo::new(&problem), limits.clone(), (max_memory, order))?;
        let mut engine = self::engine(&problem, "auto")?;
        engine.set_limits(limits);
        // The draws are held (and then made Python lists) whichever way they are made.
        let draws = dancing::listing_bytes(&problem, k);
        if draws > max_memory {
            return Err(pyo3::exceptions::PyMemoryError::new_err(format!(
                "{k} draws would hold about {draws} bytes, more than max_memory={max_memory}"
            )));
        }
        let drawn = interruptible(py, &flag, move || {
            let zdd = match memo_order {
                Some(_) => Some(memo.build()?),
                None => memo.for_sampling()?,
            };
            if let Some(zdd) = zdd {
                let k = usize::try_from(k).unwrap_or(usize::MAX);
                return Ok(zdd.samples(seed).take(k).map(|s| sorted(&s)).collect());
            }
            let mut drawn = Vec::new();
            let stats = dancing::sample_by_listing(&mut engine, k, seed, |options| {
                drawn.push(sorted(options));
                std::ops::ControlFlow::Continue(())
            });
            match stats.stop() {
                Some(stop) => Err(stop),
                None => Ok::<_, dancing::Stopped>(drawn),
            }
        })?
        .map_err(|stop| stop_error(py, &stop))?;
        drawn
            .iter()
            .map(|options| self.solution(py, options))
            .collect()
    }

    /// A solution of least total cost (options cost `"|n"`, 0 by default), as
    /// `(cost, solution)`, or `None` when there is no solution.
    ///
    /// Args:
    ///     timeout: seconds before `SearchStopped`, or `None`.
    ///     threads: threads searching (0: every core); they share the best cost.
    #[pyo3(signature = (*, timeout = None, threads = 1))]
    fn min_cost<'py>(
        &self,
        py: Python<'py>,
        timeout: Option<f64>,
        threads: i64,
    ) -> PyResult<Option<(u128, Bound<'py, PyList>)>> {
        Ok(self.best(py, 1, timeout, threads)?.into_iter().next())
    }

    /// The `k` cheapest solutions, cheapest first, each `(cost, solution)`.
    ///
    /// Args:
    ///     k: how many solutions (fewer when the problem has fewer).
    ///     timeout: seconds before `SearchStopped`, or `None`.
    ///     threads: threads searching (0: every core); they share the k-th cost.
    #[pyo3(signature = (k, *, timeout = None, threads = 1))]
    fn best<'py>(
        &self,
        py: Python<'py>,
        k: i64,
        timeout: Option<f64>,
        threads: i64,
    ) -> PyResult<Vec<(u128, Bound<'py, PyList>)>> {
        best_of(py, self, Solver::new(&self.inner), (k, timeout, threads))
    }

    /// The first solution (a list of option indices, or of their data), or `None`.
    ///
    /// Args:
    ///     timeout: seconds before `SearchStopped`, or `None`.
    ///     engine: the engine, as for `count`.
    ///     given: options every solution must hold, as for `count`.
    #[pyo3(signature = (*, timeout = None, engine = "auto", given = None))]
    fn first(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        engine: &str,
        given: Option<Vec<i64>>,
    ) -> PyResult<Option<PyObject>> {
        let solutions = self.solutions(Some(1), timeout, engine, given)?;
        let first = solutions.next_solution(py)?;
        Ok(first.map(|list| list.into_any().unbind()))
    }

    /// The solutions one at a time, as the search finds them (at most `limit`): each a
    /// list of option indices in input order, or of their data. The search runs ahead
    /// on a thread of its own, a few hundred solutions at most.
    ///
    /// Args:
    ///     limit: at most this many solutions, or `None` for all.
    ///     timeout: seconds before `SearchStopped` (raised by the next call), or `None`.
    ///     engine: the engine, as for `count`.
    ///     given: options every solution must hold, as for `count`; they are in
    ///         each solution listed.
    #[pyo3(signature = (*, limit = None, timeout = None, engine = "auto", given = None))]
    fn solutions(
        &self,
        limit: Option<i64>,
        timeout: Option<f64>,
        engine: &str,
        given: Option<Vec<i64>>,
    ) -> PyResult<Solutions> {
        let limit = limit
            .map(|limit| at_least_one("limit", limit, "lists nothing"))
            .transpose()?;
        let given = given_indices(given)?;
        let flag = Arc::new(AtomicBool::new(false));
        let limits = limits(timeout, &flag)?;
        // Built here, so that an engine that cannot take the problem says so at once.
        let (ready, forced) =
            match forced_engine(&self.inner, |k| self.problem_index(k), &given, engine)? {
                Some(forced) => forced,
                None => (self::engine(&self.inner, engine)?, Vec::new()),
            };
        Solutions::start(ready, forced, (limits, flag), limit, Box::new(self.share()))
    }
}
