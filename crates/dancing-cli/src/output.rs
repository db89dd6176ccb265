//! Solutions as the commands print them: the one printer that `xc`, the memo and the
//! learner call down to.

use std::io::{self, Write};

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
    let picture = args.picture.as_ref();
    if !*first {
        writeln!(out)?;
    }
    *first = false;
    if let Some(Picture(draw)) = picture {
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
) -> io::Result<Option<serde_json::Value>> {
    let mut options = Vec::new();
    for (n, solution) in found.iter().enumerate() {
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
