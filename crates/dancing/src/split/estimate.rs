//! Knuth's random-probe estimate of the size of a search tree, which balances
//! [`SplitEngine::split_jobs`].

use super::{Effort, NextLevel, SplitEngine};
use crate::engine::INSIDE;
use crate::ids::OptionId;

/// A small deterministic generator (xorshift64*), seeded from the prefix so an estimate
/// does not depend on the order in which a split computes them.
struct Rng(u64);

impl Rng {
    fn for_prefix(prefix: &[OptionId]) -> Self {
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        for o in prefix {
            seed = (seed ^ o.index() as u64).wrapping_mul(0x100_0000_01B3);
            seed ^= seed >> 29;
        }
        Self(seed | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (n > 0), up to a negligible bias.
    fn below(&mut self, n: u32) -> u32 {
        (((self.next() >> 32) * u64::from(n)) >> 32) as u32
    }
}

/// [`SplitEngine::estimate_nodes`].
pub(super) fn estimate_nodes<E: SplitEngine>(engine: &mut E, probes: usize) -> f64 {
    estimate_with(engine, &mut Rng::for_prefix(&[]), probes, None).unwrap_or(0.0)
}

/// The average of `probes` walks, each step taken from `effort` when given: `None` if
/// the effort ran out before one walk ended (a walk cut short is not counted).
fn estimate_with<E: SplitEngine>(
    engine: &mut E,
    rng: &mut Rng,
    probes: usize,
    mut effort: Option<&mut Effort>,
) -> Option<f64> {
    let start = engine.fixed_len(INSIDE);
    let mut total = 0.0;
    let mut walked = 0;
    'probes: for _ in 0..probes {
        let mut weight = 1.0;
        let mut sum = 0.0;
        loop {
            sum += weight;
            match engine.next_level(INSIDE) {
                NextLevel::Item { item, len } if len > 0 => {
                    if effort.as_mut().is_some_and(|e| !(e.take(1) && e.probing())) {
                        engine.truncate_fixed(INSIDE, start);
                        break 'probes;
                    }
                    weight *= f64::from(len);
                    engine.descend_branch(INSIDE, item, rng.below(len));
                }
                _ => break,
            }
        }
        engine.truncate_fixed(INSIDE, start);
        total += sum;
        walked += 1;
    }
    (walked > 0 || probes == 0).then(|| total / walked.max(1) as f64)
}

/// The estimate of a prefix below the fixed levels, within `effort`.
pub(super) fn estimate_prefix<E: SplitEngine>(
    engine: &mut E,
    prefix: &[OptionId],
    probes: usize,
    effort: &mut Effort,
) -> Option<f64> {
    if !effort.take(prefix.len() as u64) {
        return None;
    }
    let start = engine.fixed_len(INSIDE);
    super::replay_counting(engine, prefix)
        .expect("the splitter only builds prefixes of the search");
    let estimate = estimate_with(engine, &mut Rng::for_prefix(prefix), probes, Some(effort));
    engine.truncate_fixed(INSIDE, start);
    estimate
}
