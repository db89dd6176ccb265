//! What a batch reports besides its answers: its summary line (`10 puzzles (8 solved,
//! …)`), its outcomes, tallies and gravest stop, and the counts a batch or the learner
//! bounds by `--limit`. A search's summary line, `--stats` and outcome, and the words
//! every command says a count and a stop in, are `answer`'s.

use std::time::Duration;

use dancing::{Count, Stats, StopReason};

use crate::answer::{plural, stop_name, stop_note};
use crate::args::ReportArgs;
use crate::failure::Outcome;

impl ReportArgs {
    /// Prints the summary line unless `--quiet`, then the statistics if `--stats`.
    pub(crate) fn print(
        &self,
        summary: impl FnOnce() -> String,
        stats: impl FnOnce() -> serde_json::Value,
    ) {
        if !self.quiet {
            stderr_line!("{}", summary());
        }
        if self.stats {
            stderr_line!("{}", stats());
        }
    }
}

/// How far a count with `--limit N` searches when it drives a search itself (the
/// learner's): one solution past N, as the engines' counts do ([`Count::bound`]), so that
/// a count of exactly N is printed `N`, and `N+` only when there are more.
pub(crate) fn count_bound(limit: Option<u64>) -> u64 {
    limit.map_or(u64::MAX, Count::bound)
}

/// The statistics of a count that searched to [`count_bound`]: a solution past the
/// limit is not counted, and says that the count stopped at the limit
/// ([`Count::up_to`]).
pub(crate) fn within_limit(mut stats: Stats, limit: Option<u64>) -> Stats {
    if let Some(limit) = limit {
        let count = Count::up_to(stats.solutions, limit, stats.stopped);
        stats.solutions = count.found();
        stats.stopped = count.reason();
    }
    stats
}

/// How many solutions a search found, said as what they are: `92 solutions` when it
/// ran to the end, `first 5 solutions` when `--limit` stopped it (what was asked for),
/// `at least 5 solutions (the search was stopped)` when another limit did.
pub(crate) fn solutions_found(stats: &Stats) -> String {
    let solutions = plural(stats.solutions, "solution");
    match stats.stopped {
        None => solutions,
        Some(StopReason::Caller) => format!("first {solutions}"),
        Some(_) => format!("at least {solutions} (the search was stopped)"),
    }
}

/// The answer to a sudoku whose search a limit stopped: `stopped: timeout`.
pub(crate) fn stopped_answer(reason: StopReason) -> String {
    format!("stopped: {}", stop_name(Some(reason)).unwrap_or("limit"))
}

/// How one puzzle was answered, as the summary counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PuzzleOutcome {
    /// `solve` printed a solution.
    Solved,
    /// `check` or `count` found exactly one solution.
    Unique,
    /// More than one (`check`, `count`, `solve --unique`).
    Multiple,
    /// No solution.
    NoSolution,
    /// `count` reached its `--limit` (printed `N+`).
    AtLimit,
    /// A limit or Ctrl-C stopped its search, or the batch ended before it.
    Stopped,
}

impl PuzzleOutcome {
    /// In the order the summary lists them.
    const ALL: [Self; 6] = [
        Self::Solved,
        Self::Unique,
        Self::Multiple,
        Self::NoSolution,
        Self::AtLimit,
        Self::Stopped,
    ];

    fn words(self) -> &'static str {
        match self {
            Self::Solved => "solved",
            Self::Unique => "unique",
            Self::Multiple => "multiple",
            Self::NoSolution => "no solution",
            Self::AtLimit => "at --limit",
            Self::Stopped => "stopped",
        }
    }
}

/// Puzzles answered, by outcome.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    counts: [u64; PuzzleOutcome::ALL.len()],
}

impl Tally {
    pub(crate) fn add(&mut self, outcome: PuzzleOutcome) {
        self.counts[outcome as usize] += 1;
    }

    fn puzzles(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// The figures a summary line reports besides the outcomes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Figures {
    /// Lines that were not puzzles (each answered `error: …`).
    pub(crate) errors: u64,
    pub(crate) nodes: u64,
    /// The wall-clock time of the whole batch.
    pub(crate) elapsed: Duration,
    pub(crate) stopped: Option<StopReason>,
    /// Whether a person typed the puzzles: the time is then theirs, and no rate is told.
    pub(crate) typed: bool,
}

/// The gravest limit that stopped a puzzle of a batch, if any did: Ctrl-C, then the
/// deadline (both end the batch), then the node limit (which stops one puzzle).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Gravest(pub(crate) Option<StopReason>);

impl Gravest {
    /// Counts a puzzle that `reason` stopped.
    pub(crate) fn add(&mut self, reason: StopReason) {
        let rank = |reason: Option<StopReason>| match reason {
            None => 0,
            Some(StopReason::Interrupted) => 3,
            Some(StopReason::Timeout) => 2,
            Some(_) => 1,
        };
        if rank(Some(reason)) > rank(self.0) {
            self.0 = Some(reason);
        }
    }

    /// Whether a batch reads no more puzzles, `passed` being what the limits say now:
    /// after Ctrl-C (the puzzles read are answered `stopped: interrupted`), or after
    /// the deadline when a person types the puzzles. After the deadline a file or a
    /// pipe is read to its end, each puzzle answered `stopped: timeout` without a
    /// search, so that every puzzle of the input gets its answer line.
    pub(crate) fn stops_reading(&self, passed: Option<StopReason>, interactive: bool) -> bool {
        let mut gravest = *self;
        if let Some(reason) = passed {
            gravest.add(reason);
        }
        match gravest.0 {
            Some(StopReason::Interrupted) => true,
            Some(StopReason::Timeout) => interactive,
            _ => false,
        }
    }

    /// How the batch ended: the gravest stop, and bad input when there were `errors`.
    pub(crate) fn outcome(&self, errors: u64) -> Outcome {
        Outcome::stopped(self.0).with_bad_input(errors > 0)
    }
}

/// What every batch says of itself in `--stats`, whichever command ran it (`solve`,
/// `count`, `check`, `rate`, `hint`, `generate`): the puzzles answered, the lines that
/// were not puzzles, whether it ran to the end and what stopped it, its time, its pace
/// and its threads, each under one key. Each command adds its own keys.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BatchStats {
    pub(crate) puzzles: u64,
    /// Lines that were not puzzles; `None` where the command reads no input.
    pub(crate) errors: Option<u64>,
    /// Whether every puzzle was answered (a stop, or attempts run out, says no).
    pub(crate) complete: bool,
    pub(crate) stopped: Option<StopReason>,
    pub(crate) elapsed: Duration,
    pub(crate) threads: usize,
}

impl BatchStats {
    /// The JSON object of `--stats`: these keys, then the command's `own` (an object).
    pub(crate) fn json(&self, own: serde_json::Value) -> serde_json::Value {
        let seconds = self.elapsed.as_secs_f64();
        let mut map = serde_json::Map::new();
        map.insert("puzzles".into(), self.puzzles.into());
        if let Some(errors) = self.errors {
            map.insert("errors".into(), errors.into());
        }
        map.insert("complete".into(), self.complete.into());
        map.insert("stopped".into(), stop_name(self.stopped).into());
        map.insert("seconds".into(), seconds.into());
        let pace = self.puzzles as f64 / seconds.max(1e-9);
        map.insert("puzzles_per_second".into(), pace.into());
        map.insert("threads".into(), self.threads.into());
        if let serde_json::Value::Object(own) = own {
            map.extend(own);
        }
        serde_json::Value::Object(map)
    }
}

/// The one-line summary printed on stderr after a batch, shaped like `dancing xc`'s:
/// `10 puzzles (8 solved, 2 no solution), 1 error, 5956 nodes, 0.002 s, 5037 puzzles/s`,
/// then ` (stopped: …)` if a limit stopped a search. Outcomes no puzzle had are left out,
/// and so are the errors when there are none.
pub(crate) fn batch_summary(tally: &Tally, figures: Figures) -> String {
    let puzzles = tally.puzzles();
    let mut line = plural(puzzles, "puzzle");
    let outcomes: Vec<String> = PuzzleOutcome::ALL
        .iter()
        .filter(|&&outcome| tally.counts[outcome as usize] > 0)
        .map(|&outcome| format!("{} {}", tally.counts[outcome as usize], outcome.words()))
        .collect();
    if !outcomes.is_empty() {
        line.push_str(&format!(" ({})", outcomes.join(", ")));
    }
    if figures.errors > 0 {
        line.push_str(&format!(", {}", plural(figures.errors, "error")));
    }
    let seconds = figures.elapsed.as_secs_f64();
    line.push_str(&format!(
        ", {}, {seconds:.3} s",
        plural(figures.nodes, "node")
    ));
    if puzzles > 0 && !figures.typed {
        line.push_str(&format!(", {}", rate(puzzles, figures.elapsed)));
    }
    line.push_str(stop_note(figures.stopped));
    line
}

/// The rate of a batch: `5037 puzzles/s`, with a decimal only where it matters
/// (`5.0 puzzles/s`), and for puzzles that take more than a second each the seconds a
/// puzzle (`30.2 s a puzzle`), never `0.0 puzzles/s`.
pub(crate) fn rate(puzzles: u64, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64().max(1e-9);
    let rate = puzzles as f64 / seconds;
    if rate < 1.0 {
        format!("{:.1} s a puzzle", seconds / puzzles.max(1) as f64)
    } else if rate < 10.0 {
        format!("{rate:.1} puzzles/s")
    } else {
        format!("{rate:.0} puzzles/s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn rates_never_read_zero() {
        assert_eq!(rate(1, Duration::from_secs(30)), "30.0 s a puzzle");
        assert_eq!(rate(10, Duration::from_secs(2)), "5.0 puzzles/s");
        assert_eq!(rate(5000, Duration::from_secs(1)), "5000 puzzles/s");
    }

    fn totals(errors: u64, nodes: u64, millis: u64, stopped: Option<StopReason>) -> Figures {
        Figures {
            typed: false,
            errors,
            nodes,
            elapsed: Duration::from_millis(millis),
            stopped,
        }
    }

    #[test]
    fn outcomes_are_listed_in_their_tally_order() {
        for (index, outcome) in PuzzleOutcome::ALL.into_iter().enumerate() {
            assert_eq!(outcome as usize, index, "{outcome:?}");
        }
    }

    #[test]
    fn summaries_count_puzzles_by_outcome() {
        let mut tally = Tally::default();
        for outcome in [PuzzleOutcome::Solved; 8] {
            tally.add(outcome);
        }
        tally.add(PuzzleOutcome::NoSolution);
        tally.add(PuzzleOutcome::NoSolution);
        assert_eq!(
            batch_summary(&tally, totals(1, 5956, 2000, None)),
            "10 puzzles (8 solved, 2 no solution), 1 error, 5956 nodes, 2.000 s, 5.0 puzzles/s"
        );
        let mut tally = Tally::default();
        tally.add(PuzzleOutcome::Unique);
        tally.add(PuzzleOutcome::Stopped);
        tally.add(PuzzleOutcome::AtLimit);
        assert_eq!(
            batch_summary(&tally, totals(0, 1, 100, Some(StopReason::Timeout))),
            "3 puzzles (1 unique, 1 at --limit, 1 stopped), 1 node, 0.100 s, 30 puzzles/s \
             (stopped: --timeout expired)"
        );
        assert_eq!(
            batch_summary(&Tally::default(), totals(2, 0, 0, None)),
            "0 puzzles, 2 errors, 0 nodes, 0.000 s"
        );
    }
}
