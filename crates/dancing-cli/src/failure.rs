//! How a run ends: exit codes, and errors that carry their own message.

use std::fmt;
use std::io;
use std::process::ExitCode;

use dancing::{Stats, StopReason};

/// Everything was read and answered.
pub(crate) const EXIT_OK: u8 = 0;
/// An input could not be read: bad syntax, a missing file, a usage error (clap's own
/// code for usage errors is also 2).
pub(crate) const EXIT_INPUT: u8 = 2;
/// A `--timeout` or `--max-nodes` limit stopped the search before it was complete.
pub(crate) const EXIT_STOPPED: u8 = 3;
/// Ctrl-C stopped the search (128 + SIGINT, as shells report it).
pub(crate) const EXIT_INTERRUPTED: u8 = 130;

/// An error that ends the run: printed as `error: <message>` on stderr.
#[derive(Debug)]
pub(crate) struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    /// A bad input or argument (exit code 2).
    pub(crate) fn input(message: impl fmt::Display) -> Self {
        Self {
            message: shorten(&message.to_string()),
            code: EXIT_INPUT,
        }
    }

    /// A limit that stopped the run before its search (a build past `--timeout`, say):
    /// the exit code of the stop.
    pub(crate) fn stopped(reason: StopReason, message: impl fmt::Display) -> Self {
        Self {
            message: shorten(&message.to_string()),
            code: exit_code(Some(reason)),
        }
    }

    /// The exit code and, unless stdout was closed by its reader, the message to print.
    pub(crate) fn report(&self) -> ExitCode {
        if !self.message.is_empty() {
            stderr_line!("error: {}", self.message);
        }
        ExitCode::from(self.code)
    }
}

/// Writing the results failed. A closed pipe (`dancing … | head`) is a normal way for
/// the reader to say it has seen enough, so it ends the run quietly.
impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Self {
                message: String::new(),
                code: EXIT_OK,
            }
        } else {
            Self {
                message: format!("cannot write the output: {e}"),
                code: 1,
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

/// The exit code of a run that a limit may have stopped: the one place where a stop
/// becomes a code. 130 after Ctrl-C, 3 for `--timeout`, `--max-nodes` and
/// `--max-memory`; 0 for none, or for a caller's own stop (`--limit` reached).
pub(crate) fn exit_code(stop: Option<StopReason>) -> u8 {
    match stop {
        Some(StopReason::Interrupted) => EXIT_INTERRUPTED,
        Some(StopReason::NodeLimit | StopReason::Timeout | StopReason::Memory) => EXIT_STOPPED,
        _ => EXIT_OK,
    }
}

/// The exit code of a finished search: [`exit_code`] of its stop.
pub(crate) fn search_code(stats: &Stats) -> u8 {
    exit_code(stats.stopped)
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
    fn stop_reasons_choose_the_exit_code() {
        let code = |stopped| {
            search_code(&Stats {
                stopped,
                ..Stats::default()
            })
        };
        assert_eq!(code(None), EXIT_OK);
        assert_eq!(code(Some(StopReason::Caller)), EXIT_OK);
        assert_eq!(code(Some(StopReason::Timeout)), EXIT_STOPPED);
        assert_eq!(code(Some(StopReason::NodeLimit)), EXIT_STOPPED);
        assert_eq!(code(Some(StopReason::Interrupted)), EXIT_INTERRUPTED);
    }
}
