//! The sudoku judges' front ends: each reads a judge's input text and returns exactly the
//! judge's expected output text. A leading byte-order mark is skipped.
//!
//! | function | judge | input | output |
//! |---|---|---|---|
//! | [`sicily`] | Sicily 1317 | the number of puzzles, then 9 lines of 9 symbols each, `_` empty | per puzzle `Puzzle k has N solutions`, `Puzzle k solution is` and the 9 rows, or `Puzzle k has no solution`; a blank line between puzzles |
//! | [`noip`] | NOIP 2009 target sudoku | 9 lines of 9 space-separated digits, `0` empty | the highest score, or `-1` |
//! | [`poj3074`] | POJ 3074 | one 81-symbol line per puzzle, `.` empty, until a line `end` | each solution on one line |
//! | [`poj3076`] | POJ 3076, UVa 1309 | puzzles of 16 lines of 16 letters `A`-`P`, `-` empty, separated by blank lines | each solution in the same form, a blank line between them |
//! | [`hdu4069`] | HDU 4069 Squiggly Sudoku | the number of cases, then per case 9 lines of 9 numbers: the digit (0 empty) plus 16, 32, 64, 128 for walls up, right, down, left | per case `Case k:` and the unique solution's 9 rows, `No solution` or `Multiple Solutions` |
//!
//! Inputs with Windows line endings are read too. A malformed input is an error naming
//! its line; so is a puzzle breaking the judge's promise (no solution for POJ, 10,000
//! solutions or more for Sicily), rather than an output the judge would never print.
//!
//! [`Judge::run_with`] runs every search under [`Limits`]; a search they stop ends the run
//! with [`JudgeError::Stopped`], which carries the answers to the puzzles before it.
//!
//! ```
//! let output = dancing_judges::poj3074(
//!     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\nend\n",
//! )?;
//! assert_eq!(output, "527389416819426735436751829375692184194538267268174593643217958951843672782965341\n");
//! # Ok::<(), dancing_judges::JudgeError>(())
//! ```

use std::fmt::Write as _;
use std::iter::Peekable;

use dancing::format::strip_bom;
use dancing::{Count, Limits, StopReason, Stopped};

use dancing_sudoku::Shape;
use dancing_sudoku::parse::block_from_lines;
use dancing_sudoku::{Alphabet, Grid, PuzzleError, PuzzleErrorKind, Solve, SudokuSolver};

use crate::target;

mod hdu4069;

/// The judges this module answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Judge {
    /// Sicily 1317: count solutions, print the unique one.
    Sicily,
    /// NOIP 2009 target sudoku: the highest score.
    Noip,
    /// POJ 3074: one-line 9×9 puzzles.
    Poj3074,
    /// POJ 3076 (also UVa 1309): 16×16 puzzles in letters.
    Poj3076,
    /// HDU 4069 Squiggly Sudoku: 9×9 jigsaws whose regions are drawn by walls.
    Hdu4069,
}

impl Judge {
    /// Every judge, in the order of the CLI's help.
    pub const ALL: [Judge; 5] = [
        Self::Sicily,
        Self::Noip,
        Self::Poj3074,
        Self::Poj3076,
        Self::Hdu4069,
    ];

    /// The name used on the command line: `sicily`, `noip`, `poj3074`, `poj3076`,
    /// `hdu4069`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sicily => "sicily",
            Self::Noip => "noip",
            Self::Poj3074 => "poj3074",
            Self::Poj3076 => "poj3076",
            Self::Hdu4069 => "hdu4069",
        }
    }

    /// Answers `input` as this judge expects.
    pub fn run(self, input: &str) -> Result<String, JudgeError> {
        self.run_with(input, &Limits::none())
    }

    /// Answers `input` as this judge expects, every search under `limits`: the node
    /// limit and the timeout apply to each puzzle's search, the deadline and the
    /// interrupt flag to them all. A search they stop ends the run with
    /// [`JudgeError::Stopped`].
    ///
    /// ```
    /// use dancing_sudoku::Limits;
    /// use dancing_judges::{Judge, JudgeError};
    ///
    /// // An empty grid: proving its best score takes far more than 1,000 nodes.
    /// let input = "0 0 0 0 0 0 0 0 0\n".repeat(9);
    /// let limits = Limits::max_nodes(1_000);
    /// let Err(JudgeError::Stopped { best_so_far, .. }) = Judge::Noip.run_with(&input, &limits) else {
    ///     panic!("stopped");
    /// };
    /// assert!(best_so_far.is_some());
    /// ```
    pub fn run_with(self, input: &str, limits: &Limits) -> Result<String, JudgeError> {
        match self {
            Self::Sicily => sicily_with(input, limits),
            Self::Noip => noip_with(input, limits),
            Self::Poj3074 => poj3074_with(input, limits),
            Self::Poj3076 => poj3076_with(input, limits),
            Self::Hdu4069 => hdu4069::hdu4069_with(input, limits),
        }
    }
}

// A judge by name, case-insensitively; `sicily1317`, `noip2009` and `uva1309` too.
dancing::named!(Judge, "judge", |judge| match judge {
    Judge::Sicily => &["sicily1317"],
    Judge::Noip => &["noip2009"],
    Judge::Poj3076 => &["uva1309"],
    _ => &[],
});

/// Why a judge's input could not be answered. Every variant names a 1-based line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JudgeError {
    /// A puzzle could not be read.
    #[error("{0}")]
    Grid(PuzzleError),
    /// The first line of a Sicily input is not the number of puzzles.
    #[error("line {line}: expected the number of puzzles, found `{}`", dancing::format::quote(.found))]
    BadCount {
        /// The line.
        line: usize,
        /// What it held.
        found: String,
    },
    /// The input ended before the puzzle it announced.
    #[error("line {line}: unexpected end of input: expected puzzle {puzzle}")]
    MissingPuzzle {
        /// The line after the last.
        line: usize,
        /// 1-based number of the missing puzzle.
        puzzle: usize,
    },
    /// A puzzle of the wrong size for the judge.
    #[error(
        "line {line}: the {judge} judge takes {expected}×{expected} puzzles, this one is {side}×{side}"
    )]
    WrongSize {
        /// Where the puzzle starts.
        line: usize,
        /// The judge.
        judge: Judge,
        /// Its side.
        expected: usize,
        /// The puzzle's side.
        side: usize,
    },
    /// A puzzle with no solution, where the judge promises one.
    #[error("line {line}: puzzle {puzzle} has no solution; {judge} puzzles always have one")]
    NoSolution {
        /// Where the puzzle starts.
        line: usize,
        /// 1-based number of the puzzle.
        puzzle: usize,
        /// The judge.
        judge: Judge,
    },
    /// A Sicily puzzle with 10,000 solutions or more (the judge promises fewer).
    #[error("line {line}: puzzle {puzzle} has 10000 solutions or more; Sicily 1317 promises fewer")]
    TooManySolutions {
        /// Where the puzzle starts.
        line: usize,
        /// 1-based number of the puzzle.
        puzzle: usize,
    },
    /// HDU 4069 walls that do not draw nine regions of nine cells, or that disagree
    /// between neighbours.
    #[error("line {line}: case {case}: {reason}")]
    Walls {
        /// Where the case starts.
        line: usize,
        /// 1-based number of the case.
        case: usize,
        /// What is wrong with the walls.
        reason: String,
    },
    /// Text after what the judge's input should hold.
    #[error("line {line}: text after the last puzzle")]
    TrailingText {
        /// The line.
        line: usize,
    },
    /// A limit of [`Judge::run_with`] stopped the search of a puzzle.
    #[error("line {line}: puzzle {puzzle}: the search stopped ({}){}", .stopped.reason, match .best_so_far {
        Some(score) => format!("; the best score found so far is {score}, not proven the highest"),
        None => String::new(),
    })]
    Stopped {
        /// Where the puzzle starts.
        line: usize,
        /// 1-based number of the puzzle.
        puzzle: usize,
        /// Which limit, and what the puzzle's search had done.
        stopped: Stopped,
        /// The judge's output for the puzzles before this one.
        output: String,
        /// For NOIP, the highest score found before the stop, if any.
        best_so_far: Option<u64>,
    },
}

impl JudgeError {
    /// The 1-based line the error is about.
    pub fn line(&self) -> usize {
        match self {
            Self::Grid(e) => e.line,
            Self::BadCount { line, .. }
            | Self::MissingPuzzle { line, .. }
            | Self::WrongSize { line, .. }
            | Self::NoSolution { line, .. }
            | Self::TooManySolutions { line, .. }
            | Self::TrailingText { line }
            | Self::Walls { line, .. }
            | Self::Stopped { line, .. } => *line,
        }
    }
}

impl From<PuzzleError> for JudgeError {
    fn from(e: PuzzleError) -> Self {
        Self::Grid(e)
    }
}

/// The input's lines, 1-based, without `\r`.
fn lines(input: &str) -> Peekable<impl Iterator<Item = (usize, &str)>> {
    input
        .lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(k, l)| (k + 1, l))
        .peekable()
}

fn skip_blank<'a>(lines: &mut Peekable<impl Iterator<Item = (usize, &'a str)>>) {
    while lines.next_if(|(_, l)| l.trim().is_empty()).is_some() {}
}

/// Reads a block of `side` rows after any blank lines; `None` at the end of input.
fn next_block<'a>(
    lines: &mut Peekable<impl Iterator<Item = (usize, &'a str)>>,
    alphabet: Alphabet,
    side: usize,
    end_line: usize,
) -> Result<Option<(usize, Grid)>, PuzzleError> {
    skip_blank(lines);
    let Some(&(start, _)) = lines.peek() else {
        return Ok(None);
    };
    let grid = block_from_lines(lines, alphabet, Some(side), false, end_line)?;
    Ok(Some((start, grid)))
}

fn end_line(input: &str) -> usize {
    input.lines().count()
}

/// The count on the first non-blank line (of puzzles, of cases) that starts a judge's
/// input ending on line `end`.
fn read_count<'a>(
    lines: &mut Peekable<impl Iterator<Item = (usize, &'a str)>>,
    end: usize,
) -> Result<usize, JudgeError> {
    skip_blank(lines);
    let (count_line, first) = lines.next().ok_or(JudgeError::BadCount {
        line: end.max(1),
        found: String::new(),
    })?;
    first.trim().parse().map_err(|_| JudgeError::BadCount {
        line: count_line,
        found: first.trim().to_owned(),
    })
}

/// Sicily 1317: for each puzzle, its number of solutions, or its solution if unique.
///
/// ```
/// let input = "1\n\
///     7_9__2___\n3_____891\n___39___4\n48__6____\n__5___6__\n____4__23\n2___57___\n568_____7\n___8__4_2\n";
/// let output = dancing_judges::sicily(input)?;
/// assert!(output.starts_with("Puzzle 1 solution is\n719482365\n"));
/// # Ok::<(), dancing_judges::JudgeError>(())
/// ```
pub fn sicily(input: &str) -> Result<String, JudgeError> {
    sicily_with(input, &Limits::none())
}

/// The error for a search stopped by a limit, if `solver`'s last one was.
fn stopped(
    solver: &impl Solve,
    line: usize,
    puzzle: usize,
    output: &str,
) -> Result<(), JudgeError> {
    match solver.stats().stopped {
        None | Some(StopReason::Caller) => Ok(()),
        Some(reason) => Err(JudgeError::Stopped {
            line,
            puzzle,
            stopped: Stopped::new(reason, solver.stats()),
            output: output.to_owned(),
            best_so_far: None,
        }),
    }
}

/// A judge's solver and solution buffer, reused from puzzle to puzzle.
struct Solving {
    judge: Judge,
    solver: SudokuSolver,
    solution: Grid,
}

impl Solving {
    fn new(judge: Judge, order: usize, limits: &Limits) -> Self {
        let mut solver = SudokuSolver::with_shape(Shape::square(order));
        solver.set_limits(limits.clone());
        Self {
            judge,
            solver,
            solution: Grid::new(Shape::square(order)),
        }
    }

    /// The solution of the `puzzle`-th puzzle (read at `line`), or the error: a limit
    /// stopped the search (with the `output` so far), or there is no solution.
    fn solve(
        &mut self,
        grid: &Grid,
        line: usize,
        puzzle: usize,
        output: &str,
    ) -> Result<&Grid, JudgeError> {
        let solved = self.solver.solve_into(grid, &mut self.solution);
        stopped(&self.solver, line, puzzle, output)?;
        if !solved {
            return Err(JudgeError::NoSolution {
                line,
                puzzle,
                judge: self.judge,
            });
        }
        Ok(&self.solution)
    }
}

fn sicily_with(input: &str, limits: &Limits) -> Result<String, JudgeError> {
    let input = strip_bom(input);
    const LIMIT: u64 = 10_000;
    let end = end_line(input);
    let mut lines = lines(input);
    let puzzles = read_count(&mut lines, end)?;
    let mut solver = SudokuSolver::with_shape(Shape::CLASSIC);
    solver.set_limits(limits.clone());
    let mut out = String::new();
    for k in 1..=puzzles {
        let Some((line, puzzle)) = next_block(&mut lines, Alphabet::Digits, 9, end)? else {
            return Err(JudgeError::MissingPuzzle {
                line: end + 1,
                puzzle: k,
            });
        };
        let count = solver.count_up_to(&puzzle, LIMIT);
        stopped(&solver, line, k, &out)?;
        if k > 1 {
            out.push('\n');
        }
        // A limit or interrupt has been reported above: a partial count here is LIMIT.
        match count {
            Count::Complete(0) => writeln!(out, "Puzzle {k} has no solution"),
            Count::Complete(1) => {
                let solution = solver.solve(&puzzle);
                stopped(&solver, line, k, &out)?;
                let solution = solution.expect("a unique solution");
                writeln!(out, "Puzzle {k} solution is")
                    .and_then(|()| out.write_str(&solution.to_rows_with(Alphabet::Digits, '_')))
            }
            Count::Partial { .. } => {
                return Err(JudgeError::TooManySolutions { line, puzzle: k });
            }
            Count::Complete(n) => writeln!(out, "Puzzle {k} has {n} solutions"),
        }
        .expect("writing to a String cannot fail");
    }
    trailing(&mut lines)?;
    Ok(out)
}

fn trailing<'a>(
    lines: &mut Peekable<impl Iterator<Item = (usize, &'a str)>>,
) -> Result<(), JudgeError> {
    skip_blank(lines);
    match lines.next() {
        Some((line, _)) => Err(JudgeError::TrailingText { line }),
        None => Ok(()),
    }
}

/// NOIP 2009 target sudoku: the highest score over the solutions (see [`target`]), or
/// `-1` when there is none.
///
/// ```
/// let input = "0 0 0 7 0 2 4 5 3\n9 0 0 0 0 8 0 0 0\n7 4 0 0 0 5 0 1 0\n1 9 5 0 8 0 0 0 0\n0 7 0 0 0 0 0 2 5\n0 3 0 5 7 9 1 0 8\n0 0 0 6 0 1 0 0 0\n0 6 0 9 0 0 0 0 1\n0 0 0 0 0 0 0 0 6\n";
/// assert_eq!(dancing_judges::noip(input)?, "2852\n");
/// # Ok::<(), dancing_judges::JudgeError>(())
/// ```
pub fn noip(input: &str) -> Result<String, JudgeError> {
    noip_with(input, &Limits::none())
}

fn noip_with(input: &str, limits: &Limits) -> Result<String, JudgeError> {
    let input = strip_bom(input);
    let puzzle = Grid::parse_numbers(input).map_err(|mut error| {
        // A first row of no sudoku's length: the judge's is 9.
        if let PuzzleErrorKind::RowLength { expected, .. } = &mut error.kind {
            expected.get_or_insert(9);
        }
        error
    })?;
    if puzzle.side() != 9 {
        return Err(JudgeError::WrongSize {
            line: 1,
            judge: Judge::Noip,
            expected: 9,
            side: puzzle.side(),
        });
    }
    let outcome = target::search(&puzzle, limits);
    if let Some(reason) = outcome.stats.stopped {
        return Err(JudgeError::Stopped {
            line: 1,
            puzzle: 1,
            stopped: Stopped::new(reason, outcome.stats),
            output: String::new(),
            best_so_far: outcome.best.map(|(score, _)| score),
        });
    }
    Ok(match outcome.best {
        Some((score, _)) => format!("{score}\n"),
        None => "-1\n".to_owned(),
    })
}

/// POJ 3074: the solution of each one-line 9×9 puzzle, until a line `end`.
pub fn poj3074(input: &str) -> Result<String, JudgeError> {
    poj3074_with(input, &Limits::none())
}

fn poj3074_with(input: &str, limits: &Limits) -> Result<String, JudgeError> {
    let input = strip_bom(input);
    let mut solver = Solving::new(Judge::Poj3074, 3, limits);
    let mut out = String::new();
    let mut puzzle = 0;
    let mut lines = lines(input);
    while let Some((line, text)) = lines.next() {
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        if text == "end" {
            return trailing(&mut lines).map(|()| out);
        }
        puzzle += 1;
        let grid = Grid::parse_line(text).map_err(|e| e.at_line(line))?;
        if grid.side() != 9 {
            return Err(JudgeError::WrongSize {
                line,
                judge: Judge::Poj3074,
                expected: 9,
                side: grid.side(),
            });
        }
        let solution = solver.solve(&grid, line, puzzle, &out)?;
        solution
            .write_line(&mut out, Alphabet::Digits, '.')
            .expect("writing to a String cannot fail");
        out.push('\n');
    }
    // No `end` line: answer what was there, as the judge's own solutions do.
    Ok(out)
}

/// POJ 3076 (UVa 1309): the solution of each 16×16 puzzle in letters `A`-`P`, `-` empty,
/// puzzles separated by blank lines.
pub fn poj3076(input: &str) -> Result<String, JudgeError> {
    poj3076_with(input, &Limits::none())
}

fn poj3076_with(input: &str, limits: &Limits) -> Result<String, JudgeError> {
    let input = strip_bom(input);
    let end = end_line(input);
    let mut lines = lines(input);
    let mut solver = Solving::new(Judge::Poj3076, 4, limits);
    let mut out = String::new();
    let mut puzzle = 0;
    while let Some((line, grid)) = next_block(&mut lines, Alphabet::Letters, 16, end)? {
        puzzle += 1;
        let solution = solver.solve(&grid, line, puzzle, &out)?;
        if puzzle > 1 {
            out.push('\n');
        }
        out.push_str(&solution.to_rows_with(Alphabet::Letters, '-'));
    }
    Ok(out)
}

/// HDU 4069 Squiggly Sudoku: for each case, its unique solution, `No solution` or
/// `Multiple Solutions`. The walls of each cell draw the regions; see [`Judge::Hdu4069`].
///
/// ```
/// // The boxes drawn by walls, and a solved grid with its last cell emptied.
/// let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// let mut input = String::from("1\n");
/// for r in 0..9 {
///     let row: Vec<String> = (0..9)
///         .map(|c| {
///             let digit = if r == 8 && c == 8 { 0 } else { u32::from(solved.as_bytes()[r * 9 + c] - b'0') };
///             let walls = [(r % 3 == 0, 16), (c % 3 == 2, 32), (r % 3 == 2, 64), (c % 3 == 0, 128)];
///             (digit + walls.iter().filter(|w| w.0).map(|w| w.1).sum::<u32>()).to_string()
///         })
///         .collect();
///     input += &(row.join(" ") + "\n");
/// }
/// let output = dancing_judges::hdu4069(&input)?;
/// assert_eq!(output, format!("Case 1:\n{}", solved.as_bytes().chunks(9).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect::<String>()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hdu4069(input: &str) -> Result<String, JudgeError> {
    hdu4069::hdu4069_with(input, &Limits::none())
}
