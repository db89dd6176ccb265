//! Sudoku of any order on the `dancing` exact-cover engine.
#![deny(missing_docs)]
