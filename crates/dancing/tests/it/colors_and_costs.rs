//! Colors (Algorithm C) and costs (branch and bound) against independent oracles: every
//! subset of options of a small random problem is checked directly against the
//! definitions, and the engine must agree.

use dancing::Engine;
use dancing::SplitEngine;
use std::collections::BTreeSet;

use dancing::problems::{Rectangle, rectangle_tiling};
use dancing::{BuildError, OptionId, Problem, Solver, format};
use proptest::prelude::*;

use dancing_testkit::{self as testkit, sorted};

/// An option: (item, color) pairs (colors only on secondary items), and a cost.
pub(crate) type SpecOption = (Vec<(usize, Option<u8>)>, u64);

/// A small problem whose options carry colors and costs.
pub(crate) type Spec = testkit::Spec<SpecOption>;

pub(crate) fn spec(max_options: usize, max_cost: u64) -> impl Strategy<Value = Spec> {
    testkit::spec(1..=5, max_options, move |primary, items| {
        (testkit::colored_items(primary, items, 3, 0.7), 0..=max_cost)
    })
}

/// The items of an option, without its cost.
fn items_of(option: &SpecOption) -> &[(usize, Option<u8>)] {
    &option.0
}

pub(crate) fn build(spec: &Spec) -> Problem {
    testkit::build_colored(spec, items_of, |b, (id, &(_, cost))| b.set_cost(id, cost))
}

/// Every solution with its cost, by trying every subset of options.
pub(crate) fn brute_force(spec: &Spec) -> BTreeSet<(Vec<usize>, u64)> {
    testkit::brute_force_colored(spec, items_of)
        .into_iter()
        .map(|chosen| {
            let cost = chosen.iter().map(|&k| spec.options[k].1).sum();
            (chosen, cost)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn colored_solutions_are_exactly_the_brute_force_ones(spec in spec(12, 0)) {
        let problem = build(&spec);
        let expected: BTreeSet<Vec<usize>> =
            brute_force(&spec).into_iter().map(|(chosen, _)| chosen).collect();
        let mut solver = Solver::new(&problem);
        let found: Vec<Vec<usize>> = solver.solutions().map(|s| sorted(s.options())).collect();
        solver.check_integrity().unwrap();
        let distinct: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
        prop_assert_eq!(distinct.len(), found.len(), "a solution was visited twice");
        prop_assert_eq!(distinct, expected);
        prop_assert_eq!(solver.stats().solutions, found.len() as u64);
    }

    #[test]
    fn forcing_a_colored_option_keeps_the_solutions_that_contain_it(
        spec in spec(12, 0),
        pick in 0usize..12,
    ) {
        prop_assume!(pick < spec.options.len());
        let problem = build(&spec);
        let expected: BTreeSet<Vec<usize>> = brute_force(&spec)
            .into_iter()
            .map(|(chosen, _)| chosen)
            .filter(|chosen| chosen.contains(&pick))
            .collect();
        let mut solver = Solver::new(&problem);
        solver.force(OptionId::new(pick)).unwrap();
        let found: BTreeSet<Vec<usize>> =
            solver.solutions().map(|s| sorted(s.options())).collect();
        solver.check_integrity().unwrap();
        prop_assert_eq!(found, expected);
        solver.release();
        solver.check_integrity().unwrap();
    }

    #[test]
    fn best_k_are_the_k_cheapest(spec in spec(12, 9), k in 1usize..6) {
        let problem = build(&spec);
        let all: Vec<(Vec<usize>, u128)> = brute_force(&spec)
            .into_iter()
            .map(|(chosen, cost)| (chosen, u128::from(cost)))
            .collect();
        let mut costs: Vec<u128> = all.iter().map(|(_, c)| *c).collect();
        costs.sort_unstable();
        let mut solver = Solver::new(&problem);

        let min = solver.min_cost();
        solver.check_integrity().unwrap();
        prop_assert!(solver.stats().is_complete());
        prop_assert_eq!(min.as_ref().map(|s| s.cost()), costs.first().copied());
        if let Some(min) = &min {
            prop_assert!(all.contains(&(sorted(min.options()), min.cost())));
        }

        let best = solver.best(k);
        solver.check_integrity().unwrap();
        let got: Vec<u128> = best.iter().map(|s| s.cost()).collect();
        prop_assert_eq!(&got[..], &costs[..k.min(costs.len())]);
        let distinct: BTreeSet<Vec<usize>> = best.iter().map(|s| sorted(s.options())).collect();
        prop_assert_eq!(distinct.len(), best.len());
        for s in &best {
            // Each is a real solution, with the cost it claims.
            prop_assert!(all.contains(&(sorted(s.options()), s.cost())));
        }
    }

    /// A split's prefixes with costs, as a distributed cheapest search runs them: each
    /// prefix's `k` cheapest are the `k` cheapest of the brute force's solutions that
    /// hold its options, on one thread and on two, costs past 2^64 included; the
    /// cheapest of all the jobs' answers is the whole problem's.
    #[test]
    fn prefixes_answer_their_subproblems_cheapest(
        spec in spec(10, 3),
        huge in proptest::bool::ANY,
        depth in 1usize..3,
        k in 1usize..4,
    ) {
        let mut spec = spec;
        if huge {
            for option in &mut spec.options {
                option.1 = u64::MAX - option.1;
            }
        }
        let problem = build(&spec);
        let all: Vec<(Vec<usize>, u128)> = brute_force(&spec)
            .into_iter()
            .map(|(chosen, _)| {
                let cost = chosen.iter().map(|&o| u128::from(spec.options[o].1)).sum();
                (chosen, cost)
            })
            .collect();
        let mut splitter = Solver::new(&problem);
        let prefixes: Vec<Vec<OptionId>> =
            splitter.split(depth).into_subproblems().into_iter().map(|s| s.prefix().to_vec()).collect();
        let mut best_of_jobs: Vec<u128> = Vec::new();
        for prefix in &prefixes {
            let mut expected: Vec<u128> = all
                .iter()
                .filter(|(chosen, _)| prefix.iter().all(|o| chosen.contains(&o.index())))
                .map(|&(_, cost)| cost)
                .collect();
            expected.sort_unstable();
            expected.truncate(k);
            for threads in [1, 2] {
                let mut solver = Solver::new(&problem);
                for &option in prefix {
                    solver.descend(option).unwrap();
                }
                let found = if threads == 1 {
                    solver.best(k)
                } else {
                    dancing::ParallelSolver::new(solver, threads).best(k)
                };
                let costs: Vec<u128> = found.iter().map(|s| s.cost()).collect();
                prop_assert_eq!(&costs, &expected, "prefix {:?}, {} threads", prefix, threads);
                for s in &found {
                    prop_assert!(prefix.iter().all(|o| s.options().contains(o)));
                }
            }
            best_of_jobs.extend(expected.first());
        }
        let whole = Solver::new(&problem).min_cost().map(|s| s.cost());
        prop_assert_eq!(best_of_jobs.into_iter().min(), whole);
    }

    #[test]
    fn cheapest_with_a_forced_option(spec in spec(12, 9), pick in 0usize..12) {
        prop_assume!(pick < spec.options.len());
        let problem = build(&spec);
        let cheapest = brute_force(&spec)
            .into_iter()
            .filter(|(chosen, _)| chosen.contains(&pick))
            .map(|(_, cost)| u128::from(cost))
            .min();
        let mut solver = Solver::new(&problem);
        solver.force(OptionId::new(pick)).unwrap();
        let found = solver.min_cost();
        solver.check_integrity().unwrap();
        prop_assert_eq!(found.as_ref().map(|s| s.cost()), cheapest);
        if let Some(found) = found {
            prop_assert_eq!(found.options()[0], OptionId::new(pick));
        }
        solver.release();
        solver.check_integrity().unwrap();
    }
}

/// TAOCP 7.2.2.1's example of colors, without its option `X:0 Y:1` (see below).
pub(crate) const KNUTH_COLORS: &str = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n";

#[test]
fn knuths_color_example() {
    let problem = format::parse_str(KNUTH_COLORS).unwrap();
    assert!(problem.has_colors());
    let mut solver = Solver::new(&problem);
    let solutions: Vec<_> = solver.solutions().collect();
    solver.check_integrity().unwrap();
    assert_eq!(solutions.len(), 1);
    let mut rows: Vec<String> = solutions[0]
        .options()
        .iter()
        .map(|&o| problem.format_option(o))
        .collect();
    rows.sort();
    // Colors are printed back as they were given.
    assert_eq!(rows, ["A C X:1 Y:1", "B X:1"]);
}

/// Knuth's example also has the option `X:0 Y:1`, made only of secondary items. No
/// search ever chooses such an option (it covers no primary item): as in Knuth's
/// programs, the reader leaves it out with a warning naming its line, the options after
/// it are numbered as if it were absent, and the rest is solved.
#[test]
fn an_option_without_primary_items_is_ignored_with_a_warning() {
    let text = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    let parsed = format::parse_str_with_warnings(text).unwrap();
    let warnings: Vec<_> = parsed.warnings.iter().map(|w| (w.line, w.kind)).collect();
    assert_eq!(warnings, [(4, format::WarningKind::NoPrimaryItems)]);
    assert_eq!(
        parsed.warnings[0].to_string(),
        "line 4: option ignored (no primary items)"
    );
    let problem = &parsed.problem;
    assert_eq!(problem.option_count(), 4);
    assert_eq!(problem.format_option(OptionId::new(2)), "B X:1");
    let lines: Vec<_> = problem.options().map(|o| parsed.option_line(o)).collect();
    assert_eq!(lines, [Some(2), Some(3), Some(5), Some(6)]);
    assert_eq!(parsed.option_line(OptionId::new(4)), None);
    let mut solver = Solver::new(problem);
    let solutions: Vec<Vec<OptionId>> = solver.solutions().map(|s| s.options().to_vec()).collect();
    assert_eq!(solutions.len(), 1);
    // The plain reader gives the same problem, dropping the warning.
    assert_eq!(
        format::to_string(&format::parse_str(text).unwrap()),
        format::to_string(problem)
    );
    // The builder still refuses such an option: who builds options wants the error.
    let mut b = Problem::builder();
    b.primary("A").unwrap();
    let x = b.secondary("X").unwrap();
    assert_eq!(
        b.option([x]),
        Err(BuildError::NoPrimaryInOption { option: 0 })
    );
}

/// Options are numbered as Knuth numbers them: an ignored option takes no number, so
/// errors after it name the option by the number it would have had among those kept.
#[test]
fn option_numbers_skip_ignored_options() {
    let error = format::parse_str("A B | x\nx\nA\nx\nB B\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 5, column 3: item `B` appears twice in option 2"
    );
    let parsed =
        format::parse_str_with_warnings("| header\nA B | x\nx\nA\n\nB\n| note\nA B x\nx\nB x\n")
            .unwrap();
    let lines: Vec<usize> = parsed.warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, [3, 9]);
    let options: Vec<_> = parsed
        .problem
        .options()
        .map(|o| (parsed.problem.format_option(o), parsed.option_line(o)))
        .collect();
    assert_eq!(
        options,
        [
            ("A".to_owned(), Some(4)),
            ("B".to_owned(), Some(6)),
            ("A B x".to_owned(), Some(8)),
            ("B x".to_owned(), Some(10)),
        ]
    );
    // Errors in an option are still errors, even when it has no primary item.
    assert_eq!(
        format::parse_str("A | x y\nx x\n").unwrap_err().to_string(),
        "line 2, column 3: item `x` appears twice in option 1"
    );
    assert_eq!(
        format::parse_str("A | x y\nx z\n").unwrap_err().to_string(),
        "line 2, column 3: unknown item `z`"
    );
}

/// Other inputs of Knuth's programs: comments whose `|` follows blanks, items separated
/// by any white space, a bar written against the first secondary item, long lines.
#[test]
fn knuths_other_inputs_are_read() {
    let text =
        "  | a comment after blanks\nA\tB\x0bC |X Y\n\t| another\nA  B\x0cX\nC Y\r\nA B\nC\n";
    let parsed = format::parse_str_with_warnings(text).unwrap();
    assert!(parsed.warnings.is_empty());
    let problem = &parsed.problem;
    assert_eq!((problem.primary_count(), problem.item_count()), (3, 5));
    assert_eq!(Solver::new(problem).count(), 4);
    assert_eq!(
        format::to_string(problem),
        "A B C | X Y\nA B X\nC Y\nA B\nC\n"
    );
    let names: Vec<String> = (0..2000).map(|i| format!("item{i}")).collect();
    let long = format!("{}\n{}\n", names.join(" "), names.join("\t"));
    assert_eq!(Solver::new(&format::parse_str(&long).unwrap()).count(), 1);
    // A second bar, even written against a name, is still an error.
    assert_eq!(
        format::parse_str("A |x |y\nA\n").unwrap_err().to_string(),
        "line 1, column 6: a second `|` on the item line; expected primary items, then `|`, then secondary items"
    );
}

#[test]
fn colors_of_any_length_round_trip() {
    let text = "A B | X\nA X:crimson\nB X:crimson |2\nA B X:teal\n";
    let problem = format::parse_str(text).unwrap();
    assert_eq!(problem.color_count(), 2);
    assert_eq!(format::to_string(&problem), text);
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 2);
    assert_eq!(solver.min_cost().unwrap().cost(), 0);
    solver.check_integrity().unwrap();
}

/// A secondary item shared under one color constrains nothing: queens whose diagonals
/// all carry the same color are rooks.
#[test]
fn one_shared_color_constrains_nothing() {
    let plain = dancing::problems::queens(8);
    let mut text = format::to_string(&plain);
    // Give every diagonal item the same color in every option: now diagonals may be
    // shared, so the count grows, but every solution of the plain problem remains.
    text = text
        .lines()
        .enumerate()
        .map(|(k, line)| {
            if k == 0 {
                line.to_owned()
            } else {
                line.split(' ')
                    .map(|t| {
                        if t.starts_with('A') || t.starts_with('B') {
                            format!("{t}:c")
                        } else {
                            t.to_owned()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let colored = format::parse_str(&text).unwrap();
    assert!(colored.has_colors());
    let mut solver = Solver::new(&colored);
    // Diagonals impose nothing any more: the 8 rooks' permutations, 8! of them.
    assert_eq!(solver.count(), 40_320);
    solver.check_integrity().unwrap();
    assert_eq!(Solver::new(&plain).count(), 92);
}

/// The judge's sample of ZOJ 3209 "Treasure Map".
#[test]
fn tiling_samples() {
    let rect = |x1, y1, x2, y2| Rectangle { x1, y1, x2, y2 };
    let cases: [(usize, usize, Vec<Rectangle>, Option<u128>); 3] = [
        (5, 5, vec![rect(0, 0, 5, 5)], Some(1)),
        (5, 5, vec![rect(0, 0, 3, 5), rect(2, 0, 5, 5)], None),
        (
            30,
            30,
            vec![
                rect(0, 0, 30, 10),
                rect(0, 10, 30, 20),
                rect(0, 20, 30, 30),
                rect(0, 0, 15, 30),
                rect(15, 0, 30, 30),
            ],
            Some(2),
        ),
    ];
    for (width, height, pieces, expected) in cases {
        let problem = rectangle_tiling(width, height, &pieces);
        let mut solver = Solver::new(&problem);
        let best = solver.min_cost();
        solver.check_integrity().unwrap();
        assert_eq!(best.as_ref().map(|s| s.cost()), expected);
        if let Some(best) = best {
            // The pieces chosen cover the board exactly.
            let area: usize = best
                .options()
                .iter()
                .map(|o| problem.option_items(*o).len())
                .sum();
            assert_eq!(area, width * height);
        }
    }
}

/// A board cut into strips in two directions: the fewest pieces is the smaller number of
/// strips, and branch and bound proves it without enumerating the mixed tilings.
#[test]
fn tiling_prefers_the_fewest_pieces() {
    let (width, height) = (12, 12);
    let mut pieces = Vec::new();
    for x in 0..width {
        pieces.push(Rectangle {
            x1: x,
            y1: 0,
            x2: x + 1,
            y2: height,
        });
    }
    for y in (0..height).step_by(3) {
        pieces.push(Rectangle {
            x1: 0,
            y1: y,
            x2: width,
            y2: y + 3,
        });
    }
    for y in 0..height {
        for x in 0..width {
            pieces.push(Rectangle {
                x1: x,
                y1: y,
                x2: x + 1,
                y2: y + 1,
            });
        }
    }
    let problem = rectangle_tiling(width, height, &pieces);
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.min_cost().unwrap().cost(), 4);
    assert!(solver.stats().is_complete());
    let costs: Vec<u128> = solver.best(3).iter().map(|s| s.cost()).collect();
    // Next: the 12 columns; then 11 columns and 12 unit squares.
    assert_eq!(costs, [4, 12, 23]);
    solver.check_integrity().unwrap();
}

#[test]
fn totals_past_the_largest_option_cost_are_exact() {
    // A and B together cost 2^64, one more than the option `A B`: a saturated total
    // would take them for as cheap.
    let text = "A B\nA |18446744073709551615\nB |1\nA B |18446744073709551615\n";
    let problem = dancing::format::knuth::parse_str(text).unwrap();
    let mut solver = Solver::new(&problem);
    let best = solver.best(2);
    let costs: Vec<u128> = best.iter().map(|s| s.cost()).collect();
    assert_eq!(costs, [u128::from(u64::MAX), u128::from(u64::MAX) + 1]);
    assert_eq!(best[0].options().len(), 1);
    assert_eq!(solver.min_cost().unwrap().cost(), u128::from(u64::MAX));
    // Two options of the largest cost: a total of 2^65 - 2, exact.
    let text = "A B\nA |18446744073709551615\nB |18446744073709551615\n";
    let problem = dancing::format::knuth::parse_str(text).unwrap();
    let cost = Solver::new(&problem).min_cost().unwrap().cost();
    assert_eq!(cost, 2 * u128::from(u64::MAX));
}
