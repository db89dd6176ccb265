//! Tests of `nets`.

use super::super::test_support::{grids_left, solver};
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

/// Positions of the forum's hardest where Sudoku Explainer's first step is a nested
/// chain (ED 10.0 to 11.1): no chain and no net below the nested ones.
const WITHOUT_NETS: [&str; 4] = [
    "........5..8..79...6..1..4....1.2.7.4...7...3.7.6......3..2..6...5...8..9.......7",
    "3.......1.4...2.7...5...8......76.4.....5.....6.2.9...1.....5...7.6...9...8.....3",
    "9.......5.4.3...6...2...1...8.74........2.......8.6.7.1.....9...3...7.4...5.....2",
    "....567....71....6......41.2...9.....3...5.....67...4...8...1..5...3...8.9...2...",
];

#[test]
fn searches_from_a_position_without_nets_lose_nothing_by_searching_less() {
    // In a grid left from a position without chain or net steps, the chains (and the
    // multiple nets) are searched only where a new strong link can be passed
    // (`chains::all_counted`, `Search::fresh`), and where the closure of the links lets a step
    // out (`Closure`): the same steps as the whole searches.
    let mut found = (0, 0);
    for (k, puzzle) in WITHOUT_NETS.into_iter().enumerate() {
        let s = solver(puzzle);
        assert!(super::super::chains::easiest(&s).is_none(), "{puzzle}");
        for net in [Kind::Multiple, Kind::Dynamic] {
            assert!(easiest(&s, net).is_none(), "{net:?} in {puzzle}");
        }
        let places = s.places_table();
        let outer = Outer {
            candidates: &s.candidates,
            places: &places,
        };
        for w in grids_left(&s, 30, 0x9E37_79B9_7F4A_7C15 + k as u64) {
            let wp = w.places_table();
            let (less, _) = super::super::chains::all_counted(&w, &wp, Some(outer));
            let (unreferenced, _) = super::super::chains::all_counted(&w, &wp, None);
            let whole = super::super::chains::all_unpruned(&w, None);
            assert_eq!(less, whole);
            assert_eq!(unreferenced, whole);
            assert_eq!(super::super::chains::all_unpruned(&w, Some(outer)), whole);
            found.0 += whole.len();
            let key = |steps: Vec<Inner>| -> Vec<_> {
                steps
                    .into_iter()
                    .map(|i| (i.removals, i.parents, i.complexity, i.signature))
                    .collect()
            };
            let g = (&w, &wp[..]);
            let (less, _) = inner(g, Kind::Multiple, outer, NET_WORK, true);
            let (whole, _) = inner_pruned(g, Kind::Multiple, outer, (NET_WORK, false), false);
            let (unclosed, _) = inner_pruned(g, Kind::Multiple, outer, (NET_WORK, true), false);
            let (unfresh, _) = inner(g, Kind::Multiple, outer, NET_WORK, false);
            found.1 += whole.len();
            let whole = key(whole);
            assert_eq!(key(less), whole);
            assert_eq!(key(unclosed), whole);
            assert_eq!(key(unfresh), whole);
        }
    }
    // The grids have steps to find.
    assert!(found.0 >= 20 && found.1 >= 20, "{found:?}");
}
