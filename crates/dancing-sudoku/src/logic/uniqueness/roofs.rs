//! The loops' types 3 and 4: the two cells with other values as one roof cell in a
//! subset, or one value of the pair kept to the two of them.

use super::super::deduction::Cell;
use super::super::sets::colex;
use super::super::state::{LogicSolver, bits, values_of};
use super::{LoopStep, Subset, UniqueLoopSubset, loop_tenths, value};

/// The class of a hidden type 3 step, kept apart from the naked ones (3): SE keeps the
/// first step of each class for a loop.
pub(super) const HIDDEN_3: u8 = 5;

/// The largest subset a type 3 loop looks for: SE's search goes up to N − 2, 7 on the
/// 9×9 grids it knows. Larger grids keep that bound: the combinations of larger subsets
/// explode (a 36×36 unit of 30 empty cells has 145 million of 14 cells), and a subset
/// of more than 7 cells is past any person.
pub(super) const MAX_ROOF_SUBSET: usize = 7;

/// Type 3, as SE finds it: the two cells with other values act as one cell (the roof)
/// that holds one of those values. In each unit both lie in (box, row, column), for
/// subsets of each size from the number of those values up: with other cells the roof
/// makes a naked subset, or with the pair and other values a hidden one. Returns the
/// first naked and the first hidden subset that remove something.
pub(super) fn type_3(
    s: &LogicSolver,
    cells: &[usize],
    [c1, c2]: [usize; 2],
    pair: u64,
) -> [Option<LoopStep>; 2] {
    let n = s.side;
    let extra = (s.candidates[c1] | s.candidates[c2]) & !pair;
    let base = loop_tenths(cells.len());
    let step = |unit: usize, hidden: bool, subset: Vec<usize>, values: u64, gone, tenths| {
        LoopStep::Subset(UniqueLoopSubset {
            cells: cells.iter().map(|&i| s.cell(i)).collect(),
            values: [value(pair), value(pair & (pair - 1))],
            roof: [s.cell(c1), s.cell(c2)],
            extra: values_of(extra),
            unit: s.unit(unit),
            hidden,
            subset: subset.into_iter().map(|i| s.cell(i)).collect(),
            subset_values: values_of(values),
            eliminations: gone,
            tenths,
        })
    };
    let [mut naked, mut hidden] = [None, None];
    for degree in extra.count_ones() as usize..=(n - 2).min(MAX_ROOF_SUBSET) {
        for (unit, other) in s.se_units(c1).into_iter().zip(s.se_units(c2)) {
            if unit != other {
                continue;
            }
            let empty = s.empty_cells(unit);
            let (k1, k2) = (s.unit_position(unit, c1), s.unit_position(unit, c2));
            if naked.is_none() && degree * 2 <= empty {
                naked =
                    naked_roof(s, unit, [k1, k2], extra, degree).map(|(subset, values, gone)| {
                        step(unit, false, subset, values, gone, base + degree as u16 - 1)
                    });
            }
            if hidden.is_none() && degree * 2 < empty {
                hidden = hidden_roof(s, unit, [k1, k2], pair, extra, degree).map(
                    |(subset, values, gone)| {
                        step(unit, true, subset, values, gone, base + degree as u16 - 2)
                    },
                );
            }
        }
    }
    [naked, hidden]
}

/// A naked subset of `degree` values in `unit`: the roof (at positions `k1`, `k2`,
/// holding `extra`) and `degree - 1` other cells of two candidates or more, whose
/// values with `extra` are `degree`, each of `extra` in both roof cells or in another
/// subset cell (SE's rule). The first, in SE's order, that removes a candidate: its
/// other cells, its values and the eliminations.
pub(super) fn naked_roof(
    s: &LogicSolver,
    unit: usize,
    [k1, k2]: [usize; 2],
    extra: u64,
    degree: usize,
) -> Option<Subset> {
    let [c1, c2] = [k1, k2].map(|k| s.unit_cell(unit, k));
    let others: Vec<usize> = (0..s.side).filter(|&k| k != k1 && k != k2).collect();
    // The union of the candidates of the chosen cells and `start`, and whether each
    // chosen cell has two candidates or more.
    let union = |chosen: &[usize], start: u64| {
        chosen.iter().fold((start, true), |(m, ok), &j| {
            let c = s.candidates[s.unit_cell(unit, others[j])];
            (m | c, ok && c.count_ones() >= 2)
        })
    };
    colex(
        others.len(),
        degree - 1,
        &mut Vec::new(),
        &|chosen| {
            let (all, ok) = union(chosen, extra);
            !ok || all.count_ones() as usize > degree
        },
        &mut |chosen| {
            let (all, _) = union(chosen, extra);
            let (covered, _) = union(chosen, extra & s.candidates[c1] & s.candidates[c2]);
            if all.count_ones() as usize != degree || covered != all {
                return None;
            }
            let subset: Vec<usize> = chosen
                .iter()
                .map(|&j| s.unit_cell(unit, others[j]))
                .collect();
            let gone: Vec<(Cell, u8)> = (0..s.side)
                .map(|k| s.unit_cell(unit, k))
                .filter(|i| *i != c1 && *i != c2 && !subset.contains(i))
                .flat_map(|i| bits(s.candidates[i] & all).map(move |b| (s.cell(i), b as u8 + 1)))
                .collect();
            let mut subset = subset;
            subset.sort_unstable();
            (!gone.is_empty()).then_some((subset, all, gone))
        },
    )
}

/// A hidden subset of `degree` values in `unit`: the pair and `degree - 2` values
/// outside it and `extra`, whose places in the unit (the second roof cell, at `k2`, not
/// counted) are `degree`. The first, in SE's order, that removes a candidate: its cells
/// other than the roof, its values and the eliminations (the other values of those
/// cells).
pub(super) fn hidden_roof(
    s: &LogicSolver,
    unit: usize,
    [k1, k2]: [usize; 2],
    pair: u64,
    extra: u64,
    degree: usize,
) -> Option<Subset> {
    let rest: Vec<u8> = (1..=s.side as u8)
        .filter(|v| (pair | extra) & (1 << (v - 1)) == 0)
        .collect();
    if rest.is_empty() || degree - 2 > rest.len() {
        return None;
    }
    let places = |v: u8| s.positions(unit, v) & !(1 << k2);
    let (p1, p2) = (places(value(pair)), places(value(pair & (pair - 1))));
    let union = |chosen: &[usize]| chosen.iter().fold(p1 | p2, |m, &j| m | places(rest[j]));
    colex(
        rest.len(),
        degree - 2,
        &mut Vec::new(),
        &|chosen| union(chosen).count_ones() as usize > degree,
        &mut |chosen| {
            let at = union(chosen);
            if at.count_ones() as usize != degree
                || p1 == 0
                || p2 == 0
                || chosen.iter().any(|&j| places(rest[j]) == 0)
            {
                return None;
            }
            let values = chosen.iter().fold(pair, |m, &j| m | 1 << (rest[j] - 1));
            let subset: Vec<usize> = bits(at & !(1 << k1))
                .map(|k| s.unit_cell(unit, k))
                .collect();
            let gone: Vec<(Cell, u8)> = subset
                .iter()
                .flat_map(|&i| {
                    bits(s.candidates[i] & !values).map(move |b| (s.cell(i), b as u8 + 1))
                })
                .collect();
            (!gone.is_empty()).then_some((subset, values, gone))
        },
    )
}

/// Type 4: in a unit the two cells share, one value of the pair has no other place
/// (the last such unit in SE's order decides, as in SE); the other value leaves both.
pub(super) fn type_4(s: &LogicSolver, a: usize, b: usize, pair: u64) -> Option<Vec<(Cell, u8)>> {
    let (v1, v2) = (value(pair), value(pair & (pair - 1)));
    let (mut locked_1, mut locked_2) = (false, false);
    for (ua, ub) in s.se_units(a).into_iter().zip(s.se_units(b)) {
        if ua != ub {
            continue;
        }
        let elsewhere = |v: u8| {
            (0..s.side)
                .map(|k| s.unit_cell(ua, k))
                .any(|j| j != a && j != b && s.candidates[j] & (1 << (v - 1)) != 0)
        };
        if !elsewhere(v1) {
            locked_1 = true;
        }
        if !elsewhere(v2) {
            locked_2 = true;
        }
    }
    let gone = if locked_1 {
        v2
    } else if locked_2 {
        v1
    } else {
        return None;
    };
    Some(vec![(s.cell(a), gone), (s.cell(b), gone)])
}
