//! What every search engine offers, written once: [`Engine`], the trait that the links
//! ([`Solver`](crate::Solver)), dancing cells (`CellsSolver`, with the `cells` feature), the
//! dense bitsets ([`DenseSolver`](crate::DenseSolver)) and Algorithm M
//! ([`MultiSolver`](crate::MultiSolver)) implement; the running search
//! ([`EngineSearch`]) and the iterator over solutions ([`EngineSolutions`]) on top of it.
//!
//! An engine supplies its search loop and a few views of its levels (the sealed hooks
//! below); the entry points, the limits, the statistics and the events are the trait's
//! own methods, the same for every engine.

use std::fmt;
use std::ops::ControlFlow;
use std::time::Instant;

use crate::count::Count;
use crate::error::IntegrityError;
use crate::ids::OptionId;
use crate::limits::{Limits, StopReason};
use crate::problem::Problem;
use crate::solution::Solution;
use crate::stats::Stats;

/// What [`EngineSearch::next_event`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// A solution; read it with [`EngineSearch::solution`].
    Solution,
    /// The search paused after [`Limits::CHECK_INTERVAL`] more nodes; call again to go
    /// on. Useful for progress reports.
    Heartbeat,
    /// The search is over: the tree is exhausted or a limit stopped it (see
    /// [`EngineSearch::stats`]).
    Finished,
}

/// What the sealed hooks of [`Engine`] (and of the splitting traits) take first: a value
/// only this crate can make (its field is private, and its module is not public), so
/// that code outside the crate, which may reach those methods through a trait bound,
/// cannot call them and leave a solver in a state its own methods would not.
#[derive(Debug, Clone, Copy)]
pub struct Inside(());

/// The one [`Inside`].
pub(crate) const INSIDE: Inside = Inside(());

/// What every engine keeps around its search, the same in each: the problem, the
/// limits, and the statistics and clock of the current or latest search.
#[derive(Debug, Clone)]
pub struct Front {
    pub(crate) problem: Problem,
    pub(crate) stats: Stats,
    pub(crate) limits: Limits,
    /// When the running search started; `None` when no search runs.
    pub(crate) started: Option<Instant>,
    /// Nodes count at which the search next pauses to check its limits.
    pub(crate) next_check: u64,
    /// Nodes between two pauses: [`Limits::CHECK_INTERVAL`], or fewer where a test
    /// wants the pauses of a parallel search (where work is given away) to come often.
    pub(crate) interval: u64,
    /// Whether the latest search is over (or none ever started).
    pub(crate) over: bool,
}

impl Front {
    /// The front of a new solver for `problem`: no limits, no search yet.
    pub(crate) fn new(problem: &Problem) -> Self {
        Self {
            problem: problem.clone(),
            stats: Stats::default(),
            limits: Limits::default(),
            started: None,
            next_check: 0,
            interval: Limits::CHECK_INTERVAL,
            over: true,
        }
    }
}

/// A search engine. Every engine finds the solutions of a [`Problem`] through these
/// methods, written once here: [`first`](Self::first), [`count`](Self::count),
/// [`count_up_to`](Self::count_up_to), [`count_watched`](Self::count_watched),
/// [`visit`](Self::visit), the iterator [`solutions`](Self::solutions) and the
/// low-level [`search`](Self::search), under the [`Limits`] set by
/// [`set_limits`](Self::set_limits), with the [`Stats`] of [`stats`](Self::stats).
///
/// The engines on it are [`Solver`](crate::Solver) (dancing links),
/// `CellsSolver` (dancing cells, with the `cells` feature),
/// [`DenseSolver`](crate::DenseSolver) (bitsets) and
/// [`MultiSolver`](crate::MultiSolver) (Algorithm M, for multiplicities). The first
/// three find the same solutions in the same order with the same statistics;
/// [`SplitEngine`](crate::SplitEngine) adds fixing options, splitting and parallel
/// search to the engines that can. The trait is sealed: its hooks (hidden methods that take a
/// value only this crate can make) can be called and implemented only in this crate.
///
/// ```
/// use dancing::{DenseSolver, Engine, Event, Solver, problems};
///
/// /// Solutions counted by hand from the events, as any engine gives them.
/// fn solutions<E: Engine>(engine: &mut E) -> u64 {
///     let mut search = engine.search();
///     let mut found = 0;
///     loop {
///         match search.next_event() {
///             Event::Solution => found += 1,
///             Event::Finished => return found,
///             _ => {}
///         }
///     }
/// }
/// let problem = problems::queens(6);
/// assert_eq!(solutions(&mut Solver::new(&problem)), 4);
/// assert_eq!(solutions(&mut DenseSolver::new(&problem)?), 4);
/// assert_eq!(DenseSolver::new(&problem)?.count(), 4);
/// # Ok::<(), dancing::DenseTooLarge>(())
/// ```
pub trait Engine: fmt::Debug + Sized {
    /// The engine's name, as `dancing xc --engine` takes it: `links`, `cells`, `dense`
    /// or `multi`.
    const NAME: &'static str;

    /// The search loop: runs until a solution, a limit check (after
    /// `front.next_check` nodes) or the end, with its nodes and updates counted in
    /// `front.stats`.
    #[doc(hidden)]
    fn run(&mut self, _: Inside) -> Event;
    /// Undoes every choice of the search above the fixed levels.
    #[doc(hidden)]
    fn unwind(&mut self, _: Inside);
    /// Makes the engine ready to search from its first level (below any fixed ones).
    #[doc(hidden)]
    fn restart(&mut self, _: Inside);
    /// The options chosen so far, fixed ones first, in level order.
    #[doc(hidden)]
    fn chosen(&mut self, _: Inside) -> &[OptionId];
    /// Knuth's estimate of the fraction of the tree explored so far.
    #[doc(hidden)]
    fn explored(&self, _: Inside) -> f64;
    /// The depth of the running search below the fixed levels.
    #[doc(hidden)]
    fn level(&self, _: Inside) -> usize;

    /// The bytes this engine holds besides the problem: its copy of the links or its
    /// tables, its levels and scratch. Each thread of a
    /// [`ParallelSolver`](crate::ParallelSolver) holds as much again, so a caller can
    /// bound a search's memory before it starts.
    fn memory(&self) -> usize;

    /// Checks that the engine's tables are consistent and, when nothing is fixed,
    /// exactly as the problem was built (what every search leaves behind, finished or
    /// abandoned). Meant for tests and debugging.
    fn check_integrity(&self) -> Result<(), IntegrityError>;

    /// The shared state around the search.
    #[doc(hidden)]
    fn front(&self, _: Inside) -> &Front;
    /// The shared state around the search, to change.
    #[doc(hidden)]
    fn front_mut(&mut self, _: Inside) -> &mut Front;

    /// The engine's name, as [`EngineName`](crate::EngineName) words it: `links`,
    /// `dense`, `cells` or `multi` (for [`AnyEngine`](crate::AnyEngine), the engine
    /// inside).
    fn name(&self) -> &'static str {
        Self::NAME
    }

    /// The problem being solved.
    fn problem(&self) -> &Problem {
        &self.front(INSIDE).problem
    }

    /// Sets the limits that apply to every later search.
    fn set_limits(&mut self, limits: Limits) {
        self.front_mut(INSIDE).limits = limits;
    }

    /// The limits in force.
    fn limits(&self) -> &Limits {
        &self.front(INSIDE).limits
    }

    /// Statistics of the most recent search (see the engine's docs for what they count).
    fn stats(&self) -> Stats {
        self.front(INSIDE).stats
    }

    /// Starts a search; events come from the returned [`EngineSearch`]. Dropping it
    /// abandons the search and restores the engine.
    fn search(&mut self) -> EngineSearch<'_, Self> {
        let front = self.front_mut(INSIDE);
        front.stats = Stats::default();
        front.over = false;
        front.started = Some(Instant::now());
        front.next_check = front.limits.next_check_every(0, front.interval);
        self.restart(INSIDE);
        EngineSearch { engine: self }
    }

    /// The first solution, if any.
    fn first(&mut self) -> Option<Solution> {
        self.solutions().next()
    }

    /// The number of solutions: [`Count::Complete`], or [`Count::Partial`] if a
    /// [`Limits`] bound stopped the search.
    fn count(&mut self) -> Count {
        self.count_up_to(u64::MAX)
    }

    /// The number of solutions, counting no further than `limit`: [`Count::Complete`]
    /// when there are `limit` or fewer (the search looks one solution past the limit to
    /// tell), [`Count::Partial`] with [`StopReason::Caller`] at `limit` when there are
    /// more (see [`Count::up_to`]).
    fn count_up_to(&mut self, limit: u64) -> Count {
        self.count_watched(limit, |_| {})
    }

    /// [`count_up_to`](Self::count_up_to), calling `heartbeat` with the search each time
    /// it pauses to check its limits (every [`Limits::CHECK_INTERVAL`] nodes), where a
    /// caller can read its [`progress`](EngineSearch::progress) or
    /// [`stats`](EngineSearch::stats). Solutions are counted, never copied out.
    fn count_watched(
        &mut self,
        limit: u64,
        mut heartbeat: impl FnMut(&EngineSearch<'_, Self>),
    ) -> Count {
        let bound = Count::bound(limit);
        let mut search = self.search();
        let mut found = 0;
        while found < bound {
            match search.next_event() {
                Event::Solution => found += 1,
                Event::Heartbeat => heartbeat(&search),
                Event::Finished => break,
            }
        }
        drop(search);
        // The solution past the limit is not counted: it says there are more.
        let stats = &mut self.front_mut(INSIDE).stats;
        let count = Count::up_to(stats.solutions, limit, stats.stopped);
        stats.solutions = count.found();
        stats.stopped = count.reason();
        count
    }

    /// Calls `visit` with each solution (the chosen options, fixed ones first, in level
    /// order) until it returns `Break` or the search ends. Returns the statistics.
    fn visit(&mut self, mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        let mut search = self.search();
        loop {
            match search.next_event() {
                Event::Solution => {
                    if visit(search.solution()).is_break() {
                        break;
                    }
                }
                Event::Heartbeat => {}
                Event::Finished => break,
            }
        }
        drop(search);
        self.stats()
    }

    /// A lazy iterator over the solutions. Dropping it early abandons the search and
    /// restores the engine.
    fn solutions(&mut self) -> EngineSolutions<'_, Self> {
        EngineSolutions {
            search: self.search(),
        }
    }
}

/// Runs `engine`'s loop until a solution, a limit check or the end, and keeps the
/// books: solutions counted, the search finished at its end or at a limit.
fn step<E: Engine>(engine: &mut E) -> Event {
    let event = engine.run(INSIDE);
    let front = engine.front_mut(INSIDE);
    match event {
        Event::Solution => {
            front.stats.solutions += 1;
            return event;
        }
        Event::Finished => {
            finish(engine, None);
            return event;
        }
        Event::Heartbeat => {}
    }
    let started = front.started.unwrap_or_else(Instant::now);
    if let Some(reason) = front.limits.reached(front.stats.nodes, started) {
        finish(engine, Some(reason));
        return Event::Finished;
    }
    front.next_check = front
        .limits
        .next_check_every(front.stats.nodes, front.interval);
    Event::Heartbeat
}

/// Ends a search: undoes its choices, records why it stopped (unless it had ended) and
/// the time it took.
pub(crate) fn finish<E: Engine>(engine: &mut E, stopped: Option<StopReason>) {
    engine.unwind(INSIDE);
    let front = engine.front_mut(INSIDE);
    if !front.over {
        front.over = true;
        front.stats.stopped = front.stats.stopped.or(stopped);
    }
    if let Some(started) = front.started.take() {
        front.stats.elapsed = started.elapsed();
    }
}

/// A search in progress, from [`Engine::search`]: the low-level interface under the
/// iterator, the counters and the visitor. Dropping it abandons the search and restores
/// the engine. [`Search`](crate::Search), `CellsSearch`,
/// [`DenseSearch`](crate::DenseSearch) and [`MultiSearch`](crate::MultiSearch) name it
/// for each engine.
#[derive(Debug)]
pub struct EngineSearch<'s, E: Engine> {
    pub(crate) engine: &'s mut E,
}

impl<E: Engine> EngineSearch<'_, E> {
    /// Runs until the next solution, heartbeat or the end.
    pub fn next_event(&mut self) -> Event {
        if self.engine.front(INSIDE).over {
            return Event::Finished;
        }
        step(self.engine)
    }

    /// The solution just found: the chosen options, fixed ones first, then one per level.
    /// Meaningful right after [`Event::Solution`].
    pub fn solution(&mut self) -> &[OptionId] {
        self.engine.chosen(INSIDE)
    }

    /// The depth of the search below the fixed levels.
    pub fn depth(&self) -> usize {
        self.engine.level(INSIDE)
    }

    /// Knuth's estimate of the fraction of the search tree explored, in `[0, 1]`.
    pub fn progress(&self) -> f64 {
        self.engine.explored(INSIDE)
    }

    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        let front = self.engine.front(INSIDE);
        let mut stats = front.stats;
        if let Some(started) = front.started {
            stats.elapsed = started.elapsed();
        }
        stats
    }

    /// The problem being searched.
    pub fn problem(&self) -> &Problem {
        self.engine.problem()
    }

    /// Abandons the search (recorded as [`StopReason::Caller`] unless it had ended) and
    /// restores the engine.
    pub fn stop(self) {}
}

impl<E: Engine> Drop for EngineSearch<'_, E> {
    fn drop(&mut self) {
        finish(self.engine, Some(StopReason::Caller));
    }
}

/// Lazy iterator over solutions, from [`Engine::solutions`].
/// [`Solutions`](crate::Solutions), `CellsSolutions`,
/// [`DenseSolutions`](crate::DenseSolutions) and
/// [`MultiSolutions`](crate::MultiSolutions) name it for each engine.
#[derive(Debug)]
pub struct EngineSolutions<'s, E: Engine> {
    search: EngineSearch<'s, E>,
}

impl<E: Engine> EngineSolutions<'_, E> {
    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl<E: Engine> Iterator for EngineSolutions<'_, E> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        loop {
            match self.search.next_event() {
                Event::Solution => {
                    return Some(Solution::from_options(self.search.solution().to_vec()));
                }
                Event::Heartbeat => {}
                Event::Finished => return None,
            }
        }
    }
}

/// Knuth's estimate of the fraction of a search tree explored, from the levels' (index
/// of the branch being explored, number of branches), top level first: each level
/// splits its parent's share evenly among its branches, and the current branch counts
/// half.
pub(crate) fn progress(levels: impl Iterator<Item = (u32, u32)>) -> f64 {
    let mut fraction = 0.0;
    let mut scale = 1.0;
    for (index, count) in levels {
        scale /= f64::from(count.max(1));
        fraction += f64::from(index) * scale;
    }
    fraction + 0.5 * scale
}

/// The [`Engine`] hooks `front` and `front_mut` of an engine that keeps its [`Front`]
/// (problem, limits, statistics) in a field `front`: `crate::engine::front_in_field!();`
/// in its `impl Engine`.
macro_rules! front_in_field {
    () => {
        fn front(&self, _: crate::engine::Inside) -> &crate::engine::Front {
            &self.front
        }

        fn front_mut(&mut self, _: crate::engine::Inside) -> &mut crate::engine::Front {
            &mut self.front
        }
    };
}

pub(crate) use front_in_field;
