//! Multiplicities: Knuth's Algorithm M (TAOCP Vol. 4B §7.2.2.1, his program DLX3), exact
//! cover where a primary item `i` must be covered at least `u` and at most `v` times.
//!
//! Each primary item keeps a BOUND (how many more options may cover it) and a SLACK
//! (`v - u`, fixed). The search branches on one item at a time: its options are tried in
//! list order, and each option tried is *tweaked* out of the list (and hidden from the
//! others) before the next is tried, so a branch means "this is the first of the
//! remaining options of `i` in the solution"; when the lower bound is already met, a
//! last *null move* leaves the item with none of its remaining options. An item
//! whose bound reaches 0 is covered, as in Algorithm X.
//!
//! The links are the same arena as [`Solver`](crate::Solver)'s, but the loops are this
//! module's own (and [`arena::multi`](crate::arena)'s): the plain search pays nothing.

use crate::arena::{Arena, Unwatched};
use crate::engine::{EngineSearch, EngineSolutions, Front};
use crate::ids::{ItemId, OptionId};
use crate::problem::Problem;

mod search;
mod split;

/// A search of Algorithm M in progress, from [`Engine::search`](crate::Engine::search).
pub type MultiSearch<'s> = EngineSearch<'s, MultiSolver>;

/// Lazy iterator over the solutions of Algorithm M, from
/// [`Engine::solutions`](crate::Engine::solutions).
pub type MultiSolutions<'s> = EngineSolutions<'s, MultiSolver>;

/// One move of Algorithm M at one level: choosing an option, or the null move that
/// leaves an item with none of its remaining options (its lower bound being met). A
/// prefix of moves names a subproblem of a split ([`MultiSolver::split`]). Moves
/// compare as the search makes them at a level: options in input order, the null move
/// last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// The option is chosen.
    Choose(OptionId),
    /// The item branched on takes none of its remaining options.
    Skip(ItemId),
}

/// One level of the search: the item branched on and the branch being tried.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// The item branched on (1-based header).
    item: u32,
    /// TAOCP: x_l. The node of the option tried, or `item` itself for the null move.
    x: u32,
    /// TAOCP: FT[l]. The first node of the item's list when the level began: where
    /// untweaking starts. 0 when the item was covered outright (bound 1, slack 0).
    first: u32,
    /// Which branch is being tried (0-based).
    index: u32,
    /// The branching degree.
    degree: u32,
}

/// Where a suspended search picks up again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resume {
    /// M2: enter a new level.
    Enter,
    /// M5: try the current branch of the top level.
    Try,
    /// M9: leave the top level's branch.
    Leave,
    /// Nothing to resume: the search is over.
    Finished,
}

/// Searches a [`Problem`] with multiplicities (Knuth's Algorithm M): every primary item
/// is covered between its [`bounds`](Problem::bounds), and secondary items at most once
/// (or by options that agree on its color). The interface is [`Solver`](crate::Solver)'s
/// for plain searches, plus [`split`](crate::SplitEngine::split) and [`replay`](crate::SplitEngine::replay) (and,
/// with the `parallel` feature, `ParallelSolver`, which lists and counts on threads).
///
/// Every solution is listed once, as the options chosen, in level order. Costs are
/// ignored.
///
/// On a problem whose bounds are all 1:1, Algorithm M makes the same choices as
/// Algorithm X, and the search has the same solutions, in the same order, with the
/// same [`Stats`](crate::Stats). With bounds, `nodes` counts levels entered (including one per
/// solution and per dead end) and `updates` counts items covered plus nodes taken out
/// of lists, by hides and by tweaks.
///
/// ```
/// use dancing::{Engine, MultiSolver, format};
///
/// // Knuth's example in DLX3: C must be covered two or three times.
/// let problem = format::parse_str(
///     "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
/// )?;
/// let mut solver = MultiSolver::new(&problem);
/// let solution = solver.first().expect("one solution");
/// let mut rows: Vec<String> = solution.options().iter().map(|&o| problem.format_option(o)).collect();
/// rows.sort();
/// assert_eq!(rows, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
/// assert_eq!(solver.count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct MultiSolver {
    front: Front,
    arena: Arena,
    colored: bool,
    /// TAOCP: BOUND, per item header (entry 0 and the secondary items unused).
    bound: Vec<u32>,
    /// TAOCP: SLACK, per item header.
    slack: Vec<u32>,
    levels: Vec<Level>,
    /// Levels fixed by [`replay`](crate::SplitEngine::replay), below which the search never backtracks.
    base: usize,
    resume: Resume,
    /// The current solution as option ids, filled on demand.
    scratch: Vec<OptionId>,
}

impl MultiSolver {
    /// A solver for `problem`, with its own copy of the links.
    pub fn new(problem: &Problem) -> Self {
        let n = problem.item_count();
        let mut bound = vec![0; n + 2];
        let mut slack = vec![0; n + 2];
        for item in problem.items() {
            let (lo, hi) = problem.bounds(item);
            bound[item.index() + 1] = hi;
            slack[item.index() + 1] = hi - lo;
        }
        Self {
            front: Front::new(problem),
            arena: problem.arena().clone(),
            colored: problem.has_colors(),
            bound,
            slack,
            levels: Vec::new(),
            base: 0,
            resume: Resume::Finished,
            scratch: Vec::new(),
        }
    }

    /// Whether the links and bounds are exactly as built: no level replayed and no
    /// search left anything behind.
    pub fn is_pristine(&self) -> bool {
        self.levels.is_empty() && self.arena == *self.front.problem.arena() && {
            let fresh = Self::new(&self.front.problem);
            fresh.bound == self.bound
        }
    }

    /// The move a level makes.
    fn move_of(&self, level: Level) -> Move {
        if level.x == level.item {
            Move::Skip(ItemId::new(level.item as usize - 1))
        } else {
            Move::Choose(self.front.problem.option_of_node(level.x))
        }
    }

    /// The top level.
    fn top(&self) -> Level {
        *self.levels.last().expect("a level")
    }

    /// M4: prepares to branch on item `i`: counts its bound down, covers it when that
    /// leaves no room, and notes where tweaking starts otherwise.
    fn prepare(&mut self, i: u32, degree: i64) {
        let x = self.arena.nodes()[i as usize].down;
        let b = &mut self.bound[i as usize];
        *b -= 1;
        let (b, s) = (*b, self.slack[i as usize]);
        if b == 0 {
            self.front.stats.updates += self.cover(i);
        }
        self.levels.push(Level {
            item: i,
            x,
            first: if b == 0 && s == 0 { 0 } else { x },
            index: 0,
            degree: u32::try_from(degree).unwrap_or(u32::MAX),
        });
    }

    /// M5: makes the top level's current branch possible (tweaking its option out of
    /// the item's list, or taking the item out of the active list for the null move),
    /// without committing it; `None` when the level has no branch left.
    fn advance(&mut self) -> Option<()> {
        let Level { item: i, x, .. } = self.top();
        let (b, s) = (self.bound[i as usize], self.slack[i as usize]);
        if b == 0 && s == 0 {
            return (x != i).then_some(());
        }
        let len = self.arena.len(i);
        if i64::from(len) <= i64::from(b) - i64::from(s) {
            return None;
        }
        if x != i {
            self.front.stats.updates += if self.colored {
                self.arena.tweak::<true>(x, b != 0)
            } else {
                self.arena.tweak::<false>(x, b != 0)
            };
        } else if b != 0 {
            self.arena.deactivate(i);
        }
        Some(())
    }

    /// M6: commits the other items of the top level's option (nothing for a null move).
    fn commit(&mut self) {
        let Level { item: i, x, .. } = self.top();
        if x != i {
            self.front.stats.updates += if self.colored {
                self.arena.commit_others_bounded::<true>(x, &mut self.bound)
            } else {
                self.arena
                    .commit_others_bounded::<false>(x, &mut self.bound)
            };
        }
    }

    /// M7 (and M9 for a null move): the exact reverse of [`commit`](Self::commit) and
    /// of a null move's deactivation.
    fn uncommit(&mut self) {
        let Level { item: i, x, .. } = self.top();
        if x == i {
            if self.bound[i as usize] != 0 {
                self.arena.reactivate(i);
            }
        } else if self.colored {
            self.arena
                .uncommit_others_bounded::<true>(x, &mut self.bound);
        } else {
            self.arena
                .uncommit_others_bounded::<false>(x, &mut self.bound);
        }
    }

    /// M7: moves the top level on to its next branch (the option below, or the header
    /// for the null move).
    fn next_branch(&mut self) {
        let level = self.levels.last_mut().expect("a level");
        level.x = self.arena.nodes()[level.x as usize].down;
        level.index += 1;
    }

    /// M8: restores the top level's item (uncover, untweak, or both) and its bound, and
    /// pops the level.
    fn restore(&mut self) {
        let Level { item: i, first, .. } = self.levels.pop().expect("a level");
        let b = self.bound[i as usize];
        if first != 0 {
            if self.colored {
                self.arena.untweak::<true>(i, first, b != 0);
            } else {
                self.arena.untweak::<false>(i, first, b != 0);
            }
        }
        if b == 0 {
            self.uncover(i);
        }
        self.bound[i as usize] += 1;
    }

    fn cover(&mut self, i: u32) -> u64 {
        if self.colored {
            self.arena.cover::<true>(i, &mut Unwatched)
        } else {
            self.arena.cover::<false>(i, &mut Unwatched)
        }
    }

    fn uncover(&mut self, i: u32) {
        if self.colored {
            self.arena.uncover::<true>(i);
        } else {
            self.arena.uncover::<false>(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::limits::{Limits, StopReason};
    use crate::{error::ForceError, problems, solver::Solver};

    #[test]
    fn plain_problems_walk_algorithm_xs_tree() {
        for problem in [
            problems::queens(8),
            crate::format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
                .expect("valid"),
            crate::format::parse_str("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n")
                .expect("valid"),
        ] {
            let mut multi = MultiSolver::new(&problem);
            let mut links = Solver::new(&problem);
            let ours: Vec<_> = multi.solutions().collect();
            let theirs: Vec<_> = links.solutions().collect();
            assert_eq!(ours, theirs);
            let _ = (multi.count(), links.count());
            assert_eq!(multi.stats().nodes, links.stats().nodes);
            assert_eq!(multi.stats().updates, links.stats().updates);
            assert!(multi.is_pristine());
            assert_eq!(multi.check_integrity(), Ok(()));
        }
    }

    #[test]
    fn stopping_early_restores_the_links() {
        let problem =
            crate::format::parse_str("2:3|n 0:1|a 0:1|b 0:1|c 0:1|d\nn a\nn b\nn c\nn d\n")
                .expect("valid");
        let mut solver = MultiSolver::new(&problem);
        // C(4,2) + C(4,3)
        assert_eq!(solver.count(), 10);
        let three = solver.count_up_to(3);
        assert_eq!(
            (three.found(), three.reason()),
            (3, Some(StopReason::Caller))
        );
        assert!(solver.is_pristine());
        let mut solutions = solver.solutions();
        assert!(solutions.next().is_some());
        drop(solutions);
        assert!(solver.is_pristine());
        solver.set_limits(Limits::max_nodes(3));
        assert_eq!(solver.count().reason(), Some(StopReason::NodeLimit));
        assert!(solver.is_pristine());
    }

    /// The item branched on first, named by the first move of a split.
    fn first_item(text: &str) -> String {
        let problem = crate::format::parse_str(text).expect("valid");
        let mut solver = MultiSolver::new(&problem);
        match solver.split(1).first().and_then(|p| p.first()).copied() {
            Some(Move::Choose(option)) => problem.format_option(option),
            Some(Move::Skip(item)) => format!("skip {}", problem.item_name(item)),
            None => "none".into(),
        }
    }

    #[test]
    fn the_choice_follows_dlx3s_rule() {
        // Degree LEN + 1 - max(BOUND - SLACK, 0): `P` (4 options, 2:2) scores 3, `Q` (3
        // options, 1:1) 3, `R` (2 options, 0:1) 3. Ties go to the smaller min(SLACK,
        // BOUND), then to the longer list: `P`, though declared last.
        let text = "0:1|R Q 2|P\nR Q\nR P\nQ P\nQ P\nP\n";
        assert_eq!(first_item(text), "R P");
        // Without `P`: `Q` (slack 0) before `R` (slack 1).
        assert_eq!(first_item("0:1|R Q\nR Q\nR\nQ\nQ\n"), "R Q");
        assert_eq!(first_item("0:1|R Q\nR\nR\nQ\nQ\n"), "Q");
        // The lowest degree wins outright: `Q` with one option.
        assert_eq!(first_item("3|P Q\nP\nP\nP\nP\nP Q\n"), "P Q");
        // An item whose lower bound is met and whose list is empty: the null move.
        assert_eq!(first_item("0:2|P Q\nQ\nQ\n"), "skip P");
    }

    #[test]
    fn replay_refuses_moves_the_search_does_not_make() {
        let problem = crate::format::parse_str("2|n 0:1|a 0:1|b\nn a\nn b\n").expect("valid");
        let mut solver = MultiSolver::new(&problem);
        // `n` is chosen first; its lower bound 2 is unmet, so there is no null move.
        let skip = Move::Skip(ItemId::new(0));
        assert_eq!(
            solver.replay(&[Move::Choose(OptionId::new(0)), skip]),
            Err(ForceError::NotABranch { position: 1 })
        );
        assert!(solver.is_pristine());
        assert_eq!(solver.split(1), [[Move::Choose(OptionId::new(0))]]);
        assert!(solver.is_pristine());
    }
}
