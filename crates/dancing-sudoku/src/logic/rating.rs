//! Walking a puzzle step by step, and rating it.

use std::fmt;

use super::{LogicSolver, Step, Technique, technique::tenths_to_score};
use crate::solver::with_solver;
use crate::{Conflict, Grid, Solve, Verdict};

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

/// The path of a proper puzzle (one solution), from its givens to solved or stalled.
///
/// ```
/// let puzzle: dancing_sudoku::Grid = "1...........2...".parse::<dancing_sudoku::Grid>()?;
/// assert!(dancing_sudoku::logic::solve_path(&puzzle).is_err()); // many solutions
///
/// let puzzle: dancing_sudoku::Grid = "12.......1..2..3".parse()?;
/// let path = dancing_sudoku::logic::solve_path(&puzzle)?;
/// assert!(path.is_solved());
/// assert_eq!(path.steps.len(), 11);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_path(puzzle: &Grid) -> Result<Path, RateError> {
    puzzle.validate()?;
    match with_solver(|s| s.check(puzzle)) {
        Verdict::NoSolution => return Err(RateError::NoSolution),
        Verdict::Multiple => return Err(RateError::Multiple),
        Verdict::Unique => {}
    }
    let mut solver = LogicSolver::new(puzzle)?;
    let mut steps = Vec::new();
    while let Some(step) = solver.next_step() {
        solver.apply(&step);
        steps.push(step);
    }
    Ok(Path {
        steps,
        end: solver.grid(),
    })
}

/// The difficulty of a puzzle: the hardest step of its [`Path`], or the search left when
/// the techniques stall (see the [module docs](super#the-scale)).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Rating {
    /// The technique of the highest-scoring step; `None` when no step was needed.
    pub hardest: Option<Technique>,
    /// The score, to one decimal: the largest step score, or `7.0 + log10(nodes)` when
    /// the techniques stall. 0.0 for a grid given whole.
    pub score: f32,
    /// The number of steps taken.
    pub steps: usize,
    /// Steps per technique, in the order of [`Technique::ALL`]; see
    /// [`count`](Rating::count).
    pub histogram: [u32; Technique::COUNT],
    /// When the techniques stall: the dancing-links nodes of counting up to 2 solutions
    /// of the grid as placed at the stall.
    pub search: Option<u64>,
}

impl Rating {
    /// Whether the techniques stalled, leaving search to finish the puzzle.
    pub fn needs_search(&self) -> bool {
        self.search.is_some()
    }

    /// How many steps used `technique`.
    pub fn count(&self, technique: Technique) -> u32 {
        self.histogram[technique.index()]
    }

    /// The techniques used, easiest first, with their step counts.
    ///
    /// ```
    /// use dancing_sudoku::{Grid, Technique, logic};
    ///
    /// let puzzle: Grid = "12.......1..2..3".parse()?;
    /// let used: Vec<(Technique, u32)> = logic::rate(&puzzle)?.techniques().collect();
    /// assert_eq!(used.iter().map(|&(_, n)| n).sum::<u32>(), 11);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn techniques(&self) -> impl Iterator<Item = (Technique, u32)> + '_ {
        Technique::ALL
            .into_iter()
            .zip(self.histogram)
            .filter(|&(_, n)| n > 0)
    }

    /// The rating of a path. `search` is the node count of the search left, for a path
    /// that stalled.
    fn of(path: &Path, search: Option<u64>) -> Self {
        let mut histogram = [0u32; Technique::COUNT];
        let mut top: Option<&Step> = None;
        for step in &path.steps {
            histogram[step.technique().index()] += 1;
            if top.is_none_or(|t| step.tenths() > t.tenths()) {
                top = Some(step);
            }
        }
        let tenths = match search {
            Some(nodes) => search_tenths(nodes),
            None => top.map_or(0, Step::tenths),
        };
        Self {
            hardest: top.map(Step::technique),
            score: tenths_to_score(tenths),
            steps: path.steps.len(),
            histogram,
            search,
        }
    }
}

/// `7.0 + log10(nodes)` in tenths, rounded: 7.0 for one node, 8.0 for ten, 9.0 for a
/// hundred.
fn search_tenths(nodes: u64) -> u16 {
    let tenths = 70.0 + 10.0 * (nodes.max(1) as f64).log10();
    tenths.round() as u16
}

impl fmt::Display for Rating {
    /// `2.3 naked single`, `8.4 needs search (245 nodes)`, `0.0 nothing to do`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1} ", self.score)?;
        match (self.search, self.hardest) {
            (Some(nodes), _) => {
                let unit = if nodes == 1 { "node" } else { "nodes" };
                write!(f, "needs search ({nodes} {unit})")
            }
            (None, Some(t)) => write!(f, "{t}"),
            (None, None) => f.write_str("nothing to do"),
        }
    }
}

/// Rates a proper puzzle: walks its [`Path`]; if the techniques stall, measures the
/// search left.
///
/// ```
/// use dancing_sudoku::{Grid, RateError, Technique, logic};
///
/// let puzzle: Grid = "12.......1..2..3".parse()?;
/// let rating = logic::rate(&puzzle)?;
/// assert_eq!(rating.hardest, Some(Technique::HiddenSingle));
/// assert!(rating.score <= 1.5);
///
/// assert_eq!(logic::rate(&Grid::empty(3)), Err(RateError::Multiple));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate(puzzle: &Grid) -> Result<Rating, RateError> {
    let path = solve_path(puzzle)?;
    let search = (!path.is_solved()).then(|| {
        with_solver(|s| {
            s.check(&path.end);
            s.stats().nodes
        })
    });
    Ok(Rating::of(&path, search))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_score_is_monotone_and_above_every_technique() {
        assert_eq!(search_tenths(0), 70);
        assert_eq!(search_tenths(1), 70);
        assert_eq!(search_tenths(10), 80);
        assert_eq!(search_tenths(245), 94);
        assert!((1..5000).all(|n| search_tenths(n) <= search_tenths(n + 1)));
        assert!(Technique::ALL.iter().all(|t| t.tenths() < search_tenths(1)));
    }

    #[test]
    fn display() {
        let path = Path {
            steps: Vec::new(),
            end: Grid::empty(2),
        };
        assert_eq!(Rating::of(&path, None).to_string(), "0.0 nothing to do");
        assert_eq!(
            Rating::of(&path, Some(245)).to_string(),
            "9.4 needs search (245 nodes)"
        );
        let step = Step::NakedSingle {
            cell: (0, 0),
            value: 1,
        };
        let path = Path {
            steps: vec![step],
            end: Grid::empty(2),
        };
        let rating = Rating::of(&path, None);
        assert_eq!(rating.to_string(), "2.3 naked single");
        assert_eq!(rating.count(Technique::NakedSingle), 1);
        assert_eq!(rating.score, 2.3);
    }
}
