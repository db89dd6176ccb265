//! Random grids of the variants: jigsaw regions, and solved grids of x, hyper and jigsaw
//! sudoku, drawn from a seeded stream.

use rand_chacha::ChaCha8Rng;

use super::{below, shuffle};
use crate::grid::Grid;
use crate::shape::Shape;
use crate::solve::Solve;
use crate::variant::{Regions, Variant, connected};

/// N orthogonally connected regions of N cells each: the boxes, reshaped by random
/// trades between neighbouring regions: a cell of region A next to region B goes to B,
/// and a cell of B next to A (another one) goes to A, kept only if both regions stay
/// connected. Sizes never change: each trade is one cell for one.
pub(super) fn random_regions(rng: &mut ChaCha8Rng, shape: Shape) -> Regions {
    let side = shape.side();
    let cells = side * side;
    let mut region = Regions::boxes(shape).indices().to_vec();
    let neighbours = |k: usize| {
        let (r, c) = (k / side, k % side);
        [
            (r > 0).then(|| k - side),
            (r + 1 < side).then(|| k + side),
            (c > 0).then(|| k - 1),
            (c + 1 < side).then(|| k + 1),
        ]
        .into_iter()
        .flatten()
    };
    let mut border = Vec::new();
    // Enough trades that little of the boxes is left.
    for _ in 0..10 * cells {
        let a = below(rng, cells);
        let others: Vec<usize> = neighbours(a).filter(|&n| region[n] != region[a]).collect();
        if others.is_empty() {
            continue;
        }
        let (from, to) = (region[a], region[others[below(rng, others.len())]]);
        // The cells of `to` that touch `from`: one of them comes the other way.
        border.clear();
        border.extend(
            (0..cells).filter(|&k| region[k] == to && neighbours(k).any(|n| region[n] == from)),
        );
        let b = border[below(rng, border.len())];
        region[a] = to;
        region[b] = from;
        if !connected(&region, side, from) || !connected(&region, side, to) {
            region[a] = from;
            region[b] = to;
        }
    }
    Regions::from_indices(side, region).expect("trades keep N regions of N cells")
}

/// A random solved grid of `variant` (whose matrix `solver` holds): N random cells get
/// random values their houses allow, the solver completes them (the seeds are drawn
/// again when it cannot), and the values are relabelled at random. `None` if 100
/// draws find no completion (a jigsaw layout with no solution at all).
pub(super) fn random_solution(
    rng: &mut ChaCha8Rng,
    shape: Shape,
    variant: &Variant,
    solver: &mut dyn Solve,
) -> Option<Grid> {
    let side = shape.side();
    let units = variant.units(shape);
    let mut units_of = vec![Vec::new(); side * side];
    for (u, unit) in units.iter().enumerate() {
        for &cell in unit {
            units_of[cell].push(u);
        }
    }
    let mut cells: Vec<usize> = (0..side * side).collect();
    for _ in 0..100 {
        shuffle(rng, &mut cells);
        let mut seeds = Grid::new(shape);
        let mut used = vec![0u64; units.len()];
        for &cell in &cells[..side] {
            let taken = units_of[cell].iter().fold(0, |m, &u| m | used[u]);
            let free: Vec<u8> = (1..=side as u8)
                .filter(|&v| taken & 1 << (v - 1) == 0)
                .collect();
            if free.is_empty() {
                continue;
            }
            let value = free[below(rng, free.len())];
            seeds.set(cell / side, cell % side, value);
            for &u in &units_of[cell] {
                used[u] |= 1 << (value - 1);
            }
        }
        if let Some(filled) = solver.solve(&seeds) {
            let mut values: Vec<u8> = (1..=side as u8).collect();
            shuffle(rng, &mut values);
            let relabelled = filled
                .cells()
                .iter()
                .map(|&v| values[usize::from(v) - 1])
                .collect();
            return Some(Grid::from_cells(shape, relabelled).expect("a relabelled solution"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use rand_core::SeedableRng;

    use super::*;

    #[test]
    fn random_regions_are_connected_and_leave_the_boxes() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        // 4×4 grids have few jigsaw layouts, the boxes among them: from 9×9 up.
        for shape in [
            Shape::square(3),
            Shape::square(4),
            Shape::boxes(2, 3).unwrap(),
        ] {
            for _ in 0..5 {
                let regions = random_regions(&mut rng, shape);
                assert!(regions.is_connected());
                assert_ne!(regions, Regions::boxes(shape), "{shape}");
            }
        }
    }
}
