//! Uniform samples without the memo: by listing the solutions, for the problems whose
//! subproblems rarely repeat (a memo of them costs more than the search it saves), and
//! the probe that tells the two apart.

use std::ops::ControlFlow;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::{Memo, Zdd, search};
use crate::{
    count::Count, engine::Engine, ids::OptionId, problem::Problem, stats::Stats, stats::Stopped,
};

/// What a short run of the memo said of a problem ([`Memo::probe`]).
#[derive(Debug)]
#[non_exhaustive]
pub enum Probe {
    /// The memo finished within the budget: its diagram.
    Built(Zdd),
    /// It did not: the states it reached and how many of them it found remembered.
    Unfinished {
        /// States reached.
        states: u64,
        /// States found in the memo.
        hits: u64,
    },
}

impl Probe {
    /// The states a probe runs for by default ([`Memo::for_sampling`]): a board's memo
    /// ends within them or repeats its states often by then.
    pub const STATES: u64 = 20_000;

    /// The states a count's probe runs for ([`Route::for_count`](crate::Route::for_count)):
    /// few enough to cost about a hundredth of the plain search where the memo does not
    /// pay (1 ms against 0.1 s on 13 queens, 17 ms against 2.1 s on the 6×10
    /// pentominoes), and enough for boards to show their repeats (a third of the states
    /// on dominoes, under a tenth on pentominoes, queens and Langford pairs).
    pub const COUNT_STATES: u64 = 1_000;

    /// The share of states found remembered below which the memo is said not to pay: on
    /// boards of dominoes a third of the states repeat (and the memo counts in
    /// milliseconds what the plain search takes hours for), on the 6×10 pentominoes a
    /// tenth (and the memo takes 48 s where the plain search takes 3).
    pub const FEW_HITS: f64 = 0.2;

    /// Whether the memo pays: it finished, or enough of its states repeat.
    pub fn memo_pays(&self) -> bool {
        match *self {
            Self::Built(_) => true,
            Self::Unfinished { states, hits } => hits as f64 >= Self::FEW_HITS * states as f64,
        }
    }
}

impl Memo<'_> {
    /// Runs the memo for at most `states` states: the diagram if that is enough, else how
    /// often its states repeated, for a caller to choose between the memo and a plain
    /// search ([`Probe::memo_pays`]). The probe's budget stands for the memo's node
    /// limit (a probe is not the search the limit bounds); its deadline, interruption
    /// and memory bound hold.
    ///
    /// ```
    /// use dancing::{Memo, problems};
    ///
    /// // Domino boards repeat themselves: the memo pays.
    /// assert!(Memo::new(&problems::dominoes(20, 20)).probe(20_000)?.memo_pays());
    /// // Pentominoes hardly do.
    /// assert!(!Memo::new(&problems::pentominoes(10, 6)).probe(20_000)?.memo_pays());
    /// # Ok::<(), dancing::Stopped>(())
    /// ```
    ///
    /// # Errors
    /// [`Stopped`] when the memo's deadline, interruption or memory bound stops the
    /// probe.
    pub fn probe(&self, states: u64) -> Result<Probe, Stopped> {
        let mut limits = self.limits.clone();
        limits.max_nodes = Some(states);
        let mut search = search::Search::new(self.problem, self.order);
        match search.run(&limits, self.max_memory, self.progress.as_deref()) {
            Ok(root) => {
                let built = (search.stats(), self.problem().option_count());
                Zdd::new(search.into_nodes(), root, built, self.max_memory).map(Probe::Built)
            }
            // The probe's budget ran out.
            Err(stop) if stop.reason == crate::limits::StopReason::NodeLimit => {
                let stats = search.stats();
                Ok(Probe::Unfinished {
                    states: stats.states,
                    hits: stats.hits,
                })
            }
            Err(stop) => Err(stop),
        }
    }
}

impl Memo<'_> {
    /// The diagram to draw samples from, or `None` where the memo does not pay and the
    /// samples are better drawn by listing ([`sample_by_listing`]): a [`probe`]
    /// of [`Probe::STATES`] states, then the whole memo if it pays.
    ///
    /// [`probe`]: Memo::probe
    ///
    /// # Errors
    /// [`Stopped`] when one of the memo's limits stops it.
    pub fn for_sampling(&self) -> Result<Option<Zdd>, Stopped> {
        match self.probe(Probe::STATES)? {
            Probe::Built(zdd) => Ok(Some(zdd)),
            probe if !probe.memo_pays() => Ok(None),
            Probe::Unfinished { .. } => self.build().map(Some),
        }
    }
}

/// Draws `k` solutions of `engine`'s problem uniformly at random, with repeats, the same
/// for the same `seed`, by listing them. Up to [`SAMPLES_IN_ONE_PASS`] draws, one search keeps a
/// reservoir of one solution per draw (the `n`th solution replaces each with
/// probability `1/n`); past it, one search counts the solutions, `k` ranks are drawn
/// below the count, and a second search keeps the solutions of those ranks. Exact and
/// uniform whatever the problem, in memory for `k` solutions ([`listing_bytes`]);
/// `visit` receives them in the order drawn. Returns the statistics of the searches,
/// their `solutions` the count: a limit that stops a search leaves them incomplete,
/// and then nothing is visited ([`Count::from_stats`] reads the count).
///
/// ```
/// use dancing::{Count, Solver, problems, sample_by_listing};
///
/// let mut solver = Solver::new(&problems::queens(6));
/// let mut drawn = Vec::new();
/// let stats = sample_by_listing(&mut solver, 5, 7, |s| {
///     drawn.push(s.to_vec());
///     std::ops::ControlFlow::Continue(())
/// });
/// assert_eq!((Count::from_stats(&stats), drawn.len()), (Count::Complete(4), 5));
/// ```
pub fn sample_by_listing<E: Engine>(
    engine: &mut E,
    k: u64,
    seed: u64,
    mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
) -> Stats {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (stats, drawn) = if k <= SAMPLES_IN_ONE_PASS {
        reservoirs(engine, k, &mut rng)
    } else {
        ranked(engine, k, &mut rng)
    };
    if stats.limit_stop().is_none() {
        for solution in &drawn {
            if visit(solution).is_break() {
                break;
            }
        }
    }
    stats
}

/// The draws up to which [`sample_by_listing`] searches once, keeping a reservoir per
/// draw (a draw below the count for each, at each solution); past them it searches
/// twice, drawing ranks once.
pub const SAMPLES_IN_ONE_PASS: u64 = 64;

/// The most bytes [`sample_by_listing`] holds for `k` draws of `problem`'s solutions,
/// besides its engine: a rank and a solution per draw, each solution at most an option
/// per primary item.
pub fn listing_bytes(problem: &Problem, k: u64) -> u64 {
    let solution = std::mem::size_of::<Vec<OptionId>>()
        + std::mem::size_of::<OptionId>() * problem.primary_count();
    k.saturating_mul(solution as u64 + 16)
}

/// One search: `k` reservoirs of one solution, the `n`th replacing each with
/// probability `1/n`.
fn reservoirs<E: Engine>(
    engine: &mut E,
    k: u64,
    rng: &mut ChaCha8Rng,
) -> (Stats, Vec<Vec<OptionId>>) {
    let mut kept: Vec<Vec<OptionId>> = vec![Vec::new(); k as usize];
    let mut n = 0u64;
    let stats = engine.visit(|solution| {
        n += 1;
        for slot in &mut kept {
            if below(n, rng) == 0 {
                slot.clear();
                slot.extend_from_slice(solution);
            }
        }
        ControlFlow::Continue(())
    });
    let drawn = if n == 0 { Vec::new() } else { kept };
    (stats, drawn)
}

/// Two searches: the count, then the solutions of `k` ranks drawn below it, kept once
/// each and given back in the order drawn.
fn ranked<E: Engine>(engine: &mut E, k: u64, rng: &mut ChaCha8Rng) -> (Stats, Vec<Vec<OptionId>>) {
    let count = engine.count();
    let mut stats = engine.stats();
    let Count::Complete(total) = count else {
        return (stats, Vec::new());
    };
    if total == 0 {
        return (stats, Vec::new());
    }
    // The ranks in the order drawn, and the distinct ones sorted.
    let order: Vec<u64> = (0..k).map(|_| below(total, rng)).collect();
    let mut ranks = order.clone();
    ranks.sort_unstable();
    ranks.dedup();
    let mut kept: Vec<Vec<OptionId>> = Vec::with_capacity(ranks.len());
    let mut rank = 0u64;
    let listed = engine.visit(|solution| {
        if ranks.get(kept.len()) == Some(&rank) {
            kept.push(solution.to_vec());
        }
        rank += 1;
        match kept.len() == ranks.len() {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    });
    stats += Stats {
        solutions: 0,
        stopped: listed.limit_stop(),
        ..listed
    };
    if stats.limit_stop().is_some() {
        return (stats, Vec::new());
    }
    let drawn = order
        .iter()
        .map(|r| kept[ranks.binary_search(r).expect("a rank kept")].clone())
        .collect();
    (stats, drawn)
}

/// A uniform draw from `0..n` (`n` ≥ 1): Lemire's multiply, with rejection (the
/// division only when the low half is below `n`, rarely).
fn below(n: u64, rng: &mut impl RngCore) -> u64 {
    let mut product = u128::from(rng.next_u64()) * u128::from(n);
    if (product as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u64) < threshold {
            product = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (product >> 64) as u64
}
