//! One agreement suite over the engines: every other engine against the links on the
//! classic problems and on random ones checked by brute force (the same solutions in the
//! same order, the same nodes and updates, `count()` agreeing, the known counts), and
//! the entry points, limits and restored tables of all four (links, cells, dense,
//! Algorithm M). Each engine's own file tests what only it has (modes, forcing).

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[cfg(feature = "cells")]
use dancing::CellsSolver;
use dancing::Engine as _;
use dancing::problems::{self, Rectangle};
use dancing::{
    Count, DenseSolver, EngineSearch, Event, Limits, MultiSolver, OptionId, Problem, Solver, Stats,
    StopReason, format,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::{brute_force, colors_and_costs};
use dancing_testkit::sorted;

/// The engines that must walk the links' tree.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Engine {
    #[cfg(feature = "cells")]
    Cells,
    Dense,
}

impl Engine {
    const ALL: &[Self] = &[
        #[cfg(feature = "cells")]
        Self::Cells,
        Self::Dense,
    ];

    /// Every solution in the order the search visits them, and the statistics at the end.
    pub(crate) fn solutions(self, problem: &Problem) -> (Vec<Vec<OptionId>>, Stats) {
        match self {
            #[cfg(feature = "cells")]
            Self::Cells => {
                let mut solver = CellsSolver::new(problem);
                let found = solutions(solver.search());
                solver.check_integrity().unwrap();
                found
            }
            Self::Dense => solutions(DenseSolver::new(problem).expect("a small problem").search()),
        }
    }

    /// A fresh solver's `count()`, and its statistics.
    fn count(self, problem: &Problem) -> (Count, Stats) {
        match self {
            #[cfg(feature = "cells")]
            Self::Cells => {
                let mut solver = CellsSolver::new(problem);
                let count = solver.count();
                solver.check_integrity().unwrap();
                (count, solver.stats())
            }
            Self::Dense => {
                let mut solver = DenseSolver::new(problem).expect("a small problem");
                (solver.count(), solver.stats())
            }
        }
    }
}

/// Every solution in the order the search visits them, and the statistics at the end.
fn solutions<E: dancing::Engine>(mut search: EngineSearch<'_, E>) -> (Vec<Vec<OptionId>>, Stats) {
    let mut found = Vec::new();
    loop {
        match search.next_event() {
            Event::Solution => found.push(search.solution().to_vec()),
            Event::Finished => return (found, search.stats()),
            _ => {}
        }
    }
}

/// The links' solutions and statistics, their links checked after the search.
fn links(problem: &Problem) -> (Vec<Vec<OptionId>>, Stats) {
    let mut solver = Solver::new(problem);
    let found = solutions(solver.search());
    solver.check_integrity().unwrap();
    found
}

/// `engine` finds exactly the `expected` covers, each once, and the links' solutions in
/// the same order, with the same nodes and updates: the property tests' check.
pub(crate) fn agrees(
    engine: Engine,
    problem: &Problem,
    expected: BTreeSet<Vec<usize>>,
) -> Result<(), TestCaseError> {
    let (found, stats) = engine.solutions(problem);
    let covers: BTreeSet<Vec<usize>> = found.iter().map(|s| sorted(s)).collect();
    prop_assert_eq!(covers.len(), found.len(), "a solution was visited twice");
    prop_assert_eq!(covers, expected);
    let (links, links_stats) = links(problem);
    prop_assert_eq!(found, links);
    prop_assert_eq!(stats.nodes, links_stats.nodes);
    prop_assert_eq!(stats.updates, links_stats.updates);
    Ok(())
}

/// `engine` finds the links' solutions in the links' order, with the same nodes and
/// updates; `count()` agrees too. Returns the number of solutions.
pub(crate) fn agree(engine: Engine, problem: &Problem) -> u64 {
    let (expected, links_stats) = links(problem);
    let (found, stats) = engine.solutions(problem);
    let (count, count_stats) = engine.count(problem);
    assert_eq!(
        found, expected,
        "{engine:?} differs from the links in solutions or their order"
    );
    let key = |s: Stats| (s.solutions, s.nodes, s.updates);
    assert_eq!(key(stats), key(links_stats), "{engine:?}");
    assert_eq!(count, Count::Complete(expected.len() as u64), "{engine:?}");
    assert_eq!(key(count_stats), key(links_stats), "{engine:?}");
    expected.len() as u64
}

/// Queens whose diagonals all carry one color are rooks: every option stays compatible
/// on the diagonal, so the count is n!.
fn rooks(n: usize) -> Problem {
    let mut b = Problem::builder();
    let rows: Vec<_> = (0..n)
        .map(|r| b.primary(&format!("r{r}")).unwrap())
        .collect();
    let cols: Vec<_> = (0..n)
        .map(|c| b.primary(&format!("c{c}")).unwrap())
        .collect();
    let diagonal = b.secondary("d").unwrap();
    let same = b.color("same").unwrap();
    for &row in &rows {
        for &col in &cols {
            b.colored_option([(row, None), (col, None), (diagonal, Some(same))])
                .unwrap();
        }
    }
    b.build().unwrap()
}

/// Every engine counts `build(n)`, for `n` from 1, as `known` says.
fn assert_counts(name: &str, known: &[u64], build: impl Fn(usize) -> Problem) {
    for &engine in Engine::ALL {
        for (n, &count) in (1..).zip(known) {
            assert_eq!(agree(engine, &build(n)), count, "{name} {n}");
        }
    }
}

#[test]
fn queens() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    assert_counts("queens", &known, problems::queens);
}

#[test]
fn langford() {
    // Langford pairs exist for n ≡ 0 or 3 (mod 4); both mirror images are counted.
    let known = [0, 0, 2, 2, 0, 0, 52, 300, 0, 0];
    assert_counts("langford", &known, problems::langford);
}

#[test]
fn latin_squares() {
    assert_counts("latin square", &[1, 2, 12, 576], problems::latin_square);
}

#[test]
fn pentominoes_in_a_long_box() {
    // 2 distinct tilings of 3×20, each in its 4 reflections and rotations.
    for &engine in Engine::ALL {
        assert_eq!(agree(engine, &problems::pentominoes(20, 3)), 8);
    }
}

#[test]
fn knuths_examples() {
    let toy = format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n");
    let colors = format::parse_str(colors_and_costs::KNUTH_COLORS);
    for &engine in Engine::ALL {
        assert_eq!(agree(engine, toy.as_ref().unwrap()), 1);
        assert_eq!(agree(engine, colors.as_ref().unwrap()), 1);
    }
    // Knuth's figures for the toy problem, which `agree` holds every engine to.
    let mut links = Solver::new(toy.as_ref().unwrap());
    assert_eq!(links.count(), 1);
    assert_eq!((links.stats().nodes, links.stats().updates), (6, 30));
}

#[test]
fn colors() {
    // Colors that split a problem: options with color `a` or `b` on one shared item can
    // only combine with options of the same color.
    let partition = "p q r | s t\np s:a\np s:b t:x\nq s:a\nq s:b\nr t:x\nr t:y s:b\nr\n";
    let partition = format::parse_str(partition).unwrap();
    for &engine in Engine::ALL {
        assert_eq!(agree(engine, &rooks(6)), 720);
        assert!(agree(engine, &partition) > 0);
    }
}

/// Costs are ignored: every solution is counted, as `Solver::count` does.
#[test]
fn costs_are_ignored_for_counting() {
    let rect = |x1, y1, x2, y2| Rectangle { x1, y1, x2, y2 };
    let pieces = [
        rect(0, 0, 30, 10),
        rect(0, 10, 30, 20),
        rect(0, 20, 30, 30),
        rect(0, 0, 15, 30),
        rect(15, 0, 30, 30),
    ];
    let problem = problems::rectangle_tiling(30, 30, &pieces);
    assert!(problem.has_costs());
    for &engine in Engine::ALL {
        assert_eq!(agree(engine, &problem), 2);
    }
}

/// The entry points of one engine agree with each other on 6-queens: the iterator, the
/// first solution, a visitor stopped early, a count cut short, and the tables restored
/// after each.
fn entry_points_agree<E: dancing::Engine>(mut engine: E) {
    let all: Vec<_> = engine.solutions().map(|s| s.into_options()).collect();
    assert_eq!(all.len(), 4);
    assert_eq!(
        engine.first().map(|s| s.into_options()),
        all.first().cloned()
    );
    let mut seen = 0;
    let stats = engine.visit(|_| {
        seen += 1;
        if seen == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((seen, stats.solutions), (2, 2));
    assert_eq!(stats.stopped, Some(StopReason::Caller));
    let some = engine.count_up_to(3);
    assert_eq!((some.found(), some.reason()), (3, Some(StopReason::Caller)));
    assert_eq!(engine.count(), 4);
    engine.check_integrity().unwrap();
}

/// Counting on 8-queens: a heartbeat after each 1,024 nodes of the 1,199, a count cut
/// short by the caller, an iterator dropped early, and the tables restored after each.
fn counting_is_watched_and_stops_where_asked<E: dancing::Engine>(mut engine: E) {
    let mut heartbeats = 0;
    assert_eq!(engine.count_watched(u64::MAX, |_| heartbeats += 1), 92);
    assert_eq!((engine.stats().nodes, heartbeats), (1_199, 1));
    let ten = engine.count_watched(10, |_| {});
    assert_eq!((ten.found(), ten.reason()), (10, Some(StopReason::Caller)));
    assert_eq!(engine.stats().stopped, Some(StopReason::Caller));
    engine.check_integrity().unwrap();
    let mut solutions = engine.solutions();
    assert!(solutions.next().is_some());
    drop(solutions);
    engine.check_integrity().unwrap();
    assert_eq!(engine.count(), 92);
}

/// A node limit stops 10-queens where it stops the links, and a raised interrupt at the
/// first limit check; the tables are restored, and a lowered flag lets the next count
/// finish.
fn limits_stop_as_the_links_stop<E: dancing::Engine>(mut engine: E) {
    let limits = Limits::max_nodes(2_000);
    engine.set_limits(limits.clone());
    assert_eq!(engine.limits().max_nodes, Some(2_000));
    let count = engine.count();
    assert_eq!(count.reason(), Some(StopReason::NodeLimit));
    assert_eq!(engine.stats().nodes, 2_000);
    engine.check_integrity().unwrap();
    let mut links = Solver::new(engine.problem());
    links.set_limits(limits);
    // The same tree in the same order: the same partial count.
    assert_eq!(links.count(), count);
    let flag = Arc::new(AtomicBool::new(true));
    engine.set_limits(Limits::interrupt(Arc::clone(&flag)));
    let count = engine.count();
    assert_eq!(count.reason(), Some(StopReason::Interrupted));
    // The flag is read at the first check.
    assert_eq!(engine.stats().nodes, Limits::CHECK_INTERVAL);
    engine.check_integrity().unwrap();
    flag.store(false, Ordering::Relaxed);
    assert_eq!(engine.count(), 724);
}

/// Runs `$check` on a fresh solver of each engine for `$problem`.
macro_rules! on_every_engine {
    ($problem:expr, $check:ident) => {{
        let problem = $problem;
        $check(Solver::new(&problem));
        #[cfg(feature = "cells")]
        $check(CellsSolver::new(&problem));
        $check(DenseSolver::new(&problem).unwrap());
        $check(MultiSolver::new(&problem));
    }};
}

#[test]
fn every_engine_stops_at_its_limits() {
    on_every_engine!(problems::queens(10), limits_stop_as_the_links_stop);
}

#[test]
fn every_engine_s_entry_points_agree() {
    on_every_engine!(problems::queens(6), entry_points_agree);
    on_every_engine!(
        problems::queens(8),
        counting_is_watched_and_stops_where_asked
    );
}

/// Abandons a search after `take` solutions; the next count is the full one, and the
/// engine's tables are as built.
fn abandoning_restores<E: dancing::Engine>(
    mut engine: E,
    take: usize,
) -> Result<(), TestCaseError> {
    let total = engine.count();
    let taken = engine.solutions().take(take).count();
    prop_assert_eq!(taken as u64, total.found().min(take as u64));
    engine.check_integrity().unwrap();
    prop_assert_eq!(engine.count(), total);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn plain_solutions_are_the_brute_force_covers(spec in brute_force::spec()) {
        let problem = brute_force::build(&spec);
        let expected = brute_force::brute_force(&spec);
        for &engine in Engine::ALL {
            agrees(engine, &problem, expected.clone())?;
        }
    }

    #[test]
    fn colored_solutions_are_the_brute_force_ones(spec in colors_and_costs::spec(12, 0)) {
        let problem = colors_and_costs::build(&spec);
        let expected: BTreeSet<Vec<usize>> = colors_and_costs::brute_force(&spec)
            .into_iter()
            .map(|(chosen, _)| chosen)
            .collect();
        for &engine in Engine::ALL {
            agrees(engine, &problem, expected.clone())?;
        }
    }

    #[test]
    fn an_abandoned_search_restores_the_engine(spec in colors_and_costs::spec(12, 0), take in 0usize..3) {
        let problem = colors_and_costs::build(&spec);
        abandoning_restores(Solver::new(&problem), take)?;
        #[cfg(feature = "cells")]
        abandoning_restores(CellsSolver::new(&problem), take)?;
        abandoning_restores(DenseSolver::new(&problem).unwrap(), take)?;
    }
}

/// A problem of `n` primary items (enough for the links' early-stopping scan): the
/// tilings of a path of `n` cells by monominoes `{k}` and dominoes `{k, k+1}`, every
/// 97th domino also taking one shared secondary item (so at most one of those).
fn long_path(n: usize) -> Problem {
    let mut b = Problem::builder();
    let items: Vec<_> = (0..n)
        .map(|k| b.primary(&format!("c{k}")).unwrap())
        .collect();
    let shared = b.secondary("s").unwrap();
    for k in 0..n {
        b.option([items[k]]).unwrap();
        if k + 1 < n && k % 97 != 0 {
            // Most pairs join two cells; every 97th also takes the shared item.
            b.option([items[k], items[k + 1]]).unwrap();
        } else if k + 1 < n {
            b.option([items[k], items[k + 1], shared]).unwrap();
        }
    }
    b.build().unwrap()
}

#[test]
fn long_problems_walk_the_same_tree_with_the_early_stopping_scan() {
    // Past 4,096 primary items the links stop their scan early once one has shown no
    // empty list: the same tree as the dense engine's whole scans, node for node.
    for (n, limit) in [(4_100, 2_000), (5_000, 50_000)] {
        let problem = long_path(n);
        let mut links = Solver::new(&problem);
        let count = links.count_up_to(limit);
        let stats = links.stats();
        links.check_integrity().unwrap();
        let mut dense = DenseSolver::new(&problem).unwrap();
        assert_eq!(dense.count_up_to(limit), count, "{n}");
        let dense = dense.stats();
        assert_eq!(
            (stats.nodes, stats.updates),
            (dense.nodes, dense.updates),
            "{n}"
        );
        // The count reached the limit: many nodes, each a full scan of thousands of
        // items without the early stop.
        assert_eq!(count.found(), limit);
        assert!(stats.nodes > limit, "{stats:?}");
    }
    // One option per item, a million items: one scan, not a million.
    let n = 1_000_000;
    let mut b = Problem::builder();
    let items: Vec<_> = (0..n)
        .map(|k| b.primary(&format!("i{k}")).unwrap())
        .collect();
    for &item in &items {
        b.option([item]).unwrap();
    }
    let problem = b.build().unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 1);
    assert_eq!(solver.stats().nodes, n as u64 + 1);
}
