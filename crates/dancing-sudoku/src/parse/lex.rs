//! The pieces every grid parser shares: what a character means in an alphabet, rows of
//! symbols and of numbers, separator lines, and the end of a grid.

use super::{PuzzleError, PuzzleErrorKind};
use crate::grid::{Alphabet, Grid};
use crate::shape::Shape;

/// The symbols of an empty cell in every layout, besides `0` (empty in grids up to 9×9,
/// 36 in a 36×36 grid): the one list the readers, and the command line guessing whether
/// an argument is a puzzle, take them from.
pub const BLANKS: [char; 4] = ['.', '_', '-', '*'];

/// What a character means in an alphabet, before the order is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Symbol {
    Empty,
    Value(u8),
    /// `0` in the digit alphabet: empty up to 9×9, 36 in a 36×36 grid.
    Zero,
    Unknown,
}

pub(super) fn classify(ch: char, alphabet: Alphabet) -> Symbol {
    match alphabet {
        Alphabet::Digits => match ch {
            _ if BLANKS.contains(&ch) => Symbol::Empty,
            '0' => Symbol::Zero,
            '1'..='9' => Symbol::Value(ch as u8 - b'0'),
            'A'..='Z' => Symbol::Value(ch as u8 - b'A' + 10),
            'a'..='z' => Symbol::Value(ch as u8 - b'a' + 10),
            _ => Symbol::Unknown,
        },
        Alphabet::Letters => match ch {
            '.' | '-' | '*' => Symbol::Empty,
            'A'..='Z' => Symbol::Value(ch as u8 - b'A' + 1),
            _ => Symbol::Unknown,
        },
    }
}

/// The shapes a reader takes: the usual square ones (4×4 to 36×36), and the one it was
/// told for grids of its side (`--box 2x3` for 6×6). The one place a side or a line's
/// length is turned into a shape.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Shapes {
    /// The shape told, if any: it takes the grids of its side.
    pub(crate) told: Option<Shape>,
}

impl Shapes {
    /// The shapes of a reader told `told`.
    pub(crate) fn told(told: Option<Shape>) -> Self {
        Self { told }
    }

    /// The shape of a grid of side `side`: the one told, if of that side, else the
    /// usual square one; `None` for a side whose boxes were not told.
    pub(crate) fn of_side(self, side: usize) -> Option<Shape> {
        self.told
            .filter(|told| told.side() == side)
            .or_else(|| Shape::usual(side))
    }

    /// The shape of a grid of `cells` cells on one line.
    pub(crate) fn of_cells(self, cells: usize) -> Option<Shape> {
        self.told
            .filter(|told| told.cells() == cells)
            .or_else(|| Shape::usual(cells.isqrt()).filter(|s| s.cells() == cells))
    }
}

/// The usual shape of a side (`None` for 6, 8, 12, …, whose boxes must be told).
pub(super) fn usual_shape(side: usize) -> Option<Shape> {
    Shape::usual(side)
}

/// Appends the value of `ch` at `column` to `cells`, for a grid of side `side`.
pub(super) fn push_symbol(
    cells: &mut Vec<u8>,
    ch: char,
    alphabet: Alphabet,
    side: usize,
    line: usize,
    column: usize,
) -> Result<(), PuzzleError> {
    let value = match classify(ch, alphabet) {
        Symbol::Empty => 0,
        Symbol::Zero if side <= 9 => 0,
        Symbol::Zero if side == 36 => 36,
        Symbol::Zero => {
            return Err(PuzzleError::new(
                line,
                Some(column),
                PuzzleErrorKind::ZeroNotEmpty { side },
            ));
        }
        Symbol::Value(v) if usize::from(v) <= side => v,
        Symbol::Value(v) => {
            return Err(PuzzleError::new(
                line,
                Some(column),
                PuzzleErrorKind::OutOfRange {
                    symbol: ch.to_string(),
                    value: u64::from(v),
                    side,
                },
            ));
        }
        Symbol::Unknown => {
            return Err(PuzzleError::new(
                line,
                Some(column),
                PuzzleErrorKind::UnknownSymbol {
                    symbol: ch,
                    alphabet,
                },
            ));
        }
    };
    cells.push(value);
    Ok(())
}

fn check_letters(alphabet: Alphabet, side: usize, line: usize) -> Result<(), PuzzleError> {
    if alphabet == Alphabet::Letters && side > alphabet.max_value() {
        return Err(PuzzleError::new(
            line,
            None,
            PuzzleErrorKind::TooLargeForLetters { side },
        ));
    }
    Ok(())
}

/// Whether `ch` ends the puzzle of the one-line form: white space, or the `,`, `;` and
/// `:` that separate the fields of CSV files and of tdoku's `puzzle:count:solution`
/// lines (none of them is a symbol).
pub(super) fn ends_puzzle(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, ',' | ';' | ':')
}

/// The puzzle of a line in the one-line form: from its first symbol to the end of the
/// line or to what [`ends_puzzle`].
pub(super) fn puzzle_token(text: &str) -> &str {
    text.trim_start().split(ends_puzzle).next().unwrap_or("")
}

/// Reads the most common line, 81 digits and `.`, `0`, `_` or `-` from its first byte
/// to its end or to white space (or a field separator), into `cells`; `false` (and
/// `cells` to be refilled) for anything else, which the general reader then reads or
/// explains.
pub(super) fn plain_9x9(line: &[u8], cells: &mut Vec<u8>) -> bool {
    let Some(token) = line.get(..81) else {
        return false;
    };
    if line
        .get(81)
        .is_some_and(|&b| !ends_puzzle(char::from(b)) || !b.is_ascii())
    {
        return false;
    }
    // Branch-free, so that the compiler can read many bytes at once.
    let known = token.iter().fold(true, |known, &b| {
        let blank = BLANKS
            .iter()
            .fold(false, |blank, &c| blank | (u32::from(b) == c as u32));
        known & (b.wrapping_sub(b'0') <= 9 || blank)
    });
    if !known {
        return false;
    }
    cells.clear();
    cells.extend(token.iter().map(|&b| {
        let digit = b.wrapping_sub(b'0');
        if digit <= 9 { digit } else { 0 }
    }));
    true
}

/// Parses the one-line form in `alphabet`, filling `cells`: the grid's shape, one of
/// `shapes`.
pub(super) fn line_into(
    text: &str,
    alphabet: Alphabet,
    cells: &mut Vec<u8>,
    shapes: Shapes,
) -> Result<Shape, PuzzleError> {
    if alphabet == Alphabet::Digits && plain_9x9(text.as_bytes(), cells) {
        return Ok(Shape::CLASSIC);
    }
    let lead = text.chars().take_while(|c| c.is_whitespace()).count();
    let token = puzzle_token(text);
    if token.is_empty() {
        return Err(PuzzleError::new(1, None, PuzzleErrorKind::Empty));
    }
    // Unknown characters first: they make the length meaningless.
    for (k, ch) in token.chars().enumerate() {
        if classify(ch, alphabet) == Symbol::Unknown {
            return Err(PuzzleError::new(
                1,
                Some(lead + k + 1),
                PuzzleErrorKind::UnknownSymbol {
                    symbol: ch,
                    alphabet,
                },
            ));
        }
    }
    let len = token.len(); // every known symbol is ASCII
    let Some(shape) = shapes.of_cells(len) else {
        let nothing_after = text.trim_start()[token.len()..]
            .trim_start_matches(ends_puzzle)
            .is_empty();
        let told = shapes.told;
        let kind = if nothing_after {
            PuzzleErrorKind::LineLength { found: len, told }
        } else {
            PuzzleErrorKind::LengthBeforeComment { found: len, told }
        };
        return Err(PuzzleError::new(1, None, kind));
    };
    let side = shape.side();
    check_letters(alphabet, side, 1)?;
    cells.clear();
    cells.reserve(len);
    for (k, ch) in token.chars().enumerate() {
        push_symbol(cells, ch, alphabet, side, 1, lead + k + 1)?;
    }
    Ok(shape)
}

/// Whether `ch` draws the grid rather than fills it: `|`, or a box-drawing character
/// (`│`, `─`, `┼`, … as `--pretty` draws grids), which rows may hold between symbols and
/// separator lines are made of.
pub(crate) fn is_rule(ch: char) -> bool {
    ch == '|' || ('\u{2500}'..='\u{257F}').contains(&ch)
}

/// Whether a line of a block is a box separator, `is_row` telling which numbers of
/// symbols make a row (the side, once known; any side of the reader's shapes before).
///
/// Besides `-`, `+`, `=` and the rules, the frames of Sudoku Explainer (`*-----*`) and
/// HoDoKu (`.---.---.`, `:---+---:`, `'---'---'`) are separators: `:` and `'` anywhere,
/// `.` next to a dash, `*` with dashes. A line of the blank symbols `*` or `-` alone
/// (`****`, `*** *** ***`, `| - - | - - |`: each dash apart) is a row of empty cells
/// when it has the length of a row.
pub(super) fn is_separator(line: &str, is_row: impl Fn(usize) -> bool) -> bool {
    let (mut dashes, mut stars) = (0, 0);
    let (mut other, mut rules, mut dash_runs) = (false, false, false);
    let mut previous = ' ';
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '-' => {
                dashes += 1;
                dash_runs |= previous == '-';
            }
            '*' => stars += 1,
            '+' | '=' | ':' | '\'' => other = true,
            '.' if previous == '-' || chars.peek() == Some(&'-') => other = true,
            c if is_rule(c) => rules = true,
            c if c.is_whitespace() => {}
            _ => return false,
        }
        previous = ch;
    }
    if other || (stars > 0 && dashes > 0) || (rules && dash_runs) {
        return true;
    }
    // Blanks alone (or nothing but rules): a row of empty cells if it has the length
    // of a row.
    !is_row(dashes + stars)
}

/// Whether `line` is the top or bottom frame of a grid drawn with `.` corners
/// (HoDoKu's `.-------.-------.`): only dots and dashes, a dot then a dash first, a dash
/// then a dot last. Checked before the one-line form, which such a line of 81
/// characters would otherwise be (a puzzle mixing `.` and `-` for its empty cells that
/// starts and ends so is read as a frame).
pub(super) fn is_frame(line: &str) -> bool {
    let line = line.trim();
    line.len() >= 4
        && line.bytes().all(|b| b == b'.' || b == b'-')
        && line.starts_with(".-")
        && line.ends_with("-.")
}

/// Reads a block of rows from `lines` (numbered pairs), stopping after the last row.
/// `side` fixes the side in advance (for judges); otherwise the first row gives it.
/// Lines that are blank or start with `#` are skipped only when `skip_comments`.
/// Public for the judges' crate, not part of this crate's subject.
#[doc(hidden)]
pub fn block_from_lines<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    alphabet: Alphabet,
    mut side: Option<usize>,
    skip_comments: bool,
    end_line: usize,
) -> Result<Grid, PuzzleError> {
    let mut cells = Vec::new();
    let mut rows = 0;
    let mut last_line = end_line;
    for (number, line) in lines.by_ref() {
        last_line = number;
        let trimmed = line.trim();
        if skip_comments && (trimmed.is_empty() || trimmed.starts_with('#')) {
            continue;
        }
        if trimmed.is_empty() {
            // A blank line inside a judge's block is a short row.
            return Err(row_length(number, None, 0, side));
        }
        if is_separator(line, |count| match side {
            Some(side) => count == side,
            None => usual_shape(count).is_some(),
        }) {
            continue;
        }
        // Symbols of this row, with their columns.
        let symbols = line
            .chars()
            .enumerate()
            .filter(|&(_, ch)| !ch.is_whitespace() && !is_rule(ch));
        let count = symbols.clone().count();
        let n = match side {
            Some(n) => n,
            None => {
                let Some(_) = usual_shape(count) else {
                    // Point at an unknown symbol if there is one: it explains more.
                    if let Some((k, ch)) = symbols
                        .clone()
                        .find(|&(_, ch)| classify(ch, alphabet) == Symbol::Unknown)
                    {
                        return Err(PuzzleError::new(
                            number,
                            Some(k + 1),
                            PuzzleErrorKind::UnknownSymbol {
                                symbol: ch,
                                alphabet,
                            },
                        ));
                    }
                    return Err(row_length(number, None, count, None));
                };
                check_letters(alphabet, count, number)?;
                side = Some(count);
                cells.reserve(count * count);
                count
            }
        };
        let start = cells.len();
        for (k, ch) in symbols {
            if cells.len() - start == n {
                return Err(row_length(number, Some(k + 1), count, Some(n)));
            }
            push_symbol(&mut cells, ch, alphabet, n, number, k + 1)?;
        }
        if cells.len() - start != n {
            return Err(row_length(number, None, count, Some(n)));
        }
        rows += 1;
        if rows == n {
            let shape = usual_shape(n).expect("checked side");
            return Ok(Grid::from_cells(shape, cells).expect("checked cells"));
        }
    }
    match side {
        None => Err(PuzzleError::new(end_line, None, PuzzleErrorKind::Empty)),
        Some(n) => Err(PuzzleError::new(
            last_line + 1,
            None,
            PuzzleErrorKind::MissingRows {
                found: rows,
                expected: n,
            },
        )),
    }
}

/// Fails if anything but blank lines, comments and separators follows the last row.
pub(super) fn expect_end<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    side: usize,
) -> Result<(), PuzzleError> {
    for (number, line) in lines {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || is_separator(line, |n| n == side) {
            continue;
        }
        return Err(PuzzleError::new(
            number,
            None,
            PuzzleErrorKind::ExtraRow { expected: side },
        ));
    }
    Ok(())
}

pub(super) fn numbered(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(k, l)| (k + 1, l))
}

/// One token of the rows-of-numbers form.
pub(super) fn number_value(
    token: &str,
    side: Option<usize>,
) -> Result<Option<u64>, PuzzleErrorKind> {
    if token == "." || token == "_" {
        return Ok(Some(0));
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PuzzleErrorKind::NotANumber {
            token: token.to_owned(),
        });
    }
    let value = token.parse::<u64>().unwrap_or(u64::MAX);
    match side {
        Some(side) if value > side as u64 => Err(PuzzleErrorKind::OutOfRange {
            symbol: token.to_owned(),
            value,
            side,
        }),
        _ => Ok(Some(value)),
    }
}

/// A row with the wrong number of symbols, on line `line` (at `column` when the extra
/// symbol can be pointed at); `expected` is the side once the first row has given it.
pub(super) fn row_length(
    line: usize,
    column: Option<usize>,
    found: usize,
    expected: Option<usize>,
) -> PuzzleError {
    PuzzleError::new(line, column, PuzzleErrorKind::RowLength { found, expected })
}
