//! The one home of the choice of engine: [`EngineName`], the word a front end takes
//! (`dancing xc --engine`, Python's `engine=`), what each engine can do
//! ([`Capability`]), [`AnyEngine`], the engine built for a problem, one value that
//! runs any of them behind [`Engine`] and [`Branches`], and [`Route`], the router's
//! answer for a name: an engine, or the memo. The front ends pass the user's
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

mod name;
mod probe;

pub use name::{Capability, EngineName};
use probe::fastest;

#[cfg(feature = "cells")]
use crate::cells::CellsSolver;
use crate::engine::{Engine, Front, Inside};
use crate::error::{ForceError, IntegrityError};
use crate::ids::OptionId;
use crate::memo::{Memo, Probe};
use crate::multi::Move;
use crate::problem::Problem;
use crate::split::{Branches, Given, SplitEngine};
use crate::stats::Stats;
use crate::{dense::DenseSolver, dense::DenseTooLarge, multi::MultiSolver, solver::Solver};

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
    /// The memo is no search engine: [`Route::new`] gives it for
    /// [`EngineName::Memo`], and [`Memo`] builds its diagram.
    #[error("the memo is not a search engine: build its diagram with Memo")]
    Memo,
    /// A limit (the deadline, Ctrl-C, the memory bound) stopped the probe that chooses
    /// between the memo and a plain search ([`Route::for_count`]).
    #[error(transparent)]
    Stopped(#[from] crate::stats::Stopped),
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
/// use dancing::{AnyEngine, Engine, problems};
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
            EngineName::Auto => match name.for_problem(problem) {
                EngineName::Multi => Self::Multi(MultiSolver::new(problem)),
                _ => fastest(problem),
            },
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

impl AnyEngine {
    /// [`Branches::follow`], or [`Branches::follow_sibling`] when `sibling`.
    fn take(&mut self, inside: Inside, m: Move, sibling: bool) -> Result<u64, ForceError> {
        fn on<E: Branches>(
            e: &mut E,
            inside: Inside,
            m: E::Move,
            sibling: bool,
        ) -> Result<u64, ForceError> {
            if sibling {
                e.follow_sibling(inside, m)
            } else {
                e.follow(inside, m)
            }
        }
        match self {
            Self::Links(e) => on(e, inside, option_of(m)?, sibling),
            Self::Dense(e) => on(e, inside, option_of(m)?, sibling),
            Self::Multi(e) => on(e, inside, m, sibling),
            #[cfg(feature = "cells")]
            Self::Cells(_) => Err(ForceError::NotABranch { position: 0 }),
        }
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
        self.take(inside, m, false)
    }

    fn follow_sibling(&mut self, inside: Inside, m: Move) -> Result<u64, ForceError> {
        self.take(inside, m, true)
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

/// What answers a problem, as the router picks it from the name: a search engine, or
/// the memoized search, which counts, lists and samples from a diagram of all the
/// solutions. A front end takes the user's word (`--engine`, `--memo`, Python's
/// `engine=` and `memo=`) to it and runs what comes back.
///
/// ```
/// use dancing::{Engine, EngineName, Route, problems};
///
/// let problem = problems::dominoes(4, 4);
/// for name in [EngineName::Auto, EngineName::Memo] {
///     let count = match Route::new(&problem, name)? {
///         Route::Engine(mut engine) => engine.count().found().to_string(),
///         Route::Memo(memo) => memo.build()?.count().to_string(),
///     };
///     assert_eq!(count, "36");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub enum Route<'p> {
    /// A search engine (boxed: it is much larger than the memo's settings).
    Engine(Box<AnyEngine>),
    /// The memo, with its default settings ([`Memo`]'s setters change them).
    Memo(Memo<'p>),
}

/// What a count's probe of the memo found ([`Route::for_count`]): the states it
/// reached, how many of them it found remembered, and whether the memo finished within
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountProbe {
    /// States reached.
    pub states: u64,
    /// States found in the memo.
    pub hits: u64,
    /// Whether the memo finished within the probe.
    pub finished: bool,
}

impl<'p> Route<'p> {
    /// The router's answer for counting the solutions of `memo`'s problem with `name`:
    /// for `auto`, a probe of [`Probe::COUNT_STATES`] states of the memo (with its
    /// settings: deadline, interruption, memory bound, order) chooses: the memo where it
    /// finished or its subproblems repeat enough to pay ([`Probe::memo_pays`]), else
    /// the engine `auto` picks, and the probe says why. Any other name is
    /// [`Route::new`]'s answer, with no probe: `memo` forces the memo, an engine's name
    /// forbids it.
    ///
    /// ```
    /// use dancing::{EngineName, Memo, Route, problems};
    ///
    /// // Domino boards repeat themselves (a third of the probe's states): the memo
    /// // counts them.
    /// let boards = problems::dominoes(8, 8);
    /// let (route, probe) = Route::for_count(Memo::new(&boards), EngineName::Auto)?;
    /// assert!(matches!(route, Route::Memo(_)));
    /// assert!(probe.is_some_and(|probe| probe.hits * 5 >= probe.states));
    /// // Queens hardly do: the plain search counts them.
    /// let queens = problems::queens(10);
    /// let (route, _) = Route::for_count(Memo::new(&queens), EngineName::Auto)?;
    /// assert!(matches!(route, Route::Engine(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RouteError`] as [`Route::new`] refuses, and [`RouteError::Stopped`] when a
    /// limit of the memo stops the probe.
    pub fn for_count(
        memo: Memo<'p>,
        name: EngineName,
    ) -> Result<(Self, Option<CountProbe>), RouteError> {
        let problem = memo.problem();
        if name != EngineName::Auto {
            return Ok((
                match Self::new(problem, name)? {
                    Self::Memo(_) => Self::Memo(memo),
                    engine => engine,
                },
                None,
            ));
        }
        let probe = memo.probe(Probe::COUNT_STATES)?;
        let pays = probe.memo_pays();
        let found = match probe {
            Probe::Built(zdd) => {
                let stats = zdd.stats();
                CountProbe {
                    states: stats.states,
                    hits: stats.hits,
                    finished: true,
                }
            }
            Probe::Unfinished { states, hits } => CountProbe {
                states,
                hits,
                finished: false,
            },
        };
        let route = if pays {
            Self::Memo(memo)
        } else {
            Self::new(problem, name)?
        };
        Ok((route, Some(found)))
    }

    /// The answer `name` gives for `problem`: [`EngineName::Memo`] is the memo (it
    /// takes colors and multiplicities too), any other name the engine
    /// [`AnyEngine::new`] builds.
    ///
    /// # Errors
    /// [`RouteError`], as [`AnyEngine::new`] refuses.
    pub fn new(problem: &'p Problem, name: EngineName) -> Result<Self, RouteError> {
        match name {
            EngineName::Memo => Ok(Self::Memo(Memo::new(problem))),
            name => AnyEngine::new(problem, name).map(|engine| Self::Engine(Box::new(engine))),
        }
    }
}

#[cfg(test)]
mod tests;
