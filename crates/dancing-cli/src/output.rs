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
