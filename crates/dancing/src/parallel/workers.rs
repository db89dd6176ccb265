//! The workers of a parallel search: the shared queue of jobs, the heartbeat where a
//! busy worker gives work away, and the loop each thread runs.
//!
//! A job is a list of sibling branches below a path of moves (or the whole search, to
//! start). A worker follows the path, then searches the branches one by one; when
//! another worker waits with nothing queued, it gives away the back half of the
//! branches it has not started, or, with none left, the untried branches of the
//! shallowest level of the search it is in ([`Branches::give_away`]). So the start
//! costs nothing, a job is handed over in one piece however many branches it holds,
//! and a search with no branching to share runs on one thread at one thread's speed.

use std::collections::{BTreeMap, VecDeque};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Instant;

use super::reorder::{Reorder, Unit, lock};
use crate::engine::{Event, INSIDE};
use crate::ids::OptionId;
use crate::limits::{Limits, StopReason};
use crate::split::Branches;
use crate::stats::Stats;

/// Some sibling branches, in search order, below a path of moves; the whole search
/// when both are empty.
#[derive(Debug)]
pub(super) struct Job<M> {
    path: Vec<M>,
    branches: VecDeque<M>,
}

impl<M: Copy + Ord> Job<M> {
    /// The whole search below the template's fixed levels.
    pub(super) fn root() -> Self {
        Self {
            path: Vec::new(),
            branches: VecDeque::new(),
        }
    }

    /// Where the job starts in the sequential search's order: its path and first branch.
    fn key(&self) -> Vec<M> {
        let mut key = self.path.clone();
        key.extend(self.branches.front().copied());
        key
    }
}

struct Queue<M> {
    /// Jobs not yet taken, by where they start: a worker takes the earliest.
    jobs: BTreeMap<Vec<M>, Job<M>>,
    /// Workers holding a job.
    busy: usize,
    /// Workers waiting for one.
    idle: usize,
}

/// What the workers do with solutions.
pub(super) enum Mode<F, M> {
    /// Pass each to the visitor as it is found (which may just count).
    Visit(F),
    /// Pass them to the visitor in the sequential search's order.
    Ordered(Reorder<F, M>),
}

/// State shared by the workers of one search.
pub(super) struct Shared<M, F> {
    queue: Mutex<Queue<M>>,
    /// Signalled when jobs arrive, when the last busy worker finishes, and on a stop.
    wake: Condvar,
    /// Copies of `queue.idle` and `queue.jobs.len()`, read without the lock to decide
    /// whether to give work away.
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
    /// Nodes between a worker's heartbeats.
    pub(super) heartbeat: u64,
    pub(super) mode: Mode<F, M>,
}

impl<M: Copy + Ord, F: Fn(&[OptionId]) -> ControlFlow<()>> Shared<M, F> {
    /// The state of a search that starts with the whole search queued.
    pub(super) fn new(limits: Limits, started: Instant, mode: Mode<F, M>) -> Self {
        let root = Job::root();
        if let Mode::Ordered(reorder) = &mode {
            reorder.open(root.key());
        }
        Shared {
            idle: AtomicUsize::new(0),
            queued: AtomicUsize::new(1),
            queue: Mutex::new(Queue {
                jobs: BTreeMap::from([(root.key(), root)]),
                busy: 0,
                idle: 0,
            }),
            wake: Condvar::new(),
            stop: AtomicBool::new(false),
            reason: Mutex::new(None),
            nodes: AtomicU64::new(0),
            deadline: limits.end(started),
            limits,
            heartbeat: Limits::CHECK_INTERVAL,
            mode,
        }
    }

    /// Why the search stopped early, if it did.
    pub(super) fn reason(&self) -> Option<StopReason> {
        *lock(&self.reason)
    }

    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// The earliest job, waiting while other workers may still give some away; `None`
    /// when the search is over.
    fn next_job(&self) -> Option<Job<M>> {
        let mut queue = lock(&self.queue);
        loop {
            if self.stopped() {
                return None;
            }
            if let Some((_, job)) = queue.jobs.pop_first() {
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

    /// Queues `job` for another worker.
    fn give(&self, job: Job<M>) {
        let key = job.key();
        if let Mode::Ordered(reorder) = &self.mode {
            reorder.open(key.clone());
        }
        let mut queue = lock(&self.queue);
        queue.jobs.insert(key, job);
        self.queued.store(queue.jobs.len(), Relaxed);
        self.wake.notify_all();
    }

    /// Ends `unit` and, in the same step, starts `next`, the job's next branch (in
    /// ordered mode, passing on the solutions that are ready); returns `next`'s unit.
    fn finish(&self, unit: Unit<M>, next: Option<Vec<M>>) -> Unit<M> {
        let following = Unit::new(next.clone().unwrap_or_default());
        if let Mode::Ordered(reorder) = &self.mode
            && reorder.finish(unit, next).is_break()
        {
            self.halt(StopReason::Caller);
        }
        following
    }

    /// Where the earliest queued job starts, if any job is queued.
    fn earliest_queued(&self) -> Option<Vec<M>> {
        lock(&self.queue).jobs.keys().next().cloned()
    }

    /// Whether a worker is waiting with no job queued for it.
    fn hungry(&self) -> bool {
        self.idle.load(Relaxed) > self.queued.load(Relaxed)
    }

    pub(super) fn halt(&self, reason: StopReason) {
        lock(&self.reason).get_or_insert(reason);
        self.stop.store(true, Relaxed);
        if let Mode::Ordered(reorder) = &self.mode {
            // Nothing more is passed on, not even what the window holds: the output of
            // a stopped search ends where the stop found it, as one thread's does.
            reorder.stop();
            reorder.wake_all();
        }
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

/// One worker: takes jobs until there are none left; returns its statistics.
pub(super) fn work<S, F>(shared: &Shared<S::Move, F>, template: &S) -> Stats
where
    S: Branches,
    F: Fn(&[OptionId]) -> ControlFlow<()> + Sync,
{
    // A worker that panics stops the others (which would otherwise wait for its work
    // forever); the panic then reaches the caller.
    struct Halt<'a, M: Copy + Ord, F: Fn(&[OptionId]) -> ControlFlow<()>>(&'a Shared<M, F>);
    impl<M: Copy + Ord, F: Fn(&[OptionId]) -> ControlFlow<()>> Drop for Halt<'_, M, F> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                self.0.halt(StopReason::Caller);
            }
        }
    }
    let _halt = Halt(shared);
    let mut solver = template.clone();
    solver.set_limits(Limits::none());
    solver.front_mut(INSIDE).interval = shared.heartbeat;
    let mut worker = Worker {
        shared,
        from: solver.fixed_len(INSIDE),
        solver,
        stats: Stats::default(),
    };
    let from = worker.from;
    while let Some(job) = shared.next_job() {
        let Job { path, mut branches } = job;
        if branches.is_empty() {
            // The whole search.
            let mut unit = Unit::new(Vec::new());
            search(&mut worker, &path, &mut branches, &mut unit);
            shared.finish(unit, None);
        } else {
            for &m in &path {
                worker
                    .solver
                    .follow(INSIDE, m)
                    .expect("a job's path is a path of the search");
            }
            let key = |m: S::Move| {
                let mut key = path.clone();
                key.push(m);
                key
            };
            let mut unit = Unit::new(key(branches[0]));
            let mut started = false;
            while let Some(m) = branches.pop_front() {
                if shared.stopped() {
                    break;
                }
                // The first branch covers the level's item; the next ones keep it.
                let commit = if started {
                    worker.solver.follow_sibling(INSIDE, m)
                } else {
                    worker.solver.follow(INSIDE, m)
                };
                started = true;
                worker.stats.updates +=
                    commit.expect("a job's branches are branches of the search");
                search(&mut worker, &path, &mut branches, &mut unit);
                // Work given away from inside the branch fixed the levels above it:
                // back to the job's level, with the branch still committed there.
                worker.solver.truncate_fixed(INSIDE, from + path.len() + 1);
                if branches.len() >= 2 && shared.hungry() {
                    let back = branches.split_off(branches.len() / 2);
                    shared.give(Job {
                        path: path.clone(),
                        branches: back,
                    });
                }
                let Some(&next) = branches.front() else {
                    break;
                };
                // In order, the earliest work goes first: the branches left go back to
                // the queue when work given away from this one comes before them.
                if matches!(shared.mode, Mode::Ordered(_))
                    && shared
                        .earliest_queued()
                        .is_some_and(|queued| queued < key(next))
                {
                    shared.give(Job {
                        path: path.clone(),
                        branches: std::mem::take(&mut branches),
                    });
                    break;
                }
                unit = shared.finish(unit, Some(key(next)));
            }
            shared.finish(unit, None);
        }
        worker.solver.truncate_fixed(INSIDE, from);
        shared.job_done();
    }
    worker.stats
}

/// One worker's own: its solver, the number of levels fixed in the template, and the
/// statistics of its jobs.
struct Worker<'a, S: Branches, F> {
    shared: &'a Shared<S::Move, F>,
    solver: S,
    from: usize,
    stats: Stats,
}

/// Searches below the levels fixed in `solver` to the end (or a stop), passing the
/// solutions on and giving work away at heartbeats when another worker waits: the back
/// half of `branches` (those of the job not yet started, below `path`), or else the
/// untried branches of the search's shallowest level.
fn search<S, F>(
    worker: &mut Worker<'_, S, F>,
    path: &[S::Move],
    branches: &mut VecDeque<S::Move>,
    unit: &mut Unit<S::Move>,
) where
    S: Branches,
    F: Fn(&[OptionId]) -> ControlFlow<()> + Sync,
{
    let (shared, from) = (worker.shared, worker.from);
    let solver = &mut worker.solver;
    let mut search = solver.search();
    let mut reported = 0;
    loop {
        match search.next_event() {
            Event::Solution => {
                if shared.stopped() {
                    break;
                }
                let flow = match &shared.mode {
                    Mode::Visit(visit) => visit(search.solution()),
                    Mode::Ordered(reorder) => reorder.found(unit, search.solution(), &shared.stop),
                };
                if flow.is_break() {
                    shared.halt(StopReason::Caller);
                    break;
                }
            }
            Event::Heartbeat => {
                if shared.stopped() {
                    break;
                }
                let nodes = search.stats().nodes;
                shared.check_limits(nodes - reported);
                reported = nodes;
                if shared.hungry() {
                    if !branches.is_empty() {
                        let back = branches.split_off(branches.len() / 2);
                        shared.give(Job {
                            path: path.to_vec(),
                            branches: back,
                        });
                    } else if let Some((path, untried)) = search.engine.give_away(INSIDE, from) {
                        shared.give(Job {
                            path,
                            branches: untried.into(),
                        });
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
    worker.stats += Stats {
        stopped: None,
        ..job
    };
}
