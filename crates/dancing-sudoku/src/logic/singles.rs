//! Singles: full house, hidden single, naked single; and the direct forms, a single
//! that another step's eliminations leave.

use std::fmt;

use super::step::{Cell, Deduction, deduction};
use super::words::{cells, symbol};
use super::{LogicSolver, Step, Technique};
use crate::Unit;

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

/// Boxes, then columns, then rows: the first unit with one empty cell.
pub(super) fn full_house(s: &LogicSolver) -> Option<Step> {
    let n = s.side;
    s.se_order().find_map(|unit| {
        let mut empty = (0..n)
            .map(|k| s.unit_cell(unit, k))
            .filter(|&i| s.values[i] == 0);
        let i = empty.next()?;
        let candidates = s.candidates[i];
        (empty.next().is_none() && candidates != 0).then(|| {
            Step::FullHouse(FullHouse {
                cell: s.cell(i),
                value: candidates.trailing_zeros() as u8 + 1,
                unit: s.unit(unit),
            })
        })
    })
}

/// Boxes, then columns, then rows; in each unit the lowest value with one place.
pub(super) fn hidden_single(s: &LogicSolver) -> Option<Step> {
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
            return Some(Step::HiddenSingle(HiddenSingle {
                cell: s.cell(i),
                value,
                unit: s.unit(unit),
            }));
        }
    }
    None
}

/// Cells in reading order.
pub(super) fn naked_single(s: &LogicSolver) -> Option<Step> {
    s.candidates
        .iter()
        .position(|m| m.count_ones() == 1)
        .map(|i| {
            Step::NakedSingle(NakedSingle {
                cell: s.cell(i),
                value: s.candidates[i].trailing_zeros() as u8 + 1,
            })
        })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use crate::Unit;

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
