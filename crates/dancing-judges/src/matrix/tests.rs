//! Tests of `matrix`.

use super::*;
use dancing::{Engine, Solver};

fn cases(text: &str) -> Vec<Result<MatrixCase, MatrixError>> {
    MatrixReader::new(text.as_bytes()).collect()
}

#[test]
fn a_byte_order_mark_is_skipped_and_columns_start_after_it() {
    let all = cases("\u{feff}2 2\n1 1\n1 2\n");
    let case = all[0].as_ref().unwrap();
    assert_eq!((case.rows(), case.columns()), (2, 2));
    let e = MatrixReader::new("\u{feff}x 2\n".as_bytes())
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!((e.line, e.column), (1, 1));
    // A byte-order mark split over two reads is still skipped.
    let split = std::io::Read::chain(&b"\xEF"[..], &b"\xBB\xBF1 1\n1 1\n"[..]);
    let reader = dancing::format::skip_bom(std::io::BufReader::with_capacity(1, split)).unwrap();
    assert_eq!(MatrixReader::new(reader).count(), 1);
}

#[test]
fn reads_several_cases_and_maps_rows_back() {
    let text = "3 3\n1 1\n0\n2 2 3\n2 2\n1 1\n1 2\n";
    let all = cases(text);
    assert_eq!(all.len(), 2);
    let first = all[0].as_ref().unwrap();
    assert_eq!((first.rows(), first.columns(), first.line()), (3, 3, 1));
    // The empty row 2 is not an option, so option 1 is row 3.
    assert_eq!(first.problem().option_count(), 2);
    let mut solver = Solver::new(first.problem());
    let solution = solver.first().unwrap();
    assert_eq!(first.rows_of(solution.options()), [1, 3]);
    let second = all[1].as_ref().unwrap();
    assert_eq!(second.line(), 5);
    assert_eq!(Solver::new(second.problem()).count(), 1);
}

#[test]
fn rows_may_span_lines() {
    let all = cases("1 2\n2\n1\n  2");
    let case = all[0].as_ref().unwrap();
    assert_eq!(case.problem().entry_count(), 2);
}

#[test]
fn long_and_binary_tokens_are_quoted_briefly() {
    let mut text = b"1 \xff\xfe".to_vec();
    text.extend(std::iter::repeat_n(b'7', 1 << 20));
    let e = MatrixReader::new(&text[..]).next().unwrap().unwrap_err();
    assert_eq!((e.line, e.column), (1, 3));
    let MatrixErrorKind::Expected { found, .. } = &e.kind else {
        panic!("unexpected {e}")
    };
    assert!(found.starts_with("\u{fffd}") && found.ends_with('…'));
    assert!(found.chars().count() <= 2 * QUOTE_LIMIT);
}

#[test]
fn limits_refuse_before_building() {
    let limits = MatrixLimits {
        max_rows: 2,
        max_columns: 3,
        max_entries: 3,
    };
    let read = |text: &str| {
        MatrixReader::with_limits(text.as_bytes(), limits)
            .next()
            .unwrap()
            .unwrap_err()
            .kind
            .to_string()
    };
    assert_eq!(read("3 1\n"), "too many rows: the limit is 2");
    assert_eq!(read("1 4\n"), "too many columns: the limit is 3");
    assert_eq!(read("2 3\n2 1 2\n2 1 3\n"), "too many ones: the limit is 3");
}

#[test]
fn stops_after_an_error() {
    let mut reader = MatrixReader::new("1 1\nx\n1 1\n1 1\n".as_bytes());
    assert!(reader.next().unwrap().is_err());
    assert!(reader.next().is_none());
}
