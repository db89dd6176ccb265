//! Tests of `parallel`.

use crate::engine::Engine;
use std::collections::HashSet;
use std::sync::Arc;

use super::*;
use crate::engine::INSIDE;
use crate::problems;
use crate::split::SplitEngine;
use std::sync::atomic::AtomicBool;

use crate::{
    dense::DenseSolver, engine::Event, format, ids::ItemId, limits::Limits, limits::StopReason,
    problem::Problem,
};
use proptest::prelude::*;

fn problems() -> Vec<Problem> {
    let mut all: Vec<Problem> = (1..=9).map(problems::queens).collect();
    all.extend([
        format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap(),
        problems::langford(7),
        problems::langford(8),
        problems::latin_square(4),
        problems::pentominoes(20, 3),
    ]);
    all
}

on_split_engines! {
    counts_and_statistics_match_the_sequential_search => counts_and_statistics_match;
    solution_sets_match_and_ordered_mode_keeps_the_order => solution_sets_match;
    limits_stop_every_worker => limits_stop;
    fixed_options_of_the_template_apply => fixed_options_apply;
}

fn counts_and_statistics_match<E: SplitEngine>() {
    for problem in problems() {
        let mut sequential = Solver::new(&problem);
        let count = sequential.count();
        let expected = sequential.stats();
        for threads in [1, 2, 3, 4] {
            let mut parallel = ParallelSolver::new(E::new(&problem), threads);
            assert_eq!(parallel.count(), count, "{threads} threads");
            let stats = parallel.stats();
            assert_eq!(
                (stats.solutions, stats.nodes, stats.updates, stats.stopped),
                (count.found(), expected.nodes, expected.updates, None),
                "{threads} threads"
            );
            parallel.solver().check_integrity().unwrap();
        }
    }
}

fn solution_sets_match<E: SplitEngine>() {
    for problem in problems() {
        let expected: Vec<Solution> = Solver::new(&problem).solutions().collect();
        let set: HashSet<_> = expected.iter().cloned().collect();
        for threads in [2, 3] {
            let mut parallel = ParallelSolver::new(E::new(&problem), threads);
            let unordered = parallel.solutions();
            assert_eq!(unordered.len(), expected.len());
            assert_eq!(unordered.into_iter().collect::<HashSet<_>>(), set);
            assert_eq!(parallel.solutions_ordered().collect::<Vec<_>>(), expected);
        }
    }
}

#[test]
fn first_forced_branching_finds_the_same_solutions_in_parallel() {
    // A solution as a set: the branchings choose its options in different orders.
    let canonical = |s: Solution| {
        let mut options = s.into_options();
        options.sort();
        options
    };
    for problem in problems() {
        let expected: HashSet<Vec<OptionId>> =
            Solver::new(&problem).solutions().map(canonical).collect();
        for threads in [2, 3] {
            let mut solver = Solver::new(&problem);
            solver.set_branching(crate::solver::Branching::FirstForced);
            let mut parallel = ParallelSolver::new(solver, threads);
            assert_eq!(parallel.count(), expected.len() as u64);
            let found = parallel.solutions();
            assert_eq!(found.len(), expected.len());
            assert_eq!(
                found.into_iter().map(canonical).collect::<HashSet<_>>(),
                expected
            );
            parallel.solver().check_integrity().unwrap();
        }
    }
}

#[test]
fn giving_away_partitions_the_rest_of_a_search() {
    // A solution as a set: the branchings choose its options in different orders.
    let sorted = |v: Vec<Solution>| {
        let mut v: Vec<Vec<OptionId>> = v
            .into_iter()
            .map(|s| {
                let mut options = s.into_options();
                options.sort();
                options
            })
            .collect();
        v.sort();
        v
    };
    for problem in [problems::queens(9), problems::langford(8)] {
        let expected: Vec<Solution> = Solver::new(&problem).solutions().collect();
        // Branch by branch, in the sequential order.
        assert_eq!(give_away_and_replay(Solver::new(&problem)), expected);
        assert_eq!(
            give_away_and_replay(DenseSolver::new(&problem).unwrap()),
            expected
        );
        let mut solver = Solver::new(&problem);
        solver.set_branching(crate::solver::Branching::FirstForced);
        let all = give_away_and_replay(solver);
        assert_eq!(sorted(all), sorted(expected.clone()));
        // Algorithm M, with and without null moves.
        let multi = crate::multi::MultiSolver::new(&problem);
        assert_eq!(give_away_and_replay(multi), expected);
    }
    let problem = format::parse_str(&dancing_testkit::choose_between(4, 6, 14)).unwrap();
    let mut multi = crate::multi::MultiSolver::new(&problem);
    let expected: Vec<Solution> = multi.solutions().collect();
    assert_eq!(give_away_and_replay(multi), expected);
}

/// Runs a search that gives away its shallowest untried branches at the first
/// heartbeat, then replays them; returns the solutions found before, then those of
/// each branch given away.
fn give_away_and_replay<E: Branches>(mut solver: E) -> Vec<Solution> {
    let mut all = Vec::new();
    let mut given = None;
    let mut search = solver.search();
    loop {
        match search.next_event() {
            Event::Solution => all.push(Solution::from_options(search.solution().to_vec())),
            Event::Heartbeat if given.is_none() => given = search.engine.give_away(INSIDE, 0),
            Event::Heartbeat => {}
            Event::Finished => break,
        }
    }
    drop(search);
    let (path, untried) = given.expect("a branch to give away");
    assert!(!untried.is_empty());
    solver.truncate_fixed(INSIDE, 0);
    solver.check_integrity().unwrap();
    for &m in &path {
        solver.follow(INSIDE, m).unwrap();
    }
    for (k, &branch) in untried.iter().enumerate() {
        // The first branch covers the level's item; the next keep it covered.
        if k == 0 {
            solver.follow(INSIDE, branch).unwrap();
        } else {
            solver.follow_sibling(INSIDE, branch).unwrap();
        }
        solver.visit(|options| {
            all.push(Solution::from_options(options.to_vec()));
            ControlFlow::Continue(())
        });
    }
    solver.truncate_fixed(INSIDE, 0);
    solver.check_integrity().unwrap();
    all
}

/// A random problem: primary items (with bounds `lo:hi` when `bounded`), secondary
/// items that options may color, and options of random items and costs.
fn random_problem(bounded: bool) -> impl Strategy<Value = Problem> {
    random_costed(bounded, (0u64..20).boxed())
}

/// The same with costs drawn by `costs`.
fn random_costed(bounded: bool, costs: BoxedStrategy<u64>) -> impl Strategy<Value = Problem> {
    let bounds = proptest::collection::vec((0u32..=2, 1u32..=2), 3..7);
    let options = proptest::collection::vec(
        (
            proptest::collection::vec(0usize..9, 1..4),
            proptest::option::of(0u32..3),
            costs,
        ),
        4..24,
    );
    (bounds, options).prop_map(move |(bounds, options)| {
        let mut b = Problem::builder();
        let primaries = bounds.len();
        let mut items = Vec::new();
        for (k, &(lo, extra)) in bounds.iter().enumerate() {
            let name = format!("p{k}");
            items.push(if bounded {
                b.primary_bounded(&name, lo, lo + extra).unwrap()
            } else {
                b.primary(&name).unwrap()
            });
        }
        for k in 0..3 {
            items.push(b.secondary(&format!("s{k}")).unwrap());
        }
        let colors = [b.color("a").unwrap(), b.color("b").unwrap()];
        for (picks, color, cost) in options {
            let mut chosen: Vec<(ItemId, Option<crate::ids::ColorId>)> = Vec::new();
            for pick in picks {
                let item = items[pick % items.len()];
                if chosen.iter().any(|&(i, _)| i == item) {
                    continue;
                }
                let secondary = pick % items.len() >= primaries;
                let color = color
                    .filter(|&c| secondary && c < 2)
                    .map(|c| colors[c as usize]);
                chosen.push((item, color));
            }
            if !chosen.iter().any(|&(i, _)| items[..primaries].contains(&i)) {
                chosen.push((items[0], None));
            }
            let option = b.colored_option(chosen).unwrap();
            b.set_cost(option, cost);
        }
        b.build().unwrap()
    })
}

/// The parallel search of `template` on 2 and 3 threads, giving work away every few
/// nodes, against the sequential search: the count, the statistics, the solutions in
/// order and as a set.
fn agrees_on_threads<E: Branches>(template: &E) -> Result<(), TestCaseError> {
    let mut sequential = template.clone();
    let expected: Vec<Solution> = sequential.solutions().collect();
    let stats = sequential.stats();
    for threads in [2, 3] {
        let mut parallel = ParallelSolver::new(template.clone(), threads);
        parallel.heartbeat = 2;
        prop_assert_eq!(parallel.count(), Count::Complete(expected.len() as u64));
        let summed = parallel.stats();
        prop_assert_eq!((summed.nodes, summed.updates), (stats.nodes, stats.updates));
        let ordered: Vec<Solution> = parallel.solutions_ordered().collect();
        prop_assert_eq!(&ordered, &expected);
        let mut unordered = parallel.solutions();
        unordered.sort_by(|a, b| a.options().cmp(b.options()));
        let mut sorted = expected.clone();
        sorted.sort_by(|a, b| a.options().cmp(b.options()));
        prop_assert_eq!(unordered, sorted);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Colors, costs and multiplicities: every engine that runs on threads finds
    /// what one thread finds, and the cheapest solutions cost what one thread's do.
    #[test]
    fn random_problems_agree_on_threads(problem in random_problem(false), bounded in random_problem(true)) {
        agrees_on_threads(&Solver::new(&problem))?;
        agrees_on_threads(&DenseSolver::new(&problem).unwrap())?;
        agrees_on_threads(&crate::multi::MultiSolver::new(&problem))?;
        agrees_on_threads(&crate::multi::MultiSolver::new(&bounded))?;
        let mut sequential = Solver::new(&problem);
        let best: Vec<u128> = sequential.best(3).iter().map(|s| s.cost()).collect();
        for threads in [2, 3] {
            let mut parallel = ParallelSolver::new(Solver::new(&problem), threads);
            parallel.heartbeat = 2;
            let found = parallel.best(3);
            let costs: Vec<u128> = found.iter().map(|s| s.cost()).collect();
            prop_assert_eq!(&costs, &best);
            for solution in &found {
                prop_assert!(problem.verify(solution.options()).is_ok());
                let cost: u128 = solution.options().iter().map(|&o| u128::from(problem.option_cost(o))).sum();
                prop_assert_eq!(cost, solution.cost());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Costs near and past 2^64 (an option costs at most 2^64 − 1, a solution's total
    /// is exact): on 2, 3 and 8 threads the `k` cheapest cost exactly what the
    /// cheapest `k` of all the solutions, listed by the plain search, cost.
    #[test]
    fn costs_past_two_to_the_64_on_threads(
        problem in random_costed(false, prop_oneof![0u64..4, (u64::MAX - 3)..=u64::MAX].boxed()),
        k in 1usize..5,
    ) {
        let mut all: Vec<u128> = Solver::new(&problem)
            .solutions()
            .map(|s| s.options().iter().map(|&o| u128::from(problem.option_cost(o))).sum())
            .collect();
        all.sort_unstable();
        all.truncate(k);
        for threads in [1, 2, 3, 8] {
            let mut parallel = ParallelSolver::new(Solver::new(&problem), threads);
            parallel.heartbeat = 2;
            let costs: Vec<u128> = parallel.best(k).iter().map(|s| s.cost()).collect();
            prop_assert_eq!(&costs, &all, "{} threads", threads);
            prop_assert!(parallel.stats().is_complete());
            let min = ParallelSolver::new(Solver::new(&problem), threads).min_cost();
            prop_assert_eq!(min.map(|s| s.cost()), all.first().copied());
        }
    }
}

#[test]
fn ordered_output_keeps_a_bounded_window() {
    // 2^14 solutions: each of 14 items has two options of its own.
    let problem = format::parse_str(&dancing_testkit::two_options_each(14)).unwrap();
    let expected: Vec<Solution> = Solver::new(&problem).solutions().collect();
    for (threads, window) in [(2, 256), (3, 64)] {
        let mut parallel = ParallelSolver::new(DenseSolver::new(&problem).unwrap(), threads);
        parallel.window = window;
        let mut seen = Vec::new();
        let stats = parallel.visit_ordered(|options| {
            // A slow reader: the thread of the earliest part falls behind the others.
            if seen.len() % 16 == 0 {
                std::thread::sleep(std::time::Duration::from_micros(5));
            }
            seen.push(Solution::from_options(options.to_vec()));
            ControlFlow::Continue(())
        });
        assert_eq!(seen, expected);
        assert_eq!(stats.solutions, 1 << 14);
        let chunk = window / 8;
        assert!(
            parallel.peak <= window + 2 * threads * chunk,
            "{threads} threads kept {} options, window {window}",
            parallel.peak
        );
    }
    // Stopping after a few: no more visits, and the count says how many.
    let mut parallel = ParallelSolver::new(Solver::new(&problem), 2);
    let mut first = Vec::new();
    let stats = parallel.visit_ordered(|options| {
        first.push(Solution::from_options(options.to_vec()));
        if first.len() == 5 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(first, expected[..5]);
    assert_eq!(
        (stats.solutions, stats.stopped),
        (5, Some(StopReason::Caller))
    );
    // The iterator dropped early stops the search and keeps its statistics.
    let mut parallel = ParallelSolver::new(Solver::new(&problem), 2);
    let taken: Vec<Solution> = parallel.solutions_ordered().take(3).collect();
    assert_eq!(taken, expected[..3]);
    assert_eq!(parallel.stats().stopped, Some(StopReason::Caller));
}

#[test]
fn first_finds_a_solution_or_none() {
    let problem = problems::queens(8);
    let set: HashSet<_> = Solver::new(&problem).solutions().collect();
    let mut parallel = ParallelSolver::new(Solver::new(&problem), 2);
    let first = parallel.first().unwrap();
    assert!(set.contains(&first));
    assert_eq!(parallel.stats().stopped, Some(StopReason::Caller));
    let mut none = ParallelSolver::new(Solver::new(&problems::queens(3)), 2);
    assert_eq!(none.first(), None);
    assert!(none.stats().is_complete());
}

fn limits_stop<E: SplitEngine>() {
    let problem = problems::queens(10);
    let mut parallel = ParallelSolver::new(E::new(&problem), 2);
    assert_eq!(
        parallel.count_up_to(50),
        Count::Partial {
            found: 50,
            reason: StopReason::Caller
        }
    );
    assert_eq!(parallel.stats().stopped, Some(StopReason::Caller));
    assert_eq!(parallel.stats().solutions, 50);

    let mut solver = E::new(&problem);
    solver.set_limits(Limits::max_nodes(5_000));
    let mut parallel = ParallelSolver::new(solver, 2);
    let count = parallel.count();
    assert_eq!(count.reason(), Some(StopReason::NodeLimit));
    assert!(count.found() < 724);
    let stats = parallel.stats();
    assert_eq!(stats.stopped, Some(StopReason::NodeLimit));
    // Overshoot is bounded by one check interval per thread, plus the split.
    assert!(
        stats.nodes < 5_000 + 3 * Limits::CHECK_INTERVAL,
        "{stats:?}"
    );

    let mut solver = E::new(&problem);
    solver.set_limits(Limits::interrupt(Arc::new(AtomicBool::new(true))));
    let mut parallel = ParallelSolver::new(solver, 2);
    let count = parallel.count();
    assert_eq!(count.reason(), Some(StopReason::Interrupted));
    assert_eq!(parallel.stats().stopped, Some(StopReason::Interrupted));
}

fn fixed_options_apply<E: SplitEngine>() {
    let problem = problems::queens(9);
    let mut solver = E::new(&problem);
    solver.force(OptionId::new(4)).unwrap();
    let mut sequential = solver.clone();
    let mut expected = Vec::new();
    sequential.visit(|options| {
        expected.push(Solution::from_options(options.to_vec()));
        ControlFlow::Continue(())
    });
    let mut parallel = ParallelSolver::new(solver, 3);
    assert_eq!(parallel.solutions_ordered().collect::<Vec<_>>(), expected);
    assert_eq!(parallel.count(), expected.len() as u64);
    assert_eq!(
        parallel.solver().fixed().collect::<Vec<_>>(),
        [OptionId::new(4)]
    );
}
