//! Known solution counts and TAOCP statistics.

use dancing::Engine;
use dancing::{Problem, Solver, format, problems};

const TOY: &str = "| Knuth's toy problem\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

#[test]
fn toy_problem_matches_taocp() {
    let problem = format::parse_str(TOY).unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 1);
    let stats = solver.stats();
    assert_eq!((stats.solutions, stats.nodes, stats.updates), (1, 6, 30));
    solver.check_integrity().unwrap();
}

#[test]
fn queens_8_matches_taocp() {
    let mut solver = Solver::new(&problems::queens(8));
    assert_eq!(solver.count(), 92);
    let stats = solver.stats();
    assert_eq!((stats.nodes, stats.updates), (1_199, 21_375));
    solver.check_integrity().unwrap();
}

#[test]
fn queens_counts() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &count) in (1..=10).zip(&expected) {
        let mut solver = Solver::new(&problems::queens(n));
        assert_eq!(solver.count(), count, "queens {n}");
        solver.check_integrity().unwrap();
    }
}

#[test]
fn latin_square_counts() {
    for (n, count) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        assert_eq!(
            Solver::new(&problems::latin_square(n)).count(),
            count,
            "latin {n}"
        );
    }
}

#[test]
fn langford_counts() {
    for (n, count) in [(3, 2), (4, 2), (5, 0), (7, 52), (8, 300)] {
        assert_eq!(
            Solver::new(&problems::langford(n)).count(),
            count,
            "langford {n}"
        );
    }
}

#[test]
fn pentominoes_3x20() {
    let problem = problems::pentominoes(20, 3);
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 8);
    solver.check_integrity().unwrap();
}

/// 4×4 sudoku grids, built here from scratch as an independent encoding.
#[test]
fn sudoku_4x4_grids() {
    let mut b = Problem::builder();
    let id = |b: &mut dancing::ProblemBuilder, name: String| b.primary(&name).unwrap();
    let mut cell = vec![];
    let mut row = vec![];
    let mut col = vec![];
    let mut bx = vec![];
    for k in 0..16 {
        cell.push(id(&mut b, format!("p{k}")));
        row.push(id(&mut b, format!("r{k}")));
        col.push(id(&mut b, format!("c{k}")));
        bx.push(id(&mut b, format!("b{k}")));
    }
    for r in 0..4 {
        for c in 0..4 {
            for d in 0..4 {
                let boxi = (r / 2) * 2 + c / 2;
                b.option([
                    cell[r * 4 + c],
                    row[r * 4 + d],
                    col[c * 4 + d],
                    bx[boxi * 4 + d],
                ])
                .unwrap();
            }
        }
    }
    let problem = b.build().unwrap();
    assert_eq!(Solver::new(&problem).count(), 288);
}

#[test]
fn first_forced_branching_keeps_the_counts() {
    for (problem, count) in [
        (problems::queens(8), 92),
        (problems::langford(7), 52),
        (problems::pentominoes(20, 3), 8),
    ] {
        let mut solver = Solver::new(&problem);
        solver.set_branching(dancing::Branching::FirstForced);
        assert_eq!(solver.count(), count);
        solver.check_integrity().unwrap();
    }
}
