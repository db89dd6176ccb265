//! `dancing problem`: classic exact-cover problems, counted and pictured.

use std::io::{self, BufWriter, Write};

use dancing::{AnyEngine, Engine, EngineName, OptionId, Problem, problems};

use crate::args::{ProblemArgs, ProblemKind};
use crate::failure::{Failure, search_code};
use crate::report;
use crate::search;

pub(crate) fn run(kind: &ProblemKind) -> Result<u8, Failure> {
    if let ProblemKind::Tiling { file, search } = kind {
        return crate::tiling::run(file.as_deref(), search);
    }
    let (problem, args) = match kind {
        ProblemKind::Queens { n, args } => (problems::queens(usize::from(*n)), args),
        ProblemKind::Langford { n, args } => (problems::langford(usize::from(*n)), args),
        ProblemKind::Pentomino {
            size: (width, height),
            args,
        } => (problems::pentominoes(*width, *height), args),
        ProblemKind::Latin { n, args } => (problems::latin_square(usize::from(*n)), args),
        ProblemKind::Domino {
            size: (width, height),
            args,
        } => (problems::dominoes(*width, *height), args),
        ProblemKind::Tiling { .. } => unreachable!("answered above"),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    if args.dlx {
        out.write_all(dancing::format::to_string(&problem).as_bytes())?;
        out.flush()?;
        return Ok(crate::failure::EXIT_OK);
    }
    solve(kind, &problem, args, &mut out)
}

/// Counts or lists the solutions with the engine `--engine auto` would pick.
fn solve(
    kind: &ProblemKind,
    problem: &Problem,
    args: &ProblemArgs,
    out: &mut impl Write,
) -> Result<u8, Failure> {
    let mut engine =
        AnyEngine::new(problem, EngineName::Auto).expect("`auto` searches every problem");
    let solver = &mut engine;
    let engine = [("engine", solver.name().into())];
    if args.count {
        let stats = search::count(solver, &args.search, args.limit);
        writeln!(out, "{}", report::count_text(&stats))?;
        out.flush()?;
        report::report(&stats, &args.search, &engine);
        return Ok(search_code(&stats));
    }
    let mut first: Option<Vec<OptionId>> = None;
    let stats = search::run(solver, &args.search, args.limit, |solution| {
        if first.is_none() {
            first = Some(solution.to_vec());
        }
        Ok(())
    })?;
    writeln!(out, "{}", report::solutions_found(&stats))?;
    if let Some(solution) = first {
        writeln!(out, "first solution:")?;
        out.write_all(picture(kind, problem, &solution).as_bytes())?;
    }
    out.flush()?;
    report::report(&stats, &args.search, &engine);
    Ok(search_code(&stats))
}

/// A solution drawn for people: a board, a sequence, a box or a square.
fn picture(kind: &ProblemKind, problem: &Problem, solution: &[OptionId]) -> String {
    match kind {
        ProblemKind::Queens { .. } => {
            let board = problems::queens_board(problem, solution);
            let n = board.len();
            board
                .iter()
                .map(|&column| {
                    let row: Vec<&str> = (0..n)
                        .map(|c| if c == column { "Q" } else { "." })
                        .collect();
                    row.join(" ") + "\n"
                })
                .collect()
        }
        ProblemKind::Langford { .. } => {
            let sequence = problems::langford_sequence(problem, solution);
            let words: Vec<String> = sequence.iter().map(usize::to_string).collect();
            words.join(" ") + "\n"
        }
        ProblemKind::Pentomino {
            size: (width, height),
            ..
        } => problems::polyomino_picture(problem, solution, *width, *height),
        ProblemKind::Latin { n, .. } => latin_picture(problem, solution, usize::from(*n)),
        ProblemKind::Domino {
            size: (width, height),
            ..
        } => domino_picture(problem, solution, *width, *height),
        ProblemKind::Tiling { .. } => String::new(),
    }
}

/// The square of a solution of [`problems::latin_square`]: its options are
/// `p{r}_{c} r{r}_{s} c{c}_{s}`, so the cell is the first item and the symbol follows
/// from the row item's index.
fn latin_picture(problem: &Problem, solution: &[OptionId], n: usize) -> String {
    let mut square = vec![0usize; n * n];
    for &option in solution {
        let items: Vec<usize> = problem
            .option_items(option)
            .map(|(item, _)| item.index())
            .collect();
        if let [cell, row, _] = items[..] {
            square[cell] = (row - n * n) % n + 1;
        }
    }
    let width = n.to_string().len();
    square
        .chunks(n)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|s| format!("{s:>width$}")).collect();
            cells.join(" ") + "\n"
        })
        .collect()
}

/// The board of a solution of [`problems::dominoes`]: `<>` for a horizontal domino,
/// `^` over `v` for a vertical one. The options' items are the cells, row by row.
fn domino_picture(problem: &Problem, solution: &[OptionId], width: usize, height: usize) -> String {
    let mut board = vec!['.'; width * height];
    for &option in solution {
        let cells: Vec<usize> = problem
            .option_items(option)
            .map(|(item, _)| item.index())
            .collect();
        if let [a, b] = cells[..] {
            let (first, second) = if b == a + 1 { ('<', '>') } else { ('^', 'v') };
            board[a] = first;
            board[b] = second;
        }
    }
    board
        .chunks(width)
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}
