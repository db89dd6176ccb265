//! The one line reader under every reader of puzzles: bounded lines, each error in place.

use std::io::{self, BufRead, Read};

use super::{PuzzleError, PuzzleErrorKind};

/// The longest line a batch reads: the longest one-line puzzle (36×36) has 1,296
/// symbols, and a comment may follow. The rest of a longer line is skipped without being
/// stored, and the line is an error.
pub const MAX_LINE: usize = 1 << 16;

/// The most bytes skipped at the end of one overlong line while looking for its end:
/// past it the input is taken for something other than text (`/dev/zero`, a binary
/// file), and reading stops.
pub const MAX_SKIP: u64 = 1 << 28;

/// The lines of a reader, numbered from 1, without their line ends (`\n` or `\r\n`) and
/// without a leading byte-order mark, each a `String` or the error of a line that is not
/// one: longer than [`MAX_LINE`] bytes (its first [`MAX_LINE`] are kept nowhere, the
/// rest is skipped), or not UTF-8. Reading goes on after either, on the next line; it
/// stops after a read error, or after an overlong line that does not end within
/// [`MAX_SKIP`] bytes. Memory stays within a few times [`MAX_LINE`], whatever the input.
///
/// ```
/// use dancing_sudoku::parse::Lines;
///
/// let input = b"\xef\xbb\xbfone\r\n\xff\ntwo";
/// let lines: Vec<_> = Lines::new(&input[..]).map(|l| l.map_err(|e| e.to_string())).collect();
/// assert_eq!(lines, [
///     Ok((1, "one".to_owned())),
///     Err("line 2, column 1: the line is not valid UTF-8".to_owned()),
///     Ok((3, "two".to_owned())),
/// ]);
/// ```
#[derive(Debug)]
pub struct Lines<R> {
    reader: R,
    /// Lines read so far.
    line: usize,
    bytes: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `reader`.
    pub fn new(reader: R) -> Self {
        Self {
            reader,
            line: 0,
            bytes: Vec::new(),
            done: false,
        }
    }

    /// The number of the last line read.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Reads the next line into `text`, reusing its storage and this reader's (no
    /// allocation once both have held a line as long): its number, `None` at the end of
    /// the input, or the line's error.
    pub fn read(&mut self, text: &mut String) -> Option<Result<usize, PuzzleError>> {
        if self.done {
            return None;
        }
        let cut = match read_line(&mut self.reader, &mut self.bytes) {
            Ok(Line::End) => {
                self.done = true;
                return None;
            }
            Ok(line) => line,
            Err(e) => {
                self.done = true;
                let message = e.to_string();
                return Some(Err(self.error(1, None, PuzzleErrorKind::Read { message })));
            }
        };
        self.line += 1;
        match cut {
            Line::Whole => {}
            Line::Cut => {
                let kind = PuzzleErrorKind::LineTooLong { limit: MAX_LINE };
                return Some(Err(self.error(0, None, kind)));
            }
            Line::Endless | Line::End => {
                self.done = true;
                let kind = PuzzleErrorKind::NoLineEnd { skipped: MAX_SKIP };
                return Some(Err(self.error(0, None, kind)));
            }
        }
        let mut bytes = std::mem::take(&mut self.bytes);
        if self.line == 1 {
            let bom = bytes.len() - dancing::format::strip_bom_bytes(&bytes).len();
            bytes.drain(..bom);
        }
        // The line becomes the text without a copy; the old text's buffer reads the
        // next line.
        match String::from_utf8(bytes) {
            Ok(line) => {
                self.bytes = std::mem::replace(text, line).into_bytes();
                Some(Ok(self.line))
            }
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
                self.bytes = bytes;
                Some(Err(self.error(0, Some(column), PuzzleErrorKind::NotUtf8)))
            }
        }
    }

    /// An error on the line `ahead` lines after the last one read.
    fn error(&self, ahead: usize, column: Option<usize>, kind: PuzzleErrorKind) -> PuzzleError {
        PuzzleError::new(self.line + ahead, column, kind)
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<(usize, String), PuzzleError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut text = String::new();
        self.read(&mut text)
            .map(|line| line.map(|number| (number, text)))
    }
}

/// What [`read_line`] read.
enum Line {
    /// The end of the input: no line.
    End,
    /// A line, whole.
    Whole,
    /// A line longer than [`MAX_LINE`], its rest skipped.
    Cut,
    /// A line that went on past [`MAX_SKIP`] bytes without an end.
    Endless,
}

/// Reads one line into `buf` (without its line end), keeping at most [`MAX_LINE`] bytes.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Line> {
    buf.clear();
    let limit = MAX_LINE as u64 + 1;
    if reader.by_ref().take(limit).read_until(b'\n', buf)? == 0 {
        return Ok(Line::End);
    }
    let mut line = Line::Whole;
    if buf.last() == Some(&b'\n') {
        buf.pop();
    } else if buf.len() > MAX_LINE {
        // Too long: skip to the next line, without storing what is skipped.
        buf.clear();
        line = Line::Cut;
        let mut skipped = 0u64;
        loop {
            let chunk = match reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            if let Some(i) = chunk.iter().position(|&b| b == b'\n') {
                reader.consume(i + 1);
                break;
            }
            let all = chunk.len();
            reader.consume(all);
            skipped += all as u64;
            if skipped > MAX_SKIP {
                return Ok(Line::Endless);
            }
        }
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(line)
}
