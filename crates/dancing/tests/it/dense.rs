//! The dense engine against the links engine and against brute force: the same
//! solutions, in the same order, and the same statistics, node for node and update for
//! update, in both of its modes (one pass per choice for small uncolored problems, one
//! pass per item otherwise).

use dancing::Engine as _;

use dancing::problems;
use dancing::{DenseSolver, Event, Problem, Solver};

use crate::agreement::{Engine, agree};

/// More than 64 primary items and about 1,300 options (21 words): the one-pass mode
/// is off, each item of a choice is its own pass.
#[test]
fn pentominoes_in_a_long_box() {
    // 2 distinct tilings of 3×20, each in its 4 reflections and rotations.
    let problem = problems::pentominoes(20, 3);
    assert!(problem.primary_count() > 64 && problem.option_count() > 1_000);
    assert_eq!(agree(Engine::Dense, &problem), 8);
}

/// Every 4×4 sudoku grid: 288, on a problem of 64 options and 64 primary items (cell,
/// row-digit, column-digit and box-digit), exactly one word of each.
#[test]
fn sudoku_grids_of_order_two() {
    let mut b = Problem::builder();
    for kind in ["p", "r", "c", "b"] {
        for x in 0..4 {
            for y in 0..4 {
                b.primary(&format!("{kind}{x}{y}")).unwrap();
            }
        }
    }
    for (r, c, d) in (0..64).map(|k| (k / 16, k / 4 % 4, k % 4)) {
        let boxed = r / 2 * 2 + c / 2;
        let names = [
            format!("p{r}{c}"),
            format!("r{r}{d}"),
            format!("c{c}{d}"),
            format!("b{boxed}{d}"),
        ];
        b.option_named(names.iter().map(String::as_str)).unwrap();
    }
    assert_eq!(agree(Engine::Dense, &b.build().unwrap()), 288);
}

#[test]
fn knuths_estimate_grows_as_the_links_does() {
    let mut dense = DenseSolver::new(&problems::queens(8)).unwrap();
    let mut links = Solver::new(&problems::queens(8));
    let mut search = dense.search();
    let mut reference = links.search();
    let mut last = 0.0;
    while search.next_event() == Event::Solution {
        assert_eq!(reference.next_event(), Event::Solution);
        assert_eq!(search.solution(), reference.solution());
        assert_eq!(search.depth(), reference.depth());
        assert_eq!(search.progress(), reference.progress());
        assert!(search.progress() >= last);
        last = search.progress();
    }
}

#[test]
fn too_many_options_are_refused() {
    let mut b = Problem::builder();
    let item = b.primary("a").unwrap();
    for _ in 0..=DenseSolver::MAX_OPTIONS {
        b.option([item]).unwrap();
    }
    let problem = b.build().unwrap();
    let error = DenseSolver::new(&problem).unwrap_err();
    assert_eq!(error.options, DenseSolver::MAX_OPTIONS + 1);
    assert!(
        error.to_string().starts_with(
            "the dense engine takes at most 32766 options and 1024 MiB of tables; \
             this problem has 32767 options and needs "
        ),
        "{error}"
    );
}

/// A problem of many items and few options needs only as many levels as options.
#[test]
fn levels_are_bounded_by_the_options() {
    let mut b = Problem::builder();
    let items: Vec<_> = (0..100_000)
        .map(|k| b.primary(&format!("i{k}")).unwrap())
        .collect();
    b.option([items[0]]).unwrap();
    let problem = b.build().unwrap();
    // Two levels of two states, not 100,001 levels: a few megabytes, not 40 GB.
    assert!(DenseSolver::memory(&problem) < 4 << 20);
    assert_eq!(DenseSolver::new(&problem).unwrap().count(), 0);
}
