//! Sudoku with rectangular boxes against independent counts: the 288 grids of 4×4,
//! the 28,200,960 of 6×6 with 2×3 boxes (39,168 per first row), the square solver on
//! 9×9 puzzles, and generated puzzles proper and minimal.

use dancing_sudoku::rectangular::{self, BoxShape, RectError, RectGrid, RectSolver};
use dancing_sudoku::{Grid, Solve, SudokuSolver};

#[test]
fn the_grids_count_as_published() {
    let four = BoxShape::new(2, 2).unwrap();
    let mut solver = RectSolver::new(four);
    assert_eq!(
        solver.count_up_to(&RectGrid::new(four), u64::MAX).found(),
        288
    );
    // 6×6 with 2×3 boxes: 28,200,960 grids, 720 first rows alike.
    let six = BoxShape::new(2, 3).unwrap();
    let mut solver = RectSolver::new(six);
    let mut first_row = RectGrid::new(six);
    for c in 0..6 {
        first_row.set(0, c, c as u8 + 1);
    }
    assert_eq!(
        solver.count_up_to(&first_row, u64::MAX).found() * 720,
        28_200_960
    );
    // 6×6 with 3×2 boxes: the same count, turned.
    let tall = BoxShape::new(3, 2).unwrap();
    let mut solver = RectSolver::new(tall);
    let mut first_column = RectGrid::new(tall);
    for r in 0..6 {
        first_column.set(r, 0, r as u8 + 1);
    }
    assert_eq!(
        solver.count_up_to(&first_column, u64::MAX).found() * 720,
        28_200_960
    );
}

#[test]
fn square_boxes_agree_with_the_sudoku_solver() {
    let text = include_str!("../../data/17_clue_1000.txt");
    let mut rect = RectSolver::new(BoxShape::new(3, 3).unwrap());
    let mut links = SudokuSolver::new();
    for line in text.lines().filter(|l| !l.starts_with('#')).take(30) {
        let grid: Grid = line.parse().unwrap();
        let puzzle: RectGrid = line.parse().unwrap();
        let solution = rect.solve(&puzzle).expect("a solution");
        assert_eq!(
            solution.to_string(),
            links.solve(&grid).unwrap().to_string()
        );
        assert!(solution.is_solution_of(&puzzle));
        // Two givens taken away: the counts still agree.
        let mut loose = puzzle.clone();
        let mut square = grid.clone();
        let givens: Vec<usize> = (0..81)
            .filter(|&k| puzzle.cells()[k] != 0)
            .take(2)
            .collect();
        for k in givens {
            loose.set(k / 9, k % 9, 0);
            square.set(k / 9, k % 9, 0);
        }
        assert_eq!(
            rect.count_up_to(&loose, 50).found(),
            links.count_up_to(&square, 50).found(),
            "{line}"
        );
    }
}

#[test]
fn generated_puzzles_are_proper_minimal_and_repeat_with_their_seed() {
    for (rows, cols) in [(2, 3), (3, 2), (2, 4), (3, 4)] {
        let shape = BoxShape::new(rows, cols).unwrap();
        let mut solver = RectSolver::new(shape);
        for seed in 0..3 {
            let puzzle = rectangular::generate(shape, seed);
            assert_eq!(puzzle, rectangular::generate(shape, seed));
            assert_eq!(solver.count_up_to(&puzzle, 2).found(), 1, "{puzzle}");
            if rows * cols <= 8 {
                for k in (0..puzzle.cells().len()).filter(|&k| puzzle.cells()[k] != 0) {
                    let mut fewer = puzzle.clone();
                    fewer.set(k / shape.side(), k % shape.side(), 0);
                    assert!(
                        solver.count_up_to(&fewer, 2).found() > 1,
                        "{puzzle}: {k} can go"
                    );
                }
            }
        }
    }
}

#[test]
fn grids_read_in_rows_or_one_line_and_say_what_is_wrong() {
    let line = "1.....3....2..45..6.......1...5..2";
    assert!(matches!(
        line.parse::<RectGrid>(),
        Err(RectError::Cells { cells: 34 })
    ));
    let six = "12.|...\n...|.12\n---+---\n.......\n";
    assert!(six.parse::<RectGrid>().is_err());
    let rows = "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n------+------\n2 3 1 | 5 6 4\n5 6 4 | 2 3 1\n------+------\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n";
    let grid: RectGrid = rows.parse().unwrap();
    assert_eq!(grid.shape(), BoxShape::new(2, 3).unwrap());
    assert!(grid.is_solved());
    assert_eq!(grid.pretty(), rows);
    let one: RectGrid = grid.to_string().parse().unwrap();
    assert_eq!(one, grid);
    let clash = "11....".to_owned() + &".".repeat(30);
    let error = clash.parse::<RectGrid>().unwrap_err();
    assert_eq!(error.to_string(), "1 appears twice in row 1: r1c1 and r1c2");
    let error = "1?".parse::<RectGrid>().unwrap_err();
    assert!(matches!(
        error,
        RectError::Symbol {
            line: 1,
            column: 2,
            symbol: '?'
        }
    ));
    assert!("2x3".parse::<BoxShape>().is_ok());
    assert!("7x7".parse::<BoxShape>().is_err());
    assert!(RectGrid::parse(&".".repeat(49), None).is_err()); // 7 is prime
    assert_eq!(BoxShape::for_side(12), BoxShape::new(3, 4).ok());
    assert_eq!(BoxShape::for_side(9), BoxShape::new(3, 3).ok());
}
