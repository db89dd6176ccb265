//! Splitting a search into independent subproblems, for threads or for a cluster.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::fmt;
use std::time::Instant;

use crate::engine::{Engine, INSIDE, Inside};
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::limits::{Limits, StopReason};
use crate::problem::Problem;
use crate::stats::Stats;
use std::ops::ControlFlow;

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
    /// `stopped` says why a split stopped early: the engine's [`Limits`] (timeout,
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
    /// returns `Break`. The walk answers to the engine's [`Limits`] as a search does:
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
    /// when it would cost more ([`Split::is_short`]). The engine's [`Limits`] apply as to a search: a split
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
fn replay_counting<E: SplitEngine>(engine: &mut E, prefix: &[OptionId]) -> Result<u64, ForceError> {
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

/// A search tree walked one level at a time by the depth-first splitter: the engines'
/// (moves are options) and Algorithm M's (moves are options or null moves).
pub(crate) trait Walk {
    /// A branch.
    type Move: Copy;
    /// What the search does at the current node: `None` for a solution, else the moves
    /// below it (none at a dead end) and the updates the split counts for expanding it.
    fn expand(&mut self) -> Option<(Vec<Self::Move>, u64)>;
    /// Goes down the first move `m` of the current node; returns the updates the split
    /// counts for it if the node it leads to is expanded.
    fn down(&mut self, m: Self::Move) -> u64;
    /// Replaces the last move by its later sibling `m`; the updates as for `down`.
    fn across(&mut self, m: Self::Move) -> u64;
    /// Undoes the last move.
    fn up(&mut self);
}

/// An engine as the splitter walks it.
struct EngineWalk<'a, E>(&'a mut E);

impl<E: SplitEngine> Walk for EngineWalk<'_, E> {
    type Move = OptionId;

    /// A node that is expanded counts the commit of the option leading to it and the
    /// cover of its item; a subproblem counts the commit itself, when replayed.
    fn expand(&mut self) -> Option<(Vec<OptionId>, u64)> {
        match self.0.next_level(INSIDE) {
            NextLevel::Solved => None,
            NextLevel::Item { item, .. } => Some((
                self.0.branch_options(INSIDE, item),
                self.0.cover_updates(INSIDE, item),
            )),
        }
    }

    fn down(&mut self, option: OptionId) -> u64 {
        self.0
            .follow(INSIDE, option)
            .expect("the splitter follows the search's branches")
    }

    fn across(&mut self, option: OptionId) -> u64 {
        self.0
            .follow_sibling(INSIDE, option)
            .expect("the splitter follows the search's branches")
    }

    fn up(&mut self) {
        let len = self.0.fixed_len(INSIDE);
        self.0.truncate_fixed(INSIDE, len - 1);
    }
}

/// Nodes the splitters walk between two looks at the limits.
const LIMIT_CHECK: u64 = 64;

/// The prefixes of `walk`'s tree at depth `depth`, depth first, with the ones that end
/// above it (solutions; dead ends have no branches and vanish), passed to `visit` in
/// the search's order; the nodes and updates of the prefixes expanded, and why the walk
/// stopped early. At a limit, the rest of the tree is passed on at the depth reached.
pub(crate) fn depth_first<W: Walk>(
    walk: &mut W,
    depth: usize,
    limits: &Limits,
    mut visit: impl FnMut(&[W::Move]) -> ControlFlow<()>,
) -> Stats {
    let started = Instant::now();
    let mut stats = Stats::default();
    let mut path: Vec<W::Move> = Vec::new();
    // The moves of the node at each level of the path, and which one is taken.
    let mut frames: Vec<(Vec<W::Move>, usize)> = Vec::new();
    // The updates of the move leading to the current node, counted if it is expanded.
    let mut leading = 0;
    let mut walked = 0u64;
    let mut next_check = 0;
    'walk: loop {
        // The current node.
        if walked >= next_check {
            if let Some(reason) = limits.reached(walked, started) {
                stats.stopped = Some(reason);
                break 'walk;
            }
            next_check = walked + LIMIT_CHECK;
        }
        walked += 1;
        let expansion = if path.len() == depth {
            None
        } else {
            walk.expand()
        };
        match expansion {
            None => {
                if visit(&path).is_break() {
                    stats.stopped = Some(StopReason::Caller);
                    break 'walk;
                }
            }
            Some((moves, updates)) => {
                stats.nodes += 1;
                stats.updates += leading + updates;
                if let Some(&first) = moves.first() {
                    leading = walk.down(first);
                    path.push(first);
                    frames.push((moves, 0));
                    continue 'walk;
                }
            }
        }
        // The next sibling, climbing as far as needed.
        loop {
            let Some((moves, taken)) = frames.last_mut() else {
                break 'walk;
            };
            if *taken + 1 < moves.len() {
                *taken += 1;
                let m = moves[*taken];
                leading = walk.across(m);
                *path.last_mut().expect("a move per frame") = m;
                continue 'walk;
            }
            frames.pop();
            path.pop();
            walk.up();
        }
    }
    if stats.stopped.is_some_and(|r| r != StopReason::Caller) {
        // The node not walked yet, then the branches left at each level, deepest first.
        let mut flow = visit(&path);
        while let Some((moves, taken)) = frames.pop() {
            path.pop();
            for &m in &moves[taken + 1..] {
                if flow.is_continue() {
                    path.push(m);
                    flow = visit(&path);
                    path.pop();
                }
            }
            walk.up();
        }
    }
    for _ in frames.drain(..) {
        walk.up();
    }
    stats.elapsed = started.elapsed();
    stats
}

/// What [`split_jobs`] may spend: engine steps (a probe's descent, an expansion's
/// replay) within a budget, and the caller's limits.
pub(crate) struct Effort {
    steps: u64,
    budget: u64,
    limits: Limits,
    started: Instant,
    next_check: u64,
    stopped: Option<StopReason>,
}

impl Effort {
    /// The least budget: enough to split any problem of a few thousand nodes finely.
    const FLOOR: u64 = 1 << 14;

    fn new(limits: Limits) -> Self {
        Self {
            steps: 0,
            budget: Self::FLOOR,
            limits,
            started: Instant::now(),
            next_check: 0,
            stopped: None,
        }
    }

    /// A budget of a sixteenth of a search of `nodes` nodes (at least the floor).
    fn scale_to(&mut self, nodes: f64) {
        self.budget = Self::FLOOR.max((nodes / 16.0).min(u64::MAX as f64) as u64);
    }

    /// Takes `n` steps; false once the budget is spent or a limit is reached.
    pub(crate) fn take(&mut self, n: u64) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        self.steps += n;
        if self.steps >= self.next_check {
            self.stopped = self.limits.reached(self.steps, self.started);
            self.next_check = self.steps + LIMIT_CHECK;
        }
        self.stopped.is_none() && self.steps <= self.budget
    }

    /// Whether probes may go on: they get half the budget, so that expanding the
    /// largest subproblems (as equal shares of their parent once estimates stop) can go
    /// on after them.
    pub(crate) fn probing(&self) -> bool {
        self.stopped.is_none() && self.steps <= self.budget / 2
    }
}

/// [`SplitEngine::split_jobs`], with `probes` random walks per estimate.
pub(crate) fn split_jobs<E: SplitEngine>(engine: &mut E, jobs: usize, probes: usize) -> Split {
    let started = Instant::now();
    let mut effort = Effort::new(engine.limits().clone());
    let mut stats = Stats::default();
    let mut done = Vec::new();
    let mut open = BinaryHeap::new();
    let root = Vec::new();
    let mut total = estimate_prefix(engine, &root, probes, &mut effort).unwrap_or(1.0);
    effort.scale_to(total);
    open.push(Open {
        estimate: total,
        prefix: root,
    });
    let mut short = false;
    while let Some(largest) = open.peek() {
        let parts = open.len() + done.len();
        let balanced = largest.estimate * jobs as f64 <= total;
        if parts >= jobs && (balanced || parts >= jobs * BALANCE_CAP) {
            break;
        }
        // Replaying the prefix and listing its branches.
        if !effort.take(largest.prefix.len() as u64 + 1) {
            short = effort.stopped.is_none();
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
                let share = estimate / options.len().max(1) as f64;
                for option in options {
                    let prefix = extended(&prefix, option);
                    let estimate = if !effort.probing() {
                        share
                    } else {
                        estimate_prefix(engine, &prefix, probes, &mut effort).unwrap_or(share)
                    };
                    total += estimate;
                    open.push(Open { estimate, prefix });
                }
            }
        }
    }
    done.extend(open.into_iter().map(|o| (o.prefix, Some(o.estimate))));
    stats.stopped = effort.stopped;
    let mut split = finish_split(done, stats, started);
    split.short = short;
    split
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
        short: false,
    }
}

#[cfg(test)]
mod tests;
