//! The dense engine: Algorithm X on bitsets of options, for problems small enough that
//! a set of all their options is a few dozen machine words.
//!
//! Each level of the search keeps its own copy of the live options (one bit per
//! option) and of each primary item's count of them. Choosing an option rules out, for
//! each of its items, the live options in that item's precomputed mask: one `AND NOT`
//! per word, then a walk over the options just ruled out to lower their items' counts.
//! Backtracking is returning to the level's copy: nothing is undone.

use crate::algorithm_x::{self, Entered, Position, Resume, Steps, Tree};
use crate::arena::heap;
use crate::engine::{self, Engine, EngineSearch, EngineSolutions, Event, Front, Inside};
use crate::error::IntegrityError;
use crate::ids::OptionId;
use crate::problem::Problem;

mod fix;
mod tables;

use tables::Tables;

/// A search of the dense engine in progress, from [`Engine::search`].
pub type DenseSearch<'s> = EngineSearch<'s, DenseSolver>;

/// Lazy iterator over the solutions of the dense engine, from [`Engine::solutions`].
pub type DenseSolutions<'s> = EngineSolutions<'s, DenseSolver>;

/// Searches a [`Problem`] on bitsets of options: the interface of
/// [`Solver`](crate::Solver), on another engine, fastest on small problems.
///
/// It branches as the links engine does (the active primary item with the fewest
/// options, ties to the earliest declared; its options in input order), so it finds
/// the same solutions in the same order, and its [`Stats`](crate::Stats) are the links engine's to the
/// node and the update. Secondary items and colors are supported; costs are ignored.
///
/// Its work per choice grows with the number of options (a choice passes over one word
/// per 64 options for each item of the chosen option), while the links' grows with the
/// options actually ruled out; it wins where the options are few: N-queens, Langford
/// pairs, polyomino packings of a few thousand placements. Problems of more than
/// 32,766 options, or whose tables would pass 1 GiB, are refused.
///
/// ```
/// use dancing::{DenseSolver, Engine, Solver, problems};
///
/// let problem = problems::queens(8);
/// let mut dense = DenseSolver::new(&problem)?;
/// assert_eq!(dense.count(), 92);
///
/// // The same tree as the links engine, node for node and update for update.
/// let mut links = Solver::new(&problem);
/// assert_eq!(links.count(), 92);
/// assert_eq!(dense.stats().nodes, links.stats().nodes);
/// assert_eq!(dense.stats().updates, links.stats().updates);
/// assert_eq!(dense.first(), links.first());
/// # Ok::<(), dancing::DenseTooLarge>(())
/// ```
#[derive(Debug, Clone)]
pub struct DenseSolver {
    front: Front,
    tables: Tables,
    /// One entry per level the search can reach (at most one per primary item). Levels
    /// below `base` are fixed (forced options and prefix choices); the search works
    /// above them.
    levels: Vec<Level>,
    /// Number of fixed levels: state `base` holds the problem with their options chosen.
    base: usize,
    /// How many of the fixed levels are forced options (the rest are prefix choices).
    forced: usize,
    /// Whether state `base` is as the fixed levels made it: a search rewrites it.
    fresh: bool,
    /// Current depth of a suspended search.
    depth: usize,
    resume: Resume,
    /// The current solution as option ids, filled on demand.
    scratch: Vec<OptionId>,
}

/// A problem larger than [`DenseSolver`] takes: more than
/// [`MAX_OPTIONS`](DenseSolver::MAX_OPTIONS) options, or tables of more than
/// [`MAX_BYTES`](DenseSolver::MAX_BYTES).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "the dense engine takes at most {max_options} options and {max_mib} MiB of tables; \
     this problem has {options} options and needs {mib} MiB",
    max_options = DenseSolver::MAX_OPTIONS,
    max_mib = DenseSolver::MAX_BYTES >> 20,
    mib = bytes.div_ceil(1 << 20)
)]
pub struct DenseTooLarge {
    /// The problem's number of options.
    pub options: usize,
    /// The bytes its tables would take ([`DenseSolver::memory`]).
    pub bytes: usize,
}

/// One level of the search: the item branched on and the option being tried.
#[derive(Debug, Clone, Copy, Default)]
struct Level {
    /// The item chosen at this level (internal number).
    item: u32,
    /// Where its options start among the candidates.
    first: u32,
    /// Which of them is being tried.
    index: u32,
    /// How many live options the item had when chosen.
    count: u32,
}

impl DenseSolver {
    /// The largest number of options the engine takes.
    pub const MAX_OPTIONS: usize = Tables::MAX_OPTIONS;

    /// The most bytes of tables the engine allocates.
    pub const MAX_BYTES: usize = 1 << 30;

    /// The bytes of tables a solver for `problem` takes, about: the masks (one bit per
    /// option per item and per color given), and two states per level (one bit per
    /// option and 16 bits per primary item each), without building them.
    pub fn memory(problem: &Problem) -> usize {
        Tables::bytes(problem, Self::levels(problem))
    }

    /// A solver for `problem`, with its own bitsets.
    ///
    /// # Errors
    /// [`DenseTooLarge`] if the problem has more than [`MAX_OPTIONS`](Self::MAX_OPTIONS)
    /// options, or its tables would take more than [`MAX_BYTES`](Self::MAX_BYTES).
    ///
    /// # Panics
    /// If the problem has multiplicities ([`Problem::has_bounds`]): search those with
    /// [`MultiSolver`](crate::MultiSolver).
    pub fn new(problem: &Problem) -> Result<Self, DenseTooLarge> {
        assert!(
            !problem.has_bounds(),
            "DenseSolver::new: the problem has multiplicities; search it with MultiSolver"
        );
        let options = problem.option_count();
        let bytes = Self::memory(problem);
        if options > Self::MAX_OPTIONS || bytes > Self::MAX_BYTES {
            return Err(DenseTooLarge { options, bytes });
        }
        let depth = Self::levels(problem);
        Ok(Self {
            front: Front::new(problem),
            tables: Tables::new(problem, depth),
            levels: vec![Level::default(); depth],
            base: 0,
            forced: 0,
            fresh: true,
            depth: 0,
            resume: Resume::Finished,
            scratch: Vec::with_capacity(depth),
        })
    }

    /// The levels a search can reach: each chooses a primary item and an option, so
    /// there are at most as many as either, plus the level that finds a solution.
    fn levels(problem: &Problem) -> usize {
        problem.primary_count().min(problem.option_count()) + 1
    }
}

impl Engine for DenseSolver {
    const NAME: &'static str = "dense";

    /// The search loop, with the steps of TAOCP's Algorithm X named as the links
    /// engine names them. Level `d` owns state `d`: entered as the choices above left
    /// it, then with its item covered (its options noted as candidates first); each
    /// option tried is committed into state `d + 1`, the next level's.
    fn run(&mut self, _: Inside) -> Event {
        self.fresh = false;
        let at = Position::new(
            &mut self.front,
            self.base,
            &mut self.depth,
            &mut self.resume,
        );
        let (tables, levels) = (&mut self.tables, &mut self.levels[..]);
        algorithm_x::run(&mut Tree { tables, levels }, at)
    }

    /// Puts the fixed levels' state back, which the search rewrote: nothing else needs
    /// restoring, each level having its own copy.
    fn unwind(&mut self, _: Inside) {
        self.depth = self.base;
        self.resume = Resume::Finished;
        self.tables.candidates.truncate(self.fixed_candidates());
        if !self.fresh {
            self.restore_fixed();
        }
    }

    fn restart(&mut self, _: Inside) {
        if !self.fresh {
            self.restore_fixed();
        }
        self.tables.candidates.truncate(self.fixed_candidates());
        self.depth = self.base;
        self.resume = Resume::Enter;
    }

    /// The options chosen so far, one per level.
    fn chosen(&mut self, _: Inside) -> &[OptionId] {
        self.scratch.clear();
        let candidates = &self.tables.candidates;
        let chosen = self.levels[..self.depth].iter();
        self.scratch.extend(
            chosen.map(|level| {
                OptionId::new(candidates[(level.first + level.index) as usize] as usize)
            }),
        );
        &self.scratch
    }

    fn explored(&self, _: Inside) -> f64 {
        let searched = &self.levels[self.base..self.depth];
        engine::progress(searched.iter().map(|l| (l.index, l.count)))
    }

    fn level(&self, _: Inside) -> usize {
        self.depth - self.base
    }

    /// Always consistent: a search works on copies of the state it starts from, which
    /// the next search makes again.
    fn memory(&self) -> usize {
        self.tables.memory() + heap(&self.levels) + heap(&self.scratch)
    }

    fn check_integrity(&self) -> Result<(), IntegrityError> {
        Ok(())
    }

    crate::engine::front_in_field!();
}

/// The steps of Algorithm X on the bitsets. Level `d` owns state `d`: entered as the
/// choices above left it, then with its item covered (its options noted as candidates
/// first); each option tried is committed into state `d + 1`, the next level's.
impl Steps for Tree<'_, Tables, Level> {
    #[inline(always)]
    fn enter(&mut self, depth: usize) -> Entered {
        let tables = &mut *self.tables;
        let Some((item, count)) = tables.choose(depth) else {
            return Entered::Solved;
        };
        if count == 0 {
            // TAOCP still counts the cover of the item.
            return Entered::DeadEnd(1);
        }
        // X4: cover it, its options noted first.
        let first = tables.gather(depth, item);
        let cover = tables.commit(depth, item, item);
        // X5: try its first option.
        let option = tables.candidates[first as usize];
        let commit = try_option(tables, depth, item, option);
        self.levels[depth] = Level {
            item,
            first,
            index: 0,
            count,
        };
        Entered::Tried(cover + commit)
    }

    #[inline(always)]
    fn next(&mut self, depth: usize) -> Option<u64> {
        let tables = &mut *self.tables;
        let level = &mut self.levels[depth];
        level.index += 1;
        if level.index < level.count {
            let option = tables.candidates[(level.first + level.index) as usize];
            Some(try_option(tables, depth, level.item, option))
        } else {
            // X7: no option left.
            tables.candidates.truncate(level.first as usize);
            None
        }
    }
}

/// X5: commits `option`, chosen for `item` at level `depth`, into the next level's
/// state: its other items, cyclically from the one after `item`, as the links engine
/// covers them. Returns the updates.
#[inline]
fn try_option(tables: &mut Tables, depth: usize, item: u32, option: u32) -> u64 {
    let next = depth + 1;
    tables.copy_state(depth, next);
    if tables.one_pass() {
        return tables.commit_option(next, option);
    }
    let start = tables.entry_start[option as usize] as usize;
    let end = tables.entry_start[option as usize + 1] as usize;
    let at = (start..end)
        .find(|&k| tables.entries[k].item == item)
        .expect("the option has the item it was chosen for");
    // Its other items, cyclically from the one after `item`.
    let mut updates = 0;
    for k in (at + 1..end).chain(start..at) {
        let entry = tables.entries[k];
        updates += tables.commit(next, entry.item, entry.mask);
    }
    updates
}
