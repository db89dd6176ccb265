//! The `dancing` command line.
fn main() {}
