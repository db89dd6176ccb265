//! The number of solutions below each node of a diagram: every node's count for the
//! draws and ranks (`u128` while they fit), and the root's alone within a memory bound.

use std::collections::HashMap;
use std::convert::Infallible;

use num_bigint::BigUint;

use super::Node;
use super::search::{BOTTOM, TOP};

/// The number of solutions below each node, for drawing: `u128` while they fit, else
/// unbounded.
#[derive(Debug, Clone)]
pub(super) enum Counts {
    Small(Vec<u128>),
    Big(Vec<BigUint>),
}

impl Counts {
    /// The counts of every node, bottom up (a node's children come before it), in
    /// `u128`s, or `None` if one overflows; `tick` once a node (its error stops).
    pub(super) fn small<E>(
        nodes: &[Node],
        tick: &mut impl FnMut() -> Result<(), E>,
    ) -> Result<Option<Vec<u128>>, E> {
        let mut small = vec![0u128; nodes.len()];
        small[TOP as usize] = 1;
        for (k, node) in nodes.iter().enumerate().skip(2) {
            tick()?;
            match small[node.lo as usize].checked_add(small[node.hi as usize]) {
                Some(sum) => small[k] = sum,
                None => return Ok(None),
            }
        }
        Ok(Some(small))
    }

    /// The same, unbounded.
    fn big<E>(nodes: &[Node], tick: &mut impl FnMut() -> Result<(), E>) -> Result<Vec<BigUint>, E> {
        let mut big: Vec<BigUint> = Vec::with_capacity(nodes.len());
        big.push(BigUint::ZERO);
        big.push(BigUint::from(1u8));
        for node in &nodes[2..] {
            tick()?;
            let sum = &big[node.lo as usize] + &big[node.hi as usize];
            big.push(sum);
        }
        Ok(big)
    }

    /// Every node's count, as few bytes as they allow.
    pub(super) fn of<E>(
        nodes: &[Node],
        mut tick: impl FnMut() -> Result<(), E>,
    ) -> Result<Self, E> {
        match Self::small(nodes, &mut tick)? {
            Some(small) => Ok(Self::Small(small)),
            None => Self::big(nodes, &mut tick).map(Self::Big),
        }
    }
}

/// The number of solutions of the diagram rooted at `root`, within `budget` bytes:
/// `u128` counts node by node while they fit that way; past 2^128, each node's count is
/// kept only until its last parent has read it, so that a long diagram of huge counts
/// (dominoes on an 8×3000 board: 1.26 million nodes, counts of 18,000 bits) holds a
/// few of them at a time. `Err` with the bytes it would need once it passes `budget`.
pub(super) fn root_count(nodes: &[Node], root: u32, budget: u64) -> Result<(BigUint, u64), u64> {
    let small = (nodes.len() * size_of::<u128>()) as u64;
    if small <= budget
        && let Ok(Some(counts)) = Counts::small(nodes, &mut || Ok::<(), Infallible>(()))
    {
        return Ok((BigUint::from(counts[root as usize]), small));
    }
    // The last node (in bottom-up order) that reads each node's count.
    let mut last = vec![0u32; nodes.len()];
    for (k, node) in nodes.iter().enumerate().skip(2) {
        last[node.lo as usize] = k as u32;
        last[node.hi as usize] = k as u32;
    }
    let mut held = (nodes.len() * size_of::<u32>()) as u64;
    let mut peak = held;
    let mut live: HashMap<u32, BigUint> = HashMap::new();
    // Bytes of a live count: its entry in the map and its digits on the heap.
    let size = |n: &BigUint| 64 + n.bits().div_ceil(64) * 8;
    let one = BigUint::from(1u8);
    for (k, node) in nodes.iter().enumerate().skip(2) {
        let value = |at: u32| match at {
            BOTTOM => None,
            TOP => Some(&one),
            at => live.get(&at),
        };
        let sum = match (value(node.lo), value(node.hi)) {
            (Some(lo), Some(hi)) => lo + hi,
            (Some(n), None) | (None, Some(n)) => n.clone(),
            (None, None) => BigUint::ZERO,
        };
        held += size(&sum);
        live.insert(k as u32, sum);
        for child in [node.lo, node.hi] {
            let read_last = child > TOP && last[child as usize] == k as u32 && child != root;
            if read_last && let Some(gone) = live.remove(&child) {
                held -= size(&gone);
            }
        }
        peak = peak.max(held);
        if held > budget {
            return Err(held);
        }
    }
    let count = match root {
        BOTTOM => BigUint::ZERO,
        TOP => one,
        root => live.remove(&root).unwrap_or_default(),
    };
    Ok((count, peak))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A diagram whose node `k` has `k − 1` and `k − 2` below it (node 2 the top sink
    /// twice): the counts are Fibonacci numbers, past 2^128 from node 185 on.
    fn fibonacci(nodes: u32) -> Vec<Node> {
        let mut all = vec![Node::default(); 2];
        all.push(Node {
            option: 0,
            lo: TOP,
            hi: TOP,
        });
        for k in 3..nodes {
            all.push(Node {
                option: k,
                lo: k - 1,
                hi: k - 2,
            });
        }
        all
    }

    #[test]
    fn counts_past_128_bits_keep_a_few_nodes_at_a_time() {
        let nodes = fibonacci(2_000);
        let root = 1_999;
        let unlimited = &mut || Ok::<(), Infallible>(());
        let Ok(table) = Counts::big(&nodes, unlimited);
        let (count, peak) = root_count(&nodes, root, u64::MAX).expect("no bound");
        assert_eq!(count, table[root as usize]);
        assert!(count.bits() > 1_000);
        // The last-use table and three counts of at most 1,400 bits at a time.
        let last = (nodes.len() * 4) as u64;
        assert!(peak < last + 3 * (64 + 176), "{peak}");
        // Below that, refused with what it would need.
        let refused = root_count(&nodes, root, last + 100).unwrap_err();
        assert!(refused > last + 100);
        // Small counts: exact in u128, the table's bytes.
        let small = fibonacci(100);
        let (count, bytes) = root_count(&small, 99, u64::MAX).unwrap();
        let Ok(table) = Counts::big(&small, unlimited);
        assert_eq!(count, table[99]);
        assert_eq!(bytes, 100 * 16);
    }
}
