//! The replay loop of the `fuzz_corpus` integration tests of `dancing`,
//! `dancing-sudoku` and `dancing-judges`, which include this file through `#[path]`;
//! the fuzz targets do not use it. The crates sit two levels below the repository root.

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

/// Runs `check` on every input of `target`, naming the first input that fails.
pub fn replay(target: &str, check: fn(&[u8])) {
    for (path, bytes) in inputs(target) {
        let outcome = std::panic::catch_unwind(|| check(&bytes));
        assert!(outcome.is_ok(), "{} failed", path.display());
    }
}

/// One test per fuzz target: `test_name: "target" => check;` replays the target's
/// committed inputs through `check`.
macro_rules! replay_tests {
    ($($name:ident: $target:literal => $check:path;)*) => {$(
        #[test]
        fn $name() {
            $crate::replay::replay($target, $check);
        }
    )*};
}
pub(crate) use replay_tests;
