//! `dancing problem polyomino`: the board and the pieces read from their arguments
//! (a size, a name or a file with a picture), and the packing built from them.

use dancing::Problem;
use dancing::problems::{self, Board, Piece, Turns, Uses};

use crate::args::{TurnsArg, UsesArg};
use crate::failure::Failure;

/// The most placements built: past it the problem would not fit a sensible memory.
const MAX_OPTIONS: usize = 20_000_000;

/// The board of `text`: `WIDTHxHEIGHT`, `scott`, or a file with its picture.
pub(crate) fn board(text: &str) -> Result<Board, Failure> {
    if let Some(board) = Board::named(text) {
        return Ok(board);
    }
    if let Some((w, h)) = text.split_once(['x', 'X', '×'])
        && let (Ok(width), Ok(height)) = (w.trim().parse::<usize>(), h.trim().parse::<usize>())
    {
        return Err(Failure::input(format!(
            "the {width}x{height} board has {} cells: give one of 1 to 1,000,000",
            width.saturating_mul(height)
        )));
    }
    let picture = read(text, "board", "WIDTHxHEIGHT, `scott`")?;
    picture
        .parse()
        .map_err(|e| Failure::input(format!("{text}: {e}")))
}

/// The pieces of `text`: a set's name or cells' count, or a file with their picture.
pub(crate) fn pieces(text: &str) -> Result<Vec<Piece>, Failure> {
    if let Some(set) = Piece::named_set(text) {
        return Ok(set);
    }
    let picture = read(text, "pieces", "monominoes … hexominoes, 1 to 6")?;
    Piece::parse_all(&picture).map_err(|e| Failure::input(format!("{text}: {e}")))
}

/// The packing, refused when its placements would not fit.
pub(crate) fn problem(
    board: &Board,
    pieces: &[Piece],
    turns: TurnsArg,
    uses: UsesArg,
) -> Result<Problem, Failure> {
    let turns = match turns {
        TurnsArg::All => Turns::All,
        TurnsArg::Rotations => Turns::Rotations,
        TurnsArg::None => Turns::None,
    };
    let uses = match uses {
        UsesArg::Once => Uses::Once,
        UsesArg::AtMostOnce => Uses::AtMostOnce,
        UsesArg::Any => Uses::Any,
    };
    let placements = problems::placements(board, pieces, turns);
    if placements > MAX_OPTIONS {
        return Err(Failure::input(format!(
            "{} pieces on a {}x{} board make up to {placements} placements, past the \
             {MAX_OPTIONS} this command builds",
            pieces.len(),
            board.width(),
            board.height()
        )));
    }
    Ok(problems::packing(board, pieces, turns, uses))
}

/// The picture in the file `path`, or an error naming what else the argument could be.
fn read(path: &str, what: &str, otherwise: &str) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| {
        Failure::input(format!(
            "{path}: cannot read the {what} picture ({e}); give {otherwise}, or a file"
        ))
    })
}
