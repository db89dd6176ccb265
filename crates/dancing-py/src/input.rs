//! Problems as Python gives them: lists of names (any objects, strings split on
//! spaces, items worked out from the options), 0/1 matrices (lists or numpy arrays),
//! read into the engine's `Problem` with the caller's numbering of the options, and
//! errors in the caller's terms; and the DLX text of a pickled problem, read once per
//! process however many of a split's parts carry it.

use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The caller's numbering of the options, where the problem left some out.
#[derive(Debug)]
pub(crate) struct Numbering {
    /// The caller's index of each option of the problem, in order.
    pub(crate) kept: Vec<u32>,
    /// Each option the problem left out: the caller's index and its DLX line.
    pub(crate) left_out: Vec<(u32, String)>,
}

impl Numbering {
    /// How many options the caller gave.
    pub(crate) fn len(&self) -> usize {
        self.kept.len() + self.left_out.len()
    }
}

/// The elements of `object`, an argument named `what` that takes a list: any iterable
/// but a string (whose characters would be taken for the names), each error in the
/// caller's terms.
pub(crate) fn list<'py>(
    object: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let kind = || {
        object
            .get_type()
            .name()
            .map_or_else(|_| "value".into(), |n| n.to_string())
    };
    if object.is_instance_of::<pyo3::types::PyString>()
        || object.is_instance_of::<pyo3::types::PyBytes>()
    {
        return Err(PyTypeError::new_err(format!(
            "{what} is a {}: give a list (one string would be read letter by letter); \
             split a string of names with .split()",
            kind()
        )));
    }
    let elements = object
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{what} is a {}: give a list", kind())))?;
    elements.collect()
}

/// `Problem(items, options, secondary, data)`: the problem, and the caller's numbering
/// when options of secondary items only were left out.
pub(crate) fn from_lists(
    items: Option<Vec<Bound<'_, PyAny>>>,
    options: Vec<Bound<'_, PyAny>>,
    secondary: Vec<Bound<'_, PyAny>>,
    data: Option<&[Py<PyAny>]>,
) -> PyResult<(dancing::Problem, Option<Numbering>)> {
    let options = options
        .iter()
        .enumerate()
        .map(|(k, option)| option_words(k, option))
        .collect::<PyResult<Vec<Vec<String>>>>()?;
    let secondary = names_of(&secondary)?;
    let items = match items {
        Some(items) => names_of(&items)?,
        None => worked_out(&options, &secondary),
    };
    for name in &items {
        token(name, "item")?;
    }
    for name in &secondary {
        token(name, "secondary item")?;
    }
    check_declared(&items, &secondary, &options)?;
    let mut text = items.join(" ");
    if !secondary.is_empty() {
        text.push_str(" | ");
        text.push_str(&secondary.join(" "));
    }
    text.push('\n');
    for (k, option) in options.iter().enumerate() {
        if option.is_empty() {
            return Err(PyValueError::new_err(format!("option {k} has no items")));
        }
        // Its items, then its costs (`|5`): a line starting with `|` is a comment.
        let (costs, names): (Vec<&String>, Vec<&String>) =
            option.iter().partition(|name| name.starts_with('|'));
        if names.is_empty() {
            return Err(PyValueError::new_err(format!("option {k} has no items")));
        }
        for name in &names {
            token(name, &format!("option {k}: item"))?;
        }
        if let Some(cost) = costs.iter().find(|c| c.chars().any(char::is_whitespace)) {
            return Err(PyValueError::new_err(format!(
                "option {k}: {cost:?} is not a cost: `|` and digits, without spaces"
            )));
        }
        for (n, word) in names.iter().chain(&costs).enumerate() {
            if n > 0 {
                text.push(' ');
            }
            text.push_str(word);
        }
        text.push('\n');
    }
    if let Some(data) = data
        && data.len() != options.len()
    {
        return Err(PyValueError::new_err(format!(
            "data has {} objects for {} options: give one per option",
            data.len(),
            options.len()
        )));
    }
    let parsed = dancing::format::parse_str_with_warnings(&text).map_err(|e| {
        // In the caller's terms: line 1 is the items, line k + 2 option k.
        let place = match e.line {
            0 | 1 => "the items".to_owned(),
            line => format!("option {}", line - 2),
        };
        PyValueError::new_err(format!("{place}: {}", e.kind))
    })?;
    // An option of secondary items only is left out of the problem (no search can
    // choose it); the others keep the caller's numbers.
    let numbering = (!parsed.warnings.is_empty()).then(|| {
        let left: Vec<u32> = parsed
            .warnings
            .iter()
            .map(|w| (w.line - 2) as u32)
            .collect();
        Numbering {
            kept: (0..options.len() as u32)
                .filter(|k| !left.contains(k))
                .collect(),
            left_out: left
                .iter()
                .map(|&k| (k, options[k as usize].join(" ")))
                .collect(),
        }
    });
    Ok((parsed.into_problem(), numbering))
}

/// `Problem.from_matrix(rows, names, secondary)`: the problem, and the caller's numbering
/// when rows were left out.
pub(crate) fn from_matrix(
    rows: &Bound<'_, PyAny>,
    names: Option<Vec<String>>,
    secondary: usize,
) -> PyResult<(dancing::Problem, Option<Numbering>)> {
    let mut ones: Vec<Vec<usize>> = Vec::new();
    let mut width = None;
    for (r, row) in rows.try_iter()?.enumerate() {
        let row = row?;
        let (cells, len) = match row.downcast::<pyo3::types::PyString>() {
            Ok(text) => digits_row(r, &text.to_cow()?)?,
            Err(_) => {
                let mut cells = Vec::new();
                let mut len = 0;
                for (c, entry) in row.try_iter()?.enumerate() {
                    if entry?.is_truthy()? {
                        cells.push(c);
                    }
                    len = c + 1;
                }
                (cells, len)
            }
        };
        match width {
            None => width = Some(len),
            Some(width) if width != len => {
                return Err(PyValueError::new_err(format!(
                    "row {r} has {len} entries where row 0 has {width}: every row needs one per column"
                )));
            }
            Some(_) => {}
        }
        ones.push(cells);
    }
    let width = width.unwrap_or(0);
    let names = names.unwrap_or_else(|| (0..width).map(|c| c.to_string()).collect());
    if names.len() != width || width == 0 {
        return Err(PyValueError::new_err(format!(
            "{} names for {width} columns: give one name per column (and at least one column)",
            names.len()
        )));
    }
    if secondary >= width {
        return Err(PyValueError::new_err(format!(
            "secondary={secondary} leaves no primary column of {width}"
        )));
    }
    for name in &names {
        token(name, "column name")?;
    }
    let primary = width - secondary;
    let mut b = dancing::ProblemBuilder::new();
    let mut items = Vec::with_capacity(width);
    for (c, name) in names.iter().enumerate() {
        let item = if c < primary {
            b.primary(name)
        } else {
            b.secondary(name)
        };
        items.push(item.map_err(|e| PyValueError::new_err(format!("column {c}: {e}")))?);
    }
    let mut kept = Vec::new();
    let mut left_out = Vec::new();
    for (r, cells) in ones.iter().enumerate() {
        if cells.iter().all(|&c| c >= primary) {
            let line: Vec<&str> = cells.iter().map(|&c| names[c].as_str()).collect();
            left_out.push((r as u32, line.join(" ")));
            continue;
        }
        b.option(cells.iter().map(|&c| items[c]))
            .map_err(|e| PyValueError::new_err(format!("row {r}: {e}")))?;
        kept.push(r as u32);
    }
    let inner = b
        .build()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let numbering = (!left_out.is_empty()).then_some(Numbering { kept, left_out });
    Ok((inner, numbering))
}

/// Row `r` written as a string of `0` and `1` (spaces between them or not): the columns
/// of its ones, and its length. A row is read as its digits, never as the truth of its
/// characters (`"101"` is one, zero, one).
fn digits_row(r: usize, text: &str) -> PyResult<(Vec<usize>, usize)> {
    let mut cells = Vec::new();
    let mut len = 0;
    for (k, ch) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
        match ch {
            '0' => {}
            '1' => cells.push(k),
            other => {
                return Err(PyValueError::new_err(format!(
                    "row {r}: {other:?} in column {k} is neither 0 nor 1"
                )));
            }
        }
        len = k + 1;
    }
    Ok((cells, len))
}

/// The names of `objects`: a `str` as it is, anything else its `str()`.
pub(crate) fn names_of(objects: &[Bound<'_, PyAny>]) -> PyResult<Vec<String>> {
    objects.iter().map(name_of).collect()
}

pub(crate) fn name_of(object: &Bound<'_, PyAny>) -> PyResult<String> {
    match object.downcast::<pyo3::types::PyString>() {
        Ok(text) => Ok(text.to_cow()?.into_owned()),
        Err(_) => Ok(object.str()?.to_cow()?.into_owned()),
    }
}

/// Option `k`'s words: a string split on spaces, or an iterable's items' names.
pub(crate) fn option_words(k: usize, option: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = option.downcast::<pyo3::types::PyString>() {
        return Ok(text
            .to_cow()?
            .split_whitespace()
            .map(str::to_owned)
            .collect());
    }
    let words = option.try_iter().map_err(|_| {
        PyValueError::new_err(format!(
            "option {k} is a {}: give a list of item names or a string of them",
            option
                .get_type()
                .name()
                .map_or_else(|_| "value".into(), |n| n.to_string())
        ))
    })?;
    words.map(|word| name_of(&word?)).collect()
}

/// An item's bare name: without the bounds (`2:3|name`) or a color (`name:color`).
pub(crate) fn bare(word: &str) -> &str {
    let word = word.rsplit_once('|').map_or(word, |(_, name)| name);
    word.split_once(':').map_or(word, |(name, _)| name)
}

/// The items the options name, in order of appearance, but the secondary ones and the
/// costs.
pub(crate) fn worked_out(options: &[Vec<String>], secondary: &[String]) -> Vec<String> {
    let secondary: std::collections::HashSet<&str> = secondary.iter().map(|s| bare(s)).collect();
    let mut seen = std::collections::HashSet::new();
    let mut items = Vec::new();
    for word in options.iter().flatten() {
        if word.starts_with('|') {
            continue;
        }
        let name = bare(word);
        if !secondary.contains(name) && seen.insert(name.to_owned()) {
            items.push(name.to_owned());
        }
    }
    items
}

/// Every item an option names is declared: else the option's index and the item's name.
pub(crate) fn check_declared(
    items: &[String],
    secondary: &[String],
    options: &[Vec<String>],
) -> PyResult<()> {
    let declared: std::collections::HashSet<&str> =
        items.iter().chain(secondary).map(|s| bare(s)).collect();
    for (k, option) in options.iter().enumerate() {
        if let Some(word) = option
            .iter()
            .find(|w| !w.starts_with('|') && !declared.contains(bare(w)))
        {
            return Err(PyValueError::new_err(format!(
                "option {k} names {:?}, which is neither an item nor a secondary item",
                bare(word)
            )));
        }
    }
    Ok(())
}

/// Reads a name for the DLX text: one token, neither empty nor the `|` separator.
pub(crate) fn token(name: &str, what: &str) -> PyResult<()> {
    if name.is_empty() || name.starts_with('|') || name.chars().any(char::is_whitespace) {
        return Err(PyValueError::new_err(format!(
            "{what} {name:?} is not a name: one word, without spaces, not starting with `|`"
        )));
    }
    Ok(())
}

/// `Problem.polyomino(board, pieces, turns, uses)`: the packing and each option's line.
pub(crate) fn packing(
    board: &str,
    pieces: &str,
    turns: &str,
    uses: &str,
) -> PyResult<(dancing::Problem, Vec<String>, dancing::problems::Board)> {
    use dancing::problems::{Board, MAX_PLACEMENTS, Piece, Turns, Uses};
    let value = |e: &dyn std::fmt::Display| PyValueError::new_err(e.to_string());
    let board = match Board::named(board).map_err(|e| value(&e))? {
        Some(board) => board,
        None => board.parse().map_err(|e| value(&e))?,
    };
    let pieces = match Piece::named_set(pieces).map_err(|e| value(&e))? {
        Some(set) => set,
        None => Piece::parse_all(pieces).map_err(|e| value(&e))?,
    };
    let turns: Turns = turns.parse().map_err(|e| value(&e))?;
    let uses: Uses = uses.parse().map_err(|e| value(&e))?;
    let placements = dancing::problems::placements(&board, &pieces, turns);
    if placements > MAX_PLACEMENTS {
        return Err(PyValueError::new_err(format!(
            "up to {placements} placements: past the {MAX_PLACEMENTS} built"
        )));
    }
    let problem = dancing::problems::packing(&board, &pieces, turns, uses);
    let lines = (0..problem.option_count())
        .map(|o| {
            let option = dancing::OptionId::new(o);
            problem
                .option_items(option)
                .map(|(item, _)| problem.item_name(item).to_owned())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Ok((problem, lines, board))
}

/// The problems unpickled last in this process, by their DLX text: the parts of a
/// split (`Problem.split`) each carry their problem, and a worker that receives many
/// of them reads it once (a part's search is dropped with it, so nothing else keeps
/// the problem between two parts).
static RESTORED: Mutex<Vec<(String, Arc<dancing::Problem>)>> = Mutex::new(Vec::new());

/// How many problems [`RESTORED`] keeps, the most recent.
const RESTORED_KEPT: usize = 4;

/// The longest text [`RESTORED`] keeps: a larger problem is read again each time, a
/// cost its parts' searches dwarf, and a worker holds no large problem after its parts.
const RESTORED_BYTES: usize = 1 << 20;

/// The problem of `text`, as [`RESTORED`] keeps it or read anew.
pub(crate) fn restored(text: &str) -> PyResult<Arc<dancing::Problem>> {
    let mut kept = RESTORED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(k) = kept.iter().position(|(t, _)| t == text) {
        let entry = kept.remove(k);
        let problem = Arc::clone(&entry.1);
        kept.push(entry);
        return Ok(problem);
    }
    let problem =
        dancing::format::parse_str(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let problem = Arc::new(problem);
    if text.len() <= RESTORED_BYTES {
        if kept.len() == RESTORED_KEPT {
            kept.remove(0);
        }
        kept.push((text.to_owned(), Arc::clone(&problem)));
    }
    Ok(problem)
}
