//! The basic techniques against their definitions: on random states of real puzzles,
//! every step stays sound, and a brute force over every unit and combination finds
//! nothing that the solver misses.

use crate::common;

use crate::logic::{check_aligned_by_definition, check_sound, data_sets};
use dancing_sudoku::{LogicSolver, Solve, SudokuSolver, Technique};

/// A small xorshift, so the random states are the same on every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn find_keeps_the_solution_on_random_states() {
    // States a walk does not reach: some steps, then random candidates removed that the
    // solution does not need. Every technique must stay sound on them.
    let mut dlx = SudokuSolver::new();
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    let mut found = [0u32; Technique::COUNT];
    for (_, puzzles) in data_sets() {
        for puzzle in puzzles.iter().step_by(7) {
            let solution = dlx.solve_unique(puzzle).unwrap();
            let mut state = LogicSolver::new(puzzle).unwrap();
            // The nested chains (a second a search) have their own test below.
            state.set_nested(false);
            for _ in 0..random.below(30) {
                match state.next_step() {
                    Some(step) => state.apply(&step),
                    None => break,
                }
            }
            for _ in 0..random.below(60) {
                let (r, c) = (random.below(9) as usize, random.below(9) as usize);
                let v = random.below(9) as u8 + 1;
                if v != solution.get(r, c) {
                    state.remove_candidate(r, c, v);
                }
            }
            for (k, t) in Technique::ALL.into_iter().enumerate() {
                if let Some(step) = state.find(t) {
                    assert_eq!(step.technique(), t);
                    check_sound(&state, &step, &solution, puzzle);
                    check_aligned_by_definition(&state, &step);
                    found[k] += 1;
                }
            }
        }
    }
    // Every technique, the rare ones included, finds something on these states, but the
    // bivalue universal grave: the random removals break its pattern (the walks above
    // meet it); and the nested chains, left out here.
    let fired = Technique::ALL.into_iter().zip(found);
    assert!(
        fired
            .clone()
            .all(|(t, n)| n > 0 || t == Technique::Bug || t >= Technique::NestedForcingChain),
        "{:?}",
        fired.collect::<Vec<_>>()
    );
}

#[test]
fn nested_chains_keep_the_solution() {
    // Puzzles of the forum's hardest whose first step is a nested chain, then steps of
    // the three levels they meet: every step of their walks is sound, and the walks
    // end at the solution.
    let puzzles = [
        "........5..8..79...6..1..4....1.2.7.4...7...3.7.6......3..2..6...5...8..9.......7",
        "98.7..6..7...5......4..9.7.4....3.9..9..7.2....3.....61...8.5...4...1.8....2....1",
        "1...5......7..9.3...9..754...4..3.7..6........9.8........79..2......24.3..2......",
    ];
    let mut dlx = SudokuSolver::new();
    let mut levels = std::collections::BTreeSet::new();
    for puzzle in puzzles {
        let puzzle = puzzle.parse().unwrap();
        let solution = dlx.solve_unique(&puzzle).unwrap();
        let mut state = LogicSolver::new(&puzzle).unwrap();
        while let Some(step) = state.next_step() {
            check_sound(&state, &step, &solution, &puzzle);
            levels.extend(Some(step.technique()).filter(|&t| t >= Technique::NestedForcingChain));
            state.apply(&step);
        }
        assert_eq!(state.grid(), solution);
    }
    assert_eq!(levels.len(), 3, "{levels:?}");
}

/// Whether a technique applies, by the definition and brute force: the cells of each
/// unit (rows, columns, boxes of a 9×9 grid) and every combination looked at.
fn naive_applies(s: &LogicSolver, t: Technique) -> bool {
    let has = |(r, c): (usize, usize), v: u8| s.candidates(r, c) & (1 << (v - 1)) != 0;
    let row = |r: usize| (0..9).map(move |c| (r, c)).collect::<Vec<_>>();
    let column = |c: usize| (0..9).map(move |r| (r, c)).collect::<Vec<_>>();
    let boxed = |b: usize| {
        (0..9)
            .map(move |k| (b / 3 * 3 + k / 3, b % 3 * 3 + k % 3))
            .collect::<Vec<_>>()
    };
    let units: Vec<Vec<_>> = (0..9)
        .map(row)
        .chain((0..9).map(column))
        .chain((0..9).map(boxed))
        .collect();
    let all: Vec<_> = (0..81).map(|i| (i / 9, i % 9)).collect();
    match t {
        Technique::NakedSingle => all
            .iter()
            .any(|&(r, c)| s.candidates(r, c).count_ones() == 1),
        Technique::HiddenSingle => units
            .iter()
            .any(|u| (1..=9).any(|v| u.iter().filter(|&&x| has(x, v)).count() == 1)),
        Technique::Pointing | Technique::Claiming => {
            let (from, to) = if t == Technique::Pointing {
                (18..27, 0..18)
            } else {
                (0..18, 18..27)
            };
            from.clone().any(|f| {
                to.clone().any(|l| {
                    (1..=9).any(|v| {
                        let places: Vec<_> = units[f].iter().filter(|&&x| has(x, v)).collect();
                        !places.is_empty()
                            && places.iter().all(|x| units[l].contains(x))
                            && units[l].iter().any(|x| has(*x, v) && !units[f].contains(x))
                    })
                })
            })
        }
        Technique::NakedPair => units.iter().any(|u| {
            u.iter().any(|&a| {
                u.iter().any(|&b| {
                    let m = s.candidates(a.0, a.1);
                    a < b
                        && m.count_ones() == 2
                        && s.candidates(b.0, b.1) == m
                        && u.iter()
                            .any(|&x| x != a && x != b && s.candidates(x.0, x.1) & m != 0)
                })
            })
        }),
        Technique::XWing => (1..=9).any(|v| {
            [(0, 9), (9, 0)].into_iter().any(|(base, cover)| {
                let places = |l: usize| -> Vec<usize> {
                    (0..9).filter(|&k| has(units[base + l][k], v)).collect()
                };
                (0..9).any(|a| {
                    (a + 1..9).any(|b| {
                        let (pa, pb) = (places(a), places(b));
                        pa.len() == 2
                            && pa == pb
                            && pa.iter().any(|&x| {
                                (0..9).any(|l| l != a && l != b && has(units[cover + x][l], v))
                            })
                    })
                })
            })
        }),
        Technique::HiddenPair => units.iter().any(|u| {
            let places = |v: u8| {
                u.iter()
                    .filter(|&&x| has(x, v))
                    .copied()
                    .collect::<Vec<_>>()
            };
            (1..=9).any(|a| {
                (a + 1..=9).any(|b| {
                    let (pa, pb) = (places(a), places(b));
                    let keep = (1 << (a - 1)) | (1 << (b - 1));
                    pa.len() == 2
                        && pa == pb
                        && pa.iter().any(|&(r, c)| s.candidates(r, c) & !keep != 0)
                })
            })
        }),
        _ => naive_applies_more(s, t, &units, &all),
    }
}

/// [`naive_applies`] for the techniques past the hidden pair: triples, wings, full
/// houses and the direct forms.
fn naive_applies_more(
    s: &LogicSolver,
    t: Technique,
    units: &[Vec<(usize, usize)>],
    all: &[(usize, usize)],
) -> bool {
    match t {
        Technique::NakedTriple => units.iter().any(|u| {
            let m = |x: (usize, usize)| s.candidates(x.0, x.1);
            (0..9).any(|i| {
                (i + 1..9).any(|j| {
                    (j + 1..9).any(|k| {
                        let cells = [u[i], u[j], u[k]];
                        let union = cells.iter().fold(0, |acc, &x| acc | m(x));
                        cells.iter().all(|&x| (2..=3).contains(&m(x).count_ones()))
                            && union.count_ones() == 3
                            && u.iter().any(|x| !cells.contains(x) && m(*x) & union != 0)
                    })
                })
            })
        }),
        Technique::XYWing | Technique::XYZWing => {
            let m = |x: (usize, usize)| s.candidates(x.0, x.1);
            let sees = |a: (usize, usize), b: (usize, usize)| {
                a != b && (a.0 == b.0 || a.1 == b.1 || (a.0 / 3, a.1 / 3) == (b.0 / 3, b.1 / 3))
            };
            let xyz = t == Technique::XYZWing;
            all.iter().any(|&p| {
                all.iter().any(|&a| {
                    all.iter().any(|&b| {
                        let (mp, ma, mb) = (m(p), m(a), m(b));
                        let z = ma & mb;
                        let shape = if xyz {
                            mp.count_ones() == 3 && ma | mb == mp
                        } else {
                            mp.count_ones() == 2 && z & mp == 0 && (ma | mb) & mp == mp
                        };
                        shape
                            && ma.count_ones() == 2
                            && mb.count_ones() == 2
                            && ma != mb
                            && z.count_ones() == 1
                            && sees(p, a)
                            && sees(p, b)
                            && all.iter().any(|&x| {
                                x != p
                                    && m(x) & z != 0
                                    && sees(x, a)
                                    && sees(x, b)
                                    && (!xyz || sees(x, p))
                            })
                    })
                })
            })
        }
        Technique::FullHouse => units.iter().any(|u| {
            let empty: Vec<_> = u.iter().filter(|&&(r, c)| s.value(r, c) == 0).collect();
            empty.len() == 1 && s.candidates(empty[0].0, empty[0].1) != 0
        }),
        _ => naive_direct(s, t, units),
    }
}

/// [`naive_applies`] for the direct forms: pointing, claiming and hidden subsets that
/// end in a single.
fn naive_direct(s: &LogicSolver, t: Technique, units: &[Vec<(usize, usize)>]) -> bool {
    let has = |(r, c): (usize, usize), v: u8| s.candidates(r, c) & (1 << (v - 1)) != 0;
    match t {
        Technique::DirectPointing | Technique::DirectClaiming => {
            // Units 0..9 rows, 9..18 columns, 18..27 boxes.
            let (firsts, seconds) = if t == Technique::DirectPointing {
                (18..27, 0..18)
            } else {
                (0..18, 18..27)
            };
            let same_kind = |a: usize, b: usize| a / 9 == b / 9;
            let places = |u: usize, v: u8| -> Vec<(usize, usize)> {
                units[u].iter().copied().filter(|&x| has(x, v)).collect()
            };
            firsts.clone().any(|from| {
                seconds.clone().any(|to| {
                    (1..=9).any(|v| {
                        let p = places(from, v);
                        p.len() >= 2
                            && p.iter().all(|x| units[to].contains(x))
                            && firsts.clone().any(|other| {
                                let q = places(other, v);
                                let outside = q.iter().filter(|x| !units[to].contains(x)).count();
                                other != from
                                    && same_kind(other, from)
                                    && q.len() >= 2
                                    && outside == 1
                            })
                    })
                })
            })
        }
        Technique::DirectHiddenPair | Technique::DirectHiddenTriple => {
            let k = if t == Technique::DirectHiddenPair {
                2
            } else {
                3
            };
            units.iter().any(|u| {
                let places =
                    |v: u8| -> u32 { (0..9).filter(|&i| has(u[i], v)).fold(0, |m, i| m | 1 << i) };
                let empty = u.iter().filter(|&&(r, c)| s.value(r, c) == 0).count();
                // Every set of k values, as a mask over 1..=9.
                empty > k
                    && (0u32..512)
                        .filter(|m| m.count_ones() as usize == k)
                        .any(|set| {
                            let chosen: Vec<u8> =
                                (1..=9).filter(|v| set >> (v - 1) & 1 == 1).collect();
                            let union = chosen.iter().fold(0, |m, &v| m | places(v));
                            chosen.iter().all(|&v| places(v).count_ones() >= 2)
                                && union.count_ones() as usize == k
                                && (1..=9).filter(|v| !chosen.contains(v)).any(|w| {
                                    places(w).count_ones() > 1
                                        && (places(w) & !union).count_ones() == 1
                                })
                        })
            })
        }
        _ => unreachable!(),
    }
}

#[test]
fn basic_techniques_miss_nothing() {
    // Soundness is checked above; here the other way: on random states of real puzzles,
    // `find` returns a step exactly when a brute-force reading of the definition sees one.
    let mut dlx = SudokuSolver::new();
    let mut random = Random(0x2545_F491_4F6C_DD1D);
    let techniques = [
        Technique::FullHouse,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::DirectHiddenTriple,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::XYWing,
        Technique::XYZWing,
    ];
    let mut applied = [0u32; 15];
    for puzzle in common::puzzles("magictour_top1465.txt").iter().step_by(5) {
        let solution = dlx.solve_unique(puzzle).unwrap();
        let mut state = LogicSolver::new(puzzle).unwrap();
        // Some of the solution placed (so that units run nearly full), then some wrong
        // candidates removed.
        for _ in 0..random.below(60) {
            let (r, c) = (random.below(9) as usize, random.below(9) as usize);
            if state.value(r, c) == 0 {
                state.place(r, c, solution.get(r, c));
            }
        }
        for _ in 0..random.below(40) {
            let (r, c) = (random.below(9) as usize, random.below(9) as usize);
            let v = random.below(9) as u8 + 1;
            if v != solution.get(r, c) && state.value(r, c) == 0 {
                state.remove_candidate(r, c, v);
            }
        }
        for (k, t) in techniques.into_iter().enumerate() {
            let found = state.find(t).is_some();
            assert_eq!(found, naive_applies(&state, t), "{t} on {puzzle}");
            applied[k] += u32::from(found);
        }
    }
    assert!(applied.iter().all(|&n| n > 0), "{applied:?}");
}
