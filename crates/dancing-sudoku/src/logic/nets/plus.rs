//! Sudoku Explainer's rules inside a dynamic chain "plus" (its level 1, 9.0): when a
//! dynamic propagation has nothing left to follow, locked candidates, hidden pairs,
//! naked pairs and x-wings are looked for in the grid as the chain has left it, in that
//! order, and the first of them that owes something to the chain adds its removals to
//! the chain as off-potentials.
//!
//! A rule owes something to the chain when some candidate of its pattern that the
//! position has was taken out by the chain (SE's "rule parents"): those candidates'
//! nodes become the parents of each removal, so they count in the chain's length.
//! Rules that would apply without the chain (no such candidate) are skipped, as they
//! are not the chain's doing. All the instances of the first rule with a parent are
//! taken, and no later rule is looked at in that round.

use std::collections::VecDeque;

use super::super::outcome::NONE;
use super::{Outcome, Pots, Search};
use crate::logic::state::{LogicSolver, bits};

/// A removal found by a rule: the candidate's off-potential, the off-potentials of the
/// pattern's candidates that the chain took out (the removal's parents), and the rule
/// (an index of [`RULES`]).
pub(super) type Removal = (u32, Vec<u32>, u8);

/// The rules' names, as hints write them.
pub(crate) const RULES: [&str; 9] = [
    "pointing",
    "claiming",
    "hidden pair",
    "naked pair",
    "x-wing",
    // The nested chains' rules ([`nested`](super::nested)).
    "forcing chain",
    "multiple forcing chain",
    "dynamic forcing chain",
    "nested forcing chain",
];

/// The indices of [`RULES`].
const POINTING: u8 = 0;
const CLAIMING: u8 = 1;
const HIDDEN_PAIR: u8 = 2;
const NAKED_PAIR: u8 = 3;
const X_WING: u8 = 4;

/// The grid a dynamic propagation works on, against the position it started from.
pub(super) struct Working<'g> {
    pub(super) s: &'g LogicSolver,
    pub(super) numbers: Pots,
    /// Each cell's candidates in the working grid.
    pub(super) grid: &'g [u64],
    /// The positions of each value in each unit (`unit * side + value − 1`), working.
    pub(super) places: &'g [u64],
    /// The same in the position.
    pub(super) source_places: &'g [u64],
    /// For each unit, the values the chain took some place of out of it (bit `v − 1`).
    pub(super) lost_values: &'g [u64],
    /// For each pair of units, the positions of the first whose cells are not in the
    /// second ([`outside_table`]).
    pub(super) outside: &'g [u64],
}

/// For each pair of units `(a, b)`, at `a · 3n + b`, the positions of `a` whose cells are
/// not in `b`: the geometry the pointing and claiming of the rules read.
pub(super) fn outside_table(s: &LogicSolver) -> Vec<u64> {
    let units = 3 * s.side;
    let mut table = vec![0u64; units * units];
    for a in 0..units {
        for b in 0..units {
            table[a * units + b] = (0..s.side)
                .filter(|&k| !s.in_unit(b, s.unit_cell(a, k)))
                .fold(0, |m, k| m | 1 << k);
        }
    }
    table
}

impl Working<'_> {
    /// The removals of the first rule (locked candidates, hidden pairs, naked pairs,
    /// x-wings) that owes something to the chain; empty when none does.
    pub(super) fn removals(&self) -> Vec<Removal> {
        let mut found = Vec::new();
        for rule in [
            Self::locking,
            Self::hidden_pairs,
            Self::naked_pairs,
            Self::x_wings,
        ] {
            rule(self, &mut found);
            if !found.is_empty() {
                break;
            }
        }
        found
    }

    /// The positions of `v` in `unit`, working.
    fn at(&self, unit: usize, v: u8) -> u64 {
        self.places[unit * self.s.side + usize::from(v) - 1]
    }

    /// The positions of `v` in `unit`, in the position.
    fn was(&self, unit: usize, v: u8) -> u64 {
        self.source_places[unit * self.s.side + usize::from(v) - 1]
    }

    /// Whether the chain took out some candidate of `unit`.
    fn touched(&self, unit: usize) -> bool {
        self.lost_values[unit] != 0
    }

    /// Whether the chain took out some place of `v` in `unit`.
    fn lost_any(&self, unit: usize, v: u8) -> bool {
        self.lost_values[unit] >> (v - 1) & 1 == 1
    }

    /// Into `lost` (one mask a unit), the values the chain took places of out of each
    /// unit: those of the cells it changed.
    pub(super) fn lost_values(s: &LogicSolver, grid: &[u64], lost: &mut Vec<u64>) {
        lost.clear();
        lost.resize(3 * s.side, 0);
        for (i, (&now, &was)) in grid.iter().zip(&s.candidates).enumerate() {
            if now != was {
                for unit in s.se_units(i) {
                    lost[unit] |= was & !now;
                }
            }
        }
    }

    /// Off-potentials of `v` at the positions `mask` of `unit`.
    fn offs(&self, unit: usize, v: u8, mask: u64) -> impl Iterator<Item = u32> + '_ {
        bits(mask).map(move |k| self.numbers.pot(self.s.unit_cell(unit, k), v, false))
    }

    /// Keeps the removals of one instance of `rule` whose pattern lost `parents` to
    /// the chain.
    fn keep(found: &mut Vec<Removal>, (rule, removals): (u8, Vec<u32>), parents: Vec<u32>) {
        if removals.is_empty() || parents.is_empty() {
            return;
        }
        for removal in removals {
            found.push((removal, parents.clone(), rule));
        }
    }

    /// Pointing and claiming (SE's `Locking`): box against column, box against row,
    /// column against box, row against box; a value with two or more places in the
    /// first unit, all in the second, goes from the second's other cells.
    fn locking(&self, found: &mut Vec<Removal>) {
        let n = self.s.side;
        let (rows, columns, boxes) = (0..n, n..2 * n, 2 * n..3 * n);
        let pairs: [(std::ops::Range<usize>, std::ops::Range<usize>, u8); 4] = [
            (boxes.clone(), columns.clone(), POINTING),
            (boxes.clone(), rows.clone(), POINTING),
            (columns, boxes.clone(), CLAIMING),
            (rows, boxes, CLAIMING),
        ];
        for (firsts, seconds, rule) in pairs {
            for first in firsts {
                // Only a pattern that lost a candidate to the chain counts: the first
                // unit's places of the value, taken out.
                if !self.touched(first) {
                    continue;
                }
                for second in seconds.clone() {
                    let outside = self.outside(first, second);
                    if outside == self.s.full() {
                        continue; // the units do not cross
                    }
                    let beyond = self.outside(second, first);
                    for v in bits(self.lost_values[first]).map(|b| b as u8 + 1) {
                        let places = self.at(first, v);
                        if places.count_ones() < 2 {
                            continue;
                        }
                        if places & outside != 0 {
                            continue;
                        }
                        let removed = self.at(second, v) & beyond;
                        if removed == 0 {
                            continue;
                        }
                        let lost = self.was(first, v) & !places & outside;
                        let parents = self.offs(first, v, lost).collect();
                        Self::keep(
                            found,
                            (rule, self.offs(second, v, removed).collect()),
                            parents,
                        );
                    }
                }
            }
        }
    }

    /// The positions of `unit` whose cells are not in `other`.
    fn outside(&self, unit: usize, other: usize) -> u64 {
        self.outside[unit * 3 * self.s.side + other]
    }

    /// The units in SE's order for subsets: boxes, columns, rows.
    fn subset_units(&self) -> impl Iterator<Item = usize> + use<> {
        let n = self.s.side;
        (2 * n..3 * n).chain(n..2 * n).chain(0..n)
    }

    /// Hidden pairs (SE's `HiddenSet(2)`): in a unit of more than four empty cells, two
    /// values each with two or more places, in the same two cells; their other
    /// candidates go.
    fn hidden_pairs(&self, found: &mut Vec<Removal>) {
        let n = self.s.side;
        for unit in self.subset_units() {
            if !self.touched(unit) || self.s.empty_cells(unit) <= 4 {
                continue;
            }
            let lost = self.lost_values[unit];
            for a in 1..=n as u8 {
                // The values after `a`: any if the chain took a place of `a`, else
                // those it took a place of.
                let after = self.s.full() & !((1u64 << a) - 1);
                let others = if self.lost_any(unit, a) {
                    after
                } else {
                    after & lost
                };
                for b in bits(others).map(|b| b as u8 + 1) {
                    let (pa, pb) = (self.at(unit, a), self.at(unit, b));
                    if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                        continue;
                    }
                    let pair = (1u64 << (a - 1)) | (1 << (b - 1));
                    let removals: Vec<u32> = bits(pa | pb)
                        .flat_map(|k| {
                            let i = self.s.unit_cell(unit, k);
                            bits(self.grid[i] & !pair)
                                .map(move |x| self.numbers.pot(i, x as u8 + 1, false))
                        })
                        .collect();
                    // Every place of either value outside the pair that the chain took.
                    let others = !(pa | pb);
                    let parents = bits(others & (self.was(unit, a) | self.was(unit, b)))
                        .flat_map(|k| {
                            let i = self.s.unit_cell(unit, k);
                            [a, b]
                                .into_iter()
                                .filter(move |&v| self.s.candidates[i] >> (v - 1) & 1 == 1)
                                .map(move |v| self.numbers.pot(i, v, false))
                        })
                        .collect();
                    Self::keep(found, (HIDDEN_PAIR, removals), parents);
                }
            }
        }
    }

    /// Naked pairs (SE's `NakedSet(2)`): in a unit of four empty cells or more, two
    /// cells each with two or more candidates, two values between them; those values
    /// go from the unit's other cells.
    fn naked_pairs(&self, found: &mut Vec<Removal>) {
        let n = self.s.side;
        for unit in self.subset_units() {
            if !self.touched(unit) || self.s.empty_cells(unit) < 4 {
                continue;
            }
            // The positions of the cells the chain changed.
            let changed = (0..n)
                .filter(|&k| {
                    let i = self.s.unit_cell(unit, k);
                    self.grid[i] != self.s.candidates[i]
                })
                .fold(0u64, |m, k| m | 1 << k);
            for ka in 0..n {
                let after = self.s.full() & !((2u64 << ka) - 1);
                let others = if changed >> ka & 1 == 1 {
                    after
                } else {
                    after & changed
                };
                for kb in bits(others) {
                    let (i, j) = (self.s.unit_cell(unit, ka), self.s.unit_cell(unit, kb));
                    let (ci, cj) = (self.grid[i], self.grid[j]);
                    if ci.count_ones() < 2 || cj.count_ones() < 2 || (ci | cj).count_ones() != 2 {
                        continue;
                    }
                    let pair = ci | cj;
                    let cells = (1u64 << ka) | (1 << kb);
                    let removals: Vec<u32> = bits(pair)
                        .flat_map(|x| {
                            let v = x as u8 + 1;
                            self.offs(unit, v, self.at(unit, v) & !cells)
                        })
                        .collect();
                    // The two cells' other candidates that the chain took.
                    let parents = [i, j]
                        .into_iter()
                        .flat_map(|c| {
                            bits(self.s.candidates[c] & !pair)
                                .map(move |x| self.numbers.pot(c, x as u8 + 1, false))
                        })
                        .collect();
                    Self::keep(found, (NAKED_PAIR, removals), parents);
                }
            }
        }
    }

    /// X-wings (SE's `Fisherman(2)`): columns then rows as base lines. Two base lines
    /// where a value has two or more places each, in the same two cross lines; the
    /// value goes from the cross lines' other cells. Only a value placed in at most
    /// side − 4 cells.
    fn x_wings(&self, found: &mut Vec<Removal>) {
        let n = self.s.side;
        let mut placed = vec![0usize; n + 1];
        for i in 0..n * n {
            placed[usize::from(self.s.values[i])] += 1;
        }
        for (bases, covers) in [(n, 0), (0, n)] {
            for a in 0..n {
                for b in a + 1..n {
                    if !self.touched(bases + a) && !self.touched(bases + b) {
                        continue;
                    }
                    let lost = self.lost_values[bases + a] | self.lost_values[bases + b];
                    for v in bits(lost).map(|b| b as u8 + 1) {
                        if placed[usize::from(v)] + 4 > n {
                            continue;
                        }
                        let (pa, pb) = (self.at(bases + a, v), self.at(bases + b, v));
                        if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2
                        {
                            continue;
                        }
                        let lines = (1u64 << a) | (1 << b);
                        let removals: Vec<u32> = bits(pa | pb)
                            .flat_map(|k| {
                                let cover = covers + k;
                                self.offs(cover, v, self.at(cover, v) & !lines)
                            })
                            .collect();
                        // The base lines' places outside the cross lines that the chain took.
                        let parents = [a, b]
                            .into_iter()
                            .flat_map(|base| {
                                let unit = bases + base;
                                self.offs(unit, v, self.was(unit, v) & !(pa | pb))
                            })
                            .collect();
                        Self::keep(found, (X_WING, removals), parents);
                    }
                }
            }
        }
    }
}

impl Search<'_> {
    /// The rules of a chain "plus" on the grid the chain has left: each removal of the
    /// first rule that owes something to the chain, new to the outcome, becomes an
    /// off-potential to follow, with the candidates the rule's pattern lost as its
    /// parents. Whether any was added.
    pub(super) fn rules(&mut self, out: &mut Outcome, pending_off: &mut VecDeque<u32>) -> bool {
        Working::lost_values(self.s, &self.grid, &mut self.lost);
        let working = Working {
            s: self.s,
            numbers: self.numbers,
            grid: &self.grid,
            places: &self.places,
            source_places: &self.source_places,
            lost_values: &self.lost,
            outside: &self.outside,
        };
        let found = working.removals();
        if found.is_empty() && self.level >= 2 {
            return self.nested_rules(out, pending_off);
        }
        let mut added = false;
        for (removal, parents, rule) in found {
            if out.node_of(removal).is_some() {
                continue;
            }
            let parents: Vec<u32> = parents.iter().filter_map(|&p| out.node_of(p)).collect();
            let child = out.add(removal, &parents, false);
            out.rules.push((child, rule, NONE));
            pending_off.push_back(child);
            added = true;
        }
        added
    }
}
