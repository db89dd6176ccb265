//! The cheapest solutions, read off the diagram: the `k` shortest paths from the root
//! to the top sink, an option's cost on each `hi` edge. One pass up the nodes keeps,
//! for each, the `k` cheapest ways down from it (merging its two sides' lists); the
//! answers are then traced down from the root. No branch and bound, so no search tree
//! to prune: where the plain search's bound is weak, this is the faster way.

use super::Node;
use super::search::TOP;
use super::zdd::Zdd;
use crate::cost::CostedSolution;
use crate::ids::OptionId;
use crate::limits::{Clock, Limits, StopReason};
use crate::problem::Problem;
use crate::solution::Solution;
use crate::stats::{Stats, Stopped};

/// One of a node's cheapest ways down: its cost, the side it takes, and which of that
/// side's ways it continues with.
#[derive(Debug, Clone, Copy)]
struct Way {
    cost: u128,
    hi: bool,
    next: u32,
}

impl Zdd {
    /// The `k` cheapest solutions, cheapest first (fewer when there are fewer), each
    /// option costing what it costs in `problem`, the problem the diagram was built
    /// from. Among solutions of equal cost those listed first by
    /// [`solutions`](Self::solutions) come first. The costs are those the links engine's
    /// [`best`](crate::Solver::best) finds; this needs no search, only a pass over the
    /// nodes.
    ///
    /// `limits` bound the pass (the timeout from this call, the node limit counting
    /// nodes).
    ///
    /// # Errors
    /// [`Stopped`] with [`StopReason::Memory`] when the `k` ways kept for every node
    /// would pass the memory bound the diagram was built with, or with the limit that
    /// stopped the pass.
    ///
    /// ```
    /// use dancing::{Limits, Memo, Solver};
    ///
    /// let problem = dancing::format::parse_str("A B\nA |3\nB |4\nA B |5\n")?;
    /// let zdd = Memo::new(&problem).build()?;
    /// let best = zdd.best(&problem, 2, &Limits::none())?;
    /// let costs: Vec<u128> = best.iter().map(|s| s.cost()).collect();
    /// assert_eq!(costs, [5, 7]);
    /// assert_eq!(Solver::new(&problem).min_cost().unwrap().cost(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best(
        &self,
        problem: &Problem,
        k: usize,
        limits: &Limits,
    ) -> Result<Vec<CostedSolution>, Stopped> {
        let nodes = self.nodes();
        if k == 0 || self.root() < TOP {
            return Ok(Vec::new());
        }
        let kept = k.min(usize::try_from(self.count_u128().unwrap_or(u128::MAX)).unwrap_or(k));
        let bytes = (nodes.len() as u64)
            .saturating_mul(kept as u64)
            .saturating_mul(size_of::<Way>() as u64)
            .saturating_add(self.held_bytes());
        if bytes > self.max_memory() {
            return Err(Stopped::new(StopReason::Memory, Stats::default()));
        }
        // The ways of node n: ways[starts[n]..starts[n + 1]], cheapest first.
        let mut starts = vec![0usize, 0, 1];
        let mut ways = vec![Way {
            cost: 0,
            hi: false,
            next: 0,
        }];
        let mut merged = Vec::with_capacity(kept);
        let mut clock = Clock::new(limits);
        for &Node { option, lo, hi } in &nodes[2..] {
            if let Some(reason) = clock.tick() {
                let done = Stats {
                    nodes: starts.len() as u64 - 3,
                    ..Stats::default()
                };
                return Err(Stopped::new(reason, done));
            }
            let cost = u128::from(problem.option_cost(OptionId::new(option as usize)));
            let side = |at: u32| &ways[starts[at as usize]..starts[at as usize + 1]];
            let (low, high) = (side(lo), side(hi));
            let (mut i, mut j) = (0, 0);
            merged.clear();
            while merged.len() < kept && (i < low.len() || j < high.len()) {
                // The `hi` side first on a tie: the listing's order.
                let take_high =
                    j < high.len() && (i == low.len() || high[j].cost + cost <= low[i].cost);
                merged.push(if take_high {
                    j += 1;
                    Way {
                        cost: high[j - 1].cost + cost,
                        hi: true,
                        next: (j - 1) as u32,
                    }
                } else {
                    i += 1;
                    Way {
                        cost: low[i - 1].cost,
                        hi: false,
                        next: (i - 1) as u32,
                    }
                });
            }
            ways.extend_from_slice(&merged);
            starts.push(ways.len());
        }
        let root = self.root() as usize;
        let answers = (0..starts[root + 1] - starts[root]).map(|rank| {
            let (mut at, mut index) = (root, rank);
            let mut chosen = Vec::new();
            let total = ways[starts[root] + rank].cost;
            while at > TOP as usize {
                let way = ways[starts[at] + index];
                let node = nodes[at];
                index = way.next as usize;
                at = if way.hi {
                    chosen.push(OptionId::new(node.option as usize));
                    node.hi as usize
                } else {
                    node.lo as usize
                };
            }
            CostedSolution::new(total, Solution::from_options(chosen))
        });
        Ok(answers.collect())
    }

    /// The cheapest solution ([`best`](Self::best) of one), `None` when there is none.
    ///
    /// # Errors
    /// As [`best`](Self::best).
    pub fn min_cost(
        &self,
        problem: &Problem,
        limits: &Limits,
    ) -> Result<Option<CostedSolution>, Stopped> {
        Ok(self.best(problem, 1, limits)?.pop())
    }
}
