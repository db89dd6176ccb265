//! The solver's state: candidates, placements, broken positions.
use super::test_support::*;
use super::*;
use crate::grid::Grid;

#[test]
fn clashing_givens_are_refused() {
    let puzzle: Grid = "1..1............".parse().unwrap();
    let err = LogicSolver::new(&puzzle).unwrap_err();
    assert_eq!(err.to_string(), "1 appears twice in row 1: r1c1 and r1c4");
}

#[test]
fn candidates_exclude_what_peers_hold() {
    let s = solver("1...........2...");
    assert_eq!(s.candidates(0, 0), 0);
    assert_eq!(s.value(0, 0), 1);
    // r3c1 sees the 1 and the 2 in its column; r4c4 sees the 2 in its row.
    assert_eq!(s.candidates(2, 0), 0b1100);
    assert_eq!(s.candidates(3, 3), 0b1101);
    assert!(!s.is_solved() && !s.is_broken());
    assert_eq!(s.grid().to_string(), "1...........2...");
}

#[test]
fn placing_updates_peers() {
    let mut s = empty(2);
    s.apply(&Step::NakedSingle(NakedSingle {
        cell: (1, 2),
        value: 3,
    }));
    assert_eq!(s.value(1, 2), 3);
    assert_eq!(s.candidates(1, 2), 0);
    for (r, c) in [(1, 0), (3, 2), (0, 3)] {
        assert_eq!(s.candidates(r, c) & 0b100, 0, "r{}c{}", r + 1, c + 1);
    }
    assert_eq!(s.candidates(0, 0), 0b1111);
}

#[test]
fn broken_positions() {
    let mut s = empty(2);
    for v in 1..=4 {
        s.remove_candidate(0, 0, v);
    }
    assert!(s.is_broken());
    // A value with no place in a unit, though every cell keeps candidates.
    let mut s = empty(2);
    for c in 0..4 {
        s.remove_candidate(3, c, 2);
    }
    assert!(s.is_broken());
    // The same value twice in a row.
    let mut s = empty(2);
    s.place(0, 0, 1);
    s.place(0, 3, 1);
    assert!(s.is_broken());
}

#[test]
#[should_panic(expected = "0 is not a value of the 4×4 grid")]
fn removing_value_0_panics() {
    empty(2).remove_candidate(0, 0, 0);
}

#[test]
#[should_panic(expected = "r1c5 is outside the 4×4 grid")]
fn placing_outside_panics() {
    empty(2).place(0, 4, 1);
}

#[test]
fn a_solved_grid_has_no_next_step() {
    let s = solver("1234341221434321");
    assert!(s.is_solved() && !s.is_broken());
    assert_eq!(s.next_step(), None);
    assert!(Technique::ALL.into_iter().all(|t| s.find(t).is_none()));
}
