//! The live status line of a sudoku batch on stderr (`--progress`, or without it the
//! one-time nudge towards it) while it runs, the batch's input opened and counted for
//! the time left, and its answers written around the line.

use std::io::{self, BufRead, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use indicatif::ProgressBar;

use dancing_sudoku::parse::{Batch, Puzzle, PuzzleError};
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{PuzzleErrorKind, Shape};

use crate::answer::plural;
use crate::batch::{Answers, Entry, Progress};
use crate::failure::Failure;
use crate::feedback::{self, Reading};
use crate::input::{self, Input};
use crate::line::{StatusLine, clock, eta};
use crate::report::rate;

/// The bytes a chunk of puzzles came from, so the status line can tell how far into the
/// file the batch is while the chunk is being solved.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Chunk {
    /// Bytes of input read before the chunk, and after it.
    start: u64,
    end: u64,
    /// Puzzles answered before the chunk, and in it.
    done_before: u64,
    puzzles: u64,
}

/// The fraction of an input of `size` bytes answered once `done` puzzles are, `chunk`
/// being the one in progress: its puzzles are taken to be spread evenly over its bytes.
fn fraction_done(chunk: Chunk, done: u64, size: u64) -> f64 {
    let into = if chunk.puzzles == 0 {
        1.0
    } else {
        done.saturating_sub(chunk.done_before).min(chunk.puzzles) as f64 / chunk.puzzles as f64
    };
    let bytes = chunk.start as f64 + (chunk.end.saturating_sub(chunk.start)) as f64 * into;
    (bytes / size.max(1) as f64).clamp(0.0, 1.0)
}

/// The status line's text after the elapsed time and bar.
fn status(done: u64, elapsed: Duration, left: Option<Duration>) -> String {
    let mut line = format!("{}, {}", plural(done, "puzzle"), rate(done, elapsed));
    if let Some(left) = left {
        line.push_str(&format!(", {} left", clock(left)));
    }
    line
}

/// The counts that workers and the reader update and the status thread reads.
#[derive(Debug, Default)]
struct Shared {
    /// Puzzles answered so far, by any thread.
    done: AtomicU64,
    /// Bytes of input consumed so far.
    read: AtomicU64,
    chunk: Mutex<Chunk>,
}

/// Counts the bytes its reader hands out, for the status line's estimate of the time left.
struct Counted {
    inner: Box<dyn BufRead>,
    shared: Arc<Shared>,
}

impl Read for Counted {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(out)?;
        self.shared.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl BufRead for Counted {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.shared.read.fetch_add(amount as u64, Ordering::Relaxed);
        self.inner.consume(amount);
    }
}

/// The status line measures progress in millionths of the input.
const SCALE: f64 = 1_000_000.0;

/// A batch's live status line (`--progress`) or its nudge towards it, drawn by a thread
/// of its own: the workers only count the puzzles they answer, whatever their number.
/// Neither runs unless stderr is a terminal, nor while a person types the puzzles.
///
/// The time left is estimated from the bytes of the input file read so far against its
/// length, rather than by counting its lines first: that would read the whole file
/// twice before answering the first puzzle, and lines are not puzzles anyway (comments,
/// blank lines). Bytes cost nothing to count, and puzzles of one file are about the
/// same length. Standard input has no length: its line shows no time left.
pub(crate) struct BatchProgress {
    shared: Arc<Shared>,
    line: StatusLine,
    /// Whether the input's bytes are counted (a bar with a known length).
    counting: bool,
}

impl BatchProgress {
    /// Starts the status line if `progress` asks for it, else arms the nudge; nothing when
    /// stderr is not a terminal or the input is typed (`interactive`). `size` is the
    /// input file's length, when known.
    pub(crate) fn start(progress: bool, interactive: bool, size: Option<u64>) -> Self {
        let shared = Arc::new(Shared::default());
        let template = match size {
            Some(_) => "[{elapsed_precise}] {bar:30} {percent:>3}% {msg}",
            None => "[{elapsed_precise}] {msg}",
        };
        let drawn = Arc::clone(&shared);
        let line = StatusLine::start(
            progress,
            interactive,
            ("solving", ""),
            (size.map(|_| SCALE as u64), template),
            move |bar, elapsed| draw(bar, &drawn, size, elapsed),
        );
        Self {
            shared,
            counting: line.bar().is_some() && size.is_some(),
            line,
        }
    }

    /// The batch's input, its bytes counted if the status line estimates the time left.
    pub(crate) fn wrap(&self, reader: Box<dyn BufRead>) -> Box<dyn BufRead> {
        if self.counting {
            Box::new(Counted {
                inner: reader,
                shared: Arc::clone(&self.shared),
            })
        } else {
            reader
        }
    }
}

impl Progress for BatchProgress {
    fn chunk_read(&self, puzzles: usize) {
        if !self.counting {
            return;
        }
        let mut chunk = self.shared.chunk.lock().unwrap_or_else(|e| e.into_inner());
        *chunk = Chunk {
            start: chunk.end,
            end: self.shared.read.load(Ordering::Relaxed),
            done_before: self.shared.done.load(Ordering::Relaxed),
            puzzles: puzzles as u64,
        };
    }

    fn answered(&self) {
        if self.line.bar().is_some() {
            self.shared.done.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Prints the line above the status line, which is redrawn after it.
    fn eprintln(&self, line: &str) {
        self.line.eprintln(line);
    }
}

impl BatchProgress {
    /// The batch's answers, written to `out` with the status line hidden when standard
    /// output is the terminal it is drawn on: else the answers would land after it.
    pub(crate) fn answers<W: Write>(&self, out: W) -> Answers<W> {
        Answers::under(out, self.line.bar().cloned())
    }

    /// Stops the status line and erases it, before the summary is printed.
    pub(crate) fn finish(&mut self) {
        self.line.finish();
    }
}

/// Opens a batch's input, `file` or standard input (with a word to a person typing), and
/// starts its status line if `progress` asks for it.
pub(crate) fn open(
    file: Option<&Path>,
    shape: Option<Shape>,
    progress: bool,
) -> Result<(Input, BatchProgress), Failure> {
    if let Some(input) = file.and_then(|file| input::puzzle_argument(file, shape)) {
        return Ok((input, BatchProgress::start(false, false, None)));
    }
    let mut input = input::open(file)?;
    if input.interactive {
        feedback::hint_if_typing(Reading::Puzzles);
    }
    let progress = BatchProgress::start(progress, input.interactive, input::size(file));
    input.reader = progress.wrap(input.reader);
    Ok((input, progress))
}

fn draw(bar: &ProgressBar, shared: &Shared, size: Option<u64>, elapsed: Duration) {
    let done = shared.done.load(Ordering::Relaxed);
    let left = size.and_then(|size| {
        let chunk = *shared.chunk.lock().unwrap_or_else(|e| e.into_inner());
        let fraction = fraction_done(chunk, done, size);
        bar.set_position((fraction * SCALE) as u64);
        eta(elapsed, fraction)
    });
    bar.set_message(status(done, elapsed, left));
}

/// The hint the command adds to the library's error: the flag that reads what it
/// could not (the library cannot name the command's flags).
pub(crate) fn flag_hint(kind: &PuzzleErrorKind) -> String {
    if let PuzzleErrorKind::CageLine = kind {
        return "; read killer puzzles with --variant killer".into();
    }
    let Some((shapes, one_line)) = kind.shapes_to_try() else {
        return String::new();
    };
    let flags: Vec<String> = shapes
        .iter()
        .map(|shape| format!("--box {shape}"))
        .collect();
    match one_line {
        true => format!(
            "; a {0}×{0} puzzle on one line? read it with {1}",
            shapes[0].side(),
            flags.join(" or ")
        ),
        false => format!("; read it with {}", flags.join(" or ")),
    }
}

/// Turns one entry of the batch into a job.
fn job(name: &str, entry: Result<Puzzle, PuzzleError>) -> Entry<Puzzle> {
    match entry {
        Ok(puzzle) => Entry::Puzzle(puzzle),
        Err(error) => {
            let hint = flag_hint(&error.kind);
            Entry::Bad {
                reason: format!("{}{hint}", error.kind),
                message: format!("{name}: {error}{hint}"),
            }
        }
    }
}

/// The jobs of a batch: its puzzles with their rules, or its bad entries, in order, in
/// any layout of [`Batch`] (the variant told, or each puzzle's mark; killer puzzles in
/// blocks of a givens line and cage lines).
pub(crate) fn entries(
    reader: Box<dyn BufRead>,
    name: &str,
    kind: Option<Kind>,
    shape: Option<Shape>,
) -> Box<dyn Iterator<Item = Entry<Puzzle>> + '_> {
    let mut batch = Batch::new(reader);
    if let Some(kind) = kind {
        batch = batch.variant(kind);
    }
    if let Some(shape) = shape {
        batch = batch.shape(shape);
    }
    Box::new(std::iter::from_fn(move || {
        let entry = batch.next()?;
        told_header(name, &mut batch);
        Some(job(name, entry))
    }))
}

/// A note on standard error for the CSV header `batch` skipped, if it did.
pub(crate) fn told_header<R: std::io::BufRead>(
    name: &str,
    batch: &mut dancing_sudoku::parse::Batch<R>,
) {
    if let Some(line) = batch.take_header() {
        stderr_line!("note: {name}: line {line} is a CSV header (column names); skipped");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fraction_done_follows_the_chunk_in_progress() {
        let chunk = Chunk {
            start: 1000,
            end: 2000,
            done_before: 10,
            puzzles: 10,
        };
        assert_eq!(fraction_done(chunk, 10, 4000), 0.25);
        assert_eq!(fraction_done(chunk, 15, 4000), 0.375);
        assert_eq!(fraction_done(chunk, 20, 4000), 0.5);
        // Never past the chunk, nor past the end.
        assert_eq!(fraction_done(chunk, 99, 4000), 0.5);
        assert_eq!(fraction_done(chunk, 20, 1000), 1.0);
        // A chunk of comments only is done as soon as it is read.
        let comments = Chunk {
            puzzles: 0,
            ..chunk
        };
        assert_eq!(fraction_done(comments, 10, 4000), 0.5);
        assert_eq!(fraction_done(Chunk::default(), 0, 4000), 0.0);
    }

    #[test]
    fn the_status_tells_the_pace_and_the_time_left() {
        assert_eq!(
            status(1234, Duration::from_secs(2), Some(Duration::from_secs(65))),
            "1234 puzzles, 617 puzzles/s, 1:05 left"
        );
        assert_eq!(
            status(1, Duration::from_secs(4), None),
            "1 puzzle, 4.0 s a puzzle"
        );
    }

    #[test]
    fn counted_reads_are_bytes_consumed() {
        let shared = Arc::new(Shared::default());
        let mut reader = Counted {
            inner: Box::new(&b"one\ntwo\n"[..]),
            shared: Arc::clone(&shared),
        };
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert_eq!(shared.read.load(Ordering::Relaxed), 4);
        let mut rest = Vec::new();
        reader.read_to_end(&mut rest).unwrap();
        assert_eq!(shared.read.load(Ordering::Relaxed), 8);
    }

    #[test]
    fn off_a_terminal_nothing_runs() {
        // Tests run with stderr captured, never a terminal.
        if std::io::IsTerminal::is_terminal(&io::stderr()) {
            return;
        }
        let mut progress = BatchProgress::start(true, false, Some(100));
        assert!(progress.line.bar().is_none() && !progress.counting);
        progress.answered();
        assert_eq!(progress.shared.done.load(Ordering::Relaxed), 0);
        progress.finish();
    }
}
