//! Killer cages: what a cage is, and the checks that make its matrix finite.

use super::VariantError;

/// A killer cage: distinct digits in `cells` (0-based row, column) summing to `sum`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The sum of the cage's digits.
    pub sum: u32,
    /// Its cells, 0-based (row, column).
    pub cells: Vec<(usize, usize)>,
}

/// The most digit combinations a killer cage may have: each is an option of the
/// matrix. Cages of 9×9 have at most 126; a big cage of a 36×36 grid could have
/// billions.
pub const MAX_COMBINATIONS: u64 = 100_000;

/// Checks cage number `number` (1-based) on a grid of side `n`, marking its cells in
/// `owner` (0: no cage yet).
pub(super) fn check_cage(
    cage: &Cage,
    number: usize,
    n: usize,
    owner: &mut [usize],
) -> Result<(), VariantError> {
    if cage.cells.is_empty() {
        return Err(VariantError::EmptyCage { cage: number });
    }
    for &(row, col) in &cage.cells {
        if row >= n || col >= n {
            return Err(VariantError::CellOutside {
                cage: number,
                row,
                col,
                side: n,
            });
        }
        let first = std::mem::replace(&mut owner[row * n + col], number);
        if first == number {
            return Err(VariantError::CellTwiceInCage {
                row,
                col,
                cage: number,
            });
        }
        if first != 0 {
            return Err(VariantError::CellInTwoCages {
                row,
                col,
                first,
                second: number,
            });
        }
    }
    let m = cage.cells.len();
    // Distinct digits 1..=N: m of them sum to anything from 1 + … + m to
    // (N − m + 1) + … + N, and every sum between is reached by raising one digit at a time.
    let possible = m <= n && {
        let low = m * (m + 1) / 2;
        let high = m * (2 * n - m + 1) / 2;
        (low..=high).contains(&(cage.sum as usize))
    };
    if !possible {
        return Err(VariantError::ImpossibleSum {
            cage: number,
            sum: cage.sum,
            cells: m,
            side: n,
        });
    }
    if combination_count(n, m, cage.sum as usize) > MAX_COMBINATIONS {
        return Err(VariantError::TooManyCombinations {
            cage: number,
            sum: cage.sum,
            cells: m,
        });
    }
    Ok(())
}

/// A bound on the number of sets of `m` distinct digits 1..=`n` summing to `sum`: C(n, m)
/// when that is within [`MAX_COMBINATIONS`], otherwise the count itself (saturating).
fn combination_count(n: usize, m: usize, sum: usize) -> u64 {
    // Exact in u64: C(36, 18) · 36 is far below 2⁶⁴.
    let binomial = (0..m).fold(1u64, |b, k| b * (n - k) as u64 / (k as u64 + 1));
    if binomial <= MAX_COMBINATIONS {
        return binomial;
    }
    // ways[j][s]: sets of j digits summing to s among the digits seen so far.
    let mut ways = vec![vec![0u64; sum + 1]; m + 1];
    ways[0][0] = 1;
    for digit in 1..=n {
        for j in (1..=m.min(digit)).rev() {
            for s in (digit..=sum).rev() {
                ways[j][s] = ways[j][s].saturating_add(ways[j - 1][s - digit]);
            }
        }
    }
    ways[m][sum]
}

#[cfg(test)]
mod tests {
    use super::super::Variant;
    use super::*;
    use crate::encoding;

    #[test]
    fn combinations_are_counted_and_bounded() {
        // Within the limit, C(n, m) bounds the count: C(9, 3) = 84.
        assert_eq!(combination_count(9, 3, 10), 84);
        // Beyond it, the exact count: C(25, 8) = 1,081,575, and the middle sum has
        // as many sets as the enumeration lists.
        let listed = encoding::combinations(25, 8, 104).len() as u64;
        assert_eq!(combination_count(25, 8, 104), listed);
        assert!(listed < MAX_COMBINATIONS);
        assert!(combination_count(36, 18, 333) > MAX_COMBINATIONS);
        let big: Vec<(usize, usize)> = (0..18).map(|c| (0, c)).collect();
        let err = Variant::Killer(vec![Cage {
            sum: 333,
            cells: big,
        }])
        .validate(crate::shape::Shape::square(6))
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "cage 1: 18 cells summing to 333 have more than 100000 combinations of digits; split the cage"
        );
    }
}
