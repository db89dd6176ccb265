//! Which potentials can reach a strong link that a reference position lacks.
//!
//! When a grid has lost candidates from a position where no chain (or net) step
//! exists, as the grid a dynamic chain leaves does, a step of the grid must use a
//! *new* strong link: a cell left with two candidates, or a value left with two places
//! in a unit, where the position had more (see the searches that use this). A search
//! from a potential that cannot reach one finds nothing, and is not made.
//!
//! Links are symmetric: `a` on turns `b` off exactly when `b` on turns `a` off, and `a`
//! off turns `b` on exactly when `b` off turns `a` on. So the potentials that can reach
//! a new link's start (an off-potential) are the negations of those reached from its
//! negation, which is the other end's start: one walk forwards from the ends of the new
//! links answers both questions.

use super::potentials::Pots;
use super::state::{LogicSolver, bits};

/// The grid of a position that another grid was left from (as an outer chain leaves
/// one): the other grid's steps are compared with the position's.
#[derive(Clone, Copy)]
pub(super) struct Outer<'o> {
    pub(super) candidates: &'o [u64],
    /// The positions of each value in each unit (`unit * side + value − 1`).
    pub(super) places: &'o [u64],
}

/// The potentials a new strong link can reach, as stamps: `stamp[pot] == pass`.
#[derive(Default)]
pub(super) struct Reaching {
    stamp: Vec<u32>,
    pass: u32,
}

impl Reaching {
    /// Whether a new strong link can reach `pot`, as last marked.
    pub(super) fn reached(&self, pot: u32) -> bool {
        self.stamp.get(pot as usize) == Some(&self.pass)
    }

    /// Whether `pot` can reach a new strong link, as last marked.
    pub(super) fn reaches(&self, pot: u32) -> bool {
        self.reached(pot ^ 1)
    }

    /// Whether a chain from `from` to `to` can pass a new strong link.
    pub(super) fn between(&self, from: u32, to: u32) -> bool {
        self.reaches(from) && self.reached(to)
    }

    /// Marks the potentials of `s` (whose places of values in units are `places`) that
    /// a strong link lacking from `reference` (a position `s` was left from) can reach
    /// under the links `(y, x)` (cells', units'). Whether there is any such link.
    pub(super) fn mark(
        &mut self,
        s: &LogicSolver,
        places: &[u64],
        reference: Outer<'_>,
        (y, x): (bool, bool),
    ) -> bool {
        let n = s.side;
        let numbers = Pots(n);
        self.pass += 1;
        let stamp = self.pass;
        self.stamp.resize(numbers.count(), 0);
        // The ends of the new strong links, on: a cell left with two candidates, a
        // value left with two places in a unit.
        let mut todo: Vec<u32> = Vec::new();
        if y {
            for (i, (&now, &was)) in s.candidates.iter().zip(reference.candidates).enumerate() {
                if now.count_ones() == 2 && was.count_ones() > 2 {
                    todo.extend(bits(now).map(|b| numbers.pot(i, b as u8 + 1, true)));
                }
            }
        }
        if x {
            let was = reference.places;
            for unit in 0..3 * n {
                for v in 1..=n as u8 {
                    let slot = unit * n + usize::from(v) - 1;
                    if places[slot].count_ones() == 2 && was[slot].count_ones() > 2 {
                        todo.extend(
                            bits(places[slot]).map(|k| numbers.pot(s.unit_cell(unit, k), v, true)),
                        );
                    }
                }
            }
        }
        if todo.is_empty() {
            return false;
        }
        for &pot in &todo {
            self.stamp[pot as usize] = stamp;
        }
        while let Some(pot) = todo.pop() {
            let (i, v, on) = numbers.parts(pot);
            let slot = usize::from(v) - 1;
            let mut mark = |p: u32, todo: &mut Vec<u32>| {
                if self.stamp[p as usize] != stamp {
                    self.stamp[p as usize] = stamp;
                    todo.push(p);
                }
            };
            if on {
                // What it turns off: its cell's other candidates, its value's peers.
                if y {
                    for b in bits(s.candidates[i] & !(1 << slot)) {
                        mark(numbers.pot(i, b as u8 + 1, false), &mut todo);
                    }
                }
                for unit in s.se_units(i) {
                    for j in bits(places[unit * n + slot]).map(|k| s.unit_cell(unit, k)) {
                        if j != i {
                            mark(numbers.pot(j, v, false), &mut todo);
                        }
                    }
                }
            } else {
                // What it turns on: the other candidate of its cell, the other place of
                // its value in a unit.
                let cell = s.candidates[i];
                if y && cell.count_ones() == 2 {
                    for b in bits(cell & !(1 << slot)) {
                        mark(numbers.pot(i, b as u8 + 1, true), &mut todo);
                    }
                }
                for unit in s.se_units(i).into_iter().filter(|_| x) {
                    let at = places[unit * n + slot];
                    if at.count_ones() == 2 {
                        for j in bits(at).map(|k| s.unit_cell(unit, k)).filter(|&j| j != i) {
                            mark(numbers.pot(j, v, true), &mut todo);
                        }
                    }
                }
            }
        }
        true
    }
}
