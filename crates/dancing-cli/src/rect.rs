//! `dancing sudoku solve|count|check|generate --box RxC`: grids of rectangular boxes
//! (6×6 with 2×3, 8×8 with 2×4, 12×12 with 3×4), one answer line per puzzle in order.

use std::io::{self, BufRead, Write};

use dancing_sudoku::rectangular::{self, BoxShape, RectGrid, RectSolver};

use crate::failure::{EXIT_OK, Failure};
use crate::input::Input;
use crate::report::{Gravest, more_than, plural, stopped_answer};

/// What a batch of rectangular grids asks.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Ask {
    /// The solution (`--pretty` draws it).
    Solve { pretty: bool },
    /// The number of solutions, up to a limit.
    Count { limit: u64 },
    /// `unique`, `multiple` or `none`.
    Check,
}

/// The puzzles of `input`, in the shape `shape`: one per line (N² symbols), or blocks of
/// N rows between blank lines; each with the line it starts on.
fn puzzles(
    input: Input,
    shape: BoxShape,
) -> impl Iterator<Item = (usize, Result<RectGrid, String>)> {
    let side = shape.side();
    let mut lines = input.reader.lines().enumerate();
    let read = move |text: &str| RectGrid::parse(text, Some(shape)).map_err(|e| e.to_string());
    std::iter::from_fn(move || {
        let mut block = String::new();
        let mut start = 0;
        let mut rows = 0;
        loop {
            let Some((k, line)) = lines.next() else {
                return (rows > 0).then(|| (start, read(&block)));
            };
            let line = match line {
                Ok(line) => line,
                Err(e) => return Some((k + 1, Err(e.to_string()))),
            };
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                if rows > 0 {
                    return Some((start, read(&block)));
                }
                continue;
            }
            if rows == 0 {
                start = k + 1;
            }
            let symbols = trimmed
                .chars()
                .filter(|c| !matches!(c, ' ' | '|' | '\t'))
                .count();
            if rows == 0 && symbols == side * side {
                return Some((start, read(trimmed)));
            }
            if trimmed
                .chars()
                .all(|c| matches!(c, '-' | '+' | '|' | '=' | ' '))
            {
                continue;
            }
            block.push_str(&line);
            block.push('\n');
            rows += 1;
            if rows == side {
                return Some((start, read(&block)));
            }
        }
    })
}

/// Answers every puzzle of `input`; the summary on stderr.
pub(crate) fn batch(
    input: Input,
    shape: BoxShape,
    ask: Ask,
    limits: dancing::Limits,
    quiet: bool,
) -> Result<u8, Failure> {
    let name = input.name.clone();
    let mut solver = RectSolver::new(shape);
    solver.set_limits(limits);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let (mut answered, mut errors, mut nodes) = (0u64, 0u64, 0u64);
    let mut stop = Gravest::default();
    for (line, puzzle) in puzzles(input, shape) {
        let puzzle = match puzzle {
            Ok(puzzle) => puzzle,
            Err(message) => {
                errors += 1;
                writeln!(out, "error: {message}")?;
                stderr_line!("error: {name}: the puzzle from line {line}: {message}");
                continue;
            }
        };
        let answer = match ask {
            Ask::Solve { pretty } => match solver.solve(&puzzle) {
                Some(solution) if pretty => solution.pretty(),
                Some(solution) => format!("{solution}\n"),
                None => "no solution\n".to_owned(),
            },
            Ask::Count { limit } => {
                // One past the limit, so that `N+` means more than N, as everywhere.
                let count = solver.count_up_to(&puzzle, limit.saturating_add(1));
                match count.found() {
                    found if found > limit => format!("{}\n", more_than(limit)),
                    found => format!("{found}\n"),
                }
            }
            Ask::Check => match solver.count_up_to(&puzzle, 2).found() {
                0 => "none\n".to_owned(),
                1 => "unique\n".to_owned(),
                _ => "multiple\n".to_owned(),
            },
        };
        let stats = solver.stats();
        nodes += stats.nodes;
        if let Some(reason) = stats.limit_stop() {
            stop.add(reason);
            writeln!(out, "{}", stopped_answer(reason))?;
            continue;
        }
        answered += 1;
        out.write_all(answer.as_bytes())?;
    }
    out.flush()?;
    if !quiet {
        stderr_line!(
            "{} of {shape} boxes, {}, {}",
            plural(answered, "puzzle"),
            plural(errors, "error"),
            plural(nodes, "node")
        );
    }
    Ok(stop.exit_code(errors))
}

/// `generate --box RxC`: `count` puzzles from `seed` on, one per line.
pub(crate) fn generate(
    shape: BoxShape,
    count: u64,
    seed: u64,
    pretty: bool,
    quiet: bool,
) -> Result<u8, Failure> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for k in 0..count {
        let puzzle = rectangular::generate(shape, seed.wrapping_add(k));
        if pretty {
            if k > 0 {
                writeln!(out)?;
            }
            out.write_all(puzzle.pretty().as_bytes())?;
        } else {
            writeln!(out, "{puzzle}")?;
        }
    }
    out.flush()?;
    if !quiet {
        stderr_line!(
            "generated {} of {shape} boxes (seed {seed})",
            plural(count, "puzzle")
        );
    }
    Ok(EXIT_OK)
}
