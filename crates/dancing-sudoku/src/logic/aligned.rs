//! Aligned exclusion, as Sudoku Explainer finds it (its aligned triplet exclusion, 7.5,
//! tried after the cycles and forcing chains): three cells are filled together in every
//! way their candidates allow; a way that repeats a value between two cells that see
//! each other, or takes every candidate of a cell that sees them all, is impossible; a
//! candidate of one of them that no possible way uses goes. SE rates 9×9 grids only,
//! and so does this search: larger grids go on to the forcing nets.

use std::fmt;

use super::deduction::{Cell, Deduction, deduction};
use super::state::{LogicSolver, bits};
use super::technique::Technique;
use super::words::{cells, cells_of, joined, removed, values};

/// An aligned exclusion ([`Technique::AlignedTripleExclusion`]): every way to fill
/// `cells` that gives one of them a removed candidate repeats a value within a unit or
/// takes all the candidates of one of `excluders`, which see all of `cells`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct AlignedExclusion {
    /// The cells filled together.
    pub cells: Vec<Cell>,
    /// The cells that see them all and hold no more candidates than they are many.
    pub excluders: Vec<Cell>,
    /// The candidates removed.
    pub eliminations: Vec<(Cell, u8)>,
}

deduction!(AlignedExclusion, |_| Technique::AlignedTripleExclusion);

impl fmt::Display for AlignedExclusion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ways: Vec<String> = cells_of(&self.eliminations)
            .into_iter()
            .map(|cell| {
                let gone: Vec<u8> = self
                    .eliminations
                    .iter()
                    .filter(|&&(at, _)| at == cell)
                    .map(|&(_, v)| v)
                    .collect();
                format!("{} as {}", cells(&[cell]), values(&gone, " or "))
            })
            .collect();
        let around = joined(self.excluders.iter().map(|&e| cells(&[e])), " or ");
        write!(
            f,
            "{}: {} cannot be filled with {} without repeating a value in a unit or taking all the candidates of {around}, which see all three, so {}",
            self.technique(),
            cells(&self.cells),
            ways.join(", or "),
            removed(&self.eliminations)
        )
    }
}

/// The most candidates of an excluder: SE's aligned *triplet* exclusion.
const DEGREE: u32 = 3;

/// A set of cells of a grid of up to 128 (bit `i` for cell `i`), or of base indices.
type Set = u128;

/// The first aligned triple exclusion, in SE's order, that removes something.
pub(super) fn triple_exclusion(s: &LogicSolver) -> Option<AlignedExclusion> {
    let cells = s.side * s.side;
    if cells > Set::BITS as usize {
        return None;
    }
    let count = |i: usize| s.candidates[i].count_ones();
    // An excluder: a cell with two or three candidates.
    let excluder = |j: usize| (2..=DEGREE).contains(&count(j));
    // The base cells SE considers, in reading order, each with its excluders (the cells
    // that see it and are excluders) as a set; and for each cell, the set of bases it
    // excludes. None when a naked single is left.
    let mut bases: Vec<usize> = Vec::new();
    let mut sets: Vec<Set> = Vec::new();
    let mut base_of = vec![usize::MAX; cells];
    let mut excluded_by: Vec<Set> = vec![0; cells];
    for (i, slot) in base_of.iter_mut().enumerate() {
        if count(i) < 2 || s.house(i).any(|j| count(j) == 1) {
            continue;
        }
        let set = s
            .house(i)
            .filter(|&j| excluder(j))
            .fold(0, |m: Set, j| m | 1 << j);
        if set != 0 {
            for j in set_bits(set) {
                excluded_by[j] |= 1 << bases.len();
            }
            *slot = bases.len();
            bases.push(i);
            sets.push(set);
        }
    }
    if bases.len() < 3 {
        return None;
    }
    // Each base's excluders that are bases too, as base indices in SE's house order:
    // base `k`'s at `third_list[starts[k]..starts[k + 1]]`.
    let mut third_list: Vec<usize> = Vec::new();
    let mut starts: Vec<usize> = Vec::with_capacity(bases.len() + 1);
    for &i in &bases {
        starts.push(third_list.len());
        third_list.extend(
            s.house(i)
                .filter(|&j| excluder(j) && base_of[j] != usize::MAX)
                .map(|j| base_of[j]),
        );
    }
    starts.push(third_list.len());
    let thirds = |k: usize| third_list[starts[k]..starts[k + 1]].iter().copied();
    let mut excluders: Vec<u64> = Vec::new();
    // The first two cells in SE's order (pairs of the list, by the later one's position
    // first), then the third among the bases either of them excludes, in SE's order.
    for top in 1..bases.len() {
        for low in 0..top {
            // Two common excluders at least, which a third cell can only thin out.
            let pair = sets[low] & sets[top];
            if pair.count_ones() < 2 {
                continue;
            }
            // The bases that two of those excluders exclude: the only possible thirds.
            let (mut once, mut twice): (Set, Set) = (0, 0);
            for e in set_bits(pair) {
                twice |= once & excluded_by[e];
                once |= excluded_by[e];
            }
            twice &= !(1 << low | 1 << top);
            if twice == 0 {
                continue;
            }
            let mut seen: Set = 0;
            for k in thirds(low).chain(thirds(top)) {
                if twice >> k & 1 == 0 || seen >> k & 1 == 1 {
                    continue;
                }
                seen |= 1 << k;
                if checked_before([low, top, k], &bases, &sets) {
                    continue;
                }
                let shared = pair & sets[k];
                excluders.clear();
                excluders.extend(set_bits(shared).map(|j| s.candidates[j]));
                let base = [bases[low], bases[top], bases[k]];
                if let Some(gone) = check(s, base, &excluders) {
                    return Some(AlignedExclusion {
                        cells: base.iter().map(|&i| s.cell(i)).collect(),
                        excluders: set_bits(shared).map(|j| s.cell(j)).collect(),
                        eliminations: gone,
                    });
                }
            }
        }
    }
    None
}

/// The members of a set, lowest first.
fn set_bits(mut set: Set) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let b = set.trailing_zeros() as usize;
            set &= set - 1;
            b
        })
    })
}

/// Whether SE's order has met the cells of bases `low`, `top` (the pair, `low < top`)
/// and `third` (an excluder of either) together before: the same three cells give the
/// same answer in any order, so each is checked once. A triple comes first with its
/// two lowest bases as the pair if the highest excludes one of them, else with the
/// lowest and the highest, else with the other two.
fn checked_before([low, top, third]: [usize; 3], bases: &[usize], sets: &[Set]) -> bool {
    let excludes = |x: usize, y: usize| sets[y] >> bases[x] & 1 == 1;
    if third > top {
        return false;
    }
    let (i, j) = (low.min(third), low.max(third));
    // The pair (i, j) came first, with `top` among its excluders.
    if excludes(top, i) || excludes(top, j) {
        return true;
    }
    // Else the pair (i, top) comes before (j, top): when the pair is (j, top), the
    // triple came with (i, top) if `j` excludes one of those.
    low > third && (excludes(low, third) || excludes(low, top))
}

/// The candidates that base `cells` with common `excluders` (their candidates) rule
/// out, if any. For each value of two of the cells, the third (the one with the most
/// candidates, taken in bulk) may take its candidates but a value repeated in a cell it
/// sees, and but the last candidate of an excluder that the two values leave with one
/// (an excluder they leave with none rules out the two values).
fn check(s: &LogicSolver, cells: [usize; 3], excluders: &[u64]) -> Option<Vec<(Cell, u8)>> {
    let c = cells.map(|i| s.candidates[i]);
    // A cell keeps every candidate p when the other two have values outside the
    // excluders' (and p) that differ: such a way repeats nothing and covers no excluder.
    // That holds for every p when those values number two for each and three in all.
    let reach = excluders.iter().fold(0, |m, &e| m | e);
    let keeps_all = |y: usize, z: usize| {
        let (a, b) = (c[y] & !reach, c[z] & !reach);
        a.count_ones() >= 2 && b.count_ones() >= 2 && (a | b).count_ones() >= 3
    };
    if keeps_all(1, 2) && keeps_all(0, 2) && keeps_all(0, 1) {
        return None;
    }
    // The cell with the most candidates is taken in bulk; the one with the fewest
    // leads, so that every value of each is used after few ways.
    let mut order = [0, 1, 2];
    order.sort_by_key(|&k| c[k].count_ones());
    let [a, b, middle] = order;
    let sees = |x: usize, y: usize| s.sees(cells[x], cells[y]);
    let (s_ab, s_am, s_bm) = (sees(a, b), sees(a, middle), sees(b, middle));
    // The values each cell takes in some possible way.
    let mut used = [0u64; 3];
    'outer: for bit_a in bits(c[a]).map(|v| 1u64 << v) {
        for bit_b in bits(c[b]).map(|v| 1u64 << v) {
            if s_ab && bit_a == bit_b {
                continue;
            }
            let two = bit_a | bit_b;
            let mut blocked = 0;
            for &e in excluders {
                let rest = e & !two;
                if rest == 0 {
                    blocked = c[middle];
                    break;
                }
                if rest.count_ones() == 1 {
                    blocked |= rest;
                }
            }
            let mut free = c[middle] & !blocked;
            if s_am {
                free &= !bit_a;
            }
            if s_bm {
                free &= !bit_b;
            }
            if free != 0 {
                used[a] |= bit_a;
                used[b] |= bit_b;
                used[middle] |= free;
                if used == c {
                    break 'outer;
                }
            }
        }
    }
    if used == c {
        return None;
    }
    Some(
        cells
            .iter()
            .zip(used)
            .flat_map(|(&i, kept)| {
                bits(s.candidates[i] & !kept).map(move |v| (s.cell(i), v as u8 + 1))
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::triple_exclusion;
    use crate::logic::Step;

    #[test]
    fn nothing_without_excluders_nor_on_large_grids() {
        // No cell of an empty grid has two or three candidates: no excluder.
        assert_eq!(triple_exclusion(&empty(3)), None);
        // SE's technique is a 9×9 one; 16×16 grids go on to the nets.
        let mut sixteen = empty(4);
        for c in 1..16 {
            keep(&mut sixteen, (0, c), &[1, 2]);
        }
        assert_eq!(triple_exclusion(&sixteen), None);
    }

    #[test]
    fn three_cells_that_two_excluders_see() {
        // r1c1, r1c2, r1c3 (a row and a box) hold 1 to 3; r1c5 = {1, 2}, r1c6 = {1, 3}
        // see all three. Any way to fill the three with 1, 2 and 3 empties r1c5 or r1c6,
        // and a repeat is ruled out within the row: no way is possible, so every
        // candidate goes (the position has no solution, and the search says so).
        let s = kept(&[
            ((0, 0), &[1, 2, 3][..]),
            ((0, 1), &[1, 2, 3]),
            ((0, 2), &[1, 2, 3]),
            ((0, 4), &[1, 2]),
            ((0, 5), &[1, 3]),
        ]);
        let step = Step::from(triple_exclusion(&s).expect("an aligned triple exclusion"));
        check_step(&s, &step);
        assert_eq!(step.eliminations().len(), 9, "{step}");
        assert!(
            step.to_string().starts_with(
                "aligned triple exclusion: r1c1, r1c2, r1c3 cannot be filled with r1c1 as 1, 2 or 3, or r1c2 as 1, 2 or 3, or r1c3 as 1, 2 or 3 without repeating a value in a unit or taking all the candidates of r1c5 or r1c6, which see all three, so r1c1≠1"
            ),
            "{step}"
        );
    }
}
