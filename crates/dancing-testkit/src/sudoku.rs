//! Sudoku helpers (the `sudoku` feature): the bundled data's lines, tdoku's test file,
//! random solved grids and puzzles, on a small generator of their own.

use dancing_sudoku::Grid;

/// The text of the data file `name` in the folder `dir`.
pub fn read(dir: &str, name: &str) -> String {
    let path = std::path::Path::new(dir).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The puzzles of a one-line data file's `text`, `name` in messages.
pub fn puzzles(text: &str, name: &str) -> Vec<Grid> {
    content_lines(text)
        .map(|l| Grid::parse_line(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}")))
        .collect()
}

/// The content lines of a data file: neither blank nor comments.
pub fn content_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// The puzzles of tdoku's test file (`PUZZLE:COUNT[:SOLUTION]` a line), as (puzzle,
/// count, solution when given).
pub fn tdoku(text: &str) -> Vec<(Grid, u64, Option<Grid>)> {
    content_lines(text)
        .map(|l| {
            let mut parts = l.split(':');
            let puzzle = Grid::parse_line(parts.next().unwrap()).unwrap();
            let count = parts.next().unwrap().parse().unwrap();
            let solution = parts.next().map(|s| Grid::parse_line(s).unwrap());
            (puzzle, count, solution)
        })
        .collect()
}

/// A small deterministic random generator (SplitMix64), so tests need no extra crate.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffles `items` (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            items.swap(k, self.below(k + 1));
        }
    }
}

/// A random solved grid of `order`: the pattern solution (r·n + r/n + c) mod N with
/// values, rows within bands, bands, columns within stacks and stacks shuffled, and
/// maybe transposed.
pub fn random_solved(order: usize, rng: &mut Rng) -> Grid {
    let n = order;
    let side = n * n;
    let mut values: Vec<u8> = (1..=side as u8).collect();
    rng.shuffle(&mut values);
    let lines = |rng: &mut Rng| {
        let mut bands: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut bands);
        let mut out = Vec::with_capacity(side);
        for b in bands {
            let mut within: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut within);
            out.extend(within.into_iter().map(|k| b * n + k));
        }
        out
    };
    let rows = lines(rng);
    let cols = lines(rng);
    let transpose = rng.below(2) == 1;
    let mut grid = Grid::empty(order);
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let v = values[(pr * n + pr / n + pc) % side];
            if transpose {
                grid.set(c, r, v);
            } else {
                grid.set(r, c, v);
            }
        }
    }
    assert!(grid.is_solved());
    grid
}

/// `solved` with `blanks` random cells emptied.
pub fn blank_cells(solved: &Grid, blanks: usize, rng: &mut Rng) -> Grid {
    let side = solved.side();
    let mut cells: Vec<usize> = (0..side * side).collect();
    rng.shuffle(&mut cells);
    let mut puzzle = solved.clone();
    for &k in cells.iter().take(blanks) {
        puzzle.set(k / side, k % side, 0);
    }
    puzzle
}
