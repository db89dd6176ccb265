//! A drawing of a problem's solutions (`dancing problem`'s boards, sequences and
//! squares), which the arguments carry to the one printer of solutions.

use std::fmt;
use std::sync::{Arc, Mutex};

use dancing::{OptionId, Problem};

/// How a solution of a problem that has a picture is drawn (`dancing problem`'s boards,
/// sequences and squares), in place of its options.
#[derive(Clone)]
pub(crate) struct Picture {
    /// Draws a solution as text.
    pub(crate) draw: Arc<Draw>,
}

/// The most solutions one SVG picture draws (a sheet of them).
pub(crate) const MOST_DRAWN: usize = 1000;

/// The first [`MOST_DRAWN`] solutions a run printed, shared with the threads that
/// print them (`--svg`, `--format svg`).
#[derive(Clone, Default)]
pub(crate) struct Kept(Arc<Mutex<Vec<Vec<OptionId>>>>);

impl fmt::Debug for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Kept")
    }
}

impl Kept {
    /// Keeps `solution`, unless [`MOST_DRAWN`] are kept.
    pub(crate) fn keep(&self, solution: &[OptionId]) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() < MOST_DRAWN {
            kept.push(solution.to_vec());
        }
    }

    /// The solutions kept, in the order they were printed.
    pub(crate) fn take(&self) -> Vec<Vec<OptionId>> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// Draws one solution of a problem.
pub(crate) type Draw = dyn Fn(&Problem, &[OptionId]) -> String + Send + Sync;

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Picture")
    }
}
