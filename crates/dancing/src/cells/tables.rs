//! The sparse sets of dancing cells and the operations of the search on them: choose,
//! cover, commit (with purification of colored items), and undo by the trail.
//!
//! Every removal swaps an element with the last one of its set's live prefix and
//! shortens the prefix; the removed element stays right behind it. Later removals only
//! touch shorter prefixes, so putting back an earlier length puts back exactly the
//! elements removed since, in some order: undoing is restoring lengths, nothing more.

use crate::arena::heap;
use crate::error::IntegrityError;
use crate::ids::OptionId;
use crate::problem::Problem;

/// One item of one option (TAOCP's node of SSXC1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Cell {
    /// TAOCP: ITM. The item, numbered primaries first (see [`Tables::items`]).
    pub(super) item: u32,
    /// TAOCP: LOC. Where this cell sits in the `set` array.
    pub(super) loc: u32,
    /// Where the cells of this cell's option start: a hide walks its option without
    /// looking the option up (TAOCP's spacer nodes serve the same end).
    first: u32,
    /// Where the cells of this cell's option end.
    end: u32,
}

/// What the search keeps per item, side by side so that one cache line serves a
/// removal (TAOCP keeps SIZE and POS beside each set for the same reason).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[repr(C, align(16))]
pub(super) struct ItemState {
    /// Where the item's region of `set` starts.
    pub(super) start: u32,
    /// TAOCP: SIZE. The live length of the item's set. Kept up to date only while the
    /// item is active: an inactive item's set is frozen, which is what makes dancing
    /// cells cheap.
    pub(super) size: u32,
    /// TAOCP: POS. Where the item sits in `items`.
    pos: u32,
}

/// The lengths of the two live prefixes of [`Tables::items`]: where the live primary
/// items end, and where the live secondary items end.
pub(super) type Live = [u32; 2];

/// Everything the search changes and restores.
#[derive(Debug, Clone)]
pub(super) struct Tables {
    /// The cells, option after option, in the order the problem gives them.
    pub(super) cells: Vec<Cell>,
    /// TAOCP: CLR, per cell: 0 for none, else the color + 1. Apart from the cells,
    /// which a hide walks without needing it.
    colors: Vec<u32>,
    /// The option of each cell.
    options: Vec<u32>,
    /// TAOCP: SET. Item `j`'s cells occupy a region starting at its `start`, in
    /// option order as built; the first `size` of them are the options still
    /// compatible with the choices made.
    pub(super) set: Vec<u32>,
    /// Each item's start, size and position.
    pub(super) state: Vec<ItemState>,
    /// TAOCP: ITEM. The items, primaries in `0..primary` and secondaries after them,
    /// each group with its active items first.
    pub(super) items: Vec<u32>,
    /// Number of primary items; internal item numbers below it are primary.
    pub(super) primary: u32,
    /// End of the live primary items and of the live secondary items in `items`.
    pub(super) live: Live,
    /// The item of each removal, latest last: undoing one is growing that item's set
    /// by one. A cell is removed at most once between a choice and its undoing, so
    /// the trail never holds more entries than there are cells.
    trail: Vec<u32>,
}

impl Tables {
    /// The bytes of the tables.
    pub(super) fn memory(&self) -> usize {
        heap(&self.cells)
            + heap(&self.colors)
            + heap(&self.options)
            + heap(&self.set)
            + heap(&self.state)
            + heap(&self.items)
            + heap(&self.trail)
    }

    /// Lays out the sets of `problem` as built: every option live, every item active.
    pub(super) fn new(problem: &Problem) -> Self {
        let n = problem.item_count();
        // Primaries first, so that comparing internal numbers of primaries compares
        // declaration order.
        let (internal, primary) = problem.primaries_first();
        let primary = primary as u32;
        let entries = problem.entry_count();
        let mut cells: Vec<Cell> = Vec::with_capacity(entries);
        let mut colors = Vec::with_capacity(entries);
        let mut options = Vec::with_capacity(entries);
        let mut len = vec![0u32; n];
        for option in problem.options() {
            let first = cells.len() as u32;
            for (item, color) in problem.option_items(option) {
                let item = internal[item.index()];
                len[item as usize] += 1;
                cells.push(Cell {
                    item,
                    loc: 0,
                    first,
                    end: 0,
                });
                colors.push(color.map_or(0, |c| c.index() as u32 + 1));
                options.push(option.index() as u32);
            }
            let end = cells.len() as u32;
            for cell in &mut cells[first as usize..] {
                cell.end = end;
            }
        }
        let mut state = Vec::with_capacity(n);
        let mut next = 0u32;
        for (k, &size) in len.iter().enumerate() {
            state.push(ItemState {
                start: next,
                size,
                pos: k as u32,
            });
            next += size;
        }
        // Each set lists its cells in option order.
        let mut set = vec![0u32; cells.len()];
        let mut fill: Vec<u32> = state.iter().map(|s| s.start).collect();
        for (c, cell) in cells.iter_mut().enumerate() {
            let at = &mut fill[cell.item as usize];
            set[*at as usize] = c as u32;
            cell.loc = *at;
            *at += 1;
        }
        Self {
            trail: Vec::with_capacity(cells.len()),
            cells,
            colors,
            options,
            set,
            state,
            items: (0..n as u32).collect(),
            primary,
            live: [primary, n as u32],
        }
    }

    /// The mark to undo to: the trail's length.
    #[inline]
    pub(super) fn mark(&self) -> u32 {
        self.trail.len() as u32
    }

    /// The live length of `item`'s set.
    #[inline]
    pub(super) fn size(&self, item: u32) -> u32 {
        self.state[item as usize].size
    }

    /// The cell at position `index` of `item`'s region.
    #[inline]
    pub(super) fn cell_at(&self, item: u32, index: u32) -> u32 {
        self.set[(self.state[item as usize].start + index) as usize]
    }

    /// Puts back the cells removed since `mark` and the live prefixes `live`.
    #[inline]
    pub(super) fn undo(&mut self, mark: u32, live: Live) {
        for &item in &self.trail[mark as usize..] {
            self.state[item as usize].size += 1;
        }
        self.trail.truncate(mark as usize);
        self.live = live;
    }

    /// Whether `item` is active (TAOCP: its POS is below the live end of its group).
    #[inline(always)]
    fn is_active(&self, item: u32) -> bool {
        let group = usize::from(item >= self.primary);
        self.state[item as usize].pos < self.live[group]
    }

    /// The active primary item with the fewest live options, ties to the earliest
    /// declared (as the links engine's [`Branching::Knuth`](crate::Branching)); `None`
    /// when no primary item is active. Stops at an item with none left.
    #[inline]
    pub(super) fn choose(&self) -> Option<u32> {
        let live = &self.items[..self.live[0] as usize];
        let (&first, rest) = live.split_first()?;
        let mut best = first;
        let mut best_size = self.size(first);
        for &item in rest {
            if best_size == 0 {
                break;
            }
            let size = self.size(item);
            if size < best_size || (size == best_size && item < best) {
                best = item;
                best_size = size;
            }
        }
        Some(best)
    }

    /// The live cells of `item`'s set, in their current order.
    #[inline]
    pub(super) fn live_cells(&self, item: u32) -> std::ops::Range<usize> {
        let ItemState { start, size, .. } = self.state[item as usize];
        start as usize..(start + size) as usize
    }

    /// Puts `item`'s live cells in option order, so that its options are tried in the
    /// order the links engine tries them. Removals shuffle a set; most are still in
    /// order when chosen, and the few others are short.
    #[inline(always)]
    pub(super) fn sort_live(&mut self, item: u32) {
        let range = self.live_cells(item);
        let live = &mut self.set[range.clone()];
        if live.is_sorted() {
            return;
        }
        live.sort_unstable();
        for at in range {
            let cell = self.set[at];
            self.cells[cell as usize].loc = at as u32;
        }
    }

    /// Removes `item` from the active items of its group.
    #[inline(always)]
    fn deactivate(&mut self, item: u32) {
        let group = usize::from(item >= self.primary);
        let last = self.live[group] - 1;
        let at = self.state[item as usize].pos;
        let other = self.items[last as usize];
        self.items[at as usize] = other;
        self.state[other as usize].pos = at;
        self.items[last as usize] = item;
        self.state[item as usize].pos = last;
        self.live[group] = last;
    }

    /// Removes the option of `cell` from the sets of its active items (TAOCP: hide).
    /// Returns the number of cells removed.
    #[inline(always)]
    fn hide(&mut self, cell: u32) -> u64 {
        let Cell { first, end, .. } = self.cells[cell as usize];
        let (from, to) = (first as usize, end as usize);
        let mut removed = 0;
        for c in from..to {
            let Cell { item, loc, .. } = self.cells[c];
            if !self.is_active(item) {
                continue;
            }
            self.trail.push(item);
            let state = &mut self.state[item as usize];
            state.size -= 1;
            let last = state.start + state.size;
            let other = self.set[last as usize];
            self.set[loc as usize] = other;
            self.cells[other as usize].loc = loc;
            self.set[last as usize] = c as u32;
            self.cells[c].loc = last;
            removed += 1;
        }
        removed
    }

    /// Makes `item` inactive and hides every live option of its set whose color on it
    /// is not `color` (all of them when `color` is 0): TAOCP's cover, and purify for a
    /// colored secondary item. Returns the updates (1 + cells removed).
    #[inline]
    pub(super) fn cover(&mut self, item: u32, color: u32) -> u64 {
        self.deactivate(item);
        let mut updates = 1;
        // The item is inactive now, so no hide below changes its set.
        for at in self.live_cells(item) {
            let cell = self.set[at];
            if color == 0 || self.colors[cell as usize] != color {
                updates += self.hide(cell);
            }
        }
        updates
    }

    /// Commits the other items of the option of `chosen`, whose item was just covered:
    /// cyclically from the cell after it, the links engine's order. An item already
    /// inactive was purified with this option's color by an earlier choice (any other
    /// option would have been hidden) and needs nothing. Returns the updates.
    #[inline]
    pub(super) fn commit_others(&mut self, chosen: u32) -> u64 {
        let Cell {
            first: from,
            end: to,
            ..
        } = self.cells[chosen as usize];
        let mut updates = 0;
        for c in (chosen + 1..to).chain(from..chosen) {
            let item = self.cells[c as usize].item;
            if self.is_active(item) {
                let color = self.colors[c as usize];
                updates += self.cover(item, color);
            }
        }
        updates
    }

    /// The option of a cell.
    #[inline]
    pub(super) fn option_of(&self, cell: u32) -> OptionId {
        OptionId::new(self.options[cell as usize] as usize)
    }

    /// Checks that the tables are as built: every item active, every set full, every
    /// cell where its `loc` says, in its item's region.
    pub(super) fn check(&self) -> Result<(), IntegrityError> {
        let broken =
            |table: &'static str, index: usize| Err(IntegrityError::Cells { table, index });
        let n = self.items.len();
        let as_built = self.live == [self.primary, n as u32] && self.trail.is_empty();
        if !as_built {
            return broken("live items", self.live[0] as usize);
        }
        for (at, &item) in self.items.iter().enumerate() {
            if item as usize >= n || self.state[item as usize].pos as usize != at {
                return broken("items", at);
            }
            if (item < self.primary) != (at < self.primary as usize) {
                return broken("items", at);
            }
        }
        let end = |item: usize| {
            self.state
                .get(item + 1)
                .map_or(self.set.len() as u32, |next| next.start)
        };
        for (item, state) in self.state.iter().enumerate() {
            if state.start + state.size != end(item) {
                return broken("size", item);
            }
        }
        for (c, cell) in self.cells.iter().enumerate() {
            let region = self.state[cell.item as usize].start..end(cell.item as usize);
            if !region.contains(&cell.loc) || self.set[cell.loc as usize] as usize != c {
                return broken("loc", c);
            }
            let option = cell.first as usize..cell.end as usize;
            if !option.contains(&c) || self.options[option].iter().any(|&o| o != self.options[c]) {
                return broken("option", c);
            }
        }
        Ok(())
    }
}
