//! The variants against independent oracles: brute force over every 4×4 Latin square, a
//! plain backtracking search with its own houses on 9×9, published puzzles with their
//! published solutions, and every solution checked by `Variant::satisfied_by`.

use dancing_sudoku::variant::KillerModel;
use dancing_sudoku::variant::parse::{self, KillerBatch};
use dancing_sudoku::{Cage, Grid, Regions, Solve, Variant, VariantSolver};

/// A small deterministic generator (xorshift64*), so the oracles need no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every 4×4 Latin square (576), built row by row from permutations: no sudoku code.
fn latin_squares() -> Vec<Vec<u8>> {
    let mut perms = Vec::new();
    for a in 1..=4u8 {
        for b in 1..=4u8 {
            for c in 1..=4u8 {
                for d in 1..=4u8 {
                    let p = [a, b, c, d];
                    if (0..4).all(|i| (0..i).all(|j| p[i] != p[j])) {
                        perms.push(p);
                    }
                }
            }
        }
    }
    let mut squares = Vec::new();
    let mut rows = Vec::new();
    fn extend(perms: &[[u8; 4]], rows: &mut Vec<[u8; 4]>, out: &mut Vec<Vec<u8>>) {
        if rows.len() == 4 {
            out.push(rows.iter().flatten().copied().collect());
            return;
        }
        for p in perms {
            if rows.iter().all(|r| (0..4).all(|c| r[c] != p[c])) {
                rows.push(*p);
                extend(perms, rows, out);
                rows.pop();
            }
        }
    }
    extend(&perms, &mut rows, &mut squares);
    squares
}

/// Whether every house holds distinct values (houses of 4×4 or 9×9 cells, written out
/// here independently of the crate).
fn houses_ok(cells: &[u8], houses: &[Vec<usize>]) -> bool {
    houses.iter().all(|h| {
        let mut seen = 0u32;
        h.iter().all(|&c| {
            let bit = 1 << cells[c];
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    })
}

/// Rows, columns, boxes of side `n` (box side `b`), plus X diagonals or hyper windows.
fn houses(b: usize, diagonals: bool, windows: &[usize], boxes: bool) -> Vec<Vec<usize>> {
    let n = b * b;
    let mut hs: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        hs.push((0..n).map(|j| i * n + j).collect());
        hs.push((0..n).map(|j| j * n + i).collect());
        if boxes {
            let (r0, c0) = (i / b * b, i % b * b);
            hs.push((0..n).map(|k| (r0 + k / b) * n + c0 + k % b).collect());
        }
    }
    if diagonals {
        hs.push((0..n).map(|i| i * n + i).collect());
        hs.push((0..n).map(|i| i * n + n - 1 - i).collect());
    }
    for &r0 in windows {
        for &c0 in windows {
            hs.push((0..n).map(|k| (r0 + k / b) * n + c0 + k % b).collect());
        }
    }
    hs
}

fn agrees(puzzle: &[u8], grid: &[u8]) -> bool {
    puzzle.iter().zip(grid).all(|(&p, &g)| p == 0 || p == g)
}

/// A random partial puzzle of `grid` with each cell kept with probability `keep`/16.
fn partial(rng: &mut Rng, grid: &[u8], keep: u64) -> Vec<u8> {
    grid.iter()
        .map(|&v| if rng.next() % 16 < keep { v } else { 0 })
        .collect()
}

/// Counts the solutions of `puzzle` (up to `limit`) under `houses` by plain backtracking
/// on the cell with the fewest candidates.
fn backtrack_count(n: usize, houses: &[Vec<usize>], puzzle: &[u8], limit: u64) -> u64 {
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (h, cells) in houses.iter().enumerate() {
        for &c in cells {
            of_cell[c].push(h);
        }
    }
    let mut used = vec![0u64; houses.len()];
    let mut cells = puzzle.to_vec();
    for (c, &v) in puzzle.iter().enumerate() {
        if v != 0 {
            for &h in &of_cell[c] {
                if used[h] & 1 << v != 0 {
                    return 0;
                }
                used[h] |= 1 << v;
            }
        }
    }
    fn go(
        n: usize,
        of_cell: &[Vec<usize>],
        used: &mut [u64],
        cells: &mut [u8],
        limit: u64,
        found: &mut u64,
    ) {
        let full = ((1u64 << (n + 1)) - 1) & !1;
        let mut best: Option<(usize, u64)> = None;
        for c in 0..n * n {
            if cells[c] != 0 {
                continue;
            }
            let taken = of_cell[c].iter().fold(0, |m, &h| m | used[h]);
            let free = full & !taken;
            if best.is_none_or(|(_, f)| free.count_ones() < f.count_ones()) {
                best = Some((c, free));
            }
        }
        let Some((c, free)) = best else {
            *found += 1;
            return;
        };
        for v in 1..=n as u8 {
            if free & 1 << v == 0 || *found >= limit {
                continue;
            }
            cells[c] = v;
            for &h in &of_cell[c] {
                used[h] |= 1 << v;
            }
            go(n, of_cell, used, cells, limit, found);
            for &h in &of_cell[c] {
                used[h] &= !(1 << v);
            }
            cells[c] = 0;
        }
    }
    let mut found = 0;
    go(n, &of_cell, &mut used, &mut cells, limit, &mut found);
    found
}

/// Checks `solver` against the brute-force solutions of `puzzle`: the same count, and
/// its first solution among them and satisfying the variant.
fn check_against(solver: &mut VariantSolver, puzzle: &Grid, expected: u64) {
    assert_eq!(
        solver.count_up_to(puzzle, 100_000).found(),
        expected,
        "{} {puzzle}",
        solver.variant().name()
    );
    match solver.solve(puzzle) {
        Some(solution) => {
            assert!(expected > 0);
            assert!(
                solver.variant().satisfied_by(puzzle, &solution),
                "{solution}"
            );
        }
        None => assert_eq!(expected, 0),
    }
}

/// The 4×4 jigsaw of the tests, as labels and as houses.
const JIGSAW_4X4: &str = "aabbabbcaddcddcc";

fn jigsaw_houses(labels: &str) -> Vec<Vec<usize>> {
    let labels: Vec<char> = labels.chars().collect();
    let mut hs = houses(2, false, &[], false);
    for l in ['a', 'b', 'c', 'd'] {
        hs.push((0..16).filter(|&c| labels[c] == l).collect());
    }
    hs
}

#[test]
fn every_4x4_variant_matches_brute_force() {
    let squares = latin_squares();
    assert_eq!(squares.len(), 576);
    // 288 sudoku grids is the known count; the others are whatever the brute force finds.
    let cases: Vec<(Variant, Vec<Vec<usize>>, Option<u64>)> = vec![
        (Variant::Classic, houses(2, false, &[], true), Some(288)),
        (Variant::X, houses(2, true, &[], true), None),
        (Variant::Hyper, houses(2, false, &[1], true), None),
        (
            Variant::Jigsaw(Regions::from_labels(2, JIGSAW_4X4.chars()).unwrap()),
            jigsaw_houses(JIGSAW_4X4),
            None,
        ),
    ];
    let mut rng = Rng(0x5eed_0004);
    for (variant, hs, total) in cases {
        let valid: Vec<&Vec<u8>> = squares.iter().filter(|s| houses_ok(s, &hs)).collect();
        if let Some(total) = total {
            assert_eq!(valid.len() as u64, total, "{}", variant.name());
        }
        assert!(!valid.is_empty(), "{}", variant.name());
        let mut solver = VariantSolver::new();
        solver.set_variant(variant.clone());
        // The crate's checker agrees with the brute force's houses on every square.
        for s in &squares {
            let grid = Grid::from_cells(2, s.to_vec()).unwrap();
            assert_eq!(
                variant.satisfied_by(&Grid::empty(2), &grid),
                houses_ok(s, &hs),
                "{} {grid}",
                variant.name()
            );
        }
        check_against(&mut solver, &Grid::empty(2), valid.len() as u64);
        for _ in 0..60 {
            // Partial puzzles of valid grids, and of any Latin square (often unsolvable).
            let base = if rng.next() % 2 == 0 {
                valid[rng.below(valid.len())]
            } else {
                &squares[rng.below(squares.len())]
            };
            let keep = 1 + rng.next() % 8;
            let puzzle = partial(&mut rng, base, keep);
            let expected = valid.iter().filter(|s| agrees(&puzzle, s)).count() as u64;
            check_against(&mut solver, &Grid::from_cells(2, puzzle).unwrap(), expected);
        }
    }
}
