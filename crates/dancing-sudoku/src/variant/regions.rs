//! The N regions of N cells that take the place of the boxes: the boxes themselves, or
//! a jigsaw's irregular shapes.

use super::VariantError;
use crate::shape::Shape;

/// N regions of N cells each, for a grid of side N: the boxes ([`Regions::boxes`]) or a
/// jigsaw's shapes ([`Regions::from_labels`], [`Regions::from_indices`]). Each value
/// appears once in each region.
///
/// ```
/// use dancing_sudoku::Regions;
///
/// // A 4×4 jigsaw: four L- and S-shaped regions, labelled by letters row by row.
/// let regions = Regions::from_labels(4, "aaab acbb ccdb cddd".chars())?;
/// assert_eq!(regions.region_of(1, 0), 0);
/// assert_eq!(regions.cells(3), [(2, 2), (3, 1), (3, 2), (3, 3)]);
/// assert!(regions.is_connected());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Regions {
    side: u8,
    /// The region of each cell, row by row.
    region: Vec<u8>,
}

impl Regions {
    /// The boxes of `shape`: region [`Shape::box_of`].
    pub fn boxes(shape: Shape) -> Self {
        let n = shape.side();
        let region = (0..n * n)
            .map(|cell| shape.box_of(cell / n, cell % n) as u8)
            .collect();
        Self {
            side: n as u8,
            region,
        }
    }

    /// The regions of a jigsaw of side `side` (N) from N² labels, row by row: any
    /// characters but white space (which is skipped), each label naming one region.
    /// There must be exactly N labels, each used by exactly N cells. Regions are
    /// numbered in the order their labels first appear.
    ///
    /// ```
    /// use dancing_sudoku::Regions;
    ///
    /// let err = Regions::from_labels(4, "aabb abbb accd ccdd".chars()).unwrap_err();
    /// assert_eq!(err.to_string(), "region `b` has 5 cells, a 4×4 jigsaw region has 4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_labels(
        side: usize,
        labels: impl IntoIterator<Item = char>,
    ) -> Result<Self, VariantError> {
        check_side(side)?;
        let n = side;
        let mut names: Vec<char> = Vec::with_capacity(n);
        let mut sizes: Vec<usize> = Vec::with_capacity(n);
        let mut region = Vec::with_capacity(n * n);
        for label in labels.into_iter().filter(|c| !c.is_whitespace()) {
            let k = match names.iter().position(|&l| l == label) {
                Some(k) => k,
                None => {
                    names.push(label);
                    sizes.push(0);
                    names.len() - 1
                }
            };
            sizes[k] += 1;
            // More labels than regions can only be stored once they are known to fit.
            region.push(k.min(usize::from(u8::MAX)) as u8);
        }
        if region.len() != n * n {
            return Err(VariantError::LabelCount {
                found: region.len(),
                expected: n * n,
            });
        }
        if let Some(k) = sizes.iter().position(|&s| s != n) {
            return Err(VariantError::RegionSize {
                label: names[k].to_string(),
                cells: sizes[k],
                side: n,
            });
        }
        // N² labels with each used N times: exactly N of them.
        Ok(Self {
            side: n as u8,
            region,
        })
    }

    /// The regions of side `side` (N) from the region index (0..N) of each cell, row by
    /// row: the form a generator builds.
    ///
    /// ```
    /// use dancing_sudoku::{Regions, Shape};
    ///
    /// let regions = Regions::from_indices(4, vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3])?;
    /// assert_eq!(regions, Regions::boxes(Shape::square(2)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_indices(side: usize, region: Vec<u8>) -> Result<Self, VariantError> {
        check_side(side)?;
        let n = side;
        if region.len() != n * n {
            return Err(VariantError::LabelCount {
                found: region.len(),
                expected: n * n,
            });
        }
        let mut sizes = vec![0usize; n];
        for (cell, &k) in region.iter().enumerate() {
            let Some(size) = sizes.get_mut(usize::from(k)) else {
                return Err(VariantError::RegionIndex {
                    index: usize::from(k),
                    row: cell / n,
                    col: cell % n,
                    side: n,
                });
            };
            *size += 1;
        }
        if let Some(k) = sizes.iter().position(|&s| s != n) {
            return Err(VariantError::RegionSize {
                label: k.to_string(),
                cells: sizes[k],
                side: n,
            });
        }
        Ok(Self {
            side: n as u8,
            region,
        })
    }

    /// The side N: the number of regions and of cells in each.
    pub fn side(&self) -> usize {
        usize::from(self.side)
    }

    /// Each cell's region as one symbol (`1` for the first, up to `9`, then `A`, …),
    /// row by row: the mark after a jigsaw's puzzle line, which the batch reads back.
    ///
    /// ```
    /// use dancing_sudoku::{Regions, Shape};
    ///
    /// assert_eq!(Regions::boxes(Shape::square(2)).labels(), "1122112233443344");
    /// ```
    pub fn labels(&self) -> String {
        self.region
            .iter()
            .map(|&region| {
                crate::grid::Alphabet::Digits
                    .symbol(region + 1)
                    .unwrap_or('?')
            })
            .collect()
    }

    /// The region (0..N) of row `r`, column `c` (0-based).
    ///
    /// # Panics
    /// If the cell is outside the grid.
    #[inline]
    pub fn region_of(&self, r: usize, c: usize) -> usize {
        let n = self.side();
        assert!(r < n && c < n, "r{}c{} is outside the grid", r + 1, c + 1);
        usize::from(self.region[r * n + c])
    }

    /// The region of each cell, row by row.
    pub fn indices(&self) -> &[u8] {
        &self.region
    }

    /// The cells (row, column) of region `region`, in reading order.
    pub fn cells(&self, region: usize) -> Vec<(usize, usize)> {
        let n = self.side();
        self.region
            .iter()
            .enumerate()
            .filter(|&(_, &k)| usize::from(k) == region)
            .map(|(cell, _)| (cell / n, cell % n))
            .collect()
    }

    /// Whether each region is orthogonally connected (one piece). Not needed for a
    /// valid jigsaw, but what printed puzzles and the HDU 4069 walls draw.
    pub fn is_connected(&self) -> bool {
        let n = self.side();
        (0..n).all(|k| {
            let label = k as u8;
            self.region.contains(&label) && connected(&self.region, n, label)
        })
    }
}

/// Whether the cells of region `label` form one orthogonally connected piece.
pub(crate) fn connected(region: &[u8], side: usize, label: u8) -> bool {
    let Some(start) = region.iter().position(|&r| r == label) else {
        return true;
    };
    let mut seen = vec![false; region.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 0;
    while let Some(k) = stack.pop() {
        reached += 1;
        let (r, c) = (k / side, k % side);
        let neighbours = [
            (r > 0).then(|| k - side),
            (r + 1 < side).then(|| k + side),
            (c > 0).then(|| k - 1),
            (c + 1 < side).then(|| k + 1),
        ];
        for n in neighbours.into_iter().flatten() {
            if !seen[n] && region[n] == label {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    reached == region.iter().filter(|&&r| r == label).count()
}

/// `Ok` if a grid of side `side` can have regions: 4 to [`MAX_SIDE`](crate::MAX_SIDE).
fn check_side(side: usize) -> Result<(), VariantError> {
    if (4..=crate::shape::MAX_SIDE).contains(&side) {
        Ok(())
    } else {
        Err(VariantError::Side(side))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_the_grid_boxes() {
        let grid = crate::grid::Grid::empty(3);
        let boxes = Regions::boxes(Shape::CLASSIC);
        for r in 0..9 {
            for c in 0..9 {
                assert_eq!(boxes.region_of(r, c), grid.box_of(r, c));
            }
        }
        assert!(boxes.is_connected());
        assert_eq!(boxes.cells(4)[0], (3, 3));
    }

    #[test]
    fn label_errors() {
        let err = |labels: &str| {
            Regions::from_labels(4, labels.chars())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("aabbaabbccddccd"),
            "expected 16 region labels, found 15"
        );
        assert_eq!(
            err("aabbaabbccddccdde"),
            "expected 16 region labels, found 17"
        );
        assert_eq!(
            err("aabbaabbccddccde"),
            "region `d` has 3 cells, a 4×4 jigsaw region has 4"
        );
        assert_eq!(
            Regions::from_indices(4, vec![0; 15])
                .unwrap_err()
                .to_string(),
            "expected 16 region labels, found 15"
        );
        assert_eq!(
            Regions::from_indices(4, [vec![4], vec![0; 15]].concat())
                .unwrap_err()
                .to_string(),
            "region index 4 of r1c1 is outside 0..4"
        );
        assert_eq!(
            Regions::from_labels(37, "".chars())
                .unwrap_err()
                .to_string(),
            "a side of 37 is not supported: sides go from 4 to 36"
        );
    }

    #[test]
    fn a_region_in_two_pieces_is_valid_but_not_connected() {
        let regions = Regions::from_labels(4, "abba abba cddc cddc".chars()).unwrap();
        assert!(!regions.is_connected());
        let regions = Regions::from_labels(4, "aaab acbb ccdb cddd".chars()).unwrap();
        assert!(regions.is_connected());
        assert_eq!(regions.cells(1), [(0, 3), (1, 2), (1, 3), (2, 3)]);
    }
}
