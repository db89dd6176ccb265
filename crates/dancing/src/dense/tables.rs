//! The bitsets of the dense engine: per item, the options that contain it; per level of
//! the search, a state: the options still compatible with the choices made (one bit
//! each), and each primary item's count of them. Nothing is undone: each level keeps
//! its own copy of the state.

use crate::arena::heap;
use crate::problem::Problem;

/// A primary item's count once it is covered: above any real count, so the choice of
/// the item with the fewest options never picks it.
const COVERED: i16 = i16::MAX;

/// One item of one option, as a choice commits it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Entry {
    /// The item, numbered primaries first, each group in declaration order.
    pub(super) item: u32,
    /// The mask of options this entry rules out: every option with the item, or for a
    /// colored secondary item every option that gives it another color or none.
    pub(super) mask: u32,
}

/// The masks and option contents, built once per problem, and the per-level states.
#[derive(Debug, Clone)]
pub(super) struct Tables {
    /// Words per set of options.
    words: usize,
    /// Number of primary items.
    primary: usize,
    /// Words per set of secondary items; 0 when no option has a color, as then a
    /// secondary item is active exactly while some live option has it.
    active_words: usize,
    /// Words per state: live options, then active secondary items.
    state_words: usize,
    /// Counts per state: one per primary item, then a spare one, never read, that
    /// padding in `removal` names.
    counts: usize,
    /// The masks, `words` each: item `j`'s is number `j`; then one per color given to a
    /// secondary item, ruling out the options that give it any other color or none.
    masks: Vec<u64>,
    /// The entries of every option, option after option, in the order given.
    pub(super) entries: Vec<Entry>,
    /// Where each option's entries start, plus the end.
    pub(super) entry_start: Vec<u32>,
    /// What removing each option costs, `stride` numbers per option: the links'
    /// updates for hiding it (for a colored problem, less its active secondary items,
    /// which are counted as it goes), then its primary items, padded with the spare
    /// count's number.
    removal: Vec<u32>,
    /// Numbers per option in `removal`.
    stride: usize,
    /// For small problems without colors, per option, `words` words: the options that
    /// share an item with it, the union of its items' masks, so that committing it is
    /// one pass (the one-pass mode). Empty otherwise.
    conflicts: Vec<u64>,
    /// The secondary items (numbered from 0) of every option, for colored problems.
    secondaries: Vec<u32>,
    /// Where each option's secondary items start, plus the end.
    secondary_start: Vec<u32>,
    /// The states' bitsets, `state_words` each: one per level, as it was entered and
    /// then once its item is covered; after them, the problem as built, which
    /// [`Self::reset`] copies to level 0.
    states: Vec<u64>,
    /// The states' counts, `counts` each ([`COVERED`] once covered).
    len: Vec<i16>,
    /// The options of the item each level branches on, live when it was chosen, level
    /// after level: what a level tries once its state has moved on.
    pub(super) candidates: Vec<u32>,
    /// The slot of the problem as built.
    root: usize,
    /// The problem's number of each item, by internal number.
    item_ids: Vec<u32>,
}

impl Tables {
    /// The bytes of the tables.
    pub(super) fn memory(&self) -> usize {
        heap(&self.masks)
            + heap(&self.entries)
            + heap(&self.entry_start)
            + heap(&self.removal)
            + heap(&self.conflicts)
            + heap(&self.secondaries)
            + heap(&self.secondary_start)
            + heap(&self.states)
            + heap(&self.len)
    }

    /// The largest number of options the engine takes: counts are 16-bit, and signed,
    /// for the vector minimum that SSE2 has.
    pub(super) const MAX_OPTIONS: usize = COVERED as usize - 1;

    /// Up to how many bytes of conflict rows the one-pass mode is used: beyond the
    /// first-level cache, the rows cost more than the passes they save.
    const ONE_PASS_BYTES: usize = 32 << 10;

    /// The bytes [`Self::new`] allocates for `problem` with `levels` levels, about
    /// (the color masks counted as one per colored entry, at most).
    pub(super) fn bytes(problem: &Problem, levels: usize) -> usize {
        let (n, options) = (problem.item_count(), problem.option_count());
        let words = options.div_ceil(64).max(1);
        let colored = if problem.has_colors() {
            problem.entry_count()
        } else {
            0
        };
        let masks = (n + colored) * words * 8;
        let state = (words + (n - problem.primary_count()).div_ceil(64)) * 8
            + (problem.primary_count() + 1) * 2;
        let records = problem.entry_count() * 16 + options * 16;
        masks + records + Self::ONE_PASS_BYTES + (levels + 1) * state
    }

    /// Lays out the masks of `problem`, with room for `levels` levels; states 0 and
    /// `levels` hold the problem as built. The caller has checked [`Self::MAX_OPTIONS`].
    pub(super) fn new(problem: &Problem, levels: usize) -> Self {
        let n = problem.item_count();
        let options = problem.option_count();
        debug_assert!(options <= Self::MAX_OPTIONS);
        let words = options.div_ceil(64).max(1);
        let (internal, _) = problem.primaries_first();
        let mut item_ids = vec![0u32; n];
        for (id, &j) in internal.iter().enumerate() {
            item_ids[j as usize] = id as u32;
        }
        let primary = problem.primary_count();
        let colored = problem.has_colors();
        let secondary = n - primary;
        let active_words = if colored { secondary.div_ceil(64) } else { 0 };

        let mut masks = vec![0u64; n * words];
        let mut entries = Vec::with_capacity(problem.entry_count());
        let mut entry_start = Vec::with_capacity(options + 1);
        let mut primaries: Vec<Vec<u32>> = Vec::with_capacity(options);
        let mut secondaries = Vec::new();
        let mut secondary_start = Vec::with_capacity(options + 1);
        let mut hide_cost = Vec::with_capacity(options);
        let mut len = vec![0usize; primary];
        // The color each entry gives, to build the color masks after.
        let mut colors: Vec<Option<usize>> = Vec::with_capacity(problem.entry_count());
        for option in problem.options() {
            let o = option.index();
            entry_start.push(entries.len() as u32);
            secondary_start.push(secondaries.len() as u32);
            let (mut size, mut own) = (0, Vec::new());
            for (item, color) in problem.option_items(option) {
                let j = internal[item.index()] as usize;
                masks[j * words + o / 64] |= 1 << (o % 64);
                entries.push(Entry {
                    item: j as u32,
                    mask: j as u32,
                });
                colors.push(color.map(|c| c.index()));
                if j < primary {
                    len[j] += 1;
                    own.push(j as u32);
                } else if colored {
                    secondaries.push((j - primary) as u32);
                }
                size += 1;
            }
            hide_cost.push(if colored { own.len() } else { size } as u32 - 1);
            primaries.push(own);
        }
        entry_start.push(entries.len() as u32);
        secondary_start.push(secondaries.len() as u32);

        let layout = Layout {
            items: n,
            words,
            entry_start: &entry_start,
        };
        layout.color_masks(&mut masks, &mut entries, &colors);
        let mut conflicts = Vec::new();
        if !colored && options * words * 8 <= Self::ONE_PASS_BYTES {
            conflicts = layout.conflicts(&masks, &entries);
        }
        let (removal, stride) = removal_rows(&primaries, &hide_cost, primary);
        let state_words = words + active_words;
        let mut states = vec![0; (levels + 1) * state_words];
        for o in 0..options {
            states[o / 64] |= 1 << (o % 64);
        }
        for j in 0..secondary.min(64 * active_words) {
            states[words + j / 64] |= 1 << (j % 64);
        }
        let counts = primary + 1;
        let mut all = vec![0; (levels + 1) * counts];
        for (count, &len) in all.iter_mut().zip(&len) {
            *count = len as i16;
        }
        states.copy_within(..state_words, levels * state_words);
        all.copy_within(..counts, levels * counts);
        Self {
            words,
            primary,
            active_words,
            state_words,
            counts,
            masks,
            entries,
            entry_start,
            removal,
            stride,
            conflicts,
            secondaries,
            secondary_start,
            states,
            len: all,
            candidates: Vec::with_capacity(options + levels),
            root: levels,
            item_ids,
        }
    }

    /// The problem's item of internal number `item`.
    pub(super) fn item_id(&self, item: u32) -> crate::ids::ItemId {
        crate::ids::ItemId::new(self.item_ids[item as usize] as usize)
    }

    /// Whether `option` is live in state `state`: compatible with the choices that made it.
    pub(super) fn is_live(&self, state: usize, option: u32) -> bool {
        let o = option as usize;
        self.states[state * self.state_words + o / 64] & (1 << (o % 64)) != 0
    }

    /// The internal numbers of `option`'s items, in the order given.
    pub(super) fn option_items(&self, option: u32) -> impl Iterator<Item = u32> + '_ {
        let o = option as usize;
        self.entries[self.entry_start[o] as usize..self.entry_start[o + 1] as usize]
            .iter()
            .map(|entry| entry.item)
    }

    /// Whether internal item `item` is primary.
    pub(super) fn is_primary(&self, item: u32) -> bool {
        (item as usize) < self.primary
    }

    /// The live options of state `state` with item `item`, in increasing order: the
    /// options a level that chooses the item tries, in the order it tries them.
    pub(super) fn live_options(&self, state: usize, item: u32) -> Vec<u32> {
        let words = self.words;
        let alive = &self.states[state * self.state_words..][..words];
        let mask = &self.masks[item as usize * words..][..words];
        let mut live = Vec::new();
        push_live(alive, mask, &mut live);
        live
    }

    /// The primary item of state `state` with the fewest live options, ties to the
    /// earliest declared, and its count; `None` when every primary item is covered.
    #[inline]
    pub(super) fn choose(&self, state: usize) -> Option<(u32, u32)> {
        let len = &self.len[state * self.counts..state * self.counts + self.primary];
        // Both passes are written to compile to vector code: a minimum over every
        // count, then the first block of 16 that holds it.
        let min = len.iter().fold(COVERED, |m, &l| m.min(l));
        if min == COVERED {
            return None;
        }
        for (k, block) in len.chunks(16).enumerate() {
            let hits = block
                .iter()
                .enumerate()
                .fold(0u32, |hits, (b, &l)| hits | u32::from(l == min) << b);
            if hits != 0 {
                return Some(((16 * k) as u32 + hits.trailing_zeros(), min as u32));
            }
        }
        None
    }

    /// Puts the problem as built in state 0.
    pub(super) fn reset(&mut self) {
        self.copy_state(self.root, 0);
    }

    /// Appends the live options of state `state` with item `item` to the candidates, in
    /// increasing order; returns where they start.
    #[inline]
    pub(super) fn gather(&mut self, state: usize, item: u32) -> u32 {
        let start = self.candidates.len() as u32;
        let words = self.words;
        let alive = &self.states[state * self.state_words..][..words];
        let mask = &self.masks[item as usize * words..][..words];
        push_live(alive, mask, &mut self.candidates);
        start
    }

    /// Copies state `from` over state `to`.
    #[inline]
    pub(super) fn copy_state(&mut self, from: usize, to: usize) {
        let s = self.state_words;
        self.states.copy_within(from * s..(from + 1) * s, to * s);
        let c = self.counts;
        self.len.copy_within(from * c..(from + 1) * c, to * c);
    }

    /// Whether [`Self::commit_option`] applies: the problem has no colors.
    #[inline]
    pub(super) fn one_pass(&self) -> bool {
        !self.conflicts.is_empty()
    }

    /// Commits option `option` in state `state`, where the item it was chosen for is
    /// covered already, in one pass (the one-pass mode, for a problem without colors):
    /// its row of conflicts holds that item's options too, but none of them is live.
    /// Returns the updates of covering its other items one after the other, as the
    /// links do.
    #[inline]
    pub(super) fn commit_option(&mut self, state: usize, option: u32) -> u64 {
        let o = option as usize;
        let words = self.words;
        let at = state * self.state_words;
        let alive = &mut self.states[at..at + words];
        let len = &mut self.len[state * self.counts..(state + 1) * self.counts];
        let entries = self.entry_start[o + 1] - self.entry_start[o];
        let mut updates = u64::from(entries - 1);
        let row = &self.conflicts[o * words..(o + 1) * words];
        updates += rule_out(&self.removal, self.stride, alive, len, row, |_| 0);
        // Its items' counts went down with the options they ruled out: now dropped.
        let record = &self.removal[o * self.stride..(o + 1) * self.stride];
        for &q in &record[1..] {
            len[q as usize] = COVERED;
        }
        updates
    }

    /// Makes item `item` inactive in state `state`, ruling out the live options in
    /// mask `mask`, as covering or purifying it does. Returns the links' updates: one
    /// for the item, plus one per other active item of each option ruled out. An
    /// already purified secondary item (of a colored problem) costs nothing.
    #[inline]
    pub(super) fn commit(&mut self, state: usize, item: u32, mask: u32) -> u64 {
        let item = item as usize;
        let words = self.words;
        let at = state * self.state_words;
        let (alive, active) = self.states[at..at + self.state_words].split_at_mut(words);
        let len = &mut self.len[state * self.counts..(state + 1) * self.counts];
        let colored = self.active_words > 0;
        if colored && item >= self.primary {
            let (w, bit) = (
                (item - self.primary) / 64,
                1 << ((item - self.primary) % 64),
            );
            if active[w] & bit == 0 {
                return 0;
            }
            active[w] &= !bit;
        }
        let masks = &self.masks[mask as usize * words..(mask as usize + 1) * words];
        let (secondaries, secondary_start) = (&self.secondaries, &self.secondary_start);
        // For a colored problem, each option ruled out also counts its active secondary
        // items; the one hiding it, made inactive above, is counted back unless it is
        // primary (then it is in the removal record's cost).
        let extra = |o: usize| {
            if !colored {
                return 0;
            }
            let (start, end) = (secondary_start[o], secondary_start[o + 1]);
            secondaries[start as usize..end as usize]
                .iter()
                .filter(|&&s| active[s as usize / 64] & (1 << (s % 64)) != 0)
                .count() as u64
                + u64::from(item >= self.primary)
        };
        let updates = 1 + rule_out(&self.removal, self.stride, alive, len, masks, extra);
        if item < self.primary {
            len[item] = COVERED;
        }
        updates
    }
}

/// Appends the options set in both `alive` and `mask` to `out`, in increasing order.
#[inline(always)]
fn push_live(alive: &[u64], mask: &[u64], out: &mut Vec<u32>) {
    for (w, (&live, &m)) in alive.iter().zip(mask).enumerate() {
        let mut bits = live & m;
        while bits != 0 {
            out.push((w * 64) as u32 + bits.trailing_zeros());
            bits &= bits - 1;
        }
    }
}

/// Rules out the live options of `alive` in `mask`, a word at a time, and lowers the
/// counts of their primary items by their records in `removal` (`stride` numbers each).
/// Returns the links' updates for hiding them: each record's cost, plus `extra` of
/// each option.
///
/// Every count in a record goes down, those of the items being covered and the spare
/// one's too (they are dropped): a test per count costs more in mispredicted branches
/// than the writes it saves.
#[inline(always)]
fn rule_out(
    removal: &[u32],
    stride: usize,
    alive: &mut [u64],
    len: &mut [i16],
    mask: &[u64],
    mut extra: impl FnMut(usize) -> u64,
) -> u64 {
    let mut updates = 0;
    for (w, (live, &m)) in alive.iter_mut().zip(mask).enumerate() {
        let mut gone = *live & m;
        if gone == 0 {
            continue;
        }
        *live &= !gone;
        while gone != 0 {
            let o = w * 64 + gone.trailing_zeros() as usize;
            gone &= gone - 1;
            let record = &removal[o * stride..(o + 1) * stride];
            for &q in &record[1..] {
                len[q as usize] = len[q as usize].wrapping_sub(1);
            }
            updates += u64::from(record[0]) + extra(o);
        }
    }
    updates
}

/// The shape of the masks while [`Tables::new`] lays them out.
struct Layout<'a> {
    /// The items: the first masks, one each.
    items: usize,
    /// Words per mask.
    words: usize,
    /// Where each option's entries start.
    entry_start: &'a [u32],
}

impl Layout<'_> {
    /// Adds one mask per (item, color) given, after the items' own: the item's options
    /// less those of that color, and points each colored entry at its mask.
    fn color_masks(&self, masks: &mut Vec<u64>, entries: &mut [Entry], colors: &[Option<usize>]) {
        let words = self.words;
        let mut color_mask = std::collections::HashMap::new();
        for (entry, color) in entries.iter_mut().zip(colors) {
            let Some(color) = *color else { continue };
            let item = entry.item as usize;
            let next = self.items + color_mask.len();
            let index = *color_mask.entry((item, color)).or_insert_with(|| {
                masks.extend_from_within(item * words..(item + 1) * words);
                next
            });
            entry.mask = index as u32;
        }
        for (o, span) in self.entry_start.windows(2).enumerate() {
            for e in span[0] as usize..span[1] as usize {
                if colors[e].is_some() {
                    let index = entries[e].mask as usize;
                    masks[index * words + o / 64] &= !(1 << (o % 64));
                }
            }
        }
    }

    /// Each option's conflicts in one mask: the union of its entries' masks, the
    /// options a choice of it rules out.
    fn conflicts(&self, masks: &[u64], entries: &[Entry]) -> Vec<u64> {
        let words = self.words;
        let options = self.entry_start.len() - 1;
        let mut conflicts = vec![0; options * words];
        for (o, row) in conflicts.chunks_exact_mut(words).enumerate() {
            let span = self.entry_start[o] as usize..self.entry_start[o + 1] as usize;
            for entry in &entries[span] {
                let mask = &masks[entry.mask as usize * words..][..words];
                for (r, &m) in row.iter_mut().zip(mask) {
                    *r |= m;
                }
            }
        }
        conflicts
    }
}

/// The removal rows, one per option: the cost of hiding it, then its primary items,
/// padded with `primary` (no item) to the widest; and that width.
fn removal_rows(primaries: &[Vec<u32>], hide_cost: &[u32], primary: usize) -> (Vec<u32>, usize) {
    let stride = 1 + primaries.iter().map(Vec::len).max().unwrap_or(0);
    let mut removal = Vec::with_capacity(primaries.len() * stride);
    for (own, &cost) in primaries.iter().zip(hide_cost) {
        removal.push(cost);
        removal.extend(own);
        removal.resize(removal.len() + stride - 1 - own.len(), primary as u32);
    }
    (removal, stride)
}
