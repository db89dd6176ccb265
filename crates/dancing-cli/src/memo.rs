//! `dancing xc --memo`, `--sample` and `--zdd`: the memoized search, and what its ZDD
//! answers (the exact count, the solutions, uniform samples, the diagram itself).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use dancing::{
    AnyEngine, Backbone, CountProbe, Engine, EngineName, Memo, MemoProgress, OptionId, Probe,
    Problem, StopReason, Stopped, Zdd,
};

use crate::answer::Answer;
use crate::answer::plural;
use crate::args::XcArgs;
use crate::failure::{Failure, Outcome};
use crate::input::human_size;
use crate::line::StatusLine;
use crate::line::about_left;
use crate::output::print_solution;
use crate::plan::Plan;
use crate::search::searching;

/// The memo of `problem` with the arguments' settings: the limits (the timeout a
/// deadline from now, for the whole run), `--max-memory` and `--memo-order`.
pub(crate) fn settled<'p>(args: &XcArgs, problem: &'p Problem) -> Memo<'p> {
    settle(args, Memo::new(problem), Instant::now())
}

/// `memo` with the arguments' settings, its run started at `started`.
fn settle<'p>(args: &XcArgs, memo: Memo<'p>, started: Instant) -> Memo<'p> {
    memo.limits(run_limits(args, started))
        .max_memory(args.max_memory)
        .order(args.memo.memo_order.unwrap_or_default())
}

/// The limits of a run started at `started`: one budget for the whole run (the build,
/// then the listing or the draws), the timeout a deadline.
fn run_limits(args: &XcArgs, started: Instant) -> dancing::Limits {
    let mut limits = args.search.limits();
    limits.deadline = limits.end(started);
    limits.timeout = None;
    limits
}

/// Runs the memo that the router gave for `problem`, with the arguments' settings;
/// `probe` is what the router's probe found, when a count ran one.
pub(crate) fn run(
    plan: &Plan,
    args: &XcArgs,
    problem: &Problem,
    memo: Memo<'_>,
    probe: Option<CountProbe>,
) -> Result<Outcome, Failure> {
    let started = Instant::now();
    // One budget for the whole run: the build, then the listing or the draws.
    let memo = settle(args, memo, started);
    let limits = run_limits(args, started);
    let watched = Arc::new(MemoProgress::default());
    let memo = memo.progress(Arc::clone(&watched));
    let mut line = status_line(args, Arc::clone(&watched));
    let built = watched_for_size(&watched, args.search.report.quiet, || {
        searching(|| build(&memo, args))
    });
    line.finish();
    let progress_bytes = watched.bytes.load(Ordering::Relaxed);
    let zdd = match built {
        Ok(Built::Zdd(zdd)) => zdd,
        Ok(Built::Listing) => return listing(plan, args, problem, (limits, started)),
        Err(stop) => {
            if stop.reason == StopReason::Memory {
                stderr_line!(
                    "error: the memo reached --max-memory {} ({} held) before the search \
                     ended; raise --max-memory, or search without --memo",
                    human_size(args.max_memory),
                    human_size(progress_bytes)
                );
            }
            return Ok(Answer::memo_stopped(&stop, started.elapsed())
                .probed(probe)
                .print(&args.search));
        }
    };
    let zdd = conditioned(args, problem, zdd, &limits)?;
    save(args, &zdd)?;
    if args.memo.queried() {
        return queries(args, problem, &zdd, (&limits, started), probe);
    }
    if args.min_cost || args.best.is_some() {
        let k = args
            .best
            .map_or(1, |k| usize::try_from(k).unwrap_or(usize::MAX));
        return cheapest(args, problem, &zdd, k, (&limits, started, probe));
    }
    let mut out = BufWriter::new(crate::output::stdout());
    let seed = args.memo.seed.unwrap_or_else(dancing::random_seed);
    let mut listed = 0u64;
    let mut first = true;
    let mut written = Ok(());
    // Each solution written; a write that fails (a closed pipe) ends the walk.
    let mut print = |solution: &[OptionId]| {
        written = print_solution(&mut out, problem, solution, &mut first, args);
        listed += 1;
        if written.is_err() || plan.limit.is_some_and(|limit| listed >= limit) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let weights = args
        .memo
        .weights
        .as_deref()
        .map(|path| read_weights(path, problem.option_count()))
        .transpose()?;
    let stop = walk(
        (args, plan),
        &zdd,
        weights.as_deref(),
        (&limits, seed),
        &mut print,
    );
    written?;
    // `--limit` reached is what was asked for, not a stop: a count says `N+` then, a
    // listing its first N.
    let stop = stop.filter(|&reason| reason != StopReason::Caller);
    let limit = plan.limit.filter(|_| plan.count);
    let mut answer = Answer::memo(&zdd, started.elapsed(), stop, limit).probed(probe);
    if args.memo.sample.is_some() {
        answer = answer
            .note(format!(
                " ({} drawn from the memo{}, seed {seed})",
                plural(listed, "solution"),
                if weights.is_some() { " by weight" } else { "" }
            ))
            .field("seed", seed)
            .field("sampler", "memo");
    }
    if plan.count {
        writeln!(out, "{}", answer.count_text())?;
    }
    out.flush()?;
    answer.print(&args.search);
    Ok(Outcome::stopped(stop))
}

/// `--zdd FILE`: the diagram written in its text, when asked for.
fn save(args: &XcArgs, zdd: &Zdd) -> Result<(), Failure> {
    if let Some(path) = &args.memo.zdd {
        let file =
            File::create(path).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
        let mut out = BufWriter::new(file);
        zdd.write_text(&mut out)?;
        out.flush()?;
    }
    Ok(())
}

/// What the diagram hands to `print`: `--sample`'s draws (by weight with
/// `--weights`), or every solution, or nothing for `--count`; what stopped it.
fn walk(
    (args, plan): (&XcArgs, &Plan),
    zdd: &Zdd,
    weights: Option<&[u64]>,
    (limits, seed): (&dancing::Limits, u64),
    print: &mut impl FnMut(&[OptionId]) -> ControlFlow<()>,
) -> Option<StopReason> {
    match (args.memo.sample, weights) {
        (Some(k), Some(weights)) => {
            searching(|| zdd.visit_samples_weighted(k, (weights, seed), limits, print))
        }
        (Some(k), None) => searching(|| zdd.visit_samples(k, seed, limits, print)),
        (None, _) if plan.count => None,
        (None, _) => searching(|| zdd.visit(limits, print)),
    }
}

/// The options' weights of `--weights FILE`: lines `K W` (option K from 1, whole
/// weight W), `|` comments and blank lines skipped, the options not listed 1. Read by
/// the one bounded line reader (each line bounded, a byte-order mark skipped, a line
/// that is not UTF-8 named where it is); what it keeps is one weight an option.
fn read_weights(path: &std::path::Path, options: usize) -> Result<Vec<u64>, Failure> {
    let input = crate::input::open(Some(path))?;
    let name = input.name;
    let mut lines = dancing_sudoku::parse::Lines::new(input.reader);
    let mut line = String::new();
    let mut weights = vec![1u64; options];
    while let Some(read) = lines.read(&mut line) {
        let n = read.map_err(|error| Failure::input(format!("{name}: {error}")))?;
        let body = line.trim();
        if body.is_empty() || body.starts_with('|') {
            continue;
        }
        let column = line[..line.len() - line.trim_start().len()].chars().count() + 1;
        let error = |what: &str| {
            Failure::input(format!(
                "{name}:{n}:{column}: {what}; expected `K W`, option K from 1 to {options} \
                 and a whole weight W"
            ))
        };
        let mut words = body.split_whitespace();
        let (Some(k), Some(w), None) = (words.next(), words.next(), words.next()) else {
            return Err(error("not two numbers"));
        };
        let k: usize = k.parse().map_err(|_| error("not an option number"))?;
        let w: u64 = w.parse().map_err(|_| error("not a whole weight"))?;
        match k.checked_sub(1).and_then(|k| weights.get_mut(k)) {
            Some(weight) => *weight = w,
            None => return Err(error("no such option")),
        }
    }
    Ok(weights)
}

/// The diagram kept to the solutions with the options of `--given` and without those
/// of `--forbid` (numbered from 1), or as built when neither is asked for.
fn conditioned(
    args: &XcArgs,
    problem: &Problem,
    zdd: Zdd,
    limits: &dancing::Limits,
) -> Result<Zdd, Failure> {
    let (given, forbid) = (&args.memo.given, &args.memo.forbid);
    if given.is_empty() && forbid.is_empty() {
        return Ok(zdd);
    }
    let options = problem.option_count();
    let ids = |numbers: &[u64], flag: &str| {
        numbers
            .iter()
            .map(|&k| match usize::try_from(k) {
                Ok(k) if k <= options => Ok(OptionId::new(k - 1)),
                _ => Err(Failure::input(format!(
                    "{flag} {k}: the problem's options are numbered 1 to {options}"
                ))),
            })
            .collect::<Result<Vec<_>, _>>()
    };
    let (given, forbid) = (ids(given, "--given")?, ids(forbid, "--forbid")?);
    searching(|| zdd.restrict(&given, &forbid, limits)).map_err(|stop| {
        pass_stopped(
            stop.reason,
            "the diagram conditioned on --given and --forbid",
            args,
        )
    })
}

/// The failure of a pass over the diagram that `reason` stopped: past the memory
/// bound, what would pass it; else the limit.
fn pass_stopped(reason: StopReason, what: &str, args: &XcArgs) -> Failure {
    let message = match reason {
        StopReason::Memory => format!(
            "{what} would pass --max-memory {}",
            human_size(args.max_memory)
        ),
        reason => format!("{what}: stopped ({reason}) before it was made"),
    };
    Failure::stopped(reason, message)
}

/// `--min-cost` and `--best K` from the diagram: its `k` shortest paths, printed as the
/// engines' cheapest solutions are.
fn cheapest(
    args: &XcArgs,
    problem: &Problem,
    zdd: &Zdd,
    k: usize,
    (limits, started, probe): (&dancing::Limits, Instant, Option<CountProbe>),
) -> Result<Outcome, Failure> {
    let passes = Instant::now();
    let found = searching(|| zdd.best(problem, k, limits)).map_err(|stop| {
        let what = format!("the {k} cheapest ways of every node of the diagram");
        pass_stopped(stop.reason, &what, args)
    })?;
    let mut out = BufWriter::new(crate::output::stdout());
    let cost = crate::output::print_cheapest(&mut out, problem, &found, args)?;
    let answer = queried(zdd, (started, passes), probe).field("cost", cost);
    Ok(answer.print(&args.search))
}

/// The answer after a question to the diagram: the memo's own, and the time of the
/// question's passes since `passes` (`--stats`: `queries_seconds`).
fn queried(zdd: &Zdd, (started, passes): (Instant, Instant), probe: Option<CountProbe>) -> Answer {
    Answer::memo(zdd, started.elapsed(), None, None)
        .probed(probe)
        .field("queries_seconds", passes.elapsed().as_secs_f64())
}

/// `--marginals` and `--backbone`: the diagram's two passes, then each option's count
/// and option, and the options in all and in none; `--nth K`: the solution of rank K.
/// The summary says the queries' time (`--stats`: `queries_seconds`).
fn queries(
    args: &XcArgs,
    problem: &Problem,
    zdd: &Zdd,
    (limits, started): (&dancing::Limits, Instant),
    probe: Option<CountProbe>,
) -> Result<Outcome, Failure> {
    let passes = Instant::now();
    if let Some(k) = &args.memo.nth {
        searching(|| zdd.make_counts(limits))
            .map_err(|stop| pass_stopped(stop.reason, "the count below every node", args))?;
        let solution = zdd.nth(k);
        let mut out = BufWriter::new(crate::output::stdout());
        if let Some(solution) = &solution {
            print_solution(&mut out, problem, solution, &mut true, args)?;
        }
        out.flush()?;
        let mut answer = queried(zdd, (started, passes), probe).field("rank", k.to_string());
        if solution.is_none() {
            answer = answer.note(format!(
                " (no solution of rank {k}: ranks are below the count)"
            ));
        }
        return Ok(answer.print(&args.search));
    }
    let marginals = match searching(|| zdd.marginals(limits)) {
        Ok(marginals) => marginals,
        Err(stop) => {
            if stop.reason == StopReason::Memory {
                stderr_line!(
                    "error: the marginals' counts would pass --max-memory {}; raise it",
                    human_size(args.max_memory)
                );
            }
            return Ok(
                Answer::memo(zdd, started.elapsed(), Some(stop.reason), None)
                    .probed(probe)
                    .print(&args.search),
            );
        }
    };
    let mut out = BufWriter::new(crate::output::stdout());
    if args.memo.marginals {
        for option in problem.options() {
            let text = problem.format_option(option);
            writeln!(out, "{} {text}", marginals[option.index()])?;
        }
    }
    if args.memo.backbone {
        let backbone = Backbone::from_marginals(&marginals, &zdd.count());
        for (word, options) in [("all", &backbone.in_all), ("none", &backbone.in_none)] {
            for &option in options {
                writeln!(out, "{word}: {}", problem.format_option(option))?;
            }
        }
    }
    out.flush()?;
    Ok(queried(zdd, (started, passes), probe).print(&args.search))
}

/// The memo's status line (`--progress`): the share done by Knuth's estimate, the states
/// reached, the bytes held and the time left, from what the memo publishes.
fn status_line(args: &XcArgs, progress: Arc<MemoProgress>) -> StatusLine {
    StatusLine::start(
        args.search.report.progress,
        false,
        ("counting", ""),
        (
            Some(PROGRESS_SCALE),
            "[{elapsed_precise}] {bar:30} {percent:>3}% {msg}",
        ),
        move |bar, _| {
            let fraction = progress.fraction();
            bar.set_position((fraction * PROGRESS_SCALE as f64) as u64);
            bar.set_message(format!(
                "{} states, {} held{}",
                progress.states.load(Ordering::Relaxed),
                human_size(progress.bytes.load(Ordering::Relaxed)),
                about_left(bar.elapsed(), fraction)
            ));
        },
    )
}

/// The status line's bar counts millionths of the search, as the memo publishes them.
const PROGRESS_SCALE: u64 = 1_000_000;

/// How long a memo builds before it is judged: a board's memo ends sooner or repeats
/// itself often by then.
const JUDGED_AFTER: Duration = Duration::from_secs(3);

/// What the memoized search gave: its diagram, or the word that the problem is better
/// sampled by listing its solutions.
enum Built {
    Zdd(Zdd),
    Listing,
}

/// The memo's diagram; for `--sample` (the memo not asked for by name), first a short
/// probe: where the memo does not pay, the samples are drawn by listing the solutions.
fn build(memo: &Memo<'_>, args: &XcArgs) -> Result<Built, Stopped> {
    let memo_asked = args.memo.memo || args.memo.memo_order.is_some() || args.memo.zdd.is_some();
    if args.memo.sample.is_some() && !memo_asked && args.engine != EngineName::Memo {
        return Ok(memo.for_sampling()?.map_or(Built::Listing, Built::Zdd));
    }
    memo.build().map(Built::Zdd)
}

/// `--sample K` by listing: the solutions counted, then those of K random ranks kept
/// (exact and uniform, two searches), where the memo does not pay.
fn listing(
    plan: &Plan,
    args: &XcArgs,
    problem: &Problem,
    (limits, started): (dancing::Limits, Instant),
) -> Result<Outcome, Failure> {
    let k = args.memo.sample.expect("only --sample lists");
    let seed = args.memo.seed.unwrap_or_else(dancing::random_seed);
    let mut engine = AnyEngine::new(problem, EngineName::Auto)
        .map_err(|e| Failure::input(format!("the problem: {e}")))?;
    crate::memory::check_draws(args, problem, &engine, k)?;
    engine.set_limits(limits);
    let mut out = BufWriter::new(crate::output::stdout());
    let (mut first, mut listed, mut written) = (true, 0u64, Ok(()));
    let mut stats = searching(|| {
        dancing::sample_by_listing(&mut engine, k, seed, |solution| {
            written = print_solution(&mut out, problem, solution, &mut first, args);
            listed += 1;
            match written.is_err() || plan.limit.is_some_and(|limit| listed >= limit) {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            }
        })
    });
    written?;
    out.flush()?;
    stats.elapsed = started.elapsed();
    Ok(Answer::of(&stats)
        .note(format!(
            " ({} drawn by listing them, seed {seed}: the memo does not pay here)",
            plural(listed, "solution")
        ))
        .field("sampler", "listing")
        .field("seed", seed)
        .print(&args.search))
}

/// Runs `build`; if it is still running after [`JUDGED_AFTER`] and its memo has found
/// fewer than [`FEW_HITS`] of its states remembered, says on stderr (unless `quiet`)
/// that a plain search may be faster and how to stop. The watch waits on a channel
/// that the build's end closes, so a short build returns at once.
fn watched_for_size<T: Send>(
    progress: &MemoProgress,
    quiet: bool,
    build: impl FnOnce() -> T + Send,
) -> T {
    if quiet {
        return build();
    }
    let (ended, end) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            if end.recv_timeout(JUDGED_AFTER) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let states = progress.states.load(Ordering::Relaxed);
            let hits = progress.hits.load(Ordering::Relaxed);
            if (hits as f64) < Probe::FEW_HITS * states as f64 {
                stderr_line!(
                    "note: after {} s only {hits} of {states} states were found in the memo: \
                     its subproblems rarely repeat, and a plain search (--count without \
                     --memo; --sample without --memo lists the solutions) may be much \
                     faster. Ctrl-C, --timeout and --max-memory stop it",
                    JUDGED_AFTER.as_secs()
                );
            }
        });
        let built = build();
        drop(ended);
        built
    })
}
