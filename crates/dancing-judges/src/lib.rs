//! Online-judge front ends on the `dancing` engines: each reads a judge's input text and
//! writes exactly the output the judge expects.
//!
//! ```
//! // HUST 1017, "Exact cover": the rows of a cover of each case's 0/1 matrix.
//! use dancing::Engine;
//! use dancing_judges::matrix::MatrixReader;
//!
//! let input = "6 7\n3 1 4 7\n2 1 4\n3 4 5 7\n3 3 5 6\n4 2 3 6 7\n2 2 7\n";
//! let case = MatrixReader::new(input.as_bytes()).next().expect("a case")?;
//! let cover = dancing::Solver::new(case.problem()).first().expect("a cover");
//! assert_eq!(case.rows_of(cover.options()), [2, 4, 6]);
//!
//! // POJ 3074: each sudoku's solution on one line.
//! let output = dancing_judges::poj3074(
//!     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\nend\n",
//! )?;
//! assert_eq!(output, "527389416819426735436751829375692184194538267268174593643217958951843672782965341\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! | judge | here | what it asks |
//! |---|---|---|
//! | HUST 1017 | [`matrix`] | an exact cover of a 0/1 matrix, case after case |
//! | Sicily 1317 | [`sicily`] | each sudoku's solutions, up to 10,000 |
//! | NOIP 2009 | [`noip`], [`target`] | target sudoku: the solution of the highest score |
//! | POJ 3074, POJ 3076 | [`poj3074`], [`poj3076`] | 9×9 and 16×16 sudoku |
//! | HDU 4069 | [`hdu4069`] | squiggly (jigsaw) sudoku drawn by walls |
//!
//! The judges are front ends, not the engines' subject: they sit here, beside the
//! engine (`dancing`) and the sudoku crate (`dancing-sudoku`), which know no judge. ZOJ
//! 3209's rectangle tilings are the command line's (`dancing problem tiling`).

#![deny(missing_docs)]
// Every example compiles without a warning, so that copying one gives none.
#![doc(test(attr(deny(warnings))))]

pub mod matrix;
mod sudoku;
pub mod target;

pub use sudoku::{Judge, JudgeError, hdu4069, noip, poj3074, poj3076, sicily};
