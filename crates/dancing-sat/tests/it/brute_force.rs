//! Property tests against an independent oracle: every subset of the options of a small
//! random problem with secondary items and colors is checked against the definition,
//! and the learner (in every configuration) must find exactly those covers.

use dancing::Engine;
use std::collections::BTreeSet;

use dancing::cnf::Encoding;
use dancing::reduce::{Reduction, Rules};
use dancing::{OptionId, Problem, Solver};
use dancing_sat::{Config, Learner};
use proptest::prelude::*;

use dancing_testkit::{self as testkit, Colored, sorted};

/// The most solutions any search of these tests asks for.
const LIMIT: u64 = 50;

/// A small problem whose options are colored items.
type Spec = testkit::Spec<Colored>;

/// Up to 6 primary items and 10 options, each secondary item of one colored with
/// probability 0.6.
fn spec() -> impl Strategy<Value = Spec> {
    testkit::spec(1..=6, 10, |primary, items| {
        testkit::colored_items(primary, items, 3, 0.6)
    })
}

fn build(spec: &Spec) -> Problem {
    testkit::build_colored(spec, Vec::as_slice, |_, _| {})
}

/// Every exact cover, by trying every subset of the options.
fn brute_force(spec: &Spec) -> BTreeSet<Vec<usize>> {
    testkit::brute_force_colored(spec, Vec::as_slice)
}

/// The learner's configurations under test: the default, no preprocessing with
/// sequential counters, every list pairwise, each rule alone, and the initial phase
/// false (`phase=0`) instead of CaDiCaL's default (true).
pub(crate) fn configs() -> Vec<(&'static str, Config)> {
    vec![
        ("default", Config::default()),
        (
            "no rules, sequential",
            Config {
                rules: Rules::none(),
                encoding: Encoding::sequential(),
                ..Config::default()
            },
        ),
        (
            "pairwise",
            Config {
                encoding: Encoding::pairwise(),
                ..Config::default()
            },
        ),
        (
            "forced only, sequential",
            Config {
                rules: Rules {
                    forced: true,
                    domination: false,
                },
                encoding: Encoding::sequential(),
                ..Config::default()
            },
        ),
        (
            "domination only",
            Config {
                rules: Rules {
                    forced: false,
                    domination: true,
                },
                ..Config::default()
            },
        ),
        (
            "phase false",
            Config {
                options: vec![("phase", 0)],
                ..Config::default()
            },
        ),
    ]
}

/// The learner's search with `fixed`, checked against `expected` (the covers that
/// contain `fixed`): same count up to [`LIMIT`], every solution a cover containing
/// `fixed`, none twice, and the statistics agree.
fn check_search(
    problem: &Problem,
    config: &Config,
    fixed: &[OptionId],
    expected: &BTreeSet<Vec<usize>>,
) -> Result<(), TestCaseError> {
    let mut learner = Learner::with_config(problem, config.clone());
    let mut seen = BTreeSet::new();
    let mut valid = true;
    let count = learner
        .search(fixed, LIMIT, |solution| {
            valid &= crate::is_cover(problem, solution)
                && fixed.iter().all(|f| solution.contains(f))
                && solution.windows(2).all(|w| w[0] < w[1]);
            seen.insert(sorted(solution));
        })
        .unwrap();
    let wanted = (expected.len() as u64).min(LIMIT);
    prop_assert!(valid, "a solution is not a cover containing {:?}", fixed);
    prop_assert_eq!(count, wanted);
    prop_assert_eq!(seen.len() as u64, count, "a solution was visited twice");
    prop_assert!(seen.is_subset(expected));
    let stats = learner.stats();
    prop_assert_eq!(stats.solutions, count);
    if (expected.len() as u64) < LIMIT {
        prop_assert!(stats.is_complete(), "stopped: {:?}", stats.stopped);
    } else {
        prop_assert_eq!(stats.stopped, Some(dancing::StopReason::Caller));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_learner_finds_exactly_the_brute_force_covers(spec in spec(), picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..=2)) {
        let problem = build(&spec);
        let expected = brute_force(&spec);
        let capped = (expected.len() as u64).min(LIMIT);

        let mut dlx = Solver::new(&problem);
        prop_assert_eq!(dlx.count(), expected.len() as u64, "dancing links");

        for (name, config) in configs() {
            let mut learner = Learner::with_config(&problem, config.clone());
            let count = learner.count_up_to(LIMIT).unwrap();
            prop_assert_eq!(count.found(), capped, "{}", name);
            prop_assert_eq!(count.is_complete(), capped < LIMIT, "{}", name);
            let first = learner.first().unwrap();
            prop_assert_eq!(first.is_some(), !expected.is_empty(), "{}", name);
            if let Some(first) = first {
                prop_assert!(expected.contains(&sorted(&first)), "{}", name);
            }
            check_search(&problem, &config, &[], &expected)?;
        }

        // With fixed options: exactly the covers that contain them.
        if !spec.options.is_empty() {
            let mut fixed: Vec<OptionId> = picks
                .iter()
                .map(|p| OptionId::new(p.index(spec.options.len())))
                .collect();
            fixed.sort_unstable();
            fixed.dedup();
            let with_fixed: BTreeSet<Vec<usize>> = expected
                .iter()
                .filter(|c| fixed.iter().all(|f| c.contains(&f.index())))
                .cloned()
                .collect();
            for (name, config) in configs() {
                check_search(&problem, &config, &fixed, &with_fixed)
                    .map_err(|e| TestCaseError::fail(format!("{name}, fixed {fixed:?}: {e}")))?;
            }

            // Preprocessing keeps every such cover: no option of one is removed, every
            // forced option is in each, and an infeasible reduction has none.
            for rules in [Rules::default(), Rules::none()] {
                let reduction = Reduction::new(&problem, &fixed, rules);
                if reduction.is_infeasible() {
                    prop_assert!(with_fixed.is_empty(), "infeasible, yet {:?}", with_fixed);
                }
                for cover in &with_fixed {
                    for &k in cover {
                        prop_assert!(!reduction.removed()[k], "option {} of {:?} removed", k, cover);
                    }
                    for forced in reduction.forced() {
                        prop_assert!(cover.contains(&forced.index()));
                    }
                }
            }
        }
    }

    /// `Problem::verify` accepts exactly the covers of the definition.
    #[test]
    fn verify_agrees_with_the_definition(spec in spec()) {
        let problem = build(&spec);
        for mask in 0u32..1 << spec.options.len() {
            let options: Vec<OptionId> = (0..spec.options.len())
                .filter(|k| mask >> k & 1 == 1)
                .map(OptionId::new)
                .collect();
            let exact = testkit::is_colored_cover(&spec, Vec::as_slice, mask);
            prop_assert_eq!(crate::is_cover(&problem, &options), exact);
            prop_assert_eq!(problem.verify(&options).is_ok(), exact, "{:?}", options);
        }
    }
}
