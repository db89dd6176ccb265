//! How a run ends: exit codes, and errors that carry their own message.

use std::fmt;
use std::io;
use std::process::ExitCode;

use dancing::{Stats, StopReason};

/// How a run ended, which its exit code is decided from ([`Outcome::code`], the one
/// place where an end becomes a code): the limit that stopped a search, whether some
/// input was bad (the rest answered), whether the output could not be written.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Outcome {
    stop: Option<StopReason>,
    /// A limit of the command's own ran out (`generate --max-attempts`).
    gave_up: bool,
    bad_input: bool,
    unwritten: bool,
}

impl Outcome {
    /// Everything was read and answered (exit code 0).
    pub(crate) const ANSWERED: Self = Self {
        stop: None,
        gave_up: false,
        bad_input: false,
        unwritten: false,
    };

    /// A run that `stop` may have stopped; a caller's own stop (`--limit` reached) is
    /// none.
    pub(crate) fn stopped(stop: Option<StopReason>) -> Self {
        Self {
            stop: stop.filter(|&reason| reason != StopReason::Caller),
            ..Self::ANSWERED
        }
    }

    /// Some input could not be read, or the arguments were wrong (exit code 2).
    pub(crate) const BAD_INPUT: Self = Self {
        bad_input: true,
        ..Self::ANSWERED
    };

    /// A run whose own limit ran out before it was done (`generate --max-attempts`):
    /// as a limit's stop.
    pub(crate) const GAVE_UP: Self = Self {
        gave_up: true,
        ..Self::ANSWERED
    };

    /// The end of a search with these statistics.
    pub(crate) fn of(stats: &Stats) -> Self {
        Self::stopped(stats.stopped)
    }

    /// This end, with bad input besides when `bad` (a batch's errors, the others
    /// answered).
    pub(crate) fn with_bad_input(self, bad: bool) -> Self {
        Self {
            bad_input: self.bad_input || bad,
            ..self
        }
    }

    /// Whether a limit stopped the run.
    pub(crate) fn is_stopped(self) -> bool {
        self.stop.is_some() || self.gave_up
    }

    /// The exit code: 1 when the output could not be written; 130 after Ctrl-C; 3 for
    /// `--timeout`, `--max-nodes` and `--max-memory`; 2 for bad input or usage (clap's
    /// own code for usage errors is also 2); else 0.
    pub(crate) fn code(self) -> u8 {
        match self.stop {
            _ if self.unwritten => 1,
            Some(StopReason::Interrupted) => 130,
            Some(StopReason::NodeLimit | StopReason::Timeout | StopReason::Memory) => 3,
            _ if self.gave_up => 3,
            _ if self.bad_input => 2,
            _ => 0,
        }
    }
}

/// An error that ends the run: printed as `error: <message>` on stderr.
#[derive(Debug)]
pub(crate) struct Failure {
    message: String,
    outcome: Outcome,
}

impl Failure {
    /// A bad input or argument (exit code 2).
    pub(crate) fn input(message: impl fmt::Display) -> Self {
        Self {
            message: shorten(&message.to_string()),
            outcome: Outcome::BAD_INPUT,
        }
    }

    /// A limit that stopped the run before its search (a build past `--timeout`, say):
    /// the exit code of the stop.
    pub(crate) fn stopped(reason: StopReason, message: impl fmt::Display) -> Self {
        Self {
            message: shorten(&message.to_string()),
            outcome: Outcome::stopped(Some(reason)),
        }
    }

    /// The exit code and, unless stdout was closed by its reader, the message to print.
    pub(crate) fn report(&self) -> ExitCode {
        if !self.message.is_empty() {
            stderr_line!("error: {}", self.message);
        }
        ExitCode::from(self.outcome.code())
    }
}

/// Writing the results failed. A closed pipe (`dancing … | head`) is a normal way for
/// the reader to say it has seen enough, so it ends the run quietly.
impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Self {
                message: String::new(),
                outcome: Outcome::ANSWERED,
            }
        } else {
            Self {
                message: format!("cannot write the output: {e}"),
                outcome: Outcome {
                    unwritten: true,
                    ..Outcome::ANSWERED
                },
            }
        }
    }
}

/// The longest message printed whole, in characters.
const MESSAGE_LIMIT: usize = 400;

/// Keeps a message readable when it quotes a huge token (a 10 MB item name, say): its
/// middle is replaced by `…`.
pub(crate) fn shorten(message: &str) -> String {
    let count = message.chars().count();
    if count <= MESSAGE_LIMIT {
        return message.to_owned();
    }
    let head: String = message.chars().take(MESSAGE_LIMIT / 2).collect();
    let tail: String = message.chars().skip(count - MESSAGE_LIMIT / 4).collect();
    format!("{head}…{tail}")
}

/// Whether standard output and standard error both go to a terminal, where a person
/// reads them together: a bad entry's answer line (`error: <reason>`) and its message on
/// standard error (`error: FILE: line L, column C: <reason>`) would say the same thing
/// twice, so only the message is printed.
pub(crate) fn one_screen() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal() && std::io::stderr().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_messages_keep_their_ends() {
        assert_eq!(shorten("short"), "short");
        let long = format!("unknown item `{}`", "z".repeat(10_000));
        let short = shorten(&long);
        assert!(short.starts_with("unknown item `zzz") && short.ends_with("zz`"));
        assert_eq!(
            short.chars().count(),
            MESSAGE_LIMIT / 2 + 1 + MESSAGE_LIMIT / 4
        );
    }

    #[test]
    fn outcomes_choose_the_exit_code() {
        let code = |stopped| {
            Outcome::of(&Stats {
                stopped,
                ..Stats::default()
            })
            .code()
        };
        assert_eq!(code(None), 0);
        assert_eq!(code(Some(StopReason::Caller)), 0);
        assert_eq!(code(Some(StopReason::Timeout)), 3);
        assert_eq!(code(Some(StopReason::NodeLimit)), 3);
        assert_eq!(code(Some(StopReason::Memory)), 3);
        assert_eq!(code(Some(StopReason::Interrupted)), 130);
        // A stop outweighs bad input; a failed write outweighs both.
        let bad = Outcome::ANSWERED.with_bad_input(true);
        assert_eq!(bad.code(), 2);
        let stopped_and_bad = Outcome::stopped(Some(StopReason::Timeout)).with_bad_input(true);
        assert_eq!(stopped_and_bad.code(), 3);
        let unwritten = Failure::from(io::Error::other("disk full")).outcome;
        assert_eq!(unwritten.with_bad_input(true).code(), 1);
        let closed = Failure::from(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(closed.outcome.code(), 0);
    }
}
