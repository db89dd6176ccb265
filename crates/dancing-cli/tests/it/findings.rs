//! The hostile run's findings, each reproduced as it was found and held to the right
//! answer: cheapest solutions on threads and below prefixes, the memo's limits, closed
//! and full standard streams, and the minor ones.

use std::process::{Command, Stdio};

use crate::common::{self, ok, run, stats_of, text};

/// The cheapest solution of a problem whose options cost 2^64 − 1 or more in all, on
/// one thread and on several: the same answer, never a silent empty one.
#[test]
fn f1_costs_past_two_to_the_64_survive_threads() {
    let max = u64::MAX;
    let one = format!("a\na |{max}\n");
    for threads in ["1", "2", "3", "8"] {
        let output = run(
            &["xc", "--min-cost", "--threads", threads, "--stats"],
            one.as_bytes(),
        );
        assert_eq!(output.status.code(), Some(0), "{threads} threads");
        assert_eq!(
            text(&output.stdout),
            format!("| cost {max}\na |{max}\n"),
            "{threads} threads"
        );
        let stderr = text(&output.stderr);
        let stats: serde_json::Value =
            serde_json::from_str(stderr.lines().last().expect("a stats line")).expect("JSON");
        assert_eq!(stats["cost"], serde_json::json!(max), "{threads} threads");
        assert_eq!(stats["complete"], true);
    }
    // Two solutions, one of them past 2^64 in all: both listed, cheapest first.
    let two = format!("a b\na b |{max}\na |{max}\nb |1\na b |5\n");
    for threads in ["1", "2", "3", "8"] {
        let listed = ok(&["xc", "--best", "3", "--threads", threads], two.as_bytes());
        let total = u128::from(max) + 1;
        assert_eq!(
            listed,
            format!(
                "| cost 5\na b |5\n\n| cost {max}\na b |{max}\n\n| cost {total}\na |{max}\nb |1\n"
            ),
            "{threads} threads"
        );
    }
}

const COSTED: &str = "samples/costed.dlx";

/// `--prefix` with `--min-cost` and `--best` answers the subproblem, on one thread and
/// on two; the subproblems' answers together give the whole problem's.
#[test]
fn f2_prefix_answers_the_subproblems_cheapest() {
    let split = ok(&["xc", "--split", "1", COSTED], b"");
    let lines: Vec<&str> = split.lines().collect();
    assert_eq!(lines, ["1", "4"]);
    for threads in ["1", "2"] {
        let below = |line: &str, flags: &[&str]| {
            let mut args = vec!["xc", "--threads", threads, "--prefix", line];
            args.extend_from_slice(flags);
            args.push(COSTED);
            ok(&args, b"")
        };
        assert_eq!(below("1", &["--min-cost"]), "| cost 10\nA B C |10\n");
        assert_eq!(below("4", &["--min-cost"]), "| cost 7\nC |3\nA B |4\n");
        assert_eq!(
            below("4", &["--best", "5"]),
            "| cost 7\nC |3\nA B |4\n\n| cost 9\nA |3\nB |3\nC |3\n"
        );
    }
    // The whole problem's cheapest is the cheapest of the jobs'.
    assert_eq!(
        ok(&["xc", "--min-cost", COSTED], b""),
        "| cost 7\nC |3\nA B |4\n"
    );
}

/// A prefix naming no option, or one off the search's path, is refused with the
/// cheapest search as with any other.
#[test]
fn f2_a_bad_prefix_is_refused_with_costs() {
    for flags in [&["--min-cost"][..], &["--best", "2"], &["--cnf"]] {
        for (prefix, message) in [
            (
                "99",
                "error: --prefix: `99` is not an option number (1 to 5)\n",
            ),
            (
                "2",
                "error: --prefix: option 2 is not one the search tries at the first level (it does not contain item `C`, which the search branches on there); use a line that --split printed for this input\n",
            ),
        ] {
            let mut args = vec!["xc", "--prefix", prefix];
            args.extend_from_slice(flags);
            args.push(COSTED);
            let output = run(&args, b"");
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert_eq!(text(&output.stdout), "", "{args:?}");
            assert_eq!(text(&output.stderr), message, "{args:?}");
        }
    }
}

/// `--split` and `--split-jobs` with the cheapest search or the formula: refused with
/// how to do it, never solutions in place of split lines.
#[test]
fn f2_splitting_the_cheapest_search_is_refused_with_the_way_to_do_it() {
    for (flags, whole) in [
        (&["--min-cost"][..], "--min-cost"),
        (&["--best", "2"], "--best"),
        (&["--cnf"], "--cnf"),
    ] {
        for split in [["--split", "1"], ["--split-jobs", "4"]] {
            let mut args = vec!["xc"];
            args.extend_from_slice(&split);
            args.extend_from_slice(flags);
            args.push(COSTED);
            let output = run(&args, b"");
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert_eq!(text(&output.stdout), "", "{args:?}");
            assert_eq!(
                text(&output.stderr),
                format!(
                    "error: {} cannot be combined with {whole}: split without it, then run each line with {whole} --prefix LINE\n",
                    split[0]
                ),
                "{args:?}"
            );
        }
    }
}

/// `--cnf --prefix LINE`: the whole formula with the line's options as unit clauses, so
/// the formula's models are the subproblem's solutions.
#[test]
fn f2_the_formula_below_a_prefix_forces_its_options() {
    let whole = ok(&["xc", "--cnf", COSTED], b"");
    let below = ok(&["xc", "--cnf", "--prefix", "4", COSTED], b"");
    let clauses = |text: &str| -> (usize, Vec<String>) {
        let header = text
            .lines()
            .find(|l| l.starts_with("p cnf"))
            .expect("a header");
        let count = header.split(' ').nth(3).unwrap().parse().unwrap();
        let body = text
            .lines()
            .skip_while(|l| !l.starts_with("p cnf"))
            .skip(1)
            .map(str::to_owned)
            .collect();
        (count, body)
    };
    let (n, whole) = clauses(&whole);
    let (m, below) = clauses(&below);
    assert_eq!(m, n + 1);
    assert_eq!(below[0], "4 0");
    assert_eq!(below[1..], whole[..]);
}

/// A command of every kind that writes to both streams, run from the crate's folder.
const EVERY_COMMAND: [&[&str]; 16] = [
    &["xc", "--sample", "3", "--seed", "7", "samples/board.dlx"],
    &["xc", "samples/problem.dlx"],
    &["xc", "--count", "--stats", "samples/problem.dlx"],
    &["xc", "--memo", "--count", "--stats", "samples/board.dlx"],
    &["xc", "--split", "1", "samples/problem.dlx"],
    &["xc", "--matrix", "--stats", "samples/cases.txt"],
    &["xc", "samples/ignored.dlx"],
    &["xc", "--min-cost", "--threads", "2", "samples/costed.dlx"],
    &["problem", "queens", "8", "--stats"],
    &[
        "sudoku",
        "solve",
        "--stats",
        "../dancing-sudoku/data/famous.txt",
    ],
    &["sudoku", "check", "--threads", "2", "samples/puzzles.txt"],
    &["sudoku", "rate", "../dancing-sudoku/data/famous.txt"],
    &["sudoku", "hint", "--steps", "samples/puzzle.txt"],
    &["sudoku", "generate", "--count", "3", "--seed", "1"],
    &["sudoku", "judge", "poj3074", "samples/input.txt"],
    &["xc", "/nonexistent"],
];

/// The exit code a command gives with both streams readable.
fn normal_code(args: &[&str]) -> i32 {
    if args.contains(&"/nonexistent") { 2 } else { 0 }
}

/// Runs `dancing ARGS` with standard output going to `stdout` and standard error to
/// `stderr`, and no input.
fn run_with(args: &[&str], stdout: Stdio, stderr: Stdio) -> std::process::ExitStatus {
    common::dancing_in_crate(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .status()
        .expect("the binary runs")
}

/// Both streams a pipe whose reader is gone (what `2>&1 | head -1` becomes once `head`
/// has its line, made certain): every write fails at once. The run ends quietly with
/// its documented code, never a panic (101).
#[test]
fn f9_both_streams_closed_by_their_reader() {
    for args in EVERY_COMMAND {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let both = writer.try_clone().expect("a second end");
        let status = run_with(args, writer.into(), both.into());
        let code = if normal_code(args) == 2 { 2 } else { 0 };
        assert_eq!(status.code(), Some(code), "{args:?}");
    }
}

/// Standard error closed by its reader, or full (`2>/dev/full`), or closed at the
/// start (`2>&-`), while standard output goes to a file: every answer is written, as
/// with a readable standard error, and the exit code is the usual one.
#[test]
fn f9_a_closed_or_full_standard_error_loses_no_answer() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-stderr");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    for (n, args) in EVERY_COMMAND.iter().enumerate() {
        let expected = common::dancing_in_crate(args)
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        assert_eq!(expected.status.code(), Some(normal_code(args)), "{args:?}");
        let out = dir.join(format!("{n}.out"));
        let file = || std::fs::File::create(&out).expect("an output file");
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
        let full = full.expect("/dev/full");
        for (how, status) in [
            ("closed pipe", run_with(args, file().into(), writer.into())),
            ("/dev/full", run_with(args, file().into(), full.into())),
        ] {
            assert_eq!(status.code(), expected.status.code(), "{args:?}, {how}");
            let written = std::fs::read(&out).expect("the output");
            assert_eq!(text(&written), text(&expected.stdout), "{args:?}, {how}");
        }
        // `2>&-`: a shell closes descriptor 2 before the program starts.
        let mut line = String::from("exec \"$0\" \"$@\" 2>&-");
        line.push_str(" >\"$DANCING_OUT\"");
        let status = Command::new("sh")
            .arg("-c")
            .arg(&line)
            .arg(env!("CARGO_BIN_EXE_dancing"))
            .args(*args)
            .env("DANCING_OUT", &out)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .status()
            .expect("sh runs");
        assert_eq!(status.code(), expected.status.code(), "{args:?}, 2>&-");
        let written = std::fs::read(&out).expect("the output");
        assert_eq!(text(&written), text(&expected.stdout), "{args:?}, 2>&-");
    }
}

/// Types `typed` into `dancing ARGS` through a pseudo-terminal, then one Ctrl-D: the
/// command must end its reading there and answer, as `cat` does, without waiting for
/// a second Ctrl-D (which is sent, to end the test either way, only if it has not
/// ended after a generous wait).
#[cfg(unix)]
fn one_ctrl_d_ends(args: &[&str], typed: &str) -> (Option<i32>, String, bool) {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    use std::io::{Read as _, Write as _};
    use std::os::unix::ffi::OsStrExt as _;

    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("its name");
    let path = std::ffi::OsStr::from_bytes(name.as_bytes());
    let terminal = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .expect("the terminal's side");
    let mut child = common::dancing_in_crate(args)
        .stdin(terminal)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut keys = std::fs::File::from(master);
    keys.write_all(typed.as_bytes()).expect("typing");
    keys.write_all(b"\x04").expect("Ctrl-D");
    let mut second = false;
    let mut waited = 0;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        waited += 1;
        if waited == 600 && !second {
            second = true;
            keys.write_all(b"\x04").expect("a second Ctrl-D");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut out)
        .expect("the answers");
    (status.code(), out, second)
}

/// One Ctrl-D at a terminal ends the input of every command that reads one.
#[cfg(unix)]
#[test]
fn one_ctrl_d_ends_the_input_at_a_terminal() {
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";
    for (args, typed, answer) in [
        (&["xc"][..], "A B\nA\nB\nA B\n", "A\nB\n\nA B\n"),
        (&["xc", "--count"], "A B\nA\nB\nA B\n", "2\n"),
        (&["xc", "--matrix"], "3 3\n1 1\n1 2\n1 3\n", "3 1 2 3\n"),
        (&["sudoku", "count"], puzzle, "1\n"),
        (&["sudoku", "rate"], "1234341221434321\n", ""),
    ] {
        let (code, out, second) = one_ctrl_d_ends(args, typed);
        assert!(!second, "{args:?} waited for a second Ctrl-D");
        assert_eq!(code, Some(0), "{args:?}");
        if !answer.is_empty() {
            assert_eq!(out, answer, "{args:?}");
        }
    }
}

/// 40 items, each covered by its one option or left out: 2^40 solutions, which the
/// memo counts at once and no listing or drawing finishes.
fn two_to_the_40() -> String {
    let items: Vec<String> = (0..40).map(|k| format!("0:1|a{k}")).collect();
    let options: String = (0..40).map(|k| format!("a{k}\n")).collect();
    format!("{}\n{options}", items.join(" "))
}

/// Waits for `child` to end by itself, for up to ten minutes (it must stop long
/// before: this only keeps a regression from hanging the suite).
fn ends_by_itself(child: &mut std::process::Child) -> std::process::ExitStatus {
    for _ in 0..12_000 {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let _ = child.kill();
    panic!("the run did not stop at its limit");
}

/// The memo's listing and its draws answer to `--timeout`, `--max-nodes` (solutions
/// listed or drawn, after the states of the build) and `--limit`.
#[test]
fn f3_the_memos_listing_and_draws_answer_to_every_limit() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("two_to_the_40.dlx");
    std::fs::write(&path, two_to_the_40()).expect("a scratch file");
    let path = path.to_str().expect("a UTF-8 path");
    for flags in [&["--memo"][..], &["--sample", "1000000000"]] {
        let mut args = vec!["xc", "--timeout", "1", "-q", "--stats"];
        args.extend_from_slice(flags);
        args.push(path);
        let mut child = common::dancing_in_crate(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let status = ends_by_itself(&mut child);
        assert_eq!(status.code(), Some(3), "{args:?}");
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        let stats: serde_json::Value = serde_json::from_str(stderr.trim()).expect("JSON");
        assert_eq!(stats["stopped"], "timeout", "{args:?}");
        assert_eq!(stats["complete"], false, "{args:?}");
        assert_eq!(stats["solutions"], 1_u64 << 40, "{args:?}");
    }
    for flags in [&["--memo"][..], &["--sample", "1000000000", "--seed", "1"]] {
        let mut args = vec!["xc", "--max-nodes", "2000", "-q"];
        args.extend_from_slice(flags);
        args.push(path);
        let output = run(&args, b"");
        assert_eq!(output.status.code(), Some(3), "{args:?}");
        let solutions = text(&output.stdout).split("\n\n").count();
        assert_eq!(solutions, 2000, "{args:?}");
    }
    let listed = ok(&["xc", "--memo", "--limit", "3", path], b"");
    assert_eq!(listed.split("\n\n").count(), 3);
}

/// Runs `dancing xc --max-memory LIMIT --stats ARGS` on `input`, expecting `code`, and
/// checks on Linux that the process never held more than the bound promised: the limit
/// and a tenth, plus 64 MiB for the process itself.
#[track_caller]
fn within_memory(limit_mib: u64, args: &[&str], input: &[u8], code: i32) -> serde_json::Value {
    let limit = format!("{limit_mib}M");
    let mut all = vec!["xc", "--max-memory", &limit, "--stats", "-q"];
    all.extend_from_slice(args);
    let output = run(&all, input);
    assert_eq!(
        output.status.code(),
        Some(code),
        "{all:?}: {}",
        text(&output.stderr)
    );
    let stats = stats_of(&output);
    if cfg!(target_os = "linux") {
        let peak = stats["peak_rss"].as_u64().expect("the peak on Linux");
        let bound = (limit_mib << 20) * 11 / 10 + (64 << 20);
        assert!(peak <= bound, "{all:?}: peak {peak} bytes, bound {bound}");
    }
    stats
}

/// F4 and the memory bound: the memo's search and its count, the links on one thread
/// and on several, and the learner, each held to `--max-memory`.
#[test]
fn f4_max_memory_bounds_the_memo_the_links_and_the_learner() {
    // The memo's count of 8×3000 dominoes: huge counts node by node, once 843 MiB.
    let strip = common::problem_dlx(&["domino", "8x3000"]);
    let stats = within_memory(100, &["--count", "--memo"], &strip, 0);
    assert!(
        stats["solutions"]
            .as_str()
            .expect("a count past 2^64")
            .starts_with("1631028990835")
    );
    // 16×16 needs about 51 MiB: stopped before allocating past 32 MiB, whole at 256.
    let board = common::problem_dlx(&["domino", "16x16"]);
    let stopped = within_memory(32, &["--count", "--memo"], &board, 3);
    assert_eq!(stopped["stopped"], "max-memory");
    let whole = within_memory(256, &["--count", "--memo"], &board, 0);
    assert_eq!(whole["solutions"], "2444888770250892795802079170816"); // OEIS A004003
    // One item and a million options, read to the limit: one thread fits; the copies
    // of two threads would not, and are refused before they are made.
    let mut wide = b"a\n".to_vec();
    wide.extend(b"a\n".repeat(1_000_000));
    let counted = within_memory(100, &["--count"], &wide, 0);
    assert_eq!(counted["solutions"], 1_000_000);
    let refused = run(
        &["xc", "--max-memory", "100M", "--count", "--threads", "2"],
        &wide,
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).starts_with("error: --threads 2 would hold 3 copies"),
        "{}",
        text(&refused.stderr)
    );
    // The learner: a formula whose solver would pass the limit is not handed to it.
    let mut options = b"a\n".to_vec();
    options.extend(b"a\n".repeat(300_000));
    let learner = within_memory(100, &["--solver", "sat"], &options, 3);
    assert_eq!(learner["stopped"], "max-memory");
    assert_eq!(learner["solutions"], 0);
}

/// `--count --limit N`: `N` when there are exactly N, `N+` only when there are more,
/// on every path that counts (one thread, threads, the learner, the memo, sudoku).
#[test]
fn minor_a_count_at_its_limit_is_exact() {
    let three = b"a\na\na\na\n";
    for extra in [
        &[][..],
        &["--threads", "2"],
        &["--solver", "sat"],
        &["--memo"],
        &["--engine", "dense"],
    ] {
        for (limit, answer) in [("2", "2+\n"), ("3", "3\n"), ("4", "3\n")] {
            let mut args = vec!["xc", "--count", "--limit", limit, "--stats", "-q"];
            args.extend_from_slice(extra);
            let output = run(&args, three);
            assert_eq!(text(&output.stdout), answer, "{args:?}");
            // Complete means the same for every engine, the memo's too: no more than
            // the limit.
            let complete = answer == "3\n";
            assert_eq!(stats_of(&output)["complete"], complete, "{args:?}");
        }
    }
    // A 4×4 grid of one given has 72 completions (288 grids, a quarter with 1 there).
    let puzzle = "1...............\n";
    assert_eq!(
        ok(&["sudoku", "count", "--limit", "72"], puzzle.as_bytes()),
        "72\n"
    );
    assert_eq!(
        ok(&["sudoku", "count", "--limit", "71"], puzzle.as_bytes()),
        "71+\n"
    );
}

/// Two givens alike in an X sudoku's diagonal, a hyper sudoku's window or a jigsaw's
/// region are a bad input (exit 2, the cells named), as in a row, column or box.
#[test]
fn minor_a_clash_in_a_variants_house_is_an_error() {
    let mut cells = vec!['.'; 81];
    cells[0] = '1';
    cells[30] = '1';
    let diagonal: String = cells.iter().collect();
    let mut cells = vec!['.'; 81];
    cells[10] = '2';
    cells[30] = '2';
    let window: String = cells.iter().collect();
    for (line, flags, message) in [
        (
            format!("{diagonal} x\n"),
            &[][..],
            "1 appears twice in the main diagonal: r1c1 and r4c4",
        ),
        (
            format!("{diagonal}\n"),
            &["--variant", "x"],
            "1 appears twice in the main diagonal: r1c1 and r4c4",
        ),
        (
            format!("{window} hyper\n"),
            &[],
            "2 appears twice in window 1: r2c2 and r4c4",
        ),
    ] {
        let mut args = vec!["sudoku", "solve"];
        args.extend_from_slice(flags);
        let output = run(&args, line.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{line}");
        assert!(
            text(&output.stderr).contains(message),
            "{}",
            text(&output.stderr)
        );
    }
    // A generated jigsaw's regions: r1c1 and r4c2 share region 1, and neither a row, a
    // column nor a box.
    let regions =
        "111333333111333222441222225411255555444556666447566869477888869778889969777789999";
    let mut jig: Vec<char> = (0..81).map(|_| '.').collect();
    jig[0] = '7';
    jig[28] = '7';
    let line = format!("{} {regions}\n", jig.iter().collect::<String>());
    let output = run(&["sudoku", "solve"], line.as_bytes());
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("7 appears twice in region 1: r1c1 and r4c2"),
        "{}",
        text(&output.stderr)
    );
}
