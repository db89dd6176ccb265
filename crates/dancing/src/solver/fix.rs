//! Fixing options before a search: forcing them outright, descending one branch of the
//! search tree, and releasing them again.

use super::{Branching, Solver};
use crate::arena::Marks;
use crate::engine::INSIDE;
use crate::error::ForceError;
use crate::ids::{Header, OptionId};
use crate::problem::Problem;
use crate::split::{Branches, SplitEngine};

impl SplitEngine for Solver {
    fn new(problem: &Problem) -> Self {
        Solver::new(problem)
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        self.check_available(option)?;
        // Select through a primary node, as the search would.
        let mut x = self.front.problem.first_node(option);
        while !self.front.problem.primary()[Header::new(self.arena.nodes()[x as usize].top)] {
            x += 1;
        }
        self.fix(x);
        self.forced += 1;
        Ok(())
    }

    fn descend(&mut self, option: OptionId) -> Result<(), ForceError> {
        // An available option has an active primary item, so the search has an item to
        // branch on.
        self.check_available(option)?;
        let i = self
            .arena
            .choose_item(self.branching.good_enough())
            .expect("an available option leaves a primary item to choose");
        let option_nodes = self.front.problem.option_nodes(option);
        let nodes = self.arena.nodes();
        let x = option_nodes
            .clone()
            .find(|&p| nodes[p as usize].top == i)
            .or_else(|| {
                // FirstForced takes whichever forced move it noted first, so its branch
                // may go through any item whose only option left is this one.
                let primary = self.front.problem.primary();
                (self.branching == Branching::FirstForced)
                    .then(|| {
                        option_nodes.clone().find(|&p| {
                            let j = nodes[p as usize].top;
                            primary[Header::new(j)] && self.arena.len(j) == 1
                        })
                    })
                    .flatten()
            })
            .ok_or(ForceError::NotOnPath {
                option: option.index(),
                item: Header::new(i).item(),
            })?;
        self.fix(x);
        Ok(())
    }

    // Also undoes `set_forced`, by copying the links as built.
    fn release(&mut self) {
        self.forced = 0;
        self.truncate_fixed(INSIDE, self.relinked);
        if self.relinked > 0 {
            self.arena.restore(self.front.problem.arena());
            self.notes.clear();
            self.relinked = 0;
            self.base = 0;
        }
    }

    fn fixed(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        self.choice[..self.base]
            .iter()
            .map(|&x| self.front.problem.option_of_node(x))
    }

    fn is_solved_by_fixed(&self) -> bool {
        self.arena.choose_item(0).is_none()
    }
}

impl Solver {
    /// Fails with [`ForceError::OutOfRange`] if `option` is not one of the problem's, and
    /// with [`ForceError::Conflict`] if it is not [available](Self::is_available).
    fn check_available(&self, option: OptionId) -> Result<(), ForceError> {
        ForceError::check(option, self.front.problem.option_count(), |o| {
            self.is_available(o)
        })
    }

    /// Whether `option` can still be part of a solution given the fixed options: none of
    /// its items is covered, and none of its nodes was hidden by a conflict. Without
    /// colors a node is hidden only when another item of its option is covered, so the
    /// items tell it all (and the links of hidden nodes are never read: after
    /// [`set_forced`](Self::set_forced) they are stale).
    fn is_available(&self, option: OptionId) -> bool {
        let colors = self.front.problem.has_colors();
        self.front.problem.option_nodes(option).all(|p| {
            self.arena.is_active(self.arena.nodes()[p as usize].top)
                && (!colors || self.arena.is_linked(p))
        })
    }

    /// The nodes of the fixed options, in the order they were fixed.
    pub(crate) fn fixed_nodes(&self) -> &[u32] {
        &self.choice[..self.base]
    }

    pub(super) fn fix(&mut self, x: u32) {
        // Outside the X loop: the lists change unseen by its scans.
        self.notes.forget_scans();
        if self.front.problem.has_colors() {
            self.arena.select::<true>(x);
        } else {
            self.arena.select::<false>(x);
        }
        self.choice[self.base] = x;
        self.base += 1;
    }

    /// Replaces the fixed options by `options`: the same as [`release`](Self::release)
    /// followed by [`force`](Self::force) of each in turn, and the same searches after it.
    ///
    /// Instead of covering item after item, this relinks the whole matrix from the
    /// problem as built, in one pass over the lists of the items left, and needs no
    /// release before the next call: its cost does not grow with how much the options
    /// rule out. It pays off when many options are forced into a problem many times
    /// over, as sudoku givens are. Problems with colors fall back to release and force.
    ///
    /// Fails if an option is out of range or clashes with an earlier one; nothing is
    /// fixed then. Allocation-free after the first call.
    ///
    /// ```
    /// use dancing::{Engine, Problem, Solver, SplitEngine};
    ///
    /// let mut builder = Problem::builder();
    /// let [a, b, c] = ["a", "b", "c"].map(|name| builder.primary(name).unwrap());
    /// let ab = builder.option([a, b])?;
    /// let c_only = builder.option([c])?;
    /// let a_only = builder.option([a])?;
    /// let bc = builder.option([b, c])?;
    /// let mut solver = Solver::new(&builder.build()?);
    ///
    /// solver.set_forced([c_only])?;
    /// assert_eq!(solver.count(), 1); // with `ab`
    /// solver.set_forced([a_only])?;
    /// assert_eq!(solver.count(), 1); // with `bc`
    /// assert!(solver.set_forced([ab, bc]).is_err());
    /// assert_eq!(solver.count(), 2); // nothing fixed
    /// solver.release();
    /// assert!(solver.check_integrity().is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_forced(
        &mut self,
        options: impl IntoIterator<Item = OptionId>,
    ) -> Result<(), ForceError> {
        if self.front.problem.has_colors() {
            self.release();
            for option in options {
                if let Err(error) = self.force(option) {
                    self.release();
                    return Err(error);
                }
            }
            return Ok(());
        }
        let problem = &self.front.problem;
        let columns = problem.columns();
        let option_first = problem.option_first();
        let option_count = option_first.len() - 1;
        let marks = self
            .marks
            .get_or_insert_with(|| Marks::new(problem.item_count(), option_count));
        marks.start();
        let nodes = problem.arena().nodes();
        let mut fixed = 0;
        let mut failure = None;
        'options: for option in options {
            let k = option.index();
            if k >= option_count {
                failure = Some(ForceError::OutOfRange {
                    option: k,
                    options: option_count,
                });
                break;
            }
            let (first, end) = (option_first[k], option_first[k + 1] - 1);
            let mut chosen = None;
            for p in first..end {
                let item = nodes[p as usize].top;
                if !marks.cover(item as usize, columns) {
                    failure = Some(ForceError::Conflict { option: k });
                    break 'options;
                }
                if chosen.is_none() && problem.primary()[Header::new(item)] {
                    chosen = Some(p);
                }
            }
            // Every option has a primary item: the builder refuses one without.
            self.choice[fixed] = chosen.expect("an option has a primary item");
            fixed += 1;
        }
        if failure.is_some() {
            // Nothing fixed: the links as built.
            marks.start();
            fixed = 0;
        }
        self.arena.relink(columns, marks, problem.primary());
        self.notes.clear();
        self.relinked = fixed;
        self.base = fixed;
        self.forced = fixed;
        failure.map_or(Ok(()), Err)
    }
}
