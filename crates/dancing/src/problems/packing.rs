//! Packing any board with any set of polyominoes, as Knuth's POLYOMINO-DLX generators
//! do: a board drawn as text (holes allowed) or a rectangle, pieces by set
//! (monominoes to hexominoes) or drawn as text, turned or not, each used once, at most
//! once or any number of times.

mod piece;

pub use piece::{Piece, SETS, turned};

use super::build;
use crate::builder::ProblemBuilder;
use crate::format::strip_bom;
use crate::ids::OptionId;
use crate::limits::Limits;
use crate::problem::Problem;
use crate::stats::{Stats, Stopped};

/// The cells to cover: a rectangle, or a picture with holes.
///
/// ```
/// use dancing::problems::Board;
///
/// let board: Board = "...\n.#.\n...".parse()?;
/// assert_eq!((board.width(), board.height(), board.cells()), (3, 3, 8));
/// # Ok::<(), dancing::problems::PictureError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    /// Row by row: whether the square is a cell to cover (else a hole).
    open: Vec<bool>,
}

impl Board {
    /// The most cells a board may span (its width times its height, holes too): a
    /// million, past which no packing is a sensible search.
    pub const MAX_CELLS: usize = 1_000_000;

    /// A `width`×`height` rectangle with no holes.
    ///
    /// # Panics
    /// If it has no cells.
    #[track_caller]
    pub fn rectangle(width: usize, height: usize) -> Board {
        assert!(width > 0 && height > 0, "the board must have cells");
        Board {
            width,
            height,
            open: vec![true; width * height],
        }
    }

    /// Dana Scott's board (1958): 8×8 with its centre 2×2 removed, which the twelve
    /// pentominoes pack in 520 ways (65 up to the board's symmetries).
    pub fn scott() -> Board {
        let mut board = Board::rectangle(8, 8);
        for (r, c) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
            board.open[r * 8 + c] = false;
        }
        board
    }

    /// The board a word names: `scott` ([`Board::scott`]) or `WxH` (a rectangle of 1
    /// to [`MAX_CELLS`](Self::MAX_CELLS) cells); `Ok(None)` for any other word (a
    /// picture's file, perhaps).
    ///
    /// ```
    /// use dancing::problems::Board;
    ///
    /// assert_eq!(Board::named("10x6")?.map(|b| b.cells()), Some(60));
    /// assert_eq!(Board::named("board.txt")?, None);
    /// let too_large = Board::named("100000x100000").unwrap_err();
    /// assert_eq!(too_large.to_string(), "the 100000x100000 board has 10000000000 cells: give one of 1 to 1000000");
    /// # Ok::<(), dancing::problems::NameError>(())
    /// ```
    ///
    /// # Errors
    /// A rectangle of no cell or of more than [`MAX_CELLS`](Self::MAX_CELLS).
    pub fn named(word: &str) -> Result<Option<Board>, NameError> {
        if word.eq_ignore_ascii_case("scott") {
            return Ok(Some(Board::scott()));
        }
        let Some((w, h)) = word.split_once(['x', 'X', '×']) else {
            return Ok(None);
        };
        let (Ok(width), Ok(height)) = (w.trim().parse::<usize>(), h.trim().parse::<usize>()) else {
            return Ok(None);
        };
        let cells = (width as u128) * (height as u128);
        if cells == 0 || cells > Self::MAX_CELLS as u128 {
            return Err(NameError::BoardSize {
                width,
                height,
                cells,
            });
        }
        Ok(Some(Board::rectangle(width, height)))
    }

    /// The width: the longest row of the picture.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height: the picture's rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// How many cells are to be covered.
    pub fn cells(&self) -> usize {
        self.open.iter().filter(|&&open| open).count()
    }

    /// Whether the square in row `r`, column `c` (0-based) is a cell to cover.
    pub fn is_cell(&self, r: usize, c: usize) -> bool {
        r < self.height && c < self.width && self.open[r * self.width + c]
    }
}

/// A word that names a board or a set of pieces out of range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NameError {
    /// A rectangle of no cell, or of more than [`Board::MAX_CELLS`].
    #[error(
        "the {width}x{height} board has {cells} cells: give one of 1 to {}",
        Board::MAX_CELLS
    )]
    BoardSize {
        /// Its width.
        width: usize,
        /// Its height.
        height: usize,
        /// Its cells.
        cells: u128,
    },
    /// A set of pieces of another size than 1 to 6 cells.
    #[error(
        "there is no set of {0}-cell pieces: the sets are of 1 to 6 cells (monominoes to hexominoes)"
    )]
    SetSize(u64),
}

/// A picture of a board or of pieces that cannot be read: where, and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
#[non_exhaustive]
pub struct PictureError {
    /// 1-based line of the picture.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was expected.
    pub message: String,
}

impl std::fmt::Display for Board {
    /// The board row by row, `.` a cell and `#` a hole, as [`FromStr`](std::str::FromStr)
    /// reads it back.
    ///
    /// ```
    /// use dancing::problems::Board;
    ///
    /// let scott = Board::scott();
    /// assert_eq!(scott.to_string().parse::<Board>()?, scott);
    /// # Ok::<(), dancing::problems::PictureError>(())
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in self.open.chunks(self.width) {
            for &open in row {
                f.write_str(if open { "." } else { "#" })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Board {
    type Err = PictureError;

    /// Reads a board drawn row by row: `.`, `o` or `*` is a cell to cover, `#`, `X` or
    /// a space a hole; rows shorter than the longest end in holes. Blank lines before
    /// and after, and a leading byte-order mark, are skipped. The picture spans at most
    /// [`Board::MAX_CELLS`] squares.
    fn from_str(text: &str) -> Result<Board, PictureError> {
        let rows: Vec<&str> = strip_bom(text).lines().map(str::trim_end).collect();
        let first = rows.iter().position(|row| !row.is_empty());
        let last = rows.iter().rposition(|row| !row.is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(PictureError {
                line: 1,
                column: 1,
                message: "the board is empty: draw its cells as `.` and its holes as `#`".into(),
            });
        };
        let rows = &rows[first..=last];
        let width = rows
            .iter()
            .map(|row| row.chars().count())
            .max()
            .unwrap_or(0);
        if width.saturating_mul(rows.len()) > Board::MAX_CELLS {
            return Err(PictureError {
                line: first + 1,
                column: 1,
                message: format!(
                    "the board spans {width} by {} squares, past the {} a board may have",
                    rows.len(),
                    Board::MAX_CELLS
                ),
            });
        }
        let mut open = vec![false; width * rows.len()];
        for (r, row) in rows.iter().enumerate() {
            for (c, symbol) in row.chars().enumerate() {
                open[r * width + c] = match symbol {
                    '.' | 'o' | '*' => true,
                    '#' | 'X' | ' ' => false,
                    other => {
                        return Err(PictureError {
                            line: first + r + 1,
                            column: c + 1,
                            message: format!(
                                "`{other}` is neither a cell (`.`, `o`, `*`) nor a hole (`#`, `X`, a space)"
                            ),
                        });
                    }
                };
            }
        }
        let board = Board {
            width,
            height: rows.len(),
            open,
        };
        if board.cells() == 0 {
            return Err(PictureError {
                line: first + 1,
                column: 1,
                message: "the board has no cells: draw them as `.`".into(),
            });
        }
        Ok(board)
    }
}

/// The most placements a packing is built with by the command line and Python (20
/// million: past it the problem would not fit a sensible memory): [`placements`] tells
/// how many a packing would have.
pub const MAX_PLACEMENTS: usize = 20_000_000;

/// How many placements [`packing`] would build: each allowed orientation of each piece
/// at each square of the board (an upper bound), to refuse a packing too large to build
/// (see [`MAX_PLACEMENTS`]).
pub fn placements(board: &Board, pieces: &[Piece], turns: Turns) -> usize {
    pieces
        .iter()
        .map(|piece| turned(&piece.cells, turns).len())
        .sum::<usize>()
        .saturating_mul(board.width * board.height)
}

/// Which orientations of a piece may be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Turns {
    /// Rotations and reflections (the pieces are two-sided).
    #[default]
    All,
    /// Rotations only (one-sided pieces).
    Rotations,
    /// The piece as drawn.
    None,
}

/// How many times each piece is placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Uses {
    /// Exactly once: every piece is placed (a primary item per piece).
    #[default]
    Once,
    /// At most once (a secondary item per piece), for boards smaller than the set.
    AtMostOnce,
    /// Any number of times (a secondary item per piece that every placement gives the
    /// same color, so that it names the piece without limiting it).
    Any,
}

impl Turns {
    /// Every choice, in the order of the help.
    pub const ALL: [Self; 3] = [Self::All, Self::Rotations, Self::None];

    /// Its word: `all`, `rotations` or `none`.
    pub fn name(self) -> &'static str {
        match self {
            Turns::All => "all",
            Turns::Rotations => "rotations",
            Turns::None => "none",
        }
    }

    /// What it allows, in a line (the command line's help lists it).
    pub fn description(self) -> &'static str {
        match self {
            Turns::All => "Rotations and reflections",
            Turns::Rotations => "Rotations only",
            Turns::None => "As drawn",
        }
    }
}

impl Uses {
    /// Every choice, in the order of the help.
    pub const ALL: [Self; 3] = [Self::Once, Self::AtMostOnce, Self::Any];

    /// Its word: `once`, `at-most-once` or `any`.
    pub fn name(self) -> &'static str {
        match self {
            Uses::Once => "once",
            Uses::AtMostOnce => "at-most-once",
            Uses::Any => "any",
        }
    }

    /// What it asks, in a line (the command line's help lists it).
    pub fn description(self) -> &'static str {
        match self {
            Uses::Once => "Every piece exactly once",
            Uses::AtMostOnce => "Each piece once or not at all",
            Uses::Any => "Each piece any number of times",
        }
    }
}

crate::names::named!(Turns, "turns");
crate::names::named!(Uses, "uses");

/// Packs `pieces` into `board`: items one per piece (with [`Uses::Once`] primary, else
/// secondary, colored with [`Uses::Any`]), then one primary item per cell (`r{r}c{c}`,
/// counted from 1 as everywhere in the crate, row by row); an option per placement of
/// an allowed orientation, the piece's item first. Dana Scott's problem counts 520:
///
/// ```
/// use dancing::problems::{Board, Piece, Turns, Uses, packing};
/// use dancing::{Engine, Solver};
///
/// let problem = packing(&Board::scott(), &Piece::set(5), Turns::All, Uses::Once);
/// assert_eq!(Solver::new(&problem).count(), 520);
/// ```
///
/// # Panics
/// If two pieces share a name, or a name is not a valid item name.
#[track_caller]
pub fn packing(board: &Board, pieces: &[Piece], turns: Turns, uses: Uses) -> Problem {
    packing_within(board, pieces, turns, uses, &Limits::none())
        .expect("no limit stops a build without limits")
}

/// [`packing`] under `limits`: the deadline and the interrupt flag are checked while
/// the placements are built (a board of a hundred thousand cells takes seconds), and a
/// build they stop is [`Stopped`].
///
/// # Errors
/// The limit that stopped the build.
///
/// # Panics
/// If two pieces share a name, or a name is not a valid item name.
#[track_caller]
pub fn packing_within(
    board: &Board,
    pieces: &[Piece],
    turns: Turns,
    uses: Uses,
    limits: &Limits,
) -> Result<Problem, Stopped> {
    let mut b = ProblemBuilder::new();
    let mut names = Vec::with_capacity(pieces.len());
    if uses == Uses::Once {
        for piece in pieces {
            names.push(b.primary(&piece.name).expect("distinct piece names"));
        }
    }
    let mut cell = vec![None; board.width * board.height];
    for r in 0..board.height {
        for c in 0..board.width {
            if board.is_cell(r, c) {
                let name = format!("r{}c{}", r + 1, c + 1);
                cell[r * board.width + c] = Some(b.primary(&name).unwrap());
            }
        }
    }
    if uses != Uses::Once {
        for piece in pieces {
            names.push(b.secondary(&piece.name).expect("distinct piece names"));
        }
    }
    let color = (uses == Uses::Any).then(|| b.color("1").unwrap());
    let mut placed = Vec::new();
    for (k, piece) in pieces.iter().enumerate() {
        for shape in turned(&piece.cells, turns) {
            for r in 0..board.height {
                // A row of placements between two looks at the clock and the flag.
                if let Some(reason) = limits.passed() {
                    return Err(Stopped::new(reason, Stats::default()));
                }
                for c in 0..board.width {
                    placed.clear();
                    let fits = shape.iter().all(|&(dr, dc)| {
                        let (r, c) = (r + usize::from(dr), c + usize::from(dc));
                        let at = (c < board.width)
                            .then(|| cell.get(r * board.width + c).copied().flatten())
                            .flatten();
                        placed.extend(at);
                        at.is_some()
                    });
                    if fits {
                        let piece = (names[k], color);
                        let cells = placed.iter().map(|&cell| (cell, None));
                        b.colored_option(std::iter::once(piece).chain(cells))
                            .unwrap();
                    }
                }
            }
        }
    }
    Ok(build(b))
}

/// The 0-based row and column of a cell item named `r{r}c{c}` (counted from 1), as
/// [`packing`] and [`dominoes`](super::dominoes) name them; `None` for another name.
///
/// ```
/// assert_eq!(dancing::problems::cell_of("r1c10"), Some((0, 9)));
/// assert_eq!(dancing::problems::cell_of("X"), None);
/// ```
pub fn cell_of(name: &str) -> Option<(usize, usize)> {
    let (r, c) = cell_numbers(name)?;
    Some((r.checked_sub(1)?, c.checked_sub(1)?))
}

/// The two numbers of a name `r{r}c{c}`, as written (digits only); `None` for another
/// name.
pub(crate) fn cell_numbers(name: &str) -> Option<(usize, usize)> {
    let (r, c) = name.strip_prefix('r')?.split_once('c')?;
    let number = |s: &str| {
        let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        digits.then(|| s.parse().ok()).flatten()
    };
    Some((number(r)?, number(c)?))
}

/// A picture of a solution of [`packing`]: the board's rows, each cell drawn with the
/// first character of the piece on it, holes as spaces.
pub fn packing_picture(problem: &Problem, board: &Board, options: &[OptionId]) -> String {
    let mut grid: Vec<Vec<char>> = (0..board.height)
        .map(|r| {
            (0..board.width)
                .map(|c| if board.is_cell(r, c) { '.' } else { ' ' })
                .collect()
        })
        .collect();
    for &o in options {
        let mut letter = '?';
        for (item, _) in problem.option_items(o) {
            let name = problem.item_name(item);
            match cell_of(name) {
                Some((r, c)) if r < board.height && c < board.width => grid[r][c] = letter,
                _ => letter = name.chars().next().unwrap_or('?'),
            }
        }
    }
    grid.into_iter()
        .map(|row| row.into_iter().collect::<String>().trim_end().to_string() + "\n")
        .collect()
}
