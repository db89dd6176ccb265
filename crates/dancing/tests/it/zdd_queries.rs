//! What the diagram answers without a new search, against the brute force: marginals,
//! the backbone, ranks, conditioning, the cheapest solutions and weighted draws.

use std::collections::BTreeSet;

use dancing::{BigCount, Limits, Memo, MemoOrder, OptionId, Problem, Solver, Zdd, problems};
use dancing_testkit::sorted;
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::colors_and_costs;
use crate::memo::zdd;

/// The diagram written out and read back: the same solutions in the same order, the
/// same marginals.
fn check_round_trip(problem: &Problem, zdd: &Zdd) -> Result<(), TestCaseError> {
    let mut text = Vec::new();
    zdd.write_text(&mut text).expect("to memory");
    let read = Zdd::read_text(&text[..], problem, 1 << 30);
    let read =
        read.map_err(|e| TestCaseError::fail(format!("{e}\n{}", String::from_utf8_lossy(&text))))?;
    prop_assert_eq!(read.count(), zdd.count());
    prop_assert!(read.solutions().eq(zdd.solutions()));
    let none = Limits::none();
    prop_assert_eq!(
        read.marginals(&none).unwrap(),
        zdd.marginals(&none).unwrap()
    );
    Ok(())
}

/// Two options given and one forbidden (the first, the middle and the last), against
/// the brute force: the memo's count under them, and the diagram conditioned on them.
fn check_restricted(
    problem: &Problem,
    zdd: &Zdd,
    expected: &BTreeSet<Vec<usize>>,
    count_of: impl Fn(&[usize], &[usize]) -> BigCount,
) -> Result<(), TestCaseError> {
    let options = problem.option_count();
    if options < 3 {
        return Ok(());
    }
    let (a, b, c) = (0, options / 2, options - 1);
    let want = expected
        .iter()
        .filter(|s| s.contains(&a) && s.contains(&b) && !s.contains(&c))
        .count();
    prop_assert_eq!(count_of(&[a, b], &[c]), BigCount::from(want));
    let restricted = zdd
        .restrict(
            &[OptionId::new(a), OptionId::new(b)],
            &[OptionId::new(c)],
            &Limits::none(),
        )
        .unwrap();
    for solution in restricted.solutions() {
        prop_assert!(expected.contains(&sorted(&solution)));
    }
    // A conditioned diagram is a diagram of the problem: it reads back as itself.
    check_round_trip(problem, &restricted)
}

/// The diagram's marginals and backbone against the solutions found by brute force:
/// each option's marginal is the number of solutions with it, the backbone the options
/// in all and in none, and over the options of a plain primary item the marginals add
/// up to the count.
pub(crate) fn check_queries(
    problem: &Problem,
    zdd: &Zdd,
    expected: &BTreeSet<Vec<usize>>,
) -> Result<(), TestCaseError> {
    let marginals = zdd.marginals(&Limits::none()).expect("no limits");
    prop_assert_eq!(marginals.len(), problem.option_count());
    let mut in_all = Vec::new();
    let mut in_none = Vec::new();
    for option in problem.options() {
        let with = expected
            .iter()
            .filter(|s| s.contains(&option.index()))
            .count();
        prop_assert_eq!(
            &marginals[option.index()],
            &BigCount::from(with),
            "{}",
            option
        );
        if with == 0 {
            in_none.push(option);
        } else if with == expected.len() {
            in_all.push(option);
        }
    }
    // Ranks: the listing's order, both ways; past the count none, and a solution less
    // its last option has a rank exactly when it is a solution too (with
    // multiplicities it may be).
    for (k, solution) in zdd.solutions().enumerate() {
        prop_assert_eq!(zdd.nth(&BigCount::from(k)), Some(solution.clone()));
        prop_assert_eq!(zdd.rank(&solution), Some(BigCount::from(k)));
        let mut reversed = solution.clone();
        reversed.reverse();
        prop_assert_eq!(zdd.rank(&reversed), Some(BigCount::from(k)));
        if let Some((_, fewer)) = solution.split_last() {
            prop_assert_eq!(zdd.rank(fewer).is_some(), expected.contains(&sorted(fewer)));
        }
    }
    prop_assert_eq!(zdd.nth(&BigCount::from(expected.len())), None);
    // Conditioning: an option given counts its marginal, forbidden the rest; two
    // given, one forbidden, as the solutions say; given and forbidden at once, none.
    let count_of = |given: &[usize], forbidden: &[usize]| {
        let ids = |list: &[usize]| list.iter().map(|&o| OptionId::new(o)).collect::<Vec<_>>();
        let restricted = zdd
            .restrict(&ids(given), &ids(forbidden), &Limits::none())
            .expect("no bound");
        restricted.count()
    };
    for option in problem.options() {
        let o = option.index();
        prop_assert_eq!(count_of(&[o], &[]), marginals[o].clone());
        // A search with the option taken first counts the same.
        let forced = Memo::new(problem)
            .forced(&[option])
            .build()
            .expect("no limits");
        prop_assert_eq!(forced.count(), marginals[o].clone());
        let rest = expected.iter().filter(|s| !s.contains(&o)).count();
        prop_assert_eq!(count_of(&[], &[o]), BigCount::from(rest));
        // And one with it left out, the rest; with it both taken and left out, none.
        let without = Memo::new(problem).forbidden(&[option]).build();
        prop_assert_eq!(without.expect("no limits").count(), BigCount::from(rest));
        let both = Memo::new(problem).forced(&[option]).forbidden(&[option]);
        prop_assert_eq!(
            both.build().expect("no limits").count(),
            BigCount::from(0u32)
        );
        prop_assert_eq!(count_of(&[o], &[o]), BigCount::from(0u32));
    }
    check_restricted(problem, zdd, expected, count_of)?;
    check_round_trip(problem, zdd)?;
    let backbone = zdd.backbone(&Limits::none()).expect("no limits");
    prop_assert_eq!(backbone.in_all, in_all);
    prop_assert_eq!(backbone.in_none, in_none);
    for item in problem.items() {
        if problem.is_primary(item) && problem.bounds(item) == (1, 1) {
            let sum: u128 = problem
                .options()
                .filter(|&o| problem.option_items(o).any(|(i, _)| i == item))
                .map(|o| marginals[o.index()].to_u128().expect("small"))
                .sum();
            prop_assert_eq!(sum, expected.len() as u128);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_cheapest_solutions_are_the_brute_force_ones(spec in colors_and_costs::spec(10, 9)) {
        let problem = colors_and_costs::build(&spec);
        let expected = colors_and_costs::brute_force(&spec);
        let mut costs: Vec<u128> = expected.iter().map(|&(_, c)| u128::from(c)).collect();
        costs.sort_unstable();
        let zdd = zdd(&problem, MemoOrder::Auto);
        for k in [1, 2, 5, expected.len() + 1] {
            let best = zdd.best(&problem, k, &Limits::none()).expect("no bound");
            let got: Vec<u128> = best.iter().map(|s| s.cost()).collect();
            prop_assert_eq!(&got[..], &costs[..k.min(costs.len())]);
            for solution in &best {
                let options = sorted(solution.options());
                let cost = expected.iter().find(|(o, _)| *o == options).map(|&(_, c)| c);
                prop_assert_eq!(cost.map(u128::from), Some(solution.cost()));
            }
            let links: Vec<u128> = Solver::new(&problem).best(k).iter().map(|s| s.cost()).collect();
            prop_assert_eq!(got, links);
        }
        let cheapest = zdd.min_cost(&problem, &Limits::none()).expect("no bound").map(|s| s.cost());
        prop_assert_eq!(cheapest, costs.first().copied());
    }
}

#[test]
fn weighted_samples_follow_the_products_of_their_weights() {
    // Weights 1 to 5 from a seed; each solution drawn in proportion to the product of
    // its options' weights, checked by chi-square (at most 40 classes: the 0.1%
    // critical value for 39 degrees of freedom is 72.1).
    for problem in [
        problems::dominoes(4, 3),
        problems::queens(6),
        problems::dominoes(3, 6),
    ] {
        let zdd = zdd(&problem, MemoOrder::Auto);
        let all: Vec<Vec<usize>> = zdd.solutions().map(|s| sorted(&s)).collect();
        assert!((2..=41).contains(&all.len()), "{}", all.len());
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let weights: Vec<u64> = (0..problem.option_count())
            .map(|_| 1 + rand_core::RngCore::next_u64(&mut rng) % 5)
            .collect();
        let product = |s: &[usize]| s.iter().map(|&o| weights[o] as f64).product::<f64>();
        let total: f64 = all.iter().map(|s| product(s)).sum();
        let draws = 40_000;
        let mut seen = vec![0u32; all.len()];
        for solution in zdd.samples_weighted(&weights, 9).take(draws) {
            assert!(problem.verify(&solution).is_ok());
            seen[all.iter().position(|s| *s == sorted(&solution)).unwrap()] += 1;
        }
        let chi_square: f64 = all
            .iter()
            .zip(&seen)
            .map(|(s, &o)| {
                let expected = draws as f64 * product(s) / total;
                (f64::from(o) - expected).powi(2) / expected
            })
            .sum();
        assert!(chi_square < 72.1, "chi-square {chi_square}: {seen:?}");
        // A weight of 0 forbids its option; the same seed draws the same.
        let mut zero = weights.clone();
        zero[all[0][0]] = 0;
        for solution in zdd.samples_weighted(&zero, 3).take(200) {
            assert!(!solution.iter().any(|o| o.index() == all[0][0]));
        }
        // Weights of 1 draw what the uniform draws draw, seed for seed.
        let ones = vec![1; problem.option_count()];
        let uniform: Vec<_> = zdd.samples(4).take(50).collect();
        assert_eq!(
            zdd.samples_weighted(&ones, 4).take(50).collect::<Vec<_>>(),
            uniform
        );
        let again: Vec<_> = zdd.samples_weighted(&weights, 9).take(20).collect();
        assert_eq!(
            again,
            zdd.samples_weighted(&weights, 9)
                .take(20)
                .collect::<Vec<_>>()
        );
    }
}

/// Every pass over a diagram answers to the limits: a node limit stops conditioning,
/// the k cheapest, the marginals and the weighing before weighted draws, and so does
/// the interrupt flag.
#[test]
fn passes_answer_to_the_limits() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use dancing::StopReason;

    // More nodes than the interval between looks at the flag.
    let problem = problems::dominoes(10, 10);
    let zdd = Memo::new(&problem).build().expect("no bound");
    assert!(zdd.node_count() as u64 > 2 * Limits::CHECK_INTERVAL);
    let interrupted = Limits::interrupt(Arc::new(AtomicBool::new(true)));
    for (limits, reason) in [
        (Limits::max_nodes(5), StopReason::NodeLimit),
        (interrupted, StopReason::Interrupted),
    ] {
        let given = [OptionId::new(0)];
        let stop = |r: Result<(), dancing::Stopped>| r.unwrap_err().reason;
        assert_eq!(stop(zdd.restrict(&given, &[], &limits).map(drop)), reason);
        assert_eq!(stop(zdd.best(&problem, 3, &limits).map(drop)), reason);
        assert_eq!(stop(zdd.min_cost(&problem, &limits).map(drop)), reason);
        assert_eq!(stop(zdd.marginals(&limits).map(drop)), reason);
        // The table that ranks and uniform draws read, on a diagram of its own (the
        // one above keeps the table its marginals made).
        let fresh = Memo::new(&problem).build().expect("no bound");
        assert_eq!(stop(fresh.make_counts(&limits)), reason);
        let stopped = fresh.visit_samples(3, 1, &limits, |_| std::ops::ControlFlow::Continue(()));
        assert_eq!(stopped, Some(reason));
        let weights = vec![2; problem.option_count()];
        let mut drawn = 0;
        let stopped = zdd.visit_samples_weighted(3, (&weights, 1), &limits, |_| {
            drawn += 1;
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!((stopped, drawn), (Some(reason), 0));
    }
    // Without limits the same passes answer.
    let none = Limits::none();
    assert!(zdd.restrict(&[OptionId::new(0)], &[], &none).is_ok());
    assert_eq!(zdd.best(&problem, 3, &none).expect("no bound").len(), 3);
    let fresh = Memo::new(&problem).build().expect("no bound");
    fresh.make_counts(&none).expect("no bound");
    assert_eq!(
        fresh.nth(&BigCount::from(7u32)),
        zdd.nth(&BigCount::from(7u32))
    );
}
