//! Singles: full house, hidden single, naked single. (The direct forms, a single that
//! another step's eliminations leave, hold that step: they sit with [`Step`](super::Step)
//! in `step.rs`, their finders in `direct.rs`.)

use std::fmt;

use super::deduction::{Cell, Deduction, deduction};
use super::state::LogicSolver;
use super::technique::Technique;
use super::words::{cells, symbol};
use crate::grid::Unit;

/// `cell` has `value` as its only candidate.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct NakedSingle {
    /// The cell.
    pub cell: Cell,
    /// Its one candidate.
    pub value: u8,
}

/// `cell` is the only place for `value` in `unit`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct HiddenSingle {
    /// The cell.
    pub cell: Cell,
    /// The value.
    pub value: u8,
    /// The unit where it has no other place.
    pub unit: Unit,
}

/// `cell` is the last empty cell of `unit`, so it takes the one value missing there.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FullHouse {
    /// The cell.
    pub cell: Cell,
    /// The value missing from the unit.
    pub value: u8,
    /// The unit.
    pub unit: Unit,
}

deduction!(NakedSingle, |_| Technique::NakedSingle, placement);

impl fmt::Display for NakedSingle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, cell, value) = (self.technique(), cells(&[self.cell]), symbol(self.value));
        write!(f, "{name}: {cell} can only be {value}")
    }
}

impl Deduction for HiddenSingle {
    fn technique(&self) -> Technique {
        Technique::HiddenSingle
    }

    fn placement(&self) -> Option<(Cell, u8)> {
        Some((self.cell, self.value))
    }

    /// 1.2 in a box, 1.5 in a line, as in Sudoku Explainer.
    fn tenths(&self) -> u16 {
        match self.unit {
            Unit::Box(_) => 12,
            _ => self.technique().tenths(),
        }
    }
}

impl fmt::Display for HiddenSingle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, unit) = (self.technique(), self.unit);
        let (value, cell) = (symbol(self.value), cells(&[self.cell]));
        write!(f, "{name}: {value} in {unit} must go to {cell}")
    }
}

deduction!(FullHouse, |_| Technique::FullHouse, placement);

impl fmt::Display for FullHouse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, unit) = (self.technique(), self.unit);
        let (cell, value) = (cells(&[self.cell]), symbol(self.value));
        write!(
            f,
            "{name}: {cell} is the last empty cell of {unit}, so it is {value}"
        )
    }
}

/// Boxes, then columns, then rows: the first unit with one empty cell.
pub(super) fn full_house(s: &LogicSolver) -> Option<FullHouse> {
    let n = s.side;
    s.se_order().find_map(|unit| {
        let mut empty = (0..n)
            .map(|k| s.unit_cell(unit, k))
            .filter(|&i| s.values[i] == 0);
        let i = empty.next()?;
        let candidates = s.candidates[i];
        (empty.next().is_none() && candidates != 0).then(|| FullHouse {
            cell: s.cell(i),
            value: candidates.trailing_zeros() as u8 + 1,
            unit: s.unit(unit),
        })
    })
}

/// Boxes, then columns, then rows; in each unit the lowest value with one place.
pub(super) fn hidden_single(s: &LogicSolver) -> Option<HiddenSingle> {
    let n = s.side;
    for unit in s.se_order() {
        let (mut once, mut twice) = (0u64, 0u64);
        for k in 0..n {
            let m = s.candidates[s.unit_cell(unit, k)];
            twice |= once & m;
            once |= m;
        }
        let singles = once & !twice;
        if singles != 0 {
            let bit = singles & singles.wrapping_neg();
            let i = (0..n)
                .map(|k| s.unit_cell(unit, k))
                .find(|&i| s.candidates[i] & bit != 0)?;
            let value = bit.trailing_zeros() as u8 + 1;
            return Some(HiddenSingle {
                cell: s.cell(i),
                value,
                unit: s.unit(unit),
            });
        }
    }
    None
}

/// Cells in reading order.
pub(super) fn naked_single(s: &LogicSolver) -> Option<NakedSingle> {
    s.candidates
        .iter()
        .position(|m| m.count_ones() == 1)
        .map(|i| NakedSingle {
            cell: s.cell(i),
            value: s.candidates[i].trailing_zeros() as u8 + 1,
        })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use crate::grid::Unit;
    use crate::logic::Step;

    #[test]
    fn hidden_singles_in_a_box_score_1_2_in_a_line_1_5() {
        // 5 removed from all of box 1 but r2c3; 4 from row 5 but r5c9 (every box keeps
        // several places).
        let cases = [
            (
                removed(&[5], box_but(0, &[(1, 2)])),
                (1, 2),
                5,
                Unit::Box(0),
                1.2,
            ),
            (
                removed(&[4], row_but(4, &[8])),
                (4, 8),
                4,
                Unit::Row(4),
                1.5,
            ),
        ];
        for (s, cell, value, unit, score) in cases {
            let single = Step::HiddenSingle(HiddenSingle { cell, value, unit });
            let text = format!(
                "hidden single: {value} in {unit} must go to r{}c{}",
                cell.0 + 1,
                cell.1 + 1
            );
            let step = assert_finds(&s, Technique::HiddenSingle, single, &text);
            assert_eq!(step.score(), score);
        }
        // A second place in the box breaks it.
        let s = removed(&[5], box_cells(0).into_iter().skip(2));
        assert_eq!(s.find(Technique::HiddenSingle), None);
    }

    #[test]
    fn naked_single_found_and_not() {
        let mut s = empty(2);
        for v in [1, 2, 4] {
            s.remove_candidate(2, 1, v);
        }
        let single = Step::NakedSingle(NakedSingle {
            cell: (2, 1),
            value: 3,
        });
        let text = "naked single: r3c2 can only be 3";
        assert_finds(&s, Technique::NakedSingle, single, text);
        let mut s = empty(2);
        for v in [1, 2] {
            s.remove_candidate(2, 1, v);
        }
        assert_eq!(s.find(Technique::NakedSingle), None);
    }

    #[test]
    fn full_house_found_and_not() {
        let s = solver("123.............");
        let house = Step::FullHouse(FullHouse {
            cell: (0, 3),
            value: 4,
            unit: Unit::Row(0),
        });
        let text = "full house: r1c4 is the last empty cell of row 1, so it is 4";
        let step = assert_finds(&s, Technique::FullHouse, house, text);
        assert_eq!(step.score(), 1.0);
        // Two empty cells in every unit: none.
        assert_eq!(solver("12..............").find(Technique::FullHouse), None);
    }
}
