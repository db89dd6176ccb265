//! A diagram's text (`Zdd::read_text`): any bytes either read into a diagram whose
//! every solution is one of the problem's, or fail with a short error on a line of the
//! input. The first byte picks the problem.

use dancing::{Memo, Problem, Zdd, format, problems};

/// The most solutions of a diagram read that are verified.
const MAX_SOLUTIONS: usize = 2_000;

/// The problem of the first byte: dominoes on boards of 3×4, 4×4 and 2×5, or a small
/// problem of plain items.
fn problem(pick: u8) -> Problem {
    match pick % 4 {
        0 => problems::dominoes(3, 4),
        1 => problems::dominoes(4, 4),
        2 => problems::dominoes(2, 5),
        _ => format::parse_str("A B C\nA B\nC\nA\nB C\nB\nA C\n").expect("a problem"),
    }
}

/// Reads the bytes after the first as a diagram of the first byte's problem.
pub fn check(data: &[u8]) {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let problem = problem(pick);
    match Zdd::read_text(text, &problem, 1 << 24) {
        Ok(zdd) => {
            // Items covered once are checked on every path, so every solution is one.
            for solution in zdd.solutions().take(MAX_SOLUTIONS) {
                assert!(problem.verify(&solution).is_ok(), "{solution:?}");
            }
            let all = Memo::new(&problem).build().expect("small");
            assert!(
                zdd.count() <= all.count(),
                "more solutions than the problem has"
            );
        }
        Err(e) => {
            let message = e.to_string();
            assert!(message.starts_with(&format!("line {}, column {}: ", e.line, e.column)));
            assert!(message.chars().count() < 300, "overlong message: {message}");
            let lines = text.split(|&b| b == b'\n').count();
            assert!(
                e.line >= 1 && e.line <= lines + 1,
                "line {} of {lines}",
                e.line
            );
        }
    }
}
