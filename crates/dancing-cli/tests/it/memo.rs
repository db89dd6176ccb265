//! `dancing xc --memo`, `--sample` and `--zdd`, run as a user would: counts equal to the
//! plain search's on every bundled file, exact big counts, the statistics, samples that
//! repeat with their seed, the diagram written out, and what the memo refuses or stops.

use std::collections::BTreeSet;

use crate::common::{self, ok, problem_dlx, run, text};

/// The solutions of `xc` output: blank-line separated blocks, each sorted.
fn solution_set(stdout: &str) -> BTreeSet<String> {
    stdout
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| block.trim().to_owned())
        .collect()
}

#[test]
fn counts_and_solutions_are_the_plain_search_ones() {
    let files = [
        "samples/toy.dlx",
        "samples/problem.dlx",
        "samples/costed.dlx",
        "samples/bounds.dlx",
        "samples/choose.dlx",
        "tests/data/colors.dlx",
        "tests/data/knuth_colors.dlx",
        "tests/data/multiplicities/bounds.dlx",
    ];
    for file in files {
        let plain = ok(&["xc", "--count", file], b"");
        assert_eq!(ok(&["xc", "--count", "--memo", file], b""), plain, "{file}");
        for order in ["auto", "frontier", "declared", "mrv"] {
            let args = ["xc", "--count", "--memo-order", order, file];
            assert_eq!(ok(&args, b""), plain, "{file} {order}");
        }
        let listed = solution_set(&ok(&["xc", "--memo", file], b""));
        assert_eq!(listed, solution_set(&ok(&["xc", file], b"")), "{file}");
        assert_eq!(listed.len().to_string(), plain.trim(), "{file}");
    }
}

#[test]
fn domino_boards_count_exactly_with_their_statistics() {
    let board = problem_dlx(&["domino", "14x14"]);
    let output = run(&["xc", "--count", "--memo", "--stats", "-"], &board);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), "112202208776036178000000\n");
    let stderr = text(&output.stderr);
    let mut lines = stderr.lines();
    let summary = lines.next().unwrap_or_default();
    assert!(
        summary.starts_with("112202208776036178000000 solutions, ")
            && summary.contains(" ZDD nodes, "),
        "{summary}"
    );
    let stats: serde_json::Value = serde_json::from_str(lines.next().unwrap_or_default()).unwrap();
    // Past 2^64 the count is a string, which JSON readers keep exact.
    assert_eq!(stats["solutions"], "112202208776036178000000");
    assert_eq!(stats["memo_order"], "frontier");
    for key in ["states", "memo_entries", "memo_hits", "zdd_nodes", "bytes"] {
        assert!(stats[key].as_u64().is_some_and(|n| n > 0), "{key}: {stats}");
    }
    assert!(stats["memo_hits"].as_u64() < stats["states"].as_u64());
    // --limit below the count: at least that many.
    let small = problem_dlx(&["domino", "4x4"]);
    let limited = run(&["xc", "--count", "--memo", "--limit", "5", "-"], &small);
    assert_eq!(text(&limited.stdout), "5+\n");
    let listed = run(&["xc", "--memo", "--limit", "3", "-"], &small);
    assert_eq!(solution_set(&text(&listed.stdout)).len(), 3);
}

#[test]
fn samples_repeat_with_their_seed_and_are_solutions() {
    let board = problem_dlx(&["domino", "6x6"]);
    let args = ["xc", "--sample", "8", "--seed", "7", "--stats", "-"];
    let first = run(&args, &board);
    assert_eq!(first.status.code(), Some(0));
    assert_eq!(text(&first.stdout), text(&run(&args, &board).stdout));
    let blocks: Vec<&str> = text(&first.stdout).leak().split("\n\n").collect();
    assert_eq!(blocks.len(), 8);
    let all = solution_set(&ok(&["xc", "-"], &board));
    for block in blocks {
        assert!(all.contains(block.trim()), "{block}");
    }
    let stderr = text(&first.stderr);
    assert!(
        stderr.contains("(8 solutions drawn from the memo, seed 7)"),
        "{stderr}"
    );
    assert!(stderr.contains("\"sampler\":\"memo\""), "{stderr}");
    assert!(stderr.contains("\"seed\":7"), "{stderr}");
    let other = run(&["xc", "--sample", "8", "--seed", "8", "-"], &board);
    assert_ne!(text(&other.stdout), text(&first.stdout));
}

/// Where the memo does not pay (pentominoes: few states repeat), `--sample` draws by
/// listing the solutions, and says so: solutions of the board, as many as asked, the
/// same for the same seed; `--memo` still draws from the memo.
#[test]
fn samples_where_the_memo_does_not_pay_are_drawn_by_listing() {
    let board = problem_dlx(&["pentomino", "4x15"]);
    let args = ["xc", "--sample", "3", "--seed", "7", "--stats", "-"];
    let first = run(&args, &board);
    assert_eq!(first.status.code(), Some(0));
    let stderr = text(&first.stderr);
    assert!(
        stderr.contains("1472 solutions (3 solutions drawn by listing them, seed 7"),
        "{stderr}"
    );
    assert!(stderr.contains("\"sampler\":\"listing\""), "{stderr}");
    assert_eq!(text(&first.stdout), text(&run(&args, &board).stdout));
    let all = solution_set(&ok(&["xc", "-"], &board));
    assert_eq!(all.len(), 1472);
    let blocks: Vec<&str> = text(&first.stdout).leak().split("\n\n").collect();
    assert_eq!(blocks.len(), 3);
    for block in blocks {
        assert!(all.contains(block.trim()), "{block}");
    }
    // A limit stops the listing as it stops a search, and says so: exit code 3.
    let stopped = run(&["xc", "--sample", "3", "--max-nodes", "1000", "-"], &board);
    assert_eq!(stopped.status.code(), Some(3));
    assert!(
        text(&stopped.stderr).contains("(stopped: --max-nodes reached)"),
        "{}",
        text(&stopped.stderr)
    );
    // Draws held past --max-memory are refused before the search.
    let many = ["xc", "--sample", "100000000", "--max-memory", "100M", "-"];
    let refused = run(&many, &board);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("--sample 100000000 by listing would hold about"),
        "{}",
        text(&refused.stderr)
    );
}

/// The memo's status line on a terminal (util-linux's `script`) tells how far the
/// search is, and the time left.
#[test]
fn the_memo_tells_how_far_it_is() {
    let exe = env!("CARGO_BIN_EXE_dancing");
    let dir = std::env::temp_dir().join(format!("dancing-memo-far-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("queens.dlx");
    std::fs::write(&path, problem_dlx(&["queens", "13"])).unwrap();
    let command = format!("{exe} xc --memo --count --progress {}", path.display());
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("util-linux's script runs");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(output.status.code(), Some(0));
    let screen = text(&output.stdout);
    assert!(screen.contains("73712"), "{screen}");
    assert!(
        screen.contains("% ") && screen.contains(" left"),
        "{screen}"
    );
}

#[test]
fn the_diagram_is_written_in_the_zddread_format() {
    let dir = std::env::temp_dir().join(format!("dancing-memo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("toy.zdd");
    let out = ok(
        &[
            "xc",
            "--count",
            "--zdd",
            path.to_str().unwrap(),
            "samples/toy.dlx",
        ],
        b"",
    );
    assert_eq!(out, "1\n");
    let written = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert!(!lines.is_empty());
    for line in &lines {
        let (id, rest) = line.split_once(": (~").expect("`id: (~var?lo:hi)`");
        assert!(
            u64::from_str_radix(id, 16).is_ok() && rest.ends_with(')'),
            "{line}"
        );
    }
    assert!(lines.last().unwrap().contains(": (~0?0:"), "{written}");
}

#[test]
fn what_the_memo_refuses_is_a_usage_error() {
    let refused: [(&[&str], &str); 6] = [
        (&["--threads", "2"], "--threads"),
        (&["--matrix"], "--matrix"),
        (&["--split", "2"], "--split"),
        (&["--prefix", "1"], "--prefix"),
        (&["--engine", "dense"], "--engine"),
        (&["--solver", "sat"], "--solver sat"),
    ];
    common::assert_refused(&["xc", "--memo"], &refused, "samples/toy.dlx", |flag| {
        format!(
            "error: the memoized search (--memo, --sample, --zdd) cannot be combined with {flag}"
        )
    });
    // --sample and --count ask for different answers.
    let both = run(&["xc", "--sample", "2", "--count", "samples/toy.dlx"], b"");
    assert_eq!(both.status.code(), Some(2));
    let seedless = run(&["xc", "--seed", "2", "samples/toy.dlx"], b"");
    assert_eq!(seedless.status.code(), Some(2));
}

#[test]
fn the_memory_bound_and_the_limits_stop_it_with_exit_3() {
    // The memo of 12×12 takes about 1.9 MiB.
    let board = problem_dlx(&["domino", "12x12"]);
    let stops = [
        (
            "--max-memory",
            "1M",
            "error: the memo reached --max-memory 1 MiB",
        ),
        ("--max-nodes", "1000", "(stopped: --max-nodes reached)"),
    ];
    for (flag, value, said) in stops {
        let stopped = run(&["xc", "--count", "--memo", flag, value, "-"], &board);
        assert_eq!(stopped.status.code(), Some(3), "{flag}");
        assert_eq!(text(&stopped.stdout), "", "{flag}");
        let stderr = text(&stopped.stderr);
        assert!(stderr.contains(said), "{flag}: {stderr}");
    }
}

#[test]
fn marginals_and_the_backbone_are_counted_from_the_listed_solutions() {
    for file in [
        "samples/toy.dlx",
        "samples/problem.dlx",
        "samples/bounds.dlx",
        "samples/choose.dlx",
        "tests/data/colors.dlx",
        "tests/data/knuth_colors.dlx",
    ] {
        let solutions = solution_set(&ok(&["xc", file], b""));
        let with = |option: &str| {
            solutions
                .iter()
                .filter(|block| block.lines().any(|line| line == option))
                .count()
        };
        let marginals = ok(&["xc", "--marginals", file], b"");
        let mut options = 0;
        let (mut in_all, mut in_none) = (Vec::new(), Vec::new());
        for line in marginals.lines() {
            let (count, option) = line.split_once(' ').expect("a count, then the option");
            let count: usize = count.parse().expect("a count");
            assert_eq!(count, with(option), "{file}: {option}");
            if count == 0 {
                in_none.push(format!("none: {option}"));
            } else if count == solutions.len() {
                in_all.push(format!("all: {option}"));
            }
            options += 1;
        }
        assert!(options > 0, "{file}");
        let expected: Vec<String> = in_all.into_iter().chain(in_none).collect();
        let backbone = ok(&["xc", "--backbone", file], b"");
        assert_eq!(backbone.lines().collect::<Vec<_>>(), expected, "{file}");
    }
}

#[test]
fn marginals_past_64_bits_add_up_to_the_count() {
    // The 14×14 board's 112,202,208,776,036,178,000,000 tilings: the two dominoes on a
    // corner cell share them, as do the three on an edge cell.
    let out = ok(&["problem", "domino", "14x14", "--marginals"], b"");
    let of = |cell: &str| -> u128 {
        out.lines()
            .filter(|line| line.split(' ').skip(1).any(|item| item == cell))
            .map(|line| line.split(' ').next().unwrap().parse::<u128>().unwrap())
            .sum()
    };
    for cell in ["r1c1", "r1c7", "r7c7", "r14c14"] {
        assert_eq!(of(cell), 112_202_208_776_036_178_000_000, "{cell}");
    }
    let refused = run(&["xc", "--marginals", "--no-memo", "samples/toy.dlx"], b"");
    assert_eq!(refused.status.code(), Some(2));
    let refused = run(&["xc", "--backbone", "--count", "samples/toy.dlx"], b"");
    assert_eq!(refused.status.code(), Some(2));
}

#[test]
fn the_solution_of_each_rank_is_the_listing_s() {
    for file in [
        "samples/toy.dlx",
        "samples/problem.dlx",
        "tests/data/colors.dlx",
    ] {
        let listed: Vec<String> = ok(&["xc", "--memo", file], b"")
            .split("\n\n")
            .filter(|block| !block.trim().is_empty())
            .map(|block| block.trim().to_owned())
            .collect();
        for (k, solution) in listed.iter().enumerate() {
            let nth = ok(&["xc", "--nth", &k.to_string(), file], b"");
            assert_eq!(nth.trim(), solution, "{file} {k}");
        }
        let past = run(&["xc", "--nth", &listed.len().to_string(), file], b"");
        assert_eq!(past.status.code(), Some(0), "{file}");
        assert_eq!(text(&past.stdout), "", "{file}");
        assert!(text(&past.stderr).contains("no solution of rank"), "{file}");
    }
    // A rank past 2^64 on a board that has as many tilings.
    let board = problem_dlx(&["domino", "14x14"]);
    let last = ok(&["xc", "--nth", "112202208776036177999999", "-"], &board);
    assert_eq!(last.lines().filter(|line| !line.is_empty()).count(), 98);
    for bad in ["-1", "1e3", ""] {
        let refused = run(&["xc", "--nth", bad, "samples/toy.dlx"], b"");
        assert_eq!(refused.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn given_and_forbidden_options_condition_the_diagram() {
    for file in [
        "samples/toy.dlx",
        "samples/problem.dlx",
        "tests/data/colors.dlx",
    ] {
        let solutions = solution_set(&ok(&["xc", file], b""));
        let marginals = ok(&["xc", "--marginals", file], b"");
        for (k, line) in marginals.lines().enumerate() {
            let (count, option) = line.split_once(' ').unwrap();
            let number = (k + 1).to_string();
            // Every marginal is the count with its option given.
            let given = ok(&["xc", "--count", "--given", &number, file], b"");
            assert_eq!(given.trim(), count, "{file} {option}");
            let without = solutions
                .iter()
                .filter(|block| !block.lines().any(|l| l == option))
                .cloned()
                .collect::<std::collections::BTreeSet<_>>();
            let forbidden = ok(&["xc", "--forbid", &number, file], b"");
            assert_eq!(solution_set(&forbidden), without, "{file} {option}");
        }
    }
    let refused = run(&["xc", "--count", "--given", "0", "samples/toy.dlx"], b"");
    assert_eq!(refused.status.code(), Some(2));
    let past = run(&["xc", "--count", "--forbid", "7", "samples/toy.dlx"], b"");
    assert_eq!(past.status.code(), Some(2));
    assert!(
        text(&past.stderr).contains("numbered 1 to 6"),
        "{}",
        text(&past.stderr)
    );
}

#[test]
fn samples_drawn_by_weight_follow_the_weights() {
    // The 2×2 board's upright dominoes (options 2 and 3) weigh 3 each: their tiling is
    // drawn nine times as often as the other.
    let dir = std::env::temp_dir().join(format!("dancing-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let weights = dir.join("weights.txt");
    // A byte-order mark, as editors on Windows write, is skipped.
    std::fs::write(&weights, "\u{feff}| upright dominoes\n2 3\n\n3 3\n").unwrap();
    let board = problem_dlx(&["domino", "2x2"]);
    let path = weights.to_str().unwrap();
    let args = [
        "xc",
        "--sample",
        "2000",
        "--seed",
        "4",
        "--weights",
        path,
        "-",
    ];
    let out = ok(&args, &board);
    let upright = out.lines().filter(|line| *line == "r1c1 r2c1").count();
    assert!((1700..1900).contains(&upright), "{upright}");
    assert_eq!(ok(&args, &board), out, "the same seed draws the same");
    let said = text(&run(&args, &board).stderr);
    assert!(
        said.contains("drawn from the memo by weight, seed 4"),
        "{said}"
    );
    for (bad, at) in [
        ("5 1\n", "1:1"),
        ("1\n", "1:1"),
        ("\n  2 x\n", "2:3"),
        ("1 -2\n", "1:1"),
    ] {
        std::fs::write(&weights, bad).unwrap();
        let refused = run(&args, &board);
        assert_eq!(refused.status.code(), Some(2), "{bad:?}");
        let stderr = text(&refused.stderr);
        assert!(
            stderr.contains(&format!("weights.txt:{at}: ")),
            "{bad:?}: {stderr}"
        );
    }
    // Read by the bounded line reader: a line that is not UTF-8 is named where it is.
    std::fs::write(&weights, b"2 3\n3 \xff\n").unwrap();
    let stderr = text(&run(&args, &board).stderr);
    assert!(stderr.contains("weights.txt: line 2, column 3"), "{stderr}");
    let unsampled = run(&["xc", "--weights", path, "-"], &board);
    assert_eq!(unsampled.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sudoku_marginals_tally_each_cell_over_all_the_solutions() {
    // A 4×4 with two givens (24 solutions), and a 9×9 with 13 (tdoku's test puzzle).
    let puzzles = "12..............\n\
                   8.........59.......67..........3.265...4.6198......437...753916...891742...624583\n";
    let out = ok(&["sudoku", "count", "--marginals", "-"], puzzles.as_bytes());
    let blocks: Vec<&str> = out.split("\n\n").filter(|b| !b.trim().is_empty()).collect();
    assert_eq!(blocks.len(), 2, "{out}");
    let counted = ok(&["sudoku", "count", "-"], puzzles.as_bytes());
    for (block, count) in blocks.iter().zip(counted.lines()) {
        let mut lines = block.lines();
        let total: u64 = lines.next().unwrap().parse().unwrap();
        assert_eq!(total.to_string(), count);
        let mut fixed = Vec::new();
        for line in lines {
            if let Some(cells) = line.strip_prefix("fixed:") {
                let listed: Vec<&str> = cells.split_whitespace().collect();
                assert_eq!(listed, fixed, "{block}");
                continue;
            }
            let mut words = line.split(' ');
            let cell = words.next().unwrap();
            let digits: Vec<(&str, u64)> = words
                .map(|w| {
                    let (d, n) = w.split_once(':').unwrap();
                    (d, n.parse().unwrap())
                })
                .collect();
            // Every solution puts one digit in the cell.
            assert_eq!(digits.iter().map(|&(_, n)| n).sum::<u64>(), total, "{line}");
            if let [(d, _)] = digits.as_slice() {
                fixed.push(format!("{cell}={d}"));
            }
        }
    }
    let fixed_line = blocks[1].lines().last().unwrap();
    assert!(fixed_line.starts_with("fixed: r5c1=5"), "{fixed_line}");
    // A pencilmark grid keeps to its candidates: the 4×4 above with r1c3 left only 3
    // (so placed) has 12 solutions, r1c4 holding 4 in all.
    let marks = "| 1   2   | 3   34   |\n| 34  34  | 1234 1234 |\n\
                 | 234 134 | 1234 1234 |\n| 234 134 | 1234 1234 |\n";
    let out = ok(&["sudoku", "count", "--marginals", "-"], marks.as_bytes());
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("12"), "{out}");
    assert_eq!(lines.next(), Some("r1c4 4:12"), "{out}");
    assert!(out.contains("fixed: r1c4=4\n"), "{out}");
}
