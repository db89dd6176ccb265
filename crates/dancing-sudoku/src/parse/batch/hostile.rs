//! The hostile run's findings in the batch reader (fifth pass), each its reproduction.

use super::tests::{ONE_LINE, ROWS, read};
use super::*;

/// Each entry's count of solutions, up to 1000, or its error.
fn counts(text: &str, shape: Option<&str>) -> Vec<Result<u64, String>> {
    let mut batch = Batch::new(text.as_bytes());
    if let Some(shape) = shape {
        batch = batch.shape(shape.parse().unwrap());
    }
    batch
        .map(|entry| match entry {
            Ok(puzzle) => Ok(puzzle.position().count_up_to(1000).found()),
            Err(e) => Err(e.to_string()),
        })
        .collect()
}

#[test]
fn h2_rows_of_the_wrong_length_are_no_grid_of_the_shape() {
    let text = "36...\n..1....\n......\n..5.6.\n.4.1..\n...6..\n";
    assert!(counts(text, Some("2x3")).iter().all(Result::is_err));
    // Three rows of 12 are no 6×6 either.
    let twelve = "............\n".repeat(3);
    assert!(counts(&twelve, Some("2x3")).iter().all(Result::is_err));
}

#[test]
fn h4_a_row_of_star_blanks_is_a_row() {
    let text = "****\n.3..\n..4.\n1...\n..1.\n....\n....\n....\n";
    assert_eq!(counts(text, None), [Ok(3), Ok(72)]);
    for row in [
        "*** *** ***",
        "* * * * * * * * *",
        "| * * * | * * * | * * * |",
    ] {
        let text = format!("{row}\n{}", ROWS.split_once('\n').unwrap().1);
        let read = read(&text);
        assert!(matches!(read.as_slice(), [(1, Ok(9))]), "{row}: {read:?}");
    }
    // Dashes apart inside bars: blanks; a run of dashes: a separator.
    let four = "| - - | - - |\n| . 3 | . . |\n|-----+-----|\n| . . | 4 . |\n| 1 . | . . |\n";
    assert_eq!(counts(four, None), [Ok(3)]);
}

#[test]
fn h5_bars_between_other_cells_than_the_boxes_are_an_error() {
    let text = ROWS.replacen("53..7....", "| 5 3   | . 7 . . | . . . |", 1);
    let read = read(&text);
    assert_eq!(
        read[0],
        (
            1,
            Err("line 1: the `|` in this row make boxes 2, 4 and 3 cells wide, and boxes of 3x3 are 3 wide".to_owned())
        )
    );
}

#[test]
fn h9_a_mark_is_one_word_after_a_space() {
    let one = "1.3...1.2.4...2.";
    for text in [
        format!("{one},x"),
        format!("{one}:x"),
        format!("{one},hyper"),
        format!("{one} x marks the spot"),
    ] {
        let puzzle = Batch::new(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(puzzle.variant, Variant::Classic, "{text}");
    }
    let marked = Batch::new(format!("{one} x # an X sudoku").as_bytes())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(marked.variant, Variant::X);
}

#[test]
fn h31_a_16x16_whose_first_row_is_blank() {
    let rows: String = (0..16)
        .map(|r| match r {
            0 => ".".repeat(16),
            _ => format!("{}{}", "G", ".".repeat(15)),
        })
        .map(|row| format!("{row}\n"))
        .collect();
    let read = read(&rows);
    // One 16×16 grid (G twice in column 1: a clash, which names a 16×16).
    assert_eq!(read.len(), 1, "{read:?}");
    assert!(
        read[0]
            .1
            .as_ref()
            .unwrap_err()
            .contains("appears twice in column 1")
    );
    // Sixteen blanks alone, or before a 4×4 puzzle, stay an empty 4×4 grid.
    assert_eq!(counts("................\n", None), [Ok(288)]);
    assert_eq!(
        counts("................\n1.3...1.2.4...2.\n", None),
        [Ok(288), Ok(5)]
    );
}

#[test]
fn h30_a_csv_header_is_skipped_only_before_any_puzzle() {
    let text = format!("quizzes,solutions\n{ONE_LINE}\nquizzes,solutions\n{ONE_LINE}\n");
    let mut batch = Batch::new(text.as_bytes());
    let read: Vec<_> = batch.by_ref().map(|p| p.map(|p| p.line)).collect();
    assert_eq!(read.len(), 3, "{read:?}");
    assert_eq!(read[0], Ok(2));
    assert!(read[1].is_err(), "the second header is no puzzle: {read:?}");
    assert_eq!(read[2], Ok(4));
    assert_eq!(batch.take_header(), Some(1));
}

#[test]
fn title_lines_are_skipped_as_comments() {
    let text = format!("Grid 01\n{ROWS}Puzzle 2\n{ONE_LINE}\nSudoku #3:\n{ONE_LINE}\n");
    let read = read(&text);
    assert_eq!(read, [(2, Ok(9)), (12, Ok(9)), (14, Ok(9))]);
}
