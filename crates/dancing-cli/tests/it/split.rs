//! `dancing xc --split`, `--split-jobs`, `--prefix` and `--threads`: the jobs of a split
//! add up to the whole search, their solutions are disjoint, and threads change nothing
//! but the order.

use std::collections::BTreeSet;

use crate::common::{ok, problem_dlx, run};

/// The count `dancing xc --count` prints, without the `+` of a count cut short by
/// `--limit`.
fn count(args: &[&str], input: &[u8]) -> u64 {
    let mut all = vec!["xc", "--count", "-q"];
    all.extend_from_slice(args);
    let out = ok(&all, input);
    out.trim().trim_end_matches('+').parse().expect("a count")
}

/// The solutions printed by `dancing xc`, each as its sorted lines.
fn solutions(args: &[&str], input: &[u8]) -> Vec<String> {
    let mut all = vec!["xc", "-q"];
    all.extend_from_slice(args);
    ok(&all, input)
        .split("\n\n")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("queens 8", problem_dlx(&["queens", "8"])),
        ("langford 7", problem_dlx(&["langford", "7"])),
        ("latin 4", problem_dlx(&["latin", "4"])),
        ("pentomino 20x3", problem_dlx(&["pentomino", "20x3"])),
        (
            "toy",
            b"A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n".to_vec(),
        ),
    ]
}

#[test]
fn counts_of_all_prefixes_add_up_to_the_total() {
    for (name, input) in inputs() {
        let total = count(&[], &input);
        for split in [["--split", "1"], ["--split", "2"], ["--split-jobs", "12"]] {
            let jobs = ok(&["xc", "-q", split[0], split[1]], &input);
            let sum: u64 = jobs
                .lines()
                .map(|prefix| count(&["--prefix", prefix], &input))
                .sum();
            assert_eq!(sum, total, "{name} {split:?}");
        }
    }
}

#[test]
fn solutions_of_the_prefixes_are_disjoint_and_complete() {
    for (name, input) in inputs() {
        let all: BTreeSet<String> = solutions(&[], &input).into_iter().collect();
        let jobs = ok(&["xc", "-q", "--split", "3"], &input);
        let mut union = BTreeSet::new();
        for prefix in jobs.lines() {
            for solution in solutions(&["--prefix", prefix], &input) {
                assert!(union.insert(solution), "{name}: a solution in two jobs");
            }
        }
        assert_eq!(union, all, "{name}");
    }
}

#[test]
fn solutions_above_the_depth_are_jobs_of_their_own() {
    // The toy problem's solution has three options: a split to depth 5 ends at it.
    let toy = inputs().pop().expect("the toy problem").1;
    let jobs = ok(&["xc", "-q", "--split", "5"], &toy);
    assert_eq!(jobs, "4 1 5\n");
    assert_eq!(count(&["--prefix", "4 1 5"], &toy), 1);
}

#[test]
fn splits_nest_under_a_prefix() {
    let queens = problem_dlx(&["queens", "8"]);
    let outer = ok(&["xc", "-q", "--split", "1"], &queens);
    let first = outer.lines().next().expect("a job");
    let inner = ok(&["xc", "-q", "--split", "2", "--prefix", first], &queens);
    assert!(inner.lines().count() > 1);
    let sum: u64 = inner
        .lines()
        .inspect(|line| assert!(line.starts_with(&format!("{first} "))))
        .map(|prefix| count(&["--prefix", prefix], &queens))
        .sum();
    assert_eq!(sum, count(&["--prefix", first], &queens));
}

#[test]
fn balanced_splits_make_at_least_the_jobs_asked_for() {
    let pentomino = problem_dlx(&["pentomino", "20x3"]);
    let jobs = ok(&["xc", "-q", "--split-jobs", "50"], &pentomino);
    assert!(jobs.lines().count() >= 50, "{jobs}");
    // Deterministic, so every machine of a cluster sees the same list.
    assert_eq!(jobs, ok(&["xc", "-q", "--split-jobs", "50"], &pentomino));
}

#[test]
fn invalid_prefixes_are_input_errors() {
    let queens = problem_dlx(&["queens", "6"]);
    for (prefix, message) in [
        (
            "7",
            "option 7 is not one the search tries at the first level",
        ),
        (
            "7",
            "(it does not contain item `R0`, which the search branches on there)",
        ),
        ("1 2", "option 2 is not one the search tries after 1"),
        ("1 2", "(it conflicts with the options before it)"),
        (
            "1 14",
            "option 14 is not one the search tries after 1 \
             (it does not contain item `R1`, which the search branches on there)",
        ),
        ("1 x", "`x` is not an option number (1 to 36)"),
        ("0", "`0` is not an option number"),
        ("37", "`37` is not an option number"),
    ] {
        let output = run(&["xc", "--count", "--prefix", prefix], &queens);
        assert_eq!(output.status.code(), Some(2), "--prefix {prefix}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "--prefix {prefix}: {stderr}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn other_flags_work_under_a_prefix() {
    let queens = problem_dlx(&["queens", "8"]);
    let prefix = ok(&["xc", "-q", "--split", "1"], &queens);
    let prefix = prefix.lines().nth(2).expect("a third job");
    let all = count(&["--prefix", prefix], &queens);
    assert!(all > 2);
    assert_eq!(count(&["--prefix", prefix, "--limit", "2"], &queens), 2);
    // A node limit stops it with exit code 3.
    let output = run(
        &["xc", "--count", "--prefix", prefix, "--max-nodes", "3"],
        &queens,
    );
    assert_eq!(output.status.code(), Some(3));
    // --stats reports the subproblem's search.
    let output = run(&["xc", "--count", "--stats", "--prefix", prefix], &queens);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(&format!("\"solutions\":{all}")), "{stderr}");
}

#[test]
fn threads_change_only_the_order() {
    for (name, input) in inputs() {
        let total = count(&[], &input);
        let all: BTreeSet<String> = solutions(&[], &input).into_iter().collect();
        for threads in ["2", "3", "0"] {
            assert_eq!(count(&["--threads", threads], &input), total, "{name}");
            let found = solutions(&["--threads", threads], &input);
            assert_eq!(found.len(), all.len(), "{name}");
            assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), all, "{name}");
        }
    }
}

#[test]
fn threads_keep_the_statistics_and_limits() {
    let queens = problem_dlx(&["queens", "9"]);
    let stats = |threads: &str| {
        let output = run(&["xc", "--count", "--stats", "--threads", threads], &queens);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let json = stderr.lines().last().expect("a JSON line").to_owned();
        let field = |name: &str| {
            let start = json.find(&format!("\"{name}\":")).expect("the field") + name.len() + 3;
            json[start..]
                .split([',', '}'])
                .next()
                .expect("a value")
                .to_owned()
        };
        (field("solutions"), field("nodes"), field("updates"))
    };
    assert_eq!(stats("1"), stats("2"));
    assert_eq!(count(&["--threads", "2", "--limit", "5"], &queens), 5);
    assert_eq!(
        solutions(&["--threads", "2", "--limit", "3"], &queens).len(),
        3
    );
}

#[test]
fn the_dense_engine_splits_and_replays_as_the_links_do() {
    let dense = ["--engine", "dense"];
    for (name, input) in inputs() {
        let total = count(&[], &input);
        for split in [["--split", "2"], ["--split-jobs", "12"]] {
            // The same jobs, line for line.
            let jobs = ok(&["xc", "-q", split[0], split[1]], &input);
            let dense_jobs = ok(
                &["xc", "-q", split[0], split[1], dense[0], dense[1]],
                &input,
            );
            assert_eq!(dense_jobs, jobs, "{name} {split:?}");
            let mut sum = 0;
            for prefix in jobs.lines() {
                let part = count(&["--prefix", prefix, dense[0], dense[1]], &input);
                assert_eq!(
                    part,
                    count(&["--prefix", prefix], &input),
                    "{name} {prefix}"
                );
                sum += part;
            }
            assert_eq!(sum, total, "{name} {split:?}");
        }
        let all: BTreeSet<String> = solutions(&[], &input).into_iter().collect();
        for threads in ["2", "3"] {
            let args = ["--threads", threads, dense[0], dense[1]];
            assert_eq!(count(&args, &input), total, "{name}");
            let found = solutions(&args, &input);
            assert_eq!(found.len(), all.len(), "{name}");
            assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), all, "{name}");
        }
    }
    // A prefix the search does not take is refused in the same words.
    let queens = problem_dlx(&["queens", "6"]);
    for prefix in ["7", "1 2", "1 14", "37"] {
        let links = run(&["xc", "--count", "--prefix", prefix], &queens);
        let dense = run(
            &["xc", "--count", "--prefix", prefix, dense[0], dense[1]],
            &queens,
        );
        assert_eq!(dense.status.code(), Some(2), "--prefix {prefix}");
        assert_eq!(dense.stderr, links.stderr, "--prefix {prefix}");
    }
}

#[test]
fn splitting_conflicts_with_counting_and_the_matrix_format() {
    let queens = problem_dlx(&["queens", "6"]);
    for args in [
        &["xc", "--split", "2", "--count"][..],
        &["xc", "--split", "2", "--split-jobs", "4"],
        &["xc", "--matrix", "--threads", "2"],
        &["xc", "--matrix", "--prefix", "1"],
    ] {
        assert_eq!(run(args, &queens).status.code(), Some(2), "{args:?}");
    }
}
