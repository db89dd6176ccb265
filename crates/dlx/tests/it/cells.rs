//! Dancing cells against the links engine and against brute force: the same solutions,
//! in the same order, and the same statistics, node for node and update for update.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dancing::problems::{self, Rectangle};
use dancing::{CellsSolver, Count, Limits, OptionId, Problem, Solver, StopReason, format};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::strategies::sorted;
use crate::{brute_force, colors_and_costs};

/// Every solution, in the order the search visits them.
fn links_solutions(problem: &Problem) -> (Vec<Vec<OptionId>>, dancing::Stats) {
    let mut solver = Solver::new(problem);
    let mut found = Vec::new();
    let stats = solver.visit(|options| {
        found.push(options.to_vec());
        ControlFlow::Continue(())
    });
    solver.check_integrity().unwrap();
    (found, stats)
}

fn cells_solutions(problem: &Problem) -> (Vec<Vec<OptionId>>, dancing::Stats) {
    let mut solver = CellsSolver::new(problem);
    let mut found = Vec::new();
    let stats = solver.visit(|options| {
        found.push(options.to_vec());
        ControlFlow::Continue(())
    });
    solver.check_integrity().unwrap();
    (found, stats)
}

/// Both engines find the same solutions in the same order, with the same nodes and
/// updates; `count()` agrees too. Returns the number of solutions.
fn agree(problem: &Problem) -> u64 {
    let (links, links_stats) = links_solutions(problem);
    let (cells, cells_stats) = cells_solutions(problem);
    assert_eq!(
        cells, links,
        "the engines differ in solutions or their order"
    );
    assert_eq!(
        (
            cells_stats.solutions,
            cells_stats.nodes,
            cells_stats.updates
        ),
        (
            links_stats.solutions,
            links_stats.nodes,
            links_stats.updates
        )
    );
    let mut solver = CellsSolver::new(problem);
    assert_eq!(solver.count(), Count::Complete(links.len() as u64));
    assert_eq!(solver.stats().nodes, links_stats.nodes);
    solver.check_integrity().unwrap();
    links.len() as u64
}

#[test]
fn queens() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352];
    for (n, &count) in (1..=9).zip(&known) {
        assert_eq!(agree(&problems::queens(n)), count, "queens {n}");
    }
}

#[test]
fn langford() {
    for n in 1..=10 {
        let count = agree(&problems::langford(n));
        // Langford pairs exist for n ≡ 0 or 3 (mod 4); both mirror images are counted.
        let expected: u64 = match n {
            3 => 2,
            4 => 2,
            7 => 52,
            8 => 300,
            n if n % 4 == 1 || n % 4 == 2 => 0,
            _ => count,
        };
        assert_eq!(count, expected, "langford {n}");
    }
}

#[test]
fn latin_squares() {
    let known = [1, 2, 12, 576];
    for (n, &count) in (1..=4).zip(&known) {
        assert_eq!(agree(&problems::latin_square(n)), count, "latin square {n}");
    }
}

#[test]
fn pentominoes_in_a_long_box() {
    // 2 distinct tilings of 3×20, each in its 4 reflections and rotations.
    assert_eq!(agree(&problems::pentominoes(3, 20)), 8);
}

#[test]
fn knuths_toy_problem() {
    let problem =
        format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
    assert_eq!(agree(&problem), 1);
    let mut cells = CellsSolver::new(&problem);
    assert_eq!(cells.count(), 1);
    assert_eq!((cells.stats().nodes, cells.stats().updates), (6, 30));
}

#[test]
fn knuths_color_example() {
    let problem = format::parse_str(colors_and_costs::KNUTH_COLORS).unwrap();
    assert_eq!(agree(&problem), 1);
}

/// Queens whose diagonals all carry one color are rooks: every option stays compatible
/// on the diagonals, so purification keeps everything and the count is 8!.
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

/// Colors that split a problem: options with color `a` or `b` on one shared item can
/// only combine with options of the same color.
#[test]
fn colors_partition_the_solutions() {
    let text = "p q r | s t\np s:a\np s:b t:x\nq s:a\nq s:b\nr t:x\nr t:y s:b\nr\n";
    let problem = format::parse_str(text).unwrap();
    let count = agree(&problem);
    assert!(count > 0);
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
    assert_eq!(agree(&problem), 2);
}

#[test]
fn a_node_limit_stops_the_search_where_the_links_stop() {
    let problem = problems::queens(10);
    let limits = Limits {
        max_nodes: Some(2_000),
        ..Limits::none()
    };
    let mut cells = CellsSolver::new(&problem);
    cells.set_limits(limits.clone());
    assert_eq!(cells.limits().max_nodes, Some(2_000));
    let count = cells.count();
    assert_eq!(count.reason(), Some(StopReason::NodeLimit));
    assert_eq!(cells.stats().nodes, 2_000);
    cells.check_integrity().unwrap();
    let mut links = Solver::new(&problem);
    links.set_limits(limits);
    // The same tree in the same order: the same partial count.
    assert_eq!(links.count(), count);
}

#[test]
fn a_raised_interrupt_stops_the_search() {
    let flag = Arc::new(AtomicBool::new(true));
    let mut cells = CellsSolver::new(&problems::queens(10));
    cells.set_limits(Limits {
        interrupt: Some(Arc::clone(&flag)),
        ..Limits::none()
    });
    let count = cells.count();
    assert_eq!(count.reason(), Some(StopReason::Interrupted));
    // The flag is read at the first check.
    assert_eq!(cells.stats().nodes, Limits::CHECK_INTERVAL);
    cells.check_integrity().unwrap();
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(cells.count(), 724);
}

#[test]
fn iterator_first_and_visitor_agree() {
    let problem = problems::queens(6);
    let mut cells = CellsSolver::new(&problem);
    let all: Vec<_> = cells.solutions().map(|s| s.into_options()).collect();
    assert_eq!(all.len(), 4);
    assert_eq!(
        cells.first().map(|s| s.into_options()),
        all.first().cloned()
    );
    let mut seen = 0;
    let stats = cells.visit(|_| {
        seen += 1;
        if seen == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((seen, stats.stopped), (2, Some(StopReason::Caller)));
    let some = cells.count_up_to(3);
    assert_eq!((some.found(), some.reason()), (3, Some(StopReason::Caller)));
    cells.check_integrity().unwrap();
}

/// Dancing cells finds exactly the `expected` covers, each once, and the links engine's
/// solutions in the same order, with the same nodes and updates.
fn agrees(problem: &Problem, expected: BTreeSet<Vec<usize>>) -> Result<(), TestCaseError> {
    let (cells, cells_stats) = cells_solutions(problem);
    let found: BTreeSet<Vec<usize>> = cells.iter().map(|s| sorted(s)).collect();
    prop_assert_eq!(found.len(), cells.len(), "a solution was visited twice");
    prop_assert_eq!(found, expected);
    let (links, links_stats) = links_solutions(problem);
    prop_assert_eq!(cells, links);
    prop_assert_eq!(cells_stats.nodes, links_stats.nodes);
    prop_assert_eq!(cells_stats.updates, links_stats.updates);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn plain_solutions_are_the_brute_force_covers(spec in brute_force::spec()) {
        let problem = brute_force::build(&spec);
        let expected = brute_force::brute_force(&spec);
        agrees(&problem, expected)?;
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
    fn an_abandoned_search_restores_the_sets(spec in colors_and_costs::spec(12, 0), take in 0usize..3) {
        let problem = colors_and_costs::build(&spec);
        let mut cells = CellsSolver::new(&problem);
        let total = cells.count();
        let taken = cells.solutions().take(take).count();
        prop_assert_eq!(taken as u64, total.found().min(take as u64));
        cells.check_integrity().unwrap();
        prop_assert_eq!(cells.count(), total);
    }
}
