//! A solution of an exact-cover search: the options chosen.

use crate::ids::OptionId;

/// A solution: the chosen options, fixed ones first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Solution {
    options: Vec<OptionId>,
}

impl Solution {
    /// The chosen options in the order the search chose them: the fixed ones (forced
    /// or from a prefix) first, then one per level of the search tree. For the order of
    /// the input, see [`sorted_options`](Self::sorted_options).
    pub fn options(&self) -> &[OptionId] {
        &self.options
    }

    /// The chosen options in the order of the input (by [`OptionId`], which numbers the
    /// options as they were added), as `dancing xc` prints them.
    ///
    /// ```
    /// use dancing::{Engine, Problem, Solver};
    ///
    /// let mut b = Problem::builder();
    /// for item in ["a", "b"] { b.primary(item)?; }
    /// b.option_named(["a"])?;
    /// b.option_named(["b"])?;
    /// let problem = b.build()?;
    /// let solution = Solver::new(&problem).first().expect("one solution");
    /// let ids: Vec<usize> = solution.sorted_options().iter().map(|o| o.index()).collect();
    /// assert_eq!(ids, [0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sorted_options(&self) -> Vec<OptionId> {
        let mut options = self.options.clone();
        options.sort_unstable();
        options
    }

    /// Consumes the solution, returning the chosen options.
    pub fn into_options(self) -> Vec<OptionId> {
        self.options
    }

    /// A solution made of these options.
    pub(crate) fn from_options(options: Vec<OptionId>) -> Self {
        Self { options }
    }
}
