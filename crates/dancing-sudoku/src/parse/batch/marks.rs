//! The marks after a one-line puzzle that name its variant (`x`, `hyper`, a jigsaw's
//! regions), and the rules a puzzle read is checked by (`ruled`).

use super::super::lex::ends_puzzle;
use super::super::{PuzzleError, PuzzleErrorKind};
use super::Puzzle;
use super::one_line::clash;
use crate::shape::Shape;
use crate::variant::{Kind, Regions, Variant, VariantError};

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
fn kind_variant(kind: Kind) -> Variant {
    match kind {
        Kind::X => Variant::X,
        Kind::Hyper => Variant::Hyper,
        _ => Variant::Classic,
    }
}

/// `puzzle` (read from line `number`, `text`) with its rules: those of the `kind` the
/// batch was told, checked against its mark, or those its mark names. A one-line puzzle
/// (`text` not empty) has its givens checked here, by those rules; the other
/// layouts, which carry no mark, are checked as they are read.
pub(super) fn ruled(
    kind: Option<Kind>,
    number: usize,
    text: &str,
    puzzle: Result<Puzzle, PuzzleError>,
) -> Result<Puzzle, PuzzleError> {
    let mut puzzle = puzzle?;
    let shape = puzzle.grid.shape();
    let mark = mark_of(text);
    let error =
        |column: Option<usize>, kind: PuzzleErrorKind| Err(PuzzleError::new(number, column, kind));
    let marked = mark.and_then(|(_, token)| read_mark(token, shape));
    puzzle.variant = match (kind, marked) {
        (None, marked) => marked.unwrap_or_default(),
        (Some(Kind::Jigsaw), _) => {
            let cells = shape.cells();
            let Some((column, labels)) = mark else {
                return error(
                    Some(text.chars().count() + 1),
                    PuzzleErrorKind::MissingRegions { expected: cells },
                );
            };
            match Regions::from_labels(shape.side(), labels.chars()) {
                Ok(regions) => Variant::Jigsaw(regions),
                Err(rule) => {
                    // A region of the wrong size: where its label first appears.
                    let at = match &rule {
                        VariantError::RegionSize { label, .. } => labels
                            .chars()
                            .position(|c| label.starts_with(c))
                            .map_or(column, |k| column + k),
                        _ => column,
                    };
                    return error(Some(at), PuzzleErrorKind::Rule(rule));
                }
            }
        }
        (Some(kind), None) => kind_variant(kind),
        (Some(kind), Some(marked)) if marked.name() == kind.name() => marked,
        (Some(kind), Some(marked)) => {
            return error(
                mark.map(|(column, _)| column),
                PuzzleErrorKind::VariantMismatch {
                    marked: marked.name(),
                    asked: kind.name(),
                },
            );
        }
    };
    // Rules that do not fit the grid's shape (hyper windows between rectangular
    // boxes) are the input's error, not a puzzle without solution.
    if let Err(rule) = puzzle.variant.validate(shape) {
        return error(mark.map(|(column, _)| column), PuzzleErrorKind::Rule(rule));
    }
    if !text.is_empty()
        && let Some(conflict) = clash(&puzzle)
    {
        // A one-line puzzle: the clash is at the second cell's column.
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let (r, c) = conflict.cells[1];
        return error(
            Some(lead + r * puzzle.grid.side() + c + 1),
            PuzzleErrorKind::Conflict(conflict),
        );
    }
    if puzzle.pencilmarks.is_some() && puzzle.variant != Variant::Classic {
        return error(
            None,
            PuzzleErrorKind::PencilmarkVariant {
                variant: puzzle.variant.name(),
            },
        );
    }
    Ok(puzzle)
}

/// The mark after a one-line puzzle, with the column it starts at: the one word after
/// the puzzle and white space (a `#` comment may follow it). Text after `,`, `;` or `:`
/// is another field of a CSV or tdoku line, and several words are a comment: neither is
/// a mark (`P,x` and `P x marks the spot` are classic puzzles).
pub(super) fn mark_of(text: &str) -> Option<(usize, &str)> {
    // The common line, ASCII without a blank or a separator: nothing ends the puzzle.
    // (Checked byte by byte, which the compiler runs on vectors.)
    if text.bytes().fold(true, |plain, b| {
        plain & (b > b' ') & (b < 0x80) & !matches!(b, b',' | b';' | b':')
    }) {
        return None;
    }
    let start = text.len() - text.trim_start().len();
    let end = start + text[start..].find(ends_puzzle)?;
    if !text[end..].starts_with(char::is_whitespace) {
        return None;
    }
    let after = &text[end..];
    let mut words = after.split_whitespace();
    let token = words.next()?;
    if words.next().is_some_and(|next| !next.starts_with('#')) {
        return None;
    }
    let at = end + (after.len() - after.trim_start().len());
    Some((text[..at].chars().count() + 1, token))
}
