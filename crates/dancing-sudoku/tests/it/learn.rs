//! The learning solvers: `SatSolver` (CDCL through `dancing-sat`) and `AutoSolver`
//! (dancing links under a node budget, then the learner) agree with the dancing links
//! of `SudokuSolver` on every bundled data set, and the learner settles a minimal 25×25
//! puzzle that the dancing links cannot.

use std::time::Duration;

use crate::common;
use common::Rng;
use dancing_sudoku::{
    AutoSolver, Grid, Limits, Method, SatSolver, Solve, StopReason, SudokuSolver, Verdict,
};

/// The three solvers under test, named for messages: the dancing links first, as the
/// oracle.
fn solvers() -> Vec<(&'static str, Box<dyn Solve>)> {
    vec![
        ("dlx", Box::new(SudokuSolver::new())),
        ("sat", Box::new(SatSolver::new())),
        ("auto", Box::new(AutoSolver::new())),
        ("auto budget 0", Box::new(AutoSolver::with_budget(0))),
    ]
}

/// Every solver agrees with the dancing links on `check`, `count_up_to(limit)` and
/// `solve` of `puzzle`; each solution found solves the puzzle. Returns the count.
fn agree(solvers: &mut [(&'static str, Box<dyn Solve>)], puzzle: &Grid, limit: u64) -> u64 {
    let (oracle, rest) = solvers.split_first_mut().expect("an oracle");
    let verdict = oracle.1.check(puzzle);
    let count = oracle.1.count_up_to(puzzle, limit);
    assert_eq!(
        verdict,
        Verdict::from_count(count.found().min(2)),
        "{puzzle}"
    );
    for (name, solver) in rest {
        assert_eq!(solver.check(puzzle), verdict, "{name}: check {puzzle}");
        assert!(solver.stats().is_complete() || solver.stats().stopped == Some(StopReason::Caller));
        assert_eq!(
            solver.count_up_to(puzzle, limit),
            count,
            "{name}: count {puzzle}"
        );
        let solution = solver.solve(puzzle);
        assert_eq!(
            solution.is_some(),
            count.found() > 0,
            "{name}: solve {puzzle}"
        );
        if let Some(solution) = solution {
            assert!(
                solution.is_solution_of(puzzle),
                "{name}: {solution} of {puzzle}"
            );
        }
        match solver.solve_unique(puzzle) {
            Ok(solution) => {
                assert_eq!(verdict, Verdict::Unique, "{name}: {puzzle}");
                assert_eq!(Some(&solution), oracle.1.solve(puzzle).as_ref(), "{name}");
            }
            Err(v) => assert_eq!(v, verdict, "{name}: solve_unique {puzzle}"),
        }
    }
    count.found()
}

#[test]
fn famous_puzzles() {
    let mut solvers = solvers();
    let famous = common::famous();
    assert!(!famous.is_empty());
    for (name, puzzle) in &famous {
        assert_eq!(agree(&mut solvers, puzzle, 3), 1, "{name}");
    }
}

/// tdoku's test puzzles carry their solution counts (0 to 847).
#[test]
fn tdoku_test_puzzles() {
    let mut solvers = solvers();
    let puzzles = common::tdoku();
    assert_eq!(puzzles.len(), 43);
    for (puzzle, known, solution) in &puzzles {
        assert_eq!(agree(&mut solvers, puzzle, 3), (*known).min(3), "{puzzle}");
        if let Some(solution) = solution {
            let mut sat = SatSolver::new();
            assert_eq!(sat.solve_unique(puzzle).as_ref(), Ok(solution), "{puzzle}");
        }
    }
}

#[test]
fn gecode_16x16_first_ten() {
    let mut solvers = solvers();
    for puzzle in common::puzzles("gecode_16x16.txt").iter().take(10) {
        assert_eq!(agree(&mut solvers, puzzle, 3), 1, "{puzzle}");
    }
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    let empty = Grid::empty(2);
    assert_eq!(SatSolver::new().count_up_to(&empty, 300), 288);
    assert_eq!(AutoSolver::with_budget(0).count_up_to(&empty, 300), 288);
    assert_eq!(AutoSolver::new().count_up_to(&empty, 300), 288);
    assert_eq!(SudokuSolver::new().count_up_to(&empty, 300), 288);
    // A count stopped at its limit reports the caller, not a limit.
    let mut sat = SatSolver::new();
    let count = sat.count_up_to(&empty, 100);
    assert_eq!(
        (count.found(), count.reason()),
        (100, Some(StopReason::Caller))
    );
    assert_eq!(sat.stats().stopped, Some(StopReason::Caller));
}

/// Random 4×4 puzzles, some with wrong givens (conflicting, or without a solution):
/// the counts agree up to 300, more than any 4×4 puzzle has.
#[test]
fn random_4x4_puzzles() {
    let mut solvers = solvers();
    let mut rng = Rng(0x5EED_4444);
    for round in 0..60 {
        let solved = common::random_solved(2, &mut rng);
        let mut puzzle = common::blank_cells(&solved, rng.below(17), &mut rng);
        for _ in 0..round % 3 {
            let k = rng.below(16);
            puzzle.set(k / 4, k % 4, 1 + rng.below(4) as u8);
        }
        let count = agree(&mut solvers, &puzzle, 300);
        if puzzle.validate().is_err() {
            assert_eq!(count, 0, "{puzzle}");
        }
    }
}

#[test]
fn budget_zero_goes_straight_to_the_learner() {
    let puzzle = &common::famous()[0].1;
    let mut auto = AutoSolver::with_budget(0);
    assert_eq!(auto.check(puzzle), Verdict::Unique);
    assert!(
        matches!(auto.method(), Method::Learner { .. }),
        "{:?}",
        auto.method()
    );
    assert_eq!(auto.method().name(), "sat");
    let mut sat = SatSolver::new();
    assert_eq!(sat.check(puzzle), Verdict::Unique);
    assert!(matches!(sat.method(), Method::Learner { .. }));
}

#[test]
fn easy_puzzles_never_reach_the_learner() {
    // 9×9: the bit-parallel solver; other orders: dancing links.
    let (puzzle, _, _) = &common::tdoku()[0];
    let mut auto = AutoSolver::new();
    assert_eq!(auto.check(puzzle), Verdict::Unique);
    assert_eq!(auto.method(), Method::Bands);
    let sixteen = &common::puzzles("gecode_16x16.txt")[0];
    assert_eq!(auto.check(sixteen), Verdict::Unique);
    assert_eq!(auto.method(), Method::DancingLinks);
    assert!(auto.stats().nodes > 0);
}

/// The third puzzle of the minimal 25×25 instances: CaDiCaL settles it in well under a
/// second; dancing links do not within 100,000 nodes.
#[test]
fn a_minimal_25x25_puzzle() {
    let puzzle = common::puzzles("gecode_25x25.txt")
        .into_iter()
        .nth(2)
        .expect("a third 25×25 puzzle");
    assert_eq!(puzzle.side(), 25);

    let mut sat = SatSolver::new();
    // Only a guard against a hang (a regression fails instead of stalling the suite): the
    // solve takes seconds, and no outcome below depends on the clock.
    sat.set_limits(Limits::timeout(Duration::from_secs(900)));
    let solution = sat.solve_unique(&puzzle).expect("a unique solution");
    assert!(solution.is_solution_of(&puzzle));
    assert_eq!(sat.check(&puzzle), Verdict::Unique);
    let stats = sat.stats();
    assert!(stats.is_complete(), "{:?}", stats.stopped);

    let mut dlx = SudokuSolver::new();
    dlx.set_limits(Limits::max_nodes(100_000));
    dlx.check(&puzzle);
    assert_eq!(dlx.stats().stopped, Some(StopReason::NodeLimit));

    // The automatic strategy hands it over, and answers.
    let mut auto = AutoSolver::new();
    assert_eq!(auto.check(&puzzle), Verdict::Unique);
    assert!(matches!(auto.method(), Method::Learner { .. }));
}

/// The generated 36×36 puzzles (46% of the cells empty): every solver path agrees that
/// each is unique, and the learner's solution is the dancing links' solution.
#[test]
fn generated_36x36_puzzles() {
    let puzzles = common::puzzles("generated_36x36.txt");
    assert_eq!(puzzles.len(), 2);
    for puzzle in &puzzles {
        assert_eq!(puzzle.side(), 36);
        let mut sat = SatSolver::new();
        let by_sat = sat.solve_unique(puzzle).expect("unique for the learner");
        let by_auto = AutoSolver::new()
            .solve_unique(puzzle)
            .expect("unique for the strategy");
        let by_dlx = SudokuSolver::new()
            .solve_unique(puzzle)
            .expect("unique for dancing links");
        assert!(by_sat.is_solution_of(puzzle));
        assert_eq!(by_sat, by_dlx);
        assert_eq!(by_auto, by_dlx);
    }
}

/// The learner obeys the clock and the interrupt flag; the automatic strategy lets a
/// caller's node limit below its budget bind the dancing links, and never hands over.
#[test]
fn limits_stop_the_learner_and_the_strategy() {
    let puzzle = common::puzzles("gecode_25x25.txt")
        .into_iter()
        .nth(2)
        .expect("a third 25×25 puzzle");

    let past = Limits::deadline(std::time::Instant::now());
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let interrupted = Limits::interrupt(flag);
    for (limits, reason) in [
        (past, StopReason::Timeout),
        (interrupted, StopReason::Interrupted),
    ] {
        let mut sat = SatSolver::new();
        sat.set_limits(limits);
        let count = sat.count_up_to(&puzzle, 2);
        assert_eq!((count.found(), count.reason()), (0, Some(reason)));
        assert_eq!(sat.stats().stopped, Some(reason));
    }

    let mut auto = AutoSolver::new();
    auto.set_limits(Limits::max_nodes(1_000));
    auto.check(&puzzle);
    assert_eq!(auto.stats().stopped, Some(StopReason::NodeLimit));
    assert_eq!(auto.method(), Method::DancingLinks);
}
