//! The check that a set of options is an exact cover, independent of any search.
//!
//! Solvers outside the dancing links (a SAT solver, a user's own) return options; this is
//! how their answers are verified before anyone sees them.

use std::fmt;

use crate::{ids::ColorId, ids::ItemId, ids::OptionId, problem::Problem};

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
    /// A primary item with multiplicities covered fewer times than its lower bound.
    TooFew {
        /// The item.
        item: ItemId,
        /// How many chosen options cover it.
        count: u32,
        /// Its lower bound.
        lo: u32,
    },
    /// A primary item with multiplicities covered more times than its upper bound.
    TooMany {
        /// The item.
        item: ItemId,
        /// How many chosen options cover it.
        count: u32,
        /// Its upper bound.
        hi: u32,
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
            Self::TooFew { item, count, lo } => write!(
                f,
                "item {} is in {count} chosen option{}, fewer than its lower bound {lo}",
                item.index() + 1,
                if count == 1 { "" } else { "s" }
            ),
            Self::TooMany { item, count, hi } => write!(
                f,
                "item {} is in {count} chosen options, more than its upper bound {hi}",
                item.index() + 1
            ),
        }
    }
}

impl std::error::Error for CoverError {}

impl Problem {
    /// Checks that `options` form a solution: every primary item covered exactly once
    /// (between its [`bounds`](Problem::bounds) when it has multiplicities), and every
    /// secondary item used at most once or only by options that give it the same color.
    /// Costs play no part.
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
        // Per item: how many options cover it, for the items with multiplicities.
        let mut counts = vec![
            0u32;
            if self.has_bounds() {
                self.item_count()
            } else {
                0
            }
        ];
        for &option in options {
            if option.index() >= self.option_count() {
                return Err(CoverError::UnknownOption(option));
            }
            for (item, color) in self.option_items(option) {
                if let Some(count) = counts.get_mut(item.index()) {
                    *count += 1;
                }
                let slot = &mut used[item.index()];
                match *slot {
                    None => *slot = Some((option, color)),
                    Some((first, first_color)) => {
                        let shared = if self.is_primary(item) {
                            // Checked against the bounds below.
                            self.has_bounds() && self.bounds(item).1 > 1
                        } else {
                            color.is_some() && color == first_color
                        };
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
        if self.has_bounds() {
            for item in self.items().filter(|&i| self.is_primary(i)) {
                let ((lo, hi), count) = (self.bounds(item), counts[item.index()]);
                if count > hi {
                    return Err(CoverError::TooMany { item, count, hi });
                }
                if count < lo {
                    return Err(CoverError::TooFew { item, count, lo });
                }
            }
            return Ok(());
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
    use crate::engine::Engine;

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

    #[test]
    fn multiplicities_are_checked_against_the_bounds() {
        let problem = crate::format::parse_str("2:3|A 0:1|B C\nA B\nA C\nA\nA\n").unwrap();
        let o = OptionId::new;
        let a = ItemId::new(0);
        assert_eq!(problem.verify(&[o(0), o(1)]), Ok(()));
        assert_eq!(problem.verify(&[o(0), o(1), o(2)]), Ok(()));
        assert_eq!(
            problem.verify(&[o(1)]),
            Err(CoverError::TooFew {
                item: a,
                count: 1,
                lo: 2
            })
        );
        assert_eq!(
            problem.verify(&[o(0), o(1), o(2), o(3)]),
            Err(CoverError::TooMany {
                item: a,
                count: 4,
                hi: 3
            })
        );
        // C is plain: exactly once.
        assert_eq!(
            problem.verify(&[o(0), o(2)]),
            Err(CoverError::TooFew {
                item: ItemId::new(2),
                count: 0,
                lo: 1
            })
        );
        // B is 0:1: at most once, so a second option on it is too many.
        let problem = crate::format::parse_str("0:1|B 2|A\nA B\nA B\n").unwrap();
        assert!(matches!(
            problem.verify(&[o(0), o(1)]),
            Err(CoverError::Twice { .. })
        ));
        assert_eq!(
            CoverError::TooFew {
                item: a,
                count: 1,
                lo: 2
            }
            .to_string(),
            "item 1 is in 1 chosen option, fewer than its lower bound 2"
        );
    }

    /// Every solution the dancing links find passes, on a problem with colors.
    #[test]
    fn the_searchs_solutions_pass() {
        let problem = crate::problems::langford(7);
        let mut count = 0;
        for solution in crate::solver::Solver::new(&problem).solutions() {
            assert_eq!(problem.verify(solution.options()), Ok(()));
            count += 1;
        }
        assert_eq!(count, 52);
    }
}
