//! Nothing lost, nothing unbounded: every front end on an endless line (`/dev/zero`), a
//! 100 MB line and invalid UTF-8 between entries answers within seconds and a bounded
//! memory; help on a full disk says so; the hostile run's messages.

use std::fs::File;
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{dancing_in_crate, run, text};

/// Every front end that reads lines of text, as `dancing` arguments.
const FRONT_ENDS: [&[&str]; 11] = [
    &["sudoku", "solve"],
    &["sudoku", "count", "--variant", "x"],
    &["sudoku", "solve", "--variant", "jigsaw"],
    &["sudoku", "count", "--variant", "killer"],
    &["sudoku", "rate"],
    &["sudoku", "hint"],
    &["sudoku", "judge", "poj3074"],
    &["sudoku", "judge", "sicily"],
    &["xc"],
    &["xc", "--matrix"],
    &["problem", "tiling"],
];

/// Runs `command` to its end, killing it past `limit` (a guard that keeps a regression
/// from hanging the suite, never a claim about speed); its output and the most memory
/// it held (its peak resident set, read from `/proc` while it runs).
pub(crate) fn watched(mut command: Command, limit: Duration) -> (Output, u64) {
    let started = Instant::now();
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0u64;
    while child.try_wait().unwrap().is_none() {
        // Until the child has become `dancing` (exec), its status is the forked test
        // process's, whose memory is the whole test harness's.
        if let Ok(status) = std::fs::read_to_string(&status)
            && status.lines().any(|l| l == "Name:\tdancing")
            && let Some(line) = status.lines().find(|l| l.starts_with("VmHWM:"))
        {
            let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
            peak = peak.max(kb);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("still running after {limit:?}: {command:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let output = child.wait_with_output().unwrap();
    (output, peak)
}

/// `dancing args` with standard input from `path`.
fn from_file(args: &[&str], path: &str) -> Command {
    let mut command = dancing_in_crate(args);
    command.stdin(File::open(path).expect("the input opens"));
    command
}

#[test]
fn an_endless_line_is_one_error_in_bounded_memory() {
    for args in FRONT_ENDS {
        let (output, peak) = watched(from_file(args, "/dev/zero"), Duration::from_secs(600));
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&output.stderr)
        );
        let stderr = text(&output.stderr);
        assert!(stderr.contains("error: <stdin>"), "{args:?}: {stderr}");
        assert!(peak < 100 * 1024, "{args:?}: {peak} KiB");
    }
}

#[test]
fn a_100_mb_line_is_one_error_and_the_rest_is_read() {
    let dir = std::env::temp_dir().join(format!("dancing-bounded-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("line.txt");
    // A classic puzzle after the long line: the batches answer it too.
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mut file = File::create(&path).unwrap();
    file.write_all(&vec![b'1'; 100_000_000]).unwrap();
    writeln!(file, "\n{puzzle}").unwrap();
    drop(file);
    let path = path.to_str().unwrap();
    for args in FRONT_ENDS {
        let (output, peak) = watched(from_file(args, path), Duration::from_secs(600));
        let code = output.status.code();
        assert!(
            code == Some(2),
            "{args:?}: {code:?} {}",
            text(&output.stderr)
        );
        assert!(peak < 100 * 1024, "{args:?}: {peak} KiB");
        let batch = args[0] == "sudoku" && args[1] != "judge";
        if batch && !args.contains(&"killer") && !args.contains(&"jigsaw") {
            // The batches: the long line's error, then the puzzle's answer.
            let stdout = text(&output.stdout);
            let lines: Vec<&str> = stdout.lines().collect();
            assert_eq!(lines.len(), 2, "{args:?}: {stdout}");
            assert!(
                lines[0].starts_with("error: the line is longer than 65536"),
                "{args:?}"
            );
            assert!(!lines[1].starts_with("error"), "{args:?}: {}", lines[1]);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn invalid_utf8_between_entries_is_answered_in_place() {
    // The hostile run's killer batch: the bad line gets an answer line, and the third
    // puzzle is answered after it.
    let input =
        b"1..............1\n9 r1c2 r1c3 r2c2\n\n\xff\n\n1..............1\n9 r1c2 r1c3 r2c2\n";
    let output = run(&["sudoku", "count", "--variant", "killer"], input);
    assert_eq!(output.status.code(), Some(2));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], lines[2]);
    assert_eq!(lines[1], "error: the line is not valid UTF-8");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("line 4, column 1: the line is not valid UTF-8"),
        "{stderr}"
    );
    assert!(stderr.contains("2 puzzles"), "{stderr}");
    // The same between jigsaw lines, and between classic puzzles.
    let jigsaw = "1.......3....... 1122112233443344";
    let input = format!("{jigsaw}\n\u{1}\n").into_bytes();
    let mut input = input;
    input.extend_from_slice(b"\xfe\xff\n");
    input.extend_from_slice(format!("{jigsaw}\n").as_bytes());
    for variant in ["jigsaw", "classic"] {
        let args: Vec<&str> = if variant == "classic" {
            vec!["sudoku", "count"]
        } else {
            vec!["sudoku", "count", "--variant", variant]
        };
        let output = run(&args, &input);
        let stdout = text(&output.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 4, "{variant}: {stdout}");
        assert_eq!(lines[2], "error: the line is not valid UTF-8", "{variant}");
        assert_eq!(lines[0], lines[3], "{variant}");
    }
}

#[test]
fn help_and_version_to_a_full_disk_fail_as_every_output_does() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["xc", "--help"],
        &["sudoku", "rate", "-h"],
    ] {
        let mut command = dancing_in_crate(args);
        command.stdout(File::create("/dev/full").expect("/dev/full opens"));
        let output = command.stderr(Stdio::piped()).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let stderr = text(&output.stderr);
        assert!(
            stderr.starts_with("error: cannot write the output"),
            "{args:?}: {stderr}"
        );
    }
    // To a terminal or a pipe, the same help as ever, exit code 0.
    let output = run(&["--help"], b"");
    assert_eq!(output.status.code(), Some(0));
    let help = text(&output.stdout);
    assert!(help.contains("Exit codes: 0 all answered, 1 the output could not be written"));
    assert!(!help.contains('\u{1b}'), "no colour in a pipe");
}

#[test]
fn the_hostile_run_s_messages_are_true() {
    let stderr = |args: &[&str], stdin: &[u8]| {
        let output = run(args, stdin);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        text(&output.stderr)
    };
    // A timeout far too long is too long, not negative.
    let message = stderr(&["sudoku", "check", "--timeout", "1e12"], b"");
    assert!(message.contains("`1e12` seconds is too long"), "{message}");
    let message = stderr(&["sudoku", "check", "--timeout=-1"], b"");
    assert!(
        message.contains("not a positive number of seconds"),
        "{message}"
    );
    // generate offers only what it makes.
    let help = crate::common::help(&["sudoku", "generate"]);
    assert!(!help.contains("killer"), "{help}");
    let message = stderr(&["sudoku", "generate", "--variant", "killer"], b"");
    assert!(
        message.contains("possible values: classic, x, hyper, jigsaw"),
        "{message}"
    );
    // NOIP's grids are 9×9.
    let message = stderr(&["sudoku", "judge", "noip"], b"1 2 3 4 5 6 7 8 9 1\n");
    assert!(
        message.contains("10 symbols in this row, expected 9"),
        "{message}"
    );
    // A cell twice in one cage.
    let message = stderr(
        &["sudoku", "count", "--variant", "killer"],
        b"................\n5 r1c1 r1c1\n",
    );
    assert!(message.contains("r1c1 is twice in cage 1"), "{message}");
    // A cage line without --variant killer names the flag.
    let message = stderr(
        &["sudoku", "count"],
        b"1..............1\n9 r1c2 r1c3 r2c2\n",
    );
    assert!(message.contains("--variant killer"), "{message}");
}

#[test]
fn rating_the_bundled_36x36_puzzles_is_bounded_by_default() {
    // The second took 225 s and 677 MB before the nets had a budget.
    let path = "../dancing-sudoku/data/generated_36x36.txt";
    for command in ["rate", "hint"] {
        // One thread, so that the peak is one puzzle's: on two, both puzzles may be at
        // their nets at once on a loaded machine (103 MB once, against 61 MB alone).
        let mut run = dancing_in_crate(&["sudoku", command, "-q", "--threads", "1", path]);
        run.stdin(Stdio::null());
        // The budgets are work (the nets' potentials, the search's nodes): the time they
        // take idle is in docs/benchmarks.md.
        let (output, peak) = watched(run, Duration::from_secs(600));
        assert_eq!(output.status.code(), Some(0), "{command}");
        assert_eq!(text(&output.stdout).lines().count(), 2, "{command}");
        assert!(peak < 100 * 1024, "{command}: {peak} KiB");
    }
}
