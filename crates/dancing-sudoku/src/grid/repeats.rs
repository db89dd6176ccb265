//! The quick check for a value repeated in a unit (no allocation): one pass over the
//! givens, the classic grid's units from one table. `Grid::validate` asks it first and
//! names the conflict only when it says there is one.

use crate::shape::Shape;

/// Whether a value repeats in a row, column or box of the grid `cells` of `shape` (a
/// side up to 32): [`repeats`] for any shape, the boxes found by division.
pub(super) fn repeats_in(shape: Shape, cells: &[u8]) -> bool {
    let side = shape.side();
    let (mut rows, mut columns, mut boxes) = ([0u32; 32], [0u32; 32], [0u32; 32]);
    let mut repeated = 0;
    for (i, &v) in cells.iter().enumerate() {
        let (r, c) = (i / side, i % side);
        let b = shape.box_of(r, c);
        let bit = (1u32 << v) >> 1;
        repeated |= (rows[r] | columns[c] | boxes[b]) & bit;
        rows[r] |= bit;
        columns[c] |= bit;
        boxes[b] |= bit;
    }
    repeated != 0
}

/// Whether a value repeats in a row, column or box of the order-`N` grid `cells`
/// (N ≤ 5): the order is a constant, so finding a cell's units costs no division.
/// Only the givens are visited: each run of 64 cells is turned into a mask of its
/// givens first, eight cells at a time, and a puzzle has few.
pub(super) fn repeats<const N: usize>(cells: &[u8]) -> bool {
    let side = N * N;
    let (mut rows, mut columns, mut boxes) = ([0u32; 25], [0u32; 25], [0u32; 25]);
    let mut repeated = 0;
    for (run, chunk) in cells.chunks(64).enumerate() {
        let mut givens = givens_of(chunk);
        while givens != 0 {
            let i = 64 * run + givens.trailing_zeros() as usize;
            givens &= givens - 1;
            let (r, c) = (i / side, i % side);
            let b = r / N * N + c / N;
            // Value v sets bit v - 1.
            let bit = 1u32 << (cells[i] - 1);
            repeated |= (rows[r] | columns[c] | boxes[b]) & bit;
            rows[r] |= bit;
            columns[c] |= bit;
            boxes[b] |= bit;
        }
    }
    repeated != 0
}

/// [`repeats`] for the classic grid, the most common by far: each cell's row, column
/// and box come from one table, and the givens are found eight cells at a time.
pub(super) fn repeats_9x9(cells: &[u8]) -> bool {
    /// The three units of each cell: its row, 9 + its column, 18 + its box.
    const UNITS: [[u8; 3]; 81] = {
        let mut units = [[0u8; 3]; 81];
        let mut i = 0;
        while i < 81 {
            let (r, c) = (i / 9, i % 9);
            units[i] = [r as u8, 9 + c as u8, 18 + (r / 3 * 3 + c / 3) as u8];
            i += 1;
        }
        units
    };
    let Some(cells) = cells.first_chunk::<81>() else {
        return false;
    };
    // The givens of cells 0–63, then of 64–80.
    let (low, high) = (givens_of(&cells[..64]), givens_of(&cells[64..]));
    // (Indices masked to their tables' sizes need no bounds checks.)
    let mut seen = [0u16; 32];
    let mut repeated = 0;
    for (base, mut givens) in [(0, low), (64, high)] {
        while givens != 0 {
            let i = (base + givens.trailing_zeros() as usize).min(80);
            givens &= givens - 1;
            let bit = 1u16 << (cells[i] & 15);
            let [row, column, boxed] = UNITS[i].map(|u| usize::from(u) & 31);
            repeated |= (seen[row] | seen[column] | seen[boxed]) & bit;
            seen[row] |= bit;
            seen[column] |= bit;
            seen[boxed] |= bit;
        }
    }
    repeated != 0
}

/// Bit `k` set for each cell `k` of `cells` (64 at most) that holds a value: eight
/// cells at a time, then the few left one by one.
pub(crate) fn givens_of(cells: &[u8]) -> u64 {
    debug_assert!(cells.len() <= 64);
    let mut givens = 0u64;
    let mut eights = cells.chunks_exact(8);
    for (k, eight) in (&mut eights).enumerate() {
        let word = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
        givens |= nonzero_bytes(word) << (8 * k);
    }
    let done = cells.len() - eights.remainder().len();
    for (k, &v) in eights.remainder().iter().enumerate() {
        givens |= u64::from(v != 0) << (done + k);
    }
    givens
}

/// Bit `k` set for each byte `k` of `word` that is not zero.
fn nonzero_bytes(word: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // A byte's high bit: set when the byte is not zero.
    let high = (((word & LOW7) + LOW7) | word) & !LOW7;
    // The eight high bits gathered into the top byte (no two products collide).
    high.wrapping_mul(0x0002_0408_1020_4081) >> 56
}
