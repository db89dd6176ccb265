//! The integration tests of the `dancing` command line, one binary with a module per
//! topic.

mod common;

mod cli;
mod costs;
mod feedback;
mod hostile;
mod learn;
mod limits;
mod multiplicities;
mod split;
mod typed;
