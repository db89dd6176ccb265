//! Splitting a search into independent subproblems, for threads or for a cluster.

use std::fmt;

use crate::engine::{Engine, INSIDE, Inside};
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::stats::Stats;
use std::ops::ControlFlow;

mod estimate;
mod jobs;
mod walk;

use estimate::estimate_nodes;
pub(crate) use jobs::{Effort, split_jobs};
use walk::EngineWalk;
pub(crate) use walk::{Walk, depth_first};

/// Random walks per estimate in [`SplitEngine::split_jobs`].
pub(crate) const PROBES: usize = 64;

/// One part of a split search: the options chosen at its first levels.
#[derive(Debug, Clone, PartialEq)]
pub struct Subproblem {
    prefix: Vec<OptionId>,
    estimate: Option<f64>,
}

impl Subproblem {
    /// The options chosen at the first levels, in order (below the options fixed when
    /// the split was made).
    pub fn prefix(&self) -> &[OptionId] {
        &self.prefix
    }

    /// Knuth's estimate of the number of search-tree nodes of this subproblem, when the
    /// split computed one ([`SplitEngine::split_jobs`] does).
    pub fn estimate(&self) -> Option<f64> {
        self.estimate
    }

    /// The prefix.
    pub fn into_prefix(self) -> Vec<OptionId> {
        self.prefix
    }
}

/// A search split into subproblems, from [`SplitEngine::split`] or [`SplitEngine::split_jobs`].
///
/// A subproblem is a *prefix*: the options the search chooses at its first levels. Its
/// solutions are the solutions of the problem that extend those choices, so a split is
/// a partition of the search tree: every solution belongs to exactly one subproblem,
/// including a solution found above the split depth (its prefix is the whole solution).
/// Replaying a prefix means [`descend`](SplitEngine::descend)ing each option in order.
///
/// Prefixes come in the sequential search's order, which is lexicographic order of the
/// option ids (an item's options are tried in input order), so concatenating the
/// solutions of the subproblems in order gives the sequential order.
///
/// ```
/// use dancing::{Count, Engine, Solver, SplitEngine, problems};
///
/// let mut solver = Solver::new(&problems::queens(6));
/// let split = solver.split(2);
/// let mut total = Count::Complete(0);
/// for subproblem in split.subproblems() {
///     solver.replay(subproblem.prefix())?;
///     total += solver.count();
///     solver.release();
/// }
/// assert_eq!(total, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Split {
    subproblems: Vec<Subproblem>,
    stats: Stats,
    short: bool,
}

impl Split {
    /// The subproblems, in the sequential search's order.
    pub fn subproblems(&self) -> &[Subproblem] {
        &self.subproblems
    }

    /// The subproblems, in the sequential search's order.
    pub fn into_subproblems(self) -> Vec<Subproblem> {
        self.subproblems
    }

    /// How many subproblems there are.
    pub fn len(&self) -> usize {
        self.subproblems.len()
    }

    /// Whether there is no subproblem (the problem has no solution, as the split found).
    pub fn is_empty(&self) -> bool {
        self.subproblems.is_empty()
    }

    /// The search-tree nodes and updates of the levels the split expanded, counted as
    /// TAOCP's search counts them. Adding the statistics of every subproblem's search
    /// (with the commit of each prefix's last option, as parallel searches count them)
    /// gives the sequential statistics.
    ///
    /// `stopped` says why a split stopped early: the engine's [`Limits`](crate::Limits) (timeout,
    /// node limit, interrupt) apply to splitting as to searching, and a split they stop
    /// is still a partition of the search, its subproblems the ones made so far (see
    /// [`SplitEngine::split_each`] and [`SplitEngine::split_jobs`]).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether [`SplitEngine::split_jobs`] made fewer subproblems than asked because
    /// making more would have cost more than a sixteenth of the search (as estimated);
    /// the subproblems still partition the search.
    pub fn is_short(&self) -> bool {
        self.short
    }
}

/// An engine that can fix options before a search, split its search into independent
/// subproblems and hand them to other threads: [`Solver`](crate::Solver) (dancing links)
/// and [`DenseSolver`](crate::DenseSolver) (the dense bitsets). Both find the same solutions
/// in the same order with the same [`Stats`], and both run under `ParallelSolver` (with
/// the `parallel` feature). Sealed, as [`Engine`] is.
///
/// ```
/// use dancing::{Count, DenseSolver, Solver, SplitEngine, problems};
///
/// /// Counts by splitting at depth 2 and adding up the parts.
/// fn split_count<E: SplitEngine>(problem: &dancing::Problem) -> Count {
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
/// assert_eq!(split_count::<DenseSolver>(&problem), 92);
/// ```
pub trait SplitEngine: Levels {
    /// A solver for `problem`.
    ///
    /// # Panics
    /// If the problem has multiplicities ([`Problem::has_bounds`]): Algorithm M searches
    /// those, in [`MultiSolver`](crate::MultiSolver).
    fn new(problem: &Problem) -> Self;

    /// Selects an option before the search, as if it were part of every solution. Its
    /// items are covered (colored ones purified), so the search solves the rest. Fails
    /// without changing anything if the option is out of range
    /// ([`ForceError::OutOfRange`]) or clashes with those fixed already
    /// ([`ForceError::Conflict`]).
    ///
    /// Forcing after [`descend`](Self::descend) is allowed; both are undone by
    /// [`release`](Self::release). Allocation-free.
    fn force(&mut self, option: OptionId) -> Result<(), ForceError>;

    /// Follows one branch of the search tree: `option` must be one of the options the
    /// search would try at the next level (it contains the item that minimum remaining
    /// values chooses there). Every later search explores only that branch.
    ///
    /// Returns [`ForceError::Conflict`] if the option clashes with the options fixed
    /// already, and [`ForceError::NotOnPath`] if it clashes with none but does not
    /// contain the item the search branches on.
    fn descend(&mut self, option: OptionId) -> Result<(), ForceError>;

    /// Undoes every [`force`](Self::force) and [`descend`](Self::descend), restoring the
    /// engine's tables exactly. Allocation-free.
    fn release(&mut self);

    /// The options fixed by [`force`](Self::force) and [`descend`](Self::descend), in order.
    fn fixed(&self) -> impl ExactSizeIterator<Item = OptionId> + '_;

    /// Whether every primary item is covered by the fixed options alone.
    fn is_solved_by_fixed(&self) -> bool;

    /// Follows a prefix: [`descend`](Self::descend)s each option in order. On error,
    /// undoes the options of the prefix already followed and returns the error of the
    /// first option that is not on the search's path: [`ForceError::Conflict`] if it
    /// clashes with the options before it, [`ForceError::NotOnPath`] if it clashes with
    /// none but is not one the search tries there.
    ///
    /// Returns what the sequential search counts for the prefix's last option (the
    /// updates of committing it), so that [`Split::stats`], plus each subproblem's replay
    /// and search statistics, adds up to the sequential statistics.
    ///
    /// ```
    /// use dancing::{Engine, Solver, SplitEngine, problems};
    ///
    /// let problem = problems::queens(6);
    /// let mut solver = Solver::new(&problem);
    /// let split = solver.split(2);
    /// let mut stats = split.stats();
    /// for subproblem in split.subproblems() {
    ///     stats += solver.replay(subproblem.prefix())?;
    ///     let _ = solver.count();
    ///     stats += solver.stats();
    ///     solver.release();
    /// }
    /// let mut sequential = Solver::new(&problem);
    /// assert_eq!(sequential.count(), 4);
    /// assert_eq!((stats.nodes, stats.updates), (sequential.stats().nodes, sequential.stats().updates));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn replay(&mut self, prefix: &[OptionId]) -> Result<Stats, ForceError> {
        replay(self, prefix)
    }

    /// Splits the search below the fixed levels into the subproblems at depth `depth`:
    /// every way to choose options at the first `depth` levels, plus the solutions found
    /// above that depth. Dead ends are left out. `depth` 0 gives one empty prefix.
    /// Collects [`split_each`](Self::split_each).
    fn split(&mut self, depth: usize) -> Split {
        let mut subproblems = Vec::new();
        let stats = self.split_each(depth, |prefix| {
            subproblems.push(Subproblem {
                prefix: prefix.to_vec(),
                estimate: None,
            });
            ControlFlow::Continue(())
        });
        Split {
            subproblems,
            stats,
            short: false,
        }
    }

    /// [`split`](Self::split), passing each subproblem's prefix to `visit` as the
    /// depth-first walk finds it, in the sequential search's order, until `visit`
    /// returns `Break`. The walk answers to the engine's [`Limits`](crate::Limits) as a search does:
    /// when one stops it, the parts of the tree not split yet are passed on whole, at
    /// the depth reached (the branches left at each level, deepest first), so the
    /// prefixes still partition the search; `stopped` in the statistics says why.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dancing::{Solver, SplitEngine, problems};
    ///
    /// let mut solver = Solver::new(&problems::queens(8));
    /// let mut lines = 0;
    /// let stats = solver.split_each(3, |_prefix| {
    ///     lines += 1;
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(lines, solver.split(3).len());
    /// assert!(stats.is_complete());
    /// ```
    fn split_each(
        &mut self,
        depth: usize,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Stats {
        let limits = self.limits().clone();
        depth_first(&mut EngineWalk(self), depth, &limits, visit)
    }

    /// Splits the search below the fixed levels into at least `jobs` subproblems (fewer
    /// only if the whole tree has fewer leaves), always expanding the largest, as
    /// measured by Knuth's random-probe estimate of its search tree. It goes on while
    /// the largest holds more than a `jobs`-th of the estimated total (up to
    /// 4 × `jobs` subproblems), since the first `jobs` can be lopsided.
    /// Deterministic.
    ///
    /// The split costs at most a sixteenth of the search it cuts up, as estimated (and
    /// at least 16,384 steps of the engine): once probes have taken half of that,
    /// subproblems are estimated as equal shares of their parent, and expanding stops
    /// when it would cost more ([`Split::is_short`]). The engine's [`Limits`](crate::Limits) apply as to a search: a split
    /// they stop is the partition made so far.
    fn split_jobs(&mut self, jobs: usize) -> Split {
        split_jobs(self, jobs, PROBES)
    }

    /// Knuth's estimate of the number of nodes of the search tree below the fixed
    /// levels: the average over `probes` random root-to-leaf walks of 1 + d₁ + d₁d₂ + …,
    /// where dₖ is the number of options at the k-th level of the walk. Unbiased; the
    /// walks are random but deterministic.
    fn estimate_nodes(&mut self, probes: usize) -> f64 {
        estimate_nodes(self, probes)
    }
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

/// Work given away by [`Branches::give_away`]: the moves down to a level, and that
/// level's untried branches in search order.
pub(crate) type Given<M> = (Vec<M>, Vec<M>);

/// A search that can be cut into branches and shared among threads: the links
/// ([`Solver`](crate::Solver)), the dense bitsets ([`DenseSolver`](crate::DenseSolver))
/// and Algorithm M ([`MultiSolver`](crate::MultiSolver)), whose branches are
/// [`Move`](crate::Move)s (an option, or the null move). What `ParallelSolver` needs of an
/// engine. Sealed: public only so that [`SplitEngine`] and `ParallelSolver` can name it,
/// and not nameable outside the crate; its methods take a crate-private token.
///
/// The accounting keeps TAOCP's statistics exact across threads. The sequential search
/// spends, at each node, one node and the updates of covering its item, and for each
/// branch it tries, the updates of committing it. A branch followed with
/// [`follow`](Self::follow) counts its commit; the search below it counts the rest; so
/// the parts of a search cut into branches add up to the sequential statistics.
pub trait Branches: Engine + Clone + Send + Sync + 'static {
    /// A branch of the search: what a level chooses. Ordered as the search tries them
    /// at a level, so that prefixes compare in the sequential search's order.
    type Move: Copy + Ord + fmt::Debug + Send + Sync;

    /// Number of fixed levels (forced options and prefix choices).
    fn fixed_len(&self, _: Inside) -> usize;
    /// Undoes fixed levels until `len` remain (the latest first).
    fn truncate_fixed(&mut self, _: Inside, len: usize);
    /// Fixes the next level's branch `m`, which must be one the search makes there,
    /// returning the updates the sequential search counts for committing it.
    fn follow(&mut self, _: Inside, m: Self::Move) -> Result<u64, ForceError>;
    /// Replaces the branch of the last fixed level, one that [`follow`](Self::follow)
    /// fixed, with `m`, a later branch of that level, as the search goes from one branch
    /// to the next (the level's item stays covered); returns the updates the sequential
    /// search counts for it. A job of many branches of one level so costs one cover of
    /// its item, as in the sequential search, however many branches it has.
    fn follow_sibling(&mut self, _: Inside, m: Self::Move) -> Result<u64, ForceError>;
    /// Gives away the untried branches of the shallowest level that has any, in a
    /// search paused at a heartbeat.
    ///
    /// Returns the moves chosen from fixed level `from` down to that level, and its
    /// untried branches in search order; the levels down to it become fixed, so the
    /// search ends when the branch it is in is done. Following the path, then one of
    /// the branches (with [`follow`](Self::follow)), and searching below gives the
    /// part of the search given away. `None` if no level has an untried branch.
    fn give_away(&mut self, _: Inside, from: usize) -> Option<Given<Self::Move>>;
}

/// The search tree one level at a time, below the fixed levels: what the splitter
/// needs of an engine. Sealed, as [`Branches`] is.
///
/// A node that the splitter expands counts, besides its node, the commit of the option
/// leading to it and the cover of its item; a subproblem counts the commit of the last
/// option of its prefix itself. So the statistics of a split plus those of its
/// subproblems are the sequential ones.
pub trait Levels: Branches<Move = OptionId> {
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

/// [`SplitEngine::replay`].
fn replay<E: SplitEngine>(engine: &mut E, prefix: &[OptionId]) -> Result<Stats, ForceError> {
    replay_counting(engine, prefix).map(|updates| Stats {
        updates,
        ..Stats::default()
    })
}

/// [`replay`], returning the updates of committing the last option.
pub(super) fn replay_counting<E: SplitEngine>(
    engine: &mut E,
    prefix: &[OptionId],
) -> Result<u64, ForceError> {
    let start = engine.fixed_len(INSIDE);
    let mut updates = 0;
    for (k, &option) in prefix.iter().enumerate() {
        let step = if k + 1 == prefix.len() {
            engine.follow(INSIDE, option)
        } else {
            engine.descend(option).map(|()| 0)
        };
        match step {
            Ok(u) => updates = u,
            Err(e) => {
                engine.truncate_fixed(INSIDE, start);
                return Err(e);
            }
        }
    }
    Ok(updates)
}

/// `prefix` followed by `next`.
pub(crate) fn extended<M: Clone>(prefix: &[M], next: M) -> Vec<M> {
    let mut longer = Vec::with_capacity(prefix.len() + 1);
    longer.extend_from_slice(prefix);
    longer.push(next);
    longer
}

#[cfg(test)]
mod tests;
