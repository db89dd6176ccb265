//! The cheapest solutions: exact branch and bound over the dancing links.
//!
//! Every option has a cost (0 unless given) and a solution costs the sum of its options.
//! [`Solver::min_cost`] finds a cheapest solution and [`Solver::best`] the `k` cheapest,
//! much faster than enumerating every solution, by pruning with a lower bound on what
//! covering the remaining primary items must cost:
//!
//! ```text
//! bound = Σ over active primary items i of  min over options o still in i's list of  cost(o) / primaries(o)
//! ```
//!
//! where `primaries(o)` counts the primary items of `o`. The bound is admissible: a
//! completion pays, for each option `o` it uses, `cost(o)` = `primaries(o)` shares of
//! `cost(o) / primaries(o)`, one share per item it covers, and each share is at least
//! that item's minimum. The shares are fixed-point numbers rounded down, and since costs
//! are integers the bound is rounded up before it is compared.
//!
//! The search runs on a second copy of the links whose item lists are sorted by that
//! share (Knuth's DLX5 also sorts them by cost), so each item's minimum is the first node
//! of its list and the bound costs one read per active item; it is summed while the
//! item of minimum remaining values is chosen. After the item `i` is covered, each of its
//! options `x` is checked before it is tried: the bound of the child is at least
//! `cost(x)` plus the minima, taken after covering `i`, of the active items outside `x`.
//! An option whose child cannot beat the best found so far is skipped without touching
//! the links, and an item whose list became empty when `i` was covered rules out every
//! option that does not contain it.
//!
//! The search runs the loop of every engine ([`Steps`](crate::algorithm_x)) with steps
//! that prune by the bound, and restores the links exactly. Its threads share the work
//! as the links' do, and the threshold as it falls (`ParallelSolver::best`).

use crate::engine::{Engine, Event};
use crate::ids::OptionId;
use crate::limits::StopReason;
use crate::solution::Solution;
use crate::solver::Solver;

mod search;

pub(crate) use search::{CostSearch, SharedThreshold};

/// A solution with its total cost, from [`Solver::min_cost`] and [`Solver::best`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CostedSolution {
    cost: u128,
    solution: Solution,
}

impl CostedSolution {
    pub(crate) fn new(cost: u128, solution: Solution) -> Self {
        Self { cost, solution }
    }

    /// The sum of the chosen options' costs, exact: options cost at most `u64::MAX` each,
    /// and a solution's total may pass it.
    pub fn cost(&self) -> u128 {
        self.cost
    }

    /// The chosen options in the order the search chose them, fixed ones first (see
    /// [`Solution::options`]).
    pub fn options(&self) -> &[OptionId] {
        self.solution.options()
    }

    /// The solution: its options in either order ([`Solution::sorted_options`]).
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// Consumes the costed solution, returning the solution.
    pub fn into_solution(self) -> Solution {
        self.solution
    }
}

impl Solver {
    /// A solution of least total cost, or `None` when there is no solution. Options
    /// fixed by [`force`](crate::SplitEngine::force) and [`descend`](crate::SplitEngine::descend) are part of it and
    /// count towards its cost.
    ///
    /// Exact: the search proves that nothing is cheaper unless a [`Limits`](crate::Limits) bound stopped
    /// it (then the answer is the cheapest found so far; check [`stats`](Self::stats)).
    /// `stats().solutions` counts the solutions that improved on the best at the time.
    ///
    /// ```
    /// let problem = dancing::format::parse_str("A B\nA B |5\nA |1\nB |2\n")?;
    /// let mut solver = dancing::Solver::new(&problem);
    /// let best = solver.min_cost().expect("a solution");
    /// assert_eq!(best.cost(), 3);
    /// assert_eq!(best.options().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_cost(&mut self) -> Option<CostedSolution> {
        self.best(1).pop()
    }

    /// The `k` cheapest solutions, cheapest first (fewer if the problem has fewer).
    /// Among solutions of equal cost the search order decides which are kept; no
    /// solution left out is cheaper than the last one returned.
    ///
    /// ```
    /// let problem = dancing::format::parse_str("A B\nA B |5\nA |1\nB |2\n")?;
    /// let costs: Vec<u128> = dancing::Solver::new(&problem).best(5).iter().map(|s| s.cost()).collect();
    /// assert_eq!(costs, [3, 5]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best(&mut self, k: usize) -> Vec<CostedSolution> {
        if k == 0 {
            self.front.stats = Default::default();
            return Vec::new();
        }
        if self.front.problem.pricing().is_none() {
            return self.best_of_free(k);
        }
        let pricing = self.front.problem.pricing().expect("a costed problem");
        let arena = self
            .cost_arena
            .take()
            .unwrap_or_else(|| pricing.arena.clone());
        let mut search = CostSearch::new(&self.front.problem, arena, self.fixed_nodes());
        search.set_limits(self.front.limits.clone());
        let mut found: Vec<CostedSolution> = Vec::new();
        let mut events = search.search();
        loop {
            match events.next_event() {
                Event::Solution => {
                    let cost = events.engine.spent();
                    let solution = Solution::from_options(events.solution().to_vec());
                    if keep(&mut found, k, CostedSolution { cost, solution }) {
                        events.engine.lower_threshold(found[k - 1].cost);
                    }
                }
                Event::Heartbeat => {}
                Event::Finished => break,
            }
        }
        drop(events);
        self.front.stats = search.stats();
        self.cost_arena = Some(search.into_arena());
        found
    }

    /// Every option costs 0: the first `k` solutions are as cheap as any.
    fn best_of_free(&mut self, k: usize) -> Vec<CostedSolution> {
        let found: Vec<CostedSolution> = self
            .solutions()
            .take(k)
            .map(|solution| CostedSolution { cost: 0, solution })
            .collect();
        // Stopping after k solutions answered the question in full.
        if self.front.stats.stopped == Some(StopReason::Caller) {
            self.front.stats.stopped = None;
        }
        found
    }
}

/// Puts `candidate` among the `k` cheapest in `found` (kept cheapest first, the earlier
/// found first among equals); returns whether `found` holds `k` solutions, the last of
/// which is the threshold to beat.
pub(crate) fn keep(found: &mut Vec<CostedSolution>, k: usize, candidate: CostedSolution) -> bool {
    let at = found.partition_point(|s| s.cost <= candidate.cost);
    found.insert(at, candidate);
    found.truncate(k);
    found.len() == k
}

#[cfg(test)]
mod tests {
    use crate::split::SplitEngine;
    use crate::{engine::Engine, format, solver::Solver};

    /// A solver of a problem in Knuth's format.
    fn solver_of(text: &str) -> Solver {
        Solver::new(&format::parse_str(text).unwrap())
    }

    #[test]
    fn prefers_the_cheaper_of_two_covers() {
        let problem = format::parse_str("A B C\nA B C |10\nA |3\nB |3\nC |3\nA B |4\n").unwrap();
        let mut solver = Solver::new(&problem);
        let best = solver.min_cost().unwrap();
        assert_eq!(best.cost(), 7);
        let mut rows: Vec<String> = best
            .options()
            .iter()
            .map(|&o| problem.format_option(o))
            .collect();
        rows.sort();
        assert_eq!(rows, ["A B |4", "C |3"]);
        let costs: Vec<u128> = solver.best(10).iter().map(|s| s.cost()).collect();
        assert_eq!(costs, [7, 9, 10]);
        solver.check_integrity().unwrap();
    }

    #[test]
    fn no_solution_gives_none() {
        let mut solver = solver_of("A B\nA |1\nA B |2\n");
        assert_eq!(solver.min_cost().unwrap().cost(), 2);
        let mut solver = solver_of("A B\nA |1\n");
        assert!(solver.min_cost().is_none());
        assert!(solver.stats().is_complete());
        assert!(solver.best(3).is_empty());
        solver.check_integrity().unwrap();
    }

    #[test]
    fn forced_options_count_and_are_restored() {
        let mut solver = solver_of("A B C\nA |1\nA B |5\nB |1\nC |7\nB C |1\n");
        assert_eq!(solver.min_cost().unwrap().cost(), 2);
        solver.force(crate::ids::OptionId::new(1)).unwrap();
        let best = solver.min_cost().unwrap();
        assert_eq!(best.cost(), 12);
        assert_eq!(best.options()[0], crate::ids::OptionId::new(1));
        solver.check_integrity().unwrap();
        solver.release();
        assert_eq!(solver.min_cost().unwrap().cost(), 2);
        solver.check_integrity().unwrap();
    }

    #[test]
    fn uncosted_problems_cost_nothing() {
        let problem = crate::problems::queens(6);
        let mut solver = Solver::new(&problem);
        let all = solver.best(10);
        assert_eq!(all.len(), 4);
        assert!(all.iter().all(|s| s.cost() == 0));
        assert!(solver.stats().is_complete());
    }

    #[test]
    fn node_limit_stops_with_the_best_so_far() {
        let mut solver = solver_of("A B\nA B |5\nA |1\nB |2\n");
        solver.set_limits(crate::limits::Limits {
            max_nodes: Some(1),
            ..Default::default()
        });
        let _ = solver.min_cost();
        assert_eq!(
            solver.stats().stopped,
            Some(crate::limits::StopReason::NodeLimit)
        );
        solver.check_integrity().unwrap();
    }
}
