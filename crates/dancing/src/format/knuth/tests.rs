//! Tests of Knuth's format: reading, writing, errors and their places.

use super::*;
use crate::engine::Engine;

fn err(text: &str) -> (usize, usize, String) {
    let e = parse_str(text).unwrap_err();
    (e.line, e.column, e.kind.to_string())
}

#[test]
fn reads_knuths_toy_problem() {
    let p = parse_str("| toy\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
    assert_eq!(
        (p.item_count(), p.primary_count(), p.option_count()),
        (7, 5, 6)
    );
    assert_eq!(p.format_option(crate::ids::OptionId::new(5)), "D E G");
}

#[test]
fn a_byte_order_mark_is_skipped_and_columns_start_after_it() {
    let p = parse_str("\u{feff}A B\nA\nB\n").unwrap();
    assert_eq!((p.item_count(), p.option_count()), (2, 2));
    assert_eq!(crate::solver::Solver::new(&p).count(), 1);
    // Column 1 is the first visible character, on line 1 as on the others.
    assert_eq!(
        err("\u{feff}A | | B\n"),
        (
            1,
            5,
            "a second `|` on the item line; expected primary items, then `|`, then secondary items"
                .to_owned()
        )
    );
    // Only at the very start: elsewhere it is a character like any other.
    assert_eq!(err("A\n\u{feff}A\n").0, 2);
}

#[test]
fn errors_quote_names_escaped_and_short() {
    let long = "x".repeat(10 << 20);
    let (line, column, message) = err(&format!("A\nA {long}\n"));
    assert_eq!(
        (line, column, message.as_str()),
        (2, 3, "unknown item `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…`")
    );
    assert_eq!(
        err("A\nA \u{1b}[2J\n"),
        (2, 3, "unknown item `\\u{1b}[2J`".into())
    );
}

#[test]
fn reads_and_writes_multiplicities() {
    // Knuth's example from DLX3: `2:3|C`.
    let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let p = parse_str(text).unwrap();
    assert!(p.has_bounds());
    let [a, c] = ["A", "C"].map(|n| p.item_by_name(n).unwrap());
    assert_eq!((p.bounds(a), p.bounds(c)), ((1, 1), (2, 3)));
    assert_eq!(p.bounds(p.item_by_name("X").unwrap()), (0, 1));
    assert_eq!(to_string(&p), text);
    // `v|name` means `v:v`; `1|name` and `1:1|name` are plain.
    let p = parse_str("3|A 1|B 1:1|C 0:2|D\nA B C D\n").unwrap();
    let bounds: Vec<_> = p.items().map(|i| p.bounds(i)).collect();
    assert_eq!(bounds, [(3, 3), (1, 1), (1, 1), (0, 2)]);
    assert_eq!(to_string(&p), "3|A B C 0:2|D\nA B C D\n");
    assert!(!parse_str("1|A 1:1|B\nA B\n").unwrap().has_bounds());
}

#[test]
fn malformed_bounds_are_located() {
    let bad = |t: &str| {
        format!(
            "bad bounds `{t}`: expected `v|name` or `u:v|name` with u and v non-negative integers"
        )
    };
    assert_eq!(err("A x|B\nA\n"), (1, 3, bad("x|B")));
    assert_eq!(err("A  1:|B\nA\n"), (1, 4, bad("1:|B")));
    assert_eq!(err("A 2|\nA\n"), (1, 3, bad("2|")));
    assert_eq!(err("A 1:2:3|B\nA\n"), (1, 3, bad("1:2:3|B")));
    assert_eq!(err("A -1|B\nA\n"), (1, 3, bad("-1|B")));
    assert_eq!(err("A 99999999999|B\nA\n"), (1, 3, bad("99999999999|B")));
    assert_eq!(
        err("A 3:2|B\nA\n"),
        (
            1,
            3,
            "item `B` has lower bound 3 above its upper bound 2".into()
        )
    );
    assert_eq!(
        err("A 0|B\nA\n"),
        (1, 3, "item `B` has upper bound 0".into())
    );
    assert_eq!(
        err("A | x 2|y\nA\n"),
        (
            1,
            7,
            "bounds on secondary item `2|y`: only primary items take `u:v|name`".into()
        )
    );
}

/// What a reading gave: the problem written back and the warnings, or where the
/// error was (line, column).
type Reading = Result<(String, Vec<Warning>), (usize, usize)>;

/// The reader through buffers of every small size, and the whole text at once.
fn read_in_pieces(text: &[u8]) -> Vec<Reading> {
    (1..=19)
        .chain([1 << 16])
        .map(|size| {
            let reader = std::io::BufReader::with_capacity(size, text);
            parse_reader_with_warnings(reader)
                .map(|parsed| (to_string(&parsed.problem), parsed.warnings))
                .map_err(|e| (e.line, e.column))
        })
        .collect()
}

#[test]
fn lines_split_across_buffers_read_as_whole_lines() {
    let good: [&[u8]; 4] = [
        b"\xEF\xBB\xBFA B | x\r\nA x:red\r\n| note\r\n\r\nx:blue\nB |2",
        "p\u{a0}q r\u{2003}|\u{3000}s\np\u{a0}q\nr s\n".as_bytes(),
        "é ü\n  é\t\tü  \n".as_bytes(),
        b"A\n\n\n\nA\n",
    ];
    for text in good {
        let answers = read_in_pieces(text);
        let whole = answers.last().unwrap();
        assert!(whole.is_ok(), "{whole:?}");
        assert!(answers.iter().all(|a| a == whole), "{answers:?}");
    }
    // Non-ASCII blanks separate names, as white space does.
    let p = parse_str("p\u{a0}q\np\u{2003}q\n").unwrap();
    assert_eq!((p.item_count(), p.option_count()), (2, 1));
    let bad: [(&[u8], (usize, usize)); 5] = [
        (b"A B\nA\nB \xFF\n", (3, 3)),
        ("é ü\né ü ö\n".as_bytes(), (2, 5)),
        (b"A B\nA \xC3\n", (2, 3)),
        (b"A B\nA C\nB \xFF\n", (2, 3)),
        (b"\xEF\xBB\xBFA | | B\n", (1, 5)),
    ];
    for (text, at) in bad {
        let answers = read_in_pieces(text);
        assert!(answers.iter().all(|a| *a == Err(at)), "{answers:?}");
    }
}

#[test]
fn round_trips_colors_and_costs() {
    let text = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1 |4\nB X:1\nC Y:1\n";
    let p = parse_str(text).unwrap();
    assert!(p.has_colors() && p.has_costs());
    assert_eq!(to_string(&p), text);
}
