//! `dancing sudoku`: batches of puzzles (one-line, blocks of rows, or pretty grids),
//! streamed in chunks (optionally solved in parallel) with the output in input order;
//! the judges' formats are in `judges`.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use dancing::{Count, Stats};
use dancing_sudoku::parse::Puzzle;
use dancing_sudoku::picture::Picture;
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{Grid, Method, PuzzleSolver, Variant, Verdict};

use crate::args::{BatchArgs, SolverKind, SudokuCommand};
use crate::batch::{self, Counts, Driver, Entry, Spread, Threads};
use crate::failure::{Failure, Outcome};
use crate::generate;
use crate::judges;
use crate::logic::{self, Task};
use crate::output::PictureTarget;
use crate::picture::Sheet;
use crate::pretty::{self, Style};
use crate::report::{self, PuzzleOutcome, Tally, stopped_answer};
use crate::status;

/// Puzzles read, solved and written per round: bounds memory whatever the input's size.
const CHUNK: usize = 4096;

/// What a batch command answers for each puzzle.
#[derive(Debug, Clone, Copy)]
enum Mode {
    /// With `pretty`, each solution is drawn in that style.
    Solve {
        unique: bool,
        pretty: Option<Style>,
    },
    Count {
        limit: u64,
    },
    /// `count --marginals`: each cell's digits over all the solutions.
    Marginals,
    Check,
}

pub(crate) fn run(command: &SudokuCommand) -> Result<Outcome, Failure> {
    match command {
        SudokuCommand::Solve {
            unique,
            pretty,
            svg,
            format,
            batch,
        } => {
            let pretty = pretty.then(Style::detect);
            let mode = Mode::Solve {
                unique: *unique,
                pretty,
            };
            match PictureTarget::open(svg.as_deref(), *format)? {
                Some(target) => {
                    let mut drawn = Sheet::default();
                    let outcome = batch_run(batch, mode, Some(&mut drawn))?;
                    drawn.note(batch.run.report.quiet);
                    target.finish(&svg_sheet(drawn.kept()))?;
                    Ok(outcome)
                }
                None => batch_run(batch, mode, None),
            }
        }
        SudokuCommand::Generate(args) => generate::run(args),
        SudokuCommand::Rate { args } => logic::run(args, Task::Rate, None),
        SudokuCommand::Hint {
            steps,
            pretty,
            apply,
            positions,
            level,
            svg,
            format,
            args,
        } => {
            let target = PictureTarget::open(svg.as_deref(), *format)?;
            let task = Task::Hint {
                steps: *steps,
                pretty: *pretty,
                apply: *apply || *positions,
                level: *level,
                draw: target.is_some(),
            };
            match target {
                Some(target) => {
                    let mut drawn = Sheet::default();
                    let outcome = logic::run(args, task, Some(&mut drawn))?;
                    drawn.note(args.run.report.quiet);
                    target.finish(&hint_sheet(drawn.kept()))?;
                    Ok(outcome)
                }
                None => logic::run(args, task, None),
            }
        }
        SudokuCommand::Count {
            limit,
            marginals,
            batch,
        } => {
            let mode = if *marginals {
                Mode::Marginals
            } else {
                Mode::Count { limit: *limit }
            };
            batch_run(batch, mode, None)
        }
        SudokuCommand::Check { batch } => batch_run(batch, Mode::Check, None),
        SudokuCommand::Judge {
            format,
            file,
            limits,
        } => judges::run(*format, file.as_deref(), limits),
    }
}

/// A puzzle as `--svg` draws it: the grid, its rules, and its solution if one was found.
type Drawn = (Grid, Variant, Option<Grid>);

/// The answer line for one puzzle, the statistics of the searches it took, the method
/// that answered, and the outcome, with the solution kept (when solving). A search
/// stopped by a limit makes the answer `stopped: <limit>`.
fn answer(solver: &mut PuzzleSolver, puzzle: &Puzzle, mode: Mode) -> (Answer, Option<Grid>) {
    let Puzzle { grid, variant, .. } = puzzle;
    // Each question is one search: how far to count, and whether to keep the first.
    let (limit, keep) = match mode {
        Mode::Solve { unique, .. } => (if unique { 2 } else { 1 }, true),
        // One past the limit: `N+` only when there are more than N.
        Mode::Count { limit } => (Count::bound(limit), false),
        Mode::Check => (2, false),
        Mode::Marginals => unreachable!("`count --marginals` is answered by `marginals_answer`"),
    };
    let mut first = keep.then(|| Grid::new(grid.shape()));
    let found = solver.find(puzzle, limit, first.as_mut());
    let (stats, method) = (solver.stats(), solver.method());
    if let Some(reason) = stats.limit_stop() {
        let text = stopped_answer(reason).into();
        return ((text, stats, Some(method), PuzzleOutcome::Stopped), None);
    }
    let mut solved = None;
    let (text, outcome) = match mode {
        Mode::Solve { unique, pretty } => match found {
            0 => ("no solution".into(), PuzzleOutcome::NoSolution),
            1 | 2 if !unique || found == 1 => {
                let solution = first.expect("kept");
                let text = show(&solution, grid, variant, pretty).into();
                solved = Some(solution);
                (text, PuzzleOutcome::Solved)
            }
            _ => ("multiple solutions".into(), PuzzleOutcome::Multiple),
        },
        Mode::Count { limit } => match found {
            // Past the limit: more than that many.
            n if n > limit => (
                crate::answer::more_than(limit).into(),
                PuzzleOutcome::AtLimit,
            ),
            0 => ("0".into(), PuzzleOutcome::NoSolution),
            1 => ("1".into(), PuzzleOutcome::Unique),
            n => (n.to_string().into(), PuzzleOutcome::Multiple),
        },
        Mode::Marginals => unreachable!("`count --marginals` is answered by `marginals_answer`"),
        Mode::Check => {
            let verdict = Verdict::from_count(found);
            let outcome = match verdict {
                Verdict::Unique => PuzzleOutcome::Unique,
                Verdict::Multiple => PuzzleOutcome::Multiple,
                Verdict::NoSolution => PuzzleOutcome::NoSolution,
            };
            (verdict.to_string().into(), outcome)
        }
    };
    ((text, stats, Some(method), outcome), solved)
}

/// The bytes the memo of one puzzle's marginals may hold.
const MARGINALS_MEMORY: u64 = 4 << 30;

/// `count --marginals` for one puzzle: the exact count, then each empty cell's digits
/// with their counts, then the empty cells fixed in every solution.
fn marginals_answer(puzzle: &Puzzle, limits: &dancing::Limits) -> Answer {
    let Puzzle { grid, variant, .. } = puzzle;
    let stats = |stopped| Stats {
        stopped,
        ..Stats::default()
    };
    let found =
        match dancing_sudoku::marginals(puzzle.position(), variant, limits, MARGINALS_MEMORY) {
            Ok(found) => found,
            Err(dancing_sudoku::MarginalsError::Stopped(stop)) => {
                let text = stopped_answer(stop.reason).into();
                return (text, stats(Some(stop.reason)), None, PuzzleOutcome::Stopped);
            }
            Err(e) => {
                let text = format!("error: {e}").into();
                return (text, stats(None), None, PuzzleOutcome::NoSolution);
            }
        };
    let mut text = found.count().to_string();
    let side = grid.side();
    for r in 0..side {
        for c in 0..side {
            if grid.get(r, c) != 0 {
                continue;
            }
            let _ = write!(text, "\nr{}c{}", r + 1, c + 1);
            for (digit, n) in found.digits(r, c) {
                let _ = write!(text, " {digit}:{n}");
            }
        }
    }
    text.push_str("\nfixed:");
    for (r, c, digit) in found.fixed() {
        if grid.get(r, c) == 0 {
            let _ = write!(text, " r{}c{}={digit}", r + 1, c + 1);
        }
    }
    text.push('\n');
    let outcome = match found.count().to_u64() {
        Some(0) => PuzzleOutcome::NoSolution,
        Some(1) => PuzzleOutcome::Unique,
        _ => PuzzleOutcome::Multiple,
    };
    let stats = Stats {
        solutions: found.count().to_u64().unwrap_or(u64::MAX),
        nodes: found.states(),
        ..stats(None)
    };
    (text.into(), stats, None, outcome)
}

/// A solution as one line, or drawn (followed by a blank line, which keeps drawings
/// apart).
fn show(solution: &Grid, puzzle: &Grid, variant: &Variant, pretty: Option<Style>) -> String {
    match (pretty, variant) {
        (Some(style), Variant::Jigsaw(regions)) => {
            pretty::draw_regions(solution, puzzle, regions, style)
        }
        (Some(style), _) => pretty::draw(solution, puzzle, style),
        (None, _) => solution.to_string(),
    }
}

/// An answer line, its statistics, the method that answered (none for a puzzle not
/// started), and its outcome for the summary.
/// The text borrows the fixed answers (`1`, `no solution`), which most puzzles get.
type Answer = (Cow<'static, str>, Stats, Option<Method>, PuzzleOutcome);

/// The flag that reads a grid of side `side` (of `cells` cells on one line) whose boxes
/// are not square: `; read it with --box 2x3 or --box 3x2`.
/// Running totals of a batch.
#[derive(Default)]
struct Totals {
    counts: Counts,
    stats: Stats,
    /// Puzzles answered, by outcome.
    outcomes: Tally,
    /// Puzzles answered by each method, and the learner's conflicts.
    by_dlx: u64,
    by_sat: u64,
    by_bitmask: u64,
    by_bands: u64,
    conflicts: u64,
}

impl batch::Totals for Totals {
    fn counts(&mut self) -> &mut Counts {
        &mut self.counts
    }
}

impl Totals {
    fn count_method(&mut self, method: Option<Method>) {
        match method {
            Some(Method::Learner { conflicts }) => {
                self.by_sat += 1;
                self.conflicts += conflicts;
            }
            Some(Method::Bitmask) => self.by_bitmask += 1,
            Some(Method::Bands) => self.by_bands += 1,
            Some(_) => self.by_dlx += 1,
            None => {}
        }
    }
}

/// Answers a batch; with `drawn`, each puzzle answered is also kept there, with its
/// solution, for `--svg` (puzzles not started, past a limit, are not).
fn batch_run(
    args: &BatchArgs,
    mode: Mode,
    mut drawn: Option<&mut Sheet<Drawn>>,
) -> Result<Outcome, Failure> {
    let draw = drawn.is_some();
    if let Some(variant) = args.variant
        && variant != Kind::Classic
        && matches!(args.solver, SolverKind::Bitmask | SolverKind::Bands)
    {
        return Err(Failure::input(format!(
            "--solver {} solves only classic sudoku, not {variant} puzzles",
            args.solver.name(),
        )));
    }
    let started = Instant::now();
    let shape = args.shape.boxes;
    let (input, mut progress) =
        status::open(args.file.as_deref(), shape, args.run.report.progress)?;
    let threads = Threads::new(args.run.threads)?;
    let limits = args.run.limits.limits();
    // One solver per worker thread, each kept for the whole batch so that its matrices
    // are built once.
    let solvers: Vec<Mutex<PuzzleSolver>> = (0..threads.count)
        .map(|_| {
            let mut solver = PuzzleSolver::new(args.solver.choice());
            solver.set_limits(limits.clone());
            Mutex::new(solver)
        })
        .collect();
    let mut out = progress.answers(crate::output::stdout());
    let mut totals = Totals::default();
    let name = input.name;
    let typed = input.interactive;
    Driver::new(
        &progress,
        &mut out,
        &limits,
        &threads,
        (CHUNK, input.interactive),
    )
    .run(
        status::entries(input.reader, &name, args.variant, shape),
        &mut totals,
        |job| {
            let slot = rayon::current_thread_index().unwrap_or(0) % solvers.len();
            if let Mode::Marginals = mode {
                return (marginals_answer(job, &limits), None);
            }
            let mut solver = solvers[slot].lock().unwrap_or_else(|e| e.into_inner());
            let (answer, solution) = answer(&mut solver, job, mode);
            let drawn = draw.then(|| (job.grid.clone(), job.variant.clone(), solution));
            (answer, drawn)
        },
        |reason| {
            let stats = Stats {
                stopped: Some(reason),
                ..Stats::default()
            };
            let text = stopped_answer(reason).into();
            ((text, stats, None, PuzzleOutcome::Stopped), None)
        },
        // Large grids are hard, and their times vary a hundredfold: each thread takes
        // the next puzzle when it is free. Small ones go in runs of 16.
        |chunk| {
            let large = chunk
                .iter()
                .any(|e| matches!(e, Entry::Puzzle(job) if job.grid.side() >= 16));
            if large {
                Spread::InTurn
            } else {
                Spread::Runs(16)
            }
        },
        |totals, out, ((text, mut stats, method, outcome), picture), _| {
            if let (Some(drawn), Some(picture)) = (drawn.as_deref_mut(), picture) {
                drawn.push(picture);
            }
            totals.outcomes.add(outcome);
            totals.count_method(method);
            if let Some(reason) = stats.limit_stop() {
                totals.counts.stopped.add(reason);
            }
            stats.stopped = None;
            totals.stats += stats;
            out.write_all(text.as_bytes())?;
            out.write_all(b"\n")
        },
    )?;
    progress.finish();
    report_batch(args, &totals, (threads.count, typed), started.elapsed());
    Ok(totals.counts.stopped.outcome(totals.counts.errors))
}

/// The pictures of `drawn` as one SVG picture, in input order
/// ([`dancing::svg::gather`]).
fn svg_sheet(drawn: &[Drawn]) -> String {
    let pictures: Vec<String> = drawn
        .iter()
        .map(|(grid, variant, solution)| {
            let picture = Picture::new(grid).variant(variant);
            match solution {
                Some(solution) => picture.solution(solution).svg(),
                None => picture.svg(),
            }
        })
        .collect();
    dancing::svg::gather(&pictures)
}

/// The hints of `drawn` as one SVG picture, in order: each position's candidates with
/// its step.
fn hint_sheet(drawn: &[logic::DrawnHint]) -> String {
    let pictures: Vec<String> = drawn
        .iter()
        .map(|(position, step)| {
            let picture = Picture::new(position.grid()).candidates(position);
            match step {
                Some(step) => picture.step(step).svg(),
                None => picture.svg(),
            }
        })
        .collect();
    dancing::svg::gather(&pictures)
}

/// The summary line and `--stats` of a batch: its totals, on `threads` threads.
fn report_batch(
    args: &BatchArgs,
    totals: &Totals,
    (threads, typed): (usize, bool),
    elapsed: Duration,
) {
    args.run.report.print(
        || {
            report::batch_summary(
                &totals.outcomes,
                report::Figures {
                    errors: totals.counts.errors,
                    nodes: totals.stats.nodes,
                    elapsed,
                    stopped: totals.counts.stopped.0,
                    typed,
                },
            )
        },
        || {
            let batch = report::BatchStats {
                puzzles: totals.counts.puzzles,
                errors: Some(totals.counts.errors),
                complete: totals.counts.stopped.0.is_none(),
                stopped: totals.counts.stopped.0,
                elapsed,
                threads,
            };
            batch.json(serde_json::json!({
                "solutions": totals.stats.solutions,
                "nodes": totals.stats.nodes,
                "updates": totals.stats.updates,
                "solver": args.solver.name(),
                "answered_by": {
                    "bands": totals.by_bands,
                    "dlx": totals.by_dlx,
                    "sat": totals.by_sat,
                    "bitmask": totals.by_bitmask,
                },
                "conflicts": totals.conflicts,
            }))
        },
    );
}
