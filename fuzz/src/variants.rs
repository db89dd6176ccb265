//! The jigsaw and killer readers fed any text. Each entry is a puzzle whose rules fit its
//! grid, or an error on a line of the input with a short message; puzzles are solved
//! under a node limit and every solution keeps every rule, checked without the matrix.

use dancing::Limits;
use dancing_sudoku::parse::Batch;
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{Grid, Solve, VariantSolver};

/// Search-tree nodes per puzzle: enough for small grids, bounded for any input.
const MAX_NODES: u64 = 20_000;

/// The first byte picks the reader (even: jigsaw lines, odd: killer blocks); the rest,
/// if UTF-8, is its input.
pub fn check_variants(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let kind = if which % 2 == 0 {
        Kind::Jigsaw
    } else {
        Kind::Killer
    };
    let entries: Vec<_> = Batch::new(text.as_bytes())
        .variant(kind)
        .map(|e| e.map(|p| (p.line, p.grid, p.variant)))
        .collect();
    // A last line without a line break still counts; an error may point just past it.
    let lines = text.lines().count().max(1);
    let mut solver = VariantSolver::new();
    solver.set_limits(Limits {
        max_nodes: Some(MAX_NODES),
        ..Limits::none()
    });
    for entry in entries {
        match entry {
            Ok((line, grid, variant)) => {
                assert!(
                    (1..=lines).contains(&line),
                    "puzzle on line {line} of {lines}"
                );
                assert_eq!(
                    variant.validate(grid.shape()),
                    Ok(()),
                    "a read puzzle's rules fit"
                );
                solver.set_variant(variant.clone());
                let mut first = Grid::new(grid.shape());
                if solver.find(&grid, 2, Some(&mut first)) > 0 {
                    assert!(variant.satisfied_by(&grid, &first), "{grid}: {first}");
                }
            }
            Err(e) => {
                assert!(
                    (1..=lines + 1).contains(&e.line),
                    "error on line {} of {lines}: {e}",
                    e.line
                );
                let message = e.to_string();
                assert!(message.chars().count() < 500, "overlong message: {message}");
            }
        }
    }
}
