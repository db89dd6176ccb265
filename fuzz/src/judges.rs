//! The judge front ends, fed any text: each answers in its judge's form or fails with
//! a line in the input; a stopped search keeps the answers before it.

use dancing::{Limits, StopReason};
use dancing_judges::{Judge, JudgeError};
use dancing_sudoku::Grid;

/// Search-tree nodes one judge's search may use per check.
const MAX_NODES: u64 = 20_000;

/// The first byte picks a judge; the rest, if UTF-8, is its input. Every search runs
/// under a node limit, so any input is judged quickly; a stopped search must say where,
/// and keep the answers before it.
pub fn check(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let judge = Judge::ALL[usize::from(which) % Judge::ALL.len()];
    let limits = Limits {
        max_nodes: Some(MAX_NODES),
        ..Limits::default()
    };
    match judge.run_with(text, &limits) {
        Ok(output) => {
            check_output(judge, text, &output, true);
            // Without limits the answer is the same (only judged when cheap: few
            // puzzles, each with many givens).
            if cheap_enough(judge, text) {
                assert_eq!(judge.run(text).as_ref(), Ok(&output), "{text}");
            }
        }
        Err(e) => {
            let message = e.to_string();
            let line = e.line();
            assert!(message.starts_with(&format!("line {line}")), "{message}");
            let lines = text.lines().count();
            assert!(
                line >= 1 && line <= lines + 1,
                "line {line} outside the input's {lines} lines: {message}"
            );
            assert!(message.chars().count() < 500, "overlong message: {message}");
            if let JudgeError::Stopped {
                output, stopped, ..
            } = &e
            {
                assert_eq!(stopped.reason, StopReason::NodeLimit, "{message}");
                if !output.is_empty() {
                    check_output(judge, text, output, false);
                }
            }
        }
    }
}

/// Whether every puzzle of `text` has enough givens for the judge to answer quickly
/// without limits.
fn cheap_enough(judge: Judge, text: &str) -> bool {
    // Any grid in the text: count the symbols that are givens, per judge's alphabet.
    let givens = |s: &str| s.chars().filter(|c| c.is_ascii_alphanumeric()).count();
    let blocks = text
        .split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .count()
        .max(1);
    match judge {
        // Few puzzles, each counted to 10,000 solutions at most.
        Judge::Sicily => text.len() < 1_000,
        // Branch and bound over every solution: only well-filled grids.
        Judge::Noip => text.split_whitespace().filter(|t| *t != "0").count() >= 30,
        Judge::Poj3074 => text.len() < 10_000,
        Judge::Poj3076 => givens(text) >= 90 * blocks,
        // A count up to 2 of each jigsaw: quick unless the cases are many.
        Judge::Hdu4069 => text.len() < 5_000,
    }
}

/// A judge's answer in the judge's form: for all of `input`, or when not `complete` for
/// the puzzles before a stop.
fn check_output(judge: Judge, input: &str, output: &str, complete: bool) {
    match judge {
        Judge::Poj3074 => {
            for line in output.lines() {
                let grid = Grid::parse_line(line).expect("a printed solution reads back");
                assert_eq!(grid.side(), 9);
                assert!(grid.is_solved(), "{line}");
            }
            let puzzles = input
                .lines()
                .map(str::trim)
                .take_while(|l| *l != "end")
                .filter(|l| !l.is_empty())
                .count();
            if complete {
                assert_eq!(output.lines().count(), puzzles);
            } else {
                assert!(output.lines().count() < puzzles);
            }
        }
        Judge::Poj3076 => {
            // No puzzle, no output: an empty input is answered with nothing.
            for block in output.split("\n\n").filter(|b| !b.is_empty()) {
                let grid = Grid::parse_letters(block).expect("a printed solution reads back");
                assert_eq!(grid.side(), 16);
                assert!(grid.is_solved());
            }
        }
        Judge::Noip => {
            let score = output.trim_end();
            assert!(score == "-1" || score.parse::<u64>().is_ok(), "{output}");
        }
        Judge::Sicily => {
            assert!(
                output.is_empty() || output.starts_with("Puzzle 1 "),
                "{output}"
            );
        }
        Judge::Hdu4069 => {
            assert!(
                output.is_empty() || output.starts_with("Case 1:\n"),
                "{output}"
            );
            for line in output.lines() {
                let digits = line.len() == 9 && line.bytes().all(|b| (b'1'..=b'9').contains(&b));
                assert!(
                    digits
                        || line.starts_with("Case ")
                        || line == "No solution"
                        || line == "Multiple Solutions",
                    "{output}"
                );
            }
        }
    }
}
