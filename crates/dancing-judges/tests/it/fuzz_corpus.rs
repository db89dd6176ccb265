//! Replays the committed fuzz regression inputs of the judges' targets
//! (`fuzz/regressions/matrix/` and `judges/`) through the fuzz targets' own checks, on
//! stable, without libFuzzer.

crate::replay::replay_tests! {
    matrix_inputs: "matrix" => crate::matrix_fuzz::check;
    judge_inputs: "judges" => crate::judges_fuzz::check;
}

#[test]
fn a_long_sicily_count_is_quoted_short() {
    // Found by the judges target: the count line was echoed whole.
    let input = format!("{}\n", "\u{1}".repeat(10_000));
    let e = dancing_judges::sicily(&input).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "line 1: expected the number of puzzles, found `{}…`",
            "\\u{1}".repeat(32)
        )
    );
}
