//! Running a search under the command line's control: limits, Ctrl-C, the progress
//! line, and the statistics printed at the end.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::{Duration, Instant};

use dancing::{
    Branches, CostedSolution, Engine, EngineSearch, Event, Limits, OptionId, Solver, Stats,
};

use crate::args::{LimitArgs, SearchArgs};
use crate::failure::Failure;
use crate::line::StatusLine;
use crate::line::about_left;

/// Raised by Ctrl-C during a search; searches check it every
/// [`dancing::Limits::CHECK_INTERVAL`] (1,024) nodes.
static INTERRUPT: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);
/// Whether a search is running, so that it can stop itself on Ctrl-C. Outside a search
/// (while parsing, say) Ctrl-C ends the program at once.
static SEARCHING: AtomicBool = AtomicBool::new(false);

/// The interrupt flag that the limits carry.
pub(crate) fn interrupt_flag() -> Arc<AtomicBool> {
    Arc::clone(&INTERRUPT)
}

/// What Ctrl-C does, for `main`'s handler: raises the running search's flag (it stops
/// at its next check and reports), and says whether the run should end at once
/// instead: a second Ctrl-C, or one outside a search, does not wait.
pub(crate) fn interrupted() -> bool {
    !SEARCHING.load(Ordering::SeqCst) || INTERRUPT.swap(true, Ordering::SeqCst)
}

impl SearchArgs {
    /// The limits these options ask for, with the Ctrl-C flag.
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            timeout: self.timeout.map(Duration::from_secs_f64),
            deadline: None,
            interrupt: Some(interrupt_flag()),
        }
    }
}

impl LimitArgs {
    /// The limits of a batch that starts now: the node limit for each puzzle, one
    /// deadline for them all, and the Ctrl-C flag.
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            timeout: None,
            deadline: self
                .timeout
                .and_then(|t| Instant::now().checked_add(Duration::from_secs_f64(t))),
            interrupt: Some(interrupt_flag()),
        }
    }
}

/// The threads `--threads N` asks for: N, or every core for 0 (as the engine reads it).
pub(crate) fn thread_count(threads: u16) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => usize::from(n),
    }
}

/// A pool of `threads` worker threads for a batch.
pub(crate) fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::input(format!("cannot start {threads} threads: {e}")))
}

/// Runs `f` as a search: Ctrl-C during it raises the interrupt flag of the limits (the
/// search stops at its next check) instead of ending the program at once.
pub(crate) fn searching<T>(f: impl FnOnce() -> T) -> T {
    SEARCHING.store(true, Ordering::SeqCst);
    let result = f();
    SEARCHING.store(false, Ordering::SeqCst);
    result
}

/// Runs a search to the end, or until `limit` solutions, calling `visit` with each
/// solution. A write error from `visit` ends the search and is returned.
pub(crate) fn run<E: Engine>(
    solver: &mut E,
    args: &SearchArgs,
    limit: Option<u64>,
    mut visit: impl FnMut(&[OptionId]) -> io::Result<()>,
) -> io::Result<Stats> {
    solver.set_limits(args.limits());
    let mut progress = Progress::new(args.report.progress);
    SEARCHING.store(true, Ordering::SeqCst);
    let mut search = solver.search();
    let mut found = 0u64;
    let result = loop {
        if limit.is_some_and(|limit| found >= limit) {
            break Ok(());
        }
        match search.next_event() {
            Event::Solution => {
                found += 1;
                if let Err(e) = visit(search.solution()) {
                    break Err(e);
                }
                progress.heartbeat(&search);
            }
            Event::Heartbeat => progress.heartbeat(&search),
            _ => break Ok(()),
        }
    };
    drop(search);
    SEARCHING.store(false, Ordering::SeqCst);
    progress.finish();
    result.map(|()| solver.stats())
}

/// Counts the solutions, to the end or up to `limit`, under the same limits, Ctrl-C
/// handling, progress line and nudge as [`run`], without copying any solution out of
/// the search. The count is the statistics' `solutions`.
pub(crate) fn count<E: Engine>(solver: &mut E, args: &SearchArgs, limit: Option<u64>) -> Stats {
    solver.set_limits(args.limits());
    let mut progress = Progress::new(args.report.progress);
    SEARCHING.store(true, Ordering::SeqCst);
    // The count is the statistics' `solutions`, the limit's `N+` their stop.
    let _ = solver.count_watched(limit.unwrap_or(u64::MAX), |search| {
        progress.heartbeat(search)
    });
    SEARCHING.store(false, Ordering::SeqCst);
    progress.finish();
    solver.stats()
}

/// The `k` cheapest solutions by the engine's branch and bound (`--min-cost`, `--best`,
/// `problem tiling`), under the same limits and Ctrl-C handling as [`run`]. The search
/// draws no progress line: its tree is pruned as it goes, so no estimate is meaningful.
pub(crate) fn cheapest(solver: &mut Solver, args: &SearchArgs, k: usize) -> Vec<CostedSolution> {
    solver.set_limits(args.limits());
    SEARCHING.store(true, Ordering::SeqCst);
    let found = solver.best(k);
    SEARCHING.store(false, Ordering::SeqCst);
    found
}

/// The live status line of `--progress`: solutions, nodes per second, and Knuth's
/// estimate of how much of the tree is done. Without it, a search on a terminal that
/// runs long says once that the line exists. The search publishes its counts at its
/// heartbeats (every 1,024 nodes); the line draws them.
struct Progress {
    line: StatusLine,
    /// What the search last published, when the line is drawn.
    published: Option<Arc<Mutex<Published>>>,
    last: Instant,
}

/// The counts of a search as the line shows them.
#[derive(Debug, Clone, Copy, Default)]
struct Published {
    /// Knuth's estimate of the fraction explored.
    explored: f64,
    stats: Stats,
    depth: usize,
}

/// Progress is measured in millionths of the tree.
const PROGRESS_SCALE: f64 = 1_000_000.0;

impl Progress {
    fn new(enabled: bool) -> Self {
        let published = Arc::new(Mutex::new(Published::default()));
        let drawn = Arc::clone(&published);
        let line = StatusLine::start(
            enabled,
            false,
            ("searching", ""),
            (
                Some(PROGRESS_SCALE as u64),
                "[{elapsed_precise}] {bar:30} {percent:>3}% {msg}",
            ),
            move |bar, _| {
                let now = *drawn.lock().unwrap_or_else(PoisonError::into_inner);
                let seconds = now.stats.elapsed.as_secs_f64().max(1e-9);
                bar.set_position((now.explored * PROGRESS_SCALE) as u64);
                bar.set_message(format!(
                    "{} solutions, {:.0} nodes/s, depth {}{}",
                    now.stats.solutions,
                    now.stats.nodes as f64 / seconds,
                    now.depth,
                    about_left(now.stats.elapsed, now.explored)
                ));
            },
        );
        Self {
            published: line.bar().is_some().then_some(published),
            line,
            last: Instant::now(),
        }
    }

    /// Publishes the search's counts for the line, at most ten times a second: Knuth's
    /// estimate costs a walk of the current path.
    fn heartbeat<E: Engine>(&mut self, search: &EngineSearch<'_, E>) {
        let Some(published) = &self.published else {
            return;
        };
        if self.last.elapsed() < Duration::from_millis(100) {
            return;
        }
        self.last = Instant::now();
        let now = Published {
            explored: search.progress(),
            stats: search.stats(),
            depth: search.depth(),
        };
        *published.lock().unwrap_or_else(PoisonError::into_inner) = now;
    }

    fn finish(&mut self) {
        self.line.finish();
    }
}

/// [`run`] on `threads` threads (0: one per core): `visit` is called with each
/// solution in the order one thread finds them, one call at a time, never after `limit`
/// solutions; with `count`, nothing is visited and the threads only count. No progress
/// line.
pub(crate) fn run_parallel<E: Branches>(
    mut solver: E,
    threads: usize,
    args: &SearchArgs,
    limit: Option<u64>,
    count: bool,
    mut visit: impl FnMut(&[OptionId]) -> io::Result<()> + Send,
) -> io::Result<Stats> {
    use std::ops::ControlFlow;
    use std::sync::atomic::AtomicU64;

    solver.set_limits(args.limits());
    let mut parallel = dancing::ParallelSolver::new(solver, threads);
    let mut error = None;
    let stats = match limit {
        Some(0) => Stats::default(),
        Some(limit) if count => searching(|| {
            let _ = parallel.count_up_to(limit);
            parallel.stats()
        }),
        None if count => searching(|| {
            let _ = parallel.count();
            parallel.stats()
        }),
        _ => {
            let visited = AtomicU64::new(0);
            searching(|| {
                parallel.visit_ordered(|solution| {
                    if let Err(e) = visit(solution) {
                        error = Some(e);
                        return ControlFlow::Break(());
                    }
                    let n = visited.fetch_add(1, Ordering::Relaxed) + 1;
                    if limit.is_some_and(|limit| n >= limit) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
            })
        }
    };
    match error {
        Some(e) => Err(e),
        None => Ok(stats),
    }
}
