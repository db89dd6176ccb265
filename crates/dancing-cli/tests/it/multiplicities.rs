//! `dancing xc` on files with multiplicities (`u:v|name`, Knuth's Algorithm M), run as
//! a user would: solutions, counts, statistics, and what their search refuses.

use std::process::Output;

use crate::common::{self, run};
use common::{dancing_in_crate, text};

#[test]
fn solutions_counts_and_statistics() {
    snapshot!(
        "xc_bounds",
        dancing_in_crate(&["xc", "tests/data/multiplicities/bounds.dlx"])
    );
    snapshot!(
        "xc_bounds_count_stats",
        dancing_in_crate(&[
            "xc",
            "--count",
            "--stats",
            "tests/data/multiplicities/choose.dlx"
        ])
    );
    snapshot!(
        "xc_bounds_limit",
        dancing_in_crate(&["xc", "--limit", "2", "tests/data/multiplicities/choose.dlx"])
    );
    snapshot!(
        "xc_bounds_error",
        dancing_in_crate(&["xc", "-"]).pass_stdin("A 3:2|B\nA B\n")
    );
}

#[test]
fn counts_match_the_definition() {
    // One item taken `lo` to `hi` times among six options of their own: a sum of
    // binomial coefficients.
    let binomial = |n: u64, k: u64| (0..k).fold(1u64, |c, j| c * (n - j) / (j + 1));
    for (lo, hi) in [(0, 6), (1, 1), (2, 4), (6, 6)] {
        let mut text = format!("{lo}:{hi}|pick");
        for k in 0..6 {
            text += &format!(" 0:1|o{k}");
        }
        text.push('\n');
        for k in 0..6 {
            text += &format!("pick o{k}\n");
        }
        let output = run(&["xc", "--count", "-"], text.as_bytes());
        assert_eq!(output.status.code(), Some(0));
        let expected: u64 = (lo..=hi).map(|k| binomial(6, k)).sum();
        assert_eq!(text_of(&output), format!("{expected}\n"), "{lo}:{hi}");
    }
}

fn text_of(output: &Output) -> String {
    text(&output.stdout)
}

#[test]
fn engine_multi_agrees_with_the_links_on_plain_files() {
    for file in ["tests/data/toy.dlx", "tests/data/colors.dlx"] {
        for flags in [&["--count", "--stats"][..], &[], &["--limit", "1"]] {
            let mut links = vec!["xc"];
            links.extend_from_slice(flags);
            links.push(file);
            let mut multi = links.clone();
            multi.extend_from_slice(&["--engine", "multi"]);
            let (a, b) = (run(&links, b""), run(&multi, b""));
            assert_eq!(a.status.code(), b.status.code(), "{multi:?}");
            assert_eq!(a.stdout, b.stdout, "{multi:?}");
        }
    }
}

/// What Algorithm M's search refuses: split jobs, and
/// what only the links engine takes.
fn refused() -> Vec<(&'static [&'static str], &'static str)> {
    let mut flags: Vec<(&[&str], &str)> = vec![(&["--split-jobs", "4"], "--split-jobs")];
    flags.extend(common::LINKS_ONLY);
    flags
}

/// The files with multiplicities that the tests search whole and split.
const BOUNDED: [&str; 2] = [
    "tests/data/multiplicities/choose.dlx",
    "tests/data/multiplicities/bounds.dlx",
];

#[test]
fn counts_on_several_threads_are_the_sequential_counts() {
    for file in BOUNDED {
        // Algorithm M on one thread (a count would take the memo where it pays).
        let sequential = run(&["xc", "--count", "--no-memo", "--stats", file], b"");
        let sequential_stats = stats(&sequential);
        for threads in ["2", "0"] {
            let parallel = run(
                &["xc", "--count", "--stats", "--threads", threads, file],
                b"",
            );
            assert_eq!(parallel.status.code(), Some(0), "{file}");
            assert_eq!(parallel.stdout, sequential.stdout, "{file}");
            let parallel_stats = stats(&parallel);
            assert_eq!(parallel_stats["nodes"], sequential_stats["nodes"], "{file}");
            assert_eq!(
                parallel_stats["updates"], sequential_stats["updates"],
                "{file}"
            );
            assert_eq!(parallel_stats["complete"], true, "{file}");
        }
    }
}

/// Listing on threads prints what one thread prints, in the same order, and a limit
/// stops after as many.
#[test]
fn solutions_on_several_threads_are_the_sequential_ones_in_order() {
    for file in BOUNDED {
        let sequential = run(&["xc", "-q", file], b"");
        assert_eq!(sequential.status.code(), Some(0), "{file}");
        for threads in ["2", "3"] {
            let parallel = run(&["xc", "-q", "--threads", threads, file], b"");
            assert_eq!(parallel.status.code(), Some(0), "{file}");
            assert_eq!(text(&parallel.stdout), text(&sequential.stdout), "{file}");
            let limited = run(
                &["xc", "-q", "--threads", threads, "--limit", "3", file],
                b"",
            );
            let first = run(&["xc", "-q", "--limit", "3", file], b"");
            assert_eq!(text(&limited.stdout), text(&first.stdout), "{file}");
        }
    }
}

#[test]
fn split_lines_replayed_by_prefix_add_up_to_the_count() {
    for file in BOUNDED {
        let whole = run(&["xc", "--count", "-q", file], b"");
        let whole: u64 = text(&whole.stdout).trim().parse().unwrap();
        let mut null_moves = false;
        for depth in ["1", "2", "3"] {
            let split = run(&["xc", "--split", depth, "-q", file], b"");
            assert_eq!(split.status.code(), Some(0), "{file}");
            let mut sum = 0u64;
            for line in text(&split.stdout).lines() {
                null_moves |= line.contains('~');
                let part = run(&["xc", "--count", "-q", "--prefix", line, file], b"");
                assert_eq!(part.status.code(), Some(0), "{file} {line}");
                sum += text(&part.stdout).trim().parse::<u64>().unwrap();
                // Splitting below a prefix lists that prefix first.
                let below = run(&["xc", "--split", "1", "-q", "--prefix", line, file], b"");
                for deeper in text(&below.stdout).lines() {
                    assert!(deeper.starts_with(line), "{deeper} below {line}");
                }
            }
            assert_eq!(sum, whole, "{file} at depth {depth}");
        }
        assert!(null_moves || file.ends_with("bounds.dlx"), "{file}");
    }
}

#[test]
fn prefixes_the_search_does_not_make_are_refused() {
    let file = "tests/data/multiplicities/choose.dlx";
    for (prefix, message) in [
        (
            "~x",
            "error: --prefix: `~x` is neither an option number (1 to 5) nor a null move `~K` \
             on an item (1 to 6)\n",
        ),
        (
            "~1",
            "error: --prefix: move 1 (`~1`) is not one the search makes at the first level; \
             use a line that --split printed for this input\n",
        ),
        (
            "1 1",
            "error: --prefix: move 2 (`1`) is not one the search makes after 1; use a line \
             that --split printed for this input\n",
        ),
    ] {
        let output = run(&["xc", "--prefix", prefix, file], b"");
        assert_eq!(output.status.code(), Some(2), "{prefix}");
        assert_eq!(text(&output.stdout), "", "{prefix}");
        assert_eq!(text(&output.stderr), message, "{prefix}");
    }
}

/// The JSON line of `--stats`: the last line on stderr.
fn stats(output: &Output) -> serde_json::Value {
    let stderr = text(&output.stderr);
    serde_json::from_str(stderr.lines().last().expect("a stats line")).expect("JSON")
}

#[test]
fn engine_multi_refuses_what_it_cannot_do_before_reading() {
    // The file does not exist: the refusal comes first.
    let message = |named: &str| {
        format!("error: --engine multi cannot be combined with {named}; use --engine links for it")
    };
    common::assert_refused(
        &["xc", "--engine", "multi"],
        &refused(),
        "tests/data/no-such-file.dlx",
        message,
    );
}

#[test]
fn files_with_multiplicities_refuse_what_their_search_cannot_do() {
    // The matrix format has no multiplicities.
    let refused: Vec<_> = refused()
        .into_iter()
        .filter(|&(_, named)| named != "--matrix")
        .collect();
    let message = |named: &str| {
        format!(
            "error: tests/data/multiplicities/bounds.dlx has multiplicities (item `C` has bounds 2:3): \
             their search (Algorithm M) does not take {named}"
        )
    };
    common::assert_refused(
        &["xc"],
        &refused,
        "tests/data/multiplicities/bounds.dlx",
        message,
    );
    // The engines that ignore bounds refuse a file that has some; `auto` searches it.
    for engine in [
        #[cfg(feature = "cells")]
        "cells",
        "dense",
        "links",
    ] {
        let args = [
            "xc",
            "--engine",
            engine,
            "tests/data/multiplicities/bounds.dlx",
        ];
        let output = run(&args, b"");
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(text(&output.stdout), "");
        assert_eq!(
            text(&output.stderr),
            format!(
                "error: tests/data/multiplicities/bounds.dlx has multiplicities (item `C` has \
                 bounds 2:3), which --engine {engine} cannot search; leave --engine out or use \
                 --engine multi\n"
            )
        );
    }
    let auto = ["xc", "--count", "-q", "--engine", "auto"];
    let output = run(
        &[&auto[..], &["tests/data/multiplicities/bounds.dlx"]].concat(),
        b"",
    );
    let multi = ["xc", "--count", "-q", "--engine", "multi"];
    let expected = run(
        &[&multi[..], &["tests/data/multiplicities/bounds.dlx"]].concat(),
        b"",
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), text(&expected.stdout));
}
