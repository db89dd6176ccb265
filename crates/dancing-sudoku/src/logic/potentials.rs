//! Potentials (a candidate assumed to hold or not) as numbers, and Sudoku Explainer's
//! increment for the length of a chain of them, and the steps their searches find.

use super::deduction::Cell;
use super::state::{LogicSolver, bits};

/// Potentials as numbers, for a grid of side `.0`: `(cell · side + value − 1) · 2`, plus
/// 1 for on.
#[derive(Debug, Clone, Copy)]
pub(super) struct Pots(pub(super) usize);

impl Pots {
    /// The potential of `value` in `cell`, on or off.
    pub(super) fn pot(self, cell: usize, value: u8, on: bool) -> u32 {
        ((cell * self.0 + usize::from(value) - 1) * 2 + usize::from(on)) as u32
    }

    /// How many numbers there are: every value of every cell, on and off.
    pub(super) fn count(self) -> usize {
        self.0 * self.0 * self.0 * 2
    }

    /// The cell, value and state of a potential.
    pub(super) fn parts(self, pot: u32) -> (usize, u8, bool) {
        let (pot, n) = (pot as usize, self.0);
        (pot / 2 / n, (pot / 2 % n) as u8 + 1, pot % 2 == 1)
    }

    /// What makes `pot` hold in `s`: for an on-potential its cell's other candidates go,
    /// for an off-potential the candidate itself (if it is one).
    pub(super) fn removals(self, s: &LogicSolver, pot: u32) -> Vec<(Cell, u8)> {
        let (i, v, on) = self.parts(pot);
        if on {
            bits(s.candidates[i] & !(1 << (v - 1)))
                .map(|b| (s.cell(i), b as u8 + 1))
                .collect()
        } else if s.candidates[i] & (1 << (v - 1)) != 0 {
            vec![(s.cell(i), v)]
        } else {
            Vec::new()
        }
    }
}

/// The order of chain steps in SE: score in tenths, then length (potentials), then SE's
/// kind of chain.
pub(super) type Key = (u16, usize, u8);

/// The steps a chain search finds: all of them, or, when only the easiest is wanted,
/// the best so far, so that the search can skip what cannot beat it.
pub(super) struct Findings<T> {
    only_best: bool,
    found: Vec<(Key, T)>,
}

impl<T: PartialEq> Findings<T> {
    pub(super) fn new(only_best: bool) -> Self {
        Self {
            only_best,
            found: Vec::new(),
        }
    }

    /// The key to beat, when only the best is wanted and one was found.
    pub(super) fn to_beat(&self) -> Option<Key> {
        self.found
            .first()
            .map(|&(key, _)| key)
            .filter(|_| self.only_best)
    }

    /// Whether a step of `key` is worth building: always when all are kept, else if it
    /// beats the best so far (ties go to the first found, as in SE's stable sort).
    pub(super) fn wanted(&self, key: Key) -> bool {
        self.to_beat().is_none_or(|best| key < best)
    }

    /// Keeps `step` (alone, when only the best is wanted).
    pub(super) fn keep(&mut self, key: Key, step: T) {
        if self.only_best {
            self.found.clear();
        }
        self.found.push((key, step));
    }

    /// The steps, easiest first (then in the order found), without repeats.
    pub(super) fn into_steps(mut self) -> Vec<T> {
        self.found.sort_by_key(|&(key, _)| key);
        let mut steps: Vec<T> = Vec::with_capacity(self.found.len());
        for (_, step) in self.found {
            if !steps.contains(&step) {
                steps.push(step);
            }
        }
        steps
    }
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
