//! The fifth hostile run's findings through the binary, each reproduced as it was
//! reported (H1 to H31; the batch reader's own are in the sudoku crate's tests) and held
//! to the right answer: rectangular boxes as one shape among others, the polyomino
//! readers bounded like the others, nothing lost in the output.

use std::path::PathBuf;

use crate::common::{ok, run, text};

/// A file in this binary's scratch folder holding `bytes`; its path.
fn file(name: &str, bytes: &[u8]) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fifth-pass");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("a scratch file");
    path.display().to_string()
}

/// Runs a command that must stop on its input with exit code 2 and a message holding
/// `words`; returns stderr.
#[track_caller]
fn refused(args: &[&str], stdin: &[u8], words: &str) -> String {
    let output = run(args, stdin);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(words), "{args:?}: {stderr}");
    stderr
}

#[test]
fn h3_a_byte_order_mark_is_skipped_in_pieces_and_boards() {
    let pieces = file("bom_pieces.txt", b"\xef\xbb\xbfAA\nBB\n");
    assert_eq!(
        ok(
            &[
                "problem",
                "polyomino",
                "2x2",
                "--pieces",
                &pieces,
                "--count"
            ],
            b""
        ),
        "4\n"
    );
    let board = file("bom_board.txt", b"\xef\xbb\xbf..\n..\n");
    assert_eq!(
        ok(
            &[
                "problem",
                "polyomino",
                &board,
                "--pieces",
                "dominoes",
                "--uses",
                "any",
                "--count"
            ],
            b""
        ),
        "2\n"
    );
    // And in the batches of grids with --box.
    let six = "1.....\n..3...\n....5.\n.6....\n...2..\n.....4\n";
    let with_bom = format!("\u{feff}{six}");
    assert_eq!(
        ok(
            &["sudoku", "count", "--box", "2x3", "--limit", "5"],
            with_bom.as_bytes()
        ),
        ok(
            &["sudoku", "count", "--box", "2x3", "--limit", "5"],
            six.as_bytes()
        )
    );
}

#[test]
fn h11_h13_picture_files_are_read_within_a_bound() {
    // A line of 8 MiB, as /dev/zero or a huge pipe gives: refused, not read whole.
    let long = file("long_board.txt", &vec![b'.'; 8 << 20]);
    refused(
        &["problem", "polyomino", &long, "--count"],
        b"",
        "picture is larger than",
    );
    refused(
        &["problem", "polyomino", "4x4", "--pieces", &long, "--count"],
        b"",
        "picture is larger than",
    );
}

#[test]
fn h12_h14_problems_too_large_for_max_memory_are_refused_before_they_are_built() {
    for args in [
        "problem polyomino 300x300 --pieces hexominoes --uses any --count --max-memory 50M --max-nodes 10",
        "problem domino 1000x1000 --max-memory 50M --count",
        "problem domino 1000x1000 --max-memory 50M --count --memo",
    ] {
        let args: Vec<&str> = args.split_whitespace().collect();
        refused(&args, b"", "--max-memory 50 MiB");
    }
    // A drawn board is held to the cell cap of WxH.
    let row = ".".repeat(1001);
    let wide = file("wide_board.txt", format!("{row}\n").repeat(1000).as_bytes());
    refused(
        &[
            "problem",
            "polyomino",
            &wide,
            "--pieces",
            "dominoes",
            "--count",
        ],
        b"",
        "past the 1000000 a board may have",
    );
}

#[test]
fn h17_the_timeout_covers_building_the_packing() {
    let output = run(
        &[
            "problem",
            "polyomino",
            "150x150",
            "--pieces",
            "hexominoes",
            "--uses",
            "any",
            "--count",
            "--timeout",
            "0.001",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("timeout while building"));
}

#[test]
fn h26_h27_h28_and_h8_words_and_pictures_say_what_is_wrong() {
    refused(
        &["problem", "polyomino", "100000x100000"],
        b"",
        "the 100000x100000 board has 10000000000 cells",
    );
    refused(
        &["problem", "polyomino", "2x2", "--pieces", "7"],
        b"",
        "no set of 7-cell pieces",
    );
    // Two blocks of one letter are two pieces, not one piece in two parts.
    let apart = file("apart.txt", b"AA.AA\n");
    refused(
        &["problem", "polyomino", "2x2", "--pieces", &apart, "--count"],
        b"",
        "the cells of `A` are apart",
    );
    let hash = file("hash.txt", b"##\n");
    refused(
        &["problem", "polyomino", "2x2", "--pieces", &hash, "--count"],
        b"",
        "`#` cannot name a piece",
    );
}

#[test]
fn h15_h19_h20_box_grids_take_every_flag_of_the_batches() {
    // --stats, --threads and --solver on grids of 2x3 boxes, as on 9×9.
    let made = ok(
        &[
            "sudoku", "generate", "--box", "2x3", "--count", "20", "--seed", "4", "-q",
        ],
        b"",
    );
    for solver in ["auto", "dlx", "sat", "bitmask"] {
        let output = run(
            &[
                "sudoku",
                "count",
                "--box",
                "2x3",
                "--threads",
                "2",
                "--stats",
                "--solver",
                solver,
            ],
            made.as_bytes(),
        );
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(text(&output.stdout), "1\n".repeat(20), "{solver}");
        let stderr = text(&output.stderr);
        let stats: serde_json::Value =
            serde_json::from_str(stderr.lines().last().unwrap()).expect("a JSON line");
        assert_eq!(stats["puzzles"], 20, "{solver}");
        assert_eq!(stats["solver"], solver);
        let answered = &stats["answered_by"];
        let by = |name: &str| answered[name].as_u64().unwrap();
        match solver {
            "sat" => assert_eq!(by("sat"), 20),
            "bitmask" => assert_eq!(by("bitmask"), 20),
            _ => assert_eq!(by("dlx"), 20),
        }
    }
    // --timeout and --max-nodes bound the generator of box grids too.
    let output = run(
        &[
            "sudoku",
            "generate",
            "--box",
            "3x4",
            "--count",
            "1000",
            "--max-nodes",
            "1",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
}

#[test]
fn h18_a_short_line_swallows_no_puzzle() {
    let made = ok(
        &[
            "sudoku", "generate", "--box", "2x3", "--count", "6", "--seed", "2", "-q",
        ],
        b"",
    );
    let input = format!("1.....3....2..45..6.......1...5..2\n{made}");
    let output = run(&["sudoku", "count", "--box", "2x3"], input.as_bytes());
    let answers: Vec<String> = text(&output.stdout).lines().map(str::to_owned).collect();
    assert_eq!(answers.len(), 7, "{answers:?}");
    assert!(answers[0].starts_with("error:"));
    assert!(answers[1..].iter().all(|a| a == "1"), "{answers:?}");
    // A comment after a puzzle swallows nothing either.
    let commented = made.replacen('\n', " # the first\n", 1);
    let answers = ok(&["sudoku", "count", "--box", "2x3"], commented.as_bytes());
    assert_eq!(answers, "1\n".repeat(6));
}

#[test]
fn h29_a_box_shape_out_of_range_is_named() {
    let output = run(
        &["sudoku", "solve", "--box", "4294967296x4294967296", "x"],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("boxes of 4294967296x4294967296 make no sudoku"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn rate_hint_and_the_puzzle_argument_take_box() {
    let made = ok(
        &[
            "sudoku", "generate", "--box", "2x3", "--count", "1", "--seed", "8", "-q",
        ],
        b"",
    );
    let puzzle = made.trim();
    let solved = ok(&["sudoku", "solve", "--box", "2x3", puzzle], b"");
    assert_eq!(solved.trim().len(), 36);
    let rated = ok(&["sudoku", "rate", "--box", "2x3", puzzle], b"");
    assert!(rated.chars().next().unwrap().is_ascii_digit(), "{rated}");
    let hinted = ok(&["sudoku", "hint", "--box", "2x3", "--steps", puzzle], b"");
    assert!(hinted.trim_end().ends_with("solved"), "{hinted}");
    for shape in ["2x3", "3x4"] {
        let output = run(
            &[
                "sudoku",
                "generate",
                "--box",
                shape,
                "--difficulty",
                "easy",
                "--rate",
                "--seed",
                "1",
            ],
            b"",
        );
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        // The puzzle, then its rating after a space: easy is at most 2.3.
        let line = text(&output.stdout);
        let score: f32 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(score <= 2.3, "{line}");
    }
}

#[test]
fn h21_an_empty_solution_is_seen() {
    // A problem whose only primary item may be left out: the empty solution and `A`.
    assert_eq!(ok(&["xc"], b"0:1|A\nA\n"), "A\n\n| no options\n");
    let drawn = ok(&["xc", "--sample", "4", "--seed", "3"], b"0:1|A\nA\n");
    let blocks: Vec<&str> = drawn.split("\n\n").collect();
    assert_eq!(blocks.len(), 4, "{drawn}");
    assert!(
        blocks
            .iter()
            .all(|b| matches!(b.trim(), "A" | "| no options")),
        "{drawn}"
    );
}

#[test]
fn h22_costs_of_zero_are_written_where_others_cost_something() {
    let listed = ok(
        &["xc", "--best", "2"],
        b"p0 p1 p2\np0 p2 |0\np1 |3\np0 p2 |2\np0 p1 p2 |5\n",
    );
    assert_eq!(
        listed,
        "| cost 3\np0 p2 |0\np1 |3\n\n| cost 5\np0 p1 p2 |5\n"
    );
    // Without costs, none is written.
    assert_eq!(ok(&["xc"], b"A\nA\n"), "A\n");
}

/// The first `n` puzzles of the bundled 17-clue collection.
fn seventeen(n: usize) -> Vec<String> {
    let text = include_str!("../../../dancing-sudoku/data/17_clue_1000.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
        .map(str::to_owned)
        .collect()
}

#[test]
fn hints_applied_one_by_one_reach_the_solution() {
    for puzzle in seventeen(3) {
        let mut position = format!("{puzzle}\n");
        let mut steps: Vec<String> = Vec::new();
        loop {
            let next = ok(&["sudoku", "hint", "--apply", "-q"], position.as_bytes());
            let (comment, grid) = next.split_once('\n').expect("a step and a grid");
            let step = comment.strip_prefix("# ").expect("the step as a comment");
            if step == "solved" {
                break;
            }
            assert!(!steps.contains(&step.to_owned()), "{step} again");
            steps.push(step.to_owned());
            assert!(steps.len() < 300, "no end");
            // The whole output reads back as the next position.
            assert_eq!(ok(&["sudoku", "count", "-q"], next.as_bytes()), "1\n");
            position = grid.to_owned();
        }
        // The walk is the path of --steps, step by step, and ends in the solution.
        let path = ok(&["sudoku", "hint", "--steps", "-q", &puzzle], b"");
        let listed: Vec<&str> = path
            .lines()
            .filter_map(|l| l.split_once(". ").map(|(_, step)| step))
            .collect();
        assert_eq!(steps, listed);
        let solution = ok(&["sudoku", "solve", "-q", &puzzle], b"");
        let end = ok(&["sudoku", "solve", "-q"], position.as_bytes());
        assert_eq!(end, solution);
        // --positions prints each position, the last the solution.
        let positions = ok(
            &["sudoku", "hint", "--steps", "--positions", "-q", &puzzle],
            b"",
        );
        let grids = positions.lines().filter(|l| l.starts_with('\'')).count();
        assert_eq!(grids, steps.len());
        assert!(positions.ends_with("# solved\n"));
    }
}

#[test]
fn graded_hints_tell_the_technique_then_the_cells() {
    let puzzle = &seventeen(1)[0];
    let full = ok(&["sudoku", "hint", "-q", puzzle], b"");
    let technique = ok(&["sudoku", "hint", "--level", "1", "-q", puzzle], b"");
    let cells = ok(&["sudoku", "hint", "--level", "2", "-q", puzzle], b"");
    assert!(full.starts_with(technique.trim()), "{full} / {technique}");
    let looked = cells.trim().rsplit_once("look at ").unwrap().1;
    assert!(full.contains(looked), "{full} / {cells}");
}

#[test]
fn h10_box_batches_read_through_the_bounded_reader() {
    // Endless bytes with no line end: one error after the line limit, in little memory.
    let output = run(&["sudoku", "solve", "--box", "2x3", "/dev/zero"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("the line is longer than 65536 bytes"));
}

#[test]
fn small_findings_of_the_first_hour() {
    // A board the pieces cannot fill says why it has no packing.
    let output = run(&["problem", "polyomino", "8x6", "--count"], b"");
    assert_eq!(text(&output.stdout), "0\n");
    assert!(text(&output.stderr).contains("the 12 pieces cover 60 cells, and the board has 48"));
    // A title line before a puzzle is skipped, as `# Puzzle 1` is.
    let puzzle = &seventeen(1)[0];
    let titled = format!("Puzzle 1\n{puzzle}\n");
    assert_eq!(ok(&["sudoku", "count", "-q"], titled.as_bytes()), "1\n");
}

/// `--progress` of a search on a terminal (util-linux's `script`) tells the time left
/// as Knuth's estimate extrapolates it.
#[test]
fn a_search_on_a_terminal_tells_the_time_left() {
    let exe = env!("CARGO_BIN_EXE_dancing");
    let command = format!("{exe} problem queens 14 --count --progress");
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("util-linux's script runs");
    assert_eq!(output.status.code(), Some(0));
    let screen = text(&output.stdout);
    assert!(screen.contains(" left"), "{screen}");
    assert!(screen.contains("365596"), "{screen}");
}

#[test]
fn a_dense_matrix_is_read_as_python_takes_it() {
    let knuth = "0 0 1 0 1 1 0\n1 0 0 1 0 0 1\n0 1 1 0 0 1 0\n1 0 0 1 0 0 0\n0 1 0 0 0 0 1\n0 0 0 1 1 0 1\n";
    assert_eq!(ok(&["xc", "--matrix", "-q"], knuth.as_bytes()), "3 1 4 5\n");
    let tight = knuth.replace(' ', "");
    assert_eq!(ok(&["xc", "--matrix", "-q"], tight.as_bytes()), "3 1 4 5\n");
    // Cases between blank lines; counts as for the sparse form.
    let two = format!("{knuth}\n11\n10\n01\n");
    assert_eq!(
        ok(&["xc", "--matrix", "--count", "-q"], two.as_bytes()),
        "1\n2\n"
    );
    // Errors name the line and the column.
    let output = run(&["xc", "--matrix"], b"1 0 1\n0 1\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("line 2, column 1: a row of 2 columns where the first has 3"),
        "{}",
        text(&output.stderr)
    );
    let output = run(&["xc", "--matrix"], b"1 0 1\n0 x 1\n");
    assert!(text(&output.stderr).contains("line 2, column 3: expected 0 or 1, found `x`"));
}
