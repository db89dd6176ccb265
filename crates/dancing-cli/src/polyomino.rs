//! `dancing problem polyomino`: the board and the pieces read from their arguments
//! (a size, a name or a file with a picture), and the packing built from them.

use dancing::Problem;
use dancing::problems::{self, Board, Piece, Turns, Uses};

use crate::args::{TurnsArg, UsesArg};
use crate::failure::Failure;

/// The named piece sets, by cells per piece.
const SETS: [&str; 6] = [
    "monominoes",
    "dominoes",
    "trominoes",
    "tetrominoes",
    "pentominoes",
    "hexominoes",
];

/// The most placements built: past it the problem would not fit a sensible memory.
const MAX_OPTIONS: usize = 20_000_000;

/// The board of `text`: `WIDTHxHEIGHT`, `scott`, or a file with its picture.
pub(crate) fn board(text: &str) -> Result<Board, Failure> {
    if text.eq_ignore_ascii_case("scott") {
        return Ok(Board::scott());
    }
    if let Some((w, h)) = text.split_once(['x', 'X', '×'])
        && let (Ok(width), Ok(height)) = (w.trim().parse::<usize>(), h.trim().parse::<usize>())
    {
        if width == 0 || height == 0 || width.saturating_mul(height) > 1_000_000 {
            return Err(Failure::input(format!(
                "the {width}x{height} board has {} cells: give one of 1 to 1,000,000",
                width.saturating_mul(height)
            )));
        }
        return Ok(Board::rectangle(width, height));
    }
    let picture = read(text, "board", "WIDTHxHEIGHT, `scott`")?;
    picture
        .parse()
        .map_err(|e| Failure::input(format!("{text}: {e}")))
}

/// The pieces of `text`: a set's name or cells' count, or a file with their picture.
pub(crate) fn pieces(text: &str) -> Result<Vec<Piece>, Failure> {
    let lower = text.to_ascii_lowercase();
    let named = SETS
        .iter()
        .position(|&set| set == lower || set.trim_end_matches('s') == lower);
    let counted = text.parse::<usize>().ok().filter(|n| (1..=6).contains(n));
    if let Some(size) = named.map(|k| k + 1).or(counted) {
        return Ok(Piece::set(size));
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
    let placements: usize = pieces
        .iter()
        .map(|piece| problems::turned(&piece.cells, turns).len())
        .sum::<usize>()
        .saturating_mul(board.width() * board.height());
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
