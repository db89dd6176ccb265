//! A `dancing::Problem` handed to the `exact-covers` crate, so that it solves exactly the
//! same matrix. Shared by the engine benchmark, the `ratio` example, the tests and the
//! whole-process counter through `#[path]`: the peers are dev-dependencies, which the
//! `dancing-benches` library cannot use.

use std::ops::ControlFlow;

use dancing::Problem;
use exact_covers::{DlSolver, Solver as _};

/// A problem laid out for the `exact-covers` crate: items as their `ItemId` indices,
/// colors as their `ColorId` indices.
///
/// Its `DlSolver` (Knuth's Algorithm C with dancing links) is consumed by `solve`, so a
/// new one is built for every search; [`solver`](Self::solver) keeps that construction
/// outside what a benchmark times. Building looks every item up by a linear scan (the
/// crate asks only `Eq` of items), a few milliseconds on the benchmark problems, far
/// below their searches.
#[derive(Debug)]
pub(crate) struct ExactCovers {
    primary: Vec<u32>,
    secondary: Vec<u32>,
    options: Vec<PeerOption>,
}

/// An option as the `exact-covers` crate takes it: its primary items, then its secondary
/// items with their colors.
type PeerOption = (Vec<u32>, Vec<(u32, Option<u32>)>);

impl ExactCovers {
    /// The items and options of `problem`, in its order.
    pub(crate) fn new(problem: &Problem) -> Self {
        let index = |i: usize| u32::try_from(i).expect("an index fits in u32");
        let items = |primary: bool| -> Vec<u32> {
            problem
                .items()
                .filter(|&i| problem.is_primary(i) == primary)
                .map(|i| index(i.index()))
                .collect()
        };
        let (primary, secondary) = (items(true), items(false));
        let options = problem
            .options()
            .map(|option| {
                let (mut primary, mut secondary) = (Vec::new(), Vec::new());
                for (item, color) in problem.option_items(option) {
                    if problem.is_primary(item) {
                        primary.push(index(item.index()));
                    } else {
                        secondary.push((index(item.index()), color.map(|c| index(c.index()))));
                    }
                }
                (primary, secondary)
            })
            .collect();
        Self {
            primary,
            secondary,
            options,
        }
    }

    /// A solver holding every option, ready to search once.
    pub(crate) fn solver(&self) -> DlSolver<'_, u32, u32> {
        let mut solver = DlSolver::new(&self.primary, &self.secondary);
        for (primary, secondary) in &self.options {
            solver.add_option(primary, secondary);
        }
        solver
    }

    /// Builds a solver and counts every solution.
    pub(crate) fn count(&self) -> u64 {
        count(self.solver())
    }
}

/// Counts every solution `solver` visits.
pub(crate) fn count(solver: DlSolver<'_, u32, u32>) -> u64 {
    let mut solutions = 0u64;
    solver.solve(|_| {
        solutions += 1;
        ControlFlow::Continue(())
    });
    solutions
}
