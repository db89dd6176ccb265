//! The one printer of what a search answered, whichever engine ran it: the count as
//! `--count` prints it, the summary line on stderr, the `--stats` JSON and the outcome
//! that the exit code is made from. Every search of `xc` and `problem` ends here: the
//! links, the dense engine, Algorithm M, threads, the learner, the cheapest solutions,
//! the HUST cases, the memo and the samples drawn by listing.
//!
//! The words every command says a count and a stop in live here too: `N+`, `1 node`,
//! ` (stopped: --timeout expired)`, the names of the stops in `--stats`.
//!
//! An answer is the [`Stats`] every engine keeps (solutions, time, stop), the exact
//! count where the memo made one past 2^64, and the engine's own measures of its work
//! (nodes and updates; the memo's states and diagram; the learner's conflicts), each
//! said once in the summary's words and written once under its `--stats` key.

use std::time::Duration;

use dancing::{BigCount, CountProbe, Stats, StopReason, Stopped, Zdd};

use crate::args::SearchArgs;
use crate::failure::Outcome;
use crate::input::human_size;

/// What one search answered; [`print`](Self::print) reports it.
#[derive(Debug, Clone)]
pub(crate) struct Answer {
    /// Solutions found (at most 2^64 − 1: see `exact`), the time and the stop.
    stats: Stats,
    /// The exact count, where it may pass 2^64 (the memo's).
    exact: Option<BigCount>,
    /// Whether there is a count: a memo that a limit stopped while building has none.
    counted: bool,
    /// What the search did, in order: the summary's words and the `--stats` keys.
    work: Vec<Work>,
    /// Said right after the solutions: ` (3 drawn from the memo, seed 7)`.
    note: String,
    /// The other keys of `--stats`: the engine, the threads, the seed.
    fields: Vec<(&'static str, serde_json::Value)>,
}

/// One measure of a search's work: its `--stats` key and value, and its words in the
/// summary (`None`: in the JSON only).
#[derive(Debug, Clone)]
struct Work {
    key: &'static str,
    value: u64,
    words: Option<String>,
}

impl Answer {
    /// The answer of an engine's search: its solutions, nodes and updates.
    pub(crate) fn of(stats: &Stats) -> Self {
        Self {
            stats: *stats,
            exact: None,
            counted: true,
            work: Vec::new(),
            note: String::new(),
            fields: Vec::new(),
        }
        .counted_as("nodes", stats.nodes, "node")
        .counted_as("updates", stats.updates, "update")
    }

    /// The memo's answer: the count of `zdd` (`N+` past `limit`), its states, what it
    /// remembered and its diagram; `stop` the limit that ended the listing, if any.
    pub(crate) fn memo(
        zdd: &Zdd,
        elapsed: Duration,
        stop: Option<StopReason>,
        limit: Option<u64>,
    ) -> Self {
        let memo = zdd.stats();
        let (count, at_limit) = match limit {
            Some(limit) => zdd.count_up_to(limit),
            None => (zdd.count(), None),
        };
        let stopped = at_limit.or(stop);
        let (solutions, exact) = match u64::try_from(&count) {
            Ok(n) => (n, None),
            Err(_) => (u64::MAX, Some(count)),
        };
        let stats = Stats {
            solutions,
            elapsed,
            stopped,
            ..Stats::default()
        };
        let mut answer = Self::searched(stats, memo.states);
        answer.exact = exact;
        answer
            .work(
                "memo_entries",
                memo.entries,
                format!("{} remembered", memo.entries),
            )
            .hidden("memo_hits", memo.hits)
            .counted_as("zdd_nodes", memo.nodes, "ZDD node")
            .work("bytes", memo.bytes, human_size(memo.bytes))
            .field("bytes_per_state", per_state(memo.bytes, memo.states))
            .field("engine", "memo")
            .field("memo_order", format!("{:?}", memo.order).to_lowercase())
    }

    /// The memo stopped by a limit before its diagram was made: no count, the states it
    /// reached.
    pub(crate) fn memo_stopped(stop: &Stopped, elapsed: Duration) -> Self {
        let stats = Stats {
            elapsed,
            stopped: Some(stop.reason),
            ..Stats::default()
        };
        let mut answer = Self::searched(stats, stop.stats.nodes).field("engine", "memo");
        answer.counted = false;
        answer
    }

    /// An answer whose work is counted in states (the memo's).
    fn searched(stats: Stats, states: u64) -> Self {
        Self {
            stats,
            exact: None,
            counted: true,
            work: Vec::new(),
            note: String::new(),
            fields: Vec::new(),
        }
        .counted_as("states", states, "state")
    }

    /// Adds a measure of the work, said `words` in the summary.
    pub(crate) fn work(mut self, key: &'static str, value: u64, words: String) -> Self {
        self.work.push(Work {
            key,
            value,
            words: Some(words),
        });
        self
    }

    /// Adds a measure said as a count of `noun`s (`3 conflicts`).
    pub(crate) fn counted_as(self, key: &'static str, value: u64, noun: &str) -> Self {
        self.work(key, value, plural(value, noun))
    }

    /// Adds a measure written in `--stats` only.
    pub(crate) fn hidden(mut self, key: &'static str, value: u64) -> Self {
        self.work.push(Work {
            key,
            value,
            words: None,
        });
        self
    }

    /// Says a measure already added in `--stats` only (the links' nodes and updates
    /// when the learner ran without them).
    pub(crate) fn unsaid(mut self, keys: &[&str]) -> Self {
        for work in &mut self.work {
            if keys.contains(&work.key) {
                work.words = None;
            }
        }
        self
    }

    /// Adds a key of `--stats`.
    pub(crate) fn field(mut self, key: &'static str, value: impl Into<serde_json::Value>) -> Self {
        self.fields.push((key, value.into()));
        self
    }

    /// Adds what the router's probe of the memo found, where a count ran one
    /// (`memo_probe`: its states, its hits, whether the memo finished within it).
    pub(crate) fn probed(self, probe: Option<CountProbe>) -> Self {
        match probe {
            Some(probe) => self.field(
                "memo_probe",
                serde_json::json!({
                    "states": probe.states,
                    "hits": probe.hits,
                    "finished": probe.finished,
                }),
            ),
            None => self,
        }
    }

    /// Says `note` right after the solutions.
    pub(crate) fn note(mut self, note: impl Into<String>) -> Self {
        self.note = note.into();
        self
    }

    /// The count as `--count` prints it: the number, then `+` when the search stopped
    /// before the end (`--timeout`, `--max-nodes`, Ctrl-C: at least that many;
    /// `--limit N`: more than N), as `sudoku count` prints `10+`. A script reading the
    /// line cannot take a partial count for the total.
    pub(crate) fn count_text(&self) -> String {
        match &self.exact {
            Some(exact) if self.stats.is_complete() => exact.to_string(),
            _ if self.stats.is_complete() => self.stats.solutions.to_string(),
            _ => more_than(self.stats.solutions),
        }
    }

    /// The solutions, as the summary says them: `92 solutions`, `first 5 solutions`
    /// when `--limit` stopped the search (what was asked for).
    fn solutions(&self) -> String {
        if !self.counted {
            return "the memoized search stopped before counting".to_owned();
        }
        let noun = |n: &str| if n == "1" { "solution" } else { "solutions" };
        let n = match &self.exact {
            Some(exact) => exact.to_string(),
            None => self.stats.solutions.to_string(),
        };
        let first = match self.stats.stopped {
            Some(StopReason::Caller) => "first ",
            _ => "",
        };
        format!("{first}{n} {}", noun(&n))
    }

    /// The one-line summary: the solutions, the work, the time, and the limit that
    /// stopped the search, if one did.
    pub(crate) fn summary(&self) -> String {
        let mut line = self.solutions();
        line.push_str(&self.note);
        for words in self.work.iter().filter_map(|work| work.words.as_deref()) {
            line.push_str(", ");
            line.push_str(words);
        }
        line.push_str(&format!(
            ", {:.3} s{}",
            self.stats.elapsed.as_secs_f64(),
            stop_note(self.stats.stopped)
        ));
        line
    }

    /// The statistics of `--stats`, as one JSON object.
    pub(crate) fn json(&self) -> serde_json::Value {
        // Counts past 2^64 are written as strings, which JSON readers keep exact.
        let solutions = match (&self.exact, self.counted) {
            (_, false) => serde_json::Value::Null,
            (Some(exact), true) => exact.to_string().into(),
            (None, true) => self.stats.solutions.into(),
        };
        let mut map = serde_json::Map::new();
        map.insert("peak_rss".into(), peak_rss().into());
        map.insert("solutions".into(), solutions);
        for work in &self.work {
            map.insert(work.key.into(), work.value.into());
        }
        map.insert("seconds".into(), self.stats.elapsed.as_secs_f64().into());
        map.insert("complete".into(), self.stats.is_complete().into());
        map.insert("stopped".into(), stop_name(self.stats.stopped).into());
        for (key, value) in &self.fields {
            map.insert((*key).to_owned(), value.clone());
        }
        serde_json::Value::Object(map)
    }

    /// Prints the summary (unless `--quiet`) and the statistics (with `--stats`); the
    /// outcome that the exit code is made from.
    pub(crate) fn print(&self, args: &SearchArgs) -> Outcome {
        args.report.print(|| self.summary(), || self.json());
        Outcome::of(&self.stats)
    }
}

/// The most memory the process has held resident so far, in bytes (the `peak_rss` of
/// `xc`'s and `problem`'s `--stats`, which `--max-memory` bounds): Linux's `VmHWM`;
/// `None` where it cannot be read.
pub(crate) fn peak_rss() -> Option<u64> {
    dancing_sat::status_bytes("VmHWM")
}

/// `N+`: the one way every command writes a count it stopped at, at least N (more than
/// N when `--limit N` stopped it).
pub(crate) fn more_than(n: u64) -> String {
    format!("{n}+")
}

/// The name of a stop reason in the summary and the JSON statistics.
pub(crate) fn stop_name(reason: Option<StopReason>) -> Option<&'static str> {
    reason.map(|reason| match reason {
        StopReason::NodeLimit => "max-nodes",
        StopReason::Timeout => "timeout",
        StopReason::Interrupted => "interrupted",
        StopReason::Memory => "max-memory",
        _ => "limit",
    })
}

/// `1 node`, `2 nodes`: a count and its noun, for summary lines.
pub(crate) fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// What a summary line ends with when a limit stopped the search: ` (stopped: …)`, or
/// nothing.
pub(crate) fn stop_note(stopped: Option<StopReason>) -> &'static str {
    match stopped {
        Some(StopReason::NodeLimit) => " (stopped: --max-nodes reached)",
        Some(StopReason::Timeout) => " (stopped: --timeout expired)",
        Some(StopReason::Interrupted) => " (stopped: interrupted)",
        Some(StopReason::Memory) => " (stopped: --max-memory reached)",
        _ => "",
    }
}

/// The memo's bytes per state reached, to a tenth of a byte (0 for no state): what its
/// memory costs a state, the figure the memo's layout is judged by.
fn per_state(bytes: u64, states: u64) -> f64 {
    match states {
        0 => 0.0,
        states => (bytes as f64 / states as f64 * 10.0).round() / 10.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_and_json_name_the_stop() {
        let stats = Stats {
            solutions: 1,
            nodes: 2,
            updates: 30,
            elapsed: Duration::from_millis(1500),
            stopped: Some(StopReason::Timeout),
        };
        let answer = Answer::of(&stats);
        assert_eq!(
            answer.summary(),
            "1 solution, 2 nodes, 30 updates, 1.500 s (stopped: --timeout expired)"
        );
        assert_eq!(answer.count_text(), "1+");
        let serde_json::Value::Object(mut json) = answer.json() else {
            panic!("an object")
        };
        let peak = json.remove("peak_rss").expect("the peak memory");
        assert_eq!(peak.is_u64(), cfg!(target_os = "linux"), "{peak}");
        assert_eq!(
            serde_json::Value::Object(json).to_string(),
            r#"{"complete":false,"nodes":2,"seconds":1.5,"solutions":1,"stopped":"timeout","updates":30}"#
        );
        let done = Answer::of(&Stats::default());
        assert_eq!(done.summary(), "0 solutions, 0 nodes, 0 updates, 0.000 s");
        assert_eq!(done.json()["stopped"], serde_json::Value::Null);
        let limited = Stats {
            solutions: 5,
            stopped: Some(StopReason::Caller),
            ..Stats::default()
        };
        let limited = Answer::of(&limited);
        assert_eq!(
            limited.summary(),
            "first 5 solutions, 0 nodes, 0 updates, 0.000 s"
        );
        assert_eq!(limited.count_text(), "5+");
    }

    #[test]
    fn the_memo_counts_past_64_bits_and_stops_at_the_limit() {
        // The 2 × 100 board has F(101) domino tilings, past 2^64.
        let problem = dancing::problems::dominoes(100, 2);
        let zdd = dancing::Memo::new(&problem).build().expect("a small memo");
        let exact = zdd.count().to_string();
        assert_eq!(exact, "573147844013817084101");
        let answer = Answer::memo(&zdd, Duration::ZERO, None, None);
        assert_eq!(answer.count_text(), exact);
        assert_eq!(
            answer.json()["solutions"],
            serde_json::Value::from(exact.clone())
        );
        assert!(
            answer
                .summary()
                .starts_with(&format!("{exact} solutions, "))
        );
        let stats = zdd.stats();
        let per = answer.json()["bytes_per_state"].as_f64().unwrap();
        assert!((per - stats.bytes as f64 / stats.states as f64).abs() <= 0.05);
        assert_eq!(per_state(0, 0), 0.0);
        let limited = Answer::memo(&zdd, Duration::ZERO, None, Some(10));
        assert_eq!(limited.count_text(), "10+");
        assert!(limited.summary().starts_with("first 10 solutions, "));
        let stopped = Stopped::new(StopReason::Timeout, Stats::default());
        let stopped = Answer::memo_stopped(&stopped, Duration::ZERO);
        assert_eq!(stopped.json()["solutions"], serde_json::Value::Null);
        assert_eq!(
            stopped.summary(),
            "the memoized search stopped before counting, 0 states, 0.000 s \
             (stopped: --timeout expired)"
        );
    }
}
