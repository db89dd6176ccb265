//! The dense engine against the links engine and against brute force: the same
//! solutions, in the same order, and the same statistics, node for node and update for
//! update, in both of its modes (one pass per choice for small uncolored problems, one
//! pass per item otherwise).

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dancing::problems;
use dancing::{
    Count, DenseSolver, Event, Limits, OptionId, Problem, SearchEvents, Solver, StopReason, format,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::strategies::sorted;
use crate::{brute_force, colors_and_costs};

/// Every solution in the order the search visits them, and the statistics at the end.
fn solutions(mut search: impl SearchEvents) -> (Vec<Vec<OptionId>>, dancing::Stats) {
    let mut found = Vec::new();
    loop {
        match search.next_event() {
            Event::Solution => found.push(search.solution().to_vec()),
            Event::Finished => return (found, search.stats()),
            _ => {}
        }
    }
}

/// [`solutions`] by the links, then by the dense engine.
fn both(problem: &Problem) -> [(Vec<Vec<OptionId>>, dancing::Stats); 2] {
    let mut dense = DenseSolver::new(problem).expect("a small problem");
    [
        solutions(Solver::new(problem).search()),
        solutions(dense.search()),
    ]
}

/// Both engines find the same solutions in the same order, with the same nodes and
/// updates; `count()` agrees too. Returns the number of solutions.
fn agree(problem: &Problem) -> u64 {
    let [(links, links_stats), (dense, dense_stats)] = both(problem);
    assert_eq!(
        dense, links,
        "the engines differ in solutions or their order"
    );
    let key = |s: dancing::Stats| (s.solutions, s.nodes, s.updates);
    assert_eq!(key(dense_stats), key(links_stats));
    let mut solver = DenseSolver::new(problem).expect("a small problem");
    assert_eq!(solver.count(), Count::Complete(links.len() as u64));
    assert_eq!(key(solver.stats()), key(links_stats));
    links.len() as u64
}

#[test]
fn queens() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &count) in (1..=10).zip(&known) {
        assert_eq!(agree(&problems::queens(n)), count, "queens {n}");
    }
}

#[test]
fn langford() {
    // Langford pairs exist for n ≡ 0 or 3 (mod 4); both mirror images are counted.
    let known = [0, 0, 2, 2, 0, 0, 52, 300, 0, 0];
    for (n, &count) in (1..=10).zip(&known) {
        assert_eq!(agree(&problems::langford(n)), count, "langford {n}");
    }
}

#[test]
fn latin_squares() {
    let known = [1, 2, 12, 576];
    for (n, &count) in (1..=4).zip(&known) {
        assert_eq!(agree(&problems::latin_square(n)), count, "latin square {n}");
    }
}

/// More than 64 primary items and about 1,300 options (21 words): the one-pass mode
/// is off, each item of a choice is its own pass.
#[test]
fn pentominoes_in_a_long_box() {
    // 2 distinct tilings of 3×20, each in its 4 reflections and rotations.
    let problem = problems::pentominoes(3, 20);
    assert!(problem.primary_count() > 64 && problem.option_count() > 1_000);
    assert_eq!(agree(&problem), 8);
}

/// Every 4×4 sudoku grid: 288, on a problem of 64 options and 64 primary items (cell,
/// row-digit, column-digit and box-digit), exactly one word of each.
#[test]
fn sudoku_grids_of_order_two() {
    let mut b = Problem::builder();
    for kind in ["p", "r", "c", "b"] {
        for x in 0..4 {
            for y in 0..4 {
                b.primary(&format!("{kind}{x}{y}")).unwrap();
            }
        }
    }
    for (r, c, d) in (0..64).map(|k| (k / 16, k / 4 % 4, k % 4)) {
        let boxed = r / 2 * 2 + c / 2;
        let names = [
            format!("p{r}{c}"),
            format!("r{r}{d}"),
            format!("c{c}{d}"),
            format!("b{boxed}{d}"),
        ];
        b.option_named(names.iter().map(String::as_str)).unwrap();
    }
    assert_eq!(agree(&b.build().unwrap()), 288);
}

#[test]
fn knuths_toy_problem() {
    let problem =
        format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
    assert_eq!(agree(&problem), 1);
    let mut dense = DenseSolver::new(&problem).unwrap();
    assert_eq!(dense.count(), 1);
    assert_eq!((dense.stats().nodes, dense.stats().updates), (6, 30));
}

#[test]
fn knuths_color_example() {
    let problem = format::parse_str(colors_and_costs::KNUTH_COLORS).unwrap();
    assert_eq!(agree(&problem), 1);
}

/// Queens whose diagonals all carry one color are rooks: every option stays compatible
/// on the diagonal, so the count is 6!.
#[test]
fn one_shared_color_is_rooks() {
    let mut b = Problem::builder();
    let n = 6;
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
    assert_eq!(agree(&b.build().unwrap()), 720);
}

#[test]
fn colors_partition_the_solutions() {
    let text = "p q r | s t\np s:a\np s:b t:x\nq s:a\nq s:b\nr t:x\nr t:y s:b\nr\n";
    assert!(agree(&format::parse_str(text).unwrap()) > 0);
}

#[test]
fn a_node_limit_stops_the_search_where_the_links_stop() {
    let problem = problems::queens(10);
    let limits = Limits {
        max_nodes: Some(2_000),
        ..Limits::none()
    };
    let mut dense = DenseSolver::new(&problem).unwrap();
    dense.set_limits(limits.clone());
    assert_eq!(dense.limits().max_nodes, Some(2_000));
    let count = dense.count();
    assert_eq!(count.reason(), Some(StopReason::NodeLimit));
    assert_eq!(dense.stats().nodes, 2_000);
    let mut links = Solver::new(&problem);
    links.set_limits(limits);
    assert_eq!(links.count(), count);
}

#[test]
fn a_raised_interrupt_stops_the_search() {
    let flag = Arc::new(AtomicBool::new(true));
    let mut dense = DenseSolver::new(&problems::queens(10)).unwrap();
    dense.set_limits(Limits {
        interrupt: Some(Arc::clone(&flag)),
        ..Limits::none()
    });
    let count = dense.count();
    assert_eq!(count.reason(), Some(StopReason::Interrupted));
    assert_eq!(dense.stats().nodes, Limits::CHECK_INTERVAL);
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(dense.count(), 724);
}

#[test]
fn iterator_first_visitor_and_progress_agree() {
    let problem = problems::queens(6);
    let mut dense = DenseSolver::new(&problem).unwrap();
    let all: Vec<_> = dense.solutions().map(|s| s.into_options()).collect();
    assert_eq!(all.len(), 4);
    assert_eq!(
        dense.first().map(|s| s.into_options()),
        all.first().cloned()
    );
    let mut seen = 0;
    let stats = dense.visit(|_| {
        seen += 1;
        if seen == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((seen, stats.stopped), (2, Some(StopReason::Caller)));
    let some = dense.count_up_to(3);
    assert_eq!((some.found(), some.reason()), (3, Some(StopReason::Caller)));
    // Knuth's estimate grows as the search goes, as the links engine's does.
    let mut dense = DenseSolver::new(&problems::queens(8)).unwrap();
    let mut links = Solver::new(&problems::queens(8));
    let mut search = dense.search();
    let mut reference = links.search();
    let mut last = 0.0;
    while search.next_event() == Event::Solution {
        assert_eq!(reference.next_event(), Event::Solution);
        assert_eq!(search.solution(), reference.solution());
        assert_eq!(search.depth(), reference.depth());
        assert_eq!(search.progress(), reference.progress());
        assert!(search.progress() >= last);
        last = search.progress();
    }
}

#[test]
fn too_many_options_are_refused() {
    let mut b = Problem::builder();
    let item = b.primary("a").unwrap();
    for _ in 0..=DenseSolver::MAX_OPTIONS {
        b.option([item]).unwrap();
    }
    let problem = b.build().unwrap();
    let error = DenseSolver::new(&problem).unwrap_err();
    assert_eq!(error.options, DenseSolver::MAX_OPTIONS + 1);
    assert!(
        error.to_string().starts_with(
            "the dense engine takes at most 32766 options and 1024 MiB of tables; \
             this problem has 32767 options and needs "
        ),
        "{error}"
    );
}

/// A problem of many items and few options needs only as many levels as options.
#[test]
fn levels_are_bounded_by_the_options() {
    let mut b = Problem::builder();
    let items: Vec<_> = (0..100_000)
        .map(|k| b.primary(&format!("i{k}")).unwrap())
        .collect();
    b.option([items[0]]).unwrap();
    let problem = b.build().unwrap();
    // Two levels of two states, not 100,001 levels: a few megabytes, not 40 GB.
    assert!(DenseSolver::memory(&problem) < 4 << 20);
    assert_eq!(DenseSolver::new(&problem).unwrap().count(), 0);
}

/// The dense engine finds exactly the `expected` covers, each once, and the links
/// engine's solutions in the same order, with the same nodes and updates.
fn agrees(problem: &Problem, expected: BTreeSet<Vec<usize>>) -> Result<(), TestCaseError> {
    let [(links, links_stats), (dense, dense_stats)] = both(problem);
    let found: BTreeSet<Vec<usize>> = dense.iter().map(|s| sorted(s)).collect();
    prop_assert_eq!(found.len(), dense.len(), "a solution was visited twice");
    prop_assert_eq!(found, expected);
    prop_assert_eq!(dense, links);
    prop_assert_eq!(dense_stats.nodes, links_stats.nodes);
    prop_assert_eq!(dense_stats.updates, links_stats.updates);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn plain_solutions_are_the_brute_force_covers(spec in brute_force::spec()) {
        let problem = brute_force::build(&spec);
        agrees(&problem, brute_force::brute_force(&spec))?;
    }

    #[test]
    fn colored_solutions_are_the_brute_force_ones(spec in colors_and_costs::spec(12, 0)) {
        let problem = colors_and_costs::build(&spec);
        let expected: BTreeSet<Vec<usize>> = colors_and_costs::brute_force(&spec)
            .into_iter()
            .map(|(chosen, _)| chosen)
            .collect();
        agrees(&problem, expected)?;
    }

    #[test]
    fn a_search_resumes_after_an_abandoned_one(spec in colors_and_costs::spec(12, 0), take in 0usize..3) {
        let problem = colors_and_costs::build(&spec);
        let mut dense = DenseSolver::new(&problem).unwrap();
        let total = dense.count();
        let taken = dense.solutions().take(take).count();
        prop_assert_eq!(taken as u64, total.found().min(take as u64));
        prop_assert_eq!(dense.count(), total);
    }
}
