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
//! The loop is iterative, like [`Solver`]'s, and restores the links exactly.

use std::mem;
use std::time::Instant;

use crate::arena::Arena;
use crate::engine::Engine;
use crate::ids::{Header, OptionId};
use crate::problem::{Pricing, Problem};
use crate::solution::Solution;
use crate::solver::Solver;
use crate::stats::StopReason;

/// A solution with its total cost, from [`Solver::min_cost`] and [`Solver::best`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CostedSolution {
    cost: u128,
    solution: Solution,
}

impl CostedSolution {
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

/// Where the branch-and-bound loop goes next.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// X2: enter the current level.
    Enter,
    /// X5: try the first viable option of `item`'s list from node `x` on (`x == item`
    /// when the list is exhausted).
    Try { item: u32, x: u32 },
    /// X8 then X6: leave the current level and move on to the next option one level up.
    Leave,
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
        if self.front.problem.has_colors() {
            self.branch_and_bound::<true>(k)
        } else {
            self.branch_and_bound::<false>(k)
        }
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

    fn branch_and_bound<const COLORS: bool>(&mut self, k: usize) -> Vec<CostedSolution> {
        let problem: Problem = self.front.problem.clone();
        let pricing: &Pricing = problem.pricing().expect("a costed problem");
        let primary = problem.primary();
        let (key, cost) = (&pricing.key, &pricing.cost);
        let mut arena: Arena = self
            .cost_arena
            .take()
            .unwrap_or_else(|| pricing.arena.clone());
        let mut choice = mem::take(&mut self.choice);
        self.front.stats = Default::default();
        self.front.started = Some(Instant::now());

        let scale = Pricing::SCALE;
        let base = self.base;
        let mut updates = 0u64;
        let mut nodes = 0u64;
        let mut spent = 0u128;
        for &x in &choice[..base] {
            updates += arena.select::<COLORS>(x);
            spent += u128::from(cost[x as usize]);
        }
        let mut next_check = self.limits().next_check(0);
        // Per level: the sum of the minima of the active primary items other than the
        // chosen one, after it was covered, and how many of them had an empty list.
        let mut rest = vec![(0u128, 0u32); choice.len()];
        let mut found: Vec<CostedSolution> = Vec::new();
        let mut threshold = u128::MAX;
        let mut stopped = None;
        let mut level = base;
        let mut step = Step::Enter;

        loop {
            match step {
                // X2: enter level `level`.
                Step::Enter => {
                    if nodes >= next_check {
                        self.front.stats.nodes = nodes;
                        if let Some(reason) = self.limit_reached() {
                            stopped = Some(reason);
                            break;
                        }
                        next_check = self.limits().next_check(nodes);
                    }
                    nodes += 1;
                    // X3: minimum remaining values, summing the bound on the way.
                    let mut i = arena.items()[0].next;
                    if i == 0 {
                        if spent < threshold {
                            let options = choice[..level]
                                .iter()
                                .map(|&x| problem.option_of_node(x))
                                .collect();
                            let cost = spent;
                            let at = found.partition_point(|s| s.cost <= cost);
                            found.insert(
                                at,
                                CostedSolution {
                                    cost,
                                    solution: Solution::from_options(options),
                                },
                            );
                            found.truncate(k);
                            if found.len() == k {
                                threshold = found[k - 1].cost;
                            }
                            self.front.stats.solutions += 1;
                        }
                        step = Step::Leave;
                        continue;
                    }
                    let mut best = i;
                    let mut best_len = u32::MAX;
                    let mut bound = 0u128;
                    while i != 0 {
                        let len = arena.nodes()[i as usize].top;
                        if len < best_len {
                            best = i;
                            best_len = len;
                            if len == 0 {
                                break;
                            }
                        }
                        bound += u128::from(key[arena.nodes()[i as usize].down as usize]);
                        i = arena.items()[i as usize].next;
                    }
                    if best_len == 0 || spent + bound.div_ceil(scale) >= threshold {
                        step = Step::Leave;
                        continue;
                    }
                    // X4: cover the item, then take stock of the items left.
                    updates += arena.cover::<COLORS, false>(best);
                    let mut sum = 0u128;
                    let mut empty = 0u32;
                    let mut j = arena.items()[0].next;
                    while j != 0 {
                        let head = arena.nodes()[j as usize].down;
                        if head == j {
                            empty += 1;
                        } else {
                            sum += u128::from(key[head as usize]);
                        }
                        j = arena.items()[j as usize].next;
                    }
                    rest[level] = (sum, empty);
                    step = Step::Try {
                        item: best,
                        x: arena.nodes()[best as usize].down,
                    };
                }
                Step::Try { item, mut x } => {
                    let (sum, empty) = rest[level];
                    while x != item {
                        // The child's bound: this option's cost plus the minima of the
                        // active items it leaves uncovered.
                        let mut inside = 0u128;
                        let mut emptied = 0u32;
                        let mut p = x + 1;
                        while p != x {
                            let j = arena.nodes()[p as usize].top;
                            if j == 0 {
                                p = arena.nodes()[p as usize].up;
                                continue;
                            }
                            if primary[Header::new(j)] {
                                let head = arena.nodes()[j as usize].down;
                                if head == j {
                                    emptied += 1;
                                } else {
                                    inside += u128::from(key[head as usize]);
                                }
                            }
                            p += 1;
                        }
                        let outside = sum.saturating_sub(inside).div_ceil(scale);
                        let price = spent + u128::from(cost[x as usize]);
                        if emptied == empty && price + outside < threshold {
                            break;
                        }
                        x = arena.nodes()[x as usize].down;
                    }
                    if x == item {
                        // X7: no option of this item can lead to a cheaper solution.
                        arena.uncover::<COLORS>(item);
                        step = Step::Leave;
                    } else {
                        // X5: try x.
                        updates += arena.commit_others::<COLORS, false>(x);
                        spent += u128::from(cost[x as usize]);
                        choice[level] = x;
                        level += 1;
                        step = Step::Enter;
                    }
                }
                // X8, then X6 one level up.
                Step::Leave => {
                    if level == base {
                        break;
                    }
                    level -= 1;
                    let x = choice[level];
                    arena.uncommit_others::<COLORS>(x);
                    spent -= u128::from(cost[x as usize]);
                    step = Step::Try {
                        item: arena.nodes()[x as usize].top,
                        x: arena.nodes()[x as usize].down,
                    };
                }
            }
        }

        // Undo the levels of an interrupted search, then the fixed options.
        while level > base {
            level -= 1;
            arena.deselect::<COLORS>(choice[level]);
        }
        for &x in choice[..base].iter().rev() {
            arena.deselect::<COLORS>(x);
        }
        self.cost_arena = Some(arena);
        self.choice = choice;
        self.front.stats.nodes = nodes;
        self.front.stats.updates = updates;
        self.front.stats.stopped = stopped;
        if let Some(started) = self.front.started.take() {
            self.front.stats.elapsed = started.elapsed();
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use crate::split::SplitEngine;
    use crate::{Engine, Solver, format};

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
        solver.force(crate::OptionId::new(1)).unwrap();
        let best = solver.min_cost().unwrap();
        assert_eq!(best.cost(), 12);
        assert_eq!(best.options()[0], crate::OptionId::new(1));
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
        solver.set_limits(crate::Limits {
            max_nodes: Some(1),
            ..Default::default()
        });
        let _ = solver.min_cost();
        assert_eq!(solver.stats().stopped, Some(crate::StopReason::NodeLimit));
        solver.check_integrity().unwrap();
    }
}
