//! Every shape through the one geometry, against independent oracles: the published
//! counts (288 grids of 4×4, 28,200,960 of 6×6 with 2×3 boxes), a brute force written
//! here (its boxes worked out from the shape's text, not from the crate) on random
//! puzzles of 6×6 and 8×8 through every solver, the generator's puzzles proper and
//! minimal, the readers, and the rater on rectangular boxes.

use dancing_sudoku::generate::Generator;
use dancing_sudoku::logic::Rater;
use dancing_sudoku::parse::Batch;
use dancing_sudoku::{Grid, PuzzleSolver, Shape, Solve, SolverChoice, SudokuSolver};
use dancing_testkit::sudoku::Rng;

/// The rows and columns of a box, read from the shape's `RxC`.
fn boxes(shape: Shape) -> (usize, usize) {
    let text = shape.to_string();
    let (rows, cols) = text.split_once('x').unwrap();
    (rows.parse().unwrap(), cols.parse().unwrap())
}

/// The solutions of `cells` (side `side`, boxes `rows`×`cols`), counted up to `limit`
/// by plain backtracking over the cells in reading order, each candidate checked
/// against its row, column and box by scanning them.
fn brute_force(cells: &mut [u8], side: usize, (rows, cols): (usize, usize), limit: u64) -> u64 {
    let Some(empty) = cells.iter().position(|&v| v == 0) else {
        return 1;
    };
    let (r, c) = (empty / side, empty % side);
    let mut found = 0;
    for v in 1..=side as u8 {
        let clash = (0..side).any(|k| {
            let (br, bc) = (r / rows * rows + k / cols, c / cols * cols + k % cols);
            cells[r * side + k] == v || cells[k * side + c] == v || cells[br * side + bc] == v
        });
        if clash {
            continue;
        }
        cells[empty] = v;
        found += brute_force(cells, side, (rows, cols), limit - found);
        cells[empty] = 0;
        if found >= limit {
            break;
        }
    }
    found
}

#[test]
fn the_grids_count_as_published() {
    assert_eq!(Grid::empty(2).count_up_to(1000), 288);
    // 6×6 with 2×3 boxes: 28,200,960 grids, 720 first rows alike; 3×2 the same turned.
    for (shape, by_rows) in [("2x3", true), ("3x2", false)] {
        let shape: Shape = shape.parse().unwrap();
        let mut first = Grid::new(shape);
        for k in 0..6 {
            let (r, c) = if by_rows { (0, k) } else { (k, 0) };
            first.set(r, c, k as u8 + 1);
        }
        let mut solver = SudokuSolver::new();
        assert_eq!(
            solver.count_up_to(&first, u64::MAX).found() * 720,
            28_200_960,
            "{shape}"
        );
    }
}

/// A random puzzle of `shape`: a generated solution with `keep` percent of its cells.
fn random_puzzle(rng: &mut Rng, shape: Shape, keep: usize) -> Grid {
    let generator = Generator::builder()
        .shape(shape)
        .seed(rng.next_u64())
        .build()
        .unwrap();
    let solution = generator.generate(0).unwrap().solution;
    let side = shape.side();
    let mut puzzle = solution.clone();
    for cell in 0..side * side {
        if rng.below(100) >= keep {
            puzzle.set(cell / side, cell % side, 0);
        }
    }
    puzzle
}

#[test]
fn every_solver_counts_6x6_and_8x8_puzzles_as_the_brute_force() {
    let mut rng = Rng(56);
    let choices = SolverChoice::ALL;
    let mut solvers: Vec<PuzzleSolver> = choices.iter().map(|&c| PuzzleSolver::new(c)).collect();
    for (shape, keep) in [("2x3", 25), ("3x2", 25), ("2x4", 45), ("4x2", 45)] {
        let shape: Shape = shape.parse().unwrap();
        for _ in 0..30 {
            let puzzle = random_puzzle(&mut rng, shape, keep);
            let mut cells = puzzle.cells().to_vec();
            let expected = brute_force(&mut cells, shape.side(), boxes(shape), 51);
            let text = format!("{puzzle}\n");
            let read = Batch::new(text.as_bytes())
                .shape(shape)
                .next()
                .unwrap()
                .unwrap();
            for (solver, choice) in solvers.iter_mut().zip(choices) {
                let found = solver.count_up_to(&read, 51).found();
                assert_eq!(found, expected, "{shape} {choice}: {puzzle}");
                if expected > 0 {
                    let solution = solver.solve(&read).unwrap();
                    assert!(solution.is_solution_of(&puzzle), "{choice}");
                }
            }
        }
    }
}

#[test]
fn generated_puzzles_are_proper_minimal_and_repeat_with_their_seed() {
    let mut checker = SudokuSolver::new();
    for shape in ["2x3", "3x2", "2x4", "3x4"] {
        let shape: Shape = shape.parse().unwrap();
        let generator = Generator::builder().shape(shape).seed(9).build().unwrap();
        for index in 0..3 {
            let made = generator.generate(index).unwrap();
            assert_eq!(made, generator.generate(index).unwrap());
            let puzzle = made.puzzle;
            assert_eq!(puzzle.shape(), shape);
            assert!(made.solution.is_solution_of(&puzzle));
            assert_eq!(checker.count_up_to(&puzzle, 2), 1, "{puzzle}");
            if shape.side() <= 8 {
                let side = shape.side();
                for k in (0..side * side).filter(|&k| puzzle.cells()[k] != 0) {
                    let mut fewer = puzzle.clone();
                    fewer.set(k / side, k % side, 0);
                    assert!(checker.count_up_to(&fewer, 2).found() > 1, "{puzzle}: {k}");
                }
            }
        }
    }
}

#[test]
fn grids_are_read_in_their_shape_never_guessed() {
    let shape: Shape = "2x3".parse().unwrap();
    let generator = Generator::builder().shape(shape).seed(3).build().unwrap();
    let puzzle = generator.generate(0).unwrap().puzzle;
    let read = |text: &str, told: Option<Shape>| {
        let mut batch = Batch::new(text.as_bytes());
        if let Some(told) = told {
            batch = batch.shape(told);
        }
        batch.map(|p| p.map(|p| p.grid)).collect::<Vec<_>>()
    };
    // On one line and in rows, told; drawn with its boxes, not told.
    let line = format!("{puzzle}\n");
    assert_eq!(read(&line, Some(shape)), [Ok(puzzle.clone())]);
    let drawn = format!("{puzzle:#}");
    assert_eq!(read(&drawn, None), [Ok(puzzle.clone())]);
    assert_eq!(read(&drawn, Some(shape)), [Ok(puzzle.clone())]);
    // Drawn the other way round: the `|` contradict the shape told.
    let errors = read(&drawn, Some(shape.transposed()));
    assert!(
        errors[0]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("boxes of 3x2 are 2 wide"),
        "{errors:?}"
    );
    // Not told, not drawn: one error naming the shapes, and the rest of the rows skipped.
    let rows: String = line
        .trim()
        .as_bytes()
        .chunks(6)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    let untold = read(&rows, None);
    assert_eq!(untold.len(), 1, "{untold:?}");
    assert!(
        untold[0]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("(2x3 or 3x2)")
    );
    assert_eq!(read(&rows, Some(shape)), [Ok(puzzle.clone())]);
    // Rows of the wrong length whose cells add up to 36 are no 6×6 grid.
    let uneven = "36...\n..1....\n......\n..5.6.\n.4.1..\n...6..\n";
    let read_uneven = read(uneven, Some(shape));
    assert!(read_uneven.iter().all(Result::is_err), "{read_uneven:?}");
    // A square side keeps its square boxes; the shape told takes only its own side.
    let four = "1.3.\n..1.\n2.4.\n..2.\n";
    assert_eq!(
        read(four, Some(shape))[0].as_ref().unwrap().shape(),
        Shape::square(2)
    );
}

#[test]
fn the_rater_walks_rectangular_boxes_to_their_solution() {
    for shape in ["2x3", "3x2", "2x4", "3x4"] {
        let shape: Shape = shape.parse().unwrap();
        let generator = Generator::builder().shape(shape).seed(21).build().unwrap();
        for index in 0..4 {
            let made = generator.generate(index).unwrap();
            let rating = Rater::new().rate(&made.puzzle).unwrap();
            assert!(rating.score >= 1.0, "{shape}: {rating}");
            let path = Rater::new().path(&made.puzzle).unwrap();
            if path.is_solved() {
                assert_eq!(path.end, made.solution, "{shape}");
            }
            // Every step keeps the solution's values among the candidates.
            for step in &path.steps {
                for &((r, c), v) in step.eliminations() {
                    assert_ne!(made.solution.get(r, c), v, "{shape}: {step}");
                }
                if let Some(((r, c), v)) = step.placement() {
                    assert_eq!(made.solution.get(r, c), v, "{shape}: {step}");
                }
            }
        }
    }
}

#[test]
fn variants_take_rectangular_boxes_where_their_rules_fit() {
    let six: Shape = "2x3".parse().unwrap();
    let read = |line: &str| Batch::new(line.as_bytes()).shape(six).next().unwrap();
    let empty = ".".repeat(36);
    // X: the diagonals of any side.
    let x = read(&format!("{empty} x")).unwrap();
    assert_eq!(x.variant, dancing_sudoku::Variant::X);
    let mut solver = PuzzleSolver::new(SolverChoice::Auto);
    let solution = solver.solve(&x).unwrap();
    assert!(x.variant.satisfied_by(&x.grid, &solution));
    // Hyper windows need square boxes: an error of the input, with the mark's column.
    let hyper = read(&format!("{empty} hyper")).unwrap_err();
    assert_eq!(hyper.column, Some(38));
    assert!(
        hyper
            .to_string()
            .contains("hyper sudoku needs square boxes"),
        "{hyper}"
    );
}
