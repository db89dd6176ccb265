//! The difficulty bands of the rating scale, by name.

use super::rating::Rating;

/// A band of [ratings](crate::logic::Rater::rate), for generating puzzles of a chosen
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
        Self::of_score(rating.score)
    }

    /// The band of a score.
    pub fn of_score(score: f32) -> Self {
        // Scores are exact tenths (see `logic`), so these comparisons are too.
        match score {
            s if s <= 2.3 => Self::Easy,
            s if s <= 3.4 => Self::Medium,
            s if s <= 4.4 => Self::Hard,
            s if s < 7.0 => Self::Expert,
            _ => Self::Extreme,
        }
    }
}

dancing::named!(Difficulty, "difficulty");
