//! Property tests against an independent oracle: every subset of options of a small
//! random problem is checked directly, and the engine must find exactly the exact covers.

use dancing::Engine;
use dancing::SplitEngine;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dancing::{Branching, Count, OptionId, Problem, Solver};
use proptest::prelude::*;

use dancing_testkit::{self as testkit, sorted};

/// A small problem whose options are item-index lists.
pub(crate) type Spec = testkit::Spec<Vec<usize>>;

pub(crate) fn spec() -> impl Strategy<Value = Spec> {
    testkit::spec(1..=5, 12, testkit::option_items)
}

pub(crate) fn build(spec: &Spec) -> Problem {
    let mut b = Problem::builder();
    let ids = testkit::declare_items(&mut b, spec);
    for option in &spec.options {
        b.option(option.iter().map(|&i| ids[i])).unwrap();
    }
    b.build().unwrap()
}

/// All exact covers, by trying every subset of options.
pub(crate) fn brute_force(spec: &Spec) -> BTreeSet<Vec<usize>> {
    let mut covers = BTreeSet::new();
    for mask in 0u32..1 << spec.options.len() {
        let mut used = vec![0u32; spec.primary + spec.secondary];
        for (k, option) in spec.options.iter().enumerate() {
            if mask >> k & 1 == 1 {
                for &i in option {
                    used[i] += 1;
                }
            }
        }
        let exact = used[..spec.primary].iter().all(|&u| u == 1)
            && used[spec.primary..].iter().all(|&u| u <= 1);
        if exact {
            covers.insert(
                (0..spec.options.len())
                    .filter(|k| mask >> k & 1 == 1)
                    .collect(),
            );
        }
    }
    covers
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn solutions_are_exactly_the_brute_force_covers(spec in spec()) {
        let problem = build(&spec);
        let expected = brute_force(&spec);
        let mut solver = Solver::new(&problem);

        let found: Vec<Vec<usize>> = solver.solutions().map(|s| sorted(s.options())).collect();
        solver.check_integrity().unwrap();
        let unique: BTreeSet<_> = found.iter().cloned().collect();
        prop_assert_eq!(unique.len(), found.len(), "a solution was visited twice");
        prop_assert_eq!(&unique, &expected);

        prop_assert_eq!(solver.count(), expected.len() as u64);
        solver.check_integrity().unwrap();
        let one = solver.count_up_to(1);
        prop_assert_eq!(one.found(), expected.len().min(1) as u64);
        // Complete when there is no more than one solution; past it, "at least one".
        prop_assert_eq!(one.is_complete(), expected.len() <= 1);
        solver.check_integrity().unwrap();
        prop_assert_eq!(solver.first().map(|s| sorted(s.options())).is_some(), !expected.is_empty());
        solver.check_integrity().unwrap();

        // Stopping the scan at a forced move changes the order, never the solutions.
        solver.set_branching(Branching::FirstForced);
        let found: BTreeSet<Vec<usize>> = solver.solutions().map(|s| sorted(s.options())).collect();
        prop_assert_eq!(&found, &expected);
        solver.check_integrity().unwrap();
    }

    #[test]
    fn forcing_an_option_keeps_exactly_the_covers_that_contain_it(spec in spec(), pick in 0usize..13) {
        prop_assume!(!spec.options.is_empty());
        let pick = pick % spec.options.len();
        let problem = build(&spec);
        let mut solver = Solver::new(&problem);
        solver.force(OptionId::new(pick)).unwrap();
        let mut found = BTreeSet::new();
        solver.visit(|options| {
            assert_eq!(options[0], OptionId::new(pick), "forced options come first");
            found.insert(sorted(options));
            ControlFlow::Continue(())
        });
        let expected: BTreeSet<_> = brute_force(&spec).into_iter().filter(|c| c.contains(&pick)).collect();
        prop_assert_eq!(found, expected);
        solver.release();
        solver.check_integrity().unwrap();
    }

    #[test]
    fn set_forced_keeps_exactly_the_covers_that_contain_every_forced_option(
        spec in spec(),
        picks in proptest::collection::vec(proptest::collection::vec(0usize..13, 0..4), 1..4),
        then_force in 0usize..13,
    ) {
        prop_assume!(!spec.options.is_empty());
        let problem = build(&spec);
        let covers = brute_force(&spec);
        let mut solver = Solver::new(&problem);
        // Several puzzles in a row on one solver, with no release between them.
        for pick in picks {
            let pick: Vec<usize> = pick.iter().map(|&k| k % spec.options.len()).collect();
            let disjoint = {
                let mut seen = BTreeSet::new();
                pick.iter().flat_map(|&k| &spec.options[k]).all(|&i| seen.insert(i))
            };
            let result = solver.set_forced(pick.iter().map(|&k| OptionId::new(k)));
            prop_assert_eq!(result.is_ok(), disjoint);
            let forced: Vec<usize> = if disjoint { pick.clone() } else { Vec::new() };
            prop_assert_eq!(solver.fixed().map(|o| o.index()).collect::<Vec<_>>(), forced.clone());
            solver.check_integrity().unwrap();
            let expected: BTreeSet<_> = covers
                .iter()
                .filter(|c| forced.iter().all(|k| c.contains(k)))
                .cloned()
                .collect();
            let mut found = BTreeSet::new();
            solver.visit(|options| {
                let head: Vec<usize> = options[..forced.len()].iter().map(|o| o.index()).collect();
                assert_eq!(head, forced, "forced options come first");
                found.insert(sorted(options));
                ControlFlow::Continue(())
            });
            prop_assert_eq!(&found, &expected);
            prop_assert_eq!(solver.count(), expected.len() as u64);
            solver.set_branching(Branching::FirstForced);
            prop_assert_eq!(solver.count(), expected.len() as u64);
            solver.set_branching(Branching::Knuth);

            // `force` on top agrees with the plain forcing rule.
            let extra = then_force % spec.options.len();
            let clash = forced.iter().any(|&k| {
                k == extra || spec.options[k].iter().any(|i| spec.options[extra].contains(i))
            });
            prop_assert_eq!(solver.force(OptionId::new(extra)).is_ok(), !clash);
            let with_extra = expected.iter().filter(|c| clash || c.contains(&extra)).count();
            prop_assert_eq!(solver.count(), with_extra as u64);
            solver.check_integrity().unwrap();
        }
        solver.release();
        solver.check_integrity().unwrap();
        prop_assert_eq!(solver.count(), covers.len() as u64);
    }

    #[test]
    fn an_abandoned_iterator_restores_the_links(spec in spec(), take in 0usize..3) {
        let problem = build(&spec);
        let mut solver = Solver::new(&problem);
        let taken = solver.solutions().take(take).count();
        prop_assert!(taken <= take);
        solver.check_integrity().unwrap();
    }

    #[test]
    fn descending_partitions_the_solutions(spec in spec()) {
        // Each option of the first chosen item starts one branch; the branches'
        // solutions are disjoint and together are all solutions.
        let problem = build(&spec);
        let total = brute_force(&spec);
        let mut solver = Solver::new(&problem);
        let mut union = BTreeSet::new();
        let mut sum = Count::Complete(0);
        for option in problem.options() {
            if solver.descend(option).is_ok() {
                let count = solver.count();
                sum += count;
                solver.visit(|o| { union.insert(sorted(o)); ControlFlow::Continue(()) });
                solver.release();
                solver.check_integrity().unwrap();
            }
        }
        prop_assert_eq!(sum, total.len() as u64);
        prop_assert_eq!(union, total);
    }
}
