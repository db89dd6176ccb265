//! Replays the committed fuzz regression inputs (`fuzz/regressions/<target>/`) through
//! the fuzz targets' own checks, so every input the fuzzer found interesting keeps
//! passing on stable, without libFuzzer.

#[allow(unreachable_pub, dead_code)]
#[path = "../../../fuzz/src/verify.rs"]
mod verify;

#[allow(unreachable_pub, dead_code)]
#[path = "../../../fuzz/src/knuth.rs"]
mod knuth;

#[allow(unreachable_pub, dead_code)]
#[path = "../../../fuzz/src/problem.rs"]
mod problem;

#[allow(unreachable_pub, dead_code)]
#[path = "../../../fuzz/src/matrix.rs"]
mod matrix;

use std::path::PathBuf;

/// Every file under `fuzz/regressions/<target>/`, sorted.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).expect("readable input");
            (path, bytes)
        })
        .collect()
}

fn replay(target: &str, check: fn(&[u8])) {
    for (path, bytes) in inputs(target) {
        let outcome = std::panic::catch_unwind(|| check(&bytes));
        assert!(outcome.is_ok(), "{} failed", path.display());
    }
}

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
