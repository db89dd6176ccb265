//! The lookup tables of the bit-parallel solver, computed at compile time: what a row's
//! nine bits, a digit's minirows in a band, and its columns in a band each tell.

/// Every cell of a band.
pub(super) const ALL: u32 = (1 << 27) - 1;
/// The nine cells of a row of a band.
pub(super) const ROW: u32 = 0x1FF;

/// `SHRINK[m]` for the nine bits `m` of a row: bit `x` set if minirow `x` (cells
/// `3x..3x+3`) has a candidate.
pub(super) static SHRINK: [u8; 512] = shrink_table();

const fn shrink_table() -> [u8; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut x = 0;
        while x < 3 {
            if (m >> (3 * x)) & 7 != 0 {
                table[m] |= 1 << x;
            }
            x += 1;
        }
        m += 1;
    }
    table
}

/// The cells of the minirows in `minirows` (bit `3r + x`: row `r`, box `x`).
const fn minirow_cells(minirows: usize) -> u32 {
    let mut cells = 0;
    let mut k = 0;
    while k < 9 {
        if minirows & (1 << k) != 0 {
            let (r, x) = (k / 3, k % 3);
            cells |= 7 << (9 * r + 3 * x);
        }
        k += 1;
    }
    cells
}

/// The six ways three rows can take one box each (or three bands one column each of
/// a stack): `PERMUTATIONS[p][r]` is the box of row `r`.
pub(super) const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For the minirows `s` of a digit in a band (bit `3r + x`), the minirows that lie on a
/// permutation inside `s`: the only places the digit can take in this band.
const fn on_permutations(s: usize) -> usize {
    let mut kept = 0;
    let mut p = 0;
    while p < 6 {
        let mask = permutation_minirows(p);
        if s & mask == mask {
            kept |= mask;
        }
        p += 1;
    }
    kept
}

/// The minirows (bit `3r + x`) of permutation `p`.
const fn permutation_minirows(p: usize) -> usize {
    let rows = PERMUTATIONS[p];
    (1 << rows[0]) | (1 << (3 + rows[1])) | (1 << (6 + rows[2]))
}

/// `WAYS[s]`: the ways a digit can still take a band (or a stack), by its 3×3 mask
/// `s` of places (bit `3r + x`): bit `p` set if `PERMUTATIONS[p]` lies inside `s`.
pub(super) static WAYS: [u8; 512] = ways_table();

const fn ways_table() -> [u8; 512] {
    let mut table = [0; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let mask = permutation_minirows(p);
            if s & mask == mask {
                table[s] |= 1 << p;
            }
            p += 1;
        }
        s += 1;
    }
    table
}

/// `WAY_CELLS[p]`: the cells of a band in the minirows of permutation `p`.
pub(super) static WAY_CELLS: [u32; 6] = way_cells_table();

const fn way_cells_table() -> [u32; 6] {
    let mut table = [0; 6];
    let mut p = 0;
    while p < 6 {
        table[p] = minirow_cells(permutation_minirows(p));
        p += 1;
    }
    table
}

/// What a band's minirows tell, by the minirow mask `s` of a digit.
#[derive(Clone, Copy)]
pub(super) struct Minirows {
    /// The cells of the minirows on a permutation (0: the digit does not fit the band).
    pub(super) allowed: u32,
    /// The minirows that are the only ones left in their row (bit `3r + x`).
    pub(super) alone: u16,
}

pub(super) static MINIROWS: [Minirows; 512] = minirows_table();

const fn minirows_table() -> [Minirows; 512] {
    let mut table = [Minirows {
        allowed: 0,
        alone: 0,
    }; 512];
    let mut s = 0;
    while s < 512 {
        let kept = on_permutations(s);
        let mut alone = 0;
        let mut r = 0;
        while r < 3 {
            let row = (kept >> (3 * r)) & 7;
            if row.count_ones() == 1 {
                alone |= row << (3 * r);
            }
            r += 1;
        }
        table[s] = Minirows {
            allowed: minirow_cells(kept),
            alone: alone as u16,
        };
        s += 1;
    }
    table
}

/// What a digit's columns in a band tell, by its column mask (the nine columns where it
/// can still go in the band).
#[derive(Clone, Copy)]
pub(super) struct Columns {
    /// The cells the other two bands keep: all but the columns that are alone in
    /// their box here (the digit takes them in this band).
    pub(super) others_keep: u32,
    /// The minirows in boxes with one column left (bit `3r + x` for every row `r`).
    pub(super) single: u16,
}

pub(super) static COLUMNS: [Columns; 512] = columns_table();

const fn columns_table() -> [Columns; 512] {
    let mut table = [Columns {
        others_keep: 0,
        single: 0,
    }; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut taken = 0;
        let mut single = 0;
        let mut x = 0;
        while x < 3 {
            let in_box: usize = (cols >> (3 * x)) & 7;
            if in_box.count_ones() == 1 {
                taken |= in_box << (3 * x);
                single |= 0b001_001_001 << x;
            }
            x += 1;
        }
        let taken = taken as u32;
        table[cols] = Columns {
            others_keep: ALL & !(taken | taken << 9 | taken << 18),
            single: single as u16,
        };
        cols += 1;
    }
    table
}

/// `ROWS_OF[m]`: the cells of the rows with a minirow in `m` (bit `3r + x`).
pub(super) static ROWS_OF: [u32; 512] = rows_of_table();

const fn rows_of_table() -> [u32; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut r = 0;
        while r < 3 {
            if (m >> (3 * r)) & 7 != 0 {
                table[m] |= ROW << (9 * r);
            }
            r += 1;
        }
        m += 1;
    }
    table
}

/// `PEERS_KEEP[p]`: the cells of a band a digit placed at cell `p` of the band leaves
/// as they were: all but the other cells of its row and box (the cell itself stays).
pub(super) static PEERS_KEEP: [u32; 27] = peers_keep_table();

const fn peers_keep_table() -> [u32; 27] {
    let mut table = [0; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let mut removed = ROW << (9 * r);
        let mut rr = 0;
        while rr < 3 {
            removed |= 7 << (9 * rr + 3 * (c / 3));
            rr += 1;
        }
        table[p] = (ALL & !removed) | 1 << p;
        p += 1;
    }
    table
}

/// `OTHER_BANDS[b]`: the two bands other than `b`.
pub(super) const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_keep_only_what_fits() {
        // Every minirow set: full (all kept), a permutation (kept), one missing row.
        assert_eq!(on_permutations(0o777), 0o777);
        assert_eq!(on_permutations(0b100_010_001), 0b100_010_001);
        assert_eq!(on_permutations(0b000_111_111), 0);
        // Row 0 only in box 0 and box 0 also open to rows 1 and 2: they lose box 0.
        assert_eq!(on_permutations(0b111_111_001), 0b110_110_001);
    }

    #[test]
    fn ways_are_the_permutations_inside_a_mask() {
        assert_eq!(WAYS[0o777], 0b111111);
        // A permutation holds itself only; the identity is permutation 0.
        assert_eq!(WAYS[0b100_010_001], 1);
        assert_eq!(WAYS[0b000_111_111], 0);
        // Rows 0 and 1 free in boxes 0 and 1, row 2 in box 2: two ways.
        assert_eq!(WAYS[0b100_011_011].count_ones(), 2);
        for s in 0..512 {
            let mut union = 0;
            for (p, cells) in WAY_CELLS.iter().enumerate() {
                if WAYS[s] & 1 << p != 0 {
                    union |= cells;
                }
            }
            assert_eq!(union, MINIROWS[s].allowed, "{s:o}");
        }
    }

    #[test]
    fn minirows_alone_in_their_row_are_found() {
        assert_eq!(MINIROWS[0o777].alone, 0);
        assert_eq!(MINIROWS[0o777].allowed, ALL);
        let permutation = 0b100_010_001;
        assert_eq!(MINIROWS[permutation].alone, permutation as u16);
        assert_eq!(MINIROWS[permutation].allowed, 0o7 | 0o70 << 9 | 0o700 << 18);
        // No permutation fits: the digit has no place in the band.
        assert_eq!(MINIROWS[0b000_111_111].allowed, 0);
    }

    #[test]
    fn columns_alone_in_their_box_are_taken_from_the_other_bands() {
        // Box 0: column 1 only; box 1: columns 3 and 4; box 2: column 8 only.
        let cols = 0b100_011_010;
        let taken = 0b100_000_010u32;
        assert_eq!(
            COLUMNS[cols].others_keep,
            ALL & !(taken | taken << 9 | taken << 18)
        );
        assert_eq!(COLUMNS[cols].single, 0b101_101_101);
    }

    #[test]
    fn peers_keep_the_cell_and_drop_its_row_and_box() {
        for p in 0..27u32 {
            let keep = PEERS_KEEP[p as usize];
            assert_ne!(keep & 1 << p, 0);
            for q in 0..27u32 {
                let same_row = p / 9 == q / 9;
                let same_box = (p % 9) / 3 == (q % 9) / 3;
                if q != p {
                    assert_eq!(keep & 1 << q == 0, same_row || same_box, "{p} {q}");
                }
            }
        }
    }
}
