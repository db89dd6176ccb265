//! What `dancing xc` will do, decided before it runs: the arguments, and the problem
//! once read (only its item line can show multiplicities), resolved into a [`Plan`]: the
//! engine named, the mode and the output. Which engine searches is the library's
//! ([`dancing::AnyEngine`]), what each can do too ([`EngineName::can`]); this file only
//! asks, and words the refusals in the command line's flags. `xc.rs` carries the plan
//! out; nothing here runs a search or prints an answer.

use dancing::{Capability, EngineName, Problem};

use crate::args::{XcArgs, XcSolver};
use crate::failure::Failure;

/// How the engine is run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// One search on one thread, below `--prefix` when given.
    Search,
    /// `--split DEPTH` or `--split-jobs K`: the subproblems below `--prefix`, one per line.
    Split,
    /// A search on this many threads below `--prefix`.
    Threads(usize),
    /// `--solver auto` with `--limit`: dancing links under a node budget, then the
    /// learner if the budget runs out.
    Budgeted,
    /// `--solver sat`: the CDCL learner.
    Learner,
    /// `--min-cost` (1) or `--best K`: the cheapest solutions.
    Cheapest(usize),
    /// `--cnf`: the problem as a DIMACS formula.
    Cnf,
    /// The memoized search and its diagram (`--memo`, `--sample`, `--zdd`).
    Memo,
    /// `--count` with the default engine on one thread: the router's probe of the memo
    /// chooses the memo or a plain search (`--no-memo` forbids the memo).
    Count,
}

/// What `dancing xc` does with a problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Plan {
    /// The engine asked for (`auto` picks one when the problem is read).
    pub(crate) engine: EngineName,
    pub(crate) mode: Mode,
    /// Print the number of solutions instead of the solutions.
    pub(crate) count: bool,
    /// Stop after this many solutions.
    pub(crate) limit: Option<u64>,
}

impl XcArgs {
    /// The engine asked for: `--engine`, or the memo that `--memo`, `--sample` and
    /// `--zdd` ask for.
    pub(crate) fn engine_name(&self) -> EngineName {
        if self.memo.wanted() {
            EngineName::Memo
        } else {
            self.engine
        }
    }
}

/// The flags that ask something of the engine besides one search on one thread, each
/// with whether it is given and what it asks.
fn asked(args: &XcArgs) -> [(bool, &'static str, Capability); 10] {
    use Capability::{Cheapest, Formula, Matrix, Prefix, Split, SplitJobs, Threads};
    [
        (args.split.threads != 1, "--threads", Threads),
        (args.split.split.is_some(), "--split", Split),
        (args.split.split_jobs.is_some(), "--split-jobs", SplitJobs),
        (args.split.prefix.is_some(), "--prefix", Prefix),
        (args.min_cost, "--min-cost", Cheapest),
        (args.best.is_some(), "--best", Cheapest),
        (args.matrix, "--matrix", Matrix),
        (args.cnf, "--cnf", Formula),
        (args.solver == XcSolver::Sat, "--solver sat", Formula),
        // The memo is its own engine: naming another with it is a contradiction.
        (
            args.memo.wanted() && args.engine != EngineName::Auto,
            "--engine",
            Formula,
        ),
    ]
}

/// The first flag given that `engine` cannot do.
fn refused(args: &XcArgs, engine: EngineName) -> Option<&'static str> {
    asked(args)
        .into_iter()
        .find(|&(given, flag, what)| given && (!engine.can(what) || flag == "--engine"))
        .map(|(_, flag, _)| flag)
}

/// The engine the arguments name, resolved once (the memo for `--memo`, `--sample` and
/// `--zdd`); what it cannot do is refused before any input is read, rather than
/// ignored.
pub(crate) fn check_engine(args: &XcArgs) -> Result<EngineName, Failure> {
    let engine = args.engine_name();
    if let Some(feature) = engine.missing_feature() {
        return Err(Failure::input(format!(
            "--engine {engine}: this build has none; it comes with the `{feature}` feature \
             (cargo build --release --features dancing-cli/{feature})"
        )));
    }
    let refused = if engine == EngineName::Memo {
        refused(args, engine)
    } else {
        // `--engine` alone names no contradiction.
        asked(args)
            .into_iter()
            .find(|&(given, flag, what)| given && flag != "--engine" && !engine.can(what))
            .map(|(_, flag, _)| flag)
    };
    let Some(flag) = refused else {
        return Ok(engine);
    };
    Err(Failure::input(if args.memo.wanted() {
        format!("the memoized search (--memo, --sample, --zdd) cannot be combined with {flag}")
    } else {
        format!("--engine {engine} cannot be combined with {flag}; use --engine links for it")
    }))
}

/// The plan for `problem`, read from the file `name`, on the `engine` that
/// [`check_engine`] resolved; what it let through before reading is not checked again.
pub(crate) fn plan(
    args: &XcArgs,
    engine: EngineName,
    name: &str,
    problem: &Problem,
) -> Result<Plan, Failure> {
    let picked = engine.for_problem(problem);
    if picked != engine {
        // The engine `auto` picks for this problem (the router's word), and what it
        // refuses.
        if let Some(flag) = refused(args, picked) {
            return Err(Failure::input(format!(
                "{name} has multiplicities{}: their search (Algorithm M) does not take {flag}",
                bounded(problem)
            )));
        }
    }
    let mode = if engine == EngineName::Memo {
        Mode::Memo
    } else {
        links_mode(args, problem, engine)?.unwrap_or_else(|| split_or_threads(args))
    };
    let mode = match mode {
        Mode::Search
            if args.count
                && engine == EngineName::Auto
                && !args.memo.no_memo
                && args.split.prefix.is_none()
                // A node limit bounds a plain search's nodes, which the memo has not.
                && args.search.max_nodes.is_none() =>
        {
            Mode::Count
        }
        mode => mode,
    };
    Ok(Plan {
        engine,
        mode,
        count: args.count,
        limit: args.limit,
    })
}

/// ` (item `x` has bounds 2:3)`: the item a refusal for multiplicities names.
pub(crate) fn bounded_of(error: &dancing::RouteError) -> String {
    match error {
        dancing::RouteError::Multiplicities { item, bounds, .. } => {
            format!(" (item `{}` has bounds {}:{})", item, bounds.0, bounds.1)
        }
        _ => String::new(),
    }
}

/// ` (item `x` has bounds 2:3)`: the first primary item of `problem` with bounds.
pub(crate) fn bounded(problem: &Problem) -> String {
    problem
        .items()
        .find(|&i| problem.is_primary(i) && problem.bounds(i) != (1, 1))
        .map_or_else(String::new, |i| {
            let (lo, hi) = problem.bounds(i);
            format!(" (item `{}` has bounds {lo}:{hi})", problem.item_name(i))
        })
}

/// The modes of the links' own: the cheapest solutions, the formula, the learner, or
/// the links under a budget before the learner; `None` for a search, a split or
/// threads.
fn links_mode(
    args: &XcArgs,
    problem: &Problem,
    engine: EngineName,
) -> Result<Option<Mode>, Failure> {
    if !engine.can(Capability::Cheapest) || problem.has_bounds() {
        return Ok(None);
    }
    let whole = [
        (args.min_cost, "--min-cost"),
        (args.best.is_some(), "--best"),
        (args.cnf, "--cnf"),
    ]
    .into_iter()
    .find(|&(given, _)| given)
    .map(|(_, flag)| flag);
    if let Some(whole) = whole {
        // These answer for the whole problem, or the subproblem of `--prefix`: a split's
        // lines are the same with them or without, so each job asks for them.
        let split = [
            (args.split.split.is_some(), "--split"),
            (args.split.split_jobs.is_some(), "--split-jobs"),
        ];
        if let Some((_, flag)) = split.into_iter().find(|&(given, _)| given) {
            return Err(Failure::input(format!(
                "{flag} cannot be combined with {whole}: split without it, then run each \
                 line with {whole} --prefix LINE"
            )));
        }
    }
    if args.min_cost || args.best.is_some() {
        let k = args.best.map_or(1, |k| k as usize);
        return Ok(Some(Mode::Cheapest(k)));
    }
    if args.cnf {
        return Ok(Some(Mode::Cnf));
    }
    let parallel = args.split.threads != 1
        || args.split.split.is_some()
        || args.split.split_jobs.is_some()
        || args.split.prefix.is_some();
    Ok(match args.solver {
        XcSolver::Sat if parallel => {
            return Err(Failure::input(
                "--solver sat searches on one thread: it cannot be combined with --threads, --split, --split-jobs or --prefix",
            ));
        }
        XcSolver::Sat => Some(Mode::Learner),
        XcSolver::Auto if args.limit.is_some() && !parallel && !problem.has_costs() => {
            Some(Mode::Budgeted)
        }
        _ => None,
    })
}

/// `--split` or `--split-jobs`, else `--threads`, else one search.
fn split_or_threads(args: &XcArgs) -> Mode {
    if args.split.split.is_some() || args.split.split_jobs.is_some() {
        Mode::Split
    } else {
        match args.split.threads {
            1 => Mode::Search,
            threads => Mode::Threads(usize::from(threads)),
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::args::{Cli, Command};

    /// The plan of `dancing xc ARGS` for the problem `text`, or its error message.
    fn plan_of(args: &[&str], text: &str) -> Result<Plan, String> {
        let cli = Cli::try_parse_from(["dancing", "xc"].iter().chain(args)).expect("valid flags");
        let Command::Xc(args) = cli.command else {
            panic!("an xc command")
        };
        let problem = dancing::format::parse_str(text).expect("a valid problem");
        let engine = check_engine(&args).map_err(|e| format!("{e:?}"))?;
        plan(&args, engine, "f.dlx", &problem).map_err(|e| format!("{e:?}"))
    }

    const PLAIN: &str = "a b\na\nb\na b\n";
    const BOUNDS: &str = "2|a b\na\na b\nb\n";

    fn engine_and_mode(args: &[&str], text: &str) -> (EngineName, Mode) {
        let plan = plan_of(args, text).unwrap();
        (plan.engine, plan.mode)
    }

    #[test]
    fn a_plain_search_runs_on_the_engine_named() {
        assert_eq!(
            engine_and_mode(&[], PLAIN),
            (EngineName::Auto, Mode::Search)
        );
        let plan = plan_of(&["--count", "--limit", "5", "--solver", "dlx"], PLAIN).unwrap();
        assert_eq!(
            (plan.engine, plan.count, plan.limit),
            (EngineName::Auto, true, Some(5))
        );
        assert_eq!(
            engine_and_mode(&["--memo"], PLAIN),
            (EngineName::Memo, Mode::Memo)
        );
        assert_eq!(
            engine_and_mode(&["--engine", "memo"], PLAIN),
            (EngineName::Memo, Mode::Memo)
        );
    }

    #[test]
    fn splitting_threads_and_prefixes_keep_the_engine_named() {
        let threads = engine_and_mode(&["--threads", "2"], PLAIN);
        assert_eq!(threads, (EngineName::Auto, Mode::Threads(2)));
        let split = engine_and_mode(&["--engine", "dense", "--split", "2"], PLAIN);
        assert_eq!(split, (EngineName::Dense, Mode::Split));
        let prefix = engine_and_mode(&["--prefix", "1"], PLAIN);
        assert_eq!(prefix, (EngineName::Auto, Mode::Search));
        let refused = plan_of(&["--engine", "multi", "--split-jobs", "2"], PLAIN).unwrap_err();
        assert!(
            refused.contains("--engine multi cannot be combined with --split-jobs"),
            "{refused}"
        );
    }

    #[test]
    fn the_links_alone_answer_costs_formulas_and_the_learner() {
        assert_eq!(
            engine_and_mode(&["--best", "3"], PLAIN).1,
            Mode::Cheapest(3)
        );
        assert_eq!(engine_and_mode(&["--min-cost"], PLAIN).1, Mode::Cheapest(1));
        assert_eq!(engine_and_mode(&["--cnf"], PLAIN).1, Mode::Cnf);
        assert_eq!(
            engine_and_mode(&["--solver", "sat"], PLAIN).1,
            Mode::Learner
        );
        assert_eq!(engine_and_mode(&["--limit", "1"], PLAIN).1, Mode::Budgeted);
        let refused = plan_of(&["--solver", "sat", "--threads", "2"], PLAIN).unwrap_err();
        assert!(
            refused.contains("--solver sat searches on one thread"),
            "{refused}"
        );
        let refused = plan_of(&["--engine", "dense", "--cnf"], PLAIN).unwrap_err();
        assert!(
            refused.contains("--engine dense cannot be combined with --cnf"),
            "{refused}"
        );
    }

    #[test]
    fn multiplicities_go_to_algorithm_m() {
        assert_eq!(
            engine_and_mode(&[], BOUNDS),
            (EngineName::Auto, Mode::Search)
        );
        let counted = engine_and_mode(&["--count", "--threads", "2"], BOUNDS);
        assert_eq!(counted, (EngineName::Auto, Mode::Threads(2)));
        let split = engine_and_mode(&["--split", "1", "--prefix", "1"], BOUNDS);
        assert_eq!(split, (EngineName::Auto, Mode::Split));
        let refused = plan_of(&["--min-cost"], BOUNDS).unwrap_err();
        assert!(refused.contains("does not take --min-cost"), "{refused}");
    }
}
