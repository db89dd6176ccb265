//! Replays the committed fuzz regression inputs (`fuzz/regressions/<target>/`) through
//! the fuzz targets' own checks, so every input the fuzzer found interesting keeps
//! passing on stable, without libFuzzer.

use crate::replay::replay_tests;
use crate::{knuth, problem, verify, zdd};

replay_tests! {
    knuth_format_inputs: "knuth" => knuth::check;
    built_problem_inputs: "problem" => problem::check;
    diagram_text_inputs: "zdd" => zdd::check;
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
    // Multiplicities: Knuth's example from DLX3, and a check of the bounds.
    knuth::check(b"A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n");
    knuth::check(b"1:2|n 0:1|a 0:1|b 0:1|c\nn a\nn b\nn c\na b\n");
    let p = dancing::format::parse_str("2:3|A B\nA B\nA\nA\nA\n").unwrap();
    let o = dancing::OptionId::new;
    assert!(verify::bounded_cover(&p, &[o(0), o(1)]).is_ok());
    assert!(verify::bounded_cover(&p, &[o(1), o(2)]).is_err());
    assert!(verify::bounded_cover(&p, &[o(0), o(1), o(2), o(3)]).is_err());
}
