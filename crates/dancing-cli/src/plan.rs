//! What `dancing xc` will do, decided before it runs: the arguments, and the problem
//! once read (only its item line can show multiplicities), resolved into a [`Plan`]: the
//! engine, the mode and the output. `xc.rs` carries the plan out; nothing here runs a
//! search or prints an answer.

use dancing::Problem;

use crate::args::{XcArgs, XcEngine, XcSolver};
use crate::failure::Failure;

/// The engine that searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Engine {
    /// Dancing links (`Solver`).
    Links,
    /// Dancing cells (`CellsSolver`).
    Cells,
    /// The dense bitsets (`DenseSolver`).
    Dense,
    /// Algorithm M (`MultiSolver`), for multiplicities.
    Multi,
    /// The faster of the links and the dense engine on the first nodes (`pick.rs`).
    Fastest,
    /// The memoized search and its ZDD (`memo.rs`).
    Memo,
}

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
    /// `--min-cost` (1) or `--best K`: the cheapest solutions, on `--threads` threads,
    /// below `--prefix` when given.
    Cheapest(usize),
    /// `--cnf`: the problem as a DIMACS formula, `--prefix`'s options forced.
    Cnf,
}

/// What `dancing xc` does with a problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Plan {
    pub(crate) engine: Engine,
    pub(crate) mode: Mode,
    /// Print the number of solutions instead of the solutions.
    pub(crate) count: bool,
    /// Stop after this many solutions.
    pub(crate) limit: Option<u64>,
}

/// Refuses what `--engine cells`, `--engine dense` and `--engine multi` cannot do
/// (costs, the matrix format, the CNF output and the learner belong to the links;
/// dancing cells searches on one thread, without a prefix), before reading any input,
/// rather than ignoring it.
pub(crate) fn check_engine(args: &XcArgs) -> Result<(), Failure> {
    if args.memo.wanted() {
        return check_memo(args);
    }
    if args.engine == XcEngine::Multi {
        return match multi_unsupported(args) {
            Some(flag) => Err(Failure::input(format!(
                "--engine multi cannot be combined with {flag} yet; use --engine links for it"
            ))),
            None => Ok(()),
        };
    }
    let engine = match args.engine {
        XcEngine::Cells => "cells",
        XcEngine::Dense => "dense",
        XcEngine::Auto | XcEngine::Links | XcEngine::Multi => return Ok(()),
    };
    let cells = args.engine == XcEngine::Cells;
    let parallel = splitting(args).map(|(given, flag)| (cells && given, flag));
    match first_given(parallel.into_iter().chain(links_only(args))) {
        Some(flag) => Err(Failure::input(format!(
            "--engine {engine} cannot be combined with {flag}; use --engine links for it"
        ))),
        None => Ok(()),
    }
}

/// The flags that split a search or run it on threads, each with whether it is given.
fn splitting(args: &XcArgs) -> [(bool, &'static str); 4] {
    [
        (args.split.threads != 1, "--threads"),
        (args.split.split.is_some(), "--split"),
        (args.split.split_jobs.is_some(), "--split-jobs"),
        (args.split.prefix.is_some(), "--prefix"),
    ]
}

/// The flags only the links take (costs, the matrix format, the formula, the
/// learner), each with whether it is given.
fn links_only(args: &XcArgs) -> [(bool, &'static str); 5] {
    [
        (args.min_cost, "--min-cost"),
        (args.best.is_some(), "--best"),
        (args.matrix, "--matrix"),
        (args.cnf, "--cnf"),
        (args.solver == XcSolver::Sat, "--solver sat"),
    ]
}

/// The first of `flags` that is given.
fn first_given(flags: impl IntoIterator<Item = (bool, &'static str)>) -> Option<&'static str> {
    flags
        .into_iter()
        .find(|&(given, _)| given)
        .map(|(_, flag)| flag)
}

/// Refuses what the memoized search does not do: it searches on one thread, with its
/// own engine, for all the solutions (not the cheapest), in Knuth's format.
fn check_memo(args: &XcArgs) -> Result<(), Failure> {
    let engine = [(args.engine != XcEngine::Auto, "--engine")];
    let flags = splitting(args)
        .into_iter()
        .chain(links_only(args))
        .chain(engine);
    match first_given(flags) {
        Some(flag) => Err(Failure::input(format!(
            "the memoized search (--memo, --sample, --zdd) cannot be combined with {flag}"
        ))),
        None => Ok(()),
    }
}

/// The plan for `problem`, read from the file `name`; what [`check_engine`] let
/// through before reading is not checked again.
pub(crate) fn plan(args: &XcArgs, name: &str, problem: &Problem) -> Result<Plan, Failure> {
    let (engine, mode) = if args.memo.wanted() {
        (Engine::Memo, Mode::Search)
    } else if problem.has_bounds() || args.engine == XcEngine::Multi {
        check_multi(args, name, problem)?;
        let mode = if args.split.split.is_some() {
            Mode::Split
        } else {
            threads_or_search(args)
        };
        (Engine::Multi, mode)
    } else {
        match args.engine {
            XcEngine::Cells => (Engine::Cells, Mode::Search),
            XcEngine::Dense => (Engine::Dense, split_or_threads(args)),
            XcEngine::Auto | XcEngine::Links | XcEngine::Multi => links(args, problem)?,
        }
    };
    Ok(Plan {
        engine,
        mode,
        count: args.count,
        limit: args.limit,
    })
}

/// The links' plan: the cheapest solutions, the formula, the learner, or a search,
/// split or parallel search (with `--engine auto`, on the faster of the links and the
/// dense engine, whatever the threads, the split or the prefix).
fn links(args: &XcArgs, problem: &Problem) -> Result<(Engine, Mode), Failure> {
    let whole = if args.min_cost {
        Some("--min-cost")
    } else if args.best.is_some() {
        Some("--best")
    } else if args.cnf {
        Some("--cnf")
    } else {
        None
    };
    if let Some(whole) = whole {
        // These answer for the whole problem, or the subproblem of `--prefix`: a split's
        // lines are the same with them or without, so each job asks for them.
        let split = [
            (args.split.split.is_some(), "--split"),
            (args.split.split_jobs.is_some(), "--split-jobs"),
        ];
        if let Some(flag) = first_given(split) {
            return Err(Failure::input(format!(
                "{flag} cannot be combined with {whole}: split without it, then run each \
                 line with {whole} --prefix LINE"
            )));
        }
    }
    if args.min_cost || args.best.is_some() {
        let k = args.best.map_or(1, |k| k as usize);
        return Ok((Engine::Links, Mode::Cheapest(k)));
    }
    if args.cnf {
        return Ok((Engine::Links, Mode::Cnf));
    }
    let parallel = args.split.threads != 1
        || args.split.split.is_some()
        || args.split.split_jobs.is_some()
        || args.split.prefix.is_some();
    match args.solver {
        XcSolver::Sat if parallel => {
            return Err(Failure::input(
                "--solver sat searches on one thread: it cannot be combined with --threads, --split, --split-jobs or --prefix",
            ));
        }
        XcSolver::Sat => return Ok((Engine::Links, Mode::Learner)),
        XcSolver::Auto if args.limit.is_some() && !parallel && !problem.has_costs() => {
            return Ok((Engine::Links, Mode::Budgeted));
        }
        _ => {}
    }
    let engine = match args.engine {
        XcEngine::Auto => Engine::Fastest,
        _ => Engine::Links,
    };
    Ok((engine, split_or_threads(args)))
}

/// `--split` or `--split-jobs`, else `--threads`, else one search.
fn split_or_threads(args: &XcArgs) -> Mode {
    if args.split.split.is_some() || args.split.split_jobs.is_some() {
        Mode::Split
    } else {
        threads_or_search(args)
    }
}

/// A search on `--threads` threads, or on one.
fn threads_or_search(args: &XcArgs) -> Mode {
    match args.split.threads {
        1 => Mode::Search,
        threads => Mode::Threads(usize::from(threads)),
    }
}

/// The first flag given that the search with multiplicities (Algorithm M) does not
/// take: it counts, lists and limits solutions on one thread or several, and splits to
/// a depth (with null moves in its prefixes).
fn multi_unsupported(args: &XcArgs) -> Option<&'static str> {
    let split_jobs = [(args.split.split_jobs.is_some(), "--split-jobs")];
    first_given(split_jobs.into_iter().chain(links_only(args)))
}

/// Refuses, once the file shows multiplicities (only its item line can), what their
/// search does not do: another engine, or a flag Algorithm M does not take. The
/// search has not started, so nothing was printed.
fn check_multi(args: &XcArgs, name: &str, problem: &Problem) -> Result<(), Failure> {
    if args.engine == XcEngine::Multi {
        // Refused before reading.
        return Ok(());
    }
    let bounded = problem
        .items()
        .find(|&i| problem.is_primary(i) && problem.bounds(i) != (1, 1))
        .map_or_else(String::new, |i| {
            let (lo, hi) = problem.bounds(i);
            format!(" (item `{}` has bounds {lo}:{hi})", problem.item_name(i))
        });
    let engine = match args.engine {
        XcEngine::Cells => Some("cells"),
        XcEngine::Dense => Some("dense"),
        XcEngine::Links => Some("links"),
        XcEngine::Auto | XcEngine::Multi => None,
    };
    if let Some(engine) = engine {
        return Err(Failure::input(format!(
            "{name} has multiplicities{bounded}, which --engine {engine} cannot search; \
             leave --engine out or use --engine multi"
        )));
    }
    match multi_unsupported(args) {
        Some(flag) => Err(Failure::input(format!(
            "{name} has multiplicities{bounded}: their search (Algorithm M) does not take {flag}"
        ))),
        None => Ok(()),
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
        check_engine(&args).map_err(|e| format!("{e:?}"))?;
        plan(&args, "f.dlx", &problem).map_err(|e| format!("{e:?}"))
    }

    const PLAIN: &str = "a b\na\nb\na b\n";
    const BOUNDS: &str = "2|a b\na\na b\nb\n";

    fn engine_and_mode(args: &[&str], text: &str) -> (Engine, Mode) {
        let plan = plan_of(args, text).unwrap();
        (plan.engine, plan.mode)
    }

    #[test]
    fn a_plain_search_runs_on_the_faster_engine() {
        assert_eq!(engine_and_mode(&[], PLAIN), (Engine::Fastest, Mode::Search));
        let plan = plan_of(&["--count", "--limit", "5", "--solver", "dlx"], PLAIN).unwrap();
        assert_eq!(
            (plan.engine, plan.count, plan.limit),
            (Engine::Fastest, true, Some(5))
        );
    }

    #[test]
    fn splitting_threads_and_prefixes_keep_the_engine_one_thread_would_use() {
        let threads = engine_and_mode(&["--threads", "2"], PLAIN);
        assert_eq!(threads, (Engine::Fastest, Mode::Threads(2)));
        let split = engine_and_mode(&["--engine", "dense", "--split", "2"], PLAIN);
        assert_eq!(split, (Engine::Dense, Mode::Split));
        let links = engine_and_mode(&["--engine", "links", "--threads", "2"], PLAIN);
        assert_eq!(links, (Engine::Links, Mode::Threads(2)));
        let prefix = engine_and_mode(&["--prefix", "1"], PLAIN);
        assert_eq!(prefix, (Engine::Fastest, Mode::Search));
        let dense = engine_and_mode(&["--engine", "dense"], PLAIN);
        assert_eq!(dense, (Engine::Dense, Mode::Search));
        let refused = plan_of(&["--engine", "cells", "--threads", "2"], PLAIN).unwrap_err();
        assert!(
            refused.contains("--engine cells cannot be combined with --threads"),
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
        let refused = plan_of(&["--engine", "cells", "--cnf"], PLAIN).unwrap_err();
        assert!(
            refused.contains("--engine cells cannot be combined with --cnf"),
            "{refused}"
        );
    }

    #[test]
    fn multiplicities_go_to_algorithm_m() {
        assert_eq!(engine_and_mode(&[], BOUNDS), (Engine::Multi, Mode::Search));
        let counted = engine_and_mode(&["--count", "--threads", "2"], BOUNDS);
        assert_eq!(counted, (Engine::Multi, Mode::Threads(2)));
        let split = engine_and_mode(&["--split", "1", "--prefix", "1"], BOUNDS);
        assert_eq!(split, (Engine::Multi, Mode::Split));
        let refused = plan_of(&["--engine", "links"], BOUNDS).unwrap_err();
        assert!(
            refused.contains("which --engine links cannot search"),
            "{refused}"
        );
        let refused = plan_of(&["--min-cost"], BOUNDS).unwrap_err();
        assert!(refused.contains("does not take --min-cost"), "{refused}");
    }
}
