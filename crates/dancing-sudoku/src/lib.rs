//! Sudoku of any order on the `dancing` exact-cover engine.
//!
//! ```
//! use dancing_sudoku::{Grid, Solve, SudokuSolver, Verdict};
//!
//! // Arto Inkala's 2012 puzzle, in the one-line form: `.` is an empty cell.
//! let puzzle: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//!
//! let mut solver = SudokuSolver::new();
//! assert_eq!(solver.check(&puzzle), Verdict::Unique);
//! let solution = solver.solve(&puzzle).expect("it has a solution");
//! assert!(solution.is_solution_of(&puzzle));
//! assert_eq!(solution.to_string(), "812753649943682175675491283154237896369845721287169534521974368438526917796318452");
//!
//! // `{:#}` prints a block with box separators.
//! println!("{solution:#}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is here
//!
//! - [`Grid`]: a sudoku of order n = 2..=6 (boxes n×n, side N = n²: 4×4, 9×9, 16×16,
//!   25×25, 36×36), with [`validate`](Grid::validate) naming conflicting givens.
//! - [`parse`]: the one-line form (spaced or not), blocks, framed grids, pencilmark
//!   grids, rows of numbers and the letter alphabet, with errors that give the line, the
//!   column and the reason; a batch reads them all, and the marks of variants. Printing
//!   is on [`Grid`] and [`Position`].
//! - [`Solve`]: the one interface of every solver. A solver implements one search,
//!   [`find`](Solve::find) (count up to a limit, keeping the first solution), plus
//!   [`stats`](Solve::stats), [`set_limits`](Solve::set_limits) and
//!   [`limits`](Solve::limits); the trait provides
//!   [`solve`](Solve::solve), [`solve_into`](Solve::solve_into),
//!   [`count_up_to`](Solve::count_up_to), [`count`](Solve::count),
//!   [`is_unique`](Solve::is_unique), [`check`](Solve::check) (a [`Verdict`]) and
//!   [`solve_unique`](Solve::solve_unique) on top of it. `use dancing_sudoku::Solve;`
//!   to call them; `Box<dyn Solve>` chooses a solver at run time.
//! - [`SudokuSolver`]: dancing links over the exact-cover encoding of [`encoding`]. The
//!   matrix of each order is built once; each puzzle's givens are forced into it in
//!   place of the last puzzle's, so a batch of puzzles allocates nothing per puzzle
//!   when counting. Besides [`Solve`], it has
//!   [`solutions`](SudokuSolver::solutions) (an iterator) and
//!   [`visit`](SudokuSolver::visit), with the engine's [`Stats`].
//! - [`BandSolver`]: the bit-parallel 9×9 solver (candidates as one word per
//!   digit and band, locked candidates, singles and hidden triads by word operations
//!   in JCZSolve's layout, guesses on a digit's way through a band or a stack as in
//!   tdoku, AVX-512 or AVX2 where the processor has them), faster than dancing links on 9×9
//!   (docs/benchmarks.md) and the default there through `AutoSolver`; other orders go to dancing
//!   links.
//! - [`BitmaskSolver`]: the classic bitmask depth-first solver, as a baseline and a
//!   cross-check.
//! - [`Grid::solve`], [`Grid::count_up_to`], [`Grid::is_unique`]: shortcuts through a
//!   [`SudokuSolver`] kept per thread.
//! - [`marginals`]: each cell's digits over all of a puzzle's solutions, counted
//!   exactly however many, and the cells they all fill alike, for every shape and
//!   variant.
//! - [`generate`]: random puzzles of any order with a unique solution, reproducible
//!   from a seed, with a symmetry, a clue target, minimal if asked.
//! - [`logic`]: solving as a person does, with [`LogicSolver`]: Sudoku Explainer's
//!   techniques from the full house and hidden singles through their direct forms,
//!   locked candidates, subsets, fish, xy- and xyz-wings, unique rectangles and loops,
//!   the BUG, cycles and forcing chains, the aligned triple exclusion, to Nishio,
//!   multiple and dynamic forcing chains (the table in [`logic`]); hints as [`Step`]s
//!   that say what they do, chains link by link; a difficulty [`Rating`] on Sudoku
//!   Explainer's scale; one [`Rater`](logic::Rater) for both, from a grid or a
//!   [`Position`].
//! - [`Position`]: a grid with the candidates of its empty cells, as a pencilmark grid
//!   shows them (read from HoDoKu's and Sudoku Explainer's layouts by [`parse`]), which
//!   the solvers ([`SudokuSolver::find_position`]) and the rater take as given.
//! - [`variant`]: sudoku X, hyper (windoku), jigsaw and killer ([`Variant`]), their
//!   exact-cover matrices, an independent rule checker, [`VariantSolver`] (links or the
//!   learner), and parsers of jigsaw lines and killer blocks.
//! - [`FAMOUS`]: famous hard puzzles (Arto Inkala's, AI Escargot, Easter Monster, …).
//!
//! Givens that conflict never produce a wrong answer: the puzzle simply has no
//! solution, and [`Grid::validate`] says which cells clash.
//!
//! ```
//! use dancing_sudoku::Grid;
//!
//! let puzzle: Grid = "11..............".parse()?;
//! assert_eq!(puzzle.count_up_to(10), 0);
//! assert_eq!(puzzle.validate().unwrap_err().to_string(), "1 appears twice in row 1: r1c1 and r1c2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]
// Every example compiles without a warning, so that copying one gives none.
#![doc(test(attr(deny(warnings))))]
// docs.rs marks the items of the `sat` feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "sat")]
mod auto;
mod bands;
mod bitmask;
pub mod encoding;
pub mod generate;
mod grid;
mod links;
pub mod logic;
mod marginals;
pub mod parse;
pub mod picture;
mod position;
mod router;
mod shape;
mod solve;
pub mod variant;
mod variant_solver;

/// The Rust examples of README.md and docs/, compiled and run as this crate's doc tests
/// (this crate depends on the engine, so both crates' examples build here).
#[cfg(doctest)]
mod documents {
    #[doc = include_str!("../../../README.md")]
    struct Readme;
    #[doc = include_str!("../../../docs/architecture.md")]
    struct Architecture;
    #[doc = include_str!("../../../docs/benchmarks.md")]
    struct Benchmarks;
    #[doc = include_str!("../../../docs/distributed.md")]
    struct Distributed;
    #[doc = include_str!("../../../docs/formats.md")]
    struct Formats;
    #[doc = include_str!("../../../docs/generating.md")]
    struct Generating;
    #[doc = include_str!("../../../docs/python.md")]
    struct Python;
}

#[cfg(feature = "sat")]
#[cfg_attr(docsrs, doc(cfg(feature = "sat")))]
pub use auto::{AutoSolver, SatSolver};
pub use bands::BandSolver;
pub use bitmask::BitmaskSolver;
pub use dancing::UnknownName;
pub use dancing::{Count, Limits, Stats, StopReason};
pub use grid::{Alphabet, Conflict, Grid, GridError, MAX_ORDER, MIN_ORDER, Unit};
pub use links::{SudokuSolutions, SudokuSolver};
pub use logic::{LogicSolver, RateError, Rating, Step, Technique};
pub use marginals::{CellMarginals, MarginalsError, marginals};
pub use parse::{PuzzleError, PuzzleErrorKind};
pub use position::{Position, PositionError};
pub use router::{PuzzleSolver, SolverChoice};
pub use shape::{MAX_SIDE, Shape, ShapeError};
pub use solve::{Method, Solve, Verdict};
pub use variant::{Cage, Regions, Variant, VariantError};
pub use variant_solver::VariantSolver;

/// Famous hard 9×9 puzzles, one per line in the one-line form, each preceded by a `#`
/// line naming it: the contents of `data/famous.txt`.
///
/// ```
/// let puzzles: Vec<dancing_sudoku::Grid> = dancing_sudoku::FAMOUS
///     .lines()
///     .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
///     .map(|l| l.parse().unwrap())
///     .collect();
/// assert!(puzzles.iter().all(|p| p.is_unique()));
/// ```
pub const FAMOUS: &str = include_str!("../data/famous.txt");
