//! Cutting an Algorithm M search into subproblems: prefixes of [`Move`]s, the null
//! move included, replayed level by level; and counting the parts on several threads.

#[cfg(feature = "parallel")]
use std::time::Instant;

use super::{Move, MultiSolver};
use crate::count::Count;
#[cfg(feature = "parallel")]
use crate::engine::Engine;
use crate::error::ForceError;
use crate::split;
use crate::stats::Stats;

impl MultiSolver {
    /// Splits the search below the replayed levels into the subproblems at depth
    /// `depth`: every sequence of `depth` moves the search makes, plus the solutions
    /// found above that depth (their prefix is the whole solution). Dead ends are left
    /// out. A move is an option chosen or, where an item's lower bound is met, the null
    /// move [`Move::Skip`]. Every solution belongs to exactly one subproblem, so the
    /// counts of the subproblems add up to the whole count; prefixes come in the
    /// sequential search's order.
    ///
    /// ```
    /// use dancing::{Count, Engine, MultiSolver, format};
    ///
    /// // Choose at least one and at most two of three options.
    /// let problem = format::parse_str("1:2|n 0:1|a 0:1|b 0:1|c\nn a\nn b\nn c\n")?;
    /// let mut solver = MultiSolver::new(&problem);
    /// assert_eq!(solver.count(), 6);
    /// let mut total = Count::Complete(0);
    /// for prefix in solver.split(2) {
    ///     solver.replay(&prefix)?;
    ///     total += solver.count();
    ///     solver.release();
    /// }
    /// assert_eq!(total, 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn split(&mut self, depth: usize) -> Vec<Vec<Move>> {
        self.split_with_stats(depth).0
    }

    /// [`split`](Self::split), with the search-tree nodes and updates of the levels the
    /// split expanded (the internal nodes and dead ends above the split depth, with the
    /// commits of every branch), counted as the sequential search counts them: adding
    /// the statistics of every subproblem's search below its [`replay`](Self::replay)
    /// gives the sequential statistics. Leaves [`stats`](Self::stats) as it was.
    ///
    /// ```
    /// use dancing::{Engine, MultiSolver, format};
    ///
    /// let problem = format::parse_str("1:2|n 0:1|a 0:1|b 0:1|c\nn a\nn b\nn c\n")?;
    /// let mut solver = MultiSolver::new(&problem);
    /// let _ = solver.count();
    /// let sequential = solver.stats();
    /// let (prefixes, mut stats) = solver.split_with_stats(2);
    /// for prefix in prefixes {
    ///     solver.replay(&prefix)?;
    ///     let _ = solver.count();
    ///     stats += solver.stats();
    ///     solver.release();
    /// }
    /// assert_eq!((stats.nodes, stats.updates), (sequential.nodes, sequential.updates));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn split_with_stats(&mut self, depth: usize) -> (Vec<Vec<Move>>, Stats) {
        let saved = self.front.stats;
        let (mut done, stats) = split::breadth_first(depth, |prefix| {
            self.replay(prefix)
                .expect("a prefix the split made is on the path");
            let before = self.front.stats.updates;
            let expansion = self.expand();
            let updates = self.front.stats.updates - before;
            self.release_to(self.base - prefix.len());
            expansion.map(|moves| (moves, updates))
        });
        // Breadth first finds shallow solutions early; the search's order is by prefix.
        let rank = |m: &Move| match *m {
            Move::Choose(o) => (0, o.index()),
            Move::Skip(_) => (1, 0),
        };
        done.sort_by(|a, b| a.iter().map(rank).cmp(b.iter().map(rank)));
        self.front.stats = saved;
        (done, stats)
    }

    /// The moves the search makes at the next level, in order: `None` if the levels
    /// made so far are a solution, an empty list at a dead end. Counts in
    /// `self.front.stats.updates` what the search spends there: choosing, tweaking, and
    /// committing each branch.
    fn expand(&mut self) -> Option<Vec<Move>> {
        if self.arena.all_primary_done() {
            return None;
        }
        let choice = self.arena.choose_bounded(&self.bound, &self.slack)?;
        if choice.degree <= 0 {
            let i = choice.item as usize;
            if self.bound[i] == 1 && self.slack[i] == 0 {
                // The cover the search counts at a dead end.
                self.front.stats.updates += 1;
            }
            return Some(Vec::new());
        }
        self.prepare(choice.item, choice.degree);
        let mut moves = Vec::new();
        while self.advance().is_some() {
            let level = self.top();
            moves.push(self.move_of(level));
            self.commit();
            self.uncommit();
            if level.x == level.item {
                break;
            }
            self.next_branch();
        }
        self.restore();
        Some(moves)
    }

    /// Fixes the moves of `prefix` as the first levels below those already fixed, as
    /// the search would make them: each must be one of the branches the search tries
    /// there (as [`split`](Self::split) lists them). Later searches run below them,
    /// until [`release`](Self::release). On an error nothing is fixed.
    ///
    /// # Errors
    /// [`ForceError::NotABranch`] naming the first move the search does not make.
    pub fn replay(&mut self, prefix: &[Move]) -> Result<(), ForceError> {
        let (start, saved) = (self.base, self.front.stats);
        let mut result = Ok(());
        for (k, &wanted) in prefix.iter().enumerate() {
            if !self.replay_one(wanted) {
                self.release_to(start);
                result = Err(ForceError::NotABranch { position: k });
                break;
            }
        }
        self.front.stats = saved;
        result
    }

    /// Makes one move of a replay; false if the search does not make it.
    fn replay_one(&mut self, wanted: Move) -> bool {
        if self.arena.all_primary_done() {
            return false;
        }
        let Some(choice) = self.arena.choose_bounded(&self.bound, &self.slack) else {
            return false;
        };
        if choice.degree <= 0 {
            return false;
        }
        self.prepare(choice.item, choice.degree);
        while self.advance().is_some() {
            let level = self.top();
            if self.move_of(level) == wanted {
                self.commit();
                self.base += 1;
                return true;
            }
            if level.x == level.item {
                self.uncommit();
                break;
            }
            self.next_branch();
        }
        self.restore();
        false
    }

    /// Undoes every level fixed by [`replay`](Self::replay).
    pub fn release(&mut self) {
        self.release_to(0);
    }

    /// The moves fixed by [`replay`](Self::replay), in order.
    pub fn fixed(&self) -> Vec<Move> {
        self.levels[..self.base]
            .iter()
            .map(|&l| self.move_of(l))
            .collect()
    }

    /// Undoes fixed levels down to `base` of them.
    fn release_to(&mut self, base: usize) {
        while self.levels.len() > base {
            self.uncommit();
            self.restore();
        }
        self.base = base;
    }
}

#[cfg(feature = "parallel")]
impl MultiSolver {
    /// Counts the solutions on `threads` threads (0: one per core): the search is
    /// [`split`](Self::split) deep enough for about eight subproblems per thread, and
    /// each thread counts subproblems on its own clone of the solver, each under the
    /// solver's [`Limits`](crate::Limits) (a node limit bounds each subproblem's
    /// search). The count is the sequential count, and afterwards
    /// [`stats`](Self::stats) holds the split's statistics and the parts' added up:
    /// the sequential search's `solutions`, `nodes` and `updates`.
    ///
    /// ```
    /// use dancing::{Engine, MultiSolver, problems};
    ///
    /// let problem = problems::queens(6);
    /// let mut sequential = MultiSolver::new(&problem);
    /// assert_eq!(sequential.count(), 4);
    /// let mut parallel = MultiSolver::new(&problem);
    /// assert_eq!(parallel.count_parallel(2), 4);
    /// assert_eq!(parallel.stats().nodes, sequential.stats().nodes);
    /// assert_eq!(parallel.stats().updates, sequential.stats().updates);
    /// ```
    pub fn count_parallel(&mut self, threads: usize) -> Count {
        use rayon::prelude::*;

        let started = Instant::now();
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            threads
        };
        let (mut prefixes, mut above) = self.split_with_stats(0);
        let mut depth = 0;
        while prefixes.len() < 8 * threads && depth < 16 {
            depth += 1;
            let deeper = self.split_with_stats(depth);
            let grew = deeper.0.len() > prefixes.len();
            (prefixes, above) = deeper;
            if !grew {
                break;
            }
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        let template = &*self;
        let mut stats = pool.install(|| {
            prefixes
                .par_iter()
                .map_init(
                    || template.clone(),
                    |solver, prefix| {
                        solver
                            .replay(prefix)
                            .expect("a prefix the split made is on the path");
                        let _ = solver.count();
                        solver.release_to(template.base);
                        solver.front.stats
                    },
                )
                .reduce(Stats::default, |mut a, b| {
                    a += b;
                    a
                })
        });
        stats.nodes += above.nodes;
        stats.updates += above.updates;
        stats.elapsed = started.elapsed();
        self.front.stats = stats;
        Count::from_stats(&stats)
    }
}
