//! `dancing xc --threads`, `--split`, `--split-jobs` and `--prefix`: parallel search, and
//! a search cut into independent jobs for GNU parallel, a Slurm job array or any other
//! runner (see `docs/distributed.md`).

use std::io::{self, BufWriter, Write};
use std::sync::Mutex;

use dancing::format::quote;
use dancing::{Engine, ForceError, OptionId, Problem};

use crate::cli::XcArgs;
use crate::failure::{EXIT_OK, Failure, search_code};
use crate::search;

/// Applies `--prefix`, then runs `--split`, `--split-jobs` or a search on several
/// threads, with either engine. Returns the exit code when it handled the command,
/// `None` when the sequential search should go on with `solver`.
pub(crate) fn run<E: Engine>(
    args: &XcArgs,
    problem: &Problem,
    solver: &mut E,
) -> Result<Option<u8>, Failure> {
    let prefix = match &args.split.prefix {
        Some(text) => {
            let prefix = parse_prefix(text, problem)?;
            for (level, &option) in prefix.iter().enumerate() {
                solver
                    .descend(option)
                    .map_err(|e| invalid_prefix(&e, problem, &prefix[..level], option))?;
            }
            prefix
        }
        None => Vec::new(),
    };
    if args.split.split.is_some() || args.split.split_jobs.is_some() {
        return print_split(args, solver, &prefix).map(Some);
    }
    if args.split.threads == 1 {
        return Ok(None);
    }
    // The output, and whether a solution was printed yet (the next one is preceded by a
    // blank line, as in the sequential output).
    let out = Mutex::new((BufWriter::new(io::stdout()), false));
    let threads = usize::from(args.split.threads);
    let stats = search::run_parallel(
        solver.clone(),
        threads,
        &args.search,
        args.limit,
        |solution| {
            if args.count {
                return Ok(());
            }
            let mut options = solution.to_vec();
            options.sort_unstable();
            let mut text = String::new();
            for option in options {
                text.push_str(&problem.format_option(option));
                text.push('\n');
            }
            let mut guard = out.lock().unwrap_or_else(|e| e.into_inner());
            let (out, wrote) = &mut *guard;
            if std::mem::replace(wrote, true) {
                writeln!(out)?;
            }
            out.write_all(text.as_bytes())
        },
    )?;
    let (mut out, _) = out.into_inner().unwrap_or_else(|e| e.into_inner());
    if args.count {
        writeln!(out, "{}", stats.solutions)?;
    }
    out.flush()?;
    search::report(&stats, &args.search, &[("threads", threads.into())]);
    Ok(Some(search_code(&stats)))
}

/// `--split DEPTH` or `--split-jobs K`: one subproblem per line, each the 1-based
/// numbers of its options (those of `--prefix` first).
fn print_split<E: Engine>(
    args: &XcArgs,
    solver: &mut E,
    prefix: &[OptionId],
) -> Result<u8, Failure> {
    let split = match (args.split.split, args.split.split_jobs) {
        (Some(depth), _) => solver.split(depth),
        (None, jobs) => solver.split_jobs(jobs.unwrap_or(1)),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut line = String::new();
    for subproblem in split.subproblems() {
        line.clear();
        for option in prefix.iter().chain(subproblem.prefix()) {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&(option.index() + 1).to_string());
        }
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    if !args.search.quiet {
        eprintln!(
            "{} subproblems, {} nodes and {} updates above them",
            split.len(),
            split.stats().nodes,
            split.stats().updates
        );
    }
    Ok(EXIT_OK)
}

/// Reads `--prefix`: 1-based option numbers separated by spaces or commas.
fn parse_prefix(text: &str, problem: &Problem) -> Result<Vec<OptionId>, Failure> {
    text.split([' ', ',', '\t'])
        .filter(|token| !token.is_empty())
        .map(|token| {
            token
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1 && n <= problem.option_count())
                .map(|n| OptionId::new(n - 1))
                .ok_or_else(|| {
                    Failure::input(format!(
                        "--prefix: `{token}` is not an option number (1 to {})",
                        problem.option_count()
                    ))
                })
        })
        .collect()
}

/// The message for a `--prefix` whose option `option` cannot follow `before`, with the
/// options numbered from 1 as on the command line.
fn invalid_prefix(
    error: &ForceError,
    problem: &Problem,
    before: &[OptionId],
    option: OptionId,
) -> Failure {
    let after = if before.is_empty() {
        "at the first level".to_owned()
    } else {
        let numbers: Vec<String> = before.iter().map(|o| (o.index() + 1).to_string()).collect();
        format!("after {}", numbers.join(" "))
    };
    let why = match error {
        ForceError::NotOnPath { item, .. } => format!(
            "it does not contain item `{}`, which the search branches on there",
            quote(problem.item_name(*item))
        ),
        ForceError::Conflict { .. } => "it conflicts with the options before it".to_owned(),
        other => return Failure::input(format!("--prefix: {other}")),
    };
    Failure::input(format!(
        "--prefix: option {} is not one the search tries {after} ({why}); \
         use a line that --split printed for this input",
        option.index() + 1
    ))
}
