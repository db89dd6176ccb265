//! The logical solver on real puzzles: every step keeps the solution (checked against
//! dancing links), every technique fires, hints and forcing nets read as they should;
//! the definitions of the basic techniques are `naive`'s, the rating `ratings`'s.

use crate::common;

use dancing_sudoku::logic::{self, AlignedExclusion, Bug, Direct, Net};
use dancing_sudoku::{Grid, LogicSolver, RateError, Solve, Step, SudokuSolver, Technique};

/// Asserts that `step`, about to be applied to `state`, is sound for `solution`: it places
/// the solution's value, removes only candidates, and never the solution's value.
pub(crate) fn check_sound(state: &LogicSolver, step: &Step, solution: &Grid, puzzle: &Grid) {
    if let Some(((r, c), v)) = step.placement() {
        assert_eq!(v, solution.get(r, c), "{puzzle}: {step}");
        assert_ne!(
            state.candidates(r, c) & (1 << (v - 1)),
            0,
            "{puzzle}: {step}"
        );
    }
    let eliminations = step.eliminations();
    assert!(
        step.placement().is_some() || !eliminations.is_empty(),
        "{puzzle}: {step} does nothing"
    );
    for &((r, c), v) in eliminations {
        assert_ne!(
            v,
            solution.get(r, c),
            "{puzzle}: {step} removes the solution"
        );
        assert_ne!(
            state.candidates(r, c) & (1 << (v - 1)),
            0,
            "{puzzle}: {step} removes a non-candidate"
        );
    }
}

/// Checks an aligned exclusion by its definition, with nothing of the crate's search:
/// each removed candidate of a base cell has no way to fill the three cells, with that
/// candidate in place, that repeats no value between cells in one row, column or box
/// and leaves every excluder (each seeing all three, with two or three candidates) a
/// candidate.
pub(crate) fn check_aligned_by_definition(state: &LogicSolver, step: &Step) {
    let Step::AlignedExclusion(AlignedExclusion {
        cells,
        excluders,
        eliminations,
        ..
    }) = step
    else {
        return;
    };
    let sees = |(r1, c1): (usize, usize), (r2, c2): (usize, usize)| {
        (r1, c1) != (r2, c2) && (r1 == r2 || c1 == c2 || (r1 / 3, c1 / 3) == (r2 / 3, c2 / 3))
    };
    let values = |(r, c): (usize, usize)| {
        (1..=9u8).filter(move |&v| state.candidates(r, c) >> (v - 1) & 1 == 1)
    };
    assert_eq!(cells.len(), 3, "{step}");
    assert!(excluders.len() >= 2, "{step}");
    for &e in excluders {
        assert!(cells.iter().all(|&c| sees(c, e)), "{step}");
        assert!((2..=3).contains(&values(e).count()), "{step}");
    }
    let possible = |way: [u8; 3]| {
        let repeats =
            (0..3).any(|a| (a + 1..3).any(|b| way[a] == way[b] && sees(cells[a], cells[b])));
        let emptied = excluders
            .iter()
            .any(|&e| values(e).all(|v| way.contains(&v)));
        !repeats && !emptied
    };
    for &(cell, v) in eliminations {
        let k = cells.iter().position(|&c| c == cell).expect("a base cell");
        for x in values(cells[0]) {
            for y in values(cells[1]) {
                for z in values(cells[2]) {
                    let way = [x, y, z];
                    assert!(way[k] != v || !possible(way), "{step}: {way:?} is possible");
                }
            }
        }
    }
}

/// Walks `puzzle` with `next_step` to the end, checking every step; returns the steps
/// per technique and whether it was solved. The nested forcing chains (seconds a
/// puzzle) are left out: the walks of the bundled sets stall before them, and the
/// nested chains are walked on Sudoku Explainer's own ratings (`ratings.rs`).
pub(crate) fn walk(
    puzzle: &Grid,
    solution: &Grid,
    histogram: &mut [u32; Technique::COUNT],
) -> bool {
    let mut state = LogicSolver::new(puzzle).unwrap();
    state.set_nested(false);
    while let Some(step) = state.next_step() {
        check_sound(&state, &step, solution, puzzle);
        histogram[Technique::ALL
            .iter()
            .position(|&t| t == step.technique())
            .unwrap()] += 1;
        state.apply(&step);
        assert!(!state.is_broken(), "{puzzle}: broken after {step}");
    }
    if state.is_solved() {
        assert_eq!(&state.grid(), solution, "{puzzle}");
    }
    state.is_solved()
}

pub(crate) fn data_sets() -> Vec<(&'static str, Vec<Grid>)> {
    [
        "17_clue_1000.txt",
        "forum_hardest_200.txt",
        "magictour_top1465.txt",
    ]
    .into_iter()
    .map(|name| (name, common::puzzles(name)))
    .collect()
}

/// The walks over the bundled sets, split into parts that run on their own threads; the
/// last part to finish checks what only the whole can show.
const PARTS: usize = 6;

/// What the parts of the walk found so far.
struct Walked {
    histogram: [u32; Technique::COUNT],
    /// Puzzles solved by the techniques, and walked, per set.
    solved: std::collections::BTreeMap<&'static str, (usize, usize)>,
    parts: usize,
}

static WALKED: std::sync::Mutex<Walked> = std::sync::Mutex::new(Walked {
    histogram: [0; Technique::COUNT],
    solved: std::collections::BTreeMap::new(),
    parts: 0,
});

/// Walks every `PARTS`-th puzzle of each set from the `part`-th, checking every step;
/// the last part checks the totals.
fn walk_part(part: usize) {
    let mut dlx = SudokuSolver::new();
    let mut histogram = [0u32; Technique::COUNT];
    let mut solved = Vec::new();
    for (name, puzzles) in data_sets() {
        let mut count = (0, 0);
        for puzzle in puzzles.iter().skip(part).step_by(PARTS) {
            let solution = dlx.solve_unique(puzzle).unwrap();
            count.0 += usize::from(walk(puzzle, &solution, &mut histogram));
            count.1 += 1;
        }
        solved.push((name, count));
    }
    let mut walked = WALKED.lock().unwrap_or_else(|e| e.into_inner());
    for (mine, theirs) in walked.histogram.iter_mut().zip(histogram) {
        *mine += theirs;
    }
    for (name, (done, all)) in solved {
        let entry = walked.solved.entry(name).or_default();
        entry.0 += done;
        entry.1 += all;
    }
    walked.parts += 1;
    if walked.parts == PARTS {
        every_technique_fires(&walked);
    }
}

/// The totals of the whole walk.
fn every_technique_fires(walked: &Walked) {
    let total: usize = walked.solved.values().map(|&(_, all)| all).sum();
    assert!(total >= 2000);
    // The 17-clue puzzles are mostly within reach of the techniques; the forum's
    // hardest never are.
    assert!(
        walked.solved["17_clue_1000.txt"].0 > 900,
        "{:?}",
        walked.solved
    );
    assert_eq!(walked.solved["forum_hardest_200.txt"].0, 0);
    // Jellyfish and hidden quads never come first on these puzzles: each is the
    // complement of something easier found before it (a jellyfish of a smaller fish
    // across, a hidden quad of a naked subset of the unit's other cells). Nor does a
    // direct claiming: Sudoku Explainer's ratings of 1,400 such puzzles (17-clue and
    // generated) have no 1.9 either. They are tested on hand-made positions, and by
    // `find` on random states below.
    // Simple coloring is not on the path (Sudoku Explainer has none: its cycles and
    // forcing x-chains find what coloring finds); `find` meets it below.
    // The nested chains are left out of these walks (`walk`), and walked in
    // `ratings.rs`, where each level fires.
    let rare = [
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::DirectClaiming,
        Technique::SimpleColoring,
        Technique::NestedForcingChain,
        Technique::NestedMultipleForcingChain,
        Technique::NestedDynamicForcingChain,
        Technique::NestedDynamicForcingChainPlus,
    ];
    let fired: Vec<_> = Technique::ALL.iter().zip(walked.histogram).collect();
    for &(&t, n) in &fired {
        assert!(n > 0 || rare.contains(&t), "{t} never fired: {fired:?}");
    }
}

// Every step of every walk keeps the solution, and every technique fires: the walk in
// parts, so that they run side by side.
#[test]
fn every_step_keeps_the_solution_part_1() {
    walk_part(0);
}

#[test]
fn every_step_keeps_the_solution_part_2() {
    walk_part(1);
}

#[test]
fn every_step_keeps_the_solution_part_3() {
    walk_part(2);
}

#[test]
fn every_step_keeps_the_solution_part_4() {
    walk_part(3);
}

#[test]
fn every_step_keeps_the_solution_part_5() {
    walk_part(4);
}

#[test]
fn every_step_keeps_the_solution_part_6() {
    walk_part(5);
}

#[test]
fn rate_errors() {
    let clash: Grid = "11..............".parse().unwrap();
    let err = logic::Rater::new().rate(&clash).unwrap_err();
    assert!(matches!(err, RateError::Conflict(_)));
    assert_eq!(
        err.to_string(),
        "the givens clash: 1 appears twice in row 1: r1c1 and r1c2"
    );
    // r1c4 needs the 4 that r2c4 holds: no solution, though nothing clashes.
    let none: Grid = "123....4........".parse().unwrap();
    assert!(none.validate().is_ok());
    assert_eq!(logic::Rater::new().rate(&none), Err(RateError::NoSolution));
    assert_eq!(
        logic::Rater::new().rate(Grid::empty(3)),
        Err(RateError::Multiple)
    );
    assert_eq!(
        logic::Rater::new().rating_path(Grid::empty(2)),
        Err(RateError::Multiple)
    );
}

#[test]
fn a_grid_given_whole_needs_nothing() {
    let full: Grid = "1234341221434321".parse().unwrap();
    let rating = logic::Rater::new().rate(&full).unwrap();
    assert_eq!(
        (rating.hardest, rating.score, rating.steps, rating.search),
        (None, 0.0, 0, None)
    );
    assert_eq!(rating.to_string(), "0.0 nothing to do");
}

#[test]
fn the_bug_holds_only_on_its_pattern() {
    // Walk SE's 5.6 puzzle to its BUG: every other empty cell has two candidates.
    let puzzle: Grid =
        "......7.5..52.6....3..1...8..1.5.8..9..62.1.....4.....1......4..69......2.89...5."
            .parse()
            .unwrap();
    let solution = puzzle.solve().unwrap();
    let mut s = LogicSolver::new(&puzzle).unwrap();
    let step = loop {
        let step = s.next_step().expect("the path reaches the BUG");
        if step.technique() == Technique::Bug {
            break step;
        }
        s.apply(&step);
    };
    assert_eq!(s.find(Technique::Bug), Some(step.clone()));
    assert!(
        step.to_string()
            .starts_with("bivalue universal grave type 1: without ")
    );
    // The BUG cell keeps only its BUG value, which is the solution's.
    let Step::Bug(Bug { cells, .. }) = &step else {
        panic!("{step:?}")
    };
    let (r, c) = cells[0];
    let kept = s.candidates(r, c)
        & !step
            .eliminations()
            .iter()
            .fold(0, |m, &(_, v)| m | 1 << (v - 1));
    assert_eq!(kept, 1 << (solution.get(r, c) - 1));
    // Without the uniqueness techniques, or once a two-candidate cell loses the
    // candidate the solution does not need (no grave any more), nothing.
    let mut without = s.clone();
    without.set_uniqueness(false);
    assert_eq!(without.find(Technique::Bug), None);
    let (r2, c2, v) = (0..81)
        .map(|i| (i / 9, i % 9))
        .filter(|&(r, c)| s.candidates(r, c).count_ones() == 2)
        .map(|(r, c)| {
            let other = s.candidates(r, c) & !(1 << (solution.get(r, c) - 1));
            (r, c, other.trailing_zeros() as u8 + 1)
        })
        .next()
        .unwrap();
    let mut broken = s.clone();
    broken.remove_candidate(r2, c2, v);
    assert_eq!(broken.find(Technique::Bug), None);
}

/// The deduction a step rests on, as it reads: a direct form's cause, or the step
/// itself (the same pair twice reads the same, though what it removes has changed).
fn cause(step: &Step) -> String {
    match step {
        Step::Direct(Direct { cause, .. }) => cause.to_string(),
        other => other.to_string(),
    }
}

#[test]
fn a_hint_path_never_gives_a_deduction_twice_in_a_row() {
    // Sudoku Explainer's path places a direct form's single and keeps the cause's
    // candidates, so the same hidden pair can come again at once; the hints' path
    // applies the cause, as a person who follows the hint does.
    let rater = logic::Rater::new();
    let (mut repeated_by_se, mut steps) = (0, 0);
    for puzzle in &common::puzzles("17_clue_1000.txt") {
        let path = rater.path(puzzle).unwrap();
        for pair in path.steps.windows(2) {
            assert_ne!(cause(&pair[0]), cause(&pair[1]), "{puzzle}");
        }
        steps += path.steps.len();
        let se = logic::Rater::new().rating_path(puzzle).unwrap();
        repeated_by_se += se
            .steps
            .windows(2)
            .filter(|pair| cause(&pair[0]) == cause(&pair[1]))
            .count();
        // Both end where the puzzle is solved, or where the techniques stall.
        assert_eq!(path.is_solved(), se.is_solved(), "{puzzle}");
    }
    assert!(
        steps > 10_000 && repeated_by_se > 0,
        "{steps} {repeated_by_se}"
    );
}

#[test]
fn forcing_nets_show_each_branch_from_its_assumption_to_its_end() {
    use dancing_sudoku::logic::Premise;
    let mut checked = 0;
    for puzzle in common::puzzles("magictour_top1465.txt").iter().take(60) {
        let Ok(path) = logic::Rater::new().rating_path(puzzle) else {
            continue;
        };
        for step in &path.steps {
            let Step::Net(Net {
                premise,
                conclusion,
                branches,
                ..
            }) = step
            else {
                continue;
            };
            let starts: Vec<_> = branches.iter().map(|b| b[0]).collect();
            let ends: Vec<_> = branches.iter().map(|b| *b.last().unwrap()).collect();
            match *premise {
                Premise::Contradiction(cell, value, holds) => {
                    // Two lines from the assumption to one candidate, on and off.
                    assert_eq!(starts, [(cell, value, holds); 2], "{step}");
                    assert_eq!((ends[0].0, ends[0].1), (ends[1].0, ends[1].1), "{step}");
                    assert_ne!(ends[0].2, ends[1].2, "{step}");
                }
                Premise::Either(cell, value) => {
                    assert_eq!(
                        starts,
                        [(cell, value, true), (cell, value, false)],
                        "{step}"
                    );
                    assert!(ends.iter().all(|&end| end == *conclusion), "{step}");
                }
                Premise::Cell(cell) => {
                    assert!(starts.iter().all(|&(c, _, on)| c == cell && on), "{step}");
                    assert!(ends.iter().all(|&end| end == *conclusion), "{step}");
                }
                Premise::Region(_, value) => {
                    assert!(starts.iter().all(|&(_, v, on)| v == value && on), "{step}");
                    assert!(ends.iter().all(|&end| end == *conclusion), "{step}");
                }
                _ => {}
            }
            // Each link follows from the one before: never the same candidate twice.
            for branch in branches {
                let cells: std::collections::HashSet<_> = branch.iter().collect();
                assert_eq!(cells.len(), branch.len(), "{step}");
            }
            assert!(step.to_string().contains(" → "), "{step}");
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked} nets");
}
