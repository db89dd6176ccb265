//! Input as people type it: a byte-order mark before any format, sudoku batches in
//! every layout (one line, rows with or without spaces, the pretty grid), and lower case
//! letters.

use std::path::PathBuf;
use std::process::{Command, Output};

use crate::common;
use common::text;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// `dancing` run in the crate's folder, where the tests' paths start.
fn dancing(args: &[&str]) -> Command {
    let mut command = common::dancing();
    command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    common::feed(dancing(args), stdin)
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn with_bom(bytes: &[u8]) -> Vec<u8> {
    [BOM, bytes].concat()
}

/// The first bundled 16×16 puzzle, on one line.
fn sixteen() -> String {
    let text =
        std::fs::read_to_string(data("../../../dancing-sudoku/data/gecode_16x16.txt")).unwrap();
    text.lines()
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap()
        .to_owned()
}

#[test]
fn files_with_a_byte_order_mark_read_as_without() {
    // The files hold a byte-order mark and CRLF line ends, as some Windows editors write.
    assert!(std::fs::read(data("bom.dlx")).unwrap().starts_with(BOM));
    assert!(
        std::fs::read(data("bom_puzzles.txt"))
            .unwrap()
            .starts_with(BOM)
    );
    snapshot!("bom_xc_file", dancing(&["xc", "tests/data/bom.dlx"]));
    snapshot!(
        "bom_sudoku_file",
        dancing(&["sudoku", "solve", "tests/data/bom_puzzles.txt"])
    );
}

#[test]
fn every_format_on_standard_input_skips_a_byte_order_mark() {
    let toy = std::fs::read(data("toy.dlx")).unwrap();
    let hust = std::fs::read(data("hust.txt")).unwrap();
    let puzzles = b"# a comment on line 1\n1.3...1.2.4...2.\n".to_vec();
    let sicily = std::fs::read(data("judge_sicily.txt")).unwrap();
    let noip = std::fs::read(data("judge_noip.txt")).unwrap();
    let poj3074 = std::fs::read(data("judge_poj3074.txt")).unwrap();
    let grid = dancing_sudoku::Grid::parse_line(&sixteen()).unwrap();
    let poj3076 = grid
        .to_rows_with(dancing_sudoku::Alphabet::Letters, '-')
        .into_bytes();
    let tiling = b"2\n5 5 1\n0 0 5 5\n5 5 2\n0 0 3 5\n2 0 5 5\n".to_vec();
    let cases: [(&str, &[&str], Vec<u8>); 9] = [
        ("bom_xc", &["xc"], toy),
        ("bom_xc_matrix", &["xc", "--matrix"], hust),
        ("bom_sudoku_count", &["sudoku", "count"], puzzles.clone()),
        ("bom_sudoku_check", &["sudoku", "check"], puzzles),
        ("bom_judge_sicily", &["sudoku", "judge", "sicily"], sicily),
        ("bom_judge_noip", &["sudoku", "judge", "noip"], noip),
        (
            "bom_judge_poj3074",
            &["sudoku", "judge", "poj3074"],
            poj3074,
        ),
        (
            "bom_judge_poj3076",
            &["sudoku", "judge", "poj3076"],
            poj3076,
        ),
        ("bom_tiling", &["problem", "tiling"], tiling),
    ];
    for (name, args, input) in cases {
        let plain = run(args, &input);
        assert_eq!(
            plain.status.code(),
            Some(0),
            "{name}: {}",
            text(&plain.stderr)
        );
        let marked = run(args, &with_bom(&input));
        assert_eq!(
            marked.status,
            plain.status,
            "{name}: {}",
            text(&marked.stderr)
        );
        assert_eq!(text(&marked.stdout), text(&plain.stdout), "{name}");
        // Every command but the judges ends with a timed summary: the same up to the node
        // count (the time and the rate that follow it vary).
        let untimed = |stderr: &[u8]| text(stderr).split(" nodes, ").next().map(str::to_owned);
        assert_eq!(untimed(&marked.stderr), untimed(&plain.stderr), "{name}");
        if args.get(1) == Some(&"judge") {
            assert_eq!(text(&marked.stderr), "", "{name}");
        }
        snapshot!(name, dancing(args).pass_stdin(with_bom(&input)));
    }
}

#[test]
fn a_batch_mixes_one_line_puzzles_rows_and_pretty_grids() {
    snapshot!(
        "batch_layouts",
        dancing(&["sudoku", "solve", "tests/data/layouts.txt"])
    );
    // Every 9×9 layout is the same puzzle, every 4×4 one too.
    let output = run(&["sudoku", "solve", "tests/data/layouts.txt"], b"");
    let stdout = text(&output.stdout);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), 7, "{stdout}");
    assert!(
        answers[..4]
            .iter()
            .all(|a| *a == answers[0] && a.len() == 81)
    );
    assert!(
        answers[4..]
            .iter()
            .all(|a| *a == answers[4] && a.len() == 16)
    );
    // `check` and `count` read the same layouts.
    let check = run(&["sudoku", "check", "tests/data/layouts.txt"], b"");
    assert_eq!(text(&check.stdout), "unique\n".repeat(7));
    let count = run(&["sudoku", "count", "tests/data/layouts.txt"], b"");
    assert_eq!(text(&count.stdout), "1\n".repeat(7));
}

#[test]
fn a_bad_block_is_answered_once_in_place() {
    let layouts = std::fs::read_to_string(data("layouts.txt")).unwrap();
    // A one-line puzzle a symbol short (followed by a comment), a short row in the 9
    // rows with nothing between the symbols, and a 4×4 block cut short by the end.
    let broken =
        layouts
            .replacen("6..195....", "6..195...", 1)
            .replacen("\n6..195...\n", "\n6..195..\n", 1)
            + "\n1 . . 4\n";
    assert_eq!(broken.lines().count(), layouts.lines().count() + 2);
    snapshot!(
        "batch_layouts_errors",
        dancing(&["sudoku", "solve"]).pass_stdin(broken)
    );
}

#[test]
fn lower_case_letters_give_the_same_answers() {
    let upper = sixteen();
    assert!(upper.bytes().any(|b| b.is_ascii_uppercase()));
    let lower = upper.to_ascii_lowercase();
    let grid = dancing_sudoku::Grid::parse_line(&upper).unwrap();
    let block: String = grid
        .to_block_with(dancing_sudoku::Alphabet::Digits, '.')
        .to_ascii_lowercase();
    let expected = run(&["sudoku", "solve"], format!("{upper}\n").as_bytes());
    assert_eq!(expected.status.code(), Some(0));
    let solution = text(&expected.stdout);
    let input = format!("{lower}\n\n{block}");
    let output = run(&["sudoku", "solve"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), solution.repeat(2));
    // The answer is written in upper case, as always.
    assert!(solution.bytes().any(|b| b.is_ascii_uppercase()));
    assert!(!solution.bytes().any(|b| b.is_ascii_lowercase()));
}
