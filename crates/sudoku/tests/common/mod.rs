//! Helpers shared by the integration tests: reading the bundled data files.
#![allow(dead_code, unreachable_pub)]

use dancing_sudoku::Grid;

/// The text of `crates/sudoku/data/NAME`.
pub fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The content lines of a data file: neither blank nor comments.
pub fn content_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// The puzzles of a one-line data file.
pub fn puzzles(name: &str) -> Vec<Grid> {
    content_lines(&data(name))
        .map(|l| Grid::parse_line(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}")))
        .collect()
}

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
    content_lines(&data("tdoku_test_puzzles.txt"))
        .map(|l| {
            let mut parts = l.split(':');
            let puzzle = Grid::parse_line(parts.next().unwrap()).unwrap();
            let count = parts.next().unwrap().parse().unwrap();
            let solution = parts.next().map(|s| Grid::parse_line(s).unwrap());
            (puzzle, count, solution)
        })
        .collect()
}
