//! `dancing sudoku solve|count|check --variant`, `generate --variant` and the HDU 4069
//! judge, run as a user would.

use dancing_sudoku::BitmaskSolver;
use dancing_sudoku::parse::Batch;
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{Grid, Solve, Variant};

use crate::common::{self, dancing_in_crate, text};

#[test]
fn variant_batches_answer_every_entry_in_place() {
    for (variant, file) in [("jigsaw", "jigsaw.txt"), ("killer", "killer.txt")] {
        for command in ["solve", "count", "check"] {
            let path = format!("tests/data/{file}");
            snapshot!(
                format!("variant_{variant}_{command}"),
                dancing_in_crate(&["sudoku", command, "--variant", variant, &path])
            );
        }
    }
}

#[test]
fn printed_solutions_keep_every_rule() {
    // Each solution line checked against its puzzle by the variant's own rule checker,
    // which knows nothing of the exact-cover matrix.
    let check = |variant: &str, file: &str, puzzles: Vec<(Grid, Variant)>| {
        let path = format!("tests/data/{file}");
        let output = dancing_in_crate(&["sudoku", "solve", "-q", "--variant", variant, &path])
            .output()
            .unwrap();
        let lines: Vec<String> = text(&output.stdout).lines().map(str::to_owned).collect();
        let mut solved = 0;
        for ((puzzle, rules), line) in puzzles.iter().zip(&lines) {
            if let Ok(solution) = line.parse::<Grid>() {
                assert!(rules.satisfied_by(puzzle, &solution), "{variant}: {line}");
                solved += 1;
            }
        }
        assert!(solved >= 2, "{variant}: {lines:?}");
    };
    let read = |file: &str| {
        std::fs::read(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap()
    };
    let puzzles = |file: &str, kind: Kind| -> Vec<(Grid, Variant)> {
        Batch::new(&read(file)[..])
            .variant(kind)
            .filter_map(Result::ok)
            .map(|p| (p.grid, p.variant))
            .collect()
    };
    check("jigsaw", "jigsaw.txt", puzzles("jigsaw.txt", Kind::Jigsaw));
    check("killer", "killer.txt", puzzles("killer.txt", Kind::Killer));
}

#[test]
fn generated_variants_read_back_with_one_solution() {
    for variant in ["x", "hyper", "jigsaw"] {
        let generate = |threads: &str| {
            let output = dancing_in_crate(&[
                "sudoku",
                "generate",
                "--variant",
                variant,
                "--count",
                "20",
                "--seed",
                "3",
                "--threads",
                threads,
                "-q",
            ])
            .output()
            .unwrap();
            assert!(output.status.success());
            text(&output.stdout)
        };
        let puzzles = generate("1");
        assert_eq!(puzzles.lines().count(), 20);
        let checked = common::feed(
            dancing_in_crate(&[
                "sudoku",
                "check",
                "--variant",
                variant,
                "--solver",
                "sat",
                "-q",
            ]),
            puzzles.as_bytes(),
        );
        assert_eq!(text(&checked.stdout), "unique\n".repeat(20), "{variant}");
        // The same seed prints the same file on two threads.
        assert_eq!(generate("2"), puzzles, "{variant}");
    }
    // X puzzles are classic puzzles too, with fewer solutions: a classic count of at
    // least one, by a solver that knows only rows, columns and boxes.
    let x = dancing_in_crate(&[
        "sudoku",
        "generate",
        "--variant",
        "x",
        "--count",
        "5",
        "--seed",
        "4",
        "-q",
    ])
    .output()
    .unwrap();
    for line in text(&x.stdout).lines() {
        let puzzle: Grid = line.parse().unwrap();
        assert!(BitmaskSolver::new().count_up_to(&puzzle, 1).found() == 1);
    }
}

#[test]
fn variant_errors_and_refusals() {
    // Jigsaw solutions drawn with their regions' walls.
    let janko = std::fs::read_to_string(format!(
        "{}/tests/data/jigsaw.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .lines()
    .find(|l| !l.starts_with('#'))
    .unwrap()
    .to_owned();
    snapshot!(
        "variant_jigsaw_solve_pretty",
        dancing_in_crate(&["sudoku", "solve", "--variant", "jigsaw", "--pretty"]).pass_stdin(janko)
    );
    snapshot!(
        "variant_generate_killer",
        dancing_in_crate(&["sudoku", "generate", "--variant", "killer"])
    );
    snapshot!(
        "variant_generate_rate",
        dancing_in_crate(&["sudoku", "generate", "--variant", "x", "--rate"])
    );
    snapshot!(
        "variant_bitmask",
        dancing_in_crate(&["sudoku", "check", "--variant", "x", "--solver", "bitmask"])
            .pass_stdin("")
    );
    snapshot!(
        "variant_generate_jigsaw_pretty",
        dancing_in_crate(&[
            "sudoku",
            "generate",
            "--variant",
            "jigsaw",
            "--order",
            "2",
            "--seed",
            "5",
            "--pretty"
        ])
    );
}

#[test]
fn hdu4069_answers_the_sample() {
    let input = std::fs::read(format!(
        "{}/tests/data/judge_hdu4069.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    snapshot!(
        "judge_hdu4069",
        dancing_in_crate(&["sudoku", "judge", "hdu4069"]).pass_stdin(input.clone())
    );
    // The wall between r1c3 and r1c4 taken away on both sides: two regions become one
    // of 18 cells, an input error naming the case.
    let mut broken = String::from_utf8(input).unwrap();
    broken = broken.replacen("144 18 112 208", "144 18 80 80", 1);
    snapshot!(
        "judge_hdu4069_walls",
        dancing_in_crate(&["sudoku", "judge", "hdu4069"]).pass_stdin(broken)
    );
}
