//! The skeleton of Algorithm X's loop (TAOCP 7.2.2.1, steps X2–X8), written once for
//! the three engines that walk its tree: the links, dancing cells and the dense bitsets.
//! Each engine supplies its steps ([`Steps`]): what entering a level and leaving one do
//! to its tables. The skeleton keeps the level, the counters and where a suspended
//! search resumes, and pauses at each solution and limit check.

use crate::engine::{Event, Front};
use crate::stats::Stats;

/// Where a suspended search picks up again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resume {
    /// X2: enter the current level.
    Enter,
    /// X8: leave the current level (after a solution was visited).
    Leave,
    /// Nothing to resume: the search is over.
    Finished,
}

/// What entering a level did.
pub(crate) enum Entered {
    /// Every primary item is covered: the levels below hold a solution.
    Solved,
    /// The item chosen has no option left (X7 at once); the updates of covering it,
    /// which TAOCP counts.
    DeadEnd(u64),
    /// The item is covered and its first option committed; their updates.
    Tried(u64),
}

/// One engine's steps of Algorithm X, at the level `depth` of its level stack.
pub(crate) trait Steps {
    /// X3–X5: chooses an item by minimum remaining values, covers it and commits its
    /// first option.
    fn enter(&mut self, depth: usize) -> Entered;

    /// X6–X7: undoes the option tried at this level and commits the next one
    /// (returning its updates), or, with none left, uncovers the item (`None`).
    fn next(&mut self, depth: usize) -> Option<u64>;
}

/// An engine's tables and its level stack: what the steps of the engines that keep
/// their levels apart from their tables (dancing cells, the dense bitsets) work on.
pub(crate) struct Tree<'a, T, L> {
    pub(crate) tables: &'a mut T,
    pub(crate) levels: &'a mut [L],
}

/// Where a search stands between two runs of its loop.
pub(crate) struct Position<'a> {
    /// The lowest level the loop may leave (those below are fixed).
    pub(crate) base: usize,
    /// The current level.
    pub(crate) depth: &'a mut usize,
    /// Where the loop resumes.
    pub(crate) resume: &'a mut Resume,
    /// Nodes and updates so far.
    pub(crate) stats: &'a mut Stats,
    /// The node count at which the loop pauses for a limit check.
    pub(crate) next_check: u64,
}

impl<'a> Position<'a> {
    /// The position of a search whose shared state is `front`, at level `depth` above
    /// the fixed levels `0..base`, resuming at `resume`.
    #[inline(always)]
    pub(crate) fn new(
        front: &'a mut Front,
        base: usize,
        depth: &'a mut usize,
        resume: &'a mut Resume,
    ) -> Self {
        Self {
            base,
            depth,
            resume,
            stats: &mut front.stats,
            next_check: front.next_check,
        }
    }
}

/// Runs the loop from `at` until a solution (resumed by leaving the level), a limit
/// check (resumed by entering it) or the end.
#[inline(always)]
pub(crate) fn run(steps: &mut impl Steps, at: Position<'_>) -> Event {
    let mut depth = *at.depth;
    let mut nodes = at.stats.nodes;
    let mut updates = at.stats.updates;
    let mut state = *at.resume;
    let event = loop {
        match state {
            // X2: enter a level.
            Resume::Enter => {
                if nodes >= at.next_check {
                    break Event::Heartbeat;
                }
                nodes += 1;
                match steps.enter(depth) {
                    Entered::Solved => {
                        state = Resume::Leave;
                        break Event::Solution;
                    }
                    Entered::DeadEnd(cover) => {
                        updates += cover;
                        state = Resume::Leave;
                    }
                    Entered::Tried(spent) => {
                        updates += spent;
                        depth += 1;
                    }
                }
            }
            // X8: leave this level, then X6: try the next option one level up.
            Resume::Leave => {
                if depth == at.base {
                    state = Resume::Finished;
                    break Event::Finished;
                }
                depth -= 1;
                if let Some(commit) = steps.next(depth) {
                    updates += commit;
                    depth += 1;
                    state = Resume::Enter;
                }
            }
            Resume::Finished => break Event::Finished,
        }
    };
    *at.depth = depth;
    *at.resume = state;
    at.stats.nodes = nodes;
    at.stats.updates = updates;
    event
}
