//! `dancing problem polyomino`: the board and the pieces read from their arguments
//! (a size, a name or a file with a picture), and the packing built from them within
//! the run's limits.

use std::io::Read;
use std::time::{Duration, Instant};

use dancing::problems::{self, Board, MAX_PLACEMENTS, Piece, Turns, Uses};
use dancing::{Limits, Problem};

use crate::args::ProblemArgs;
use crate::failure::Failure;
use crate::input::{self, Budget, human_size};
use crate::search::interrupt_flag;

/// The most bytes a picture file may hold: a board of [`Board::MAX_CELLS`] squares
/// drawn with its line ends, and room for trailing spaces.
const MAX_PICTURE: u64 = 4 * Board::MAX_CELLS as u64;

/// The board of `text`: `WIDTHxHEIGHT`, `scott`, or a file with its picture.
pub(crate) fn board(text: &str, max_memory: u64) -> Result<Board, Failure> {
    if let Some(board) = Board::named(text).map_err(Failure::input)? {
        return Ok(board);
    }
    let picture = read(text, "board", "WIDTHxHEIGHT, `scott`", max_memory)?;
    picture
        .parse()
        .map_err(|e| Failure::input(format!("{text}: {e}")))
}

/// The pieces of `text`: a set's name or cells' count, or a file with their picture.
pub(crate) fn pieces(text: &str, max_memory: u64) -> Result<Vec<Piece>, Failure> {
    if let Some(set) = Piece::named_set(text).map_err(Failure::input)? {
        return Ok(set);
    }
    let picture = read(
        text,
        "pieces",
        "monominoes … hexominoes, 1 to 6",
        max_memory,
    )?;
    Piece::parse_all(&picture).map_err(|e| Failure::input(format!("{text}: {e}")))
}

/// The packing, refused when its placements would not fit the placement cap or
/// `--max-memory`, and built within `--timeout` and Ctrl-C: a build they stop ends the
/// run with their exit code. Returns the problem and the time the build took, which the
/// search's `--timeout` counts too.
pub(crate) fn problem(
    board: &Board,
    pieces: &[Piece],
    (turns, uses): (Turns, Uses),
    args: &ProblemArgs,
) -> Result<(Problem, Duration), Failure> {
    let started = Instant::now();
    let placements = problems::placements(board, pieces, turns);
    let too_many = |what: String| {
        Failure::input(format!(
            "{} on a {}x{} board make up to {placements} placements, past {what}",
            crate::answer::plural(pieces.len() as u64, "piece"),
            board.width(),
            board.height()
        ))
    };
    if placements > MAX_PLACEMENTS {
        return Err(too_many(format!(
            "the {MAX_PLACEMENTS} this command builds"
        )));
    }
    let largest = pieces.iter().map(|p| p.cells.len()).max().unwrap_or(0);
    let items = (board.cells() + pieces.len()) as u64;
    let nodes = (placements as u64).saturating_mul(largest as u64 + 2);
    let what = format!(
        "the packing of {} on the {}x{} board ({placements} placements)",
        crate::answer::plural(pieces.len() as u64, "piece"),
        board.width(),
        board.height()
    );
    crate::memory::check_build((items, nodes), args.max_memory, &what)?;
    let limits = Limits {
        deadline: args
            .search
            .timeout
            .and_then(|t| started.checked_add(Duration::from_secs_f64(t))),
        interrupt: Some(interrupt_flag()),
        ..Limits::none()
    };
    let problem =
        problems::packing_within(board, pieces, turns, uses, &limits).map_err(|stop| {
            Failure::stopped(
                stop.reason,
                format!(
                    "stopped: {} while building the {placements} placements",
                    crate::answer::stop_name(Some(stop.reason)).unwrap_or("a limit")
                ),
            )
        })?;
    Ok((problem, started.elapsed()))
}

/// A note when the pieces cannot cover the board, whatever the search: used once each,
/// they must have as many cells in all as the board; at most once, at least as many.
pub(crate) fn cells_note(board: &Board, pieces: &[Piece], uses: Uses) -> Option<String> {
    let cells: usize = pieces.iter().map(|p| p.cells.len()).sum();
    let (needed, how) = match uses {
        Uses::Once if cells != board.cells() => ("exactly", "--uses once places every piece"),
        Uses::AtMostOnce if cells < board.cells() => ("at least", "every cell is covered"),
        _ => return None,
    };
    let (pieces, cover) = match pieces.len() {
        1 => ("1 piece".to_owned(), "covers"),
        n => (format!("{n} pieces"), "cover"),
    };
    Some(format!(
        "note: the {pieces} {cover} {cells} cells, and the board has {}: {how}, so the \
         pieces need {needed} as many cells as the board, and no packing exists",
        board.cells()
    ))
}

/// The picture in the file `path` (at most [`MAX_PICTURE`] bytes, and what
/// `--max-memory` allows), or an error naming what else the argument could be.
fn read(path: &str, what: &str, otherwise: &str, max_memory: u64) -> Result<String, Failure> {
    let file = std::path::Path::new(path);
    if !file.exists() {
        return Err(Failure::input(format!(
            "{path}: no such file, and not a {what} either: give {otherwise}, or a file with the picture"
        )));
    }
    let opened = input::open(Some(file))?;
    let allowed = MAX_PICTURE.min(max_memory / 16);
    let mut reader = Budget::new(opened.reader, allowed);
    let exceeded = reader.flag();
    let mut picture = String::new();
    reader.read_to_string(&mut picture).map_err(|e| {
        if exceeded.get() {
            Failure::input(format!(
                "{path}: the {what} picture is larger than {}, the most a board of {} squares \
                 (or --max-memory {}) allows",
                human_size(allowed),
                Board::MAX_CELLS,
                human_size(max_memory)
            ))
        } else {
            Failure::input(format!("{path}: cannot read the {what} picture: {e}"))
        }
    })?;
    Ok(picture)
}
