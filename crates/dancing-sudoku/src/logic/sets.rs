//! Locked sets: the one search under naked subsets (cells and their values), hidden
//! subsets (values and their places) and fish (lines and their crossings); and the
//! subsets in Sudoku Explainer's order, for the searches that must find its first.

/// The first locked set among `items` (each a key and a mask): `size` items, each with
/// 2 to `size` bits, whose masks together have exactly `size` bits, for which `visit`
/// (given the keys and the union) makes a step. Naked subsets (cells and their values),
/// hidden subsets (values and their places) and fish (lines and their crossings) are
/// all such sets.
pub(super) fn locked_set<T>(
    items: impl Iterator<Item = (usize, u64)>,
    size: usize,
    mut visit: impl FnMut(&[usize], u64) -> Option<T>,
) -> Option<T> {
    let items: Vec<(usize, u64)> = items
        .filter(|&(_, m)| (2..=size as u32).contains(&m.count_ones()))
        .collect();
    combinations(&items, size, &mut |chosen, union| {
        (union.count_ones() as usize == size)
            .then(|| visit(chosen, union))
            .flatten()
    })
}

/// Calls `visit` on each combination of `size` items whose masks together have at most
/// `size` bits, in lexicographic order, until it returns something. Pruning on the union
/// keeps the search small even for 36 items.
fn combinations<T>(
    items: &[(usize, u64)],
    size: usize,
    visit: &mut impl FnMut(&[usize], u64) -> Option<T>,
) -> Option<T> {
    fn go<T>(
        items: &[(usize, u64)],
        size: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        union: u64,
        visit: &mut impl FnMut(&[usize], u64) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == size {
            return visit(chosen, union);
        }
        for j in start..items.len() {
            let next = union | items[j].1;
            if next.count_ones() as usize <= size {
                chosen.push(items[j].0);
                let found = go(items, size, j + 1, chosen, next, visit);
                chosen.pop();
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }
    go(items, size, 0, &mut Vec::with_capacity(size), 0, visit)
}

/// Calls `visit` on the `k`-subsets of `0..m` (each listed highest first) in SE's
/// order, the colexicographic one (the subsets as bit masks in increasing order),
/// skipping those that contain a part `prune` rejects, until it returns something.
pub(super) fn colex<T>(
    m: usize,
    k: usize,
    chosen: &mut Vec<usize>,
    prune: &impl Fn(&[usize]) -> bool,
    visit: &mut impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if k == 0 {
        return visit(chosen);
    }
    for top in k - 1..m {
        chosen.push(top);
        let found = if prune(chosen) {
            None
        } else {
            colex(top, k - 1, chosen, prune, visit)
        };
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}
