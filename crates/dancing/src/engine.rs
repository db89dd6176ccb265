//! What both engines offer beyond a single search: fixing options, following a prefix,
//! splitting a search, and searching on several threads. [`Engine`] names it, so that
//! the splitter (`split.rs`) and the parallel workers are written once for the
//! links ([`Solver`](crate::Solver)) and dancing cells ([`CellsSolver`](crate::CellsSolver)).
//!
//! Under it, [`Levels`] is the search tree one level at a time, in each engine's own
//! terms (an item is an arena header for the links, an internal item number for cells).
//! It is sealed: public only so that `Engine` can extend it, and not nameable outside
//! the crate; its methods take an [`Inside`], which only this crate can make, so generic
//! code outside the crate cannot call them either.

use std::fmt;
use std::ops::ControlFlow;

use crate::count::Count;
use crate::error::{ForceError, IntegrityError};
use crate::events::SearchEvents;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::split::Split;
use crate::stats::{Limits, Stats};

/// A search engine: [`Solver`](crate::Solver) (dancing links) or
/// [`CellsSolver`](crate::CellsSolver) (dancing cells). Both find the same solutions in
/// the same order with the same [`Stats`], and both can fix options, follow and split
/// prefixes, and run under `ParallelSolver` (with the `parallel` feature).
///
/// The methods are the engines' inherent methods of the same names, documented there;
/// the trait lets one piece of code drive either engine. It is sealed: only this crate
/// implements it.
///
/// ```
/// use dancing::{CellsSolver, Count, Engine, Solver, problems};
///
/// /// Counts by splitting at depth 2 and adding up the parts.
/// fn split_count<E: Engine>(problem: &dancing::Problem) -> Count {
///     let mut engine = E::new(problem);
///     let mut total = Count::Complete(0);
///     for subproblem in engine.split(2).subproblems() {
///         engine.replay(subproblem.prefix()).expect("a prefix of the search");
///         total += engine.count();
///         engine.release();
///     }
///     total
/// }
/// let problem = problems::queens(8);
/// assert_eq!(split_count::<Solver>(&problem), 92);
/// assert_eq!(split_count::<CellsSolver>(&problem), 92);
/// ```
pub trait Engine: Clone + Send + Sync + fmt::Debug + Levels {
    /// A running search of this engine.
    type Search<'a>: SearchEvents + GiveAway
    where
        Self: 'a;
    /// A solver for `problem`.
    fn new(problem: &Problem) -> Self;
    /// The problem being solved.
    fn problem(&self) -> &Problem;
    /// Sets the limits that apply to every later search.
    fn set_limits(&mut self, limits: Limits);
    /// The limits in force.
    fn limits(&self) -> &Limits;
    /// Statistics of the most recent search.
    fn stats(&self) -> Stats;
    /// Starts a search.
    fn search(&mut self) -> Self::Search<'_>;
    /// The number of solutions.
    fn count(&mut self) -> Count;
    /// The number of solutions, counting no further than `limit`.
    fn count_up_to(&mut self, limit: u64) -> Count;
    /// Calls `visit` with each solution until it returns `Break`.
    fn visit(&mut self, visit: impl FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats;
    /// Selects an option before the search.
    fn force(&mut self, option: OptionId) -> Result<(), ForceError>;
    /// Follows one branch of the search tree.
    fn descend(&mut self, option: OptionId) -> Result<(), ForceError>;
    /// Undoes every fixed option.
    fn release(&mut self);
    /// The fixed options, in order.
    fn fixed(&self) -> impl ExactSizeIterator<Item = OptionId> + '_;
    /// Whether the fixed options alone cover every primary item.
    fn is_solved_by_fixed(&self) -> bool;
    /// Follows a prefix.
    fn replay(&mut self, prefix: &[OptionId]) -> Result<Stats, ForceError>;
    /// Splits the search at a depth.
    fn split(&mut self, depth: usize) -> Split;
    /// Splits the search into at least `jobs` balanced subproblems.
    fn split_jobs(&mut self, jobs: usize) -> Split;
    /// Knuth's estimate of the size of the search tree.
    fn estimate_nodes(&mut self, probes: usize) -> f64;
    /// Checks the engine's tables.
    fn check_integrity(&self) -> Result<(), IntegrityError>;
}

/// What the search would do at the level below the fixed ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextLevel {
    /// Every primary item is covered: the fixed options form a solution.
    Solved,
    /// Minimum remaining values picks `item` (in the engine's numbering), which has
    /// `len` options left (0 for a dead end).
    Item {
        /// The item, as the engine numbers it.
        item: u32,
        /// How many options it has left.
        len: u32,
    },
}

/// The search tree one level at a time, below the fixed levels: what the splitter and
/// the parallel workers need of an engine.
///
/// The accounting keeps TAOCP's statistics exact across a split. The sequential search
/// spends, at each node, one node and the updates of covering its item, and for each
/// option it tries, the updates of committing that option's other items. A node that
/// the splitter expands counts all three for itself (the commit of the option leading
/// to it); a subproblem counts, besides its own search, the commit of the last option
/// of its prefix. So the statistics of a split plus those of its subproblems are the
/// sequential ones.
pub trait Levels {
    /// Number of fixed levels (forced options and prefix choices).
    fn fixed_len(&self, _: Inside) -> usize;
    /// Undoes fixed levels until `len` remain (the latest first).
    fn truncate_fixed(&mut self, _: Inside, len: usize);
    /// `descend`, returning the updates TAOCP's search counts for committing the
    /// option's other items once its item is covered.
    fn descend_counting(&mut self, _: Inside, option: OptionId) -> Result<u64, ForceError>;
    /// The branching at the next level, as the search chooses it.
    fn next_level(&self, _: Inside) -> NextLevel;
    /// The options of `item` in the order the search tries them.
    fn branch_options(&self, _: Inside, item: u32) -> Vec<OptionId>;
    /// Fixes the `k`-th option (0-based, in search order) of `item`, the item the next
    /// level chooses.
    fn descend_branch(&mut self, _: Inside, item: u32, k: u32);
    /// The updates TAOCP's search counts for covering `item` at the next level.
    fn cover_updates(&mut self, _: Inside, item: u32) -> u64;
}

/// What the methods of [`Levels`] and [`GiveAway`] take first: a value only this crate
/// can make (its field is private, and its module is not public), so that code outside
/// the crate, which may reach those methods through an [`Engine`] bound, cannot call
/// them and leave a solver in a state its own methods would not.
#[derive(Debug, Clone, Copy)]
pub struct Inside(());

/// The one [`Inside`].
pub(crate) const INSIDE: Inside = Inside(());

/// A running search that can hand its untried branches to other workers.
pub trait GiveAway {
    /// Gives away the shallowest untried branches of a search paused at a heartbeat.
    ///
    /// Finds the shallowest level of this search whose item still has options after the
    /// one being explored, returns those options as prefixes (the options chosen from
    /// fixed level `from` down to that level, then the untried option), and fixes the
    /// levels down to the one explored, so the search ends when that branch is done.
    /// Every prefix counts the commit of its last option when replayed, which keeps the
    /// statistics exact. Returns nothing if no level has an untried option.
    fn give_away(&mut self, _: Inside, from: usize) -> Vec<Vec<OptionId>>;
}

/// Implements [`Engine`] by an engine's inherent methods of the same names.
macro_rules! engine {
    ($engine:ident, $search:ident) => {
        impl $crate::engine::Engine for $engine {
            type Search<'a> = $search<'a>;
            fn new(problem: &$crate::problem::Problem) -> Self {
                $engine::new(problem)
            }
            fn problem(&self) -> &$crate::problem::Problem {
                $engine::problem(self)
            }
            fn set_limits(&mut self, limits: $crate::stats::Limits) {
                $engine::set_limits(self, limits)
            }
            fn limits(&self) -> &$crate::stats::Limits {
                $engine::limits(self)
            }
            fn stats(&self) -> $crate::stats::Stats {
                $engine::stats(self)
            }
            fn search(&mut self) -> $search<'_> {
                $engine::search(self)
            }
            fn count(&mut self) -> $crate::count::Count {
                $engine::count(self)
            }
            fn count_up_to(&mut self, limit: u64) -> $crate::count::Count {
                $engine::count_up_to(self, limit)
            }
            fn visit(
                &mut self,
                visit: impl FnMut(&[$crate::ids::OptionId]) -> std::ops::ControlFlow<()>,
            ) -> $crate::stats::Stats {
                $engine::visit(self, visit)
            }
            fn force(
                &mut self,
                option: $crate::ids::OptionId,
            ) -> Result<(), $crate::error::ForceError> {
                $engine::force(self, option)
            }
            fn descend(
                &mut self,
                option: $crate::ids::OptionId,
            ) -> Result<(), $crate::error::ForceError> {
                $engine::descend(self, option)
            }
            fn release(&mut self) {
                $engine::release(self)
            }
            fn fixed(&self) -> impl ExactSizeIterator<Item = $crate::ids::OptionId> + '_ {
                $engine::fixed(self)
            }
            fn is_solved_by_fixed(&self) -> bool {
                $engine::is_solved_by_fixed(self)
            }
            fn replay(
                &mut self,
                prefix: &[$crate::ids::OptionId],
            ) -> Result<$crate::stats::Stats, $crate::error::ForceError> {
                $engine::replay(self, prefix)
            }
            fn split(&mut self, depth: usize) -> $crate::split::Split {
                $engine::split(self, depth)
            }
            fn split_jobs(&mut self, jobs: usize) -> $crate::split::Split {
                $engine::split_jobs(self, jobs)
            }
            fn estimate_nodes(&mut self, probes: usize) -> f64 {
                $engine::estimate_nodes(self, probes)
            }
            fn check_integrity(&self) -> Result<(), $crate::error::IntegrityError> {
                $engine::check_integrity(self)
            }
        }
    };
}
pub(crate) use engine;
