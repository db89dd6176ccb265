//! The variants against independent oracles: brute force over every 4×4 Latin square, a
//! plain backtracking search with its own houses on 9×9, published puzzles with their
//! published solutions, and every solution checked by `Variant::satisfied_by`.

use dancing_sudoku::parse::Batch;
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{Cage, Grid, Regions, Shape, Solve, Variant, VariantSolver};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The oracles' seeded randomness (ChaCha8, as the generator's; the oracles use it only
/// to draw inputs).
struct Rng(ChaCha8Rng);

impl Rng {
    fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }

    fn next(&mut self) -> u64 {
        self.0.next_u64()
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
            Variant::Jigsaw(Regions::from_labels(4, JIGSAW_4X4.chars()).unwrap()),
            jigsaw_houses(JIGSAW_4X4),
            None,
        ),
    ];
    let mut rng = Rng::new(0x5eed_0004);
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
            let grid = Grid::from_cells(Shape::square(2), s.to_vec()).unwrap();
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
            let base = if rng.next().is_multiple_of(2) {
                valid[rng.below(valid.len())]
            } else {
                &squares[rng.below(squares.len())]
            };
            let keep = 1 + rng.next() % 8;
            let puzzle = partial(&mut rng, base, keep);
            let expected = valid.iter().filter(|s| agrees(&puzzle, s)).count() as u64;
            check_against(
                &mut solver,
                &Grid::from_cells(Shape::square(2), puzzle).unwrap(),
                expected,
            );
        }
    }
}

/// A random solution of `variant` on 9×9: a few random givens that keep the puzzle
/// solvable, then the solver's first solution (checked by the caller).
fn random_solution(rng: &mut Rng, solver: &mut VariantSolver) -> Grid {
    loop {
        let mut puzzle = Grid::empty(3);
        for _ in 0..6 {
            puzzle.set(rng.below(9), rng.below(9), 1 + rng.below(9) as u8);
        }
        if let Some(solution) = solver.solve(&puzzle) {
            return solution;
        }
    }
}

#[test]
fn x_and_hyper_9x9_match_backtracking() {
    let mut rng = Rng::new(0x5eed_0009);
    let cases = [
        (Variant::X, houses(3, true, &[], true)),
        (Variant::Hyper, houses(3, false, &[1, 5], true)),
    ];
    for (variant, hs) in cases {
        let mut solver = VariantSolver::new();
        solver.set_variant(variant.clone());
        for round in 0..12 {
            let solution = random_solution(&mut rng, &mut solver);
            assert!(variant.satisfied_by(&Grid::empty(3), &solution));
            assert!(houses_ok(solution.cells(), &hs));
            // From 9 to 14 givens of 16 kept: 30 to 75 % of the cells.
            let keep = 5 + (round % 8) as u64;
            let puzzle =
                Grid::from_cells(Shape::CLASSIC, partial(&mut rng, solution.cells(), keep))
                    .unwrap();
            let expected = backtrack_count(9, &hs, puzzle.cells(), 200);
            assert_eq!(
                solver.count_up_to(&puzzle, 200).found(),
                expected,
                "{} {puzzle}",
                variant.name()
            );
            let first = solver
                .solve(&puzzle)
                .expect("a partial of a solution is solvable");
            assert!(variant.satisfied_by(&puzzle, &first));
            assert!(houses_ok(first.cells(), &hs));
        }
    }
}

/// The grids among `squares` that are sudoku and satisfy every cage (brute force).
fn killer_brute(squares: &[Vec<u8>], cages: &[(u32, Vec<usize>)], puzzle: &[u8]) -> u64 {
    let boxes = houses(2, false, &[], true);
    squares
        .iter()
        .filter(|s| houses_ok(s, &boxes) && agrees(puzzle, s))
        .filter(|s| {
            cages.iter().all(|(sum, cells)| {
                let values: Vec<u8> = cells.iter().map(|&c| s[c]).collect();
                let distinct = (0..values.len()).all(|i| (0..i).all(|j| values[i] != values[j]));
                distinct && values.iter().map(|&v| u32::from(v)).sum::<u32>() == *sum
            })
        })
        .count() as u64
}

/// Random cages cut from a random 4×4 sudoku grid: cells shuffled, then grouped into
/// runs of 1 to 3, some runs left uncaged; each cage's sum from the grid.
fn random_cages(rng: &mut Rng, grid: &[u8]) -> Vec<(u32, Vec<usize>)> {
    let mut cells: Vec<usize> = (0..16).collect();
    for i in (1..16).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    let mut cages = Vec::new();
    let mut at = 0;
    while at < 16 {
        let len = (1 + rng.below(3)).min(16 - at);
        let group = cells[at..at + len].to_vec();
        at += len;
        if !rng.next().is_multiple_of(4) {
            let sum = group.iter().map(|&c| u32::from(grid[c])).sum();
            cages.push((sum, group));
        }
    }
    cages
}

fn to_cages(cages: &[(u32, Vec<usize>)]) -> Vec<Cage> {
    cages
        .iter()
        .map(|(sum, cells)| Cage {
            sum: *sum,
            cells: cells.iter().map(|&c| (c / 4, c % 4)).collect(),
        })
        .collect()
}

#[test]
fn killer_4x4_matches_brute_force() {
    let squares = latin_squares();
    let boxes = houses(2, false, &[], true);
    let sudoku: Vec<&Vec<u8>> = squares.iter().filter(|s| houses_ok(s, &boxes)).collect();
    let mut rng = Rng::new(0x5eed_c46e);
    let mut solver = VariantSolver::new();
    for round in 0..80 {
        let grid = sudoku[rng.below(sudoku.len())];
        let mut cages = random_cages(&mut rng, grid);
        if round % 5 == 4 {
            // A sum changed by one: often no solution.
            if let Some(cage) = cages.iter_mut().find(|c| c.1.len() > 1) {
                cage.0 += 1;
            }
        }
        // Givens from another grid half the time: they may contradict the cages.
        let source = if round % 2 == 0 {
            grid
        } else {
            sudoku[rng.below(sudoku.len())]
        };
        let keep = rng.next() % 4;
        let puzzle = partial(&mut rng, source, keep);
        let variant = Variant::Killer(to_cages(&cages));
        if variant.validate(Shape::square(2)).is_err() {
            continue;
        }
        let expected = killer_brute(&squares, &cages, &puzzle);
        let puzzle = Grid::from_cells(Shape::square(2), puzzle).unwrap();
        solver.set_variant(variant);
        check_against(&mut solver, &puzzle, expected);
    }
}

/// The published puzzles of one kind (`common/killer_published.txt`,
/// `common/jigsaw_published.txt`), each with its rules and the solution on its
/// `# solution` line.
fn published(kind: Kind) -> Vec<(Grid, Variant, Grid)> {
    let text = match kind {
        Kind::Killer => include_str!("common/killer_published.txt"),
        _ => include_str!("common/jigsaw_published.txt"),
    };
    let puzzles: Vec<_> = Batch::new(text.as_bytes())
        .variant(kind)
        .collect::<Result<_, _>>()
        .unwrap();
    let solutions: Vec<Grid> = text
        .lines()
        .filter_map(|l| l.strip_prefix("# solution "))
        .map(|s| s.parse().unwrap())
        .collect();
    assert_eq!(puzzles.len(), solutions.len());
    puzzles
        .into_iter()
        .zip(solutions)
        .map(|(puzzle, solution)| (puzzle.grid, puzzle.variant, solution))
        .collect()
}

#[test]
fn published_killers_have_their_published_solutions() {
    for (puzzle, variant, published) in published(Kind::Killer) {
        assert!(variant.satisfied_by(&puzzle, &published));
        let mut solver = VariantSolver::new();
        solver.set_variant(variant);
        assert_eq!(solver.solve_unique(&puzzle), Ok(published.clone()));
        // With a third of the solution given, still the same unique solution.
        let mut rng = Rng::new(7);
        let partial =
            Grid::from_cells(Shape::CLASSIC, partial(&mut rng, published.cells(), 5)).unwrap();
        assert_eq!(solver.solve_unique(&partial), Ok(published.clone()));
        // A wrong given: none.
        let mut wrong = partial.clone();
        let v = published.get(4, 4);
        wrong.set(4, 4, v % 9 + 1);
        assert_eq!(solver.count(&wrong).found(), 0);
    }
}

#[test]
fn published_jigsaws_have_their_published_solutions() {
    for (puzzle, variant, published) in published(Kind::Jigsaw) {
        let Variant::Jigsaw(regions) = &variant else {
            panic!("{variant:?}")
        };
        assert!(regions.is_connected());
        assert!(variant.satisfied_by(&puzzle, &published));
        let mut solver = VariantSolver::new();
        solver.set_variant(variant.clone());
        assert_eq!(solver.solve_unique(&puzzle), Ok(published.clone()));
        // Not a sudoku with boxes: the classic rules reject the solution.
        assert!(!Variant::Classic.satisfied_by(&puzzle, &published));
    }
}

#[cfg(feature = "sat")]
#[test]
fn the_learner_and_auto_agree_with_the_links() {
    let mut rng = Rng::new(0x05ee_d5a7);
    let jigsaw = Regions::from_labels(4, JIGSAW_4X4.chars()).unwrap();
    let (killer, killer_rules, _) = published(Kind::Killer).remove(0);
    let mut cases: Vec<(Variant, Grid)> = Vec::new();
    for variant in [Variant::X, Variant::Hyper] {
        let mut solver = VariantSolver::new();
        solver.set_variant(variant.clone());
        for keep in [4, 7] {
            let solution = random_solution(&mut rng, &mut solver);
            let puzzle =
                Grid::from_cells(Shape::CLASSIC, partial(&mut rng, solution.cells(), keep))
                    .unwrap();
            cases.push((variant.clone(), puzzle));
        }
    }
    cases.push((Variant::Jigsaw(jigsaw.clone()), Grid::empty(2)));
    cases.push((Variant::Jigsaw(jigsaw), "1...............".parse().unwrap()));
    cases.push((killer_rules.clone(), killer));
    let mut four = Grid::empty(3);
    four.set(0, 0, 6);
    cases.push((killer_rules, four));
    for (variant, puzzle) in cases {
        let mut links = VariantSolver::new();
        let mut learner = VariantSolver::with_learner();
        let mut auto = VariantSolver::auto();
        // A budget of 10 nodes: the learner finishes what the links began.
        let mut handed = VariantSolver::auto_with_budget(10);
        let mut counts = Vec::new();
        let mut searches = Vec::new();
        for solver in [&mut links, &mut learner, &mut auto, &mut handed] {
            solver.set_variant(variant.clone());
            counts.push(solver.count_up_to(&puzzle, 30).found());
            searches.push((solver.stats().nodes, solver.method()));
            let first = solver.solve(&puzzle);
            if let Some(first) = &first {
                assert!(variant.satisfied_by(&puzzle, first), "{}", variant.name());
            }
            assert_eq!(first.is_some(), counts[0] > 0);
        }
        assert_eq!(counts[0], counts[1], "{} {puzzle}", variant.name());
        assert_eq!(counts[0], counts[2], "{} {puzzle}", variant.name());
        assert_eq!(counts[0], counts[3], "{} {puzzle}", variant.name());
        let learned =
            |m: dancing_sudoku::Method| matches!(m, dancing_sudoku::Method::Learner { .. });
        assert!(learned(searches[1].1));
        // The links' count took more than 10 nodes: the small budget handed it over.
        assert_eq!(learned(searches[3].1), searches[0].0 > 10, "{searches:?}");
    }
    // Unique puzzles: the learner's solution is the published one.
    for kind in [Kind::Jigsaw, Kind::Killer] {
        for (puzzle, variant, published) in published(kind) {
            let mut learner = VariantSolver::with_learner();
            learner.set_variant(variant);
            assert_eq!(learner.solve_unique(&puzzle), Ok(published));
        }
    }
}

#[test]
fn rules_that_do_not_fit_the_grid_give_no_solution() {
    let mut solver = VariantSolver::new();
    solver.set_variant(Variant::Jigsaw(Regions::boxes(Shape::square(2))));
    assert_eq!(solver.count(&Grid::empty(3)).found(), 0);
    assert_eq!(solver.solve(&Grid::empty(3)), None);
    solver.set_variant(Variant::Killer(vec![Cage {
        sum: 3,
        cells: vec![(0, 0), (4, 4)],
    }]));
    assert_eq!(solver.count(&Grid::empty(2)).found(), 0);
    // The same cage fits a 9×9 grid.
    assert!(solver.count_up_to(&Grid::empty(3), 5).found() == 5);
    // X givens clashing on a diagonal only: r1c1 and r3c3 share no row, column or box.
    solver.set_variant(Variant::X);
    let clash: Grid = "1.........1.....".parse().unwrap();
    assert_eq!(clash.count_up_to(1).found(), 1);
    assert_eq!(solver.count(&clash).found(), 0);
}
