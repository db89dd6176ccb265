//! Opening inputs (a file, or standard input for `-` or no name), skipping a leading
//! byte-order mark, and bounding how much of them is read.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::Path;
use std::rc::Rc;

use dancing_sudoku::Shape;

use crate::failure::Failure;

/// An open input and the name its errors use (`<stdin>` or the path as given).
pub(crate) struct Input {
    pub(crate) name: String,
    pub(crate) reader: Box<dyn BufRead>,
    /// Whether a person is typing it (standard input from a terminal).
    pub(crate) interactive: bool,
}

/// Opens `path`, or standard input when it is `None` or `-`. A leading byte-order mark
/// is left to the readers: each format's parser skips it (once), for library users too.
/// A puzzle given on the command line in place of a file (`dancing sudoku solve
/// 53..7....6..195…`): an argument that names no file and is a puzzle on one line
/// (16, 81, 256, 625 or 1,296 symbols, or N² for the boxes of `--box`, perhaps with a
/// mark after a space).
pub(crate) fn puzzle_argument(path: &Path, shape: Option<Shape>) -> Option<Input> {
    let text = path.to_str()?;
    let token = text.split_whitespace().next()?;
    let length = token.chars().count();
    // Letters are values from 16×16 up; a 4×4 or 9×9 puzzle is digits and blanks.
    let letters = length > 81;
    let symbol = |c: char| {
        c.is_ascii_digit()
            || (letters && c.is_ascii_alphabetic())
            || dancing_sudoku::parse::BLANKS.contains(&c)
    };
    let one_line = dancing_sudoku::parse::one_line_shape(length, shape).is_some();
    if path.exists() || !one_line || !token.chars().all(symbol) {
        return None;
    }
    Some(Input {
        name: "<argument>".to_owned(),
        reader: Box::new(io::Cursor::new(format!("{text}\n").into_bytes())),
        interactive: false,
    })
}

pub(crate) fn open(path: Option<&Path>) -> Result<Input, Failure> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        return Ok(Input {
            name: "<stdin>".to_owned(),
            reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin().lock())),
            interactive: io::stdin().is_terminal(),
        });
    };
    let name = path.display().to_string();
    let cannot = |e: io::Error| {
        let reason = match e.kind() {
            io::ErrorKind::NotFound => "no such file".to_owned(),
            io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
            _ => e.to_string(),
        };
        Failure::input(format!("{name}: cannot open: {reason}"))
    };
    let metadata = std::fs::metadata(path).map_err(cannot)?;
    if metadata.is_dir() {
        return Err(Failure::input(format!(
            "{name}: is a directory; expected a file"
        )));
    }
    let file = File::open(path).map_err(cannot)?;
    Ok(Input {
        name,
        reader: Box::new(BufReader::with_capacity(1 << 16, file)),
        interactive: false,
    })
}

/// A reader that fails once more than `left` bytes would be read, and says so through
/// a shared flag, so the caller can tell "too large" from a genuine read error.
pub(crate) struct Budget<R> {
    inner: R,
    left: u64,
    exceeded: Rc<Cell<bool>>,
}

impl<R: BufRead> Budget<R> {
    pub(crate) fn new(inner: R, bytes: u64) -> Self {
        Self {
            inner,
            left: bytes,
            exceeded: Rc::new(Cell::new(false)),
        }
    }

    /// True once the budget has been exceeded.
    pub(crate) fn flag(&self) -> Rc<Cell<bool>> {
        Rc::clone(&self.exceeded)
    }
}

/// The error of a read past the budget.
fn too_large() -> io::Error {
    io::Error::other("the input is larger than the memory limit allows")
}

impl<R: BufRead> Read for Budget<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = {
            let buf = self.fill_buf()?;
            let n = buf.len().min(out.len());
            out[..n].copy_from_slice(&buf[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Budget<R> {
    /// Asks the inner reader once: a terminal answers an end of input (Ctrl-D) once, and
    /// asking again would wait for a second one.
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let left = self.left;
        let buf = self.inner.fill_buf()?;
        if left == 0 && !buf.is_empty() {
            self.exceeded.set(true);
            return Err(too_large());
        }
        let n = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        Ok(&buf[..n])
    }

    fn consume(&mut self, amount: usize) {
        self.left = self.left.saturating_sub(amount as u64);
        self.inner.consume(amount);
    }
}

/// Parses a size such as `4G`, `512M`, `100k` or `1000000` (bytes; the suffixes are
/// powers of 1024, an optional `B` or `iB` may follow).
pub(crate) fn parse_size(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let number = upper
        .trim_end_matches("IB")
        .trim_end_matches('B')
        .to_owned();
    let (digits, shift) = match number.chars().last() {
        Some('K') => (&number[..number.len() - 1], 10),
        Some('M') => (&number[..number.len() - 1], 20),
        Some('G') => (&number[..number.len() - 1], 30),
        Some('T') => (&number[..number.len() - 1], 40),
        _ => (number.as_str(), 0),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("`{text}` is not a size; expected for example 512M, 4G or 1000000"))
}

/// A size for people: `4 GiB`, `100 MiB`, `2.5 KiB`, `512 bytes`.
pub(crate) fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64;
    let mut unit = "";
    for name in UNITS {
        if value < 1024.0 {
            break;
        }
        value /= 1024.0;
        unit = name;
    }
    if value.fract() == 0.0 {
        format!("{value} {unit}")
    } else {
        format!("{value:.1} {unit}")
    }
}

/// The size in bytes of an input when it is a regular file (not standard input,
/// a pipe or a device), for the time left.
pub(crate) fn size(file: Option<&Path>) -> Option<u64> {
    let path = file.filter(|p| p.as_os_str() != "-")?;
    let metadata = std::fs::metadata(path).ok()?;
    (metadata.is_file() && metadata.len() > 0).then_some(metadata.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("100k"), Ok(100 << 10));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("0").is_err());
        assert!(parse_size("G").is_err());
        assert!(parse_size("99999999999T").is_err());
        assert_eq!(human_size(4 << 30), "4 GiB");
        assert_eq!(human_size(2_621_440), "2.5 MiB");
        assert_eq!(human_size(100), "100 bytes");
    }

    /// A reader that answers each read with its next chunk, an empty chunk being an end
    /// of input (as a terminal gives one per Ctrl-D), and counts the reads.
    struct Chunks(Vec<&'static [u8]>, usize);

    impl Read for Chunks {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.1 += 1;
            let chunk = if self.0.is_empty() {
                &b"more"[..]
            } else {
                self.0.remove(0)
            };
            out[..chunk.len()].copy_from_slice(chunk);
            Ok(chunk.len())
        }
    }

    #[test]
    fn one_end_of_input_ends_the_reading() {
        let terminal = BufReader::new(Chunks(vec![b"A B\n", b"A\n", b"", b"B\n"], 0));
        let mut budget = Budget::new(terminal, 1 << 20);
        let mut all = String::new();
        budget.read_to_string(&mut all).unwrap();
        assert_eq!(all, "A B\nA\n");
        // Three reads: two lines and one end of input, never a read past it.
        assert_eq!(budget.inner.get_ref().1, 3);
    }

    #[test]
    fn budget_refuses_the_byte_past_the_limit() {
        let mut exact = Budget::new(&b"abc"[..], 3);
        let mut all = String::new();
        exact.read_to_string(&mut all).unwrap();
        assert_eq!(all, "abc");
        let mut short = Budget::new(&b"abcd"[..], 3);
        let flag = short.flag();
        let mut some = Vec::new();
        assert!(short.read_to_end(&mut some).is_err());
        assert!(flag.get());
    }
}
