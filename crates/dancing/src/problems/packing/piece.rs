//! The pieces of a packing: drawn as text or by set, and their orientations.

use super::{NameError, PictureError, Turns};
use crate::format::strip_bom;

/// One piece: a name (its first character draws it) and its cells (row, column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The item name: distinct among the pieces of a packing.
    pub name: String,
    /// The cells of one orientation.
    pub cells: Vec<(u8, u8)>,
}

impl Piece {
    /// Reads pieces drawn as text: every character other than `.` and a space is a cell
    /// of the piece it names, so a whole set can be drawn in one picture (as a solved
    /// board), each piece in its own letter. The cells of a letter are one piece, joined
    /// side to side. A leading byte-order mark is skipped.
    ///
    /// ```
    /// use dancing::problems::Piece;
    ///
    /// let pieces = Piece::parse_all("AAB\n.BB")?;
    /// assert_eq!(pieces.len(), 2);
    /// assert_eq!(pieces[1].cells, [(0, 2), (1, 1), (1, 2)]);
    /// # Ok::<(), dancing::problems::PictureError>(())
    /// ```
    ///
    /// # Errors
    /// A piece that is too large (past 255 rows or columns), a name that cannot be an
    /// item name (`|`, `:`) or draws a hole (`#`), a letter whose cells are apart, or a
    /// picture with no piece.
    pub fn parse_all(text: &str) -> Result<Vec<Piece>, PictureError> {
        let mut pieces: Vec<Piece> = Vec::new();
        // Where each piece's first cell was drawn, for its errors.
        let mut first = Vec::new();
        for (r, row) in strip_bom(text).lines().enumerate() {
            for (c, symbol) in row.chars().enumerate() {
                if symbol == '.' || symbol.is_whitespace() {
                    continue;
                }
                let at = |message: String| PictureError {
                    line: r + 1,
                    column: c + 1,
                    message,
                };
                if matches!(symbol, '|' | ':' | '#') {
                    return Err(at(format!("`{symbol}` cannot name a piece: use a letter")));
                }
                let (Ok(row), Ok(column)) = (u8::try_from(r), u8::try_from(c)) else {
                    return Err(at("a piece picture is at most 256 by 256".into()));
                };
                let name = symbol.to_string();
                match pieces.iter_mut().find(|piece| piece.name == name) {
                    Some(piece) => piece.cells.push((row, column)),
                    None => {
                        pieces.push(Piece {
                            name,
                            cells: vec![(row, column)],
                        });
                        first.push((r + 1, c + 1));
                    }
                }
            }
        }
        if let Some(k) = pieces.iter().position(|piece| !joined(&piece.cells)) {
            let (line, column) = first[k];
            return Err(PictureError {
                line,
                column,
                message: format!(
                    "the cells of `{}` are apart: give each piece a letter of its own",
                    pieces[k].name
                ),
            });
        }
        if pieces.is_empty() {
            return Err(PictureError {
                line: 1,
                column: 1,
                message: "no piece: draw each piece's cells in a letter of its own".into(),
            });
        }
        Ok(pieces)
    }

    /// The free polyominoes of `size` cells (1 to 6: 1, 1, 2, 5, 12 and 35 pieces):
    /// the pentominoes in Conway's letters, the tetrominoes `I L O S T`, the trominoes
    /// `I L`, the domino `D`, the monomino `M`, the hexominoes `a`–`z` and `A`–`I`.
    ///
    /// ```
    /// use dancing::problems::Piece;
    ///
    /// let counts: Vec<usize> = (1..=6).map(|n| Piece::set(n).len()).collect();
    /// assert_eq!(counts, [1, 1, 2, 5, 12, 35]);
    /// ```
    ///
    /// # Panics
    /// If `size` is not 1 to 6.
    #[track_caller]
    pub fn set(size: usize) -> Vec<Piece> {
        assert!((1..=6).contains(&size), "sets of 1 to 6 cells");
        let shapes = free_polyominoes(size);
        let named: Vec<(char, Vec<(u8, u8)>)> = match size {
            1 => vec![('M', vec![(0, 0)])],
            2 => vec![('D', vec![(0, 0), (0, 1)])],
            3 => vec![
                ('I', vec![(0, 0), (0, 1), (0, 2)]),
                ('L', vec![(0, 0), (1, 0), (1, 1)]),
            ],
            4 => vec![
                ('I', vec![(0, 0), (0, 1), (0, 2), (0, 3)]),
                ('L', vec![(0, 0), (1, 0), (2, 0), (2, 1)]),
                ('O', vec![(0, 0), (0, 1), (1, 0), (1, 1)]),
                ('S', vec![(0, 1), (0, 2), (1, 0), (1, 1)]),
                ('T', vec![(0, 0), (0, 1), (0, 2), (1, 1)]),
            ],
            5 => crate::problems::PENTOMINOES
                .iter()
                .map(|(name, cells)| (*name, cells.to_vec()))
                .collect(),
            _ => {
                let letters = ('a'..='z').chain('A'..='I');
                return letters
                    .zip(shapes)
                    .map(|(name, cells)| Piece {
                        name: name.to_string(),
                        cells,
                    })
                    .collect();
            }
        };
        debug_assert_eq!(named.len(), shapes.len());
        named
            .into_iter()
            .map(|(name, cells)| Piece {
                name: name.to_string(),
                cells,
            })
            .collect()
    }
}

/// The named sets of [`Piece::set`], by cells per piece.
pub const SETS: [&str; 6] = [
    "monominoes",
    "dominoes",
    "trominoes",
    "tetrominoes",
    "pentominoes",
    "hexominoes",
];

impl Piece {
    /// The set a word names: one of [`SETS`] (or its singular), or the cells' count 1
    /// to 6; `Ok(None)` for any other word (a picture's file, perhaps).
    ///
    /// # Errors
    /// A number of cells other than 1 to 6.
    pub fn named_set(word: &str) -> Result<Option<Vec<Piece>>, NameError> {
        let lower = word.to_ascii_lowercase();
        let named = SETS
            .iter()
            .position(|&set| set == lower || set.trim_end_matches('s') == lower)
            .map(|k| k + 1);
        if let Some(size) = named {
            return Ok(Some(Piece::set(size)));
        }
        if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) {
            let size = word.parse::<u64>().unwrap_or(u64::MAX);
            return match usize::try_from(size) {
                Ok(size) if (1..=6).contains(&size) => Ok(Some(Piece::set(size))),
                _ => Err(NameError::SetSize(size)),
            };
        }
        Ok(None)
    }
}

/// Whether `cells` are one piece: each reached from the first through cells side by
/// side.
fn joined(cells: &[(u8, u8)]) -> bool {
    let mut reached = vec![false; cells.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(k) = stack.pop() {
        let (r, c) = cells[k];
        for (j, &(r2, c2)) in cells.iter().enumerate() {
            if !reached[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.into_iter().all(|r| r)
}

/// The distinct orientations of `cells` that `turns` allows, each normalised to touch
/// row 0 and column 0 and sorted: the four quarter turns, then (for [`Turns::All`]) the
/// four of the mirror image, in that order.
///
/// ```
/// use dancing::problems::{Turns, turned};
///
/// let l = [(0, 0), (1, 0), (1, 1)];
/// assert_eq!(turned(&l, Turns::All).len(), 4);
/// assert_eq!(turned(&l, Turns::None), [vec![(0, 0), (1, 0), (1, 1)]]);
/// ```
pub fn turned(cells: &[(u8, u8)], turns: Turns) -> Vec<Vec<(u8, u8)>> {
    let count = match turns {
        Turns::All => 8,
        Turns::Rotations => 4,
        Turns::None => 1,
    };
    let mut shapes: Vec<Vec<(u8, u8)>> = Vec::new();
    let mut shape: Vec<(i32, i32)> = cells
        .iter()
        .map(|&(r, c)| (i32::from(r), i32::from(c)))
        .collect();
    for k in 0..count {
        let normal = normalised(shape.iter().copied());
        if !shapes.contains(&normal) {
            shapes.push(normal);
        }
        // A quarter turn; after the fourth, back where it began: mirror it.
        shape = shape.iter().map(|&(r, c)| (c, -r)).collect();
        if k == 3 {
            shape = shape.iter().map(|&(r, c)| (r, -c)).collect();
        }
    }
    shapes
}

fn normalised(cells: impl Iterator<Item = (i32, i32)> + Clone) -> Vec<(u8, u8)> {
    let min_r = cells.clone().map(|p| p.0).min().unwrap_or(0);
    let min_c = cells.clone().map(|p| p.1).min().unwrap_or(0);
    let mut normal: Vec<(u8, u8)> = cells
        .map(|(r, c)| ((r - min_r) as u8, (c - min_c) as u8))
        .collect();
    normal.sort_unstable();
    normal
}

/// The free polyominoes of `size` cells, each in its smallest orientation, in order.
fn free_polyominoes(size: usize) -> Vec<Vec<(u8, u8)>> {
    let canonical = |cells: &[(u8, u8)]| {
        turned(cells, Turns::All)
            .into_iter()
            .min()
            .unwrap_or_default()
    };
    let mut shapes = vec![vec![(0u8, 0u8)]];
    for _ in 1..size {
        let mut grown: Vec<Vec<(u8, u8)>> = Vec::new();
        for shape in &shapes {
            // Shifted by one so that a neighbour above or left stays unsigned.
            let shifted: Vec<(i32, i32)> = shape
                .iter()
                .map(|&(r, c)| (i32::from(r) + 1, i32::from(c) + 1))
                .collect();
            for &(r, c) in &shifted {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let next = (r + dr, c + dc);
                    if shifted.contains(&next) {
                        continue;
                    }
                    let cells = normalised(shifted.iter().copied().chain([next]));
                    let form = canonical(&cells);
                    if !grown.contains(&form) {
                        grown.push(form);
                    }
                }
            }
        }
        shapes = grown;
    }
    shapes.sort();
    shapes
}
