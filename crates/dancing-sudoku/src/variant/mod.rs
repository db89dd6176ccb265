//! Sudoku variants: X (diagonals), hyper (windoku), jigsaw (irregular regions) and
//! killer (cages with sums), each as an exact-cover matrix for the same engine.
//!
//! A [`Variant`] says which houses hold each value once ([`Variant::units`]), builds its
//! matrix ([`Variant::problem`]), checks its rules ([`Variant::validate`]) and checks a
//! solution without the matrix ([`Variant::satisfied_by`]). [`VariantSolver`](crate::VariantSolver) solves
//! puzzles of a variant through the [`Solve`](crate::Solve) trait, with dancing links or
//! the learner. [`parse_jigsaw`](crate::parse::parse_jigsaw) and [`parse_killer`](crate::parse::parse_killer) read jigsaw lines and killer blocks.
//!
//! # The matrices
//!
//! Every variant keeps the classic encoding's N³ cell-value options first, with the
//! same ids `(r·N + c)·N + (v − 1)` ([`encoding::option`](crate::encoding::option)), so
//! givens are forced and solutions decoded as for the classic sudoku. The primary items
//! are the classic 4·N² (cell, row-value, column-value, box-value), where a jigsaw's
//! regions stand for the boxes; X and hyper add one item per (diagonal or window,
//! value), covered by the cell-value options of its cells.
//!
//! A killer cage is modelled inside exact cover. Of the two models tried, the one kept
//! gives each cage k the items `cage k has v` for v = 1..N and `cage k chosen`; one
//! *combination* option per set of distinct digits of the cage's size and sum covers
//! `cage k chosen` and `cage k has v` for every v *not* in the set, and the cell-value
//! option (r, c, v) of a caged cell also covers `cage k has v`. So each digit of the
//! chosen set appears exactly once in the cage and no other digit appears. The other
//! model, one option per placement of a permutation of a combination on the cage's
//! cells, gave the same answers in the tests and was slower on every published killer,
//! so it was removed (docs/benchmarks.md, "Killer models").
//!
//! # Hyper windows
//!
//! The windows of order n are the n×n squares whose top-left corners sit at 0-based rows
//! and columns 1, n + 2, 2n + 3, … (one empty line between windows) as far as they fit:
//! on 9×9 the four windows of rows 2–4 and 6–8 by columns 2–4 and 6–8 (1-based); on 4×4
//! the one window r2–3c2–3; on 16×16 nine windows; on 25×25 sixteen; on 36×36 twenty-five.
//!
//! ```
//! use dancing_sudoku::{Grid, Solve, Variant, VariantSolver};
//!
//! let puzzle = Grid::empty(2);
//! let mut solver = VariantSolver::new();
//! solver.set_variant(Variant::X);
//! let solution = solver.solve(&puzzle).expect("a 4×4 X sudoku exists");
//! assert!(Variant::X.satisfied_by(&puzzle, &solution));
//! // The brute force of the tests finds 48 (of the 288 4×4 sudoku grids).
//! assert_eq!(solver.count(&puzzle), 48);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod killer;
mod kind;
mod regions;

pub use error::VariantError;
pub use killer::{Cage, MAX_COMBINATIONS};
pub use kind::Kind;
pub use regions::Regions;

use crate::{grid::Grid, shape::Shape};
use killer::check_cage;
pub(crate) use regions::connected;

/// A sudoku variant: which houses hold each value once, and any further rules.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Variant {
    /// The classic rules: rows, columns and boxes.
    #[default]
    Classic,
    /// Sudoku X: the two main diagonals also hold each value once.
    X,
    /// Hyper sudoku (windoku): the windows of the [module docs](self#hyper-windows) also
    /// hold each value once.
    Hyper,
    /// Jigsaw: these regions in place of the boxes.
    Jigsaw(Regions),
    /// Killer: the classic rules, plus cages of distinct digits with given sums. Cages
    /// need not cover the grid, and givens are allowed.
    Killer(Vec<Cage>),
}

impl Variant {
    /// The name: `classic`, `x`, `hyper`, `jigsaw` or `killer`.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Classic => "classic",
            Self::X => "x",
            Self::Hyper => "hyper",
            Self::Jigsaw(_) => "jigsaw",
            Self::Killer(_) => "killer",
        }
    }

    /// Every house of a grid of `shape` that holds each value exactly once, as cell
    /// indices r·N + c: the rows, the columns, the boxes (or the jigsaw's regions), then
    /// the diagonals (X) or the windows (hyper). Cages are not houses (they hold fewer
    /// than N values).
    ///
    /// ```
    /// use dancing_sudoku::{Shape, Variant};
    /// assert_eq!(Variant::X.units(Shape::CLASSIC).len(), 29);
    /// assert_eq!(Variant::Hyper.units(Shape::CLASSIC)[27], [10, 11, 12, 19, 20, 21, 28, 29, 30]);
    /// ```
    ///
    /// # Panics
    /// If a jigsaw's regions are of another side.
    pub fn units(&self, shape: Shape) -> Vec<Vec<usize>> {
        let n = shape.side();
        let regions = match self {
            Self::Jigsaw(regions) => {
                assert_eq!(regions.side(), n, "the jigsaw is of another side");
                regions.clone()
            }
            _ => Regions::boxes(shape),
        };
        let mut units: Vec<Vec<usize>> = Vec::with_capacity(3 * n + 4);
        units.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
        units.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        units.extend((0..n).map(|k| {
            regions
                .cells(k)
                .into_iter()
                .map(|(r, c)| r * n + c)
                .collect()
        }));
        units.extend(self.extra_units(shape));
        units
    }

    /// The houses beyond rows, columns and boxes (or regions): diagonals or windows
    /// (none for hyper rules on rectangular boxes, which [`validate`](Self::validate)
    /// refuses).
    pub(crate) fn extra_units(&self, shape: Shape) -> Vec<Vec<usize>> {
        let n = shape.side();
        let order = shape.box_rows();
        match self {
            Self::X => vec![
                (0..n).map(|k| k * n + k).collect(),
                (0..n).map(|k| k * n + (n - 1 - k)).collect(),
            ],
            Self::Hyper if shape.is_square() => {
                let starts: Vec<usize> = (0..)
                    .map(|k| 1 + k * (order + 1))
                    .take_while(|s| s + order <= n)
                    .collect();
                let mut windows = Vec::new();
                for &top in &starts {
                    for &left in &starts {
                        windows.push(
                            (top..top + order)
                                .flat_map(|r| (left..left + order).map(move |c| r * n + c))
                                .collect(),
                        );
                    }
                }
                windows
            }
            _ => Vec::new(),
        }
    }

    /// Checks that the variant's rules make sense for `shape`: a jigsaw's regions are of
    /// its side; hyper windows need square boxes; every cage has cells, all inside the grid, none in two cages,
    /// and a sum that distinct digits 1..=N of its size can make. Errors name the cage
    /// (1-based, in the order given) and the cell.
    ///
    /// ```
    /// use dancing_sudoku::{Cage, Shape, Variant};
    ///
    /// let cages = vec![
    ///     Cage { sum: 3, cells: vec![(0, 0), (0, 1)] },
    ///     Cage { sum: 17, cells: vec![(0, 1), (1, 1)] },
    /// ];
    /// let err = Variant::Killer(cages).validate(Shape::CLASSIC).unwrap_err();
    /// assert_eq!(err.to_string(), "r1c2 is in cage 1 and in cage 2");
    /// ```
    pub fn validate(&self, shape: Shape) -> Result<(), VariantError> {
        let n = shape.side();
        match self {
            Self::Hyper if !shape.is_square() => Err(VariantError::HyperShape(shape)),
            Self::Jigsaw(regions) if regions.side() != n => Err(VariantError::WrongSize {
                variant: "jigsaw",
                expected: regions.side(),
                side: n,
            }),
            Self::Killer(cages) => {
                let mut owner = vec![0usize; n * n];
                for (k, cage) in cages.iter().enumerate() {
                    check_cage(cage, k + 1, n, &mut owner)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Whether `grid` is a solution of `puzzle` under this variant, checked directly on
    /// the rules and independently of the matrices: `grid` is complete, of the puzzle's
    /// shape, agrees with its givens, every house of [`units`](Self::units) holds each
    /// value once, and each cage holds distinct digits summing to its sum. `false` if the
    /// variant does not [validate](Self::validate) for the shape.
    pub fn satisfied_by(&self, puzzle: &Grid, grid: &Grid) -> bool {
        let shape = puzzle.shape();
        let n = puzzle.side();
        if grid.shape() != shape || self.validate(shape).is_err() || !grid.is_complete() {
            return false;
        }
        let agrees = puzzle
            .cells()
            .iter()
            .zip(grid.cells())
            .all(|(&p, &g)| p == 0 || p == g);
        if !agrees {
            return false;
        }
        let cells = grid.cells();
        let each_once = |unit: &[usize]| {
            let mut seen = vec![false; n + 1];
            unit.iter()
                .all(|&cell| !std::mem::replace(&mut seen[usize::from(cells[cell])], true))
        };
        if !self.units(shape).iter().all(|unit| each_once(unit)) {
            return false;
        }
        let Self::Killer(cages) = self else {
            return true;
        };
        cages.iter().all(|cage| {
            let unit: Vec<usize> = cage.cells.iter().map(|&(r, c)| r * n + c).collect();
            let sum: u32 = unit.iter().map(|&cell| u32::from(cells[cell])).sum();
            each_once(&unit) && sum == cage.sum
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyper_windows_of_each_order() {
        let counts: Vec<usize> = (2..=6)
            .map(|n| Variant::Hyper.extra_units(Shape::square(n)).len())
            .collect();
        assert_eq!(counts, [1, 4, 9, 16, 25]);
        assert_eq!(
            Variant::Hyper.extra_units(Shape::square(2)),
            [vec![5, 6, 9, 10]]
        );
        let last = &Variant::Hyper.extra_units(Shape::CLASSIC)[3];
        assert_eq!(last, &[50, 51, 52, 59, 60, 61, 68, 69, 70]);
    }

    #[test]
    fn cage_errors() {
        let killer = |cages: Vec<(u32, Vec<(usize, usize)>)>| {
            Variant::Killer(
                cages
                    .into_iter()
                    .map(|(sum, cells)| Cage { sum, cells })
                    .collect(),
            )
            .validate(Shape::CLASSIC)
            .unwrap_err()
            .to_string()
        };
        assert_eq!(killer(vec![(3, vec![])]), "cage 1 has no cells");
        assert_eq!(
            killer(vec![(3, vec![(0, 0), (9, 1)])]),
            "cage 1: r10c2 is outside the 9×9 grid"
        );
        assert_eq!(
            killer(vec![(3, vec![(0, 0), (0, 1)]), (4, vec![(1, 1), (1, 1)])]),
            "r2c2 is twice in cage 2"
        );
        assert_eq!(
            killer(vec![(18, vec![(0, 0), (0, 1)])]),
            "cage 1: no 2 distinct digits from 1 to 9 sum to 18"
        );
        assert_eq!(
            killer(vec![(2, vec![(0, 0), (0, 1)])]),
            "cage 1: no 2 distinct digits from 1 to 9 sum to 2"
        );
        let ten: Vec<(usize, usize)> = (0..9).map(|c| (0, c)).chain([(1, 0)]).collect();
        assert_eq!(
            killer(vec![(45, ten)]),
            "cage 1: no 10 distinct digits from 1 to 9 sum to 45"
        );
        assert!(
            Variant::Killer(vec![Cage {
                sum: 17,
                cells: vec![(0, 0), (0, 1)]
            }])
            .validate(Shape::CLASSIC)
            .is_ok()
        );
        let jigsaw = Variant::Jigsaw(Regions::boxes(Shape::square(2)));
        assert_eq!(
            jigsaw.validate(Shape::CLASSIC).unwrap_err().to_string(),
            "the jigsaw rules are for 4×4 grids, this one is 9×9"
        );
        let six: Shape = "2x3".parse().unwrap();
        assert!(Variant::X.problem(six).is_ok());
        assert_eq!(
            Variant::Hyper.problem(six).unwrap_err().to_string(),
            "hyper sudoku needs square boxes: its windows are boxes set between the boxes, and 2x3 boxes have no such places"
        );
    }

    #[test]
    fn the_checker_catches_each_rule() {
        let solution: Grid =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
                .parse()
                .unwrap();
        let empty = Grid::empty(3);
        assert!(Variant::Classic.satisfied_by(&empty, &solution));
        // Its main diagonal is 8 4 5 2 4 …: not an X sudoku.
        assert!(!Variant::X.satisfied_by(&empty, &solution));
        let mut puzzle = empty.clone();
        puzzle.set(0, 0, 9);
        assert!(!Variant::Classic.satisfied_by(&puzzle, &solution));
        let cage = |sum| {
            Variant::Killer(vec![Cage {
                sum,
                cells: vec![(0, 0), (0, 1)],
            }])
        };
        assert!(cage(9).satisfied_by(&empty, &solution));
        assert!(!cage(10).satisfied_by(&empty, &solution));
        let mut incomplete = solution.clone();
        incomplete.set(8, 8, 0);
        assert!(!Variant::Classic.satisfied_by(&empty, &incomplete));
    }
}
