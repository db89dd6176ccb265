//! Uniform samples without the memo: by listing the solutions, for the problems whose
//! subproblems rarely repeat (a memo of them costs more than the search it saves), and
//! the probe that tells the two apart.

use std::ops::ControlFlow;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::zdd::below_u128;
use super::{Memo, Zdd, search};
use crate::{Count, Engine, OptionId, Stats, Stopped};

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
                let stats = search.stats();
                Zdd::new(search.into_nodes(), root, stats, self.max_memory).map(Probe::Built)
            }
            // The probe's budget ran out.
            Err(stop) if stop.reason == crate::StopReason::NodeLimit => {
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
/// for the same `seed`, by listing them: one search counts them, `k` ranks are drawn
/// below the count, and a second search keeps the solutions of those ranks. Exact and
/// uniform whatever the problem, in memory for `k` solutions; `visit` receives them in
/// the order drawn. Returns the statistics of both searches, their `solutions` the
/// count: a limit that stops either search leaves them incomplete (and the draws are
/// then not made, or not all visited; [`Count::from_stats`] reads the count).
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
    let count = engine.count();
    let mut stats = engine.stats();
    let Count::Complete(total) = count else {
        return stats;
    };
    if total == 0 || k == 0 {
        return stats;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // (rank, the draw's place in the order drawn), sorted by rank.
    let mut ranks: Vec<(u64, usize)> = (0..usize::try_from(k).unwrap_or(usize::MAX))
        .map(|draw| {
            let rank = below_u128(u128::from(total), &mut rng).expect("a count past 0");
            (rank as u64, draw)
        })
        .collect();
    ranks.sort_unstable();
    let mut drawn: Vec<Option<Vec<OptionId>>> = vec![None; ranks.len()];
    let (mut rank, mut next) = (0u64, 0usize);
    let listed = engine.visit(|solution| {
        while next < ranks.len() && ranks[next].0 == rank {
            drawn[ranks[next].1] = Some(solution.to_vec());
            next += 1;
        }
        rank += 1;
        if next == ranks.len() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let stopped = listed.limit_stop();
    stats += Stats {
        solutions: 0,
        stopped,
        ..listed
    };
    if stopped.is_none() {
        for solution in drawn.into_iter().flatten() {
            if visit(&solution).is_break() {
                break;
            }
        }
    }
    stats
}
