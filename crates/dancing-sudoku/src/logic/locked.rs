//! Locked candidates: pointing (a value's places in a box all in one line) and
//! claiming (a line's all in one box), and their direct forms.

use std::fmt;

use super::deduction::{Cell, deduction, removing};
use super::state::{LogicSolver, bits};
use super::technique::Technique;
use super::words::{cells, cells_of, symbol};
use crate::grid::Unit;

/// Pointing (`from` a box `to` a line) or claiming (`from` a line `to` a box): the
/// candidates of `value` in `from` all lie in `to`, so `value` leaves the rest of `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct LockedCandidates {
    /// [`Technique::Pointing`] or [`Technique::Claiming`].
    pub technique: Technique,
    /// The value.
    pub value: u8,
    /// The unit whose candidates are confined.
    pub from: Unit,
    /// The unit they lie in.
    pub to: Unit,
    /// The candidates removed: cells of `to` outside `from`, each with `value`.
    pub eliminations: Vec<(Cell, u8)>,
}

deduction!(LockedCandidates, |locked| locked.technique);

impl fmt::Display for LockedCandidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, from, to) = (self.technique, self.from, self.to);
        let (v, gone) = (symbol(self.value), cells(&cells_of(&self.eliminations)));
        write!(
            f,
            "{name}: {v} in {from} lies in {to}, so {v} goes from {gone}"
        )
    }
}

/// Boxes in order, values ascending, the row before the column.
pub(super) fn pointing(s: &LogicSolver) -> Option<LockedCandidates> {
    let n = s.side;
    (2 * n..3 * n).find_map(|unit| {
        s.places(unit).find_map(|(value, mask)| {
            let cell = |k: usize| s.unit_cell(unit, k);
            let first = cell(mask.trailing_zeros() as usize);
            let (row, col) = (first / n, first % n);
            let lines = [
                (bits(mask).all(|k| cell(k) / n == row), row),
                (bits(mask).all(|k| cell(k) % n == col), n + col),
            ];
            lines.into_iter().find_map(|(confined, line)| {
                confined
                    .then(|| locked(s, Technique::Pointing, value, unit, line))
                    .flatten()
            })
        })
    })
}

/// Rows, then columns, values ascending.
pub(super) fn claiming(s: &LogicSolver) -> Option<LockedCandidates> {
    let n = s.side;
    (0..2 * n).find_map(|line| {
        s.places(line).find_map(|(value, mask)| {
            let cell = |k: usize| s.unit_cell(line, k);
            let b = s.box_index(cell(mask.trailing_zeros() as usize));
            bits(mask)
                .all(|k| s.box_index(cell(k)) == b)
                .then(|| locked(s, Technique::Claiming, value, line, 2 * n + b))
                .flatten()
        })
    })
}

/// The step for `value` confined from `from` to `to`, if it eliminates anything.
pub(super) fn locked(
    s: &LogicSolver,
    technique: Technique,
    value: u8,
    from: usize,
    to: usize,
) -> Option<LockedCandidates> {
    let bit = 1u64 << (value - 1);
    let mut eliminations: Vec<_> = (0..s.side)
        .map(|k| s.unit_cell(to, k))
        .filter(|&i| s.candidates[i] & bit != 0 && !s.in_unit(from, i))
        .map(|i| (s.cell(i), value))
        .collect();
    eliminations.sort_unstable();
    removing(eliminations, |eliminations| LockedCandidates {
        technique,
        value,
        from: s.unit(from),
        to: s.unit(to),
        eliminations,
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use crate::grid::Unit;
    use crate::logic::Step;

    #[test]
    fn pointing_found_and_not() {
        // 3 in box 1 only in row 2 (r2c1, r2c2).
        let mut s = removed(&[3], box_but(0, &[(1, 0), (1, 1)]));
        let locked = Step::LockedCandidates(LockedCandidates {
            technique: Technique::Pointing,
            value: 3,
            from: Unit::Box(0),
            to: Unit::Row(1),
            eliminations: each(3, (3..9).map(|c| (1, c))),
        });
        let text =
            "pointing: 3 in box 1 lies in row 2, so 3 goes from r2c4, r2c5, r2c6, r2c7, r2c8, r2c9";
        let step = assert_finds(&s, Technique::Pointing, locked, text);
        // Nothing to point at once the rest of the row has lost 3.
        assert_spent(&s, &step, Technique::Pointing);
        // Spread over two rows of box 1: no pointing.
        s.remove_candidate(1, 1, 3);
        s.remove_candidate(1, 0, 3);
        assert_eq!(s.find(Technique::Pointing), None);
    }

    #[test]
    fn claiming_found_and_not() {
        // 7 in row 1 only in box 2 (r1c4, r1c6).
        let s = removed(&[7], row_but(0, &[3, 5]));
        let locked = Step::LockedCandidates(LockedCandidates {
            technique: Technique::Claiming,
            value: 7,
            from: Unit::Row(0),
            to: Unit::Box(1),
            eliminations: each(7, [(1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)]),
        });
        let text =
            "claiming: 7 in row 1 lies in box 2, so 7 goes from r2c4, r2c5, r2c6, r3c4, r3c5, r3c6";
        let step = assert_finds(&s, Technique::Claiming, locked, text);
        assert_spent(&s, &step, Technique::Claiming);
        // A place left in box 3 breaks it.
        let s = removed(&[7], row_but(0, &[3, 5, 6]));
        assert_eq!(s.find(Technique::Claiming), None);
    }

    #[test]
    fn direct_pointing_found_and_not() {
        // 5 in box 1 only in row 1; in box 2 at r1c4 and r2c5: once row 1 loses 5
        // outside box 1, box 2 keeps r2c5 alone.
        let box_1 = removed(&[5], [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]);
        let mut s = box_1.clone();
        for cell in box_but(1, &[(0, 3), (1, 4)]) {
            s.remove_candidate(cell.0, cell.1, 5);
        }
        let cause = Step::LockedCandidates(LockedCandidates {
            technique: Technique::Pointing,
            value: 5,
            from: Unit::Box(0),
            to: Unit::Row(0),
            eliminations: each(5, [(0, 3), (0, 6), (0, 7), (0, 8)]),
        });
        let direct = Step::Direct(crate::logic::Direct {
            cause: Box::new(cause),
            cell: (1, 4),
            value: 5,
            unit: Unit::Box(1),
        });
        let text = "direct pointing: 5 in box 1 lies in row 1, so 5 goes from r1c4, r1c7, r1c8, r1c9; then 5 in box 2 must go to r2c5";
        let step = assert_finds(&s, Technique::DirectPointing, direct, text);
        // Applied, it removes what the pointing removes, as SE applies it.
        let pointed = each(5, [(0, 3), (0, 6), (0, 7), (0, 8)]);
        assert_eq!((step.score(), step.eliminations()), (1.7, &pointed[..]));
        // A third place in box 2, outside row 1: no single follows.
        let mut s = box_1;
        for cell in box_but(1, &[(0, 3), (1, 4), (2, 5)]) {
            s.remove_candidate(cell.0, cell.1, 5);
        }
        assert_eq!(s.find(Technique::DirectPointing), None);
        assert!(s.find(Technique::Pointing).is_some());
    }

    #[test]
    fn direct_claiming_found_and_not() {
        // 6 in row 1 only in box 1 (r1c1, r1c2); row 2 has 6 at r2c3 and r2c9: once box
        // 1 loses 6 outside row 1, row 2 keeps r2c9 alone.
        let mut s = removed(&[6], row_but(0, &[0, 1]));
        remove(&mut s, &[6], row_but(1, &[2, 8]));
        let step = assert_says(
            &s,
            Technique::DirectClaiming,
            "direct claiming: 6 in row 1 lies in box 1, so 6 goes from r2c3, r3c1, r3c2, r3c3; then 6 in row 2 must go to r2c9",
        );
        assert_eq!(step.placement(), Some(((1, 8), 6)));
        // With a third place in row 2 there is no single.
        s = removed(&[6], row_but(0, &[0, 1]));
        remove(&mut s, &[6], row_but(1, &[2, 7, 8]));
        assert_eq!(s.find(Technique::DirectClaiming), None);
    }
}
