//! Lines as people paste them from elsewhere: a CSV file's header, a table's row of
//! cells between tabs.

use crate::shape::Shape;

/// A title line before a puzzle, as collections print them: a word of letters, then a
/// number, perhaps after `#` or `:` (`Puzzle 1`, `Grid 01`, `Sudoku #12:`).
pub(super) fn is_title(line: &str) -> bool {
    let line = line.trim();
    let word = line
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(line.len());
    if word < 2 {
        return false;
    }
    let number = line[word..]
        .trim_start()
        .trim_start_matches(['#', ':', '-'])
        .trim_start()
        .trim_end_matches([':', '.']);
    !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())
}

/// A CSV file's header line: words (letters, digits, `_`, spaces) between `,` or `;`,
/// at least two, none a puzzle.
pub(super) fn is_header(line: &str) -> bool {
    let fields: Vec<&str> = line.split([',', ';']).collect();
    fields.len() >= 2
        && fields.iter().all(|field| {
            let field = field.trim().trim_matches('"');
            field.chars().any(char::is_alphabetic)
                && field
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == ' ')
                && Shape::usual(field.len().isqrt()).is_none_or(|s| s.cells() != field.len())
        })
}

/// A row of a table copied from a spreadsheet or a web page: cells between tabs, an
/// empty cell empty. Rewritten as a row of symbols between spaces (`.` for an empty
/// cell); any other line as it is.
pub(super) fn tab_row(text: String) -> String {
    if !text.contains('\t') {
        return text;
    }
    let line = text.trim_end_matches(['\r', '\n']);
    let cells: Vec<&str> = line.split('\t').map(str::trim).collect();
    let symbols = cells.iter().all(|cell| cell.chars().count() <= 1);
    if Shape::of_side(cells.len()).next().is_none() || !symbols {
        return text;
    }
    let cells: Vec<&str> = cells
        .iter()
        .map(|&cell| if cell.is_empty() { "." } else { cell })
        .collect();
    cells.join(" ")
}
