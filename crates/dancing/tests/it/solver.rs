//! Behaviour of the solver's API: forcing, limits, events and restoration.

use dancing::Engine;
use dancing::SplitEngine;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dancing::{
    Branching, Event, ForceError, Limits, OptionId, Solver, StopReason, format, problems,
};

const TOY: &str = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

/// A solver of a problem in Knuth's format.
fn solver_of(text: &str) -> Solver {
    Solver::new(&format::parse_str(text).unwrap())
}

#[test]
fn forcing_a_conflicting_option_fails_and_changes_nothing() {
    let mut solver = solver_of(TOY);
    solver.force(OptionId::new(3)).unwrap(); // A D
    assert_eq!(
        solver.force(OptionId::new(1)),
        Err(ForceError::Conflict { option: 1 })
    ); // A D G
    assert_eq!(
        solver.force(OptionId::new(5)),
        Err(ForceError::Conflict { option: 5 })
    ); // D E G
    assert_eq!(
        solver.force(OptionId::new(9)),
        Err(ForceError::OutOfRange {
            option: 9,
            options: 6
        })
    );
    assert_eq!(solver.count(), 1);
    solver.force(OptionId::new(4)).unwrap(); // B G
    let solution = solver.first().unwrap();
    assert_eq!(
        solution.options(),
        [OptionId::new(3), OptionId::new(4), OptionId::new(0)]
    );
    assert_eq!(
        solver.fixed().collect::<Vec<_>>(),
        [OptionId::new(3), OptionId::new(4)]
    );
    solver.release();
    solver.check_integrity().unwrap();
    // A secondary-item clash: `C E F` and `B C F` share C; `A D G` and `B G` share G.
    solver.force(OptionId::new(1)).unwrap();
    assert_eq!(
        solver.force(OptionId::new(4)),
        Err(ForceError::Conflict { option: 4 })
    );
    assert_eq!(solver.count(), 0);
    solver.release();
    solver.check_integrity().unwrap();
}

#[test]
fn descending_off_the_search_path_fails_and_changes_nothing() {
    let problem = format::parse_str(TOY).unwrap();
    let mut solver = Solver::new(&problem);
    // The search branches on A first; `C E F` clashes with nothing but lacks A.
    assert_eq!(
        solver.descend(OptionId::new(0)),
        Err(ForceError::NotOnPath {
            option: 0,
            item: problem.item_by_name("A").unwrap()
        })
    );
    assert_eq!(
        solver.descend(OptionId::new(0)).unwrap_err().to_string(),
        "option 1 is not on the search's path: it does not contain item 1, \
         which the search branches on next"
    );
    assert_eq!(solver.fixed().len(), 0);
    solver.descend(OptionId::new(3)).unwrap(); // A D
    // `A D G` shares A and D with it: a conflict, not merely off the path.
    assert_eq!(
        solver.descend(OptionId::new(1)),
        Err(ForceError::Conflict { option: 1 })
    );
    assert_eq!(
        solver.descend(OptionId::new(6)),
        Err(ForceError::OutOfRange {
            option: 6,
            options: 6
        })
    );
    assert_eq!(solver.fixed().collect::<Vec<_>>(), [OptionId::new(3)]);
    assert_eq!(solver.count(), 1);
    solver.release();
    solver.check_integrity().unwrap();
}

#[test]
fn forced_options_that_solve_everything_give_one_solution() {
    let mut solver = solver_of(TOY);
    for o in [0, 3, 4] {
        solver.force(OptionId::new(o)).unwrap();
    }
    assert!(solver.is_solved_by_fixed());
    assert_eq!(solver.count(), 1);
    assert_eq!(solver.stats().nodes, 1);
    solver.release();
    solver.check_integrity().unwrap();
}

#[test]
fn node_limit_stops_the_search_cleanly() {
    let problem = problems::queens(10);
    let mut solver = Solver::new(&problem);
    solver.set_limits(Limits::max_nodes(5_000));
    let partial = solver.count();
    let stats = solver.stats();
    assert_eq!(stats.nodes, 5_000);
    assert_eq!(stats.stopped, Some(StopReason::NodeLimit));
    assert_eq!(partial.reason(), Some(StopReason::NodeLimit));
    assert!(partial.found() < 724);
    solver.check_integrity().unwrap();
}

#[test]
fn interrupt_flag_stops_the_search() {
    let flag = Arc::new(AtomicBool::new(true));
    let mut solver = Solver::new(&problems::queens(10));
    solver.set_limits(Limits::interrupt(flag));
    assert_eq!(solver.count().reason(), Some(StopReason::Interrupted));
    assert_eq!(solver.stats().stopped, Some(StopReason::Interrupted));
    assert!(solver.stats().nodes <= Limits::CHECK_INTERVAL);
    solver.check_integrity().unwrap();
}

#[test]
fn first_forced_descends_through_any_forced_item() {
    // Items b and c have one option each: Knuth's rule branches on b first, FirstForced
    // on whichever it noted, so a branch through c's option is on its path too.
    let problem = dancing::format::parse_str("a b c\na b\nc\na\n").unwrap();
    let c_only = OptionId::new(1);
    let mut solver = Solver::new(&problem);
    assert!(solver.descend(c_only).is_err());
    solver.set_branching(Branching::FirstForced);
    solver.descend(c_only).unwrap();
    assert_eq!(solver.count(), 1);
    solver.release();
    solver.check_integrity().unwrap();
    // An option of an item with two options left is not a forced move.
    let problem = dancing::format::parse_str("a b\na\nb\na b\n").unwrap();
    let mut solver = Solver::new(&problem);
    solver.set_branching(Branching::FirstForced);
    assert!(solver.descend(OptionId::new(1)).is_err());
}

#[test]
fn a_deadline_stops_every_search_after_it() {
    let mut solver = Solver::new(&problems::queens(10));
    let limits = Limits::deadline(std::time::Instant::now());
    solver.set_limits(limits.clone());
    // Whenever a search starts, a deadline passed stops it at its first check.
    for _ in 0..2 {
        let count = solver.count();
        assert_eq!(count.reason(), Some(StopReason::Timeout));
        assert!(count.found() < 724);
        assert_eq!(solver.stats().stopped, Some(StopReason::Timeout));
        assert!(solver.stats().nodes <= Limits::CHECK_INTERVAL);
        solver.check_integrity().unwrap();
    }
    // Limits::end is the earlier of the deadline and the start plus the timeout.
    let started = std::time::Instant::now();
    let both = Limits {
        timeout: Some(std::time::Duration::from_secs(60)),
        ..limits
    };
    assert_eq!(both.end(started), both.deadline);
    assert!(Limits::none().end(started).is_none());
}

#[test]
fn events_report_heartbeats_and_progress() {
    let mut solver = Solver::new(&problems::queens(9));
    let mut search = solver.search();
    let (mut solutions, mut heartbeats, mut last_progress) = (0, 0, 0.0);
    loop {
        match search.next_event() {
            Event::Solution => solutions += 1,
            Event::Heartbeat => {
                heartbeats += 1;
                let p = search.progress();
                assert!(
                    (0.0..=1.0).contains(&p) && p >= last_progress,
                    "progress {p} after {last_progress}"
                );
                last_progress = p;
            }
            Event::Finished => break,
            _ => unreachable!(),
        }
    }
    let stats = search.stats();
    drop(search);
    assert_eq!(solutions, 352);
    assert_eq!(heartbeats, (stats.nodes - 1) / Limits::CHECK_INTERVAL);
    assert!(stats.is_complete());
    solver.check_integrity().unwrap();
}

#[test]
fn queens_solutions_are_valid_boards() {
    // The known counts for n = 1 to 10 (OEIS A000170), so the checks below cannot pass on
    // no solutions at all.
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, expected) in (1..).zip(known) {
        let problem = problems::queens(n);
        let mut solver = Solver::new(&problem);
        let mut count = 0;
        for solution in solver.solutions() {
            let board = problems::queens_board(&problem, solution.options());
            assert_eq!(board.len(), n);
            for (r1, &c1) in board.iter().enumerate() {
                for (r2, &c2) in board.iter().enumerate().skip(r1 + 1) {
                    assert_ne!(c1, c2);
                    assert_ne!(r2 - r1, c1.abs_diff(c2));
                }
            }
            count += 1;
        }
        assert_eq!(count, expected, "{n} queens");
    }
}

#[test]
fn langford_sequences_are_valid() {
    let problem = problems::langford(7);
    let mut solver = Solver::new(&problem);
    let mut count = 0;
    for solution in solver.solutions() {
        let seq = problems::langford_sequence(&problem, solution.options());
        for k in 1..=7 {
            let at: Vec<_> = seq
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v == k)
                .map(|(i, _)| i)
                .collect();
            assert_eq!(at.len(), 2);
            assert_eq!(at[1] - at[0], k + 1);
        }
        count += 1;
    }
    assert_eq!(count, 52);
}

#[test]
fn sorted_options_are_the_solution_in_input_order() {
    let problem = dancing::problems::queens(6);
    let mut solver = Solver::new(&problem);
    let mut seen = 0;
    for solution in solver.solutions() {
        let sorted = solution.sorted_options();
        assert!(sorted.windows(2).all(|w| w[0] < w[1]), "{sorted:?}");
        let mut chosen = solution.options().to_vec();
        chosen.sort();
        assert_eq!(sorted, chosen);
        // The search's order is not the input's here: it picks by fewest options.
        seen += usize::from(solution.options() != sorted.as_slice());
    }
    assert!(seen > 0, "every solution came in input order");
}
