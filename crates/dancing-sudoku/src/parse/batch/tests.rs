//! The batch reader's unit tests: layouts, mixes, errors and their positions.

use super::*;
use crate::position::Position;

/// Each entry's line and either the grid's side or the error's text.
pub(super) fn read(text: &str) -> Vec<(usize, Result<usize, String>)> {
    Batch::new(text.as_bytes())
        .map(|entry| match entry {
            Ok(puzzle) => (puzzle.line, Ok(puzzle.grid.side())),
            Err(e) => (e.line, Err(e.to_string())),
        })
        .collect()
}

pub(super) const ONE_LINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub(super) const ROWS: &str = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
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
            Err("line 1: a row of 8 symbols makes an 8×8 grid, whose boxes have no usual shape: give them (2x4 or 4x2), or draw them with `|`".to_owned())
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

/// Arto Inkala's 2012 puzzle as Sudoku Explainer copies it: framed by `*---*` lines.
const SE_FRAMED: &str = "*-----------*\n|8..|...|...|\n|..3|6..|...|\n|.7.|.9.|2..|\n|---+---+---|\n\
    |.5.|..7|...|\n|...|.45|7..|\n|...|1..|.3.|\n|---+---+---|\n|..1|...|.68|\n|..8|5..|.1.|\n\
    |.9.|...|4..|\n*-----------*\n";
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn a_sudoku_explainer_frame_is_one_puzzle() {
    let puzzles: Vec<Puzzle> = Batch::new(SE_FRAMED.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(puzzles.len(), 1);
    assert_eq!(puzzles[0].grid, Grid::parse_line(INKALA).unwrap());
    assert_eq!(
        (puzzles[0].line, puzzles[0].pencilmarks.is_none()),
        (2, true)
    );
}

#[test]
fn a_one_line_puzzle_with_its_symbols_spaced_apart_is_read() {
    let spaced: String = INKALA.chars().map(|c| format!("{c} ")).collect();
    let puzzles: Vec<Puzzle> = Batch::new(format!("{spaced}\n{INKALA}\n").as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[0].grid, puzzles[1].grid);
    // A clash is placed at its column in the spaced line.
    let clash = format!("1 1{}", " .".repeat(79));
    assert_eq!(
        read(&clash),
        [(
            1,
            Err("line 1, column 3: 1 appears twice in row 1: r1c1 and r1c2".into())
        )]
    );
}

/// A position of Inkala's puzzle, as a pencilmark grid in HoDoKu's layout (written by
/// [`Position::to_pencilmarks`]), with candidates taken away.
fn inkala_position() -> Position {
    let grid = Grid::parse_line(INKALA).unwrap();
    let plain = Position::new(&grid);
    let mut masks = plain.masks().to_vec();
    // r1c2 loses 4, r9c9 loses 3 (each had them; the solution has neither).
    assert!(masks[1] & 8 != 0 && masks[80] & 4 != 0);
    masks[1] &= !8;
    masks[80] &= !4;
    let position = Position::with_candidates(grid, masks).unwrap();
    assert!(position.is_unique());
    position
}

#[test]
fn pencilmark_grids_keep_their_candidates() {
    let position = inkala_position();
    let hodoku = position.to_pencilmarks();
    assert!(hodoku.starts_with(".-") && hodoku.contains(":-") && hodoku.contains("'-"));
    // Sudoku Explainer's layout: `*` corners and `|---+---|` rules.
    let se: String = hodoku
        .lines()
        .map(|line| {
            if line.starts_with(['.', '\'']) {
                format!("*{}*\n", "-".repeat(line.chars().count() - 2))
            } else if line.starts_with(':') {
                format!("|{}|\n", &line[1..line.len() - 1])
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    // Bare rows of tokens, no rules at all.
    let bare: String = hodoku
        .lines()
        .filter(|line| line.starts_with('|'))
        .map(|line| line.replace('|', " ") + "\n")
        .collect();
    for text in [&hodoku, &se, &bare] {
        let puzzles: Vec<Puzzle> = Batch::new(text.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(puzzles.len(), 1, "{text}");
        assert_eq!(puzzles[0].grid, *position.grid(), "{text}");
        assert_eq!(puzzles[0].pencilmarks.as_ref(), Some(&position), "{text}");
        assert!(!position.is_plain());
    }
    // The same text parses as one position.
    assert_eq!(hodoku.parse::<Position>().unwrap(), position);
}

#[test]
fn a_bad_pencilmark_cell_is_one_error() {
    let position = inkala_position();
    let text = position.to_pencilmarks().replacen("469", "4.9", 1);
    assert_ne!(
        text,
        position.to_pencilmarks(),
        "the grid has a cell with 469"
    );
    let got = read(&format!("{text}\n{INKALA}\n"));
    assert_eq!(got.len(), 2, "{got:?}");
    let (_, error) = &got[0];
    assert!(
        error
            .as_ref()
            .unwrap_err()
            .contains(".9` is not a cell of a pencilmark grid"),
        "{got:?}"
    );
    assert_eq!(got[1].1, Ok(9));
}

/// Each puzzle's variant name, or the error.
fn variants(text: &str, kind: Option<Kind>) -> Vec<Result<&'static str, String>> {
    let batch = Batch::new(text.as_bytes());
    let batch = match kind {
        Some(kind) => batch.variant(kind),
        None => batch,
    };
    batch
        .map(|entry| entry.map(|p| p.variant.name()).map_err(|e| e.to_string()))
        .collect()
}

/// A puzzle of one given, which every variant's rules allow.
const ONE: &str =
    "1................................................................................";

#[test]
fn marks_name_the_variant() {
    let jigsaw = "1.......3....... 1122112233443344";
    let text = format!("{ONE} x\n{ONE} hyper\n{jigsaw}\n{INKALA} a comment\n");
    assert_eq!(
        variants(&text, None),
        [Ok("x"), Ok("hyper"), Ok("jigsaw"), Ok("classic")]
    );
    // Inkala's puzzle repeats a 1 on the anti-diagonal and in a window: marked as an X
    // or hyper sudoku, it is a bad input, as a clash in a row is.
    let clashing = format!("{INKALA} x\n{INKALA} hyper\n");
    assert_eq!(
        variants(&clashing, None),
        [
            Err("line 1, column 57: 1 appears twice in the anti-diagonal: r6c4 and r7c3".into()),
            Err("line 2, column 57: 1 appears twice in window 3: r6c4 and r7c3".into())
        ]
    );
    // Told the rules: the marks must agree.
    assert_eq!(
        variants(&text, Some(Kind::X)),
        [
            Ok("x"),
            Err("line 2, column 83: the puzzle is marked as hyper sudoku, not x".into()),
            Err("line 3, column 18: the puzzle is marked as jigsaw sudoku, not x".into()),
            Err("line 4, column 57: 1 appears twice in the anti-diagonal: r6c4 and r7c3".into())
        ]
    );
    let classic = variants(&text, Some(Kind::Classic));
    assert_eq!((classic[0].is_err(), &classic[3]), (true, &Ok("classic")));
    let jigsaws = variants(&text, Some(Kind::Jigsaw));
    assert_eq!(jigsaws[2], Ok("jigsaw"));
    assert_eq!(
        jigsaws[0],
        Err("line 1, column 83: expected 81 region labels, found 1".into())
    );
    assert_eq!(
        variants("1.......3.......\n", Some(Kind::Jigsaw)),
        [Err("line 1, column 17: expected 16 region labels after the puzzle, one per cell (a jigsaw is one line: PUZZLE REGIONS)".into())]
    );
}

#[test]
fn a_solution_after_its_puzzle_is_no_jigsaw() {
    // A solution's values are never next to themselves: no regions.
    let solution =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
    assert_eq!(
        variants(&format!("{INKALA} {solution}\n"), None),
        [Ok("classic")]
    );
}

#[test]
fn pencilmarks_are_classic_only() {
    let text = inkala_position().to_pencilmarks();
    assert_eq!(
        variants(&text, Some(Kind::X)),
        [Err(
            "line 2: pencilmarks are read for classic sudoku only, not x".into()
        )]
    );
}

#[test]
fn fields_after_a_puzzle_are_a_comment() {
    // tdoku's `puzzle:count:solution`, a CSV file's `puzzle,solution` (with `0` for an
    // empty cell), and `;`.
    let solution =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
    let zeros = INKALA.replace('.', "0");
    let text = format!("{INKALA}:1:{solution}\n{zeros},{solution}\n{ONE};x\n{ONE} x\n");
    let puzzles: Vec<Puzzle> = Batch::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(puzzles.len(), 4);
    let inkala = Grid::parse_line(INKALA).unwrap();
    assert!(puzzles[..2].iter().all(|p| p.grid == inkala));
    // A mark after a separator is another field, not a mark; after a space it is.
    assert_eq!(puzzles[2].grid, Grid::parse_line(ONE).unwrap());
    assert_eq!(puzzles[2].variant, Variant::Classic);
    assert_eq!(puzzles[3].variant, Variant::X);
    assert_eq!(Grid::parse_line(&format!("{INKALA}:1")).unwrap(), inkala);
}

#[test]
fn a_candidate_line_is_a_pencilmark_grid() {
    let position = inkala_position();
    // 9 symbols a cell: candidate v in place v.
    let line: String = position
        .masks()
        .iter()
        .zip(position.grid().cells())
        .flat_map(|(&mask, &value)| {
            let mask = if value != 0 { 1 << (value - 1) } else { mask };
            (0..9).map(move |k| {
                if mask >> k & 1 == 1 {
                    char::from(b'1' + k)
                } else {
                    '.'
                }
            })
        })
        .collect();
    assert_eq!(line.len(), 729);
    let puzzles: Vec<Puzzle> = Batch::new(format!("{line}\n").as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(puzzles[0].pencilmarks.as_ref(), Some(&position));
    // A value out of its place is named with its column.
    let bad = format!("2{}", &line[1..]);
    assert_eq!(
        read(&bad),
        [(1, Err("line 1, column 1: `2` in place 1 of a cell of a candidate line (729 symbols, 9 per cell): place 1 holds 1 or `.`".into()))]
    );
}

/// The grids of `text`, as one-line strings, or the errors.
fn grids(text: &str) -> Vec<Result<String, String>> {
    Batch::new(text.as_bytes())
        .map(|entry| entry.map(|p| p.grid.to_string()).map_err(|e| e.to_string()))
        .collect()
}

#[test]
fn the_layouts_people_paste_read_as_the_puzzle() {
    let expected = ONE_LINE.parse::<Grid>().unwrap().to_string();
    let rows: Vec<&str> = ROWS.lines().collect();
    // Blank lines between the bands.
    let banded = format!(
        "{}\n\n{}\n\n{}\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    // Groups of three on a line.
    let grouped: String = rows
        .iter()
        .map(|row| format!("{} {} {}\n", &row[..3], &row[3..6], &row[6..]))
        .collect();
    // A table copied from a web page: tabs between cells, empty cells empty.
    let tabbed: String = rows
        .iter()
        .map(|row| {
            row.chars()
                .map(|c| {
                    if c == '.' {
                        String::new()
                    } else {
                        c.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join("\t")
                + "\n"
        })
        .collect();
    // A space for each empty cell, the trailing ones dropped by an editor.
    let spaced: String = rows
        .iter()
        .map(|row| row.replace('.', " ").trim_end().to_owned() + "\n")
        .collect();
    // `*` for a blank.
    let starred = ONE_LINE.replace('.', "*");
    // A CSV file with its header.
    let csv = format!("quizzes,solutions\n{ONE_LINE},{}\n", "1".repeat(81));
    for text in [banded, grouped, tabbed, spaced, starred, csv] {
        assert_eq!(grids(&text), [Ok(expected.clone())], "{text}");
    }
    let mut batch = Batch::new("puzzle;solution\n".as_bytes());
    assert!(batch.next().is_none());
    assert_eq!(batch.take_header(), Some(1));
    assert_eq!(batch.take_header(), None);
}

#[test]
fn a_grid_of_candidates_points_to_position() {
    let text = "1 2 3 4\n34 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let error = text.parse::<Grid>().unwrap_err();
    assert_eq!(error.kind, PuzzleErrorKind::PencilmarkGrid);
    assert!(error.to_string().contains("Position"), "{error}");
    assert!(text.parse::<Position>().is_ok());
}
