//! The native half of the `dancing` Python package: exact cover (`Problem`) and the
//! sudoku tools, over the `dancing` and `dancing-sudoku` crates. The Python half
//! (`python/dancing/`) re-exports it with its stubs; maturin builds both into one wheel.
//!
//! Searches run on a thread of their own with the GIL released, and the calling thread
//! checks Python's signals every 50 ms: Ctrl-C stops the search through the engine's
//! interrupt flag and raises `KeyboardInterrupt`. Every error is a Python exception with
//! the library's message.

mod classic;
mod engines;
mod hints;
mod input;
mod pictures;
mod problem;
mod run;
mod solutions;
mod split;
mod sudoku;
mod zdd;

use pyo3::prelude::*;

/// The `dancing._dancing` module.
#[pymodule]
fn _dancing(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<problem::Problem>()?;
    m.add_class::<solutions::Solutions>()?;
    m.add_class::<split::Subproblem>()?;
    m.add_class::<zdd::Zdd>()?;
    m.add_class::<zdd::ZddIter>()?;
    m.add("SearchStopped", m.py().get_type::<run::SearchStopped>())?;
    sudoku::register(m)?;
    hints::register(m)?;
    Ok(())
}
