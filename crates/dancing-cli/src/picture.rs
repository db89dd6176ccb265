//! A drawing of a problem's solutions (`dancing problem`'s boards, sequences and
//! squares), which the arguments carry to the one printer of solutions.

use std::fmt;
use std::sync::{Arc, Mutex};

use dancing::problems::Drawing;
use dancing::{OptionId, Problem};

/// How a solution of a problem that has a picture is drawn (`dancing problem`'s boards,
/// sequences and squares), in place of its options.
#[derive(Clone)]
pub(crate) struct Picture {
    /// Draws a solution as text.
    pub(crate) draw: Arc<Draw>,
}

/// The most pictures one SVG holds (a sheet of them): puzzles, hints or solutions.
pub(crate) const MOST_DRAWN: usize = 1000;

/// What one SVG sheet draws (`--svg`, `--format svg`): the first [`MOST_DRAWN`] things
/// a run answered, in order, and how many more it left out, which [`Sheet::note`]
/// says. A run of any length holds at most that many.
#[derive(Debug)]
pub(crate) struct Sheet<T> {
    kept: Vec<T>,
    left_out: u64,
}

impl<T> Default for Sheet<T> {
    fn default() -> Self {
        Self {
            kept: Vec::new(),
            left_out: 0,
        }
    }
}

impl<T> Sheet<T> {
    /// Keeps `item`, unless [`MOST_DRAWN`] are kept: then counts it left out.
    pub(crate) fn push(&mut self, item: T) {
        if self.kept.len() < MOST_DRAWN {
            self.kept.push(item);
        } else {
            self.left_out += 1;
        }
    }

    /// The things kept, in order.
    pub(crate) fn kept(&self) -> &[T] {
        &self.kept
    }

    /// Says on stderr (unless `quiet`) how many were left out of the picture, if any.
    pub(crate) fn note(&self, quiet: bool) {
        if self.left_out > 0 && !quiet {
            stderr_line!(
                "note: the picture draws the first {MOST_DRAWN}; {} more left out",
                self.left_out
            );
        }
    }
}

/// The solutions a run printed, as a [`Sheet`] draws them, shared with the threads
/// that print them.
#[derive(Clone, Default)]
pub(crate) struct Kept(Arc<Mutex<Sheet<Vec<OptionId>>>>);

impl fmt::Debug for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Kept")
    }
}

impl Kept {
    /// Keeps `solution`, unless [`MOST_DRAWN`] are kept (then counts it left out,
    /// without copying it).
    pub(crate) fn keep(&self, solution: &[OptionId]) {
        let mut sheet = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if sheet.kept.len() < MOST_DRAWN {
            sheet.kept.push(solution.to_vec());
        } else {
            sheet.left_out += 1;
        }
    }

    /// The solutions kept, in the order they were printed, and the count left out.
    pub(crate) fn take(&self) -> Sheet<Vec<OptionId>> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// The solutions of `sheet` as one SVG picture ([`dancing::svg::gather`]: one as it
/// is, several as a sheet, none an empty one), each as `drawing` draws it; those left
/// out said on stderr unless `quiet`.
pub(crate) fn draw_solutions(
    drawing: &Drawing,
    problem: &Problem,
    sheet: &Sheet<Vec<OptionId>>,
    quiet: bool,
) -> String {
    sheet.note(quiet);
    let pictures: Vec<String> = sheet
        .kept()
        .iter()
        .filter_map(|solution| drawing.svg(problem, solution))
        .collect();
    dancing::svg::gather(&pictures)
}

/// Draws one solution of a problem.
pub(crate) type Draw = dyn Fn(&Problem, &[OptionId]) -> String + Send + Sync;

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Picture")
    }
}
