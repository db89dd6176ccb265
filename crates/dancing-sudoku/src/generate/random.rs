//! The random draws of generation, defined here so that a seed's puzzles never change
//! with a dependency's version.

use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

/// A random order of the `groups × within` rows (or columns) of a grid that keeps each
/// group's lines together: the groups (bands, or stacks) permuted, then the lines within
/// each group.
pub(super) fn line_permutation(rng: &mut ChaCha8Rng, groups: usize, within: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    shuffle(rng, &mut order);
    let mut lines = Vec::with_capacity(groups * within);
    let mut inner: Vec<usize> = (0..within).collect();
    for group in order {
        shuffle(rng, &mut inner);
        lines.extend(inner.iter().map(|&k| group * within + k));
    }
    lines
}

/// A uniform draw from `0..n` (`n` ≥ 1) by Lemire's multiply-and-reject, defined here so
/// that a seed's draws never change with a dependency's version.
pub(crate) fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = u32::try_from(n).expect("draws are over cells and values, far below 2³²");
    debug_assert!(n > 0);
    let threshold = n.wrapping_neg() % n;
    loop {
        let product = u64::from(rng.next_u32()) * u64::from(n);
        if product as u32 >= threshold {
            return (product >> 32) as usize;
        }
    }
}

/// Fisher–Yates.
pub(crate) fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}
