//! `--svg`: pictures written by the commands, rendered by a real renderer (resvg) and
//! checked by their pixels; written whole or not at all.

use dancing_sudoku::picture::{CELL, colors};
use dancing_testkit::render::{dark, has_fonts, near, render};

use crate::common::{run, text};

/// The pixels inside cell `(r, c)` of the first picture of a sheet (its margin is 6).
fn inside(r: usize, c: usize) -> ((u32, u32), (u32, u32)) {
    let at = |k: usize| (6.0 + k as f64 * CELL + 3.0) as u32;
    ((at(c), at(r)), ((CELL - 6.0) as u32, (CELL - 6.0) as u32))
}

/// An empty folder of this process for a test's pictures: `name`, in the temporary
/// folder.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn solve_draws_the_puzzles_and_their_solutions() {
    let dir = scratch("dancing-svg");
    let path = dir.join("solved.svg");
    let puzzle =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    // A malformed line between two puzzles: its error as usual, the others drawn.
    let input = format!("{puzzle}\n12345\n{puzzle}\n");
    let output = run(
        &["sudoku", "solve", "--svg", path.to_str().unwrap()],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("line 2"));
    let svg = std::fs::read_to_string(&path).unwrap();
    let raster = render(&svg);
    // Two 9×9 pictures side by side.
    let side = 9.0 * CELL + 12.0;
    assert_eq!(raster.width, (2.0 * side + 12.0) as u32);
    assert_eq!(raster.height, side as u32);
    assert!(
        has_fonts(),
        "the pictures' text needs a font (fonts-dejavu-core)"
    );
    let blue = near(colors::SOLVED);
    let (at, size) = inside(0, 0); // r1c1 holds the given 8
    assert!(raster.count(at, size, dark) > 20);
    let (at, size) = inside(0, 1); // r1c2 the solution's 1
    assert!(raster.count(at, size, &blue) > 10);
    assert_eq!(raster.count(at, size, dark), 0);
    // Nothing is left beside the picture.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_picture_that_cannot_be_written_stops_the_run_before_it_starts() {
    let output = run(
        &["sudoku", "solve", "--svg", "/nonexistent-folder/x.svg"],
        b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("/nonexistent-folder/x.svg"));
    assert!(output.stdout.is_empty(), "no puzzle answered");
}

#[test]
fn hint_draws_the_hint_and_with_steps_every_step() {
    let dir = scratch("dancing-hint-svg");
    let puzzle =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    for steps in [false, true] {
        let path = dir.join(format!("hint-{steps}.svg"));
        let mut args = vec!["sudoku", "hint", "--svg", path.to_str().unwrap()];
        if steps {
            args.push("--steps");
        }
        let output = run(&args, puzzle);
        assert!(output.status.success(), "{}", text(&output.stderr));
        let svg = std::fs::read_to_string(&path).unwrap();
        // One picture per step: the hint alone, or a sheet of every step of the path.
        let pictures = svg.matches("<svg x=").count().max(1);
        let lines = text(&output.stdout)
            .lines()
            .filter(|l| !l.is_empty())
            .count();
        let expected = if steps { lines - 1 } else { 1 }; // (--steps ends with a verdict)
        assert_eq!(pictures, expected, "{}", text(&output.stdout));
        let raster = render(&svg);
        assert!(raster.width > 0 && raster.height > 0);
        // The first hint places a value: its cell shows it in the placement's colour.
        assert!(svg.contains(colors::PLACED));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn problem_draws_its_first_solution() {
    use dancing::problems::{HOLE, SQUARE};
    let dir = scratch("dancing-problem-svg");
    let path = dir.join("p.svg");
    let args = [
        "problem",
        "polyomino",
        "scott",
        "--limit",
        "1",
        "--svg",
        path.to_str().unwrap(),
    ];
    let output = run(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    // The text picture names each square's piece; the SVG colours them.
    let stdout = text(&output.stdout);
    let rows: Vec<Vec<char>> = stdout
        .lines()
        .skip_while(|l| *l != "first solution:")
        .skip(1)
        .map(|l| format!("{l:8}").chars().collect())
        .collect();
    assert_eq!(rows.len(), 8);
    let raster = render(&std::fs::read_to_string(&path).unwrap());
    let middle = |r: usize, c: usize| {
        let at = |k: usize| (4.0 + (k as f64 + 0.5) * SQUARE) as u32;
        raster.at(at(c), at(r))
    };
    let hole = near(HOLE);
    for r in 0..8 {
        for c in 0..8 {
            assert_eq!(hole(middle(r, c)), rows[r][c] == ' ', "r{r}c{c}");
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                if r2 < 8 && c2 < 8 && rows[r][c] != ' ' && rows[r2][c2] != ' ' {
                    let same = rows[r][c] == rows[r2][c2];
                    assert_eq!(middle(r, c) == middle(r2, c2), same, "r{r}c{c} r{r2}c{c2}");
                }
            }
        }
    }
    // A problem with no picture is refused before its search, and writes nothing.
    let langford = dir.join("l.svg");
    let output = run(
        &[
            "problem",
            "langford",
            "7",
            "--svg",
            langford.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(!langford.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_draws_its_puzzles() {
    let dir = scratch("dancing-generate-svg");
    let path = dir.join("g.svg");
    let args = [
        "sudoku",
        "generate",
        "--variant",
        "x",
        "--count",
        "3",
        "--seed",
        "1",
        "--svg",
        path.to_str().unwrap(),
    ];
    let output = run(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(svg.matches("<svg x=").count(), 3);
    // Each puzzle's givens, as its line writes them, are drawn (in its picture's text).
    for line in text(&output.stdout).lines() {
        let givens = line
            .split(' ')
            .next()
            .unwrap()
            .chars()
            .filter(|c| *c != '.')
            .count();
        assert!(givens >= 17, "{line}");
    }
    let texts = svg.matches("font-weight=\"bold\"").count();
    let givens: usize = text(&output.stdout)
        .lines()
        .map(|l| {
            l.split(' ')
                .next()
                .unwrap()
                .chars()
                .filter(|c| *c != '.')
                .count()
        })
        .sum();
    assert_eq!(texts, givens);
    // The X diagonals are shaded in each picture.
    let raster = render(&svg);
    let shade = near(colors::EXTRA);
    assert!(raster.count((0, 0), (raster.width, raster.height), shade) > 3 * 18 * 400);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn problem_draws_its_first_solutions_with_a_limit() {
    let dir = scratch("dancing-limit-svg");
    let path = dir.join("q.svg");
    // Six queens have four solutions: all four, on one sheet, each a board of its own.
    let args = [
        "problem",
        "queens",
        "6",
        "--limit",
        "10",
        "--svg",
        path.to_str().unwrap(),
    ];
    let output = run(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let svg = std::fs::read_to_string(&path).unwrap();
    let boards: Vec<&str> = svg.split("<svg x=").skip(1).collect();
    assert_eq!(boards.len(), 4);
    let distinct: std::collections::HashSet<&str> = boards.iter().copied().collect();
    assert_eq!(distinct.len(), 4);
    assert!(render(&svg).width > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `args` write with `--svg FILE`, and what they print with `--format svg` in
/// place of their answers: the same picture, whole; and the exit codes of both.
fn both_ways(args: &[&str], input: &str) -> (String, String, (Option<i32>, Option<i32>)) {
    let dir = scratch(&format!("dancing-format-{}", args[1]));
    let path = dir.join("picture.svg");
    let mut to_file = args.to_vec();
    to_file.extend(["--svg", path.to_str().unwrap()]);
    let written = run(&to_file, input.as_bytes());
    let mut to_stdout = args.to_vec();
    to_stdout.extend(["--format", "svg"]);
    let printed = run(&to_stdout, input.as_bytes());
    let file = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let codes = (written.status.code(), printed.status.code());
    (file, text(&printed.stdout), codes)
}

#[test]
fn format_svg_prints_the_picture_in_place_of_the_answers() {
    let puzzle =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let chain = "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........";
    for (args, input, pictures) in [
        (&["sudoku", "solve"][..], format!("{puzzle}\n{puzzle}\n"), 2),
        (&["sudoku", "hint"][..], format!("{chain}\n"), 1),
        (&["sudoku", "hint", "--steps"][..], format!("{chain}\n"), 83),
        (
            &["sudoku", "generate", "--count", "3", "--seed", "5"][..],
            String::new(),
            3,
        ),
        (
            &["problem", "pentomino", "10x6", "--limit", "3"][..],
            String::new(),
            3,
        ),
        (
            &["problem", "queens", "8", "--sample", "5", "--seed", "2"][..],
            String::new(),
            5,
        ),
        (
            &["problem", "domino", "6x6", "--sample", "4", "--seed", "2"][..],
            String::new(),
            4,
        ),
    ] {
        let (file, printed, codes) = both_ways(args, &input);
        assert_eq!(codes, (Some(0), Some(0)), "{args:?}");
        assert_eq!(printed, file, "{args:?}: the picture, and nothing else");
        // One picture as it is; several, a sheet of them.
        let inner = if pictures == 1 { 0 } else { pictures };
        assert_eq!(printed.matches("<svg").count(), 1 + inner, "{args:?}");
        let raster = render(&printed);
        assert!(raster.width > 100 && raster.height > 100, "{args:?}");
    }
}

#[test]
fn samples_drawn_are_the_samples_printed() {
    // The sheet of --sample K draws the K solutions the text lists, in order: each
    // queen's square is dark on its board, the others light.
    let args = ["problem", "queens", "6", "--sample", "3", "--seed", "9"];
    let boards = text(&run(&args, b"").stdout);
    let boards: Vec<Vec<usize>> = boards
        .split("\n\n")
        .map(|board| {
            board
                .lines()
                .map(|row| row.split(' ').position(|square| square == "Q").unwrap())
                .collect()
        })
        .collect();
    assert_eq!(boards.len(), 3);
    let (svg, _, _) = both_ways(&args, "");
    let raster = render(&svg);
    // Each board is 6 squares of 24 and a margin of 4 each side; sheets leave 12 between.
    let side = 6.0 * 24.0 + 8.0;
    for (k, board) in boards.iter().enumerate() {
        let (left, top) = (
            (k % 2) as f64 * (side + 12.0),
            (k / 2) as f64 * (side + 12.0),
        );
        for (r, &column) in board.iter().enumerate() {
            for c in 0..6 {
                let at = (
                    (left + 4.0 + c as f64 * 24.0 + 8.0) as u32,
                    (top + 4.0 + r as f64 * 24.0 + 8.0) as u32,
                );
                let inked = raster.count(at, (8, 8), dark);
                assert_eq!(inked > 20, c == column, "board {k}, r{r}c{c}: {inked}");
            }
        }
    }
}

#[test]
fn format_svg_keeps_malformed_input_s_errors_and_draws_the_rest() {
    let puzzle =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let output = run(
        &["sudoku", "solve", "--format", "svg"],
        format!("{puzzle}\n12345\n{puzzle}\n").as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("line 2"));
    let printed = text(&output.stdout);
    assert_eq!(printed.matches("<svg").count(), 3, "two puzzles, one sheet");
    render(&printed);
    // No picture for the answers a problem has none of, and none with --count.
    let refused = run(&["problem", "langford", "3", "--format", "svg"], b"");
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("--format svg: only queens"));
    assert!(refused.stdout.is_empty());
    let refused = run(
        &["problem", "queens", "8", "--count", "--format", "svg"],
        b"",
    );
    assert_eq!(refused.status.code(), Some(2));
}

#[test]
fn tiling_draws_each_case_s_fewest_rectangles() {
    let input = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/tiling.txt"))
        .unwrap();
    let (svg, printed, codes) = both_ways(&["problem", "tiling"], &input);
    assert_eq!(codes, (Some(0), Some(0)));
    assert_eq!(svg, printed);
    assert_eq!(svg.matches("<svg x=").count(), 3, "one board per case");
    let raster = render(&svg);
    let square = 24.0;
    // Case 1 (5×5, one piece): one colour. Case 2 (no tiling): white. Case 3 (30×30,
    // two halves of 15 columns): two colours, the line between them dark.
    let at = |left: f64, top: f64, (r, c): (usize, usize)| {
        (
            (left + 4.0 + c as f64 * square + 8.0) as u32,
            (top + 4.0 + r as f64 * square + 8.0) as u32,
        )
    };
    let small = 5.0 * square + 8.0;
    let pixel = |(x, y): (u32, u32)| raster.at(x, y);
    let first = pixel(at(0.0, 0.0, (0, 0)));
    assert!(near(dancing::problems::PALETTE[0])(first));
    assert_eq!(pixel(at(0.0, 0.0, (4, 4))), first);
    assert_eq!(pixel(at(small + 12.0, 0.0, (2, 2))), [255, 255, 255]);
    let top = small + 12.0;
    let (left, right) = (pixel(at(0.0, top, (10, 3))), pixel(at(0.0, top, (10, 20))));
    assert_ne!(left, right);
    assert!(near(dancing::problems::PALETTE[0])(left) || near(dancing::problems::PALETTE[1])(left));
}

#[test]
fn a_chain_s_hint_is_drawn_with_its_links() {
    use dancing_sudoku::logic::Rater;
    use dancing_sudoku::{Position, Shape};
    use dancing_testkit::render::tinted;

    // The position just before the path's first forcing chain, as pencilmarks.
    let puzzle: Position =
        "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4..........."
            .parse()
            .unwrap();
    let mut position = puzzle;
    let (step, before) = loop {
        let (step, next) = Rater::new()
            .hint_applied(&position)
            .unwrap()
            .expect("a step");
        if step.technique().name() == "forcing chain" {
            break (step, position);
        }
        position = next;
    };
    let dir = scratch("dancing-chain-svg");
    let path = dir.join("h.svg");
    let output = run(
        &["sudoku", "hint", "--svg", path.to_str().unwrap()],
        format!("{}\n", before.to_pencilmarks()).as_bytes(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("forcing chain"));
    let raster = render(&std::fs::read_to_string(&path).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
    let whole = ((0, 0), (raster.width, raster.height));
    // The links drawn (solid and dashed arrows), and each candidate removed in red at
    // its place.
    assert!(raster.count(whole.0, whole.1, tinted(colors::LINK)) > 300);
    assert!(!step.eliminations().is_empty());
    for &(cell, v) in step.eliminations() {
        let ((x, y), size) = dancing_sudoku::picture::candidate_place(Shape::CLASSIC, cell, v);
        let half = (size / 2.0) as u32;
        let at = (x as u32 - half, y as u32 - half);
        assert!(raster.count(at, (2 * half, 2 * half), tinted(colors::REMOVED)) > 3);
    }
}

#[test]
fn xc_draws_a_board_s_solutions_as_problem_does() {
    let dir = scratch("dancing-xc-svg");
    let dlx = dir.join("pentominoes.dlx");
    let printed = run(&["problem", "pentomino", "10x6", "--dlx"], b"");
    std::fs::write(&dlx, &printed.stdout).unwrap();
    let dlx = dlx.to_str().unwrap();
    // The first three packings, read as any DLX file: the very sheet `problem` draws.
    let (from_xc, printed, codes) = both_ways(&["xc", dlx, "--limit", "3"], "");
    assert_eq!(codes, (Some(0), Some(0)));
    assert_eq!(printed, from_xc);
    let (from_problem, _, _) = both_ways(&["problem", "pentomino", "10x6", "--limit", "3"], "");
    assert_eq!(from_xc, from_problem);
    // Draws from the memo (of domino tilings, where it pays) and the cheapest solution
    // are drawn too.
    let dominoes = run(&["problem", "domino", "6x6", "--dlx"], b"").stdout;
    let dominoes = String::from_utf8(dominoes).unwrap();
    let (sampled, _, codes) =
        both_ways(&["xc", "--sample", "2", "--memo", "--seed", "4"], &dominoes);
    assert_eq!(codes, (Some(0), Some(0)));
    assert_eq!(sampled.matches("<svg").count(), 3);
    // A 2×2 board: two dominoes across cost 3 each, two down 1 each.
    let costed = "r1c1 r1c2 r2c1 r2c2\nr1c1 r1c2 |3\nr2c1 r2c2 |3\nr1c1 r2c1 |1\nr1c2 r2c2 |1\n";
    let (cheapest, _, codes) = both_ways(&["xc", "--min-cost"], costed);
    assert_eq!(codes, (Some(0), Some(0)));
    assert_eq!(cheapest.matches("<svg").count(), 1);
    let raster = render(&cheapest);
    let pixel = |r: u32, c: u32| raster.at(4 + c * 24 + 12, 4 + r * 24 + 12);
    assert_eq!(pixel(0, 0), pixel(1, 0), "down the left column: one domino");
    assert_ne!(pixel(0, 0), pixel(0, 1), "across: two");
    // A problem that is no board has no picture: exit code 2, and no file.
    let queens = dir.join("queens.dlx");
    std::fs::write(
        &queens,
        run(&["problem", "queens", "5", "--dlx"], b"").stdout,
    )
    .unwrap();
    let path = dir.join("none.svg");
    let output = run(
        &[
            "xc",
            queens.to_str().unwrap(),
            "--svg",
            path.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("not a board's cells"));
    assert!(output.stdout.is_empty());
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 2, "the two inputs, nothing else");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_picture_holds_a_thousand_and_says_what_it_left_out() {
    // However long the run, one sheet draws the first 1,000; stderr says how many more.
    let puzzle =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n";
    let output = run(
        &["sudoku", "solve", "--format", "svg"],
        puzzle.repeat(1003).as_bytes(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout).matches("<svg x=").count(), 1000);
    assert!(text(&output.stderr).contains("the picture draws the first 1000; 3 more left out"));
    let output = run(
        &[
            "problem", "domino", "6x6", "--limit", "1002", "--format", "svg",
        ],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout).matches("<svg x=").count(), 1000);
    assert!(text(&output.stderr).contains("2 more left out"));
    // -q keeps it quiet.
    let output = run(
        &[
            "problem", "domino", "6x6", "--limit", "1002", "--format", "svg", "-q",
        ],
        b"",
    );
    assert!(!text(&output.stderr).contains("left out"));
}
