//! Every text form, read and written, and every parse error with its position.

use crate::common;

use dancing_sudoku::{Alphabet, Grid, GridError, PuzzleError, PuzzleErrorKind, Shape};
use proptest::prelude::*;

fn err(result: Result<Grid, PuzzleError>) -> String {
    result.expect_err("should not parse").to_string()
}

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn one_line_form() {
    let grid = Grid::parse_line(INKALA).unwrap();
    assert_eq!(
        (grid.shape(), grid.side(), grid.givens()),
        (Shape::CLASSIC, 9, 21)
    );
    assert_eq!(grid.get(0, 0), 8);
    assert_eq!(grid.get(1, 2), 3);
    assert_eq!(grid.to_string(), INKALA);
    // Every empty symbol, `0` included up to 9×9; a comment after white space.
    let other = INKALA
        .replacen('.', "0", 1)
        .replacen('.', "_", 1)
        .replacen('.', "-", 1);
    assert_eq!(
        Grid::parse_line(&format!("  {other}\tInkala 2012")).unwrap(),
        grid
    );
    // The length gives the order.
    for order in 2usize..=6 {
        let empty = ".".repeat(order.pow(4));
        assert_eq!(Grid::parse_line(&empty).unwrap(), Grid::empty(order));
    }
}

#[test]
fn large_alphabets() {
    let sixteen = common::puzzles("gecode_16x16.txt");
    let first = &sixteen[0];
    assert!(first.to_string().contains('G'));
    assert_eq!(Grid::parse_line(&first.to_string()).unwrap(), *first);
    // 36×36: `1`-`9`, `A`-`Z`, and `0` for 36.
    let solution = Grid::empty(6).solve().unwrap();
    let line = solution.to_string();
    assert!(line.contains('0') && line.contains('Z'));
    assert_eq!(Grid::parse_line(&line).unwrap(), solution);
    assert_eq!(Alphabet::Digits.symbol(36), Some('0'));
    assert_eq!(Alphabet::Letters.symbol(16), Some('P'));
    assert_eq!(Alphabet::Letters.symbol(27), None);
}

#[test]
fn one_line_errors() {
    assert_eq!(
        err(Grid::parse_line(&INKALA[1..])),
        "line 1: wrong length: 80 symbols; a one-line grid has 16, 81, 256, 625 or 1296"
    );
    assert_eq!(
        err(Grid::parse_line("1.3...1....1?...")),
        "line 1, column 13: unknown symbol `?`: expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-`, `*` (and `0` up to 9×9) for an empty cell"
    );
    // Lower case letters are values too.
    assert_eq!(
        err(Grid::parse_line("1.3...1....1x...")),
        "line 1, column 13: `x` stands for 33, out of range for a 4×4 grid (values 1 to 4)"
    );
    // A message that relies on the comment rule says so.
    assert_eq!(
        err(Grid::parse_line("5 3 . . 7 . . . .")),
        "line 1: wrong length: 1 symbol before the space; text after a space is a comment, and a one-line grid has 16, 81, 256, 625 or 1296 symbols"
    );
    // Columns count characters, leading white space included.
    assert_eq!(
        Grid::parse_line("  1.3...1....1é...").unwrap_err().column,
        Some(15)
    );
    assert_eq!(
        err(Grid::parse_line("1.3...1....15...")),
        "line 1, column 13: `5` stands for 5, out of range for a 4×4 grid (values 1 to 4)"
    );
    assert_eq!(
        err(Grid::parse_line(&INKALA.replacen('8', "A", 1))),
        "line 1, column 1: `A` stands for 10, out of range for a 9×9 grid (values 1 to 9)"
    );
    let mut sixteen = ".".repeat(256);
    sixteen.replace_range(20..21, "0");
    assert_eq!(
        err(Grid::parse_line(&sixteen)),
        "line 1, column 21: `0` is not an empty cell in a 16×16 grid; use `.`, `_` or `-`"
    );
    assert_eq!(
        err(Grid::parse_line("   ")),
        "line 1: no grid: the input is empty"
    );
    let e = Grid::parse_line("1.3.?").unwrap_err();
    assert_eq!(
        e.kind,
        PuzzleErrorKind::UnknownSymbol {
            symbol: '?',
            alphabet: Alphabet::Digits
        }
    );
    assert_eq!(
        e.at_line(7).to_string().split(':').next(),
        Some("line 7, column 5")
    );
}

#[test]
fn read_line_reuses_the_grid() {
    let mut grid = Grid::empty(2);
    grid.read_line(INKALA).unwrap();
    assert_eq!(grid, Grid::parse_line(INKALA).unwrap());
    assert!(grid.read_line("12").is_err());
    grid.read_line("1.3...1....13...").unwrap();
    assert_eq!(grid.side(), 4);
}

#[test]
fn blocks() {
    let grid = Grid::parse_line(INKALA).unwrap();
    let block = format!("{grid:#}");
    assert_eq!(
        block,
        "\
8 . . | . . . | . . .
. . 3 | 6 . . | . . .
. 7 . | . 9 . | 2 . .
------+-------+------
. 5 . | . . 7 | . . .
. . . | . 4 5 | 7 . .
. . . | 1 . . | . 3 .
------+-------+------
. . 1 | . . . | . 6 8
. . 8 | 5 . . | . 1 .
. 9 . | . . . | 4 . .
"
    );
    assert_eq!(Grid::parse_block(&block).unwrap(), grid);
    assert_eq!(block.parse::<Grid>().unwrap(), grid);
    // Without spaces, with `+`-less separators, comments and blank lines.
    let plain = "# Inkala 2012\n\n8........\n..36.....\n.7..9.2..\n=========\n.5...7...\n....457..\n...1...3.\n\n..1....68\n..85...1.\n.9....4..\n\n";
    assert_eq!(Grid::parse_block(plain).unwrap(), grid);
    // A line of N dashes is a row of empty cells.
    let dashes = "---------\n".repeat(9);
    assert_eq!(Grid::parse_block(&dashes).unwrap(), Grid::empty(3));
    // Every order round-trips.
    for order in 2..=6 {
        let solution = Grid::empty(order).solve().unwrap();
        let text = solution.to_block_with(Alphabet::Digits, '.');
        assert_eq!(Grid::parse_block(&text).unwrap(), solution);
    }
}

#[test]
fn block_errors() {
    for (input, message) in [
        (
            "1 2 3\n",
            "line 1: 3 symbols in the first row; a row has 4, 9, 16, 25 or 36",
        ),
        (
            "1 2 | 3 4\n3 4 | 1\n",
            "line 2: 3 symbols in this row, expected 4",
        ),
        (
            "1 2 | 3 4\n3 4 | 1 2 1\n",
            "line 2, column 11: 5 symbols in this row, expected 4",
        ),
        (
            "1 2 | 3 4\n3 4 | 1 2\n",
            "line 3: unexpected end of the grid after 2 rows, expected 4",
        ),
        (
            "12.4\n3412\n....\n....\n1234\n",
            "line 5: text after the last row; the grid has 4 rows",
        ),
        (
            "12.4\n3?12\n....\n....\n",
            "line 2, column 2: unknown symbol `?`: expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-`, `*` (and `0` up to 9×9) for an empty cell",
        ),
        (
            "12.4\n3912\n....\n....\n",
            "line 2, column 2: `9` stands for 9, out of range for a 4×4 grid (values 1 to 4)",
        ),
    ] {
        assert_eq!(err(Grid::parse_block(input)), message, "{input:?}");
    }
    assert_eq!(
        err(Grid::parse_block("# nothing\n\n")),
        "line 2: no grid: the input is empty"
    );
}

#[test]
fn rows_of_numbers() {
    let text = common::NOIP_1;
    let grid = Grid::parse_numbers(text).unwrap();
    assert_eq!(grid.get(0, 0), 7);
    assert_eq!(grid.get(8, 8), 2);
    assert_eq!(grid.givens(), 30);
    assert_eq!(grid.to_numbers(), text);
    // `/` ends a row too; `|` and separator lines are ignored.
    let slashed = text.trim_end().replace('\n', " / ");
    assert_eq!(Grid::parse_numbers(&slashed).unwrap(), grid);
    assert_eq!(slashed.parse::<Grid>().unwrap(), grid);
    // Numbers above 9 in larger grids.
    let sixteen = common::puzzles("gecode_16x16.txt").remove(3);
    let numbers = sixteen.to_numbers();
    assert!(numbers.contains("16") || numbers.contains("10"));
    assert_eq!(Grid::parse_numbers(&numbers).unwrap(), sixteen);
    assert_eq!(numbers.parse::<Grid>().unwrap(), sixteen);
    let boxed = "1 0 | 0 0\n0 0 | 0 0\n----+----\n0 0 | 0 0\n0 0 | 0 4\n";
    assert_eq!(Grid::parse_numbers(boxed).unwrap().givens(), 2);
}

#[test]
fn number_errors() {
    for (input, message) in [
        (
            "1 2 3 4\n0 0 x 0\n",
            "line 2, column 5: `x` is not a number",
        ),
        (
            "1 2 3 4\n0 0 5 0\n",
            "line 2, column 5: `5` stands for 5, out of range for a 4×4 grid (values 1 to 4)",
        ),
        (
            "1 2 3 4 / 0 0 0 / 0 0 0 0 / 0 0 0 0",
            "line 1: 3 symbols in this row, expected 4",
        ),
        (
            "1 2 3 4\n0 0 0 0\n",
            "line 3: unexpected end of the grid after 2 rows, expected 4",
        ),
        (
            "1 2 3 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
            "line 5, column 1: text after the last row; the grid has 4 rows",
        ),
        (
            "1 2 3\n",
            "line 1: 3 symbols in the first row; a row has 4, 9, 16, 25 or 36",
        ),
    ] {
        assert_eq!(err(Grid::parse_numbers(input)), message, "{input:?}");
    }
    assert_eq!(
        err(Grid::parse_numbers("1 2 3 99999999999999999999999\n")),
        "line 1, column 7: `99999999999999999999999` stands for 18446744073709551615, out of range for a 4×4 grid (values 1 to 4)"
    );
}

#[test]
fn letters() {
    let sixteen = common::puzzles("gecode_16x16.txt").remove(0);
    let text = sixteen.to_rows_with(Alphabet::Letters, '-');
    assert_eq!(text.lines().count(), 16);
    assert!(text.lines().all(|l| l.len() == 16));
    assert!(!text.contains('.'));
    assert_eq!(Grid::parse_letters(&text).unwrap(), sixteen);
    // The letter alphabet is chosen explicitly: the same text in digits means other values.
    assert_ne!(Grid::parse_block(&text).ok(), Some(sixteen.clone()));
    assert_eq!(
        Grid::parse_line_with(
            &sixteen.to_line_with(Alphabet::Letters, '-'),
            Alphabet::Letters
        )
        .unwrap(),
        sixteen
    );
    assert_eq!(
        err(Grid::parse_letters("AB-D\nE---\n----\n----\n")),
        "line 2, column 1: `E` stands for 5, out of range for a 4×4 grid (values 1 to 4)"
    );
    assert_eq!(
        err(Grid::parse_letters("AB-1\n")),
        "line 1, column 4: unknown symbol `1`: expected a letter `A`-`Z`, or `-`, `.`, `*` for an empty cell"
    );
    let big = "-".repeat(36);
    assert_eq!(
        err(Grid::parse_letters(&big)),
        "line 1: the letter alphabet has 26 symbols, too few for a 36×36 grid"
    );
}

#[test]
fn from_str_errors_name_the_likely_form() {
    for (input, message) in [
        // A single line is the one-line form.
        (
            "123",
            "line 1: wrong length: 3 symbols; a one-line grid has 16, 81, 256, 625 or 1296",
        ),
        (
            "# comment\n\n123",
            "line 3: wrong length: 3 symbols; a one-line grid has 16, 81, 256, 625 or 1296",
        ),
        ("", "line 1: no grid: the input is empty"),
        // Several lines with numbers of two digits: rows of numbers.
        (
            "1 2 3 4\n10 0 0 0\n",
            "line 2, column 1: `10` stands for 10, out of range for a 4×4 grid (values 1 to 4)",
        ),
        // Otherwise a block.
        ("1234\n12\n", "line 2: 2 symbols in this row, expected 4"),
    ] {
        assert_eq!(err(input.parse::<Grid>()), message, "{input:?}");
    }
}

#[test]
fn from_cells() {
    assert_eq!(
        Grid::from_cells(Shape::CLASSIC, vec![0; 81]).unwrap(),
        Grid::empty(3)
    );
    assert_eq!(
        Shape::try_square(7),
        Err(dancing_sudoku::ShapeError::Order(7))
    );
    let four = Shape::square(2);
    assert_eq!(
        Grid::from_cells(four, vec![0; 15]).unwrap_err(),
        GridError::Length {
            shape: four,
            expected: 16,
            found: 15
        }
    );
    assert_eq!(
        Grid::from_cells(four, vec![0; 15]).unwrap_err().to_string(),
        "15 cells given, a grid of 2x2 boxes has 16"
    );
    assert_eq!(
        Grid::from_cells(four, [vec![5], vec![0; 15]].concat())
            .unwrap_err()
            .to_string(),
        "r1c1 holds 5, above the largest value 4"
    );
}

/// Grids of any shape up to 25×25, their cells random (clashes too).
fn any_grid() -> impl Strategy<Value = Grid> {
    let shapes: Vec<Shape> = (4..=25).flat_map(Shape::of_side).collect();
    grid_of(shapes)
}

/// Grids of the square shapes up to 25×25, which every single-grid reader reads.
fn any_square_grid() -> impl Strategy<Value = Grid> {
    grid_of((2..=5).map(Shape::square).collect())
}

fn grid_of(shapes: Vec<Shape>) -> impl Strategy<Value = Grid> {
    proptest::sample::select(shapes).prop_flat_map(|shape| {
        let side = shape.side() as u8;
        proptest::collection::vec(0..=side, shape.cells())
            .prop_map(move |cells| Grid::from_cells(shape, cells).unwrap())
    })
}

/// A conflict found the slow way: every pair of cells of a unit compared.
fn has_conflict_by_pairs(grid: &Grid) -> bool {
    let n = grid.side();
    // The box's rows and columns, worked out here from the side and the shape's text.
    let text = grid.shape().to_string();
    let (rows, cols) = text.split_once('x').unwrap();
    let (rows, cols): (usize, usize) = (rows.parse().unwrap(), cols.parse().unwrap());
    assert_eq!(rows * cols, n);
    let cells: Vec<(usize, usize, u8)> = (0..n * n)
        .map(|k| (k / n, k % n, grid.get(k / n, k % n)))
        .filter(|&(_, _, v)| v != 0)
        .collect();
    cells.iter().enumerate().any(|(i, &(r1, c1, v1))| {
        cells[i + 1..].iter().any(|&(r2, c2, v2)| {
            let same_box = (r1 / rows, c1 / cols) == (r2 / rows, c2 / cols);
            v1 == v2 && (r1 == r2 || c1 == c2 || same_box)
        })
    })
}

proptest! {
    /// The quick check for repeated values (no allocation, up to 25×25) agrees with
    /// comparing every pair of cells, and with the list of conflicts.
    #[test]
    fn validate_finds_every_conflict(grid in any_grid()) {
        let expected = has_conflict_by_pairs(&grid);
        prop_assert_eq!(grid.validate().is_err(), expected);
        prop_assert_eq!(grid.validate().err(), grid.conflicts().first().copied());
    }

    /// The same on grids of few givens, as puzzles are (most have no conflict, and the
    /// quick checks visit only the givens).
    #[test]
    fn validate_finds_every_conflict_among_few_givens(
        shape in proptest::sample::select((2..=5).map(Shape::square).collect::<Vec<_>>()),
        seeds in proptest::collection::vec((0u32..100, 1u8..=25), 625),
        given in 2u32..30,
    ) {
        let side = shape.side() as u8;
        let cells: Vec<u8> = seeds[..shape.cells()]
            .iter()
            .map(|&(roll, v)| if roll < given { (v - 1) % side + 1 } else { 0 })
            .collect();
        let grid = Grid::from_cells(shape, cells).unwrap();
        let expected = has_conflict_by_pairs(&grid);
        prop_assert_eq!(grid.validate().is_err(), expected);
        prop_assert_eq!(grid.validate().err(), grid.conflicts().first().copied());
    }

    /// Lines of 81 symbols, known or not, with or without a comment: the batch reader's
    /// shortcut for plain 9×9 lines reads what the general one-line reader reads.
    #[test]
    fn the_plain_9x9_shortcut_reads_as_the_general_reader(
        symbols in proptest::collection::vec(
            proptest::sample::select(b"123456789.0_-x| ".to_vec()), 81),
        tail in proptest::sample::select(vec!["", " # a comment", "\tname", "5", "\r"]),
    ) {
        use dancing_sudoku::parse::Batch;
        let line = format!("{}{tail}", String::from_utf8(symbols).unwrap());
        let general = Grid::parse_line(&line);
        let batch: Vec<_> = Batch::new(line.as_bytes()).collect();
        match (&general, batch.as_slice()) {
            (Ok(grid), [Ok(puzzle)]) => prop_assert_eq!(&puzzle.grid, grid),
            (Err(expected), [Err(found)]) if is_one_line_form(&line) => {
                prop_assert_eq!(found.to_string(), expected.to_string());
            }
            (Err(_), [Err(_), ..]) => {}
            (general, batch) => prop_assert!(false, "{line:?}: {general:?} but {batch:?}"),
        }
    }

    #[test]
    fn every_form_round_trips(grid in any_square_grid()) {
        prop_assert_eq!(Grid::parse_line(&grid.to_string()).unwrap(), grid.clone());
        prop_assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid.clone());
        prop_assert_eq!(Grid::parse_block(&format!("{grid:#}")).unwrap(), grid.clone());
        prop_assert_eq!(format!("{grid:#}").parse::<Grid>().unwrap(), grid.clone());
        prop_assert_eq!(Grid::parse_numbers(&grid.to_numbers()).unwrap(), grid.clone());
        prop_assert_eq!(grid.to_numbers().parse::<Grid>().unwrap(), grid.clone());
        let letters = grid.to_rows_with(Alphabet::Letters, '-');
        prop_assert_eq!(Grid::parse_letters(&letters).unwrap(), grid.clone());
        let judge = grid.to_rows_with(Alphabet::Digits, '_');
        prop_assert_eq!(Grid::parse_block(&judge).unwrap(), grid);
    }

    #[test]
    fn parsers_never_panic(text in "[0-9A-Za-z.\\-_|+ \n/#]{0,300}") {
        let _ = Grid::parse_line(&text);
        let _ = Grid::parse_block(&text);
        let _ = Grid::parse_numbers(&text);
        let _ = Grid::parse_letters(&text);
        let _ = text.parse::<Grid>();
    }

    #[test]
    fn parsers_never_panic_on_any_text(text in "\\PC{0,200}") {
        let _ = Grid::parse_line(&text);
        let _ = Grid::parse_block(&text);
        let _ = Grid::parse_numbers(&text);
        let _ = text.parse::<Grid>();
    }
}

#[test]
fn every_parser_skips_a_byte_order_mark() {
    let grid = Grid::parse_line(INKALA).unwrap();
    let rows = grid.to_rows_with(Alphabet::Digits, '.');
    let numbers = grid.to_rows_with(Alphabet::Digits, '0').replace("", " ");
    let bom = |text: &str| format!("\u{feff}{text}");
    assert_eq!(Grid::parse_line(&bom(INKALA)).unwrap(), grid);
    assert_eq!(Grid::parse_block(&bom(&rows)).unwrap(), grid);
    assert_eq!(Grid::parse_numbers(&bom(&numbers)).unwrap(), grid);
    assert_eq!(bom(&rows).parse::<Grid>().unwrap(), grid);
    assert_eq!(bom(INKALA).parse::<Grid>().unwrap(), grid);
    let mut reused = Grid::empty(2);
    reused.read_line(&bom(INKALA)).unwrap();
    assert_eq!(reused, grid);
    let letters = Grid::empty(4).solve().unwrap();
    let text = letters.to_rows_with(Alphabet::Letters, '-');
    assert_eq!(Grid::parse_letters(&bom(&text)).unwrap(), letters);
    // Columns count from the first visible character, as without the mark.
    assert_eq!(
        Grid::parse_line(&bom("1.3...1....1?..."))
            .unwrap_err()
            .column,
        Some(13)
    );
    assert_eq!(
        Grid::parse_block(&bom("12?4\n")).unwrap_err().column,
        Some(3)
    );
}

#[test]
fn lower_case_letters_read_as_upper_case() {
    let sixteen = &common::puzzles("gecode_16x16.txt")[0];
    let upper = sixteen.to_string();
    assert!(upper.contains('G'));
    assert_eq!(
        Grid::parse_line(&upper.to_ascii_lowercase()).unwrap(),
        *sixteen
    );
    let rows = sixteen.to_rows_with(Alphabet::Digits, '.');
    assert_eq!(
        Grid::parse_block(&rows.to_ascii_lowercase()).unwrap(),
        *sixteen
    );
    let solution = Grid::empty(6).solve().unwrap();
    let line = solution.to_string();
    assert!(line.contains('Z'));
    assert_eq!(
        Grid::parse_line(&line.to_ascii_lowercase()).unwrap(),
        solution
    );
}

#[test]
fn a_batch_tells_each_layout_from_its_first_line() {
    use dancing_sudoku::parse::Batch;

    let grid = Grid::parse_line(INKALA).unwrap();
    let compact = grid.to_rows_with(Alphabet::Digits, '.');
    let spaced: String = compact
        .lines()
        .map(|row| {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            format!("{}\n", cells.join(" "))
        })
        .collect();
    let four = Grid::parse_line("1.3...1.2.4...2.").unwrap();
    let text = format!(
        "\u{feff}{INKALA}\n\n{compact}\n{spaced}\n# the pretty form\n{}\n{}\n{INKALA}\n1 . | 3 .\n. . | 1 .\n----+----\n2 . | 4 .\n. . | 2 .\n",
        grid.to_block_with(Alphabet::Digits, '.'),
        "1.3...1.2.4...2. a comment"
    );
    let puzzles: Vec<_> = Batch::new(text.as_bytes())
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let grids: Vec<&Grid> = puzzles.iter().map(|p| &p.grid).collect();
    assert_eq!(grids, [&grid, &grid, &grid, &grid, &four, &grid, &four]);
    assert_eq!(puzzles[0].line, 1);
    assert_eq!(puzzles[1].line, 3);
    assert_eq!(puzzles[2].line, 13);
}

/// Whether `line` reads as the one-line form in a batch (its first run of characters
/// has 81 symbols and no `|`), so that its errors match the one-line reader's.
fn is_one_line_form(line: &str) -> bool {
    let token = line.split_whitespace().next().unwrap_or("");
    token.chars().count() == 81 && !token.contains('|')
}
