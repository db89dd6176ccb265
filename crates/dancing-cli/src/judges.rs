//! `dancing sudoku judge NAME FILE`: the online judges' formats (Sicily 1317, NOIP 2009,
//! POJ 3074 and 3076, HDU 4069), read whole, answered as each judge prints, with the
//! answers before a stop still printed.

use std::io::Write;
use std::path::Path;

use dancing_judges::{Judge, JudgeError};
use dancing_sudoku::parse::Lines;

use crate::args::LimitArgs;
use crate::failure::{Failure, Outcome};
use crate::feedback::{self, Reading};
use crate::input;
use crate::search::searching;

/// The most a judge input may hold: judges' inputs are small (a few thousand puzzles),
/// and this one is read whole before it is answered.
const MAX_JUDGE_INPUT: usize = 64 << 20;

/// Answers a judge's input (`dancing sudoku judge NAME FILE`) as the judge prints it.
pub(crate) fn run(
    judge: Judge,
    file: Option<&Path>,
    limits: &LimitArgs,
) -> Result<Outcome, Failure> {
    let input = input::open(file)?;
    if input.interactive {
        feedback::hint_if_typing(Reading::Judge(judge.name()));
    }
    let name = input.name;
    let limits = limits.limits();
    // The batches' line reader: every line bounded, a bad one named where it is.
    let mut text = String::new();
    let mut line = String::new();
    let mut lines = Lines::new(input.reader);
    while let Some(read) = lines.read(&mut line) {
        read.map_err(|error| Failure::input(format!("{name}: {error}")))?;
        if text.len() + line.len() >= MAX_JUDGE_INPUT {
            return Err(Failure::input(format!(
                "{name}: the input is larger than {} MiB; a judge's input is far smaller",
                MAX_JUDGE_INPUT >> 20
            )));
        }
        text.push_str(&line);
        text.push('\n');
    }
    let result = searching(|| judge.run_with(&text, &limits));
    // A stopped search still lets the answers before it go out.
    let (output, outcome) = match &result {
        Ok(output) => (output, Outcome::ANSWERED),
        Err(JudgeError::Stopped {
            output, stopped, ..
        }) => (output, Outcome::stopped(Some(stopped.reason))),
        Err(error) => return Err(Failure::input(format!("{name}: {error}"))),
    };
    let mut out = crate::output::stdout();
    out.write_all(output.as_bytes())?;
    out.flush()?;
    if let Err(error) = &result {
        stderr_line!("error: {name}: {error}");
    }
    Ok(outcome)
}
