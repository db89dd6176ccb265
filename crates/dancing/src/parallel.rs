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
            heartbeat: crate::Limits::CHECK_INTERVAL,
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

    /// The number of solutions, counting no further than `limit` (reaching it gives
    /// [`Count::Partial`] with [`StopReason::Caller`](crate::StopReason::Caller), as
    /// [`Engine::count_up_to`](crate::Engine::count_up_to) does). Every thread stops at
    /// its next heartbeat once `limit` solutions are found.
    pub fn count_up_to(&mut self, limit: u64) -> Count {
        if limit == 0 {
            self.stats = Stats {
                stopped: Some(StopReason::Caller),
                ..Stats::default()
            };
            self.per_thread.clear();
            return Count::from_stats(&self.stats);
        }
        let accepted = AtomicU64::new(0);
        self.run(Mode::Visit(|_: &[OptionId]| {
            if accepted.fetch_add(1, Relaxed) + 1 >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }));
        let count = accepted.into_inner().min(limit);
        self.stats.solutions = count;
        if count >= limit {
            self.stats.stopped = Some(StopReason::Caller);
        }
        Count::from_stats(&self.stats)
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
mod tests {
    use crate::engine::Engine;
    use std::collections::HashSet;
    use std::sync::Arc;

    use super::*;
    use crate::engine::INSIDE;
    use crate::problems;
    use crate::split::SplitEngine;
    use std::sync::atomic::AtomicBool;

    use crate::{DenseSolver, Event, ItemId, Limits, Problem, StopReason, format};
    use proptest::prelude::*;

    fn problems() -> Vec<Problem> {
        let mut all: Vec<Problem> = (1..=9).map(problems::queens).collect();
        all.extend([
            format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap(),
            problems::langford(7),
            problems::langford(8),
            problems::latin_square(4),
            problems::pentominoes(20, 3),
        ]);
        all
    }

    on_split_engines! {
        counts_and_statistics_match_the_sequential_search => counts_and_statistics_match;
        solution_sets_match_and_ordered_mode_keeps_the_order => solution_sets_match;
        limits_stop_every_worker => limits_stop;
        fixed_options_of_the_template_apply => fixed_options_apply;
    }

    fn counts_and_statistics_match<E: SplitEngine>() {
        for problem in problems() {
            let mut sequential = Solver::new(&problem);
            let count = sequential.count();
            let expected = sequential.stats();
            for threads in [1, 2, 3, 4] {
                let mut parallel = ParallelSolver::new(E::new(&problem), threads);
                assert_eq!(parallel.count(), count, "{threads} threads");
                let stats = parallel.stats();
                assert_eq!(
                    (stats.solutions, stats.nodes, stats.updates, stats.stopped),
                    (count.found(), expected.nodes, expected.updates, None),
                    "{threads} threads"
                );
                parallel.solver().check_integrity().unwrap();
            }
        }
    }

    fn solution_sets_match<E: SplitEngine>() {
        for problem in problems() {
            let expected: Vec<Solution> = Solver::new(&problem).solutions().collect();
            let set: HashSet<_> = expected.iter().cloned().collect();
            for threads in [2, 3] {
                let mut parallel = ParallelSolver::new(E::new(&problem), threads);
                let unordered = parallel.solutions();
                assert_eq!(unordered.len(), expected.len());
                assert_eq!(unordered.into_iter().collect::<HashSet<_>>(), set);
                assert_eq!(parallel.solutions_ordered().collect::<Vec<_>>(), expected);
            }
        }
    }

    #[test]
    fn first_forced_branching_finds_the_same_solutions_in_parallel() {
        // A solution as a set: the branchings choose its options in different orders.
        let canonical = |s: Solution| {
            let mut options = s.into_options();
            options.sort();
            options
        };
        for problem in problems() {
            let expected: HashSet<Vec<OptionId>> =
                Solver::new(&problem).solutions().map(canonical).collect();
            for threads in [2, 3] {
                let mut solver = Solver::new(&problem);
                solver.set_branching(crate::Branching::FirstForced);
                let mut parallel = ParallelSolver::new(solver, threads);
                assert_eq!(parallel.count(), expected.len() as u64);
                let found = parallel.solutions();
                assert_eq!(found.len(), expected.len());
                assert_eq!(
                    found.into_iter().map(canonical).collect::<HashSet<_>>(),
                    expected
                );
                parallel.solver().check_integrity().unwrap();
            }
        }
    }

    #[test]
    fn giving_away_partitions_the_rest_of_a_search() {
        // A solution as a set: the branchings choose its options in different orders.
        let sorted = |v: Vec<Solution>| {
            let mut v: Vec<Vec<OptionId>> = v
                .into_iter()
                .map(|s| {
                    let mut options = s.into_options();
                    options.sort();
                    options
                })
                .collect();
            v.sort();
            v
        };
        for problem in [problems::queens(9), problems::langford(8)] {
            let expected: Vec<Solution> = Solver::new(&problem).solutions().collect();
            // Branch by branch, in the sequential order.
            assert_eq!(give_away_and_replay(Solver::new(&problem)), expected);
            assert_eq!(
                give_away_and_replay(DenseSolver::new(&problem).unwrap()),
                expected
            );
            let mut solver = Solver::new(&problem);
            solver.set_branching(crate::Branching::FirstForced);
            let all = give_away_and_replay(solver);
            assert_eq!(sorted(all), sorted(expected.clone()));
            // Algorithm M, with and without null moves.
            let multi = crate::MultiSolver::new(&problem);
            assert_eq!(give_away_and_replay(multi), expected);
        }
        let problem = format::parse_str(&dancing_testkit::choose_between(4, 6, 14)).unwrap();
        let mut multi = crate::MultiSolver::new(&problem);
        let expected: Vec<Solution> = multi.solutions().collect();
        assert_eq!(give_away_and_replay(multi), expected);
    }

    /// Runs a search that gives away its shallowest untried branches at the first
    /// heartbeat, then replays them; returns the solutions found before, then those of
    /// each branch given away.
    fn give_away_and_replay<E: Branches>(mut solver: E) -> Vec<Solution> {
        let mut all = Vec::new();
        let mut given = None;
        let mut search = solver.search();
        loop {
            match search.next_event() {
                Event::Solution => all.push(Solution::from_options(search.solution().to_vec())),
                Event::Heartbeat if given.is_none() => given = search.engine.give_away(INSIDE, 0),
                Event::Heartbeat => {}
                Event::Finished => break,
            }
        }
        drop(search);
        let (path, untried) = given.expect("a branch to give away");
        assert!(!untried.is_empty());
        solver.truncate_fixed(INSIDE, 0);
        solver.check_integrity().unwrap();
        for &m in &path {
            solver.follow(INSIDE, m).unwrap();
        }
        for (k, &branch) in untried.iter().enumerate() {
            // The first branch covers the level's item; the next keep it covered.
            if k == 0 {
                solver.follow(INSIDE, branch).unwrap();
            } else {
                solver.follow_sibling(INSIDE, branch).unwrap();
            }
            solver.visit(|options| {
                all.push(Solution::from_options(options.to_vec()));
                ControlFlow::Continue(())
            });
        }
        solver.truncate_fixed(INSIDE, 0);
        solver.check_integrity().unwrap();
        all
    }

    /// A random problem: primary items (with bounds `lo:hi` when `bounded`), secondary
    /// items that options may color, and options of random items and costs.
    fn random_problem(bounded: bool) -> impl Strategy<Value = Problem> {
        random_costed(bounded, (0u64..20).boxed())
    }

    /// The same with costs drawn by `costs`.
    fn random_costed(bounded: bool, costs: BoxedStrategy<u64>) -> impl Strategy<Value = Problem> {
        let bounds = proptest::collection::vec((0u32..=2, 1u32..=2), 3..7);
        let options = proptest::collection::vec(
            (
                proptest::collection::vec(0usize..9, 1..4),
                proptest::option::of(0u32..3),
                costs,
            ),
            4..24,
        );
        (bounds, options).prop_map(move |(bounds, options)| {
            let mut b = Problem::builder();
            let primaries = bounds.len();
            let mut items = Vec::new();
            for (k, &(lo, extra)) in bounds.iter().enumerate() {
                let name = format!("p{k}");
                items.push(if bounded {
                    b.primary_bounded(&name, lo, lo + extra).unwrap()
                } else {
                    b.primary(&name).unwrap()
                });
            }
            for k in 0..3 {
                items.push(b.secondary(&format!("s{k}")).unwrap());
            }
            let colors = [b.color("a").unwrap(), b.color("b").unwrap()];
            for (picks, color, cost) in options {
                let mut chosen: Vec<(ItemId, Option<crate::ColorId>)> = Vec::new();
                for pick in picks {
                    let item = items[pick % items.len()];
                    if chosen.iter().any(|&(i, _)| i == item) {
                        continue;
                    }
                    let secondary = pick % items.len() >= primaries;
                    let color = color
                        .filter(|&c| secondary && c < 2)
                        .map(|c| colors[c as usize]);
                    chosen.push((item, color));
                }
                if !chosen.iter().any(|&(i, _)| items[..primaries].contains(&i)) {
                    chosen.push((items[0], None));
                }
                let option = b.colored_option(chosen).unwrap();
                b.set_cost(option, cost);
            }
            b.build().unwrap()
        })
    }

    /// The parallel search of `template` on 2 and 3 threads, giving work away every few
    /// nodes, against the sequential search: the count, the statistics, the solutions in
    /// order and as a set.
    fn agrees_on_threads<E: Branches>(template: &E) -> Result<(), TestCaseError> {
        let mut sequential = template.clone();
        let expected: Vec<Solution> = sequential.solutions().collect();
        let stats = sequential.stats();
        for threads in [2, 3] {
            let mut parallel = ParallelSolver::new(template.clone(), threads);
            parallel.heartbeat = 2;
            prop_assert_eq!(parallel.count(), Count::Complete(expected.len() as u64));
            let summed = parallel.stats();
            prop_assert_eq!((summed.nodes, summed.updates), (stats.nodes, stats.updates));
            let ordered: Vec<Solution> = parallel.solutions_ordered().collect();
            prop_assert_eq!(&ordered, &expected);
            let mut unordered = parallel.solutions();
            unordered.sort_by(|a, b| a.options().cmp(b.options()));
            let mut sorted = expected.clone();
            sorted.sort_by(|a, b| a.options().cmp(b.options()));
            prop_assert_eq!(unordered, sorted);
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Colors, costs and multiplicities: every engine that runs on threads finds
        /// what one thread finds, and the cheapest solutions cost what one thread's do.
        #[test]
        fn random_problems_agree_on_threads(problem in random_problem(false), bounded in random_problem(true)) {
            agrees_on_threads(&Solver::new(&problem))?;
            agrees_on_threads(&DenseSolver::new(&problem).unwrap())?;
            agrees_on_threads(&crate::MultiSolver::new(&problem))?;
            agrees_on_threads(&crate::MultiSolver::new(&bounded))?;
            let mut sequential = Solver::new(&problem);
            let best: Vec<u128> = sequential.best(3).iter().map(|s| s.cost()).collect();
            for threads in [2, 3] {
                let mut parallel = ParallelSolver::new(Solver::new(&problem), threads);
                parallel.heartbeat = 2;
                let found = parallel.best(3);
                let costs: Vec<u128> = found.iter().map(|s| s.cost()).collect();
                prop_assert_eq!(&costs, &best);
                for solution in &found {
                    prop_assert!(problem.verify(solution.options()).is_ok());
                    let cost: u128 = solution.options().iter().map(|&o| u128::from(problem.option_cost(o))).sum();
                    prop_assert_eq!(cost, solution.cost());
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// Costs near and past 2^64 (an option costs at most 2^64 − 1, a solution's total
        /// is exact): on 2, 3 and 8 threads the `k` cheapest cost exactly what the
        /// cheapest `k` of all the solutions, listed by the plain search, cost.
        #[test]
        fn costs_past_two_to_the_64_on_threads(
            problem in random_costed(false, prop_oneof![0u64..4, (u64::MAX - 3)..=u64::MAX].boxed()),
            k in 1usize..5,
        ) {
            let mut all: Vec<u128> = Solver::new(&problem)
                .solutions()
                .map(|s| s.options().iter().map(|&o| u128::from(problem.option_cost(o))).sum())
                .collect();
            all.sort_unstable();
            all.truncate(k);
            for threads in [1, 2, 3, 8] {
                let mut parallel = ParallelSolver::new(Solver::new(&problem), threads);
                parallel.heartbeat = 2;
                let costs: Vec<u128> = parallel.best(k).iter().map(|s| s.cost()).collect();
                prop_assert_eq!(&costs, &all, "{} threads", threads);
                prop_assert!(parallel.stats().is_complete());
                let min = ParallelSolver::new(Solver::new(&problem), threads).min_cost();
                prop_assert_eq!(min.map(|s| s.cost()), all.first().copied());
            }
        }
    }

    #[test]
    fn ordered_output_keeps_a_bounded_window() {
        // 2^14 solutions: each of 14 items has two options of its own.
        let problem = format::parse_str(&dancing_testkit::two_options_each(14)).unwrap();
        let expected: Vec<Solution> = Solver::new(&problem).solutions().collect();
        for (threads, window) in [(2, 256), (3, 64)] {
            let mut parallel = ParallelSolver::new(DenseSolver::new(&problem).unwrap(), threads);
            parallel.window = window;
            let mut seen = Vec::new();
            let stats = parallel.visit_ordered(|options| {
                // A slow reader: the thread of the earliest part falls behind the others.
                if seen.len() % 16 == 0 {
                    std::thread::sleep(std::time::Duration::from_micros(5));
                }
                seen.push(Solution::from_options(options.to_vec()));
                ControlFlow::Continue(())
            });
            assert_eq!(seen, expected);
            assert_eq!(stats.solutions, 1 << 14);
            let chunk = window / 8;
            assert!(
                parallel.peak <= window + 2 * threads * chunk,
                "{threads} threads kept {} options, window {window}",
                parallel.peak
            );
        }
        // Stopping after a few: no more visits, and the count says how many.
        let mut parallel = ParallelSolver::new(Solver::new(&problem), 2);
        let mut first = Vec::new();
        let stats = parallel.visit_ordered(|options| {
            first.push(Solution::from_options(options.to_vec()));
            if first.len() == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(first, expected[..5]);
        assert_eq!(
            (stats.solutions, stats.stopped),
            (5, Some(StopReason::Caller))
        );
        // The iterator dropped early stops the search and keeps its statistics.
        let mut parallel = ParallelSolver::new(Solver::new(&problem), 2);
        let taken: Vec<Solution> = parallel.solutions_ordered().take(3).collect();
        assert_eq!(taken, expected[..3]);
        assert_eq!(parallel.stats().stopped, Some(StopReason::Caller));
    }

    #[test]
    fn first_finds_a_solution_or_none() {
        let problem = problems::queens(8);
        let set: HashSet<_> = Solver::new(&problem).solutions().collect();
        let mut parallel = ParallelSolver::new(Solver::new(&problem), 2);
        let first = parallel.first().unwrap();
        assert!(set.contains(&first));
        assert_eq!(parallel.stats().stopped, Some(StopReason::Caller));
        let mut none = ParallelSolver::new(Solver::new(&problems::queens(3)), 2);
        assert_eq!(none.first(), None);
        assert!(none.stats().is_complete());
    }

    fn limits_stop<E: SplitEngine>() {
        let problem = problems::queens(10);
        let mut parallel = ParallelSolver::new(E::new(&problem), 2);
        assert_eq!(
            parallel.count_up_to(50),
            Count::Partial {
                found: 50,
                reason: StopReason::Caller
            }
        );
        assert_eq!(parallel.stats().stopped, Some(StopReason::Caller));
        assert_eq!(parallel.stats().solutions, 50);

        let mut solver = E::new(&problem);
        solver.set_limits(Limits::max_nodes(5_000));
        let mut parallel = ParallelSolver::new(solver, 2);
        let count = parallel.count();
        assert_eq!(count.reason(), Some(StopReason::NodeLimit));
        assert!(count.found() < 724);
        let stats = parallel.stats();
        assert_eq!(stats.stopped, Some(StopReason::NodeLimit));
        // Overshoot is bounded by one check interval per thread, plus the split.
        assert!(
            stats.nodes < 5_000 + 3 * Limits::CHECK_INTERVAL,
            "{stats:?}"
        );

        let mut solver = E::new(&problem);
        solver.set_limits(Limits::interrupt(Arc::new(AtomicBool::new(true))));
        let mut parallel = ParallelSolver::new(solver, 2);
        let count = parallel.count();
        assert_eq!(count.reason(), Some(StopReason::Interrupted));
        assert_eq!(parallel.stats().stopped, Some(StopReason::Interrupted));
    }

    fn fixed_options_apply<E: SplitEngine>() {
        let problem = problems::queens(9);
        let mut solver = E::new(&problem);
        solver.force(OptionId::new(4)).unwrap();
        let mut sequential = solver.clone();
        let mut expected = Vec::new();
        sequential.visit(|options| {
            expected.push(Solution::from_options(options.to_vec()));
            ControlFlow::Continue(())
        });
        let mut parallel = ParallelSolver::new(solver, 3);
        assert_eq!(parallel.solutions_ordered().collect::<Vec<_>>(), expected);
        assert_eq!(parallel.count(), expected.len() as u64);
        assert_eq!(
            parallel.solver().fixed().collect::<Vec<_>>(),
            [OptionId::new(4)]
        );
    }
}
