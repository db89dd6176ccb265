//! A chain found by the searches of `chains`: its path, SE's complexity, and its step.

use super::super::deduction::Cell;
use super::super::potentials::length_tenths;
use super::super::technique::Technique;
use super::{Chain, NONE, Search};

impl Search<'_> {
    /// The potentials from the root to `end`, root first.
    pub(super) fn path(&self, end: u32) -> Vec<u32> {
        let mut path = Vec::new();
        let mut at = end;
        while at != NONE {
            let node = self.b.nodes[at as usize];
            path.push(node.pot);
            at = node.parent;
        }
        path.reverse();
        path
    }

    /// SE's complexity of a chain: its distinct potentials. A path never repeats one
    /// (on-potentials are reached once, off-potentials never follow an equal ancestor),
    /// but a cycle ends on its root.
    pub(super) fn complexity(&self, end: u32) -> usize {
        let end_pot = self.b.nodes[end as usize].pot;
        let (mut count, mut root) = (0, end_pot);
        let mut at = end;
        while at != NONE {
            let node = self.b.nodes[at as usize];
            count += 1;
            root = node.pot;
            at = node.parent;
        }
        if root == end_pot && count > 1 {
            count - 1
        } else {
            count
        }
    }

    fn links(&self, path: &[u32]) -> Vec<(Cell, u8, bool)> {
        path.iter()
            .map(|&pot| {
                let (i, v, on) = self.numbers.parts(pot);
                (self.s.cell(i), v, on)
            })
            .collect()
    }

    /// The step of the cycle ending at node `end`, if it eliminates anything: the
    /// candidates seen by an on-potential of the cycle read forwards and by one read
    /// backwards (an off-potential forwards), outside the cycle's cells.
    pub(super) fn cycle_step(&self, end: u32, both: bool) -> Option<Chain> {
        let path = self.path(end);
        let s = self.s;
        let cells: Vec<usize> = path[1..].iter().map(|&p| self.numbers.parts(p).0).collect();
        let mut forwards = Vec::new();
        let mut backwards = Vec::new();
        for &pot in &path[1..] {
            let (i, v, on) = self.numbers.parts(pot);
            let bit = 1u64 << (v - 1);
            for unit in self.s.se_units(i) {
                for k in 0..s.side {
                    let j = s.unit_cell(unit, k);
                    if j != i && !cells.contains(&j) && s.candidates[j] & bit != 0 {
                        let list = if on { &mut forwards } else { &mut backwards };
                        if !list.contains(&(j, v)) {
                            list.push((j, v));
                        }
                    }
                }
            }
        }
        let mut eliminations: Vec<(Cell, u8)> = forwards
            .into_iter()
            .filter(|e| backwards.contains(e))
            .map(|(j, v)| (s.cell(j), v))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        eliminations.sort_unstable();
        let base = if both { 70 } else { 65 };
        let technique = if both {
            Technique::XYCycle
        } else {
            Technique::Cycle
        };
        Some(Chain {
            technique,
            links: self.links(&path),
            eliminations,
            tenths: base + length_tenths(self.complexity(end)),
        })
    }

    /// The step of the forcing chain ending at node `end`: its root is false when the
    /// chain turns it off, true (its cell loses its other candidates) when it turns it
    /// on.
    pub(super) fn forcing_step(&self, end: u32, y: bool) -> Chain {
        let path = self.path(end);
        let eliminations = self
            .numbers
            .removals(self.s, self.b.nodes[end as usize].pot);
        let (technique, base) = if y {
            (Technique::ForcingChain, 70)
        } else {
            (Technique::ForcingXChain, 66)
        };
        Chain {
            technique,
            links: self.links(&path),
            eliminations,
            tenths: base + length_tenths(self.complexity(end)),
        }
    }
}
