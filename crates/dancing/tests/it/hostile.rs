//! Hostile input to the library's parsers: every error path answers with the
//! exact message, line and column, and nothing panics, however odd the bytes. The
//! formats' error messages are tested here, once.

use dancing::Engine;
use dancing::format::{parse_reader, parse_str};
use dancing::{BuildError, ParseErrorKind, Problem};

/// The full message of parsing `bytes` in Knuth's format, which must fail; read from a
/// string, valid UTF-8 fails the same way.
fn knuth_error(bytes: &[u8]) -> String {
    let message = match parse_reader(bytes) {
        Ok(p) => panic!("parsed into {} options", p.option_count()),
        Err(e) => e.to_string(),
    };
    if let Ok(text) = std::str::from_utf8(bytes) {
        let from_str = parse_str(text).err().map(|e| e.to_string());
        assert_eq!(from_str.as_ref(), Some(&message), "parse_str({text:?})");
    }
    message
}

const MISSING: &str = "expected the item line, found end of input";

#[test]
fn empty_and_blank_inputs() {
    assert_eq!(knuth_error(b""), format!("line 1, column 1: {MISSING}"));
    assert_eq!(knuth_error(b"\n"), format!("line 1, column 1: {MISSING}"));
    assert_eq!(
        knuth_error(b"  \n\t\r\n"),
        format!("line 2, column 1: {MISSING}")
    );
}

#[test]
fn only_comments() {
    assert_eq!(
        knuth_error(b"| a comment\n| another\n"),
        format!("line 2, column 1: {MISSING}")
    );
    assert_eq!(
        knuth_error(b"| no final newline"),
        format!("line 1, column 1: {MISSING}")
    );
    assert_eq!(
        knuth_error(b"| only a comment\n"),
        format!("line 1, column 1: {MISSING}")
    );
    assert_eq!(
        knuth_error(b"| x\n"),
        format!("line 1, column 1: {MISSING}")
    );
    assert_eq!(
        knuth_error(b"| x y\n"),
        format!("line 1, column 1: {MISSING}")
    );
}

#[test]
fn item_line_with_two_bars() {
    assert_eq!(
        knuth_error(b"A | B | C\n"),
        "line 1, column 7: a second `|` on the item line; expected primary items, then `|`, then secondary items"
    );
    assert_eq!(
        knuth_error(b"| comment\n\nA B | x y z |\n"),
        "line 3, column 13: a second `|` on the item line; expected primary items, then `|`, then secondary items"
    );
}

#[test]
fn a_bar_after_blanks_starts_a_comment() {
    // As in Knuth's programs: the first non-blank character decides, so an item line
    // cannot start with `|` and every item line declares a primary item.
    assert_eq!(
        knuth_error(b" | x y\n"),
        format!("line 1, column 1: {MISSING}")
    );
    assert_eq!(
        knuth_error(b"\t|x\n  | y\n"),
        format!("line 2, column 1: {MISSING}")
    );
}

#[test]
fn unknown_and_duplicate_items() {
    assert_eq!(
        knuth_error(b"A B\nA Z\n"),
        "line 2, column 3: unknown item `Z`"
    );
    assert_eq!(
        knuth_error(b"A B | x\nA x:red\nB  y:red\n"),
        "line 3, column 4: unknown item `y`"
    );
    assert_eq!(
        knuth_error(b"A B A\n"),
        "line 1, column 5: duplicate item name `A`"
    );
    assert_eq!(
        knuth_error(b"A B | A\n"),
        "line 1, column 7: duplicate item name `A`"
    );
    assert_eq!(
        knuth_error(b"A B\nA B\nB A  B\n"),
        "line 3, column 6: item `B` appears twice in option 2"
    );
    assert_eq!(
        knuth_error(b"A B\nA B A\n"),
        "line 2, column 5: item `A` appears twice in option 1"
    );
    assert_eq!(
        knuth_error(b"A A\n"),
        "line 1, column 3: duplicate item name `A`"
    );
}

#[test]
fn malformed_tokens_colors_and_costs() {
    assert_eq!(
        knuth_error(b"A | x\nA x:\n"),
        "line 2, column 3: bad token `x:`: expected an item name or `item:color`"
    );
    assert_eq!(
        knuth_error(b"A | x\nA :red\n"),
        "line 2, column 3: bad token `:red`: expected an item name or `item:color`"
    );
    assert_eq!(
        knuth_error(b"A | x\nA x:a:b\n"),
        "line 2, column 3: bad token `x:a:b`: expected an item name or `item:color`"
    );
    assert_eq!(
        knuth_error(b"A | x\n\nA:red x\n"),
        "line 3, column 1: primary item `A` cannot have a color"
    );
    assert_eq!(
        knuth_error(b"A | x\nA:red\n"),
        "line 2, column 1: primary item `A` cannot have a color"
    );
    assert_eq!(
        knuth_error(b"A\nA |x\n"),
        "line 2, column 3: bad cost `|x`: expected `|n` with n a non-negative integer"
    );
    assert_eq!(
        knuth_error(b"A\nA |-1\n"),
        "line 2, column 3: bad cost `|-1`: expected `|n` with n a non-negative integer"
    );
    // Two costs that overflow together: the one that takes the sum past u64::MAX, and
    // why; one number too large alone says the same.
    assert_eq!(
        knuth_error(b"A\nA |18446744073709551615 |1\n"),
        "line 2, column 25: cost `|1` takes the option's cost past 18446744073709551615, the most one option may cost (a solution's total may be larger)"
    );
    assert!(knuth_error(b"A\nA |18446744073709551616\n").starts_with(
        "line 2, column 3: cost `|18446744073709551616` takes the option's cost past"
    ));
    assert_eq!(
        knuth_error(b"a:b\n"),
        "line 1, column 1: invalid item name `a:b`: names are non-empty and contain no white space, `:` or `|`"
    );
}

#[test]
fn non_utf8_is_reported_where_it_starts() {
    assert_eq!(
        knuth_error(b"A\n\xff\n"),
        "line 2, column 1: the input is not valid UTF-8"
    );
    let e = parse_reader(&b"A\n\xff\n"[..]).unwrap_err();
    assert_eq!((e.line, e.kind), (2, ParseErrorKind::NotUtf8));
    // Columns count characters: `é` is one.
    assert_eq!(
        knuth_error(
            "A é\nA é \u{0}"
                .as_bytes()
                .iter()
                .chain(b"\xc3")
                .copied()
                .collect::<Vec<_>>()
                .as_slice()
        ),
        "line 2, column 6: the input is not valid UTF-8"
    );
}

#[test]
fn binary_garbage_never_panics() {
    // A fixed pseudo-random stream, and every prefix of it.
    let garbage = dancing_testkit::garbage(4096);
    assert_eq!(
        knuth_error(&garbage),
        "line 1, column 2: the input is not valid UTF-8"
    );
    for end in 0..garbage.len() {
        let _ = parse_reader(&garbage[..end]);
    }
    // Control characters are fine in names, but escaped when quoted in a message.
    assert_eq!(
        knuth_error(b"\x01 \x02\n\x01 \x1b[2J\n"),
        "line 2, column 3: unknown item `\\u{1b}[2J`"
    );
}

#[test]
fn a_10_mb_line() {
    let long = "x".repeat(10 << 20);
    // As an unknown item: quoted short.
    assert_eq!(
        knuth_error(format!("A B\nA {long}\n").as_bytes()),
        "line 2, column 3: unknown item `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…`"
    );
    // After 10 MB of blanks, the column counts every character before the token.
    let blanks = " ".repeat(10 << 20);
    assert_eq!(
        knuth_error(format!("A | x\nA{blanks}x:\n").as_bytes()),
        format!(
            "line 2, column {}: bad token `x:`: expected an item name or `item:color`",
            2 + blanks.len()
        )
    );
    // As one item name: accepted, and solved.
    let problem = parse_str(&format!("{long}\n{long}\n")).unwrap();
    assert_eq!(dancing::Solver::new(&problem).count(), 1);
    // As a million short options on one line: a repeated item.
    let line = "A ".repeat(5 << 20);
    assert_eq!(
        knuth_error(format!("A\n{line}\n").as_bytes()),
        "line 2, column 3: item `A` appears twice in option 1"
    );
}

#[test]
fn builder_errors_are_typed_and_leave_nothing_behind() {
    let mut b = Problem::builder();
    let a = b.primary("a").unwrap();
    assert_eq!(
        b.primary("a"),
        Err(BuildError::DuplicateItem { name: "a".into() })
    );
    assert_eq!(
        b.primary(""),
        Err(BuildError::InvalidName {
            name: String::new()
        })
    );
    assert_eq!(b.option([]), Err(BuildError::EmptyOption { option: 0 }));
    assert_eq!(b.option([a]).unwrap().index(), 0);
    let p = b.build().unwrap();
    assert_eq!(p.option_count(), 1);
    assert_eq!(
        Problem::builder().build().unwrap_err().to_string(),
        "the problem has no primary item"
    );
}

#[test]
fn parse_errors_expose_line_column_and_kind() {
    for (text, line, column, error) in [
        (
            "A\nA B\n",
            2,
            3,
            BuildError::UnknownItem { name: "B".into() },
        ),
        // Primary items cannot be colored.
        (
            "A | X\nA:red X\n",
            2,
            1,
            BuildError::ColoredPrimary { name: "A".into() },
        ),
    ] {
        let e = parse_str(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text:?}");
        assert_eq!(e.kind, ParseErrorKind::Build(error), "{text:?}");
    }
}
