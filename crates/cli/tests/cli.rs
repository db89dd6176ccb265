//! The `dancing` command line, run as a user would: help texts, every output format and
//! every error message as snapshots, plus exit codes, limits, Ctrl-C and hostile bytes.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use insta_cmd::assert_cmd_snapshot;

fn dancing() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dancing"))
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Snapshots a run with its timings blanked out. Inputs are given as paths relative to
/// the crate, so snapshots do not depend on where the repository lives.
macro_rules! snapshot {
    ($name:expr, $cmd:expr) => {
        insta::with_settings!({
            filters => vec![
                (r"\b\d+\.\d{3} s\b", "[TIME] s"),
                (r#""seconds":[0-9.e+-]+"#, r#""seconds":[SECONDS]"#),
                (r#""puzzles_per_second":[0-9.e+-]+"#, r#""puzzles_per_second":[RATE]"#),
            ],
            omit_expression => true,
        }, {
            assert_cmd_snapshot!($name, $cmd);
        })
    };
}

fn in_crate(mut command: Command) -> Command {
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = in_crate(dancing())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped stdin");
    let stdin = stdin.to_vec();
    // Write from a thread: the program may stop reading early.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer thread");
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

// ---------------------------------------------------------------- help texts

#[test]
fn help_texts() {
    let commands: &[&[&str]] = &[
        &[],
        &["xc"],
        &["sudoku"],
        &["sudoku", "solve"],
        &["sudoku", "count"],
        &["sudoku", "check"],
        &["sudoku", "judge"],
        &["problem"],
        &["problem", "queens"],
        &["problem", "langford"],
        &["problem", "pentomino"],
        &["problem", "latin"],
    ];
    for args in commands {
        let name = format!("help_{}", args.join("_"));
        let mut command = dancing();
        command.args(*args).arg("--help");
        snapshot!(name.trim_end_matches('_'), command);
    }
}

#[test]
fn every_command_shows_an_example() {
    for args in [
        &["xc"][..],
        &["sudoku", "solve"],
        &["sudoku", "count"],
        &["sudoku", "check"],
        &["sudoku", "judge"],
        &["problem", "queens"],
        &["problem", "langford"],
        &["problem", "pentomino"],
        &["problem", "latin"],
    ] {
        let output = dancing().args(args).arg("--help").output().unwrap();
        let help = text(&output.stdout);
        assert!(output.status.success());
        assert!(
            help.contains("Examples:\n") && help.contains("\n  dancing "),
            "no example in {args:?}"
        );
    }
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["xc", "--bogus"][..],
        &["frobnicate"],
        &["xc", "--limit", "many"],
        &["xc", "--timeout", "-1"],
        &["xc", "--max-memory", "lots"],
        &["problem", "queens"],
        &["problem", "queens", "0"],
        &["problem", "pentomino", "7x7"],
        &["sudoku", "solve", "--solver", "magic"],
        &["sudoku", "judge", "codeforces"],
    ] {
        let output = run(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(text(&output.stderr).starts_with("error: "), "{args:?}");
    }
    let mut command = dancing();
    command.args(["problem", "pentomino", "7x7"]);
    snapshot!("usage_pentomino_area", command);
    let mut command = dancing();
    command.args(["xc", "--timeout", "soon"]);
    snapshot!("usage_timeout", command);
}

// ---------------------------------------------------------------- xc

#[test]
fn xc_prints_every_solution() {
    let mut command = in_crate(dancing());
    command.args(["xc", "tests/data/colors.dlx"]);
    snapshot!("xc_default", command);
}

#[test]
fn xc_counts_and_limits() {
    let mut command = in_crate(dancing());
    command.args(["xc", "--count", "tests/data/toy.dlx"]);
    snapshot!("xc_count", command);
    let mut command = in_crate(dancing());
    command.args(["xc", "--limit", "2", "--stats", "tests/data/colors.dlx"]);
    snapshot!("xc_limit_stats", command);
    let mut command = in_crate(dancing());
    command.args(["xc", "--count", "--stats", "--quiet", "tests/data/toy.dlx"]);
    snapshot!("xc_count_stats_quiet", command);
}

#[test]
fn xc_reads_standard_input() {
    let toy = std::fs::read(data("toy.dlx")).unwrap();
    for args in [&["xc"][..], &["xc", "-"]] {
        let output = run(args, &toy);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(text(&output.stdout), "C E F\nA D\nB G\n");
    }
}

#[test]
fn xc_solutions_agree_with_the_engine() {
    // `problem … --dlx | xc --count` must count what the engine counts directly.
    let dlx = run(&["problem", "queens", "6", "--dlx"], b"");
    assert_eq!(dlx.status.code(), Some(0));
    let parsed = dancing::format::parse_str(&text(&dlx.stdout)).unwrap();
    let expected = dancing::Solver::new(&parsed).count();
    assert_eq!(expected, 4);
    let counted = run(&["xc", "--count", "-q"], &dlx.stdout);
    assert_eq!(text(&counted.stdout), format!("{expected}\n"));
    // Every printed solution is an exact cover of the primary items.
    let all = run(&["xc", "-q"], &dlx.stdout);
    let solutions: Vec<&str> = text(&all.stdout).leak().split("\n\n").collect();
    assert_eq!(solutions.len() as u64, expected);
    for solution in solutions {
        let mut items: Vec<&str> = solution
            .split_whitespace()
            .filter(|t| t.starts_with('R') || t.starts_with('C'))
            .collect();
        items.sort_unstable();
        let mut want: Vec<String> = (0..6)
            .flat_map(|k| [format!("C{k}"), format!("R{k}")])
            .collect();
        want.sort_unstable();
        assert_eq!(items, want);
    }
}

#[test]
fn xc_input_errors() {
    let cases: &[(&str, &str)] = &[
        ("xc_error_empty", ""),
        ("xc_error_only_comments", "| nothing here\n|\n"),
        ("xc_error_second_bar", "A B | C | D\nA\n"),
        ("xc_error_unknown_item", "A B\nA\nB Z\n"),
        ("xc_error_repeated_item", "A B\nA B A\n"),
        ("xc_error_duplicate_name", "A B A\nA\n"),
        ("xc_error_no_primary_in_option", "A | x\nA\nx\n"),
        ("xc_error_bad_cost", "A\nA |-3\n"),
    ];
    for (name, input) in cases {
        snapshot!(*name, dancing().arg("xc").pass_stdin(*input));
    }
}

#[test]
fn xc_file_errors() {
    let mut command = in_crate(dancing());
    command.args(["xc", "tests/data/no-such-file.dlx"]);
    snapshot!("xc_error_missing_file", command);
    let mut command = in_crate(dancing());
    command.args(["xc", "tests/data"]);
    snapshot!("xc_error_directory", command);
    snapshot!(
        "xc_error_not_utf8",
        dancing().arg("xc").pass_stdin(&b"A B\nA \xff\xfe B\n"[..])
    );
}

#[test]
fn xc_refuses_inputs_beyond_the_memory_limit() {
    let input = format!("A B C\n{}", "A B\n".repeat(2000));
    let output = run(&["xc", "--max-memory", "100k", "--count"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "error: <stdin>: the input is larger than 2.5 KiB, the most that --max-memory 100 KiB \
         allows (a problem takes up to 40 bytes of memory per byte of input); raise \
         --max-memory to read it\n"
    );
    assert!(output.stdout.is_empty());
    // The same input within the limit is answered.
    let output = run(
        &["xc", "--max-memory", "1M", "--count", "-q"],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), "0\n");
}

#[test]
fn xc_survives_a_10_mb_line() {
    // One 10 MB item name: the error quotes it shortened.
    let mut input = b"A\nA ".to_vec();
    input.extend(std::iter::repeat_n(b'z', 10 << 20));
    input.push(b'\n');
    let output = run(&["xc"], &input);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(stderr.starts_with("error: <stdin>: line 2, column 3: unknown item `zzz"));
    assert!(stderr.len() < 1000, "{} bytes of message", stderr.len());
    // A 10 MB line of items is a valid problem.
    let mut input = Vec::new();
    for k in 0..1_300_000 {
        write!(input, "i{k} ").unwrap();
    }
    input.extend_from_slice(b"\ni0\n");
    assert!(input.len() > 10 << 20);
    let output = run(&["xc", "--count", "-q"], &input);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), "0\n");
}

#[test]
fn xc_stops_at_max_nodes_with_partial_stats() {
    let mut command = in_crate(dancing());
    command.args(["xc", "--max-nodes", "5", "--stats", "tests/data/toy.dlx"]);
    snapshot!("xc_max_nodes", command);
}

/// A problem with a long search: the 14-queens problem (365,596 solutions).
fn long_problem() -> Vec<u8> {
    let output = run(&["problem", "queens", "14", "--dlx"], b"");
    assert_eq!(output.status.code(), Some(0));
    output.stdout
}

#[test]
fn xc_stops_at_the_timeout() {
    let output = run(
        &["xc", "--count", "--stats", "--timeout", "0.2"],
        &long_problem(),
    );
    assert_eq!(output.status.code(), Some(3));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("(stopped: --timeout expired)"), "{stderr}");
    let json = stderr.lines().last().unwrap();
    let stats: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(stats["complete"], false);
    assert_eq!(stats["stopped"], "timeout");
    let seconds = stats["seconds"].as_f64().unwrap();
    assert!((0.2..5.0).contains(&seconds), "{seconds}");
    // The count printed is what was found so far.
    let found: u64 = text(&output.stdout).trim().parse().unwrap();
    assert_eq!(stats["solutions"].as_u64(), Some(found));
    assert!(found < 365_596);
}

#[test]
fn xc_ctrl_c_stops_with_statistics() {
    let input = long_problem();
    let mut child = dancing()
        .args(["xc", "--count", "--stats"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    // Parsing takes milliseconds; the search takes seconds.
    std::thread::sleep(Duration::from_millis(400));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("(stopped: interrupted)"), "{stderr}");
    let stats: serde_json::Value = serde_json::from_str(stderr.lines().last().unwrap()).unwrap();
    assert_eq!(stats["complete"], false);
    assert_eq!(stats["stopped"], "interrupted");
    assert!(stats["nodes"].as_u64().unwrap() > 0);
}

// ---------------------------------------------------------------- xc --matrix

#[test]
fn matrix_answers_each_case() {
    let mut command = in_crate(dancing());
    command.args(["xc", "--matrix", "tests/data/hust.txt"]);
    snapshot!("matrix_default", command);
    let mut command = in_crate(dancing());
    command.args([
        "xc",
        "--matrix",
        "--count",
        "--stats",
        "tests/data/hust.txt",
    ]);
    snapshot!("matrix_count_stats", command);
}

#[test]
fn matrix_errors_keep_the_answers_before_them() {
    let cases: &[(&str, &str)] = &[
        ("matrix_error_column_range", "1 1\n1 1\n2 3\n1 1\n2 2 4\n"),
        ("matrix_error_not_a_number", "2 2\n1 1\n1 two\n"),
        ("matrix_error_truncated", "3 3\n1 1\n"),
        ("matrix_error_repeated_column", "1 3\n2 3 3\n"),
        ("matrix_error_no_columns", "1 0\n"),
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
    ] {
        let mut command = dancing();
        command.args(args);
        snapshot!(name, command);
    }
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
    let front_ends: &[&[&str]] = &[
        &["xc", "--count"],
        &["xc", "--matrix"],
        &["sudoku", "solve"],
        &["sudoku", "judge", "sicily"],
        &["sudoku", "judge", "noip"],
        &["sudoku", "judge", "poj3074"],
        &["sudoku", "judge", "poj3076"],
    ];
    for (k, args) in front_ends.iter().enumerate() {
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
