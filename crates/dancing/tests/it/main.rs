//! The integration tests of `dancing`, one binary with a module per topic.

mod agreement;
mod brute_force;
mod colors_and_costs;
mod deep;
mod dense;
mod dense_split;
mod fuzz_corpus;
mod hostile;
mod memo;
mod multiplicities;
mod oracles;
mod packing;
mod pictures;
mod solver;

// The fuzz targets' checks, compiled on stable for `fuzz_corpus`. They sit at the crate
// root because they reach each other through `crate::verify`.
#[allow(unreachable_pub, dead_code)]
#[path = "../../../../fuzz/src/verify.rs"]
mod verify;
mod zdd_queries;
mod zdd_text;

#[allow(unreachable_pub, dead_code)]
#[path = "../../../../fuzz/src/knuth.rs"]
mod knuth;

#[allow(unreachable_pub, dead_code)]
#[path = "../../../../fuzz/src/problem.rs"]
mod problem;

#[allow(unreachable_pub, dead_code)]
#[path = "../../../../fuzz/src/zdd.rs"]
mod zdd;

#[allow(unreachable_pub)]
#[path = "../../../../fuzz/src/replay.rs"]
mod replay;
