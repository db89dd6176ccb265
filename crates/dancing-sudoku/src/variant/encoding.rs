//! The exact-cover matrices of the variants (see the [module docs](super#the-matrices)).

use dancing::{ItemId, Problem, ProblemBuilder};

use super::{Cage, Regions, Variant};

/// How killer cages become exact cover (see the [module docs](super#the-matrices)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
#[non_exhaustive]
pub enum KillerModel {
    /// Items `cage k has v` and `cage k chosen`; one option per digit combination of
    /// the cage's size and sum, covering `cage k has v` for the digits not in it. The
    /// default: the faster of the two.
    #[default]
    Combinations,
    /// One option per placement of a permutation of a combination on the cage's cells,
    /// covering those cells' items and `cage k`. A given in a cage cannot be forced
    /// (no cell-value option of a caged cell is ever chosen), so [`VariantSolver`]
    /// builds this matrix per puzzle without the placements that disagree with the
    /// givens.
    ///
    /// [`VariantSolver`]: super::VariantSolver
    Placements,
}

/// A variant's matrix, and what the solver needs to know about its options.
#[derive(Debug)]
pub(crate) struct Encoded {
    pub(crate) problem: Problem,
    /// For [`KillerModel::Placements`]: the (cell, value) pairs of each option after the
    /// N³ cell-value options, by option id minus N³. Empty otherwise.
    pub(crate) placements: Vec<Vec<(usize, u8)>>,
}

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

/// The matrix of `variant` for order `order`; the variant must have been validated.
/// With [`KillerModel::Placements`], placements that disagree with `givens` (the
/// puzzle's cells, if given) are left out, since a given in a cage cannot be forced.
pub(crate) fn problem(variant: &Variant, order: usize, model: KillerModel) -> Encoded {
    problem_with_givens(variant, order, model, None)
}

/// [`problem`], leaving out the placements that disagree with `givens`.
pub(crate) fn problem_with_givens(
    variant: &Variant,
    order: usize,
    model: KillerModel,
    givens: Option<&[u8]>,
) -> Encoded {
    let n = order * order;
    let mut b = Problem::builder();
    let cell = declare(&mut b, "p", n, n);
    let row = declare(&mut b, "r", n, n);
    let col = declare(&mut b, "c", n, n);
    let house = declare(&mut b, "b", n, n);
    let regions = match variant {
        Variant::Jigsaw(regions) => regions.clone(),
        _ => Regions::boxes(order),
    };
    let extra = variant.extra_units(order);
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
    let combinations_model = model == KillerModel::Combinations;
    let has = if combinations_model {
        declare(&mut b, "k", cages.len(), n)
    } else {
        Vec::new()
    };
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
                if combinations_model && k != usize::MAX {
                    items.push(has[k * n + v]);
                }
                b.option(items.iter().copied())
                    .expect("variant options are valid");
            }
        }
    }
    let mut placements = Vec::new();
    for (k, cage) in cages.iter().enumerate() {
        for set in combinations(n, cage.cells.len(), cage.sum) {
            if combinations_model {
                items.clear();
                items.push(chosen[k]);
                items.extend((0..n).filter(|v| set >> v & 1 == 0).map(|v| has[k * n + v]));
                b.option(items.iter().copied())
                    .expect("combination options are valid");
                continue;
            }
            let digits: Vec<u8> = (0..n)
                .filter(|v| set >> v & 1 == 1)
                .map(|v| v as u8 + 1)
                .collect();
            for_each_permutation(digits, |perm| {
                let fits = cage.cells.iter().zip(perm).all(|(&(r, c), &v)| {
                    givens.is_none_or(|g| g[r * n + c] == 0 || g[r * n + c] == v)
                });
                if !fits {
                    return;
                }
                items.clear();
                items.push(chosen[k]);
                for (&(r, c), &v) in cage.cells.iter().zip(perm) {
                    items_of(r, c, usize::from(v) - 1, &mut items);
                }
                b.option(items.iter().copied())
                    .expect("placement options are valid");
                placements.push(
                    cage.cells
                        .iter()
                        .zip(perm)
                        .map(|(&(r, c), &v)| (r * n + c, v))
                        .collect(),
                );
            });
        }
    }
    Encoded {
        problem: b.build().expect("a variant matrix is a valid problem"),
        placements,
    }
}

/// Calls `visit` with every permutation of `items` (Heap's algorithm, without recursion).
fn for_each_permutation(mut items: Vec<u8>, mut visit: impl FnMut(&[u8])) {
    let len = items.len();
    let mut counters = vec![0usize; len];
    visit(&items);
    let mut i = 0;
    while i < len {
        if counters[i] < i {
            if i % 2 == 0 {
                items.swap(0, i);
            } else {
                items.swap(counters[i], i);
            }
            visit(&items);
            counters[i] += 1;
            i = 0;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
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
    fn permutations_are_all_distinct() {
        let mut seen = Vec::new();
        for_each_permutation(vec![1, 2, 3, 4], |p| seen.push(p.to_vec()));
        assert_eq!(seen.len(), 24);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 24);
    }

    #[test]
    fn classic_matrix_matches_the_classic_encoding() {
        let ours = problem(&Variant::Classic, 3, KillerModel::default()).problem;
        let classic = crate::encoding::problem(3);
        assert_eq!(ours.option_count(), classic.option_count());
        for option in classic.options() {
            assert_eq!(ours.format_option(option), classic.format_option(option));
        }
    }
}
