//! `dancing xc --threads`, `--split`, `--split-jobs` and `--prefix`: parallel search, and
//! a search cut into independent jobs for GNU parallel, a Slurm job array or any other
//! runner (see `docs/distributed.md`).

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

use dancing::format::{prefix, quote};
use dancing::{AnyEngine, Engine, ForceError, Move, PrefixError, Problem, Stats};

use crate::answer::Answer;
use crate::answer::plural;
use crate::args::XcArgs;
use crate::failure::{Failure, Outcome};
use crate::memory;
use crate::search;

/// Follows `--prefix` (when given): the search below it is the subproblem the line
/// names. A move is an option's 1-based number, or, for a problem with multiplicities,
/// `~K` for the null move on item `K`. Returns the prefix.
pub(crate) fn follow_prefix(
    args: &XcArgs,
    problem: &Problem,
    engine: &mut AnyEngine,
) -> Result<Vec<Move>, Failure> {
    let Some(text) = args.split.prefix.as_deref() else {
        return Ok(Vec::new());
    };
    let prefix =
        prefix::parse(text, problem).map_err(|e| Failure::input(format!("--prefix: {e}")))?;
    engine
        .follow_prefix(&prefix)
        .map_err(|e| invalid_prefix(&e, problem, &prefix))?;
    Ok(prefix)
}

/// The search on `threads` threads (below the prefix followed): the solutions as the
/// sequential search prints them, in the same order, or their count.
pub(crate) fn threads(
    args: &XcArgs,
    problem: &Problem,
    engine: AnyEngine,
    threads: usize,
) -> Result<Outcome, Failure> {
    memory::check_copies(args, problem, &engine, threads + 1, "--threads")?;
    let name = engine.name();
    // The workers take turns to print: stdout itself, not a lock on it.
    let mut out = BufWriter::new(crate::output::stdout());
    let mut first = true;
    let stats = search::run_parallel(
        engine,
        threads,
        &args.search,
        args.limit,
        args.count,
        |solution| crate::output::print_solution(&mut out, problem, solution, &mut first, args),
    )?;
    let answer = Answer::of(&stats)
        .field("engine", name)
        .field("threads", threads);
    if args.count {
        writeln!(out, "{}", answer.count_text())?;
    }
    out.flush()?;
    Ok(answer.print(&args.search))
}

/// `--split DEPTH` or `--split-jobs K`: one subproblem per line, each its moves (those
/// of `--prefix` first), as `--prefix` reads them. `--split` prints the lines as the
/// walk finds them; both answer to `--timeout`, `--max-nodes` and Ctrl-C, and a split
/// they stop still prints lines that cover the whole search (the parts not split yet,
/// whole), with exit code 3 (130 on Ctrl-C).
pub(crate) fn print_split(
    args: &XcArgs,
    engine: &mut AnyEngine,
    prefix: &[Move],
) -> Result<Outcome, Failure> {
    engine.set_limits(args.search.limits());
    let mut output = SplitOutput::new();
    let mut line = prefix.to_vec();
    let mut print = |out: &mut dyn Write, moves: &[Move]| -> io::Result<()> {
        line.truncate(prefix.len());
        line.extend_from_slice(moves);
        writeln!(out, "{}", prefix::write(&line))
    };
    let (stats, short) = match args.split.split {
        Some(depth) => {
            let stats = search::searching(|| {
                engine.split_each(depth, |moves| {
                    let written = print(&mut output.out, moves);
                    output.wrote(written)
                })
            });
            (stats, false)
        }
        None => {
            let jobs = args.split.split_jobs.unwrap_or(1);
            let (prefixes, stats, short) = search::searching(|| engine.split_jobs(jobs))
                .expect("engines that refuse --split-jobs are refused before reading");
            for moves in &prefixes {
                let written = print(&mut output.out, moves);
                if output.wrote(written).is_break() {
                    break;
                }
            }
            (stats, short)
        }
    };
    output.finish(args, &stats, short)
}

/// The lines a split prints, counted, and the first write error, which stops it.
struct SplitOutput {
    out: BufWriter<crate::output::Out>,
    lines: u64,
    error: Option<io::Error>,
}

impl SplitOutput {
    fn new() -> Self {
        Self {
            out: BufWriter::new(crate::output::stdout()),
            lines: 0,
            error: None,
        }
    }

    /// Counts a line the split printed: `Break` when it could not be written.
    fn wrote(&mut self, written: io::Result<()>) -> ControlFlow<()> {
        self.lines += 1;
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }

    /// Flushes the lines, then the summary on stderr; the exit code of the split.
    fn finish(mut self, args: &XcArgs, stats: &Stats, short: bool) -> Result<Outcome, Failure> {
        if let Some(e) = self.error {
            return Err(e.into());
        }
        self.out.flush()?;
        if !args.search.report.quiet {
            stderr_line!("{}", split_summary(self.lines, stats, short));
        }
        Ok(Outcome::of(stats))
    }
}

/// The message for a `--prefix` whose move at `error.position` the search does not
/// make there, with options numbered from 1 as on the command line.
fn invalid_prefix(error: &PrefixError, problem: &Problem, prefix: &[Move]) -> Failure {
    let position = error.position;
    let after = if position == 0 {
        "at the first level".to_owned()
    } else {
        format!("after {}", prefix::write(&prefix[..position]))
    };
    let why = match error.error {
        ForceError::NotOnPath { item, .. } => format!(
            "it does not contain item `{}`, which the search branches on there",
            quote(problem.item_name(item))
        ),
        ForceError::Conflict { .. } => "it conflicts with the options before it".to_owned(),
        ForceError::NotABranch { .. } => {
            return Failure::input(format!(
                "--prefix: move {} (`{}`) is not one the search makes {after}; use a line \
                 that --split printed for this input",
                position + 1,
                prefix::move_text(prefix[position]),
            ));
        }
        ref other => return Failure::input(format!("--prefix: {other}")),
    };
    Failure::input(format!(
        "--prefix: option {} is not one the search tries {after} ({why}); \
         use a line that --split printed for this input",
        prefix::move_text(prefix[position])
    ))
}

/// `12 subproblems, 3 nodes and 9 updates above them`; for one subproblem with no move
/// above it (depth 0), that it is the whole problem (its line is empty); then why the
/// split stopped early, if it did.
fn split_summary(subproblems: u64, stats: &Stats, short: bool) -> String {
    let mut text = if subproblems == 1 && stats.nodes == 0 && stats.is_complete() {
        "1 subproblem: the whole problem (an empty prefix, the empty line)".to_owned()
    } else {
        format!(
            "{}, {} and {} above them",
            plural(subproblems, "subproblem"),
            plural(stats.nodes, "node"),
            plural(stats.updates, "update")
        )
    };
    if !stats.is_complete() {
        text.push_str(crate::answer::stop_note(stats.stopped));
        text.push_str(
            "; the parts not split yet are printed whole, so the lines still cover the search",
        );
    } else if short {
        text.push_str(
            " (fewer than asked: splitting further would cost more than a sixteenth of the search)",
        );
    }
    text
}
