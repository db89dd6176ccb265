//! Naked and hidden subsets: pairs, triples, quads; and the direct hidden pair and
//! triple.

use std::fmt;

use super::deduction::{Cell, Deduction, deduction, removing};
use super::sets::locked_set;
use super::state::{LogicSolver, bits, values_of};
use super::technique::Technique;
use super::words::{cells, cells_of, values};
use crate::grid::Unit;

/// A naked subset (`hidden` false): `cells` of `unit` hold only `values` (as many as
/// the cells), so those values leave the other cells of the unit. Or a hidden one
/// (`hidden` true): `values` of `unit` can go only to `cells` (as many as the values),
/// so those cells lose their other candidates. Two cells: a pair, three: a triple, four:
/// a quad.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Subset {
    /// Whether the subset is hidden (else naked).
    pub hidden: bool,
    /// The unit.
    pub unit: Unit,
    /// The cells, in reading order.
    pub cells: Vec<Cell>,
    /// The values, ascending: the cells' candidates together (naked), or the values
    /// with no other places (hidden).
    pub values: Vec<u8>,
    /// The candidates removed: the values from the unit's other cells (naked), or the
    /// cells' other candidates (hidden).
    pub eliminations: Vec<(Cell, u8)>,
}

deduction!(Subset, |subset| {
    let sizes = if subset.hidden {
        [
            Technique::HiddenPair,
            Technique::HiddenTriple,
            Technique::HiddenQuad,
        ]
    } else {
        [
            Technique::NakedPair,
            Technique::NakedTriple,
            Technique::NakedQuad,
        ]
    };
    sizes[subset.cells.len().clamp(2, 4) - 2]
});

impl fmt::Display for Subset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, unit) = (self.technique(), self.unit);
        let (vs, cs) = (values(&self.values, " and "), cells(&self.cells));
        if self.hidden {
            write!(
                f,
                "{name}: {vs} in {unit} lie only in {cs}, so {cs} keep only {vs}"
            )
        } else {
            let gone = cells(&cells_of(&self.eliminations));
            write!(
                f,
                "{name}: {cs} hold only {vs}, so {vs} go from {gone} in {unit}"
            )
        }
    }
}

/// `size` cells of a unit holding only `size` values: units rows, columns, boxes.
pub(super) fn naked(s: &LogicSolver, size: usize) -> Option<Subset> {
    (0..3 * s.side).find_map(|unit| {
        let cells: Vec<usize> = (0..s.side).map(|k| s.unit_cell(unit, k)).collect();
        let items = cells.iter().map(|&i| (i, s.candidates[i]));
        locked_set(items, size, |chosen, union| {
            let eliminations: Vec<_> = cells
                .iter()
                .filter(|i| !chosen.contains(i))
                .flat_map(|&i| bits(s.candidates[i] & union).map(move |b| (s.cell(i), b as u8 + 1)))
                .collect();
            removing(eliminations, |eliminations| Subset {
                hidden: false,
                unit: s.unit(unit),
                cells: chosen.iter().map(|&i| s.cell(i)).collect(),
                values: values_of(union),
                eliminations,
            })
        })
    })
}

/// `size` values of a unit with only `size` places: units rows, columns, boxes.
pub(super) fn hidden(s: &LogicSolver, size: usize) -> Option<Subset> {
    (0..3 * s.side).find_map(|unit| {
        let items = s.places(unit).map(|(v, m)| (usize::from(v), m));
        locked_set(items, size, |chosen, union| {
            hidden_subset(s, unit, chosen, union)
        })
    })
}

/// The hidden subset of `chosen` values of `unit`, whose places are `union`, if it
/// eliminates anything.
pub(super) fn hidden_subset(
    s: &LogicSolver,
    unit: usize,
    chosen: &[usize],
    union: u64,
) -> Option<Subset> {
    let keep = chosen.iter().fold(0u64, |m, &v| m | 1 << (v - 1));
    let cells: Vec<usize> = bits(union).map(|k| s.unit_cell(unit, k)).collect();
    let eliminations: Vec<_> = cells
        .iter()
        .flat_map(|&i| bits(s.candidates[i] & !keep).map(move |b| (s.cell(i), b as u8 + 1)))
        .collect();
    removing(eliminations, |eliminations| Subset {
        hidden: true,
        unit: s.unit(unit),
        cells: cells.iter().map(|&i| s.cell(i)).collect(),
        values: chosen.iter().map(|&v| v as u8).collect(),
        eliminations,
    })
}

#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::test_support::*;
    use super::*;
    use crate::grid::Unit;
    use crate::logic::Step;

    /// The step of a subset of `cells` and `values` in `unit` removing `eliminations`.
    fn subset(
        hidden: bool,
        unit: Unit,
        (cells, values): (&[Cell], &[u8]),
        eliminations: impl IntoIterator<Item = (Cell, u8)>,
    ) -> Step {
        Step::Subset(Subset {
            hidden,
            unit,
            cells: cells.to_vec(),
            values: values.to_vec(),
            eliminations: eliminations.into_iter().collect(),
        })
    }

    #[test]
    fn naked_pair_found_and_not() {
        let s = kept(&[((0, 1), &[3, 8]), ((0, 6), &[3, 8])]);
        let cells = [0, 2, 3, 4, 5, 7, 8];
        let pair = subset(
            false,
            Unit::Row(0),
            (&[(0, 1), (0, 6)], &[3, 8]),
            cells.iter().flat_map(|&c| [((0, c), 3), ((0, c), 8)]),
        );
        let text = "naked pair: r1c2, r1c7 hold only 3 and 8, so 3 and 8 go from r1c1, r1c3, r1c4, r1c5, r1c6, r1c8, r1c9 in row 1";
        let step = assert_finds(&s, Technique::NakedPair, pair, text);
        assert_spent(&s, &step, Technique::NakedPair);
        // Different pairs: nothing.
        let s = kept(&[((0, 1), &[3, 8]), ((0, 6), &[3, 9])]);
        assert_eq!(s.find(Technique::NakedPair), None);
    }

    #[test]
    fn naked_triple_and_quad() {
        // 1/2, 2/3, 1/3 in column 5: a triple without any cell holding all three.
        let s = kept(&[((1, 4), &[1, 2]), ((4, 4), &[2, 3]), ((7, 4), &[1, 3])]);
        let rows = [0, 2, 3, 5, 6, 8];
        let triple = subset(
            false,
            Unit::Column(4),
            (&[(1, 4), (4, 4), (7, 4)], &[1, 2, 3]),
            rows.into_iter()
                .flat_map(|r| [1, 2, 3].map(|v| ((r, 4), v))),
        );
        let text = "naked triple: r2c5, r5c5, r8c5 hold only 1, 2 and 3, so 1, 2 and 3 go from r1c5, r3c5, r4c5, r6c5, r7c5, r9c5 in column 5";
        let step = assert_finds(&s, Technique::NakedTriple, triple, text);
        assert_eq!(step.technique(), Technique::NakedTriple);
        assert_eq!(s.find(Technique::NakedPair), None);
        // A fourth value in one cell breaks it; a quad needs a fourth cell.
        let mut s = kept(&[((1, 4), &[1, 2]), ((4, 4), &[2, 3]), ((7, 4), &[1, 3, 4])]);
        assert_eq!(s.find(Technique::NakedTriple), None);
        assert_eq!(s.find(Technique::NakedQuad), None);
        keep(&mut s, (8, 4), &[4, 1]);
        assert_says(
            &s,
            Technique::NakedQuad,
            "naked quad: r2c5, r5c5, r8c5, r9c5 hold only 1, 2, 3 and 4, so 1, 2, 3 and 4 go from r1c5, r3c5, r4c5, r6c5, r7c5 in column 5",
        );
    }

    #[test]
    fn hidden_pair_found_and_not() {
        // 4 and 6 in box 5 only at r4c4 and r6c6.
        let s = removed(&[4, 6], box_but(4, &[(3, 3), (5, 5)]));
        let others = [1, 2, 3, 5, 7, 8, 9];
        let pair = subset(
            true,
            Unit::Box(4),
            (&[(3, 3), (5, 5)], &[4, 6]),
            [(3, 3), (5, 5)]
                .into_iter()
                .flat_map(|cell| others.map(|v| (cell, v))),
        );
        let text =
            "hidden pair: 4 and 6 in box 5 lie only in r4c4, r6c6, so r4c4, r6c6 keep only 4 and 6";
        let step = assert_finds(&s, Technique::HiddenPair, pair, text);
        assert_spent(&s, &step, Technique::HiddenPair);
        // 6 with a third place: no pair.
        let mut s = removed(&[4], box_but(4, &[(3, 3), (5, 5)]));
        remove(&mut s, &[6], box_but(4, &[(3, 3), (5, 5), (4, 4)]));
        assert_eq!(s.find(Technique::HiddenPair), None);
    }

    #[test]
    fn hidden_triple_and_quad() {
        // 1, 2, 3 in row 9 only in r9c1, r9c5, r9c9.
        let mut s = removed(&[1, 2, 3], row_but(8, &[0, 4, 8]));
        let cells = [(8, 0), (8, 4), (8, 8)];
        let triple = subset(
            true,
            Unit::Row(8),
            (&cells, &[1, 2, 3]),
            cells
                .into_iter()
                .flat_map(|cell| (4..=9).map(move |v| (cell, v))),
        );
        let text = "hidden triple: 1, 2 and 3 in row 9 lie only in r9c1, r9c5, r9c9, so r9c1, r9c5, r9c9 keep only 1, 2 and 3";
        assert_finds(&s, Technique::HiddenTriple, triple, text);
        assert_eq!(s.find(Technique::HiddenQuad), None);
        // A fourth value confined to those cells and one more makes a quad.
        remove(&mut s, &[4], [1, 2, 3, 5, 6].map(|c| (8, c)));
        let quad = s.find(Technique::HiddenQuad).unwrap();
        let Step::Subset(Subset { cells, values, .. }) = &quad else {
            panic!()
        };
        assert_eq!(cells, &[(8, 0), (8, 4), (8, 7), (8, 8)]);
        assert_eq!(values, &[1, 2, 3, 4]);
        check_step(&s, &quad);
        // 3 with a fourth place in row 9: no hidden triple.
        let mut s = removed(&[1, 2], row_but(8, &[0, 4, 8]));
        remove(&mut s, &[3], row_but(8, &[0, 4, 6, 8]));
        assert_eq!(s.find(Technique::HiddenTriple), None);
    }

    #[test]
    fn direct_hidden_pair_found_and_not() {
        // 1 and 2 in row 1 only at r1c1, r1c2; 3 at r1c1 and r1c6: the pair takes r1c1,
        // so 3 goes to r1c6.
        let mut s = removed(&[1, 2], row_but(0, &[0, 1]));
        remove(&mut s, &[3], row_but(0, &[0, 5]));
        let step = s
            .find(Technique::DirectHiddenPair)
            .expect("a direct hidden pair");
        assert_eq!(step.placement(), Some(((0, 5), 3)));
        assert_eq!(
            (step.score(), step.technique()),
            (2.0, Technique::DirectHiddenPair)
        );
        assert!(
            step.to_string()
                .ends_with("; then 3 in row 1 must go to r1c6"),
            "{step}"
        );
        check_step(&s, &step);
        // With 3 at a third place, the pair is there but no single follows.
        let mut s = removed(&[1, 2], row_but(0, &[0, 1]));
        remove(&mut s, &[3], row_but(0, &[0, 5, 6]));
        assert_eq!(s.find(Technique::DirectHiddenPair), None);
        assert!(s.find(Technique::HiddenPair).is_some());
    }
}
