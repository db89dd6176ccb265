//! Simple coloring: the conjugate pairs of one value, two-colored.

use std::fmt;

use super::deduction::{Cell, Deduction, deduction, removing};
use super::state::LogicSolver;
use super::technique::Technique;
use super::words::{cells, cells_of, symbol};

/// Simple coloring: `value`'s conjugate pairs (units where it has exactly two places)
/// chain cells that alternate between two colors, one of which holds `value`
/// throughout. A color with two cells that see each other is false (color wrap); a cell
/// that sees both colors cannot hold `value` (color trap).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Coloring {
    /// The value.
    pub value: u8,
    /// The two colors of the chain, each in reading order; the first holds the chain's
    /// first cell in reading order.
    pub colors: [Vec<Cell>; 2],
    /// The candidates removed, each with `value`.
    pub eliminations: Vec<(Cell, u8)>,
}

deduction!(Coloring, |_| Technique::SimpleColoring);

impl fmt::Display for Coloring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, v) = (self.technique(), symbol(self.value));
        let [a, b] = &self.colors;
        let (a, b, gone) = (cells(a), cells(b), cells(&cells_of(&self.eliminations)));
        write!(
            f,
            "{name}: {v} is either in {a} or in {b}, so {v} goes from {gone}"
        )
    }
}

/// Values ascending; chains by their first cell in reading order; a color wrap before a
/// color trap.
pub(super) fn simple_coloring(s: &LogicSolver) -> Option<Coloring> {
    let n = s.side;
    let cells = n * n;
    for value in 1..=n as u8 {
        let bit = 1u64 << (value - 1);
        let mut links: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for unit in 0..3 * n {
            let places = s.positions(unit, value);
            if places.count_ones() == 2 {
                let a = s.unit_cell(unit, places.trailing_zeros() as usize);
                let b = s.unit_cell(unit, 63 - places.leading_zeros() as usize);
                links[a].push(b);
                links[b].push(a);
            }
        }
        let mut color: Vec<Option<usize>> = vec![None; cells];
        for start in 0..cells {
            if links[start].is_empty() || color[start].is_some() {
                continue;
            }
            let mut chain: [Vec<usize>; 2] = [vec![start], Vec::new()];
            color[start] = Some(0);
            let mut queue = vec![start];
            // An odd cycle would give a cell both colors; the first wins, and the wrap
            // check below then finds two same-colored peers, as it should: such a
            // position has no solution.
            while let Some(i) = queue.pop() {
                let other = 1 - color[i].unwrap_or(0);
                for &j in &links[i] {
                    if color[j].is_none() {
                        color[j] = Some(other);
                        chain[other].push(j);
                        queue.push(j);
                    }
                }
            }
            for side in &mut chain {
                side.sort_unstable();
            }
            if let Some(step) = eliminate(s, value, bit, &chain) {
                return Some(step);
            }
        }
    }
    None
}

/// The color wrap or color trap of one chain, if it eliminates anything.
fn eliminate(s: &LogicSolver, value: u8, bit: u64, chain: &[Vec<usize>; 2]) -> Option<Coloring> {
    let wrapped = (0..2).find(|&c| {
        let side = &chain[c];
        side.iter()
            .enumerate()
            .any(|(k, &a)| side[k + 1..].iter().any(|&b| s.sees(a, b)))
    });
    let gone: Vec<usize> = match wrapped {
        Some(c) => chain[c].clone(),
        None => (0..s.side * s.side)
            .filter(|&i| {
                s.candidates[i] & bit != 0 && !chain[0].contains(&i) && !chain[1].contains(&i)
            })
            .filter(|&i| chain.iter().all(|side| side.iter().any(|&j| s.sees(i, j))))
            .collect(),
    };
    let cells = |list: &[usize]| list.iter().map(|&i| s.cell(i)).collect::<Vec<_>>();
    let eliminations = gone.iter().map(|&i| (s.cell(i), value)).collect();
    removing(eliminations, |eliminations| Coloring {
        value,
        colors: [cells(&chain[0]), cells(&chain[1])],
        eliminations,
    })
}

#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::test_support::*;
    use super::*;
    use crate::logic::Step;

    /// Keeps `value` as a candidate only in `cells` and in the rows given whole in `free`.
    fn only(value: u8, cells: &[(usize, usize)], free: &[usize]) -> LogicSolver {
        let mut s = empty(3);
        for r in (0..9).filter(|r| !free.contains(r)) {
            for c in 0..9 {
                if !cells.contains(&(r, c)) {
                    s.remove_candidate(r, c, value);
                }
            }
        }
        s
    }

    #[test]
    fn color_trap_found_and_not() {
        // 6 in rows 1 to 3 only at r1c1, r1c5, r2c2, r2c8, r3c5, r3c8: rows 1 to 3 and
        // boxes 1 to 3 each hold one conjugate pair, closing the even cycle r1c1 - r1c5 -
        // r3c5 - r3c8 - r2c8 - r2c2 - r1c1 (no wrap). Rows 4 to 9 keep every 6; those in
        // columns 5 and 8 see both colors.
        let chain = [(0, 0), (0, 4), (1, 1), (1, 7), (2, 4), (2, 7)];
        let s = only(6, &chain, &[3, 4, 5, 6, 7, 8]);
        let step = s.find(Technique::SimpleColoring).unwrap();
        let expected = Step::Coloring(Coloring {
            value: 6,
            colors: [vec![(0, 0), (1, 7), (2, 4)], vec![(0, 4), (1, 1), (2, 7)]],
            eliminations: each(6, (3..9).flat_map(|r| [(r, 4), (r, 7)])),
        });
        assert_eq!(step, expected);
        check_step(&s, &step);
        let mut after = s.clone();
        after.apply(&step);
        assert_eq!(after.find(Technique::SimpleColoring), None);
    }

    #[test]
    fn color_wrap_found() {
        // The chain r1c1 - r1c9 (row 1) - r5c9 (column 9) - r5c2 (row 5) - r2c2
        // (column 2) colors r1c1, r5c9, r2c2 alike; r1c1 and r2c2 share box 1, so that
        // color is false.
        let mut s = empty(3);
        let keep_in = |s: &mut LogicSolver, unit: &[(usize, usize)], at: [(usize, usize); 2]| {
            for &cell in unit {
                if !at.contains(&cell) {
                    s.remove_candidate(cell.0, cell.1, 4);
                }
            }
        };
        let row = |r: usize| (0..9).map(|c| (r, c)).collect::<Vec<_>>();
        let column = |c: usize| (0..9).map(|r| (r, c)).collect::<Vec<_>>();
        keep_in(&mut s, &row(0), [(0, 0), (0, 8)]);
        keep_in(&mut s, &column(8), [(0, 8), (4, 8)]);
        keep_in(&mut s, &row(4), [(4, 8), (4, 1)]);
        keep_in(&mut s, &column(1), [(4, 1), (1, 1)]);
        let step = s.find(Technique::SimpleColoring).unwrap();
        assert_eq!(
            step,
            Step::Coloring(Coloring {
                value: 4,
                colors: [vec![(0, 0), (1, 1), (4, 8)], vec![(0, 8), (4, 1)]],
                eliminations: each(4, [(0, 0), (1, 1), (4, 8)]),
            })
        );
        assert_eq!(
            step.to_string(),
            "simple coloring: 4 is either in r1c1, r2c2, r5c9 or in r1c9, r5c2, so 4 goes from r1c1, r2c2, r5c9"
        );
        check_step(&s, &step);
        // Without the last link (column 2 keeps a third 4) the chain is too short to wrap.
        let mut s = empty(3);
        keep_in(&mut s, &row(0), [(0, 0), (0, 8)]);
        keep_in(&mut s, &column(8), [(0, 8), (4, 8)]);
        keep_in(&mut s, &row(4), [(4, 8), (4, 1)]);
        let step = s.find(Technique::SimpleColoring);
        assert!(
            step.as_ref()
                .is_none_or(|step| !step.eliminations().contains(&((0, 0), 4))),
            "{step:?}"
        );
    }
}
