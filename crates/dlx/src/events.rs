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
            fn next_event(&mut self) -> Event {
                $search::next_event(self)
            }
            fn solution(&mut self) -> &[OptionId] {
                $search::solution(self)
            }
            fn stats(&self) -> Stats {
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
