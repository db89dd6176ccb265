//! The steps' sentences ([`Step`]'s `Display`) and their words: cells as `r1c2`, values,
//! lines.

use std::fmt::{self, Write};

use super::Technique;
use super::step::{Cell, Premise, Step};
use crate::{Alphabet, Unit};

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
fn joined<T: fmt::Display>(items: impl ExactSizeIterator<Item = T>, last: &str) -> String {
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

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.technique().name();
        match self {
            Self::NakedSingle { cell, value } => {
                write!(
                    f,
                    "{name}: {} can only be {}",
                    cells(&[*cell]),
                    symbol(*value)
                )
            }
            Self::HiddenSingle { cell, value, unit } => {
                write!(
                    f,
                    "{name}: {} in {unit} must go to {}",
                    symbol(*value),
                    cells(&[*cell])
                )
            }
            Self::FullHouse { cell, value, unit } => {
                write!(
                    f,
                    "{name}: {} is the last empty cell of {unit}, so it is {}",
                    cells(&[*cell]),
                    symbol(*value)
                )
            }
            Self::Direct {
                cause,
                cell,
                value,
                unit,
            } => {
                let because = cause.to_string();
                let because = because.split_once(": ").map_or(&*because, |(_, rest)| rest);
                write!(
                    f,
                    "{name}: {because}; then {} in {unit} must go to {}",
                    symbol(*value),
                    cells(&[*cell])
                )
            }
            Self::LockedCandidates {
                value,
                from,
                to,
                eliminations,
                ..
            } => {
                let v = symbol(*value);
                write!(
                    f,
                    "{name}: {v} in {from} lies in {to}, so {v} goes from {}",
                    cells(eliminations)
                )
            }
            Self::NakedSubset {
                unit,
                cells: subset,
                values: vals,
                eliminations,
            } => {
                let vs = values(vals, " and ");
                write!(
                    f,
                    "{name}: {} hold only {vs}, so {vs} go from {} in {unit}",
                    cells(subset),
                    cells(&cells_of(eliminations))
                )
            }
            Self::HiddenSubset {
                unit,
                cells: subset,
                values: vals,
                ..
            } => {
                let (vs, cs) = (values(vals, " and "), cells(subset));
                write!(
                    f,
                    "{name}: {vs} in {unit} lie only in {cs}, so {cs} keep only {vs}"
                )
            }
            Self::Fish {
                value,
                base,
                cover,
                eliminations,
            } => {
                let v = symbol(*value);
                write!(
                    f,
                    "{name}: {v} in {} lies in {}, so {v} goes from {}",
                    lines(base),
                    lines(cover),
                    cells(eliminations)
                )
            }
            Self::Wing {
                technique,
                pivot,
                pincers,
                values: [x, y, z],
                eliminations,
            } => {
                let mut pivot_values = vec![*x, *y];
                if *technique == Technique::XYZWing {
                    pivot_values.push(*z);
                }
                pivot_values.sort_unstable();
                write!(
                    f,
                    "{name}: {} holds {}, {} holds {}, {} holds {}, so {} goes from {}",
                    cells(&[*pivot]),
                    values(&pivot_values, " or "),
                    cells(&[pincers[0]]),
                    values(&[*x.min(z), *x.max(z)], " or "),
                    cells(&[pincers[1]]),
                    values(&[*y.min(z), *y.max(z)], " or "),
                    symbol(*z),
                    cells(eliminations)
                )
            }
            Self::UniqueLoop {
                kind,
                cells: loop_cells,
                values: [a, b],
                eliminations,
                ..
            } => write!(
                f,
                "{name} type {kind}: {}, so {}",
                could_swap([*a, *b], loop_cells),
                removed(eliminations)
            ),
            Self::UniqueLoopSubset {
                cells: loop_cells,
                values: [a, b],
                roof,
                extra,
                unit,
                hidden,
                subset,
                subset_values,
                eliminations,
                ..
            } => {
                write!(
                    f,
                    "{name} type 3: {}, so {} or {} holds {}; ",
                    could_swap([*a, *b], loop_cells),
                    cells(&roof[..1]),
                    cells(&roof[1..]),
                    values(extra, " or "),
                )?;
                let size = subset.len() + 1;
                if *hidden {
                    write!(
                        f,
                        "then {} in {unit}, which have no other places, go to the other and {}: a hidden {}, so {}",
                        values(subset_values, " and "),
                        cells(subset),
                        size_word(size),
                        removed(eliminations)
                    )
                } else {
                    write!(
                        f,
                        "with {} they make a naked {} of {} in {unit}, so {}",
                        cells(subset),
                        size_word(size),
                        values(subset_values, " and "),
                        removed(eliminations)
                    )
                }
            }
            Self::AlignedExclusion {
                cells: base,
                excluders,
                eliminations,
            } => {
                let ways: Vec<String> = cells_of(eliminations)
                    .into_iter()
                    .map(|cell| {
                        let gone: Vec<u8> = eliminations
                            .iter()
                            .filter(|&&(at, _)| at == cell)
                            .map(|&(_, v)| v)
                            .collect();
                        format!("{} as {}", cells(&[cell]), values(&gone, " or "))
                    })
                    .collect();
                let around = joined(excluders.iter().map(|&e| cells(&[e])), " or ");
                write!(
                    f,
                    "{name}: {} cannot be filled with {} without repeating a value in a unit or taking all the candidates of {around}, which see all three, so {}",
                    cells(base),
                    ways.join(", or "),
                    removed(eliminations)
                )
            }
            Self::Bug {
                kind,
                cells: bug_cells,
                values: vals,
                eliminations,
            } => write!(
                f,
                "{name} type {kind}: without {} in {} the grid would have two solutions, so {}",
                values(vals, " and "),
                cells(bug_cells),
                removed(eliminations)
            ),
            Self::Net {
                premise,
                conclusion: (cell, value, holds),
                branches,
                eliminations,
                ..
            } => {
                let end = candidate(*cell, *value, *holds);
                match *premise {
                    // The opposite says what goes: the candidate, or its cell's others.
                    Premise::Contradiction(at, v, assumed) => write!(
                        f,
                        "{name}: {} leads to a contradiction",
                        candidate(at, v, assumed),
                    )?,
                    Premise::Either(at, v) => write!(
                        f,
                        "{name}: both {} and {} lead to {end}",
                        candidate(at, v, true),
                        candidate(at, v, false)
                    )?,
                    Premise::Cell(at) => write!(
                        f,
                        "{name}: each candidate of {} leads to {end}",
                        cells(&[at])
                    )?,
                    Premise::Region(unit, v) => write!(
                        f,
                        "{name}: each place of {} in {unit} leads to {end}",
                        symbol(v)
                    )?,
                }
                for (k, branch) in branches.iter().enumerate() {
                    f.write_str(if k == 0 { " (" } else { "; " })?;
                    write_line(f, branch)?;
                }
                if !branches.is_empty() {
                    f.write_str(")")?;
                }
                match *premise {
                    Premise::Contradiction(at, v, assumed) => {
                        write!(f, ", so {}", candidate(at, v, !assumed))
                    }
                    _ => write!(f, ", so {}", removed(eliminations)),
                }
            }
            Self::Chain {
                links,
                eliminations,
                ..
            } => {
                write!(f, "{name}: ")?;
                write_line(f, links)?;
                write!(f, ", so {}", removed(eliminations))
            }
            Self::Coloring {
                value,
                colors,
                eliminations,
            } => {
                let v = symbol(*value);
                write!(
                    f,
                    "{name}: {v} is either in {} or in {}, so {v} goes from {}",
                    cells(&colors[0]),
                    cells(&colors[1]),
                    cells(eliminations)
                )
            }
        }
    }
}

/// `r1c1=5`, or `r1c1≠5`: a candidate that holds or not.
fn candidate(cell: Cell, value: u8, holds: bool) -> String {
    let sign = if holds { '=' } else { '≠' };
    format!("{}{sign}{}", cells(&[cell]), symbol(value))
}

/// A line of implications: `r1c1=5 → r1c2≠5 → r3c2=5`.
fn write_line(f: &mut fmt::Formatter<'_>, links: &[(Cell, u8, bool)]) -> fmt::Result {
    for (k, &(cell, value, holds)) in links.iter().enumerate() {
        if k > 0 {
            f.write_str(" → ")?;
        }
        f.write_str(&candidate(cell, value, holds))?;
    }
    Ok(())
}

/// `1 and 2 could swap around the rectangle r1c1, r1c4, r2c4, r2c1` (or `the loop`).
fn could_swap([a, b]: [u8; 2], loop_cells: &[Cell]) -> String {
    let shape = if loop_cells.len() == 4 {
        "rectangle"
    } else {
        "loop"
    };
    format!(
        "{} and {} could swap around the {shape} {}",
        symbol(a),
        symbol(b),
        cells(loop_cells)
    )
}
