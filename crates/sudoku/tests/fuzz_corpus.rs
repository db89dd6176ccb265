//! Replays the committed fuzz regression inputs of the sudoku targets
//! (`fuzz/regressions/sudoku_formats/` and `fuzz/regressions/judges/`) through the fuzz
//! targets' own checks, on stable, without libFuzzer.

#[allow(unreachable_pub, dead_code)]
#[path = "../../../fuzz/src/verify.rs"]
mod verify;

#[allow(unreachable_pub, dead_code)]
#[path = "../../../fuzz/src/sudoku.rs"]
mod sudoku;

use std::path::PathBuf;

fn replay(target: &str, check: fn(&[u8])) {
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
    for path in files {
        let bytes = std::fs::read(&path).expect("readable input");
        let outcome = std::panic::catch_unwind(|| check(&bytes));
        assert!(outcome.is_ok(), "{} failed", path.display());
    }
}

#[test]
fn sudoku_format_inputs() {
    replay("sudoku_formats", sudoku::check_formats);
}

#[test]
fn judge_inputs() {
    replay("judges", sudoku::check_judges);
}
