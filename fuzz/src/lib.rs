//! The checks behind the fuzz targets. Each `check` takes the fuzzer's bytes and panics
//! if the code under test misbehaves: a panic of its own, a wrong answer, or links not
//! restored after a search.
//!
//! The same files are compiled on stable by the `fuzz_corpus` integration tests (through
//! `#[path]`), which replay every input under `fuzz/regressions/`, so keep each module
//! free of libFuzzer and reach shared code only through `crate::verify`.

pub mod judges;
pub mod knuth;
pub mod matrix;
pub mod problem;
pub mod sudoku;
pub mod variants;
pub mod verify;
pub mod zdd;
