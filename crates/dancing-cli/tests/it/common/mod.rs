//! What the command-line test binaries share: running `dancing` with bytes on stdin.

// Each test binary uses its own subset of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// A command for the `dancing` binary under test.
pub(crate) fn dancing() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dancing"))
}

/// Starts `dancing` with `args`, its three streams piped.
pub(crate) fn spawn(args: &[&str]) -> Child {
    dancing()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs `command`, feeding `stdin` from a thread (the program may stop reading early),
/// and returns everything it printed.
pub(crate) fn feed(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped stdin");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer thread");
    output
}

/// Output bytes as text, invalid UTF-8 replaced.
pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A batch's stderr split into what comes before its summary line (the errors, each
/// line ending in a newline) and the summary's counts: the line up to its node count,
/// which depends on the solver, and its times, which vary from run to run.
pub(crate) fn batch_summary(stderr: &str) -> (&str, &str) {
    let body = stderr
        .strip_suffix('\n')
        .expect("stderr ends with a line break");
    let (before, summary) = match body.rfind('\n') {
        Some(at) => (&stderr[..=at], &body[at + 1..]),
        None => ("", body),
    };
    let nodes = summary.find(" node").expect("a node count");
    let counts = &summary[..summary[..nodes].rfind(", ").expect("counts before nodes")];
    (before, counts)
}

/// Asserts that a batch of one sudoku was stopped by `reason` (`max-nodes`, `timeout`):
/// exit code 3, `stopped: reason` its only answer, and a summary of one stopped puzzle,
/// the last thing on stderr, that ends with `end`.
#[track_caller]
pub(crate) fn assert_one_stopped(output: &Output, reason: &str, end: &str) {
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(text(&output.stdout), format!("stopped: {reason}\n"));
    let stderr = text(&output.stderr);
    assert_eq!(batch_summary(&stderr), ("", "1 puzzle (1 stopped)"));
    assert!(stderr.ends_with(end), "{stderr}");
}

/// Sends SIGINT (what Ctrl-C sends) to process `pid`.
pub(crate) fn send_sigint(pid: u32) {
    let status = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -INT {pid} failed");
}

/// Every front end that reads input, with what it reads.
pub(crate) const FRONT_ENDS: [&[&str]; 7] = [
    &["xc", "--count"],
    &["xc", "--matrix"],
    &["sudoku", "solve"],
    &["sudoku", "judge", "sicily"],
    &["sudoku", "judge", "noip"],
    &["sudoku", "judge", "poj3074"],
    &["sudoku", "judge", "poj3076"],
];

/// `dancing` with `args`, run in the crate's folder, where the tests' paths start.
pub(crate) fn dancing_in_crate(args: &[&str]) -> Command {
    let mut command = dancing();
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command.args(args);
    command
}

/// `dancing` with `args` in the crate's folder, fed `stdin` through a pipe, its stdout and
/// stderr captured: none of them a terminal.
pub(crate) fn run(args: &[&str], stdin: &[u8]) -> Output {
    feed(dancing_in_crate(args), stdin)
}

/// The flags of `xc` that only the links engine takes, each with how a refusal names it.
pub(crate) const LINKS_ONLY: [(&[&str], &str); 5] = [
    (&["--min-cost"], "--min-cost"),
    (&["--best", "2"], "--best"),
    (&["--solver", "sat"], "--solver sat"),
    (&["--cnf"], "--cnf"),
    (&["--matrix"], "--matrix"),
];

/// Runs a command that must succeed; returns its stdout.
#[track_caller]
pub(crate) fn ok(args: &[&str], stdin: &[u8]) -> String {
    let output = run(args, stdin);
    assert!(
        output.status.success(),
        "dancing {args:?}: {}",
        text(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// A classic problem in Knuth's format, from `dancing problem … --dlx`.
pub(crate) fn problem_dlx(args: &[&str]) -> Vec<u8> {
    let mut all = vec!["problem"];
    all.extend_from_slice(args);
    all.push("--dlx");
    ok(&all, b"").into_bytes()
}

/// The words of a command line written as one string, for the tests' argument lists.
pub(crate) fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Asserts that `dancing` with `args`, then each of `refused`'s flags, then `file`,
/// exits with code 2, prints nothing on stdout, and on stderr the one line
/// `message(words)`, where `words` name the refused flags.
pub(crate) fn assert_refused(
    args: &[&str],
    refused: &[(&[&str], &str)],
    file: &str,
    message: impl Fn(&str) -> String,
) {
    for &(flags, words) in refused {
        let mut line = args.to_vec();
        line.extend_from_slice(flags);
        line.push(file);
        let output = run(&line, b"");
        assert_eq!(output.status.code(), Some(2), "{line:?}");
        assert_eq!(text(&output.stdout), "", "{line:?}");
        assert_eq!(
            text(&output.stderr),
            format!("{}\n", message(words)),
            "{line:?}"
        );
    }
}

/// Snapshots a run with its timings, rates (and the engine `auto` picks) blanked out.
/// Inputs are given as paths relative to the crate, so snapshots do not depend on where
/// the repository lives.
macro_rules! snapshot {
    ($name:expr, $cmd:expr) => {
        insta::with_settings!({
            filters => vec![
                (r"\b\d+\.\d{3} s\b", "[TIME] s"),
                (r#""seconds":[0-9.e+-]+"#, r#""seconds":[SECONDS]"#),
                (r#""peak_rss":(\d+|null)"#, r#""peak_rss":[BYTES]"#),
                (r#""puzzles_per_second":[0-9.e+-]+"#, r#""puzzles_per_second":[RATE]"#),
                (r"\b\d+(\.\d)? puzzles/s\b", "[RATE] puzzles/s"),
                // `--engine auto` picks one of these two by timing them.
                (r#""engine":"(links|dense)""#, r#""engine":"[AUTO]""#),
            ],
            omit_expression => true,
        }, {
            insta_cmd::assert_cmd_snapshot!($name, $cmd);
        })
    };
}

/// The help text of `dancing` followed by `path` and `--help`.
pub(crate) fn help(path: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_dancing"))
        .args(path)
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success(), "{path:?} --help");
    String::from_utf8(output.stdout).unwrap()
}

/// The lines of `help`'s section headed `heading` (up to its first blank line).
pub(crate) fn section<'h>(help: &'h str, heading: &str) -> impl Iterator<Item = &'h str> {
    help.lines()
        .skip_while(move |line| *line != heading)
        .skip(1)
        .take_while(|line| !line.is_empty())
}

/// Every command's path (`[]`, `["sudoku"]`, `["sudoku", "solve"]`, …), from the helps'
/// `Commands:` sections.
pub(crate) fn command_paths() -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    subcommands(Vec::new(), &mut paths);
    assert!(paths.len() >= 15, "{paths:?}");
    paths
}

/// Every subcommand path under `path` (itself included), from the help's `Commands:`.
fn subcommands(path: Vec<String>, into: &mut Vec<Vec<String>>) {
    let args: Vec<&str> = path.iter().map(String::as_str).collect();
    let text = help(&args);
    into.push(path.clone());
    for line in section(&text, "Commands:") {
        let name = line.split_whitespace().next().unwrap();
        if name != "help" {
            let mut deeper = path.clone();
            deeper.push(name.to_owned());
            subcommands(deeper, into);
        }
    }
}

/// The JSON line of `--stats` (the last line on standard error) of `output`.
pub(crate) fn stats_of(output: &Output) -> serde_json::Value {
    let stderr = text(&output.stderr);
    serde_json::from_str(stderr.lines().last().expect("a stats line")).expect("JSON")
}
