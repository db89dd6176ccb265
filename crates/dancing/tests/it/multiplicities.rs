//! Multiplicities (Algorithm M, `MultiSolver`) against independent oracles: every
//! subset of options of a small random problem with bounds is checked against the
//! definition, known counts derived by hand, and splits whose parts add up.

use dancing::Engine;
use std::collections::BTreeSet;

#[cfg(feature = "parallel")]
use dancing::ParallelSolver;
use dancing::{
    Count, ItemId, Move, MultiSolver, OptionId, Problem, Solution, Solver, format, problems,
};
use proptest::prelude::*;

use dancing_testkit::{self as testkit, sorted};

/// A small problem with bounds: `bounds[i]` for primary item `i`, then `secondary`
/// secondary items; options are (item, color) pairs, colors only on secondary items.
#[derive(Debug, Clone)]
pub(crate) struct Spec {
    bounds: Vec<(u32, u32)>,
    secondary: usize,
    options: Vec<Vec<(usize, Option<u8>)>>,
}

/// Up to 4 primary items with bounds `lo:hi`, `hi` ≤ 3, up to 3 secondary items, and
/// up to `max_options` options; colors when `colors`.
pub(crate) fn spec(max_options: usize, colors: bool) -> impl Strategy<Value = Spec> {
    let bounds = proptest::collection::vec((0u32..=3, 1u32..=3), 1..5)
        .prop_map(|b| b.into_iter().map(|(lo, hi)| (lo.min(hi), hi)).collect());
    (bounds, 0usize..4).prop_flat_map(move |(bounds, secondary): (Vec<(u32, u32)>, _)| {
        let primary = bounds.len();
        let items = primary + secondary;
        let option = (
            proptest::sample::subsequence((0..items).collect::<Vec<_>>(), 1..=items.min(4)),
            proptest::collection::vec(proptest::option::weighted(0.6, 0u8..2), 4),
        )
            .prop_filter("needs a primary item", move |(o, _)| {
                o.iter().any(|&i| i < primary)
            })
            .prop_map(move |(items, c)| {
                items
                    .into_iter()
                    .zip(c)
                    .map(|(i, c)| (i, if i < primary || !colors { None } else { c }))
                    .collect::<Vec<_>>()
            });
        proptest::collection::vec(option, 0..=max_options).prop_map(move |options| Spec {
            bounds: bounds.clone(),
            secondary,
            options,
        })
    })
}

pub(crate) fn build(spec: &Spec) -> Problem {
    let mut b = Problem::builder();
    let mut ids: Vec<ItemId> = Vec::new();
    for (k, &(lo, hi)) in spec.bounds.iter().enumerate() {
        ids.push(b.primary_bounded(&format!("p{k}"), lo, hi).unwrap());
    }
    for k in 0..spec.secondary {
        ids.push(b.secondary(&format!("s{k}")).unwrap());
    }
    testkit::add_colored(&mut b, &ids, &spec.options, Vec::as_slice, |_, _| {});
    b.build().unwrap()
}

/// Every set of options (as sorted indices) that covers each primary item `i` between
/// its bounds, and each secondary item at most once, or only by options that give it
/// one and the same color.
pub(crate) fn brute_force(spec: &Spec) -> BTreeSet<Vec<usize>> {
    let primary = spec.bounds.len();
    let items = primary + spec.secondary;
    (0u32..1 << spec.options.len())
        .filter(|&mask| {
            let usage = testkit::usage(items, spec.options.iter().map(Vec::as_slice), mask);
            let bounded = spec
                .bounds
                .iter()
                .zip(&usage)
                .all(|(&(lo, hi), u)| lo <= u.uses && u.uses <= hi);
            bounded && usage[primary..].iter().all(|u| u.secondary_ok())
        })
        .map(|mask| {
            (0..spec.options.len())
                .filter(|k| mask >> k & 1 == 1)
                .collect()
        })
        .collect()
}

/// The solver's solutions agree with the brute force: the same set, each once, the
/// same count, and the links restored after each search.
fn agrees(spec: &Spec) -> Result<(), TestCaseError> {
    let problem = build(spec);
    let expected = brute_force(spec);
    let mut solver = MultiSolver::new(&problem);
    let found: Vec<Vec<usize>> = solver.solutions().map(|s| sorted(s.options())).collect();
    prop_assert!(solver.is_pristine());
    solver.check_integrity().unwrap();
    let unique: BTreeSet<_> = found.iter().cloned().collect();
    prop_assert_eq!(unique.len(), found.len(), "a solution was visited twice");
    prop_assert_eq!(&unique, &expected);
    prop_assert_eq!(solver.count(), expected.len() as u64);
    prop_assert!(solver.is_pristine());
    // `Problem::verify` accepts exactly the solutions of the definition.
    for mask in 0u32..1 << spec.options.len() {
        let options: Vec<OptionId> = (0..spec.options.len())
            .filter(|k| mask >> k & 1 == 1)
            .map(OptionId::new)
            .collect();
        let valid = expected.contains(&sorted(&options));
        prop_assert_eq!(problem.verify(&options).is_ok(), valid, "{:?}", options);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solutions_are_exactly_the_brute_force_ones(spec in spec(10, false)) {
        agrees(&spec)?;
    }

    #[test]
    fn colored_secondary_items_agree_with_the_brute_force(spec in spec(10, true)) {
        agrees(&spec)?;
    }

    /// Without bounds, Algorithm M is Algorithm X (C with colors): the same solutions
    /// in the same order, and the same nodes and updates.
    #[test]
    fn plain_problems_walk_the_tree_of_the_links(spec in crate::colors_and_costs::spec(12, 0)) {
        let problem = crate::colors_and_costs::build(&spec);
        let mut multi = MultiSolver::new(&problem);
        let mut links = Solver::new(&problem);
        let ours: Vec<_> = multi.solutions().collect();
        let theirs: Vec<_> = links.solutions().collect();
        prop_assert_eq!(ours, theirs);
        prop_assert_eq!(multi.count(), links.count());
        prop_assert_eq!(multi.stats().nodes, links.stats().nodes);
        prop_assert_eq!(multi.stats().updates, links.stats().updates);
        prop_assert!(multi.is_pristine());
    }

    #[test]
    fn split_parts_add_up_to_the_whole(spec in spec(10, true), depth in 0usize..4) {
        let problem = build(&spec);
        let mut solver = MultiSolver::new(&problem);
        let whole = solver.count();
        let sequential = solver.stats();
        let mut sum = Count::Complete(0);
        let mut solutions = BTreeSet::new();
        let (prefixes, mut stats) = solver.split_with_stats(depth);
        prop_assert_eq!(solver.stats(), sequential);
        for prefix in prefixes {
            solver.replay(&prefix).unwrap();
            prop_assert_eq!(solver.fixed(), prefix.clone());
            for solution in solver.solutions() {
                prop_assert!(solutions.insert(sorted(solution.options())));
            }
            sum += solver.count();
            stats += solver.stats();
            solver.release();
            prop_assert!(solver.is_pristine());
        }
        prop_assert_eq!(sum, whole);
        // The split's levels and the parts' searches make up the sequential search.
        prop_assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (sequential.solutions, sequential.nodes, sequential.updates)
        );
        prop_assert_eq!(solutions, brute_force(&spec));
    }
}

/// 8 queens with rows and columns 1:1 and the diagonals as primary items 0:1 instead of
/// secondary items: the same 92 solutions, by Algorithm M's null moves on diagonals.
#[test]
fn eight_queens_with_bounded_diagonals() {
    let plain = problems::queens(8);
    let problem = bounded_diagonals(&plain);
    assert!(problem.has_bounds());
    let mut solver = MultiSolver::new(&problem);
    assert_eq!(solver.count(), 92);
    let ours: BTreeSet<Vec<usize>> = solver.solutions().map(|s| sorted(s.options())).collect();
    let theirs: BTreeSet<Vec<usize>> = Solver::new(&plain)
        .solutions()
        .map(|s| sorted(s.options()))
        .collect();
    assert_eq!(ours, theirs);
    assert!(solver.is_pristine());
}

/// N queens with the diagonals as primary items `0:1`, searched by null moves.
fn bounded_diagonals(plain: &Problem) -> Problem {
    let mut b = Problem::builder();
    for item in plain.items() {
        let name = plain.item_name(item);
        if plain.is_primary(item) {
            b.primary(name).unwrap();
        } else {
            b.primary_bounded(name, 0, 1).unwrap();
        }
    }
    for option in plain.options() {
        b.option(plain.option_items(option).map(|(i, _)| i))
            .unwrap();
    }
    b.build().unwrap()
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |c, j| c * (n - j) / (j + 1))
}

/// One item `pick` with bounds `lo:hi` in every one of `n` options, each option with
/// its own 0:1 item: the solutions are the subsets of `lo` to `hi` options, counted
/// by binomial coefficients.
#[test]
fn choosing_k_of_n_counts_binomial_coefficients() {
    for n in 1..=9u32 {
        for hi in 1..=n {
            for lo in 0..=hi {
                let mut text = format!("{lo}:{hi}|pick");
                for k in 0..n {
                    text += &format!(" 0:1|o{k}");
                }
                text.push('\n');
                for k in 0..n {
                    text += &format!("pick o{k}\n");
                }
                let problem = format::parse_str(&text).unwrap();
                let expected: u64 = (lo..=hi).map(|k| binomial(n.into(), k.into())).sum();
                let mut solver = MultiSolver::new(&problem);
                assert_eq!(solver.count(), expected, "{lo}:{hi} of {n}");
                assert!(solver.is_pristine());
            }
        }
    }
}

/// `total` must be covered exactly `n` times; each of `m` items `col_j` (bounds 0:2)
/// has three options `total col_j`. A solution takes none, one or two of each item's
/// three options (1, 3 or 3 ways), so the count is the coefficient of xⁿ in
/// (1 + 3x + 3x²)ᵐ.
#[test]
fn bounded_columns_count_a_polynomial_coefficient() {
    for m in 1..=4usize {
        // (1 + 3x + 3x^2)^m by repeated multiplication.
        let mut poly = vec![1u64];
        for _ in 0..m {
            let mut next = vec![0u64; poly.len() + 2];
            for (d, &c) in poly.iter().enumerate() {
                next[d] += c;
                next[d + 1] += 3 * c;
                next[d + 2] += 3 * c;
            }
            poly = next;
        }
        for n in 1..=2 * m as u32 {
            let mut text = format!("{n}|total");
            for j in 0..m {
                text += &format!(" 0:2|col{j}");
            }
            text.push('\n');
            for j in 0..m {
                for _ in 0..3 {
                    text += &format!("total col{j}\n");
                }
            }
            let problem = format::parse_str(&text).unwrap();
            let mut solver = MultiSolver::new(&problem);
            assert_eq!(solver.count(), poly[n as usize], "n = {n}, m = {m}");
        }
    }
}

#[test]
fn a_null_move_is_a_prefix_of_its_own() {
    // `n` takes one or two of `a`, `b`, `c`; the split below `n`'s first branch holds
    // a null move where `n`'s lower bound is met.
    let problem = format::parse_str("1:2|n 0:1|a 0:1|b 0:1|c\nn a\nn b\nn c\n").unwrap();
    let mut solver = MultiSolver::new(&problem);
    let split = solver.split(3);
    assert!(
        split
            .iter()
            .any(|p| p.iter().any(|m| matches!(m, Move::Skip(_)))),
        "{split:?}"
    );
    let mut total = Count::Complete(0);
    for prefix in &split {
        solver.replay(prefix).unwrap();
        total += solver.count();
        solver.release();
    }
    assert_eq!(total, 6);
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_counts_are_the_sequential_counts() {
    let text = "2:3|n 0:2|a 0:2|b 1:2|c 0:1|d | x\nn a\nn b x:1\nn c x:2\nn d\na b\nc d x:1\nn a c\nb c d\na\nd\n";
    let problem = format::parse_str(text).unwrap();
    let mut sequential = MultiSolver::new(&problem);
    let whole = sequential.count();
    assert!(whole.found() > 0);
    for threads in 1..=3 {
        let mut parallel = ParallelSolver::new(MultiSolver::new(&problem), threads);
        assert_eq!(parallel.count(), whole);
        assert_eq!(parallel.stats().nodes, sequential.stats().nodes);
        assert_eq!(parallel.stats().updates, sequential.stats().updates);
        assert!(parallel.solver().is_pristine());
    }
    let queens = problems::queens(7);
    assert_eq!(
        ParallelSolver::new(MultiSolver::new(&queens), 2).count(),
        40
    );
}

/// Algorithm M on threads: the sequential count, statistics and solutions (in the
/// sequential order when asked), on problems large enough for the workers to give
/// work away many times.
#[cfg(feature = "parallel")]
#[test]
fn parallel_search_with_multiplicities_matches_the_sequential_one() {
    // Choose 4 to 6 of 14 options, each of one item, and pentominoes in a box.
    for problem in [
        format::parse_str(&dancing_testkit::choose_between(4, 6, 14)).unwrap(),
        bounded_diagonals(&problems::queens(9)),
        problems::pentominoes(20, 3),
        problems::langford(8),
    ] {
        let mut sequential = MultiSolver::new(&problem);
        let expected: Vec<Solution> = sequential.solutions().collect();
        let count = sequential.count();
        let stats = sequential.stats();
        for threads in [2, 3] {
            let mut parallel = ParallelSolver::new(MultiSolver::new(&problem), threads);
            assert_eq!(parallel.count(), count);
            assert_eq!(
                (parallel.stats().nodes, parallel.stats().updates),
                (stats.nodes, stats.updates)
            );
            let ordered: Vec<Solution> = parallel.solutions_ordered().collect();
            assert_eq!(ordered, expected);
            let mut unordered = parallel.solutions();
            let mut sorted = expected.clone();
            unordered.sort_by(|a, b| a.options().cmp(b.options()));
            sorted.sort_by(|a, b| a.options().cmp(b.options()));
            assert_eq!(unordered, sorted);
            assert!(parallel.solver().is_pristine());
        }
    }
}
