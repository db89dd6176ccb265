//! A learning solver for exact cover: the `dancing` engine's problems, solved by the
//! CDCL SAT solver CaDiCaL.
//!
//! Dancing links only ever make forced moves, so on hard instances (a minimal 25×25
//! sudoku, say) the search tree explodes. A conflict-driven clause-learning solver
//! learns why a branch failed and never repeats it. This crate writes a problem as the
//! formula of [`dancing::cnf`] after [`dancing::reduce`]'s preprocessing, hands it to
//! CaDiCaL (built from its bundled C++ source by the `cadical` crate), and returns
//! solutions as the engine's [`OptionId`](dancing::OptionId)s, each checked by
//! [`Problem::verify`](dancing::Problem::verify) first.
//!
//! ```
//! use dancing_sat::Learner;
//!
//! let problem = dancing::problems::queens(8);
//! let mut learner = Learner::new(&problem);
//! assert_eq!(learner.count_up_to(100)?, 92);
//! let solution = learner.first()?.expect("8 queens can be placed");
//! assert!(problem.verify(&solution).is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! It is a crate of its own, not a module of `dancing`, so that the engine builds with
//! a Rust compiler alone; this one needs a C++ compiler too.

#![deny(missing_docs)]
// Every example compiles without a warning, so that copying one gives none.
#![doc(test(attr(deny(warnings))))]

mod cadical;
mod handover;
mod learner;
mod memory;

#[doc(hidden)]
pub use memory::status_bytes;

pub use handover::{HANDOVER_NODES, Handover};
pub use learner::{Config, Learner, LearnerStats};
