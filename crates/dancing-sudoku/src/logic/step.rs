//! One deduction, as data an application can draw and as a sentence: the [`Step`] that
//! every finder returns. Each family's step data, its sentence and its finder live in
//! the family's module; the one list here names them.

use std::fmt;

use super::Technique;
use super::{aligned, chains, coloring, fish, locked, nets, singles, subsets, uniqueness, wings};

/// A cell as a 0-based `(row, column)`, as everywhere in the crate ([`Grid`](crate::Grid),
/// cages, regions).
pub type Cell = (usize, usize);

/// What a step's data tells, whatever its family: each family's module implements it
/// beside its finder and its sentence ([`Display`](fmt::Display)).
pub(super) trait Deduction: fmt::Display {
    /// The technique the step uses.
    fn technique(&self) -> Technique;

    /// The cell and value placed, for a single.
    fn placement(&self) -> Option<(Cell, u8)> {
        None
    }

    /// The candidates removed.
    fn eliminations(&self) -> &[(Cell, u8)] {
        &[]
    }

    /// The score in tenths.
    fn tenths(&self) -> u16 {
        self.technique().tenths()
    }
}

/// Implements [`Deduction`] for a family's step from its fields: `technique` computed
/// from the step (`|step| …`), the `eliminations` field as the candidates removed, and
/// with `tenths` the `tenths` field as the score, or with `placement` the `cell` and
/// `value` fields as the value placed.
macro_rules! deduction {
    ($data:ty, |$step:pat_param| $technique:expr) => {
        deduction!(@impl $data, |$step| $technique, {
            fn eliminations(&self) -> &[($crate::logic::Cell, u8)] {
                &self.eliminations
            }
        });
    };
    ($data:ty, |$step:pat_param| $technique:expr, tenths) => {
        deduction!(@impl $data, |$step| $technique, {
            fn eliminations(&self) -> &[($crate::logic::Cell, u8)] {
                &self.eliminations
            }

            fn tenths(&self) -> u16 {
                self.tenths
            }
        });
    };
    ($data:ty, |$step:pat_param| $technique:expr, placement) => {
        deduction!(@impl $data, |$step| $technique, {
            fn placement(&self) -> Option<($crate::logic::Cell, u8)> {
                Some((self.cell, self.value))
            }
        });
    };
    (@impl $data:ty, |$step:pat_param| $technique:expr, { $($rest:tt)* }) => {
        impl $crate::logic::step::Deduction for $data {
            fn technique(&self) -> $crate::logic::Technique {
                let $step = self;
                $technique
            }

            $($rest)*
        }
    };
}
pub(super) use deduction;

/// The steps, one row each: the variant and the family's data (adding a family adds its
/// row; a technique of an existing family adds none).
macro_rules! steps {
    ($($(#[$doc:meta])* $variant:ident($data:ty),)*) => {
        /// One deduction: a value placed, or candidates eliminated. Cells are 0-based
        /// `(row, column)`, values 1-based. Every variant holds its family's data, with the
        /// same name; [`Display`](std::fmt::Display) writes a sentence with cells as `r1c1`
        /// (1-based) and values as [`Alphabet::Digits`](crate::Alphabet::Digits) symbols.
        #[derive(Debug, Clone, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Step {
            $($(#[$doc])* $variant($data),)*
        }

        impl Step {
            /// The family's data, behind the one interface they all implement.
            fn deduction(&self) -> &dyn Deduction {
                match self {
                    $(Self::$variant(data) => data,)*
                }
            }
        }

        $(impl From<$data> for Step {
            fn from(data: $data) -> Self {
                Self::$variant(data)
            }
        })*
    };
}

steps! {
    /// A cell with one candidate.
    NakedSingle(singles::NakedSingle),
    /// The one place of a value in a unit.
    HiddenSingle(singles::HiddenSingle),
    /// The last empty cell of a unit.
    FullHouse(singles::FullHouse),
    /// One of Sudoku Explainer's direct forms: a cause, then a single.
    Direct(singles::Direct),
    /// Pointing or claiming.
    LockedCandidates(locked::LockedCandidates),
    /// A naked or hidden pair, triple or quad.
    Subset(subsets::Subset),
    /// An x-wing, swordfish or jellyfish.
    Fish(fish::Fish),
    /// An xy-wing or xyz-wing.
    Wing(wings::Wing),
    /// Simple coloring.
    Coloring(coloring::Coloring),
    /// A unique rectangle or loop, types 1, 2 and 4.
    UniqueLoop(uniqueness::UniqueLoop),
    /// A unique rectangle or loop, type 3.
    UniqueLoopSubset(uniqueness::UniqueLoopSubset),
    /// The bivalue universal grave.
    Bug(uniqueness::Bug),
    /// An aligned triple exclusion.
    AlignedExclusion(aligned::AlignedExclusion),
    /// A bidirectional cycle or forcing chain.
    Chain(chains::Chain),
    /// A forcing net: Nishio, multiple or dynamic forcing chains.
    Net(nets::Net),
}

/// The step `make` builds from `eliminations`, if there are any: a finder's step
/// must remove something.
pub(super) fn removing<T: Into<Step>>(
    eliminations: Vec<(Cell, u8)>,
    make: impl FnOnce(Vec<(Cell, u8)>) -> T,
) -> Option<Step> {
    (!eliminations.is_empty()).then(|| make(eliminations).into())
}

impl Step {
    /// The technique this step uses.
    pub fn technique(&self) -> Technique {
        self.deduction().technique()
    }

    /// The cell and value placed, for a single.
    pub fn placement(&self) -> Option<(Cell, u8)> {
        self.deduction().placement()
    }

    /// Every candidate removed, as `(cell, value)`. Empty for a single (placing it
    /// removes the value from the peers as a matter of course); a direct form's are its
    /// cause's.
    pub fn eliminations(&self) -> &[(Cell, u8)] {
        self.deduction().eliminations()
    }

    /// The score in tenths: the technique's, except 12 for a hidden single in a box and
    /// the lengths and types that move a chain's, a loop's or a grave's.
    pub(crate) fn tenths(&self) -> u16 {
        self.deduction().tenths()
    }

    /// The difficulty of this step: the [technique's score](Technique::score), except
    /// that a hidden single in a box scores 1.2 (as in Sudoku Explainer) against 1.5 in a
    /// row or column, and that a chain adds SE's increment for its length.
    pub fn score(&self) -> f32 {
        super::technique::tenths_to_score(self.tenths())
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.deduction().fmt(f)
    }
}
