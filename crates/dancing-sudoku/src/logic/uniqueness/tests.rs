//! Tests of `uniqueness`.

use super::super::test_support::*;
use super::super::{Step, Technique};
use super::{UniqueLoop, UniqueLoopSubset};
use crate::grid::Unit;

#[test]
fn unique_rectangle_type_1_found_and_not() {
    // r1c1, r1c4, r2c1 hold only 1 and 2, r2c4 also 3: two rows, two columns, two
    // boxes. Unless r2c4 is 3, the four could swap 1 and 2.
    let corners = [((0, 0), &[1, 2][..]), ((0, 3), &[1, 2]), ((1, 0), &[1, 2])];
    let mut cells = corners.to_vec();
    cells.push(((1, 3), &[1, 2, 3]));
    let s = kept(&cells);
    let step = s
        .find(Technique::UniqueRectangle)
        .expect("a unique rectangle");
    let Step::UniqueLoop(UniqueLoop {
        kind,
        cells: loop_cells,
        values,
        eliminations,
        ..
    }) = &step
    else {
        panic!("{step:?}")
    };
    assert_eq!((*kind, *values, step.score()), (1, [1, 2], 4.5));
    let mut sorted = loop_cells.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, [(0, 0), (0, 3), (1, 0), (1, 3)]);
    assert_eq!(eliminations, &[((1, 3), 1), ((1, 3), 2)]);
    check_step(&s, &step);
    assert!(
        step.to_string()
            .starts_with("unique rectangle type 1: 1 and 2 could swap")
    );
    // Over four boxes the values could not swap (each box would lose one): nothing.
    let mut cells = vec![((0, 0), &[1, 2][..]), ((0, 3), &[1, 2]), ((3, 0), &[1, 2])];
    cells.push(((3, 3), &[1, 2, 3]));
    assert_eq!(kept(&cells).find(Technique::UniqueRectangle), None);
}

#[test]
fn unique_rectangle_type_2_and_4() {
    // Two corners with a third value 3 (type 2: 3 leaves the cells seeing both), and
    // 1 confined to them in their row (type 4: 2 leaves them).
    let mut s = kept(&[
        ((0, 0), &[1, 2]),
        ((0, 3), &[1, 2]),
        ((1, 0), &[1, 2, 3]),
        ((1, 3), &[1, 2, 3]),
    ]);
    let step = s.find(Technique::UniqueRectangle).expect("type 2");
    let eliminations = step.eliminations();
    assert_eq!(loop_kind(&step), 2);
    // Row 2 but the corners: r2c2, r2c3, r2c5 … r2c9.
    assert_eq!(eliminations.len(), 7);
    assert!(eliminations.iter().all(|&((r, _), v)| r == 1 && v == 3));
    check_step(&s, &step);
    // 3 gone from the rest of row 2, but 1 only in the corners of row 2: type 4.
    remove(&mut s, &[3, 1], [1, 2, 4, 5, 6, 7, 8].map(|c| (1, c)));
    let step = s.find(Technique::UniqueRectangle).expect("type 4");
    assert_eq!(loop_kind(&step), 4);
    assert_eq!(step.eliminations(), [((1, 0), 2), ((1, 3), 2)]);
    check_step(&s, &step);
}

#[test]
fn unique_rectangle_type_3_naked_and_hidden() {
    // The roof r2c1, r2c4 holds 3 or 4 (else 1 and 2 could swap around the
    // rectangle); with r2c7 = {3, 4} that is a naked pair of 3 and 4 in row 2.
    let corners = [((0, 0), &[1, 2][..]), ((0, 3), &[1, 2])];
    let mut cells = corners.to_vec();
    cells.extend([
        ((1, 0), &[1, 2, 3][..]),
        ((1, 3), &[1, 2, 4]),
        ((1, 6), &[3, 4]),
    ]);
    let s = kept(&cells);
    let gone: Vec<_> = [1, 2, 4, 5, 7, 8]
        .into_iter()
        .flat_map(|c| [((1, c), 3), ((1, c), 4)])
        .collect();
    let expected = Step::UniqueLoopSubset(UniqueLoopSubset {
        cells: vec![(0, 0), (1, 0), (1, 3), (0, 3)],
        values: [1, 2],
        roof: [(1, 0), (1, 3)],
        extra: vec![3, 4],
        unit: Unit::Row(1),
        hidden: false,
        subset: vec![(1, 6)],
        subset_values: vec![3, 4],
        eliminations: gone,
        tenths: 46,
    });
    let text = "unique rectangle type 3: 1 and 2 could swap around the rectangle r1c1, r2c1, r2c4, r1c4, so r2c1 or r2c4 holds 3 or 4; with r2c7 they make a naked pair of 3 and 4 in row 2, so r2c2≠3, r2c2≠4, r2c3≠3, r2c3≠4, r2c5≠3, r2c5≠4, r2c6≠3, r2c6≠4, r2c8≠3, r2c8≠4, r2c9≠3, r2c9≠4";
    let step = assert_finds(&s, Technique::UniqueRectangle, expected, text);
    assert_eq!(step.score(), 4.6);
    assert_spent(&s, &step, Technique::UniqueRectangle);
    // Hidden: 1 and 2 in row 2 only in the roof and r2c7, which keeps only them.
    let mut cells = corners.to_vec();
    cells.extend([((1, 0), &[1, 2, 3][..]), ((1, 3), &[1, 2, 4])]);
    let mut s = kept(&cells);
    remove(&mut s, &[1, 2], [1, 2, 4, 5, 7, 8].map(|c| (1, c)));
    let step = assert_says(
        &s,
        Technique::UniqueRectangle,
        "unique rectangle type 3: 1 and 2 could swap around the rectangle r1c1, r2c1, r2c4, r1c4, so r2c1 or r2c4 holds 3 or 4; then 1 and 2 in row 2, which have no other places, go to the other and r2c7: a hidden pair, so r2c7≠3, r2c7≠4, r2c7≠5, r2c7≠6, r2c7≠7, r2c7≠8, r2c7≠9",
    );
    assert_eq!(step.score(), 4.5);
    // Once r2c7 holds only 1 and 2, nothing is left to remove.
    assert_spent(&s, &step, Technique::UniqueRectangle);
}

/// The type of a unique loop step.
fn loop_kind(step: &Step) -> u8 {
    match step {
        Step::UniqueLoop(UniqueLoop { kind, .. }) => *kind,
        other => panic!("not a unique loop: {other:?}"),
    }
}
