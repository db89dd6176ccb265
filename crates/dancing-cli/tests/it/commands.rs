//! The `dancing` command line beyond `xc`, run as a user would: HUST matrices, the
//! classic problems and their pictures, sudoku batches, the judges, hostile bytes,
//! progress and limits.

use dancing::Engine;
use std::io::Write;
use std::process::Stdio;
use std::time::Duration;

use crate::cli::{dancing, data};
use crate::common::{self, run};
use common::{dancing_in_crate, text};

#[test]
fn matrix_answers_each_case() {
    snapshot!(
        "matrix_default",
        dancing_in_crate(&["xc", "--matrix", "tests/data/hust.txt"])
    );
    snapshot!(
        "matrix_count_stats",
        dancing_in_crate(&[
            "xc",
            "--matrix",
            "--count",
            "--stats",
            "tests/data/hust.txt",
        ])
    );
}

#[test]
fn matrix_errors_keep_the_answers_before_them() {
    let cases: &[(&str, &str)] = &[
        ("matrix_error_column_range", "1 1\n1 1\n2 3\n1 1\n2 2 4\n"),
        ("matrix_error_not_a_number", "2 2\n1 1\n1 two\n"),
        ("matrix_error_truncated", "3 3\n1 1\n"),
        ("matrix_error_repeated_column", "1 3\n2 3 3\n"),
        ("matrix_error_no_columns", "2 0\n"),
    ];
    for (name, input) in cases {
        snapshot!(*name, dancing().args(["xc", "--matrix"]).pass_stdin(*input));
    }
}

// ---------------------------------------------------------------- problem

#[test]
fn problems_count_and_draw() {
    for (name, args) in [
        ("problem_queens", &["problem", "queens", "8"][..]),
        ("problem_langford", &["problem", "langford", "7"]),
        ("problem_pentomino", &["problem", "pentomino", "20x3"]),
        ("problem_latin", &["problem", "latin", "4", "--stats"]),
        (
            "problem_latin_limit",
            &["problem", "latin", "5", "--limit", "1"],
        ),
        ("problem_queens_dlx", &["problem", "queens", "4", "--dlx"]),
        (
            "problem_pentomino_limit",
            &["problem", "pentomino", "10x6", "--limit", "1"],
        ),
        (
            "problem_queens_count",
            &["problem", "queens", "8", "--count"],
        ),
        (
            "problem_langford_count_stats",
            &["problem", "langford", "7", "--count", "--stats"],
        ),
        (
            "problem_pentomino_count_limit",
            &["problem", "pentomino", "10x6", "--count", "--limit", "5"],
        ),
    ] {
        let mut command = dancing();
        command.args(args);
        snapshot!(name, command);
    }
}

#[test]
fn problem_counts_are_the_engines() {
    // `--count` prints the bare count, as `xc --count` does. Langford's count includes
    // each sequence's mirror image, as the engine counts it: 26 pairs for n = 7.
    for (args, problem) in [
        (
            &["problem", "queens", "8", "--count"][..],
            dancing::problems::queens(8),
        ),
        (
            &["problem", "langford", "7", "--count"],
            dancing::problems::langford(7),
        ),
        (
            &["problem", "latin", "4", "--count", "--progress"],
            dancing::problems::latin_square(4),
        ),
    ] {
        let expected = dancing::Solver::new(&problem).count();
        let output = run(args, b"");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(text(&output.stdout), format!("{expected}\n"), "{args:?}");
        // The summary alone on stderr: `--progress` draws nothing into a pipe.
        let stderr = text(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with(&format!("{expected} solutions, ")),
            "{args:?}: {stderr}"
        );
    }
    assert_eq!(
        dancing::Solver::new(&dancing::problems::langford(7)).count(),
        52
    );
}

#[test]
fn problem_pictures_are_solutions() {
    // The queens board: one queen per row and column, none on a shared diagonal.
    let output = run(&["problem", "queens", "10", "-q"], b"");
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("724 solutions\n"));
    let queens: Vec<(i64, i64)> = stdout
        .lines()
        .skip(2)
        .enumerate()
        .map(|(r, line)| {
            let c = line.split(' ').position(|cell| cell == "Q").unwrap();
            (r as i64, c as i64)
        })
        .collect();
    assert_eq!(queens.len(), 10);
    for (i, a) in queens.iter().enumerate() {
        for b in &queens[i + 1..] {
            assert_ne!(a.1, b.1);
            assert_ne!((a.0 - b.0).abs(), (a.1 - b.1).abs());
        }
    }
    // The Langford sequence: the two k's have k numbers between them.
    let output = run(&["problem", "langford", "8", "-q"], b"");
    let stdout = text(&output.stdout);
    let sequence: Vec<usize> = stdout
        .lines()
        .nth(2)
        .unwrap()
        .split(' ')
        .map(|s| s.parse().unwrap())
        .collect();
    for k in 1..=8 {
        let at: Vec<usize> = (0..16).filter(|&i| sequence[i] == k).collect();
        assert_eq!(at.len(), 2);
        assert_eq!(at[1] - at[0], k + 1);
    }
}

// ---------------------------------------------------------------- hostile bytes

/// A small deterministic generator (xorshift), so failures reproduce.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Mix text-like bytes with anything at all.
            let byte = (state >> 24) as u8;
            match state % 4 {
                0 => b" \n|:ABC123.#x"[usize::from(byte) % 13],
                1 => b'0' + byte % 10,
                _ => byte,
            }
        })
        .collect()
}

#[test]
fn any_bytes_exit_0_or_2_without_a_panic() {
    for (k, args) in common::FRONT_ENDS.iter().enumerate() {
        for seed in 0..12u64 {
            let len = [0, 1, 7, 100, 3000][seed as usize % 5];
            let input = noise(seed * 31 + k as u64, len);
            let output = run(args, &input);
            let stderr = text(&output.stderr);
            assert!(
                matches!(output.status.code(), Some(0 | 2)),
                "{args:?} on seed {seed}: {:?}\n{stderr}",
                output.status
            );
            assert!(
                !stderr.contains("panicked"),
                "{args:?} on seed {seed}: {stderr}"
            );
        }
    }
}

// ---------------------------------------------------------------- sudoku batches

#[test]
fn sudoku_batches_answer_every_line_in_place() {
    for (name, args) in [
        (
            "sudoku_solve",
            &["sudoku", "solve", "tests/data/puzzles.txt"][..],
        ),
        (
            "sudoku_solve_unique",
            &["sudoku", "solve", "--unique", "tests/data/puzzles.txt"],
        ),
        (
            "sudoku_count",
            &[
                "sudoku",
                "count",
                "--limit",
                "100",
                "tests/data/puzzles.txt",
            ],
        ),
        (
            "sudoku_check",
            &[
                "sudoku",
                "check",
                "--solver",
                "bitmask",
                "tests/data/puzzles.txt",
            ],
        ),
    ] {
        snapshot!(name, dancing_in_crate(args));
    }
}

#[test]
fn sudoku_famous_puzzles_are_solved() {
    let famous = "../dancing-sudoku/data/famous.txt";
    let output = run(&["sudoku", "solve", "--stats", famous], b"");
    assert_eq!(output.status.code(), Some(0));
    let puzzles: Vec<dancing_sudoku::Grid> =
        std::fs::read_to_string(data("").join("../../../dancing-sudoku/data/famous.txt"))
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| dancing_sudoku::Grid::parse_line(l).unwrap())
            .collect();
    let stdout = text(&output.stdout);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), puzzles.len());
    for (puzzle, answer) in puzzles.iter().zip(answers) {
        let solution = dancing_sudoku::Grid::parse_line(answer).unwrap();
        assert!(solution.is_solution_of(puzzle), "{answer}");
    }
    let stderr = text(&output.stderr);
    let (summary, json) = stderr.trim_end().split_once('\n').unwrap();
    assert!(
        summary.starts_with(&format!("{n} puzzles ({n} solved), ", n = puzzles.len())),
        "{summary}"
    );
    let stats: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(stats["puzzles"].as_u64(), Some(puzzles.len() as u64));
    assert_eq!(stats["errors"].as_u64(), Some(0));
    assert!(stats["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn sudoku_counts_stop_at_the_limit() {
    let empty = b"................\n";
    let output = run(&["sudoku", "count", "--limit", "1000"], empty);
    assert_eq!(text(&output.stdout), "288\n");
    let output = run(&["sudoku", "count", "--limit", "100"], empty);
    assert_eq!(text(&output.stdout), "100+\n");
}

/// A batch of 9×9 puzzles: the bundled 17-clue ones, each also with clues removed (so
/// some have several solutions) and with a clue changed (so some have none).
fn big_batch() -> Vec<u8> {
    let text =
        std::fs::read_to_string(data("../../../dancing-sudoku/data/17_clue_1000.txt")).unwrap();
    let mut out = Vec::new();
    for (k, line) in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .take(300)
        .enumerate()
    {
        out.extend_from_slice(line.as_bytes());
        out.push(b'\n');
        let mut fewer = line.as_bytes().to_vec();
        if let Some(i) = fewer.iter().position(|&b| b != b'.') {
            fewer[i] = b'.';
        }
        out.extend_from_slice(&fewer);
        out.push(b'\n');
        if k % 50 == 0 {
            out.extend_from_slice(b"not a puzzle\n");
        }
    }
    out
}

#[test]
fn sudoku_threads_and_solvers_agree_in_order() {
    let batch = big_batch();
    let one = run(&["sudoku", "check"], &batch);
    assert_eq!(one.status.code(), Some(2), "the batch has bad lines");
    let lines = text(&one.stdout);
    assert_eq!(
        lines.lines().count(),
        batch
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .count()
    );
    assert!(
        lines.contains("unique\n") && lines.contains("multiple\n") && lines.contains("error: ")
    );
    for args in [
        &["sudoku", "check", "--threads", "2"][..],
        &["sudoku", "check", "--solver", "bitmask"],
        &["sudoku", "check", "--solver", "bitmask", "--threads", "3"],
    ] {
        let other = run(args, &batch);
        assert_eq!(other.status.code(), Some(2));
        assert_eq!(text(&other.stdout), lines, "{args:?}");
        // The same errors, and the same counts in the summary.
        assert_eq!(
            common::batch_summary(&text(&other.stderr)),
            common::batch_summary(&text(&one.stderr)),
            "{args:?}"
        );
    }
}

/// The peak resident memory of a finished child, from Linux's `/proc`, polled while it
/// runs.
#[cfg(target_os = "linux")]
fn peak_memory_kib(args: &[&str], input: Vec<u8>) -> u64 {
    let mut child = dancing()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut lines = 0usize;
        let mut buf = [0u8; 1 << 16];
        while let Ok(n @ 1..) = std::io::Read::read(&mut stdout, &mut buf) {
            lines += buf[..n].iter().filter(|&&b| b == b'\n').count();
        }
        lines
    });
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        let kib = std::fs::read_to_string(&status_path)
            .ok()
            .and_then(|status| {
                status
                    .lines()
                    .find_map(|l| l.strip_prefix("VmHWM:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            });
        peak = peak.max(kib.unwrap_or(0));
        std::thread::sleep(Duration::from_millis(5));
    }
    writer.join().unwrap().unwrap();
    assert!(reader.join().unwrap() > 0);
    peak
}

#[cfg(target_os = "linux")]
#[test]
fn sudoku_batches_stream_in_constant_memory() {
    let lines = |n: usize| b"1...............\n".repeat(n);
    let small = peak_memory_kib(&["sudoku", "solve"], lines(20_000));
    // 15 times the input (4.8 MB); kept whole, it would cost tens of MB more.
    let large = peak_memory_kib(&["sudoku", "solve"], lines(300_000));
    assert!(small > 0 && large > 0);
    assert!(
        large < small + 8 * 1024,
        "{small} KiB for 20,000 lines, {large} KiB for 300,000"
    );
}

#[test]
fn sudoku_long_and_binary_lines_are_errors_in_place() {
    let mut input = b"1...............\n".to_vec();
    input.extend(std::iter::repeat_n(b'1', 10 << 20));
    input.extend_from_slice(b"\n\xff\xfe\n1...............\n");
    let output = run(&["sudoku", "check"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stdout),
        "multiple\nerror: the line is longer than 65536 bytes; a puzzle has at most 1296 symbols\n\
         error: the line is not valid UTF-8\nmultiple\n"
    );
    assert_eq!(
        common::batch_summary(&text(&output.stderr)),
        (
            "error: <stdin>: line 2: the line is longer than 65536 bytes; a puzzle has at most 1296 symbols\n\
             error: <stdin>: line 3, column 1: the line is not valid UTF-8\n",
            "2 puzzles (2 multiple), 2 errors"
        )
    );
}

#[test]
fn sudoku_file_errors() {
    snapshot!(
        "sudoku_error_missing_file",
        dancing_in_crate(&["sudoku", "solve", "tests/data/missing.txt"])
    );
    snapshot!(
        "sudoku_error_directory",
        dancing_in_crate(&["sudoku", "count", "tests"])
    );
}

// ---------------------------------------------------------------- judges

#[test]
fn judges_answer_their_inputs() {
    for judge in ["sicily", "noip", "poj3074"] {
        let file = data(&format!("judge_{judge}.txt"));
        let input = std::fs::read(&file).unwrap();
        snapshot!(
            format!("judge_{judge}"),
            dancing()
                .args(["sudoku", "judge", judge])
                .pass_stdin(input.clone())
        );
        // The same input named as a file, as every other command takes it.
        let from_stdin = run(&["sudoku", "judge", judge], &input);
        let from_file = run(&["sudoku", "judge", judge, file.to_str().unwrap()], b"");
        assert_eq!(from_file.status.code(), Some(0));
        assert_eq!(from_file.stdout, from_stdin.stdout, "{judge}");
    }
    let missing = run(&["sudoku", "judge", "sicily", "no-such-file.txt"], b"");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("no-such-file.txt"));
    // POJ 3076 takes 16×16 grids in letters: the first bundled 16×16 puzzle, rewritten.
    let text16 =
        std::fs::read_to_string(data("../../../dancing-sudoku/data/gecode_16x16.txt")).unwrap();
    let line = text16.lines().find(|l| !l.starts_with('#')).unwrap();
    let grid = dancing_sudoku::Grid::parse_line(line).unwrap();
    let input = grid.to_rows_with(dancing_sudoku::Alphabet::Letters, '-');
    let output = run(&["sudoku", "judge", "poj3076"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    let solution = dancing_sudoku::Grid::parse_letters(&text(&output.stdout)).unwrap();
    assert!(solution.is_solution_of(&grid));
}

#[test]
fn judge_errors_exit_2() {
    snapshot!(
        "judge_error_truncated",
        dancing()
            .args(["sudoku", "judge", "sicily"])
            .pass_stdin("2\n7_9__2___\n3_____891\n")
    );
    snapshot!(
        "judge_error_not_utf8",
        dancing()
            .args(["sudoku", "judge", "poj3074"])
            .pass_stdin(&b"....\n..\xc3(\n"[..])
    );
}

#[test]
fn progress_stays_off_when_stderr_is_not_a_terminal() {
    let toy = std::fs::read(data("toy.dlx")).unwrap();
    let plain = run(&["xc", "--max-nodes", "3"], &toy);
    let with = run(&["xc", "--max-nodes", "3", "--progress"], &toy);
    assert_eq!(with.status.code(), Some(3));
    assert_eq!(with.stdout, plain.stdout);
    // Only the summary line: no status line, no terminal escape codes.
    let stderr = text(&with.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("0 solutions, 3 nodes,") && !stderr.contains('\x1b'));
}

#[test]
fn problem_searches_obey_limits_too() {
    let output = run(
        &["problem", "queens", "12", "--max-nodes", "1000", "--stats"],
        b"",
    );
    assert_eq!(output.status.code(), Some(3));
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("at least "), "{stdout}");
    let stats: serde_json::Value =
        serde_json::from_str(text(&output.stderr).lines().last().unwrap()).unwrap();
    assert_eq!(stats["nodes"].as_u64(), Some(1000));
    assert_eq!(stats["stopped"], "max-nodes");
    // Counting stops the same way: the count so far, and the summary says why.
    let output = run(
        &["problem", "queens", "12", "--count", "--max-nodes", "1000"],
        b"",
    );
    assert_eq!(output.status.code(), Some(3));
    // The count so far, marked as a lower bound.
    let stdout = text(&output.stdout);
    let count: u64 = stdout.trim().strip_suffix('+').unwrap().parse().unwrap();
    assert!(count < 14_200, "{count}");
    let stderr = text(&output.stderr);
    assert!(stderr.starts_with(&format!("{count} solution")), "{stderr}");
    assert!(
        stderr.contains("1000 nodes") && stderr.contains("(stopped: --max-nodes reached)"),
        "{stderr}"
    );
}

#[test]
fn a_bad_entry_is_one_error_line_on_a_terminal() {
    // `script` runs the command on a pseudo-terminal: standard output and standard error
    // are one screen there.
    let bad = data("puzzles.txt");
    let command = format!(
        "{} sudoku solve -q {}",
        env!("CARGO_BIN_EXE_dancing"),
        bad.display()
    );
    let piped = run(&["sudoku", "solve", "-q", bad.to_str().unwrap()], b"");
    let answers = text(&piped.stdout).matches("error: ").count();
    assert!(answers > 0, "the sample has bad entries");
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("util-linux's script runs");
    let screen = text(&output.stdout);
    // Each bad entry: its full message (with the file), not also the short answer.
    assert_eq!(screen.matches("error: ").count(), answers, "{screen}");
    assert_eq!(
        screen.matches("error: ").count(),
        screen.matches("puzzles.txt: line").count()
    );
}
