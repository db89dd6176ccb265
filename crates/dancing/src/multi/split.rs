//! Cutting an Algorithm M search into subproblems: prefixes of [`Move`]s, the null
//! move included, replayed level by level; and its side of [`Branches`], so that it
//! runs on threads under `ParallelSolver`.

use super::{Move, MultiSolver, Resume};
use crate::engine::{INSIDE, Inside};
use crate::error::ForceError;
use crate::split;
use crate::split::{Branches, Given};
use crate::stats::Stats;
use std::ops::ControlFlow;

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
    /// gives the sequential statistics. Leaves [`stats`](crate::Engine::stats) as it was.
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
        let mut prefixes = Vec::new();
        let stats = self.split_each(depth, |prefix| {
            prefixes.push(prefix.to_vec());
            ControlFlow::Continue(())
        });
        (prefixes, stats)
    }

    /// [`split_with_stats`](Self::split_with_stats), passing each prefix to `visit` as
    /// the depth-first walk finds it, in the search's order, until `visit` returns
    /// `Break`, under the solver's [`Limits`](crate::Limits) as
    /// [`SplitEngine::split_each`](crate::SplitEngine::split_each) is: at a limit, the
    /// parts not split yet are passed on whole, and `stopped` says why.
    pub fn split_each(
        &mut self,
        depth: usize,
        visit: impl FnMut(&[Move]) -> ControlFlow<()>,
    ) -> Stats {
        let saved = self.front.stats;
        let limits = self.front.limits.clone();
        let stats = split::depth_first(&mut MultiWalk(self), depth, &limits, visit);
        self.front.stats = saved;
        stats
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
        Some(self.branches_left())
    }

    /// The top level's branches from its current one on, each made and committed as the
    /// search would (counting the updates) and undone; then the level is restored and
    /// popped.
    fn branches_left(&mut self) -> Vec<Move> {
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
        moves
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
            if self.replay_one(wanted).is_none() {
                self.release_to(start);
                result = Err(ForceError::NotABranch { position: k });
                break;
            }
        }
        self.front.stats = saved;
        result
    }

    /// Makes one move of a replay, returning the updates the search counts for it
    /// (trying it and committing it); `None` if the search does not make it.
    fn replay_one(&mut self, wanted: Move) -> Option<u64> {
        if self.arena.all_primary_done() {
            return None;
        }
        let choice = self.arena.choose_bounded(&self.bound, &self.slack)?;
        if choice.degree <= 0 {
            return None;
        }
        self.prepare(choice.item, choice.degree);
        let updates = self.seek(wanted);
        match updates {
            Some(_) => self.base += 1,
            None => self.restore(),
        }
        updates
    }

    /// Tries the top level's branches from its current one on, as the search does, until
    /// `wanted`, and commits it: the updates of trying and committing it. `None` when
    /// the level has no such branch (nothing of it is then committed).
    fn seek(&mut self, wanted: Move) -> Option<u64> {
        loop {
            let before = self.front.stats.updates;
            self.advance()?;
            let level = self.top();
            if self.move_of(level) == wanted {
                self.commit();
                return Some(self.front.stats.updates - before);
            }
            if level.x == level.item {
                self.uncommit();
                return None;
            }
            self.next_branch();
        }
    }

    /// Undoes the top level as the search leaves it and pops it: the branches it has
    /// not tried yet, in order, as the search would make them. Only once the levels
    /// below are undone do they show: committing an option hides the options it clashes
    /// with from every list, and an item with room left stays uncovered, so its list
    /// loses them too.
    fn leave_top(&mut self) -> Vec<Move> {
        let done = self.top().x == self.top().item;
        self.uncommit();
        if done {
            self.restore();
            return Vec::new();
        }
        self.next_branch();
        self.branches_left()
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

/// Algorithm M as the splitter walks it: an expanded node counts what the search spends
/// there (choosing, tweaking and committing each branch), a subproblem's replay nothing.
struct MultiWalk<'a>(&'a mut MultiSolver);

impl split::Walk for MultiWalk<'_> {
    type Move = Move;

    fn expand(&mut self) -> Option<(Vec<Move>, u64)> {
        let before = self.0.front.stats.updates;
        let moves = self.0.expand();
        let updates = self.0.front.stats.updates - before;
        self.0.front.stats.updates = before;
        moves.map(|moves| (moves, updates))
    }

    fn down(&mut self, m: Move) -> u64 {
        self.0
            .follow(INSIDE, m)
            .expect("the splitter follows the search's moves");
        0
    }

    fn across(&mut self, m: Move) -> u64 {
        self.0
            .follow_sibling(INSIDE, m)
            .expect("the splitter follows the search's moves");
        0
    }

    fn up(&mut self) {
        self.0.release_to(self.0.base - 1);
    }
}

impl Branches for MultiSolver {
    type Move = Move;

    fn fixed_len(&self, _: Inside) -> usize {
        self.base
    }

    fn truncate_fixed(&mut self, _: Inside, len: usize) {
        self.release_to(len.min(self.base));
    }

    fn follow(&mut self, _: Inside, m: Move) -> Result<u64, ForceError> {
        let saved = self.front.stats;
        let updates = self.replay_one(m);
        self.front.stats = saved;
        updates.ok_or(ForceError::NotABranch { position: 0 })
    }

    fn follow_sibling(&mut self, _: Inside, m: Move) -> Result<u64, ForceError> {
        debug_assert_eq!(self.levels.len(), self.base, "no search under way");
        let saved = self.front.stats;
        // As the search leaves a branch for the next: undo its commit, then try the
        // branches after it until `m`.
        let mut updates = None;
        if self.top().x != self.top().item {
            self.uncommit();
            self.next_branch();
            updates = self.seek(m);
        }
        self.front.stats = saved;
        updates.ok_or(ForceError::NotABranch { position: 0 })
    }

    fn give_away(&mut self, _: Inside, from: usize) -> Option<Given<Move>> {
        if self.resume != Resume::Enter {
            return None;
        }
        // The untried branches are listed on a copy, undone level by level from the
        // deepest: giving work away is rare, and the copy costs one pass over the links.
        let mut copy = self.clone();
        let mut shallowest = None;
        while copy.levels.len() > self.base {
            let at = copy.levels.len() - 1;
            let untried = copy.leave_top();
            if !untried.is_empty() {
                shallowest = Some((at, untried));
            }
        }
        let (at, untried) = shallowest?;
        let path = self.levels[from..at]
            .iter()
            .map(|&l| self.move_of(l))
            .collect();
        // The levels down to `at` become fixed: the search's moves there are exactly what
        // a replay makes, and its loop stops when it climbs back to them.
        self.base = at + 1;
        Some((path, untried))
    }
}
