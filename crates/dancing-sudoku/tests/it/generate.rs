//! Generated puzzles, checked by the bitmask baseline (a solver independent of the
//! dancing links that carved them): unique, minimal when asked, symmetric, reproducible.

use std::collections::HashSet;

use dancing_sudoku::BitmaskSolver;
use dancing_sudoku::generate::{Generator, Symmetry, is_minimal};
use dancing_sudoku::variant::Kind;
use dancing_sudoku::{Grid, Solve, Variant, VariantSolver};

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
        assert!(
            is_minimal(&made.puzzle, &Variant::Classic, &mut oracle),
            "puzzle {index}"
        );
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
            assert!(
                is_minimal(&made.puzzle, &Variant::Classic, &mut oracle),
                "{}",
                made.puzzle
            );
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

/// Every 4×4 Latin square, by plain backtracking: the candidates a brute force filters
/// by a variant's own checker, with no exact cover involved.
fn latin_squares_4x4() -> Vec<Grid> {
    fn fill(cells: &mut [u8; 16], at: usize, out: &mut Vec<Grid>) {
        if at == 16 {
            out.push(Grid::from_cells(dancing_sudoku::Shape::square(2), cells.to_vec()).unwrap());
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for v in 1..=4 {
            let clash =
                (0..c).any(|k| cells[r * 4 + k] == v) || (0..r).any(|k| cells[k * 4 + c] == v);
            if !clash {
                cells[at] = v;
                fill(cells, at + 1, out);
                cells[at] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut [0; 16], 0, &mut out);
    out
}

#[test]
fn generated_4x4_variant_puzzles_have_one_solution_by_brute_force() {
    let squares = latin_squares_4x4();
    assert_eq!(squares.len(), 576);
    for kind in [Kind::Classic, Kind::X, Kind::Hyper, Kind::Jigsaw] {
        let generator = Generator::builder()
            .order(2)
            .seed(8)
            .kind(kind)
            .build()
            .unwrap();
        for index in 0..20 {
            let made = generator.generate(index).unwrap();
            let solutions: Vec<&Grid> = squares
                .iter()
                .filter(|grid| made.variant.satisfied_by(&made.puzzle, grid))
                .collect();
            assert_eq!(
                solutions,
                [&made.solution],
                "{kind} {index}: {}",
                made.puzzle
            );
        }
    }
}

#[test]
fn generated_9x9_variant_puzzles_have_one_solution_by_the_learner() {
    for kind in [Kind::X, Kind::Hyper, Kind::Jigsaw] {
        let generator = Generator::builder().seed(12).kind(kind).build().unwrap();
        let mut learner = VariantSolver::with_learner();
        for index in 0..10 {
            let made = generator.generate(index).unwrap();
            assert!(
                made.variant.satisfied_by(&made.puzzle, &made.solution),
                "{kind}"
            );
            if let Variant::Jigsaw(regions) = &made.variant {
                assert!(regions.is_connected());
            }
            learner.set_variant(made.variant.clone());
            assert_eq!(
                learner.count_up_to(&made.puzzle, 2),
                1,
                "{kind}: {}",
                made.puzzle
            );
            assert!(
                is_minimal(&made.puzzle, &made.variant, &mut learner),
                "{kind}: {}",
                made.puzzle
            );
        }
    }
}

#[test]
fn killer_puzzles_and_ratings_of_variants_are_refused() {
    assert_eq!(
        Generator::builder()
            .kind(Kind::Killer)
            .build()
            .unwrap_err()
            .to_string(),
        "killer puzzles are not generated: the generator makes classic, x, hyper and jigsaw puzzles"
    );
    assert!(
        Generator::builder()
            .kind(Kind::X)
            .difficulty(dancing_sudoku::logic::Difficulty::Easy)
            .build()
            .is_err()
    );
}
