//! Uniqueness techniques: unique rectangles and loops, and the bivalue universal grave
//! (BUG), as Sudoku Explainer finds and rates them. Each assumes that the puzzle has
//! one solution: a pattern that would allow two (a deadly pattern) cannot be the end
//! state, so the candidates that would complete it go.

mod roofs;

use std::fmt;

use super::deduction::{Cell, Deduction, deduction};
use super::state::{LogicSolver, bits, values_of};
use super::technique::Technique;
use super::words::{cells, removed, size_word, symbol, values};
use crate::grid::Unit;
use roofs::{HIDDEN_3, type_3, type_4};

/// A unique rectangle or loop: `cells` (in loop order) all hold both `values`, and all
/// but a few hold nothing else; if those few were left with the pair too, the values
/// could swap around the loop. SE's type `kind`: 1, 2 or 4 (type 3 is
/// [`UniqueLoopSubset`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UniqueLoop {
    /// SE's type of the step.
    pub kind: u8,
    /// The loop's cells, in order around it.
    pub cells: Vec<Cell>,
    /// The two values.
    pub values: [u8; 2],
    /// The candidates removed.
    pub eliminations: Vec<(Cell, u8)>,
    /// The score in tenths, by the loop's length.
    pub tenths: u16,
}

/// A unique rectangle or loop of SE's type 3: the two loop cells with other values
/// (`roof`) act as one cell that holds one of `extra` (else the pair could swap around
/// the loop). In `unit`, which holds both, that cell and `subset` make a naked subset
/// of `subset_values` (`hidden` false: those values leave the unit's other cells), or
/// `subset_values`, the pair among them, have no other places than the roof and
/// `subset` (`hidden` true: `subset` keeps only them).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UniqueLoopSubset {
    /// The loop's cells, in order around it.
    pub cells: Vec<Cell>,
    /// The two values.
    pub values: [u8; 2],
    /// The two loop cells with other values.
    pub roof: [Cell; 2],
    /// Their other values.
    pub extra: Vec<u8>,
    /// The unit the roof shares with the subset.
    pub unit: Unit,
    /// Whether the subset is hidden (else naked).
    pub hidden: bool,
    /// The subset's cells besides the roof.
    pub subset: Vec<Cell>,
    /// The subset's values.
    pub subset_values: Vec<u8>,
    /// The candidates removed.
    pub eliminations: Vec<(Cell, u8)>,
    /// The score in tenths: the loop's, plus a tenth for each subset value past the
    /// first (naked) or the second (hidden).
    pub tenths: u16,
}

/// The bivalue universal grave: without `values` in `cells`, every empty cell would
/// have two candidates and every value two places in every unit, which would give the
/// puzzle two solutions. Type `kind` 1: the one cell keeps only its BUG values; 2: the
/// one value leaves every cell that sees all the BUG cells.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Bug {
    /// SE's type, 1 or 2.
    pub kind: u8,
    /// The cells with more than two candidates that the grave needs.
    pub cells: Vec<Cell>,
    /// Their candidates beyond the grave.
    pub values: Vec<u8>,
    /// The candidates removed.
    pub eliminations: Vec<(Cell, u8)>,
}

deduction!(UniqueLoop, |_| Technique::UniqueRectangle, tenths);

impl fmt::Display for UniqueLoop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, kind) = (self.technique(), self.kind);
        let swap = could_swap(self.values, &self.cells);
        write!(
            f,
            "{name} type {kind}: {swap}, so {}",
            removed(&self.eliminations)
        )
    }
}

deduction!(UniqueLoopSubset, |_| Technique::UniqueRectangle, tenths);

impl fmt::Display for UniqueLoopSubset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.roof;
        write!(
            f,
            "{} type 3: {}, so {} or {} holds {}; ",
            self.technique(),
            could_swap(self.values, &self.cells),
            cells(&[a]),
            cells(&[b]),
            values(&self.extra, " or "),
        )?;
        let (unit, size) = (self.unit, size_word(self.subset.len() + 1));
        let (subset, subset_values) = (cells(&self.subset), values(&self.subset_values, " and "));
        let gone = removed(&self.eliminations);
        if self.hidden {
            write!(
                f,
                "then {subset_values} in {unit}, which have no other places, go to the other and {subset}: a hidden {size}, so {gone}"
            )
        } else {
            write!(
                f,
                "with {subset} they make a naked {size} of {subset_values} in {unit}, so {gone}"
            )
        }
    }
}

impl Deduction for Bug {
    fn technique(&self) -> Technique {
        Technique::Bug
    }

    fn eliminations(&self) -> &[(Cell, u8)] {
        &self.eliminations
    }

    /// 5.6 for type 1, 5.7 for type 2.
    fn tenths(&self) -> u16 {
        55 + u16::from(self.kind)
    }
}

impl fmt::Display for Bug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} type {}: without {} in {} the grid would have two solutions, so {}",
            self.technique(),
            self.kind,
            values(&self.values, " and "),
            cells(&self.cells),
            removed(&self.eliminations)
        )
    }
}

/// `1 and 2 could swap around the rectangle r1c1, r1c4, r2c4, r2c1` (or `the loop`).
fn could_swap([a, b]: [u8; 2], loop_cells: &[Cell]) -> String {
    let shape = if loop_cells.len() == 4 {
        "rectangle"
    } else {
        "loop"
    };
    format!(
        "{} and {} could swap around the {shape} {}",
        symbol(a),
        symbol(b),
        cells(loop_cells)
    )
}

/// A unique loop of either shape: what [`unique_loop`] finds, made a
/// [`Step`](super::Step) (`UniqueLoop` or `UniqueLoopSubset`) above the families.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum LoopStep {
    /// Types 1, 2 and 4.
    Plain(UniqueLoop),
    /// Type 3.
    Subset(UniqueLoopSubset),
}

impl LoopStep {
    /// Its score in tenths.
    fn tenths(&self) -> u16 {
        match self {
            Self::Plain(step) => step.tenths(),
            Self::Subset(step) => step.tenths(),
        }
    }
}

/// The easiest unique rectangle or loop, if any: by score, then type.
pub(super) fn unique_loop(s: &LogicSolver) -> Option<LoopStep> {
    let mut found: Vec<(u16, u8, LoopStep)> = Vec::new();
    let mut seen: Vec<(u8, Vec<usize>)> = Vec::new();
    for start in 0..s.side * s.side {
        let candidates = s.candidates[start];
        if candidates.count_ones() != 2 {
            continue;
        }
        let mut loops = Vec::new();
        walk(
            s,
            start,
            candidates,
            &mut Vec::new(),
            2,
            0,
            None,
            &mut loops,
        );
        for cells in loops {
            if !is_valid_loop(s, &cells) {
                continue;
            }
            let mut key = cells.clone();
            key.sort_unstable();
            for (class, step) in loop_steps(s, &cells, candidates) {
                if !seen.iter().any(|(c, k)| *c == class && *k == key) {
                    seen.push((class, key.clone()));
                    // SE sorts by score, then type: a hidden type 3 is a type 3.
                    let kind = if class == HIDDEN_3 { 3 } else { class };
                    found.push((step.tenths(), kind, step));
                }
            }
        }
    }
    found.sort_by_key(|&(tenths, kind, _)| (tenths, kind));
    found.into_iter().next().map(|(_, _, step)| step)
}

/// SE's loop search from `cell`: the next cell shares a unit with it (not the unit
/// kind the last two share) and holds both values of `pair`; at most two cells with
/// other values, or any number if those other values are one and the same. A path back
/// to the first cell after four cells or more is a loop.
#[allow(clippy::too_many_arguments)]
fn walk(
    s: &LogicSolver,
    cell: usize,
    pair: u64,
    path: &mut Vec<usize>,
    allowed: i32,
    extra: u64,
    last: Option<usize>,
    loops: &mut Vec<Vec<usize>>,
) {
    path.push(cell);
    // As in SE, the other values gathered here carry over from one neighbour to the next.
    let mut extra = extra;
    for (kind, unit) in s.se_units(cell).into_iter().enumerate() {
        if last == Some(kind) {
            continue;
        }
        for k in 0..s.side {
            let next = s.unit_cell(unit, k);
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
            } else if !path.contains(&next) {
                let candidates = s.candidates[next];
                if candidates & pair != pair {
                    continue;
                }
                extra |= candidates & !pair;
                let plain = candidates.count_ones() == 2;
                if plain || extra.count_ones() == 1 || allowed > 0 {
                    let allowed = if plain { allowed } else { allowed - 1 };
                    walk(s, next, pair, path, allowed, extra, Some(kind), loops);
                }
            }
        }
    }
    path.pop();
}

/// Whether every unit the loop passes holds two of its cells, one at an even and one at
/// an odd position: then the two values could swap around it.
fn is_valid_loop(s: &LogicSolver, cells: &[usize]) -> bool {
    let mut parity: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for (k, &cell) in cells.iter().enumerate() {
        for unit in s.se_units(cell) {
            let side = &mut parity[k % 2];
            if side.contains(&unit) {
                return false;
            }
            side.push(unit);
        }
    }
    let [mut even, mut odd] = parity;
    even.sort_unstable();
    odd.sort_unstable();
    even == odd
}

/// The steps a deadly loop allows, each with its class: SE's type number, or
/// [`HIDDEN_3`]. Type 1 (one cell with other values loses the pair), type 2 (the cells
/// with other values share one, which leaves the cells that see them all), type 3 (the
/// two such cells make a subset with others, [`type_3`]) and type 4 (one value of the
/// pair confined to the two such cells in a unit: the other value leaves them).
fn loop_steps(s: &LogicSolver, cells: &[usize], pair: u64) -> Vec<(u8, LoopStep)> {
    let extras: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&i| s.candidates[i].count_ones() > 2)
        .collect();
    let mut out = Vec::new();
    let step = |kind: u8, eliminations: Vec<(Cell, u8)>| {
        (!eliminations.is_empty()).then(|| {
            let mut eliminations = eliminations;
            eliminations.sort_unstable();
            (
                kind,
                LoopStep::Plain(UniqueLoop {
                    kind,
                    cells: cells.iter().map(|&i| s.cell(i)).collect(),
                    values: [value(pair), value(pair & (pair - 1))],
                    eliminations,
                    tenths: loop_tenths(cells.len()),
                }),
            )
        })
    };
    let other = |i: usize| s.candidates[i] & !pair;
    match extras.len() {
        1 => {
            let rescue = extras[0];
            let gone = bits(pair).map(|b| (s.cell(rescue), b as u8 + 1)).collect();
            out.extend(step(1, gone));
        }
        0 => {}
        count => {
            let shared = extras.iter().fold(0, |m, &i| m | other(i));
            if count > 2 || shared.count_ones() == 1 {
                let v = value(other(extras[0]));
                let bit = 1u64 << (v - 1);
                let gone = s
                    .house(extras[0])
                    .filter(|&j| extras[1..].iter().all(|&i| s.sees(i, j)))
                    .filter(|j| !extras.contains(j) && s.candidates[*j] & bit != 0)
                    .map(|j| (s.cell(j), v))
                    .collect();
                out.extend(step(2, gone));
            }
            if count == 2 {
                if shared.count_ones() >= 2 {
                    let [naked, hidden] = type_3(s, cells, [extras[0], extras[1]], pair);
                    out.extend(naked.map(|step| (3, step)));
                    out.extend(hidden.map(|step| (HIDDEN_3, step)));
                }
                out.extend(type_4(s, extras[0], extras[1], pair).and_then(|gone| step(4, gone)));
            }
        }
    }
    out
}

/// A subset found for type 3: its cells besides the roof, its values (a mask) and the
/// candidates it removes.
type Subset = (Vec<usize>, u64, Vec<(Cell, u8)>);

/// SE's score of a loop of `cells` cells, in tenths: 4.5 for a rectangle, 4.6 for six
/// cells, 4.7 for eight, 5.0 for ten or more.
fn loop_tenths(cells: usize) -> u16 {
    match cells {
        0..=5 => 45,
        6 | 7 => 46,
        8 | 9 => 47,
        _ => 50,
    }
}

/// The lowest value of a mask.
fn value(mask: u64) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

/// The bivalue universal grave, types 1 and 2, as SE finds it: the candidates that
/// stop the grid from being a BUG (every empty cell with two candidates, every value
/// with two places in every unit) must be those of one cell (type 1: the cell keeps only
/// them) or one value (type 2: the value leaves every cell that sees all of its BUG
/// cells).
pub(super) fn bug(s: &LogicSolver) -> Option<Bug> {
    let n = s.side;
    let mut rest = s.candidates.clone();
    let mut cells: Vec<usize> = Vec::new();
    let mut values = 0u64;
    let mut common: Option<Vec<usize>> = None;
    let order = (2 * n..3 * n).chain(0..2 * n);
    for unit in order {
        for v in 1..=n as u8 {
            let places = s.positions(unit, v);
            if matches!(places.count_ones(), 0 | 2) {
                continue;
            }
            let bug: Vec<usize> = bits(places)
                .map(|k| s.unit_cell(unit, k))
                .filter(|&i| s.candidates[i].count_ones() >= 3)
                .collect();
            if bug.is_empty() {
                return None;
            }
            if let [cell] = bug[..] {
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
                values |= 1 << (v - 1);
                rest[cell] &= !(1 << (v - 1));
                let shared = common.get_or_insert_with(|| s.house(cell).collect());
                shared.retain(|&j| s.sees(j, cell) && !cells.contains(&j));
                if cells.len() > 1 && values.count_ones() > 1 && shared.is_empty() {
                    return None;
                }
            }
        }
    }
    // Without the BUG candidates, the grid must be a BUG.
    if (0..n * n).any(|i| s.values[i] == 0 && rest[i].count_ones() != 2) {
        return None;
    }
    for unit in 0..3 * n {
        let mut places = [0u32; 64];
        for k in 0..n {
            for b in bits(rest[s.unit_cell(unit, k)]) {
                places[b] += 1;
            }
        }
        if places[..n].iter().any(|&p| p != 0 && p != 2) {
            return None;
        }
    }
    let (kind, eliminations): (u8, Vec<(Cell, u8)>) = if let [cell] = cells[..] {
        let gone = bits(s.candidates[cell] & !values).map(|b| (s.cell(cell), b as u8 + 1));
        (1, gone.collect())
    } else if values.count_ones() == 1 {
        let v = value(values);
        let gone = common
            .unwrap_or_default()
            .into_iter()
            .filter(|&j| s.candidates[j] & values != 0)
            .map(|j| (s.cell(j), v));
        (2, gone.collect())
    } else {
        return None;
    };
    if eliminations.is_empty() {
        return None;
    }
    let mut eliminations = eliminations;
    eliminations.sort_unstable();
    Some(Bug {
        kind,
        cells: cells.iter().map(|&i| s.cell(i)).collect(),
        values: values_of(values),
        eliminations,
    })
}

#[cfg(test)]
mod tests;
