//! The search: Algorithm X (and C for colored problems) as a resumable state machine
//! over an explicit level stack, so no search depth can overflow the call stack.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::arena::{Arena, Marks, Node};
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::problem::Problem;
use crate::stats::{Limits, Stats, StopReason};

mod branching;
pub(crate) use branching::NextLevel;

/// Searches a [`Problem`]. Holds a private copy of the links and all scratch space, so
/// one problem can serve many solvers (one per thread) and one solver many searches
/// without allocating.
///
/// Options can be fixed before a search: [`force`](Self::force) selects an option
/// outright (how sudoku givens are applied to a matrix built once), and
/// [`descend`](Self::descend) follows one branch of the search tree (how a search is
/// split into independent subproblems). [`release`](Self::release) undoes both.
///
/// After every search, finished or abandoned, the links are exactly as before it.
#[derive(Debug, Clone)]
pub struct Solver {
    pub(crate) problem: Problem,
    arena: Arena,
    /// The links of the cheapest-solution search ([`crate::cost`]), copied from the
    /// problem's sorted arena on first use; `None` until then.
    pub(crate) cost_arena: Option<Arena>,
    /// TAOCP: x_0, x_1, …: the node chosen at each level. Levels below `base` are fixed
    /// (forced options and prefix choices); the search works above them.
    pub(crate) choice: Vec<u32>,
    /// Number of fixed levels.
    pub(crate) base: usize,
    /// How many of the fixed levels are forced options (the rest are prefix choices).
    forced: usize,
    /// How many of the fixed levels (the first ones) [`set_forced`](Self::set_forced)
    /// made, by relinking the matrix: [`release`](Self::release) undoes them by copying
    /// the links as built rather than level by level.
    relinked: usize,
    /// Scratch of [`set_forced`](Self::set_forced), made on its first use.
    marks: Option<Marks>,
    /// Current level of a suspended search.
    level: usize,
    resume: Resume,
    pub(crate) stats: Stats,
    limits: Limits,
    pub(crate) started: Option<Instant>,
    /// Nodes count at which the search next pauses to check its limits.
    next_check: u64,
    /// The current solution as option ids, filled on demand.
    scratch: Vec<OptionId>,
    branching: Branching,
}

/// How the search picks the item to branch on. Both choose an item with the fewest
/// remaining options, so they find the same solutions; they differ in order and cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Branching {
    /// Exactly TAOCP: the shortest list, ties to the earliest item, scanning every active
    /// primary item unless one has no option left. Search order and statistics match
    /// every faithful implementation of Algorithm X.
    #[default]
    Knuth,
    /// Stops scanning at the first item with at most one option left (a forced move).
    /// Much cheaper on problems full of forced moves, such as sudoku; the order, and so
    /// the statistics, can differ from TAOCP's when a later item has no option left.
    FirstForced,
}

impl Branching {
    fn good_enough(self) -> u32 {
        match self {
            Self::Knuth => 0,
            Self::FirstForced => 1,
        }
    }
}

/// Where a suspended search picks up again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resume {
    /// TAOCP X2: enter the current level.
    Enter,
    /// TAOCP X8: leave the current level (after a solution was visited).
    Leave,
    /// Nothing to resume: the search is over.
    Finished,
}

/// What [`Search::next_event`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// A solution; read it with [`Search::solution`].
    Solution,
    /// The search paused after [`Limits::CHECK_INTERVAL`] more nodes; call again to go on.
    /// Useful for progress reports.
    Heartbeat,
    /// The search is over: the tree is exhausted or a limit stopped it (see
    /// [`Search::stats`]).
    Finished,
}

impl Solver {
    /// A solver for `problem`, with its own copy of the links.
    pub fn new(problem: &Problem) -> Self {
        let arena = problem.inner.arena.clone();
        let depth = problem.primary_count() + 1;
        Self {
            problem: problem.clone(),
            arena,
            cost_arena: None,
            choice: vec![0; depth],
            base: 0,
            forced: 0,
            relinked: 0,
            marks: None,
            level: 0,
            resume: Resume::Finished,
            stats: Stats::default(),
            limits: Limits::default(),
            started: None,
            next_check: 0,
            scratch: Vec::with_capacity(depth),
            branching: Branching::Knuth,
        }
    }

    /// The problem being solved.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Sets the limits that apply to every later search.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Sets how later searches choose the item to branch on (default: [`Branching::Knuth`]).
    pub fn set_branching(&mut self, branching: Branching) {
        self.branching = branching;
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Statistics of the most recent search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Selects an option before the search, as if it were part of every solution. Its
    /// items are covered (colored ones purified), so the search solves the rest. Fails
    /// without changing anything if the option clashes with those fixed already.
    ///
    /// Forcing after [`descend`](Self::descend) is allowed; both are undone by
    /// [`release`](Self::release). Allocation-free.
    pub fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        let options = self.problem.option_count();
        if option.index() >= options {
            return Err(ForceError::OutOfRange {
                option: option.index(),
                options,
            });
        }
        if !self.is_available(option) {
            return Err(ForceError::Conflict {
                option: option.index(),
            });
        }
        // Select through a primary node, as the search would.
        let mut x = self.problem.first_node(option);
        while !self.problem.inner.primary[self.arena.nodes()[x as usize].top as usize - 1] {
            x += 1;
        }
        self.fix(x);
        self.forced += 1;
        Ok(())
    }

    /// Whether `option` can still be part of a solution given the fixed options: none of
    /// its items is covered, and none of its nodes was hidden by a conflict. Without
    /// colors a node is hidden only when another item of its option is covered, so the
    /// items tell it all (and the links of hidden nodes are never read: after
    /// [`set_forced`](Self::set_forced) they are stale).
    fn is_available(&self, option: OptionId) -> bool {
        let first = self.problem.first_node(option);
        let end = self.problem.first_node(OptionId::new(option.index() + 1)) - 1;
        let colors = self.problem.has_colors();
        (first..end).all(|p| {
            self.arena.is_active(self.arena.nodes()[p as usize].top)
                && (!colors || self.arena.is_linked(p))
        })
    }

    /// Follows one branch of the search tree: `option` must be one of the options the
    /// search would try at the next level (it contains the item that minimum remaining
    /// values chooses there). Every later search explores only that branch. Returns
    /// [`ForceError::Conflict`] if the option is not on the search's path.
    pub fn descend(&mut self, option: OptionId) -> Result<(), ForceError> {
        let options = self.problem.option_count();
        if option.index() >= options {
            return Err(ForceError::OutOfRange {
                option: option.index(),
                options,
            });
        }
        let conflict = ForceError::Conflict {
            option: option.index(),
        };
        let i = self
            .arena
            .choose_item(self.branching.good_enough())
            .ok_or(conflict.clone())?;
        if !self.is_available(option) {
            return Err(conflict);
        }
        let first = self.problem.first_node(option);
        let end = self.problem.first_node(OptionId::new(option.index() + 1)) - 1;
        let nodes = self.arena.nodes();
        let x = (first..end)
            .find(|&p| nodes[p as usize].top == i)
            .or_else(|| {
                // FirstForced takes whichever forced move it noted first, so its branch
                // may go through any item whose only option left is this one.
                let primary = &self.problem.inner.primary;
                (self.branching == Branching::FirstForced)
                    .then(|| {
                        (first..end).find(|&p| {
                            let j = nodes[p as usize].top;
                            primary[j as usize - 1] && self.arena.len(j) == 1
                        })
                    })
                    .flatten()
            })
            .ok_or(conflict)?;
        self.fix(x);
        Ok(())
    }

    fn fix(&mut self, x: u32) {
        if self.problem.has_colors() {
            self.arena.select::<true>(x);
        } else {
            self.arena.select::<false>(x);
        }
        self.choice[self.base] = x;
        self.base += 1;
    }

    /// Replaces the fixed options by `options`: the same as [`release`](Self::release)
    /// followed by [`force`](Self::force) of each in turn, and the same searches after it.
    ///
    /// Instead of covering item after item, this relinks the whole matrix from the
    /// problem as built, in one pass over the lists of the items left, and needs no
    /// release before the next call: its cost does not grow with how much the options
    /// rule out. It pays off when many options are forced into a problem many times
    /// over, as sudoku givens are. Problems with colors fall back to release and force.
    ///
    /// Fails if an option is out of range or clashes with an earlier one; nothing is
    /// fixed then. Allocation-free after the first call.
    ///
    /// ```
    /// use dancing::{Problem, Solver};
    ///
    /// let mut builder = Problem::builder();
    /// let [a, b, c] = ["a", "b", "c"].map(|name| builder.primary(name).unwrap());
    /// let ab = builder.option([a, b])?;
    /// let c_only = builder.option([c])?;
    /// let a_only = builder.option([a])?;
    /// let bc = builder.option([b, c])?;
    /// let mut solver = Solver::new(&builder.build()?);
    ///
    /// solver.set_forced([c_only])?;
    /// assert_eq!(solver.count(), 1); // with `ab`
    /// solver.set_forced([a_only])?;
    /// assert_eq!(solver.count(), 1); // with `bc`
    /// assert!(solver.set_forced([ab, bc]).is_err());
    /// assert_eq!(solver.count(), 2); // nothing fixed
    /// solver.release();
    /// assert!(solver.check_integrity().is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_forced(
        &mut self,
        options: impl IntoIterator<Item = OptionId>,
    ) -> Result<(), ForceError> {
        if self.problem.has_colors() {
            self.release();
            for option in options {
                if let Err(error) = self.force(option) {
                    self.release();
                    return Err(error);
                }
            }
            return Ok(());
        }
        let inner = &self.problem.inner;
        let columns = inner.columns();
        let option_count = inner.option_first.len() - 1;
        let marks = self
            .marks
            .get_or_insert_with(|| Marks::new(inner.item_names.len(), option_count));
        marks.start();
        let nodes = inner.arena.nodes();
        let mut fixed = 0;
        let mut failure = None;
        'options: for option in options {
            let k = option.index();
            if k >= option_count {
                failure = Some(ForceError::OutOfRange {
                    option: k,
                    options: option_count,
                });
                break;
            }
            let (first, end) = (inner.option_first[k], inner.option_first[k + 1] - 1);
            let mut chosen = None;
            for p in first..end {
                let item = nodes[p as usize].top as usize;
                if !marks.cover(item, columns) {
                    failure = Some(ForceError::Conflict { option: k });
                    break 'options;
                }
                if chosen.is_none() && inner.primary[item - 1] {
                    chosen = Some(p);
                }
            }
            // Every option has a primary item: the builder refuses one without.
            self.choice[fixed] = chosen.expect("an option has a primary item");
            fixed += 1;
        }
        if failure.is_some() {
            // Nothing fixed: the links as built.
            marks.start();
            fixed = 0;
        }
        self.arena.relink(columns, marks, &inner.primary);
        self.relinked = fixed;
        self.base = fixed;
        self.forced = fixed;
        failure.map_or(Ok(()), Err)
    }

    /// Undoes every [`force`](Self::force), [`descend`](Self::descend) and
    /// [`set_forced`](Self::set_forced), restoring the links exactly. Allocation-free.
    pub fn release(&mut self) {
        self.forced = 0;
        self.truncate_fixed(self.relinked);
        if self.relinked > 0 {
            self.arena.restore(&self.problem.inner.arena);
            self.relinked = 0;
            self.base = 0;
        }
    }

    /// The options fixed by [`force`](Self::force) and [`descend`](Self::descend), in order.
    pub fn fixed(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        self.choice[..self.base]
            .iter()
            .map(|&x| self.problem.option_of_node(x))
    }

    /// Whether every primary item is covered by the fixed options alone.
    pub fn is_solved_by_fixed(&self) -> bool {
        self.arena.choose_item(0).is_none()
    }

    /// Starts a search; events come from the returned [`Search`]. Dropping it abandons
    /// the search and restores the links.
    pub fn search(&mut self) -> Search<'_> {
        self.arena.clear_hints();
        self.stats = Stats::default();
        self.level = self.base;
        self.resume = Resume::Enter;
        self.started = Some(Instant::now());
        self.next_check = self.limits.next_check(0);
        Search { solver: self }
    }

    /// The first solution, if any.
    pub fn first(&mut self) -> Option<Solution> {
        self.solutions().next()
    }

    /// The number of solutions (stopping early only if a [`Limits`] bound is hit; check
    /// [`stats`](Self::stats)).
    pub fn count(&mut self) -> u64 {
        self.count_up_to(u64::MAX)
    }

    /// The number of solutions, counting no further than `limit`.
    pub fn count_up_to(&mut self, limit: u64) -> u64 {
        let mut search = self.search();
        let mut found = 0;
        while found < limit {
            match search.next_event() {
                Event::Solution => found += 1,
                Event::Heartbeat => {}
                Event::Finished => return found,
            }
        }
        search.stop();
        found
    }

    /// Calls `visit` with each solution (the chosen options, fixed ones first) until it
    /// returns `Break` or the search ends. Returns the statistics.
    pub fn visit(&mut self, mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        let mut search = self.search();
        loop {
            match search.next_event() {
                Event::Solution => {
                    if visit(search.solution()).is_break() {
                        break;
                    }
                }
                Event::Heartbeat => {}
                Event::Finished => break,
            }
        }
        drop(search);
        self.stats
    }

    /// A lazy iterator over the solutions. Dropping it early restores the links.
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions {
            search: self.search(),
        }
    }

    /// Checks that every link is consistent and, when nothing is fixed, that the links
    /// are exactly as the problem was built. Meant for tests and debugging.
    pub fn check_integrity(&self) -> Result<(), String> {
        self.arena.check_links()?;
        if self.base == 0 && self.arena != self.problem.inner.arena {
            return Err("the links differ from the problem as built".into());
        }
        if let (Some(arena), Some(pricing)) = (&self.cost_arena, &self.problem.inner.pricing) {
            arena.check_links()?;
            if *arena != pricing.arena {
                return Err("the cost search's links differ from the problem as built".into());
            }
        }
        Ok(())
    }

    /// Runs the search until it finds a solution, needs to check its limits, or ends.
    fn step(&mut self) -> Event {
        let watch = self.branching == Branching::FirstForced;
        let event = match (self.problem.has_colors(), watch) {
            (false, false) => self.run::<false, false>(),
            (false, true) => self.run::<false, true>(),
            (true, false) => self.run::<true, false>(),
            (true, true) => self.run::<true, true>(),
        };
        if event != Event::Heartbeat {
            return event;
        }
        if let Some(reason) = self.limit_reached() {
            self.finish(Some(reason));
            return Event::Finished;
        }
        self.next_check = self.limits.next_check(self.stats.nodes);
        Event::Heartbeat
    }

    pub(crate) fn limit_reached(&self) -> Option<StopReason> {
        let started = self.started.unwrap_or_else(Instant::now);
        self.limits.reached(self.stats.nodes, started)
    }

    /// The search loop, TAOCP Algorithm X (Algorithm C when `COLORS`). Returns at each
    /// solution (to resume at X8) and at each limit check (to resume at X2). With `WATCH`
    /// (FirstForced branching) the covers note the items left with one option or none,
    /// and X3 takes those first.
    fn run<const COLORS: bool, const WATCH: bool>(&mut self) -> Event {
        let base = self.base;
        let mut level = self.level;
        let mut nodes = self.stats.nodes;
        let mut updates = self.stats.updates;
        let arena = &mut self.arena;
        let choice = &mut self.choice[..];
        let good_enough = self.branching.good_enough();
        let mut state = self.resume;
        let event = loop {
            match state {
                // X2: enter level `level`.
                Resume::Enter => {
                    if nodes >= self.next_check {
                        break Event::Heartbeat;
                    }
                    nodes += 1;
                    // X3: choose an item by minimum remaining values.
                    let chosen = if WATCH {
                        arena.choose_forced()
                    } else {
                        arena.choose_item(good_enough)
                    };
                    let Some(i) = chosen else {
                        state = Resume::Leave;
                        break Event::Solution;
                    };
                    // X4: cover it and start down its list.
                    updates += arena.cover::<COLORS, WATCH>(i);
                    let x = arena.nodes()[i as usize].down;
                    if x == i {
                        // X7: the item has no option left.
                        arena.uncover::<COLORS>(i);
                        state = Resume::Leave;
                    } else {
                        // X5: try x.
                        updates += arena.commit_others::<COLORS, WATCH>(x);
                        choice[level] = x;
                        level += 1;
                    }
                }
                // X8: leave this level, then X6: try the next option one level up.
                Resume::Leave => {
                    if level == base {
                        state = Resume::Finished;
                        break Event::Finished;
                    }
                    if WATCH {
                        arena.clear_hints();
                    }
                    level -= 1;
                    let prev = choice[level];
                    arena.uncommit_others::<COLORS>(prev);
                    let Node {
                        top: item, down: x, ..
                    } = arena.nodes()[prev as usize];
                    if x == item {
                        // X7 for that level, then leave it too.
                        arena.uncover::<COLORS>(item);
                    } else {
                        // X5 again with the next option.
                        updates += arena.commit_others::<COLORS, WATCH>(x);
                        choice[level] = x;
                        level += 1;
                        state = Resume::Enter;
                    }
                }
                Resume::Finished => break Event::Finished,
            }
        };
        self.level = level;
        self.resume = state;
        self.stats.nodes = nodes;
        self.stats.updates = updates;
        match event {
            Event::Solution => self.stats.solutions += 1,
            Event::Finished => self.finish(None),
            Event::Heartbeat => {}
        }
        event
    }

    /// Ends a search: undoes the choices above the fixed levels and records the time.
    fn finish(&mut self, stopped: Option<StopReason>) {
        let colors = self.problem.has_colors();
        while self.level > self.base {
            self.level -= 1;
            let x = self.choice[self.level];
            if colors {
                self.arena.deselect::<true>(x);
            } else {
                self.arena.deselect::<false>(x);
            }
        }
        if self.resume != Resume::Finished {
            self.resume = Resume::Finished;
            self.stats.stopped = self.stats.stopped.or(stopped);
        }
        if let Some(started) = self.started.take() {
            self.stats.elapsed = started.elapsed();
        }
    }

    /// The options chosen at levels `0..level`, fixed ones first.
    fn current_solution(&mut self) -> &[OptionId] {
        self.scratch.clear();
        for &x in &self.choice[..self.level] {
            self.scratch.push(self.problem.option_of_node(x));
        }
        &self.scratch
    }

    /// Knuth's estimate of the fraction of the tree explored so far: the sum over levels
    /// of (k−1)/∏d + ½/∏d, where the choice at each level is the k-th of d.
    fn progress(&self) -> f64 {
        let mut fraction = 0.0;
        let mut scale = 1.0;
        for &x in &self.choice[self.base..self.level] {
            let item = self.arena.nodes()[x as usize].top;
            // A covered item's list does not change while it stays covered.
            let mut k = 1u32;
            let mut p = self.arena.nodes()[item as usize].down;
            while p != x {
                k += 1;
                p = self.arena.nodes()[p as usize].down;
            }
            let d = self.arena.nodes()[item as usize].top.max(k);
            scale /= f64::from(d);
            fraction += f64::from(k - 1) * scale;
        }
        fraction + 0.5 * scale
    }
}

/// A search in progress, from [`Solver::search`]: the low-level interface under the
/// iterator, the counters and the visitor. Dropping it restores the links.
#[derive(Debug)]
pub struct Search<'s> {
    solver: &'s mut Solver,
}

impl Search<'_> {
    /// Runs until the next solution, heartbeat or the end.
    pub fn next_event(&mut self) -> Event {
        if self.solver.resume == Resume::Finished {
            return Event::Finished;
        }
        self.solver.step()
    }

    /// The solution just found: the chosen options, fixed ones first, then one per level.
    /// Meaningful right after [`Event::Solution`].
    pub fn solution(&mut self) -> &[OptionId] {
        self.solver.current_solution()
    }

    /// The depth of the search below the fixed levels.
    pub fn depth(&self) -> usize {
        self.solver.level - self.solver.base
    }

    /// Knuth's estimate of the fraction of the search tree explored, in `[0, 1]`.
    pub fn progress(&self) -> f64 {
        self.solver.progress()
    }

    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        let mut stats = self.solver.stats;
        if let Some(started) = self.solver.started {
            stats.elapsed = started.elapsed();
        }
        stats
    }

    /// The problem being searched.
    pub fn problem(&self) -> &Problem {
        &self.solver.problem
    }

    /// Abandons the search (recorded as [`StopReason::Caller`] unless it had ended) and
    /// restores the links.
    pub fn stop(self) {}
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        self.solver.finish(Some(StopReason::Caller));
    }
}

/// A solution: the chosen options, fixed ones first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Solution {
    options: Vec<OptionId>,
}

impl Solution {
    /// The chosen options.
    pub fn options(&self) -> &[OptionId] {
        &self.options
    }

    /// Consumes the solution, returning the chosen options.
    pub fn into_options(self) -> Vec<OptionId> {
        self.options
    }
}

/// Lazy iterator over solutions, from [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'s> {
    search: Search<'s>,
}

impl Solutions<'_> {
    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl Iterator for Solutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        loop {
            match self.search.next_event() {
                Event::Solution => {
                    return Some(Solution {
                        options: self.search.solution().to_vec(),
                    });
                }
                Event::Heartbeat => {}
                Event::Finished => return None,
            }
        }
    }
}
