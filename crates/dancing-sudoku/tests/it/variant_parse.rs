//! The jigsaw and killer parsers' errors, each with its exact message, and their batches.

use dancing_sudoku::Variant;
use dancing_sudoku::parse;
use dancing_sudoku::parse::Batch;
use dancing_sudoku::variant::Kind;

#[test]
fn jigsaw_and_killer_parse_errors() {
    let jigsaw = |line: &str| parse::parse_jigsaw(line).unwrap_err().to_string();
    assert_eq!(
        jigsaw("1.......3......."),
        "line 1, column 17: expected 16 region labels after the puzzle, one per cell (a jigsaw is one line: PUZZLE REGIONS)"
    );
    assert_eq!(
        jigsaw("  1.......3....... aabbabbcaddcddc"),
        "line 1, column 20: expected 16 region labels, found 15"
    );
    assert_eq!(
        jigsaw("1.......3....... aabbabbcaddcddcx"),
        "line 1, column 25: region `c` has 3 cells, a 4×4 jigsaw region has 4"
    );
    assert_eq!(
        jigsaw("1.......3..?.... aabbabbcaddcddcc"),
        "line 1, column 12: unknown symbol `?`: expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-`, `*` (and `0` up to 9×9) for an empty cell"
    );
    assert_eq!(jigsaw(""), "line 1: no grid: the input is empty");
    let (grid, regions) =
        parse::parse_jigsaw("1.......3....... aabbabbcaddcddcc # a comment").unwrap();
    assert_eq!((grid.get(2, 0), regions.region_of(3, 3)), (3, 2));

    let grid = ".".repeat(16);
    let killer = |cages: &str| {
        parse::parse_killer(&format!("{grid}\n{cages}"))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        killer("3 r1c1 r1c2\n5 r2c1 r1c2"),
        "line 3, column 8: r1c2 is in cage 1 and in cage 2"
    );
    assert_eq!(
        killer("3 r1c1 r1c2\n8 r2c1 r2c2"),
        "line 3, column 1: cage 2: no 2 distinct digits from 1 to 4 sum to 8"
    );
    assert_eq!(
        killer("3 r1c1 r5c2"),
        "line 2, column 8: cage 1: r5c2 is outside the 4×4 grid"
    );
    assert_eq!(
        killer("3 r1c1 x"),
        "line 2, column 8: `x` is not a cell: write cells as rRcC, 1-based, such as r1c2"
    );
    assert_eq!(
        killer("three r1c1"),
        "line 2, column 1: `three` is not a cage sum: a cage line is `SUM rRcC rRcC …`"
    );
    assert_eq!(
        killer("# none\n  4"),
        "line 3, column 4: a cage needs cells after its sum"
    );
    assert_eq!(
        parse::parse_killer("# only a comment\n")
            .unwrap_err()
            .to_string(),
        "line 1: no grid: the input is empty"
    );
    assert_eq!(
        parse::parse_killer("1.3..\n").unwrap_err().to_string(),
        "line 1: wrong length: 5 symbols; a one-line grid has 16, 81, 256, 625 or 1296"
    );
    // A batch reports a bad puzzle in place and goes on.
    let text = format!("{grid}\n3 r1c1 r1c2\n\n{grid}\n3 r1c1 r1c1\n\n{grid}\n7 r4c3 r4c4\n");
    let results: Vec<_> = Batch::new(text.as_bytes()).variant(Kind::Killer).collect();
    assert_eq!(results.len(), 3);
    assert_eq!(results[0].as_ref().unwrap().line, 1);
    assert_eq!(
        results[1].as_ref().unwrap_err().to_string(),
        "line 5, column 8: r1c1 is twice in cage 1"
    );
    let Variant::Killer(cages) = &results[2].as_ref().unwrap().variant else {
        panic!("a killer");
    };
    assert_eq!(cages[0].cells, [(3, 2), (3, 3)]);
    let jigsaws = format!("# jigsaws\n\n{grid} aabbabbcaddcddcc\n{grid} aabb\n");
    let results: Vec<_> = Batch::new(jigsaws.as_bytes())
        .variant(Kind::Jigsaw)
        .collect();
    assert_eq!(results[0].as_ref().unwrap().line, 3);
    assert_eq!(
        results[1].as_ref().unwrap_err().to_string(),
        "line 4, column 18: expected 16 region labels, found 4"
    );
}
