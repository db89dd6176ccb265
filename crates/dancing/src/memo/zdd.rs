//! The ZDD of all the solutions, as a value: count, list, sample uniformly, write out.

use std::io::{self, Write};

use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::OnceLock;

use num_bigint::BigUint;

use crate::count::BigCount;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::counts::{Counts, root_count};
use super::search::{BOTTOM, TOP};
use super::{MemoStats, Node};
use crate::limits::Clock;
use crate::{ids::OptionId, limits::Limits, limits::StopReason, stats::Stats, stats::Stopped};

/// A zero-suppressed decision diagram of the solutions of a problem, as
/// [`Memo::build`](super::Memo::build) makes it: each node decides one option, its
/// `hi` branch the solutions with it and its `lo` branch those without. Counting,
/// listing and drawing solutions walk it without a new search.
///
/// ```
/// use dancing::{Memo, problems};
///
/// let zdd = Memo::new(&problems::dominoes(4, 4)).build()?;
/// assert_eq!(zdd.count(), 36u32.into());
/// assert_eq!(zdd.solutions().count(), 36);
/// # Ok::<(), dancing::Stopped>(())
/// ```
#[derive(Debug, Clone)]
pub struct Zdd {
    nodes: Vec<Node>,
    root: u32,
    /// The number of solutions.
    count: BigCount,
    /// The count below every node, made for the first draw.
    counts: OnceLock<Counts>,
    stats: MemoStats,
    /// The problem's options (some may be in no node).
    options: usize,
    /// The bound it was built under, which its queries answer to as well.
    max_memory: u64,
}

impl Zdd {
    /// The diagram of `nodes` rooted at `root`, counted within `max_memory` bytes in
    /// all (the nodes' included).
    pub(super) fn new(
        nodes: Vec<Node>,
        root: u32,
        (mut stats, options): (MemoStats, usize),
        max_memory: u64,
    ) -> Result<Self, Stopped> {
        let held = (nodes.len() * size_of::<Node>()) as u64;
        let budget = max_memory.saturating_sub(held);
        let (count, counting) = root_count(&nodes, root, budget).map_err(|_| {
            let done = Stats {
                nodes: stats.states,
                ..Stats::default()
            };
            Stopped::new(StopReason::Memory, done)
        })?;
        stats.bytes = stats.bytes.max(held + counting);
        Ok(Self {
            nodes,
            root,
            count: BigCount::from_big(count),
            counts: OnceLock::new(),
            stats,
            options,
            max_memory,
        })
    }

    /// The nodes, the two sinks first; a node's children come before it.
    pub(super) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The root node.
    pub(super) fn root(&self) -> u32 {
        self.root
    }

    /// The problem's number of options.
    pub(super) fn option_count(&self) -> usize {
        self.options
    }

    /// The memory bound it was built under.
    pub(super) fn max_memory(&self) -> u64 {
        self.max_memory
    }

    /// The bytes it holds: its nodes, and the counts of the first draw once made.
    pub(super) fn held_bytes(&self) -> u64 {
        let counts = match self.counts.get() {
            None => 0,
            Some(Counts::Small(c)) => c.len() * size_of::<u128>(),
            Some(Counts::Big(c)) => c.iter().map(|n| 32 + n.bits() as usize / 8).sum(),
        };
        (self.nodes.len() * size_of::<Node>() + counts) as u64
    }

    /// The number of solutions, exact however large.
    pub fn count(&self) -> BigCount {
        self.count.clone()
    }

    /// The number of solutions counted no further than `limit`, as an engine counts
    /// ([`Count::up_to`](crate::Count::up_to)): all of them, complete (`None`), when
    /// there are `limit` or fewer; else `limit`, stopped by the caller
    /// ([`StopReason::Caller`]).
    ///
    /// ```
    /// use dancing::{Memo, StopReason, problems};
    ///
    /// let zdd = Memo::new(&problems::dominoes(4, 4)).build()?;
    /// assert_eq!(zdd.count_up_to(36), (36u32.into(), None));
    /// assert_eq!(zdd.count_up_to(10), (10u32.into(), Some(StopReason::Caller)));
    /// # Ok::<(), dancing::Stopped>(())
    /// ```
    pub fn count_up_to(&self, limit: u64) -> (BigCount, Option<StopReason>) {
        if self.count > limit.into() {
            (limit.into(), Some(StopReason::Caller))
        } else {
            (self.count.clone(), None)
        }
    }

    /// The number of solutions if it fits in a `u128`.
    pub fn count_u128(&self) -> Option<u128> {
        self.count.to_u128()
    }

    /// The bytes that the first draw ([`sample`](Self::sample),
    /// [`samples`](Self::samples)) allocates, at most: the number of solutions below
    /// every node, which no count of the whole diagram needs (16 bytes a node while
    /// the count fits 128 bits; past that, up to the root count's size a node, as no
    /// node has more solutions than the root).
    pub fn sampling_bytes(&self) -> u64 {
        let nodes = self.nodes.len() as u64;
        if self.count.bits() <= 128 {
            nodes * 16
        } else {
            nodes * (size_of::<BigUint>() as u64 + 16 + self.count.bits().div_ceil(64) * 8)
        }
    }

    /// The number of decision nodes (the two sinks not counted).
    pub fn node_count(&self) -> usize {
        self.nodes.len() - 2
    }

    /// What the search that built it did: states, memo entries and hits, nodes, bytes.
    pub fn stats(&self) -> MemoStats {
        self.stats
    }

    /// Every solution, as its options in the order the search decided them, each once.
    pub fn solutions(&self) -> ZddSolutions<'_> {
        ZddSolutions {
            zdd: self,
            stack: if self.root == BOTTOM {
                Vec::new()
            } else {
                vec![(self.root, 0)]
            },
            chosen: Vec::new(),
        }
    }

    /// Every solution, as [`solutions`](Self::solutions) lists them, handed to `visit`
    /// without a copy, until `visit` breaks or `limits` stop the walk: checked every
    /// [`Limits::CHECK_INTERVAL`] solutions, the node limit counting solutions and the
    /// timeout from this call. Returns what stopped it ([`StopReason::Caller`] for a
    /// break), or `None` once every solution was visited.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dancing::{Limits, Memo, StopReason, problems};
    ///
    /// let zdd = Memo::new(&problems::dominoes(4, 4)).build()?;
    /// let mut seen = 0;
    /// let stop = zdd.visit(&Limits::max_nodes(10), |_| {
    ///     seen += 1;
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!((seen, stop), (10, Some(StopReason::NodeLimit)));
    /// assert_eq!(zdd.visit(&Limits::none(), |_| ControlFlow::Continue(())), None);
    /// # Ok::<(), dancing::Stopped>(())
    /// ```
    pub fn visit(
        &self,
        limits: &Limits,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Option<StopReason> {
        let mut clock = Clock::new(limits);
        let mut walk = self.solutions();
        while walk.advance() {
            if visit(&walk.chosen).is_break() {
                return Some(StopReason::Caller);
            }
            if let Some(reason) = clock.tick() {
                return Some(reason);
            }
        }
        None
    }

    /// Solutions drawn uniformly and independently (each with probability 1/count),
    /// from a generator seeded by `seed`: the same seed draws the same solutions, on
    /// every machine (ChaCha8, as `dancing xc --sample K --seed S` draws them). Endless;
    /// empty when there is no solution. To draw from a generator of your own, see
    /// [`sample`](Self::sample).
    ///
    /// ```
    /// use dancing::{Memo, problems};
    ///
    /// let problem = problems::dominoes(4, 4);
    /// let zdd = Memo::new(&problem).build()?;
    /// let drawn: Vec<_> = zdd.samples(7).take(3).collect();
    /// assert_eq!(drawn.len(), 3);
    /// assert!(drawn.iter().all(|s| problem.verify(s).is_ok()));
    /// assert_eq!(drawn, zdd.samples(7).take(3).collect::<Vec<_>>());
    /// # Ok::<(), dancing::Stopped>(())
    /// ```
    pub fn samples(&self, seed: u64) -> ZddSamples<'_> {
        ZddSamples {
            zdd: self,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The first `k` of [`samples(seed)`](Self::samples), handed to `visit` until it
    /// breaks or `limits` stop the draws (counted as [`visit`](Self::visit) counts
    /// solutions) or the table they read ([`make_counts`](Self::make_counts)): what
    /// stopped them, or `None` once `k` were drawn (or none exists).
    pub fn visit_samples(
        &self,
        k: u64,
        seed: u64,
        limits: &Limits,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Option<StopReason> {
        if let Err(stop) = self.make_counts(limits) {
            return Some(stop.reason);
        }
        visit_drawn(self.samples(seed), k, limits, visit)
    }

    /// One solution drawn uniformly at random (each with probability 1/count) by `rng`,
    /// any generator of [`rand_core`](crate::rand_core) 0.9 (re-exported, so that its
    /// version is the one this crate takes), `None` when there is none. The same
    /// generator state gives the same solution. [`samples`](Self::samples) draws from a
    /// seed instead.
    pub fn sample(&self, rng: &mut impl RngCore) -> Option<Vec<OptionId>> {
        // A rank drawn uniformly below the count, and the solution of that rank.
        let rank = match self.counts() {
            Counts::Small(c) => BigCount::from(below_u128(c[self.root as usize], rng)?),
            Counts::Big(c) => BigCount::from_big(below_big(&c[self.root as usize], rng)?),
        };
        self.nth(&rank)
    }

    /// Whether the count below every node is made.
    pub(super) fn counts_made(&self) -> bool {
        self.counts.get().is_some()
    }

    /// The count below every node (made on first use, kept for the next draws).
    pub(super) fn counts(&self) -> &Counts {
        self.counts.get_or_init(|| {
            let Ok(counts) = Counts::of(&self.nodes, || Ok::<(), Infallible>(()));
            counts
        })
    }

    /// Makes the count below every node, which ranks ([`nth`](Self::nth),
    /// [`rank`](Self::rank)) and uniform draws read, under `limits` (the node limit
    /// counting nodes) and the memory bound the diagram was built with
    /// ([`sampling_bytes`](Self::sampling_bytes) more): done once, kept, so that the
    /// queries after it take no pass. Without it the first of them makes the table
    /// unbounded.
    ///
    /// # Errors
    /// [`Stopped`] when a limit stops the pass, or with [`StopReason::Memory`] when
    /// the table would pass the bound.
    pub fn make_counts(&self, limits: &Limits) -> Result<(), Stopped> {
        if self.counts_made() {
            return Ok(());
        }
        if self.held_bytes().saturating_add(self.sampling_bytes()) > self.max_memory {
            return Err(Stopped::new(StopReason::Memory, Stats::default()));
        }
        let mut clock = Clock::new(limits);
        let mut done = 0u64;
        let counts = Counts::of(&self.nodes, || {
            done += 1;
            clock.tick().map_or(Ok(()), Err)
        });
        match counts {
            Ok(counts) => {
                let _ = self.counts.set(counts);
                Ok(())
            }
            Err(reason) => {
                let stats = Stats {
                    nodes: done,
                    ..Stats::default()
                };
                Err(Stopped::new(reason, stats))
            }
        }
    }

    /// The path from the root to the top sink where `high(node)` says at each node
    /// whether to take its option.
    pub(super) fn descend(&self, mut high: impl FnMut(Node) -> bool) -> Vec<OptionId> {
        let mut chosen = Vec::new();
        let mut at = self.root;
        while at > TOP {
            let node = self.nodes[at as usize];
            if high(node) {
                chosen.push(OptionId::new(node.option as usize));
                at = node.hi;
            } else {
                at = node.lo;
            }
        }
        chosen
    }

    /// Writes the diagram in the text format of Knuth's ZDDREAD programs: a line
    /// `id: (~var?lo:hi)` per node, ids in hexadecimal (0 and 1 are the sinks), the
    /// variable the 1-based option number, and last a dummy root of variable 0 whose
    /// `hi` is the diagram's root (see docs/formats.md).
    pub fn write_text(&self, mut out: impl Write) -> io::Result<()> {
        for (k, node) in self.nodes.iter().enumerate().skip(2) {
            writeln!(
                out,
                "{k:x}: (~{}?{:x}:{:x})",
                node.option + 1,
                node.lo,
                node.hi
            )?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.nodes.len(), self.root)
    }
}

/// The first `k` of `drawn`, handed to `visit` until it breaks or `limits` stop the
/// draws: what stopped them, or `None` once `k` were drawn (or none exists).
pub(super) fn visit_drawn(
    drawn: impl Iterator<Item = Vec<OptionId>>,
    k: u64,
    limits: &Limits,
    mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
) -> Option<StopReason> {
    let mut clock = Clock::new(limits);
    for solution in drawn.take(usize::try_from(k).unwrap_or(usize::MAX)) {
        if visit(&solution).is_break() {
            return Some(StopReason::Caller);
        }
        if let Some(reason) = clock.tick() {
            return Some(reason);
        }
    }
    None
}

/// A uniform draw from `0..n`, `None` when `n` is 0.
fn below_u128(n: u128, rng: &mut impl RngCore) -> Option<u128> {
    if n == 0 {
        return None;
    }
    let bits = 128 - (n - 1).leading_zeros();
    loop {
        let x = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()))
            .checked_shr(128 - bits)
            .unwrap_or(0);
        if x < n {
            return Some(x);
        }
    }
}

/// A uniform draw from `0..n`, `None` when `n` is 0, drawn as [`Zdd::sample`] draws its
/// rank: the same generator state draws the same number from the same `n`.
pub(super) fn below(n: &BigUint, rng: &mut impl RngCore) -> Option<BigUint> {
    match u128::try_from(n) {
        Ok(n) => below_u128(n, rng).map(BigUint::from),
        Err(_) => below_big(n, rng),
    }
}

/// A uniform draw from `0..n`, `None` when `n` is 0.
fn below_big(n: &BigUint, rng: &mut impl RngCore) -> Option<BigUint> {
    if *n == BigUint::ZERO {
        return None;
    }
    let bits = (n - 1u8).bits();
    let words = bits.div_ceil(64) as usize;
    loop {
        let mut digits: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
        let spare = words as u64 * 64 - bits;
        if let Some(top) = digits.last_mut() {
            *top = top.checked_shr(spare as u32).unwrap_or(0);
        }
        let x = BigUint::from_slice(
            &digits
                .iter()
                .flat_map(|&d| [d as u32, (d >> 32) as u32])
                .collect::<Vec<u32>>(),
        );
        if x < *n {
            return Some(x);
        }
    }
}

/// The solutions of a [`Zdd`], from [`Zdd::solutions`].
#[derive(Debug)]
pub struct ZddSolutions<'z> {
    zdd: &'z Zdd,
    /// Nodes to go through: each with 0 (take its option next), 1 (then leave it out).
    stack: Vec<(u32, u8)>,
    chosen: Vec<OptionId>,
}

impl ZddSolutions<'_> {
    /// Goes to the next solution, `false` after the last; the solution is `chosen`.
    fn advance(&mut self) -> bool {
        while let Some((at, stage)) = self.stack.pop() {
            if at == TOP {
                return true;
            }
            let node = self.zdd.nodes[at as usize];
            match stage {
                0 => {
                    // Take the option: come back to leave it out.
                    self.stack.push((at, 1));
                    self.chosen.push(OptionId::new(node.option as usize));
                    self.stack.push((node.hi, 0));
                }
                _ => {
                    self.chosen.pop();
                    if node.lo != BOTTOM {
                        self.stack.push((node.lo, 0));
                    }
                }
            }
        }
        false
    }
}

impl Iterator for ZddSolutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Self::Item> {
        self.advance().then(|| self.chosen.clone())
    }
}

/// Solutions drawn uniformly and independently, from [`Zdd::samples`]: endless, or
/// empty when there is no solution.
#[derive(Debug)]
pub struct ZddSamples<'z> {
    zdd: &'z Zdd,
    rng: ChaCha8Rng,
}

impl Iterator for ZddSamples<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Self::Item> {
        self.zdd.sample(&mut self.rng)
    }
}
