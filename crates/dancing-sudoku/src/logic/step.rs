//! One deduction, as data an application can draw and as a sentence: the [`Step`] that
//! every finder returns. Each family's step data, its sentence and its finder live in
//! the family's module; the one list here names them.

use std::fmt;

use super::deduction::{Cell, Deduction};
use super::technique::Technique;
use super::words::{cells, symbol};
use super::{aligned, chains, coloring, fish, locked, nets, singles, subsets, uniqueness, wings};
use crate::grid::Unit;

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
    Direct(Direct),
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

impl From<uniqueness::LoopStep> for Step {
    fn from(step: uniqueness::LoopStep) -> Self {
        match step {
            uniqueness::LoopStep::Plain(step) => step.into(),
            uniqueness::LoopStep::Subset(step) => step.into(),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.deduction().fmt(f)
    }
}

/// One of Sudoku Explainer's direct forms: `cause` (a pointing, a claiming, a hidden
/// pair or a hidden triple) removes candidates, after which `value` has one place left
/// in `unit`, `cell`. The step removes the cause's candidates and places the value, as
/// SE applies it (so the cause is not found again at the next step).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Direct {
    /// The deduction that leaves the single, with the candidates it would remove.
    pub cause: Box<Step>,
    /// The cell where the value goes.
    pub cell: Cell,
    /// The value.
    pub value: u8,
    /// The unit where the value has no other place once `cause` is applied.
    pub unit: Unit,
}

impl Deduction for Direct {
    fn technique(&self) -> Technique {
        match self.cause.technique() {
            Technique::Pointing => Technique::DirectPointing,
            Technique::Claiming => Technique::DirectClaiming,
            Technique::HiddenPair => Technique::DirectHiddenPair,
            _ => Technique::DirectHiddenTriple,
        }
    }

    fn placement(&self) -> Option<(Cell, u8)> {
        Some((self.cell, self.value))
    }

    fn eliminations(&self) -> &[(Cell, u8)] {
        self.cause.eliminations()
    }
}

impl fmt::Display for Direct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let because = self.cause.to_string();
        let because = because.split_once(": ").map_or(&*because, |(_, rest)| rest);
        let (name, unit) = (self.technique(), self.unit);
        let (value, cell) = (symbol(self.value), cells(&[self.cell]));
        write!(
            f,
            "{name}: {because}; then {value} in {unit} must go to {cell}"
        )
    }
}
