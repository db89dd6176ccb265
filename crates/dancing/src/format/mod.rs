//! Text formats, read and written: one home for every way a problem arrives as text.
//!
//! - [`knuth`]: Knuth's DLX format (items, then one option per line, with colors and
//!   costs), read and written. Its functions are re-exported here, so
//!   `dancing::format::parse_str` reads it; `parse_str_with_warnings` also returns the
//!   [`Warning`]s about options it left out, as Knuth's programs do.
//! - [`prefix`]: the line that names one subproblem of a split search, as
//!   `dancing xc --split` prints it and `--prefix` reads it.
//!
//! It reports a [`ParseError`]: a 1-based line and column, and a [`ParseErrorKind`].
//! Input that an error message repeats goes through [`quote`] first.
//!
//! It skips a leading UTF-8 byte-order mark (`EF BB BF`), which editors on Windows
//! write at the start of a file; columns on the first line count from the character after
//! it. The helpers below that do the same for the sibling crates' readers are public for
//! them, not part of this crate's subject, and hidden from its documentation.

pub mod knuth;
pub mod prefix;

use std::io::{self, BufRead, Read};

pub use crate::error::{IoError, ParseError, ParseErrorKind};
pub use knuth::{
    Parsed, Warning, WarningKind, parse_reader, parse_reader_with_warnings, parse_str,
    parse_str_with_warnings, to_string,
};

#[doc(hidden)]
/// The UTF-8 encoding of U+FEFF, the byte-order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

#[doc(hidden)]
/// `text` without a leading byte-order mark (U+FEFF), if it has one.
///
/// ```
/// use dancing::format::strip_bom;
///
/// assert_eq!(strip_bom("\u{feff}A B\n"), "A B\n");
/// assert_eq!(strip_bom("A B\n"), "A B\n");
/// ```
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

#[doc(hidden)]
/// `bytes` without a leading byte-order mark (`EF BB BF`), if they have one.
pub fn strip_bom_bytes(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM).unwrap_or(bytes)
}

#[doc(hidden)]
/// `reader` with a leading byte-order mark skipped, if it has one; otherwise it reads
/// exactly as before.
///
/// Only bytes that begin a byte-order mark are read ahead, so a person typing on a
/// terminal is never kept waiting for more than the first byte.
///
/// ```
/// use std::io::Read;
///
/// let mut text = String::new();
/// dancing::format::skip_bom(&b"\xEF\xBB\xBFA B\n"[..])?.read_to_string(&mut text)?;
/// assert_eq!(text, "A B\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// An error of `reader` while the first bytes are read.
pub fn skip_bom<R: BufRead>(mut reader: R) -> io::Result<io::Chain<io::Cursor<Vec<u8>>, R>> {
    let mut head = Vec::new();
    while head.len() < BOM.len() {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let take = buf.len().min(BOM.len() - head.len());
        if take == 0 || buf[..take] != BOM[head.len()..head.len() + take] {
            break;
        }
        head.extend_from_slice(&buf[..take]);
        reader.consume(take);
    }
    if head == BOM {
        head.clear();
    }
    Ok(io::Cursor::new(head).chain(reader))
}

#[doc(hidden)]
/// The most characters of a name or token that an error message quotes.
pub const QUOTE_LIMIT: usize = 32;

#[doc(hidden)]
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
