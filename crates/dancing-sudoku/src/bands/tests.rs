//! Tests of `bands`.

use super::state::*;
use super::tables::*;
use super::*;

#[test]
fn an_empty_state_propagates_to_nothing_new() {
    let mut state = State::EMPTY;
    assert!(state.propagate::<false>());
    assert_eq!(state.cand, [ALL; 27]);
    assert_eq!(state.settle::<false>(), Outcome::Open);
    assert_eq!(state.guess_cell(), (0, 1));
}

#[test]
fn every_way_is_counted_as_the_tables_count_it() {
    // `row_ways` and `stack_ways` count without tables; `WAYS` is the reference.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..20_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let words = [
            seed as u32 & ALL,
            (seed >> 27) as u32 & ALL,
            (seed >> 37) as u32 & ALL,
        ];
        for &cand in &words {
            let ways = WAYS[minirows_of(cand)];
            assert_eq!(row_ways(cand), ways.count_ones(), "{cand:o}");
        }
        let stacks = stack_ways(words[0], words[1], words[2]);
        let columns = words.map(|cand| (cand | cand >> 9 | cand >> 18) & ROW);
        for x in 0..3 {
            let mut s = 0;
            for (b, c) in columns.iter().enumerate() {
                s |= ((c >> (3 * x)) & 7) << (3 * b);
            }
            let count = WAYS[s as usize].count_ones();
            assert_eq!((stacks >> (8 * x)) & 0xFF, count, "{words:?} stack {x}");
        }
    }
}

/// Puzzles of every kind: tdoku's (0 to 847 solutions) and hard unique ones.
fn puzzles() -> Vec<Grid> {
    let tdoku = include_str!("../../data/tdoku_test_puzzles.txt");
    let top = include_str!("../../data/magictour_top1465.txt");
    let lines = tdoku.lines().chain(top.lines().take(300));
    lines
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            line.split(':')
                .next()
                .unwrap_or(line)
                .parse()
                .expect("a 9×9 puzzle")
        })
        .collect()
}

#[test]
fn the_portable_search_and_the_avx2_and_avx512_searches_agree() {
    // The dispatching path is checked against dancing links in the integration
    // tests; here the builds it does not take must answer the same, guess for guess,
    // and so must the portable build that gathers minirows by `pext`'s rule.
    for puzzle in puzzles() {
        let (mut portable, mut dispatched) = (BandSolver::new(), BandSolver::new());
        let (mut first, mut other) = (puzzle.clone(), puzzle.clone());
        let count = portable.search::<false>(&puzzle, 1000, Some(&mut first));
        assert_eq!(dispatched.find_9x9(&puzzle, 1000, Some(&mut other)), count);
        assert_eq!(portable.books.stats.nodes, dispatched.books.stats.nodes);
        if count > 0 {
            assert!(first.is_solution_of(&puzzle), "{puzzle}");
            assert_eq!(first, other);
        }
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            let mut wide = BandSolver::new();
            #[allow(unsafe_code)]
            // SAFETY: the processor has the five features (checked above).
            let wide_count = unsafe { wide.search_avx2(&puzzle, 1000, None) };
            assert_eq!(wide_count, count, "{puzzle}");
            assert_eq!(wide.books.stats.nodes, portable.books.stats.nodes);
        }
        #[cfg(target_arch = "x86_64")]
        if has_avx512() {
            let mut widest = BandSolver::new();
            let mut solution = puzzle.clone();
            #[allow(unsafe_code)]
            // SAFETY: the processor has the features (checked above).
            let widest_count = unsafe { widest.search_avx512(&puzzle, 1000, Some(&mut solution)) };
            assert_eq!(widest_count, count, "{puzzle}");
            assert_eq!(widest.books.stats.nodes, portable.books.stats.nodes);
            if count > 0 {
                assert_eq!(solution, first);
            }
        }
    }
}

#[test]
fn minirows_by_pext_are_the_minirows_by_tables() {
    // Every row pattern in each row of a band, and mixed bands.
    let mut words: Vec<u32> = (0..512u32)
        .flat_map(|row| [row, row << 9, row << 18])
        .collect();
    words.extend((0..2000u32).map(|k| k.wrapping_mul(0x9E37_79B9) & ALL));
    for cand in words {
        let tables = usize::from(SHRINK[(cand & ROW) as usize])
            | usize::from(SHRINK[((cand >> 9) & ROW) as usize]) << 3
            | usize::from(SHRINK[((cand >> 18) & ROW) as usize]) << 6;
        assert_eq!(minirows_of(cand), tables, "{cand:#o}");
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            assert_eq!(minirows_by_pext(cand), tables, "{cand:#o}");
        }
    }
}
