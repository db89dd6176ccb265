//! Walking a puzzle step by step, and rating it.

use std::time::Instant;

use dancing::{Limits, Stats, StopReason, Stopped};

use super::nets;
use super::state::LogicSolver;
use super::step::Step;
use crate::router::{with_classic, with_links};
use crate::{grid::Conflict, grid::Grid, position::Position, solve::Solve};

/// The most dancing-links nodes a rating spends measuring the search left after the
/// techniques stall: past it the rating says `needs search (over 100000 nodes)` and
/// scores 11.8, the score of that many nodes. A 9×9 puzzle needs at most a few
/// thousand; large grids can need more than any budget.
pub const SEARCH_BUDGET: u64 = 100_000;

/// Why a puzzle cannot be rated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// Two givens clash.
    #[error("the givens clash: {0}")]
    Conflict(#[from] Conflict),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has several solutions, so it is not a proper puzzle.
    #[error("the puzzle has more than one solution")]
    Multiple,
    /// A limit stopped the work before the answer: the node limit in a search, the
    /// deadline or the interrupt flag anywhere (see [`Rater::limits`]).
    #[error("{0}")]
    Stopped(Stopped),
    /// A limit stopped a search of nested forcing chains of Sudoku Explainer's `level`
    /// (2 to 5): every easier technique found nothing there, so the puzzle rates
    /// `at_least` or more.
    #[error(
        "{stopped} in the nested forcing chains of level {level} (rated {}.{} or more)",
        at_least_tenths / 10,
        at_least_tenths % 10
    )]
    StoppedNested {
        /// The limit, and the time spent.
        stopped: Stopped,
        /// The level of nested chains searched when the limit was reached.
        level: u8,
        /// The least the rating can be, in tenths: the walk's hardest step so far, or
        /// the level's base score (95 to 110) if higher.
        at_least_tenths: u16,
    },
}

/// The steps of a puzzle from its givens to the end: each the easiest available
/// ([`LogicSolver::next_step`]), until the grid is solved or no technique applies.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The grid at the end: the solution, or the values placed when the techniques stall.
    pub end: Grid,
}

impl Path {
    /// Whether the techniques solved the puzzle.
    pub fn is_solved(&self) -> bool {
        self.end.is_complete()
    }
}

/// How a path is walked: which techniques it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rules {
    /// Whether the uniqueness techniques (unique rectangles and loops, the BUG) may be
    /// used. They are sound on the puzzles these functions accept (which have one
    /// solution), but some rate without them, as Sudoku Explainer can.
    pub uniqueness: bool,
    /// Whether the nested forcing chains (Sudoku Explainer's levels 2 to 5, 9.5 and up)
    /// may be used ([`LogicSolver::set_nested`]).
    pub nested: bool,
}

impl Default for Rules {
    /// Every technique.
    fn default() -> Self {
        Self {
            uniqueness: true,
            nested: true,
        }
    }
}

impl Rules {
    /// Every technique but the uniqueness ones.
    pub fn without_uniqueness() -> Self {
        Self {
            uniqueness: false,
            ..Self::default()
        }
    }

    /// These rules, with the nested forcing chains allowed or not.
    pub fn nested(mut self, allowed: bool) -> Self {
        self.nested = allowed;
        self
    }
}

/// Rates puzzles, walks their paths and gives hints, with the [`Rules`] and [`Limits`]
/// set once: the one way in, for a [`Grid`] or a [`Position`] (a pencilmark grid, its
/// candidates taken as given).
///
/// ```
/// use dancing::Limits;
/// use dancing_sudoku::{Grid, Position, Technique, logic::{Rater, Rules}};
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let rater = Rater::new().limits(Limits::none()).rules(Rules::default());
/// let rating = rater.rate(&puzzle)?;
/// assert_eq!(rating.to_string(), "1.2 hidden single");
/// // The next step, from the position as a pencilmark grid shows it.
/// let hint = rater.hint(&Position::new(&puzzle))?.expect("a step");
/// assert_eq!(hint.technique(), Technique::HiddenSingle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Rater {
    limits: Limits,
    rules: Rules,
}

/// How a path applies the direct forms ([`Step::Direct`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// As Sudoku Explainer rates: a direct form places its single and removes nothing,
    /// so the same cause can come again at the next step.
    Rating,
    /// As a person solves: a direct form's cause also removes its candidates, so no
    /// step is given twice.
    Hints,
}

impl Rater {
    /// A rater with every technique and no limits.
    pub fn new() -> Self {
        Self::default()
    }

    /// The limits of every later call: the uniqueness check stops at the node limit,
    /// the deadline or the interrupt flag, the steps at the deadline or the flag (checked
    /// between steps, and inside a step's searches of forcing nets), and the search
    /// measured after a stall at all three (below [`SEARCH_BUDGET`] for the node limit),
    /// each with [`RateError::Stopped`]. Past the budget the rating is the budget's,
    /// marked [`search_over_budget`](Rating::search_over_budget). A search of nested
    /// forcing chains also stops at the node limit, counting the potentials it reaches,
    /// with [`RateError::StoppedNested`]: its level, and the least the rating can be.
    ///
    /// The uniqueness check is the default solver's (`AutoSolver` with the `sat`
    /// feature: the bit-parallel solver for 9×9, dancing links then the learner above,
    /// so a 25×25 puzzle is checked in seconds).
    ///
    /// ```
    /// use std::time::Instant;
    /// use dancing::{Limits, StopReason};
    /// use dancing_sudoku::{FAMOUS, Grid, RateError, logic::{Rater, Rules}};
    ///
    /// let puzzle: Grid = "12.......1..2..3".parse()?;
    /// let past = Rater::new().limits(Limits::deadline(Instant::now()));
    /// let Err(RateError::Stopped(stop)) = past.rating_path(&puzzle) else { panic!() };
    /// assert_eq!(stop.reason, StopReason::Timeout);
    ///
    /// // A famous puzzle that stalls the techniques without the nested chains, with a
    /// // search of more than 1 node.
    /// let without_nested = Rater::new().rules(Rules::default().nested(false));
    /// let hard = FAMOUS
    ///     .lines()
    ///     .filter_map(|line| Grid::parse_line(line).ok())
    ///     .find(|grid| without_nested.rate(grid).is_ok_and(|r| r.search.is_some_and(|n| n > 1)))
    ///     .expect("a famous puzzle beyond the techniques");
    /// let tight = without_nested.clone().limits(Limits::max_nodes(1));
    /// let Err(RateError::Stopped(stop)) = tight.rate(&hard) else { panic!() };
    /// assert_eq!(stop.reason, StopReason::NodeLimit);
    ///
    /// // With them, a node limit that the uniqueness check stays within stops the first
    /// // search of nested chains, counted in potentials: at level 2, 9.5 at least.
    /// let tight = Rater::new().limits(Limits::max_nodes(20_000));
    /// let Err(RateError::StoppedNested { stopped, level, at_least_tenths }) = tight.rate(&hard)
    /// else {
    ///     panic!()
    /// };
    /// assert_eq!((stopped.reason, level), (StopReason::NodeLimit, 2));
    /// assert!(at_least_tenths >= 95);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The techniques every later call may use.
    ///
    /// ```
    /// use dancing_sudoku::{Grid, Technique, logic::{Rater, Rules}};
    ///
    /// // Rated 4.5 for a unique rectangle; without it, a forcing chain.
    /// let puzzle: Grid = "................12..3.45........35...6.......12......7....82......16......9...4..".parse()?;
    /// let with = Rater::new().rate(&puzzle)?;
    /// let without = Rater::new().rules(Rules::without_uniqueness()).rate(&puzzle)?;
    /// assert_eq!(with.hardest, Some(Technique::UniqueRectangle));
    /// assert!(without.count(Technique::UniqueRectangle) == 0 && without.score > with.score);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// The rating of a proper puzzle (one solution): its path's hardest step, or the
    /// search left when the techniques stall (see the [module docs](super#the-scale)).
    /// The path is Sudoku Explainer's: a direct form places its single only.
    ///
    /// ```
    /// use dancing_sudoku::{Grid, RateError, Technique, logic::Rater};
    ///
    /// let puzzle: Grid = "12.......1..2..3".parse()?;
    /// let rating = Rater::new().rate(&puzzle)?;
    /// assert_eq!(rating.hardest, Some(Technique::HiddenSingle));
    /// assert!(rating.score <= 1.5);
    ///
    /// assert_eq!(Rater::new().rate(&Grid::empty(3)), Err(RateError::Multiple));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate(&self, puzzle: impl Into<Position>) -> Result<Rating, RateError> {
        let position = puzzle.into();
        let (path, end) = self.walk(&position, Walk::Rating, None)?;
        if path.is_solved() {
            return Ok(Rating::of(&path, None));
        }
        let budget = self
            .limits
            .max_nodes
            .map_or(SEARCH_BUDGET, |n| n.min(SEARCH_BUDGET));
        let limits = Limits {
            max_nodes: Some(budget),
            ..self.limits.clone()
        };
        // A grid's stall is measured on its values, as the scale was fitted; a position
        // given with candidates, on the candidates left.
        let stall = if position.is_plain() {
            Position::new(&path.end)
        } else {
            end
        };
        let stats = with_links(&limits, |s| {
            s.find_position(&stall, 2, None);
            s.stats()
        });
        let over_budget = stats.stopped == Some(StopReason::NodeLimit) && budget == SEARCH_BUDGET;
        if !over_budget {
            stopped(&stats)?;
        }
        let mut rating = Rating::of(&path, Some(stats.nodes));
        rating.search_over_budget = over_budget;
        Ok(rating)
    }

    /// The path that [`rate`](Self::rate) scores, Sudoku Explainer's: each step the
    /// easiest available, a direct form placing its single only (so its cause may come
    /// again at the next step), until the grid is solved or no technique applies.
    ///
    /// ```
    /// use dancing_sudoku::{Grid, logic::Rater};
    ///
    /// let puzzle: Grid = "1...........2...".parse()?;
    /// assert!(Rater::new().rating_path(&puzzle).is_err()); // many solutions
    ///
    /// let puzzle: Grid = "12.......1..2..3".parse()?;
    /// let path = Rater::new().rating_path(&puzzle)?;
    /// assert!(path.is_solved());
    /// assert_eq!(path.steps.len(), 11);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rating_path(&self, puzzle: impl Into<Position>) -> Result<Path, RateError> {
        self.walk(&puzzle.into(), Walk::Rating, None)
            .map(|(path, _)| path)
    }

    /// The path of a proper puzzle as a person follows it: each step the easiest
    /// available, until the grid is solved or no technique applies. The steps are the
    /// rating's, but for a direct form ([`Step::Direct`]), whose cause also removes its
    /// candidates here, so that no step is given twice.
    pub fn path(&self, puzzle: impl Into<Position>) -> Result<Path, RateError> {
        self.walk(&puzzle.into(), Walk::Hints, None)
            .map(|(path, _)| path)
    }

    /// The next step of a proper puzzle, `None` if it is solved or no technique applies.
    pub fn hint(&self, puzzle: impl Into<Position>) -> Result<Option<Step>, RateError> {
        let position = puzzle.into();
        let solver = self.start(&position)?;
        self.next_step(&solver, Instant::now(), 0.0)
    }

    /// The next step of a proper puzzle and the position after it, as a person applies
    /// it (a direct form's cause removes its candidates too, as on [`path`](Self::path)):
    /// a walk of hints, each from the position the last one left. `None` if the puzzle
    /// is solved or no technique applies.
    ///
    /// ```
    /// use dancing_sudoku::{Grid, Position, logic::Rater};
    ///
    /// let puzzle: Grid = "12.......1..2..3".parse()?;
    /// let mut position = Position::new(&puzzle);
    /// let mut steps = 0;
    /// while let Some((step, next)) = Rater::new().hint_applied(&position)? {
    ///     assert!(step.score() >= 1.0);
    ///     // Each position read back from its pencilmarks gives the same next step.
    ///     assert_eq!(next.to_pencilmarks().parse::<Position>()?, next);
    ///     position = next;
    ///     steps += 1;
    /// }
    /// assert!(position.grid().is_solved());
    /// assert_eq!(steps, Rater::new().path(&puzzle)?.steps.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint_applied(
        &self,
        puzzle: impl Into<Position>,
    ) -> Result<Option<(Step, Position)>, RateError> {
        let position = puzzle.into();
        let mut solver = self.start(&position)?;
        let Some(step) = self.next_step(&solver, Instant::now(), 0.0)? else {
            return Ok(None);
        };
        apply_as_a_person(&mut solver, &step);
        Ok(Some((step, solver.position())))
    }

    /// The path of [`path`](Self::path) with the position after each step.
    pub fn path_positions(
        &self,
        puzzle: impl Into<Position>,
    ) -> Result<(Path, Vec<Position>), RateError> {
        let mut positions = Vec::new();
        let (path, _) = self.walk(&puzzle.into(), Walk::Hints, Some(&mut positions))?;
        Ok((path, positions))
    }

    /// The logical solver of `position`, once it is known to have one solution.
    /// The next step of `solver` under the limits, the clock counted from `started`;
    /// `hardest` is the hardest score of the walk so far, for the error when a limit
    /// stops a search of nested chains.
    fn next_step(
        &self,
        solver: &LogicSolver,
        started: Instant,
        hardest: f32,
    ) -> Result<Option<Step>, RateError> {
        let (step, stop) = nets::watched(&self.limits, started, || solver.next_step());
        let Some((reason, level)) = stop else {
            return Ok(step);
        };
        let stopped = Stopped::new(
            reason,
            Stats {
                elapsed: started.elapsed(),
                ..Stats::default()
            },
        );
        if level < 2 {
            return Err(RateError::Stopped(stopped));
        }
        // Every easier technique found nothing: the step needs this level at least.
        let base = 90 + 5 * u16::from(level - 1);
        Err(RateError::StoppedNested {
            stopped,
            level,
            at_least_tenths: base.max((hardest * 10.0).round() as u16),
        })
    }

    fn start(&self, position: &Position) -> Result<LogicSolver, RateError> {
        position.grid().validate()?;
        let (found, stats) = if position.is_plain() {
            let grid = position.grid();
            with_classic(&self.limits, |checker| {
                (checker.find(grid, 2, None), checker.stats())
            })
        } else {
            with_links(&self.limits, |s| {
                (s.find_position(position, 2, None), s.stats())
            })
        };
        stopped(&stats)?;
        match found {
            0 => Err(RateError::NoSolution),
            1 => {
                let mut solver = LogicSolver::from_position(position)?;
                solver.set_uniqueness(self.rules.uniqueness);
                solver.set_nested(self.rules.nested);
                Ok(solver)
            }
            _ => Err(RateError::Multiple),
        }
    }

    /// The path from `position`, and the position where it ends; with `positions`, the
    /// position after each step pushed there.
    fn walk(
        &self,
        position: &Position,
        walk: Walk,
        mut positions: Option<&mut Vec<Position>>,
    ) -> Result<(Path, Position), RateError> {
        let started = Instant::now();
        let mut solver = self.start(position)?;
        let mut steps: Vec<Step> = Vec::new();
        let mut hardest = 0.0f32;
        while let Some(step) = self.next_step(&solver, started, hardest)? {
            hardest = hardest.max(step.score());
            match walk {
                Walk::Hints => apply_as_a_person(&mut solver, &step),
                Walk::Rating => solver.apply(&step),
            }
            if let Some(positions) = positions.as_deref_mut() {
                positions.push(solver.position());
            }
            steps.push(step);
            // Between steps only the clock and the flag count: the node limit is a search's.
            if let Some(reason) = self
                .limits
                .reached(0, started)
                .filter(|&r| r != StopReason::NodeLimit)
            {
                let done = Stats {
                    elapsed: started.elapsed(),
                    ..Stats::default()
                };
                return Err(RateError::Stopped(Stopped::new(reason, done)));
            }
        }
        let path = Path {
            steps,
            end: solver.grid(),
        };
        Ok((path, solver.position()))
    }
}

/// Carries out `step` as a person does: a direct form's cause removes its candidates
/// too, so that no step is given twice.
fn apply_as_a_person(solver: &mut LogicSolver, step: &Step) {
    solver.apply(step);
    if let Step::Direct(direct) = step {
        for &((r, c), v) in direct.cause.eliminations() {
            solver.remove_candidate(r, c, v);
        }
    }
}

/// `Err(Stopped)` if a limit other than the caller stopped the search of `stats`.
fn stopped(stats: &Stats) -> Result<(), RateError> {
    match stats.limit_stop() {
        Some(reason) => Err(RateError::Stopped(Stopped::new(reason, *stats))),
        None => Ok(()),
    }
}

mod score;

pub use score::Rating;

#[cfg(test)]
mod tests;
