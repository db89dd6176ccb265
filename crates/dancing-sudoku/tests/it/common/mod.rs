//! Helpers shared by the integration tests: reading the bundled data files.
#![allow(dead_code, unreachable_pub, unused_imports)]

use dancing_sudoku::Grid;
pub use dancing_testkit::sudoku::{Rng, blank_cells, content_lines, random_solved};

/// The text of `crates/dancing-sudoku/data/NAME`.
pub fn data(name: &str) -> String {
    dancing_testkit::sudoku::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data"), name)
}

/// The puzzles of a one-line data file.
pub fn puzzles(name: &str) -> Vec<Grid> {
    dancing_testkit::sudoku::puzzles(&data(name), name)
}

/// The first sample of the NOIP 2009 target sudoku, in the judge's input form (rows of
/// numbers, 0 for an empty cell).
pub const NOIP_1: &str = include_str!("noip2009_1.txt");

/// The famous puzzles with their names.
pub fn famous() -> Vec<(String, Grid)> {
    let text = data("famous.txt");
    let mut out = Vec::new();
    let mut name = String::new();
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix('#') {
            name = comment.trim().to_owned();
        } else if !line.trim().is_empty() {
            out.push((name.clone(), line.parse().unwrap()));
        }
    }
    out
}

/// tdoku's test puzzles: (puzzle, count, solution when given).
pub fn tdoku() -> Vec<(Grid, u64, Option<Grid>)> {
    dancing_testkit::sudoku::tdoku(&data("tdoku_test_puzzles.txt"))
}
