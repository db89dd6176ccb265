//! The online-judge front ends on the judges' samples, and their errors.

use crate::common;

use dancing_judges::{self as judge, Judge, JudgeError};
use dancing_sudoku::{Alphabet, Grid, Limits, Solve, StopReason, SudokuSolver};

const SICILY_INPUT: &str = "3
________4
1____9_7_
__37_28__
____7_26_
4_______8
_91_6____
__42_36__
_3_14___9
9________
7_9__2___
3_____891
___39___4
48__6____
__5___6__
____4__23
2___57___
568_____7
___8__4_2
82_______
___5__2__
__6_4_7__
_5___1_7_
9_2_5_4_1
_3_8_6_9_
__3_6_1__
__5__2___
_______34
";

const SICILY_OUTPUT: &str = "Puzzle 1 has 6 solutions

Puzzle 2 solution is
719482365
324675891
856391274
482563719
135729648
697148523
243957186
568214937
971836452

Puzzle 3 has no solution
";

#[test]
fn sicily_sample() {
    assert_eq!(judge::sicily(SICILY_INPUT).unwrap(), SICILY_OUTPUT);
    // Windows line endings, blank lines between puzzles.
    let crlf = SICILY_INPUT
        .replace("\n9________\n", "\n9________\n\n")
        .replace('\n', "\r\n");
    assert_eq!(judge::sicily(&crlf).unwrap(), SICILY_OUTPUT);
    assert_eq!(Judge::Sicily.run(SICILY_INPUT).unwrap(), SICILY_OUTPUT);
}

#[test]
fn a_limit_stops_a_judge_and_keeps_the_answers_before() {
    // Puzzle 2 of the sample, then an empty grid: counting 10,000 of its solutions takes
    // more than 5,000 nodes.
    let second: Vec<&str> = SICILY_INPUT.lines().skip(10).take(9).collect();
    let input = format!("2\n{}\n{}", second.join("\n"), "_________\n".repeat(9));
    let limits = Limits::max_nodes(5_000);
    let expected_output = SICILY_OUTPUT
        .split("\n\n")
        .nth(1)
        .unwrap()
        .replace("Puzzle 2", "Puzzle 1")
        + "\n";
    let Err(JudgeError::Stopped {
        line: 11,
        puzzle: 2,
        stopped,
        output,
        best_so_far: None,
    }) = Judge::Sicily.run_with(&input, &limits)
    else {
        panic!("not stopped at puzzle 2");
    };
    assert_eq!(output, expected_output);
    assert_eq!(stopped.reason, StopReason::NodeLimit);
    assert!(stopped.stats.nodes >= 5_000, "{stopped:?}");

    // NOIP stops with the best score found so far, which a solution reaches.
    let empty = "0 0 0 0 0 0 0 0 0\n".repeat(9);
    let error = Judge::Noip.run_with(&empty, &limits).unwrap_err();
    let JudgeError::Stopped {
        line: 1,
        puzzle: 1,
        stopped,
        best_so_far: Some(score),
        ..
    } = error
    else {
        panic!("not stopped by the node limit: {error:?}");
    };
    assert_eq!(stopped.reason, StopReason::NodeLimit);
    assert!((2500..=4000).contains(&score), "{score}");
    assert_eq!(
        error.to_string(),
        format!(
            "line 1: puzzle 1: the search stopped (node limit); the best score found so far is {score}, not proven the highest"
        )
    );
    // Without limits the judges answer as before.
    assert_eq!(
        Judge::Sicily
            .run_with(SICILY_INPUT, &Limits::none())
            .unwrap(),
        SICILY_OUTPUT
    );
}

#[test]
fn sicily_errors() {
    let e = |input: &str| judge::sicily(input).unwrap_err().to_string();
    assert_eq!(
        e("three\n"),
        "line 1: expected the number of puzzles, found `three`"
    );
    assert_eq!(e(""), "line 1: expected the number of puzzles, found ``");
    let two = SICILY_INPUT.replacen('3', "4", 1);
    assert_eq!(
        e(&two),
        "line 29: unexpected end of input: expected puzzle 4"
    );
    let truncated: String = SICILY_INPUT
        .lines()
        .take(25)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        e(&truncated),
        "line 26: unexpected end of the grid after 6 rows, expected 9"
    );
    let bad = SICILY_INPUT.replacen("1____9_7_", "1____9_7", 1);
    assert_eq!(e(&bad), "line 3: 8 symbols in this row, expected 9");
    let bad = SICILY_INPUT.replacen("1____9_7_", "1____9_7?", 1);
    assert_eq!(
        e(&bad),
        "line 3, column 9: unknown symbol `?`: expected `1`-`9`, `A`-`Z` (or `a`-`z`), or `.`, `_`, `-`, `*` (and `0` up to 9×9) for an empty cell"
    );
    let mut blank = String::from("1\n");
    blank.push_str(&"_________\n".repeat(9));
    assert_eq!(
        e(&blank),
        "line 2: puzzle 1 has 10000 solutions or more; Sicily 1317 promises fewer"
    );
    assert_eq!(
        e(&format!("{SICILY_INPUT}123\n")),
        "line 29: text after the last puzzle"
    );
}

#[test]
fn noip_samples() {
    assert_eq!(judge::noip(common::NOIP_1).unwrap(), "2829\n");
    assert_eq!(judge::noip(common::NOIP_2).unwrap(), "2852\n");
    let conflict = common::NOIP_1.replacen("7 0 0 9", "7 7 0 9", 1);
    assert_eq!(judge::noip(&conflict).unwrap(), "-1\n");
    assert_eq!(
        judge::noip("1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n")
            .unwrap_err()
            .to_string(),
        "line 1: the noip judge takes 9×9 puzzles, this one is 4×4"
    );
    assert_eq!(
        judge::noip(&common::NOIP_1.replacen("0 8 0 5", "0 8 0 x", 1))
            .unwrap_err()
            .to_string(),
        "line 9, column 7: `x` is not a number"
    );
}

#[test]
fn poj3074_sample() {
    let input = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.
......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.
end
";
    let output = judge::poj3074(input).unwrap();
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines[0],
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341"
    );
    assert_eq!(
        lines[1],
        "416837529982465371735129468571298643293746185864351297647913852359682714128574936"
    );
    assert_eq!(lines.len(), 2);
    for (puzzle, solution) in input.lines().zip(&lines) {
        let puzzle = Grid::parse_line(puzzle).unwrap();
        assert!(Grid::parse_line(solution).unwrap().is_solution_of(&puzzle));
    }
    // Without `end`, the input ends the list.
    assert_eq!(
        judge::poj3074(input.trim_end_matches("end\n")).unwrap(),
        output
    );
    let e = |input: &str| judge::poj3074(input).unwrap_err().to_string();
    assert_eq!(
        e(
            "55...............................................................................\nend\n"
        ),
        "line 1: puzzle 1 has no solution; poj3074 puzzles always have one"
    );
    assert_eq!(
        e("................\nend\n"),
        "line 1: the poj3074 judge takes 9×9 puzzles, this one is 4×4"
    );
    assert_eq!(
        e(&format!("{input}more\n")),
        "line 4: text after the last puzzle"
    );
}

#[test]
fn poj3076_sample() {
    let input = "--A----C-----O-I
-J--A-B-P-CGF-H-
--D--F-I-E----P-
-G-EL-H----M-J--
----E----C--G---
-I--K-GA-B---E-J
D-GP--J-F----A--
-E---C-B--DP--O-
E--F-M--D--L-K-A
-C--------O-I-L-
H-P-C--F-A--B---
---G-OD---J----H
K---J----H-A-P-L
--B--P--E--K--A-
-H--B--K--FI-C--
--F---C--D--H-N-
";
    let output = judge::poj3076(input).unwrap();
    let puzzle = Grid::parse_letters(input).unwrap();
    let solution = Grid::parse_letters(&output).unwrap();
    assert!(solution.is_solution_of(&puzzle));
    assert!(SudokuSolver::new().is_unique(&puzzle));
    assert_eq!(
        output,
        "FPAHMJECNLBDKOGI
OJMIANBDPKCGFLHE
LNDKGFOIJEAHMBPC
BGCELKHPOFIMAJDN
MFHBELPOACKJGNID
CILNKDGAHBMOPEFJ
DOGPIHJMFNLECAKB
JEKAFCNBGIDPLHOM
EBOFPMIJDGHLNKCA
NCJDHBAEKMOFIGLP
HMPLCGKFIAENBDJO
AKIGNODLBPJCEFMH
KDEMJIFNCHGAOPBL
GLBCDPMHEONKJIAF
PHNOBALKMJFIDCEG
IAFJOECGLDPBHMNK
"
    );
    // Several puzzles, separated by blank lines; the answers too.
    let name = "gecode_16x16.txt";
    let gecode = dancing_testkit::sudoku::puzzles(&common::data(name), name);
    let mut many = String::new();
    let mut expected = String::new();
    for (k, p) in gecode.iter().take(3).enumerate() {
        if k > 0 {
            many.push('\n');
            expected.push('\n');
        }
        many.push_str(&p.to_rows_with(Alphabet::Letters, '-'));
        expected.push_str(&p.solve().unwrap().to_rows_with(Alphabet::Letters, '-'));
    }
    assert_eq!(judge::poj3076(&many).unwrap(), expected);
    assert_eq!(judge::poj3076("").unwrap(), "");
    let e = |input: &str| judge::poj3076(input).unwrap_err().to_string();
    let short: String = input.lines().take(10).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        e(&short),
        "line 11: unexpected end of the grid after 10 rows, expected 16"
    );
    assert_eq!(
        e(&input.replacen("--A-", "--A1", 1)),
        "line 1, column 4: unknown symbol `1`: expected a letter `A`-`Z`, or `-`, `.`, `*` for an empty cell"
    );
    assert_eq!(
        e(&input.replacen("--A-", "--AQ", 1)),
        "line 1, column 4: `Q` stands for 17, out of range for a 16×16 grid (values 1 to 16)"
    );
    assert_eq!(
        e(&input.replacen("--A-", "A-A-", 1)),
        "line 1: puzzle 1 has no solution; poj3076 puzzles always have one"
    );
}

#[test]
fn judge_names() {
    for judge in Judge::ALL {
        assert_eq!(judge.name().parse::<Judge>(), Ok(judge));
        assert_eq!(judge.to_string(), judge.name());
    }
    assert_eq!("UVa1309".parse::<Judge>(), Ok(Judge::Poj3076));
    assert_eq!(
        "hust".parse::<Judge>().unwrap_err().to_string(),
        "unknown judge `hust`: expected sicily, noip, poj3074, poj3076 or hdu4069"
    );
    let error = judge::sicily("x").unwrap_err();
    assert_eq!(error.line(), 1);
    assert!(matches!(error, JudgeError::BadCount { .. }));
}

#[test]
fn every_judge_skips_a_byte_order_mark() {
    // POJ 3076 in its own alphabet: upper case letters only.
    let solved = Grid::empty(4).solve().unwrap();
    let mut puzzle = solved.clone();
    puzzle.set(0, 0, 0);
    let poj3076 = puzzle.to_rows_with(Alphabet::Letters, '-');
    let poj3074 =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\nend\n";
    let inputs = [
        (Judge::Sicily, SICILY_INPUT),
        (Judge::Noip, common::NOIP_1),
        (Judge::Poj3074, poj3074),
        (Judge::Poj3076, poj3076.as_str()),
    ];
    for (judge, input) in inputs {
        let plain = judge.run(input).unwrap();
        assert_eq!(
            judge.run(&format!("\u{feff}{input}")).unwrap(),
            plain,
            "{judge}"
        );
    }
    assert_eq!(
        Judge::Poj3076.run(&poj3076).unwrap(),
        solved.to_rows_with(Alphabet::Letters, '-')
    );
    // Columns count from the first visible character.
    assert_eq!(
        judge::noip(&format!("\u{feff}x{}", &common::NOIP_1[1..]))
            .unwrap_err()
            .to_string(),
        "line 1, column 1: `x` is not a number"
    );
    // Lower case is no letter of POJ 3076's alphabet.
    let error = Judge::Poj3076
        .run(&poj3076.to_ascii_lowercase())
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("line 1, column 2: unknown symbol `")
            && error.ends_with("expected a letter `A`-`Z`, or `-`, `.`, `*` for an empty cell"),
        "{error}"
    );
}

/// The sample of HDU 4069 "Squiggly Sudoku" (Asia Fuzhou Regional Contest 2011 online),
/// from the problem statement, with its expected output.
const HDU4069_INPUT: &str = "2
144 18 112 208 80 25 54 144 48
135 38 147 80 121 128 97 130 32
137 32 160 144 114 167 208 0 32
192 100 160 160 208 96 183 192 101
209 80 39 192 86 48 136 80 114
152 48 226 144 112 160 160 149 48
128 0 112 166 215 96 160 128 41
128 39 153 32 209 80 101 136 35
192 96 200 67 80 112 208 68 96

144 48 144 81 81 16 53 144 48
128 96 224 144 48 128 103 128 38
163 208 80 0 37 224 209 0 32
135 48 176 192 64 112 176 192 104
192 101 128 89 80 82 32 150 48
149 48 224 208 16 48 224 192 33
128 0 114 176 135 0 80 112 169
137 32 148 32 192 96 176 144 32
192 96 193 64 80 80 96 192 96
";

const HDU4069_OUTPUT: &str = "Case 1:
521439678
763895124
984527361
346182795
157964832
812743956
235678419
479216583
698351247
Case 2:
No solution
";

#[test]
fn hdu4069_sample() {
    assert_eq!(judge::hdu4069(HDU4069_INPUT).unwrap(), HDU4069_OUTPUT);
    assert_eq!(
        Judge::Hdu4069
            .run(&HDU4069_INPUT.replace('\n', "\r\n"))
            .unwrap(),
        HDU4069_OUTPUT
    );
    assert_eq!("hdu4069".parse::<Judge>().unwrap(), Judge::Hdu4069);
    assert_eq!(Judge::Hdu4069.to_string(), "hdu4069");
}

#[test]
fn hdu4069_multiple_solutions() {
    // Case 1 with every given but the 1-based first row's emptied: the regions and rows
    // below then no longer pin the first row.
    let mut lines: Vec<String> = HDU4069_INPUT.lines().map(str::to_owned).collect();
    lines[0] = "1".to_owned();
    let emptied: Vec<String> = (1..=9)
        .map(|k| {
            lines[k]
                .split(' ')
                .map(|t| (t.parse::<u16>().unwrap() & !15).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let input = format!("1\n{}\n", emptied.join("\n"));
    assert_eq!(
        judge::hdu4069(&input).unwrap(),
        "Case 1:\nMultiple Solutions\n"
    );
}

#[test]
fn hdu4069_errors_name_the_case() {
    let err = |input: &str| judge::hdu4069(input).unwrap_err().to_string();
    let case1: Vec<&str> = HDU4069_INPUT.lines().skip(1).take(9).collect();
    // A wall removed on one side only.
    let mut bad = case1.clone();
    let first_row = bad[0].replacen("144 18", "144 146", 1);
    bad[0] = &first_row;
    assert_eq!(
        err(&format!("2\n{}\n\n{}\n", case1.join("\n"), bad.join("\n"))),
        "line 12: case 2: the wall between r1c1 and r1c2 is on one side only"
    );
    assert_eq!(
        err("x\n"),
        "line 1: expected the number of puzzles, found `x`"
    );
    assert_eq!(
        err(&format!("2\n{}\n", case1.join("\n"))),
        "line 11: unexpected end of input: expected puzzle 2"
    );
    let short = format!("1\n{}\n", case1[..8].join("\n"));
    assert_eq!(
        err(&short),
        "line 10: unexpected end of the grid after 8 rows, expected 9"
    );
    let mut digit = case1.clone();
    let row = digit[0].replacen("144", "154", 1);
    digit[0] = &row;
    assert_eq!(
        err(&format!("1\n{}\n", digit.join("\n"))),
        "line 2, column 1: `154` stands for 10, out of range for a 9×9 grid (values 1 to 9)"
    );
    assert_eq!(
        err(&format!("1\n{}\nmore\n", case1.join("\n"))),
        "line 11: text after the last puzzle"
    );
}
