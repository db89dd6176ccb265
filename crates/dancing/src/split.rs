//! Splitting a search into independent subproblems, for threads or for a cluster.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::time::Instant;

use crate::engine::{Engine, INSIDE, Inside};
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::stats::Stats;

mod estimate;

use estimate::estimate_nodes;
use estimate::estimate_prefix;

/// Random walks per estimate in [`SplitEngine::split_jobs`].
pub(crate) const PROBES: usize = 64;

/// [`SplitEngine::split_jobs`] makes at most this many times the subproblems asked for
/// while it balances them.
const BALANCE_CAP: usize = 4;

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
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

/// What the search does at a prefix.
enum Expansion {
    /// The prefix is a solution.
    Solved,
    /// The prefix branches into these options (none at a dead end); expanding it costs
    /// one node and `updates` updates.
    Branches {
        options: Vec<OptionId>,
        updates: u64,
    },
}

/// A prefix waiting to be expanded, ordered by its estimate.
struct Open {
    estimate: f64,
    prefix: Vec<OptionId>,
}

impl PartialEq for Open {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Open {
    /// Largest estimate first; among equals the earliest prefix, so splits are
    /// deterministic.
    fn cmp(&self, other: &Self) -> Ordering {
        self.estimate
            .total_cmp(&other.estimate)
            .then_with(|| other.prefix.cmp(&self.prefix))
    }
}

/// An engine that can fix options before a search, split its search into independent
/// subproblems and hand them to other threads: [`Solver`](crate::Solver) (dancing links)
/// and [`DenseSolver`](crate::DenseSolver) (the dense bitsets). Both find the same solutions
/// in the same order with the same [`Stats`], and both run under `ParallelSolver` (with
/// the `parallel` feature). Sealed, as [`Engine`] is.
///
/// ```
/// use dancing::{Count, DenseSolver, Engine, Solver, SplitEngine, problems};
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
pub trait SplitEngine: Engine + Clone + Send + Sync + Levels {
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
    fn split(&mut self, depth: usize) -> Split {
        split(self, depth)
    }

    /// Splits the search below the fixed levels into at least `jobs` subproblems (fewer
    /// only if the whole tree has fewer leaves), always expanding the largest, as
    /// measured by Knuth's random-probe estimate of its search tree. It goes on while
    /// the largest holds more than a `jobs`-th of the estimated total (up to
    /// 4 × `jobs` subproblems), since the first `jobs` can be lopsided.
    /// Deterministic.
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

/// The search tree one level at a time, below the fixed levels: what the splitter and
/// the parallel workers need of an engine. Sealed: public only so that [`SplitEngine`]
/// can extend it, and not nameable outside the crate; its methods take an [`Inside`].
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
    /// Gives away the shallowest untried branches of a search paused at a heartbeat.
    ///
    /// Finds the shallowest level of the running search whose item still has options
    /// after the one being explored, returns those options as prefixes (the options
    /// chosen from fixed level `from` down to that level, then the untried option), and
    /// fixes the levels down to the one explored, so the search ends when that branch is
    /// done. Every prefix counts the commit of its last option when replayed, which keeps
    /// the statistics exact. Returns nothing if no level has an untried option.
    fn give_away(&mut self, _: Inside, from: usize) -> Vec<Vec<OptionId>>;
}

/// [`SplitEngine::replay`].
fn replay<E: SplitEngine>(engine: &mut E, prefix: &[OptionId]) -> Result<Stats, ForceError> {
    replay_counting(engine, prefix).map(|updates| Stats {
        updates,
        ..Stats::default()
    })
}

/// [`replay`], returning the updates of committing the last option.
fn replay_counting<E: SplitEngine>(engine: &mut E, prefix: &[OptionId]) -> Result<u64, ForceError> {
    let start = engine.fixed_len(INSIDE);
    let mut updates = 0;
    for (k, &option) in prefix.iter().enumerate() {
        let step = if k + 1 == prefix.len() {
            engine.descend_counting(INSIDE, option)
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

/// [`SplitEngine::split`].
fn split<E: SplitEngine>(engine: &mut E, depth: usize) -> Split {
    let started = Instant::now();
    let (done, stats) = breadth_first(depth, |prefix| match expand(engine, prefix) {
        Expansion::Solved => None,
        Expansion::Branches { options, updates } => Some((options, updates)),
    });
    finish_split(
        done.into_iter().map(|p| (p, None)).collect(),
        stats,
        started,
    )
}

/// The prefixes of a search's tree at depth `depth`, breadth first, with the ones that
/// end above it (solutions; dead ends have no branches and vanish): `expand` gives the
/// moves below a prefix and the updates spent there (one node each), or `None` for a
/// solution. The nodes and updates of the prefixes expanded come back beside them. Both
/// splitters walk this way: the engines' (moves are options) and Algorithm M's (moves
/// are options or null moves).
pub(crate) fn breadth_first<M: Clone>(
    depth: usize,
    mut expand: impl FnMut(&[M]) -> Option<(Vec<M>, u64)>,
) -> (Vec<Vec<M>>, Stats) {
    let mut stats = Stats::default();
    let mut done = Vec::new();
    let mut frontier = vec![Vec::new()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for prefix in frontier {
            match expand(&prefix) {
                None => done.push(prefix),
                Some((moves, updates)) => {
                    stats.nodes += 1;
                    stats.updates += updates;
                    next.extend(moves.into_iter().map(|m| extended(&prefix, m)));
                }
            }
        }
        frontier = next;
    }
    done.extend(frontier);
    (done, stats)
}

/// [`SplitEngine::split_jobs`], with `probes` random walks per estimate.
pub(crate) fn split_jobs<E: SplitEngine>(engine: &mut E, jobs: usize, probes: usize) -> Split {
    let started = Instant::now();
    let mut stats = Stats::default();
    let mut done = Vec::new();
    let mut open = BinaryHeap::new();
    let root = Vec::new();
    let mut total = estimate_prefix(engine, &root, probes);
    open.push(Open {
        estimate: total,
        prefix: root,
    });
    while let Some(largest) = open.peek() {
        let parts = open.len() + done.len();
        let balanced = largest.estimate * jobs as f64 <= total;
        if parts >= jobs && (balanced || parts >= jobs * BALANCE_CAP) {
            break;
        }
        let Some(Open { estimate, prefix }) = open.pop() else {
            break;
        };
        match expand(engine, &prefix) {
            Expansion::Solved => done.push((prefix, Some(estimate))),
            Expansion::Branches { options, updates } => {
                stats.nodes += 1;
                stats.updates += updates;
                total -= estimate;
                for option in options {
                    let prefix = extended(&prefix, option);
                    let estimate = estimate_prefix(engine, &prefix, probes);
                    total += estimate;
                    open.push(Open { estimate, prefix });
                }
            }
        }
    }
    done.extend(open.into_iter().map(|o| (o.prefix, Some(o.estimate))));
    finish_split(done, stats, started)
}

/// What the search does at `prefix`. A prefix that is expanded counts the commit of its
/// last option and the cover of its item; a subproblem counts the commit itself.
fn expand<E: SplitEngine>(engine: &mut E, prefix: &[OptionId]) -> Expansion {
    let start = engine.fixed_len(INSIDE);
    let commit =
        replay_counting(engine, prefix).expect("the splitter only builds prefixes of the search");
    let expansion = match engine.next_level(INSIDE) {
        NextLevel::Solved => Expansion::Solved,
        NextLevel::Item { item, .. } => Expansion::Branches {
            options: engine.branch_options(INSIDE, item),
            updates: commit + engine.cover_updates(INSIDE, item),
        },
    };
    engine.truncate_fixed(INSIDE, start);
    expansion
}

/// `prefix` followed by `next`.
pub(crate) fn extended<M: Clone>(prefix: &[M], next: M) -> Vec<M> {
    let mut longer = Vec::with_capacity(prefix.len() + 1);
    longer.extend_from_slice(prefix);
    longer.push(next);
    longer
}

fn finish_split(
    mut parts: Vec<(Vec<OptionId>, Option<f64>)>,
    mut stats: Stats,
    started: Instant,
) -> Split {
    parts.sort_by(|a, b| a.0.cmp(&b.0));
    stats.elapsed = started.elapsed();
    Split {
        subproblems: parts
            .into_iter()
            .map(|(prefix, estimate)| Subproblem { prefix, estimate })
            .collect(),
        stats,
    }
}

#[cfg(test)]
mod tests;
