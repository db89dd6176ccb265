//! The named settings of generation: the symmetry of the givens, the difficulty band,
//! and the kind of puzzle.

use std::fmt;
use std::str::FromStr;

use crate::grid::Grid;
use crate::logic::Rating;

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

/// A name that is not one of a setting's names (`--symmetry spiral`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {setting} `{name}`: expected {expected}")]
pub struct UnknownName {
    /// What was named: `symmetry`, `difficulty`.
    pub setting: &'static str,
    /// The name given.
    pub name: String,
    /// The names there are, as a phrase.
    pub expected: &'static str,
}

/// `Display` and `FromStr` by the names of `name()` over `ALL`.
macro_rules! by_name {
    ($type:ty, $setting:literal, $expected:literal) => {
        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $type {
            type Err = UnknownName;

            fn from_str(name: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .into_iter()
                    .find(|s| s.name() == name)
                    .ok_or_else(|| UnknownName {
                        setting: $setting,
                        name: name.to_owned(),
                        expected: $expected,
                    })
            }
        }
    };
}

by_name!(Symmetry, "symmetry", "none, rotational, diagonal or mirror");

/// A band of [ratings](crate::logic::rate), for generating puzzles of a chosen
/// difficulty. Bands follow the techniques a puzzle needs (scores on the scale of
/// [`crate::logic`] module):
///
/// | Band | Scores | Hardest technique needed |
/// |---|---|---|
/// | easy | up to 2.3 | singles and their direct forms |
/// | medium | 2.4 to 3.4 | locked candidates, naked and hidden pairs, x-wing |
/// | hard | 3.5 to 4.4 | triples, swordfish, xy- and xyz-wing |
/// | expert | 4.5 to 6.9 | uniqueness, quads, jellyfish, x-cycles, forcing x-chains |
/// | extreme | 7.0 and up | forcing chains of both kinds of link, nets, search |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Difficulty {
    /// Singles and their direct forms.
    Easy,
    /// Locked candidates, pairs, x-wing.
    Medium,
    /// Triples, swordfish, wings.
    Hard,
    /// Uniqueness, quads, jellyfish, x-cycles and forcing x-chains.
    Expert,
    /// Forcing chains with both kinds of link, forcing nets, search.
    Extreme,
}

impl Difficulty {
    /// Every band, easiest first.
    pub const ALL: [Self; 5] = [
        Self::Easy,
        Self::Medium,
        Self::Hard,
        Self::Expert,
        Self::Extreme,
    ];

    /// The name `FromStr` reads: `easy`, `medium`, `hard`, `expert`, `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Easy => "easy",
            Self::Medium => "medium",
            Self::Hard => "hard",
            Self::Expert => "expert",
            Self::Extreme => "extreme",
        }
    }

    /// The band of a rating.
    pub fn of(rating: &Rating) -> Self {
        // Scores are exact tenths (see `logic`), so these comparisons are too.
        match rating.score {
            s if s <= 2.3 => Self::Easy,
            s if s <= 3.4 => Self::Medium,
            s if s <= 4.4 => Self::Hard,
            s if s < 7.0 => Self::Expert,
            _ => Self::Extreme,
        }
    }
}

by_name!(
    Difficulty,
    "difficulty",
    "easy, medium, hard, expert or extreme"
);

/// The kinds of puzzle, by name: the [`Variant`](crate::Variant)s without their data
/// (a jigsaw's regions, a killer's cages). The generator makes all but killer puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Kind {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// Also both main diagonals ([`Variant::X`](crate::Variant::X)).
    X,
    /// Also the extra windows of [`Variant::Hyper`](crate::Variant::Hyper).
    Hyper,
    /// Rows, columns and N irregular regions, drawn at random for each generated
    /// puzzle and each orthogonally connected ([`Variant::Jigsaw`](crate::Variant::Jigsaw)).
    Jigsaw,
    /// Classic sudoku with cages of given sums ([`Variant::Killer`](crate::Variant::Killer)).
    Killer,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Self; 5] = [
        Self::Classic,
        Self::X,
        Self::Hyper,
        Self::Jigsaw,
        Self::Killer,
    ];

    /// The name `FromStr` reads: `classic`, `x`, `hyper`, `jigsaw`, `killer`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Classic => "classic",
            Self::X => "x",
            Self::Hyper => "hyper",
            Self::Jigsaw => "jigsaw",
            Self::Killer => "killer",
        }
    }
}

by_name!(Kind, "variant", "classic, x, hyper, jigsaw or killer");
