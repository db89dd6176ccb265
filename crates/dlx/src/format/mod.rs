//! Text formats, read and written: one home for every way a problem arrives as text.
//!
//! - [`knuth`]: Knuth's DLX format (items, then one option per line, with colors and
//!   costs), read and written. Its functions are re-exported here, so
//!   `dancing::format::parse_str` reads it; `parse_str_with_warnings` also returns the
//!   [`Warning`]s about options it left out, as Knuth's programs do.
//! - [`hust`]: the 0/1 sparse-matrix format of the HUST 1017 judge problem, read one
//!   test case at a time.
//!
//! Both report a [`ParseError`]: a 1-based line and column, and a [`ParseErrorKind`].
//! Input that an error message repeats goes through [`quote`] first.

pub mod hust;
pub mod knuth;

pub use crate::error::{IoError, ParseError, ParseErrorKind};
pub use knuth::{
    Parsed, Warning, WarningKind, parse_reader, parse_reader_with_warnings, parse_str,
    parse_str_with_warnings, to_string,
};

/// The most characters of a name or token that an error message quotes.
pub const QUOTE_LIMIT: usize = 32;

/// Input quoted in an error message: escaped, so that binary input cannot send control
/// characters to a terminal, and cut after [`QUOTE_LIMIT`] characters with `…`, so that a
/// 10 MB token makes a short message.
///
/// ```
/// use dancing::format::quote;
///
/// assert_eq!(quote("A\u{1b}[2J"), "A\\u{1b}[2J");
/// assert_eq!(quote(&"x".repeat(40)), format!("{}…", "x".repeat(32)));
/// ```
pub fn quote(text: &str) -> String {
    let mut quoted: String = text
        .chars()
        .take(QUOTE_LIMIT)
        .flat_map(char::escape_debug)
        .collect();
    if text.chars().nth(QUOTE_LIMIT).is_some() {
        quoted.push('…');
    }
    quoted
}
