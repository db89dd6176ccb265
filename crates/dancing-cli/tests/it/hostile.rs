//! Hostile input through the `dancing` binary: each error path exits 2 with
//! the exact message naming the file, line and column; and for any bytes at all, each
//! front end exits 0 or 2 without a panic.

use std::path::{Path, PathBuf};
use std::process::Output;

use proptest::prelude::*;

use crate::common;

/// A scratch directory for this test binary's input files.
fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-hostile");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Runs the binary in the scratch directory, feeding `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut command = common::dancing();
    command.args(args).current_dir(scratch());
    common::feed(command, stdin)
}

/// Writes `bytes` to `name` in the scratch directory.
fn file(name: &str, bytes: &[u8]) -> String {
    std::fs::write(scratch().join(name), bytes).expect("a scratch file");
    name.to_owned()
}

/// Runs a command that must fail on its input: exit code 2, nothing on stdout, and
/// exactly `message` on stderr.
#[track_caller]
fn fails_with(args: &[&str], stdin: &[u8], message: &str) {
    let output = run(args, stdin);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{args:?}, expecting `{message}`: {stderr}"
    );
    assert_eq!(stderr, format!("error: {message}\n"), "{args:?}");
}

/// The first line of stderr of a command that must exit 2.
#[track_caller]
fn first_error(args: &[&str], stdin: &[u8]) -> String {
    let output = run(args, stdin);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    stderr.lines().next().unwrap_or_default().to_owned()
}

const MISSING_ITEM_LINE: &str = "expected the item line, found end of input";

#[test]
fn xc_empty_input_and_only_comments() {
    let empty = file("empty.dlx", b"");
    fails_with(
        &["xc", &empty],
        b"",
        &format!("empty.dlx: line 1, column 1: {MISSING_ITEM_LINE}"),
    );
    fails_with(
        &["xc"],
        b"| only\n| comments\n",
        &format!("<stdin>: line 2, column 1: {MISSING_ITEM_LINE}"),
    );
}

#[test]
fn xc_item_line_errors() {
    let bars = file("bars.dlx", b"A | B | C\nA\n");
    fails_with(
        &["xc", &bars],
        b"",
        "bars.dlx: line 1, column 7: a second `|` on the item line; expected primary items, then `|`, then secondary items",
    );
    fails_with(
        &["xc", "--count"],
        b"A B A\n",
        "<stdin>: line 1, column 5: duplicate item name `A`",
    );
    // A `|` after blanks starts a comment, as in Knuth's programs.
    fails_with(
        &["xc"],
        b"| x\n  | y z\n",
        &format!("<stdin>: line 2, column 1: {MISSING_ITEM_LINE}"),
    );
}

#[test]
fn xc_option_errors() {
    let unknown = file("unknown.dlx", b"A B\nA\nB Z\n");
    fails_with(
        &["xc", &unknown],
        b"",
        "unknown.dlx: line 3, column 3: unknown item `Z`",
    );
    fails_with(
        &["xc"],
        b"A B | x\nA B A\n",
        "<stdin>: line 2, column 5: item `A` appears twice in option 1",
    );
    fails_with(
        &["xc"],
        b"A | x\nA:red\n",
        "<stdin>: line 2, column 1: primary item `A` cannot have a color",
    );
}

#[test]
fn xc_binary_input() {
    fails_with(
        &["xc"],
        b"A B\n\xff\xfe\n",
        "<stdin>: line 2, column 1: the input is not valid UTF-8",
    );
    // Control characters are escaped in messages.
    fails_with(
        &["xc"],
        b"A\nA \x1b[2J\x07\n",
        "<stdin>: line 2, column 3: unknown item `\\u{1b}[2J\\u{7}`",
    );
    fails_with(
        &["xc", "--matrix"],
        b"1 1\n1 \x1b[31m\n",
        "<stdin>: line 2, column 3: expected a column number, found `\\u{1b}[31m`",
    );
}

#[test]
fn xc_10_mb_line() {
    let mut text = b"A B\nA ".to_vec();
    text.extend(std::iter::repeat_n(b'x', 10 << 20));
    text.push(b'\n');
    let big = file("big.dlx", &text);
    fails_with(
        &["xc", &big],
        b"",
        "big.dlx: line 2, column 3: unknown item `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…`",
    );
}

#[test]
fn missing_files_and_directories() {
    fails_with(
        &["xc", "no-such.dlx"],
        b"",
        "no-such.dlx: cannot open: no such file",
    );
    fails_with(
        &["xc", "--matrix", "no-such.txt"],
        b"",
        "no-such.txt: cannot open: no such file",
    );
    std::fs::create_dir_all(scratch().join("a-directory")).unwrap();
    fails_with(
        &["xc", "a-directory"],
        b"",
        "a-directory: is a directory; expected a file",
    );
    assert_eq!(
        first_error(&["sudoku", "solve", "a-directory"], b""),
        "error: a-directory: is a directory; expected a file"
    );
    assert_eq!(
        first_error(&["sudoku", "solve", "no-such.txt"], b""),
        "error: no-such.txt: cannot open: no such file"
    );
}

#[test]
fn matrix_errors() {
    let truncated = file("truncated.txt", b"6 7\n3 1 4 7\n2 1");
    fails_with(
        &["xc", "--matrix", &truncated],
        b"",
        "truncated.txt: line 3, column 4: expected a column number, found end of input",
    );
    fails_with(
        &["xc", "--matrix"],
        b"1 2\n1 3\n",
        "<stdin>: line 2, column 3: column 3 is out of range; expected 1 to 2",
    );
    // An absurd header is refused before any memory is used.
    fails_with(
        &["xc", "--matrix"],
        b"1 1000000000\n0\n",
        "<stdin>: line 1, column 3: too many columns: the limit is 16777216",
    );
}

#[test]
fn sudoku_wrong_length_symbol_and_conflicting_givens() {
    let short = file("short.txt", b"123\n");
    assert_eq!(
        first_error(&["sudoku", "solve", &short], b""),
        "error: short.txt: line 1: wrong length: 3 symbols; a one-line grid has 16, 81, 256, 625 or 1296, a row of a block 4, 9, 16, 25 or 36"
    );
    let puzzle = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534";
    assert_eq!(
        first_error(&["sudoku", "solve"], format!("{puzzle}X\n").as_bytes()),
        "error: <stdin>: line 1, column 81: `X` stands for 33, out of range for a 9×9 grid (values 1 to 9)"
    );
    assert_eq!(
        first_error(&["sudoku", "solve"], b"1.3...1....13..5\n"),
        "error: <stdin>: line 1, column 16: `5` stands for 5, out of range for a 4×4 grid (values 1 to 4)"
    );
    assert_eq!(
        first_error(
            &["sudoku", "solve"],
            format!("2{}.\n", &puzzle[1..]).as_bytes()
        ),
        "error: <stdin>: line 1, column 2: 2 appears twice in row 1: r1c1 and r1c2"
    );
    // The bad line is answered in place; the good lines around it are solved.
    let output = run(
        &["sudoku", "solve"],
        format!("{puzzle}.\n123\n{puzzle}.\n").as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
}

#[test]
fn judges_on_truncated_and_wrong_inputs() {
    // (judge, input, the whole error message)
    let cases: [(&str, &[u8], &str); 6] = [
        (
            "sicily",
            b"1\n7_9__2___\n3_____891\n".as_slice(),
            "<stdin>: line 4: unexpected end of the grid after 2 rows, expected 9",
        ),
        (
            "sicily",
            b"2\n7_9__2___\n3_____891\n___39___4\n48__6____\n__5___6__\n____4__23\n2___57___\n568_____7\n___8__4_2\n".as_slice(),
            "<stdin>: line 11: unexpected end of input: expected puzzle 2",
        ),
        (
            "sicily",
            b"many\n".as_slice(),
            "<stdin>: line 1: expected the number of puzzles, found `many`",
        ),
        (
            "poj3076",
            b"ABC\n".as_slice(),
            "<stdin>: line 1: 3 symbols in this row, expected 16",
        ),
        (
            "noip",
            b"0 0 0\n".as_slice(),
            "<stdin>: line 1: 3 symbols in this row, expected 9",
        ),
        (
            "poj3074",
            b"22738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n".as_slice(),
            "<stdin>: line 1: puzzle 1 has no solution; poj3074 puzzles always have one",
        ),
    ];
    for (judge, stdin, message) in cases {
        fails_with(&["sudoku", "judge", judge], stdin, message);
    }
}

// ------------------------------------------------------------------ any bytes at all

/// Lines of tokens from `vocabulary`, so inputs come close to each format's grammar
/// (random bytes alone are rejected on the first line).
fn near_valid(vocabulary: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    let token = prop::sample::select(vocabulary);
    let line = prop::collection::vec(token, 0..18).prop_map(|t| t.concat());
    prop::collection::vec(line, 0..12).prop_map(|lines| lines.join("\n").into_bytes())
}

fn input_for(args: &[&str]) -> BoxedStrategy<Vec<u8>> {
    let vocabulary: &'static [&'static str] = match args {
        ["xc", "--count"] => &[
            "A", "B", "C", "x", "y", " ", " ", "|", "|2", ":", ":r", "é", "\t", "\0",
        ],
        ["xc", "--matrix"] => &[
            "0",
            "1",
            "2",
            "3",
            "7",
            " ",
            " ",
            "\n",
            "x",
            "-1",
            "99999999999",
        ],
        // Short enough for a 4×4 grid now and then.
        ["sudoku", "solve"] | ["sudoku", "judge", "poj3074"] => &[
            "1", "2", "3", "4", ".", "0", "..", "....", "12", "34", "x", " ", "end",
        ],
        ["sudoku", "judge", "sicily"] => &["1", "2", "_", "_", "5", "9", "___", "123", "\r", " "],
        ["sudoku", "judge", "noip"] => &["0 ", "1 ", "9 ", "5 ", "0", "/", " ", "x"],
        ["sudoku", "judge", "poj3076"] => &["A", "B", "P", "-", "----", "AB", "Q", " ", "\r"],
        other => panic!("no vocabulary for `{}`", other.join(" ")),
    };
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..400),
        near_valid(vocabulary),
    ]
    .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_front_end_exits_0_or_2_without_a_panic(
        (front_end, input) in (0..common::FRONT_ENDS.len()).prop_flat_map(|k| (Just(k), input_for(common::FRONT_ENDS[k])))
    ) {
        let args = common::FRONT_ENDS[front_end];
        let output = run(args, &input);
        let stderr = String::from_utf8_lossy(&output.stderr);
        prop_assert!(
            matches!(output.status.code(), Some(0 | 2)),
            "{:?}: {:?}\n{}", args, output.status, stderr
        );
        prop_assert!(!stderr.contains("panicked"), "{:?}: {}", args, stderr);
        if output.status.code() == Some(2) {
            prop_assert!(stderr.starts_with("error: "), "{:?}: {}", args, stderr);
        }
    }
}

#[test]
fn after_a_byte_order_mark_columns_count_from_the_first_visible_character() {
    fails_with(
        &["xc"],
        b"\xEF\xBB\xBFA B | C | D\nA\n",
        "<stdin>: line 1, column 9: a second `|` on the item line; expected primary items, then `|`, then secondary items",
    );
    fails_with(
        &["xc", "--matrix"],
        b"\xEF\xBB\xBFx 2\n",
        "<stdin>: line 1, column 1: expected the number of rows, found `x`",
    );
    assert_eq!(
        first_error(&["sudoku", "solve"], b"\xEF\xBB\xBF1.3...1....1?...\n"),
        "error: <stdin>: line 1, column 13: unknown symbol `?`: expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-`, `*` (and `0` up to 9×9) for an empty cell"
    );
    fails_with(
        &["sudoku", "judge", "poj3074"],
        b"\xEF\xBB\xBF?\n",
        "<stdin>: line 1, column 1: unknown symbol `?`: expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-`, `*` (and `0` up to 9×9) for an empty cell",
    );
}

#[test]
fn sudoku_messages_name_the_comment_rule_and_count_right() {
    // Text after a space is a comment: a message that relies on it says so.
    assert_eq!(
        first_error(&["sudoku", "solve"], b"5 3 . . 7\n"),
        "error: <stdin>: line 1: wrong length: 1 symbol before the space; text after a space is a comment, and a one-line grid has 16, 81, 256, 625 or 1296 symbols; as a row of a block, the line's 5 symbols are not 4, 9, 16, 25 or 36"
    );
    assert_eq!(
        first_error(&["sudoku", "solve"], b"1\n"),
        "error: <stdin>: line 1: wrong length: 1 symbol; a one-line grid has 16, 81, 256, 625 or 1296, a row of a block 4, 9, 16, 25 or 36"
    );
    assert_eq!(
        first_error(
            &["sudoku", "check"],
            b"5 3 . . 7 . . . .\n6 . . 1 9 5 . . .\n6\n"
        ),
        "error: <stdin>: line 3: 1 symbol in this row, expected 9"
    );
    assert_eq!(
        first_error(&["sudoku", "count"], b"5 3 . . 7 . . . .\n\n"),
        "error: <stdin>: line 2: unexpected end of the grid after 1 row, expected 9"
    );
}

/// Options without a primary item are left out with one warning each (ten at most, then
/// a count), and the search goes on: exit code 0, even with `--quiet`, which silences
/// only the summary.
#[test]
fn xc_ignored_options_warn_and_solve() {
    let name = file("ignored.dlx", b"A B | x\nx\nA\n| comment\nx\nB x\n");
    let output = run(&["xc", "-q", &name], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "warning: ignored.dlx: line 2: option ignored (no primary items)\n\
         warning: ignored.dlx: line 5: option ignored (no primary items)\n"
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), "A\nB x\n");

    let mut many = b"A | x\nA\n".to_vec();
    for _ in 0..12 {
        many.extend_from_slice(b"x\n");
    }
    let output = run(&["xc", "--count", "-q"], &many);
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 11, "{stderr}");
    assert_eq!(
        lines[0],
        "warning: <stdin>: line 3: option ignored (no primary items)"
    );
    assert_eq!(
        lines[9],
        "warning: <stdin>: line 12: option ignored (no primary items)"
    );
    assert_eq!(lines[10], "warning: <stdin>: 2 more warnings not shown");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n");
}

/// Option numbers count the options kept, as Knuth's programs number them: `--split`
/// prints them and `--prefix` reads them, and an ignored option takes no number.
#[test]
fn xc_option_numbers_skip_ignored_options() {
    let input = b"A B | x\nx\nA\nx\nB\nA B\n";
    let output = run(&["xc", "-q", "--split", "1"], input);
    assert_eq!(output.status.code(), Some(0));
    // Item A branches first: option 1 (`A`, line 3) and option 3 (`A B`, line 6).
    assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n3\n");
    let output = run(&["xc", "-q", "--prefix", "1"], input);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "A\nB\n");
    let output = run(&["xc", "-q", "--prefix", "3"], input);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "A B\n");
}
