//! Tests of `nets`.

use super::super::test_support::solver;
use super::*;

#[test]
fn the_easiest_net_is_the_first_of_all() {
    // Puzzles whose hardest steps are a Nishio, a multiple and a dynamic net.
    let puzzles = [
        "8...27.......4.6.....6...185....2...9.4...8...2.36.95.....5...463..1...9..5.3....",
        "...23.68.2...9.7.38.......1..8.6.....5.....4...9..5....3.........13..497..491....",
    ];
    for puzzle in puzzles {
        let s = solver(puzzle);
        for kind in [Kind::Nishio, Kind::Multiple, Kind::Dynamic] {
            let every = all(&s, kind);
            assert!(
                !every.is_empty() || kind == Kind::Nishio,
                "{kind:?} on {puzzle}"
            );
            assert_eq!(easiest(&s, kind), every.into_iter().next(), "{kind:?}");
        }
    }
}
