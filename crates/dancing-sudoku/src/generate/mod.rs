//! Puzzle generation: a random full grid, then givens taken away while the solution
//! stays unique.
//!
//! ```
//! use dancing_sudoku::generate::{Generator, Symmetry};
//!
//! let generator = Generator::builder().seed(7).symmetry(Symmetry::Rotational).build()?;
//! let first = generator.generate(0)?;
//! assert!(first.puzzle.is_unique());
//! assert!(first.solution.is_solution_of(&first.puzzle));
//! // The same seed and index give the same puzzle, on any machine and thread.
//! assert_eq!(generator.generate(0)?.puzzle, first.puzzle);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How
//!
//! 1. **A random solution.** The n boxes on the main diagonal share no row, column or
//!    box, so each gets a random permutation of the values; the solver completes the
//!    grid (or finds it cannot, and the boxes are drawn again); then a random symmetry of sudoku mixes it further: bands and the rows in
//!    each band, stacks and the columns in each stack are permuted, the grid is
//!    transposed or not, and the values are relabelled. Every such map turns a solution
//!    into a solution.
//! 2. **Carving.** The cells are grouped into orbits of the [`Symmetry`] and visited in a
//!    random order; an orbit's givens go if the puzzle stays unique without them: at
//!    once if the other givens force each emptied cell back by a naked or hidden single
//!    (most cells, early on), else by a count up to 2 (the dancing links, the learner
//!    taking over on 16×16 and larger grids when a search runs long). Without symmetry, one pass leaves a *minimal*
//!    puzzle: a given that could not go cannot go later either, since fewer givens
//!    never make fewer solutions. With symmetry the pass keeps the symmetry, and
//!    [`minimal`](GeneratorBuilder::minimal) then also asks that no single given can go
//!    (puzzles where one can are thrown away and another attempt made).
//! 3. **Targets.** With [`clues`](GeneratorBuilder::clues) the pass stops once the
//!    givens are at most that many (or, when minimal, runs on and keeps the puzzle only
//!    if it ends there). With [`difficulty`](GeneratorBuilder::difficulty) the puzzle is
//!    [rated](crate::logic::Rater::rate) and kept only in its [`Difficulty`] band. An attempt
//!    that misses a target is thrown away and a new grid drawn, up to
//!    [`max_attempts`](GeneratorBuilder::max_attempts).
//!
//! # Reproducible
//!
//! Puzzle `i` of a seed comes from its own ChaCha8 stream (the seed expanded by
//! `rand_core`'s portable `seed_from_u64`, stream `i`), and every draw is made with
//! integer arithmetic defined here, so a seed gives the same puzzles on every platform,
//! in any order and on any number of threads.

use std::sync::atomic::Ordering;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use dancing::{Stats, Stopped};

use crate::grid::Grid;
use crate::logic::{self, RateError, Rating};
use crate::shape::{Shape, ShapeError};
use crate::solve::Solve;
use crate::variant::Variant;

mod builder;
mod checker;
mod forced;
pub(crate) mod random;
mod settings;
mod shapes;

pub use builder::GeneratorBuilder;
use checker::{Checker, with_checker};
use forced::Givens;
use random::{below, line_permutation, shuffle};
pub use settings::Symmetry;

pub use crate::logic::Difficulty;
use crate::variant::Kind;

/// Attempts at a difficulty band's drawn target before any puzzle of the band will do.
const TARGETED: u64 = 1000;

/// Why a generator could not be built, or a puzzle not generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// An order outside 2..=6 (given to [`GeneratorBuilder::order`]).
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// Fewer givens than any proper puzzle of the order has.
    #[error("{clues} givens cannot make a {side}×{side} puzzle with one solution: {reason}")]
    TooFewClues {
        /// The givens asked for.
        clues: usize,
        /// N.
        side: usize,
        /// The fewest givens possible, and why.
        reason: &'static str,
    },
    /// More givens than the grid has cells.
    #[error("{clues} givens do not fit in a {side}×{side} grid of {} cells", .side * .side)]
    TooManyClues {
        /// The givens asked for.
        clues: usize,
        /// N.
        side: usize,
    },
    /// A kind of puzzle the generator does not make.
    #[error(
        "{0} puzzles are not generated: the generator makes classic, x, hyper and jigsaw puzzles"
    )]
    NotGenerated(Kind),
    /// A score range whose ends are not in order (or not numbers).
    #[error("the score range {range} is empty: give the lower score first, such as 6.0-7.5")]
    ScoreRange {
        /// The range asked, `low-high`.
        range: String,
    },
    /// A difficulty band asked of a kind of puzzle the ratings do not know.
    #[error("ratings know only classic sudoku: a difficulty cannot be asked of {0} puzzles")]
    DifficultyOfVariant(Kind),
    /// `max_attempts` of zero.
    #[error("at least one attempt is needed")]
    NoAttempts,
    /// No attempt met the targets.
    #[error("no puzzle met the targets in {attempts} attempts")]
    Exhausted {
        /// Attempts made.
        attempts: u64,
    },
    /// A limit of [`GeneratorBuilder::limits`] stopped the puzzle.
    #[error("{0}")]
    Stopped(Stopped),
}

/// The fewest givens of a proper puzzle of side `side`, with the reason, where known.
fn fewest_clues(kind: Kind, side: usize) -> (usize, &'static str) {
    match (kind, side) {
        (Kind::Classic, 4) => (4, "the fewest givens of a proper 4×4 sudoku is 4"),
        (Kind::Classic, 9) => (
            17,
            "no 9×9 sudoku with 16 givens has one solution (McGuire, Tugemann and Civario, 2012)",
        ),
        // Two values that no given shows can be swapped in any solution.
        _ => (
            side - 1,
            "at least N−1 different values must be given, or two could be swapped",
        ),
    }
}

/// A puzzle made by a [`Generator`].
#[derive(Debug, Clone, PartialEq)]
pub struct Generated {
    /// The puzzle: unique, with the generator's symmetry, clue target and minimality.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Random grids tried before this one met the targets (1 if the first did).
    pub attempts: u64,
    /// Its rating, when the generator had a difficulty to meet.
    pub rating: Option<Rating>,
    /// The variant it is a puzzle of (for jigsaw, with its regions).
    pub variant: Variant,
}

impl Generated {
    /// The puzzle as one line, with its variant's mark after it (a jigsaw's regions,
    /// `x`, `hyper`), as a batch reads it back: what `dancing sudoku generate` prints.
    pub fn line(&self) -> String {
        match &self.variant {
            Variant::Jigsaw(regions) => format!("{} {}", self.puzzle, regions.labels()),
            Variant::X | Variant::Hyper => format!("{} {}", self.puzzle, self.variant.name()),
            _ => self.puzzle.to_string(),
        }
    }
}

impl GeneratorBuilder {
    /// The generator, or why these settings cannot be met.
    pub fn build(mut self) -> Result<Generator, GenerateError> {
        let side = self.shape.clone()?.side();
        if let Some(clues) = self.clues {
            let (fewest, reason) = fewest_clues(self.kind, side);
            if clues > side * side {
                return Err(GenerateError::TooManyClues { clues, side });
            }
            if clues < fewest {
                return Err(GenerateError::TooFewClues {
                    clues,
                    side,
                    reason,
                });
            }
        }
        if self.max_attempts == 0 {
            return Err(GenerateError::NoAttempts);
        }
        if self.kind == Kind::Killer {
            return Err(GenerateError::NotGenerated(self.kind));
        }
        if let Some((low, high)) = self.score
            && !(low <= high && low.is_finite() && high.is_finite())
        {
            return Err(GenerateError::ScoreRange {
                range: format!("{low}-{high}"),
            });
        }
        if (self.difficulty.is_some() || self.score.is_some()) && self.kind != Kind::Classic {
            return Err(GenerateError::DifficultyOfVariant(self.kind));
        }
        let seed = *self.seed.get_or_insert_with(dancing::random_seed);
        Ok(Generator {
            orbits: self.symmetry.orbits(side),
            seed,
            settings: self,
        })
    }
}

/// Makes puzzles: see the [module docs](self). Immutable and `Sync`: threads may share
/// one and each generate its own indices.
#[derive(Debug, Clone)]
pub struct Generator {
    settings: GeneratorBuilder,
    /// The seed given, or drawn by `build`.
    seed: u64,
    /// The cells given or taken together, by [`Symmetry::orbits`].
    orbits: Vec<Vec<usize>>,
}

impl Generator {
    /// The most random grids tried for one puzzle unless told otherwise.
    pub const DEFAULT_MAX_ATTEMPTS: u64 = builder::DEFAULT_MAX_ATTEMPTS;

    /// The settings, to change from their defaults before [`build`](GeneratorBuilder::build).
    pub fn builder() -> GeneratorBuilder {
        GeneratorBuilder::default()
    }

    /// The shape of the puzzles.
    pub fn shape(&self) -> Shape {
        self.settings
            .shape
            .clone()
            .expect("build checked the shape")
    }

    /// The seed: the one given to the builder, or the one it drew.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Puzzle number `index` of this generator's seed, which depends on nothing else.
    pub fn generate(&self, index: u64) -> Result<Generated, GenerateError> {
        self.generate_where(index, |_| true)
    }

    /// Puzzle number `index`, drawing new puzzles until `accept` takes one (for a
    /// difficulty band, say); each puzzle drawn counts as an attempt.
    pub fn generate_where(
        &self,
        index: u64,
        mut accept: impl FnMut(&Generated) -> bool,
    ) -> Result<Generated, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(index);
        with_checker(self.settings.kind, &self.settings.limits, |checker| {
            self.attempts(&mut rng, checker, &mut accept)
        })
    }

    /// Draws random grids into puzzles until `accept` takes one.
    fn attempts(
        &self,
        rng: &mut ChaCha8Rng,
        checker: &mut Checker<'_>,
        accept: &mut impl FnMut(&Generated) -> bool,
    ) -> Result<Generated, GenerateError> {
        let shape = self.shape();
        let target = self.target(rng);
        for attempt in 1..=self.settings.max_attempts {
            self.on_time()?;
            if let Some(counter) = &self.settings.attempts {
                counter.fetch_add(1, Ordering::Relaxed);
            }
            let (variant, solution) = match checker {
                Checker::Classic(solver) => (Variant::Classic, self.random_solution(rng, *solver)?),
                Checker::Variant(solver) => {
                    let variant = match self.settings.kind {
                        Kind::X => Variant::X,
                        Kind::Hyper => Variant::Hyper,
                        _ => Variant::Jigsaw(shapes::random_regions(rng, shape)),
                    };
                    solver.set_variant(variant.clone());
                    match shapes::random_solution(rng, shape, &variant, *solver) {
                        Some(solution) => (variant, solution),
                        None => {
                            not_stopped(*solver)?;
                            continue;
                        }
                    }
                }
            };
            let units = variant.units(shape);
            let Some(puzzle) = self.carve(&solution, units, rng, checker.solver())? else {
                continue;
            };
            let (band, score) = (self.settings.difficulty, self.settings.score);
            let rating = match band.is_some() || score.is_some() {
                true => match logic::Rater::new()
                    .limits(self.settings.limits.clone())
                    .rate(&puzzle)
                {
                    Ok(rating)
                        if band.is_none_or(|band| Difficulty::of(&rating) == band)
                            && score
                                .is_none_or(|(low, high)| (low..=high).contains(&rating.score))
                            && (attempt > TARGETED || target.is_none_or(|t| rating.score == t)) =>
                    {
                        Some(rating)
                    }
                    Err(
                        RateError::Stopped(stop) | RateError::StoppedNested { stopped: stop, .. },
                    ) => return Err(GenerateError::Stopped(stop)),
                    _ => continue,
                },
                false => None,
            };
            let generated = Generated {
                puzzle,
                solution,
                attempts: attempt,
                rating,
                variant,
            };
            if accept(&generated) {
                return Ok(generated);
            }
        }
        Err(GenerateError::Exhausted {
            attempts: self.settings.max_attempts,
        })
    }

    /// The score a puzzle of a difficulty band aims at first: one of the band's
    /// techniques' scores, drawn for each puzzle, so that a band gives its techniques in
    /// turn and not only the commonest (most hard puzzles need an xy-wing). `None` without
    /// a band, or with a score range, which already says what is wanted.
    fn target(&self, rng: &mut ChaCha8Rng) -> Option<f32> {
        let band = self
            .settings
            .difficulty
            .filter(|_| self.settings.score.is_none())?;
        let mut scores: Vec<f32> = crate::logic::Technique::ALL
            .iter()
            .map(|t| t.score())
            .filter(|&score| Difficulty::of_score(score) == band)
            .collect();
        scores.sort_by(f32::total_cmp);
        scores.dedup();
        (!scores.is_empty()).then(|| scores[below(rng, scores.len())])
    }

    /// `Err(Stopped)` once the deadline has passed or the interrupt flag is up.
    fn on_time(&self) -> Result<(), GenerateError> {
        match self.settings.limits.passed() {
            Some(reason) => Err(GenerateError::Stopped(Stopped::new(
                reason,
                Stats::default(),
            ))),
            None => Ok(()),
        }
    }

    /// A random solved grid: random diagonal boxes, completed by the solver, then mixed
    /// by a random symmetry of sudoku.
    fn random_solution(
        &self,
        rng: &mut ChaCha8Rng,
        checker: &mut dyn Solve,
    ) -> Result<Grid, GenerateError> {
        let shape = self.shape();
        let side = shape.side();
        let mut seeds = Grid::new(shape);
        let mut values: Vec<u8> = (1..=side as u8).collect();
        // The boxes of band k and stack k share no row, column or box with each other.
        let diagonal = shape.bands().min(shape.stacks());
        // Some draws cannot be completed (on 4×4 grids, often): draw again.
        let filled = loop {
            for k in 0..diagonal {
                shuffle(rng, &mut values);
                let b = k * shape.stacks() + k;
                for (slot, &v) in values.iter().enumerate() {
                    let (r, c) = shape.box_cell(b, slot);
                    seeds.set(r, c, v);
                }
            }
            if let Some(filled) = checker.solve(&seeds) {
                break filled;
            }
            not_stopped(checker)?;
            self.on_time()?;
        };
        let rows = line_permutation(rng, shape.bands(), shape.box_rows());
        let columns = line_permutation(rng, shape.stacks(), shape.box_cols());
        // A transposed grid has its boxes the other way round: only square ones stay.
        let transpose = shape.is_square() && below(rng, 2) == 1;
        shuffle(rng, &mut values);
        let mut cells = Vec::with_capacity(side * side);
        for &r in &rows {
            for &c in &columns {
                let (r, c) = if transpose { (c, r) } else { (r, c) };
                cells.push(values[usize::from(filled.get(r, c)) - 1]);
            }
        }
        Ok(Grid::from_cells(shape, cells).expect("a relabelled solution is a grid"))
    }

    /// The carving pass over a random order of the orbits; `None` if the result misses
    /// the targets.
    fn carve(
        &self,
        solution: &Grid,
        units: Vec<Vec<usize>>,
        rng: &mut ChaCha8Rng,
        checker: &mut dyn Solve,
    ) -> Result<Option<Grid>, GenerateError> {
        let GeneratorBuilder {
            minimal,
            clues,
            symmetry,
            ..
        } = self.settings;
        let side = solution.side();
        let mut visit: Vec<usize> = (0..self.orbits.len()).collect();
        shuffle(rng, &mut visit);
        let mut puzzle = solution.clone();
        let mut masks = Givens::new(&puzzle, units.clone());
        let mut givens = side * side;
        for orbit in visit.into_iter().map(|k| &self.orbits[k]) {
            if !minimal && clues.is_some_and(|clues| givens <= clues) {
                break;
            }
            let value = |cell: usize| solution.cells()[cell];
            for &cell in orbit {
                puzzle.set(cell / side, cell % side, 0);
                masks.toggle(cell, value(cell));
            }
            let forced = orbit
                .iter()
                .all(|&cell| masks.forces(&puzzle, cell, value(cell)));
            let unique = forced || {
                self.on_time()?;
                let unique = checker.is_unique(&puzzle);
                not_stopped(checker)?;
                unique
            };
            if unique {
                givens -= orbit.len();
            } else {
                for &cell in orbit {
                    puzzle.set(cell / side, cell % side, value(cell));
                    masks.toggle(cell, value(cell));
                }
            }
        }
        if clues.is_some_and(|clues| givens > clues) {
            return Ok(None);
        }
        if minimal && symmetry != Symmetry::None {
            let minimal = minimal_in(&puzzle, units, checker);
            not_stopped(checker)?;
            if !minimal {
                return Ok(None);
            }
        }
        Ok(Some(puzzle))
    }
}

/// `Err(Stopped)` if a limit (not the caller) stopped `solver`'s last search.
fn not_stopped(solver: &dyn Solve) -> Result<(), GenerateError> {
    match solver.stats().limit_stop() {
        Some(reason) => Err(GenerateError::Stopped(Stopped::new(reason, solver.stats()))),
        None => Ok(()),
    }
}

/// Whether no single given of the unique `puzzle` of `variant` can go without losing
/// uniqueness, by `checker` (a solver of that variant: a
/// [`VariantSolver`](crate::VariantSolver) set to it, or any classic solver for
/// [`Variant::Classic`]).
/// A search that a limit of `checker` stops ends the test, `false`; the checker's
/// [`stats`](Solve::stats) then say which limit.
pub fn is_minimal(puzzle: &Grid, variant: &Variant, checker: &mut dyn Solve) -> bool {
    minimal_in(puzzle, variant.units(puzzle.shape()), checker)
}

fn minimal_in(puzzle: &Grid, units: Vec<Vec<usize>>, checker: &mut dyn Solve) -> bool {
    let side = puzzle.side();
    let mut without = puzzle.clone();
    let mut masks = Givens::new(puzzle, units);
    (0..side * side).all(|cell| {
        let (r, c) = (cell / side, cell % side);
        let value = puzzle.get(r, c);
        if value == 0 {
            return true;
        }
        without.set(r, c, 0);
        masks.toggle(cell, value);
        let unique = masks.forces(&without, cell, value) || checker.is_unique(&without);
        without.set(r, c, value);
        masks.toggle(cell, value);
        // A search a limit stopped ends the test; the checker's statistics tell.
        !unique && checker.stats().limit_stop().is_none()
    })
}

#[cfg(test)]
mod tests;
