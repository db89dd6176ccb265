//! Generated puzzles, checked by the bitmask baseline (a solver independent of the
//! dancing links that carved them): unique, minimal when asked, symmetric, reproducible.

use std::collections::HashSet;

use dancing_sudoku::Solve;
use dancing_sudoku::bitmask::BitmaskSolver;
use dancing_sudoku::generate::{Generator, Symmetry, is_minimal};

#[test]
fn a_thousand_generated_puzzles_are_unique_and_minimal() {
    let generator = Generator::builder().seed(17).minimal(true).build().unwrap();
    let mut oracle = BitmaskSolver::new();
    let mut distinct = HashSet::new();
    for index in 0..1000 {
        let made = generator.generate(index).unwrap();
        assert_eq!(
            oracle.count_up_to(&made.puzzle, 2),
            1,
            "puzzle {index}: {}",
            made.puzzle
        );
        assert_eq!(oracle.solve(&made.puzzle).as_ref(), Some(&made.solution));
        assert!(is_minimal(&made.puzzle, &mut oracle), "puzzle {index}");
        distinct.insert(made.solution.clone());
    }
    assert_eq!(distinct.len(), 1000, "every puzzle has its own solution");
}

#[test]
fn symmetric_minimal_puzzles_lose_uniqueness_without_any_single_given() {
    let mut oracle = BitmaskSolver::new();
    for symmetry in [Symmetry::Rotational, Symmetry::Diagonal, Symmetry::Mirror] {
        let generator = Generator::builder()
            .seed(5)
            .symmetry(symmetry)
            .minimal(true)
            .build()
            .unwrap();
        for index in 0..10 {
            let made = generator.generate(index).unwrap();
            assert!(symmetry.holds(&made.puzzle), "{symmetry}: {}", made.puzzle);
            assert_eq!(oracle.count_up_to(&made.puzzle, 2), 1);
            assert!(is_minimal(&made.puzzle, &mut oracle), "{}", made.puzzle);
        }
    }
}

#[test]
fn a_seed_gives_the_same_puzzles_in_any_order() {
    let generator = Generator::builder().seed(99).build().unwrap();
    let forward: Vec<_> = (0..20).map(|i| generator.generate(i).unwrap()).collect();
    let backward: Vec<_> = (0..20)
        .rev()
        .map(|i| generator.generate(i).unwrap())
        .collect();
    assert!(forward.iter().eq(backward.iter().rev()));
    let other = Generator::builder().seed(100).build().unwrap();
    assert_ne!(other.generate(0).unwrap().puzzle, forward[0].puzzle);
}
