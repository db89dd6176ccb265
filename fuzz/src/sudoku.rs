//! The sudoku parsers, fed any text. Parsed grids round-trip through the printers and
//! small ones are solved by the dancing-links solver and the bitmask baseline, which must
//! agree.

use dancing::{Limits, StopReason};
use dancing_sudoku::BitmaskSolver;
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
    assert_eq!(side, grid.shape().side());
    assert_eq!(grid.cells().len(), side * side);
    assert!(grid.cells().iter().all(|&v| usize::from(v) <= side));
    assert_eq!(Grid::parse_numbers(&grid.to_numbers()).as_ref(), Ok(grid));
    let line = grid.to_line_with(Alphabet::Digits, '.');
    assert_eq!(Grid::parse_line(&line).as_ref(), Ok(grid), "{line}");
    let block = grid.to_block_with(Alphabet::Digits, '.');
    assert_eq!(Grid::parse_block(&block).as_ref(), Ok(grid), "{block}");
    if grid.side() > 9 {
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
