//! Solutions as the commands print them: the one printer that `xc`, the memo and the
//! learner call down to.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use dancing::{CostedSolution, OptionId, Problem};
use smallvec::SmallVec;

use crate::picture::Picture;

/// Prints one solution after a blank line unless it is the first: its picture when the
/// problem has one (`args.picture`), else its options in Knuth's format, sorted; a
/// solution of no option (a problem with no primary item to cover) is the line
/// `| no options`, so that it is seen and counted.
pub(crate) fn print_solution(
    out: &mut impl Write,
    problem: &Problem,
    solution: &[OptionId],
    first: &mut bool,
    args: &crate::args::XcArgs,
) -> io::Result<()> {
    if let Some(kept) = &args.kept {
        kept.keep(solution);
    }
    if !*first {
        writeln!(out)?;
    }
    *first = false;
    if let Some(Picture { draw }) = &args.picture {
        return out.write_all(draw(problem, solution).as_bytes());
    }
    // Solutions stream out with no allocation: the options are sorted on the stack (a
    // solution has at most one option per primary item; few have more than 64).
    if solution.is_empty() {
        return writeln!(out, "| no options");
    }
    let mut options: SmallVec<[OptionId; 64]> = SmallVec::from_slice(solution);
    options.sort_unstable();
    for option in options {
        writeln!(out, "{}", problem.display_option(option))?;
    }
    Ok(())
}

/// The cheapest solutions (`--min-cost`, `--best K`), cheapest first, each after a
/// `| cost N` line (a comment in Knuth's format), with a blank line between them, and
/// the first's cost for `--stats`: a number, or a string past 2^64 − 1 (options cost at
/// most that each, and JSON numbers that large lose digits in most readers).
pub(crate) fn print_cheapest(
    out: &mut impl Write,
    problem: &Problem,
    found: &[CostedSolution],
    args: &crate::args::XcArgs,
) -> io::Result<Option<serde_json::Value>> {
    let mut options = Vec::new();
    for (n, solution) in found.iter().enumerate() {
        if let Some(kept) = &args.kept {
            kept.keep(solution.options());
        }
        if n > 0 {
            writeln!(out)?;
        }
        writeln!(out, "| cost {}", solution.cost())?;
        options.clear();
        options.extend_from_slice(solution.options());
        options.sort_unstable();
        for &option in &options {
            writeln!(out, "{}", problem.display_option(option))?;
        }
    }
    out.flush()?;
    Ok(found
        .first()
        .map(|s| serde_json::to_value(s.cost()).unwrap_or_else(|_| s.cost().to_string().into())))
}

/// A file written whole or not at all (`--svg`): made beside its path when the run
/// starts, so that a path that cannot be written fails before any work, and renamed
/// over the path when its contents are complete; removed if the run ends first.
#[derive(Debug)]
pub(crate) struct WholeFile {
    path: std::path::PathBuf,
    temp: std::path::PathBuf,
    file: Option<std::fs::File>,
}

impl WholeFile {
    /// Starts the file for `path`.
    pub(crate) fn create(path: &std::path::Path) -> Result<Self, crate::failure::Failure> {
        let name = path
            .file_name()
            .map_or_else(|| "picture".into(), |n| n.to_string_lossy().into_owned());
        let temp = path.with_file_name(format!(".{name}.{}.part", std::process::id()));
        let file = std::fs::File::create(&temp).map_err(|e| unwritable(path, &e))?;
        Ok(Self {
            path: path.to_owned(),
            temp,
            file: Some(file),
        })
    }

    /// Writes `bytes` and puts the file in its place.
    pub(crate) fn finish(mut self, bytes: &[u8]) -> Result<(), crate::failure::Failure> {
        let mut file = self.file.take().expect("finished once");
        file.write_all(bytes)
            .and_then(|()| file.sync_all())
            .and_then(|()| std::fs::rename(&self.temp, &self.path))
            .map_err(|e| unwritable(&self.path, &e))
    }
}

impl Drop for WholeFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.temp);
    }
}

/// The failure of a file that cannot be written: exit code 1, the path named.
fn unwritable(path: &std::path::Path, e: &io::Error) -> crate::failure::Failure {
    io::Error::new(e.kind(), format!("{}: {e}", path.display())).into()
}

/// What standard output gets (`--format`): the text answers, or in their place the SVG
/// picture that `--svg FILE` would write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum Format {
    /// The answers as text.
    #[default]
    Text,
    /// The SVG picture, written when the run ends; the text answers are left out.
    Svg,
}

/// Whether the text answers are left out: standard output carries the picture.
static PICTURE_ON_STDOUT: AtomicBool = AtomicBool::new(false);

/// Where a command's SVG picture goes: a file written whole (`--svg FILE`), or standard
/// output in place of the text answers (`--format svg`).
#[derive(Debug)]
pub(crate) enum PictureTarget {
    File(WholeFile),
    Stdout,
}

impl PictureTarget {
    /// The target that `--svg` and `--format` name, if any: a file is made at once (so
    /// that a path that cannot be written fails before any work); standard output
    /// stops taking the text answers from here on.
    pub(crate) fn open(
        svg: Option<&std::path::Path>,
        format: Format,
    ) -> Result<Option<Self>, crate::failure::Failure> {
        Ok(match (svg, format) {
            (Some(path), _) => Some(Self::File(WholeFile::create(path)?)),
            (None, Format::Svg) => {
                PICTURE_ON_STDOUT.store(true, Ordering::Relaxed);
                Some(Self::Stdout)
            }
            (None, Format::Text) => None,
        })
    }

    /// Writes the picture whole.
    pub(crate) fn finish(self, picture: &str) -> Result<(), crate::failure::Failure> {
        match self {
            Self::File(file) => file.finish(picture.as_bytes()),
            Self::Stdout => {
                let mut out = io::stdout().lock();
                out.write_all(picture.as_bytes())?;
                out.flush()?;
                Ok(())
            }
        }
    }
}

/// Standard output for a command's answers: nowhere when the picture takes its place
/// (`--format svg`). Every command prints its answers through it.
pub(crate) fn stdout() -> Out {
    if PICTURE_ON_STDOUT.load(Ordering::Relaxed) {
        Out::Sink
    } else {
        Out::Stdout(io::stdout())
    }
}

/// Standard output, or nowhere (see [`stdout`]); it may be shared by the threads that
/// print solutions.
#[derive(Debug)]
pub(crate) enum Out {
    Stdout(io::Stdout),
    Sink,
}

impl Write for Out {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Self::Stdout(out) => out.write(bytes),
            Self::Sink => Ok(bytes.len()),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Self::Stdout(out) => out.write_all(bytes),
            Self::Sink => Ok(()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Self::Stdout(out) => out.flush(),
            Self::Sink => Ok(()),
        }
    }
}
