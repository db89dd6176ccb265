//! The public names of the engine, the learner and the sudoku crate do not clash: a
//! program may glob-import all three. A name two of them exported for different items
//! would be an error below, where it is used.

use dancing::*;
#[cfg(feature = "sat")]
use dancing_sat::*;
use dancing_sudoku::*;

#[test]
fn the_crates_glob_import_together() {
    // The engine's text format and its errors.
    let bad: Result<Problem, ParseError> = format::parse_str("a\nb\n");
    let kind: &ParseErrorKind = &bad.as_ref().unwrap_err().kind;
    assert!(matches!(kind, ParseErrorKind::Build(_)), "{kind:?}");
    let problem = format::parse_str("a b\na\nb\na b\n").unwrap();
    let mut solver = Solver::new(&problem);
    let solutions: Solutions<'_> = solver.solutions();
    assert_eq!(solutions.count(), 2);

    // The sudoku crate's parser, its errors and its iterator of grids.
    let wrong: Result<Grid, PuzzleError> = "12".parse();
    let kind: &PuzzleErrorKind = &wrong.as_ref().unwrap_err().kind;
    assert!(
        matches!(kind, PuzzleErrorKind::LineLength { .. }),
        "{kind:?}"
    );
    let puzzle: Grid = "12..34..........".parse().unwrap();
    let mut sudoku = SudokuSolver::new();
    let grids: SudokuSolutions<'_> = sudoku.solutions(&puzzle);
    let listed = grids.count() as u64;
    let count: Count = sudoku.count(&puzzle);
    assert_eq!(count, listed);

    // The learner.
    #[cfg(feature = "sat")]
    {
        let mut learner = Learner::new(&problem);
        assert_eq!(learner.count_up_to(10).unwrap(), 2);
    }
}
