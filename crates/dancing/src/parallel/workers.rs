//! The workers of a parallel search: the shared queue of subproblems, the heartbeat
//! where a busy worker gives work away, and the loop each thread runs.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use crate::engine::{Event, INSIDE};
use crate::ids::OptionId;
use crate::solution::Solution;
use crate::split::SplitEngine;
use crate::stats::{Limits, Stats, StopReason};

/// What workers do with solutions.
pub(super) enum Mode<F> {
    /// Pass each to the visitor (which may just count).
    Count(F),
    /// Keep them, with the prefix of the subproblem they belong to.
    Ordered,
}

/// The solutions of one subproblem, with its prefix.
pub(super) type Run = (Vec<OptionId>, Vec<Solution>);

struct Queue {
    /// Prefixes not yet taken.
    jobs: VecDeque<Vec<OptionId>>,
    /// Workers searching a subproblem.
    busy: usize,
    /// Workers waiting for one.
    idle: usize,
}

/// State shared by the workers of one search.
pub(super) struct Shared<F> {
    queue: Mutex<Queue>,
    /// Signalled when jobs arrive, when the last busy worker finishes, and on a stop.
    wake: Condvar,
    /// Copies of `queue.idle` and `queue.jobs.len()`, read without the lock at
    /// heartbeats to decide whether to give work away.
    idle: AtomicUsize,
    queued: AtomicUsize,
    /// Raised to stop every worker at its next heartbeat.
    stop: AtomicBool,
    /// Why the search stopped early, first reason wins.
    reason: Mutex<Option<StopReason>>,
    /// Nodes searched so far by all workers, as reported at heartbeats.
    nodes: AtomicU64,
    deadline: Option<Instant>,
    limits: Limits,
    mode: Mode<F>,
}

pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<F> Shared<F> {
    /// The state of a search that starts with `jobs` queued.
    pub(super) fn new(
        jobs: VecDeque<Vec<OptionId>>,
        limits: Limits,
        started: Instant,
        mode: Mode<F>,
    ) -> Self {
        Shared {
            idle: AtomicUsize::new(0),
            queued: AtomicUsize::new(jobs.len()),
            queue: Mutex::new(Queue {
                jobs,
                busy: 0,
                idle: 0,
            }),
            wake: Condvar::new(),
            stop: AtomicBool::new(false),
            reason: Mutex::new(None),
            nodes: AtomicU64::new(0),
            deadline: limits.end(started),
            limits,
            mode,
        }
    }

    /// Why the search stopped early, if it did.
    pub(super) fn reason(&self) -> Option<StopReason> {
        *lock(&self.reason)
    }

    /// The next subproblem, waiting while other workers may still give some away;
    /// `None` when the search is over.
    fn next_job(&self) -> Option<Vec<OptionId>> {
        let mut queue = lock(&self.queue);
        loop {
            if self.stop.load(Relaxed) {
                return None;
            }
            if let Some(job) = queue.jobs.pop_front() {
                self.queued.store(queue.jobs.len(), Relaxed);
                queue.busy += 1;
                return Some(job);
            }
            if queue.busy == 0 {
                self.wake.notify_all();
                return None;
            }
            queue.idle += 1;
            self.idle.store(queue.idle, Relaxed);
            queue = self
                .wake
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
            queue.idle -= 1;
            self.idle.store(queue.idle, Relaxed);
        }
    }

    fn job_done(&self) {
        let mut queue = lock(&self.queue);
        queue.busy -= 1;
        if queue.busy == 0 && queue.jobs.is_empty() {
            self.wake.notify_all();
        }
    }

    fn give(&self, jobs: Vec<Vec<OptionId>>) {
        let mut queue = lock(&self.queue);
        queue.jobs.extend(jobs);
        self.queued.store(queue.jobs.len(), Relaxed);
        self.wake.notify_all();
    }

    /// Whether a worker is waiting with no job queued for it.
    fn hungry(&self) -> bool {
        self.idle.load(Relaxed) > self.queued.load(Relaxed)
    }

    fn halt(&self, reason: StopReason) {
        lock(&self.reason).get_or_insert(reason);
        self.stop.store(true, Relaxed);
        let _queue = lock(&self.queue);
        self.wake.notify_all();
    }

    /// Adds `nodes` to the shared count and checks the caller's limits.
    fn check_limits(&self, nodes: u64) {
        let total = self.nodes.fetch_add(nodes, Relaxed) + nodes;
        if self.limits.max_nodes.is_some_and(|max| total >= max) {
            self.halt(StopReason::NodeLimit);
        } else if self
            .limits
            .interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Relaxed))
        {
            self.halt(StopReason::Interrupted);
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.halt(StopReason::Timeout);
        }
    }
}

/// One worker: takes subproblems until there are none left; returns its statistics and,
/// in ordered mode, its solutions by subproblem.
pub(super) fn work<F, S>(shared: &Shared<F>, template: &S) -> (Stats, Vec<Run>)
where
    F: Fn(&[OptionId]) -> ControlFlow<()> + Sync,
    S: SplitEngine,
{
    let mut solver = template.clone();
    solver.set_limits(Limits::none());
    let from = solver.fixed_len(INSIDE);
    let mut stats = Stats::default();
    let mut runs = Vec::new();
    while let Some(prefix) = shared.next_job() {
        stats += solver
            .replay(&prefix)
            .expect("subproblems are prefixes of the search");
        let mut found = Vec::new();
        let mut search = solver.search();
        let mut reported = 0;
        loop {
            match search.next_event() {
                Event::Solution => {
                    if shared.stop.load(Relaxed) {
                        break;
                    }
                    match &shared.mode {
                        Mode::Count(visit) => {
                            if visit(search.solution()).is_break() {
                                shared.halt(StopReason::Caller);
                                break;
                            }
                        }
                        Mode::Ordered => {
                            found.push(Solution::from_options(search.solution().to_vec()));
                        }
                    }
                }
                Event::Heartbeat => {
                    if shared.stop.load(Relaxed) {
                        break;
                    }
                    let nodes = search.stats().nodes;
                    shared.check_limits(nodes - reported);
                    reported = nodes;
                    if shared.hungry() {
                        let given = search.engine.give_away(INSIDE, from);
                        if !given.is_empty() {
                            shared.give(given);
                        }
                    }
                }
                Event::Finished => break,
            }
        }
        drop(search);
        let job = solver.stats();
        shared.check_limits(job.nodes - reported);
        // A thread's `elapsed` is the time it spent searching.
        stats += Stats {
            stopped: None,
            ..job
        };
        solver.truncate_fixed(INSIDE, from);
        if matches!(shared.mode, Mode::Ordered) {
            runs.push((prefix, found));
        }
        shared.job_done();
    }
    (stats, runs)
}
