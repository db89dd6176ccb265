//! Makes large sudoku with a proven unique solution, for the hard-instance tests and
//! benchmarks: a full grid from the learner, then a seeded pseudo-random share of its
//! cells emptied (half unless told), then, while the learner finds two solutions, one cell where they differ
//! given back. The learner's last answer (one solution, then none) is the proof.
//!
//! ```text
//! cargo run --release -p dancing-benches --example make_hard -- ORDER COUNT [SEED [EMPTY%]]
//! ```

use dancing::OptionId;
use dancing_sat::Learner;
use dancing_sudoku::{Grid, SatSolver, Solve, encoding};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let order = args[0] as usize;
    let count = args[1];
    let mut seed = args.get(2).copied().unwrap_or(1);
    let empty_percent = args.get(3).copied().unwrap_or(50) as usize;
    let problem = encoding::problem(dancing_sudoku::Shape::square(order));
    for _ in 0..count {
        let full = full_grid(order, &mut seed);
        let side = full.side();
        let mut cells: Vec<usize> = (0..side * side).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, next(&mut seed) as usize % (i + 1));
        }
        let mut puzzle = full.clone();
        for &cell in &cells[..cells.len() * empty_percent / 100] {
            puzzle.set(cell / side, cell % side, 0);
        }
        loop {
            let givens: Vec<OptionId> = encoding::givens(&puzzle).collect();
            let mut learner = Learner::new(&problem);
            let mut solutions: Vec<Vec<OptionId>> = Vec::new();
            learner
                .search(&givens, 2, |s| solutions.push(s.to_vec()))
                .unwrap_or_else(|e| panic!("{e}"));
            eprintln!(
                "{} givens, {} solutions, {:.2?}",
                puzzle.givens(),
                solutions.len(),
                learner.stats().elapsed
            );
            if solutions.len() == 1 {
                break;
            }
            // Give back the first emptied cell (in the shuffled order) where they differ.
            let differ = |cell: usize| {
                let value = |s: &[OptionId]| {
                    s.iter()
                        .map(|&o| encoding::decode(dancing_sudoku::Shape::square(order), o))
                        .find(|&(r, c, _)| r * side + c == cell)
                };
                value(&solutions[0]) != value(&solutions[1])
            };
            let cell = cells
                .iter()
                .copied()
                .find(|&c| puzzle.cells()[c] == 0 && differ(c))
                .expect("two solutions differ in an empty cell");
            puzzle.set(cell / side, cell % side, full.get(cell / side, cell % side));
        }
        println!("{puzzle}");
    }
}

/// A full grid: the learner on the empty grid with the digits of the first row
/// shuffled, so each seed gives another grid.
fn full_grid(order: usize, seed: &mut u64) -> Grid {
    let side = order * order;
    let mut digits: Vec<u8> = (1..=side as u8).collect();
    for i in (1..side).rev() {
        digits.swap(i, next(seed) as usize % (i + 1));
    }
    let mut start = Grid::empty(order);
    for (c, &d) in digits.iter().enumerate() {
        start.set(0, c, d);
    }
    SatSolver::new()
        .solve(&start)
        .expect("a first row extends to a full grid")
}

/// xorshift64*: a fixed, portable sequence for each seed.
fn next(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}
