//! XY-wing and XYZ-wing.

use std::fmt;

use super::deduction::{Cell, deduction};
use super::state::LogicSolver;
use super::technique::Technique;
use super::words::{cells, cells_of, symbol, values};

/// An xy-wing or xyz-wing. The pivot holds x and y (xy-wing) or x, y and z (xyz-wing);
/// the pincers see the pivot and hold x and z, y and z. Whichever is true, one of them
/// (or the pivot, for xyz) holds z, so z leaves every cell that sees them all.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Wing {
    /// [`Technique::XYWing`] or [`Technique::XYZWing`].
    pub technique: Technique,
    /// The pivot.
    pub pivot: Cell,
    /// The pincer holding x and z, then the one holding y and z.
    pub pincers: [Cell; 2],
    /// x, y and z; z is eliminated.
    pub values: [u8; 3],
    /// The candidates removed: cells that see them all, each with z.
    pub eliminations: Vec<(Cell, u8)>,
}

deduction!(Wing, |wing| wing.technique);

impl fmt::Display for Wing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [x, y, z] = self.values;
        let mut pivot_values = vec![x, y];
        if self.technique == Technique::XYZWing {
            pivot_values.push(z);
        }
        pivot_values.sort_unstable();
        let [a, b] = self.pincers;
        write!(
            f,
            "{}: {} holds {}, {} holds {}, {} holds {}, so {} goes from {}",
            self.technique,
            cells(&[self.pivot]),
            values(&pivot_values, " or "),
            cells(&[a]),
            values(&[x.min(z), x.max(z)], " or "),
            cells(&[b]),
            values(&[y.min(z), y.max(z)], " or "),
            symbol(z),
            cells(&cells_of(&self.eliminations))
        )
    }
}

/// Pivots in reading order, pincer pairs in reading order.
pub(super) fn xy_wing(s: &LogicSolver) -> Option<Wing> {
    wing(s, Technique::XYWing)
}

/// Pivots in reading order, pincer pairs in reading order.
pub(super) fn xyz_wing(s: &LogicSolver) -> Option<Wing> {
    wing(s, Technique::XYZWing)
}

fn wing(s: &LogicSolver, technique: Technique) -> Option<Wing> {
    let xyz = technique == Technique::XYZWing;
    let pivot_size = if xyz { 3 } else { 2 };
    let cells = s.side * s.side;
    for pivot in 0..cells {
        let p = s.candidates[pivot];
        if p.count_ones() != pivot_size {
            continue;
        }
        // Bivalue peers that could be pincers: sharing one value with an xy pivot, or
        // holding two of an xyz pivot's three.
        let pincers: Vec<usize> = (0..cells)
            .filter(|&i| s.sees(pivot, i) && s.candidates[i].count_ones() == 2)
            .filter(|&i| {
                let shared = (s.candidates[i] & p).count_ones();
                if xyz { shared == 2 } else { shared == 1 }
            })
            .collect();
        for (k, &a) in pincers.iter().enumerate() {
            for &b in &pincers[k + 1..] {
                let (ma, mb) = (s.candidates[a], s.candidates[b]);
                let z = ma & mb;
                if ma == mb || z.count_ones() != 1 {
                    continue;
                }
                let value = |m: u64| m.trailing_zeros() as u8 + 1;
                let fits = if xyz { ma | mb == p } else { z & p == 0 };
                if !fits {
                    continue;
                }
                let eliminations: Vec<_> = (0..cells)
                    .filter(|&i| s.candidates[i] & z != 0 && i != a && i != b && i != pivot)
                    .filter(|&i| s.sees(i, a) && s.sees(i, b) && (!xyz || s.sees(i, pivot)))
                    .map(|i| (s.cell(i), value(z)))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                return Some(Wing {
                    technique,
                    pivot: s.cell(pivot),
                    pincers: [s.cell(a), s.cell(b)],
                    values: [value(ma & !z), value(mb & !z), value(z)],
                    eliminations,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use crate::logic::Step;

    #[test]
    fn xy_wing_found_and_not() {
        // Pivot r5c5 {1,2}; pincers r5c1 {1,3} (row) and r2c5 {2,3} (column): 3 leaves
        // r2c1, which sees both.
        let s = kept(&[((4, 4), &[1, 2]), ((4, 0), &[1, 3]), ((1, 4), &[2, 3])]);
        let wing = Step::Wing(Wing {
            technique: Technique::XYWing,
            pivot: (4, 4),
            pincers: [(1, 4), (4, 0)],
            values: [2, 1, 3],
            eliminations: each(3, [(1, 0)]),
        });
        let text =
            "xy-wing: r5c5 holds 1 or 2, r2c5 holds 2 or 3, r5c1 holds 1 or 3, so 3 goes from r2c1";
        let step = assert_finds(&s, Technique::XYWing, wing, text);
        assert_spent(&s, &step, Technique::XYWing);
        // A pincer that does not see the pivot: nothing.
        let s = kept(&[((4, 4), &[1, 2]), ((3, 0), &[1, 3]), ((1, 4), &[2, 3])]);
        assert_eq!(s.find(Technique::XYWing), None);
        // Pincers sharing no third value: nothing.
        let s = kept(&[((4, 4), &[1, 2]), ((4, 0), &[1, 3]), ((1, 4), &[2, 4])]);
        assert_eq!(s.find(Technique::XYWing), None);
    }

    #[test]
    fn xy_wing_in_a_box() {
        // Pincer r4c6 in the pivot's box, r5c1 in its row: 3 leaves r4c1..r4c3 (seeing
        // r5c1 by box and r4c6 by row) and r5c4, r5c6 (seeing both by row and box).
        let s = kept(&[((4, 4), &[1, 2]), ((4, 0), &[1, 3]), ((3, 5), &[2, 3])]);
        let step = s.find(Technique::XYWing).unwrap();
        let Step::Wing(Wing { eliminations, .. }) = &step else {
            panic!()
        };
        assert_eq!(
            eliminations,
            &each(3, [(3, 0), (3, 1), (3, 2), (4, 3), (4, 5)])
        );
        check_step(&s, &step);
    }

    #[test]
    fn xyz_wing_found_and_not() {
        // Pivot r5c5 {1,2,3}; pincers r5c1 {1,3}, r4c5 {2,3}: 3 leaves the cells seeing
        // all three, r5c4 and r5c6 (r4c4 and r4c6 miss r5c1).
        let s = kept(&[((4, 4), &[1, 2, 3]), ((4, 0), &[1, 3]), ((3, 4), &[2, 3])]);
        let wing = Step::Wing(Wing {
            technique: Technique::XYZWing,
            pivot: (4, 4),
            pincers: [(3, 4), (4, 0)],
            values: [2, 1, 3],
            eliminations: each(3, [(4, 3), (4, 5)]),
        });
        let text = "xyz-wing: r5c5 holds 1, 2 or 3, r4c5 holds 2 or 3, r5c1 holds 1 or 3, so 3 goes from r5c4, r5c6";
        let step = assert_finds(&s, Technique::XYZWing, wing, text);
        assert_spent(&s, &step, Technique::XYZWing);
        assert_eq!(s.find(Technique::XYWing), None);
        // A pivot with a fourth value: nothing.
        let s = kept(&[
            ((4, 4), &[1, 2, 3, 4]),
            ((4, 0), &[1, 3]),
            ((3, 4), &[2, 3]),
        ]);
        assert_eq!(s.find(Technique::XYZWing), None);
    }
}
