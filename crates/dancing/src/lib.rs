//! Exact cover with Knuth's dancing links.
//!
//! Choose options (rows) so that every primary item (column) is covered exactly once and
//! every secondary item at most once. This crate is Knuth's Algorithm X with dancing
//! links (TAOCP Vol. 4B §7.2.2.1), in Rust, with his later extensions: colors on
//! secondary items (Algorithm C), option costs, and multiplicities (Algorithm M).
//!
//! - [Should I use this crate?](#should-i-use-this-crate)
//! - [Example](#example)
//! - [Design](#design)
//! - [Crate features](#crate-features)
//!
//! # Example
//!
//! Knuth's toy problem: items `A`–`E` primary, `F` and `G` secondary.
//!
//! ```
//! use dancing::{Engine, Problem, Solver};
//!
//! let mut b = Problem::builder();
//! for name in ["A", "B", "C", "D", "E"] {
//!     b.primary(name)?;
//! }
//! for name in ["F", "G"] {
//!     b.secondary(name)?;
//! }
//! for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
//!     b.option_named(option.split(' '))?;
//! }
//! let problem = b.build()?;
//!
//! let mut solver = Solver::new(&problem);
//! let solution = solver.first().expect("one solution");
//! let mut rows: Vec<String> = solution.options().iter().map(|&o| problem.format_option(o)).collect();
//! rows.sort();
//! assert_eq!(rows, ["A D", "B G", "C E F"]);
//!
//! // The statistics match every faithful implementation of the book's algorithm.
//! assert_eq!(solver.count(), 1);
//! let stats = solver.stats();
//! assert_eq!((stats.nodes, stats.updates), (6, 30));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The same problem in Knuth's text format:
//!
//! ```
//! use dancing::Engine;
//! let problem = dancing::format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! assert_eq!(dancing::Solver::new(&problem).count(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! And searched by any engine by its name, here the dense bitsets, with the same
//! statistics:
//!
//! ```
//! use dancing::{AnyEngine, Engine};
//! let problem = dancing::format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let mut dense = AnyEngine::new(&problem, "dense".parse()?)?;
//! assert_eq!(dense.count(), 1);
//! assert_eq!((dense.stats().nodes, dense.stats().updates), (6, 30));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Should I use this crate?
//!
//! Use it for exact-cover problems of any shape: tilings, sudoku and its variants,
//! N-queens, Langford pairs, Latin squares, scheduling with exactly-once constraints.
//! The [`problems`] module builds the classic ones. For plain 9×9 sudoku throughput a
//! specialised bit-parallel solver is faster; `dancing-sudoku` builds on this crate and
//! compares the two.
//!
//! # Design
//!
//! - A [`ProblemBuilder`] validates items and options and lays out an immutable
//!   [`Problem`]: Knuth's DLX1 arena, one `Vec` of 16-byte nodes with `u32` links,
//!   read in the hot loop without bounds checks through two audited accessors (for
//!   reading and for writing: the crate's only `unsafe`), sound by an invariant the
//!   arena module keeps and `Arena::build` asserts.
//! - A [`Solver`] owns a copy of the links and all scratch space. Its search is an
//!   explicit state machine (no recursion), resumable after every solution, so
//!   solutions come lazily from an iterator and searches of any depth are safe.
//! - [`Solver::min_cost`] and [`Solver::best`] find the cheapest solutions when options
//!   have costs, by an exact branch and bound that never enumerates every solution.
//! - [`Solver::force`] fixes options before a search without rebuilding the matrix;
//!   [`Solver::descend`] restricts a search to one branch, to split work.
//! - [`Solver::split`] and [`Solver::split_jobs`] cut a search into independent
//!   subproblems (prefixes, replayed with [`Solver::replay`]) for a cluster;
//!   `ParallelSolver` searches on several threads, one solver clone each, with the
//!   same counts, solutions and statistics as the sequential search.
//! - `CellsSolver`, with the `cells` feature, is a second engine on the same
//!   [`Problem`]: Knuth's and Solnon's dancing cells (TAOCP Vol. 4B §7.2.2.3, his
//!   programs SSXC1 and SSXCC). Each item keeps its options in a sparse set; a removal
//!   swaps an option behind the live part and an undo restores set sizes by a trail, so
//!   covered items are never touched again. It supports secondary items and colors,
//!   finds the same solutions in the same order as [`Solver`], and its [`Stats`] are
//!   the same to the node and update; one thread, no prefixes, no costs. It is off by
//!   default: it is slower than the links on every problem measured
//!   (docs/benchmarks.md).
//! - [`DenseSolver`] is a third engine, for small problems (up to 32,766 options): each
//!   level keeps a bitset of the live options and each primary item's count, and a
//!   choice rules out options a machine word (64 options) at a time, with nothing to
//!   undo on backtracking. Same solutions, order and [`Stats`] as [`Solver`]; the
//!   fastest engine on small problems (polyomino packings), slower than the links on
//!   larger ones (docs/benchmarks.md).
//!   Secondary items and colors, forcing, splitting and parallel search; no costs.
//! - [`Engine`], implemented by [`Solver`], [`DenseSolver`], `CellsSolver` and
//!   [`MultiSolver`], names what they share beyond one search; [`SplitEngine`] and
//!   [`Branches`] what the splitter and the parallel workers, written once, need of the
//!   engines that split (all but dancing cells), and so can a caller's code that should
//!   run any of them.
//! - [`MultiSolver`] searches problems with multiplicities: primary items declared by
//!   [`ProblemBuilder::primary_bounded`] (or `u:v|name` in Knuth's format) must be
//!   covered between `u` and `v` times. It is Knuth's Algorithm M (his program DLX3),
//!   with tweaks and null moves, on the same arena as [`Solver`] but with loops of its
//!   own, so the plain search pays nothing for it. [`MultiSolver::split`] cuts its search
//!   into prefixes of [`Move`]s (a null move included) whose counts add up.
//! - The default search order is exactly TAOCP's: the item with the fewest options
//!   (ties to the earliest), its options in input order, the other items of a chosen
//!   option covered cyclically from the node after it. [`Stats`] match the book.
//!
//! `docs/architecture.md` in the repository draws the arena and walks through the loop.
//!
//! # Crate features
//!
//! - `parallel` (default): `ParallelSolver`, multi-threaded search with rayon, for the
//!   links, the dense engine and Algorithm M.

#![deny(missing_docs)]
// Every example compiles without a warning, so that copying one gives none.
#![doc(test(attr(deny(warnings))))]

/// Test functions that run a generic check on each engine that splits:
/// `test_name => check;` calls `check::<Solver>()` and `check::<DenseSolver>()`.
#[cfg(test)]
macro_rules! on_split_engines {
    ($($name:ident => $check:ident;)*) => {$(
        #[test]
        fn $name() {
            $check::<crate::Solver>();
            $check::<crate::DenseSolver>();
        }
    )*};
}

mod algorithm_x;
mod arena;
mod builder;
#[cfg(feature = "cells")]
mod cells;
pub mod cnf;
mod cost;
mod count;
mod dense;
mod engine;
mod error;
pub mod format;
mod ids;
mod intern;
mod limits;
mod memo;
mod multi;
mod names;
#[cfg(feature = "parallel")]
mod parallel;
mod problem;
pub mod problems;
pub mod reduce;
mod router;
mod seed;
mod solution;
mod solver;
mod split;
mod stats;
pub mod svg;
mod verify;

pub use builder::{OptionData, ProblemBuilder};
#[cfg(feature = "cells")]
pub use cells::{CellsSearch, CellsSolutions, CellsSolver};
pub use cost::CostedSolution;
pub use count::{BigCount, Count, CountTooLarge, ParseCountError};
pub use dense::{DenseSearch, DenseSolutions, DenseSolver, DenseTooLarge};
pub use engine::{Engine, EngineSearch, EngineSolutions, Event};
pub use error::{BuildError, Capacity, ForceError, IntegrityError, ParseError, ParseErrorKind};
pub use ids::{ColorId, ItemId, OptionId};
pub use limits::{Limits, StopReason};
pub use memo::{
    Backbone, MAX_ZDD_LINE, Memo, MemoOrder, MemoProgress, MemoStats, Probe, SAMPLES_IN_ONE_PASS,
    Zdd, ZddSamples, ZddSolutions, ZddTextError, listing_bytes, sample_by_listing,
};
pub use multi::{Move, MultiSearch, MultiSolutions, MultiSolver};
pub use names::{Named, UnknownName};
#[cfg(feature = "parallel")]
pub use parallel::{OrderedSolutions, ParallelSolver};
pub use problem::{DisplayOption, OptionItems, Problem};
/// The random-number traits [`Zdd::sample`] takes, in the version this crate uses
/// (`dancing::rand_core::RngCore`), so that a generator of yours need not match it.
pub use rand_core;
pub use router::{AnyEngine, Capability, CountProbe, EngineName, PrefixError, Route, RouteError};
pub use seed::random_seed;
pub use solution::Solution;
pub use solver::{Branching, Search, Solutions, Solver};
pub use split::{Branches, Split, SplitEngine, Subproblem};
pub use stats::{Stats, Stopped};
pub use verify::CoverError;
