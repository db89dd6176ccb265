//! Known solution counts: the learner must count them exactly, and every solution it
//! reports must be a distinct exact cover.

use dancing::Engine;
use std::collections::BTreeSet;

use dancing::cnf::Encoding;
use dancing::reduce::Rules;
use dancing::{OptionId, Problem, problems};
use dancing_sat::{Config, Learner};

use dancing_testkit::sorted;

/// Counts every solution (up to `limit`) through `search`, checking each one.
fn checked_count(problem: &Problem, config: Config, limit: u64) -> u64 {
    let mut learner = Learner::with_config(problem, config);
    let mut seen = BTreeSet::new();
    let count = learner
        .search(&[], limit, |solution| {
            assert!(crate::is_cover(problem, solution), "{solution:?}");
            assert!(seen.insert(sorted(solution)), "{solution:?} twice");
        })
        .unwrap();
    assert_eq!(count, seen.len() as u64);
    assert!(learner.stats().is_complete());
    count
}

#[test]
fn queens_counts() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92];
    for (n, &count) in (1..=8).zip(&expected) {
        let problem = problems::queens(n);
        assert_eq!(
            Learner::new(&problem).count_up_to(1000).unwrap(),
            count,
            "queens {n}"
        );
        assert_eq!(
            checked_count(&problem, Config::default(), 1000),
            count,
            "queens {n}"
        );
    }
}

#[test]
fn queens_counts_in_other_encodings() {
    let configs = [
        Config {
            rules: Rules::none(),
            encoding: Encoding::sequential(),
            ..Config::default()
        },
        Config {
            encoding: Encoding::pairwise(),
            ..Config::default()
        },
    ];
    for config in configs {
        for (n, count) in [(6, 4), (8, 92)] {
            assert_eq!(
                checked_count(&problems::queens(n), config.clone(), 1000),
                count,
                "queens {n}, {config:?}"
            );
        }
    }
}

/// The counts the engine's own oracle tests hold (`crates/dancing/tests/it/oracles.rs`).
#[test]
fn langford_counts() {
    for (n, count) in [(3, 2), (4, 2), (5, 0), (7, 52), (8, 300)] {
        let problem = problems::langford(n);
        assert_eq!(
            checked_count(&problem, Config::default(), 1000),
            count,
            "langford {n}"
        );
        let sequential = Config {
            rules: Rules::none(),
            encoding: Encoding::sequential(),
            ..Config::default()
        };
        assert_eq!(
            checked_count(&problem, sequential, 1000),
            count,
            "langford {n}, sequential"
        );
    }
}

#[test]
fn latin_square_counts() {
    for (n, count) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        assert_eq!(
            checked_count(&problems::latin_square(n), Config::default(), 1000),
            count,
            "latin {n}"
        );
    }
}

/// Knuth's toy problem (TAOCP 7.2.2.1 (6)), with secondary items: one solution.
#[test]
fn toy_problem() {
    let problem =
        dancing::format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
            .unwrap();
    let mut learner = Learner::new(&problem);
    let solution = learner
        .first()
        .unwrap()
        .expect("the toy problem has a solution");
    assert_eq!(sorted(&solution), [0, 3, 4]);
    assert_eq!(learner.count_up_to(10).unwrap(), 1);
}

/// Every solution the dancing links find, each as its sorted option indices.
fn links_solutions(problem: &Problem) -> Vec<Vec<usize>> {
    dancing::Solver::new(problem)
        .solutions()
        .map(|s| sorted(s.options()))
        .collect()
}

/// Fixed options: the queens solutions that contain them, as the dancing links count.
#[test]
fn fixed_options_select_the_solutions_that_contain_them() {
    let problem = problems::queens(8);
    let all = links_solutions(&problem);
    assert_eq!(all.len(), 92);
    for option in problem.options().step_by(7) {
        let expected = all.iter().filter(|s| s.contains(&option.index())).count() as u64;
        let mut learner = Learner::new(&problem);
        let mut found = Vec::new();
        let count = learner
            .search(&[option], 1000, |s| found.push(sorted(s)))
            .unwrap();
        assert_eq!(count, expected, "fixed {option:?}");
        assert!(
            found
                .iter()
                .all(|s| s.contains(&option.index()) && all.contains(s))
        );
    }
}

/// Regression: preprocessing removes option `B` (both options of `A` use `B`), and its
/// variable, in no clause, used to come back true from CaDiCaL and be decoded, so the
/// learner failed with `CoverError::Twice` instead of counting 2.
#[test]
fn a_removed_option_is_never_part_of_a_solution() {
    let problem = dancing::format::parse_str("A B\nB\nA B\nA B\n").unwrap();
    for (name, config) in crate::brute_force::configs() {
        assert_eq!(checked_count(&problem, config, 50), 2, "{name}");
    }
}

/// Fixing options that clash (here from two different solutions of queens 4) leaves
/// no solution.
#[test]
fn clashing_fixed_options_leave_no_solution() {
    let problem = problems::queens(4);
    let all = links_solutions(&problem);
    assert_eq!(all.len(), 2);
    let (a, b) = (OptionId::new(all[0][0]), OptionId::new(all[1][0]));
    let mut learner = Learner::new(&problem);
    assert_eq!(learner.search(&[a, b], 10, |_| {}).unwrap(), 0);
    assert!(learner.stats().is_complete());
    assert_eq!(learner.search(&[a], 10, |_| {}).unwrap(), 1);
}

/// Naming a fixed option twice asks for the same solutions, and changes nothing in the
/// statistics.
#[test]
fn a_repeated_fixed_option_changes_nothing() {
    let problem = problems::queens(4);
    let all = links_solutions(&problem);
    let option = OptionId::new(all[0][0]);
    let mut learner = Learner::new(&problem);
    assert_eq!(learner.search(&[option], 10, |_| {}).unwrap(), 1);
    let once = learner.stats().clone();
    assert_eq!(learner.search(&[option, option], 10, |_| {}).unwrap(), 1);
    let twice = learner.stats();
    assert_eq!(
        (twice.forced, twice.options_left, twice.solutions),
        (once.forced, once.options_left, once.solutions)
    );
}
