//! Knuth's DLX text format, read and written. Its functions are re-exported by
//! [`crate::format`].
//!
//! ```text
//! | a comment: any line whose first non-blank character is `|`
//! A B C D E | F G      <- the item line: primary items, then `|`, then secondary items
//! C E F                <- one option per line, items separated by white space
//! A D G:red |3         <- a colored secondary item (`item:color`) and a cost (`|n`)
//! ```
//!
//! Blank lines are skipped. Names are any run of non-blank characters without `:` or
//! `|`; colors may be longer than Knuth's single character. Costs are non-negative
//! integers; several cost tokens on one option are summed.
//!
//! # Options without a primary item
//!
//! An option made only of secondary items can never be chosen. Knuth's programs drop
//! it with the warning `Option ignored (no primary items)` and solve the rest; so does
//! this reader: the option is left out of the problem and reported as a [`Warning`]
//! by [`parse_reader_with_warnings`] (the plain [`parse_reader`] drops the warnings).
//! Options are numbered as Knuth numbers them: [`OptionId`] `k` (option `k + 1` in
//! messages and in `dancing xc --split`) is the `k + 1`-th option *kept*, in input
//! order, so an ignored option takes no number. [`Parsed::option_line`] maps an option
//! back to its input line.

use std::fmt;
use std::fmt::Write as _;
use std::io::BufRead;

use smallvec::SmallVec;

use super::quote;
use crate::builder::ProblemBuilder;
use crate::error::{BuildError, ParseError, ParseErrorKind};
use crate::ids::{ColorId, ItemId, OptionId};
use crate::problem::Problem;

/// A problem read from Knuth's format, with the warnings about what the reader
/// accepted but left out (see the [module docs](self)).
///
/// ```
/// use dancing::Engine;
/// use dancing::format::{self, WarningKind};
///
/// // Knuth's example of colors: `X:0 Y:1` has no primary item and is ignored.
/// let text = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
/// let parsed = format::parse_str_with_warnings(text)?;
/// assert_eq!(parsed.problem.option_count(), 4);
/// assert_eq!(parsed.warnings.len(), 1);
/// assert_eq!(parsed.warnings[0].line, 4);
/// assert_eq!(parsed.warnings[0].kind, WarningKind::NoPrimaryItems);
/// assert_eq!(parsed.warnings[0].to_string(), "line 4: option ignored (no primary items)");
/// // Option 3 (`OptionId` 2) is `B X:1`, on line 5: the ignored option took no number.
/// let b = dancing::OptionId::new(2);
/// assert_eq!(parsed.problem.format_option(b), "B X:1");
/// assert_eq!(parsed.option_line(b), Some(5));
/// assert_eq!(dancing::Solver::new(&parsed.problem).count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Parsed {
    /// The problem, without the ignored options.
    pub problem: Problem,
    /// What the reader accepted with a warning, in input order.
    pub warnings: Vec<Warning>,
    /// Runs of options on consecutive lines: (first option's index, its line). A new run
    /// starts after each comment, blank line or ignored option between two options, so
    /// the map costs nothing per option in a file without them.
    runs: Vec<(usize, usize)>,
}

impl Parsed {
    /// The 1-based input line of `option`, or `None` if the problem has no such option.
    pub fn option_line(&self, option: OptionId) -> Option<usize> {
        let index = option.index();
        if index >= self.problem.option_count() {
            return None;
        }
        let run = self.runs.partition_point(|&(first, _)| first <= index) - 1;
        let (first, line) = self.runs[run];
        Some(line + (index - first))
    }

    /// The problem, dropping the warnings.
    pub fn into_problem(self) -> Problem {
        self.problem
    }
}

/// Something in the input that Knuth's programs accept with a warning, and so does this
/// reader: a 1-based line and what was noticed there.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Warning {
    /// 1-based line number.
    pub line: usize,
    /// What was noticed.
    pub kind: WarningKind,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

/// What a [`Warning`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum WarningKind {
    /// The option on this line names only secondary items, so no search could choose
    /// it: it was left out of the problem and takes no option number, as in Knuth's
    /// programs.
    NoPrimaryItems,
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoPrimaryItems => f.write_str("option ignored (no primary items)"),
        }
    }
}

/// Parses a problem in Knuth's DLX format from a string, dropping the warnings (see
/// [`parse_str_with_warnings`]). A leading byte-order mark is skipped.
///
/// ```
/// use dancing::Engine;
/// let problem = dancing::format::parse_str("A B | x\nA x\nB\nA B\n")?;
/// assert_eq!(problem.option_count(), 3);
/// assert_eq!(dancing::Solver::new(&problem).count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_str(text: &str) -> Result<Problem, ParseError> {
    parse_reader(text.as_bytes())
}

/// Parses a problem in Knuth's DLX format from a string, with the warnings about
/// options it left out.
pub fn parse_str_with_warnings(text: &str) -> Result<Parsed, ParseError> {
    parse_reader_with_warnings(text.as_bytes())
}

/// Parses a problem in Knuth's DLX format from a reader, dropping the warnings (see
/// [`parse_reader_with_warnings`]).
pub fn parse_reader(reader: impl BufRead) -> Result<Problem, ParseError> {
    parse_reader_with_warnings(reader).map(Parsed::into_problem)
}

/// Parses a problem in Knuth's DLX format from a reader, with the warnings about
/// options it left out. A leading byte-order mark is skipped.
///
/// The reader's buffer is read in place, a whole buffer of lines at a time: a line is
/// copied only when it straddles two buffers, and names are interned as they are met
/// (one string holds them all), so a large file is never held in memory twice and
/// costs no allocation per line or per name. Lines are answered as they arrive, so one
/// Ctrl-D at a terminal ends the input.
pub fn parse_reader_with_warnings(mut reader: impl BufRead) -> Result<Parsed, ParseError> {
    let mut parser = Parser::default();
    // The start of a line that the last buffer ended in the middle of.
    let mut carry = Vec::new();
    loop {
        let buffer = reader
            .fill_buf()
            .map_err(|e| ParseError::new(parser.line + 1, 1, ParseErrorKind::Io(e.into())))?;
        if buffer.is_empty() {
            break;
        }
        let read = buffer.len();
        match buffer.iter().rposition(|&b| b == b'\n') {
            None => carry.extend_from_slice(buffer),
            Some(last) => {
                let mut lines = &buffer[..=last];
                if !carry.is_empty() {
                    let end = lines.iter().position(|&b| b == b'\n').expect("a newline");
                    carry.extend_from_slice(&lines[..=end]);
                    parser.lines(&carry).map_err(quote_error)?;
                    carry.clear();
                    lines = &lines[end + 1..];
                }
                parser.lines(lines).map_err(quote_error)?;
                carry.extend_from_slice(&buffer[last + 1..]);
            }
        }
        reader.consume(read);
    }
    parser.lines(&carry).map_err(quote_error)?;
    parser.finish().map_err(quote_error)
}

/// The error with every quoted name and token passed through [`quote`].
fn quote_error(mut error: ParseError) -> ParseError {
    match &mut error.kind {
        ParseErrorKind::BadCost(token)
        | ParseErrorKind::BadToken(token)
        | ParseErrorKind::BadBounds(token)
        | ParseErrorKind::SecondaryBounds(token) => *token = quote(token),
        ParseErrorKind::Build(
            BuildError::DuplicateItem { name }
            | BuildError::UnknownItem { name }
            | BuildError::RepeatedItem { name, .. }
            | BuildError::ColoredPrimary { name }
            | BuildError::InvalidName { name }
            | BuildError::InvalidColor { name }
            | BuildError::BoundsReversed { name, .. }
            | BuildError::ZeroUpperBound { name },
        ) => *name = quote(name),
        _ => {}
    }
    error
}

#[derive(Default)]
struct Parser {
    builder: Option<ProblemBuilder>,
    line: usize,
    warnings: Vec<Warning>,
    /// See [`Parsed`]'s field of the same name.
    runs: Vec<(usize, usize)>,
    /// The line of the last option kept (0 before the first).
    last_option_line: usize,
}

/// The blank at byte `at` of `line` (`true` with its length), or the other character
/// there (`false` with its length). Bytes below 0x80 are whole characters; blanks are
/// Unicode's white space, as `char::is_whitespace` says.
fn char_at(line: &str, at: usize) -> (bool, usize) {
    let b = line.as_bytes()[at];
    if b < 0x80 {
        return (matches!(b, b' ' | b'\t'..=b'\r'), 1);
    }
    let c = line[at..].chars().next().expect("a character starts here");
    (c.is_whitespace(), c.len_utf8())
}

/// Splits a line into blank-separated tokens, each with the byte where it starts.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < line.len() {
            let (blank, len) = char_at(line, at);
            if !blank {
                break;
            }
            at += len;
        }
        let start = at;
        while at < line.len() {
            let (blank, len) = char_at(line, at);
            if blank {
                break;
            }
            at += len;
        }
        (at > start).then(|| (start, &line[start..at]))
    })
}

/// The 1-based character column of byte `at` of `line`.
fn column(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

impl Parser {
    /// The error at byte `at` of line `text` (the line being read).
    fn error(&self, text: &str, at: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            line: self.line,
            column: column(text, at),
            kind,
        }
    }

    /// Reads whole lines (the last may lack its newline at the end of the input).
    fn lines(&mut self, bytes: &[u8]) -> Result<(), ParseError> {
        let bytes = if self.line == 0 {
            super::strip_bom_bytes(bytes)
        } else {
            bytes
        };
        let (text, bad) = match std::str::from_utf8(bytes) {
            Ok(text) => (text, None),
            Err(e) => {
                // The lines before the bad one are read first: their errors come first.
                let valid = &bytes[..e.valid_up_to()];
                let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |n| n + 1);
                let text = std::str::from_utf8(&bytes[..start]).expect("valid so far");
                (text, Some(&valid[start..]))
            }
        };
        for line in text.split_terminator('\n') {
            self.line += 1;
            self.line(line)?;
        }
        match bad {
            None => Ok(()),
            Some(valid) => Err(ParseError {
                line: self.line + 1,
                column: String::from_utf8_lossy(valid).chars().count() + 1,
                kind: ParseErrorKind::NotUtf8,
            }),
        }
    }

    fn line(&mut self, text: &str) -> Result<(), ParseError> {
        let text = text.trim_end_matches(['\n', '\r']);
        // As in Knuth's programs, a comment's `|` may follow blanks.
        let first = text.trim_start();
        if first.starts_with('|') || first.is_empty() {
            return Ok(());
        }
        match self.builder {
            None => self.item_line(text),
            Some(_) => self.option_line(text),
        }
    }

    fn item_line(&mut self, text: &str) -> Result<(), ParseError> {
        let mut builder = ProblemBuilder::new();
        builder.reserve_items(tokens(text).count(), text.len());
        let mut secondary = false;
        for (at, token) in tokens(text) {
            // Knuth's programs also read a bar written against the next name (`A |x`).
            let (at, token) = match token.strip_prefix('|') {
                Some(rest) => {
                    if secondary {
                        return Err(self.error(text, at, ParseErrorKind::SecondBar));
                    }
                    secondary = true;
                    if rest.is_empty() {
                        continue;
                    }
                    (at + 1, rest)
                }
                None => (at, token),
            };
            let declared = match (token.split_once('|'), secondary) {
                (None, true) => builder.secondary(token),
                (None, false) => builder.primary(token),
                (Some(_), true) => {
                    let kind = ParseErrorKind::SecondaryBounds(token.to_owned());
                    return Err(self.error(text, at, kind));
                }
                (Some((spec, name)), false) => {
                    let (lo, hi) =
                        parse_bounds(spec)
                            .filter(|_| !name.is_empty())
                            .ok_or_else(|| {
                                let kind = ParseErrorKind::BadBounds(token.to_owned());
                                self.error(text, at, kind)
                            })?;
                    builder.primary_bounded(name, lo, hi)
                }
            };
            declared.map_err(|e| self.error(text, at, ParseErrorKind::Build(e)))?;
        }
        if builder.item_count() == 0 || builder.secondary_count() == builder.item_count() {
            return Err(self.error(text, 0, ParseErrorKind::NoPrimaryItems));
        }
        self.builder = Some(builder);
        Ok(())
    }

    fn option_line(&mut self, text: &str) -> Result<(), ParseError> {
        let line = self.line;
        let builder = self.builder.as_mut().expect("item line read");
        let mut items: SmallVec<[(ItemId, Option<ColorId>); 8]> = SmallVec::new();
        let mut cost = 0u64;
        let mut costed = false;
        let error = |at, kind| ParseError {
            line,
            column: column(text, at),
            kind,
        };
        for (at, token) in tokens(text) {
            if let Some(digits) = token.strip_prefix('|') {
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(error(at, ParseErrorKind::BadCost(token.to_owned())));
                }
                // A number of digits alone, too large for a cost, or one that takes the
                // option's total past what a cost may be.
                cost = digits
                    .parse::<u64>()
                    .ok()
                    .and_then(|v| cost.checked_add(v))
                    .ok_or_else(|| error(at, ParseErrorKind::CostTooLarge(token.to_owned())))?;
                costed = true;
                continue;
            }
            let (name, color) = split_color(token)
                .ok_or_else(|| error(at, ParseErrorKind::BadToken(token.to_owned())))?;
            let item = builder.item(name).ok_or_else(|| {
                let name = name.to_owned();
                error(at, ParseErrorKind::Build(BuildError::UnknownItem { name }))
            })?;
            let color = match color {
                Some(color) => Some(
                    builder
                        .color(color)
                        .map_err(|e| error(at + name.len() + 1, ParseErrorKind::Build(e)))?,
                ),
                None => None,
            };
            items.push((item, color));
        }
        let option = match builder.colored_option(items.iter().copied()) {
            // Checked after every other rule, so the option is well formed otherwise.
            Err(BuildError::NoPrimaryInOption { .. }) => {
                self.warnings.push(Warning {
                    line,
                    kind: WarningKind::NoPrimaryItems,
                });
                return Ok(());
            }
            result => result,
        };
        let option = option.map_err(|e| {
            // Point at the offending token where there is one: a repeated item's second
            // mention, a colored primary item's first.
            let at = match &e {
                BuildError::RepeatedItem { name, .. } | BuildError::ColoredPrimary { name } => {
                    tokens(text)
                        .filter(|(_, token)| {
                            split_color(token).is_some_and(|(item, _)| item == name)
                        })
                        .map(|(at, _)| at)
                        .nth(usize::from(matches!(e, BuildError::RepeatedItem { .. })))
                        .unwrap_or(0)
                }
                _ => 0,
            };
            error(at, ParseErrorKind::Build(e))
        })?;
        if costed {
            builder.set_cost(option, cost);
        }
        if line != self.last_option_line + 1 || self.runs.is_empty() {
            self.runs.push((option.index(), line));
        }
        self.last_option_line = line;
        Ok(())
    }

    fn finish(self) -> Result<Parsed, ParseError> {
        let line = self.line.max(1);
        let builder = self.builder.ok_or(ParseError {
            line,
            column: 1,
            kind: ParseErrorKind::MissingItemLine,
        })?;
        let problem = builder.build().map_err(|e| ParseError {
            line,
            column: 1,
            kind: ParseErrorKind::Build(e),
        })?;
        Ok(Parsed {
            problem,
            warnings: self.warnings,
            runs: self.runs,
        })
    }
}

/// A token's item name and its color (`name:color`), or `None` when a colon is
/// misplaced (at either end, or twice).
fn split_color(token: &str) -> Option<(&str, Option<&str>)> {
    match token.split_once(':') {
        Some((name, color)) if !name.is_empty() && !color.is_empty() && !color.contains(':') => {
            Some((name, Some(color)))
        }
        Some(_) => None,
        None => Some((token, None)),
    }
}

/// A bound spec before an item's `|`: `v` (meaning `v:v`, as in Knuth's DLX3) or `u:v`.
/// `None` unless each part is a run of ASCII digits that fits a `u32`.
fn parse_bounds(spec: &str) -> Option<(u32, u32)> {
    let number = |digits: &str| {
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| digits.parse::<u32>().ok())
            .flatten()
    };
    match spec.split_once(':') {
        Some((lo, hi)) => Some((number(lo)?, number(hi)?)),
        None => number(spec).map(|v| (v, v)),
    }
}

/// Writes a problem in Knuth's DLX format: the item line, then one option per line.
///
/// ```
/// let text = "A B | x\nA x:red\nB |2\n";
/// let problem = dancing::format::parse_str(text)?;
/// assert_eq!(dancing::format::to_string(&problem), text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_string(problem: &Problem) -> String {
    let mut out = String::new();
    let (primary, secondary): (Vec<_>, Vec<_>) =
        problem.items().partition(|&i| problem.is_primary(i));
    // Bounds as DLX3 writes them: none for 1:1, `v|` when both are `v`, else `u:v|`.
    let names = |items: &[ItemId]| {
        items
            .iter()
            .map(|&i| match problem.bounds(i) {
                (lo, hi) if !problem.is_primary(i) || (lo, hi) == (1, 1) => {
                    problem.item_name(i).to_owned()
                }
                (lo, hi) if lo == hi => format!("{hi}|{}", problem.item_name(i)),
                (lo, hi) => format!("{lo}:{hi}|{}", problem.item_name(i)),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    out.push_str(&names(&primary));
    if !secondary.is_empty() {
        let _ = write!(out, " | {}", names(&secondary));
    }
    out.push('\n');
    for option in problem.options() {
        out.push_str(&problem.format_option(option));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
