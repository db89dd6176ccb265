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

use std::fmt;

mod buffers;
mod steps;

use super::deduction::{Cell, Deduction, deduction};
use super::potentials::{Findings, Pots, length_tenths};
use super::reaching::Outer;
use super::state::{LogicSolver, bits};
use super::technique::Technique;
use super::words::{removed, write_line};
use buffers::Buffers;

/// A forcing chain or bidirectional cycle (see [`Technique::Cycle`] and the others):
/// `links` are the candidates the chain passes, each with whether it holds (`true`) or
/// not, from the assumption to the end.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Chain {
    /// [`Technique::Cycle`], [`Technique::ForcingXChain`], [`Technique::XYCycle`] or
    /// [`Technique::ForcingChain`].
    pub technique: Technique,
    /// `(cell, value, holds)`, from the first assumption on.
    pub links: Vec<(Cell, u8, bool)>,
    /// The candidates removed.
    pub eliminations: Vec<(Cell, u8)>,
    /// The score in tenths: the technique's, plus Sudoku Explainer's increment for the
    /// chain's length.
    pub tenths: u16,
}

deduction!(Chain, |chain| chain.technique, tenths);

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.technique)?;
        write_line(f, &self.links, &[])?;
        write!(f, ", so {}", removed(&self.eliminations))
    }
}

/// No node: the root of a chain has no parent.
const NONE: u32 = u32::MAX;

/// The easiest chain step, if any: the first of [`all`], found without building the
/// steps that cannot come first.
pub(super) fn easiest(s: &LogicSolver) -> Option<Chain> {
    collect(s, true).into_iter().next()
}

/// Every chain step that eliminates something, easiest first: by score, then length,
/// then kind, then the order found (cells in reading order, values ascending; cycles
/// before forcing chains).
pub(super) fn all(s: &LogicSolver) -> Vec<Chain> {
    collect(s, false)
}

/// The first step of [`all`] that uses `technique`.
pub(super) fn first(s: &LogicSolver, technique: Technique) -> Option<Chain> {
    all(s)
        .into_iter()
        .find(|step| step.technique() == technique)
}

/// [`all`], with the work it took: the potentials its searches reached.
///
/// `places` are the positions of each value in each unit of `s`. With `reference`, a
/// position that has no chain step at all, which `s` was left from by taking out
/// candidates: then every chain step of `s` has a strong link that the reference
/// lacks (a cell or a unit where two candidates are left, not more), and
/// only the searches that can reach one are made. A cycle or forcing chain of old
/// links only would be one of the reference's, or would give it one: a candidate that
/// a cycle removes, assumed, turns off a candidate of the cycle, which leads round the
/// cycle to one that sees it; that forcing chain turns the candidate itself off.
pub(super) fn all_counted(
    s: &LogicSolver,
    places: &[u64],
    reference: Option<Outer<'_>>,
) -> (Vec<Chain>, usize) {
    let mut search = Search::with_places(s, false, places);
    search.reference = reference;
    search.passes();
    let work = search.work + search.b.nodes.len();
    (search.finish(), work)
}

/// [`all`], or with `only_best` just the first.
fn collect(s: &LogicSolver, only_best: bool) -> Vec<Chain> {
    let mut search = Search::new(s, only_best);
    search.passes();
    search.finish()
}

/// [`all_counted`] without the closure's pruning: every search made.
#[cfg(test)]
pub(super) fn all_unpruned(s: &LogicSolver, reference: Option<Outer<'_>>) -> Vec<Chain> {
    let mut search = Search::new(s, false);
    search.reference = reference;
    search.prune = false;
    search.passes();
    search.finish()
}

impl Search<'_> {
    /// SE's three passes: x-links only, y-links only, both.
    fn passes(&mut self) {
        let s = self.s;
        if self.prune && !self.close() {
            return; // no chain can remove anything
        }
        for (y, x) in [(false, true), (true, false), (true, true)] {
            self.new_pass();
            // Pruned, every pass keeps the potentials that a new strong link of either
            // kind reaches (marked once): a pass's own links reach fewer, but marking
            // them again costs more than the searches it saves.
            if let Some(reference) = self.reference
                && !self.prune
                && !self.b.reaching.mark(s, &self.b.places, reference, (y, x))
            {
                continue; // no new strong link: no step
            }
            for i in 0..s.side * s.side {
                let candidates = s.candidates[i];
                if candidates.count_ones() < 2 {
                    continue;
                }
                for b in bits(candidates) {
                    let source = self.numbers.pot(i, b as u8 + 1, true);
                    self.unary(source, y, x);
                }
            }
        }
    }

    /// Builds the closure of the grid's links; whether some chain may remove anything.
    fn close(&mut self) -> bool {
        let s = self.s;
        if let Some(reference) = self.reference {
            // With a reference, a chain that removes something passes a new strong
            // link: its potentials can reach one, or be reached from one, under both
            // kinds of links. Those are the potentials the closure is of.
            if !self
                .b
                .reaching
                .mark(s, &self.b.places, reference, (true, true))
            {
                return false;
            }
            let reaching = &self.b.reaching;
            self.b.closure.build(s, &self.b.places, |on| {
                reaching.reached(on) || reaching.reaches(on)
            });
        } else {
            self.b.closure.build(s, &self.b.places, |_| true);
        }
        self.b.closure.any_refuted()
    }
}

/// The bit of a potential in [`Node::above`].
fn hash_bit(pot: u32) -> u64 {
    1 << (pot.wrapping_mul(0x9E37_79B9) >> 26)
}

/// A node of a search: a potential and the node that implied it.
#[derive(Clone, Copy)]
struct Node {
    pot: u32,
    parent: u32,
    /// Links from the root.
    depth: u32,
    /// A bit for each potential on the way from the root (by a hash): a clear bit
    /// proves a potential is not an ancestor.
    above: u64,
}

/// The state of one position's chain searches: the places of every value in every
/// unit, and buffers reused from one search to the next.
struct Search<'s> {
    s: &'s LogicSolver,
    /// The numbering of potentials.
    numbers: Pots,
    /// The tables and buffers, reused from one search to the next.
    b: Buffers,
    /// The steps found so far.
    findings: Findings<Chain>,
    /// The nodes of the searches done so far: their work.
    work: usize,
    /// A position without chain steps that the grid has lost candidates from
    /// ([`all_counted`]), and, in this pass, the potentials that can reach one of the
    /// strong links it lacks.
    reference: Option<Outer<'s>>,
    /// Whether the closure prunes the searches (off in tests).
    prune: bool,
}

impl<'s> Search<'s> {
    /// Whether a search from `pot` for a way to `to` is worth making: without a
    /// reference, always; with one, if such a way can pass a strong link the reference
    /// lacks.
    fn worth(&self, pot: u32, to: u32) -> bool {
        self.reference.is_none() || self.b.reaching.between(pot, to)
    }

    /// Starts a search: no potential reached yet.
    fn restart(&mut self) {
        self.work += self.b.nodes.len();
        self.b.nodes.clear();
        if self.b.search == u32::MAX {
            self.b.stamp.fill(0);
            self.b.search = 0;
        }
        self.b.search += 1;
    }

    fn add(&mut self, pot: u32, parent: u32) -> u32 {
        let (depth, above) = if parent == NONE {
            (0, 0)
        } else {
            let p = self.b.nodes[parent as usize];
            (p.depth + 1, p.above | hash_bit(p.pot))
        };
        self.b.nodes.push(Node {
            pot,
            parent,
            depth,
            above,
        });
        (self.b.nodes.len() - 1) as u32
    }

    /// Whether `pot` has been reached in this search (by its first node).
    fn reached(&self, pot: u32) -> bool {
        self.b.stamp[pot as usize] == self.b.search
    }

    fn mark(&mut self, pot: u32) {
        self.b.stamp[pot as usize] = self.b.search;
    }

    /// Adds `pot`, implied by node `parent`, to the search and to `queue`, unless it
    /// was reached before.
    fn reach(&mut self, pot: u32, parent: u32, queue: &mut Vec<u32>) {
        if !self.reached(pot) {
            let child = self.add(pot, parent);
            self.mark(pot);
            queue.push(child);
        }
    }

    /// Whether `pot` is an ancestor of node `child` (not counting `child`).
    fn is_ancestor(&self, child: u32, pot: u32) -> bool {
        if self.b.nodes[child as usize].above & hash_bit(pot) == 0 {
            return false;
        }
        let mut at = self.b.nodes[child as usize].parent;
        while at != NONE {
            let node = self.b.nodes[at as usize];
            if node.pot == pot {
                return true;
            }
            at = node.parent;
        }
        false
    }

    /// Forgets the implications learnt: a new pass, with other links.
    fn new_pass(&mut self) {
        self.b.memo.clear();
        for &pot in &self.b.learnt {
            self.b.memo_at[pot as usize] = (NONE, 0);
        }
        self.b.learnt.clear();
    }

    /// The implications of `pot` (on or off) under this pass's links, computed once:
    /// a range of `memo`.
    #[inline]
    fn implied(&mut self, pot: u32, y: bool, x: bool) -> std::ops::Range<usize> {
        let (start, len) = self.b.memo_at[pot as usize];
        if start != NONE {
            return start as usize..(start + len) as usize;
        }
        self.learn(pot, y, x)
    }

    /// [`implied`](Self::implied) the first time: computed and kept.
    #[cold]
    #[inline(never)]
    fn learn(&mut self, pot: u32, y: bool, x: bool) -> std::ops::Range<usize> {
        let mut out = std::mem::take(&mut self.b.scratch);
        if pot & 1 == 1 {
            self.on_to_off(pot, y, &mut out);
        } else {
            self.off_to_on(pot, y, x, &mut out);
        }
        let start = self.b.memo.len();
        self.b.memo_at[pot as usize] = (start as u32, out.len() as u32);
        self.b.learnt.push(pot);
        self.b.memo.extend_from_slice(&out);
        self.b.scratch = out;
        start..self.b.memo.len()
    }

    /// What `pot` (on) turns off, without repeats, in SE's order.
    fn on_to_off(&self, pot: u32, y: bool, out: &mut Vec<u32>) {
        out.clear();
        let (i, v, _) = self.numbers.parts(pot);
        let s = self.s;
        if y {
            for b in bits(s.candidates[i]) {
                if b as u8 + 1 != v {
                    out.push(self.numbers.pot(i, b as u8 + 1, false));
                }
            }
        }
        // The box's places, then the row's and the column's outside the box.
        let n = s.side;
        let b = s.box_index(i);
        for (index, unit) in self.s.se_units(i).into_iter().enumerate() {
            for k in bits(self.b.places[unit * n + usize::from(v) - 1]) {
                let j = s.unit_cell(unit, k);
                if j != i && (index == 0 || s.box_index(j) != b) {
                    out.push(self.numbers.pot(j, v, false));
                }
            }
        }
    }

    /// What `pot` (off) turns on, without repeats, in SE's order.
    fn off_to_on(&self, pot: u32, y: bool, x: bool, out: &mut Vec<u32>) {
        out.clear();
        let (i, v, _) = self.numbers.parts(pot);
        let s = self.s;
        let candidates = s.candidates[i];
        if y && candidates.count_ones() == 2 {
            let other = bits(candidates & !(1 << (v - 1))).next();
            if let Some(b) = other {
                out.push(self.numbers.pot(i, b as u8 + 1, true));
            }
        }
        if x {
            let n = s.side;
            for unit in self.s.se_units(i) {
                let places = self.b.places[unit * n + usize::from(v) - 1];
                if places.count_ones() == 2 {
                    for k in bits(places) {
                        let j = s.unit_cell(unit, k);
                        let on = self.numbers.pot(j, v, true);
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
    fn unary(&mut self, source: u32, y: bool, x: bool) {
        let (i, _, _) = self.numbers.parts(source);
        if !x && self.s.candidates[i].count_ones() > 2 {
            // Cycles of y-links only start in a two-candidate cell.
            return;
        }
        let kind = match (y, x) {
            (true, true) => 4,
            (true, false) => 3,
            _ => 2,
        };
        let base = if y && x { 70 } else { 65 };
        // A cycle comes back to its source.
        let cycles = !self.prune || self.b.closure.on_a_cycle(source);
        let limit = if self.worth(source, source) && cycles {
            self.limit(base, kind)
        } else {
            0
        };
        for end in self.cycles(source, y, x, limit) {
            let length = self.complexity(end);
            let key = (base + length_tenths(length), length, kind);
            if let Some(step) = self
                .findings
                .wanted(key)
                .then(|| self.cycle_step(end, y && x))
                .flatten()
            {
                self.findings.keep(key, step);
            }
        }
        if x {
            // A forcing chain needs x-links: one of y-links alone would have to be both
            // odd and even.
            let off = source - 1;
            let base = if y { 70 } else { 66 };
            for start in [source, off] {
                let refuted = !self.prune || self.b.closure.refutes(start);
                if !self.worth(start, start ^ 1) || !refuted {
                    continue;
                }
                let limit = self.limit(base, kind);
                for end in self.forcing(start, y, limit) {
                    let length = self.complexity(end);
                    let key = (base + length_tenths(length), length, kind);
                    if self.findings.wanted(key) {
                        let step = self.forcing_step(end, y);
                        self.findings.keep(key, step);
                    }
                }
            }
        }
    }

    /// The longest chain (in potentials) of score `base` that could still beat the
    /// best found so far, when only the best is wanted: the searches stop below it.
    fn limit(&self, base: u16, kind: u8) -> usize {
        match self.findings.to_beat() {
            Some(best) => (0..)
                .take_while(|&c| (base + length_tenths(c), c, kind) < best)
                .last()
                .unwrap_or(0),
            None => usize::MAX,
        }
    }

    /// SE's cycle search: breadth first, the off-potentials kept on every path (so that
    /// every way back to `source` is seen), the on-potentials once. Returns the nodes
    /// where a path comes back to `source` after four links or more.
    fn cycles(&mut self, source: u32, y: bool, x: bool, limit: usize) -> Vec<u32> {
        if limit < 4 {
            return Vec::new();
        }
        self.restart();
        let root = self.add(source, NONE);
        self.mark(source);
        let [mut pending_on, mut pending_off, mut spare] = self.take_queues();
        pending_on.push(root);
        let mut ends = Vec::new();
        let mut length = 0;
        // A cycle closing at depth `length` has `length` potentials.
        while (!pending_on.is_empty() || !pending_off.is_empty()) && length < limit {
            for on_layer in [true, false] {
                length += 1;
                let (from, to) = sides(on_layer, &mut pending_on, &mut pending_off);
                let layer = std::mem::replace(from, std::mem::take(&mut spare));
                for &node in &layer {
                    for k in self.implied(self.b.nodes[node as usize].pot, y, x) {
                        let next = self.b.memo[k];
                        if on_layer {
                            // Off-potentials on every path, never after an equal ancestor.
                            if !self.is_ancestor(node, next) {
                                let child = self.add(next, node);
                                to.push(child);
                            }
                        } else {
                            if length >= 4 && next == source {
                                ends.push(self.add(next, node));
                            }
                            self.reach(next, node, to);
                        }
                    }
                }
                spare = layer;
                spare.clear();
            }
        }
        self.b.queues = [pending_on, pending_off, spare];
        ends
    }

    /// Three empty queues, reusing the last search's memory.
    fn take_queues(&mut self) -> [Vec<u32>; 3] {
        let mut queues = std::mem::take(&mut self.b.queues);
        for queue in &mut queues {
            queue.clear();
        }
        queues
    }

    /// SE's forcing-chain search from `start` (on or off): breadth first, each
    /// potential once. Returns the nodes where the search reaches the negation of
    /// `start`.
    fn forcing(&mut self, start: u32, y: bool, limit: usize) -> Vec<u32> {
        if limit < 2 {
            return Vec::new();
        }
        self.restart();
        let root = self.add(start, NONE);
        self.mark(start);
        let negation = start ^ 1;
        let [mut pending_on, mut pending_off, mut spare] = self.take_queues();
        if start & 1 == 1 {
            pending_on.push(root);
        } else {
            pending_off.push(root);
        }
        let mut ends: Vec<u32> = Vec::new();
        // A chain ending at depth `d` has `d + 1` potentials: past `limit - 1` links
        // nothing is worth following.
        let deep =
            |search: &Self, node: u32| search.b.nodes[node as usize].depth as usize + 2 > limit;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            // On-potentials turn others off, then off-potentials turn others on.
            for on_layer in [true, false] {
                let (from, to) = sides(on_layer, &mut pending_on, &mut pending_off);
                let layer = std::mem::replace(from, std::mem::take(&mut spare));
                for &node in &layer {
                    if deep(self, node) {
                        continue;
                    }
                    for k in self.implied(self.b.nodes[node as usize].pot, y, true) {
                        let next = self.b.memo[k];
                        let seen = ends.iter().any(|&e| self.b.nodes[e as usize].pot == next);
                        if next == negation && !seen {
                            ends.push(self.add(next, node));
                        }
                        // An off-potential never follows an equal ancestor.
                        if !on_layer || !self.is_ancestor(node, next) {
                            self.reach(next, node, to);
                        }
                    }
                }
                spare = layer;
                spare.clear();
            }
        }
        self.b.queues = [pending_on, pending_off, spare];
        ends
    }
}

/// The queue a breadth-first layer takes its nodes from and the one it fills: the
/// on-potentials turn others off, then the off-potentials turn others on.
fn sides<'q>(
    on_layer: bool,
    on: &'q mut Vec<u32>,
    off: &'q mut Vec<u32>,
) -> (&'q mut Vec<u32>, &'q mut Vec<u32>) {
    if on_layer { (on, off) } else { (off, on) }
}
