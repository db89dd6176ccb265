//! Splitting a search into independent subproblems, for threads or for a cluster.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::time::Instant;

use crate::engine::{Engine, INSIDE, NextLevel};
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::solver::Solver;
use crate::stats::Stats;

mod estimate;

pub(crate) use estimate::estimate_nodes;
use estimate::estimate_prefix;

/// Random walks per estimate in [`Solver::split_jobs`].
pub(crate) const PROBES: usize = 64;

/// [`Solver::split_jobs`] makes at most this many times the subproblems asked for
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
    /// split computed one ([`Solver::split_jobs`] does).
    pub fn estimate(&self) -> Option<f64> {
        self.estimate
    }

    /// The prefix.
    pub fn into_prefix(self) -> Vec<OptionId> {
        self.prefix
    }
}

/// A search split into subproblems, from [`Solver::split`] or [`Solver::split_jobs`].
///
/// A subproblem is a *prefix*: the options the search chooses at its first levels. Its
/// solutions are the solutions of the problem that extend those choices, so a split is
/// a partition of the search tree: every solution belongs to exactly one subproblem,
/// including a solution found above the split depth (its prefix is the whole solution).
/// Replaying a prefix means [`descend`](Solver::descend)ing each option in order.
///
/// Prefixes come in the sequential search's order, which is lexicographic order of the
/// option ids (an item's options are tried in input order), so concatenating the
/// solutions of the subproblems in order gives the sequential order.
///
/// ```
/// use dancing::{Count, Solver, problems};
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

impl Solver {
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
    /// use dancing::{Solver, problems};
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
    pub fn replay(&mut self, prefix: &[OptionId]) -> Result<Stats, ForceError> {
        replay(self, prefix)
    }

    /// Splits the search below the fixed levels into the subproblems at depth `depth`:
    /// every way to choose options at the first `depth` levels, plus the solutions found
    /// above that depth. Dead ends are left out. `depth` 0 gives one empty prefix.
    pub fn split(&mut self, depth: usize) -> Split {
        split(self, depth)
    }

    /// Splits the search below the fixed levels into at least `jobs` subproblems (fewer
    /// only if the whole tree has fewer leaves), always expanding the largest, as
    /// measured by Knuth's random-probe estimate of its search tree. It goes on while
    /// the largest holds more than a `jobs`-th of the estimated total (up to
    /// 4 × `jobs` subproblems), since the first `jobs` can be lopsided.
    /// Deterministic.
    pub fn split_jobs(&mut self, jobs: usize) -> Split {
        split_jobs(self, jobs, PROBES)
    }

    /// Knuth's estimate of the number of nodes of the search tree below the fixed
    /// levels: the average over `probes` random root-to-leaf walks of 1 + d₁ + d₁d₂ + …,
    /// where dₖ is the number of options at the k-th level of the walk. Unbiased; the
    /// walks are random but deterministic.
    pub fn estimate_nodes(&mut self, probes: usize) -> f64 {
        estimate_nodes(self, probes)
    }
}

/// [`Solver::replay`] for either engine.
pub(crate) fn replay<E: Engine>(engine: &mut E, prefix: &[OptionId]) -> Result<Stats, ForceError> {
    replay_counting(engine, prefix).map(|updates| Stats {
        updates,
        ..Stats::default()
    })
}

/// [`replay`], returning the updates of committing the last option.
fn replay_counting<E: Engine>(engine: &mut E, prefix: &[OptionId]) -> Result<u64, ForceError> {
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

/// [`Solver::split`] for either engine.
pub(crate) fn split<E: Engine>(engine: &mut E, depth: usize) -> Split {
    let started = Instant::now();
    let mut stats = Stats::default();
    let mut done = Vec::new();
    let mut frontier = vec![Vec::new()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for prefix in frontier {
            match expand(engine, &prefix) {
                Expansion::Solved => done.push(prefix),
                Expansion::Branches { options, updates } => {
                    stats.nodes += 1;
                    stats.updates += updates;
                    next.extend(options.into_iter().map(|o| extended(&prefix, o)));
                }
            }
        }
        frontier = next;
    }
    done.extend(frontier);
    finish_split(
        done.into_iter().map(|p| (p, None)).collect(),
        stats,
        started,
    )
}

/// [`Solver::split_jobs`] for either engine, with `probes` random walks per estimate.
pub(crate) fn split_jobs<E: Engine>(engine: &mut E, jobs: usize, probes: usize) -> Split {
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
fn expand<E: Engine>(engine: &mut E, prefix: &[OptionId]) -> Expansion {
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

/// `prefix` followed by `option`.
pub(crate) fn extended(prefix: &[OptionId], option: OptionId) -> Vec<OptionId> {
    let mut longer = Vec::with_capacity(prefix.len() + 1);
    longer.extend_from_slice(prefix);
    longer.push(option);
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
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::problems;
    use crate::{CellsSolver, Count, Problem, format};

    const TOY: &str = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

    /// Every solution of the search, in order.
    fn solutions<E: Engine>(engine: &mut E) -> Vec<Vec<OptionId>> {
        let mut all = Vec::new();
        engine.visit(|options| {
            all.push(options.to_vec());
            std::ops::ControlFlow::Continue(())
        });
        all
    }

    /// Solves every subproblem; checks the partition, the order and the statistics.
    fn check_split<E: Engine>(problem: &Problem, split: &Split) {
        let mut solver = E::new(problem);
        let expected = solutions(&mut solver);
        let expected_stats = solver.stats();
        let mut all = Vec::new();
        let mut stats = split.stats();
        for subproblem in split.subproblems() {
            stats += solver.replay(subproblem.prefix()).unwrap();
            let found = solutions(&mut solver);
            stats += solver.stats();
            for solution in &found {
                assert!(solution.starts_with(subproblem.prefix()));
            }
            all.extend(found);
            solver.release();
            solver.check_integrity().unwrap();
        }
        // Same solutions, each once, in the sequential order.
        assert_eq!(all, expected);
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (
                expected_stats.solutions,
                expected_stats.nodes,
                expected_stats.updates
            )
        );
        let distinct: HashSet<_> = split.subproblems().iter().map(|s| s.prefix()).collect();
        assert_eq!(distinct.len(), split.len());
    }

    fn problems() -> Vec<Problem> {
        vec![
            format::parse_str(TOY).unwrap(),
            problems::queens(6),
            problems::queens(8),
            problems::langford(7),
            problems::latin_square(4),
            problems::pentominoes(3, 20),
        ]
    }

    #[test]
    fn splits_to_a_depth_partition_the_search() {
        for problem in problems() {
            for depth in 0..=4 {
                let split = Solver::new(&problem).split(depth);
                assert!(
                    split
                        .subproblems()
                        .iter()
                        .all(|s| s.prefix().len() <= depth)
                );
                check_split::<Solver>(&problem, &split);
                let cells = CellsSolver::new(&problem).split(depth);
                assert_eq!(cells.subproblems(), split.subproblems());
                assert_eq!(
                    (cells.stats().nodes, cells.stats().updates),
                    (split.stats().nodes, split.stats().updates)
                );
                check_split::<CellsSolver>(&problem, &cells);
            }
        }
    }

    #[test]
    fn balanced_splits_partition_the_search() {
        for problem in problems() {
            for jobs in [1, 7, 60] {
                let mut solver = Solver::new(&problem);
                let split = solver.split_jobs(jobs);
                solver.check_integrity().unwrap();
                assert!(split.subproblems().iter().all(|s| s.estimate().is_some()));
                check_split::<Solver>(&problem, &split);
                // Dancing cells walks the same probes: the same estimates, the same split.
                let mut cells = CellsSolver::new(&problem);
                let cells_split = cells.split_jobs(jobs);
                cells.check_integrity().unwrap();
                assert_eq!(cells_split.subproblems(), split.subproblems());
                check_split::<CellsSolver>(&problem, &cells_split);
            }
        }
    }

    #[test]
    fn balanced_splits_reach_the_number_of_jobs() {
        let split = Solver::new(&problems::queens(8)).split_jobs(100);
        assert!(split.len() >= 100, "{} jobs", split.len());
        // Deterministic: the same split every time.
        let again = Solver::new(&problems::queens(8)).split_jobs(100);
        assert_eq!(split.subproblems(), again.subproblems());
    }

    #[test]
    fn solutions_above_the_split_depth_are_subproblems() {
        solutions_above_the_split_depth::<Solver>();
        solutions_above_the_split_depth::<CellsSolver>();
    }

    fn solutions_above_the_split_depth<E: Engine>() {
        let problem = format::parse_str(TOY).unwrap();
        let split = E::new(&problem).split(10);
        assert_eq!(split.len(), 1);
        let mut solver = E::new(&problem);
        solver.replay(split.subproblems()[0].prefix()).unwrap();
        assert!(solver.is_solved_by_fixed());
        assert_eq!(solver.count(), 1);
        assert_eq!(solver.stats().nodes, 1);
    }

    #[test]
    fn splits_work_below_forced_options() {
        splits_below_forced_options::<Solver>();
        splits_below_forced_options::<CellsSolver>();
    }

    fn splits_below_forced_options<E: Engine>() {
        let problem = problems::queens(8);
        let mut solver = E::new(&problem);
        solver.force(OptionId::new(3)).unwrap();
        let expected = solver.count();
        let split = solver.split(2);
        let mut total = Count::Complete(0);
        for subproblem in split.subproblems() {
            solver.replay(subproblem.prefix()).unwrap();
            total += solver.count();
            solver.truncate_fixed(INSIDE, 1);
        }
        assert_eq!(total, expected);
        assert_eq!(solver.fixed().collect::<Vec<_>>(), [OptionId::new(3)]);
        solver.release();
        solver.check_integrity().unwrap();
    }

    #[test]
    fn invalid_prefixes_are_rejected_and_undone() {
        invalid_prefixes::<Solver>();
        invalid_prefixes::<CellsSolver>();
    }

    fn invalid_prefixes<E: Engine>() {
        let problem = problems::queens(6);
        let mut solver = E::new(&problem);
        // Row 0 is chosen first; option 6 is in row 1.
        assert_eq!(
            solver.replay(&[OptionId::new(6)]),
            Err(ForceError::NotOnPath {
                option: 6,
                item: problem.item_by_name("R0").unwrap()
            })
        );
        // After (0,0), row 1 is chosen; option 13, (2,1), is in row 2.
        assert_eq!(
            solver.replay(&[OptionId::new(0), OptionId::new(13)]),
            Err(ForceError::NotOnPath {
                option: 13,
                item: problem.item_by_name("R1").unwrap()
            })
        );
        // Queens at (0,0) then (1,1) share a diagonal.
        assert_eq!(
            solver.replay(&[OptionId::new(0), OptionId::new(7)]),
            Err(ForceError::Conflict { option: 7 })
        );
        assert_eq!(
            solver.replay(&[OptionId::new(99)]),
            Err(ForceError::OutOfRange {
                option: 99,
                options: 36
            })
        );
        assert_eq!(solver.fixed().len(), 0);
        solver.check_integrity().unwrap();
        assert_eq!(solver.count(), 4);
    }

    #[test]
    fn estimates_are_exact_on_uniform_trees() {
        // Latin squares of order 2: the tree is a path of forced choices after the
        // first, so every probe sees the same degrees.
        let mut solver = Solver::new(&problems::latin_square(2));
        let estimate = solver.estimate_nodes(8);
        assert_eq!(solver.count(), 2);
        assert_eq!(estimate, solver.stats().nodes as f64);
        let mut cells = CellsSolver::new(&problems::latin_square(2));
        assert_eq!(cells.estimate_nodes(8), estimate);
        // Random walks of either engine are the same walks.
        let problem = problems::langford(7);
        assert_eq!(
            CellsSolver::new(&problem).estimate_nodes(16),
            Solver::new(&problem).estimate_nodes(16)
        );
    }
}
