//! The random draws of generation, defined here so that a seed's puzzles never change
//! with a dependency's version.

use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

/// A random order of the N rows of a grid of order `order` that keeps each band's rows
/// together: bands permuted, then the rows within each band.
pub(super) fn line_permutation(rng: &mut ChaCha8Rng, order: usize) -> Vec<usize> {
    let mut bands: Vec<usize> = (0..order).collect();
    shuffle(rng, &mut bands);
    let mut lines = Vec::with_capacity(order * order);
    let mut within: Vec<usize> = (0..order).collect();
    for band in bands {
        shuffle(rng, &mut within);
        lines.extend(within.iter().map(|&k| band * order + k));
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
