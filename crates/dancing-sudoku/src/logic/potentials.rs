//! Potentials (a candidate assumed to hold or not) as numbers, and Sudoku Explainer's
//! increment for the length of a chain of them.

/// Potentials as numbers, for a grid of side `.0`: `(cell · side + value − 1) · 2`, plus
/// 1 for on.
#[derive(Debug, Clone, Copy)]
pub(super) struct Pots(pub(super) usize);

impl Pots {
    /// The potential of `value` in `cell`, on or off.
    pub(super) fn pot(self, cell: usize, value: u8, on: bool) -> u32 {
        ((cell * self.0 + usize::from(value) - 1) * 2 + usize::from(on)) as u32
    }

    /// The cell, value and state of a potential.
    pub(super) fn parts(self, pot: u32) -> (usize, u8, bool) {
        let (pot, n) = (pot as usize, self.0);
        (pot / 2 / n, (pot / 2 % n) as u8 + 1, pot % 2 == 1)
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
