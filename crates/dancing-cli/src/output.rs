//! Solutions as the commands print them: the one printer that `xc`, the memo and the
//! learner call down to.

use std::io::{self, Write};

use dancing::{OptionId, Problem};
use smallvec::SmallVec;

/// Prints the options of one solution in Knuth's format, sorted, after a blank line
/// unless it is the first.
pub(crate) fn print_solution(
    out: &mut impl Write,
    problem: &Problem,
    solution: &[OptionId],
    first: &mut bool,
) -> io::Result<()> {
    if !*first {
        writeln!(out)?;
    }
    *first = false;
    // Solutions stream out with no allocation: the options are sorted on the stack (a
    // solution has at most one option per primary item; few have more than 64).
    let mut options: SmallVec<[OptionId; 64]> = SmallVec::from_slice(solution);
    options.sort_unstable();
    for option in options {
        writeln!(out, "{}", problem.display_option(option))?;
    }
    Ok(())
}
