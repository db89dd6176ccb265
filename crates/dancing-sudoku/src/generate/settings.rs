//! The symmetry of the givens, a named setting of generation (the difficulty band is
//! [`crate::logic::Difficulty`], the kind of puzzle [`crate::variant::Kind`]).

use crate::grid::Grid;

/// Which cells must be given together, so the givens form a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Symmetry {
    /// No pattern.
    #[default]
    None,
    /// Half-turn: cell (r, c) with (N+1−r, N+1−c), the symmetry of most published puzzles.
    Rotational,
    /// About the main diagonal: cell (r, c) with (c, r).
    Diagonal,
    /// Left to right: cell (r, c) with (r, N+1−c).
    Mirror,
}

impl Symmetry {
    /// Every symmetry, in the order `--help` lists them.
    pub const ALL: [Self; 4] = [Self::None, Self::Rotational, Self::Diagonal, Self::Mirror];

    /// The name `FromStr` reads: `none`, `rotational`, `diagonal`, `mirror`.
    pub fn name(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Rotational => "rotational",
            Self::Diagonal => "diagonal",
            Self::Mirror => "mirror",
        }
    }

    /// The cell that must be given with cell `(r, c)` of a grid of side `side`.
    fn image(self, side: usize, r: usize, c: usize) -> (usize, usize) {
        match self {
            Self::None => (r, c),
            Self::Rotational => (side - 1 - r, side - 1 - c),
            Self::Diagonal => (c, r),
            Self::Mirror => (r, side - 1 - c),
        }
    }

    /// The orbits of the cells (indices row by row): each cell once, with its image.
    pub(super) fn orbits(self, side: usize) -> Vec<Vec<usize>> {
        let mut orbits = Vec::new();
        for r in 0..side {
            for c in 0..side {
                let (ir, ic) = self.image(side, r, c);
                let (cell, image) = (r * side + c, ir * side + ic);
                match cell.cmp(&image) {
                    std::cmp::Ordering::Less => orbits.push(vec![cell, image]),
                    std::cmp::Ordering::Equal => orbits.push(vec![cell]),
                    std::cmp::Ordering::Greater => {}
                }
            }
        }
        orbits
    }

    /// Whether `grid`'s givens have this symmetry.
    pub fn holds(self, grid: &Grid) -> bool {
        let side = grid.side();
        (0..side).all(|r| {
            (0..side).all(|c| {
                let (ir, ic) = self.image(side, r, c);
                (grid.get(r, c) == 0) == (grid.get(ir, ic) == 0)
            })
        })
    }
}

dancing::named!(Symmetry, "symmetry");
