//! `dancing xc --min-cost` / `--best` and `dancing problem tiling`, run as a user would.

use std::process::Output;

use crate::common::{self, ok, run};
use common::text;

/// The JSON line of `--stats`: the last line on stderr.
fn stats(output: &Output) -> serde_json::Value {
    let stderr = text(&output.stderr);
    serde_json::from_str(stderr.lines().last().expect("a stats line")).expect("JSON")
}

/// Runs a command that must succeed and print exactly `stdout`.
#[track_caller]
fn answers(args: &[&str], stdin: &[u8], stdout: &str) -> Output {
    let output = run(args, stdin);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        text(&output.stderr)
    );
    assert_eq!(text(&output.stdout), stdout, "{args:?}");
    output
}

const COSTED: &[u8] = b"A B C | X\nA B C |10\nA |3\nB X:red |3\nC X:red |3\nA B |4\n";

#[test]
fn min_cost_prints_a_cheapest_solution_and_its_cost() {
    let output = answers(
        &["xc", "--min-cost", "--stats"],
        COSTED,
        "| cost 7\nC X:red |3\nA B |4\n",
    );
    let stats = stats(&output);
    assert_eq!(stats["cost"], 7);
    assert_eq!(stats["complete"], true);
}

#[test]
fn best_prints_the_cheapest_in_order() {
    answers(
        &["xc", "--best", "5"],
        COSTED,
        "| cost 7\nC X:red |3\nA B |4\n\n\
         | cost 9\nA |3\nB X:red |3\nC X:red |3\n\n\
         | cost 10\nA B C |10\n",
    );
}

#[test]
fn no_solution_has_a_null_cost() {
    let output = answers(
        &["xc", "--min-cost", "--stats", "--quiet"],
        b"A B\nA |1\n",
        "",
    );
    assert_eq!(stats(&output)["cost"], serde_json::Value::Null);
}

#[test]
fn min_cost_stops_at_max_nodes() {
    let output = run(&["xc", "--min-cost", "--stats", "--max-nodes", "1"], COSTED);
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(stats(&output)["stopped"], "max-nodes");
}

#[test]
fn min_cost_excludes_count() {
    let output = run(&["xc", "--min-cost", "--count"], COSTED);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("cannot be used with"));
}

/// The judge's sample of ZOJ 3209.
const TILING_SAMPLE: &[u8] = b"3\n5 5 1\n0 0 5 5\n5 5 2\n0 0 3 5\n2 0 5 5\n30 30 5\n0 0 30 10\n0 10 30 20\n0 20 30 30\n0 0 15 30\n15 0 30 30\n";

#[test]
fn tiling_answers_the_judges_sample() {
    let output = answers(
        &["problem", "tiling", "--stats"],
        TILING_SAMPLE,
        "1\n-1\n2\n",
    );
    assert_eq!(stats(&output)["cases"], 3);
}

#[test]
fn tiling_errors_name_the_line() {
    let output = run(&["problem", "tiling"], b"1\n5 5 1\n0 0 6 5\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "error: <stdin>: line 3: expected x2 (an integer from 0 to 5), found `6`\n"
    );
}

#[test]
fn tiling_help_shows_an_example_that_works() {
    let output = run(&["problem", "tiling", "--help"], b"");
    let help = text(&output.stdout);
    assert!(help.contains("Examples:\n  printf"));
    // The example in the help: a 5×5 board cut in two.
    let output = run(&["problem", "tiling"], b"1\n5 5 2\n0 0 3 5\n3 0 5 5\n");
    assert_eq!(text(&output.stdout), "2\n");
}

#[test]
fn totals_past_2_to_the_64_are_exact() {
    // A and B together cost 2^64, one more than `A B`: the cheapest is `A B`.
    let input = b"A B\nA |18446744073709551615\nB |1\nA B |18446744073709551615\n";
    assert_eq!(
        ok(&["xc", "--min-cost", "-q"], input),
        "| cost 18446744073709551615\nA B |18446744073709551615\n"
    );
    assert_eq!(
        ok(&["xc", "--best", "2", "-q"], input),
        "| cost 18446744073709551615\nA B |18446744073709551615\n\n\
         | cost 18446744073709551616\nA |18446744073709551615\nB |1\n"
    );
    // The statistics give a total past 2^64 - 1 as a string of its digits.
    let input = b"A B\nA |18446744073709551615\nB |18446744073709551615\n";
    let output = run(&["xc", "--min-cost", "--stats", "-q"], input);
    let stats = text(&output.stderr);
    assert!(
        stats.contains(r#""cost":"36893488147419103230""#),
        "{stats}"
    );
}

/// 40 costed problems drawn from a fixed seed: 5 to 8 primary items and one colored
/// secondary item, 6 to 14 options of 1 to 3 items, costs 0 to 20.
fn costed_problems() -> Vec<String> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    (0..40)
        .map(|_| {
            let items = 5 + next(4) as usize;
            let mut text: String = (0..items).map(|i| format!("i{i} ")).collect();
            text.push_str("| x\n");
            for _ in 0..6 + next(9) {
                let mut chosen: Vec<usize> = (0..1 + next(3))
                    .map(|_| next(items as u64) as usize)
                    .collect();
                chosen.sort_unstable();
                chosen.dedup();
                for i in chosen {
                    text.push_str(&format!("i{i} "));
                }
                if next(3) == 0 {
                    text.push_str(if next(2) == 0 { "x:a " } else { "x:b " });
                }
                text.push_str(&format!("|{}\n", next(21)));
            }
            text
        })
        .collect()
}

#[test]
fn the_memo_s_cheapest_solutions_cost_what_the_links_find() {
    let costs = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|line| line.starts_with("| cost"))
            .map(str::to_owned)
            .collect()
    };
    let mut solved = 0;
    for problem in costed_problems()
        .iter()
        .chain([&String::from_utf8(COSTED.to_vec()).unwrap()])
    {
        for flag in [vec!["--min-cost"], vec!["--best", "4"]] {
            let mut links = vec!["xc"];
            links.extend(&flag);
            links.push("-");
            let mut memo = links.clone();
            memo.insert(1, "--memo");
            let expected = costs(&ok(&links, problem.as_bytes()));
            assert_eq!(costs(&ok(&memo, problem.as_bytes())), expected, "{problem}");
            solved += usize::from(!expected.is_empty());
        }
    }
    assert!(solved > 20, "{solved}");
    // Totals past 2^64 are exact from the diagram too.
    let input = b"A B\nA |18446744073709551615\nB |1\nA B |18446744073709551615\n";
    answers(
        &["xc", "--best", "2", "--memo", "-"],
        input,
        "| cost 18446744073709551615\nA B |18446744073709551615\n\n\
         | cost 18446744073709551616\nA |18446744073709551615\nB |1\n",
    );
}

/// Two published set partitioning instances (OR-Library's sppnw41 and sppnw43, airline
/// crew scheduling): the links' branch and bound and the diagram's shortest path find
/// their published optima, 11307 and 8904, and the same three cheapest costs.
#[test]
fn published_set_partitioning_optima_both_ways() {
    for (file, optimum) in [("sppnw41.dlx", 11307), ("sppnw43.dlx", 8904)] {
        let path = format!("tests/data/{file}");
        let costs = |args: &[&str]| -> Vec<u64> {
            ok(args, b"")
                .lines()
                .filter_map(|line| line.strip_prefix("| cost "))
                .map(|cost| cost.parse().unwrap())
                .collect()
        };
        let links = costs(&["xc", "--best", "3", &path]);
        let memo = costs(&["xc", "--memo", "--best", "3", &path]);
        assert_eq!(links[0], optimum, "{file}");
        assert_eq!(links.len(), 3, "{file}");
        assert_eq!(memo, links, "{file}");
    }
}
