//! Branch and bound as an engine: the steps of Algorithm X on the cost-sorted copy of
//! the links, pruned by the bound (see the module above), run by the loop every engine
//! shares, and its side of [`Branches`], so that threads share the work and the bound.

use std::sync::{Arc, Mutex, PoisonError};

use crate::algorithm_x::{self, Entered, Position, Resume, Steps};
use crate::arena::{Arena, Unwatched, heap};
use crate::engine::{Engine, Event, Front, INSIDE, Inside};
use crate::error::{ForceError, IntegrityError};
use crate::ids::{Header, ItemTable, OptionId};
use crate::problem::{Pricing, Problem};
use crate::split::{Branches, Given};

/// The cheapest-solutions search: the links' levels on the cost-sorted arena, with the
/// cost spent so far and the threshold a solution must beat.
#[derive(Debug, Clone)]
pub(crate) struct CostSearch {
    front: Front,
    arena: Arena,
    /// The node chosen at each level; levels below `base` are fixed.
    choice: Vec<u32>,
    base: usize,
    level: usize,
    resume: Resume,
    /// Per level: the sum of the minima of the active primary items other than the
    /// chosen one, after it was covered, and how many of them had an empty list.
    rest: Vec<(u128, u32)>,
    /// The cost of the options chosen (fixed ones included).
    spent: u128,
    /// A solution must cost less than this.
    threshold: Threshold,
    /// The threshold shared by the threads of a parallel search.
    shared: Option<Arc<SharedThreshold>>,
    scratch: Vec<OptionId>,
}

impl CostSearch {
    /// A search of `problem`'s cheapest solutions on `arena` (its cost-sorted links,
    /// untouched), below the options of the nodes `fixed` (chosen as a search does).
    pub(crate) fn new(problem: &Problem, arena: Arena, fixed: &[u32]) -> Self {
        let depth = problem.primary_count().min(problem.option_count()) + 1 + fixed.len();
        let mut search = Self {
            front: Front::new(problem),
            arena,
            choice: vec![0; depth],
            base: 0,
            level: 0,
            resume: Resume::Finished,
            rest: vec![(0, 0); depth],
            spent: 0,
            threshold: Threshold::NONE,
            shared: None,
            scratch: Vec::new(),
        };
        for &x in fixed {
            search.fix(x);
        }
        search
    }

    /// The links, with the fixed options released.
    pub(crate) fn into_arena(mut self) -> Arena {
        self.truncate_fixed(INSIDE, 0);
        self.arena
    }

    /// What the current solution costs.
    pub(crate) fn spent(&self) -> u128 {
        self.spent
    }

    /// Only solutions cheaper than `threshold` count from now on.
    pub(crate) fn lower_threshold(&mut self, threshold: u128) {
        self.threshold.lower(threshold);
    }

    /// Shares the threshold with the clones of this search (the threads of a parallel
    /// search): each reads it when its loop resumes.
    pub(crate) fn share_threshold(&mut self, shared: Arc<SharedThreshold>) {
        self.shared = Some(shared);
    }

    fn pricing(&self) -> &Pricing {
        self.front.problem.pricing().expect("a costed problem")
    }

    /// Chooses the option of node `x` at the next fixed level.
    fn fix(&mut self, x: u32) {
        if self.front.problem.has_colors() {
            self.arena.select::<true>(x);
        } else {
            self.arena.select::<false>(x);
        }
        self.spent += u128::from(self.pricing().cost[x as usize]);
        self.choice[self.base] = x;
        self.base += 1;
    }

    /// The item the search chooses next: the shortest list, ties to the first.
    fn shortest(&self) -> Option<u32> {
        let mut i = self.arena.items()[0].next;
        let mut best = None;
        let mut best_len = u32::MAX;
        while i != 0 {
            let len = self.arena.nodes()[i as usize].top;
            if len < best_len {
                (best, best_len) = (Some(i), len);
            }
            i = self.arena.items()[i as usize].next;
        }
        best
    }
}

/// The cost a solution must beat: the `k`-th best found so far, once `k` are found.
/// Totals are exact (`u128`): no cost stands for "no bound".
#[derive(Debug, Clone, Copy)]
pub(crate) struct Threshold(Option<u128>);

impl Threshold {
    /// No solution found yet: every cost is admitted.
    pub(crate) const NONE: Self = Self(None);

    /// Whether a solution costing `cost` would beat the threshold.
    #[inline]
    fn admits(self, cost: u128) -> bool {
        self.0.is_none_or(|threshold| cost < threshold)
    }

    /// Only costs below `cost` are admitted from now on.
    fn lower(&mut self, cost: u128) {
        self.0 = Some(self.0.map_or(cost, |t| t.min(cost)));
    }
}

/// The threshold the threads of a parallel cheapest search share: the lowest `k`-th
/// best cost any of them has found. Read when a worker's loop resumes (at a heartbeat
/// or after a solution), so a lock costs nothing that matters.
#[derive(Debug, Default)]
pub(crate) struct SharedThreshold(Mutex<Threshold>);

impl Default for Threshold {
    fn default() -> Self {
        Self::NONE
    }
}

impl SharedThreshold {
    /// The shared cost to beat, once some thread has found `k` solutions.
    pub(crate) fn get(&self) -> Option<u128> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).0
    }

    /// Lowers the shared threshold to `cost` if that is lower.
    pub(crate) fn lower(&self, cost: u128) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .lower(cost);
    }
}

/// The steps of branch and bound on the cost-sorted links.
struct CostSteps<'a, const COLORS: bool> {
    arena: &'a mut Arena,
    choice: &'a mut [u32],
    rest: &'a mut [(u128, u32)],
    pricing: &'a Pricing,
    primary: &'a ItemTable<bool>,
    spent: &'a mut u128,
    threshold: Threshold,
}

/// What the steps work on: the links, the choices, the rest bounds, the costs, which
/// items are primary, the cost spent and the threshold.
type Parts<'a> = (
    &'a mut Arena,
    &'a mut [u32],
    &'a mut [(u128, u32)],
    &'a Pricing,
    &'a ItemTable<bool>,
    &'a mut u128,
    Threshold,
);

impl<'a, const COLORS: bool> CostSteps<'a, COLORS> {
    fn new((arena, choice, rest, pricing, primary, spent, threshold): Parts<'a>) -> Self {
        Self {
            arena,
            choice,
            rest,
            pricing,
            primary,
            spent,
            threshold,
        }
    }
}

impl<const COLORS: bool> CostSteps<'_, COLORS> {
    /// The first option from node `x` down `item`'s list whose subtree can beat the
    /// threshold: its cost plus the minima of the active items it leaves uncovered.
    fn viable(&self, item: u32, mut x: u32, depth: usize) -> Option<u32> {
        let (sum, empty) = self.rest[depth];
        let nodes = self.arena.nodes();
        let (key, cost) = (&self.pricing.key, &self.pricing.cost);
        while x != item {
            let mut inside = 0u128;
            let mut emptied = 0u32;
            let mut p = x + 1;
            while p != x {
                let j = nodes[p as usize].top;
                if j == 0 {
                    p = nodes[p as usize].up;
                    continue;
                }
                if self.primary[Header::new(j)] {
                    let head = nodes[j as usize].down;
                    if head == j {
                        emptied += 1;
                    } else {
                        inside += u128::from(key[head as usize]);
                    }
                }
                p += 1;
            }
            let outside = sum.saturating_sub(inside).div_ceil(Pricing::SCALE);
            let price = *self.spent + u128::from(cost[x as usize]);
            if emptied == empty && self.threshold.admits(price + outside) {
                return Some(x);
            }
            x = nodes[x as usize].down;
        }
        None
    }

    /// X5: tries node `x` at level `depth`; returns its updates.
    fn try_node(&mut self, x: u32, depth: usize) -> u64 {
        *self.spent += u128::from(self.pricing.cost[x as usize]);
        self.choice[depth] = x;
        self.arena.commit_others::<COLORS>(x, &mut Unwatched)
    }
}

impl<const COLORS: bool> Steps for CostSteps<'_, COLORS> {
    /// X3 with the bound: the shortest list, the bound summed on the way; a dead end
    /// when the bound shows no cheaper solution below. X4: covers the item, takes stock
    /// of the items left, and tries the first option that can lead to a cheaper one.
    fn enter(&mut self, depth: usize) -> Entered {
        let key = &self.pricing.key;
        let mut i = self.arena.items()[0].next;
        if i == 0 {
            return if self.threshold.admits(*self.spent) {
                Entered::Solved
            } else {
                Entered::DeadEnd(0)
            };
        }
        let (mut best, mut best_len, mut bound) = (i, u32::MAX, 0u128);
        while i != 0 {
            let len = self.arena.nodes()[i as usize].top;
            if len < best_len {
                (best, best_len) = (i, len);
                if len == 0 {
                    break;
                }
            }
            bound += u128::from(key[self.arena.nodes()[i as usize].down as usize]);
            i = self.arena.items()[i as usize].next;
        }
        if best_len == 0
            || !self
                .threshold
                .admits(*self.spent + bound.div_ceil(Pricing::SCALE))
        {
            return Entered::DeadEnd(0);
        }
        let cover = self.arena.cover::<COLORS>(best, &mut Unwatched);
        let (mut sum, mut empty) = (0u128, 0u32);
        let mut j = self.arena.items()[0].next;
        while j != 0 {
            let head = self.arena.nodes()[j as usize].down;
            if head == j {
                empty += 1;
            } else {
                sum += u128::from(key[head as usize]);
            }
            j = self.arena.items()[j as usize].next;
        }
        self.rest[depth] = (sum, empty);
        let first = self.arena.nodes()[best as usize].down;
        match self.viable(best, first, depth) {
            Some(x) => Entered::Tried(cover + self.try_node(x, depth)),
            None => {
                // X7: no option of this item can lead to a cheaper solution.
                self.arena.uncover::<COLORS>(best);
                Entered::DeadEnd(cover)
            }
        }
    }

    /// X6: undoes the option tried at `depth` and tries the next that can lead to a
    /// cheaper solution, or (X7) uncovers the item.
    fn next(&mut self, depth: usize) -> Option<u64> {
        let x = self.choice[depth];
        self.arena.uncommit_others::<COLORS>(x);
        *self.spent -= u128::from(self.pricing.cost[x as usize]);
        let item = self.arena.nodes()[x as usize].top;
        let after = self.arena.nodes()[x as usize].down;
        match self.viable(item, after, depth) {
            Some(y) => Some(self.try_node(y, depth)),
            None => {
                self.arena.uncover::<COLORS>(item);
                None
            }
        }
    }
}

impl Engine for CostSearch {
    const NAME: &'static str = "links";

    fn run(&mut self, _: Inside) -> Event {
        if let Some(cost) = self.shared.as_ref().and_then(|shared| shared.get()) {
            self.threshold.lower(cost);
        }
        let problem = self.front.problem.clone();
        let at = Position::new(
            &mut self.front,
            self.base,
            &mut self.level,
            &mut self.resume,
        );
        let pricing = problem.pricing().expect("a costed problem");
        let primary = problem.primary();
        let parts = (
            &mut self.arena,
            &mut self.choice[..],
            &mut self.rest[..],
            pricing,
            primary,
            &mut self.spent,
            self.threshold,
        );
        if problem.has_colors() {
            algorithm_x::run(&mut CostSteps::<true>::new(parts), at)
        } else {
            algorithm_x::run(&mut CostSteps::<false>::new(parts), at)
        }
    }

    /// Undoes the levels of a search stopped early.
    fn unwind(&mut self, _: Inside) {
        for level in (self.base..self.level).rev() {
            let x = self.choice[level];
            self.deselect(x);
        }
        self.level = self.base;
        self.resume = Resume::Finished;
    }

    fn restart(&mut self, _: Inside) {
        self.level = self.base;
        self.resume = Resume::Enter;
    }

    fn chosen(&mut self, _: Inside) -> &[OptionId] {
        crate::solver::options_of(&self.front, &self.choice[..self.level], &mut self.scratch)
    }

    /// Knuth's estimate, as the links make it; pruning makes it rougher.
    fn explored(&self, _: Inside) -> f64 {
        crate::engine::progress(self.arena.levels(&self.choice[self.base..self.level]))
    }

    fn level(&self, _: Inside) -> usize {
        self.level - self.base
    }

    fn memory(&self) -> usize {
        self.arena.memory() + heap(&self.choice) + heap(&self.rest) + heap(&self.scratch)
    }

    fn check_integrity(&self) -> Result<(), IntegrityError> {
        self.arena.check_links()
    }

    crate::engine::front_in_field!();
}

impl CostSearch {
    /// Undoes the choice of node `x` (its cost included).
    fn deselect(&mut self, x: u32) {
        if self.front.problem.has_colors() {
            self.arena.deselect::<true>(x);
        } else {
            self.arena.deselect::<false>(x);
        }
        self.spent -= u128::from(self.pricing().cost[x as usize]);
    }
}

impl Branches for CostSearch {
    type Move = OptionId;

    fn fixed_len(&self, _: Inside) -> usize {
        self.base
    }

    fn truncate_fixed(&mut self, _: Inside, len: usize) {
        while self.base > len {
            self.base -= 1;
            let x = self.choice[self.base];
            self.deselect(x);
        }
    }

    /// Chooses `option` through the item the search would branch on (the shortest
    /// list), without looking at the bound: the search below prunes.
    fn follow(&mut self, _: Inside, option: OptionId) -> Result<u64, ForceError> {
        let item = self.shortest().ok_or(ForceError::Conflict {
            option: option.index(),
        })?;
        let nodes = self.arena.nodes();
        let mut x = nodes[item as usize].down;
        while x != item && self.front.problem.option_of_node(x) != option {
            x = nodes[x as usize].down;
        }
        if x == item {
            return Err(ForceError::NotOnPath {
                option: option.index(),
                item: Header::new(item).item(),
            });
        }
        self.fix(x);
        Ok(0)
    }

    fn follow_sibling(&mut self, _: Inside, option: OptionId) -> Result<u64, ForceError> {
        let level = self.base - 1;
        let x = self.choice[level];
        let y = self.front.problem.sibling_node(&self.arena, x, option)?;
        let cost = &self.front.problem.pricing().expect("a costed problem").cost;
        self.spent = self.spent - u128::from(cost[x as usize]) + u128::from(cost[y as usize]);
        self.choice[level] = y;
        Ok(self.arena.switch(self.front.problem.has_colors(), x, y))
    }

    fn give_away(&mut self, _: Inside, from: usize) -> Option<Given<OptionId>> {
        if self.resume != Resume::Enter {
            return None;
        }
        let nodes = self.arena.nodes();
        let level = (self.base..self.level).find(|&l| {
            let x = self.choice[l];
            nodes[x as usize].down != nodes[x as usize].top
        })?;
        let option = |x: u32| self.front.problem.option_of_node(x);
        let path = self.choice[from..level]
            .iter()
            .map(|&x| option(x))
            .collect();
        let x = self.choice[level];
        let item = nodes[x as usize].top;
        let mut untried = Vec::new();
        let mut p = nodes[x as usize].down;
        while p != item {
            untried.push(option(p));
            p = nodes[p as usize].down;
        }
        self.base = level + 1;
        Some((path, untried))
    }
}
