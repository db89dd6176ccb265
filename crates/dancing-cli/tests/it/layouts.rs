//! The layouts people paste into `dancing sudoku`: Sudoku Explainer's framed grid, a
//! one-line puzzle with spaces, and pencilmark grids, whose candidates every command
//! takes as given.

use dancing_sudoku::logic::Rater;
use dancing_sudoku::{Grid, LogicSolver, Position, Step};

use crate::common::{ok, run, text};

/// Arto Inkala's 2012 puzzle and its solution.
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// Inkala's puzzle as Sudoku Explainer copies it.
const SE_FRAMED: &str = "*-----------*\n|8..|...|...|\n|..3|6..|...|\n|.7.|.9.|2..|\n|---+---+---|\n\
    |.5.|..7|...|\n|...|.45|7..|\n|...|1..|.3.|\n|---+---+---|\n|..1|...|.68|\n|..8|5..|.1.|\n\
    |.9.|...|4..|\n*-----------*\n";

#[test]
fn framed_and_spaced_puzzles_are_one_puzzle_each() {
    let spaced: String = INKALA.chars().map(|c| format!("{c} ")).collect();
    for input in [SE_FRAMED.to_owned(), format!("{spaced}\n")] {
        for (command, answer) in [("solve", SOLUTION), ("count", "1"), ("check", "unique")] {
            let output = run(&["sudoku", command, "-q"], input.as_bytes());
            assert_eq!(output.status.code(), Some(0), "{command}\n{input}");
            assert_eq!(text(&output.stdout), format!("{answer}\n"), "{command}");
            assert_eq!(text(&output.stderr), "", "{command}");
        }
        let rated = ok(&["sudoku", "rate", "-q"], input.as_bytes());
        assert_eq!(rated, "10.7 nested forcing chains ED=10.7/10.7/9.7\n");
    }
}

/// The first puzzle of Magictour's top 1465 whose first step removes candidates
/// without placing a value, with that step, and the position after it as a pencilmark
/// grid would show it.
fn after_an_elimination() -> (Grid, Step, Position) {
    let data = include_str!("../../../dancing-sudoku/data/magictour_top1465.txt");
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let grid = Grid::parse_line(line).unwrap();
        let Ok(Some(step)) = Rater::new().hint(&grid) else {
            continue;
        };
        if step.placement().is_some() {
            continue;
        }
        let mut solver = LogicSolver::new(&grid).unwrap();
        solver.apply(&step);
        return (grid, step, solver.position());
    }
    panic!("no puzzle starts with an elimination");
}

#[test]
fn pencilmark_grids_are_answered_from_their_candidates() {
    let (grid, step, position) = after_an_elimination();
    assert!(!position.is_plain());
    let pencilmarks = position.to_pencilmarks();
    let solution = ok(&["sudoku", "solve", "-q"], grid.to_string().as_bytes());
    for (command, answer) in [
        ("solve", solution.trim()),
        ("count", "1"),
        ("check", "unique"),
    ] {
        let output = run(&["sudoku", command, "-q"], pencilmarks.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{command}\n{pencilmarks}");
        assert_eq!(text(&output.stdout), format!("{answer}\n"), "{command}");
    }
    // The grid alone gets the step again; its pencilmarks get the step after it.
    let plain = ok(&["sudoku", "hint", "-q"], grid.to_string().as_bytes());
    assert_eq!(plain, format!("{step}\n"));
    let next = ok(&["sudoku", "hint", "-q"], pencilmarks.as_bytes());
    assert_ne!(next, plain, "{pencilmarks}");
    let expected = Rater::new().hint(&position).unwrap().unwrap();
    assert_eq!(next, format!("{expected}\n"));
    // `--pretty` draws the candidates it started from.
    let drawn = ok(
        &["sudoku", "hint", "-q", "--pretty"],
        pencilmarks.as_bytes(),
    );
    assert!(drawn.starts_with(&pencilmarks), "{drawn}");
    // The rating starts from the candidates too.
    let rated = ok(&["sudoku", "rate", "-q"], pencilmarks.as_bytes());
    let rating = Rater::new().rate(&position).unwrap();
    assert_eq!(rated, format!("{rating} ED={}\n", rating.explainer()));
}

#[test]
fn a_candidate_of_the_solution_taken_away_leaves_no_solution() {
    let grid = Grid::parse_line(INKALA).unwrap();
    let solution = Grid::parse_line(SOLUTION).unwrap();
    let mut masks = Position::new(&grid).masks().to_vec();
    // r1c2 is 1 in the solution.
    masks[1] &= !(1 << (solution.get(0, 1) - 1));
    let pencilmarks = Position::with_candidates(grid, masks)
        .unwrap()
        .to_pencilmarks();
    for (command, answer) in [("solve", "no solution"), ("count", "0"), ("check", "none")] {
        let output = run(&["sudoku", command, "-q"], pencilmarks.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{command}");
        assert_eq!(text(&output.stdout), format!("{answer}\n"), "{command}");
    }
    assert_eq!(
        ok(&["sudoku", "rate", "-q"], pencilmarks.as_bytes()),
        "no solution\n"
    );
}

#[test]
fn a_malformed_pencilmark_grid_is_one_error() {
    let position = Position::new(&Grid::parse_line(INKALA).unwrap());
    let bad = position.to_pencilmarks().replacen("469", "4x9", 1);
    let output = run(
        &["sudoku", "solve", "-q"],
        format!("{bad}{INKALA}\n").as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with("error: `"), "{stdout}");
    assert_eq!(lines[1], SOLUTION);
}

#[test]
fn generated_variants_are_solved_without_flags() {
    for variant in ["x", "hyper", "jigsaw"] {
        let puzzles = ok(
            &[
                "sudoku",
                "generate",
                "-q",
                "--variant",
                variant,
                "--count",
                "3",
                "--seed",
                "5",
            ],
            b"",
        );
        let told = ok(
            &["sudoku", "solve", "-q", "--variant", variant],
            puzzles.as_bytes(),
        );
        let marked = ok(&["sudoku", "solve", "-q"], puzzles.as_bytes());
        assert_eq!(marked, told, "{variant}\n{puzzles}");
        assert_eq!(
            ok(&["sudoku", "check", "-q"], puzzles.as_bytes()),
            "unique\n".repeat(3)
        );
        // Read as classic, the marks are refused with the variant they name.
        let output = run(
            &["sudoku", "solve", "-q", "--variant", "classic"],
            puzzles.as_bytes(),
        );
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stderr).contains(&format!("marked as {variant} sudoku, not classic")));
    }
}

#[test]
fn a_puzzle_as_an_argument_and_a_csv_header_are_read() {
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let output = run(&["sudoku", "solve", puzzle], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), format!("{solution}\n"));
    // Not a puzzle, not a file: the file's error, as before.
    let output = run(&["sudoku", "solve", "no-such-file.txt"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("cannot open"));
    // A CSV file (Kaggle's layout): the header skipped with a note.
    let csv = format!("quizzes,solutions\n{puzzle},{solution}\n");
    let output = run(&["sudoku", "solve"], csv.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), format!("{solution}\n"));
    assert!(
        text(&output.stderr).contains("line 1 is a CSV header"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn grids_of_rectangular_boxes_solve_count_check_and_generate() {
    use dancing_sudoku::Shape;
    use dancing_sudoku::generate::Generator;
    use dancing_sudoku::parse::Batch;
    for shape in ["2x3", "3x2", "2x4", "3x4"] {
        let made = ok(
            &[
                "sudoku", "generate", "--box", shape, "--count", "3", "--seed", "5",
            ],
            b"",
        );
        let boxes: Shape = shape.parse().unwrap();
        let read = |text: &str| -> Vec<Grid> {
            Batch::new(text.as_bytes())
                .shape(boxes)
                .map(|p| p.unwrap().grid)
                .collect()
        };
        let puzzles = read(&made);
        assert_eq!(puzzles.len(), 3);
        let generator = Generator::builder().shape(boxes).seed(5).build().unwrap();
        for (k, puzzle) in puzzles.iter().enumerate() {
            assert_eq!(puzzle.shape(), boxes);
            assert_eq!(
                *puzzle,
                generator.generate(k as u64).unwrap().puzzle,
                "{shape}"
            );
        }
        let checked = ok(&["sudoku", "check", "--box", shape], made.as_bytes());
        assert_eq!(checked, "unique\nunique\nunique\n");
        let solved = ok(&["sudoku", "solve", "--box", shape], made.as_bytes());
        for (solution, puzzle) in read(&solved).iter().zip(&puzzles) {
            assert!(solution.is_solution_of(puzzle), "{shape}: {solution}");
        }
    }
    // An empty 6×6 grid as rows: more than 5 solutions; a clash is an input error.
    let empty = "......\n".repeat(6);
    assert_eq!(
        ok(
            &["sudoku", "count", "--box", "2x3", "--limit", "5"],
            empty.as_bytes()
        ),
        "5+\n"
    );
    let output = run(
        &["sudoku", "solve", "--box", "2x3"],
        format!("11{}\n", ".".repeat(34)).as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("1 appears twice in row 1"),
        "{}",
        text(&output.stderr)
    );
    // Without --box, the error says which flag reads it.
    let output = run(
        &["sudoku", "solve"],
        format!("1{}\n", ".".repeat(35)).as_bytes(),
    );
    assert!(
        text(&output.stderr).contains("--box 2x3"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn a_pencilmark_grid_is_drawn_with_its_candidates() {
    // Its candidates are those the grid implies: drawn all the same, as given.
    let grid: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    let marks = Position::new(&grid).to_pencilmarks();
    let hinted = ok(&["sudoku", "hint", "--pretty"], marks.as_bytes());
    let first = hinted.lines().nth(1).unwrap();
    assert!(
        first.split_whitespace().any(|cell| cell == "124"),
        "{hinted}"
    );
    // A plain grid is drawn with its box lines.
    let plain = ok(
        &["sudoku", "hint", "--pretty"],
        format!("{grid}\n").as_bytes(),
    );
    assert!(plain.starts_with('┌'), "{plain}");
}
