//! `xc --threads` and the splitters on the inputs that once made them hang: a search
//! with nothing to share runs at one thread's speed, every limit and Ctrl-C stops the
//! threads and the split, solutions come in order through a bounded window, and a
//! thread count far past the cores is refused.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::common::{dancing_in_crate, ok, problem_dlx, text};
use crate::limits::interrupt;

/// Writes `text` to a file of the test's own in the temporary folder.
fn temp_file(name: &str, text: &str) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path =
        std::env::temp_dir().join(format!("dancing-threads-{}-{n}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("the temporary folder is writable");
    path
}

/// A chain of `n` items, each in one option of its own: one solution, no branching.
fn chain(n: usize) -> String {
    let items: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    let mut text = items.join(" ");
    text.push('\n');
    for item in &items {
        text.push_str(item);
        text.push('\n');
    }
    text
}

/// Two items and `n` options of the first alone, one of the second: `n` solutions at
/// the second level, all siblings.
fn wide(n: usize) -> String {
    let mut text = String::from("A B\n");
    text.push_str(&"A\n".repeat(n));
    text.push_str("B\n");
    text
}

/// The first bundled 36x36 sudoku as an exact-cover problem in Knuth's format.
fn sudoku_36() -> String {
    let data = include_str!("../../../dancing-sudoku/data/generated_36x36.txt");
    let puzzle = data
        .lines()
        .find(|line| !line.starts_with('#') && !line.trim().is_empty())
        .expect("a puzzle");
    let symbols: Vec<char> = {
        let mut s: Vec<char> = puzzle.chars().filter(|&c| c != '.').collect();
        s.sort_unstable();
        s.dedup();
        s
    };
    let mut text = String::new();
    for kind in ["p", "r", "c", "b"] {
        for a in 0..36 {
            for b in 0..36 {
                text.push_str(&format!("{kind}{a}_{b} "));
            }
        }
    }
    text.push('\n');
    for (cell, symbol) in puzzle.chars().enumerate() {
        let (r, c) = (cell / 36, cell % 36);
        let values: Vec<usize> = match symbols.iter().position(|&s| s == symbol) {
            Some(v) => vec![v],
            None => (0..36).collect(),
        };
        for v in values {
            let b = r / 6 * 6 + c / 6;
            text.push_str(&format!("p{r}_{c} r{r}_{v} c{c}_{v} b{b}_{v}\n"));
        }
    }
    text
}

/// `dancing xc ARGS FILE`, run to its end (killed and failed past ten minutes, which
/// only keeps a regression from hanging the suite), its standard output going to a
/// file so that it never waits for a reader.
fn xc(args: &[&str], file: &PathBuf) -> Output {
    let out = temp_file("stdout", "");
    let mut command: Command = dancing_in_crate(&["xc"]);
    command.args(args).arg(file).stdin(Stdio::null());
    let started = Instant::now();
    let mut child = command
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(600) {
            let _ = child.kill();
            panic!("still running after ten minutes: {command:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut output = child.wait_with_output().unwrap();
    output.stdout = std::fs::read(&out).unwrap();
    let _ = std::fs::remove_file(out);
    output
}

/// The JSON line of `--stats` of `output`.
fn stats(output: &Output) -> serde_json::Value {
    let stderr = text(&output.stderr);
    serde_json::from_str(stderr.lines().last().expect("a stats line")).expect("JSON")
}

#[test]
fn searches_with_nothing_to_share_run_at_one_threads_speed() {
    // Each took 60 s or more on two threads (one thread: well under a second): the
    // threads split and gave away work without end. Two threads do the work of one,
    // node for node, with no job given away where there is nothing to share.
    let cases = [
        ("chain.dlx", chain(3000), vec!["--count"], "1\n"),
        ("wide.dlx", wide(200_000), vec!["--count"], "200000\n"),
        (
            "s36.dlx",
            sudoku_36(),
            vec!["--count", "--limit", "2"],
            "1\n",
        ),
    ];
    for (name, input, args, count) in cases {
        let file = temp_file(name, &input);
        let mut one = args.clone();
        // The plain search on one thread (a count would take the memo where it pays).
        one.extend([
            "--threads",
            "1",
            "--no-memo",
            "--solver",
            "dlx",
            "-q",
            "--stats",
        ]);
        let single = xc(&one, &file);
        assert_eq!(text(&single.stdout), count, "{name}");
        let mut two = args.clone();
        two.extend(["--threads", "2", "-q", "--stats"]);
        let output = xc(&two, &file);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{name}: {}",
            text(&output.stderr)
        );
        assert_eq!(text(&output.stdout), count, "{name}");
        let (one, two) = (stats(&single), stats(&output));
        assert!(
            two["nodes"].as_u64() <= one["nodes"].as_u64().map(|n| n + 2048),
            "{name}: {two} on two threads, {one} on one"
        );
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn limits_stop_the_threads_at_once() {
    // Queens 18: hours of counting, so the timeout stops it however fast the machine
    // (queens 15 once finished in 1.99 s on an idle one, inside its 2 s).
    let queens = temp_file("queens18.dlx", &text(&problem_dlx(&["queens", "18"])));
    let output = xc(&["--count", "--threads", "2", "--timeout", "2"], &queens);
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
    assert!(text(&output.stdout).ends_with("+\n"));
    assert!(
        text(&output.stderr).contains("(stopped: --timeout expired)"),
        "{}",
        text(&output.stderr)
    );
    let chain = temp_file("chain-nodes.dlx", &chain(3000));
    let output = xc(
        &[
            "--count",
            "--threads",
            "2",
            "--max-nodes",
            "100",
            "--stats",
            "-q",
        ],
        &chain,
    );
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
    // Overshot by at most a heartbeat a thread.
    assert!(stats(&output)["nodes"].as_u64().unwrap() < 100 + 2 * 1024);
    let _ = std::fs::remove_file(queens);
    let _ = std::fs::remove_file(chain);
}

#[test]
fn ctrl_c_stops_the_threads_with_a_summary() {
    let queens = problem_dlx(&["queens", "15"]);
    let output = interrupt(&["xc", "--count", "--threads", "2", "--stats"], &queens);
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("(stopped: interrupted)"), "{stderr}");
    assert!(stderr.contains("\"threads\":2"), "{stderr}");
}

#[test]
fn splits_answer_to_limits_and_ctrl_c() {
    let big = PathBuf::from("samples/big.dlx");
    // The depth-12 split of the pentominoes is the whole search: a second stops it,
    // and the lines printed still cover the search.
    let output = xc(&["--split", "12", "--timeout", "1"], &big);
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("(stopped: --timeout expired)"), "{stderr}");
    // The parts left whole are shallower than the ones split, and come last.
    let stdout = text(&output.stdout);
    let last = stdout.lines().last().expect("lines");
    assert!(last.split(' ').count() < 12, "{last}");
    // A hundred thousand jobs of a 4-second search: bounded work (a sixteenth of the
    // search's estimated size: 26,730 lines, 0.15 s), fewer jobs.
    let output = xc(&["--split-jobs", "100000"], &big);
    assert_eq!(output.status.code(), Some(0));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("fewer than asked"), "{stderr}");
    let lines = text(&output.stdout).lines().count();
    assert!((1_000..100_000).contains(&lines), "{lines} lines");
    // A node limit stops the balanced split too.
    let output = xc(&["--split-jobs", "1000", "--max-nodes", "10"], &big);
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
    // Ctrl-C in a split: exit 130, the summary says so.
    let output = interrupt(
        &["xc", "--split", "12", "-"],
        &std::fs::read(dancing_path("samples/big.dlx")).unwrap(),
    );
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("(stopped: interrupted)"));
}

/// A path in the crate's folder.
fn dancing_path(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}

#[test]
fn a_thread_count_far_past_the_cores_is_refused() {
    let queens = temp_file("queens8.dlx", &text(&problem_dlx(&["queens", "8"])));
    let output = xc(&["--count", "--threads", "65535"], &queens);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("65535 is not in 0..=256"),
        "{}",
        text(&output.stderr)
    );
    let _ = std::fs::remove_file(queens);
}

/// Every solution in order on two threads, read a few lines at a time: the threads
/// ahead of the reader keep a bounded window, and closing the pipe ends the search.
#[cfg(target_os = "linux")]
#[test]
fn solutions_in_order_hold_bounded_memory() {
    // 2^22 solutions, 22 lines each: 340 MB of ids if they were all kept.
    let file = temp_file("twos.dlx", &dancing_testkit::two_options_each(22));
    let one = ok(&["xc", "--limit", "300", file.to_str().unwrap()], b"");
    let mut child = dancing_in_crate(&["xc", "--threads", "2"])
        .arg(&file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    while first.matches("\n\n").count() < 299 {
        reader.read_line(&mut first).unwrap();
    }
    // The first 299 solutions as one thread prints them.
    assert!(one.starts_with(first.trim_end()), "{first}");
    // A slow reader: the threads wait for it instead of piling up solutions.
    let started = Instant::now();
    let mut peak = 0;
    while started.elapsed() < Duration::from_secs(2) {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        std::thread::sleep(Duration::from_millis(1));
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
        let kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap();
        peak = peak.max(kb);
    }
    assert!(peak < 64 * 1024, "{peak} KiB");
    // The reader gone, the run ends by itself (the wait would hang the suite if not).
    drop(reader);
    let status = child.wait().unwrap();
    assert!(status.code().is_some());
    let _ = std::fs::remove_file(file);
}
