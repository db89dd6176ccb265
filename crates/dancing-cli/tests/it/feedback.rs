//! What the command line says on stderr besides answers and errors: a sudoku batch's
//! summary line (and `-q`), and the words meant for a person at a terminal, which must
//! never reach a pipe.

use std::process::Command;
use std::thread;

use crate::common::{assert_one_stopped, batch_summary, run, text, words};

const PUZZLES: &str = "tests/data/puzzles.txt";

/// The four bad lines of `tests/data/puzzles.txt`, as stderr reports them.
const PUZZLE_ERRORS: &str = "\
error: tests/data/puzzles.txt: line 7, column 2: 1 appears twice in row 1: r1c1 and r1c2
error: tests/data/puzzles.txt: line 8, column 13: unknown symbol `?`: expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-`, `*` (and `0` up to 9×9) for an empty cell
error: tests/data/puzzles.txt: line 9: wrong length: 7 symbols; a one-line grid has 16, 81, 256, 625 or 1296, a row of a block 4, 9, 16, 25 or 36
error: tests/data/puzzles.txt: line 10: wrong length: 88 symbols; a one-line grid has 16, 81, 256, 625 or 1296, a row of a block 4, 9, 16, 25 or 36
";

#[test]
fn batches_end_with_a_summary_by_outcome() {
    // (command, the summary's counts)
    let cases: [(&[&str], &str); 4] = [
        (
            &["sudoku", "solve", PUZZLES],
            "4 puzzles (3 solved, 1 no solution), 4 errors",
        ),
        (
            &["sudoku", "solve", "--unique", PUZZLES],
            "4 puzzles (1 solved, 2 multiple, 1 no solution), 4 errors",
        ),
        (
            &["sudoku", "check", "--threads", "2", PUZZLES],
            "4 puzzles (1 unique, 2 multiple, 1 no solution), 4 errors",
        ),
        (
            &["sudoku", "count", "--limit", "2", PUZZLES],
            "4 puzzles (1 unique, 1 no solution, 2 at --limit), 4 errors",
        ),
    ];
    for (args, counts) in cases {
        let output = run(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = text(&output.stderr);
        assert_eq!(batch_summary(&stderr), (PUZZLE_ERRORS, counts), "{args:?}");
        let summary = stderr.lines().last().unwrap();
        assert!(summary.ends_with(" puzzles/s"), "{summary}");
        assert_eq!(stderr.lines().count(), 5, "{stderr}");
    }
}

#[test]
fn a_stopped_batch_says_why_in_its_summary() {
    let input = format!("{}\n", ".".repeat(81));
    let output = run(
        &words("sudoku count --limit 1000000 --max-nodes 2000"),
        input.as_bytes(),
    );
    assert_one_stopped(
        &output,
        "max-nodes",
        " puzzles/s (stopped: --max-nodes reached)\n",
    );
}

#[test]
fn quiet_batches_print_no_summary() {
    let loud = run(&["sudoku", "check", PUZZLES], b"");
    for quiet in ["-q", "--quiet"] {
        let output = run(&["sudoku", "check", quiet, PUZZLES], b"");
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(output.stdout, loud.stdout);
        assert_eq!(text(&output.stderr), PUZZLE_ERRORS);
    }
    // `--stats` still prints its JSON line, last, with the keys it always had.
    let output = run(&["sudoku", "check", "-q", "--stats", PUZZLES], b"");
    let stderr = text(&output.stderr);
    let (errors, json) = stderr.trim_end().rsplit_once('\n').unwrap();
    assert_eq!(format!("{errors}\n"), PUZZLE_ERRORS);
    let stats: serde_json::Value = serde_json::from_str(json).unwrap();
    let keys: Vec<&str> = stats
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "answered_by",
            "complete",
            "conflicts",
            "errors",
            "nodes",
            "puzzles",
            "puzzles_per_second",
            "seconds",
            "solutions",
            "solver",
            "stopped",
            "threads",
            "updates"
        ]
    );
    assert_eq!(stats["puzzles"], 4);
    assert_eq!(stats["errors"], 4);
    // With `--stats` and no `-q`, the summary comes first and the JSON stays last.
    let output = run(&["sudoku", "check", "--stats", PUZZLES], b"");
    let stderr = text(&output.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 6, "{stderr}");
    assert!(lines[4].starts_with("4 puzzles (1 unique, 2 multiple, 1 no solution), 4 errors, "));
    assert!(lines[5].starts_with('{'));
}

#[test]
fn piped_input_gets_no_hint() {
    let toy = std::fs::read("tests/data/toy.dlx").unwrap();
    let puzzle = format!("{}\n", ".".repeat(16));
    // (command, its standard input, what stderr holds: the summary's start, or nothing)
    let cases: [(&[&str], &[u8], &str); 7] = [
        (&["xc"], &toy, "1 solution, "),
        (&["xc", "-"], &toy, "1 solution, "),
        (
            &["xc", "--matrix"],
            b"3 3\n1 1\n2 2 3\n1 3\n",
            "1 solution, ",
        ),
        (
            &["sudoku", "solve"],
            puzzle.as_bytes(),
            "1 puzzle (1 solved), ",
        ),
        (
            &["sudoku", "check", "-"],
            puzzle.as_bytes(),
            "1 puzzle (1 multiple), ",
        ),
        (
            &["problem", "tiling"],
            b"1\n5 5 2\n0 0 3 5\n3 0 5 5\n",
            "1 solution, ",
        ),
        (&["sudoku", "judge", "poj3074"], b"end\n", ""),
    ];
    for (args, stdin, start) in cases {
        let output = run(args, stdin);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let stderr = text(&output.stderr);
        if start.is_empty() {
            assert_eq!(stderr, "", "{args:?}");
        } else {
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
            assert!(stderr.starts_with(start), "{args:?}: {stderr}");
        }
    }
}

/// Past three seconds a search on a terminal mentions `--progress`; into a pipe it must
/// not. One search and one batch run side by side until their timeouts.
#[test]
fn long_runs_into_a_pipe_are_not_nudged() {
    let search = thread::spawn(|| run(&["problem", "queens", "40", "--timeout", "3.3"], b""));
    let batch = run(
        &words("sudoku count --limit 1000000000000 --timeout 3.3"),
        format!("{}\n", ".".repeat(81)).as_bytes(),
    );
    assert_one_stopped(&batch, "timeout", "(stopped: --timeout expired)\n");
    let search = search.join().unwrap();
    assert_eq!(search.status.code(), Some(3));
    let stderr = text(&search.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.ends_with(" s (stopped: --timeout expired)\n") && !stderr.contains("--progress"),
        "{stderr}"
    );
}

/// `rate --progress` on a terminal (util-linux's `script`) draws the batch's status
/// line while it rates, then clears it for the summary; the answers are those of a run
/// without it.
#[test]
fn rating_on_a_terminal_shows_a_status_line_with_progress() {
    // The 1,000 17-clue puzzles: a second or more, several redraws of the line.
    let path = std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../dancing-sudoku/data/17_clue_1000.txt"
    ));
    let file = path.display();
    let exe = env!("CARGO_BIN_EXE_dancing");
    let screen = |extra: &str| {
        let command = format!("{exe} sudoku rate {extra} {file}");
        let output = Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .output()
            .expect("util-linux's script runs");
        assert_eq!(output.status.code(), Some(0));
        text(&output.stdout)
    };
    let with = screen("--progress");
    let plain = screen("");
    assert!(with.contains(" puzzles/s"), "{with}");
    assert!(!plain.contains(" puzzles/s") && !plain.contains('\x1b'));
    // Past the status line (erased with escape codes before each answer is written),
    // the same answers and the summary.
    let answers = |screen: &str| -> Vec<String> {
        screen
            .lines()
            .map(|line| without_escapes(line.rsplit('\r').find(|s| !s.is_empty()).unwrap_or("")))
            .filter(|line| {
                // A rating: `2.6 pointing`, `8.8 needs search (245 nodes)`; the status
                // line (which may wrap) never starts so.
                let score = line.split(' ').next().unwrap_or("");
                score.len() >= 3 && score.parse::<f32>().is_ok() && line.contains(' ')
            })
            .collect()
    };
    let (with_answers, plain_answers) = (answers(&with), answers(&plain));
    assert_eq!(with_answers.len(), 1000);
    if let Some(k) = (0..1000).find(|&k| with_answers[k] != plain_answers[k]) {
        panic!(
            "answer {k}: {:?} against {:?}",
            with_answers[k], plain_answers[k]
        );
    }
    assert!(with.contains("rated 1000 puzzles: "), "{with}");
}

/// `text` without its terminal escape sequences (`ESC [` digits and a letter).
fn without_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // `[`, parameters, then the final letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
