//! `dancing sudoku generate`: puzzles from a seed, streamed in order, optionally rated,
//! drawn, and made by several threads.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use dancing::{Stats, Stopped};
use dancing_sudoku::generate::{GenerateError, Generated, Generator};
use dancing_sudoku::logic;
use dancing_sudoku::picture::Picture;
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{Grid, Variant};

use crate::answer::{plural, stop_note};
use crate::args::GenerateArgs;
use crate::batch::{self, Answers, Counts, Driver, Entry, Spread, Threads};
use crate::failure::{Failure, Outcome};
use crate::line::StatusLine;
use crate::output::PictureTarget;
use crate::picture::Sheet;
use crate::pretty::{self, Style};
use crate::report::BatchStats;

/// Puzzles made per chunk and thread before they are written: the output streams, and
/// threads that finish early take more of the chunk.
const ROUND_PER_THREAD: usize = 8;

/// What a run has made so far.
#[derive(Default)]
struct Made {
    counts: Counts,
    attempts: u64,
    givens: u64,
    /// The first puzzle that could not be made, by index, which ends the run.
    failed: Option<(u64, GenerateError)>,
}

impl batch::Totals for Made {
    fn counts(&mut self) -> &mut Counts {
        &mut self.counts
    }

    fn ended(&self) -> bool {
        self.failed.is_some()
    }
}

pub(crate) fn run(args: &GenerateArgs) -> Result<Outcome, Failure> {
    if args.rate && args.variant != Kind::Classic {
        return Err(Failure::input(format!(
            "--rate: ratings know only classic sudoku, not {} puzzles",
            args.variant
        )));
    }
    // Attempts so far, for the status line while a slow puzzle is being made.
    let tried = Arc::new(AtomicU64::new(0));
    let limits = args.run.limits.limits();
    let generator = generator(args, &limits, Arc::clone(&tried))?;
    let svg = PictureTarget::open(args.svg.as_deref(), args.format)?;
    let mut drawn: Sheet<(Grid, Variant)> = Sheet::default();
    let seed = generator.seed();
    let threads = Threads::new(args.run.threads)?;
    let style = Style::detect();
    let progress = Making::start(args.run.report.progress, args.count, Arc::clone(&tried));
    let started = Instant::now();
    let mut out = Answers::under(crate::output::stdout(), progress.line.bar().cloned());
    let mut made = Made::default();
    // After a failure, the chunk's later puzzles not yet started are skipped (the
    // earlier ones are made: the run writes every puzzle before its first failure).
    let first_failed = AtomicU64::new(u64::MAX);
    Driver::new(
        &progress,
        &mut out,
        &limits,
        &threads,
        (threads.count * ROUND_PER_THREAD, false),
    )
    .run(
        (0..args.count).map(Entry::Puzzle),
        &mut made,
        |&index| {
            if index > first_failed.load(Ordering::Relaxed) {
                return None;
            }
            let result = generator.generate(index);
            if result.is_err() {
                first_failed.fetch_min(index, Ordering::Relaxed);
            }
            Some(result)
        },
        |reason| {
            Some(Err(GenerateError::Stopped(Stopped::new(
                reason,
                Stats::default(),
            ))))
        },
        |_| Spread::Runs(1),
        |made, out, result, _| {
            // The driver counts each entry before writing it: this one is the last.
            let index = made.counts.puzzles - 1;
            match result {
                Some(Ok(generated)) if made.failed.is_none() => {
                    made.attempts += generated.attempts;
                    made.givens += generated.puzzle.givens() as u64;
                    if svg.is_some() {
                        drawn.push((generated.puzzle.clone(), generated.variant.clone()));
                    }
                    write_puzzle(out, &generated, args, style)
                }
                Some(Err(error)) if made.failed.is_none() => {
                    made.failed = Some((index, error));
                    Ok(())
                }
                _ => Ok(()),
            }
        },
    )?;
    drop(progress);
    let elapsed = started.elapsed();
    // A run that ended early made attempts for no puzzle: the counter has them all.
    if made.failed.is_some() {
        made.attempts = tried.load(Ordering::Relaxed);
    }
    report(args, &made, (seed, threads.count), elapsed);
    if let Some(file) = svg {
        // The puzzles made, up to a failure, as the text has them.
        drawn.note(args.run.report.quiet);
        let pictures: Vec<String> = drawn
            .kept()
            .iter()
            .map(|(grid, variant)| Picture::new(grid).variant(variant).svg())
            .collect();
        file.finish(&dancing::svg::gather(&pictures))?;
    }
    let failed = made.failed;
    match failed {
        None => Ok(Outcome::ANSWERED),
        Some((_, GenerateError::Stopped(stop))) => Ok(Outcome::stopped(Some(stop.reason))),
        Some((index, error)) => {
            stderr_line!(
                "error: puzzle {} of seed {seed}: {error}; loosen --clues or --difficulty, or raise --max-attempts",
                index + 1
            );
            Ok(Outcome::GAVE_UP)
        }
    }
}

/// The generator the arguments ask for, counting its attempts into `tried`. Without
/// --seed it draws one, which the summary prints.
fn generator(
    args: &GenerateArgs,
    limits: &dancing::Limits,
    tried: Arc<AtomicU64>,
) -> Result<Generator, Failure> {
    let mut builder = Generator::builder()
        .count_attempts(tried)
        .shape(args.shape())
        .symmetry(args.symmetry)
        .minimal(args.minimal)
        .kind(args.variant)
        .max_attempts(args.max_attempts)
        .limits(limits.clone());
    if let Some(seed) = args.seed {
        builder = builder.seed(seed);
    }
    if let Some(clues) = args.clues {
        builder = builder.clues(clues);
    }
    if let Some(difficulty) = args.difficulty {
        builder = builder.difficulty(difficulty);
    }
    if let Some((low, high)) = args.score {
        builder = builder.score(low, high);
    }
    builder.build().map_err(Failure::input)
}

/// The summary line and `--stats` of a run: the puzzles `made`, with the `seed` and
/// the number of threads.
fn report(args: &GenerateArgs, made: &Made, (seed, threads): (u64, usize), elapsed: Duration) {
    let Made {
        failed,
        attempts,
        givens,
        ..
    } = made;
    let (attempts, givens) = (*attempts, *givens);
    let count = match failed {
        Some((index, _)) => *index,
        None => args.count,
    };
    let stopped = match failed {
        Some((_, GenerateError::Stopped(stop))) => Some(stop.reason),
        _ => None,
    };
    args.run.report.print(
        || {
            format!(
                "{}{}",
                summary((count, args.count), attempts, seed, elapsed),
                stop_note(stopped)
            )
        },
        || {
            let batch = BatchStats {
                puzzles: count,
                errors: None,
                complete: failed.is_none(),
                stopped,
                elapsed,
                threads,
            };
            batch.json(serde_json::json!({
                "attempts": attempts,
                "seed": seed,
                "shape": args.shape().to_string(),
                "givens_mean": if count > 0 { givens as f64 / count as f64 } else { 0.0 },
            }))
        },
    );
}

/// One puzzle: its line (with the rating after a space if asked), or its drawing.
fn write_puzzle(
    out: &mut impl Write,
    generated: &Generated,
    args: &GenerateArgs,
    style: Style,
) -> io::Result<()> {
    let rating = if args.rate {
        let rating = match &generated.rating {
            Some(rating) => rating.clone(),
            None => logic::Rater::new()
                .rate(&generated.puzzle)
                .expect("a generated puzzle is proper"),
        };
        Some(rating)
    } else {
        None
    };
    let puzzle = &generated.puzzle;
    let regions = match &generated.variant {
        Variant::Jigsaw(regions) => Some(regions),
        _ => None,
    };
    if args.pretty {
        let drawing = match regions {
            Some(regions) => pretty::draw_regions(puzzle, puzzle, regions, style),
            None => pretty::draw(puzzle, puzzle, style),
        };
        write!(out, "{drawing}")?;
        if let Some(rating) = rating {
            writeln!(out, "rating: {rating}")?;
        }
        return writeln!(out);
    }
    // A variant's puzzle carries its mark, which `solve` reads back: its regions, or
    // the variant's name; a classic one its rating, if asked.
    match (&generated.variant, rating) {
        (Variant::Classic, Some(rating)) => writeln!(out, "{puzzle} {rating}"),
        _ => writeln!(out, "{}", generated.line()),
    }
}

/// `generated 10 puzzles in 14 attempts (seed 7), 0.012 s`, or `generated 3 of 10
/// puzzles …` when the run ended before making the `asked` puzzles.
fn summary((made, asked): (u64, u64), attempts: u64, seed: u64, elapsed: Duration) -> String {
    let puzzles = if made < asked {
        format!("{made} of {}", plural(asked, "puzzle"))
    } else {
        plural(made, "puzzle")
    };
    format!(
        "generated {puzzles} in {} (seed {seed}), {:.3} s",
        plural(attempts, "attempt"),
        elapsed.as_secs_f64()
    )
}

/// A run's status line (puzzles made of those asked, attempts, pace, time left) when
/// `--progress` asks for it on a terminal, else the nudge to a person left waiting.
struct Making {
    line: StatusLine,
}

impl Making {
    fn start(progress: bool, count: u64, tried: Arc<AtomicU64>) -> Self {
        let line = StatusLine::start(
            progress,
            false,
            ("generating", "; --timeout bounds the run"),
            (
                Some(count),
                "{pos}/{len} puzzles {msg}, {elapsed} so far, {eta} left {wide_bar}",
            ),
            move |bar, elapsed| {
                // indicatif's own `{per_sec}` prints four decimals (`208.1094/s`).
                let rate = bar.position() as f64 / elapsed.as_secs_f64().max(1e-9);
                let rate = if rate < 10.0 {
                    format!("{rate:.1}/s")
                } else {
                    format!("{rate:.0}/s")
                };
                let tried = tried.load(Ordering::Relaxed);
                bar.set_message(format!("({tried} attempts), {rate}"));
            },
        );
        Self { line }
    }
}

impl batch::Progress for Making {
    fn chunk_read(&self, _: usize) {}

    fn answered(&self) {
        if let Some(bar) = self.line.bar() {
            bar.inc(1);
        }
    }

    fn eprintln(&self, line: &str) {
        self.line.eprintln(line);
    }
}
