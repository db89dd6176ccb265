//! Parallel search on one machine: one clone of a [`SplitEngine`] (the links' [`Solver`] or
//! the dense engine's [`DenseSolver`](crate::DenseSolver)) per thread, and subproblems
//! shared through a queue.
//!
//! The search starts from a split into a few subproblems per thread (the largest, by
//! Knuth's estimate, split first, see [`Solver::split_jobs`]). A worker takes a
//! subproblem, replays its prefix and searches it with its engine's sequential loop,
//! unchanged.
//! Estimates are rough and search trees lopsided, so the queue runs dry while some
//! workers still hold large subtrees: then, at its next heartbeat (every
//! [`Limits::CHECK_INTERVAL`](crate::Limits::CHECK_INTERVAL) nodes), a busy worker gives away the untried options of
//! its shallowest level that has any, as new subproblems, and goes on with the branch it
//! is in. The hot loop never touches shared state; workers meet only at heartbeats
//! (two relaxed atomic loads) and when they take or give work.
//!
//! Results match the sequential search: the same count, the same solutions (in another
//! order, unless asked for [in order](ParallelSolver::solutions_ordered)), and for a
//! complete search the same `nodes` and `updates` in [`Stats`].
//!
//! ```
//! use dancing::{problems, ParallelSolver, Solver};
//!
//! let problem = problems::queens(8);
//! let mut parallel = ParallelSolver::new(Solver::new(&problem), 2);
//! assert_eq!(parallel.count(), 92);
//! assert_eq!(parallel.stats().nodes, 1_199); // as TAOCP counts the sequential search
//!
//! // The same search with the dense engine.
//! let mut dense = ParallelSolver::new(dancing::DenseSolver::new(&problem)?, 2);
//! assert_eq!(dense.count(), 92);
//! assert_eq!(dense.stats().nodes, 1_199);
//! # Ok::<(), dancing::DenseTooLarge>(())
//! ```

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};
use std::sync::{Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Instant;

use std::sync::Arc;

use crate::cost::{CostSearch, CostedSolution, SharedThreshold, keep};
use crate::count::Count;
use crate::engine::Engine;
use crate::ids::OptionId;
use crate::limits::StopReason;
use crate::solution::Solution;
use crate::solver::Solver;
use crate::split::Branches;
use crate::stats::Stats;

mod reorder;
mod workers;

use reorder::Reorder;
use reorder::lock;
use workers::{Mode, Shared, work};

/// Solutions the iterator of [`ParallelSolver::solutions_ordered`] holds ready for its
/// caller, besides the window.
const READY: usize = 1 << 10;

/// Runs the searches of an engine on several threads: the links' [`Solver`] (the
/// default), the dense engine's [`DenseSolver`](crate::DenseSolver), or Algorithm M's
/// [`MultiSolver`](crate::MultiSolver).
///
/// The solver given is the template: its fixed options (from
/// [`force`](crate::SplitEngine::force), [`descend`](crate::SplitEngine::descend) or
/// [`replay`](crate::SplitEngine::replay)) and its [`Limits`](crate::Limits) apply to
/// every search, and each thread searches a clone of it. Limits are checked at
/// heartbeats, so a node limit can be overshot by up to
/// [`Limits::CHECK_INTERVAL`](crate::Limits::CHECK_INTERVAL) nodes per thread.
#[derive(Debug, Clone)]
pub struct ParallelSolver<S = Solver> {
    solver: S,
    threads: usize,
    stats: Stats,
    per_thread: Vec<Stats>,
    /// The window of ordered searches, and the most it held in the last one.
    window: usize,
    peak: usize,
    /// Nodes between a worker's heartbeats, where it may give work away.
    heartbeat: u64,
}

impl<S: Branches> ParallelSolver<S> {
    /// The most threads the front ends ask for (`dancing xc --threads`, Python's
    /// `threads=`): a search on more would spend its time starting and sharing work,
    /// not searching.
    pub const MAX_THREADS: usize = 256;

    /// The most option ids the threads of an ordered search keep ahead of the next
    /// solution in order (4 MiB): see [`visit_ordered`](Self::visit_ordered).
    pub const ORDERED_WINDOW: usize = reorder::WINDOW;

    /// Searches with `threads` threads; 0 means one per core.
    pub fn new(solver: S, threads: usize) -> Self {
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            threads
        };
        Self {
            solver,
            threads,
            stats: Stats::default(),
            per_thread: Vec::new(),
            window: reorder::WINDOW,
            peak: 0,
            heartbeat: crate::limits::Limits::CHECK_INTERVAL,
        }
    }

    /// How many threads the searches use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The bytes a search holds besides the problem: the template and a copy of it per
    /// thread ([`Engine::memory`] each). The cheapest search
    /// ([`best`](ParallelSolver::best)) holds one copy more, of the links sorted by cost.
    pub fn memory(&self) -> usize {
        self.solver.memory() * (self.threads + 1)
    }

    /// The template solver.
    pub fn solver(&self) -> &S {
        &self.solver
    }

    /// The template solver, to fix options or set limits.
    pub fn solver_mut(&mut self) -> &mut S {
        &mut self.solver
    }

    /// Statistics of the most recent search, summed over threads; `elapsed` is the
    /// wall-clock time.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Statistics of each thread in the most recent search, to judge the balance of the
    /// load: `elapsed` is the time the thread spent searching.
    pub fn thread_stats(&self) -> &[Stats] {
        &self.per_thread
    }

    /// The number of solutions: [`Count::Complete`], or [`Count::Partial`] if a
    /// [`Limits`](crate::Limits) bound stopped the search.
    pub fn count(&mut self) -> Count {
        self.run(Mode::Visit(|_: &[OptionId]| ControlFlow::Continue(())));
        Count::from_stats(&self.stats)
    }

    /// The number of solutions, counting no further than `limit`, complete when there
    /// are `limit` or fewer, as [`Engine::count_up_to`](crate::Engine::count_up_to)
    /// counts them. Every thread stops at its next heartbeat once a solution past
    /// `limit` is found.
    pub fn count_up_to(&mut self, limit: u64) -> Count {
        if limit == 0 {
            self.stats = Stats {
                stopped: Some(StopReason::Caller),
                ..Stats::default()
            };
            self.per_thread.clear();
            return Count::from_stats(&self.stats);
        }
        let bound = Count::bound(limit);
        let accepted = AtomicU64::new(0);
        self.run(Mode::Visit(|_: &[OptionId]| {
            if accepted.fetch_add(1, Relaxed) + 1 >= bound {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }));
        let found = accepted.into_inner().min(bound);
        let stopped = if found >= bound {
            Some(StopReason::Caller)
        } else {
            self.stats.stopped
        };
        let count = Count::up_to(found, limit, stopped);
        self.stats.solutions = count.found();
        self.stats.stopped = count.reason();
        count
    }

    /// Some solution, if there is one: the first that any thread finds, which need not be
    /// the sequential search's first. Every thread stops at its next heartbeat.
    pub fn first(&mut self) -> Option<Solution> {
        let first = Mutex::new(None);
        self.visit(|options| {
            lock(&first).get_or_insert_with(|| Solution::from_options(options.to_vec()));
            ControlFlow::Break(())
        });
        first.into_inner().unwrap_or_else(PoisonError::into_inner)
    }

    /// Calls `visit` with each solution (the chosen options, fixed ones first), from the
    /// worker threads, in no particular order, until it returns `Break` or the search
    /// ends. After a `Break`, calls already under way on other threads may still happen
    /// but no thread starts another. Returns the statistics.
    pub fn visit(&mut self, visit: impl Fn(&[OptionId]) -> ControlFlow<()> + Sync) -> Stats {
        self.run(Mode::Visit(visit));
        self.stats
    }

    /// Calls `visit` with each solution in the sequential search's order, one call at a
    /// time, until it returns `Break` or the search ends; returns the statistics, whose
    /// `solutions` counts the calls.
    ///
    /// Memory stays bounded however many solutions there are: the threads keep the
    /// solutions found ahead of the next one in order, up to
    /// [`ORDERED_WINDOW`](Self::ORDERED_WINDOW) option ids in all (4 MiB), and a thread that would keep more
    /// waits until its part comes up. A search whose solutions are found far out of
    /// order can so run on fewer threads than it has.
    pub fn visit_ordered(
        &mut self,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    ) -> Stats {
        let visit = Mutex::new(visit);
        let passed = AtomicU64::new(0);
        let window = self.window;
        let peak = self.run(Mode::Ordered(Reorder::new(
            |options: &[OptionId]| {
                passed.fetch_add(1, Relaxed);
                (lock(&visit))(options)
            },
            window,
        )));
        self.peak = peak;
        self.stats.solutions = passed.into_inner();
        self.stats
    }

    /// Every solution, in no particular order.
    pub fn solutions(&mut self) -> Vec<Solution> {
        let all = Mutex::new(Vec::new());
        self.visit(|options| {
            lock(&all).push(Solution::from_options(options.to_vec()));
            ControlFlow::Continue(())
        });
        all.into_inner().unwrap_or_else(PoisonError::into_inner)
    }

    /// Every solution, in the sequential search's order, as the threads find them: the
    /// search runs in the background while the iterator is read, holding at most about
    /// [`ORDERED_WINDOW`](Self::ORDERED_WINDOW) option ids ahead of the reader (see
    /// [`visit_ordered`](Self::visit_ordered)). Dropping the iterator stops the search;
    /// [`stats`](Self::stats) then holds its statistics.
    ///
    /// ```
    /// use dancing::{Engine, ParallelSolver, Solver, problems};
    ///
    /// let problem = problems::queens(8);
    /// let sequential: Vec<_> = Solver::new(&problem).solutions().collect();
    /// let mut parallel = ParallelSolver::new(Solver::new(&problem), 2);
    /// let ordered: Vec<_> = parallel.solutions_ordered().collect();
    /// assert_eq!(ordered, sequential);
    /// assert_eq!(parallel.stats().solutions, 92);
    /// ```
    pub fn solutions_ordered(&mut self) -> OrderedSolutions<'_, S> {
        let (sender, receiver) = std::sync::mpsc::sync_channel(READY);
        let mut background = ParallelSolver::new(self.solver.clone(), self.threads);
        background.window = self.window;
        background.heartbeat = self.heartbeat;
        let search = std::thread::spawn(move || {
            let sender: SyncSender<Vec<OptionId>> = sender;
            background.visit_ordered(|options| match sender.try_send(options.to_vec()) {
                Ok(()) => ControlFlow::Continue(()),
                Err(TrySendError::Full(options)) => match sender.send(options) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                },
                Err(TrySendError::Disconnected(_)) => ControlFlow::Break(()),
            });
            (background.stats, background.per_thread)
        });
        OrderedSolutions {
            owner: self,
            receiver: Some(receiver),
            search: Some(search),
        }
    }

    /// Runs a search, passing solutions on as `mode` says; returns the most options an
    /// ordered search kept.
    fn run<F>(&mut self, mode: Mode<F, S::Move>) -> usize
    where
        F: Fn(&[OptionId]) -> ControlFlow<()> + Sync,
    {
        let started = Instant::now();
        let threads = self.threads;
        let mut shared = Shared::new(self.solver.limits().clone(), started, mode);
        shared.heartbeat = self.heartbeat;
        let template = &self.solver;
        let pool = (threads > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(threads).build())
            .and_then(Result::ok);
        let outputs = match pool {
            Some(pool) => pool.broadcast(|_| work(&shared, template)),
            None => vec![work(&shared, template)],
        };
        let mut stats = Stats::default();
        self.per_thread.clear();
        for worker_stats in outputs {
            stats += worker_stats;
            self.per_thread.push(worker_stats);
        }
        stats.elapsed = started.elapsed();
        stats.stopped = shared.reason();
        self.stats = stats;
        match &shared.mode {
            Mode::Ordered(reorder) => reorder.peak(),
            Mode::Visit(_) => 0,
        }
    }
}

impl ParallelSolver<Solver> {
    /// A solution of least total cost, as [`Solver::min_cost`] finds it, on the
    /// threads: see [`best`](Self::best).
    pub fn min_cost(&mut self) -> Option<CostedSolution> {
        self.best(1).pop()
    }

    /// The `k` cheapest solutions, cheapest first, as [`Solver::best`] finds them: the
    /// threads share the branch and bound's work as they share a search's, and the
    /// threshold as soon as any of them finds `k` solutions, so each prunes with the
    /// best bound known. The costs are those one thread finds; among solutions of equal
    /// cost, which are kept can differ from run to run. The template's fixed options
    /// and limits apply; `stats` sums the threads' nodes, which pruning makes differ
    /// from one thread's.
    ///
    /// ```
    /// use dancing::{ParallelSolver, Solver, format};
    ///
    /// let problem = format::parse_str("A B\nA B |5\nA |1\nB |2\n")?;
    /// let mut parallel = ParallelSolver::new(Solver::new(&problem), 2);
    /// assert_eq!(parallel.min_cost().map(|s| s.cost()), Some(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best(&mut self, k: usize) -> Vec<CostedSolution> {
        let problem = self.solver.problem().clone();
        let Some(pricing) = problem.pricing().filter(|_| k > 0 && self.threads > 1) else {
            let found = self.solver.best(k);
            self.stats = self.solver.stats();
            self.per_thread = vec![self.stats];
            return found;
        };
        let fixed = self.solver.fixed_nodes().to_vec();
        let mut template = CostSearch::new(&problem, pricing.arena.clone(), &fixed);
        template.set_limits(self.solver.limits().clone());
        let threshold = Arc::new(SharedThreshold::default());
        template.share_threshold(Arc::clone(&threshold));
        let found = Mutex::new(Vec::new());
        let mut parallel = ParallelSolver::new(template, self.threads);
        parallel.heartbeat = self.heartbeat;
        let stats = parallel.visit(|options| {
            let cost = options
                .iter()
                .map(|&o| u128::from(problem.option_cost(o)))
                .sum();
            let solution = Solution::from_options(options.to_vec());
            let mut found = lock(&found);
            if keep(&mut found, k, CostedSolution::new(cost, solution)) {
                threshold.lower(found[k - 1].cost());
            }
            ControlFlow::Continue(())
        });
        self.stats = stats;
        self.per_thread = parallel.per_thread;
        found.into_inner().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The solutions of a parallel search in the sequential search's order, from
/// [`ParallelSolver::solutions_ordered`].
#[derive(Debug)]
pub struct OrderedSolutions<'a, S: Branches> {
    owner: &'a mut ParallelSolver<S>,
    receiver: Option<Receiver<Vec<OptionId>>>,
    search: Option<JoinHandle<(Stats, Vec<Stats>)>>,
}

impl<S: Branches> OrderedSolutions<'_, S> {
    /// Stops the search if it still runs, waits for its threads and keeps its
    /// statistics in the solver.
    fn end(&mut self) {
        drop(self.receiver.take());
        if let Some(search) = self.search.take() {
            match search.join() {
                Ok((stats, per_thread)) => {
                    self.owner.stats = stats;
                    self.owner.per_thread = per_thread;
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    }
}

impl<S: Branches> Iterator for OrderedSolutions<'_, S> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        let next = self.receiver.as_ref()?.recv().ok();
        if next.is_none() {
            self.end();
        }
        next.map(Solution::from_options)
    }
}

impl<S: Branches> Drop for OrderedSolutions<'_, S> {
    fn drop(&mut self) {
        self.end();
    }
}

#[cfg(test)]
mod tests;
