//! The vocabulary every technique speaks, below the families: a cell, the
//! [`Deduction`] each family's step data implements (through `deduction!`), and
//! `removing`, which keeps only the steps that remove something. It knows no family.

use std::fmt;

use super::technique::Technique;

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
        impl $crate::logic::deduction::Deduction for $data {
            fn technique(&self) -> $crate::logic::Technique {
                let $step = self;
                $technique
            }

            $($rest)*
        }
    };
}
pub(super) use deduction;

/// The step `make` builds from `eliminations`, if there are any: a finder's step
/// must remove something.
pub(super) fn removing<T>(
    eliminations: Vec<(Cell, u8)>,
    make: impl FnOnce(Vec<(Cell, u8)>) -> T,
) -> Option<T> {
    (!eliminations.is_empty()).then(|| make(eliminations))
}
