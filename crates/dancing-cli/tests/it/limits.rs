//! `--timeout`, `--max-nodes` and Ctrl-C on sudoku batches and judges: what is printed,
//! the statistics, and the exit codes (3 for a limit, 130 for Ctrl-C). The same on `xc`
//! is tested in `cli.rs`.

use std::io::{Read, Write};
use std::process::Output;
use std::time::{Duration, Instant};

use crate::common::{self, dancing, run, spawn, text, words};

/// A 17-clue puzzle (one solution) and an empty 16×16 grid (counting its solutions
/// never ends).
const PUZZLE: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

fn endless() -> String {
    ".".repeat(256)
}

/// `sudoku count --stats` with `flags` on the puzzle, the endless grid, the puzzle again.
fn count_around_endless(flags: &str) -> Output {
    let input = format!("{PUZZLE}\n{}\n{PUZZLE}\n", endless());
    let args = format!("sudoku count --stats {flags}");
    run(&words(&args), input.as_bytes())
}

/// The statistics JSON line printed last on stderr.
fn stats(output: &Output) -> serde_json::Value {
    let stderr = text(&output.stderr);
    serde_json::from_str(stderr.lines().last().expect("a statistics line")).unwrap()
}

/// Checks that a batch stopped early: exit `code`, exactly `stdout`, and statistics that
/// say it is incomplete and name `reason`; returns those statistics.
#[track_caller]
fn stopped(output: &Output, code: i32, stdout: &str, reason: &str) -> serde_json::Value {
    assert_eq!(output.status.code(), Some(code));
    assert_eq!(text(&output.stdout), stdout);
    let stats = stats(output);
    assert_eq!(stats["complete"], false);
    assert_eq!(stats["stopped"], reason);
    stats
}

/// Asserts that the summary on stderr says the timeout stopped the run.
#[track_caller]
fn says_timeout(output: &Output) {
    let stderr = text(&output.stderr);
    assert!(stderr.contains("(stopped: --timeout expired)"), "{stderr}");
}

#[test]
fn max_nodes_gives_up_on_one_puzzle_and_the_batch_goes_on() {
    let output = count_around_endless("--limit 1000000 --max-nodes 5000");
    let stats = stopped(&output, 3, "1\nstopped: max-nodes\n1\n", "max-nodes");
    assert_eq!(stats["puzzles"], 3);
}

#[test]
fn the_timeout_ends_the_batch() {
    let output = count_around_endless("--limit 1000000000 --timeout 0.3");
    // The puzzle in progress and those read with it are answered `stopped: timeout`.
    let stats = stopped(
        &output,
        3,
        "1\nstopped: timeout\nstopped: timeout\n",
        "timeout",
    );
    let seconds = stats["seconds"].as_f64().unwrap();
    assert!(seconds >= 0.3, "{seconds}");
}

#[test]
fn limits_without_a_stop_change_nothing() {
    let input = format!("{PUZZLE}\n{PUZZLE}\n");
    let plain = run(&["sudoku", "solve"], input.as_bytes());
    let limited = run(
        &words("sudoku solve --timeout 600 --max-nodes 1000000"),
        input.as_bytes(),
    );
    assert_eq!(limited.status.code(), Some(0));
    assert_eq!(limited.stdout, plain.stdout);
}

#[test]
fn a_judge_stopped_prints_the_answers_before_and_says_where() {
    // Sicily: a unique puzzle, then an empty grid.
    let sample = "7_9__2___\n3_____891\n___39___4\n48__6____\n__5___6__\n____4__23\n2___57___\n568_____7\n___8__4_2\n";
    let input = format!("2\n{sample}{}", "_________\n".repeat(9));
    let output = run(
        &["sudoku", "judge", "sicily", "--max-nodes", "5000"],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(3));
    assert!(
        text(&output.stdout).starts_with("Puzzle 1 solution is\n719482365\n"),
        "{}",
        text(&output.stdout)
    );
    assert_eq!(
        text(&output.stderr),
        "error: <stdin>: line 11: puzzle 2: the search stopped (node limit)\n"
    );

    // NOIP: nothing on stdout, the best score so far on stderr.
    let empty = "0 0 0 0 0 0 0 0 0\n".repeat(9);
    let output = run(
        &["sudoku", "judge", "noip", "--timeout", "0.2"],
        empty.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(text(&output.stdout), "");
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with(
            "error: <stdin>: line 1: puzzle 1: the search stopped (timeout); the best score found so far is "
        ) && stderr.ends_with(", not proven the highest\n"),
        "{stderr}"
    );
}

/// Whether process `pid` has a handler installed for SIGINT (Linux: its `SigCgt` mask
/// in /proc), so that Ctrl-C reaches the program rather than killing it.
fn catches_sigint(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
}

/// Starts `args` on `stdin`, sends Ctrl-C once its handler is in place and its search
/// has run a moment, and returns what it printed.
pub(crate) fn interrupt(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args);
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let waiting = Instant::now();
    while !catches_sigint(child.id()) {
        assert!(
            waiting.elapsed() < Duration::from_secs(300),
            "no SIGINT handler"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    common::send_sigint(child.id());
    let mut stdout = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut stdout)
        .unwrap();
    let mut output = child.wait_with_output().unwrap();
    output.stdout = stdout;
    output
}

#[test]
fn ctrl_c_stops_a_batch_with_its_statistics() {
    let input = format!("{PUZZLE}\n{}\n", endless());
    let output = interrupt(
        &["sudoku", "count", "--limit", "1000000000", "--stats"],
        input.as_bytes(),
    );
    stopped(&output, 130, "1\nstopped: interrupted\n", "interrupted");
}

#[test]
fn ctrl_c_stops_a_judge() {
    let empty = "0 0 0 0 0 0 0 0 0\n".repeat(9);
    let output = interrupt(&["sudoku", "judge", "noip"], empty.as_bytes());
    assert_eq!(output.status.code(), Some(130));
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with("error: <stdin>: line 1: puzzle 1: the search stopped (interrupted)"),
        "{stderr}"
    );
}

/// The first Gecode 25×25 puzzle: its uniqueness check takes the learner seconds.
fn gecode_25x25() -> String {
    include_str!("../../../dancing-sudoku/data/gecode_25x25.txt")
        .lines()
        .find(|line| !line.starts_with('#') && !line.trim().is_empty())
        .expect("a 25×25 puzzle")
        .to_owned()
}

#[test]
fn rate_and_hint_stop_at_the_timeout() {
    let input = format!("{}\n{PUZZLE}\n", gecode_25x25());
    for command in ["rate", "hint"] {
        let output = run(
            &["sudoku", command, "--timeout", "0.5", "--stats"],
            input.as_bytes(),
        );
        // The 25×25 puzzle is stopped, and the puzzle after it is answered, unstarted.
        let stats = stopped(
            &output,
            3,
            "stopped: timeout\nstopped: timeout\n",
            "timeout",
        );
        assert_eq!(stats["stopped_puzzles"], 2, "{command}");
        assert!(stats["seconds"].as_f64().unwrap() >= 0.5, "{command}");
        says_timeout(&output);
    }
}

#[test]
fn every_batch_command_answers_every_puzzle_when_the_timeout_stops_it() {
    // A 25×25 puzzle that dancing links do not finish in 0.5 s, then 40 easy ones: on
    // one thread or two, each command answers all 41, in order: the ones done before
    // the deadline as usual, the others `stopped: timeout`.
    let answer = |command: &str| text(&run(&["sudoku", command, "-q"], PUZZLE.as_bytes()).stdout);
    let input = format!("{}\n{}", gecode_25x25(), format!("{PUZZLE}\n").repeat(40));
    for command in ["solve", "count", "check", "rate", "hint"] {
        let done = answer(command);
        for threads in ["1", "2"] {
            let mut args = vec!["sudoku", command, "--timeout", "0.5", "--threads", threads];
            if !matches!(command, "rate" | "hint") {
                args.extend(["--solver", "dlx"]);
            }
            let output = run(&args, input.as_bytes());
            assert_eq!(output.status.code(), Some(3), "{args:?}");
            let answers = text(&output.stdout);
            let lines: Vec<&str> = answers.lines().collect();
            assert_eq!(lines.len(), 41, "{args:?}: {answers}");
            assert_eq!(lines[0], "stopped: timeout", "{args:?}");
            for line in &lines[1..] {
                assert!(
                    *line == "stopped: timeout" || format!("{line}\n") == done,
                    "{args:?}: {line}"
                );
            }
            let stderr = text(&output.stderr);
            assert!(stderr.contains("41 puzzles"), "{args:?}: {stderr}");
        }
    }
}

#[test]
fn rate_max_nodes_stops_one_puzzle_and_the_batch_goes_on() {
    // A famous puzzle the techniques below the nested chains cannot finish, whose
    // search left takes more than 1,000 nodes; then a puzzle of singles, checked
    // without a guess.
    let without_nested = dancing_sudoku::logic::Rules::default().nested(false);
    let hard = dancing_sudoku::FAMOUS
        .lines()
        .filter_map(|line| dancing_sudoku::Grid::parse_line(line).ok())
        .find(|grid| {
            dancing_sudoku::logic::Rater::new()
                .rules(without_nested)
                .rate(grid)
                .is_ok_and(|r| r.search.is_some_and(|n| n > 1000))
        })
        .expect("a famous puzzle beyond the techniques")
        .to_string();
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let input = format!("{hard}\n{easy}\n");
    let plain = run(&["sudoku", "rate"], easy.as_bytes());
    let output = run(
        &[
            "sudoku",
            "rate",
            "--no-nested",
            "--max-nodes",
            "1000",
            "--stats",
        ],
        input.as_bytes(),
    );
    let expected = format!("stopped: max-nodes\n{}", text(&plain.stdout));
    stopped(&output, 3, &expected, "max-nodes");
    // With them, the node limit stops their first search (its work counted in
    // potentials reached), and the line says how far the rating got.
    let output = run(
        &["sudoku", "rate", "--max-nodes", "1000", "--stats"],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(3));
    let stdout = text(&output.stdout);
    let (first, rest) = stdout.split_once('\n').unwrap();
    assert!(
        first.starts_with("stopped: max-nodes (≥ ") && first.ends_with(", stopped at level 2)"),
        "{first}"
    );
    let at_least: f32 = first["stopped: max-nodes (≥ ".len()..]
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(at_least >= 9.5, "{first}");
    assert_eq!(rest, text(&plain.stdout));
}

#[test]
fn generate_stops_at_the_timeout() {
    let output = run(
        &words("sudoku generate --order 6 --seed 1 --timeout 0.5 --stats"),
        b"",
    );
    let stats = stopped(&output, 3, "", "timeout");
    assert_eq!(stats["puzzles"], 0);
    says_timeout(&output);
    // The summary says how many of the puzzles asked for were made.
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with("generated 0 of 1 puzzle in "),
        "{stderr}"
    );
    // Puzzles made before the stop are printed, each whole.
    let output = run(
        &words("sudoku generate --order 4 --count 1000 --seed 1 --timeout 0.5"),
        b"",
    );
    assert_eq!(output.status.code(), Some(3));
    let made = text(&output.stdout).lines().count();
    assert!(made < 1000, "{made}");
    assert!(text(&output.stdout).lines().all(|line| {
        line.parse::<dancing_sudoku::Grid>()
            .is_ok_and(|g| g.is_unique())
    }));
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with(&format!("generated {made} of 1000 puzzles in ")),
        "{stderr}"
    );
}

#[test]
fn generate_max_nodes_stops_a_search() {
    // A 16×16 grid is completed by a search of more than one node.
    let output = run(
        &words("sudoku generate --order 4 --seed 1 --max-nodes 1 --stats"),
        b"",
    );
    stopped(&output, 3, "", "max-nodes");
}

#[test]
fn ctrl_c_stops_generate_with_its_statistics() {
    let output = interrupt(
        &[
            "sudoku", "generate", "--order", "6", "--seed", "1", "--stats",
        ],
        b"",
    );
    stopped(&output, 130, "", "interrupted");
}

#[test]
fn a_reader_that_goes_away_ends_generate_at_once() {
    // `dancing sudoku generate --count 1000000000 | head -1`: the first write after the
    // reader has gone fails, and the run ends quietly (exit 0, nothing on stderr).
    let mut child = spawn(&[
        "sudoku",
        "generate",
        "--count",
        "1000000000",
        "--seed",
        "1",
        "-q",
    ]);
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 82];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let waiting = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        // A hang guard, not a timing assertion: the run would otherwise never end.
        assert!(
            waiting.elapsed() < Duration::from_secs(300),
            "still running"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.code(), Some(0));
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(stderr, "");
}

#[test]
fn a_closed_standard_output_ends_the_run_at_once() {
    // The shell closes the program's standard output (`>&-`).
    let program = env!("CARGO_BIN_EXE_dancing");
    let closed = std::process::Command::new("sh")
        .args([
            "-c",
            r#""$0" sudoku generate --count 1000000000 --seed 1 >&-"#,
            program,
        ])
        .output()
        .expect("sh runs");
    if cfg!(target_os = "linux") {
        assert_eq!(closed.status.code(), Some(2));
        let stderr = text(&closed.stderr);
        assert!(
            stderr.starts_with("error: standard output is closed"),
            "{stderr}"
        );
    }
    // /dev/null is an output, opened write-only (a shell's `>`) or read-write (as
    // Python's `subprocess.DEVNULL` opens it): the run goes on as asked.
    for read in [false, true] {
        let null = std::fs::OpenOptions::new()
            .read(read)
            .write(true)
            .open("/dev/null")
            .unwrap();
        let output = dancing()
            .args(["sudoku", "generate", "--count", "3", "--seed", "1"])
            .stdout(null)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    }
}

#[test]
fn a_long_generation_on_a_terminal_says_how_to_see_and_bound_it() {
    // On a pseudo-terminal (`script`), a 36×36 puzzle stopped by the timeout after the
    // nudge is due: the nudge, once, then the summary with the stop.
    let command = format!(
        "{} sudoku generate --order 6 --seed 1 --timeout 3.5",
        env!("CARGO_BIN_EXE_dancing")
    );
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("util-linux's script runs");
    assert_eq!(output.status.code(), Some(3));
    let screen = text(&output.stdout);
    assert_eq!(
        screen.matches("still generating after 3 s; --progress shows a live status line; --timeout bounds the run").count(),
        1,
        "{screen}"
    );
    assert!(screen.contains("(stopped: --timeout expired)"), "{screen}");
}
