//! `dancing problem` with `xc`'s flags (the memo, samples, threads, engines), Langford's
//! impossible orders and general polyomino packing, against the library's own counts.

use dancing::Engine;
use dancing::problems::{self, Board, Piece, Turns, Uses};

use crate::common::{run, stats_of, text};

/// The JSON line of `--stats` on stderr.
fn stats_line(stderr: &str) -> &str {
    stderr
        .lines()
        .find(|line| line.starts_with('{'))
        .expect("a JSON line")
}

#[test]
fn the_memo_counts_a_board_the_plain_search_cannot_visit() {
    let output = run(&["problem", "domino", "12x12", "--count", "--memo"], b"");
    assert_eq!(output.status.code(), Some(0));
    // OEIS A004003: domino tilings of the 12x12 board.
    assert_eq!(text(&output.stdout), "53060477521960000\n");
    // A count takes the memo by itself where its probe sees the board repeat, and
    // says so; --no-memo forbids it (the plain search then stops at its node limit).
    let output = run(&["problem", "domino", "12x12", "--count", "--stats"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), "53060477521960000\n");
    let stats = stats_of(&output);
    assert_eq!(stats["engine"], "memo", "{stats}");
    let probe = &stats["memo_probe"];
    assert!(probe["hits"].as_u64().unwrap() * 5 >= probe["states"].as_u64().unwrap());
    let args = [
        "problem",
        "domino",
        "12x12",
        "--count",
        "--no-memo",
        "--max-nodes",
        "1000",
    ];
    let output = run(&args, b"");
    assert_eq!(output.status.code(), Some(3));
    assert!(
        text(&output.stdout).ends_with("+\n"),
        "{}",
        text(&output.stdout)
    );
    // Without the memo, the note names it.
    let output = run(&["problem", "domino", "12x12", "--max-nodes", "1000"], b"");
    assert_eq!(output.status.code(), Some(3));
    assert!(
        text(&output.stderr).contains("--count counts them in milliseconds (with the memo)"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn samples_are_drawn_as_pictures_of_tilings() {
    let output = run(
        &["problem", "domino", "6x4", "--sample", "5", "--seed", "3"],
        b"",
    );
    assert_eq!(output.status.code(), Some(0));
    let stdout = text(&output.stdout);
    let pictures: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(pictures.len(), 5, "{stdout}");
    for picture in pictures {
        let rows: Vec<Vec<char>> = picture.lines().map(|row| row.chars().collect()).collect();
        assert_eq!(rows.len(), 4, "{picture}");
        for (r, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), 6, "{picture}");
            for (c, &cell) in row.iter().enumerate() {
                let paired = match cell {
                    '<' => row.get(c + 1) == Some(&'>'),
                    '>' => c > 0 && row[c - 1] == '<',
                    '^' => rows.get(r + 1).map(|below| below[c]) == Some('v'),
                    'v' => r > 0 && rows[r - 1][c] == '^',
                    _ => false,
                };
                assert!(paired, "{picture}");
            }
        }
    }
    // The same seed, the same draws.
    let again = run(
        &["problem", "domino", "6x4", "--sample", "5", "--seed", "3"],
        b"",
    );
    assert_eq!(text(&again.stdout), stdout);
}

#[test]
fn threads_and_engines_count_and_draw_as_one_thread() {
    let one = text(&run(&["problem", "queens", "9", "-q"], b"").stdout);
    for args in [
        &["problem", "queens", "9", "-q", "--threads", "2"][..],
        &["problem", "queens", "9", "-q", "--engine", "dense"],
        &[
            "problem",
            "queens",
            "9",
            "-q",
            "--engine",
            "links",
            "--threads",
            "3",
        ],
    ] {
        let output = run(args, b"");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(text(&output.stdout), one, "{args:?}");
    }
    assert!(one.starts_with("352 solutions\nfirst solution:\n"), "{one}");
    let output = run(
        &[
            "problem",
            "latin",
            "4",
            "--count",
            "--threads",
            "2",
            "--stats",
        ],
        b"",
    );
    assert_eq!(text(&output.stdout), "576\n");
    assert!(stats_line(&text(&output.stderr)).contains("\"threads\":2"));
}

#[test]
fn langford_orders_without_pairings_answer_zero_without_a_search() {
    for n in [1usize, 2, 5, 6, 9, 14, 30, 101] {
        let arg = n.to_string();
        let output = run(&["problem", "langford", &arg, "--count", "--stats"], b"");
        assert_eq!(output.status.code(), Some(0), "{n}");
        assert_eq!(text(&output.stdout), "0\n", "{n}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains("no Langford pairing exists"), "{stderr}");
        assert!(stats_line(&stderr).contains("\"nodes\":0"), "{stderr}");
    }
    // The orders that have pairings still search: 3 and 4 have one each, and its mirror.
    for n in [3usize, 4, 7] {
        let arg = n.to_string();
        let expected = dancing::Solver::new(&problems::langford(n)).count().exact();
        let output = run(&["problem", "langford", &arg, "--count"], b"");
        assert_eq!(text(&output.stdout), format!("{}\n", expected.unwrap()));
    }
}

#[test]
fn polyomino_packing_counts_as_knuth_and_the_library() {
    let output = run(&["problem", "polyomino", "scott", "--count"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), "520\n");
    for (args, board, pieces, turns, uses) in [
        (
            &[
                "problem",
                "polyomino",
                "5x4",
                "--pieces",
                "tetrominoes",
                "--uses",
                "any",
                "--count",
            ][..],
            Board::rectangle(5, 4),
            Piece::set(4),
            Turns::All,
            Uses::Any,
        ),
        (
            &[
                "problem",
                "polyomino",
                "6x5",
                "--pieces",
                "3",
                "--turns",
                "none",
                "--uses",
                "any",
                "--count",
            ],
            Board::rectangle(6, 5),
            Piece::set(3),
            Turns::None,
            Uses::Any,
        ),
        (
            &[
                "problem",
                "polyomino",
                "5x3",
                "--pieces",
                "pentominoes",
                "--uses",
                "at-most-once",
                "--count",
            ],
            Board::rectangle(5, 3),
            Piece::set(5),
            Turns::All,
            Uses::AtMostOnce,
        ),
    ] {
        let problem = problems::packing(&board, &pieces, turns, uses);
        let expected = dancing::Solver::new(&problem).count().exact().unwrap();
        let output = run(args, b"");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(text(&output.stdout), format!("{expected}\n"), "{args:?}");
    }
}

#[test]
fn polyomino_pictures_draw_the_pieces_on_the_board() {
    let dir = std::env::temp_dir().join(format!("dancing-polyomino-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("board.txt");
    std::fs::write(&board, "...\n.#.\n...\n").unwrap();
    let pieces = dir.join("pieces.txt");
    std::fs::write(&pieces, "AAA\n..A\n").unwrap();
    let args = [
        "problem",
        "polyomino",
        board.to_str().unwrap(),
        "--pieces",
        pieces.to_str().unwrap(),
        "--uses",
        "any",
    ];
    let output = run(&args, b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    // A ring of 8 cells cut into two paths of 4, each an L-tetromino: 4 ways.
    assert!(
        stdout.starts_with("4 solutions\nfirst solution:\n"),
        "{stdout}"
    );
    assert!(stdout.ends_with("AAA\nA A\nAAA\n"), "{stdout}");
    // A bad picture is an input error naming the line and the column.
    std::fs::write(&board, "..\n.?\n").unwrap();
    let output = run(&args, b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("line 2, column 2"),
        "{}",
        text(&output.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_memo_on_problem_counts_or_draws() {
    let output = run(&["problem", "domino", "4x4", "--memo"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--sample"));
    let output = run(&["problem", "queens", "6", "--dlx", "--threads", "2"], b"");
    assert_eq!(output.status.code(), Some(2));
}
