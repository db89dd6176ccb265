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

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use crate::count::Count;
use crate::ids::OptionId;
use crate::solution::Solution;
use crate::solver::Solver;
use crate::split::SplitEngine;
use crate::stats::{Stats, StopReason};
mod workers;

use workers::{Mode, Run, Shared, lock, work};

/// Subproblems per thread in the split a parallel search starts from.
const JOBS_PER_THREAD: usize = 8;
/// Random walks per estimate in that split: a rough one is enough, since workers give
/// work away when the queue runs dry, and the walks cost time on small searches.
const PROBES: usize = 8;

/// Runs the searches of a [`SplitEngine`] on several threads: a [`Solver`] (the default) or a
/// [`DenseSolver`](crate::DenseSolver).
///
/// The solver given is the template: its fixed options (from
/// [`force`](crate::SplitEngine::force), [`descend`](crate::SplitEngine::descend) or
/// [`replay`](crate::SplitEngine::replay)) and its [`Limits`](crate::Limits) apply to every search, and each thread
/// searches a clone of it. Limits are checked at heartbeats, so a node limit can be
/// overshot by up to [`Limits::CHECK_INTERVAL`](crate::Limits::CHECK_INTERVAL) nodes per thread.
#[derive(Debug, Clone)]
pub struct ParallelSolver<S = Solver> {
    solver: S,
    threads: usize,
    stats: Stats,
    per_thread: Vec<Stats>,
}

impl<S: SplitEngine> ParallelSolver<S> {
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
        }
    }

    /// How many threads the searches use.
    pub fn threads(&self) -> usize {
        self.threads
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
    /// load: `elapsed` is the time the thread spent searching. The split the search
    /// started from is counted only in [`stats`](Self::stats).
    pub fn thread_stats(&self) -> &[Stats] {
        &self.per_thread
    }

    /// The number of solutions: [`Count::Complete`], or [`Count::Partial`] if a
    /// [`Limits`](crate::Limits) bound stopped the search.
    pub fn count(&mut self) -> Count {
        self.run(Mode::Count(|_: &[OptionId]| ControlFlow::Continue(())));
        Count::from_stats(&self.stats)
    }

    /// The number of solutions, counting no further than `limit` (reaching it gives
    /// [`Count::Partial`] with [`StopReason::Caller`](crate::StopReason::Caller), as
    /// [`Engine::count_up_to`](crate::Engine::count_up_to) does). Every thread stops at its next heartbeat once
    /// `limit` solutions are found.
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
        self.run(Mode::Count(|_: &[OptionId]| {
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
        self.run(Mode::Count(visit));
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

    /// Every solution, in the sequential search's order. Each subproblem's solutions are
    /// kept until the search ends, then put in order (subproblems are ordered by their
    /// prefixes).
    pub fn solutions_ordered(&mut self) -> Vec<Solution> {
        let mut runs = self.run(Mode::<fn(&[OptionId]) -> ControlFlow<()>>::Ordered);
        runs.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        runs.into_iter()
            .flat_map(|(_, solutions)| solutions)
            .collect()
    }

    /// Runs a search; returns the solutions of each subproblem in ordered mode.
    fn run<F>(&mut self, mode: Mode<F>) -> Vec<Run>
    where
        F: Fn(&[OptionId]) -> ControlFlow<()> + Sync,
    {
        let started = Instant::now();
        let threads = self.threads;
        let (jobs, mut stats) = if threads > 1 {
            let split =
                crate::split::split_jobs(&mut self.solver, threads * JOBS_PER_THREAD, PROBES);
            let stats = split.stats();
            let mut subproblems = split.into_subproblems();
            // Largest first, so the small ones fill the gaps at the end.
            subproblems.sort_by(|a, b| {
                let size = |s: &crate::Subproblem| s.estimate().unwrap_or(0.0);
                size(b).total_cmp(&size(a))
            });
            let jobs = subproblems.into_iter().map(|s| s.into_prefix());
            (
                jobs.collect(),
                Stats {
                    elapsed: Default::default(),
                    ..stats
                },
            )
        } else {
            (VecDeque::from([Vec::new()]), Stats::default())
        };
        let shared = Shared::new(jobs, self.solver.limits().clone(), started, mode);
        let template = &self.solver;
        let pool = (threads > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(threads).build())
            .and_then(Result::ok);
        let outputs = match pool {
            Some(pool) => pool.broadcast(|_| work(&shared, template)),
            None => vec![work(&shared, template)],
        };
        let mut runs = Vec::new();
        self.per_thread.clear();
        for (worker_stats, worker_runs) in outputs {
            stats += worker_stats;
            self.per_thread.push(worker_stats);
            runs.extend(worker_runs);
        }
        stats.elapsed = started.elapsed();
        stats.stopped = shared.reason();
        self.stats = stats;
        runs
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
    use std::sync::atomic::AtomicBool;

    use crate::{DenseSolver, Event, Limits, Problem, StopReason, format};

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
                assert_eq!(parallel.solutions_ordered(), expected);
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
            assert_eq!(sorted(all), sorted(expected));
        }
    }

    /// Runs a search that gives away its shallowest untried branches at the first
    /// heartbeat, then replays them; returns the solutions found before, then those of
    /// each branch given away.
    fn give_away_and_replay<E: SplitEngine>(mut solver: E) -> Vec<Solution> {
        let mut all = Vec::new();
        let mut given = Vec::new();
        let mut search = solver.search();
        loop {
            match search.next_event() {
                Event::Solution => all.push(Solution::from_options(search.solution().to_vec())),
                Event::Heartbeat if given.is_empty() => given = search.engine.give_away(INSIDE, 0),
                Event::Heartbeat => {}
                Event::Finished => break,
            }
        }
        drop(search);
        assert!(!given.is_empty());
        solver.truncate_fixed(INSIDE, 0);
        solver.check_integrity().unwrap();
        for prefix in &given {
            solver.replay(prefix).unwrap();
            solver.visit(|options| {
                all.push(Solution::from_options(options.to_vec()));
                ControlFlow::Continue(())
            });
            solver.release();
        }
        all
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
        assert_eq!(parallel.solutions_ordered(), expected);
        assert_eq!(parallel.count(), expected.len() as u64);
        assert_eq!(
            parallel.solver().fixed().collect::<Vec<_>>(),
            [OptionId::new(4)]
        );
    }
}
