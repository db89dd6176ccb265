//! Basic fish: x-wing, swordfish, jellyfish.

use std::fmt;

use super::deduction::{Cell, Deduction, deduction, removing};
use super::sets::locked_set;
use super::state::{LogicSolver, bits};
use super::technique::Technique;
use super::words::{cells, cells_of, lines, symbol};
use crate::grid::Unit;

/// A fish: `value` in the `base` lines (rows or columns) lies only in the `cover` lines
/// across them, so it leaves the rest of the cover lines. Size 2 is an x-wing, 3 a
/// swordfish, 4 a jellyfish.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fish {
    /// The value.
    pub value: u8,
    /// The base lines, ascending.
    pub base: Vec<Unit>,
    /// The cover lines, ascending.
    pub cover: Vec<Unit>,
    /// The candidates removed: cells of the cover lines outside the base lines, each
    /// with `value`.
    pub eliminations: Vec<(Cell, u8)>,
}

deduction!(Fish, |fish| match fish.base.len() {
    2 => Technique::XWing,
    3 => Technique::Swordfish,
    _ => Technique::Jellyfish,
});

impl fmt::Display for Fish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, v) = (self.technique(), symbol(self.value));
        let (base, cover) = (lines(&self.base), lines(&self.cover));
        let gone = cells(&cells_of(&self.eliminations));
        write!(
            f,
            "{name}: {v} in {base} lies in {cover}, so {v} goes from {gone}"
        )
    }
}

/// Values ascending; for each, rows as the base, then columns.
pub(super) fn fish(s: &LogicSolver, size: usize) -> Option<Fish> {
    let n = s.side;
    let mut bases = (1..=n as u8).flat_map(|value| [(value, false), (value, true)]);
    bases.find_map(|(value, columns)| {
        let bit = 1u64 << (value - 1);
        // Base line `l` is unit `l` (a row) or `n + l` (a column); its positions are the
        // cross lines where `value` may go.
        let (base_unit, cover_unit) = if columns { (n, 0) } else { (0, n) };
        let line = |l: usize| s.unit(base_unit + l);
        let cross = |l: usize| s.unit(cover_unit + l);
        let items = (0..n).map(|l| (l, s.positions(base_unit + l, value)));
        locked_set(items, size, |chosen, union| {
            let mut eliminations: Vec<_> = bits(union)
                .flat_map(|x| (0..n).filter(|l| !chosen.contains(l)).map(move |l| (x, l)))
                .map(|(x, l)| s.unit_cell(cover_unit + x, l))
                .filter(|&i| s.candidates[i] & bit != 0)
                .map(|i| (s.cell(i), value))
                .collect();
            eliminations.sort_unstable();
            removing(eliminations, |eliminations| Fish {
                value,
                base: chosen.iter().map(|&l| line(l)).collect(),
                cover: bits(union).map(cross).collect(),
                eliminations,
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::test_support::*;
    use super::*;
    use crate::grid::Unit;
    use crate::logic::Step;

    /// A 9×9 grid where `value` is a candidate in `rows` only at `columns`.
    fn confined(value: u8, rows: &[usize], columns: &[usize]) -> super::super::LogicSolver {
        let mut s = empty(3);
        for &r in rows {
            for c in (0..9).filter(|c| !columns.contains(c)) {
                s.remove_candidate(r, c, value);
            }
        }
        s
    }

    #[test]
    fn x_wing_found_and_not() {
        let s = confined(5, &[1, 6], &[2, 7]);
        let rows = [0, 2, 3, 4, 5, 7, 8];
        let wing = Step::Fish(Fish {
            value: 5,
            base: vec![Unit::Row(1), Unit::Row(6)],
            cover: vec![Unit::Column(2), Unit::Column(7)],
            eliminations: each(5, rows.into_iter().flat_map(|r| [(r, 2), (r, 7)])),
        });
        let text = "x-wing: 5 in rows 2, 7 lies in columns 3, 8, so 5 goes from r1c3, r1c8, r3c3, r3c8, r4c3, r4c8, r5c3, r5c8, r6c3, r6c8, r8c3, r8c8, r9c3, r9c8";
        let step = assert_finds(&s, Technique::XWing, wing, text);
        assert_spent(&s, &step, Technique::XWing);
        // A third column in one row breaks it.
        let s = removed(&[5], row_but(1, &[2, 7]).chain(row_but(6, &[2, 5, 7])));
        assert_eq!(s.find(Technique::XWing), None);
    }

    #[test]
    fn x_wing_on_columns() {
        let rows = [0, 1, 2, 3, 5, 6, 7];
        let s = removed(&[9], rows.into_iter().flat_map(|r| [(r, 0), (r, 5)]));
        assert_says(
            &s,
            Technique::XWing,
            "x-wing: 9 in columns 1, 6 lies in rows 5, 9, so 9 goes from r5c2, r5c3, r5c4, r5c5, r5c7, r5c8, r5c9, r9c2, r9c3, r9c4, r9c5, r9c7, r9c8, r9c9",
        );
    }

    #[test]
    fn swordfish_and_jellyfish() {
        // Rows 1, 5, 9: 2 in columns {1,4}, {4,7}, {1,7}.
        let mut s = empty(3);
        for (r, cs) in [(0, [0, 3]), (4, [3, 6]), (8, [0, 6])] {
            for c in (0..9).filter(|c| !cs.contains(c)) {
                s.remove_candidate(r, c, 2);
            }
        }
        let step = s.find(Technique::Swordfish).unwrap();
        // Rows 1, 5, 9 lie in columns 1, 4, 7, which lose 2 in the other six rows.
        let expected = Step::Fish(Fish {
            value: 2,
            base: vec![Unit::Row(0), Unit::Row(4), Unit::Row(8)],
            cover: vec![Unit::Column(0), Unit::Column(3), Unit::Column(6)],
            eliminations: each(
                2,
                [1, 2, 3, 5, 6, 7]
                    .into_iter()
                    .flat_map(|r| [(r, 0), (r, 3), (r, 6)]),
            ),
        });
        assert_eq!(step, expected);
        check_step(&s, &step);
        assert_eq!(s.find(Technique::XWing), None);
        assert_eq!(s.find(Technique::Jellyfish), None);
        // A fourth row over a fourth column makes a jellyfish; the swordfish stays.
        remove(&mut s, &[2], [1, 2, 4, 5, 7].map(|c| (2, c)));
        let jelly = s.find(Technique::Jellyfish).unwrap();
        let Step::Fish(Fish { base, cover, .. }) = &jelly else {
            panic!()
        };
        assert_eq!(
            base,
            &[Unit::Row(0), Unit::Row(2), Unit::Row(4), Unit::Row(8)]
        );
        assert_eq!(cover.len(), 4);
        assert!(
            jelly
                .to_string()
                .starts_with("jellyfish: 2 in rows 1, 3, 5, 9 lies in columns 1, 4, 7, 9")
        );
        check_step(&s, &jelly);
        // Breaking the swordfish: a third column in row 5.
        let mut s = empty(3);
        for (r, cs) in [(0, [0, 3, 9]), (4, [3, 6, 8]), (8, [0, 6, 9])] {
            for c in (0..9).filter(|c| !cs.contains(c)) {
                s.remove_candidate(r, c, 2);
            }
        }
        assert_eq!(s.find(Technique::Swordfish), None);
    }
}
