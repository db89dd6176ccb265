//! The exact-cover matrices of the variants (see the [module docs](super#the-matrices)).

use dancing::{ItemId, Problem, ProblemBuilder};

use super::{Cage, Regions, Variant};
use crate::Shape;

/// Declares the N² items `{prefix}{u},{v}` (1-based).
fn declare(b: &mut ProblemBuilder, prefix: &str, units: usize, n: usize) -> Vec<ItemId> {
    let mut ids = Vec::with_capacity(units * n);
    for u in 1..=units {
        for v in 1..=n {
            ids.push(
                b.primary(&format!("{prefix}{u},{v}"))
                    .expect("variant item names are valid and distinct"),
            );
        }
    }
    ids
}

/// The combinations of `size` distinct digits 1..=`n` summing to `sum`, each as a bit set
/// (bit v − 1 for digit v), in increasing order.
pub(crate) fn combinations(n: usize, size: usize, sum: u32) -> Vec<u64> {
    let mut found = Vec::new();
    // Depth-first over digits in increasing order: (next digit, set, size, sum).
    let mut stack = vec![(1usize, 0u64, 0usize, 0u32)];
    while let Some((next, set, len, total)) = stack.pop() {
        if len == size {
            if total == sum {
                found.push(set);
            }
            continue;
        }
        for v in (next..=n).rev() {
            if total + v as u32 <= sum && n - v + 1 >= size - len {
                stack.push((v + 1, set | 1 << (v - 1), len + 1, total + v as u32));
            }
        }
    }
    found.sort_unstable();
    found
}

/// The matrix of `variant` for `shape`; the variant must have been validated.
/// Killer cages take the combinations model of the [module docs](super#the-matrices).
pub(crate) fn problem(variant: &Variant, shape: Shape) -> Problem {
    let n = shape.side();
    let mut b = Problem::builder();
    let cell = declare(&mut b, "p", n, n);
    let row = declare(&mut b, "r", n, n);
    let col = declare(&mut b, "c", n, n);
    let house = declare(&mut b, "b", n, n);
    let regions = match variant {
        Variant::Jigsaw(regions) => regions.clone(),
        _ => Regions::boxes(shape),
    };
    let extra = variant.extra_units(shape);
    let extra_items = declare(&mut b, "x", extra.len(), n);
    // The extra houses of each cell.
    let mut extra_of: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (u, unit) in extra.iter().enumerate() {
        for &cell in unit {
            extra_of[cell].push(u);
        }
    }
    let cages: &[Cage] = match variant {
        Variant::Killer(cages) => cages,
        _ => &[],
    };
    let mut cage_of = vec![usize::MAX; n * n];
    for (k, cage) in cages.iter().enumerate() {
        for &(r, c) in &cage.cells {
            cage_of[r * n + c] = k;
        }
    }
    let has = declare(&mut b, "k", cages.len(), n);
    let chosen: Vec<ItemId> = (1..=cages.len())
        .map(|k| {
            b.primary(&format!("k{k}"))
                .expect("cage item names are valid")
        })
        .collect();
    let items_of = |r: usize, c: usize, v: usize, items: &mut Vec<ItemId>| {
        items.extend([
            cell[r * n + c],
            row[r * n + v],
            col[c * n + v],
            house[regions.region_of(r, c) * n + v],
        ]);
        items.extend(extra_of[r * n + c].iter().map(|&u| extra_items[u * n + v]));
    };
    let mut items = Vec::with_capacity(8);
    for r in 0..n {
        for c in 0..n {
            for v in 0..n {
                items.clear();
                items_of(r, c, v, &mut items);
                let k = cage_of[r * n + c];
                if k != usize::MAX {
                    items.push(has[k * n + v]);
                }
                b.option(items.iter().copied())
                    .expect("variant options are valid");
            }
        }
    }
    for (k, cage) in cages.iter().enumerate() {
        for set in combinations(n, cage.cells.len(), cage.sum) {
            items.clear();
            items.push(chosen[k]);
            items.extend((0..n).filter(|v| set >> v & 1 == 0).map(|v| has[k * n + v]));
            b.option(items.iter().copied())
                .expect("combination options are valid");
        }
    }
    b.build().expect("a variant matrix is a valid problem")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_of_cage_sums() {
        // The killer players' table: 3 in two cells is 1+2, 24 in three is 7+8+9,
        // 10 in three is 1+2+7, 1+3+6, 1+4+5, 2+3+5.
        assert_eq!(combinations(9, 2, 3), [0b11]);
        assert_eq!(combinations(9, 3, 24), [0b1_1100_0000]);
        assert_eq!(combinations(9, 3, 10).len(), 4);
        assert_eq!(combinations(9, 9, 45).len(), 1);
        assert!(combinations(9, 2, 18).is_empty());
    }

    #[test]
    fn classic_matrix_matches_the_classic_encoding() {
        let ours = problem(&Variant::Classic, Shape::CLASSIC);
        let classic = crate::encoding::problem(Shape::CLASSIC);
        assert_eq!(ours.option_count(), classic.option_count());
        for option in classic.options() {
            assert_eq!(ours.format_option(option), classic.format_option(option));
        }
    }
}
