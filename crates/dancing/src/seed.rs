//! Seeds drawn when the caller gives none.

use std::sync::atomic::{AtomicU64, Ordering};

/// A seed for a random draw made without one (`Zdd::sample`, the sudoku generator):
/// the clock's nanoseconds, the process id and a count of the seeds drawn, so that two
/// seeds drawn in one instant differ. Report it, so that the draw can be made again.
///
/// ```
/// assert_ne!(dancing::random_seed(), dancing::random_seed());
/// ```
pub fn random_seed() -> u64 {
    static DRAWN: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let drawn = DRAWN.fetch_add(1, Ordering::Relaxed);
    // SplitMix64's finalizer spreads the bits, so close clocks give unrelated seeds.
    let mut z = nanos
        ^ u64::from(std::process::id()).rotate_left(32)
        ^ drawn.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
