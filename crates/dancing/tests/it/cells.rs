//! Dancing cells against the links engine and against brute force: the same solutions,
//! in the same order, and the same statistics, node for node and update for update.

use dancing::Engine as _;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dancing::problems;
use dancing::{CellsSolver, Limits, Solver, StopReason};
use proptest::prelude::*;

use crate::agreement::{Engine, agrees};
use crate::{brute_force, colors_and_costs};

#[test]
fn a_node_limit_stops_the_search_where_the_links_stop() {
    let problem = problems::queens(10);
    let limits = Limits {
        max_nodes: Some(2_000),
        ..Limits::none()
    };
    let mut cells = CellsSolver::new(&problem);
    cells.set_limits(limits.clone());
    assert_eq!(cells.limits().max_nodes, Some(2_000));
    let count = cells.count();
    assert_eq!(count.reason(), Some(StopReason::NodeLimit));
    assert_eq!(cells.stats().nodes, 2_000);
    cells.check_integrity().unwrap();
    let mut links = Solver::new(&problem);
    links.set_limits(limits);
    // The same tree in the same order: the same partial count.
    assert_eq!(links.count(), count);
}

#[test]
fn a_raised_interrupt_stops_the_search() {
    let flag = Arc::new(AtomicBool::new(true));
    let mut cells = CellsSolver::new(&problems::queens(10));
    cells.set_limits(Limits {
        interrupt: Some(Arc::clone(&flag)),
        ..Limits::none()
    });
    let count = cells.count();
    assert_eq!(count.reason(), Some(StopReason::Interrupted));
    // The flag is read at the first check.
    assert_eq!(cells.stats().nodes, Limits::CHECK_INTERVAL);
    cells.check_integrity().unwrap();
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(cells.count(), 724);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn plain_solutions_are_the_brute_force_covers(spec in brute_force::spec()) {
        let problem = brute_force::build(&spec);
        let expected = brute_force::brute_force(&spec);
        agrees(Engine::Cells, &problem, expected)?;
    }

    #[test]
    fn colored_solutions_are_the_brute_force_ones(spec in colors_and_costs::spec(12, 0)) {
        let problem = colors_and_costs::build(&spec);
        let expected: BTreeSet<Vec<usize>> = colors_and_costs::brute_force(&spec)
            .into_iter()
            .map(|(chosen, _)| chosen)
            .collect();
        agrees(Engine::Cells, &problem, expected)?;
    }

    #[test]
    fn an_abandoned_search_restores_the_sets(spec in colors_and_costs::spec(12, 0), take in 0usize..3) {
        let problem = colors_and_costs::build(&spec);
        let mut cells = CellsSolver::new(&problem);
        let total = cells.count();
        let taken = cells.solutions().take(take).count();
        prop_assert_eq!(taken as u64, total.found().min(take as u64));
        cells.check_integrity().unwrap();
        prop_assert_eq!(cells.count(), total);
    }
}
