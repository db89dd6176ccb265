//! Preprocessing: options that no solution can use, found without search.
//!
//! In the spirit of Knuth's DLX-PRE, two rules run to a fixpoint after the caller's
//! fixed options (a sudoku's givens) are chosen:
//!
//! - **forced**: a primary item with one option left must be covered by it;
//! - **domination**: if every remaining option of a primary item `a` also uses item
//!   `b`, then whichever covers `a` uses `b`, so `b`'s other options go. On sudoku this
//!   is locked candidates (pointing and claiming).
//!
//! Every solution of the problem with the fixed options survives, so a solver may run
//! on what is left (a [`Restriction`] of the formula).
//!
//! ```
//! use dancing::{OptionId, reduce::{Reduction, Rules}};
//!
//! // A must take option 0 (its only one), which rules out option 1 (it also has B),
//! // which leaves C only option 2.
//! let problem = dancing::format::parse_str("A B C\nA B\nB C\nC\n")?;
//! let reduction = Reduction::new(&problem, &[], Rules::default());
//! assert_eq!(reduction.forced(), [OptionId::new(0), OptionId::new(2)]);
//! assert_eq!(reduction.live_count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cnf::Restriction;
use crate::{ids::ColorId, ids::OptionId, problem::Problem};

/// Which rules to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Choose the option of a primary item that has only one left.
    pub forced: bool,
    /// Remove the options that a primary item's options all rule out.
    pub domination: bool,
}

impl Default for Rules {
    /// Both rules.
    fn default() -> Self {
        Self {
            forced: true,
            domination: true,
        }
    }
}

impl Rules {
    /// No rule: only the fixed options and what they rule out directly.
    pub fn none() -> Self {
        Self {
            forced: false,
            domination: false,
        }
    }
}

/// What the rules found: the options chosen, the ones removed, and whether a primary
/// item was left with no option (then the problem has no solution).
#[derive(Debug, Clone)]
pub struct Reduction {
    forced: Vec<OptionId>,
    removed: Vec<bool>,
    infeasible: bool,
    /// Options removed by the domination rule.
    dominated: usize,
}

/// The working tables of a reduction.
struct State<'a> {
    problem: &'a Problem,
    option_items: Vec<Vec<(usize, Option<ColorId>)>>,
    item_options: Vec<Vec<usize>>,
    live: Vec<bool>,
    /// The options chosen so far.
    chosen: Vec<bool>,
    live_count: Vec<usize>,
    covered: Vec<bool>,
    /// Primary items down to one option, to be checked by the forced rule.
    queue: Vec<usize>,
    result: Reduction,
    rules: Rules,
}

impl Reduction {
    /// Chooses `fixed`, then applies `rules` to a fixpoint.
    ///
    /// # Panics
    /// If an id in `fixed` is not an option of `problem`, or if the problem has
    /// multiplicities ([`Problem::has_bounds`]): the rules assume exact cover.
    pub fn new(problem: &Problem, fixed: &[OptionId], rules: Rules) -> Self {
        assert!(
            !problem.has_bounds(),
            "preprocessing does not apply to a problem with multiplicities"
        );
        let mut state = State::new(problem, rules);
        for &option in fixed {
            state.choose(option.index());
        }
        state.run();
        state.result
    }

    /// The options chosen, the fixed ones included, in the order they were chosen.
    pub fn forced(&self) -> &[OptionId] {
        &self.forced
    }

    /// `removed()[k]`: option `k` is in no solution that contains the chosen options.
    pub fn removed(&self) -> &[bool] {
        &self.removed
    }

    /// Whether a primary item has no option left: the problem has no solution.
    pub fn is_infeasible(&self) -> bool {
        self.infeasible
    }

    /// Number of options not removed (the chosen ones included).
    pub fn live_count(&self) -> usize {
        self.removed.iter().filter(|&&r| !r).count()
    }

    /// Number of options removed by the domination rule.
    pub fn dominated_count(&self) -> usize {
        self.dominated
    }

    /// The reduction as a restriction of the problem's formula.
    pub fn restriction(&self) -> Restriction<'_> {
        Restriction {
            forced: &self.forced,
            removed: &self.removed,
        }
    }
}

impl<'a> State<'a> {
    fn new(problem: &'a Problem, rules: Rules) -> Self {
        let options = problem.option_count();
        let mut option_items = Vec::with_capacity(options);
        let mut item_options = vec![Vec::new(); problem.item_count()];
        let mut live_count = vec![0; problem.item_count()];
        for option in problem.options() {
            let items: Vec<_> = problem
                .option_items(option)
                .map(|(i, c)| (i.index(), c))
                .collect();
            for &(item, _) in &items {
                item_options[item].push(option.index());
                live_count[item] += 1;
            }
            option_items.push(items);
        }
        let mut state = Self {
            problem,
            option_items,
            item_options,
            live: vec![true; options],
            chosen: vec![false; options],
            live_count,
            covered: vec![false; problem.item_count()],
            queue: Vec::new(),
            result: Reduction {
                forced: Vec::new(),
                removed: vec![false; options],
                infeasible: false,
                dominated: 0,
            },
            rules,
        };
        for item in problem.items().filter(|&i| problem.is_primary(i)) {
            match state.live_count[item.index()] {
                0 => state.result.infeasible = true,
                1 => state.queue.push(item.index()),
                _ => {}
            }
        }
        state
    }

    fn is_primary(&self, item: usize) -> bool {
        self.problem.is_primary(crate::ids::ItemId::new(item))
    }

    /// Puts `option` in the solution and removes every option it rules out. Choosing
    /// it again changes nothing.
    fn choose(&mut self, option: usize) {
        if self.chosen[option] {
            return;
        }
        if !self.live[option] {
            self.result.infeasible = true;
            return;
        }
        self.chosen[option] = true;
        self.result.forced.push(OptionId::new(option));
        for k in 0..self.option_items[option].len() {
            let (item, color) = self.option_items[option][k];
            self.covered[item] = true;
            let shares = |other: Option<ColorId>| color.is_some() && other == color;
            for j in 0..self.item_options[item].len() {
                let other = self.item_options[item][j];
                if other == option || !self.live[other] {
                    continue;
                }
                let other_color = self.option_items[other]
                    .iter()
                    .find(|e| e.0 == item)
                    .and_then(|e| e.1);
                if self.is_primary(item) || !shares(other_color) {
                    self.remove(other);
                }
            }
        }
    }

    fn remove(&mut self, option: usize) {
        self.live[option] = false;
        self.result.removed[option] = true;
        for k in 0..self.option_items[option].len() {
            let item = self.option_items[option][k].0;
            self.live_count[item] -= 1;
            if self.covered[item] || !self.is_primary(item) {
                continue;
            }
            match self.live_count[item] {
                0 => self.result.infeasible = true,
                1 => self.queue.push(item),
                _ => {}
            }
        }
    }

    fn run(&mut self) {
        let mut count = vec![0usize; self.problem.item_count()];
        let mut touched = Vec::new();
        while !self.result.infeasible {
            if self.rules.forced {
                while let Some(item) = self.queue.pop() {
                    if self.result.infeasible {
                        return;
                    }
                    if self.covered[item] || self.live_count[item] != 1 {
                        continue;
                    }
                    let only = self.item_options[item]
                        .iter()
                        .copied()
                        .find(|&o| self.live[o]);
                    self.choose(only.expect("one live option"));
                }
            }
            if !self.rules.domination
                || self.result.infeasible
                || !self.dominate(&mut count, &mut touched)
            {
                return;
            }
        }
    }

    /// One pass of the domination rule over every uncovered primary item; whether it
    /// removed anything.
    fn dominate(&mut self, count: &mut [usize], touched: &mut Vec<usize>) -> bool {
        let mut changed = false;
        for a in 0..self.item_options.len() {
            if self.covered[a] || !self.is_primary(a) || self.live_count[a] < 2 {
                continue;
            }
            // How many of a's options use each other item, uncolored.
            for &o in &self.item_options[a] {
                if !self.live[o] {
                    continue;
                }
                for &(b, color) in &self.option_items[o] {
                    if b != a && color.is_none() {
                        if count[b] == 0 {
                            touched.push(b);
                        }
                        count[b] += 1;
                    }
                }
            }
            for &b in touched.iter() {
                if count[b] != self.live_count[a] {
                    continue;
                }
                for j in 0..self.item_options[b].len() {
                    let o = self.item_options[b][j];
                    if self.live[o] && !self.option_items[o].iter().any(|e| e.0 == a) {
                        self.remove(o);
                        self.result.dominated += 1;
                        changed = true;
                    }
                }
            }
            for &b in touched.iter() {
                count[b] = 0;
            }
            touched.clear();
            if self.result.infeasible {
                return false;
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;

    /// Every solution survives, on problems with many: the reduced problem's solutions
    /// (fixed options chosen) are exactly the original's that contain them.
    #[test]
    fn solutions_survive() {
        let problem = crate::problems::queens(6);
        let all: Vec<Vec<OptionId>> = crate::solver::Solver::new(&problem)
            .solutions()
            .map(|s| s.options().to_vec())
            .collect();
        for fixed_option in problem.options().step_by(5) {
            let reduction = Reduction::new(&problem, &[fixed_option], Rules::default());
            for solution in all.iter().filter(|s| s.contains(&fixed_option)) {
                for o in solution {
                    assert!(
                        !reduction.removed()[o.index()],
                        "{o} of {solution:?} removed"
                    );
                }
                for o in reduction.forced() {
                    assert!(solution.contains(o));
                }
            }
            let any = all.iter().any(|s| s.contains(&fixed_option));
            if reduction.is_infeasible() {
                assert!(!any);
            }
        }
    }

    #[test]
    fn domination_removes_what_the_item_rules_out() {
        // Both options of A use B, so B's option without A goes.
        let problem = crate::format::parse_str("A B C\nA B\nA B C\nB C\nC\n").unwrap();
        let reduction = Reduction::new(
            &problem,
            &[],
            Rules {
                forced: false,
                domination: true,
            },
        );
        assert_eq!(reduction.removed(), [false, false, true, false]);
        assert_eq!(reduction.dominated_count(), 1);
        let none = Reduction::new(&problem, &[], Rules::none());
        assert_eq!(none.live_count(), 4);
    }

    #[test]
    fn an_item_left_bare_is_infeasible() {
        let problem = crate::format::parse_str("A B\nA B\nA\n").unwrap();
        let reduction = Reduction::new(&problem, &[OptionId::new(1)], Rules::default());
        assert!(reduction.is_infeasible());
    }
}
