//! Words for a person at a terminal: what standard input is waiting for, and, once, that
//! a long search can show its progress. Neither is ever printed into a file or a pipe, so
//! scripts and tests see exactly what they saw before.

use std::io::{self, IsTerminal};
use std::time::Duration;

/// How a person ends what they type on a terminal.
#[cfg(windows)]
const END_OF_INPUT: &str = "Ctrl-Z then Enter";
#[cfg(not(windows))]
const END_OF_INPUT: &str = "Ctrl-D";

/// What a command reads from standard input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// `dancing xc`: a problem in Knuth's format.
    Dlx,
    /// `dancing xc --matrix`: the HUST 1017 cases.
    Matrix,
    /// `dancing sudoku solve|count|check`.
    Puzzles,
    /// `dancing sudoku judge NAME`, with the judge's name.
    Judge(&'static str),
    /// `dancing problem tiling`: the ZOJ 3209 cases.
    Tiling,
}

/// The line that tells a person what standard input is waiting for and how to end it.
pub(crate) fn stdin_hint(reading: Reading) -> String {
    let what = match reading {
        Reading::Dlx => "a DLX problem".to_owned(),
        Reading::Matrix => "0/1 matrix cases (the HUST 1017 format)".to_owned(),
        Reading::Puzzles => "sudoku puzzles".to_owned(),
        Reading::Judge(name) => format!("the {name} judge's input"),
        Reading::Tiling => "tiling cases (the ZOJ 3209 format)".to_owned(),
    };
    format!("reading {what} from standard input (end with {END_OF_INPUT}; see --help)")
}

/// Prints [`stdin_hint`] on stderr if standard input is a terminal: without it, a command
/// started without a file seems to hang.
pub(crate) fn hint_if_typing(reading: Reading) {
    if io::stdin().is_terminal() {
        stderr_line!("{}", stdin_hint(reading));
    }
}

/// How long a search runs before [`Nudge`] mentions `--progress`.
pub(crate) const NUDGE_AFTER: Duration = Duration::from_secs(3);

/// Mentions `--progress`, once, to a person waiting on a long search without it.
///
/// It is armed only when stderr is a terminal and `--progress` was not given; whoever
/// owns it asks [`Nudge::due`] from a check that already runs now and then (the search's
/// heartbeat, or a batch's status thread), never per node.
#[derive(Debug)]
pub(crate) struct Nudge {
    armed: bool,
    /// `searching` or `solving`, as the line says it.
    doing: &'static str,
}

impl Nudge {
    /// A nudge that may speak: `armed` is whether anyone would read it.
    pub(crate) fn new(armed: bool, doing: &'static str) -> Self {
        Self { armed, doing }
    }

    /// Whether it may still speak (so its owner can skip reading the clock).
    pub(crate) fn is_armed(&self) -> bool {
        self.armed
    }

    /// The line to print now that the search has run `elapsed`: the first time that is
    /// [`NUDGE_AFTER`] or more, and never again.
    pub(crate) fn due(&mut self, elapsed: Duration) -> Option<String> {
        if !self.armed || elapsed < NUDGE_AFTER {
            return None;
        }
        self.armed = false;
        Some(format!(
            "still {} after {} s; --progress shows a live status line",
            self.doing,
            NUDGE_AFTER.as_secs()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_say_what_is_read_and_how_to_end_it() {
        let dlx = stdin_hint(Reading::Dlx);
        assert!(
            dlx.starts_with("reading a DLX problem from standard input (end with Ctrl-"),
            "{dlx}"
        );
        assert!(dlx.ends_with("; see --help)"), "{dlx}");
        #[cfg(not(windows))]
        assert_eq!(
            stdin_hint(Reading::Judge("poj3074")),
            "reading the poj3074 judge's input from standard input (end with Ctrl-D; see --help)"
        );
        for reading in [
            Reading::Matrix,
            Reading::Puzzles,
            Reading::Judge("sicily"),
            Reading::Tiling,
        ] {
            let hint = stdin_hint(reading);
            assert!(hint.contains(" from standard input (end with "), "{hint}");
            assert_eq!(hint.lines().count(), 1);
        }
    }

    #[test]
    fn the_nudge_speaks_once_after_three_seconds() {
        let mut nudge = Nudge::new(true, "searching");
        assert!(nudge.is_armed());
        assert_eq!(nudge.due(Duration::ZERO), None);
        assert_eq!(nudge.due(Duration::from_millis(2999)), None);
        assert_eq!(
            nudge.due(Duration::from_secs(3)).as_deref(),
            Some("still searching after 3 s; --progress shows a live status line")
        );
        assert!(!nudge.is_armed());
        assert_eq!(nudge.due(Duration::from_secs(4)), None);
        assert_eq!(nudge.due(Duration::from_secs(1000)), None);
    }

    #[test]
    fn a_disarmed_nudge_never_speaks() {
        let mut nudge = Nudge::new(false, "solving");
        assert!(!nudge.is_armed());
        assert_eq!(nudge.due(Duration::from_secs(60)), None);
    }
}
