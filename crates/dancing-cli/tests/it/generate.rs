//! `dancing sudoku generate`, `rate`, `hint` and `solve --pretty`, run as a user would.

use dancing_sudoku::BitmaskSolver;
use dancing_sudoku::{Grid, Solve};

use crate::common::{self, dancing_in_crate, text};

fn stdout_of(args: &[&str]) -> String {
    let output = dancing_in_crate(args).output().unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

#[test]
fn a_seed_prints_the_same_file_on_every_run_and_thread_count() {
    let args = ["sudoku", "generate", "--count", "300", "--seed", "42", "-q"];
    let first = stdout_of(&args);
    assert_eq!(stdout_of(&args), first);
    assert_eq!(stdout_of(&[&args[..], &["--threads", "2"]].concat()), first);
    assert_eq!(stdout_of(&[&args[..], &["--threads", "3"]].concat()), first);
    // 0: every core, as for `xc`.
    assert_eq!(stdout_of(&[&args[..], &["--threads", "0"]].concat()), first);
    let check = |threads: &str| {
        stdout_of(&[
            "sudoku",
            "check",
            "-q",
            "--threads",
            threads,
            "../dancing-sudoku/data/famous.txt",
        ])
    };
    assert_eq!(check("0"), check("1"));
    assert_ne!(
        stdout_of(&["sudoku", "generate", "--count", "300", "--seed", "43", "-q"]),
        first
    );
    // Each line a puzzle with one solution, by a solver independent of the generator's.
    let mut oracle = BitmaskSolver::new();
    let puzzles: Vec<Grid> = first.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(puzzles.len(), 300);
    for puzzle in &puzzles {
        assert_eq!(oracle.count_up_to(puzzle, 2), 1, "{puzzle}");
    }
}

#[test]
fn options_shape_the_puzzles() {
    let lines = stdout_of(&[
        "sudoku",
        "generate",
        "--count",
        "20",
        "--seed",
        "5",
        "--clues",
        "30",
        "--symmetry",
        "rotational",
        "-q",
    ]);
    for line in lines.lines() {
        let puzzle: Grid = line.parse().unwrap();
        assert!(puzzle.givens() <= 30, "{line}");
        let cells = puzzle.cells();
        assert!(
            (0..81).all(|k| (cells[k] == 0) == (cells[80 - k] == 0)),
            "{line}"
        );
    }
    let sixteen = stdout_of(&["sudoku", "generate", "--order", "4", "--seed", "1", "-q"]);
    let puzzle: Grid = sixteen.trim().parse().unwrap();
    assert_eq!(puzzle.side(), 16);
    assert!(puzzle.is_unique());
    // Rated puzzles carry their rating after a space, which readers skip.
    let rated = stdout_of(&[
        "sudoku",
        "generate",
        "--count",
        "5",
        "--seed",
        "9",
        "--difficulty",
        "medium",
        "--rate",
        "-q",
    ]);
    for line in rated.lines() {
        let (puzzle, rating) = line.split_once(' ').unwrap();
        let score: f32 = rating.split(' ').next().unwrap().parse().unwrap();
        assert!((2.4..=3.4).contains(&score), "{line}");
        let grid: Grid = line.parse().unwrap();
        assert_eq!(grid.to_string(), puzzle);
    }
}

#[test]
fn generation_snapshots() {
    snapshot!(
        "generate_rate",
        dancing_in_crate(&[
            "sudoku", "generate", "--count", "4", "--seed", "1", "--rate"
        ])
    );
    snapshot!(
        "generate_pretty_4x4",
        dancing_in_crate(&[
            "sudoku",
            "generate",
            "--order",
            "2",
            "--count",
            "2",
            "--seed",
            "1",
            "--pretty",
            "--rate",
            "--symmetry",
            "diagonal",
            "--stats",
        ])
    );
    snapshot!(
        "generate_too_few_clues",
        dancing_in_crate(&["sudoku", "generate", "--clues", "10"])
    );
    snapshot!(
        "generate_order_9",
        dancing_in_crate(&["sudoku", "generate", "--order", "9"])
    );
    snapshot!(
        "generate_attempts_run_out",
        dancing_in_crate(&[
            "sudoku",
            "generate",
            "--count",
            "3",
            "--seed",
            "1",
            "--clues",
            "17",
            "--max-attempts",
            "2",
        ])
    );
}

/// Puzzles of every kind a rater meets: easy, hard, clashing, without a solution, with
/// several, and not a puzzle at all.
const MIXED: &str = "\
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
11..............
123........4....
1...............
not a puzzle
";

#[test]
fn rating_snapshots() {
    snapshot!(
        "rate_famous",
        dancing_in_crate(&[
            "sudoku",
            "rate",
            "--stats",
            "../dancing-sudoku/data/famous.txt"
        ])
    );
    snapshot!(
        "rate_mixed",
        dancing_in_crate(&["sudoku", "rate"]).pass_stdin(MIXED)
    );
}

#[test]
fn hint_snapshots() {
    snapshot!(
        "hint_mixed",
        dancing_in_crate(&["sudoku", "hint"]).pass_stdin(MIXED)
    );
    snapshot!(
        "hint_steps_pretty",
        dancing_in_crate(&["sudoku", "hint", "--steps", "--pretty"])
            .pass_stdin(format!("......14.4...2.3\n{}", &MIXED[82..164]))
    );
    snapshot!(
        "hint_steps_stats",
        dancing_in_crate(&["sudoku", "hint", "--steps", "--stats"]).pass_stdin(&MIXED[..82])
    );
}

#[test]
fn rate_and_hint_on_threads_answer_as_on_one() {
    // The famous puzzles and the mixed batch (errors, no solution, several), twice
    // over, so that threads take several each; the statistics but the time agree.
    // Without the nested chains (seconds a famous puzzle), which `rating_snapshots`
    // rates once.
    let famous = include_str!("../../../dancing-sudoku/data/famous.txt");
    let input = format!("{famous}{MIXED}{famous}{MIXED}");
    let json = |output: &std::process::Output| {
        let stderr = text(&output.stderr);
        let mut stats: serde_json::Value =
            serde_json::from_str(stderr.lines().last().unwrap()).unwrap();
        for timed in ["seconds", "puzzles_per_second", "threads"] {
            stats.as_object_mut().unwrap().remove(timed);
        }
        stats
    };
    for command in [&["sudoku", "rate"][..], &["sudoku", "hint", "--steps"]] {
        let run = |threads: &str| {
            let args = [
                command,
                &["--stats", "-q", "--no-nested", "--threads", threads],
            ]
            .concat();
            common::run(&args, input.as_bytes())
        };
        let one = run("1");
        assert_eq!(
            one.status.code(),
            Some(2),
            "{command:?}: the batch has bad lines"
        );
        for threads in ["2", "3"] {
            let many = run(threads);
            assert_eq!(many.status.code(), Some(2), "{command:?}");
            assert_eq!(
                text(&many.stdout),
                text(&one.stdout),
                "{command:?} {threads}"
            );
            assert_eq!(json(&many), json(&one), "{command:?} {threads}");
        }
    }
}

/// The 1-based cell and the value a hint line places: `V in UNIT must go to rRcC` (a
/// hidden single, or the end of a direct form after `; then `), `rRcC can only be V`,
/// or `rRcC is the last empty cell of UNIT, so it is V`.
fn placement(line: &str) -> Option<((usize, usize), String)> {
    let cell = |text: &str| -> (usize, usize) {
        let (r, c) = text.trim_start_matches('r').split_once('c').unwrap();
        let c: String = c.chars().take_while(char::is_ascii_digit).collect();
        (r.parse().unwrap(), c.parse().unwrap())
    };
    let last = line
        .rsplit([':', ';'])
        .next()?
        .trim()
        .trim_start_matches("then ");
    if let Some((value, rest)) = last.split_once(" in ")
        && let Some((_, at)) = rest.split_once(" must go to ")
    {
        return Some((cell(at), value.to_owned()));
    }
    if let Some((at, value)) = last.split_once(" can only be ") {
        return Some((cell(at), value.to_owned()));
    }
    let (at, rest) = last.split_once(" is the last empty cell of ")?;
    Some((cell(at), rest.rsplit(' ').next()?.to_owned()))
}

#[test]
fn hints_applied_in_turn_solve_the_puzzle() {
    // The steps of `--steps`, read back: every placement is the solution's.
    let puzzle: Grid = MIXED.lines().next().unwrap().parse().unwrap();
    let solution = puzzle.solve().unwrap();
    let output = common::feed(
        dancing_in_crate(&["sudoku", "hint", "--steps", "-q"]),
        &MIXED.as_bytes()[..82],
    );
    let steps = text(&output.stdout);
    let mut placed = 0;
    for line in steps.lines() {
        if let Some(((r, c), value)) = placement(line) {
            assert_eq!(value, solution.get(r - 1, c - 1).to_string(), "{line}");
            placed += 1;
        }
    }
    assert_eq!(placed, 81 - puzzle.givens());
    assert!(steps.ends_with("solved\n"));
}

#[test]
fn pretty_solutions_are_plain_when_piped_and_coloured_when_forced() {
    snapshot!(
        "solve_pretty",
        dancing_in_crate(&["sudoku", "solve", "--pretty", "tests/data/puzzles.txt"])
    );
    let colour = |env: &[(&str, &str)]| {
        let mut command = dancing_in_crate(&["sudoku", "solve", "--pretty", "-q"]);
        command.env_remove("NO_COLOR");
        for (name, value) in env {
            command.env(name, value);
        }
        text(&common::feed(command, &MIXED.as_bytes()[..82]).stdout)
    };
    let plain = colour(&[]);
    assert!(!plain.contains('\x1b') && plain.contains("│ 5 3 4 │"));
    let forced = colour(&[("CLICOLOR_FORCE", "1")]);
    assert!(forced.contains("\x1b[1m5\x1b[0m") && forced.contains("\x1b[36m4\x1b[0m"));
    assert_eq!(colour(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]), plain);
}

#[test]
fn pretty_grids_read_back_as_the_puzzles_they_draw() {
    for order in ["3", "4"] {
        let args = [
            "sudoku", "generate", "--order", order, "--count", "3", "--seed", "5", "-q",
        ];
        let plain = stdout_of(&args);
        let pretty = stdout_of(&[&args[..], &["--pretty"]].concat());
        assert!(pretty.contains('│'), "{pretty}");
        // What `--pretty` drew, read back: the same puzzles, in order.
        let output = common::feed(
            dancing_in_crate(&["sudoku", "count", "-q"]),
            pretty.as_bytes(),
        );
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout), "1\n".repeat(3));
        let read_back: Vec<Grid> = dancing_sudoku::parse::Batch::new(pretty.as_bytes())
            .map(|entry| entry.unwrap().grid)
            .collect();
        let expected: Vec<Grid> = plain.lines().map(|l| l.parse().unwrap()).collect();
        assert_eq!(read_back, expected, "order {order}");
    }
}

#[test]
fn rating_without_uniqueness_leaves_out_the_unique_rectangle() {
    // Sudoku Explainer rates this 4.5 for a unique rectangle; without the uniqueness
    // techniques a forcing x-chain takes its place, at 6.6.
    let puzzle =
        b"................12..3.45........35...6.......12......7....82......16......9...4..\n";
    let rate = |extra: &[&str]| {
        let mut args = vec!["sudoku", "rate", "-q"];
        args.extend_from_slice(extra);
        let output = common::feed(dancing_in_crate(&args), puzzle);
        assert_eq!(output.status.code(), Some(0));
        text(&output.stdout)
    };
    assert_eq!(rate(&[]), "4.5 unique rectangle ED=4.5/1.2/1.2\n");
    assert_eq!(
        rate(&["--no-uniqueness"]),
        "6.6 forcing x-chain ED=6.6/1.2/1.2\n"
    );
    let hint = common::feed(
        dancing_in_crate(&["sudoku", "hint", "--steps", "--no-uniqueness", "-q"]),
        puzzle,
    );
    let steps = text(&hint.stdout);
    assert!(
        steps.ends_with("solved\n") && !steps.contains("unique"),
        "{steps}"
    );
}

#[test]
fn rate_counts_diamonds_and_pearls_from_its_own_lines() {
    // Sudoku Explainer's diamonds (ED = ER) and pearls (EP = ER), counted by --stats,
    // against the `ED=ER/EP/ED` each line prints (a stall's `?` is neither).
    let puzzles = std::fs::read("samples/puzzles.txt").unwrap();
    let mut batch = MIXED.as_bytes().to_vec();
    batch.extend_from_slice(&puzzles);
    for threads in ["1", "2"] {
        let output = common::run(&["sudoku", "rate", "--stats", "--threads", threads], &batch);
        check_diamonds_and_pearls(&output);
    }
}

/// The diamonds and pearls of `rate --stats`, counted from its lines.
fn check_diamonds_and_pearls(output: &std::process::Output) {
    let (mut diamonds, mut pearls, mut rated) = (0u64, 0u64, 0);
    for line in text(&output.stdout).lines() {
        let Some((_, se)) = line.rsplit_once(" ED=") else {
            continue;
        };
        rated += 1;
        let [er, ep, ed]: [&str; 3] = se.split('/').collect::<Vec<_>>().try_into().unwrap();
        if er != "?" {
            diamonds += u64::from(ed == er);
            pearls += u64::from(ep == er);
        }
    }
    let stderr = text(&output.stderr);
    let stats: serde_json::Value = serde_json::from_str(stderr.lines().last().unwrap()).unwrap();
    assert!(
        rated >= 8 && diamonds >= 1,
        "{rated} rated, {diamonds} diamonds"
    );
    assert_eq!(stats["diamonds"], diamonds);
    assert_eq!(stats["pearls"], pearls);
}
