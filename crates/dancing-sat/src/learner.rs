//! The learning solver: preprocessing, the formula, CaDiCaL, and verified answers.

use std::time::{Duration, Instant};

use dancing::cnf::{Cnf, Encoding};
use dancing::reduce::{Reduction, Rules};
use dancing::{Count, CoverError, Limits, OptionId, Problem, StopReason};

use crate::cadical::{Answer, Cadical};

/// How the learner works: the preprocessing rules, the at-most-one encoding, and the
/// CaDiCaL options it sets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The rules run before the formula is written (the fixed options are always
    /// applied).
    pub rules: Rules,
    /// How at-most-one constraints are written.
    pub encoding: Encoding,
    /// CaDiCaL options set on each solver, by name (`cadical --help` lists them).
    pub options: Vec<(&'static str, i32)>,
}

impl Default for Config {
    /// Both preprocessing rules, the default encoding, and CaDiCaL in stable mode only
    /// (`stabilizeonly=1`, never switching to its focused mode), faster than CaDiCaL's
    /// defaults on the 25×25 benchmark (docs/benchmarks.md, "Hard instances").
    fn default() -> Self {
        Self {
            rules: Rules::default(),
            encoding: Encoding::default(),
            options: vec![("stabilizeonly", 1)],
        }
    }
}

/// Statistics of the learner's most recent search.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LearnerStats {
    /// Solutions found (each verified).
    pub solutions: u64,
    /// Conflicts (clauses learned) over all solves.
    pub conflicts: u64,
    /// Calls of the SAT solver: one per solution, plus the last that finds none.
    pub solves: u64,
    /// Options chosen before the solver ran (the fixed ones and those preprocessing
    /// forced).
    pub forced: usize,
    /// Options left to the solver after preprocessing.
    pub options_left: usize,
    /// Variables of the formula (options, then auxiliary).
    pub variables: usize,
    /// Clauses of the formula.
    pub clauses: usize,
    /// Wall-clock time, preprocessing included.
    pub elapsed: Duration,
    /// When the first solution was found, from the start of the search.
    pub first_found: Option<Duration>,
    /// Why the search stopped early, if it did; `None` when it finished.
    pub stopped: Option<StopReason>,
}

impl LearnerStats {
    /// Whether the search ran to the end (every solution up to the limit was found, or
    /// there were no more).
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// A CDCL solver for one exact-cover problem.
///
/// Each search preprocesses the problem with the caller's fixed options, writes the
/// formula of what is left, and asks CaDiCaL for a model; each model is decoded into
/// options, checked with [`Problem::verify`], reported, and excluded by a blocking
/// clause before the next solve, so counting up to `k` costs `k + 1` solves of one
/// incremental solver that keeps what it learned.
#[derive(Debug)]
pub struct Learner<'p> {
    problem: &'p Problem,
    config: Config,
    limits: Limits,
    max_memory: Option<u64>,
    stats: LearnerStats,
}

/// What CaDiCaL holds per literal of the formula it is given, about (its clauses,
/// watches and per-variable tables), with a margin over what was measured
/// (docs/benchmarks.md, "The learner's memory").
const CADICAL_BYTES_PER_LITERAL: u64 = 180;

impl<'p> Learner<'p> {
    /// A learner for `problem`, with the default [`Config`] and no limits.
    pub fn new(problem: &'p Problem) -> Self {
        Self::with_config(problem, Config::default())
    }

    /// A learner with a chosen configuration.
    pub fn with_config(problem: &'p Problem, config: Config) -> Self {
        Self {
            problem,
            config,
            limits: Limits::none(),
            max_memory: None,
            stats: LearnerStats::default(),
        }
    }

    /// Bounds the memory of later searches: a formula whose solver would take the
    /// process past `bytes` is not solved, and a solve stops once the process holds
    /// more (read from the system every 20 ms or so; on Linux only, elsewhere the first
    /// check alone applies). Either way [`LearnerStats::stopped`] is
    /// [`StopReason::Memory`].
    pub fn set_max_memory(&mut self, bytes: u64) {
        self.max_memory = Some(bytes);
    }

    /// The problem.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// Sets the limits of later searches: the timeout, deadline and interrupt flag
    /// apply (checked by CaDiCaL's terminate callback); the node limit does not, as
    /// CDCL has no search-tree nodes.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The limits of later searches.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Statistics of the most recent search.
    pub fn stats(&self) -> &LearnerStats {
        &self.stats
    }

    /// The first solution, if any.
    ///
    /// # Errors
    /// If CaDiCaL's model is not an exact cover (a bug, never an answer).
    pub fn first(&mut self) -> Result<Option<Vec<OptionId>>, CoverError> {
        let mut first = None;
        self.search(&[], 1, |s| first = Some(s.to_vec()))?;
        Ok(first)
    }

    /// The number of solutions, counting no further than `limit`, as
    /// [`Engine::count_up_to`](dancing::Engine::count_up_to) counts them: complete when
    /// there are `limit` or fewer, [`Count::Partial`] at `limit` when there are more or a
    /// [`Limits`](dancing::Limits) bound stopped the search.
    ///
    /// # Errors
    /// If CaDiCaL's model is not an exact cover (a bug, never an answer).
    pub fn count_up_to(&mut self, limit: u64) -> Result<Count, CoverError> {
        let found = self.search(&[], Count::bound(limit), |_| {})?;
        let count = Count::up_to(found, limit, self.stats.stopped);
        // The solution past the limit is not counted: it says there are more.
        self.stats.solutions = count.found();
        self.stats.stopped = count.reason();
        Ok(count)
    }

    /// Finds up to `limit` solutions that contain every option of `fixed`, handing each
    /// to `visit` (its options in increasing order) after checking it, and returns how
    /// many it found. Stops early at a limit ([`LearnerStats::stopped`] says which).
    ///
    /// # Errors
    /// If CaDiCaL's model is not an exact cover (a bug, never an answer).
    ///
    /// # Panics
    /// If an id in `fixed` is not an option of the problem.
    pub fn search(
        &mut self,
        fixed: &[OptionId],
        limit: u64,
        mut visit: impl FnMut(&[OptionId]),
    ) -> Result<u64, CoverError> {
        let started = Instant::now();
        self.stats = LearnerStats::default();
        let result = self.run(fixed, limit, &mut visit, started);
        self.stats.elapsed = started.elapsed();
        result
    }

    fn run(
        &mut self,
        fixed: &[OptionId],
        limit: u64,
        visit: &mut dyn FnMut(&[OptionId]),
        started: Instant,
    ) -> Result<u64, CoverError> {
        if limit == 0 {
            self.stats.stopped = Some(StopReason::Caller);
            return Ok(0);
        }
        if let Some(max) = self.max_memory {
            // The formula and the solver given it, checked before either is made.
            let literals = Cnf::literals_at_most(self.problem, self.config.encoding) as u64;
            let needed = literals * (CADICAL_BYTES_PER_LITERAL + 4);
            let held = crate::memory::resident().unwrap_or(0);
            if held.saturating_add(needed) > max {
                self.stats.stopped = Some(StopReason::Memory);
                return Ok(0);
            }
        }
        let reduction = Reduction::new(self.problem, fixed, self.config.rules);
        self.stats.forced = reduction.forced().len();
        self.stats.options_left = reduction.live_count() - reduction.forced().len();
        if reduction.is_infeasible() {
            return Ok(0);
        }
        let cnf = Cnf::with(
            self.problem,
            self.config.encoding,
            Some(reduction.restriction()),
        );
        self.stats.variables = cnf.variable_count();
        self.stats.clauses = cnf.clause_count();
        if let Some(max) = self.max_memory {
            // The formula as made (after preprocessing, often far smaller than bounded).
            let solver = cnf.literal_count() as u64 * CADICAL_BYTES_PER_LITERAL;
            let held = crate::memory::resident().unwrap_or(0);
            if held.saturating_add(solver) > max {
                self.stats.stopped = Some(StopReason::Memory);
                return Ok(0);
            }
        }
        let mut limits = self.limits.clone();
        if limits.deadline.is_none() {
            limits.deadline = limits.end(started);
        }
        let mut solver = Cadical::new(&limits, self.max_memory);
        for &(name, value) in &self.config.options {
            solver.set_option(name, value);
        }
        for clause in cnf.clauses() {
            solver.add_clause(clause);
        }
        let mut blocking = Vec::new();
        loop {
            let answer = solver.solve();
            self.stats.solves += 1;
            self.stats.conflicts = solver.learned();
            match answer {
                Answer::Unsatisfiable => return Ok(self.stats.solutions),
                Answer::Stopped(reason) => {
                    self.stats.stopped = Some(reason);
                    return Ok(self.stats.solutions);
                }
                Answer::Satisfiable => {}
            }
            let solution = cnf.decode(|v| solver.value(v));
            self.problem.verify(&solution)?;
            self.stats.solutions += 1;
            self.stats
                .first_found
                .get_or_insert_with(|| started.elapsed());
            visit(&solution);
            if self.stats.solutions >= limit {
                self.stats.stopped = Some(StopReason::Caller);
                return Ok(self.stats.solutions);
            }
            // The next model must differ in an option. Forced options are unit clauses,
            // so CaDiCaL drops their literals from this clause at once; when every
            // option was forced the clause is empty and the next solve says so.
            blocking.clear();
            blocking.extend(solution.iter().map(|&o| -cnf.variable(o)));
            solver.add_clause(&blocking);
        }
    }
}
