//! The settings of a generator, each with its default, before they are checked.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use dancing::Limits;

use super::settings::Symmetry;
use crate::logic::Difficulty;
use crate::shape::{Shape, ShapeError};
use crate::variant::Kind;

/// The most random grids tried for one puzzle unless told otherwise.
pub(super) const DEFAULT_MAX_ATTEMPTS: u64 = 10_000;

/// Settings of a [`Generator`](crate::generate::Generator); [`build`](Self::build) checks them.
#[derive(Debug, Clone)]
pub struct GeneratorBuilder {
    /// The shape, or why the order given makes none.
    pub(super) shape: Result<Shape, ShapeError>,
    /// `None` until [`build`](Self::build) draws one.
    pub(super) seed: Option<u64>,
    pub(super) symmetry: Symmetry,
    pub(super) minimal: bool,
    pub(super) clues: Option<usize>,
    pub(super) difficulty: Option<Difficulty>,
    /// The scores accepted, both ends included.
    pub(super) score: Option<(f32, f32)>,
    pub(super) kind: Kind,
    pub(super) max_attempts: u64,
    pub(super) limits: Limits,
    pub(super) attempts: Option<Arc<AtomicU64>>,
}

impl Default for GeneratorBuilder {
    fn default() -> Self {
        Self {
            shape: Ok(Shape::CLASSIC),
            seed: None,
            symmetry: Symmetry::None,
            minimal: false,
            clues: None,
            difficulty: None,
            score: None,
            kind: Kind::Classic,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            limits: Limits::none(),
            attempts: None,
        }
    }
}

impl GeneratorBuilder {
    /// The shape of the puzzles: its boxes, and so its side; [`Shape::CLASSIC`] (9×9)
    /// by default.
    pub fn shape(mut self, shape: Shape) -> Self {
        self.shape = Ok(shape);
        self
    }

    /// The square shape of order n (boxes n×n, grids N = n² on a side): the short form
    /// of [`shape`](Self::shape)`(`[`Shape::square`]`(n))`; an order outside 2..=6 is
    /// [`build`](Self::build)'s error.
    pub fn order(mut self, order: usize) -> Self {
        self.shape = Shape::try_square(order);
        self
    }

    /// The seed: the same seed makes the same puzzles everywhere. Without one,
    /// [`build`](Self::build) draws a seed at random (from the clock and the process),
    /// which [`Generator::seed`](crate::generate::Generator::seed) tells, so that a run can be made again.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// The pattern of the givens; [`Symmetry::None`] by default.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Self {
        self.symmetry = symmetry;
        self
    }

    /// Whether every puzzle must be minimal: no single given can go without losing
    /// uniqueness. Puzzles without symmetry always are.
    pub fn minimal(mut self, minimal: bool) -> Self {
        self.minimal = minimal;
        self
    }

    /// At most this many givens; by default as few as the carving leaves.
    pub fn clues(mut self, clues: usize) -> Self {
        self.clues = Some(clues);
        self
    }

    /// Only puzzles whose [rating](crate::logic::Rater::rate) falls in this band; by default
    /// any.
    pub fn difficulty(mut self, difficulty: Difficulty) -> Self {
        self.difficulty = Some(difficulty);
        self
    }

    /// Only puzzles whose [rating](crate::logic::Rater::rate) scores from `low` to
    /// `high` (both included) on Sudoku Explainer's scale, such as 6.0 to 7.5: a band
    /// finer than [`difficulty`](Self::difficulty)'s (with both, both must hold); by
    /// default any.
    pub fn score(mut self, low: f32, high: f32) -> Self {
        self.score = Some((low, high));
        self
    }

    /// The kind of puzzle; [`Kind::Classic`] by default.
    pub fn kind(mut self, kind: Kind) -> Self {
        self.kind = kind;
        self
    }

    /// The most random grids tried for one puzzle before giving up;
    /// [`Generator::DEFAULT_MAX_ATTEMPTS`](crate::generate::Generator::DEFAULT_MAX_ATTEMPTS) by default.
    pub fn max_attempts(mut self, attempts: u64) -> Self {
        self.max_attempts = attempts;
        self
    }

    /// Bounds on making each puzzle; none by default. The node limit bounds each search
    /// (each completion of a random grid and each uniqueness check); the deadline and
    /// the interrupt flag are checked within the searches and between them. A puzzle
    /// that one stops is [`GenerateError::Stopped`](crate::generate::GenerateError::Stopped). `timeout` counts from the start of
    /// each search: for one budget, set `deadline`.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// A counter the generator adds one to at each attempt (each random grid drawn), in
    /// every thread: a progress display can show it while a slow puzzle is made.
    pub fn count_attempts(mut self, counter: Arc<AtomicU64>) -> Self {
        self.attempts = Some(counter);
        self
    }
}
