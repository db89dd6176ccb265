//! What the diagram knows without a new search: how many solutions use each option
//! (its marginal), and the backbone (the options in every solution, and those in none).
//!
//! Along any path of the diagram an option is decided once at most (an option left out
//! of its item's list is never offered again: its item is closed), so the solutions
//! that use option `o` are, for each node `n` deciding `o`, the paths from the root to
//! `n` times the solutions below `n`'s `hi` branch. Two passes over the nodes: the
//! counts below each node (bottom up, as for drawing), the paths to each node (top
//! down); each at most the number of solutions, so both fit `u128` whenever the count
//! does.

use std::convert::Infallible;
use std::ops::ControlFlow;

use num_bigint::BigUint;

use super::Node;
use super::counts::Counts;
use super::search::{BOTTOM, TOP};
use super::zdd::Zdd;
use crate::count::BigCount;
use crate::ids::OptionId;
use crate::limits::{Clock, Limits, StopReason};
use crate::stats::{Stats, Stopped};

/// A count that the passes add and multiply: `u128` while the solutions fit it,
/// `BigUint` past that.
trait Tally: Clone {
    fn zero() -> Self;
    fn one() -> Self;
    fn add(&mut self, other: &Self);
    fn times(&self, other: &Self) -> Self;
    fn is_zero(&self) -> bool;
    fn into_count(self) -> BigCount;
}

impl Tally for u128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn add(&mut self, other: &Self) {
        *self += other;
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn into_count(self) -> BigCount {
        BigCount::from(self)
    }
}

impl Tally for BigUint {
    fn zero() -> Self {
        BigUint::ZERO
    }
    fn one() -> Self {
        BigUint::from(1u8)
    }
    fn add(&mut self, other: &Self) {
        *self += other;
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn is_zero(&self) -> bool {
        *self == BigUint::ZERO
    }
    fn into_count(self) -> BigCount {
        BigCount::from_big(self)
    }
}

/// The options of a problem that are in every one of its solutions, and those in
/// none, from [`Zdd::backbone`]. With no solution at all, every option is in none
/// (and, vacuously, in all: `in_all` is then left empty).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Backbone {
    /// The options every solution uses, in increasing order.
    pub in_all: Vec<OptionId>,
    /// The options no solution uses, in increasing order.
    pub in_none: Vec<OptionId>,
}

impl Backbone {
    /// The backbone of a problem of `count` solutions whose options have these
    /// `marginals` ([`Zdd::marginals`], indexed by [`OptionId`]).
    pub fn from_marginals(marginals: &[BigCount], count: &BigCount) -> Self {
        let zero = BigCount::from(0u32);
        let mut backbone = Self {
            in_all: Vec::new(),
            in_none: Vec::new(),
        };
        for (o, marginal) in marginals.iter().enumerate() {
            if *marginal == zero {
                backbone.in_none.push(OptionId::new(o));
            } else if marginal == count {
                backbone.in_all.push(OptionId::new(o));
            }
        }
        backbone
    }
}

impl Zdd {
    /// How many solutions use each option, indexed by [`OptionId`] (every option of
    /// the problem, those no solution uses at 0), exact however large: two passes over
    /// the nodes, no new search. The marginals of the options of any one primary item
    /// add up to the count (times the item's use, with multiplicities).
    ///
    /// `limits` bound the passes (their timeout from this call, the node limit
    /// counting nodes), and the counts they hold answer to the memory bound the
    /// diagram was built with.
    ///
    /// # Errors
    /// [`Stopped`] when a limit or the memory bound stops a pass.
    ///
    /// ```
    /// use dancing::{Limits, Memo, problems};
    ///
    /// // The board 3 wide and 2 high has 3 domino tilings. Of the two dominoes on its
    /// // top-left cell (`r1c1 r1c2` and `r1c1 r2c1`), one lies in 1 tiling, the other in 2.
    /// let problem = problems::dominoes(3, 2);
    /// let zdd = Memo::new(&problem).build()?;
    /// let marginals = zdd.marginals(&Limits::none())?;
    /// assert_eq!(marginals.len(), problem.option_count());
    /// assert_eq!(problem.format_option(dancing::OptionId::new(1)), "r1c1 r2c1");
    /// assert_eq!((marginals[0].clone(), marginals[1].clone()), (1u32.into(), 2u32.into()));
    /// # Ok::<(), dancing::Stopped>(())
    /// ```
    pub fn marginals(&self, limits: &Limits) -> Result<Vec<BigCount>, Stopped> {
        // The counts below every node (made once, kept for the draws and the ranks),
        // and the paths to every node: refused before they are made if they would pass
        // the bound with the diagram.
        let table = self.sampling_bytes();
        let below = if self.counts_made() { 0 } else { table };
        if self.held_bytes() + below + table > self.max_memory() {
            return Err(stopped(StopReason::Memory, 0));
        }
        self.make_counts(limits)?;
        match self.counts() {
            Counts::Small(below) => self.marginals_in(below, limits),
            Counts::Big(below) => self.marginals_in(below, limits),
        }
    }

    /// The options in every solution and those in none ([`Backbone`]), from the
    /// [`marginals`](Self::marginals), under the same limits.
    ///
    /// # Errors
    /// [`Stopped`] when a limit or the memory bound stops a pass.
    ///
    /// ```
    /// use dancing::{Limits, Memo, OptionId};
    ///
    /// // A and B are covered by `A B` or by `A` and `B` alone; D only by `C D`, which
    /// // every solution takes, so `C` alone is in none.
    /// let problem = dancing::format::parse_str("A B C D\nA B\nA\nB\nC D\nC\n")?;
    /// let backbone = Memo::new(&problem).build()?.backbone(&Limits::none())?;
    /// assert_eq!(backbone.in_all, [OptionId::new(3)]);
    /// assert_eq!(backbone.in_none, [OptionId::new(4)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn backbone(&self, limits: &Limits) -> Result<Backbone, Stopped> {
        Ok(Backbone::from_marginals(
            &self.marginals(limits)?,
            &self.count(),
        ))
    }

    /// The solution of rank `k` in the order [`solutions`](Self::solutions) lists them
    /// (rank 0 first), found by one walk down the diagram: a huge set of solutions can
    /// be paged, or shared among machines by ranks. `None` when `k` is not below the
    /// count. The first call makes the count below every node, as the first draw does
    /// ([`sampling_bytes`](Self::sampling_bytes)).
    ///
    /// ```
    /// use dancing::{BigCount, Memo, problems};
    ///
    /// let zdd = Memo::new(&problems::dominoes(4, 4)).build()?;
    /// let listed: Vec<_> = zdd.solutions().collect();
    /// for (k, solution) in listed.iter().enumerate() {
    ///     assert_eq!(zdd.nth(&BigCount::from(k)).as_ref(), Some(solution));
    ///     assert_eq!(zdd.rank(solution), Some(BigCount::from(k)));
    /// }
    /// assert_eq!(zdd.nth(&BigCount::from(36u32)), None);
    /// # Ok::<(), dancing::Stopped>(())
    /// ```
    pub fn nth(&self, k: &BigCount) -> Option<Vec<OptionId>> {
        match self.counts() {
            Counts::Small(c) => {
                let mut r = k.to_u128()?;
                (r < c[self.root() as usize]).then(|| {
                    self.descend(|node| {
                        if r < c[node.hi as usize] {
                            true
                        } else {
                            r -= c[node.hi as usize];
                            false
                        }
                    })
                })
            }
            Counts::Big(c) => {
                let mut r = k.as_big().clone();
                (r < c[self.root() as usize]).then(|| {
                    self.descend(|node| {
                        if r < c[node.hi as usize] {
                            true
                        } else {
                            r -= &c[node.hi as usize];
                            false
                        }
                    })
                })
            }
        }
    }

    /// The rank of `solution` (its options in any order) in the order
    /// [`solutions`](Self::solutions) lists them: [`nth`](Self::nth) undone. `None`
    /// when it is not one of the diagram's solutions.
    pub fn rank(&self, solution: &[OptionId]) -> Option<BigCount> {
        let mut wanted: Vec<u32> = solution.iter().map(|o| o.index() as u32).collect();
        wanted.sort_unstable();
        let options = wanted.len();
        wanted.dedup();
        if wanted.len() != options {
            return None;
        }
        let (nodes, counts) = (self.nodes(), self.counts());
        let mut rank = BigUint::ZERO;
        let mut taken = 0;
        let mut at = self.root();
        while at > TOP {
            let Node { option, lo, hi } = nodes[at as usize];
            if wanted.binary_search(&option).is_ok() {
                taken += 1;
                at = hi;
            } else {
                match counts {
                    Counts::Small(c) => rank += c[hi as usize],
                    Counts::Big(c) => rank += &c[hi as usize],
                }
                at = lo;
            }
        }
        (at == TOP && taken == options).then(|| BigCount::from_big(rank))
    }

    /// One solution drawn with probability proportional to the product of its options'
    /// `weights` (indexed by [`OptionId`]; a missing weight is 1, a weight of 0
    /// forbids the option): with every weight 1, a uniform draw. Exact, in integers:
    /// each node's weighted count is `lo`'s plus the option's weight times `hi`'s, and
    /// the draw descends as [`sample`](Self::sample) does. `None` when no solution has a
    /// weight above 0. The weighted counts are made anew at each call: to draw many,
    /// see [`samples_weighted`](Self::samples_weighted).
    ///
    /// ```
    /// use dancing::{Memo, problems};
    ///
    /// // On the 2×2 board, the two upright dominoes weigh 3 each: that tiling (9) is
    /// // drawn nine times as often as the other (1).
    /// let problem = problems::dominoes(2, 2);
    /// let zdd = Memo::new(&problem).build()?;
    /// let mut weights = vec![1; problem.option_count()];
    /// for o in problem.options().filter(|&o| problem.format_option(o).contains("r2")) {
    ///     if problem.format_option(o).starts_with("r1") {
    ///         weights[o.index()] = 3;
    ///     }
    /// }
    /// let drawn = zdd.samples_weighted(&weights, 1).take(1000);
    /// let upright = drawn.filter(|s| weights[s[0].index()] == 3).count();
    /// assert!((850..950).contains(&upright), "{upright}");
    /// # Ok::<(), dancing::Stopped>(())
    /// ```
    pub fn samples_weighted<'z>(
        &'z self,
        weights: &'z [u64],
        seed: u64,
    ) -> impl Iterator<Item = Vec<OptionId>> + 'z {
        use rand_core::SeedableRng;
        let Ok(counts) = self.weighted_counts(weights, || Ok::<(), Infallible>(()));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        std::iter::from_fn(move || self.descend_weighted(&counts, weights, &mut rng))
    }

    /// One solution drawn by `rng` with probability proportional to the product of
    /// its options' `weights` (see [`samples_weighted`](Self::samples_weighted)).
    pub fn sample_weighted(
        &self,
        weights: &[u64],
        rng: &mut impl rand_core::RngCore,
    ) -> Option<Vec<OptionId>> {
        let Ok(counts) = self.weighted_counts(weights, || Ok::<(), Infallible>(()));
        self.descend_weighted(&counts, weights, rng)
    }

    /// The first `k` of [`samples_weighted(weights, seed)`](Self::samples_weighted),
    /// handed to `visit` until it breaks or `limits` stop the pass that weighs the
    /// nodes (the node limit counting nodes) or the draws (counting draws): what
    /// stopped them, or `None` once `k` were drawn (or none exists).
    pub fn visit_samples_weighted(
        &self,
        k: u64,
        (weights, seed): (&[u64], u64),
        limits: &Limits,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Option<StopReason> {
        use rand_core::SeedableRng;
        let mut clock = Clock::new(limits);
        let counts = match self.weighted_counts(weights, || clock.tick().map_or(Ok(()), Err)) {
            Ok(counts) => counts,
            Err(reason) => return Some(reason),
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let drawn = std::iter::from_fn(|| self.descend_weighted(&counts, weights, &mut rng));
        super::zdd::visit_drawn(drawn, k, limits, visit)
    }

    /// The weighted count below every node, `tick`ed once a node: its error stops the
    /// pass.
    fn weighted_counts<E>(
        &self,
        weights: &[u64],
        mut tick: impl FnMut() -> Result<(), E>,
    ) -> Result<Vec<BigUint>, E> {
        let nodes = self.nodes();
        let mut counts: Vec<BigUint> = Vec::with_capacity(nodes.len());
        counts.push(BigUint::ZERO);
        counts.push(BigUint::from(1u8));
        for &Node { option, lo, hi } in &nodes[2..] {
            tick()?;
            let weight = weights.get(option as usize).copied().unwrap_or(1);
            let sum = &counts[lo as usize] + &counts[hi as usize] * weight;
            counts.push(sum);
        }
        Ok(counts)
    }

    /// The draw down the diagram by its weighted `counts`.
    fn descend_weighted(
        &self,
        counts: &[BigUint],
        weights: &[u64],
        rng: &mut impl rand_core::RngCore,
    ) -> Option<Vec<OptionId>> {
        // Drawn as the uniform draws draw their rank: weights of 1 draw the same.
        let mut r = super::zdd::below(&counts[self.root() as usize], rng)?;
        Some(self.descend(|node| {
            let weight = weights.get(node.option as usize).copied().unwrap_or(1);
            let high = &counts[node.hi as usize] * weight;
            if r < high {
                // Within the `hi` side: the rank among its weighted solutions.
                r /= weight.max(1);
                true
            } else {
                r -= high;
                false
            }
        }))
    }

    /// The marginals from `below`, the count below every node ([`Zdd::counts`]): the
    /// paths to each node, top down, times the counts below their `hi` sides.
    fn marginals_in<T: Tally>(
        &self,
        below: &[T],
        limits: &Limits,
    ) -> Result<Vec<BigCount>, Stopped> {
        let nodes = self.nodes();
        let mut clock = Clock::new(limits);
        let mut done = 0u64;
        let mut above = vec![T::zero(); nodes.len()];
        let mut marginals = vec![T::zero(); self.option_count()];
        let root = self.root();
        if root > TOP {
            above[root as usize] = T::one();
        }
        // Parents come after their children: from the root down.
        for k in (2..nodes.len()).rev() {
            if above[k].is_zero() {
                continue;
            }
            let Node { option, lo, hi } = nodes[k];
            let paths = above[k].clone();
            marginals[option as usize].add(&paths.times(&below[hi as usize]));
            for child in [lo, hi] {
                if child > TOP {
                    above[child as usize].add(&paths);
                }
            }
            done += 1;
            if let Some(reason) = clock.tick() {
                return Err(stopped(reason, done));
            }
        }
        debug_assert!(root != BOTTOM || marginals.iter().all(T::is_zero));
        Ok(marginals.into_iter().map(T::into_count).collect())
    }
}

/// The stop for `reason` after `nodes` nodes of a pass.
fn stopped(reason: StopReason, nodes: u64) -> Stopped {
    Stopped::new(
        reason,
        Stats {
            nodes,
            ..Stats::default()
        },
    )
}
