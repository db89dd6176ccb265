//! The dense engine fixing options, splitting and searching in parallel, against the
//! links engine doing the same on the same random problems (with and without colors):
//! the same errors, the same subproblems, and counts that add up to the whole.

use dancing::SplitEngine;
use std::ops::ControlFlow;

#[cfg(feature = "parallel")]
use dancing::ParallelSolver;
use dancing::{Count, DenseSolver, Engine, OptionId, Problem, Solver};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::{brute_force, colors_and_costs};

/// A small random problem, plain or with colors.
fn problem() -> impl Strategy<Value = Problem> {
    prop_oneof![
        brute_force::spec().prop_map(|spec| brute_force::build(&spec)),
        colors_and_costs::spec(12, 0).prop_map(|spec| colors_and_costs::build(&spec)),
    ]
}

/// Every solution of the search, in order.
fn solutions<E: SplitEngine>(engine: &mut E) -> Vec<Vec<OptionId>> {
    let mut all = Vec::new();
    engine.visit(|options| {
        all.push(options.to_vec());
        ControlFlow::Continue(())
    });
    all
}

/// Replays each subproblem of `split` and counts it; returns the total and checks that
/// the engine is as built afterwards.
fn count_parts<E: SplitEngine>(engine: &mut E, split: &dancing::Split) -> Count {
    let mut total = Count::Complete(0);
    for subproblem in split.subproblems() {
        engine
            .replay(subproblem.prefix())
            .expect("a prefix of the search");
        total += engine.count();
        engine.release();
    }
    engine.check_integrity().expect("released");
    total
}

/// Fixes `options` one by one on both engines (forcing or descending each), checking
/// that both accept or refuse each with the same error and fix the same options; then
/// that both count the same, and that releasing restores them.
fn fix_both(problem: &Problem, options: &[(usize, bool)]) -> Result<(), TestCaseError> {
    let mut links = Solver::new(problem);
    let mut dense = DenseSolver::new(problem).unwrap();
    for &(option, force) in options {
        let option = OptionId::new(option);
        let (a, b) = if force {
            (links.force(option), dense.force(option))
        } else {
            (links.descend(option), dense.descend(option))
        };
        prop_assert_eq!(&b, &a, "option {} (force: {})", option.index(), force);
        prop_assert_eq!(
            dense.fixed().collect::<Vec<_>>(),
            links.fixed().collect::<Vec<_>>()
        );
        prop_assert_eq!(dense.is_solved_by_fixed(), links.is_solved_by_fixed());
        dense
            .check_integrity()
            .expect("consistent with options fixed");
    }
    prop_assert_eq!(solutions(&mut dense), solutions(&mut links));
    let (c, l) = (dense.stats(), links.stats());
    prop_assert_eq!((c.nodes, c.updates), (l.nodes, l.updates));
    dense.release();
    links.release();
    prop_assert_eq!(dense.fixed().len(), 0);
    dense.check_integrity().expect("released");
    links.check_integrity().expect("released");
    prop_assert_eq!(dense.count(), links.count());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn split_parts_add_up_and_match_the_links(problem in problem(), depth in 0usize..4) {
        let mut links = Solver::new(&problem);
        let mut dense = DenseSolver::new(&problem).unwrap();
        let whole = dense.count();
        let links_split = links.split(depth);
        let dense_split = dense.split(depth);
        prop_assert_eq!(dense_split.subproblems(), links_split.subproblems());
        prop_assert_eq!(
            (dense_split.stats().nodes, dense_split.stats().updates),
            (links_split.stats().nodes, links_split.stats().updates)
        );
        prop_assert_eq!(count_parts(&mut dense, &dense_split), whole);
        prop_assert_eq!(count_parts(&mut links, &links_split), whole);
    }

    #[test]
    fn balanced_splits_match_the_links(problem in problem(), jobs in 1usize..12) {
        let mut dense = DenseSolver::new(&problem).unwrap();
        let whole = dense.count();
        let split = dense.split_jobs(jobs);
        let links_split = Solver::new(&problem).split_jobs(jobs);
        prop_assert_eq!(split.subproblems(), links_split.subproblems());
        prop_assert_eq!(count_parts(&mut dense, &split), whole);
    }

    #[test]
    fn forcing_and_descending_fail_as_the_links_fail(
        problem in problem(),
        options in proptest::collection::vec((0usize..14, any::<bool>()), 0..5),
    ) {
        fix_both(&problem, &options)?;
    }
}

#[cfg(feature = "parallel")]
proptest! {
    // Each case starts thread pools: fewer cases.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn parallel_dense_matches_the_sequential_search(problem in problem(), threads in 2usize..4) {
        let mut sequential = DenseSolver::new(&problem).unwrap();
        let expected = solutions(&mut sequential);
        let stats = sequential.stats();
        let mut parallel = ParallelSolver::new(DenseSolver::new(&problem).unwrap(), threads);
        prop_assert_eq!(parallel.count(), Count::Complete(expected.len() as u64));
        let summed = parallel.stats();
        prop_assert_eq!(
            (summed.solutions, summed.nodes, summed.updates),
            (stats.solutions, stats.nodes, stats.updates)
        );
        let ordered: Vec<Vec<OptionId>> = parallel
            .solutions_ordered()
            .map(|s| s.into_options())
            .collect();
        prop_assert_eq!(ordered, expected);
        parallel.solver().check_integrity().expect("the template is untouched");
    }
}
