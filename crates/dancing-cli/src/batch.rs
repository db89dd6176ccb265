//! The one loop of the batch commands (`sudoku solve`, `count`, `check`, `rate`, `hint`
//! and `generate`): take a chunk of entries (puzzles read, or the indices of puzzles to
//! make), answer them (on threads, the answers in order), write the answers and the bad
//! entries' error lines, flush them as they come, and stop at Ctrl-C, or after the
//! deadline when a person types the puzzles (a file or a pipe is read to its end, every
//! puzzle answered, those after the deadline `stopped: timeout` without a search), or
//! when the command has ended (`generate` after a puzzle it could not make). Each
//! command supplies its answer and its totals, and prints its summary from them.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::time::{Duration, Instant};

use dancing::{Limits, StopReason};
use indicatif::ProgressBar;
use rayon::ThreadPool;
use rayon::prelude::*;

use crate::failure::{self, Failure};
use crate::report::Gravest;
use crate::search::{searching, thread_count, thread_pool};

/// How often answers written to a pipe or a file are flushed: a reader sees them come
/// without a write for each chunk.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// What a batch shows while it runs: the status line's counts, and lines printed above
/// it.
pub(crate) trait Progress: Sync {
    /// A chunk of `puzzles` has been taken and is about to be answered.
    fn chunk_read(&self, puzzles: usize);
    /// One more puzzle answered (from any worker thread).
    fn answered(&self);
    /// Prints a line on stderr above the status line.
    fn eprintln(&self, line: &str);
}

/// One entry of a batch: a puzzle to answer, or text that is not one.
pub(crate) enum Entry<P> {
    Puzzle(P),
    /// Its reason goes to stdout (unless stdout and stderr share a terminal), the full
    /// message (file, line, column) to stderr.
    Bad {
        reason: String,
        message: String,
    },
}

/// How a chunk's puzzles are spread over the threads.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Spread {
    /// Each thread takes the next puzzle when it is free: for puzzles whose times vary a
    /// hundredfold.
    InTurn,
    /// In runs of at least this many puzzles.
    Runs(usize),
}

/// What every batch counts, kept by the driver: the puzzles answered, the entries that
/// are not puzzles, and the gravest limit that stopped a puzzle's search, if any did
/// (Ctrl-C, then the deadline, which both end the batch, then the node limit, which
/// stops one puzzle).
#[derive(Debug, Default)]
pub(crate) struct Counts {
    pub(crate) puzzles: u64,
    pub(crate) errors: u64,
    pub(crate) stopped: Gravest,
}

/// The running totals of a batch command, which hold the [`Counts`].
pub(crate) trait Totals {
    fn counts(&mut self) -> &mut Counts;

    /// Whether the command wants no more answers (`generate` after a failure).
    fn ended(&self) -> bool {
        false
    }
}

/// The threads of a batch: how many (`--threads`, 0 for every core), and their pool
/// when there are more than one.
pub(crate) struct Threads {
    pub(crate) count: usize,
    pool: Option<ThreadPool>,
}

impl Threads {
    pub(crate) fn new(threads: u16) -> Result<Self, Failure> {
        let count = thread_count(threads);
        let pool = (count > 1).then(|| thread_pool(count)).transpose()?;
        Ok(Self { count, pool })
    }
}

/// How a batch runs: its threads, its chunks, where it writes.
pub(crate) struct Driver<'a, W: Write> {
    progress: &'a dyn Progress,
    out: &'a mut Answers<W>,
    limits: &'a Limits,
    threads: &'a Threads,
    /// Entries per chunk (1 for a person typing, who gets each answer at once).
    chunk: usize,
    interactive: bool,
}

impl<'a, W: Write> Driver<'a, W> {
    /// A batch answered by `threads` under `limits`, written to `out`, in chunks of
    /// `chunk` entries, or one by one for a person typing (`interactive`).
    pub(crate) fn new(
        progress: &'a dyn Progress,
        out: &'a mut Answers<W>,
        limits: &'a Limits,
        threads: &'a Threads,
        (chunk, interactive): (usize, bool),
    ) -> Self {
        let chunk = if interactive { 1 } else { chunk };
        Self {
            progress,
            out,
            limits,
            threads,
            chunk,
            interactive,
        }
    }

    /// Runs the batch of `entries`: `answer` answers a puzzle (on any thread),
    /// `stopped` answers one read after the search ended, `spread` says how a chunk's
    /// puzzles go to the threads, and `write` writes an answer and adds it to `totals`
    /// (`first` for the batch's first entry).
    pub(crate) fn run<P: Sync, A: Send, T: Totals>(
        &mut self,
        entries: impl Iterator<Item = Entry<P>>,
        totals: &mut T,
        answer: impl Fn(&P) -> A + Sync,
        stopped: impl Fn(StopReason) -> A + Sync,
        spread: impl Fn(&[Entry<P>]) -> Spread,
        mut write: impl FnMut(&mut T, &mut Answers<W>, A, bool) -> io::Result<()>,
    ) -> Result<(), Failure> {
        let one_screen = failure::one_screen();
        let mut entries = entries.peekable();
        let mut chunk = Vec::with_capacity(self.chunk);
        let mut first = true;
        let mut flushed = Instant::now();
        // Ctrl-C ends the reading; after the deadline the rest is read and answered
        // `stopped: timeout`, one line a puzzle.
        while !totals.ended()
            && !totals
                .counts()
                .stopped
                .stops_reading(self.limits.passed(), self.interactive)
            && entries.peek().is_some()
        {
            chunk.clear();
            chunk.extend(entries.by_ref().take(self.chunk));
            let puzzles = chunk
                .iter()
                .filter(|e| matches!(e, Entry::Puzzle(_)))
                .count();
            self.progress.chunk_read(puzzles);
            // No puzzle is started after the deadline or Ctrl-C.
            let one = |entry: &Entry<P>| match entry {
                Entry::Puzzle(puzzle) => {
                    let answered = match self.limits.passed() {
                        Some(reason) => stopped(reason),
                        None => answer(puzzle),
                    };
                    self.progress.answered();
                    Some(answered)
                }
                Entry::Bad { .. } => None,
            };
            let spread = spread(&chunk);
            let answers: Vec<Option<A>> = searching(|| match &self.threads.pool {
                Some(pool) => pool.install(|| match spread {
                    Spread::InTurn => in_turn(&chunk, self.threads.count, &one),
                    Spread::Runs(min) => chunk.par_iter().with_min_len(min).map(one).collect(),
                }),
                None => chunk.iter().map(one).collect(),
            });
            for (entry, answered) in chunk.iter().zip(answers) {
                match (entry, answered) {
                    (Entry::Puzzle(_), Some(answered)) => {
                        totals.counts().puzzles += 1;
                        write(totals, self.out, answered, first)?;
                    }
                    (Entry::Bad { reason, message }, _) => {
                        totals.counts().errors += 1;
                        // On a terminal the full message below is the one line a person
                        // needs; a file or a pipe keeps one answer line per puzzle.
                        if !one_screen {
                            writeln!(self.out, "error: {reason}")?;
                        }
                        // Keep stdout and stderr in step for a reader watching both.
                        self.out.flush()?;
                        self.progress
                            .eprintln(&format!("error: {}", failure::shorten(message)));
                    }
                    (Entry::Puzzle(_), None) => unreachable!("every puzzle is answered"),
                }
                first = false;
            }
            // A person typing gets each answer at once; a pipe or a file every
            // FLUSH_EVERY.
            if self.interactive || flushed.elapsed() >= FLUSH_EVERY {
                self.out.flush()?;
                flushed = Instant::now();
            }
        }
        self.out.flush()?;
        Ok(())
    }
}

/// `answer` on every entry, by `threads` threads of the current pool, each taking the
/// next entry when it is free; the answers in the entries' order.
fn in_turn<E: Sync, T: Send>(
    entries: &[E],
    threads: usize,
    answer: &(impl Fn(&E) -> Option<T> + Sync),
) -> Vec<Option<T>> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let answers: Vec<Mutex<Option<T>>> = entries.iter().map(|_| Mutex::new(None)).collect();
    rayon::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|_| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(entry) = entries.get(k) else { break };
                    let answered = answer(entry);
                    *answers[k].lock().unwrap_or_else(|e| e.into_inner()) = answered;
                }
            });
        }
    });
    answers
        .into_iter()
        .map(|slot| slot.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
}

/// Standard output under a status line on the same terminal ([`BatchProgress::answers`]):
/// buffered, and written only with the line hidden.
pub(crate) struct Answers<W: Write> {
    out: BufWriter<W>,
    /// The status line, when it shares the terminal.
    bar: Option<ProgressBar>,
}

impl<W: Write> Answers<W> {
    /// Answers written to `out`, with `bar` hidden while they are written when standard
    /// output is the terminal it is drawn on.
    pub(crate) fn under(out: W, bar: Option<ProgressBar>) -> Self {
        Self {
            out: BufWriter::new(out),
            bar: bar.filter(|_| io::stdout().is_terminal()),
        }
    }
}

impl<W: Write> Write for Answers<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if let Some(bar) = &self.bar
            && self.out.buffer().len() + bytes.len() > self.out.capacity()
        {
            // What would overflow the buffer goes out now, past the hidden line.
            let out = &mut self.out;
            return bar.suspend(|| {
                out.flush()?;
                out.write(bytes)
            });
        }
        self.out.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        match &self.bar {
            Some(bar) => bar.suspend(|| self.out.flush()),
            None => self.out.flush(),
        }
    }
}
