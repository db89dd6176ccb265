//! The integration tests of `dancing-sudoku`, one binary with a module per topic. The
//! allocation test is its own binary (`tests/alloc.rs`): its counter is global to the
//! process, so no other test may run beside it.

mod common;

mod bands;
mod cross_check;
mod fuzz_corpus;
mod generate;
mod globs;
mod learn;
mod logic;
mod marginals;
mod naive;
mod oracles;
mod parse;
mod pictures;
mod ratings;
mod shapes;
mod snapshots;
mod variant;
mod variant_parse;

// The fuzz targets' checks, compiled on stable for `fuzz_corpus`. They sit at the crate
// root because they reach each other through `crate::verify`.
#[allow(unreachable_pub, dead_code)]
#[path = "../../../../fuzz/src/verify.rs"]
mod verify;

#[allow(unreachable_pub, dead_code)]
#[path = "../../../../fuzz/src/sudoku.rs"]
mod sudoku;

#[allow(unreachable_pub)]
#[path = "../../../../fuzz/src/replay.rs"]
mod replay;

#[allow(unreachable_pub)]
#[path = "../../../../fuzz/src/variants.rs"]
mod variants_fuzz;
