//! Words for a person at a terminal: what standard input is waiting for. They are never
//! printed into a file or a pipe, so scripts and tests see exactly what they saw before.

use std::io::{self, IsTerminal};

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
}
