//! A `dancing::Problem` handed to the `dlx` crate, so that it solves exactly the same
//! matrix: its items renumbered primary first (the crate's layout), its options in the
//! same order. Shared through `#[path]`, as `exact_covers.rs` is.

use dancing::Problem;
use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};

/// The problem as the `dlx` crate's Algorithm X takes it, or `None` when it has colors
/// (Algorithm X has none; the crate's Algorithm C reads a different layout).
pub(crate) fn dlx_problem(problem: &Problem) -> Option<dlx::x::Problem> {
    if problem.has_colors() {
        return None;
    }
    // The crate numbers items from 0, primary items first.
    let mut number = vec![0 as dlx::Uint; problem.item_count()];
    let (primary, secondary): (Vec<_>, Vec<_>) =
        problem.items().partition(|&i| problem.is_primary(i));
    for (n, item) in primary.iter().chain(&secondary).enumerate() {
        number[item.index()] = n as dlx::Uint;
    }
    let options: Vec<Vec<dlx::Uint>> = problem
        .options()
        .map(|option| {
            problem
                .option_items(option)
                .map(|(item, _)| number[item.index()])
                .collect()
        })
        .collect();
    Some(dlx::x::make_problem(
        primary.len() as dlx::Uint,
        secondary.len() as dlx::Uint,
        &options,
        dlx::OptOrder::Seq,
    ))
}

/// Counts every solution with the crate's MRV chooser, ties to the first item as in
/// TAOCP.
pub(crate) fn dlx_count(problem: &mut dlx::x::Problem) -> u64 {
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solver = dlx::Solver::new(problem);
    let mut solutions = 0;
    while solver.next_solution(&mut chooser) {
        solutions += 1;
    }
    solutions
}
