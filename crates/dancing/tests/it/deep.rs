//! Deep and large problems: the search is iterative, so depth costs heap, not stack,
//! and work grows linearly with the size of the problem.

use dancing::Engine;
use dancing::{Branching, Limits, OptionId, Problem, Solver, Stats, StopReason};

/// A chain of `depth` forced choices: items `x0 … x(2·depth − 1)`, option `i` covering
/// `xi` and `x(i+1)`. Choosing `x0` forces option 0, which hides option 1, which leaves
/// `x2` a single option, and so on: one solution, `depth` levels deep, every level a
/// forced move.
fn chain(depth: usize) -> Problem {
    let mut b = Problem::builder();
    let items: Vec<_> = (0..2 * depth)
        .map(|i| b.primary(&format!("x{i}")).unwrap())
        .collect();
    for pair in items.windows(2) {
        b.option(pair.iter().copied()).unwrap();
    }
    b.build().unwrap()
}

fn solve_chain(depth: usize, branching: Branching) -> Stats {
    let problem = chain(depth);
    let mut solver = Solver::new(&problem);
    solver.set_branching(branching);
    let solution = solver.first().expect("the chain has a solution");
    let mut chosen: Vec<usize> = solution.options().iter().map(|o| o.index()).collect();
    chosen.sort_unstable();
    assert_eq!(chosen, (0..depth).map(|i| 2 * i).collect::<Vec<_>>());
    let stats = solver.stats();
    // Abandoned at the solution, 100,000 levels down: the links are exactly as built.
    solver.check_integrity().unwrap();
    stats
}

#[test]
fn a_chain_100_000_levels_deep_solves_in_linear_work() {
    // `FirstForced` takes each forced move without scanning the other items, so the
    // whole search is linear in the problem's size (TAOCP's full scan of the active
    // items makes it quadratic in wall time, though not in nodes or updates).
    let deep = solve_chain(100_000, Branching::FirstForced);
    // One node per level plus the solution node, nothing more: no backtracking.
    assert_eq!(deep.nodes, 100_001);
    assert_eq!(deep.solutions, 1);
    // Work per level is constant: doubling the depth doubles the updates, to within a
    // constant.
    let half = solve_chain(50_000, Branching::FirstForced);
    assert_eq!(half.nodes, 50_001);
    let per_level = (deep.updates - half.updates) / 50_000;
    assert_eq!(deep.updates - half.updates, 50_000 * per_level);
    assert!(half.updates <= 50_000 * per_level + 4, "{half:?}");
    assert!(per_level <= 4, "{per_level} updates per level");
}

#[test]
fn both_branchings_walk_a_chain_alike() {
    // No item ever runs out of options in a chain, so TAOCP's choice is the first
    // forced item too: same nodes, same updates.
    let knuth = solve_chain(3_000, Branching::Knuth);
    let forced = solve_chain(3_000, Branching::FirstForced);
    assert_eq!((knuth.nodes, knuth.updates), (forced.nodes, forced.updates));
    assert_eq!(knuth.nodes, 3_001);
}

#[test]
fn a_deep_search_stops_at_the_node_limit_and_restores_the_links() {
    let problem = chain(100_000);
    let mut solver = Solver::new(&problem);
    solver.set_branching(Branching::FirstForced);
    solver.set_limits(Limits {
        max_nodes: Some(60_000),
        ..Limits::default()
    });
    let count = solver.count();
    assert_eq!(
        (count.found(), count.reason()),
        (0, Some(StopReason::NodeLimit))
    );
    let stats = solver.stats();
    assert!(!stats.is_complete());
    assert_eq!(stats.nodes, 60_000);
    // Abandoned 60,000 levels down, the links are exactly as built.
    solver.check_integrity().unwrap();
}

#[test]
fn a_million_tiny_options_build_and_solve() {
    const ITEMS: usize = 1_000;
    const OPTIONS: usize = 1_000_000;
    let mut b = Problem::builder();
    let items: Vec<_> = (0..ITEMS)
        .map(|i| b.primary(&format!("i{i}")).unwrap())
        .collect();
    for o in 0..OPTIONS {
        b.option([items[o % ITEMS]]).unwrap();
    }
    let problem = b.build().unwrap();
    assert_eq!(problem.option_count(), OPTIONS);
    assert_eq!(problem.entry_count(), OPTIONS);
    let mut solver = Solver::new(&problem);
    let first = solver.first().unwrap();
    // Each item's first option, one level per item.
    assert_eq!(first.options().len(), ITEMS);
    assert!(first.options().iter().all(|o| o.index() < ITEMS));
    let stats = solver.stats();
    assert_eq!(stats.nodes, ITEMS as u64 + 1);
    solver.check_integrity().unwrap();
    assert_eq!(problem.format_option(OptionId::new(OPTIONS - 1)), "i999");
}

#[test]
fn a_million_tiny_options_parse_from_text() {
    let mut text = String::from("a b c\n");
    for i in 0..1_000_000 {
        text.push_str(["a\n", "b\n", "c\n", "a b\n"][i % 4]);
    }
    let problem = dancing::format::parse_str(&text).unwrap();
    assert_eq!(problem.option_count(), 1_000_000);
    assert_eq!(problem.entry_count(), 1_250_000);
    let mut solver = Solver::new(&problem);
    solver.set_limits(Limits {
        max_nodes: Some(10_000),
        ..Limits::default()
    });
    assert!(solver.first().is_some());
    solver.check_integrity().unwrap();
}
