//! The integration tests of the `dancing` command line, one binary with a module per
//! topic.

#[macro_use]
mod common;

mod bounded;
mod cli;
mod cluster;
mod commands;
mod costs;
mod docs;
mod feedback;
mod fifth_pass;
mod findings;
mod generate;
mod hostile;
mod layouts;
mod learn;
mod limits;
mod memo;
mod multiplicities;
mod pictures;
mod problems;
mod split;
mod threads;
mod typed;
mod variants;
