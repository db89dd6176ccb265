//! Replays the committed fuzz regression inputs (`fuzz/regressions/<target>/`) through
//! the fuzz targets' own checks, so every input the fuzzer found interesting keeps
//! passing on stable, without libFuzzer.

use crate::replay::replay;
use crate::{knuth, matrix, problem, verify};

#[test]
fn knuth_format_inputs() {
    replay("knuth", knuth::check);
}

#[test]
fn built_problem_inputs() {
    replay("problem", problem::check);
}

#[test]
fn matrix_inputs() {
    replay("matrix", matrix::check);
}

#[test]
fn checks_hold_on_known_problems() {
    // The checks themselves must accept correct answers and catch wrong ones.
    knuth::check(b"A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n");
    knuth::check(b"A B | x\nA x:red\nB x:red |3\nA B x:blue\n");
    let p = dancing::format::parse_str("A B\nA\nB\nA B\n").unwrap();
    assert_eq!(verify::oracle_count(&p), Some(2));
    let [a, b, ab] = [0, 1, 2].map(dancing::OptionId::new);
    assert!(verify::exact_cover(&p, &[a, b]).is_ok());
    assert!(verify::exact_cover(&p, &[ab]).is_ok());
    assert!(verify::exact_cover(&p, &[a, ab]).is_err());
    assert!(verify::exact_cover(&p, &[a]).is_err());
}
