//! The kinds of puzzle, by name.

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

dancing::named!(Kind, "variant");
