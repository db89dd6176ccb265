//! Independent checks of a search: every solution is an exact cover (colors
//! compatible), no solution repeats, the links are restored after every search, on
//! small problems the count agrees with a plain backtracking oracle, and the dense
//! engine (and dancing cells, where the build has them) search the same tree as the
//! links.

use dancing::Engine;
use dancing::SplitEngine;
use std::collections::HashSet;

use dancing::{
    AnyEngine, Branching, DenseSolver, EngineName, ItemId, Limits, MultiSolver, OptionId, Problem,
    Solver,
};

/// Problems with at most this many options are also counted by [`oracle_count`].
pub const ORACLE_OPTIONS: usize = 16;

/// Problems with multiplicities and at most this many options are also counted by
/// trying every subset of their options.
const BOUNDED_ORACLE_OPTIONS: usize = 12;

/// How many solutions a check collects before it abandons the search on purpose.
const MAX_SOLUTIONS: usize = 2_000;

/// Why `options` is not a solution of `problem`, if it is not one.
pub fn exact_cover(problem: &Problem, options: &[OptionId]) -> Result<(), String> {
    // Per item: how many chosen options hold it, and the colors they give it.
    let mut uses = vec![0usize; problem.item_count()];
    let mut colors: Vec<Option<Option<usize>>> = vec![None; problem.item_count()];
    for &option in options {
        if option.index() >= problem.option_count() {
            return Err(format!("option {option} is out of range"));
        }
        for (item, color) in problem.option_items(option) {
            let i = item.index();
            uses[i] += 1;
            let color = color.map(|c| c.index());
            match colors[i] {
                None => colors[i] = Some(color),
                Some(seen) if seen.is_some() && seen == color => {}
                Some(_) => {
                    return Err(format!(
                        "item `{}` is used twice without one shared color",
                        problem.item_name(item)
                    ));
                }
            }
        }
    }
    for item in problem.items() {
        if problem.is_primary(item) && uses[item.index()] != 1 {
            return Err(format!(
                "primary item `{}` is covered {} times",
                problem.item_name(item),
                uses[item.index()]
            ));
        }
    }
    Ok(())
}

/// Counts the solutions of a small problem by trying every compatible set of options in
/// index order, sharing no code with the dancing-links search. `None` if the problem has
/// more than [`ORACLE_OPTIONS`] options.
pub fn oracle_count(problem: &Problem) -> Option<u64> {
    if problem.option_count() > ORACLE_OPTIONS {
        return None;
    }
    let options: Vec<Vec<(ItemId, Option<usize>)>> = problem
        .options()
        .map(|o| {
            problem
                .option_items(o)
                .map(|(i, c)| (i, c.map(|c| c.index())))
                .collect()
        })
        .collect();
    let primaries: Vec<usize> = problem
        .items()
        .filter(|&i| problem.is_primary(i))
        .map(|i| i.index())
        .collect();
    let mut state = vec![Slot::Free; problem.item_count()];
    Some(extend(&options, &primaries, 0, &mut state))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Free,
    Exclusive,
    Shared(usize, usize),
}

fn extend(
    options: &[Vec<(ItemId, Option<usize>)>],
    primaries: &[usize],
    next: usize,
    state: &mut [Slot],
) -> u64 {
    if next == options.len() {
        return u64::from(primaries.iter().all(|&p| state[p] != Slot::Free));
    }
    let mut count = extend(options, primaries, next + 1, state);
    let option = &options[next];
    let fits = option
        .iter()
        .all(|&(item, color)| match (state[item.index()], color) {
            (Slot::Free, _) => true,
            (Slot::Shared(c, _), Some(d)) => c == d,
            _ => false,
        });
    if fits {
        let saved: Vec<Slot> = option.iter().map(|&(i, _)| state[i.index()]).collect();
        for &(item, color) in option {
            let slot = &mut state[item.index()];
            *slot = match (color, *slot) {
                (None, _) => Slot::Exclusive,
                (Some(c), Slot::Shared(_, n)) => Slot::Shared(c, n + 1),
                (Some(c), _) => Slot::Shared(c, 1),
            };
        }
        count += extend(options, primaries, next + 1, state);
        for (&(item, _), slot) in option.iter().zip(saved) {
            state[item.index()] = slot;
        }
    }
    count
}

/// Records a solution as the set of its options, which must be new to `seen`.
fn insert_new(seen: &mut HashSet<Vec<OptionId>>, options: &[OptionId], by: &str) {
    let mut key = options.to_vec();
    key.sort();
    assert!(seen.insert(key), "{by} found solution {options:?} twice");
}

/// Searches `problem` with a node limit and checks everything checkable: each solution
/// is an exact cover and new, the statistics agree with what was seen, the links are
/// restored, and a complete count on a small problem matches [`oracle_count`].
/// Then forces and descends into a few options and checks those searches too.
pub fn search(problem: &Problem, max_nodes: u64) {
    if problem.has_bounds() {
        return search_bounded(problem, max_nodes);
    }
    let mut solver = Solver::new(problem);
    solver.set_limits(Limits {
        max_nodes: Some(max_nodes),
        ..Limits::default()
    });
    let mut seen = HashSet::new();
    let mut solutions = solver.solutions();
    for solution in solutions.by_ref().take(MAX_SOLUTIONS) {
        let options = solution.options();
        if let Err(e) = exact_cover(problem, options) {
            panic!("solution {options:?} is not an exact cover: {e}");
        }
        insert_new(&mut seen, options, "the search");
    }
    let stats = solutions.stats();
    drop(solutions);
    assert_integrity(&solver, "after a search");
    let oracle = oracle_count(problem);
    if seen.len() < MAX_SOLUTIONS && stats.is_complete() {
        assert_eq!(stats.solutions, seen.len() as u64, "solutions counted");
        assert!(stats.nodes <= max_nodes, "node limit overrun: {stats:?}");
        if let Some(expected) = oracle {
            assert_eq!(seen.len() as u64, expected, "count differs from the oracle");
        }
        // A second search over the same solver finds the same number.
        assert_eq!(solver.count(), seen.len() as u64, "second search");
        assert_integrity(&solver, "after a second search");
        // Stopping the scan at forced moves changes the order, never the solutions.
        let mut forced = Solver::new(problem);
        forced.set_branching(Branching::FirstForced);
        // It never branches while an item has no option left, so its extra work is
        // forced moves: at most one per primary item per node of TAOCP's search.
        forced.set_limits(Limits {
            max_nodes: Some(forced_limit(&stats, problem)),
            ..Limits::default()
        });
        let mut again = HashSet::new();
        let mut solutions = forced.solutions();
        for solution in solutions.by_ref() {
            insert_new(&mut again, solution.options(), "FirstForced");
        }
        assert!(
            solutions.stats().is_complete(),
            "FirstForced needed more than {:?}",
            forced_limit(&stats, problem)
        );
        drop(solutions);
        assert_eq!(again, seen, "FirstForced found other solutions");
        assert_integrity(&forced, "after a FirstForced search");
    } else {
        assert!(
            stats.nodes <= max_nodes + 1,
            "node limit overrun: {stats:?}"
        );
    }

    // Dancing cells where the build has it (the engine crate's `cells` feature).
    if let Ok(cells) = AnyEngine::new(problem, EngineName::Cells) {
        same_as_links(problem, cells, max_nodes);
    }
    if let Ok(dense) = DenseSolver::new(problem) {
        same_as_links(problem, dense, max_nodes);
    }

    // Fixing options: every solution found with an option forced contains it.
    for option in problem.options().take(3) {
        if solver.force(option).is_ok() {
            let mut found = 0u64;
            let stats = solver.visit(|options| {
                assert!(options.contains(&option), "forced option missing");
                if let Err(e) = exact_cover(problem, options) {
                    panic!("solution {options:?} with {option} forced is not an exact cover: {e}");
                }
                found += 1;
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(found, stats.solutions);
            let fixed: Vec<OptionId> = solver.fixed().collect();
            assert_eq!(fixed, [option]);
            solver.release();
            assert_integrity(&solver, "after a release");
        }
    }
    for option in problem.options().take(4) {
        if solver.descend(option).is_ok() {
            let found = solver.count_up_to(MAX_SOLUTIONS as u64);
            solver.release();
            assert_integrity(&solver, "after a descend");
            // Without a node limit stopping either search, the branch is a subset.
            if stats.is_complete() && seen.len() < MAX_SOLUTIONS && solver.stats().is_complete() {
                assert!(found.found() <= seen.len() as u64);
            }
        }
    }
}

/// Why `options` is not a solution of `problem` with multiplicities, if it is not one:
/// each primary item covered between its bounds, each secondary item by one option or
/// by options that agree on its color.
pub fn bounded_cover(problem: &Problem, options: &[OptionId]) -> Result<(), String> {
    let mut uses = vec![0u32; problem.item_count()];
    let mut colors: Vec<Option<Option<usize>>> = vec![None; problem.item_count()];
    for &option in options {
        if option.index() >= problem.option_count() {
            return Err(format!("option {option} is out of range"));
        }
        for (item, color) in problem.option_items(option) {
            let i = item.index();
            uses[i] += 1;
            if problem.is_primary(item) {
                continue;
            }
            let color = color.map(|c| c.index());
            match colors[i] {
                None => colors[i] = Some(color),
                Some(seen) if seen.is_some() && seen == color => {}
                Some(_) => {
                    return Err(format!(
                        "item `{}` is used twice without one shared color",
                        problem.item_name(item)
                    ));
                }
            }
        }
    }
    for item in problem.items().filter(|&i| problem.is_primary(i)) {
        let (lo, hi) = problem.bounds(item);
        let n = uses[item.index()];
        if n < lo || n > hi {
            return Err(format!(
                "primary item `{}` with bounds {lo}:{hi} is covered {n} times",
                problem.item_name(item)
            ));
        }
    }
    Ok(())
}

/// [`search`] for a problem with multiplicities (Algorithm M): each solution is a
/// cover within the bounds and new, the links and bounds are restored, and a complete
/// count matches the subsets of a small problem's options and the parts of a split.
fn search_bounded(problem: &Problem, max_nodes: u64) {
    let mut solver = MultiSolver::new(problem);
    solver.set_limits(Limits {
        max_nodes: Some(max_nodes),
        ..Limits::default()
    });
    let mut seen = HashSet::new();
    let mut solutions = solver.solutions();
    for solution in solutions.by_ref().take(MAX_SOLUTIONS) {
        let options = solution.options();
        if let Err(e) = bounded_cover(problem, options) {
            panic!("solution {options:?} is not a cover within the bounds: {e}");
        }
        assert_eq!(
            problem.verify(options),
            Ok(()),
            "verify refuses {options:?}"
        );
        insert_new(&mut seen, options, "the search");
    }
    let stats = solutions.stats();
    drop(solutions);
    assert!(solver.is_pristine(), "links or bounds not restored");
    if seen.len() >= MAX_SOLUTIONS || !stats.is_complete() {
        return;
    }
    assert_eq!(stats.solutions, seen.len() as u64, "solutions counted");
    let n = problem.option_count();
    if n <= BOUNDED_ORACLE_OPTIONS {
        let subsets = (0u32..1 << n)
            .filter(|mask| {
                let options: Vec<OptionId> = (0..n)
                    .filter(|k| mask >> k & 1 == 1)
                    .map(OptionId::new)
                    .collect();
                bounded_cover(problem, &options).is_ok()
            })
            .count();
        assert_eq!(seen.len(), subsets, "count differs from the subsets");
    }
    let mut parts = 0;
    for prefix in solver.split(2) {
        solver
            .replay(&prefix)
            .unwrap_or_else(|e| panic!("split prefix {prefix:?} does not replay: {e}"));
        parts += solver.count().found();
        solver.release();
    }
    assert_eq!(parts, seen.len() as u64, "the parts of a split");
    assert!(
        solver.is_pristine(),
        "links or bounds not restored after a split"
    );
}

/// Another engine that walks the links' tree (dancing cells, the dense bitsets) under
/// the same node limit as the links: the same solutions in the same order, the same
/// statistics, and its tables restored.
fn same_as_links<E: Engine>(problem: &Problem, mut other: E, max_nodes: u64) {
    let limits = Limits {
        max_nodes: Some(max_nodes),
        ..Limits::default()
    };
    let name = other.name();
    let mut links = Solver::new(problem);
    links.set_limits(limits.clone());
    other.set_limits(limits);
    let mut by_links = links.solutions();
    let mut by_other = other.solutions();
    for k in 0..MAX_SOLUTIONS {
        let (a, b) = (by_links.next(), by_other.next());
        assert_eq!(a, b, "solution {k}: the links and {name} differ");
        if a.is_none() {
            break;
        }
    }
    drop((by_links, by_other));
    let (a, b) = (links.stats(), other.stats());
    assert_eq!(
        (a.solutions, a.nodes, a.updates, a.stopped),
        (b.solutions, b.nodes, b.updates, b.stopped),
        "the links' statistics and {name}'s"
    );
    if let Err(e) = other.check_integrity() {
        panic!("tables broken after a {name} search: {e}");
    }
}

/// The most nodes a [`Branching::FirstForced`] search may take, given TAOCP's.
fn forced_limit(knuth: &dancing::Stats, problem: &Problem) -> u64 {
    knuth.nodes.max(1) * (problem.primary_count() as u64 + 1)
}

fn assert_integrity(solver: &Solver, when: &str) {
    if let Err(e) = solver.check_integrity() {
        panic!("links broken {when}: {e}");
    }
}
