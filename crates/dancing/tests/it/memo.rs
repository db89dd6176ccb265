//! The memoized search (`Memo`, `Zdd`) against independent oracles: the brute force on
//! small random problems (plain, colored, with multiplicities), the plain search on the
//! classic problems and the bundled files, the published domino counts (OEIS A004003),
//! a transfer matrix over the columns of a strip, Fibonacci numbers past 2^128, and a
//! chi-square test of the sampling.

use std::collections::BTreeSet;

use dancing::{
    BigCount, Count, Engine, Limits, Memo, MemoOrder, MultiSolver, Problem, Solver, StopReason,
    Zdd, format, problems,
};
use dancing_testkit::sorted;
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::zdd_queries::check_queries;
use crate::{brute_force, colors_and_costs, multiplicities};

const ORDERS: [MemoOrder; 4] = [
    MemoOrder::Auto,
    MemoOrder::Frontier,
    MemoOrder::Declared,
    MemoOrder::Mrv,
];

/// The diagram of `problem` in `order`.
pub(crate) fn zdd(problem: &Problem, order: MemoOrder) -> Zdd {
    Memo::new(problem).order(order).build().expect("no limits")
}

/// The solutions of the diagram as sorted option indices: each once, as many as counted,
/// each a valid cover.
fn solutions(problem: &Problem, zdd: &Zdd) -> Result<BTreeSet<Vec<usize>>, TestCaseError> {
    let listed: Vec<Vec<usize>> = zdd.solutions().map(|s| sorted(&s)).collect();
    let unique: BTreeSet<Vec<usize>> = listed.iter().cloned().collect();
    prop_assert_eq!(unique.len(), listed.len(), "a solution listed twice");
    prop_assert_eq!(zdd.count(), BigCount::from(listed.len()));
    for solution in zdd.solutions() {
        prop_assert!(problem.verify(&solution).is_ok(), "{:?}", solution);
    }
    Ok(unique)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn plain_problems_have_the_brute_force_solutions(spec in brute_force::spec()) {
        let problem = brute_force::build(&spec);
        let expected = brute_force::brute_force(&spec);
        for order in ORDERS {
            let zdd = zdd(&problem, order);
            prop_assert_eq!(&solutions(&problem, &zdd)?, &expected);
            check_queries(&problem, &zdd, &expected)?;
        }
    }

    #[test]
    fn colored_problems_have_the_brute_force_solutions(spec in colors_and_costs::spec(10, 0)) {
        let problem = colors_and_costs::build(&spec);
        let expected: BTreeSet<Vec<usize>> = colors_and_costs::brute_force(&spec)
            .into_iter()
            .map(|(options, _)| options)
            .collect();
        for order in ORDERS {
            let zdd = zdd(&problem, order);
            prop_assert_eq!(&solutions(&problem, &zdd)?, &expected);
            check_queries(&problem, &zdd, &expected)?;
        }
    }

    #[test]
    fn multiplicities_have_the_brute_force_solutions(spec in multiplicities::spec(9, true)) {
        let problem = multiplicities::build(&spec);
        let expected = multiplicities::brute_force(&spec);
        for order in ORDERS {
            let zdd = zdd(&problem, order);
            prop_assert_eq!(&solutions(&problem, &zdd)?, &expected);
            check_queries(&problem, &zdd, &expected)?;
        }
    }
}

/// The count of the diagram as a `u64`, for problems the plain search counts.
fn memo_count(problem: &Problem, order: MemoOrder) -> u64 {
    u64::try_from(zdd(problem, order).count()).expect("a count the plain search can reach")
}

#[test]
fn the_classic_problems_count_as_the_plain_search_counts() {
    let cases = [
        problems::queens(8),
        problems::langford(8),
        problems::latin_square(4),
        problems::dominoes(6, 5),
    ];
    for problem in &cases {
        let plain = Solver::new(problem).count().exact().expect("complete");
        for order in ORDERS {
            assert_eq!(memo_count(problem, order), plain, "{order:?}");
        }
    }
    // The pieces reach every cell: a fixed order would remember millions of states
    // (the default takes MRV there).
    let pentominoes = problems::pentominoes(20, 3);
    for order in [MemoOrder::Auto, MemoOrder::Mrv] {
        assert_eq!(memo_count(&pentominoes, order), 8, "{order:?}");
    }
}

#[test]
fn the_bundled_files_count_as_the_plain_search_counts() {
    let files = [
        include_str!("../../../dancing-cli/samples/toy.dlx"),
        include_str!("../../../dancing-cli/samples/problem.dlx"),
        include_str!("../../../dancing-cli/samples/costed.dlx"),
        include_str!("../../../dancing-cli/samples/bounds.dlx"),
        include_str!("../../../dancing-cli/samples/choose.dlx"),
        include_str!("../../../dancing-cli/tests/data/colors.dlx"),
        include_str!("../../../dancing-cli/tests/data/knuth_colors.dlx"),
        include_str!("../../../dancing-cli/tests/data/multiplicities/bounds.dlx"),
        include_str!("../../../dancing-cli/tests/data/multiplicities/choose.dlx"),
    ];
    for text in files {
        let problem = format::parse_str(text).expect("a bundled file reads");
        let plain = if problem.has_bounds() {
            MultiSolver::new(&problem).count()
        } else {
            Solver::new(&problem).count()
        };
        let plain = plain.exact().expect("complete");
        for order in ORDERS {
            assert_eq!(memo_count(&problem, order), plain, "{order:?} on {text}");
        }
    }
}

#[test]
fn square_boards_have_the_published_domino_counts() {
    // OEIS A004003: the domino tilings of the 2n×2n board.
    let published = [
        "1",
        "2",
        "36",
        "6728",
        "12988816",
        "258584046368",
        "53060477521960000",
        "112202208776036178000000",
    ];
    for (n, &count) in published.iter().enumerate().skip(1) {
        let zdd = zdd(&problems::dominoes(2 * n, 2 * n), MemoOrder::Auto);
        assert_eq!(zdd.count().to_string(), count, "{0}×{0}", 2 * n);
    }
}

/// The domino tilings of a board `rows` tall and `columns` wide, by a transfer matrix
/// over the columns: a state is the set of cells of the next column that dominoes
/// sticking out of this one already fill.
fn transfer_matrix(rows: usize, columns: usize) -> u128 {
    let mut ways = vec![0u128; 1 << rows];
    ways[0] = 1;
    for _ in 0..columns {
        let mut next = vec![0u128; 1 << rows];
        for (filled, &w) in ways.iter().enumerate() {
            if w > 0 {
                fill(rows, 0, filled, 0, w, &mut next);
            }
        }
        ways = next;
    }
    ways[0]
}

/// Fills the column from row `r` on, given the cells `filled` already, adding `w` to
/// `next[sticking]` for each way (`sticking`: the next column's cells taken so far).
fn fill(rows: usize, r: usize, filled: usize, sticking: usize, w: u128, next: &mut [u128]) {
    if r == rows {
        next[sticking] += w;
        return;
    }
    if filled >> r & 1 == 1 {
        return fill(rows, r + 1, filled, sticking, w, next);
    }
    // A domino into the next column, or one down this column.
    fill(rows, r + 1, filled, sticking | 1 << r, w, next);
    if r + 1 < rows && filled >> (r + 1) & 1 == 0 {
        fill(rows, r + 2, filled, sticking, w, next);
    }
}

#[test]
fn keys_whose_windows_pass_32_and_64_bits_count_as_the_plain_search() {
    // Items 0–9 each cover themselves alone, with an item 40 to 103 ahead, or with
    // item 110, which only one of them may take: the open positions of a state reach
    // up to 110 ahead of the first. A colored secondary item puts pairs after the
    // window in every key, and doubles the count.
    for colored in [false, true] {
        let mut text: String = (0..130).map(|k| format!("i{k} ")).collect();
        text.push_str(if colored { "| x\ni129 x:a\n" } else { "\n" });
        for k in 0..10 {
            text.push_str(&format!("i{k}\ni{k} i{}\ni{k} i110\n", 40 + 7 * k));
        }
        for k in 10..130 {
            text.push_str(&format!("i{k}\n"));
        }
        let problem = dancing::format::parse_str(&text).unwrap();
        let plain = Solver::new(&problem).count();
        assert_eq!(plain, (1024 + 10 * 512) << u32::from(colored));
        for order in MemoOrder::ALL {
            assert_eq!(memo_count(&problem, order), plain, "{order:?}, {colored}");
        }
    }
}

#[test]
fn strips_count_as_their_transfer_matrix() {
    for rows in 1..=6 {
        for columns in [1, 2, 3, 7, 20, 40] {
            let expected = transfer_matrix(rows, columns);
            // Both ways round: rows declared along the long side or across it.
            for (w, h) in [(columns, rows), (rows, columns)] {
                let zdd = zdd(&problems::dominoes(w, h), MemoOrder::Auto);
                assert_eq!(zdd.count_u128(), Some(expected), "{w}×{h}");
            }
        }
    }
    // 6×40 has 28 digits.
    assert_eq!(
        transfer_matrix(6, 40).to_string(),
        "5214171781414287060178827977"
    );
}

#[test]
fn counts_past_2_to_the_128_are_exact_and_sampled() {
    // The 2×n strip has Fibonacci(n + 1) tilings; n = 200 passes 2^128.
    let n = 200;
    let (mut a, mut b) = (
        num_bigint::BigUint::from(1u8),
        num_bigint::BigUint::from(1u8),
    );
    for _ in 1..n {
        let c = &a + &b;
        a = b;
        b = c;
    }
    let problem = problems::dominoes(n, 2);
    let zdd = zdd(&problem, MemoOrder::Auto);
    assert_eq!(zdd.count().to_string(), b.to_string());
    assert_eq!(zdd.count_u128(), None);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..20 {
        let drawn = zdd.sample(&mut rng).expect("a solution");
        assert!(problem.verify(&drawn).is_ok());
    }
    // The upright domino in column c lies in the tilings of the strips on either side
    // of it: T(c)·T(n − 1 − c), with T(m) = Fibonacci(m + 1) tilings of 2×m.
    let mut tilings = vec![num_bigint::BigUint::from(1u8); n + 1];
    for m in 2..=n {
        tilings[m] = &tilings[m - 1] + &tilings[m - 2];
    }
    let marginals = zdd.marginals(&Limits::none()).unwrap();
    for c in [0, 1, 57, 100, n - 1] {
        let name = format!("r1c{} r2c{}", c + 1, c + 1);
        let option = problem
            .options()
            .find(|&o| problem.format_option(o) == name)
            .expect("the upright domino");
        let expected = &tilings[c] * &tilings[n - 1 - c];
        assert_eq!(
            marginals[option.index()].to_string(),
            expected.to_string(),
            "{c}"
        );
    }
}

#[test]
fn samples_are_uniform_and_repeat_with_their_seed() {
    // The 36 tilings of 4×4, drawn 36,000 times: a chi-square test with 35 degrees of
    // freedom, whose 0.1% critical value is 66.6.
    let problem = problems::dominoes(4, 4);
    let zdd = zdd(&problem, MemoOrder::Auto);
    let all: Vec<Vec<usize>> = zdd.solutions().map(|s| sorted(&s)).collect();
    assert_eq!(all.len(), 36);
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let draws = 36_000;
    let mut seen = vec![0u32; all.len()];
    for _ in 0..draws {
        let drawn = sorted(&zdd.sample(&mut rng).expect("a solution"));
        seen[all.iter().position(|s| *s == drawn).expect("a tiling")] += 1;
    }
    let expected = f64::from(draws) / all.len() as f64;
    let chi_square: f64 = seen
        .iter()
        .map(|&o| (f64::from(o) - expected).powi(2) / expected)
        .sum();
    assert!(chi_square < 66.6, "chi-square {chi_square}: {seen:?}");
    // The same seed draws the same solutions.
    let draw = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..10).map(|_| zdd.sample(&mut rng)).collect::<Vec<_>>()
    };
    assert_eq!(draw(7), draw(7));
    assert_ne!(draw(7), draw(8));
    // No solution: nothing to draw.
    let none = format::parse_str("a b\na\n").unwrap();
    assert_eq!(Memo::new(&none).build().unwrap().sample(&mut rng), None);
}

/// Drawn by listing (where the memo does not pay), the samples are as uniform, in one
/// search (reservoirs, up to `SAMPLES_IN_ONE_PASS` draws) or two (ranks): the 40
/// solutions of 7 queens drawn 40,000 times each way, a chi-square test with 39 degrees
/// of freedom (0.1% critical value 72.1); the same seed draws the same; a limit that
/// stops a search leaves the count partial and draws nothing.
#[test]
fn samples_drawn_by_listing_are_uniform() {
    let problem = problems::queens(7);
    let mut solver = Solver::new(&problem);
    let all: Vec<Vec<usize>> = solver.solutions().map(|s| sorted(s.options())).collect();
    assert_eq!(all.len(), 40);
    let mut drawn = Vec::new();
    let stats = dancing::sample_by_listing(&mut solver, 40_000, 2026, |s| {
        drawn.push(sorted(s));
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(Count::from_stats(&stats), Count::Complete(40));
    assert_eq!(drawn.len(), 40_000);
    // The draws come in the order drawn, not in rank order.
    assert!(drawn.windows(2).any(|w| w[0] > w[1]));
    assert_uniform(&all, &drawn);
    // A thousand searches of 40 reservoirs each.
    let k = dancing::SAMPLES_IN_ONE_PASS.min(40);
    let mut one_pass = Vec::new();
    for seed in 0..40_000 / k {
        let stats = dancing::sample_by_listing(&mut solver, k, seed, |s| {
            one_pass.push(sorted(s));
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(Count::from_stats(&stats), Count::Complete(40));
    }
    assert_eq!(one_pass.len(), 40_000);
    assert_uniform(&all, &one_pass);
    // Past the count, the two searches keep each solution once: memory stays small.
    assert!(dancing::listing_bytes(&problem, 1000) >= 1000 * 4 * 14);
    let mut ranked = Vec::new();
    let limited_stats = {
        let mut limited = Solver::new(&problems::queens(10));
        limited.set_limits(Limits {
            max_nodes: Some(50),
            ..Limits::default()
        });
        dancing::sample_by_listing(&mut limited, 1000, 1, |s| {
            ranked.push(s.to_vec());
            std::ops::ControlFlow::Continue(())
        })
    };
    assert_eq!(limited_stats.limit_stop(), Some(StopReason::NodeLimit));
    assert!(ranked.is_empty());
    check_draws(&problem);
}

/// The chi-square test of `drawn` against the uniform distribution on `all`.
fn assert_uniform(all: &[Vec<usize>], drawn: &[Vec<usize>]) {
    let expected = drawn.len() as f64 / all.len() as f64;
    let mut seen = vec![0u32; all.len()];
    for solution in drawn {
        seen[all.iter().position(|s| s == solution).expect("a solution")] += 1;
    }
    let chi_square: f64 = seen
        .iter()
        .map(|&o| (f64::from(o) - expected).powi(2) / expected)
        .sum();
    assert!(chi_square < 72.1, "chi-square {chi_square}: {seen:?}");
}

/// Seeds, breaks, limits and no solution, for the draws of `problem`'s solutions.
fn check_draws(problem: &Problem) {
    let draw = |seed| {
        let mut out = Vec::new();
        dancing::sample_by_listing(&mut Solver::new(problem), 10, seed, |s| {
            out.push(s.to_vec());
            std::ops::ControlFlow::Continue(())
        });
        out
    };
    assert_eq!(draw(7), draw(7));
    assert_ne!(draw(7), draw(8));
    // A visit that breaks ends the draws.
    let mut visited = 0;
    dancing::sample_by_listing(&mut Solver::new(problem), 10, 1, |_| {
        visited += 1;
        std::ops::ControlFlow::Break(())
    });
    assert_eq!(visited, 1);
    // Stopped by a node limit: partial, nothing drawn.
    let mut limited = Solver::new(&problems::queens(10));
    limited.set_limits(Limits {
        max_nodes: Some(50),
        ..Limits::default()
    });
    let mut none = 0;
    let stats = dancing::sample_by_listing(&mut limited, 5, 1, |_| {
        none += 1;
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(stats.limit_stop(), Some(StopReason::NodeLimit));
    assert_eq!(none, 0);
    // No solution: nothing drawn, a complete count of 0.
    let stats = dancing::sample_by_listing(&mut Solver::new(&problems::queens(3)), 5, 1, |_| {
        none += 1;
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!((Count::from_stats(&stats), none), (Count::Complete(0), 0));
}

/// The probe tells boards that repeat from problems that do not, and hands back the
/// diagram of one small enough to finish.
#[test]
fn the_probe_tells_where_the_memo_pays() {
    let small = problems::dominoes(4, 4);
    match Memo::new(&small).probe(20_000).unwrap() {
        dancing::Probe::Built(zdd) => assert_eq!(zdd.count(), 36u8.into()),
        other => panic!("{other:?}"),
    }
    let board = Memo::new(&problems::dominoes(16, 16))
        .probe(20_000)
        .unwrap();
    assert!(board.memo_pays(), "{board:?}");
    for problem in [problems::queens(13), problems::langford(12)] {
        let probe = Memo::new(&problem).probe(20_000).unwrap();
        assert!(!probe.memo_pays(), "{probe:?}");
    }
    // The memory bound stops the probe as it stops the memo; the node limit is the
    // probe's own.
    let queens = problems::queens(13);
    let bounded = Memo::new(&queens).max_memory(1 << 16);
    assert_eq!(
        bounded.probe(20_000).unwrap_err().reason,
        StopReason::Memory
    );
    let limited = Memo::new(&queens).limits(Limits {
        max_nodes: Some(100),
        ..Limits::default()
    });
    assert!(!limited.probe(20_000).unwrap().memo_pays());
}

#[test]
fn the_text_diagram_reads_back_to_the_same_count() {
    let problem = problems::dominoes(6, 6);
    let zdd = zdd(&problem, MemoOrder::Auto);
    let mut text = Vec::new();
    zdd.write_text(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    // Each line is `id: (~var?lo:hi)` in hexadecimal; the last is the dummy root.
    let mut nodes = std::collections::HashMap::new();
    let mut root = 0;
    for line in text.lines() {
        let (id, rest) = line.split_once(": (~").expect("id: (~");
        let (var, rest) = rest.split_once('?').expect("var?");
        let (lo, hi) = rest.trim_end_matches(')').split_once(':').expect("lo:hi");
        let parse = |s: &str| u64::from_str_radix(s, 16).unwrap();
        let var: usize = var.parse().unwrap();
        assert!(var <= problem.option_count());
        if var == 0 {
            root = parse(hi);
        }
        nodes.insert(parse(id), (parse(lo), parse(hi)));
    }
    assert_eq!(nodes.len(), zdd.node_count() + 1);
    fn count(at: u64, nodes: &std::collections::HashMap<u64, (u64, u64)>) -> u64 {
        match at {
            0 | 1 => at,
            _ => {
                let (lo, hi) = nodes[&at];
                count(lo, nodes) + count(hi, nodes)
            }
        }
    }
    assert_eq!(count(root, &nodes), 6728);
}

#[test]
fn limits_and_the_memory_bound_stop_the_search() {
    let problem = problems::dominoes(12, 12);
    let memory = Memo::new(&problem).max_memory(1 << 20).build().unwrap_err();
    assert_eq!(memory.reason, StopReason::Memory, "{memory:?}");
    assert!(memory.stats.nodes > 0);
    assert_eq!(memory.to_string(), "stopped: memory bound");
    let nodes = Memo::new(&problem)
        .limits(Limits::max_nodes(5_000))
        .build()
        .unwrap_err();
    assert_eq!(
        (nodes.reason, nodes.stats.nodes),
        (StopReason::NodeLimit, 5_000)
    );
    // Under generous bounds the same search ends.
    let zdd = Memo::new(&problem).max_memory(1 << 30).build().unwrap();
    assert_eq!(zdd.count().to_string(), "53060477521960000");
    let stats = zdd.stats();
    assert!(stats.hits > 0 && stats.entries < stats.states && stats.order == MemoOrder::Frontier);
    // The marginals answer to the limits too: the node limit counts the nodes passed,
    // and a bound the diagram fits but not its two tables of counts refuses them (the
    // 2×2000 strip's counts have 1,389 bits; the build holds a few at a time).
    let stopped = zdd.marginals(&Limits::max_nodes(5_000)).unwrap_err();
    assert_eq!(stopped.reason, StopReason::NodeLimit);
    let strip = problems::dominoes(2000, 2);
    let built = Memo::new(&strip).build().unwrap().stats().bytes;
    let tight = Memo::new(&strip).max_memory(2 * built).build().unwrap();
    let refused = tight.marginals(&Limits::none()).unwrap_err();
    assert_eq!(refused.reason, StopReason::Memory);
    let roomy = Memo::new(&strip).max_memory(1 << 30).build().unwrap();
    assert!(roomy.marginals(&Limits::none()).is_ok());
}
