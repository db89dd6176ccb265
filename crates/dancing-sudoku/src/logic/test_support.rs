//! Helpers for the techniques' unit tests: positions built by hand.

use super::state::{LogicSolver, bits};
use super::step::Step;
use super::technique::Technique;
use crate::grid::Grid;

/// The solver of a puzzle in the one-line form.
pub(crate) fn solver(puzzle: &str) -> LogicSolver {
    LogicSolver::new(&puzzle.parse::<Grid>().unwrap()).unwrap()
}

/// The solver of an empty grid of `order`: every candidate everywhere.
pub(crate) fn empty(order: usize) -> LogicSolver {
    LogicSolver::new(&Grid::empty(order)).unwrap()
}

/// Grids left from `s` (9×9) by taking out candidates at random, more in each (one
/// kept in each cell).
pub(crate) fn grids_left(s: &LogicSolver, count: usize, seed: u64) -> Vec<LogicSolver> {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|k| {
            let mut w = s.clone();
            for _ in 0..5 + 4 * k {
                let i = (next() % 81) as usize;
                let cell = w.candidates[i];
                if cell.count_ones() >= 2 {
                    let b = bits(cell).nth((next() % u64::from(cell.count_ones())) as usize);
                    w.candidates[i] &= !(1 << b.unwrap());
                }
            }
            w
        })
        .collect()
}

/// The cells of box `b` of a 9×9 grid, in reading order.
pub(crate) fn box_cells(b: usize) -> Vec<(usize, usize)> {
    let (r0, c0) = (b / 3 * 3, b % 3 * 3);
    (0..9).map(|k| (r0 + k / 3, c0 + k % 3)).collect()
}

/// Keeps only `values` as the candidates of `(r, c)`.
pub(crate) fn keep(s: &mut LogicSolver, (r, c): (usize, usize), values: &[u8]) {
    for v in 1..=s.side() as u8 {
        if !values.contains(&v) {
            s.remove_candidate(r, c, v);
        }
    }
}

/// An empty 9×9 grid where each of `cells` keeps only its values.
pub(crate) fn kept(cells: &[((usize, usize), &[u8])]) -> LogicSolver {
    let mut s = empty(3);
    for &(cell, values) in cells {
        keep(&mut s, cell, values);
    }
    s
}

/// Removes `values` from the candidates of `cells`.
pub(crate) fn remove(
    s: &mut LogicSolver,
    values: &[u8],
    cells: impl IntoIterator<Item = (usize, usize)>,
) {
    for (r, c) in cells {
        for &v in values {
            s.remove_candidate(r, c, v);
        }
    }
}

/// An empty 9×9 grid with `values` removed from `cells`.
pub(crate) fn removed(
    values: &[u8],
    cells: impl IntoIterator<Item = (usize, usize)>,
) -> LogicSolver {
    let mut s = empty(3);
    remove(&mut s, values, cells);
    s
}

/// The cells of box `b` of a 9×9 grid but `but`.
pub(crate) fn box_but(b: usize, but: &[(usize, usize)]) -> impl Iterator<Item = (usize, usize)> {
    box_cells(b)
        .into_iter()
        .filter(move |cell| !but.contains(cell))
}

/// The cells `(row, c)` of a 9×9 grid's row but those at `but`.
pub(crate) fn row_but(row: usize, but: &[usize]) -> impl Iterator<Item = (usize, usize)> {
    (0..9)
        .filter(move |c| !but.contains(c))
        .map(move |c| (row, c))
}

/// Asserts that `step` places a candidate or removes at least one, and removes only
/// candidates.
pub(crate) fn check_step(s: &LogicSolver, step: &Step) {
    if let Some(((r, c), v)) = step.placement() {
        assert_ne!(
            s.candidates(r, c) & (1 << (v - 1)),
            0,
            "{step}: places a non-candidate"
        );
    } else {
        assert!(!step.eliminations().is_empty(), "{step}: does nothing");
    }
    for &((r, c), v) in step.eliminations() {
        assert_ne!(
            s.candidates(r, c) & (1 << (v - 1)),
            0,
            "{step}: removes a non-candidate"
        );
    }
}

/// Asserts that the first step of `technique` in `s` reads `text` and is sound
/// ([`check_step`]); returns it.
#[track_caller]
pub(crate) fn assert_says(s: &LogicSolver, technique: Technique, text: &str) -> Step {
    let step = s.find(technique).expect("the technique applies");
    assert_eq!(step.to_string(), text);
    check_step(s, &step);
    step
}

/// Asserts that the first step of `technique` in `s` is `expected`, reads `text`, and is
/// sound ([`check_step`]); returns it.
#[track_caller]
pub(crate) fn assert_finds(
    s: &LogicSolver,
    technique: Technique,
    expected: Step,
    text: &str,
) -> Step {
    let step = assert_says(s, technique, text);
    assert_eq!(step, expected);
    step
}

/// Asserts that once `step` is carried out, `technique` finds nothing more in `s`.
pub(crate) fn assert_spent(s: &LogicSolver, step: &Step, technique: Technique) {
    let mut after = s.clone();
    after.apply(step);
    assert_eq!(after.find(technique), None, "after {step}");
}

/// `value` removed from each of `cells`, as a step lists its eliminations.
pub(crate) fn each(
    value: u8,
    cells: impl IntoIterator<Item = (usize, usize)>,
) -> Vec<((usize, usize), u8)> {
    cells.into_iter().map(|cell| (cell, value)).collect()
}
