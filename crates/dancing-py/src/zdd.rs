//! `dancing.Zdd`: the diagram of all the solutions of a problem (`Problem.zdd()`), and
//! what it answers without a new search: the exact count, each option's marginal, the
//! backbone, conditioning, the cheapest solutions, the solution of any rank and the
//! rank of any solution, uniform and weighted draws; saved, loaded and pickled as the
//! `--zdd` text.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use dancing::{BigCount, Limits, Memo, OptionId, ParseErrorKind};
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyOSError, PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice};

use crate::engines::{MAX_MEMORY, memo};
use crate::problem::Problem;
use crate::run::{at_least_one, count_object, interruptible, limits, stop_error};
use crate::solutions::sorted;

/// The diagram (a ZDD) of all the solutions of a problem, as `Problem.zdd()` builds it:
/// it counts them exactly however many there are, and answers without a new search how
/// many solutions use each option (`marginals`), which options are in all or none
/// (`backbone`), the solutions with some options given or forbidden (`restrict`), the
/// cheapest (`min_cost`, `best`), the solution of any rank (`zdd[k]`, slices too) and
/// the rank of a solution (`index`), and draws (`sample`, uniform or by weights).
///
/// `len()` is the count while it fits Python's `sys.maxsize`; `count` is exact always.
/// Iteration lists the solutions in rank order. The passes release the GIL and answer
/// to `timeout` and Ctrl-C, and every new table to the memory bound the diagram was
/// built with. `save` writes the `dancing xc --zdd` text, `Zdd.load` reads it back for
/// its problem; a `Zdd` pickles with its problem.
#[pyclass(module = "dancing", frozen)]
pub(crate) struct Zdd {
    zdd: Arc<dancing::Zdd>,
    problem: Problem,
    max_memory: u64,
    /// Whether the count below every node, which ranks read, is made.
    ranked: AtomicBool,
}

#[pymethods]
impl Problem {
    /// The diagram of all the solutions (a `dancing.Zdd`), built by the memoized
    /// search: fast where the subproblems repeat (boards), slow where they do not.
    ///
    /// Args:
    ///     max_memory: the most bytes the search and the diagram's later tables may
    ///         hold (4 GiB by default, as `dancing xc --max-memory`); past them,
    ///         `MemoryError`.
    ///     timeout: seconds before `SearchStopped`, or `None`.
    ///     memo_order: the item the search covers next: `"auto"`, `"frontier"`,
    ///         `"declared"` or `"mrv"`, as `dancing xc --memo-order`.
    #[pyo3(signature = (*, max_memory = MAX_MEMORY, timeout = None, memo_order = "auto"),
           text_signature = "($self, *, max_memory=4294967296, timeout=None, memo_order='auto')")]
    fn zdd(
        &self,
        py: Python<'_>,
        max_memory: u64,
        timeout: Option<f64>,
        memo_order: &str,
    ) -> PyResult<Zdd> {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = limits(timeout, &flag)?;
        let problem = Arc::clone(self.inner());
        let memo = memo(Memo::new(&problem), limits, (max_memory, memo_order))?;
        let built = interruptible(py, &flag, move || memo.build())?;
        let zdd = built.map_err(|stop| stop_error(py, &stop))?;
        Ok(Zdd::new(zdd, self.share(), max_memory))
    }
}

impl Zdd {
    fn new(zdd: dancing::Zdd, problem: Problem, max_memory: u64) -> Self {
        Self {
            zdd: Arc::new(zdd),
            problem,
            max_memory,
            ranked: AtomicBool::new(false),
        }
    }

    /// Makes the count below every node, which ranks read: once, on a thread of its
    /// own under Ctrl-C and the memory bound (later calls return at once).
    fn ranked(&self, py: Python<'_>) -> PyResult<()> {
        if !self.ranked.load(Ordering::Relaxed) {
            self.pass(py, None, |zdd, _, limits| zdd.make_counts(limits))?;
            self.ranked.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Runs `pass` on the diagram with the GIL released, under `timeout` and Ctrl-C.
    fn pass<T: Send>(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        pass: impl FnOnce(&dancing::Zdd, &dancing::Problem, &Limits) -> Result<T, dancing::Stopped>
        + Send,
    ) -> PyResult<T> {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = limits(timeout, &flag)?;
        let (zdd, problem) = (&*self.zdd, &**self.problem.inner());
        interruptible(py, &flag, move || pass(zdd, problem, &limits))?
            .map_err(|stop| stop_error(py, &stop))
    }

    /// The problem's options of the caller's indices.
    fn options(&self, indices: &[i64]) -> PyResult<Vec<OptionId>> {
        indices
            .iter()
            .map(|&k| {
                let k = u32::try_from(k).map_err(|_| {
                    PyValueError::new_err(format!("{k} is no option index (0 or more)"))
                })?;
                self.problem.problem_index(k)
            })
            .collect()
    }

    /// The solution of rank `k` (a Python int below the count) as Python sees it.
    fn solution_of_rank<'py>(
        &self,
        py: Python<'py>,
        k: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let rank: BigCount = k.str()?.to_cow()?.parse().map_err(|_| {
            PyIndexError::new_err(format!(
                "no solution of rank {k}: ranks are below the count"
            ))
        })?;
        match self.zdd.nth(&rank) {
            Some(options) => self.problem.solution(py, &sorted(&options)),
            None => Err(PyIndexError::new_err(format!(
                "no solution of rank {k}: ranks are below the count"
            ))),
        }
    }

    /// `range(count)`, whose indexing and slicing are Python's, for ranks of any size;
    /// first the count below every node, which ranks read (once, under Ctrl-C and the
    /// memory bound).
    fn ranks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.ranked(py)?;
        let count = big(py, &self.zdd.count())?;
        py.import("builtins")?.getattr("range")?.call1((count,))
    }

    /// `MemoryError` when `k` solutions held as lists would pass the memory bound.
    fn check_listing(&self, k: u64) -> PyResult<()> {
        let bytes = dancing::listing_bytes(self.problem.inner(), k);
        if bytes > self.max_memory {
            return Err(PyMemoryError::new_err(format!(
                "{k} solutions would hold about {bytes} bytes, more than max_memory={}",
                self.max_memory
            )));
        }
        Ok(())
    }

    /// The weights of the caller's options (a sequence, one per option, or a mapping
    /// of some options to theirs, the others 1) by the problem's options.
    fn weights(&self, weights: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
        let count = self.problem.caller_count();
        let mut given = vec![1u64; count];
        if let Ok(map) = weights.downcast::<PyDict>() {
            for (k, w) in map.iter() {
                let k: usize = k.extract()?;
                let slot = given.get_mut(k).ok_or_else(|| {
                    PyValueError::new_err(format!("weights: no option {k} (of {count})"))
                })?;
                *slot = w.extract().map_err(|_| {
                    PyValueError::new_err(format!(
                        "weights: option {k}'s weight {w} is not a whole number of 0 or more"
                    ))
                })?;
            }
        } else {
            let listed: Vec<u64> = weights.extract().map_err(|_| {
                PyValueError::new_err("weights: give whole numbers of 0 or more, one per option, or a dict of some options' weights")
            })?;
            if listed.len() != count {
                return Err(PyValueError::new_err(format!(
                    "weights: {} given for {count} options",
                    listed.len()
                )));
            }
            given = listed;
        }
        let problem = self.problem.inner();
        Ok(problem
            .options()
            .map(|o| given[self.problem.caller_index(o.index() as u32) as usize])
            .collect())
    }
}

#[pymethods]
impl Zdd {
    /// The number of solutions, exact however large (a `dancing.Count`).
    #[getter]
    fn count(&self, py: Python<'_>) -> PyResult<PyObject> {
        count_object(py, &self.zdd.count().to_string(), true)
    }

    /// The number of decision nodes.
    #[getter]
    fn node_count(&self) -> usize {
        self.zdd.node_count()
    }

    /// The problem whose solutions the diagram holds.
    #[getter]
    fn problem(&self) -> Problem {
        self.problem.share()
    }

    /// The number of solutions; `OverflowError` past `sys.maxsize`, where `count`
    /// still answers.
    fn __len__(&self) -> PyResult<usize> {
        let count = self.zdd.count();
        count
            .to_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| isize::try_from(n).is_ok())
            .ok_or_else(|| {
                PyOverflowError::new_err(format!(
                    "the diagram has {count} solutions, more than len() can say: use .count"
                ))
            })
    }

    fn __bool__(&self) -> bool {
        self.zdd.count() != BigCount::ZERO
    }

    fn __repr__(&self) -> String {
        let count = self.zdd.count();
        let s = if count == BigCount::from(1u8) {
            ""
        } else {
            "s"
        };
        format!("Zdd({count} solution{s}, {} nodes)", self.zdd.node_count())
    }

    /// How many solutions use each option: a list indexed by option (as the caller
    /// numbered them), exact ints however large. Over the options of any item covered
    /// exactly once they add up to the count.
    ///
    /// Args:
    ///     timeout: seconds before `SearchStopped`, or `None`.
    #[pyo3(signature = (*, timeout = None))]
    fn marginals(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<Vec<PyObject>> {
        let found = self.pass(py, timeout, |zdd, _, limits| zdd.marginals(limits))?;
        let mut marginals = vec![BigCount::ZERO; self.problem.caller_count()];
        for (o, n) in found.into_iter().enumerate() {
            marginals[self.problem.caller_index(o as u32) as usize] = n;
        }
        marginals.iter().map(|n| big(py, n)).collect()
    }

    /// The options in every solution and those in none, a `dancing.Backbone`
    /// (`in_all`, `in_none`: option indices, ascending). With no solution, every
    /// option is in none.
    ///
    /// Args:
    ///     timeout: seconds before `SearchStopped`, or `None`.
    #[pyo3(signature = (*, timeout = None))]
    fn backbone(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<PyObject> {
        let found = self.pass(py, timeout, |zdd, _, limits| zdd.backbone(limits))?;
        let caller = |list: &[OptionId]| -> Vec<u32> {
            list.iter()
                .map(|o| self.problem.caller_index(o.index() as u32))
                .collect()
        };
        let in_all = caller(&found.in_all);
        let mut in_none = caller(&found.in_none);
        // The options the problem left out (of secondary items only) are in none.
        let kept: std::collections::HashSet<u32> = (0..self.problem.inner().option_count())
            .map(|o| self.problem.caller_index(o as u32))
            .collect();
        in_none.extend((0..self.problem.caller_count() as u32).filter(|k| !kept.contains(k)));
        in_none.sort_unstable();
        let class = py.import("dancing._zdd")?.getattr("Backbone")?;
        Ok(class.call1((in_all, in_none))?.unbind())
    }

    /// The diagram of the solutions that hold every option of `given` and none of
    /// `forbid` (option indices), without a new search.
    ///
    /// Args:
    ///     given: options every solution must hold.
    ///     forbid: options no solution may hold.
    ///     timeout: seconds before `SearchStopped`, or `None`.
    #[pyo3(signature = (*, given = Vec::new(), forbid = Vec::new(), timeout = None),
           text_signature = "($self, *, given=(), forbid=(), timeout=None)")]
    fn restrict(
        &self,
        py: Python<'_>,
        given: Vec<i64>,
        forbid: Vec<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Zdd> {
        let (given, forbid) = (self.options(&given)?, self.options(&forbid)?);
        let zdd = self.pass(py, timeout, |zdd, _, limits| {
            zdd.restrict(&given, &forbid, limits)
        })?;
        Ok(Zdd::new(zdd, self.problem.share(), self.max_memory))
    }

    /// A solution of least total cost, `(cost, solution)`, or `None` when there is
    /// none: a shortest path through the diagram, no search.
    ///
    /// Args:
    ///     timeout: seconds before `SearchStopped`, or `None`.
    #[pyo3(signature = (*, timeout = None))]
    fn min_cost<'py>(
        &self,
        py: Python<'py>,
        timeout: Option<f64>,
    ) -> PyResult<Option<(u128, Bound<'py, PyList>)>> {
        Ok(self.best(py, 1, timeout)?.into_iter().next())
    }

    /// The `k` cheapest solutions, cheapest first, each `(cost, solution)`; among
    /// equal costs, in rank order.
    ///
    /// Args:
    ///     k: how many (fewer when there are fewer solutions).
    ///     timeout: seconds before `SearchStopped`, or `None`.
    #[pyo3(signature = (k, *, timeout = None))]
    fn best<'py>(
        &self,
        py: Python<'py>,
        k: i64,
        timeout: Option<f64>,
    ) -> PyResult<Vec<(u128, Bound<'py, PyList>)>> {
        let k = at_least_one("k", k, "asks for nothing")?;
        self.check_listing(k)?;
        let k = usize::try_from(k).unwrap_or(usize::MAX);
        let found = self.pass(py, timeout, |zdd, problem, limits| {
            zdd.best(problem, k, limits)
        })?;
        found
            .iter()
            .map(|s| Ok((s.cost(), self.problem.solution(py, &sorted(s.options()))?)))
            .collect()
    }

    /// The solution of rank `key` (negative from the end, as a list's), or a list of
    /// those of a slice: ranks of any size, each found by one walk down the diagram.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let ranks = self.ranks(py)?;
        if key.downcast::<PySlice>().is_ok() {
            let picked = ranks.get_item(key)?;
            let k: u64 = picked.len().map_or(u64::MAX, |n| n as u64);
            self.check_listing(k)?;
            let solutions = picked
                .try_iter()?
                .map(|rank| self.solution_of_rank(py, &rank?))
                .collect::<PyResult<Vec<_>>>()?;
            return Ok(PyList::new(py, solutions)?.into_any().unbind());
        }
        let rank = ranks.get_item(key).map_err(|error| {
            if error.is_instance_of::<PyIndexError>(py) {
                PyIndexError::new_err(format!(
                    "no solution of rank {key}: the diagram has {}",
                    self.zdd.count()
                ))
            } else {
                error
            }
        })?;
        Ok(self.solution_of_rank(py, &rank)?.into_any().unbind())
    }

    /// The rank of `solution` (its options' indices, or their data for a problem with
    /// data, in any order): `zdd[zdd.index(s)]` lists the same options. `ValueError`
    /// when it is not a solution of the diagram.
    fn index(&self, py: Python<'_>, solution: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let indices: Vec<i64> = self
            .problem
            .caller_indices(py, solution)?
            .into_iter()
            .map(i64::from)
            .collect();
        let options = self.options(&indices)?;
        self.ranked(py)?;
        match self.zdd.rank(&options) {
            Some(rank) => big(py, &rank),
            None => Err(PyValueError::new_err(
                "not a solution of the diagram".to_owned(),
            )),
        }
    }

    /// The solutions in rank order.
    fn __iter__(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<ZddIter> {
        let ranks = slf.ranks(py)?.try_iter()?.into_any().unbind();
        Ok(ZddIter {
            zdd: Zdd::new_shared(&slf),
            ranks,
        })
    }

    /// `k` solutions drawn at random (with repeats), the same for the same `seed`:
    /// uniformly, or with `weights` with probability proportional to the product of
    /// the weights of the solution's options (exact integers; 0 forbids an option).
    ///
    /// Args:
    ///     k: how many to draw.
    ///     seed: the seed of the draws (0 to 2**64 − 1), or `None` for a random one.
    ///     weights: one whole weight per option, or a dict of some options' weights
    ///         (the others 1), or `None`.
    ///     timeout: seconds before `SearchStopped`, or `None`.
    #[pyo3(signature = (k, *, seed = None, weights = None, timeout = None))]
    fn sample<'py>(
        &self,
        py: Python<'py>,
        k: i64,
        seed: Option<u64>,
        weights: Option<Bound<'py, PyAny>>,
        timeout: Option<f64>,
    ) -> PyResult<Vec<Bound<'py, PyList>>> {
        let k = at_least_one("k", k, "draws nothing")?;
        self.check_listing(k)?;
        let weights = weights.map(|w| self.weights(&w)).transpose()?;
        let seed = seed.unwrap_or_else(dancing::random_seed);
        let drawn = self.pass(py, timeout, |zdd, _, limits| {
            let mut drawn = Vec::new();
            let keep = |s: &[OptionId]| {
                drawn.push(sorted(s));
                std::ops::ControlFlow::Continue(())
            };
            let stop = match &weights {
                Some(w) => zdd.visit_samples_weighted(k, (w, seed), limits, keep),
                None => zdd.visit_samples(k, seed, limits, keep),
            };
            match stop {
                Some(reason) => Err(dancing::Stopped::new(reason, dancing::Stats::default())),
                None => Ok(drawn),
            }
        })?;
        drawn
            .iter()
            .map(|options| self.problem.solution(py, options))
            .collect()
    }

    /// Writes the diagram to `path` in the `dancing xc --zdd` text (Knuth's ZDD
    /// text: a node a line).
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let zdd = &*self.zdd;
        py.allow_threads(|| {
            let mut out = BufWriter::new(File::create(&path)?);
            zdd.write_text(&mut out)?;
            out.flush()
        })
        .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    /// Reads the diagram of `problem`'s solutions that `save` (or `dancing xc --zdd`)
    /// wrote. A diagram of another problem is refused (`ValueError`), as is a text
    /// that is not a diagram (the line and column said).
    ///
    /// Args:
    ///     path: the file.
    ///     problem: the problem the diagram was built for.
    ///     max_memory: the most bytes the diagram and its later tables may hold.
    #[staticmethod]
    #[pyo3(signature = (path, problem, *, max_memory = MAX_MEMORY))]
    fn load(py: Python<'_>, path: PathBuf, problem: &Problem, max_memory: u64) -> PyResult<Zdd> {
        let inner = problem.inner();
        let read = py.allow_threads(|| {
            let file = File::open(&path).map_err(|e| PyOSError::new_err(e.to_string()));
            file.map(|f| dancing::Zdd::read_text(BufReader::new(f), inner, max_memory))
        });
        match read.map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))? {
            Ok(zdd) => Ok(Zdd::new(zdd, problem.share(), max_memory)),
            Err(e) if matches!(e.kind, ParseErrorKind::Io(_)) => {
                Err(PyOSError::new_err(format!("{}: {e}", path.display())))
            }
            Err(e) => Err(PyValueError::new_err(format!("{}: {e}", path.display()))),
        }
    }

    /// Pickling: the problem, the diagram's text and its memory bound.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, PyObject)> {
        let restore = py.get_type::<Zdd>().getattr("_restore")?.unbind();
        let mut text = Vec::new();
        self.zdd.write_text(&mut text)?;
        let text = pyo3::types::PyBytes::new(py, &text);
        let args = (self.problem.share(), text, self.max_memory);
        Ok((restore, args.into_pyobject(py)?.into_any().unbind()))
    }

    /// The other half of pickling.
    #[staticmethod]
    fn _restore(problem: &Problem, text: &[u8], max_memory: u64) -> PyResult<Zdd> {
        let zdd = dancing::Zdd::read_text(text, problem.inner(), max_memory)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Zdd::new(zdd, problem.share(), max_memory))
    }
}

impl Zdd {
    /// The same diagram, shared.
    fn new_shared(&self) -> Self {
        Self {
            zdd: Arc::clone(&self.zdd),
            problem: self.problem.share(),
            max_memory: self.max_memory,
            ranked: AtomicBool::new(self.ranked.load(Ordering::Relaxed)),
        }
    }
}

/// The solutions of a diagram in rank order (`iter(zdd)`).
#[pyclass(module = "dancing")]
pub(crate) struct ZddIter {
    zdd: Zdd,
    /// The iterator of `range(count)`: the ranks still to list.
    ranks: PyObject,
}

#[pymethods]
impl ZddIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let ranks = self.ranks.bind(py);
        match pyo3::types::PyIterator::from_object(ranks)?.next() {
            Some(rank) => Ok(Some(self.zdd.solution_of_rank(py, &rank?)?)),
            None => Ok(None),
        }
    }
}

/// A count as a Python int, exact.
fn big(py: Python<'_>, n: &BigCount) -> PyResult<PyObject> {
    match n.to_u128() {
        Some(n) => Ok(n.into_pyobject(py)?.into_any().unbind()),
        None => Ok(py
            .get_type::<pyo3::types::PyInt>()
            .call1((n.to_string(),))?
            .unbind()),
    }
}
