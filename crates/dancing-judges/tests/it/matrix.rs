//! Hostile input to the HUST 1017 matrix reader: every error path answers with the
//! exact message, line and column, and nothing panics, however odd the bytes.

use dancing_judges::matrix::{MatrixLimits, MatrixReader};

/// The full message of the first error reading `bytes` as a HUST matrix.
fn matrix_error(bytes: &[u8]) -> String {
    MatrixReader::new(bytes)
        .find_map(Result::err)
        .expect("an error")
        .to_string()
}

#[test]
fn matrix_error_paths() {
    assert_eq!(
        matrix_error(b"x"),
        "line 1, column 1: expected the number of rows, found `x`"
    );
    assert_eq!(
        matrix_error(b"2 3\n1 1\n"),
        "line 3, column 1: expected the number of ones in a row, found end of input"
    );
    assert_eq!(
        matrix_error(b"1 0\n"),
        "line 1, column 3: a matrix needs at least one column"
    );
    assert_eq!(
        matrix_error(b"1 2\n3 1 2 1\n"),
        "line 2, column 1: a row with 3 ones in a matrix of 2 columns; expected at most 2"
    );
    assert_eq!(
        matrix_error(b"1 2\n1 3\n"),
        "line 2, column 3: column 3 is out of range; expected 1 to 2"
    );
    assert_eq!(
        matrix_error(b"1 3\n2 1 4\n"),
        "line 2, column 5: column 4 is out of range; expected 1 to 3"
    );
    assert_eq!(
        matrix_error(b"1 3\n2 1 0\n"),
        "line 2, column 5: column 0 is out of range; expected 1 to 3"
    );
    assert_eq!(
        matrix_error(b"1 2\n2 2 2\n"),
        "line 2, column 5: column 2 appears twice in the row"
    );
    assert_eq!(
        matrix_error(b"1 3\n2 2 2\n"),
        "line 2, column 5: column 2 appears twice in the row"
    );
    assert_eq!(
        matrix_error(b"2 x\n"),
        "line 1, column 3: expected the number of columns, found `x`"
    );
    assert_eq!(
        matrix_error(b"-1 2\n"),
        "line 1, column 1: expected the number of rows, found `-1`"
    );
    assert_eq!(
        matrix_error(b"1 99999999999999999999999\n"),
        "line 1, column 3: expected the number of columns, found `99999999999999999999999`"
    );
    assert_eq!(
        matrix_error(b"1 2\n1 \xff\n"),
        "line 2, column 3: expected a column number, found `\u{fffd}`"
    );
    let limits = MatrixLimits {
        max_rows: 10,
        max_columns: 10,
        max_entries: 3,
    };
    let first_error = |text: &[u8]| {
        MatrixReader::with_limits(text, limits)
            .find_map(Result::err)
            .unwrap()
            .to_string()
    };
    assert_eq!(
        first_error(b"11 1\n"),
        "line 1, column 1: too many rows: the limit is 10"
    );
    assert_eq!(
        first_error(b"1 99999999999999999999999\n"),
        "line 1, column 3: expected the number of columns, found `99999999999999999999999`"
    );
    assert_eq!(
        first_error(b"2 5\n2 1 2\n2 3 4\n"),
        "line 3, column 1: too many ones: the limit is 3"
    );
}

#[test]
fn binary_garbage_and_a_10_mb_token() {
    // A fixed pseudo-random stream, and every prefix of it.
    let garbage = dancing_testkit::garbage(4096);
    for end in 0..garbage.len() {
        for _ in MatrixReader::new(&garbage[..end]) {}
    }
    // A 10 MB token costs nothing and is quoted short.
    let long = "x".repeat(10 << 20);
    assert_eq!(
        matrix_error(format!("1 1\n{long}\n").as_bytes()),
        "line 2, column 1: expected the number of ones in a row, found `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…`"
    );
}
