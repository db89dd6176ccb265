//! Pictures of packings, tilings and queens, rendered by a real SVG renderer (resvg)
//! and checked by their pixels: touching pieces differ in colour, a piece is one
//! colour, holes are dark, queens stand on their squares.

use dancing::problems::{
    Board, HOLE, PALETTE, Piece, SQUARE, Turns, Uses, board_svg, cell_of, dominoes, dominoes_svg,
    packing, packing_svg, queens, queens_board, queens_svg,
};
use dancing::{Engine, OptionId, Problem, Solver};
use dancing_testkit::render::{Raster, near, render};

const MARGIN: f64 = 4.0;

/// The colour at the middle of square `(r, c)`.
fn middle(raster: &Raster, (r, c): (usize, usize)) -> [u8; 3] {
    let at = |k: usize| (MARGIN + (k as f64 + 0.5) * SQUARE) as u32;
    raster.at(at(c), at(r))
}

/// The first solution's options.
fn first(problem: &Problem) -> Vec<OptionId> {
    Solver::new(problem)
        .first()
        .expect("a solution")
        .options()
        .to_vec()
}

/// Each square's piece (its option's index), from the option's cell items.
fn owners(
    problem: &Problem,
    options: &[OptionId],
    (height, width): (usize, usize),
) -> Vec<Option<usize>> {
    let mut owner = vec![None; height * width];
    for (k, &o) in options.iter().enumerate() {
        for (item, _) in problem.option_items(o) {
            if let Some((r, c)) = cell_of(problem.item_name(item)) {
                owner[r * width + c] = Some(k);
            }
        }
    }
    owner
}

/// Checks a packing's picture: each square the colour of its piece, the same over a
/// piece, different across every edge between two pieces; holes dark.
fn check_packing(raster: &Raster, owner: &[Option<usize>], (height, width): (usize, usize)) {
    let palette: Vec<_> = PALETTE.iter().map(|hex| near(hex)).collect();
    let hole = near(HOLE);
    let mut color_of = std::collections::HashMap::new();
    for r in 0..height {
        for c in 0..width {
            let pixel = middle(raster, (r, c));
            match owner[r * width + c] {
                None => assert!(hole(pixel), "r{r}c{c} is a hole: {pixel:?}"),
                Some(k) => {
                    let index = palette.iter().position(|near| near(pixel));
                    let index = index.unwrap_or_else(|| panic!("r{r}c{c}: {pixel:?}"));
                    assert_eq!(*color_of.entry(k).or_insert(index), index, "piece {k}");
                }
            }
        }
    }
    for r in 0..height {
        for c in 0..width {
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                if r2 < height
                    && c2 < width
                    && let (Some(a), Some(b)) = (owner[r * width + c], owner[r2 * width + c2])
                    && a != b
                {
                    assert_ne!(color_of[&a], color_of[&b], "r{r}c{c} and r{r2}c{c2}");
                }
            }
        }
    }
}

#[test]
fn pentominoes_dominoes_and_scott_s_board_colour_touching_pieces_apart() {
    let problem = dancing::problems::pentominoes(10, 6);
    let options = first(&problem);
    let raster = render(&packing_svg(&problem, &Board::rectangle(10, 6), &options));
    assert_eq!(raster.width, (10.0 * SQUARE + 2.0 * MARGIN) as u32);
    check_packing(&raster, &owners(&problem, &options, (6, 10)), (6, 10));

    let problem = dominoes(5, 4);
    let options = first(&problem);
    let raster = render(&dominoes_svg(&problem, (5, 4), &options));
    check_packing(&raster, &owners(&problem, &options, (4, 5)), (4, 5));

    let board = Board::named("scott").unwrap().unwrap();
    let problem = packing(&board, &Piece::set(5), Turns::All, Uses::Once);
    let options = first(&problem);
    let raster = render(&packing_svg(&problem, &board, &options));
    let (height, width) = (board.height(), board.width());
    check_packing(
        &raster,
        &owners(&problem, &options, (height, width)),
        (height, width),
    );
}

#[test]
fn any_board_of_named_cells_draws_as_its_packing_does() {
    // Scott's board has holes inside, none on its border: the cells span the board.
    let board = Board::named("scott").unwrap().unwrap();
    let problem = packing(&board, &Piece::set(5), Turns::All, Uses::Once);
    let options = first(&problem);
    assert_eq!(
        board_svg(&problem, &options),
        Some(packing_svg(&problem, &board, &options))
    );
    let problem = dominoes(5, 4);
    let options = first(&problem);
    assert_eq!(
        board_svg(&problem, &options),
        Some(dominoes_svg(&problem, (5, 4), &options))
    );
    // Numbered from 0, by hand, with a hole: drawn dark where no item names a cell.
    let text = "r0c0 r0c1 r0c2 r1c0 r1c2\nr0c0 r0c1\nr0c2 r1c2\nr1c0\n";
    let problem = dancing::format::parse_str(text).unwrap();
    let options = first(&problem);
    let raster = render(&board_svg(&problem, &options).expect("cells"));
    assert_eq!(
        raster.width,
        (3.0 * SQUARE + 2.0 * MARGIN) as u32,
        "three columns"
    );
    let mut owner = vec![None; 6];
    for (k, &o) in options.iter().enumerate() {
        for (item, _) in problem.option_items(o) {
            let name = problem.item_name(item);
            let (r, c) = name[1..].split_once('c').expect("a cell");
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            owner[r * 3 + c] = Some(k);
        }
    }
    assert_eq!(owner.iter().filter(|o| o.is_none()).count(), 1);
    check_packing(&raster, &owner, (2, 3));
    // No cells, or too many squares: no picture.
    assert_eq!(board_svg(&queens(6), &first(&queens(6))), None);
    let far = dancing::format::parse_str("r0c0 r5000c5000\nr0c0 r5000c5000\n").unwrap();
    assert_eq!(board_svg(&far, &first(&far)), None);
}

#[test]
fn queens_stand_on_their_squares() {
    let problem = queens(8);
    let options = first(&problem);
    let columns = queens_board(&problem, &options);
    let raster = render(&queens_svg(&problem, &options));
    let queen = near(HOLE);
    for (r, &column) in columns.iter().enumerate() {
        for c in 0..8 {
            assert_eq!(queen(middle(&raster, (r, c))), column == c, "r{r}c{c}");
        }
    }
}
