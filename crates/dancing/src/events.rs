//! What both engines' running searches offer, and the loops every entry point runs over
//! them: counting, visiting, and the next solution of an iterator. Written once here,
//! so the links ([`Search`](crate::Search)) and dancing cells
//! ([`CellsSearch`](crate::CellsSearch)) cannot drift apart.

use std::ops::ControlFlow;

use crate::ids::OptionId;
use crate::solver::{Event, Solution};
use crate::stats::Stats;

/// A search in progress, of either engine: its events, the solution just found, and
/// what a status line reads. Lets a caller drive both engines with one loop.
///
/// ```
/// use dancing::{CellsSolver, Event, SearchEvents, Solver, problems};
///
/// fn solutions(mut search: impl SearchEvents) -> u64 {
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
/// assert_eq!(solutions(Solver::new(&problem).search()), 4);
/// assert_eq!(solutions(CellsSolver::new(&problem).search()), 4);
/// ```
pub trait SearchEvents {
    /// Runs until the next solution, heartbeat or the end.
    fn next_event(&mut self) -> Event;
    /// The solution just found; meaningful right after [`Event::Solution`].
    fn solution(&mut self) -> &[OptionId];
    /// Statistics so far.
    fn stats(&self) -> Stats;
    /// Knuth's estimate of the fraction of the search tree explored, in `[0, 1]`.
    fn progress(&self) -> f64;
    /// The depth of the search (below any fixed levels).
    fn depth(&self) -> usize;
}

/// Implements [`SearchEvents`] by a search type's inherent methods of the same names.
macro_rules! search_events {
    ($search:ident) => {
        impl $crate::events::SearchEvents for $search<'_> {
            fn next_event(&mut self) -> $crate::Event {
                $search::next_event(self)
            }
            fn solution(&mut self) -> &[$crate::OptionId] {
                $search::solution(self)
            }
            fn stats(&self) -> $crate::Stats {
                $search::stats(self)
            }
            fn progress(&self) -> f64 {
                $search::progress(self)
            }
            fn depth(&self) -> usize {
                $search::depth(self)
            }
        }
    };
}
pub(crate) use search_events;

/// Counts solutions up to `limit`, calling `heartbeat` at each limit check; copies no
/// solution out.
pub(crate) fn count<S: SearchEvents>(search: &mut S, limit: u64, mut heartbeat: impl FnMut(&S)) {
    let mut found = 0;
    while found < limit {
        match search.next_event() {
            Event::Solution => found += 1,
            Event::Heartbeat => heartbeat(search),
            Event::Finished => break,
        }
    }
}

/// Calls `visit` with each solution until it returns `Break` or the search ends.
pub(crate) fn visit<S: SearchEvents>(
    search: &mut S,
    mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
) {
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
}

/// The next solution, copied out, or `None` at the end: an iterator's `next`.
pub(crate) fn next_solution(search: &mut impl SearchEvents) -> Option<Solution> {
    loop {
        match search.next_event() {
            Event::Solution => return Some(Solution::from_options(search.solution().to_vec())),
            Event::Heartbeat => {}
            Event::Finished => return None,
        }
    }
}

/// Writes what every engine offers around its search loop, the same for each, so that
/// the engines cannot drift apart: for a solver type `$solver` with the fields
/// `problem`, `resume` (whose type, named `Resume`, has a `Finished` variant), `stats`,
/// `limits`, `started` and `next_check`, and the methods `search` (which starts a
/// search), `run` (the loop, returning at a solution, the end or a limit check, its
/// nodes and updates counted), `finish`, `current_solution`, `progress` and
/// `search_depth`:
///
/// - the accessors `problem`, `set_limits`, `limits` and `stats`;
/// - `$solver::step`, the loop run until a solution, the end, or a limit check;
/// - the entry points `first`, `count`, `count_up_to`, `count_watched`, `visit` and
///   `solutions`;
/// - `$search`, the running search (implementing [`SearchEvents`]), which abandons the
///   search when dropped, and `$solutions`, the iterator over solutions.
macro_rules! front {
    ($solver:ident, $search:ident, $solutions:ident) => {
        impl $solver {
            /// Runs the search until it finds a solution, needs to check its limits, or
            /// ends.
            pub(crate) fn step(&mut self) -> $crate::Event {
                let event = self.run();
                match event {
                    $crate::Event::Solution => {
                        self.stats.solutions += 1;
                        return event;
                    }
                    $crate::Event::Finished => {
                        self.finish(None);
                        return event;
                    }
                    _ => {}
                }
                let started = self.started.unwrap_or_else(std::time::Instant::now);
                if let Some(reason) = self.limits.reached(self.stats.nodes, started) {
                    self.finish(Some(reason));
                    return $crate::Event::Finished;
                }
                self.next_check = self.limits.next_check(self.stats.nodes);
                $crate::Event::Heartbeat
            }

            /// The problem being solved.
            pub fn problem(&self) -> &$crate::Problem {
                &self.problem
            }

            /// Sets the limits that apply to every later search.
            pub fn set_limits(&mut self, limits: $crate::Limits) {
                self.limits = limits;
            }

            /// The limits in force.
            pub fn limits(&self) -> &$crate::Limits {
                &self.limits
            }

            /// Statistics of the most recent search (see the type's docs for what they
            /// count).
            pub fn stats(&self) -> $crate::Stats {
                self.stats
            }

            /// The first solution, if any.
            pub fn first(&mut self) -> Option<$crate::Solution> {
                self.solutions().next()
            }

            /// The number of solutions: [`Count::Complete`](crate::Count::Complete), or
            /// [`Count::Partial`](crate::Count::Partial) if a [`Limits`](crate::Limits)
            /// bound stopped the search.
            pub fn count(&mut self) -> $crate::Count {
                self.count_up_to(u64::MAX)
            }

            /// The number of solutions, counting no further than `limit`: reaching it
            /// gives [`Count::Partial`](crate::Count::Partial) with
            /// [`StopReason::Caller`](crate::StopReason::Caller) (at least `limit`),
            /// even if there happen to be no more.
            pub fn count_up_to(&mut self, limit: u64) -> $crate::Count {
                self.count_watched(limit, |_| {})
            }

            /// [`count_up_to`](Self::count_up_to), calling `heartbeat` with the search
            /// each time it pauses to check its limits (every
            /// [`Limits::CHECK_INTERVAL`](crate::Limits::CHECK_INTERVAL) nodes).
            pub fn count_watched(
                &mut self,
                limit: u64,
                heartbeat: impl FnMut(&$search<'_>),
            ) -> $crate::Count {
                $crate::events::count(&mut self.search(), limit, heartbeat);
                $crate::Count::from_stats(&self.stats)
            }

            /// Calls `visit` with each solution (the chosen options in level order)
            /// until it returns `Break` or the search ends. Returns the statistics.
            pub fn visit(
                &mut self,
                visit: impl FnMut(&[$crate::OptionId]) -> std::ops::ControlFlow<()>,
            ) -> $crate::Stats {
                $crate::events::visit(&mut self.search(), visit);
                self.stats
            }

            /// A lazy iterator over the solutions. Dropping it early abandons the
            /// search and restores the solver.
            pub fn solutions(&mut self) -> $solutions<'_> {
                $solutions {
                    search: self.search(),
                }
            }
        }

        #[doc = concat!(
                    "A search in progress, from [`", stringify!($solver), "::search`]: the ",
                    "low-level interface under the iterator, the counters and the visitor, as ",
                    "[`Search`](crate::Search) is for the links. Dropping it abandons the search ",
                    "and restores the solver."
                )]
        #[derive(Debug)]
        pub struct $search<'s> {
            pub(crate) solver: &'s mut $solver,
        }

        impl $search<'_> {
            /// Runs until the next solution, heartbeat or the end.
            pub fn next_event(&mut self) -> $crate::Event {
                if self.solver.resume == Resume::Finished {
                    return $crate::Event::Finished;
                }
                self.solver.step()
            }

            /// The solution just found: the chosen options (fixed ones first), in level
            /// order. Meaningful right after
            /// [`Event::Solution`](crate::Event::Solution).
            pub fn solution(&mut self) -> &[$crate::OptionId] {
                self.solver.current_solution()
            }

            /// The depth of the search below any fixed levels.
            pub fn depth(&self) -> usize {
                self.solver.search_depth()
            }

            /// Knuth's estimate of the fraction of the search tree explored, in `[0, 1]`.
            pub fn progress(&self) -> f64 {
                self.solver.progress()
            }

            /// Statistics so far.
            pub fn stats(&self) -> $crate::Stats {
                let mut stats = self.solver.stats;
                if let Some(started) = self.solver.started {
                    stats.elapsed = started.elapsed();
                }
                stats
            }

            /// The problem being searched.
            pub fn problem(&self) -> &$crate::Problem {
                &self.solver.problem
            }

            /// Abandons the search (recorded as
            /// [`StopReason::Caller`](crate::StopReason::Caller) unless it had ended) and
            /// restores the solver.
            pub fn stop(self) {}
        }

        $crate::events::search_events!($search);

        impl Drop for $search<'_> {
            fn drop(&mut self) {
                self.solver.finish(Some($crate::StopReason::Caller));
            }
        }

        #[doc = concat!(
                    "Lazy iterator over solutions, from [`", stringify!($solver), "::solutions`]."
                )]
        #[derive(Debug)]
        pub struct $solutions<'s> {
            search: $search<'s>,
        }

        impl $solutions<'_> {
            /// Statistics so far.
            pub fn stats(&self) -> $crate::Stats {
                self.search.stats()
            }
        }

        impl Iterator for $solutions<'_> {
            type Item = $crate::Solution;

            fn next(&mut self) -> Option<$crate::Solution> {
                $crate::events::next_solution(&mut self.search)
            }
        }
    };
}
pub(crate) use front;

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
