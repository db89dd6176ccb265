//! The order in which the memoized search takes the primary items.
//!
//! The search always covers the first open item of the order next, so the items still
//! open after the first one are those that options reaching back have closed: a window
//! as wide as the order's *frontier* (the most items ahead of a position that share an
//! option with an item at or before it). The memo's keys are the sets of open items, so
//! there are at most about `positions × 2^frontier` of them. A board whose cells are
//! declared row by row along its long side has a frontier as wide as that side; the
//! Cuthill–McKee order (breadth first from an end of the item graph, fewest neighbours
//! first) goes across the short side instead. The search takes the narrower of the two.

use super::lists::Lists;
use crate::problem::Problem;

/// How the memoized search picks the item to cover next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
#[non_exhaustive]
pub enum MemoOrder {
    /// [`Frontier`](Self::Frontier) when its frontier is narrow for the problem's size
    /// (at most √(2·primary items): a board's width), else [`Mrv`](Self::Mrv). The
    /// default.
    #[default]
    Auto,
    /// The first open item of a fixed order: the declared order or the Cuthill–McKee
    /// order, whichever has the narrower frontier.
    Frontier,
    /// The first open item in the declared order.
    Declared,
    /// The open item with the fewest options left (Knuth's MRV heuristic, as DLX6
    /// uses it): fewer nodes per state, but the states seldom repeat on boards.
    Mrv,
}

impl MemoOrder {
    /// Every order, in the order of the help.
    pub const ALL: [Self; 4] = [Self::Auto, Self::Frontier, Self::Declared, Self::Mrv];

    /// Its word: `auto`, `frontier`, `declared` or `mrv`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Frontier => "frontier",
            Self::Declared => "declared",
            Self::Mrv => "mrv",
        }
    }

    /// What it does, in a line (the command line's help lists it).
    pub fn description(self) -> &'static str {
        match self {
            Self::Auto => "`frontier` when its frontier is narrow, else `mrv`",
            Self::Frontier => {
                "The declared or the Cuthill–McKee order, whichever has the narrower frontier"
            }
            Self::Declared => "The first open item as declared",
            Self::Mrv => "The item with the fewest options left",
        }
    }
}

crate::names::named!(MemoOrder, "memo order");

/// The primary items in search order (as indices into the problem's items), and the
/// order resolved: [`MemoOrder::Auto`] becomes the one it picks.
pub(super) fn primary_order(problem: &Problem, order: MemoOrder) -> (Vec<usize>, MemoOrder) {
    let declared: Vec<usize> = problem
        .items()
        .filter(|&i| problem.is_primary(i))
        .map(|i| i.index())
        .collect();
    if matches!(order, MemoOrder::Declared | MemoOrder::Mrv) || declared.len() < 3 {
        let order = if order == MemoOrder::Auto {
            MemoOrder::Declared
        } else {
            order
        };
        return (declared, order);
    }
    let graph = Graph::new(problem);
    let cuthill_mckee = graph.cuthill_mckee(&declared);
    let (best, frontier) = [declared, cuthill_mckee]
        .into_iter()
        .map(|order| {
            let frontier = graph.frontier(&order);
            (order, frontier)
        })
        .min_by_key(|(_, frontier)| *frontier)
        .expect("two orders");
    if order == MemoOrder::Auto && frontier * frontier > 2 * best.len() {
        return (best, MemoOrder::Mrv);
    }
    (best, MemoOrder::Frontier)
}

/// The primary items and the options that join them.
struct Graph {
    /// The primary items of each option.
    options: Lists,
    /// The options of each item (empty for a secondary one).
    of_item: Lists,
}

impl Graph {
    fn new(problem: &Problem) -> Self {
        let pairs = || {
            problem.options().flat_map(move |o| {
                problem
                    .option_items(o)
                    .filter(|&(i, _)| problem.is_primary(i))
                    .map(move |(i, _)| (o.index(), i.index() as u32))
            })
        };
        let options = Lists::from_pairs(problem.option_count(), pairs);
        let of_item = Lists::from_pairs(problem.item_count(), || {
            pairs().map(|(o, i)| (i as usize, o as u32))
        });
        Self { options, of_item }
    }

    /// The most items ahead of a position that an option joins to an item at or
    /// before it.
    fn frontier(&self, order: &[usize]) -> usize {
        let mut pos = vec![usize::MAX; self.of_item.len()];
        for (k, &i) in order.iter().enumerate() {
            pos[i] = k;
        }
        // Item `i` is ahead and joined from position `first[i]` until its own.
        let mut delta = vec![0i64; order.len() + 1];
        for &i in order {
            let first = self
                .of_item
                .get(i)
                .iter()
                .flat_map(|&o| {
                    self.options
                        .get(o as usize)
                        .iter()
                        .map(|&j| pos[j as usize])
                })
                .min()
                .unwrap_or(pos[i]);
            if first < pos[i] {
                delta[first] += 1;
                delta[pos[i]] -= 1;
            }
        }
        let (mut open, mut most) = (0i64, 0i64);
        for d in delta {
            open += d;
            most = most.max(open);
        }
        most as usize
    }

    /// Breadth first from a far end of each connected part, neighbours with fewer
    /// options first.
    fn cuthill_mckee(&self, declared: &[usize]) -> Vec<usize> {
        let degree = |i: usize| self.of_item.get(i).len();
        let mut order = Vec::with_capacity(declared.len());
        let mut seen = vec![false; self.of_item.len()];
        // Marks for the probe from each part's first item, cleared after each part: one
        // vector for all the parts (a problem may have a million of them).
        let mut probe = vec![false; self.of_item.len()];
        for &start in declared {
            if seen[start] {
                continue;
            }
            // The last item reached from `start` is at an end of its part.
            let part = self.breadth_first(start, &mut probe, degree);
            let far = *part.last().unwrap_or(&start);
            for &i in &part {
                probe[i] = false;
            }
            order.extend(self.breadth_first(far, &mut seen, degree));
        }
        order
    }

    /// The items reached from `start`, breadth first, marking them in `seen`.
    fn breadth_first(
        &self,
        start: usize,
        seen: &mut [bool],
        degree: impl Fn(usize) -> usize,
    ) -> Vec<usize> {
        let mut order = vec![start];
        seen[start] = true;
        let mut next = Vec::new();
        let mut k = 0;
        while k < order.len() {
            let i = order[k];
            k += 1;
            next.clear();
            for &o in self.of_item.get(i) {
                for &j in self.options.get(o as usize) {
                    let j = j as usize;
                    if !seen[j] {
                        seen[j] = true;
                        next.push(j);
                    }
                }
            }
            next.sort_by_key(|&j| (degree(j), j));
            order.extend_from_slice(&next);
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems;

    #[test]
    fn a_long_board_is_taken_across_its_short_side() {
        // 30 wide and 4 tall, declared row by row: a frontier of 30 cells that way.
        let problem = problems::dominoes(30, 4);
        let graph = Graph::new(&problem);
        let (declared, _) = primary_order(&problem, MemoOrder::Declared);
        assert_eq!(graph.frontier(&declared), 30);
        let (chosen, order) = primary_order(&problem, MemoOrder::Auto);
        assert_eq!(order, MemoOrder::Frontier);
        assert!(graph.frontier(&chosen) <= 8, "{}", graph.frontier(&chosen));
        let mut sorted = chosen.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, declared);
    }

    #[test]
    fn pieces_that_reach_every_cell_are_searched_by_mrv() {
        // Each pentomino's item shares options with every cell: no narrow frontier.
        let (_, order) = primary_order(&problems::pentominoes(10, 6), MemoOrder::Auto);
        assert_eq!(order, MemoOrder::Mrv);
    }
}
