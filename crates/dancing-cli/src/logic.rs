//! `dancing sudoku rate` and `dancing sudoku hint`: the logical solver of
//! `dancing_sudoku::logic` over a batch of puzzles, one answer per puzzle in input order.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::{Duration, Instant};

use dancing::StopReason;
use dancing_sudoku::logic::Difficulty;
use dancing_sudoku::logic::{Path, RateError, Rater, Rules};
use dancing_sudoku::parse::Puzzle;
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{Grid, Position, Step, Technique};

use crate::answer::{plural, stop_note};
use crate::args::LogicArgs;
use crate::batch::{self, Counts, Driver, Spread, Threads};
use crate::failure::{Failure, Outcome};
use crate::picture::Sheet;
use crate::pretty::{self, Style};
use crate::report::BatchStats;
use crate::status;

/// Puzzles a thread takes per chunk of the batch: rating takes from a tenth of a
/// millisecond to seconds a puzzle, so chunks are small enough that answers keep coming.
const PER_THREAD: usize = 16;

/// What to print for each puzzle.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Task {
    Rate,
    Hint {
        steps: bool,
        pretty: bool,
        /// The position after the step (each step, with `steps`), as a pencilmark grid.
        apply: bool,
        /// How much a step's text gives away: 1 the technique, 2 the cells, 3 all.
        level: u8,
        /// Keep each hint (each step, with `steps`) with the position it is taken in,
        /// for `--svg`.
        draw: bool,
    },
}

/// A hint as `--svg` draws it: the position, and the step taken in it (none where the
/// path ends).
pub(crate) type DrawnHint = (Position, Option<Step>);

/// Running totals, for the summary line and `--stats`.
#[derive(Default)]
struct Totals {
    counts: Counts,
    no_solution: u64,
    multiple: u64,
    /// Rated puzzles per difficulty band.
    difficulties: BTreeMap<Difficulty, u64>,
    /// Puzzles solved by the techniques, by the hardest one each needed.
    hardest: BTreeMap<Technique, u64>,
    /// Steps of each technique, over every path.
    steps: BTreeMap<Technique, u64>,
    /// Puzzles where the techniques stalled (rated as needing search).
    stalled: u64,
    /// Rated puzzles that are Sudoku Explainer's diamonds (ED = ER: the first step is
    /// the hardest) and pearls (EP = ER), where the techniques reach the end.
    diamonds: u64,
    pearls: u64,
    /// With `hint --apply`: steps applied, and puzzles already solved.
    applied: u64,
    solved_already: u64,

    /// Puzzles a limit stopped (the gravest limit is in `counts`).
    stopped_puzzles: u64,
}

impl batch::Totals for Totals {
    fn counts(&mut self) -> &mut Counts {
        &mut self.counts
    }
}

impl Totals {
    /// The line for a puzzle rated, counted in its band, its hardest technique and its
    /// steps.
    fn rated(&mut self, rating: &dancing_sudoku::Rating) -> String {
        *self.difficulties.entry(Difficulty::of(rating)).or_default() += 1;
        match rating.hardest {
            _ if rating.needs_search() => self.stalled += 1,
            Some(hardest) => *self.hardest.entry(hardest).or_default() += 1,
            None => {}
        }
        for (technique, count) in rating.techniques() {
            *self.steps.entry(technique).or_default() += u64::from(count);
        }
        if !rating.needs_search() {
            self.diamonds += u64::from(rating.diamond == Some(rating.score));
            self.pearls += u64::from(rating.pearl == Some(rating.score));
        }
        format!("{rating} ED={}\n", rating.explainer())
    }

    /// The line for a puzzle the rater could not walk (stopped, no solution, several),
    /// counted.
    fn verdict(&mut self, error: RateError) -> String {
        match error {
            RateError::Stopped(stop) => {
                self.stop(stop.reason);
                format!("{}\n", crate::report::stopped_answer(stop.reason))
            }
            RateError::StoppedNested {
                stopped,
                level,
                at_least_tenths: at_least,
            } => {
                self.stop(stopped.reason);
                format!(
                    "{} (≥ {}.{}, stopped at level {level})\n",
                    crate::report::stopped_answer(stopped.reason),
                    at_least / 10,
                    at_least % 10
                )
            }
            RateError::Conflict(conflict) => {
                self.no_solution += 1;
                format!("no solution: {conflict}\n")
            }
            RateError::NoSolution => {
                self.no_solution += 1;
                "no solution\n".to_owned()
            }
            RateError::Multiple => {
                self.multiple += 1;
                "multiple solutions\n".to_owned()
            }
            other => format!("{other}\n"),
        }
    }

    fn stop(&mut self, reason: StopReason) {
        self.stopped_puzzles += 1;
        self.counts.stopped.add(reason);
    }

    /// Adds one puzzle's tally (its puzzle and error counts are kept by the caller).
    fn absorb(&mut self, tally: Totals) {
        self.no_solution += tally.no_solution;
        self.multiple += tally.multiple;
        self.stalled += tally.stalled;
        self.diamonds += tally.diamonds;
        self.pearls += tally.pearls;
        self.applied += tally.applied;
        self.solved_already += tally.solved_already;
        self.stopped_puzzles += tally.stopped_puzzles;
        if let Some(reason) = tally.counts.stopped.0 {
            self.counts.stopped.add(reason);
        }
        for (mine, theirs) in [
            (&mut self.hardest, tally.hardest),
            (&mut self.steps, tally.steps),
        ] {
            for (technique, count) in theirs {
                *mine.entry(technique).or_default() += count;
            }
        }
        for (band, count) in tally.difficulties {
            *self.difficulties.entry(band).or_default() += count;
        }
    }

    fn add_path(&mut self, path: &Path) {
        for step in &path.steps {
            *self.steps.entry(step.technique()).or_default() += 1;
        }
        if !path.is_solved() {
            self.stalled += 1;
        } else if let Some(hardest) = path.steps.iter().map(|s| s.technique()).max() {
            *self.hardest.entry(hardest).or_default() += 1;
        }
    }
}

/// Rates or hints a batch; with `drawn`, the hints drawn are kept there, in order.
pub(crate) fn run(
    args: &LogicArgs,
    task: Task,
    mut drawn: Option<&mut Sheet<DrawnHint>>,
) -> Result<Outcome, Failure> {
    let started = Instant::now();
    let shape = args.shape.boxes;
    let (input, mut progress) =
        status::open(args.file.as_deref(), shape, args.run.report.progress)?;
    let limits = args.run.limits.limits();
    let rules = if args.no_uniqueness {
        Rules::without_uniqueness()
    } else {
        Rules::default()
    }
    .nested(!args.no_nested);
    let rater = Rater::new().limits(limits.clone()).rules(rules);
    let threads = Threads::new(args.run.threads)?;
    let style = Style::detect();
    let mut out = progress.answers(crate::output::stdout());
    let mut totals = Totals::default();
    let blocks = matches!(
        task,
        Task::Hint { steps: true, .. }
            | Task::Hint { pretty: true, .. }
            | Task::Hint { apply: true, .. }
    );
    let name = input.name;
    // The techniques know classic sudoku: a puzzle marked as a variant is refused.
    let entries = status::entries(input.reader, &name, Some(Kind::Classic), shape);
    // One thread takes the puzzles one by one; threads take a few each, so that
    // answers keep coming.
    let chunk = threads.count * PER_THREAD;
    let chunk = if threads.count == 1 { 1 } else { chunk };
    Driver::new(
        &progress,
        &mut out,
        &limits,
        &threads,
        (chunk, input.interactive),
    )
    .run(
        entries,
        &mut totals,
        |puzzle| {
            let mut tally = Totals::default();
            let mut hints = Vec::new();
            let text = answer(puzzle, task, (&rater, style), &mut tally, &mut hints);
            (text, tally, hints)
        },
        |reason| {
            // Read with others before the end: answered, not started.
            let mut tally = Totals::default();
            tally.stop(reason);
            let text = format!("{}\n", crate::report::stopped_answer(reason));
            (text, tally, Vec::new())
        },
        |_| Spread::Runs(1),
        |totals, out, (text, tally, hints), first| {
            if let Some(drawn) = drawn.as_deref_mut() {
                hints.into_iter().for_each(|hint| drawn.push(hint));
            }
            totals.absorb(tally);
            if blocks && !first {
                // Blocks of several lines are kept apart.
                writeln!(out)?;
            }
            write!(out, "{text}")
        },
    )?;
    progress.finish();
    report_run(
        args,
        task,
        &totals,
        threads.count,
        started.elapsed().as_secs_f64(),
    );
    Ok(totals.counts.stopped.outcome(totals.counts.errors))
}

/// The summary line and `--stats` of a run: its totals, on `threads` threads.
fn report_run(args: &LogicArgs, task: Task, totals: &Totals, threads: usize, seconds: f64) {
    args.run.report.print(
        || summary(totals, task, seconds),
        || {
            let names =
                |map: &BTreeMap<Technique, u64>| -> serde_json::Map<String, serde_json::Value> {
                    map.iter()
                        .map(|(t, n)| (t.name().to_owned(), (*n).into()))
                        .collect()
                };
            let batch = BatchStats {
                puzzles: totals.counts.puzzles,
                errors: Some(totals.counts.errors),
                complete: totals.counts.stopped.0.is_none(),
                stopped: totals.counts.stopped.0,
                elapsed: Duration::from_secs_f64(seconds),
                threads,
            };
            let mut stats = batch.json(serde_json::json!({
                "no_solution": totals.no_solution,
                "multiple": totals.multiple,
                "stalled": totals.stalled,
                "stopped_puzzles": totals.stopped_puzzles,
                "hardest": names(&totals.hardest),
                "steps": names(&totals.steps),
            }));
            if matches!(task, Task::Rate) {
                stats["diamonds"] = totals.diamonds.into();
                stats["pearls"] = totals.pearls.into();
                stats["difficulties"] = Difficulty::ALL
                    .iter()
                    .map(|d| {
                        (
                            d.name().to_owned(),
                            totals.difficulties.get(d).copied().unwrap_or(0).into(),
                        )
                    })
                    .collect::<serde_json::Map<_, _>>()
                    .into();
            }
            stats
        },
    );
}

/// The text for one puzzle, ending with a newline; the hints to draw into `drawn`.
fn answer(
    puzzle: &Puzzle,
    task: Task,
    (rater, style): (&Rater, Style),
    totals: &mut Totals,
    drawn: &mut Vec<DrawnHint>,
) -> String {
    let position = puzzle.position();
    let verdict = Totals::verdict;
    match task {
        Task::Rate => match rater.rate(&position) {
            Ok(rating) => totals.rated(&rating),
            Err(error) => verdict(totals, error),
        },
        Task::Hint {
            steps: false,
            apply: true,
            level,
            ..
        } => match rater.hint_applied(&position) {
            Ok(Some((step, next))) => {
                *totals.steps.entry(step.technique()).or_default() += 1;
                totals.applied += 1;
                format!("# {}\n{}", graded(&step, level), next.to_pencilmarks())
            }
            Ok(None) => {
                let solved = position.grid().is_complete();
                match solved {
                    true => totals.solved_already += 1,
                    false => totals.stalled += 1,
                }
                format!("# {}\n{}", path_end(solved), position.to_pencilmarks())
            }
            Err(error) => verdict(totals, error),
        },
        Task::Hint {
            steps: true,
            apply: true,
            level,
            ..
        } => match rater.path_positions(&position) {
            Ok((path, positions)) => {
                totals.add_path(&path);
                let mut text = String::new();
                for (k, (step, after)) in path.steps.iter().zip(&positions).enumerate() {
                    text.push_str(&format!("# {}. {}\n", k + 1, graded(step, level)));
                    text.push_str(&after.to_pencilmarks());
                }
                text.push_str(&format!("# {}\n", path_end(path.is_solved())));
                text
            }
            Err(error) => verdict(totals, error),
        },
        Task::Hint {
            steps,
            pretty,
            level,
            draw,
            ..
        } => match hint_path(rater, &position, draw) {
            Ok((path, after)) => {
                if draw {
                    let before = std::iter::once(position.clone()).chain(after);
                    let shown = if steps { path.steps.len() } else { 1 };
                    let steps = path.steps.iter().cloned().map(Some).chain([None]);
                    drawn.extend(before.zip(steps).take(shown.max(1)));
                }
                totals.add_path(&path);
                let marked = puzzle.pencilmarks.is_some();
                let shown = Shown {
                    steps,
                    pretty: pretty.then_some(style),
                    level,
                };
                hint_text((&position, marked), &path, shown)
            }
            Err(error) => {
                let text = verdict(totals, error);
                match pretty {
                    true => {
                        let marked = puzzle.pencilmarks.is_some();
                        format!("{}{text}", drawing(&position, marked, style))
                    }
                    false => text,
                }
            }
        },
    }
}

/// The path of hints from `position`, with the position after each step when they are
/// to be drawn.
fn hint_path(
    rater: &Rater,
    position: &Position,
    draw: bool,
) -> Result<(Path, Vec<Position>), dancing_sudoku::RateError> {
    if draw {
        rater.path_positions(position)
    } else {
        rater.path(position).map(|path| (path, Vec::new()))
    }
}

/// A position drawn for `--pretty`: its pencilmarks when it was given as a pencilmark
/// grid or candidates were taken away, else the grid.
fn drawing(position: &Position, marked: bool, style: Style) -> String {
    if position.is_plain() && !marked {
        pretty::draw(position.grid(), position.grid(), style)
    } else {
        position.to_pencilmarks()
    }
}

/// How a path is shown: every step or the next, the grids drawn, how much is told.
struct Shown {
    steps: bool,
    pretty: Option<Style>,
    level: u8,
}

/// The end of a path: `solved`, or the stall.
fn path_end(solved: bool) -> &'static str {
    if solved {
        "solved"
    } else {
        "stalled: no technique applies; the rest needs search"
    }
}

/// A step's text at a level of `--level`: 1 its technique, 2 also the cells it changes
/// (`hidden single: look at r3c6`), 3 the whole step.
fn graded(step: &Step, level: u8) -> String {
    match level {
        1 => step.technique().name().to_owned(),
        2 => {
            let mut cells: Vec<(usize, usize)> = step
                .placement()
                .map(|(cell, _)| cell)
                .into_iter()
                .chain(step.eliminations().iter().map(|&(cell, _)| cell))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            let names: Vec<String> = cells
                .iter()
                .map(|(r, c)| format!("r{}c{}", r + 1, c + 1))
                .collect();
            format!("{}: look at {}", step.technique().name(), names.join(", "))
        }
        _ => step.to_string(),
    }
}

/// The next step, or every step numbered, with the grids drawn if asked.
fn hint_text((position, marked): (&Position, bool), path: &Path, shown: Shown) -> String {
    let puzzle: &Grid = position.grid();
    let mut text = String::new();
    if let Some(style) = shown.pretty {
        text.push_str(&drawing(position, marked, style));
    }
    let end = path_end(path.is_solved());
    if !shown.steps {
        match path.steps.first() {
            Some(step) => text.push_str(&format!("{}\n", graded(step, shown.level))),
            None if path.is_solved() => text.push_str("solved: nothing to do\n"),
            None => text.push_str(&format!("{end}\n")),
        }
        return text;
    }
    let width = path.steps.len().to_string().len();
    for (k, step) in path.steps.iter().enumerate() {
        let step = graded(step, shown.level);
        text.push_str(&format!("{:>width$}. {step}\n", k + 1));
    }
    text.push_str(&format!("{end}\n"));
    if let Some(style) = shown.pretty
        && !path.steps.is_empty()
    {
        text.push_str(&pretty::draw(&path.end, puzzle, style));
    }
    text
}

/// `rated 10 puzzles: 6 easy, 3 medium, 1 extreme, 0.001 s`.
fn summary(totals: &Totals, task: Task, seconds: f64) -> String {
    let mut parts = Vec::new();
    if matches!(task, Task::Rate) {
        for (band, count) in &totals.difficulties {
            parts.push(format!("{count} {band}"));
        }
    } else if let Task::Hint {
        apply: true,
        steps: false,
        ..
    } = task
    {
        parts.push(plural(totals.applied, "step") + " applied");
        if totals.solved_already > 0 {
            parts.push(format!("{} solved already", totals.solved_already));
        }
        if totals.stalled > 0 {
            parts.push(format!("{} stalled", totals.stalled));
        }
    } else {
        let solved = totals.counts.puzzles
            - totals.no_solution
            - totals.multiple
            - totals.stalled
            - totals.stopped_puzzles;
        parts.push(format!("{solved} solved by the techniques"));
        if totals.stalled > 0 {
            parts.push(format!("{} beyond them", totals.stalled));
        }
    }
    if totals.no_solution > 0 {
        parts.push(format!("{} with no solution", totals.no_solution));
    }
    if totals.multiple > 0 {
        parts.push(format!("{} with several", totals.multiple));
    }
    if totals.counts.errors > 0 {
        parts.push(plural(totals.counts.errors, "error"));
    }
    if totals.stopped_puzzles > 0 {
        parts.push(format!("{} stopped", totals.stopped_puzzles));
    }
    let verb = match task {
        Task::Rate => "rated",
        Task::Hint { .. } => "hinted",
    };
    let mut line = format!("{verb} {}", plural(totals.counts.puzzles, "puzzle"));
    if !parts.is_empty() {
        line.push_str(": ");
        line.push_str(&parts.join(", "));
    }
    line.push_str(&format!(", {seconds:.3} s"));
    line.push_str(stop_note(totals.counts.stopped.0));
    line
}
