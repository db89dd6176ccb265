//! The learner's statistics, and the limits that stop it.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use dancing::{Count, Limits, StopReason, problems};
use dancing_sat::Learner;

#[test]
fn statistics_of_a_complete_count() {
    let problem = problems::queens(8);
    let mut learner = Learner::new(&problem);
    assert_eq!(learner.count_up_to(1000).unwrap(), 92);
    let stats = learner.stats();
    assert_eq!(stats.solutions, 92);
    assert!(stats.is_complete());
    assert_eq!(stats.stopped, None);
    // One solve per solution, and the last that finds none (nothing is forced in the
    // empty board).
    assert_eq!(stats.forced, 0);
    assert_eq!(stats.solves, 93);
    assert_eq!(stats.options_left, problem.option_count());
    assert!(stats.variables >= problem.option_count());
    assert!(stats.clauses > 0);
    let first = stats.first_found.expect("a solution was found");
    assert!(first <= stats.elapsed);
}

#[test]
fn statistics_of_a_count_stopped_at_its_limit() {
    let problem = problems::queens(8);
    let mut learner = Learner::new(&problem);
    let count = learner.count_up_to(10).unwrap();
    assert_eq!(
        count,
        Count::Partial {
            found: 10,
            reason: StopReason::Caller
        }
    );
    let stats = learner.stats().clone();
    assert_eq!(stats.solutions, 10);
    assert!(!stats.is_complete());
    assert_eq!(stats.stopped, Some(StopReason::Caller));
    // One solve past the limit tells that there are more than 10.
    assert_eq!(stats.solves, 11);

    // Each search starts its statistics afresh.
    assert!(learner.first().unwrap().is_some());
    assert_eq!(learner.stats().solutions, 1);
    assert_eq!(learner.stats().stopped, Some(StopReason::Caller));

    assert_eq!(learner.count_up_to(0).unwrap().found(), 0);
    assert_eq!(learner.stats().solutions, 0);
    assert_eq!(learner.stats().stopped, Some(StopReason::Caller));
}

#[test]
fn statistics_without_a_solution() {
    let problem = problems::queens(3);
    let mut learner = Learner::new(&problem);
    assert_eq!(learner.first().unwrap(), None);
    let stats = learner.stats();
    assert_eq!(stats.solutions, 0);
    assert!(stats.is_complete());
    assert_eq!(stats.first_found, None);
}

/// Preprocessing answers a problem whose options are all forced: a solution, and no
/// second solve needed to prove it is the only one.
#[test]
fn forced_options_count_in_the_statistics() {
    let problem = dancing::format::parse_str("A B C\nA\nB C\nB\nC\nA B\n").unwrap();
    let mut learner = Learner::new(&problem);
    assert_eq!(learner.count_up_to(10).unwrap(), 3);
    let problem = dancing::format::parse_str("A B\nA\nB\n").unwrap();
    let mut learner = Learner::new(&problem);
    assert_eq!(learner.count_up_to(10).unwrap(), 1);
    let stats = learner.stats();
    assert_eq!(stats.forced, 2);
    assert_eq!(stats.options_left, 0);
    assert!(stats.is_complete());
}

/// Queens 12 has 14,200 solutions: far more than a raised flag lets through.
#[test]
fn a_raised_interrupt_flag_stops_a_long_count() {
    let problem = problems::queens(12);
    let mut learner = Learner::new(&problem);
    learner.set_limits(Limits::interrupt(Arc::new(AtomicBool::new(true))));
    let count = learner.count_up_to(u64::MAX).unwrap();
    assert!(count.found() < 14_200, "{count}");
    assert_eq!(count.reason(), Some(StopReason::Interrupted));
    let stats = learner.stats();
    assert_eq!(stats.stopped, Some(StopReason::Interrupted));
    assert!(!stats.is_complete());
    assert_eq!(stats.solutions, count.found());
}

/// A deadline already past, or a timeout of zero, stops a long count as a timeout.
#[test]
fn the_clock_stops_a_long_count() {
    let problem = problems::queens(12);
    let past = Limits::deadline(Instant::now());
    let zero = Limits::timeout(Duration::ZERO);
    for (name, limits) in [("past deadline", past), ("zero timeout", zero)] {
        let mut learner = Learner::new(&problem);
        learner.set_limits(limits);
        let count = learner.count_up_to(u64::MAX).unwrap();
        assert!(count.found() < 14_200, "{name}: {count}");
        assert_eq!(count.reason(), Some(StopReason::Timeout), "{name}");
        assert_eq!(learner.stats().stopped, Some(StopReason::Timeout), "{name}");
    }
}

/// CDCL has no search-tree nodes: the node limit does not apply (as documented).
#[test]
fn the_node_limit_does_not_apply() {
    let problem = problems::queens(6);
    let mut learner = Learner::new(&problem);
    learner.set_limits(Limits::max_nodes(1));
    assert_eq!(learner.count_up_to(100).unwrap(), 4);
    assert!(learner.stats().is_complete());
    assert_eq!(learner.limits().max_nodes, Some(1));
}

/// Limits that are not reached change nothing.
#[test]
fn generous_limits_change_nothing() {
    let problem = problems::queens(8);
    let mut learner = Learner::new(&problem);
    learner.set_limits(Limits {
        timeout: Some(Duration::from_secs(600)),
        interrupt: Some(Arc::new(AtomicBool::new(false))),
        ..Limits::none()
    });
    assert_eq!(learner.count_up_to(1000).unwrap(), 92);
    assert!(learner.stats().is_complete());
}
