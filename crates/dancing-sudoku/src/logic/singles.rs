//! Singles and locked candidates (pointing, claiming).

use super::{LogicSolver, Step, Technique, bits};

/// Boxes, then rows, then columns; in each unit the lowest value with one place.
pub(super) fn hidden_single(s: &LogicSolver) -> Option<Step> {
    let n = s.side;
    let order = (2 * n..3 * n).chain(0..2 * n);
    for unit in order {
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
            return Some(Step::HiddenSingle {
                cell: s.cell(i),
                value,
                unit: s.unit(unit),
            });
        }
    }
    None
}

/// Cells in reading order.
pub(super) fn naked_single(s: &LogicSolver) -> Option<Step> {
    s.candidates
        .iter()
        .position(|m| m.count_ones() == 1)
        .map(|i| Step::NakedSingle {
            cell: s.cell(i),
            value: s.candidates[i].trailing_zeros() as u8 + 1,
        })
}

/// Boxes in order, values ascending, the row before the column.
pub(super) fn pointing(s: &LogicSolver) -> Option<Step> {
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
pub(super) fn claiming(s: &LogicSolver) -> Option<Step> {
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
fn locked(
    s: &LogicSolver,
    technique: Technique,
    value: u8,
    from: usize,
    to: usize,
) -> Option<Step> {
    let bit = 1u64 << (value - 1);
    let mut eliminations: Vec<_> = (0..s.side)
        .map(|k| s.unit_cell(to, k))
        .filter(|&i| s.candidates[i] & bit != 0 && !s.in_unit(from, i))
        .map(|i| s.cell(i))
        .collect();
    eliminations.sort_unstable();
    (!eliminations.is_empty()).then(|| Step::LockedCandidates {
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
            let single = Step::HiddenSingle { cell, value, unit };
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
        let single = Step::NakedSingle {
            cell: (2, 1),
            value: 3,
        };
        let text = "naked single: r3c2 can only be 3";
        assert_finds(&s, Technique::NakedSingle, single, text);
        let mut s = empty(2);
        for v in [1, 2] {
            s.remove_candidate(2, 1, v);
        }
        assert_eq!(s.find(Technique::NakedSingle), None);
    }

    #[test]
    fn pointing_found_and_not() {
        // 3 in box 1 only in row 2 (r2c1, r2c2).
        let mut s = removed(&[3], box_but(0, &[(1, 0), (1, 1)]));
        let locked = Step::LockedCandidates {
            technique: Technique::Pointing,
            value: 3,
            from: Unit::Box(0),
            to: Unit::Row(1),
            eliminations: (3..9).map(|c| (1, c)).collect(),
        };
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
        let locked = Step::LockedCandidates {
            technique: Technique::Claiming,
            value: 7,
            from: Unit::Row(0),
            to: Unit::Box(1),
            eliminations: [(1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)].into(),
        };
        let text =
            "claiming: 7 in row 1 lies in box 2, so 7 goes from r2c4, r2c5, r2c6, r3c4, r3c5, r3c6";
        let step = assert_finds(&s, Technique::Claiming, locked, text);
        assert_spent(&s, &step, Technique::Claiming);
        // A place left in box 3 breaks it.
        let s = removed(&[7], row_but(0, &[3, 5, 6]));
        assert_eq!(s.find(Technique::Claiming), None);
    }
}
