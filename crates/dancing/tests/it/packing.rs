//! Polyomino packing against independent counts: the published ones (Scott's 520, the
//! pentomino boxes, the polyomino censuses) and the domino tilings' own encoding.

use dancing::problems::{self, Board, Piece, Turns, Uses, packing, turned};
use dancing::{DenseSolver, Engine, Memo, Solver};

#[test]
fn scott_counts_520_and_its_pictures_cover_the_board_but_the_hole() {
    let board = Board::scott();
    let problem = packing(&board, &Piece::set(5), Turns::All, Uses::Once);
    assert_eq!(Solver::new(&problem).count(), 520);
    assert_eq!(DenseSolver::new(&problem).unwrap().count(), 520);
    let first = Solver::new(&problem).first().expect("a packing");
    let picture = problems::packing_picture(&problem, &board, first.options());
    let rows: Vec<&str> = picture.lines().collect();
    assert_eq!(rows.len(), 8);
    assert_eq!(&rows[3][3..5], "  ");
    let letters: std::collections::BTreeSet<char> =
        picture.chars().filter(char::is_ascii_alphabetic).collect();
    assert_eq!(letters.len(), 12, "{picture}");
    assert_eq!(
        picture.chars().filter(char::is_ascii_alphabetic).count(),
        60
    );
}

#[test]
fn the_pentomino_boxes_count_as_the_box_builder_does() {
    for (width, height) in [(20, 3), (15, 4), (12, 5)] {
        let board = Board::rectangle(width, height);
        let general = packing(&board, &Piece::set(5), Turns::All, Uses::Once);
        let boxed = problems::pentominoes(width, height);
        assert_eq!(
            Solver::new(&general).count(),
            Solver::new(&boxed).count(),
            "{width}x{height}"
        );
    }
}

#[test]
fn dominoes_used_any_number_of_times_count_as_the_domino_boards() {
    for width in 1..=5 {
        for height in 1..=5 {
            let board = Board::rectangle(width, height);
            let general = packing(&board, &Piece::set(2), Turns::All, Uses::Any);
            let tilings = problems::dominoes(width, height);
            let expected = Solver::new(&tilings).count();
            assert_eq!(Solver::new(&general).count(), expected, "{width}x{height}");
            let memo = Memo::new(&general).build().unwrap().count();
            assert_eq!(memo.to_u64(), expected.exact(), "memo {width}x{height}");
        }
    }
}

#[test]
fn the_sets_match_the_polyomino_censuses() {
    // OEIS A000105 (free), A000988 (one-sided), A001168 (fixed).
    let free = [1, 1, 2, 5, 12, 35];
    let one_sided = [1, 1, 2, 7, 18, 60];
    let fixed = [1, 2, 6, 19, 63, 216];
    for size in 1..=6 {
        let set = Piece::set(size);
        assert_eq!(set.len(), free[size - 1]);
        let rotations: usize = set
            .iter()
            .map(|p| turned(&p.cells, Turns::All).len() / turned(&p.cells, Turns::Rotations).len())
            .sum();
        assert_eq!(rotations, one_sided[size - 1], "one-sided {size}");
        let all: usize = set.iter().map(|p| turned(&p.cells, Turns::All).len()).sum();
        assert_eq!(all, fixed[size - 1], "fixed {size}");
        for piece in &set {
            assert_eq!(piece.cells.len(), size);
            assert_eq!(turned(&piece.cells, Turns::None).len(), 1);
        }
    }
}

#[test]
fn at_most_once_leaves_pieces_out_and_pictures_read_back() {
    // Three cells in a row: the I tromino, or the domino and the monomino, in two orders.
    let mut pieces = Piece::set(3);
    pieces.extend(Piece::set(2));
    pieces.extend(Piece::set(1));
    let board: Board = "...".parse().unwrap();
    let problem = packing(&board, &pieces, Turns::All, Uses::AtMostOnce);
    assert_eq!(Solver::new(&problem).count(), 3);
    let drawn = Piece::parse_all("AAB\n.BB").unwrap();
    let square: Board = "..\n..\n..".parse().unwrap();
    // The L tromino twice in a 3x2 box, turned: two ways.
    let twice = vec![
        drawn[1].clone(),
        Piece {
            name: "C".into(),
            cells: drawn[1].cells.clone(),
        },
    ];
    let problem = packing(&square, &twice, Turns::All, Uses::Once);
    assert_eq!(Solver::new(&problem).count(), 4);
    let fixed = packing(&square, &twice, Turns::None, Uses::Once);
    assert_eq!(Solver::new(&fixed).count(), 0);
}

#[test]
fn pictures_that_cannot_be_read_say_where() {
    let error = "..\n.?".parse::<Board>().unwrap_err();
    assert_eq!((error.line, error.column), (2, 2));
    assert!(error.to_string().contains("`?`"), "{error}");
    assert!("\n\n".parse::<Board>().is_err());
    assert!("##\n##".parse::<Board>().is_err());
    assert!(Piece::parse_all("..\n  ").is_err());
    let error = Piece::parse_all("A|").unwrap_err();
    assert_eq!((error.line, error.column), (1, 2));
}
