//! The sudoku parsers and the judge front ends, fed any text. Parsed grids round-trip
//! through the printers and small ones are solved by the dancing-links solver and the
//! bitmask baseline, which must agree. Judges answer or fail with a line in the input.

use dancing::{Limits, StopReason};
use dancing_sudoku::BitmaskSolver;
use dancing_sudoku::judge::{Judge, JudgeError};
use dancing_sudoku::{Alphabet, Grid, PuzzleError, Solve, SudokuSolver};

/// Search-tree nodes one solver may use per check.
const MAX_NODES: u64 = 20_000;

fn lines(text: &str) -> Vec<&str> {
    text.split('\n').collect()
}

/// Checks that a parse error points inside `text`.
fn check_position(text: &str, e: &PuzzleError) {
    let lines = lines(text);
    let message = e.to_string();
    assert!(
        message.starts_with(&format!("line {}", e.line)),
        "{message}"
    );
    // The end of input is the line after the last, final newline or not.
    let last = text.lines().count() + 1;
    assert!(
        e.line >= 1 && e.line <= last,
        "line {} beyond the end of input (line {last}): {message}",
        e.line,
    );
    if let Some(column) = e.column {
        assert!(
            e.line <= lines.len(),
            "a column past the end of input: {message}"
        );
        let width = lines[e.line - 1].chars().count();
        assert!(
            column >= 1 && column <= width + 1,
            "column {column} outside line {} of {width} characters: {message}",
            e.line
        );
    }
    assert!(message.chars().count() < 500, "overlong message: {message}");
}

/// The first byte picks a parser; the rest, if UTF-8, is its input.
pub fn check_formats(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let one_line = which % 5 == 0 || which % 5 == 4;
    if one_line && text.contains('\n') {
        // The one-line form is read a line at a time; its errors are on line 1.
        return;
    }
    let parsed = match which % 5 {
        0 => {
            let parsed = Grid::parse_line(text);
            let mut reused = Grid::empty(2);
            let read = reused.read_line(text).map(|()| reused);
            assert_eq!(read, parsed, "read_line and parse_line disagree");
            parsed
        }
        1 => Grid::parse_block(text),
        2 => Grid::parse_letters(text),
        3 => Grid::parse_numbers(text),
        _ => Grid::parse_line_with(text, Alphabet::Letters),
    };
    match parsed {
        Ok(grid) => check_grid(&grid),
        Err(e) => check_position(text, &e),
    }
}

/// A parsed grid: consistent, printable, re-readable, and solved alike by both solvers.
fn check_grid(grid: &Grid) {
    let side = grid.side();
    assert_eq!(side, grid.order() * grid.order());
    assert_eq!(grid.cells().len(), side * side);
    assert!(grid.cells().iter().all(|&v| usize::from(v) <= side));
    assert_eq!(Grid::parse_numbers(&grid.to_numbers()).as_ref(), Ok(grid));
    let line = grid.to_line_with(Alphabet::Digits, '.');
    assert_eq!(Grid::parse_line(&line).as_ref(), Ok(grid), "{line}");
    let block = grid.to_block_with(Alphabet::Digits, '.');
    assert_eq!(Grid::parse_block(&block).as_ref(), Ok(grid), "{block}");
    if grid.order() > 3 {
        return;
    }
    let limits = Limits {
        max_nodes: Some(MAX_NODES),
        ..Limits::default()
    };
    let mut dlx = SudokuSolver::new();
    dlx.set_limits(limits.clone());
    let mut bitmask = BitmaskSolver::new();
    bitmask.set_limits(limits);
    let finished = |stopped: Option<StopReason>| matches!(stopped, None | Some(StopReason::Caller));
    let by_dlx = dlx.count_up_to(grid, 2);
    let dlx_done = finished(dlx.stats().stopped);
    let by_bitmask = bitmask.count_up_to(grid, 2);
    let bitmask_done = finished(bitmask.stats().stopped);
    if dlx_done && bitmask_done {
        assert_eq!(by_dlx, by_bitmask, "the solvers disagree on {line}");
    }
    if let Some(solution) = dlx.solve(grid) {
        assert!(solution.is_solution_of(grid), "a wrong solution of {line}");
        assert!(solution.is_solved());
    } else if dlx_done && by_dlx.found() > 0 {
        let stopped = dlx.stats().stopped;
        assert!(matches!(stopped, Some(StopReason::NodeLimit)), "{line}");
    }
    if grid.validate().is_err() && dlx_done {
        assert_eq!(
            by_dlx.found(),
            0,
            "a grid with conflicting givens solved: {line}"
        );
    }
}

/// The first byte picks a judge; the rest, if UTF-8, is its input. Every search runs
/// under a node limit, so any input is judged quickly; a stopped search must say where,
/// and keep the answers before it.
pub fn check_judges(data: &[u8]) {
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
            if let JudgeError::Stopped { output, reason, .. } = &e {
                assert_eq!(*reason, StopReason::NodeLimit, "{message}");
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
