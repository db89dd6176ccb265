//! One search state of the band solver: the candidates as bits, per digit and band, and
//! the propagation, the choice of a guess and the moves between states.

use super::tables::{
    ALL, COLUMNS, MINIROWS, OTHER_BANDS, PEERS_KEEP, PERMUTATIONS, ROW, ROWS_OF, SHRINK, WAY_CELLS,
    WAYS,
};

/// Where propagation left a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Outcome {
    /// A cell or a digit ran out of places: no solution below this state.
    Dead,
    /// Every cell is fixed.
    Solved,
    /// A guess is needed.
    Open,
}

/// The candidates of one search state: what is copied at a guess.
#[derive(Debug, Clone, Copy)]
pub(super) struct State {
    /// `cand[3d + b]`: the cells of band `b` where digit `d + 1` can go.
    pub(super) cand: [u32; 27],
    /// `cand` as the last propagation of each word left it: a word that differs has
    /// news to propagate.
    pub(super) seen: [u32; 27],
    /// The cells of each band not fixed yet.
    pub(super) unfixed: [u32; 3],
}

impl State {
    /// The empty grid: every digit everywhere.
    pub(super) const EMPTY: Self = Self {
        cand: [ALL; 27],
        seen: [0; 27],
        unfixed: [ALL; 3],
    };

    /// Places the givens of a 9×9 grid's cells; `None` if they clash. The givens of
    /// each band are found eight cells at a time and visited alone (a puzzle has few),
    /// their cells gathered by value; then each word is computed once. Inlined into
    /// each build of the search, so that it runs on its vectors too.
    #[inline(always)]
    pub(super) fn from_givens(cells: &[u8]) -> Option<Self> {
        // by_value[v][b]: the cells of band b holding v (v = 0: the empty cells). A
        // 9×9 grid's values are at most 9; the table has room for any four bits, so
        // the index needs no check.
        let mut by_value = [[0u32; 3]; 16];
        // (Always 81 cells: the solver takes only 9×9 grids.)
        let cells = cells.first_chunk::<81>()?;
        for (b, band) in cells.chunks_exact(27).enumerate() {
            // The band's givens (27 bits); then each given.
            let mut givens = crate::grid::givens_of(band) as u32;
            by_value[0][b] = !givens & ALL;
            while givens != 0 {
                let p = (givens.trailing_zeros() as usize).min(26);
                givens &= givens - 1;
                by_value[usize::from(band[p] & 15)][b] |= 1 << p;
            }
        }
        let mut state = Self::EMPTY;
        state.unfixed = by_value[0];
        let mut clash = false;
        for d in 0..9 {
            let givens = by_value[d + 1];
            let columns = givens.map(|g| (g | g >> 9 | g >> 18) & ROW);
            for b in 0..3 {
                let [o1, o2] = OTHER_BANDS[b];
                let taken = columns[o1] | columns[o2];
                let mut keep = ALL & !(taken | taken << 9 | taken << 18);
                let mut rest = givens[b];
                while rest != 0 {
                    keep &= PEERS_KEEP[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                // The cells of the other digits' givens are gone; this digit's stay,
                // unless another given of it sees them.
                let cand = (by_value[0][b] | givens[b]) & keep;
                clash |= cand & givens[b] != givens[b];
                state.cand[3 * d + b] = cand;
            }
        }
        (!clash).then_some(state)
    }

    /// Places digit `d` at bit `bit` of band `b` for a guess or a naked single: the
    /// peers in the row and the box lose `d` now, the rest follows by propagation.
    #[inline(always)]
    pub(super) fn place(&mut self, d: usize, b: usize, bit: u32) {
        self.cand[3 * d + b] &= PEERS_KEEP[bit.trailing_zeros() as usize];
    }

    /// Propagates the news of word `3D + B`: the band's locked candidates, the columns
    /// it takes from the other bands, the cells it fixes. `false` on a dead end.
    ///
    /// With `PEXT` the minirows are gathered by BMI2's `pext`, one instruction where
    /// it is fast (it is slow on AMD's processors before Zen 3, so only the AVX-512
    /// search asks for it); else by three lookups.
    #[inline(always)]
    pub(super) fn propagate_word<const D: usize, const B: usize, const PEXT: bool>(
        &mut self,
    ) -> bool {
        let word = 3 * D + B;
        let cand = self.cand[word];
        // (The masks keep every index in its table's range, so the lookups need no
        // bounds checks.)
        let s = if PEXT {
            minirows_by_pext(cand)
        } else {
            usize::from(SHRINK[(cand & ROW) as usize])
                | usize::from(SHRINK[((cand >> 9) & ROW) as usize]) << 3
                | usize::from(SHRINK[((cand >> 18) & ROW) as usize]) << 6
        };
        let minirows = MINIROWS[s & 0x1FF];
        let cand = cand & minirows.allowed;
        if cand == 0 {
            return false;
        }
        let columns = COLUMNS[columns_of(cand) as usize];
        self.cand[3 * D + (B + 1) % 3] &= columns.others_keep;
        self.cand[3 * D + (B + 2) % 3] &= columns.others_keep;
        let fixed = minirows.alone & columns.single;
        let cells = ROWS_OF[usize::from(fixed & 0x1FF)] & cand;
        self.unfixed[B] &= !cells;
        for other in 0..9 {
            self.cand[3 * other + B] &= !cells;
        }
        self.cand[word] = cand;
        self.seen[word] = cand;
        true
    }

    /// Propagates every word with news until none is left; `false` on a dead end.
    /// (`PEXT`: see [`propagate_word`](Self::propagate_word).)
    #[inline(always)]
    pub(super) fn propagate<const PEXT: bool>(&mut self) -> bool {
        macro_rules! sweep {
            ($news:ident; $($d:literal)*) => {$(
                if self.cand[3 * $d] != self.seen[3 * $d] {
                    $news = true;
                    if !self.propagate_word::<$d, 0, PEXT>() {
                        return false;
                    }
                }
                if self.cand[3 * $d + 1] != self.seen[3 * $d + 1] {
                    $news = true;
                    if !self.propagate_word::<$d, 1, PEXT>() {
                        return false;
                    }
                }
                if self.cand[3 * $d + 2] != self.seen[3 * $d + 2] {
                    $news = true;
                    if !self.propagate_word::<$d, 2, PEXT>() {
                        return false;
                    }
                }
            )*};
        }
        loop {
            let mut news = false;
            sweep!(news; 0 1 2 3 4 5 6 7 8);
            if !news {
                return true;
            }
        }
    }

    /// Places the naked singles of every band. `None` on a dead end (a cell with no
    /// candidate), else whether it placed any.
    #[inline(always)]
    pub(super) fn naked_singles(&mut self) -> Option<bool> {
        // Counted digit by digit over the three bands at once (a loop the compiler
        // keeps in registers, faster than band by band: docs/benchmarks.md).
        let (mut ones, mut twos) = ([0u32; 3], [0u32; 3]);
        for digit in self.cand.chunks_exact(3) {
            for b in 0..3 {
                twos[b] |= ones[b] & digit[b];
                ones[b] |= digit[b];
            }
        }
        if ones != [ALL; 3] {
            return None;
        }
        let mut placed = false;
        for b in 0..3 {
            let (one, two) = (ones[b], twos[b]);
            let singles = one & !two & self.unfixed[b];
            if singles == 0 {
                continue;
            }
            placed = true;
            for d in 0..9 {
                let word = 3 * d + b;
                let mut mine = singles & self.cand[word];
                while mine != 0 {
                    let bit = mine & mine.wrapping_neg();
                    self.cand[word] &= PEERS_KEEP[bit.trailing_zeros() as usize];
                    // Two singles of one digit in a row or box: the first placed takes
                    // the other's only digit, and the next count finds that cell empty.
                    mine = (mine ^ bit) & self.cand[word];
                }
            }
        }
        Some(placed)
    }

    /// Propagates and places singles until a guess is needed, the grid is full, or a
    /// dead end. (`PEXT`: see [`propagate_word`](Self::propagate_word).)
    #[inline(always)]
    pub(super) fn settle<const PEXT: bool>(&mut self) -> Outcome {
        loop {
            if !self.propagate::<PEXT>() {
                return Outcome::Dead;
            }
            if self.unfixed == [0; 3] {
                return Outcome::Solved;
            }
            match self.naked_singles() {
                None => return Outcome::Dead,
                Some(true) => {}
                Some(false) => match self.claims_and_triads() {
                    None => return Outcome::Dead,
                    Some(true) => {}
                    Some(false) => return Outcome::Open,
                },
            }
        }
    }

    /// What to guess on: a digit's way through a band or a stack, tdoku's choice
    /// (t-dillon/tdoku, written anew from its description). Every digit takes each band
    /// along one of six permutations of its minirows, and each stack along one of six
    /// permutations of its minicolumns; of the six bands and stacks, take the one with
    /// the fewest ways left over its nine digits, and in it a digit with the fewest
    /// (two when there is one). Each alternative fixes three minirows or minicolumns of
    /// the digit at once, where a cell guess fixes one cell.
    ///
    /// On the hardest sets this needs fewer guesses and less time than the bivalue cells
    /// it replaced (docs/benchmarks.md, "The band solver's choices"); on puzzles with
    /// many solutions, where a search makes a few guesses only, counting the ways costs
    /// more than it saves.
    /// Returns the branch and its alternatives (bit `p` for `PERMUTATIONS[p]`), or
    /// `None` when every digit has one way left everywhere.
    #[inline(always)]
    pub(super) fn choose_way(&self) -> Option<(Branch, u16)> {
        // How many ways each digit has in each band (`rows`, by word) and in each stack
        // (`stacks[d]`: stack x's count in bits 8x..8x + 8), counted without tables
        // (see `row_ways` and `stack_ways`) so that the loops run on vectors.
        let mut padded = [0u32; 32];
        padded[..27].copy_from_slice(&self.cand);
        let mut rows = [0u32; 32];
        for (count, &cand) in rows.iter_mut().zip(&padded) {
            *count = row_ways(cand);
        }
        let mut stacks = [0u32; 9];
        for (count, digit) in stacks.iter_mut().zip(self.cand.chunks_exact(3)) {
            *count = stack_ways(digit[0], digit[1], digit[2]);
        }
        let mut totals = [0u32; 6];
        for d in 0..9 {
            for b in 0..3 {
                totals[b] += rows[3 * d + b];
                totals[3 + b] += (stacks[d] >> (8 * b)) & 0xFF;
            }
        }
        // Nine ways in all: every digit is settled there.
        let mut best: Option<(u32, usize)> = None;
        for (line, &total) in totals.iter().enumerate() {
            if total > 9 && best.is_none_or(|(fewest, _)| total < fewest) {
                best = Some((total, line));
            }
        }
        let (_, line) = best?;
        let mut pick: Option<(u32, usize)> = None;
        for d in 0..9 {
            let count = if line < 3 {
                rows[3 * d + line]
            } else {
                (stacks[d] >> (8 * (line - 3))) & 0xFF
            };
            if count >= 2 && pick.is_none_or(|(fewest, _)| count < fewest) {
                pick = Some((count, d));
            }
        }
        let (_, d) = pick?;
        Some(if line < 3 {
            let word = 3 * d + line;
            let ways = WAYS[minirows_of(self.cand[word])];
            (Branch::Rows { word: word as u8 }, u16::from(ways))
        } else {
            let x = line - 3;
            let mut s = 0;
            for b in 0..3 {
                s |= (((columns_of(self.cand[3 * d + b]) >> (3 * x)) & 7) << (3 * b)) as usize;
            }
            let branch = Branch::Columns {
                digit: d as u8,
                stack: x as u8,
            };
            (branch, u16::from(WAYS[s]))
        })
    }

    /// What the columns and the triads tell, before a guess:
    ///
    /// - **Claiming by columns**: a digit whose column has cells left in one band only
    ///   takes that column in its box of that band (this covers the columns' hidden
    ///   singles, which the band-wise steps do not see).
    /// - **Hidden triads**: three digits that must take a minirow (each left in one box
    ///   of its row) fill its three cells, and the other digits leave them; the same
    ///   for minicolumns (three digits each left in one column of a box). This is half
    ///   of tdoku's triad reasoning (its exactly-three constraints over the digits of
    ///   an intersection), and takes guesses away (docs/benchmarks.md).
    ///
    /// Everything is computed from the state as it comes in, word by word without
    /// tables, so that the loops run on vectors. `None` on a dead end (a column with no
    /// place for a digit, a fourth digit that must take a full minirow or
    /// minicolumn), else whether anything changed.
    #[inline(always)]
    pub(super) fn claims_and_triads(&mut self) -> Option<bool> {
        let mut padded = [0u32; 32];
        padded[..27].copy_from_slice(&self.cand);
        // Each word's columns (bit c), its columns alone in their box, and its
        // minirows alone in their row (bit 9r + 3x).
        let (mut columns, mut lone_columns) = ([0u32; 32], [0u32; 32]);
        let mut lone_rows = [0u32; 32];
        for k in 0..32 {
            let cand = padded[k];
            let cols = columns_of(cand);
            columns[k] = cols;
            lone_columns[k] = cols & !(next_in_box(cols) | after_in_box(cols));
            lone_rows[k] = lone_minirows(cand);
        }
        let mut covered = ROW;
        let mut claimed = [0u32; 27];
        // The digits that must take each minirow and minicolumn, counted for the
        // three bands at once: band b's minirows at bits 9r + 3x + b, its columns at
        // bits 9b + c.
        let (mut r1, mut r2, mut r3, mut r4) = (0, 0, 0, 0);
        let (mut c1, mut c2, mut c3, mut c4) = (0, 0, 0, 0);
        for d in 0..9 {
            let [w0, w1, w2] = [3 * d, 3 * d + 1, 3 * d + 2];
            let [k0, k1, k2] = [columns[w0], columns[w1], columns[w2]];
            covered &= k0 | k1 | k2;
            let shared = k0 & k1 | k0 & k2 | k1 & k2;
            for (b, k) in [k0, k1, k2].into_iter().enumerate() {
                claimed[w0 + b] = k & !shared;
            }
            let r = lone_rows[w0] | lone_rows[w1] << 1 | lone_rows[w2] << 2;
            let c = lone_columns[w0] | lone_columns[w1] << 9 | lone_columns[w2] << 18;
            r4 |= r3 & r;
            r3 |= r2 & r;
            r2 |= r1 & r;
            r1 |= r;
            c4 |= c3 & c;
            c3 |= c2 & c;
            c2 |= c1 & c;
            c1 |= c;
        }
        if covered != ROW || r4 | c4 != 0 {
            return None;
        }
        let mut changed = false;
        for (word, cand) in self.cand.iter_mut().enumerate() {
            let b = word % 3;
            // A claimed column takes its box: the box's other columns go.
            let claim = claimed[word];
            let other = (claim | next_in_box(claim) | after_in_box(claim)) & !claim;
            // Full minirows and minicolumns this digit need not take go.
            let full_rows = (r3 >> b) & 0o111_111_111 & !lone_rows[word];
            let full_columns = (c3 >> (9 * b)) & ROW & !lone_columns[word];
            let columns_gone = other | full_columns;
            let dropped = full_rows | full_rows << 1 | full_rows << 2;
            let dropped = dropped | columns_gone | columns_gone << 9 | columns_gone << 18;
            changed |= *cand & dropped != 0;
            *cand &= !dropped;
        }
        Some(changed)
    }

    /// The digits (bit `d`) still possible at bit `bit` of band `b`.
    #[inline]
    pub(super) fn digits_at(&self, b: usize, bit: u32) -> u16 {
        let mut digits = 0;
        for d in 0..9 {
            if self.cand[3 * d + b] & bit != 0 {
                digits |= 1 << d;
            }
        }
        digits
    }

    /// The cell to guess on, as (band, bit): the first of the unfixed cells with the
    /// fewest candidates. Only a fallback: [`choose_way`](Self::choose_way) finds a
    /// digit with two ways or more in every open state (a digit with one way left in
    /// every band and stack has its cells fixed).
    pub(super) fn guess_cell(&self) -> (usize, u32) {
        // Count the candidates of every cell in four bit planes and take the lowest
        // count.
        let mut planes = [[0u32; 4]; 3];
        for (b, plane) in planes.iter_mut().enumerate() {
            for d in 0..9 {
                let mut carry = self.cand[3 * d + b];
                for bit in plane.iter_mut() {
                    let next = *bit & carry;
                    *bit ^= carry;
                    carry = next;
                }
            }
        }
        for count in 2..=9u32 {
            for (b, plane) in planes.iter().enumerate() {
                let mut cells = self.unfixed[b];
                for (k, bit) in plane.iter().enumerate() {
                    cells &= if count >> k & 1 == 1 { *bit } else { !*bit };
                }
                if cells != 0 {
                    return (b, cells & cells.wrapping_neg());
                }
            }
        }
        unreachable!("an open state has an unfixed cell with candidates")
    }

    /// Writes the digits of a solved state into `cells` (81 of them).
    pub(super) fn write_solution(&self, cells: &mut [u8]) {
        for (word, &cand) in self.cand.iter().enumerate() {
            let (d, b) = (word / 3, word % 3);
            let mut rest = cand;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                cells[27 * b + p] = d as u8 + 1;
            }
        }
    }
}

/// The minirows (bit `3r + x`) where the digit of a band's word `cand` can go, by
/// BMI2's `pext`.
///
/// Called only where the processor has BMI2: by the search compiled for AVX-512
/// (`PEXT`), entered after a check at run time, and by the tests after the same check.
#[inline(always)]
pub(super) fn minirows_by_pext(cand: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        #[allow(unsafe_code)]
        // SAFETY: only the AVX-512 search asks for `pext`, and it runs only where the
        // processor has BMI2 (see above).
        unsafe {
            core::arch::x86_64::_pext_u32(folded_minirows(cand), 0o111_111_111) as usize
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        minirows_of(cand)
    }
}

/// The columns (bit `c`) where the digit of a band's word `cand` can go.
#[inline(always)]
pub(super) fn columns_of(cand: u32) -> u32 {
    (cand | cand >> 9 | cand >> 18) & ROW
}

/// The minirows where the digit of a band's word `cand` can go, each at its first
/// cell (bit `9r + 3x`).
#[inline(always)]
pub(super) fn folded_minirows(cand: u32) -> u32 {
    (cand | cand >> 1 | cand >> 2) & 0o111_111_111
}

/// Folded minirows (bits `9r + 3x`) moved within their rows: bit `9r + 3x` takes the
/// minirow of the next box (`x + 1`, the first after the last).
#[inline(always)]
pub(super) fn next_in_row(folded: u32) -> u32 {
    ((folded >> 3) & 0o011_011_011) | ((folded << 6) & 0o100_100_100)
}

/// Folded minirows moved within their rows: bit `9r + 3x` takes the minirow of the box
/// after the next (`x + 2`, round the row).
#[inline(always)]
pub(super) fn after_in_row(folded: u32) -> u32 {
    ((folded >> 6) & 0o001_001_001) | ((folded << 3) & 0o110_110_110)
}

/// The minirows (bit `3r + x`) where the digit of a band's word `cand` can go,
/// without tables: from the folded minirows, one multiplication by `0b10101` moves the
/// three of each row to bits `9r + 4..9r + 7` (the nine partial products of a row fall
/// on distinct bits, so nothing carries).
#[inline]
pub(super) fn minirows_of(cand: u32) -> usize {
    let p = folded_minirows(cand) * 0b10101;
    (((p >> 4) & 7) | ((p >> 10) & 0o70) | ((p >> 16) & 0o700)) as usize
}

/// The number of ways (permutations of minirows) a digit with the cells `cand` of a
/// band can take the band: the permanent of its 3×3 of minirows, row 0's box `x`
/// with row 1 in box `x + 1` and row 2 in box `x + 2` (mod 3), or the other way round.
#[inline(always)]
pub(super) fn row_ways(cand: u32) -> u32 {
    let folded = folded_minirows(cand);
    let (r0, r1, r2) = (folded & 0o777, (folded >> 9) & 0o777, folded >> 18);
    let (next, after) = (next_in_row, after_in_row);
    let ways = (r0 & next(r1) & after(r2)) + (r0 & after(r1) & next(r2));
    // Three fields of at most 2 each: their sum fits the first.
    (ways + (ways >> 3) + (ways >> 6)) & 7
}

/// The ways a digit with the cells `b0`, `b1`, `b2` of the three bands can take each
/// stack (one column in each band, one band in each column): stack x's count in bits
/// `8x..8x + 8`. The same permanent as [`row_ways`], on the columns of each band.
#[inline(always)]
pub(super) fn stack_ways(b0: u32, b1: u32, b2: u32) -> u32 {
    let (c0, c1, c2) = (columns_of(b0), columns_of(b1), columns_of(b2));
    let (next, after) = (next_in_box, after_in_box);
    let (p, q) = (c0 & next(c1) & after(c2), c0 & after(c1) & next(c2));
    // Each stack's count in three bits at 3x: at most 6.
    let fields = (p & 0o111)
        + ((p >> 1) & 0o111)
        + ((p >> 2) & 0o111)
        + (q & 0o111)
        + ((q >> 1) & 0o111)
        + ((q >> 2) & 0o111);
    (fields & 7) | ((fields >> 3) & 7) << 8 | ((fields >> 6) & 7) << 16
}

/// The minirows of a digit's cells `cand` in a band that are alone in their row, at
/// their first bit `9r + 3x`.
#[inline(always)]
pub(super) fn lone_minirows(cand: u32) -> u32 {
    let folded = folded_minirows(cand);
    folded & !(next_in_row(folded) | after_in_row(folded))
}

/// Nine column bits `columns` moved within their boxes: bit `c` takes the next column
/// of its box (`c + 1`, the first after the last).
#[inline(always)]
pub(super) fn next_in_box(columns: u32) -> u32 {
    ((columns >> 1) & 0o333) | ((columns << 2) & 0o444)
}

/// Nine column bits `columns` moved within their boxes: bit `c` takes the column
/// after the next (`c + 2`, round the box).
#[inline(always)]
pub(super) fn after_in_box(columns: u32) -> u32 {
    ((columns >> 2) & 0o111) | ((columns << 1) & 0o666)
}

/// What a guess decides.
#[derive(Debug, Clone, Copy)]
pub(super) enum Branch {
    /// The digit of bit `bit` of band `band`: alternatives are digits.
    Cell { band: u8, bit: u32 },
    /// The minirows of word `word` (a digit in a band): alternatives are permutations,
    /// row `r` taking box `PERMUTATIONS[p][r]`.
    Rows { word: u8 },
    /// The columns of digit `digit` in stack `stack`: band `b` takes column
    /// `PERMUTATIONS[p][b]` of the stack.
    Columns { digit: u8, stack: u8 },
}

impl Branch {
    /// Takes alternative `k` in `state`; propagation does the rest.
    #[inline(always)]
    pub(super) fn take(self, state: &mut State, k: usize) {
        match self {
            Branch::Cell { band, bit } => state.place(k, usize::from(band), bit),
            Branch::Rows { word } => state.cand[usize::from(word)] &= WAY_CELLS[k],
            Branch::Columns { digit, stack } => {
                let (d, x) = (usize::from(digit), usize::from(stack));
                for (b, column) in PERMUTATIONS[k].into_iter().enumerate() {
                    let dropped = (7 << (3 * x)) & !(1 << (3 * x + column));
                    state.cand[3 * d + b] &= !(dropped | dropped << 9 | dropped << 18);
                }
            }
        }
    }
}
