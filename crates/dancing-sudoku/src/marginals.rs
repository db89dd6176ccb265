//! How many of a puzzle's solutions put each digit in each cell, and the cells that
//! every solution fills alike: from the memo's diagram of all its solutions, counted
//! exactly however many there are, for every shape and variant.

use dancing::{BigCount, Limits, Memo, Stopped};

use crate::encoding;
use crate::position::Position;
use crate::variant::{Variant, VariantError};

/// The digits each cell takes over all of a puzzle's solutions, with how many
/// solutions put each there, from [`marginals`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellMarginals {
    side: usize,
    count: BigCount,
    /// `counts[cell · side + digit − 1]`: the solutions with `digit` at `cell`.
    counts: Vec<BigCount>,
    /// The states the memoized search reached.
    states: u64,
}

impl CellMarginals {
    /// The grid's side, N.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The number of solutions.
    pub fn count(&self) -> &BigCount {
        &self.count
    }

    /// The states the memoized search reached to build the diagram.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// The number of solutions with `digit` (1 to N) at row `r`, column `c` (0-based).
    ///
    /// # Panics
    /// If the cell or the digit is not the grid's.
    pub fn at(&self, r: usize, c: usize, digit: u8) -> &BigCount {
        assert!(r < self.side && c < self.side && (1..=self.side).contains(&usize::from(digit)));
        &self.counts[(r * self.side + c) * self.side + usize::from(digit) - 1]
    }

    /// The digits some solution puts at row `r`, column `c`, each with its number of
    /// solutions, in increasing order of digit.
    pub fn digits(&self, r: usize, c: usize) -> Vec<(u8, BigCount)> {
        (1..=self.side as u8)
            .map(|digit| (digit, self.at(r, c, digit).clone()))
            .filter(|(_, n)| *n != BigCount::ZERO)
            .collect()
    }

    /// The backbone: each cell that every solution fills with the same digit, as
    /// (row, column, digit), row by row (the givens among them). Empty when there is
    /// no solution.
    pub fn fixed(&self) -> Vec<(usize, usize, u8)> {
        let mut fixed = Vec::new();
        if self.count == BigCount::ZERO {
            return fixed;
        }
        for r in 0..self.side {
            for c in 0..self.side {
                if let [(digit, n)] = self.digits(r, c).as_slice()
                    && *n == self.count
                {
                    fixed.push((r, c, *digit));
                }
            }
        }
        fixed
    }
}

/// Why [`marginals`] gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MarginalsError {
    /// The variant's rules do not fit the grid's shape.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A limit or the memory bound stopped the memoized search or its passes.
    #[error("the memoized search stopped: {}", .0.reason)]
    Stopped(Stopped),
}

/// The marginals of `puzzle` (a grid of values, or a [`Position`] of pencilmarks)
/// under `variant`'s rules: its exact cover (as [`Variant::problem`] builds it)
/// searched once with the givens taken first and the candidates a position lacks left
/// out, into the diagram of all its solutions; each cell's digits are then counted in two passes
/// over it ([`dancing::Zdd::marginals`]). `limits` bound the search (the node limit
/// counting states) and the passes, and `max_memory` what they hold.
///
/// # Errors
/// [`MarginalsError`]: the variant does not fit the shape, or a limit stopped it.
///
/// ```
/// use dancing_sudoku::{Grid, Limits, Position, Variant, marginals};
///
/// // Two givens on the 4×4 grid: 288 grids have none, 24 of them have these two.
/// let puzzle: Grid = "12..............".parse()?;
/// let found = marginals(&puzzle, &Variant::Classic, &Limits::none(), 1 << 30)?;
/// assert_eq!(found.count().to_string(), "24");
/// // r1c3 holds 3 or 4, half the time each; the givens are fixed.
/// assert_eq!(found.digits(0, 2), [(3, 12u32.into()), (4, 12u32.into())]);
/// assert_eq!(&found.fixed()[..2], [(0, 0, 1), (0, 1, 2)]);
///
/// // Pencilmarks: r1c3 may no longer hold 4, so it holds 3 in all 12 left.
/// let mut candidates = Position::new(&puzzle).masks().to_vec();
/// candidates[2] &= !(1 << 3);
/// let position = Position::with_candidates(puzzle, candidates)?;
/// let found = marginals(&position, &Variant::Classic, &Limits::none(), 1 << 30)?;
/// assert_eq!(found.digits(0, 2), [(3, 12u32.into())]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn marginals(
    puzzle: impl Into<Position>,
    variant: &Variant,
    limits: &Limits,
    max_memory: u64,
) -> Result<CellMarginals, MarginalsError> {
    let position: Position = puzzle.into();
    let puzzle = position.grid();
    let shape = puzzle.shape();
    let problem = variant.problem(shape)?;
    let givens: Vec<_> = encoding::givens(puzzle).collect();
    // The candidates of empty cells that the position rules out.
    let side = shape.side();
    let mut ruled_out = Vec::new();
    for r in 0..side {
        for c in 0..side {
            if puzzle.get(r, c) != 0 {
                continue;
            }
            let candidates = position.candidates(r, c);
            for value in 1..=side as u8 {
                if candidates >> (value - 1) & 1 == 0 {
                    ruled_out.push(encoding::option(shape, r, c, value));
                }
            }
        }
    }
    let zdd = Memo::new(&problem)
        .forced(&givens)
        .forbidden(&ruled_out)
        .limits(limits.clone())
        .max_memory(max_memory)
        .build()
        .map_err(MarginalsError::Stopped)?;
    let mut counts = zdd.marginals(limits).map_err(MarginalsError::Stopped)?;
    // The givens are in every solution, though no path of the diagram decides them.
    let count = zdd.count();
    if count != BigCount::ZERO {
        for given in &givens {
            counts[given.index()] = count.clone();
        }
    }
    counts.truncate(encoding::option_count(shape));
    Ok(CellMarginals {
        side: shape.side(),
        count,
        counts,
        states: zdd.stats().states,
    })
}
