//! `dancing xc`: exact cover in Knuth's DLX format, or the HUST 1017 matrix format.

use std::io::{self, BufRead, BufWriter, Write};

use dancing::Engine as _;
use dancing::cnf::{Cnf, Encoding, Restriction};
use dancing::format::Warning;
use dancing::problems::Drawing;
use dancing::{
    AnyEngine, CountProbe, EngineName, OptionId, ParallelSolver, Problem, Route, RouteError,
    Solver, SplitEngine, Stats,
};
use dancing_judges::matrix::{DenseReader, MatrixLimits, MatrixReader};

use crate::answer::Answer;
use crate::args::XcArgs;
use crate::failure::{Failure, Outcome};
use crate::feedback::{self, Reading};
use crate::input::{self, Budget};
use crate::output::PictureTarget;
use crate::picture::{Kept, draw_solutions};
use crate::plan::{self, Mode, Plan};
use crate::{learner, search, split};

/// Memory model of the guard: the most bytes of memory a problem can take per byte of
/// Knuth-format input. The worst case is options of one one-character item (`A\n`): each
/// 2-byte line becomes an 8-byte builder entry (16 while its vector grows), a 16-byte node
/// and a 16-byte spacer in the problem and again in the solver's copy, and an option
/// index; each item name costs about 70 bytes of tables for 2 bytes of input. The
/// measured peaks are in `docs/formats.md`.
const MEMORY_PER_INPUT_BYTE: u64 = 48;
/// The same for the matrix format, per one (`1 ` is also 2 bytes of input), above the
/// peaks measured in `docs/formats.md`.
const MEMORY_PER_ONE: u64 = 96;
/// Per column of the matrix format: a named item and its tables (`docs/formats.md`).
const MEMORY_PER_COLUMN: u64 = 256;

pub(crate) fn run(args: &XcArgs) -> Result<Outcome, Failure> {
    let engine = plan::check_engine(args)?;
    // Made before the input is read: a picture that cannot be written stops the run.
    let target = PictureTarget::open(args.svg.as_deref(), args.format)?;
    let input = input::open(args.file.as_deref())?;
    if input.interactive {
        let reading = if args.matrix {
            Reading::Matrix
        } else {
            Reading::Dlx
        };
        feedback::hint_if_typing(reading);
    }
    if args.matrix {
        return matrix(args, input);
    }
    let allowed = args.max_memory / MEMORY_PER_INPUT_BYTE;
    let reader = Budget::new(input.reader, allowed);
    let exceeded = reader.flag();
    let parsed = dancing::format::parse_reader_with_warnings(reader).map_err(|e| {
        if exceeded.get() {
            Failure::input(format!(
                "{}: the input is larger than {}, the most that --max-memory {} allows \
                 (a problem takes up to {MEMORY_PER_INPUT_BYTE} bytes of memory per byte \
                 of input); raise --max-memory to read it",
                input.name,
                input::human_size(allowed),
                input::human_size(args.max_memory)
            ))
        } else {
            Failure::input(format!("{}: {e}", input.name))
        }
    })?;
    warn(&input.name, &parsed.warnings);
    let problem = parsed.problem;
    let plan = plan::plan(args, engine, &input.name, &problem)?;
    let Some(target) = target else {
        return execute(&plan, args, &input.name, &problem);
    };
    // --svg, --format svg: a board's solutions, kept as they are printed, drawn at the end.
    if Drawing::Nothing.svg(&problem, &[]).is_none() {
        return Err(Failure::input(format!(
            "{}: no picture for --svg or --format svg: the problem's items are not a \
             board's cells, named like r1c1",
            input.name
        )));
    }
    let kept = Kept::default();
    let args = XcArgs {
        kept: Some(kept.clone()),
        ..args.clone()
    };
    let outcome = execute(&plan, &args, &input.name, &problem)?;
    let quiet = args.search.report.quiet;
    target.finish(&draw_solutions(
        &Drawing::Nothing,
        &problem,
        &kept.take(),
        quiet,
    ))?;
    Ok(outcome)
}

/// Carries out `plan` on `problem` (read from the file `name`).
pub(crate) fn execute(
    plan: &Plan,
    args: &XcArgs,
    name: &str,
    problem: &Problem,
) -> Result<Outcome, Failure> {
    match plan.mode {
        Mode::Cheapest(k) => return cheapest(args, problem, k),
        Mode::Cnf => return cnf(args, problem),
        Mode::Learner => return learner::learn(plan, args, problem, Stats::default()),
        Mode::Budgeted => return learner::budgeted(plan, args, problem),
        Mode::Search | Mode::Split | Mode::Threads(_) | Mode::Memo | Mode::Count => {}
    }
    // The router's answer: an engine, or the memo; for a count, as its probe of the
    // memo chose.
    let routed = match plan.mode {
        Mode::Count => {
            let started = std::time::Instant::now();
            // Ctrl-C during the probe stops it, as it stops the search after it.
            let memo = crate::memo::settled(args, problem);
            match search::searching(|| Route::for_count(memo, plan.engine)) {
                Err(RouteError::Stopped(stop)) => {
                    return Ok(Answer::memo_stopped(&stop, started.elapsed()).print(&args.search));
                }
                routed => routed,
            }
        }
        _ => Route::new(problem, plan.engine).map(|route| (route, None)),
    };
    let (route, probe) = routed.map_err(|e| refusal(&e, name))?;
    let mut engine = match route {
        Route::Memo(memo) => return crate::memo::run(plan, args, problem, memo, probe),
        Route::Engine(engine) => *engine,
    };
    let prefix = split::follow_prefix(args, problem, &mut engine)?;
    match plan.mode {
        Mode::Split => split::print_split(args, &mut engine, &prefix),
        Mode::Threads(threads) => split::threads(args, problem, engine, threads),
        _ => plain(plan, args, problem, &mut engine, probe),
    }
}

/// The message for an engine that cannot take the problem read from `name`.
fn refusal(error: &RouteError, name: &str) -> Failure {
    match error {
        RouteError::Multiplicities { engine, .. } => Failure::input(format!(
            "{name} has multiplicities{}, which --engine {engine} cannot search; leave \
             --engine out or use --engine multi",
            crate::plan::bounded_of(error)
        )),
        other => Failure::input(format!("{name}: {other}; use --engine links for it")),
    }
}

/// The plain search with any engine: the count, or every solution (up to `--limit`),
/// then the summary.
fn plain<E: dancing::Engine>(
    plan: &Plan,
    args: &XcArgs,
    problem: &Problem,
    solver: &mut E,
    probe: Option<CountProbe>,
) -> Result<Outcome, Failure> {
    let mut out = BufWriter::new(crate::output::stdout());
    let stats = if plan.count {
        search::count(solver, &args.search, plan.limit)
    } else {
        let mut first = true;
        search::run(solver, &args.search, plan.limit, |solution| {
            crate::output::print_solution(&mut out, problem, solution, &mut first, args)
        })?
    };
    let answer = Answer::of(&stats)
        .field("engine", solver.name())
        .probed(probe);
    if plan.count {
        writeln!(out, "{}", answer.count_text())?;
    }
    out.flush()?;
    Ok(answer.print(&args.search))
}

/// The most warnings printed one by one; past them, one line counts the rest.
const MAX_WARNINGS: usize = 10;

/// Prints what the reader accepted but left out, on standard error, naming the file and
/// line as Knuth's programs name the option (`--quiet` silences only the summary).
fn warn(name: &str, warnings: &[Warning]) {
    for warning in warnings.iter().take(MAX_WARNINGS) {
        stderr_line!("warning: {name}: {warning}");
    }
    if warnings.len() > MAX_WARNINGS {
        let more = warnings.len() - MAX_WARNINGS;
        let s = if more == 1 { "" } else { "s" };
        stderr_line!("warning: {name}: {more} more warning{s} not shown");
    }
}

/// `--min-cost` and `--best K`: the cheapest solutions, cheapest first, each after a
/// `| cost N` line (a comment in Knuth's format), with a blank line between them.
fn cheapest(args: &XcArgs, problem: &Problem, k: usize) -> Result<Outcome, Failure> {
    let mut solver = prefixed_links(args, problem)?;
    let threads = search::thread_count(args.split.threads);
    let (found, stats) = match threads {
        1 => {
            let found = search::cheapest(&mut solver, &args.search, k);
            (found, solver.stats())
        }
        threads => {
            crate::memory::check_copies(args, problem, &solver, threads + 2, "--threads")?;
            solver.set_limits(args.search.limits());
            let mut parallel = ParallelSolver::new(solver, threads);
            let found = search::searching(|| parallel.best(k));
            (found, parallel.stats())
        }
    };
    let mut out = BufWriter::new(crate::output::stdout());
    let cost = crate::output::print_cheapest(&mut out, problem, &found, args)?;
    Ok(Answer::of(&stats)
        .field("cost", cost)
        .field("threads", threads)
        .print(&args.search))
}

/// The links below `--prefix`, for the modes that are theirs alone (the cheapest
/// solutions, the formula).
fn prefixed_links(args: &XcArgs, problem: &Problem) -> Result<Solver, Failure> {
    let mut engine = AnyEngine::new(problem, EngineName::Links).map_err(|e| refusal(&e, ""))?;
    split::follow_prefix(args, problem, &mut engine)?;
    let AnyEngine::Links(solver) = engine else {
        unreachable!("the links asked for")
    };
    Ok(solver)
}

/// `--cnf`: the problem as a DIMACS formula; below `--prefix`, the subproblem's (its
/// options forced by unit clauses, once the links have checked that they name one).
fn cnf(args: &XcArgs, problem: &Problem) -> Result<Outcome, Failure> {
    let prefix: Vec<OptionId> = prefixed_links(args, problem)?.fixed().collect();
    let removed = vec![
        false;
        if prefix.is_empty() {
            0
        } else {
            problem.option_count()
        }
    ];
    let restriction = (!prefix.is_empty()).then_some(Restriction {
        forced: &prefix,
        removed: &removed,
    });
    let mut out = BufWriter::new(crate::output::stdout());
    Cnf::with(problem, Encoding::default(), restriction).write_dimacs(problem, &mut out)?;
    out.flush()?;
    Ok(Outcome::ANSWERED)
}

/// `--matrix`: each case answered by its first exact cover (or its count with `--count`).
/// Whether a matrix input is in the dense form, rows of `0` and `1`, by its first line
/// that is not blank (as far as the reader's buffer holds it; a leading byte-order mark
/// aside), which is left to be read.
fn dense(reader: &mut Box<dyn BufRead>) -> io::Result<bool> {
    let buffer = reader.fill_buf()?;
    let buffer = buffer.strip_prefix(dancing::format::BOM).unwrap_or(buffer);
    let text = String::from_utf8_lossy(buffer);
    let first = text.lines().find(|line| !line.trim().is_empty());
    Ok(first.is_some_and(dancing_judges::matrix::is_dense))
}

fn matrix(args: &XcArgs, input: input::Input) -> Result<Outcome, Failure> {
    let limits = MatrixLimits {
        max_rows: usize::try_from(args.max_memory / 8).unwrap_or(usize::MAX),
        max_columns: usize::try_from(args.max_memory / MEMORY_PER_COLUMN).unwrap_or(usize::MAX),
        max_entries: usize::try_from(args.max_memory / MEMORY_PER_ONE).unwrap_or(usize::MAX),
    };
    let mut out = BufWriter::new(crate::output::stdout());
    let mut total = Stats::default();
    let mut cases = 0u64;
    let mut outcome = Outcome::ANSWERED;
    let mut reader = input.reader;
    let cases_read: Box<dyn Iterator<Item = _>> = if dense(&mut reader)? {
        Box::new(DenseReader::with_limits(reader, limits))
    } else {
        Box::new(MatrixReader::with_limits(reader, limits))
    };
    for case in cases_read {
        let case = match case {
            Ok(case) => case,
            Err(e) => {
                // The cases before it are answered; nothing after it can be trusted.
                out.flush()?;
                stderr_line!(
                    "error: {}",
                    crate::failure::shorten(&format!("{}: {e}", input.name))
                );
                outcome = outcome.with_bad_input(true);
                break;
            }
        };
        let mut solver = Solver::new(case.problem());
        let mut rows = None;
        let stats = if args.count {
            search::count(&mut solver, &args.search, args.limit)
        } else {
            search::run(&mut solver, &args.search, Some(1), |solution| {
                rows = Some(case.rows_of(solution));
                Ok(())
            })?
        };
        total += stats;
        cases += 1;
        if Outcome::of(&stats).is_stopped() {
            // A case cut short by a limit has no answer; stop here.
            outcome = Outcome::of(&stats);
            break;
        }
        if args.count {
            writeln!(out, "{}", Answer::of(&stats).count_text())?;
        } else if let Some(rows) = rows {
            write!(out, "{}", rows.len())?;
            for row in rows {
                write!(out, " {row}")?;
            }
            writeln!(out)?;
        } else {
            writeln!(out, "NO")?;
        }
    }
    out.flush()?;
    if total.stopped == Some(dancing::StopReason::Caller) {
        // Stopping each case at its first cover is what `--matrix` asks for.
        total.stopped = None;
    }
    if cases > 0 {
        Answer::of(&total).field("cases", cases).print(&args.search);
    }
    Ok(outcome)
}
