//! The marginals of puzzles with several solutions, against their solutions listed one
//! by one: each cell's digits and counts, the count, and the cells fixed.

use dancing::BigCount;
use dancing_sudoku::{Grid, Limits, Shape, SudokuSolver, Variant, marginals};

/// The counts of `puzzle`'s listed solutions, cell-major then digit, and their number.
fn tallied(puzzle: &Grid) -> (Vec<u64>, u64) {
    let side = puzzle.side();
    let mut counts = vec![0u64; side * side * side];
    let mut solutions = 0;
    for solution in SudokuSolver::new().solutions(puzzle) {
        solutions += 1;
        for (cell, &v) in solution.cells().iter().enumerate() {
            counts[cell * side + usize::from(v) - 1] += 1;
        }
    }
    (counts, solutions)
}

fn check(puzzle: &Grid) {
    let side = puzzle.side();
    let (counts, solutions) = tallied(puzzle);
    let found = marginals(puzzle, &Variant::Classic, &Limits::none(), 1 << 30).unwrap();
    assert_eq!(found.count(), &BigCount::from(solutions), "{puzzle}");
    let mut fixed = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let cell = r * side + c;
            let digits: Vec<(u8, BigCount)> = (1..=side as u8)
                .map(|d| (d, counts[cell * side + usize::from(d) - 1]))
                .filter(|&(_, n)| n > 0)
                .map(|(d, n)| (d, BigCount::from(n)))
                .collect();
            assert_eq!(found.digits(r, c), digits, "{puzzle} r{}c{}", r + 1, c + 1);
            if let [(d, n)] = digits.as_slice()
                && *n == BigCount::from(solutions)
            {
                fixed.push((r, c, *d));
            }
        }
    }
    assert_eq!(found.fixed(), fixed, "{puzzle}");
}

#[test]
fn the_marginals_are_the_listed_solutions_tallied() {
    // tdoku's test puzzles with 2 to 200 solutions.
    let tdoku = include_str!("../../data/tdoku_test_puzzles.txt");
    let mut checked = 0;
    for line in tdoku
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut fields = line.split(':');
        let (puzzle, count) = (fields.next().unwrap(), fields.next().unwrap());
        let count: u64 = count.parse().unwrap();
        if (2..=200).contains(&count) {
            check(&puzzle.parse().unwrap());
            checked += 1;
        }
    }
    assert!(checked >= 5, "{checked}");
    // Small grids of every shape with few givens (many solutions), and one with none.
    for text in ["1...............", "12.3............", "................"] {
        check(&text.parse().unwrap());
    }
    let mut cells = vec![0u8; 36];
    (cells[0], cells[8], cells[33]) = (1, 2, 3);
    check(&Grid::from_cells(Shape::boxes(2, 3).unwrap(), cells).unwrap());
}

#[test]
fn clashing_givens_have_no_marginals_and_variants_count_as_their_solver() {
    let clash: Grid = "11..............".parse().unwrap();
    let found = marginals(&clash, &Variant::Classic, &Limits::none(), 1 << 30).unwrap();
    assert_eq!(found.count(), &BigCount::ZERO);
    assert!(found.fixed().is_empty() && found.digits(0, 2).is_empty());
    // The X rules on the empty 4×4 grid: each cell's digits add up to the count.
    let empty = Grid::empty(2);
    let x = marginals(&empty, &Variant::X, &Limits::none(), 1 << 30).unwrap();
    let total = x.count().to_u64().unwrap();
    assert!(total > 0 && total < 288, "{total}");
    for r in 0..4 {
        for c in 0..4 {
            let sum: u64 = x
                .digits(r, c)
                .iter()
                .map(|(_, n)| n.to_u64().unwrap())
                .sum();
            assert_eq!(sum, total);
        }
    }
    // A limit stops it, as it stops a search.
    let stopped = marginals(
        Grid::empty(3),
        &Variant::Classic,
        &Limits::max_nodes(1_000),
        1 << 30,
    );
    assert!(matches!(
        stopped,
        Err(dancing_sudoku::MarginalsError::Stopped(_))
    ));
}

#[test]
fn pencilmarks_leave_their_removed_candidates_out() {
    // A puzzle of many solutions, with candidates struck from its empty cells: the
    // marginals are those of the grid's solutions that keep to the candidates left.
    let tdoku = include_str!("../../data/tdoku_test_puzzles.txt");
    let puzzles = tdoku
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    let mut checked = 0;
    for (k, line) in puzzles
        .filter(|l| {
            l.split(':')
                .nth(1)
                .is_some_and(|n| (2..=1000).contains(&n.parse::<u64>().unwrap_or(0)))
        })
        .take(10)
        .enumerate()
    {
        let grid: Grid = line.split(':').next().unwrap().parse().unwrap();
        let side = grid.side();
        let mut masks = dancing_sudoku::Position::new(&grid).masks().to_vec();
        // Strike one candidate in every few empty cells, a different pattern per puzzle.
        for (cell, mask) in masks.iter_mut().enumerate() {
            if grid.cells()[cell] == 0 && (cell + k) % 5 == 0 && mask.count_ones() > 1 {
                *mask &= *mask - 1;
            }
        }
        let position =
            dancing_sudoku::Position::with_candidates(grid.clone(), masks.clone()).unwrap();
        let mut counts = vec![0u64; side * side * side];
        let mut solutions = 0u64;
        for solution in SudokuSolver::new().solutions(&grid) {
            let keeps = solution
                .cells()
                .iter()
                .enumerate()
                .all(|(cell, &v)| grid.cells()[cell] != 0 || masks[cell] >> (v - 1) & 1 == 1);
            if keeps {
                solutions += 1;
                for (cell, &v) in solution.cells().iter().enumerate() {
                    counts[cell * side + usize::from(v) - 1] += 1;
                }
            }
        }
        let found = marginals(&position, &Variant::Classic, &Limits::none(), 1 << 30).unwrap();
        assert_eq!(found.count(), &BigCount::from(solutions), "{line}");
        for cell in 0..side * side {
            for d in 1..=side as u8 {
                let n = counts[cell * side + usize::from(d) - 1];
                assert_eq!(
                    found.at(cell / side, cell % side, d),
                    &BigCount::from(n),
                    "{line}"
                );
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 10, "puzzles of 2 to 1,000 solutions");
}
