//! The marks after a one-line puzzle that name its variant (`x`, `hyper`, a jigsaw's
//! regions).

use crate::shape::Shape;
use crate::variant::{Kind, Regions, Variant};

/// The variant a mark names for a puzzle of `shape`: `x`, `hyper`, or the region labels
/// of a jigsaw, each region orthogonally connected (so that a solution written after its
/// puzzle, whose values are never next to themselves, is not read as regions).
pub(super) fn read_mark(token: &str, shape: Shape) -> Option<Variant> {
    match token {
        "x" | "X" => Some(Variant::X),
        "hyper" => Some(Variant::Hyper),
        _ if token.chars().count() == shape.cells() => {
            Regions::from_labels(shape.side(), token.chars())
                .ok()
                .filter(Regions::is_connected)
                .map(Variant::Jigsaw)
        }
        _ => None,
    }
}

/// The rules of `kind`, for a kind that needs nothing more (not jigsaw or killer).
pub(super) fn kind_variant(kind: Kind) -> Variant {
    match kind {
        Kind::X => Variant::X,
        Kind::Hyper => Variant::Hyper,
        _ => Variant::Classic,
    }
}
