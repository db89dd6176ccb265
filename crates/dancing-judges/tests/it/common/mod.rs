//! Helpers shared by the integration tests: the bundled data and a small generator.
#![allow(dead_code, unreachable_pub, unused_imports)]

use dancing_sudoku::Grid;
pub use dancing_testkit::sudoku::{Rng, blank_cells, content_lines, random_solved};

/// The text of `crates/dancing-judges/tests/data/NAME`.
pub fn data(name: &str) -> String {
    dancing_testkit::sudoku::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"), name)
}

/// The first sample of the NOIP 2009 target sudoku, in the judge's input form (rows of
/// numbers, 0 for an empty cell).
pub const NOIP_1: &str = include_str!("noip2009_1.txt");

/// The second sample of the NOIP 2009 target sudoku, in the same form.
pub const NOIP_2: &str = include_str!("noip2009_2.txt");

/// The NOIP 2009 samples with their highest scores, the judge's answers.
pub const NOIP_SAMPLES: [(&str, u64); 2] = [(NOIP_1, 2829), (NOIP_2, 2852)];

/// tdoku's test puzzles: (puzzle, count, solution when given).
pub fn tdoku() -> Vec<(Grid, u64, Option<Grid>)> {
    dancing_testkit::sudoku::tdoku(&data("tdoku_test_puzzles.txt"))
}
