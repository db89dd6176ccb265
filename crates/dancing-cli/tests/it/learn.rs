//! The learning solver on the command line: `dancing xc --cnf` writes a formula that an
//! independent SAT solver (CaDiCaL through the `cadical` crate) finds satisfiable exactly
//! when the dancing links find a solution, and `--solver sat` / `--solver auto` answer
//! as `--solver dlx` does, for `xc` and for `sudoku check`.

use std::path::{Path, PathBuf};

use crate::common::{self, ok, problem_dlx, run};
use common::text;

/// The workspace's root folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.dlx` file of the repository (outside build and VCS folders).
fn dlx_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if path.is_dir() {
                // Files with multiplicities, which neither the formula nor the learner
                // express, sit apart.
                let skip = ["target", ".git", "node_modules", "multiplicities"];
                if !skip.iter().any(|s| name == *s) {
                    walk(&path, out);
                }
            } else if path.extension().is_some_and(|e| e == "dlx") && !has_bounds(&path) {
                out.push(path);
            }
        }
    }
    /// Whether the file's problem has items with multiplicities (the samples have
    /// such files beside the others).
    fn has_bounds(path: &Path) -> bool {
        let text = std::fs::read_to_string(path).unwrap();
        dancing::format::parse_str(&text).is_ok_and(|problem| problem.has_bounds())
    }
    let mut out = Vec::new();
    walk(&root(), &mut out);
    out.sort();
    out
}

/// Every problem in Knuth's format that the command-line tests use: the `.dlx` files,
/// the inline problems of `cli.rs`, `costs.rs` and `split.rs`, and a few more (one with
/// no solution, one that preprocessing reduces).
fn problems() -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<(String, Vec<u8>)> = dlx_files()
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            (path.display().to_string(), bytes)
        })
        .collect();
    assert!(
        all.iter().any(|(name, _)| name.ends_with("toy.dlx"))
            && all.iter().any(|(name, _)| name.ends_with("colors.dlx")),
        "the test data's .dlx files are found: {all:?}"
    );
    for args in [
        &["queens", "8"][..],
        &["queens", "3"],
        &["langford", "7"],
        &["langford", "5"],
        &["latin", "4"],
        &["pentomino", "20x3"],
    ] {
        all.push((args.join(" "), problem_dlx(args)));
    }
    for (name, bytes) in [
        (
            "toy",
            &b"A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"[..],
        ),
        (
            "costed",
            b"A B C | X\nA B C |10\nA |3\nB X:red |3\nC X:red |3\nA B |4\n",
        ),
        ("costed, no solution", b"A B\nA |1\n"),
        ("unsolvable", b"A B C\nA B\nB C\nA C\n"),
        ("reduced", b"A B\nB\nA B\nA B\n"),
        (
            "colors",
            b"A B C | x y\nA x:1\nA x:2\nB x:1\nB y\nC y\nC\nA B\nB C x\n",
        ),
    ] {
        all.push((name.to_owned(), bytes.to_vec()));
    }
    all
}

/// The options of a problem in Knuth's format, each as its words: every line after the
/// item line that is neither blank nor a comment.
fn option_lines(input: &str) -> Vec<String> {
    let mut lines = input
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('|'));
    let items = lines.next().unwrap_or_default();
    let primary: Vec<&str> = items
        .split('|')
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    // An option without a primary item is ignored, as in Knuth's programs.
    lines
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|tokens| {
            tokens
                .iter()
                .any(|t| primary.contains(&t.split(':').next().unwrap_or_default()))
        })
        .map(|tokens| tokens.join(" "))
        .collect()
}

/// A DIMACS formula, read strictly.
struct Dimacs {
    variables: usize,
    clauses: Vec<Vec<i32>>,
    /// The `c K …` lines: (K, the rest of the line).
    numbered: Vec<(usize, String)>,
}

fn parse_dimacs(name: &str, out: &str) -> Dimacs {
    let mut header = None;
    let mut numbered = Vec::new();
    let mut clauses = Vec::new();
    let mut clause = Vec::new();
    for line in out.lines() {
        if let Some(comment) = line.strip_prefix("c ") {
            assert!(header.is_none(), "{name}: a comment after the header");
            let mut words = comment.splitn(2, ' ');
            if let Ok(k) = words.next().unwrap().parse::<usize>() {
                numbered.push((k, words.next().unwrap_or("").to_owned()));
            }
        } else if let Some(p) = line.strip_prefix("p cnf ") {
            assert!(header.is_none(), "{name}: two headers");
            let counts: Vec<usize> = p.split_whitespace().map(|w| w.parse().unwrap()).collect();
            assert_eq!(counts.len(), 2, "{name}: {line}");
            header = Some((counts[0], counts[1]));
        } else {
            assert!(
                header.is_some(),
                "{name}: a clause before the header: {line}"
            );
            for word in line.split_whitespace() {
                let literal: i32 = word
                    .parse()
                    .unwrap_or_else(|e| panic!("{name}: {word}: {e}"));
                if literal == 0 {
                    clauses.push(std::mem::take(&mut clause));
                } else {
                    clause.push(literal);
                }
            }
        }
    }
    assert!(clause.is_empty(), "{name}: an unterminated clause");
    let (variables, count) = header.unwrap_or_else(|| panic!("{name}: no header"));
    assert_eq!(clauses.len(), count, "{name}: the header's clause count");
    for literal in clauses.iter().flatten() {
        assert!(
            literal.unsigned_abs() as usize <= variables,
            "{name}: literal {literal} beyond {variables} variables"
        );
    }
    Dimacs {
        variables,
        clauses,
        numbered,
    }
}

fn dlx_count(args: &[&str], input: &[u8]) -> u64 {
    let mut all = vec!["xc", "--count", "-q"];
    all.extend_from_slice(args);
    ok(&all, input).trim().parse().expect("a count")
}

#[test]
fn cnf_is_satisfiable_exactly_when_there_is_a_solution() {
    for (name, input) in problems() {
        let out = ok(&["xc", "--cnf"], &input);
        let dimacs = parse_dimacs(&name, &out);

        // The comment lines number the options 1..=option count, in order.
        let options = option_lines(&text(&input));
        let numbers: Vec<usize> = dimacs.numbered.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            numbers,
            (1..=options.len()).collect::<Vec<_>>(),
            "{name}: option numbers"
        );
        for ((k, option), line) in dimacs.numbered.iter().zip(&options) {
            assert_eq!(option, line, "{name}: option {k}");
        }
        assert!(dimacs.variables >= options.len(), "{name}");

        let mut sat: cadical::Solver = cadical::Solver::new();
        for clause in &dimacs.clauses {
            sat.add_clause(clause.iter().copied());
        }
        let satisfiable = sat.solve().expect("CaDiCaL answers");
        let count = dlx_count(&["--solver", "dlx"], &input);
        assert_eq!(satisfiable, count > 0, "{name}: {count} solutions");

        // A model, read on the option variables, is a solution.
        if satisfiable {
            let problem = dancing::format::parse_str(&text(&input)).unwrap();
            let chosen: Vec<dancing::OptionId> = (0..options.len())
                .filter(|&k| sat.value(k as i32 + 1) == Some(true))
                .map(dancing::OptionId::new)
                .collect();
            assert_eq!(problem.verify(&chosen), Ok(()), "{name}: {chosen:?}");
        }
    }
}

/// A file named on the command line gives the formula that its bytes on stdin give.
#[test]
fn cnf_of_a_file_is_the_cnf_of_its_bytes() {
    for path in dlx_files() {
        let path = path.to_str().expect("a UTF-8 path");
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(
            ok(&["xc", "--cnf", path], b""),
            ok(&["xc", "--cnf"], &bytes),
            "{path}"
        );
    }
}

/// The solutions printed by `dancing xc`, each as its lines sorted, in order (a list,
/// not a set: two options may be written alike).
fn solutions(args: &[&str], input: &[u8]) -> Vec<Vec<String>> {
    let mut all = vec!["xc", "-q"];
    all.extend_from_slice(args);
    let mut found = ok(&all, input)
        .split("\n\n")
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            let mut lines: Vec<String> = s.lines().map(str::to_owned).collect();
            lines.sort();
            lines
        })
        .collect::<Vec<_>>();
    found.sort();
    found
}

/// The comparison below is split into this many parts, which run side by side.
const PARTS: usize = 4;

// The learner and the default solver count as dancing links do, on every problem.
#[test]
fn the_learner_counts_as_the_dancing_links_do_part_1() {
    counts_agree(0);
}

#[test]
fn the_learner_counts_as_the_dancing_links_do_part_2() {
    counts_agree(1);
}

#[test]
fn the_learner_counts_as_the_dancing_links_do_part_3() {
    counts_agree(2);
}

#[test]
fn the_learner_counts_as_the_dancing_links_do_part_4() {
    counts_agree(3);
}

/// Every `PARTS`-th problem from the `part`-th: counts and solutions alike with each
/// solver.
fn counts_agree(part: usize) {
    for (name, input) in problems().into_iter().skip(part).step_by(PARTS) {
        // The learner needs about a second per solution of a pentomino box (each is a
        // new solve under one more blocking clause; `big.dlx` is the 10×6 box), where
        // dancing links need 60 ms for all 8 of the 20×3: one solution is enough to
        // compare there.
        let limit = if name.starts_with("pentomino") || name.ends_with("big.dlx") {
            "1"
        } else {
            "50"
        };
        let dlx = ok(
            &["xc", "--solver", "dlx", "--count", "--limit", limit],
            &input,
        );
        for solver in ["sat", "auto"] {
            let other = ok(
                &["xc", "--solver", solver, "--count", "--limit", limit],
                &input,
            );
            assert_eq!(other, dlx, "{name}: --solver {solver}");
        }
        let count: u64 = dlx.trim().trim_end_matches('+').parse().unwrap();
        if limit == "50" && count < 50 {
            // Every solution, the same ones (the order may differ).
            let dlx = solutions(&["--solver", "dlx"], &input);
            assert_eq!(dlx.len() as u64, count, "{name}");
            let sat = solutions(&["--solver", "sat", "--limit", "50"], &input);
            assert_eq!(sat, dlx, "{name}");
        }
    }
}

#[test]
fn the_learner_runs_on_one_thread() {
    let toy = root().join("crates/dancing-cli/tests/data/toy.dlx");
    let toy = toy.to_str().unwrap();
    let output = run(&["xc", "--solver", "sat", "--threads", "2", toy], b"");
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("--threads"),
        "{}",
        text(&output.stderr)
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn sudoku_check_answers_alike_with_every_solver() {
    let famous = root().join("crates/dancing-sudoku/data/famous.txt");
    let famous = famous.to_str().unwrap();
    let puzzles = std::fs::read_to_string(famous)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count();
    assert!(puzzles > 0);
    let dlx = ok(&["sudoku", "check", "--solver", "dlx", famous], b"");
    assert_eq!(dlx.lines().count(), puzzles);
    assert!(dlx.lines().all(|l| l == "unique"), "{dlx}");
    for solver in ["sat", "auto", "bands", "bitmask"] {
        let out = ok(&["sudoku", "check", "--solver", solver, famous], b"");
        assert_eq!(out, dlx, "--solver {solver}");
    }

    let output = run(
        &["sudoku", "check", "--solver", "sat", "--stats", famous],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    let stats: serde_json::Value =
        serde_json::from_str(stderr.lines().last().expect("a stats line")).expect("JSON");
    assert_eq!(stats["answered_by"]["sat"], puzzles as u64, "{stats}");
    assert_eq!(stats["answered_by"]["dlx"], 0, "{stats}");
    assert_eq!(stats["puzzles"], puzzles as u64, "{stats}");
    assert!(stats["conflicts"].is_u64(), "{stats}");
    assert_eq!(stats["solver"], "sat", "{stats}");
}

/// `--solver bands` and the default `auto` answer 9×9 puzzles with the bit-parallel
/// solver, exactly as dancing links do, and hand other orders to dancing links; the
/// statistics say which answered. Variants are refused with the reason.
#[test]
fn the_bit_parallel_solver_answers_9x9_puzzles() {
    let data = root().join("crates/dancing-sudoku/data");
    let mut mixed = String::new();
    for name in [
        "17_clue_1000.txt",
        "forum_hardest_200.txt",
        "tdoku_test_puzzles.txt",
    ] {
        let text = std::fs::read_to_string(data.join(name)).unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            // tdoku's lines carry `:count:solution` after the puzzle.
            mixed.push_str(line.split(':').next().unwrap());
            mixed.push('\n');
        }
    }
    let puzzles = mixed.lines().count() as u64;
    let dlx = ok(
        &["sudoku", "count", "--limit", "3", "--solver", "dlx"],
        mixed.as_bytes(),
    );
    assert_eq!(dlx.lines().count() as u64, puzzles);
    assert!(
        dlx.lines().any(|l| l == "0") && dlx.lines().any(|l| l == "3+"),
        "{dlx}"
    );
    for solver in ["bands", "auto"] {
        let args = [
            "sudoku", "count", "--limit", "3", "--stats", "--solver", solver,
        ];
        let output = run(&args, mixed.as_bytes());
        assert_eq!(text(&output.stdout), dlx, "--solver {solver}");
        let stderr = text(&output.stderr);
        let stats: serde_json::Value =
            serde_json::from_str(stderr.lines().last().expect("a stats line")).expect("JSON");
        assert_eq!(stats["answered_by"]["bands"], puzzles, "{stats}");
        assert_eq!(stats["answered_by"]["dlx"], 0, "{stats}");
    }
    // The solution of every unique puzzle is the one solution; the others say why not.
    let solve = |solver| {
        ok(
            &["sudoku", "solve", "--unique", "--solver", solver],
            mixed.as_bytes(),
        )
    };
    let solved = solve("bands");
    assert_eq!(solved, solve("dlx"));
    assert!(
        solved.lines().any(|l| l == "multiple solutions"),
        "{solved}"
    );

    let gecode = data.join("gecode_16x16.txt");
    let output = run(
        &[
            "sudoku",
            "check",
            "--solver",
            "bands",
            "--stats",
            gecode.to_str().unwrap(),
        ],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    let stats: serde_json::Value =
        serde_json::from_str(stderr.lines().last().expect("a stats line")).expect("JSON");
    assert_eq!(stats["answered_by"]["bands"], 0, "{stats}");
    assert_eq!(stats["answered_by"]["dlx"], stats["puzzles"], "{stats}");

    let variant = run(
        &["sudoku", "check", "--solver", "bands", "--variant", "x"],
        b"",
    );
    assert_eq!(variant.status.code(), Some(2));
    assert!(
        text(&variant.stderr).contains("--solver bands solves only classic sudoku"),
        "{}",
        text(&variant.stderr)
    );
}

/// Large grids go to the threads one at a time, each thread taking the next when it is
/// free: the answers still come in the input's order, the same as on one thread.
#[test]
fn large_grids_on_two_threads_keep_their_order() {
    let gecode = root().join("crates/dancing-sudoku/data/gecode_16x16.txt");
    let gecode = gecode.to_str().unwrap();
    for solver in ["dlx", "sat"] {
        let one = ok(&["sudoku", "solve", "--solver", solver, gecode], b"");
        let two = ok(
            &[
                "sudoku",
                "solve",
                "--solver",
                solver,
                "--threads",
                "2",
                gecode,
            ],
            b"",
        );
        assert!(one.lines().count() > 16, "{one}");
        assert!(one.lines().all(|l| l.len() == 256), "{one}");
        assert_eq!(two, one, "--solver {solver}");
    }
}

/// `--stats` of the learner names it and reports its work; statistics of the engine's
/// form stay as they are.
#[test]
fn learner_statistics_on_the_command_line() {
    let queens = problem_dlx(&["queens", "6"]);
    let output = run(
        &["xc", "--solver", "sat", "--count", "--stats", "--quiet"],
        &queens,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "4\n");
    let stderr = text(&output.stderr);
    let stats: serde_json::Value =
        serde_json::from_str(stderr.lines().last().expect("a stats line")).expect("JSON");
    assert_eq!(stats["solver"], "sat", "{stats}");
    assert_eq!(stats["solutions"], 4, "{stats}");
    // One solve per solution and the last, which finds none.
    assert_eq!(stats["sat_solves"], 5, "{stats}");
    assert!(stats["conflicts"].is_u64(), "{stats}");
    let options = option_lines(&text(&queens)).len() as u64;
    assert!(stats["variables"].as_u64().unwrap() >= options, "{stats}");
    assert!(stats["clauses"].as_u64().unwrap() > 0, "{stats}");
}
