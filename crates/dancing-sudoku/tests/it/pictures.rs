//! Pictures of grids, rendered by a real SVG renderer (resvg) and checked by their
//! pixels: givens dark where their digits are, a solution's digits blue, thick lines
//! exactly between regions, the X diagonals and hyper windows shaded, killer cages
//! outlined, pencilmarks in their places.

use dancing_sudoku::logic::Rater;
use dancing_sudoku::picture::{CELL, Picture, candidate_place, colors, sheet};
use dancing_sudoku::{Cage, Grid, Position, Regions, Shape, Step, Variant};
use dancing_testkit::render::{Raster, dark, has_fonts, near, render, tinted};

/// A chain's potential: a cell, a value, and whether it holds.
type Potential = ((usize, usize), u8, bool);

/// The picture's margin round the grid (the cells start there).
const MARGIN: f64 = 6.0;

/// The pixels of cell `(r, c)`, a little inside its lines: its top-left and size.
fn inside(r: usize, c: usize) -> ((u32, u32), (u32, u32)) {
    let x = MARGIN + c as f64 * CELL + 3.0;
    let y = MARGIN + r as f64 * CELL + 3.0;
    (
        (x as u32, y as u32),
        ((CELL - 6.0) as u32, (CELL - 6.0) as u32),
    )
}

fn count(raster: &Raster, (r, c): (usize, usize), test: impl Fn([u8; 3]) -> bool) -> usize {
    let (at, size) = inside(r, c);
    raster.count(at, size, test)
}

/// Whether the edge between two cells, at its middle, is drawn thick (dark pixels on
/// both sides of the line) rather than thin.
fn thick_between(raster: &Raster, (r, c): (usize, usize), (r2, c2): (usize, usize)) -> bool {
    let (x, y) = if r == r2 {
        let x = MARGIN + c.max(c2) as f64 * CELL;
        (x, MARGIN + (r as f64 + 0.5) * CELL)
    } else {
        let y = MARGIN + r.max(r2) as f64 * CELL;
        (MARGIN + (c as f64 + 0.5) * CELL, y)
    };
    let (x, y) = (x as u32, y as u32);
    let around = if r == r2 {
        [(x - 1, y), (x, y)]
    } else {
        [(x, y - 1), (x, y)]
    };
    around.iter().all(|&(i, j)| dark(raster.at(i, j)))
}

#[test]
fn givens_are_dark_and_a_solution_s_digits_blue() {
    let puzzle: Grid =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .unwrap();
    let solution = puzzle.solve().unwrap();
    let svg = Picture::new(&puzzle).solution(&solution).svg();
    let raster = render(&svg);
    assert_eq!(raster.width, (9.0 * CELL + 2.0 * MARGIN) as u32);
    assert!(
        has_fonts(),
        "the pictures' text needs a font (fonts-dejavu-core)"
    );
    let blue = near(colors::SOLVED);
    for r in 0..9 {
        for c in 0..9 {
            let (darks, blues) = (count(&raster, (r, c), dark), count(&raster, (r, c), &blue));
            if puzzle.get(r, c) != 0 {
                assert!(
                    darks > 20 && blues == 0,
                    "given at r{}c{}: {darks} {blues}",
                    r + 1,
                    c + 1
                );
            } else {
                assert!(
                    blues > 20 && darks == 0,
                    "solved at r{}c{}: {darks} {blues}",
                    r + 1,
                    c + 1
                );
            }
        }
    }
}

#[test]
fn thick_lines_run_exactly_between_boxes_and_jigsaw_regions() {
    let shapes = [
        (Shape::square(2), Variant::Classic),
        (Shape::boxes(2, 3).unwrap(), Variant::Classic),
        (Shape::boxes(3, 2).unwrap(), Variant::Classic),
        (
            Shape::square(2),
            Variant::Jigsaw(Regions::from_labels(4, "aabbabbcaddcddcc".chars()).unwrap()),
        ),
        (Shape::square(3), Variant::Classic),
        (Shape::square(4), Variant::Classic),
    ];
    for (shape, variant) in shapes {
        let grid = Grid::new(shape);
        let raster = render(&Picture::new(&grid).variant(&variant).svg());
        let n = shape.side();
        let units = variant.units(shape);
        let mut region = vec![0; n * n];
        for (k, unit) in units[2 * n..3 * n].iter().enumerate() {
            for &i in unit {
                region[i] = k;
            }
        }
        for r in 0..n {
            for c in 0..n {
                for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                    if r2 < n && c2 < n {
                        let apart = region[r * n + c] != region[r2 * n + c2];
                        assert_eq!(
                            thick_between(&raster, (r, c), (r2, c2)),
                            apart,
                            "{shape:?} {}: r{}c{} | r{}c{}",
                            variant.name(),
                            r + 1,
                            c + 1,
                            r2 + 1,
                            c2 + 1
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn diagonals_and_windows_are_shaded() {
    let grid = Grid::empty(3);
    let shade = near(colors::EXTRA);
    for variant in [Variant::X, Variant::Hyper, Variant::Classic] {
        let raster = render(&Picture::new(&grid).variant(&variant).svg());
        let extra: Vec<usize> = variant
            .units(Shape::CLASSIC)
            .into_iter()
            .skip(27)
            .flatten()
            .collect();
        for i in 0..81 {
            let shaded = count(&raster, (i / 9, i % 9), &shade) > 400;
            assert_eq!(shaded, extra.contains(&i), "{} cell {i}", variant.name());
        }
    }
}

#[test]
fn killer_cages_are_outlined_with_their_sums() {
    // A 4×4 killer: two cages, one of three cells in an L.
    let cages = vec![
        Cage {
            sum: 7,
            cells: vec![(0, 0), (0, 1), (1, 0)],
        },
        Cage {
            sum: 3,
            cells: vec![(3, 2), (3, 3)],
        },
    ];
    let grid = Grid::empty(2);
    let raster = render(&Picture::new(&grid).variant(&Variant::Killer(cages)).svg());
    let cage = tinted(colors::CAGE);
    // The outline runs inside the cage's cells, and not in a cell of no cage.
    for cell in [(0, 0), (0, 1), (1, 0), (3, 2), (3, 3)] {
        assert!(count(&raster, cell, &cage) > 10, "{cell:?}");
    }
    for cell in [(1, 1), (2, 2), (0, 3)] {
        assert_eq!(count(&raster, cell, &cage), 0, "{cell:?}");
    }
    // No outline between two cells of one cage: the middle of the edge r1c1 | r1c2,
    // just inside the cells, has none of the cage's colour.
    let x = (MARGIN + CELL) as u32;
    let y = (MARGIN + CELL / 2.0) as u32;
    assert_eq!(raster.count((x - 8, y - 1), (16, 3), &cage), 0);
}

#[test]
fn pencilmarks_sit_in_their_places() {
    // r1c1 keeps 1, 5 and 9: the top-left, middle and bottom-right ninths of the cell.
    let grid = Grid::empty(3);
    let mut masks = vec![0x1FFu64; 81];
    masks[0] = 0b1_0001_0001;
    let position = Position::with_candidates(grid.clone(), masks).unwrap();
    let raster = render(&Picture::new(&grid).candidates(&position).svg());
    assert!(
        has_fonts(),
        "the pictures' text needs a font (fonts-dejavu-core)"
    );
    let ink = |[r, g, b]: [u8; 3]| r < 200 && g < 200 && b < 200;
    let third = CELL / 3.0;
    for v in 1..=9usize {
        let (row, col) = ((v - 1) / 3, (v - 1) % 3);
        let x = (MARGIN + col as f64 * third + 2.0) as u32;
        let y = (MARGIN + row as f64 * third + 2.0) as u32;
        let inked = raster.count((x, y), ((third - 4.0) as u32, (third - 4.0) as u32), ink);
        assert_eq!(inked > 3, [1, 5, 9].contains(&v), "candidate {v}: {inked}");
    }
}

#[test]
fn every_shape_draws_and_a_sheet_holds_several() {
    let grids: Vec<Grid> = [2, 3, 4, 5]
        .into_iter()
        .map(Grid::empty)
        .chain([Grid::new(Shape::boxes(2, 3).unwrap())])
        .collect();
    for grid in &grids {
        let raster = render(&Picture::new(grid).svg());
        let side = (grid.side() as f64 * CELL + 2.0 * MARGIN) as u32;
        assert_eq!((raster.width, raster.height), (side, side));
    }
    let pictures: Vec<Picture<'_>> = grids.iter().map(Picture::new).collect();
    let raster = render(&sheet(&pictures, 2));
    // Three rows: 4×4 and 9×9, 16×16 and 25×25, 6×6; as wide as the widest row.
    let size = |side: usize| side as f64 * CELL + 2.0 * MARGIN;
    assert_eq!(raster.width, (size(16) + 12.0 + size(25)) as u32);
    assert_eq!(raster.height, (size(9) + size(25) + size(6) + 24.0) as u32);
}

#[test]
fn hints_show_their_pattern_removals_placements_and_links() {
    // Every step of Inkala's puzzle, each on the position it is taken in: singles,
    // subsets, chains and nets among them.
    let puzzle: Grid =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .unwrap();
    let (path, after) = Rater::new().path_positions(&puzzle).unwrap();
    let before = std::iter::once(Position::new(&puzzle)).chain(after);
    let (removed, placed, link) = (
        tinted(colors::REMOVED),
        tinted(colors::PLACED),
        tinted(colors::LINK),
    );
    let pattern = near(colors::PATTERN);
    let (mut links, mut kinds) = (0, std::collections::HashSet::new());
    for (position, step) in before.zip(&path.steps) {
        kinds.insert(std::mem::discriminant(step));
        let raster = render(
            &Picture::new(position.grid())
                .candidates(&position)
                .step(step)
                .svg(),
        );
        for &((r, c), v) in step.eliminations() {
            let ((x, y), size) = candidate_place(Shape::CLASSIC, (r, c), v);
            let half = (size / 2.0) as u32;
            let at = (x as u32 - half, y as u32 - half);
            assert!(
                raster.count(at, (2 * half, 2 * half), &removed) > 3,
                "{step}: r{}c{} {v}",
                r + 1,
                c + 1
            );
        }
        if let Some(((r, c), _)) = step.placement() {
            assert!(count(&raster, (r, c), &placed) > 20, "{step}");
        }
        let marked = |cell: (usize, usize)| count(&raster, cell, &pattern) > 100;
        if let Step::Chain(chain) = step {
            for &(cell, _, _) in &chain.links {
                assert!(marked(cell), "{step}");
            }
        }
        let potentials: Vec<Vec<Potential>> = match step {
            Step::Chain(chain) => vec![chain.links.clone()],
            Step::Net(net) => net.branches.clone(),
            _ => Vec::new(),
        };
        for branch in potentials {
            for pair in branch.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                let ((x0, y0), size) = candidate_place(Shape::CLASSIC, a.0, a.1);
                let ((x1, y1), _) = candidate_place(Shape::CLASSIC, b.0, b.1);
                if (x1 - x0).hypot(y1 - y0) < size * 3.0 {
                    continue; // too short to find its middle apart from the digits
                }
                let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                let inked = raster.count((mx as u32 - 4, my as u32 - 4), (9, 9), &link);
                assert!(inked > 0, "{step}: {a:?} → {b:?}");
                links += 1;
            }
        }
    }
    // The walk met singles, some pattern of cells, and chains or nets with links.
    assert!(
        kinds.len() >= 3 && links >= 10,
        "{} kinds, {links} links",
        kinds.len()
    );
}
