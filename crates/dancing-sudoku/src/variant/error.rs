//! Why a variant's rules do not fit a grid.

use super::MAX_COMBINATIONS;

/// Why a variant does not make sense for a grid, or a jigsaw or killer could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// Regions of a side outside 4 to 36.
    #[error("a side of {0} is not supported: sides go from 4 to 36")]
    Side(usize),
    /// Hyper windows on a grid whose boxes are not square.
    #[error(
        "hyper sudoku needs square boxes: its windows are boxes set between the boxes, and {0} boxes have no such places"
    )]
    HyperShape(crate::shape::Shape),
    /// The regions or the cages were made for another side than the grid's.
    #[error("the {variant} rules are for {expected}×{expected} grids, this one is {side}×{side}")]
    WrongSize {
        /// The variant's name.
        variant: &'static str,
        /// The side of the regions.
        expected: usize,
        /// The side of the grid.
        side: usize,
    },
    /// The wrong number of region labels.
    #[error("expected {expected} region labels, found {found}")]
    LabelCount {
        /// Labels found.
        found: usize,
        /// N².
        expected: usize,
    },
    /// A region with the wrong number of cells.
    #[error("region `{label}` has {cells} cells, a {side}×{side} jigsaw region has {side}")]
    RegionSize {
        /// Its label (its index for [`Regions::from_indices`](super::Regions::from_indices)).
        label: String,
        /// Its cells.
        cells: usize,
        /// N.
        side: usize,
    },
    /// A region index of [`Regions::from_indices`](super::Regions::from_indices) that is not below N.
    #[error("region index {index} of r{}c{} is outside 0..{side}", .row + 1, .col + 1)]
    RegionIndex {
        /// The index.
        index: usize,
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// N.
        side: usize,
    },
    /// A cage without cells.
    #[error("cage {cage} has no cells")]
    EmptyCage {
        /// 1-based cage number.
        cage: usize,
    },
    /// A cage cell outside the grid.
    #[error("cage {cage}: r{}c{} is outside the {side}×{side} grid", .row + 1, .col + 1)]
    CellOutside {
        /// 1-based cage number.
        cage: usize,
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// N.
        side: usize,
    },
    /// A cell written twice in one cage.
    #[error("r{}c{} is twice in cage {cage}", .row + 1, .col + 1)]
    CellTwiceInCage {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// 1-based cage number.
        cage: usize,
    },
    /// A cell in two cages.
    #[error("r{}c{} is in cage {first} and in cage {second}", .row + 1, .col + 1)]
    CellInTwoCages {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// 1-based number of the first cage holding it.
        first: usize,
        /// 1-based number of the second.
        second: usize,
    },
    /// A cage with more than [`MAX_COMBINATIONS`] sets of digits of its size and sum.
    #[error(
        "cage {cage}: {cells} cells summing to {sum} have more than {limit} combinations of digits; split the cage",
        limit = MAX_COMBINATIONS
    )]
    TooManyCombinations {
        /// 1-based cage number.
        cage: usize,
        /// Its sum.
        sum: u32,
        /// Its number of cells.
        cells: usize,
    },
    /// A sum that no set of distinct digits 1..=N of the cage's size makes.
    #[error("cage {cage}: no {cells} distinct digits from 1 to {side} sum to {sum}")]
    ImpossibleSum {
        /// 1-based cage number.
        cage: usize,
        /// Its sum.
        sum: u32,
        /// Its number of cells.
        cells: usize,
        /// N.
        side: usize,
    },
}
