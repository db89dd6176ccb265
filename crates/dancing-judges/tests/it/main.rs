//! The integration tests of `dancing-judges`, one binary with a module per judge.

mod common;

mod fuzz_corpus;
mod matrix;
mod sudoku;
mod target;
mod target_via_costs;

// The fuzz targets' checks, compiled on stable for `fuzz_corpus`. They sit at the crate
// root because they reach each other through `crate::verify`.
#[allow(unreachable_pub, dead_code)]
#[path = "../../../../fuzz/src/verify.rs"]
mod verify;

#[allow(unreachable_pub)]
#[path = "../../../../fuzz/src/matrix.rs"]
mod matrix_fuzz;

#[allow(unreachable_pub)]
#[path = "../../../../fuzz/src/judges.rs"]
mod judges_fuzz;

#[allow(unreachable_pub)]
#[path = "../../../../fuzz/src/replay.rs"]
mod replay;
