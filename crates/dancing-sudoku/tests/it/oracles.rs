//! Known answers: tdoku's counts, the 288 4×4 grids, the unique Gecode 16×16 puzzles, the
//! famous puzzles, 17-clue puzzles; and the solver's API on them.

use crate::common;

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use dancing_sudoku::BitmaskSolver;
use dancing_sudoku::{Count, Grid, Limits, Solve, StopReason, SudokuSolver, Verdict};

#[test]
fn tdoku_counts_dlx_and_bitmask() {
    let mut dlx = SudokuSolver::new();
    let mut bitmask = BitmaskSolver::new();
    let puzzles = common::tdoku();
    assert_eq!(puzzles.len(), 43);
    for (puzzle, count, solution) in puzzles {
        assert_eq!(dlx.count_up_to(&puzzle, 10_000), count, "dlx: {puzzle}");
        assert!(dlx.stats().is_complete());
        assert_eq!(
            bitmask.count_up_to(&puzzle, 10_000),
            count,
            "bitmask: {puzzle}"
        );
        assert!(bitmask.stats().is_complete());
        // Counting stops at the limit.
        for solver in [&mut dlx as &mut dyn Solve, &mut bitmask] {
            let two = solver.count_up_to(&puzzle, 2);
            assert_eq!(two.found(), count.min(2), "{puzzle}");
            assert_eq!(two.is_complete(), count < 2, "{puzzle}");
        }
        assert_eq!(dlx.check(&puzzle), Verdict::from_count(count));
        if let Some(solution) = solution {
            assert_eq!(count, 1);
            assert_eq!(dlx.solve(&puzzle).as_ref(), Some(&solution));
            assert_eq!(bitmask.solve(&puzzle).as_ref(), Some(&solution));
            assert_eq!(dlx.solve_unique(&puzzle), Ok(solution.clone()));
            assert_eq!(bitmask.solve_unique(&puzzle), Ok(solution));
        } else if count == 0 {
            assert_eq!(dlx.solve(&puzzle), None);
            assert_eq!(dlx.solve_unique(&puzzle), Err(Verdict::NoSolution));
            assert_eq!(bitmask.solve_unique(&puzzle), Err(Verdict::NoSolution));
        } else {
            let first = dlx.solve(&puzzle).unwrap();
            assert!(first.is_solution_of(&puzzle));
            assert_eq!(dlx.solve_unique(&puzzle), Err(Verdict::Multiple));
            assert_eq!(bitmask.solve_unique(&puzzle), Err(Verdict::Multiple));
        }
    }
}

#[test]
fn tdoku_solutions_are_distinct_and_valid() {
    let mut dlx = SudokuSolver::new();
    for (puzzle, count, _) in common::tdoku() {
        let solutions: Vec<Grid> = dlx.solutions(&puzzle).collect();
        assert_eq!(solutions.len() as u64, count, "{puzzle}");
        assert!(solutions.iter().all(|s| s.is_solution_of(&puzzle)));
        let mut unique = solutions.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), solutions.len());
        // The visitor sees the same solutions, in the same order.
        let mut seen = Vec::new();
        let stats = dlx.visit(&puzzle, |g| {
            seen.push(g.clone());
            ControlFlow::Continue(())
        });
        assert_eq!(seen, solutions);
        assert_eq!(stats.solutions, count);
    }
}

#[test]
fn all_4x4_grids() {
    let empty = Grid::empty(2);
    let mut dlx = SudokuSolver::new();
    assert_eq!(dlx.count(&empty), 288);
    assert!(dlx.stats().is_complete());
    assert_eq!(BitmaskSolver::new().count_up_to(&empty, 1000), 288);
    let mut all: Vec<Grid> = dlx.solutions(&empty).collect();
    assert!(all.iter().all(Grid::is_solved));
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 288);
}

#[test]
fn gecode_16x16_all_unique() {
    let puzzles = common::puzzles("gecode_16x16.txt");
    assert_eq!(puzzles.len(), 55);
    let mut dlx = SudokuSolver::with_shape(dancing_sudoku::Shape::square(4));
    let mut slowest = Duration::ZERO;
    for puzzle in &puzzles {
        assert_eq!(puzzle.side(), 16);
        let started = Instant::now();
        let solution = dlx
            .solve_unique(puzzle)
            .unwrap_or_else(|v| panic!("{v}: {puzzle}"));
        slowest = slowest.max(started.elapsed());
        assert!(solution.is_solution_of(puzzle));
    }
    eprintln!("gecode 16x16: slowest solve-and-prove-unique {slowest:?}");
}

#[test]
fn gecode_9x9() {
    let mut dlx = SudokuSolver::new();
    let mut bitmask = BitmaskSolver::new();
    for puzzle in common::puzzles("gecode_9x9.txt") {
        let count = dlx.count_up_to(&puzzle, 1000);
        assert!(count.found() >= 1, "{puzzle}");
        assert_eq!(bitmask.count_up_to(&puzzle, 1000), count, "{puzzle}");
    }
}

#[test]
fn famous_puzzles_are_unique() {
    let famous = common::famous();
    assert!(famous.len() >= 8);
    let names: Vec<&str> = famous.iter().map(|(n, _)| n.as_str()).collect();
    for wanted in [
        "Arto Inkala 2012",
        "AI Escargot",
        "Platinum Blonde",
        "Golden Nugget",
        "Easter Monster",
    ] {
        assert!(
            names.iter().any(|n| n.starts_with(wanted)),
            "{wanted} is missing"
        );
    }
    let mut dlx = SudokuSolver::new();
    let mut bitmask = BitmaskSolver::new();
    for (name, puzzle) in &famous {
        assert_eq!(puzzle.side(), 9, "{name}");
        assert_eq!(dlx.count_up_to(puzzle, 100), 1, "{name}");
        assert_eq!(bitmask.count_up_to(puzzle, 100), 1, "{name}");
        assert_eq!(dlx.solve(puzzle), bitmask.solve(puzzle), "{name}");
    }
}

#[test]
fn seventeen_clue_puzzles_are_unique() {
    let puzzles = common::puzzles("17_clue_1000.txt");
    assert_eq!(puzzles.len(), 1000);
    let mut dlx = SudokuSolver::new();
    let mut bitmask = BitmaskSolver::new();
    let mut solution = Grid::empty(3);
    for (k, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(puzzle.givens(), 17);
        assert!(dlx.is_unique(puzzle), "{puzzle}");
        assert!(dlx.solve_into(puzzle, &mut solution));
        assert!(solution.is_solution_of(puzzle));
        // The baseline is much slower: cross-check a sample.
        if k % 20 == 0 {
            assert!(bitmask.is_unique(puzzle), "{puzzle}");
            assert_eq!(bitmask.solve(puzzle).as_ref(), Some(&solution));
        }
    }
}

#[test]
fn conflicting_givens_have_no_solution() {
    let mut dlx = SudokuSolver::new();
    let mut bitmask = BitmaskSolver::new();
    // Same value twice in a row, a column, a box.
    for (cells, message) in [
        ([(0, 0), (0, 6)], "5 appears twice in row 1: r1c1 and r1c7"),
        (
            [(0, 0), (8, 0)],
            "5 appears twice in column 1: r1c1 and r9c1",
        ),
        ([(0, 0), (1, 1)], "5 appears twice in box 1: r1c1 and r2c2"),
    ] {
        let mut text = vec![b'.'; 81];
        for (r, c) in cells {
            text[r * 9 + c] = b'5';
        }
        let text = String::from_utf8(text).unwrap();
        let puzzle: Grid = text.parse().unwrap();
        assert_eq!(puzzle.validate().unwrap_err().to_string(), message);
        assert_eq!(dlx.count_up_to(&puzzle, 10), 0);
        assert_eq!(dlx.solve(&puzzle), None);
        assert_eq!(dlx.solutions(&puzzle).count(), 0);
        assert_eq!(dlx.check(&puzzle), Verdict::NoSolution);
        assert_eq!(bitmask.count_up_to(&puzzle, 10), 0);
        assert_eq!(dlx.stats().nodes, 0);
    }
    // After a conflicting puzzle the solver is as good as new.
    let empty = Grid::empty(2);
    assert_eq!(dlx.count(&empty), 288);
}

#[test]
fn every_conflict_is_listed() {
    let puzzle: Grid = "11.1............".parse().unwrap();
    let conflicts = puzzle.conflicts();
    let text: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "1 appears twice in row 1: r1c1 and r1c2",
            "1 appears twice in box 1: r1c1 and r1c2",
            "1 appears twice in row 1: r1c1 and r1c4",
        ]
    );
    assert!(Grid::empty(6).validate().is_ok());
}

#[test]
fn mixed_orders_share_one_solver() {
    let mut dlx = SudokuSolver::new();
    let famous = common::famous();
    let sixteen = common::puzzles("gecode_16x16.txt");
    for k in 0..3 {
        assert_eq!(dlx.count_up_to(&famous[k].1, 2), 1);
        assert_eq!(dlx.count_up_to(&Grid::empty(2), 1000), 288);
        assert_eq!(dlx.count_up_to(&sixteen[k], 2), 1);
    }
    // The empty grids of the large orders have solutions. (The bitmask baseline finds
    // one for 25×25 but thrashes for minutes on the empty 36×36 grid.)
    for order in 5..=6 {
        let empty = Grid::empty(order);
        let solution = dlx.solve(&empty).expect("an empty grid is solvable");
        assert!(solution.is_solved());
    }
    let empty = Grid::empty(5);
    assert_eq!(
        BitmaskSolver::new().solve(&empty).map(|g| g.is_solved()),
        Some(true)
    );
}

#[test]
fn limits_stop_searches() {
    let mut dlx = SudokuSolver::new();
    dlx.set_limits(Limits::max_nodes(5000));
    let empty = Grid::empty(3);
    let count = dlx.count(&empty);
    assert!(count.found() > 0);
    assert_eq!(count.reason(), Some(StopReason::NodeLimit));
    assert_eq!(dlx.stats().stopped, Some(StopReason::NodeLimit));
    let mut bitmask = BitmaskSolver::new();
    Solve::set_limits(&mut bitmask, Limits::max_nodes(5000));
    let count = bitmask.count_up_to(&empty, u64::MAX);
    assert_eq!(count.reason(), Some(StopReason::NodeLimit));
    assert_eq!(bitmask.stats().stopped, Some(StopReason::NodeLimit));
    assert!(bitmask.stats().nodes <= 5000);
    // count_up_to stopping at its limit says so.
    let mut dlx = SudokuSolver::new();
    assert_eq!(
        dlx.count_up_to(&empty, 3),
        Count::Partial {
            found: 3,
            reason: StopReason::Caller
        }
    );
    assert_eq!(dlx.stats().stopped, Some(StopReason::Caller));
}

#[test]
fn solve_trait_objects() {
    let puzzle = common::famous()[0].1.clone();
    let mut solvers: Vec<Box<dyn Solve>> = vec![
        Box::new(SudokuSolver::new()),
        Box::new(BitmaskSolver::new()),
    ];
    let answers: Vec<Option<Grid>> = solvers.iter_mut().map(|s| s.solve(&puzzle)).collect();
    assert_eq!(answers[0], answers[1]);
    for s in &mut solvers {
        assert_eq!(s.check(&puzzle), Verdict::Unique);
        assert!(s.stats().nodes > 0);
    }
}

#[test]
fn grid_shortcuts() {
    let puzzle = common::famous()[0].1.clone();
    assert!(puzzle.is_unique());
    assert_eq!(puzzle.count_up_to(5), 1);
    assert!(puzzle.solve().unwrap().is_solution_of(&puzzle));
}

/// The 25×25 Gecode puzzles are far beyond plain dancing links: this reports what
/// happens under a time limit per puzzle. Not part of the normal run:
/// `cargo test --release -p dancing-sudoku --test it gecode_25x25 -- --ignored --nocapture`.
#[test]
#[ignore = "slow: minutes; reports what happens on the 25x25 puzzles"]
fn gecode_25x25_under_a_time_limit() {
    let puzzles = common::puzzles("gecode_25x25.txt");
    assert_eq!(puzzles.len(), 16);
    let seconds = std::env::var("LIMIT_25")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let mut dlx = SudokuSolver::new();
    dlx.set_limits(Limits::timeout(Duration::from_secs(seconds)));
    for (k, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(puzzle.side(), 25);
        let started = Instant::now();
        let solution = dlx.solve(puzzle);
        let stats = dlx.stats();
        match &solution {
            Some(s) => assert!(s.is_solution_of(puzzle)),
            None => assert_eq!(stats.stopped, Some(StopReason::Timeout)),
        }
        eprintln!(
            "25x25 #{}: {} after {:.2?}, {} nodes",
            k + 1,
            if solution.is_some() {
                "solved"
            } else {
                "gave up"
            },
            started.elapsed(),
            stats.nodes
        );
    }
}
