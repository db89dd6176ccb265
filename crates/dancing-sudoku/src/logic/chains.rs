//! Forcing chains and bidirectional cycles, as Sudoku Explainer's "forcing chains &
//! cycles" finds and rates them.
//!
//! A *potential* is a candidate assumed true (on) or false (off). From one assumption
//! the search follows implications breadth first:
//!
//! - on → off: the other candidates of the cell (a *y-link*, where y-links are allowed)
//!   and the value in every peer, box first, then row, then column;
//! - off → on: the other candidate of a two-candidate cell (y-link), and the other place
//!   of the value in a box, row or column where it has two (an *x-link*).
//!
//! A *cycle* leads from a candidate assumed on back to itself; whichever way it is
//! read, candidates that the on-links of one reading and of the other both remove go.
//! A *forcing chain* leads from an assumption to its own negation: a candidate that
//! forces itself off is false; one that, assumed off, forces itself on is true.
//!
//! Three passes, as SE makes them: x-links only (single-value cycles and forcing
//! x-chains), y-links only (cycles through two-candidate cells), and both. Every
//! chain found is scored by its kind (6.5 for a cycle of one kind of link, 6.6 for a
//! forcing x-chain, 7.0 for either with both kinds) plus SE's length increment, and
//! the easiest, then the shortest, comes first.

use super::step::Cell;
use super::{LogicSolver, Step, Technique, bits};

/// No node: the root of a chain has no parent.
const NONE: u32 = u32::MAX;

/// A chain found: the step with its sort keys.
struct Found {
    step: Step,
    /// SE's tie-break after the score and the length: 2 for x-links only, 3 for y-links
    /// only, 4 for both.
    kind: u8,
    length: usize,
}

/// The easiest chain step, if any: the first of [`all`].
pub(super) fn easiest(s: &LogicSolver) -> Option<Step> {
    all(s).into_iter().next()
}

/// Every chain step that eliminates something, easiest first: by score, then length,
/// then kind, then the order found (cells in reading order, values ascending; cycles
/// before forcing chains).
pub(super) fn all(s: &LogicSolver) -> Vec<Step> {
    let mut search = Search::new(s);
    let mut found = Vec::new();
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for i in 0..s.side * s.side {
            let candidates = s.candidates[i];
            if candidates.count_ones() < 2 {
                continue;
            }
            for b in bits(candidates) {
                let source = search.pot(i, b as u8 + 1, true);
                search.unary(source, y, x, &mut found);
            }
        }
    }
    found.sort_by_key(|f| (f.step.tenths(), f.length, f.kind));
    let mut steps: Vec<Step> = Vec::with_capacity(found.len());
    for f in found {
        if !steps.contains(&f.step) {
            steps.push(f.step);
        }
    }
    steps
}

/// SE's increment for a chain of `complexity` potentials, in tenths: one for each
/// threshold passed by `complexity - 2`, the thresholds growing from 4 by ×3/2 and ×4/3
/// in turn (4, 6, 8, 12, 16, 24, …).
pub(super) fn length_tenths(complexity: usize) -> u16 {
    let length = complexity.saturating_sub(2);
    let (mut ceil, mut odd, mut added) = (4usize, false, 0u16);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A node of a search: a potential and the node that implied it.
#[derive(Clone, Copy)]
struct Node {
    pot: u32,
    parent: u32,
}

/// The state of one position's chain searches: the places of every value in every
/// unit, and buffers reused from one search to the next.
struct Search<'s> {
    s: &'s LogicSolver,
    /// `places[unit * side + v - 1]`: the positions of `v` in `unit`.
    places: Vec<u64>,
    nodes: Vec<Node>,
    /// For each potential, the node that first reached it in this search, if `stamp`
    /// is this search's.
    first: Vec<u32>,
    stamp: Vec<u32>,
    search: u32,
}

impl<'s> Search<'s> {
    fn new(s: &'s LogicSolver) -> Self {
        let n = s.side;
        let mut places = vec![0u64; 3 * n * n];
        for unit in 0..3 * n {
            let unit_places = s.unit_positions(unit);
            places[unit * n..(unit + 1) * n].copy_from_slice(&unit_places[..n]);
        }
        let pots = n * n * n * 2;
        Self {
            s,
            places,
            nodes: Vec::new(),
            first: vec![NONE; pots],
            stamp: vec![0; pots],
            search: 0,
        }
    }

    fn pot(&self, cell: usize, value: u8, on: bool) -> u32 {
        ((cell * self.s.side + usize::from(value) - 1) * 2 + usize::from(on)) as u32
    }

    /// The cell, value and state of a potential.
    fn parts(&self, pot: u32) -> (usize, u8, bool) {
        let pot = pot as usize;
        let n = self.s.side;
        (pot / 2 / n, (pot / 2 % n) as u8 + 1, pot % 2 == 1)
    }

    /// The units of a cell in SE's order: box, row, column.
    fn units(&self, i: usize) -> [usize; 3] {
        let n = self.s.side;
        [2 * n + self.s.box_index(i), i / n, n + i % n]
    }

    /// Starts a search: no potential reached yet.
    fn restart(&mut self) {
        self.nodes.clear();
        self.search += 1;
    }

    fn add(&mut self, pot: u32, parent: u32) -> u32 {
        self.nodes.push(Node { pot, parent });
        (self.nodes.len() - 1) as u32
    }

    /// Whether `pot` has been reached in this search (by its first node).
    fn reached(&self, pot: u32) -> bool {
        self.stamp[pot as usize] == self.search
    }

    fn mark(&mut self, pot: u32, node: u32) {
        if !self.reached(pot) {
            self.stamp[pot as usize] = self.search;
            self.first[pot as usize] = node;
        }
    }

    /// Whether `pot` is an ancestor of node `child` (not counting `child`).
    fn is_ancestor(&self, child: u32, pot: u32) -> bool {
        let mut at = self.nodes[child as usize].parent;
        while at != NONE {
            let node = self.nodes[at as usize];
            if node.pot == pot {
                return true;
            }
            at = node.parent;
        }
        false
    }

    /// What `pot` (on) turns off, without repeats, in SE's order.
    fn on_to_off(&self, pot: u32, y: bool, out: &mut Vec<u32>) {
        out.clear();
        let (i, v, _) = self.parts(pot);
        let s = self.s;
        if y {
            for b in bits(s.candidates[i]) {
                if b as u8 + 1 != v {
                    out.push(self.pot(i, b as u8 + 1, false));
                }
            }
        }
        let bit = 1u64 << (v - 1);
        for unit in self.units(i) {
            for k in 0..s.side {
                let j = s.unit_cell(unit, k);
                if j != i && s.candidates[j] & bit != 0 {
                    let off = self.pot(j, v, false);
                    if !out.contains(&off) {
                        out.push(off);
                    }
                }
            }
        }
    }

    /// What `pot` (off) turns on, without repeats, in SE's order.
    fn off_to_on(&self, pot: u32, y: bool, x: bool, out: &mut Vec<u32>) {
        out.clear();
        let (i, v, _) = self.parts(pot);
        let s = self.s;
        let candidates = s.candidates[i];
        if y && candidates.count_ones() == 2 {
            let other = bits(candidates & !(1 << (v - 1))).next();
            if let Some(b) = other {
                out.push(self.pot(i, b as u8 + 1, true));
            }
        }
        if x {
            let n = s.side;
            for unit in self.units(i) {
                let places = self.places[unit * n + usize::from(v) - 1];
                if places.count_ones() == 2 {
                    for k in bits(places) {
                        let j = s.unit_cell(unit, k);
                        let on = self.pot(j, v, true);
                        if j != i && !out.contains(&on) {
                            out.push(on);
                        }
                    }
                }
            }
        }
    }

    /// The cycles and forcing chains from `source` (a candidate assumed on), as SE's
    /// unary chaining finds them.
    fn unary(&mut self, source: u32, y: bool, x: bool, found: &mut Vec<Found>) {
        let (i, _, _) = self.parts(source);
        if !x && self.s.candidates[i].count_ones() > 2 {
            // Cycles of y-links only start in a two-candidate cell.
            return;
        }
        let kind = match (y, x) {
            (true, true) => 4,
            (true, false) => 3,
            _ => 2,
        };
        for end in self.cycles(source, y, x) {
            if let Some(step) = self.cycle_step(end, y && x) {
                let length = self.complexity(end);
                found.push(Found { step, kind, length });
            }
        }
        if x {
            // A forcing chain needs x-links: one of y-links alone would have to be both
            // odd and even.
            let off = source - 1;
            for start in [source, off] {
                for end in self.forcing(start, y) {
                    let step = self.forcing_step(end, y);
                    let length = self.complexity(end);
                    found.push(Found { step, kind, length });
                }
            }
        }
    }

    /// SE's cycle search: breadth first, the off-potentials kept on every path (so that
    /// every way back to `source` is seen), the on-potentials once. Returns the nodes
    /// where a path comes back to `source` after four links or more.
    fn cycles(&mut self, source: u32, y: bool, x: bool) -> Vec<u32> {
        self.restart();
        let root = self.add(source, NONE);
        self.mark(source, root);
        let (mut pending_on, mut pending_off) = (vec![root], Vec::new());
        let mut ends = Vec::new();
        let mut next = Vec::new();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            for node in std::mem::take(&mut pending_on) {
                self.on_to_off(self.nodes[node as usize].pot, y, &mut next);
                for &off in &next {
                    if !self.is_ancestor(node, off) {
                        let child = self.add(off, node);
                        pending_off.push(child);
                    }
                }
            }
            length += 1;
            for node in std::mem::take(&mut pending_off) {
                self.off_to_on(self.nodes[node as usize].pot, y, x, &mut next);
                for &on in &next {
                    if length >= 4 && on == source {
                        ends.push(self.add(on, node));
                    }
                    if !self.reached(on) {
                        let child = self.add(on, node);
                        self.mark(on, child);
                        pending_on.push(child);
                    }
                }
            }
        }
        ends
    }

    /// SE's forcing-chain search from `start` (on or off): breadth first, each
    /// potential once. Returns the nodes where the search reaches the negation of
    /// `start`.
    fn forcing(&mut self, start: u32, y: bool) -> Vec<u32> {
        self.restart();
        let root = self.add(start, NONE);
        self.mark(start, root);
        let negation = start ^ 1;
        let (mut pending_on, mut pending_off) = (Vec::new(), Vec::new());
        if start & 1 == 1 {
            pending_on.push(root);
        } else {
            pending_off.push(root);
        }
        let mut ends: Vec<u32> = Vec::new();
        let mut next = Vec::new();
        while !pending_on.is_empty() || !pending_off.is_empty() {
            for node in std::mem::take(&mut pending_on) {
                self.on_to_off(self.nodes[node as usize].pot, y, &mut next);
                for &off in &next {
                    let hit =
                        off == negation && ends.iter().all(|&e| self.nodes[e as usize].pot != off);
                    if hit {
                        ends.push(self.add(off, node));
                    }
                    if !self.is_ancestor(node, off) && !self.reached(off) {
                        let child = self.add(off, node);
                        self.mark(off, child);
                        pending_off.push(child);
                    }
                }
            }
            for node in std::mem::take(&mut pending_off) {
                self.off_to_on(self.nodes[node as usize].pot, y, true, &mut next);
                for &on in &next {
                    let hit =
                        on == negation && ends.iter().all(|&e| self.nodes[e as usize].pot != on);
                    if hit {
                        ends.push(self.add(on, node));
                    }
                    if !self.reached(on) {
                        let child = self.add(on, node);
                        self.mark(on, child);
                        pending_on.push(child);
                    }
                }
            }
        }
        ends
    }

    /// The potentials from the root to `end`, root first.
    fn path(&self, end: u32) -> Vec<u32> {
        let mut path = Vec::new();
        let mut at = end;
        while at != NONE {
            let node = self.nodes[at as usize];
            path.push(node.pot);
            at = node.parent;
        }
        path.reverse();
        path
    }

    /// SE's complexity of a chain: its distinct potentials.
    fn complexity(&self, end: u32) -> usize {
        let mut path = self.path(end);
        path.sort_unstable();
        path.dedup();
        path.len()
    }

    fn links(&self, path: &[u32]) -> Vec<(Cell, u8, bool)> {
        path.iter()
            .map(|&pot| {
                let (i, v, on) = self.parts(pot);
                (self.s.cell(i), v, on)
            })
            .collect()
    }

    /// The step of the cycle ending at node `end`, if it eliminates anything: the
    /// candidates seen by an on-potential of the cycle read forwards and by one read
    /// backwards (an off-potential forwards), outside the cycle's cells.
    fn cycle_step(&self, end: u32, both: bool) -> Option<Step> {
        let path = self.path(end);
        let s = self.s;
        let cells: Vec<usize> = path[1..].iter().map(|&p| self.parts(p).0).collect();
        let mut forwards = Vec::new();
        let mut backwards = Vec::new();
        for &pot in &path[1..] {
            let (i, v, on) = self.parts(pot);
            let bit = 1u64 << (v - 1);
            for unit in self.units(i) {
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
        Some(Step::Chain {
            technique,
            links: self.links(&path),
            eliminations,
            tenths: base + length_tenths(self.complexity(end)),
        })
    }

    /// The step of the forcing chain ending at node `end`: its root is false when the
    /// chain turns it off, true (its cell loses its other candidates) when it turns it
    /// on.
    fn forcing_step(&self, end: u32, y: bool) -> Step {
        let path = self.path(end);
        let (i, v, on) = self.parts(self.nodes[end as usize].pot);
        let s = self.s;
        let eliminations = if on {
            bits(s.candidates[i] & !(1 << (v - 1)))
                .map(|b| (s.cell(i), b as u8 + 1))
                .collect()
        } else {
            vec![(s.cell(i), v)]
        };
        let (technique, base) = if y {
            (Technique::ForcingChain, 70)
        } else {
            (Technique::ForcingXChain, 66)
        };
        Step::Chain {
            technique,
            links: self.links(&path),
            eliminations,
            tenths: base + length_tenths(self.complexity(end)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_increments_follow_se() {
        // Thresholds on complexity − 2: 4, 6, 8, 12, 16, 24, 32.
        let increments: Vec<u16> = [4, 6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35]
            .into_iter()
            .map(length_tenths)
            .collect();
        assert_eq!(increments, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]);
    }
}
