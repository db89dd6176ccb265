//! Dancing cells against the links engine and against brute force: the same solutions,
//! in the same order, and the same statistics, node for node and update for update.

use dancing::Engine as _;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dancing::problems;
use dancing::{CellsSolver, Limits, Solver, StopReason};

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
