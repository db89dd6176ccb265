//! What a search hands back: its events, the low-level [`Search`], and the solutions
//! with their iterator.

use super::{Resume, Solver};
use crate::events;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::stats::{Stats, StopReason};

/// What [`Search::next_event`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// A solution; read it with [`Search::solution`].
    Solution,
    /// The search paused after [`Limits::CHECK_INTERVAL`](crate::Limits::CHECK_INTERVAL) more nodes; call again to go on.
    /// Useful for progress reports.
    Heartbeat,
    /// The search is over: the tree is exhausted or a limit stopped it (see
    /// [`Search::stats`]).
    Finished,
}

/// A search in progress, from [`Solver::search`]: the low-level interface under the
/// iterator, the counters and the visitor. Dropping it restores the links.
#[derive(Debug)]
pub struct Search<'s> {
    pub(super) solver: &'s mut Solver,
}

impl Search<'_> {
    /// Runs until the next solution, heartbeat or the end.
    pub fn next_event(&mut self) -> Event {
        if self.solver.resume == Resume::Finished {
            return Event::Finished;
        }
        self.solver.step()
    }

    /// The solution just found: the chosen options, fixed ones first, then one per level.
    /// Meaningful right after [`Event::Solution`].
    pub fn solution(&mut self) -> &[OptionId] {
        self.solver.current_solution()
    }

    /// The depth of the search below the fixed levels.
    pub fn depth(&self) -> usize {
        self.solver.level - self.solver.base
    }

    /// Knuth's estimate of the fraction of the search tree explored, in `[0, 1]`.
    pub fn progress(&self) -> f64 {
        self.solver.progress()
    }

    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        let mut stats = self.solver.stats;
        if let Some(started) = self.solver.started {
            stats.elapsed = started.elapsed();
        }
        stats
    }

    /// The problem being searched.
    pub fn problem(&self) -> &Problem {
        &self.solver.problem
    }

    /// Abandons the search (recorded as [`StopReason::Caller`] unless it had ended) and
    /// restores the links.
    pub fn stop(self) {}
}

events::search_events!(Search);

impl Drop for Search<'_> {
    fn drop(&mut self) {
        self.solver.finish(Some(StopReason::Caller));
    }
}

/// A solution: the chosen options, fixed ones first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Solution {
    pub(super) options: Vec<OptionId>,
}

impl Solution {
    /// The chosen options in the order the search chose them: the fixed ones (forced
    /// or from a prefix) first, then one per level of the search tree. For the order of
    /// the input, see [`sorted_options`](Self::sorted_options).
    pub fn options(&self) -> &[OptionId] {
        &self.options
    }

    /// The chosen options in the order of the input (by [`OptionId`], which numbers the
    /// options as they were added), as `dancing xc` prints them.
    ///
    /// ```
    /// use dancing::{Problem, Solver};
    ///
    /// let mut b = Problem::builder();
    /// for item in ["a", "b"] { b.primary(item)?; }
    /// b.option_named(["a"])?;
    /// b.option_named(["b"])?;
    /// let problem = b.build()?;
    /// let solution = Solver::new(&problem).first().expect("one solution");
    /// let ids: Vec<usize> = solution.sorted_options().iter().map(|o| o.index()).collect();
    /// assert_eq!(ids, [0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sorted_options(&self) -> Vec<OptionId> {
        let mut options = self.options.clone();
        options.sort_unstable();
        options
    }

    /// Consumes the solution, returning the chosen options.
    pub fn into_options(self) -> Vec<OptionId> {
        self.options
    }

    /// A solution made of these options.
    pub(crate) fn from_options(options: Vec<OptionId>) -> Self {
        Self { options }
    }
}

/// Lazy iterator over solutions, from [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'s> {
    pub(super) search: Search<'s>,
}

impl Solutions<'_> {
    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl Iterator for Solutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        events::next_solution(&mut self.search)
    }
}
