//! The words the steps' sentences share: cells as `r1c2`, values, lines, removals,
//! chains of candidates. Each sentence is written beside its step, in its family's
//! module.

use std::fmt::{self, Write};

use super::deduction::Cell;
use crate::{grid::Alphabet, grid::Unit};

/// A value's symbol: 1-9, then A for 10 and on.
pub(super) fn symbol(value: u8) -> char {
    Alphabet::Digits.symbol(value).unwrap_or('?')
}

/// `r1c2, r1c7`.
pub(super) fn cells(list: &[(usize, usize)]) -> String {
    let mut out = String::new();
    for (i, &(r, c)) in list.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(out, "{sep}r{}c{}", r + 1, c + 1);
    }
    out
}

/// `3`, `3 and 8`, `1, 3 and 8` (or with `or`).
pub(super) fn values(list: &[u8], last: &str) -> String {
    joined(list.iter().map(|&v| symbol(v)), last)
}

/// The items with `, ` between them but `last` before the last one.
pub(super) fn joined<T: fmt::Display>(
    items: impl ExactSizeIterator<Item = T>,
    last: &str,
) -> String {
    let count = items.len();
    let mut out = String::new();
    for (i, item) in items.enumerate() {
        let sep = match i {
            0 => "",
            _ if i + 1 == count => last,
            _ => ", ",
        };
        let _ = write!(out, "{sep}{item}");
    }
    out
}

/// `rows 2, 7` or `columns 3, 8`.
pub(super) fn lines(list: &[Unit]) -> String {
    let mut out = String::new();
    for (i, unit) in list.iter().enumerate() {
        let (word, n) = match *unit {
            Unit::Row(n) => ("rows", n),
            Unit::Column(n) => ("columns", n),
            Unit::Box(n) => ("boxes", n),
            Unit::Region(n) => ("regions", n),
            Unit::Diagonal(n) => ("diagonals", n),
            Unit::Window(n) => ("windows", n),
        };
        if i == 0 {
            let _ = write!(out, "{word} {}", n + 1);
        } else {
            let _ = write!(out, ", {}", n + 1);
        }
    }
    out
}

/// A subset's name by its size: `pair`, `triple`, `quad`, then `set of 5` and on.
pub(super) fn size_word(size: usize) -> String {
    match size {
        2 => "pair".to_owned(),
        3 => "triple".to_owned(),
        4 => "quad".to_owned(),
        n => format!("set of {n}"),
    }
}

/// `r1c2≠5, r3c4≠7`.
pub(super) fn removed(eliminations: &[((usize, usize), u8)]) -> String {
    let list: Vec<String> = eliminations
        .iter()
        .map(|&(cell, v)| format!("{}≠{}", cells(&[cell]), symbol(v)))
        .collect();
    list.join(", ")
}

/// The cells of a list of eliminations, without repeats, in reading order.
pub(super) fn cells_of(eliminations: &[((usize, usize), u8)]) -> Vec<(usize, usize)> {
    let mut list: Vec<(usize, usize)> = eliminations.iter().map(|&(cell, _)| cell).collect();
    list.sort_unstable();
    list.dedup();
    list
}

/// `r1c1=5`, or `r1c1≠5`: a candidate that holds or not.
pub(super) fn candidate(cell: Cell, value: u8, holds: bool) -> String {
    let sign = if holds { '=' } else { '≠' };
    format!("{}{sign}{}", cells(&[cell]), symbol(value))
}

/// A line of implications: `r1c1=5 → r1c2≠5 → r3c2=5`.
pub(super) fn write_line(
    f: &mut fmt::Formatter<'_>,
    links: &[(Cell, u8, bool)],
    ruled: &[(usize, &str)],
) -> fmt::Result {
    for (k, &(cell, value, holds)) in links.iter().enumerate() {
        if k > 0 {
            f.write_str(" → ")?;
        }
        f.write_str(&candidate(cell, value, holds))?;
        if let Some(&(_, rule)) = ruled.iter().find(|&&(at, _)| at == k) {
            write!(f, " (by {})", with_article(rule))?;
        }
    }
    Ok(())
}

/// A rule's name with its article: `a pointing`, `an x-wing`.
fn with_article(rule: &str) -> String {
    match rule {
        "pointing" | "claiming" => rule.to_owned(),
        _ if rule.starts_with(['a', 'e', 'i', 'o', 'u', 'x']) => format!("an {rule}"),
        _ => format!("a {rule}"),
    }
}
