//! A drawing of a problem's solutions (`dancing problem`'s boards, sequences and
//! squares), which the arguments carry to the one printer of solutions.

use std::fmt;
use std::sync::Arc;

use dancing::{OptionId, Problem};

/// How a solution of a problem that has a picture is drawn (`dancing problem`'s boards,
/// sequences and squares), in place of its options.
#[derive(Clone)]
pub(crate) struct Picture(pub(crate) Arc<Draw>);

/// Draws one solution of a problem.
pub(crate) type Draw = dyn Fn(&Problem, &[OptionId]) -> String + Send + Sync;

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Picture")
    }
}
