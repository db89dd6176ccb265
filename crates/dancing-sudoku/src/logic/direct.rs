//! Sudoku Explainer's direct forms: a pointing, a claiming or a hidden pair or triple
//! whose eliminations leave a value one place, where the step places it. Their finders
//! build on the locked candidates' and the subsets' and hold the step they start from,
//! so they sit above those families, with [`Step`].

use super::sets::locked_set;
use super::state::{LogicSolver, bits};
use super::step::{Direct, Step};
use super::technique::Technique;
use super::{locked, subsets};

/// Sudoku Explainer's direct pointing (`cause` [`Technique::Pointing`]) or direct
/// claiming (`cause` [`Technique::Claiming`]): `value`, with two places or more in a first unit, has them all in a
/// second; another unit of the first's kind that crosses the second then keeps one
/// place outside it, where the step places `value`. In SE's order: the pairs of kinds
/// (box and column, box and row; or column and box, row and box), then values, then
/// the units by number.
pub(super) fn locked(s: &LogicSolver, cause: Technique) -> Option<Direct> {
    let n = s.side;
    let (rows, columns, boxes) = (0..n, n..2 * n, 2 * n..3 * n);
    let kinds = if cause == Technique::Pointing {
        [(boxes.clone(), columns), (boxes, rows)]
    } else {
        [(columns, boxes.clone()), (rows, boxes)]
    };
    for (firsts, seconds) in kinds {
        for value in 1..=n as u8 {
            for from in firsts.clone() {
                let places = s.positions(from, value);
                if places.count_ones() < 2 {
                    continue;
                }
                let cells: Vec<usize> = bits(places).map(|k| s.unit_cell(from, k)).collect();
                for to in seconds.clone() {
                    if !cells.iter().all(|&i| s.in_unit(to, i)) {
                        continue;
                    }
                    for other in firsts.clone().filter(|&u| u != from) {
                        let places = s.positions(other, value);
                        let outside: Vec<usize> = bits(places)
                            .map(|k| s.unit_cell(other, k))
                            .filter(|&i| !s.in_unit(to, i))
                            .collect();
                        if places.count_ones() < 2 || outside.len() != 1 {
                            continue;
                        }
                        let locked = locked::locked(s, cause, value, from, to)
                            .expect("a place of the other unit lies in `to`");
                        return Some(Direct {
                            cause: Box::new(Step::from(locked)),
                            cell: s.cell(outside[0]),
                            value,
                            unit: s.unit(other),
                        });
                    }
                }
            }
        }
    }
    None
}

/// Sudoku Explainer's direct hidden pair (`size` 2) or triple (3): a hidden subset
/// after whose eliminations another value of its unit has one place left, where the
/// step places it. Units in SE's order (boxes, columns, rows), those with more than
/// `size` empty cells.
pub(super) fn hidden(s: &LogicSolver, size: usize) -> Option<Direct> {
    let n = s.side;
    let units = (2 * n..3 * n).chain(n..2 * n).chain(0..n);
    units
        .filter(|&unit| s.empty_cells(unit) > size)
        .find_map(|unit| {
            let items = s.places(unit).map(|(v, m)| (usize::from(v), m));
            locked_set(items, size, |chosen, union| {
                let (value, places) = s
                    .places(unit)
                    .filter(|(v, _)| !chosen.contains(&usize::from(*v)))
                    .find(|&(_, m)| m.count_ones() > 1 && (m & !union).count_ones() == 1)?;
                let cause = subsets::hidden_subset(s, unit, chosen, union)?;
                Some(Direct {
                    cause: Box::new(Step::from(cause)),
                    cell: s.cell(s.unit_cell(unit, (places & !union).trailing_zeros() as usize)),
                    value,
                    unit: s.unit(unit),
                })
            })
        })
}
