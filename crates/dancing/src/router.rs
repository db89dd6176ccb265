//! The one home of the choice of engine: [`EngineName`], the word a front end takes
//! (`dancing xc --engine`, Python's `engine=`), what each engine can do
//! ([`Capability`]), and [`AnyEngine`], the engine built for a problem, one value that
//! runs any of them behind [`Engine`] and [`Branches`]. The front ends pass the user's
//! word through and never match on engines; a new engine is its module, one variant
//! here, a row of the architecture map and the agreement test.
//!
//! `auto` times the links and the dense engine on the first nodes of the search: they
//! walk the same tree in the same order, so the work each does over the first nodes
//! compares them directly. Each counts the first [`PROBE_NODES`] nodes (or as many as
//! [`PROBE_TIME`] allows) twice, alternately, and the better rate of its two runs
//! stands. A probe's rate is its thread's CPU time where the system tells it, so a
//! loaded machine does not flip the choice. The dense engine wins where a set of all
//! options is a few machine words and choices rule many of them out (polyomino
//! packings, queens and Langford pairs of moderate size); the links win on larger
//! problems (docs/benchmarks.md). Dancing cells and the memo are never picked.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

#[cfg(feature = "cells")]
use crate::CellsSolver;
use crate::engine::{Engine, Front, Inside};
use crate::error::{ForceError, IntegrityError};
use crate::ids::OptionId;
use crate::limits::Limits;
use crate::multi::Move;
use crate::problem::Problem;
use crate::split::{Branches, Given, SplitEngine};
use crate::stats::Stats;
use crate::{DenseSolver, DenseTooLarge, MultiSolver, Solver};

/// Nodes each engine searches per probe of `auto`: about a millisecond, against the
/// seconds a search worth choosing for takes.
const PROBE_NODES: u64 = 4_096;

/// The longest a probe of `auto` runs, where nodes are slow (checked every
/// [`Limits::CHECK_INTERVAL`] nodes).
const PROBE_TIME: Duration = Duration::from_millis(20);

/// The largest tables the probe of `auto` builds for the dense engine: the problems it
/// wins on take well under a megabyte.
const MAX_DENSE_BYTES: usize = 64 << 20;

/// An engine, by the name the front ends take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum EngineName {
    /// Algorithm M when the problem has multiplicities, else the faster of the links
    /// and the dense engine on the first nodes. The default.
    #[default]
    Auto,
    /// Dancing links ([`Solver`]): every capability.
    Links,
    /// The dense bitsets ([`DenseSolver`]), for problems of few options.
    Dense,
    /// Dancing cells (`CellsSolver`): one thread, no prefixes; only in a build with
    /// the `cells` feature.
    Cells,
    /// Algorithm M ([`MultiSolver`]): multiplicities.
    Multi,
    /// The memoized search ([`Memo`](crate::Memo)): counts without visiting, lists and
    /// draws from its diagram; one thread, all the solutions.
    Memo,
}

/// What a search may be asked besides searching on one thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Capability {
    /// Several threads sharing one search ([`ParallelSolver`](crate::ParallelSolver)).
    Threads,
    /// Cutting the search into subproblems at a depth.
    Split,
    /// Cutting the search into a number of balanced subproblems (Knuth's estimates).
    SplitJobs,
    /// Searching below a prefix, a subproblem of a split.
    Prefix,
    /// The cheapest solutions (costs: branch and bound).
    Cheapest,
    /// The problem as a formula, and the learner that solves it.
    Formula,
    /// The cases of the HUST 1017 matrix format, each answered by its first cover.
    Matrix,
}

impl EngineName {
    /// Every name, in the order of the command line's help.
    pub const ALL: [Self; 6] = [
        Self::Auto,
        Self::Links,
        Self::Dense,
        Self::Cells,
        Self::Multi,
        Self::Memo,
    ];

    /// What it is, in a line (the command line's help lists it).
    pub fn description(self) -> &'static str {
        match self {
            Self::Auto => {
                "The faster of links and dense on this problem, timed on its first nodes \
                 (Algorithm M when it has multiplicities)"
            }
            Self::Links => "Dancing links (Algorithms X and C): every feature",
            Self::Dense => {
                "Bitsets of live options, for small problems: counts and solutions, on \
                 threads, split"
            }
            Self::Cells => {
                "Dancing cells (sparse sets, TAOCP 7.2.2.3): counts and solutions on one \
                 thread, in builds with the `cells` feature"
            }
            Self::Multi => {
                "Multiplicities (Knuth's Algorithm M, `u:v|name` bounds): counts and \
                 solutions, on threads, split. Files with bounds use it without being asked"
            }
            Self::Memo => {
                "The memoized search (as --memo): counts without visiting, from a ZDD of \
                 all the solutions; one thread"
            }
        }
    }

    /// Its word: `auto`, `links`, `dense`, `cells`, `multi` or `memo`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Links => "links",
            Self::Dense => "dense",
            Self::Cells => "cells",
            Self::Multi => "multi",
            Self::Memo => "memo",
        }
    }

    /// The cargo feature this build lacks for the engine, if any: `cells` for dancing
    /// cells without it.
    ///
    /// ```
    /// use dancing::EngineName;
    ///
    /// assert_eq!(EngineName::Links.missing_feature(), None);
    /// let cells = EngineName::Cells.missing_feature();
    /// assert_eq!(cells.is_none(), cfg!(feature = "cells"));
    /// ```
    pub fn missing_feature(self) -> Option<&'static str> {
        match self {
            Self::Cells if !cfg!(feature = "cells") => Some("cells"),
            _ => None,
        }
    }

    /// Whether the engine can do `what` (`auto` can do whatever the engine it picks
    /// for a problem can; a problem with multiplicities goes to Algorithm M).
    ///
    /// ```
    /// use dancing::{Capability, EngineName};
    ///
    /// assert!(EngineName::Dense.can(Capability::Threads));
    /// assert!(!EngineName::Cells.can(Capability::Threads));
    /// assert!(!EngineName::Multi.can(Capability::SplitJobs));
    /// ```
    pub fn can(self, what: Capability) -> bool {
        use Capability::{Prefix, Split, SplitJobs, Threads};
        match self {
            Self::Auto | Self::Links => true,
            Self::Dense => matches!(what, Threads | Split | SplitJobs | Prefix),
            Self::Multi => matches!(what, Threads | Split | Prefix),
            Self::Cells | Self::Memo => false,
        }
    }
}

impl fmt::Display for EngineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine `{0}`: expected auto, links, dense, cells, multi or memo")]
pub struct UnknownEngine(pub String);

impl FromStr for EngineName {
    type Err = UnknownEngine;

    fn from_str(word: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|name| name.name() == word)
            .ok_or_else(|| UnknownEngine(word.to_owned()))
    }
}

/// Why an engine cannot search a problem.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RouteError {
    /// The problem has multiplicities, which only Algorithm M searches.
    #[error(
        "the problem has multiplicities (item `{item}` has bounds {}:{}), which the \
         {engine} engine cannot search; use auto or multi",
        .bounds.0,
        .bounds.1
    )]
    Multiplicities {
        /// The engine named.
        engine: EngineName,
        /// The first primary item with bounds other than 1:1.
        item: String,
        /// Its bounds.
        bounds: (u32, u32),
    },
    /// The engine is not in this build: a cargo feature leaves it out.
    #[error(
        "this build has no {engine} engine: it comes with the `{feature}` feature of the \
         dancing crate"
    )]
    NotBuilt {
        /// The engine named.
        engine: EngineName,
        /// The feature that builds it.
        feature: &'static str,
    },
    /// The dense engine's tables would be too large for the problem.
    #[error(transparent)]
    TooLarge(#[from] DenseTooLarge),
    /// The memo is no search engine: [`Memo`](crate::Memo) builds its diagram.
    #[error("the memo is not a search engine: build its diagram with Memo")]
    Memo,
}

/// A prefix that names no subproblem: its first move the search does not make there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {} of the prefix: {error}", .position + 1)]
pub struct PrefixError {
    /// Where the move is in the prefix (0-based).
    pub position: usize,
    /// Why it cannot be followed there.
    pub error: ForceError,
}

/// An engine built for one problem, as an [`EngineName`] chose it: one value that runs
/// any of them, through [`Engine`] (every search) and [`Branches`] (threads, with
/// [`ParallelSolver`](crate::ParallelSolver)). Its moves are [`Move`]s; the links' and
/// the dense engine's are options only. Dancing cells gives no work away, so on threads
/// it searches on one of them.
///
/// ```
/// use dancing::{AnyEngine, Engine, EngineName, problems};
///
/// let problem = problems::queens(8);
/// for name in ["auto", "links", "dense", "multi"] {
///     let mut engine = AnyEngine::new(&problem, name.parse()?)?;
///     assert_eq!(engine.count(), 92, "{}", engine.name());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum AnyEngine {
    /// Dancing links.
    Links(Solver),
    /// The dense bitsets.
    Dense(DenseSolver),
    /// Dancing cells.
    #[cfg(feature = "cells")]
    Cells(CellsSolver),
    /// Algorithm M.
    Multi(MultiSolver),
}

/// `$body` with `$engine` bound to the engine inside `$any`, whichever it is.
macro_rules! each {
    ($any:expr, $engine:ident => $body:expr) => {
        match $any {
            AnyEngine::Links($engine) => $body,
            AnyEngine::Dense($engine) => $body,
            #[cfg(feature = "cells")]
            AnyEngine::Cells($engine) => $body,
            AnyEngine::Multi($engine) => $body,
        }
    };
}

impl AnyEngine {
    /// The engine `name` for `problem`, no limits set. `auto` picks Algorithm M for a
    /// problem with multiplicities, else times the links and the dense engine (see the
    /// module); `links`, `dense` and `cells` refuse multiplicities, `dense` a problem
    /// too large for its tables, `memo` is no search engine, and `cells` needs the
    /// `cells` feature.
    ///
    /// # Errors
    /// [`RouteError`] as above.
    pub fn new(problem: &Problem, name: EngineName) -> Result<Self, RouteError> {
        if let Some(feature) = name.missing_feature() {
            return Err(RouteError::NotBuilt {
                engine: name,
                feature,
            });
        }
        if problem.has_bounds() && !matches!(name, EngineName::Auto | EngineName::Multi) {
            if name == EngineName::Memo {
                return Err(RouteError::Memo);
            }
            let item = problem
                .items()
                .find(|&i| problem.is_primary(i) && problem.bounds(i) != (1, 1))
                .expect("a bounded item");
            return Err(RouteError::Multiplicities {
                engine: name,
                item: problem.item_name(item).to_owned(),
                bounds: problem.bounds(item),
            });
        }
        Ok(match name {
            EngineName::Auto if problem.has_bounds() => Self::Multi(MultiSolver::new(problem)),
            EngineName::Auto => fastest(problem),
            EngineName::Links => Self::Links(Solver::new(problem)),
            EngineName::Dense => Self::Dense(DenseSolver::new(problem)?),
            #[cfg(feature = "cells")]
            EngineName::Cells => Self::Cells(CellsSolver::new(problem)),
            #[cfg(not(feature = "cells"))]
            EngineName::Cells => unreachable!("refused above: not built"),
            EngineName::Multi => Self::Multi(MultiSolver::new(problem)),
            EngineName::Memo => return Err(RouteError::Memo),
        })
    }

    /// Follows a prefix of a split: each move in order, as [`SplitEngine::descend`]
    /// (the links, the dense engine) or [`MultiSolver::replay`] (Algorithm M) follows
    /// it. On error nothing stays followed.
    ///
    /// # Errors
    /// [`PrefixError`]: the first move that is not one the search makes there (a null
    /// move, for an engine without multiplicities; any move, for dancing cells), and
    /// why.
    pub fn follow_prefix(&mut self, prefix: &[Move]) -> Result<(), PrefixError> {
        fn descend<E: SplitEngine>(engine: &mut E, prefix: &[Move]) -> Result<(), PrefixError> {
            let start = engine.fixed_len(crate::engine::INSIDE);
            for (position, &m) in prefix.iter().enumerate() {
                let followed = option_of(m).and_then(|option| engine.descend(option));
                if let Err(error) = followed {
                    engine.truncate_fixed(crate::engine::INSIDE, start);
                    return Err(PrefixError { position, error });
                }
            }
            Ok(())
        }
        match self {
            Self::Links(e) => descend(e, prefix),
            Self::Dense(e) => descend(e, prefix),
            Self::Multi(e) => e.replay(prefix).map_err(|error| PrefixError {
                position: match error {
                    ForceError::NotABranch { position } => position,
                    _ => 0,
                },
                error,
            }),
            #[cfg(feature = "cells")]
            Self::Cells(_) if prefix.is_empty() => Ok(()),
            #[cfg(feature = "cells")]
            Self::Cells(_) => Err(PrefixError {
                position: 0,
                error: ForceError::NotABranch { position: 0 },
            }),
        }
    }

    /// The name of the engine inside, to ask what it can do.
    pub fn kind(&self) -> EngineName {
        match self {
            Self::Links(_) => EngineName::Links,
            Self::Dense(_) => EngineName::Dense,
            #[cfg(feature = "cells")]
            Self::Cells(_) => EngineName::Cells,
            Self::Multi(_) => EngineName::Multi,
        }
    }

    /// Undoes the prefix followed and any option fixed, restoring the engine's tables.
    pub fn release(&mut self) {
        match self {
            Self::Links(e) => e.release(),
            Self::Dense(e) => e.release(),
            Self::Multi(e) => e.release(),
            #[cfg(feature = "cells")]
            Self::Cells(_) => {}
        }
    }

    /// The subproblems of the search at `depth` levels below the fixed ones, handed to
    /// `visit` as the walk finds them (see [`SplitEngine::split_each`]): each the
    /// prefix of moves that names it. Dancing cells does not split: the whole search is
    /// its one subproblem.
    pub fn split_each(
        &mut self,
        depth: usize,
        mut visit: impl FnMut(&[Move]) -> std::ops::ControlFlow<()>,
    ) -> Stats {
        let mut moves = Vec::new();
        let mut options = |prefix: &[OptionId]| {
            moves.clear();
            moves.extend(prefix.iter().map(|&o| Move::Choose(o)));
            visit(&moves)
        };
        match self {
            Self::Links(e) => e.split_each(depth, &mut options),
            Self::Dense(e) => e.split_each(depth, &mut options),
            Self::Multi(e) => e.split_each(depth, visit),
            #[cfg(feature = "cells")]
            Self::Cells(e) => {
                let _ = visit(&[]);
                e.stats()
            }
        }
    }

    /// At least `jobs` balanced subproblems (see [`SplitEngine::split_jobs`]), as
    /// prefixes of moves, with the split's statistics and whether it stopped short of
    /// `jobs`; `None` for the engines that do not balance a split (Algorithm M and
    /// dancing cells).
    pub fn split_jobs(&mut self, jobs: usize) -> Option<(Vec<Vec<Move>>, Stats, bool)> {
        let split = match self {
            Self::Links(e) => e.split_jobs(jobs),
            Self::Dense(e) => e.split_jobs(jobs),
            Self::Multi(_) => return None,
            #[cfg(feature = "cells")]
            Self::Cells(_) => return None,
        };
        let prefixes = split
            .subproblems()
            .iter()
            .map(|s| s.prefix().iter().map(|&o| Move::Choose(o)).collect())
            .collect();
        Some((prefixes, split.stats(), split.is_short()))
    }
}

/// The faster of the links and the dense engine on the first nodes of `problem`'s
/// search, with no limits set: the links when the probe finishes the search, or when
/// the dense tables would pass 64 MiB.
fn fastest(problem: &Problem) -> AnyEngine {
    let mut links = Solver::new(problem);
    if DenseSolver::memory(problem) > MAX_DENSE_BYTES {
        return AnyEngine::Links(links);
    }
    let Ok(mut dense) = DenseSolver::new(problem) else {
        return AnyEngine::Links(links);
    };
    let probe = Limits {
        max_nodes: Some(PROBE_NODES),
        timeout: Some(PROBE_TIME),
        ..Limits::none()
    };
    links.set_limits(probe.clone());
    dense.set_limits(probe);
    // Nodes per second of the probe's own CPU time, the better of two runs of each.
    let rate = |nodes: u64, time: Duration| nodes as f64 / time.as_secs_f64().max(1e-9);
    let (mut links_rate, mut dense_rate) = (0.0f64, 0.0f64);
    for _ in 0..2 {
        let clock = Clock::start();
        if links.count().is_complete() {
            links.set_limits(Limits::none());
            return AnyEngine::Links(links);
        }
        links_rate = links_rate.max(rate(links.stats().nodes, clock.spent()));
        let clock = Clock::start();
        // The same tree: it stops where the links stopped, or at the clock.
        let _partial = dense.count();
        dense_rate = dense_rate.max(rate(dense.stats().nodes, clock.spent()));
    }
    links.set_limits(Limits::none());
    dense.set_limits(Limits::none());
    if dense_rate > links_rate {
        AnyEngine::Dense(dense)
    } else {
        AnyEngine::Links(links)
    }
}

/// The time a probe takes: the thread's CPU time (what another process cannot take from
/// it), else the wall clock where the system does not tell it.
struct Clock {
    cpu: Option<cpu_time::ThreadTime>,
    wall: Instant,
}

impl Clock {
    fn start() -> Self {
        Self {
            cpu: cpu_time::ThreadTime::try_now().ok(),
            wall: Instant::now(),
        }
    }

    fn spent(&self) -> Duration {
        self.cpu
            .as_ref()
            .and_then(|cpu| cpu.try_elapsed().ok())
            .unwrap_or_else(|| self.wall.elapsed())
    }
}

impl Engine for AnyEngine {
    const NAME: &'static str = "any";

    /// The engine inside: what `auto` picked.
    fn name(&self) -> &'static str {
        each!(self, e => e.name())
    }

    fn run(&mut self, inside: Inside) -> crate::engine::Event {
        each!(self, e => e.run(inside))
    }

    fn unwind(&mut self, inside: Inside) {
        each!(self, e => e.unwind(inside))
    }

    fn restart(&mut self, inside: Inside) {
        each!(self, e => e.restart(inside))
    }

    fn chosen(&mut self, inside: Inside) -> &[OptionId] {
        each!(self, e => e.chosen(inside))
    }

    fn explored(&self, inside: Inside) -> f64 {
        each!(self, e => e.explored(inside))
    }

    fn level(&self, inside: Inside) -> usize {
        each!(self, e => e.level(inside))
    }

    fn memory(&self) -> usize {
        each!(self, e => e.memory())
    }

    fn check_integrity(&self) -> Result<(), IntegrityError> {
        each!(self, e => e.check_integrity())
    }

    fn front(&self, inside: Inside) -> &Front {
        each!(self, e => e.front(inside))
    }

    fn front_mut(&mut self, inside: Inside) -> &mut Front {
        each!(self, e => e.front_mut(inside))
    }
}

/// The option of a move for the engines without null moves.
fn option_of(m: Move) -> Result<OptionId, ForceError> {
    match m {
        Move::Choose(option) => Ok(option),
        Move::Skip(_) => Err(ForceError::NotABranch { position: 0 }),
    }
}

/// Options given away, as moves.
fn as_moves((path, untried): Given<OptionId>) -> Given<Move> {
    let moves = |options: Vec<OptionId>| options.into_iter().map(Move::Choose).collect();
    (moves(path), moves(untried))
}

impl Branches for AnyEngine {
    type Move = Move;

    fn fixed_len(&self, inside: Inside) -> usize {
        match self {
            Self::Links(e) => e.fixed_len(inside),
            Self::Dense(e) => e.fixed_len(inside),
            Self::Multi(e) => e.fixed_len(inside),
            #[cfg(feature = "cells")]
            Self::Cells(_) => 0,
        }
    }

    fn truncate_fixed(&mut self, inside: Inside, len: usize) {
        match self {
            Self::Links(e) => e.truncate_fixed(inside, len),
            Self::Dense(e) => e.truncate_fixed(inside, len),
            Self::Multi(e) => e.truncate_fixed(inside, len),
            #[cfg(feature = "cells")]
            Self::Cells(_) => {}
        }
    }

    fn follow(&mut self, inside: Inside, m: Move) -> Result<u64, ForceError> {
        match self {
            Self::Links(e) => e.follow(inside, option_of(m)?),
            Self::Dense(e) => e.follow(inside, option_of(m)?),
            Self::Multi(e) => e.follow(inside, m),
            #[cfg(feature = "cells")]
            Self::Cells(_) => Err(ForceError::NotABranch { position: 0 }),
        }
    }

    fn follow_sibling(&mut self, inside: Inside, m: Move) -> Result<u64, ForceError> {
        match self {
            Self::Links(e) => e.follow_sibling(inside, option_of(m)?),
            Self::Dense(e) => e.follow_sibling(inside, option_of(m)?),
            Self::Multi(e) => e.follow_sibling(inside, m),
            #[cfg(feature = "cells")]
            Self::Cells(_) => Err(ForceError::NotABranch { position: 0 }),
        }
    }

    fn give_away(&mut self, inside: Inside, from: usize) -> Option<Given<Move>> {
        match self {
            Self::Links(e) => e.give_away(inside, from).map(as_moves),
            Self::Dense(e) => e.give_away(inside, from).map(as_moves),
            Self::Multi(e) => e.give_away(inside, from),
            // Dancing cells keeps its work: the other threads find none.
            #[cfg(feature = "cells")]
            Self::Cells(_) => None,
        }
    }
}

#[cfg(test)]
mod tests;
