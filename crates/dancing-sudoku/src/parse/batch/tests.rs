//! The batch reader's unit tests: layouts, mixes, errors and their positions.

use super::*;

/// Each entry's line and either the grid's side or the error's text.
fn read(text: &str) -> Vec<(usize, Result<usize, String>)> {
    Batch::new(text.as_bytes())
        .map(|entry| match entry {
            Ok(puzzle) => (puzzle.line, Ok(puzzle.grid.side())),
            Err(e) => (e.line, Err(e.to_string())),
        })
        .collect()
}

const ONE_LINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const ROWS: &str = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
const SPACED: &str = "5 3 . . 7 . . . .\n6 . . 1 9 5 . . .\n. 9 8 . . . . 6 .\n8 . . . 6 . . . 3\n4 . . 8 . 3 . . 1\n7 . . . 2 . . . 6\n. 6 . . . . 2 8 .\n. . . 4 1 9 . . 5\n. . . . 8 . . 7 9\n";
const PRETTY: &str = "+-------+-------+-------+\n\
    | 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n\
    +-------+-------+-------+\n\
    | 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n\
    +-------+-------+-------+\n\
    | . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n\
    +-------+-------+-------+\n";

#[test]
fn every_layout_reads_the_same_grid() {
    let expected = Grid::parse_line(ONE_LINE).unwrap();
    for text in [ROWS, SPACED, PRETTY] {
        let puzzles: Vec<Puzzle> = Batch::new(text.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(puzzles.len(), 1, "{text}");
        assert_eq!(puzzles[0].grid, expected, "{text}");
    }
}

#[test]
fn layouts_mix_in_one_batch() {
    let text = format!(
        "{ONE_LINE}\n\n{ROWS}\n{ONE_LINE} a comment\n{PRETTY}{ONE_LINE}\n\n1 2 | . .\n. . | . .\n----+----\n. . | . .\n. . | . 1\n\n{SPACED}"
    );
    let got = read(&text);
    let lines: Vec<usize> = got.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, [1, 3, 13, 15, 27, 29, 35]);
    let sides: Vec<usize> = got.into_iter().map(|(_, side)| side.unwrap()).collect();
    assert_eq!(sides, [9, 9, 9, 9, 9, 4, 9]);
}

#[test]
fn a_byte_order_mark_is_skipped_and_columns_start_after_it() {
    let text = format!("\u{feff}{ONE_LINE}\n");
    assert_eq!(read(&text), [(1, Ok(9))]);
    assert_eq!(
        read("\u{feff}# a comment\n1.3...1.2.4...2.\n"),
        [(2, Ok(4))]
    );
    let got = read("\u{feff}11..............\n");
    assert_eq!(
        got,
        [(
            1,
            Err("line 1, column 2: 1 appears twice in row 1: r1c1 and r1c2".to_owned())
        )]
    );
    // Only the first line's is skipped.
    let got = read("1.3...1.2.4...2.\n\u{feff}1.3...1.2.4...2.\n");
    assert_eq!(got[1].0, 2);
    assert!(
        got[1]
            .1
            .as_ref()
            .unwrap_err()
            .contains("unknown symbol `\\u{feff}`")
    );
}

#[test]
fn lower_case_letters_are_values() {
    let side = 16;
    let row = |lower: bool| {
        let symbols = "123456789ABCDEFG";
        let symbols = if lower {
            symbols.to_ascii_lowercase()
        } else {
            symbols.to_owned()
        };
        let mut text = String::new();
        for r in 0..side {
            let row: Vec<String> = (0..side)
                .map(|c| {
                    if r == c {
                        symbols[c..=c].to_owned()
                    } else {
                        ".".to_owned()
                    }
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        text
    };
    let upper: Vec<Puzzle> = Batch::new(row(false).as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    let lower: Vec<Puzzle> = Batch::new(row(true).as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(upper.len(), 1);
    assert_eq!(upper, lower);
    assert_eq!(upper[0].grid.get(15, 15), 16);
}

#[test]
fn the_comment_rule_is_named_when_it_decides() {
    assert_eq!(
        read("5 3 . . 7\n"),
        [(
            1,
            Err("line 1: wrong length: 1 symbol before the space; text after a space is a comment, and a one-line grid has 16, 81, 256, 625 or 1296 symbols; as a row of a block, the line's 5 symbols are not 4, 9, 16, 25 or 36".to_owned())
        )]
    );
    assert_eq!(
        read("12345678\n"),
        [(
            1,
            Err("line 1: wrong length: 8 symbols; a one-line grid has 16, 81, 256, 625 or 1296, a row of a block 4, 9, 16, 25 or 36".to_owned())
        )]
    );
    assert_eq!(
        read("1\n"),
        [(
            1,
            Err("line 1: wrong length: 1 symbol; a one-line grid has 16, 81, 256, 625 or 1296, a row of a block 4, 9, 16, 25 or 36".to_owned())
        )]
    );
}

#[test]
fn a_bad_block_is_one_error_and_the_batch_goes_on() {
    // A short row: the rest of its block is skipped, up to the blank line.
    let bad = ROWS.replacen("6..195...", "6..195..", 1);
    let got = read(&format!("{bad}\n{ONE_LINE}\n"));
    assert_eq!(
        got,
        [
            (
                2,
                Err("line 2: 8 symbols in this row, expected 9".to_owned())
            ),
            (11, Ok(9)),
        ]
    );
    // A block cut short by a blank line, then by a one-line puzzle, then by the end.
    let got = read(&format!("1.3.\n..1.\n\n1.3.\n{ONE_LINE}\n1 . 3 .\n"));
    assert_eq!(
        got,
        [
            (
                3,
                Err("line 3: unexpected end of the grid after 2 rows, expected 4".to_owned())
            ),
            (
                5,
                Err("line 5: unexpected end of the grid after 1 row, expected 4".to_owned())
            ),
            (5, Ok(9)),
            (
                7,
                Err("line 7: unexpected end of the grid after 1 row, expected 4".to_owned())
            ),
        ]
    );
    // A repeated given names the line and column of its second cell.
    let bad = ROWS.replacen("4..8.3..1", "4..8.3..4", 1);
    assert_eq!(
        read(&bad),
        [(
            5,
            Err("line 5, column 9: 4 appears twice in row 5: r5c1 and r5c9".to_owned())
        )]
    );
    let bad = PRETTY.replacen("| 4 . . |", "| 4 . 4 |", 1);
    assert_eq!(
        read(&bad),
        [(
            7,
            Err("line 7, column 7: 4 appears twice in row 5: r5c1 and r5c3".to_owned())
        )]
    );
}

#[test]
fn sixteen_symbols_with_nothing_between_are_one_line() {
    // Values up to 4: a 4×4 puzzle on one line.
    let got = read("1234............\n");
    assert_eq!(got, [(1, Ok(4))]);
    // A value above 4 and no second row: a 4×4 puzzle with a value out of range.
    let out_of_range =
        "line 1, column 5: `5` stands for 5, out of range for a 4×4 grid (values 1 to 4)";
    let got = read("123456789ABCDEFG\n");
    assert_eq!(got, [(1, Err(out_of_range.to_owned()))]);
    // The same, then a 9×9 puzzle: the error, and the puzzle read as it is.
    let got = read(&format!("123456789ABCDEFG\n{}\n", ".".repeat(81)));
    assert_eq!(got, [(1, Err(out_of_range.to_owned())), (2, Ok(9))]);
    // With rows after it: the first row of a 16×16 grid; too few rows are named.
    let got = read("123456789ABCDEFG\nG123456789ABCDEF\n");
    assert_eq!(
        got,
        [(
            3,
            Err("line 3: unexpected end of the grid after 2 rows, expected 16".to_owned())
        )]
    );
}

#[test]
fn a_16x16_grid_typed_as_16_rows_without_spaces_is_read() {
    let line = include_str!("../../../data/gecode_16x16.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    let grid = Grid::parse_line(line).unwrap();
    let rows: String = grid
        .to_string()
        .as_bytes()
        .chunks(16)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    let puzzles: Vec<_> = Batch::new(rows.as_bytes()).collect();
    assert_eq!(puzzles.len(), 1);
    assert_eq!(puzzles[0].as_ref().map(|p| &p.grid), Ok(&grid));
}
