//! Variant throughput: 9×9 puzzles of each variant answered per CPU second by the
//! variant solver of `dancing-sudoku` (dancing links on the variant's exact-cover
//! matrix), counting up to 2 solutions per puzzle (the uniqueness check). Classic
//! puzzles also through `SudokuSolver`, whose matrix is built once, to show what a
//! matrix per puzzle costs (jigsaw and killer puzzles each bring their own).
//!
//! The puzzles are made before timing, from fixed seeds: classic, x, hyper and jigsaw
//! by `dancing_sudoku::generate` (minimal, one solution), killer ones from generated
//! solutions cut into random cages of 2 to 4 cells, with givens added from the
//! solution until the puzzle has one solution.

use std::hint::black_box;
mod common;

use common::ThreadCpuTime;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dancing_sudoku::generate::Generator;
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{Cage, Grid, Solve, SudokuSolver, Variant, VariantSolver};

/// Puzzles per variant.
const PUZZLES: u64 = 100;

fn generated(kind: Kind) -> Vec<(Grid, Variant)> {
    let generator = Generator::builder()
        .seed(2026)
        .kind(kind)
        .build()
        .expect("valid settings");
    (0..PUZZLES)
        .map(|i| {
            let made = generator.generate(i).expect("no targets to miss");
            (made.puzzle, made.variant)
        })
        .collect()
}

/// A tiny deterministic generator for the cage shapes (the puzzles' solutions come
/// from the seeded generator).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Killer puzzles: each generated classic solution cut into cages grown from random
/// free cells to 2–4 orthogonal neighbours, sums from the solution, then givens from the
/// solution until one solution is left.
fn killer() -> Vec<(Grid, Variant)> {
    let mut rng = Lcg(7);
    let mut solver = VariantSolver::new();
    generated(Kind::Classic)
        .into_iter()
        .map(|(puzzle, _)| {
            let solution = puzzle.solve().expect("a generated puzzle");
            let mut owner = [usize::MAX; 81];
            let mut cages = Vec::new();
            for start in 0..81 {
                if owner[start] != usize::MAX {
                    continue;
                }
                let size = 2 + rng.below(3);
                let mut cells = vec![start];
                owner[start] = cages.len();
                while cells.len() < size {
                    let from = cells[rng.below(cells.len())];
                    let (r, c) = (from / 9, from % 9);
                    let next = match rng.below(4) {
                        0 if r > 0 => from - 9,
                        1 if r < 8 => from + 9,
                        2 if c > 0 => from - 1,
                        3 if c < 8 => from + 1,
                        _ => continue,
                    };
                    // Values repeat nowhere in a cage: keep it to one value each.
                    let value = solution.cells()[next];
                    if owner[next] != usize::MAX
                        || cells.iter().any(|&k| solution.cells()[k] == value)
                    {
                        break;
                    }
                    owner[next] = cages.len();
                    cells.push(next);
                }
                let sum = cells.iter().map(|&k| u32::from(solution.cells()[k])).sum();
                cages.push(Cage {
                    sum,
                    cells: cells.iter().map(|&k| (k / 9, k % 9)).collect(),
                });
            }
            let variant = Variant::Killer(cages);
            solver.set_variant(variant.clone());
            let mut puzzle = Grid::empty(3);
            let mut k = 0;
            while !solver.is_unique(&puzzle) {
                let cell = (k * 37) % 81;
                puzzle.set(cell / 9, cell % 9, solution.cells()[cell]);
                k += 1;
            }
            (puzzle, variant)
        })
        .collect()
}

fn variants(c: &mut Criterion<ThreadCpuTime>) {
    let mut group = c.benchmark_group("variant");
    group.throughput(Throughput::Elements(PUZZLES));
    let sets = [
        ("classic", generated(Kind::Classic)),
        ("x", generated(Kind::X)),
        ("hyper", generated(Kind::Hyper)),
        ("jigsaw", generated(Kind::Jigsaw)),
        ("killer", killer()),
    ];
    let mut solver = VariantSolver::new();
    for (name, puzzles) in &sets {
        for (puzzle, variant) in puzzles {
            solver.set_variant(variant.clone());
            assert!(solver.is_unique(puzzle), "{name}: {puzzle}");
        }
        group.bench_function(BenchmarkId::new("dancing-variant", *name), |b| {
            b.iter(|| {
                for (puzzle, variant) in puzzles {
                    if solver.variant() != variant {
                        solver.set_variant(variant.clone());
                    }
                    black_box(solver.count_up_to(puzzle, 2).found());
                }
            });
        });
    }
    let mut classic = SudokuSolver::new();
    group.bench_function(BenchmarkId::new("dancing-dlx", "classic"), |b| {
        b.iter(|| {
            for (puzzle, _) in &sets[0].1 {
                black_box(classic.count_up_to(puzzle, 2).found());
            }
        });
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = variants
}
criterion_main!(benches);
