//! The splitter against the sequential search, on both engines that split.

use std::collections::HashSet;

use super::*;
use crate::problems;
use crate::{count::Count, dense::DenseSolver, format, problem::Problem, solver::Solver};

const TOY: &str = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

/// Every solution of the search, in order.
fn solutions<E: SplitEngine>(engine: &mut E) -> Vec<Vec<OptionId>> {
    let mut all = Vec::new();
    engine.visit(|options| {
        all.push(options.to_vec());
        std::ops::ControlFlow::Continue(())
    });
    all
}

/// Solves every subproblem; checks the partition, the order and the statistics.
fn check_split<E: SplitEngine>(problem: &Problem, split: &Split) {
    let mut solver = E::new(problem);
    let expected = solutions(&mut solver);
    let expected_stats = solver.stats();
    let mut all = Vec::new();
    let mut stats = split.stats();
    for subproblem in split.subproblems() {
        stats += solver.replay(subproblem.prefix()).unwrap();
        let found = solutions(&mut solver);
        stats += solver.stats();
        for solution in &found {
            assert!(solution.starts_with(subproblem.prefix()));
        }
        all.extend(found);
        solver.release();
        solver.check_integrity().unwrap();
    }
    // Same solutions, each once, in the sequential order.
    assert_eq!(all, expected);
    assert_eq!(
        (stats.solutions, stats.nodes, stats.updates),
        (
            expected_stats.solutions,
            expected_stats.nodes,
            expected_stats.updates
        )
    );
    let distinct: HashSet<_> = split.subproblems().iter().map(|s| s.prefix()).collect();
    assert_eq!(distinct.len(), split.len());
}

fn problems() -> Vec<Problem> {
    vec![
        format::parse_str(TOY).unwrap(),
        problems::queens(6),
        problems::queens(8),
        problems::langford(7),
        problems::latin_square(4),
        problems::pentominoes(20, 3),
    ]
}

#[test]
fn splits_to_a_depth_partition_the_search() {
    for problem in problems() {
        for depth in 0..=4 {
            let split = Solver::new(&problem).split(depth);
            assert!(
                split
                    .subproblems()
                    .iter()
                    .all(|s| s.prefix().len() <= depth)
            );
            check_split::<Solver>(&problem, &split);
            let dense = DenseSolver::new(&problem).unwrap().split(depth);
            assert_eq!(dense.subproblems(), split.subproblems());
            assert_eq!(
                (dense.stats().nodes, dense.stats().updates),
                (split.stats().nodes, split.stats().updates)
            );
            check_split::<DenseSolver>(&problem, &dense);
        }
    }
}

#[test]
fn balanced_splits_partition_the_search() {
    for problem in problems() {
        for jobs in [1, 7, 60] {
            let mut solver = Solver::new(&problem);
            let split = solver.split_jobs(jobs);
            solver.check_integrity().unwrap();
            assert!(split.subproblems().iter().all(|s| s.estimate().is_some()));
            check_split::<Solver>(&problem, &split);
            // The dense engine walks the same probes: the same estimates, the same split.
            let mut dense = DenseSolver::new(&problem).unwrap();
            let dense_split = dense.split_jobs(jobs);
            dense.check_integrity().unwrap();
            assert_eq!(dense_split.subproblems(), split.subproblems());
            check_split::<DenseSolver>(&problem, &dense_split);
        }
    }
}

#[test]
fn balanced_splits_reach_the_number_of_jobs() {
    let split = Solver::new(&problems::queens(8)).split_jobs(100);
    assert!(split.len() >= 100, "{} jobs", split.len());
    // Deterministic: the same split every time.
    let again = Solver::new(&problems::queens(8)).split_jobs(100);
    assert_eq!(split.subproblems(), again.subproblems());
}

on_split_engines! {
    solutions_above_the_split_depth_are_subproblems => solutions_above_the_split_depth;
    splits_work_below_forced_options => splits_below_forced_options;
    invalid_prefixes_are_rejected_and_undone => invalid_prefixes;
}

fn solutions_above_the_split_depth<E: SplitEngine>() {
    let problem = format::parse_str(TOY).unwrap();
    let split = E::new(&problem).split(10);
    assert_eq!(split.len(), 1);
    let mut solver = E::new(&problem);
    solver.replay(split.subproblems()[0].prefix()).unwrap();
    assert!(solver.is_solved_by_fixed());
    assert_eq!(solver.count(), 1);
    assert_eq!(solver.stats().nodes, 1);
}

fn splits_below_forced_options<E: SplitEngine>() {
    let problem = problems::queens(8);
    let mut solver = E::new(&problem);
    solver.force(OptionId::new(3)).unwrap();
    let expected = solver.count();
    let split = solver.split(2);
    let mut total = Count::Complete(0);
    for subproblem in split.subproblems() {
        solver.replay(subproblem.prefix()).unwrap();
        total += solver.count();
        solver.truncate_fixed(INSIDE, 1);
    }
    assert_eq!(total, expected);
    assert_eq!(solver.fixed().collect::<Vec<_>>(), [OptionId::new(3)]);
    solver.release();
    solver.check_integrity().unwrap();
}

fn invalid_prefixes<E: SplitEngine>() {
    let problem = problems::queens(6);
    let mut solver = E::new(&problem);
    // Row 0 is chosen first; option 6 is in row 1.
    assert_eq!(
        solver.replay(&[OptionId::new(6)]),
        Err(ForceError::NotOnPath {
            option: 6,
            item: problem.item_by_name("R0").unwrap()
        })
    );
    // After (0,0), row 1 is chosen; option 13, (2,1), is in row 2.
    assert_eq!(
        solver.replay(&[OptionId::new(0), OptionId::new(13)]),
        Err(ForceError::NotOnPath {
            option: 13,
            item: problem.item_by_name("R1").unwrap()
        })
    );
    // Queens at (0,0) then (1,1) share a diagonal.
    assert_eq!(
        solver.replay(&[OptionId::new(0), OptionId::new(7)]),
        Err(ForceError::Conflict { option: 7 })
    );
    assert_eq!(
        solver.replay(&[OptionId::new(99)]),
        Err(ForceError::OutOfRange {
            option: 99,
            options: 36
        })
    );
    assert_eq!(solver.fixed().len(), 0);
    solver.check_integrity().unwrap();
    assert_eq!(solver.count(), 4);
}

#[test]
fn estimates_are_exact_on_uniform_trees() {
    // Latin squares of order 2: the tree is a path of forced choices after the
    // first, so every probe sees the same degrees.
    let mut solver = Solver::new(&problems::latin_square(2));
    let estimate = solver.estimate_nodes(8);
    assert_eq!(solver.count(), 2);
    assert_eq!(estimate, solver.stats().nodes as f64);
    let mut dense = DenseSolver::new(&problems::latin_square(2)).unwrap();
    assert_eq!(dense.estimate_nodes(8), estimate);
    // Random walks of either engine are the same walks.
    let problem = problems::langford(7);
    assert_eq!(
        DenseSolver::new(&problem).unwrap().estimate_nodes(16),
        Solver::new(&problem).estimate_nodes(16)
    );
}

#[test]
fn a_split_stopped_by_a_limit_still_partitions_the_search() {
    for problem in problems() {
        for max in [1, 100, 300] {
            let limits = crate::limits::Limits::max_nodes(max);
            let mut solver = Solver::new(&problem);
            solver.set_limits(limits.clone());
            let split = solver.split(5);
            let jobs = solver.split_jobs(40);
            let mut dense = DenseSolver::new(&problem).unwrap();
            dense.set_limits(limits);
            let dense_split = dense.split(5);
            assert_eq!(dense_split.subproblems(), split.subproblems());
            let full = Solver::new(&problem).split(5);
            if split.len() < full.len() {
                assert_eq!(
                    split.stats().stopped,
                    Some(crate::limits::StopReason::NodeLimit)
                );
            }
            check_split::<Solver>(&problem, &split);
            check_split::<DenseSolver>(&problem, &dense_split);
            check_split::<Solver>(&problem, &jobs);
        }
    }
}
