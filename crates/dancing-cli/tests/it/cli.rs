//! The `dancing` command line, run as a user would: help texts, every output format and
//! every error message as snapshots, plus exit codes, limits, Ctrl-C and hostile bytes.

use dancing::Engine;
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

use crate::common::{self, run};
use common::{dancing_in_crate, text};

pub(crate) fn dancing() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dancing"))
}

pub(crate) fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

// ---------------------------------------------------------------- help texts

#[test]
fn help_texts() {
    for path in common::command_paths() {
        let name = format!("help_{}", path.join("_"));
        let mut command = dancing();
        command.args(&path).arg("--help");
        snapshot!(name.trim_end_matches('_'), command);
    }
}

#[test]
fn every_command_shows_an_example() {
    for path in common::command_paths() {
        let args: Vec<&str> = path.iter().map(String::as_str).collect();
        let help = common::help(&args);
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
        &["problem", "queens", "8", "--dlx", "--count"],
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

#[test]
fn a_limit_of_zero_is_a_usage_error() {
    let toy = std::fs::read(data("toy.dlx")).unwrap();
    for args in [
        &["xc", "--limit", "0"][..],
        &["xc", "--count", "--limit", "0"],
        &["problem", "queens", "8", "--limit", "0"],
        &["problem", "latin", "3", "--count", "--limit", "0"],
        &["sudoku", "count", "--limit", "0"],
    ] {
        let output = run(args, &toy);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&output.stdout), "", "{args:?}");
        let stderr = text(&output.stderr);
        assert!(
            stderr.starts_with(
                "error: invalid value '0' for '--limit <N>': the limit must be at least 1\n"
            ),
            "{args:?}: {stderr}"
        );
    }
    snapshot!(
        "usage_limit_zero",
        dancing_in_crate(&["xc", "--limit", "0"])
    );
}

#[test]
fn conflicting_flags_do_not_make_the_file_look_required() {
    let output = run(&["xc", "--min-cost", "--count", "tests/data/toy.dlx"], b"");
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("'--min-cost' cannot be used with '--count'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Usage: dancing xc [OPTIONS] [FILE]\n") && !stderr.contains("<FILE>"),
        "{stderr}"
    );
}

// ---------------------------------------------------------------- xc

#[test]
fn xc_prints_every_solution() {
    snapshot!(
        "xc_default",
        dancing_in_crate(&["xc", "tests/data/colors.dlx"])
    );
}

#[test]
fn xc_counts_and_limits() {
    snapshot!(
        "xc_count",
        dancing_in_crate(&["xc", "--count", "tests/data/toy.dlx"])
    );
    snapshot!(
        "xc_limit_stats",
        dancing_in_crate(&["xc", "--limit", "2", "--stats", "tests/data/colors.dlx"])
    );
    snapshot!(
        "xc_count_stats_quiet",
        dancing_in_crate(&["xc", "--count", "--stats", "--quiet", "tests/data/toy.dlx"])
    );
}

#[test]
fn xc_reaching_the_limit_reports_the_first_n() {
    // colors.dlx has 3 solutions: a limit of 2 is reached (at least 2: `2+`), a limit of
    // 5 is not.
    for (count, limit, stdout, summary) in [
        (true, "2", "2+\n", "first 2 solutions, "),
        (true, "5", "3\n", "3 solutions, "),
        (
            false,
            "2",
            "A X:red\nB X:red |2\nC\n\nC\nA B\n",
            "first 2 solutions, ",
        ),
    ] {
        let mut args = vec!["xc", "--limit", limit, "tests/data/colors.dlx"];
        if count {
            args.insert(1, "--count");
        }
        let output = run(&args, b"");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(text(&output.stdout), stdout, "{args:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.starts_with(summary), "{args:?}: {stderr}");
        assert!(!stderr.contains("stopped"), "{args:?}: {stderr}");
    }
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

/// The output of `dancing xc` with `args`, on `stdin`, and its exit code.
fn xc_output(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    let output = run(args, stdin);
    (
        output.status.code(),
        text(&output.stdout),
        text(&output.stderr),
    )
}

#[test]
fn xc_engines_agree() {
    let queens = run(&["problem", "queens", "8", "--dlx"], b"");
    assert_eq!(queens.status.code(), Some(0));
    for (file, stdin) in [
        ("tests/data/toy.dlx", &b""[..]),
        ("tests/data/colors.dlx", b""),
        ("-", &queens.stdout),
    ] {
        for extra in [
            &["--count", "--stats"][..],
            &["--stats"],
            &["--limit", "2", "--stats"],
            &["--count", "--max-nodes", "500"],
        ] {
            let mut links = vec!["xc", file];
            links.extend_from_slice(extra);
            links.extend_from_slice(&["--engine", "links"]);
            let (links_code, links_out, links_err) = xc_output(&links, stdin);
            for &engine in OTHER_ENGINES {
                let mut other = links.clone();
                *other.last_mut().unwrap() = engine;
                if engine == "auto" {
                    // The engines, not the memo a count's probe may choose.
                    other.push("--no-memo");
                }
                let (code, out, err) = xc_output(&other, stdin);
                // The same solutions, printed alike, in the same order.
                assert_eq!(out, links_out, "{other:?}");
                assert_eq!(code, links_code, "{other:?}");
                // The same summary and statistics, but for the time and the engine
                // named (which `auto` picks by timing).
                let untimed = |stderr: &str| {
                    let time = untimed_report(stderr);
                    time.lines().map(str::to_owned).collect::<Vec<_>>()
                };
                assert_eq!(untimed(&err), untimed(&links_err), "{other:?}");
                if extra.contains(&"--stats") && engine != "auto" {
                    assert!(err.contains(&format!(r#""engine":"{engine}""#)), "{err}");
                }
            }
        }
    }
    let (_, count, _) = xc_output(&["xc", "--count", "--engine", "dense", "-"], &queens.stdout);
    assert_eq!(count, "92\n");
}

/// The engines checked against the links: dancing cells only in a build with it.
const OTHER_ENGINES: &[&str] = &[
    #[cfg(feature = "cells")]
    "cells",
    "dense",
    "auto",
];

#[test]
#[cfg(not(feature = "cells"))]
fn xc_engine_cells_says_which_build_has_it() {
    for extra in [&[][..], &["--count"], &["--threads", "2"]] {
        let mut args = vec!["xc", "--engine", "cells"];
        args.extend_from_slice(extra);
        args.push("tests/data/toy.dlx");
        let output = run(&args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&output.stdout), "");
        assert_eq!(
            text(&output.stderr),
            "error: --engine cells: this build has none; it comes with the `cells` feature \
             (cargo build --release --features dancing-cli/cells)\n"
        );
    }
}

/// Blanks the time out of a summary line, and drops it (and the peak memory) from the
/// JSON statistics with the `solver` that only `--solver auto` with `--limit` names and the `engine` (tests
/// compare engines).
fn untimed_report(stderr: &str) -> String {
    stderr
        .lines()
        .map(|line| {
            if line.starts_with('{') {
                let mut json: serde_json::Map<String, serde_json::Value> =
                    serde_json::from_str(line).unwrap();
                json.remove("seconds");
                json.remove("peak_rss");
                json.remove("solver");
                json.remove("engine");
                serde_json::Value::Object(json).to_string()
            } else if let Some(at) = line.rfind(" s") {
                let start = line[..at].rfind(", ").map_or(0, |k| k + 2);
                format!("{}[TIME]{}", &line[..start], &line[at..])
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn xc_engines_cells_and_dense_refuse_what_they_cannot_do() {
    // Cells refuses the first four too: it searches on one thread and does not split.
    let mut refused: Vec<(&[&str], &str)> = vec![
        (&["--threads", "2"], "--threads"),
        (&["--split", "1"], "--split"),
        (&["--split-jobs", "4"], "--split-jobs"),
        (&["--prefix", "1"], "--prefix"),
    ];
    refused.extend(common::LINKS_ONLY);
    let check = |engine: &str, refused: &[(&[&str], &str)]| {
        let message = |named: &str| {
            format!(
                "error: --engine {engine} cannot be combined with {named}; use --engine links for it"
            )
        };
        let args = ["xc", "--engine", engine];
        common::assert_refused(&args, refused, "tests/data/toy.dlx", message);
    };
    #[cfg(feature = "cells")]
    check("cells", &refused);
    check("dense", &refused[4..]);
}

#[test]
fn xc_engine_dense_refuses_problems_too_large_for_it() {
    // Too many options for it: refused with the reason, while `auto` solves on the links.
    let mut input = b"a\n".to_vec();
    input.extend(b"a\n".repeat(40_000));
    let (code, stdout, stderr) = xc_output(&["xc", "--engine", "dense", "--count"], &input);
    assert_eq!((code, stdout.as_str()), (Some(2), ""));
    assert!(
        stderr.starts_with(
            "error: <stdin>: the dense engine takes at most 32766 options and 1024 MiB of \
             tables; this problem has 40000 options"
        ),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("; use --engine links for it\n"),
        "{stderr}"
    );
    let (code, stdout, _) = xc_output(&["xc", "--count", "-q"], &input);
    assert_eq!((code, stdout.as_str()), (Some(0), "40000\n"));
}

#[test]
fn xc_engine_dense_splits_and_searches_in_parallel() {
    snapshot!(
        "xc_dense_threads_count",
        dancing_in_crate(&[
            "xc",
            "--engine",
            "dense",
            "--threads",
            "2",
            "--count",
            "--stats",
            "tests/data/colors.dlx"
        ])
    );
    snapshot!(
        "xc_dense_split",
        dancing_in_crate(&[
            "xc",
            "--engine",
            "dense",
            "--split",
            "2",
            "tests/data/colors.dlx"
        ])
    );
    snapshot!(
        "xc_dense_prefix",
        dancing_in_crate(&[
            "xc",
            "--engine",
            "dense",
            "--prefix",
            "4 5",
            "tests/data/colors.dlx"
        ])
    );
    // Each prints what the links print, statistics included.
    for args in [
        &[
            "--threads",
            "2",
            "--count",
            "--stats",
            "tests/data/knuth_colors.dlx",
        ][..],
        &["--split", "2", "tests/data/colors.dlx"],
        &["--split-jobs", "3", "tests/data/colors.dlx"],
        &["--prefix", "4", "--stats", "tests/data/colors.dlx"],
        &["--prefix", "2", "tests/data/colors.dlx"],
    ] {
        let links: Vec<&str> = ["xc"].iter().chain(args).copied().collect();
        let mut dense = links.clone();
        dense.extend_from_slice(&["--engine", "dense"]);
        let (links_code, links_out, links_err) = xc_output(&links, b"");
        let (dense_code, dense_out, dense_err) = xc_output(&dense, b"");
        assert_eq!(
            (dense_code, dense_out),
            (links_code, links_out),
            "{dense:?}"
        );
        assert_eq!(
            untimed_report(&dense_err),
            untimed_report(&links_err),
            "{dense:?}"
        );
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
        // Options are numbered from 1, as `--split` prints them: this is option 3.
        (
            "xc_error_repeated_item_third_option",
            "A B C\nA\nB\nC A C\n",
        ),
        ("xc_error_duplicate_name", "A B A\nA\n"),
        ("xc_error_bad_cost", "A\nA |-3\n"),
    ];
    for (name, input) in cases {
        snapshot!(*name, dancing().arg("xc").pass_stdin(*input));
    }
}

/// An option without a primary item is ignored with a warning naming the file and line,
/// as Knuth's programs do; the rest is solved.
#[test]
fn xc_warns_about_an_ignored_option() {
    snapshot!(
        "xc_warning_ignored_option",
        dancing_in_crate(&["xc", "tests/data/knuth_colors.dlx"])
    );
}

#[test]
fn xc_file_errors() {
    snapshot!(
        "xc_error_missing_file",
        dancing_in_crate(&["xc", "tests/data/no-such-file.dlx"])
    );
    snapshot!(
        "xc_error_directory",
        dancing_in_crate(&["xc", "tests/data"])
    );
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
        "error: <stdin>: the input is larger than 2.1 KiB, the most that --max-memory 100 KiB \
         allows (a problem takes up to 48 bytes of memory per byte of input); raise \
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
    snapshot!(
        "xc_max_nodes",
        dancing_in_crate(&["xc", "--max-nodes", "5", "--stats", "tests/data/toy.dlx"])
    );
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
    assert!(seconds >= 0.2, "{seconds}");
    // The count printed is what was found so far, marked `+`: at least that many.
    let stdout = text(&output.stdout);
    let found: u64 = stdout.trim().strip_suffix('+').unwrap().parse().unwrap();
    assert_eq!(stats["solutions"].as_u64(), Some(found));
    assert!(found < 365_596);
}

#[test]
fn xc_ctrl_c_stops_with_statistics() {
    let input = long_problem();
    let mut child = common::spawn(&["xc", "--stats"]);
    child.stdin.take().unwrap().write_all(&input).unwrap();
    // Solutions on stdout show that the search is running (and the handler installed),
    // however slow the machine; printing all 365,596 takes far longer than this test.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 1];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    common::send_sigint(child.id());
    let mut rest = Vec::new();
    std::io::Read::read_to_end(&mut stdout, &mut rest).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("(stopped: interrupted)"), "{stderr}");
    let stats: serde_json::Value = serde_json::from_str(stderr.lines().last().unwrap()).unwrap();
    assert_eq!(stats["complete"], false);
    assert_eq!(stats["stopped"], "interrupted");
    // Every solution found before the stop was printed whole.
    let printed = [&first[..], &rest].concat();
    let solutions = text(&printed).split("\n\n").count() as u64;
    assert_eq!(stats["solutions"].as_u64(), Some(solutions));
    assert!(solutions < 365_596);
}

// ---------------------------------------------------------------- xc --matrix
