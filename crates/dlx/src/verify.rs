//! The check that a set of options is an exact cover, independent of any search.
//!
//! Solvers outside the dancing links (a SAT solver, a user's own) return options; this is
//! how their answers are verified before anyone sees them.

use std::fmt;

use crate::{ColorId, ItemId, OptionId, Problem};

/// Why a set of options is not an exact cover of a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CoverError {
    /// An option id that this problem does not have.
    UnknownOption(OptionId),
    /// A primary item that no option covers.
    Uncovered(ItemId),
    /// An item used twice (a primary item, or a secondary one without agreeing colors).
    Twice {
        /// The item.
        item: ItemId,
        /// The option that used it first.
        first: OptionId,
        /// The option that used it again.
        second: OptionId,
    },
}

impl fmt::Display for CoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Options and items are counted from 1 in messages, as users count them.
        match *self {
            Self::UnknownOption(o) => write!(f, "there is no option {}", o.index() + 1),
            Self::Uncovered(item) => write!(f, "item {} is not covered", item.index() + 1),
            Self::Twice {
                item,
                first,
                second,
            } => write!(
                f,
                "item {} is covered by options {} and {}",
                item.index() + 1,
                first.index() + 1,
                second.index() + 1
            ),
        }
    }
}

impl std::error::Error for CoverError {}

impl Problem {
    /// Checks that `options` form a solution: every primary item covered exactly once,
    /// and every secondary item used at most once or only by options that give it the
    /// same color. Costs play no part.
    ///
    /// ```
    /// use dancing::OptionId;
    ///
    /// let problem = dancing::format::parse_str("A B\nA\nB\nA B\n")?;
    /// assert!(problem.verify(&[OptionId::new(2)]).is_ok());
    /// assert!(problem.verify(&[OptionId::new(0)]).is_err()); // B is not covered
    /// assert!(problem.verify(&[OptionId::new(0), OptionId::new(2)]).is_err()); // A twice
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The first fault found, naming the item and options.
    pub fn verify(&self, options: &[OptionId]) -> Result<(), CoverError> {
        // Per item: the option that used it first, and with which color.
        let mut used: Vec<Option<(OptionId, Option<ColorId>)>> = vec![None; self.item_count()];
        for &option in options {
            if option.index() >= self.option_count() {
                return Err(CoverError::UnknownOption(option));
            }
            for (item, color) in self.option_items(option) {
                let slot = &mut used[item.index()];
                match *slot {
                    None => *slot = Some((option, color)),
                    Some((first, first_color)) => {
                        let shared =
                            !self.is_primary(item) && color.is_some() && color == first_color;
                        if !shared {
                            return Err(CoverError::Twice {
                                item,
                                first,
                                second: option,
                            });
                        }
                    }
                }
            }
        }
        match self
            .items()
            .find(|&i| self.is_primary(i) && used[i.index()].is_none())
        {
            Some(item) => Err(CoverError::Uncovered(item)),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_may_share_a_secondary_item() {
        let problem = crate::format::parse_str("A B | x\nA x:1\nB x:1\nB x:2\nB x\n").unwrap();
        let o = OptionId::new;
        assert_eq!(problem.verify(&[o(0), o(1)]), Ok(()));
        assert!(matches!(
            problem.verify(&[o(0), o(2)]),
            Err(CoverError::Twice { .. })
        ));
        assert!(matches!(
            problem.verify(&[o(0), o(3)]),
            Err(CoverError::Twice { .. })
        ));
        assert_eq!(
            problem.verify(&[o(1)]),
            Err(CoverError::Uncovered(ItemId::new(0)))
        );
        assert_eq!(
            problem.verify(&[o(9)]),
            Err(CoverError::UnknownOption(o(9)))
        );
        assert_eq!(
            CoverError::Twice {
                item: ItemId::new(2),
                first: o(0),
                second: o(2)
            }
            .to_string(),
            "item 3 is covered by options 1 and 3"
        );
    }

    /// Every solution the dancing links find passes, on a problem with colors.
    #[test]
    fn the_searchs_solutions_pass() {
        let problem = crate::problems::langford(7);
        let mut count = 0;
        for solution in crate::Solver::new(&problem).solutions() {
            assert_eq!(problem.verify(solution.options()), Ok(()));
            count += 1;
        }
        assert_eq!(count, 52);
    }
}
