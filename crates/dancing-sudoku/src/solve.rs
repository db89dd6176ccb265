//! The one interface of every sudoku solver of this crate: [`Solve`], and the
//! [`Verdict`] of a uniqueness check.
//!
//! A solver implements [`find`](Solve::find), the one search (count up to a limit,
//! keeping the first solution if asked), and two sealed hooks to the books it keeps its
//! limits, statistics and method in: the trait is implemented by this crate's solvers
//! only, as the engine's `Engine` is by its engines. Everything else
//! ([`stats`](Solve::stats),
//! [`set_limits`](Solve::set_limits), [`limits`](Solve::limits),
//! [`method`](Solve::method), [`solve`](Solve::solve), [`solve_into`](Solve::solve_into),
//! [`count_up_to`](Solve::count_up_to), [`count`](Solve::count),
//! [`is_unique`](Solve::is_unique), [`check`](Solve::check),
//! [`solve_unique`](Solve::solve_unique)) is provided on top of `find`, the same for
//! every solver.

use std::fmt;

use dancing::{Count, Engine, Event, Limits, OptionId, Stats};

use crate::grid::Grid;

/// How many solutions a puzzle has, as far as a uniqueness check needs to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No solution (this includes puzzles whose givens conflict).
    NoSolution,
    /// Exactly one solution: a proper sudoku.
    Unique,
    /// Two or more solutions.
    Multiple,
}

impl Verdict {
    /// The verdict for a count of solutions (counted up to at least 2).
    pub fn from_count(count: u64) -> Self {
        match count {
            0 => Self::NoSolution,
            1 => Self::Unique,
            _ => Self::Multiple,
        }
    }
}

impl fmt::Display for Verdict {
    /// `none`, `unique` or `multiple`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NoSolution => "none",
            Self::Unique => "unique",
            Self::Multiple => "multiple",
        })
    }
}

/// How a search was answered: what [`Solve::method`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Method {
    /// Dancing links ([`SudokuSolver`](crate::SudokuSolver)).
    #[default]
    DancingLinks,
    /// The bitmask depth-first baseline.
    Bitmask,
    /// The bit-parallel 9×9 solver ([`BandSolver`](crate::BandSolver)).
    Bands,
    /// The CDCL learner, with the conflicts it spent.
    Learner {
        /// Conflicts (clauses learned) over the search's solves.
        conflicts: u64,
    },
}

impl Method {
    /// A short name: `dlx`, `bitmask`, `bands` or `sat`, as the command line's `--solver`.
    pub fn name(self) -> &'static str {
        match self {
            Self::DancingLinks => "dlx",
            Self::Bitmask => "bitmask",
            Self::Bands => "bands",
            Self::Learner { .. } => "sat",
        }
    }
}

/// What every solver keeps of its searches: the limits of every later search and the
/// statistics of the most recent one. [`Solve`]'s `stats`, `set_limits` and `limits`
/// read and write them; a solver that hands its searches to others overrides those.
/// Public only so that the trait can name it: not nameable outside the crate.
#[derive(Debug, Clone, Default)]
pub struct Books {
    /// The statistics of the most recent search.
    pub(crate) stats: Stats,
    /// The limits of every later search.
    pub(crate) limits: Limits,
    /// Which method answered the most recent search.
    pub(crate) method: Method,
}

/// The key to [`Solve`]'s hooks: public so that the trait can name it, not nameable
/// outside the crate, so that only this crate's solvers implement and call them.
#[derive(Debug, Clone, Copy)]
pub struct Inside(());

/// The one value of [`Inside`].
pub(crate) const INSIDE: Inside = Inside(());

/// A sudoku solver: the dancing-links [`SudokuSolver`](crate::SudokuSolver) and the
/// [`BitmaskSolver`](crate::BitmaskSolver) baseline implement it, and it is
/// object safe, so `Box<dyn Solve>` chooses one at run time.
///
/// Bring it into scope to call any of these methods: `use dancing_sudoku::Solve;`.
///
/// ```
/// use dancing_sudoku::{BitmaskSolver, Grid, Solve, SudokuSolver, Verdict};
///
/// let puzzle: Grid = "12..34..........".parse()?;
/// let mut solvers: Vec<Box<dyn Solve>> = vec![Box::new(SudokuSolver::new()), Box::new(BitmaskSolver::new())];
/// for solver in &mut solvers {
///     assert_eq!(solver.check(&puzzle), Verdict::Multiple);
///     assert_eq!(solver.count(&puzzle), 12);
///     let solution = solver.solve(&puzzle).expect("solvable");
///     assert!(solution.is_solution_of(&puzzle));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Solve {
    /// The one search: counts the solutions of `puzzle` up to `limit` and returns how
    /// many it found, writing the first into `first` (reusing its storage) if given.
    /// `first` is left as it was if there is no solution. A `limit` of 0 searches
    /// nothing. A search stopped by a limit returns what it found so far, and
    /// [`stats`](Self::stats) says why it stopped.
    ///
    /// Implementations should not allocate per puzzle once they have seen a puzzle of
    /// the order (and `first` has held a grid of it): the provided methods below add
    /// nothing but the returned [`Grid`] of [`solve`](Self::solve) and
    /// [`solve_unique`](Self::solve_unique).
    fn find(&mut self, puzzle: &Grid, limit: u64, first: Option<&mut Grid>) -> u64;

    /// The limits in force and the statistics of the most recent search, as this solver
    /// keeps them. Sealed: only this crate's solvers implement and call it.
    fn books(&self, _: Inside) -> &Books;

    /// The same, to change.
    fn books_mut(&mut self, _: Inside) -> &mut Books;

    /// Statistics of the most recent search.
    fn stats(&self) -> Stats {
        self.books(INSIDE).stats
    }

    /// Sets the limits (node count, time, interrupt flag) of every later search.
    fn set_limits(&mut self, limits: Limits) {
        self.books_mut(INSIDE).limits = limits;
    }

    /// The limits in force.
    fn limits(&self) -> &Limits {
        &self.books(INSIDE).limits
    }

    /// Which method answered the most recent search (for solvers that choose one; the
    /// books' record of it unless the solver knows better).
    #[inline]
    fn method(&self) -> Method {
        self.books(INSIDE).method
    }

    /// The number of solutions of `puzzle`, counting no further than `limit`, as
    /// [`Count::up_to`] tells: [`Count::Complete`] when there are `limit` or fewer,
    /// [`Count::Partial`] at `limit` when there are more or a [`Limits`] bound stopped
    /// the search.
    #[inline]
    fn count_up_to(&mut self, puzzle: &Grid, limit: u64) -> Count {
        let found = self.find(puzzle, Count::bound(limit), None);
        Count::up_to(found, limit, self.stats().stopped)
    }

    /// The number of solutions of `puzzle`, all of them unless a [`Limits`] bound stops
    /// the search (an empty 9×9 grid has 6.67·10²¹: use
    /// [`count_up_to`](Self::count_up_to) or limits on untrusted input).
    #[inline]
    fn count(&mut self, puzzle: &Grid) -> Count {
        self.count_up_to(puzzle, u64::MAX)
    }

    /// Writes the first solution of `puzzle` into `solution`, reusing its storage, and
    /// returns `true`; `false` if there is none (or a limit stopped the search).
    #[inline]
    fn solve_into(&mut self, puzzle: &Grid, solution: &mut Grid) -> bool {
        self.find(puzzle, 1, Some(solution)) >= 1
    }

    /// The first solution of `puzzle`, if any.
    #[inline]
    fn solve(&mut self, puzzle: &Grid) -> Option<Grid> {
        let mut solution = Grid::new(puzzle.shape());
        self.solve_into(puzzle, &mut solution).then_some(solution)
    }

    /// Whether `puzzle` has exactly one solution (a count up to 2).
    #[inline]
    fn is_unique(&mut self, puzzle: &Grid) -> bool {
        self.find(puzzle, 2, None) == 1
    }

    /// Whether `puzzle` has no, one, or several solutions (a count up to 2).
    #[inline]
    fn check(&mut self, puzzle: &Grid) -> Verdict {
        Verdict::from_count(self.find(puzzle, 2, None))
    }

    /// The solution of `puzzle` if it is unique; otherwise why not
    /// ([`Verdict::NoSolution`] or [`Verdict::Multiple`]). One search: a count up to 2
    /// that keeps the first solution.
    #[inline]
    fn solve_unique(&mut self, puzzle: &Grid) -> Result<Grid, Verdict> {
        let mut solution = Grid::new(puzzle.shape());
        match Verdict::from_count(self.find(puzzle, 2, Some(&mut solution))) {
            Verdict::Unique => Ok(solution),
            other => Err(other),
        }
    }
}

/// The one search of the links solvers' [`find`](Solve::find): counts the solutions of
/// `engine` until `cap` are found or the search ends, handing the first one's options
/// to `first`. A search that reaches `cap` is abandoned there, its statistics stopped
/// by the caller.
pub(crate) fn count_to<E: Engine>(
    engine: &mut E,
    cap: u64,
    mut first: impl FnMut(&[OptionId]),
) -> u64 {
    let mut found = 0;
    let mut search = engine.search();
    while found < cap {
        match search.next_event() {
            Event::Solution => {
                if found == 0 {
                    first(search.solution());
                }
                found += 1;
            }
            Event::Finished => break,
            // Heartbeats, and whatever later engines report between solutions.
            _ => {}
        }
    }
    found
}
