//! What a search notes about the lists as it goes, beside the links it changes: the
//! items left with one option or none (the forced moves that
//! [`Branching::FirstForced`](crate::Branching) takes without scanning) and whether a
//! scan has vouched that no list is empty. The links are the problem's state and the
//! notes a cache of it: the search that owns an [`Arena`](super::Arena) owns its notes.

/// Sees each list shorten as a cover or purify hides a node. A hide keeps a
/// [`Tally`](Watch::Tally) in registers through its loop, which writes only nodes, and
/// settles it at the end.
pub(crate) trait Watch {
    /// What a hide keeps while it runs.
    type Tally: Copy;

    /// The tally a hide starts from.
    fn tally(&self) -> Self::Tally;

    /// Item `item`'s list has just fallen to `len` options.
    fn shortened(&mut self, tally: &mut Self::Tally, item: u32, len: u32);

    /// Keeps what the hide tallied.
    fn settle(&mut self, tally: Self::Tally);
}

/// Watches nothing: the covers of searches that do not take forced moves first.
pub(crate) struct Unwatched;

impl Watch for Unwatched {
    type Tally = ();

    #[inline(always)]
    fn tally(&self) {}

    #[inline(always)]
    fn shortened(&mut self, (): &mut (), _: u32, _: u32) {}

    #[inline(always)]
    fn settle(&mut self, (): ()) {}
}

/// The notes of the X loop on the links.
#[derive(Debug, Clone)]
pub(crate) struct Notes {
    /// Items whose list fell to one option or none since the search last backtracked:
    /// the forced moves that [`Branching::FirstForced`](crate::Branching) takes without
    /// scanning, the first `hint_len` entries. Entries may be stale or secondary; they
    /// are checked when taken. Between clears a list falls to one and to none at most
    /// once each, so two entries per item always suffice.
    pub(super) hints: Vec<u32>,
    pub(super) hint_len: usize,
    /// Whether every active item with at most one option left is among the hints (or is
    /// the dead end): then, with no hint left, no item has fewer than two options.
    pub(super) hints_complete: bool,
    /// An item whose list fell to no option since the search last backtracked (a dead
    /// end, taken before any forced move), or 0.
    pub(super) dead_end: u32,
    /// For [`Arena::choose_mrv`](super::Arena::choose_mrv): nodes the search has hidden
    /// so far (it adds them once a level), and their number when a scan last saw every
    /// active item and no empty list, `u64::MAX` when no such scan vouches for the lists
    /// now.
    pub(super) hidden: u64,
    pub(super) clean_at: u64,
}

impl Notes {
    /// The bytes of its lists.
    pub(crate) fn memory(&self) -> usize {
        crate::arena::heap(&self.hints)
    }

    /// Empty notes for a problem of `items` items.
    pub(crate) fn new(items: usize) -> Self {
        Self {
            hints: vec![0; 2 * items + 2],
            hint_len: 0,
            hints_complete: false,
            dead_end: 0,
            hidden: 0,
            clean_at: u64::MAX,
        }
    }

    /// Forgets the noted forced moves: backtracking makes lists longer again.
    #[inline]
    pub(crate) fn clear_hints(&mut self) {
        self.hint_len = 0;
        self.dead_end = 0;
        self.hints_complete = false;
    }

    /// Counts `hidden` more nodes hidden by the X loop (see
    /// [`Arena::choose_mrv`](super::Arena::choose_mrv)).
    #[inline(always)]
    pub(crate) fn note_hidden(&mut self, hidden: u64) {
        self.hidden += hidden;
    }

    /// Forgets the last scan that saw no empty list: the lists may have changed since,
    /// outside the X loop.
    #[inline]
    pub(crate) fn forget_scans(&mut self) {
        self.clean_at = u64::MAX;
    }

    /// Forgets everything: the links were replaced.
    pub(crate) fn clear(&mut self) {
        self.clear_hints();
        self.forget_scans();
    }
}

/// Notes each item whose list falls to one option or none. That happens about one hide
/// in three on sudoku, at no pattern a predictor could learn, so it is noted without
/// branching: the item is written after the last hint and counted only if it belongs
/// there.
impl Watch for Notes {
    /// The number of hints and the dead end.
    type Tally = (usize, u32);

    #[inline(always)]
    fn tally(&self) -> (usize, u32) {
        (self.hint_len, self.dead_end)
    }

    #[inline(always)]
    fn shortened(&mut self, (hint_len, dead_end): &mut (usize, u32), item: u32, len: u32) {
        let last = self.hints.len() - 1;
        self.hints[(*hint_len).min(last)] = item;
        *hint_len += usize::from(len <= 1);
        *dead_end = if len == 0 { item } else { *dead_end };
    }

    #[inline(always)]
    fn settle(&mut self, (hint_len, dead_end): (usize, u32)) {
        (self.hint_len, self.dead_end) = (hint_len, dead_end);
    }
}
