//! The operations of Algorithms X and C on the links: cover, hide, purify, commit, their
//! exact reverses, and the choice of the item to branch on.
//!
//! This is the hot code of the crate, written for speed first: links are read through
//! [`Arena::node`] and [`Arena::link`], without bounds checks, and each entry point that
//! takes an index from outside checks it once. Const parameters select the variant at
//! compile time: `COLORS` for Algorithm C (purified nodes stay put); a [`Watch`] sees
//! each list shorten (the search's [`Notes`] of forced moves, or [`Unwatched`]).

use super::{Arena, Link, Node, Notes, PURIFIED, Unwatched, Watch};

impl Arena {
    /// The first primary item in the active list whose list is shortest (minimum
    /// remaining values; ties go to the earliest), or `None` when every primary item is
    /// covered. The scan stops at once on an item with `good_enough` options or fewer:
    /// TAOCP stops only at 0; stopping at 1 takes a forced move without scanning on.
    #[inline]
    pub(crate) fn choose_item(&self, good_enough: u32) -> Option<u32> {
        self.scan(good_enough, |_| {})
    }

    /// The scan of [`choose_item`](Self::choose_item); `seen_all` is called with the
    /// shortest length when the scan went through every active primary item.
    #[inline(always)]
    fn scan(&self, good_enough: u32, seen_all: impl FnOnce(u32)) -> Option<u32> {
        let mut i = self.link(0).next;
        if i == 0 {
            return None;
        }
        let mut best = i;
        let mut best_len = self.node(i).top;
        while best_len > good_enough {
            i = self.link(i).next;
            if i == 0 {
                seen_all(best_len);
                break;
            }
            let len = self.node(i).top;
            if len < best_len {
                best = i;
                best_len = len;
            }
        }
        Some(best)
    }

    /// [`choose_item`](Self::choose_item) for the X loop of a problem of [`LONG`]
    /// primary items or more, the same item found sooner: when no node has been hidden
    /// since a scan saw every item and no empty list (the loop counts them with
    /// [`Notes::note_hidden`]), none is empty now (covering takes items away,
    /// uncovering brings back items that were not empty, unhiding lengthens lists), so
    /// the first item with one option is the shortest. A problem of a million items of
    /// one option each is then scanned once, not a million times: TAOCP's scan stops
    /// only at an empty list.
    ///
    /// [`LONG`]: super::LONG
    #[inline]
    pub(crate) fn choose_mrv(&self, notes: &mut Notes, good_enough: u32) -> Option<u32> {
        let clean = notes.clean_at == notes.hidden;
        let good_enough = if clean {
            good_enough.max(1)
        } else {
            good_enough
        };
        self.scan(good_enough, |best_len| {
            // Seen them all: with none empty, they vouch for the lists until a hide.
            if best_len > 0 {
                notes.clean_at = notes.hidden;
            }
        })
    }

    /// An item with no option left or exactly one, noted since the search last
    /// backtracked: a dead end first, else the latest forced move; or the first such item
    /// in the active list; or, when no item has fewer than two options, the shortest list
    /// ([`choose_item`](Self::choose_item)). `None` when every primary item is covered.
    ///
    /// A scan that finds no item with fewer than two options has seen every item, and
    /// from then on every hide notes the lists that fall that low: the hints are
    /// complete until the search backtracks (which lengthens lists again and clears
    /// them). While they are, and none is left, no item has fewer than two options, so
    /// the scan stops at the first item with two: the same item as a scan of them all,
    /// found sooner.
    #[inline]
    pub(crate) fn choose_forced(&self, notes: &mut Notes) -> Option<u32> {
        let dead = std::mem::take(&mut notes.dead_end);
        if dead != 0 && self.node(dead).top == 0 && self.is_forced(dead) {
            return Some(dead);
        }
        while notes.hint_len > 0 {
            notes.hint_len -= 1;
            let i = notes.hints[notes.hint_len];
            if self.node(i).top <= 1 && self.is_forced(i) {
                return Some(i);
            }
        }
        let chosen = self.choose_item(if notes.hints_complete { 2 } else { 1 });
        debug_assert!(
            !notes.hints_complete || chosen == self.choose_item(1),
            "complete hints missed an item with fewer than two options"
        );
        // A scan that found no item with fewer than two options saw them all.
        if chosen.is_some_and(|i| self.node(i).top >= 2) {
            notes.hints_complete = true;
        }
        chosen
    }

    /// Whether item `i`, an item noted by a hide, is primary and active: a move the
    /// search may take.
    #[inline(always)]
    fn is_forced(&self, i: u32) -> bool {
        self.primary[i as usize] && self.link(self.link(i).prev).next == i
    }

    /// TAOCP: cover(i). Returns the number of updates (1 + nodes hidden).
    #[inline]
    pub(crate) fn cover<const COLORS: bool>(&mut self, i: u32, watch: &mut impl Watch) -> u64 {
        self.check_item(i);
        self.cover_item::<COLORS>(i, watch)
    }

    /// TAOCP: uncover(i), the exact reverse of [`cover`](Self::cover).
    #[inline]
    pub(crate) fn uncover<const COLORS: bool>(&mut self, i: u32) {
        self.check_item(i);
        self.uncover_item::<COLORS>(i);
    }

    #[inline(always)]
    pub(super) fn cover_item<const COLORS: bool>(&mut self, i: u32, watch: &mut impl Watch) -> u64 {
        let Link { prev, next } = *self.link(i);
        self.link_mut(prev).next = next;
        self.link_mut(next).prev = prev;
        let mut updates = 1;
        let mut p = self.node(i).down;
        while p != i {
            updates += self.hide::<COLORS>(p, watch);
            p = self.node(p).down;
        }
        updates
    }

    #[inline(always)]
    pub(super) fn uncover_item<const COLORS: bool>(&mut self, i: u32) {
        let mut p = self.node(i).up;
        while p != i {
            self.unhide::<COLORS>(p);
            p = self.node(p).up;
        }
        let Link { prev, next } = *self.link(i);
        self.link_mut(prev).next = i;
        self.link_mut(next).prev = i;
    }

    /// TAOCP: hide(p), removing the other nodes of `p`'s option from their lists.
    /// With colors this is Algorithm C's hide′, which leaves purified nodes alone.
    ///
    /// Follows the right links from `p` rather than TAOCP's walk over the spacer: each
    /// node removed is in a different list, so the order within the option is free.
    ///
    /// `watch` sees each list shorten (see [`Notes`]).
    #[inline(always)]
    pub(super) fn hide<const COLORS: bool>(&mut self, p: u32, watch: &mut impl Watch) -> u64 {
        let mut hidden = 0;
        let mut tally = watch.tally();
        self.for_each_other::<COLORS>(p, |arena, _, Node { up, down, top, .. }| {
            arena.node_mut(up).down = down;
            arena.node_mut(down).up = up;
            let len = arena.node(top).top - 1;
            arena.node_mut(top).top = len;
            watch.shortened(&mut tally, top, len);
            hidden += 1;
        });
        watch.settle(tally);
        hidden
    }

    /// TAOCP: unhide(p), the exact reverse of [`hide`](Self::hide): the nodes go back in
    /// the same order, as each is in a list of its own.
    #[inline(always)]
    pub(super) fn unhide<const COLORS: bool>(&mut self, p: u32) {
        self.for_each_other::<COLORS>(p, |arena, q, Node { up, down, top, .. }| {
            arena.node_mut(up).down = q;
            arena.node_mut(down).up = q;
            arena.node_mut(top).top += 1;
        });
    }

    /// The walk of [`hide`](Self::hide) and [`unhide`](Self::unhide): calls `visit` with
    /// each other node of `p`'s option, following the right links, and a copy of its
    /// links read before the call (with colors, purified nodes are skipped: they stay
    /// in their lists). `visit` may rewrite any link but `right`.
    #[inline(always)]
    fn for_each_other<const COLORS: bool>(
        &mut self,
        p: u32,
        mut visit: impl FnMut(&mut Self, u32, Node),
    ) {
        let mut q = self.node(p).right;
        while q != p {
            let node = *self.node(q);
            if !COLORS || self.colors[q as usize] != PURIFIED {
                visit(self, q, node);
            }
            q = node.right;
        }
    }

    /// Algorithm C's purify(p): keeps only the options that give `p`'s item `p`'s color.
    fn purify(&mut self, p: u32, watch: &mut impl Watch) -> u64 {
        let i = self.node(p).top;
        let color = self.colors[p as usize];
        let mut updates = 1;
        let mut q = self.node(i).down;
        while q != i {
            if self.colors[q as usize] == color {
                if q != p {
                    self.colors[q as usize] = PURIFIED;
                }
            } else {
                updates += self.hide::<true>(q, watch);
            }
            q = self.node(q).down;
        }
        updates
    }

    /// Algorithm C's unpurify(p), the exact reverse of [`purify`](Self::purify).
    fn unpurify(&mut self, p: u32) {
        let i = self.node(p).top;
        let color = self.colors[p as usize];
        let mut q = self.node(i).up;
        while q != i {
            if self.colors[q as usize] == PURIFIED {
                self.colors[q as usize] = color;
            } else if q != p {
                self.unhide::<true>(q);
            }
            q = self.node(q).up;
        }
    }

    /// Algorithm C's commit(p, j): cover an uncolored item, purify a colored one, and do
    /// nothing for a node already purified.
    #[inline(always)]
    pub(super) fn commit<const COLORS: bool>(
        &mut self,
        p: u32,
        j: u32,
        watch: &mut impl Watch,
    ) -> u64 {
        if !COLORS {
            return self.cover_item::<false>(j, watch);
        }
        match self.colors[p as usize] {
            0 => self.cover_item::<true>(j, watch),
            PURIFIED => 0,
            _ => self.purify(p, watch),
        }
    }

    /// Algorithm C's uncommit(p, j), the exact reverse of [`commit`](Self::commit).
    #[inline(always)]
    pub(super) fn uncommit<const COLORS: bool>(&mut self, p: u32, j: u32) {
        if !COLORS {
            return self.uncover_item::<false>(j);
        }
        match self.colors[p as usize] {
            0 => self.uncover_item::<true>(j),
            PURIFIED => {}
            _ => self.unpurify(p),
        }
    }

    /// TAOCP X5/C5 after the choice: commits every other item of `x`'s option, cyclically
    /// from the node after `x` (along the right links, the same order as TAOCP's walk).
    #[inline]
    pub(crate) fn commit_others<const COLORS: bool>(
        &mut self,
        x: u32,
        watch: &mut impl Watch,
    ) -> u64 {
        self.rightwards(x, |arena, p, j| arena.commit::<COLORS>(p, j, watch))
    }

    /// [`commit_others`](Self::commit_others) without colors, with the number of items
    /// covered: the updates are one per item and one per node hidden.
    #[inline(always)]
    pub(crate) fn commit_others_counted(&mut self, x: u32, watch: &mut impl Watch) -> (u64, u64) {
        let mut others = 0;
        let updates = self.rightwards(x, |arena, _, j| {
            others += 1;
            arena.cover_item::<false>(j, watch)
        });
        (updates, others)
    }

    /// Calls `visit` with each other node of `x`'s option and its item, cyclically from
    /// the node after `x` along the right links (TAOCP's order for committing);
    /// returns the sum of what `visit` returned.
    #[inline(always)]
    pub(crate) fn rightwards(
        &mut self,
        x: u32,
        mut visit: impl FnMut(&mut Self, u32, u32) -> u64,
    ) -> u64 {
        self.check_option_node(x);
        let mut total = 0;
        let mut p = self.node(x).right;
        while p != x {
            let Node { top: j, right, .. } = *self.node(p);
            total += visit(self, p, j);
            p = right;
        }
        total
    }

    /// TAOCP X6/C6: the exact reverse of [`commit_others`](Self::commit_others), walking
    /// the option leftwards over the spacer.
    #[inline]
    pub(crate) fn uncommit_others<const COLORS: bool>(&mut self, x: u32) {
        self.leftwards(x, |arena, p, j| arena.uncommit::<COLORS>(p, j));
    }

    /// Calls `visit` with each other node of `x`'s option and its item, from the node
    /// before `x` leftwards, over the spacer (the reverse of [`rightwards`](Self::rightwards)).
    #[inline(always)]
    pub(crate) fn leftwards(&mut self, x: u32, mut visit: impl FnMut(&mut Self, u32, u32)) {
        self.check_option_node(x);
        let mut p = x - 1;
        while p != x {
            let Node { down, top: j, .. } = *self.node(p);
            if j == 0 {
                p = down;
            } else {
                visit(self, p, j);
                p -= 1;
            }
        }
    }

    /// Chooses the option of node `x` outside the search loop: covers its item, then
    /// commits the others, as TAOCP's search does when `x`'s item is the one chosen.
    pub(crate) fn select<const COLORS: bool>(&mut self, x: u32) -> u64 {
        self.check_option_node(x);
        let i = self.node(x).top;
        self.cover_item::<COLORS>(i, &mut Unwatched)
            + self.commit_others::<COLORS>(x, &mut Unwatched)
    }

    /// The exact reverse of [`select`](Self::select).
    pub(crate) fn deselect<const COLORS: bool>(&mut self, x: u32) {
        self.uncommit_others::<COLORS>(x);
        let i = self.node(x).top;
        self.uncover_item::<COLORS>(i);
    }

    /// Leaves the option of node `x` for that of node `y`, below it in the same item's
    /// list, with the item still covered: uncommits `x`'s other items and commits `y`'s.
    /// Returns the updates of the commit.
    pub(crate) fn switch(&mut self, colors: bool, x: u32, y: u32) -> u64 {
        if colors {
            self.uncommit_others::<true>(x);
            self.commit_others::<true>(y, &mut Unwatched)
        } else {
            self.uncommit_others::<false>(x);
            self.commit_others::<false>(y, &mut Unwatched)
        }
    }

    /// The node of `option` below node `x` in `x`'s item's list (`option_of` names a
    /// node's option), or the error naming the item when the option is not there.
    pub(crate) fn sibling(
        &self,
        x: u32,
        option: crate::ids::OptionId,
        option_of: impl Fn(u32) -> crate::ids::OptionId,
    ) -> Result<u32, crate::error::ForceError> {
        let item = self.node(x).top;
        let mut y = self.node(x).down;
        while y != item && option_of(y) != option {
            y = self.node(y).down;
        }
        if y == item {
            return Err(crate::error::ForceError::NotOnPath {
                option: option.index(),
                item: crate::ids::Header::new(item).item(),
            });
        }
        Ok(y)
    }

    /// The levels of Knuth's estimate of the fraction of the tree explored so far
    /// (`engine::progress` reads them), from the nodes chosen at the search's levels:
    /// each option's place in its item's list, which does not change while the item
    /// stays covered, and the list's length.
    pub(crate) fn levels<'a>(&'a self, choice: &'a [u32]) -> impl Iterator<Item = (u32, u32)> + 'a {
        choice.iter().map(|&x| {
            let item = self.node(x).top;
            let mut index = 0u32;
            let mut p = self.node(item).down;
            while p != x {
                index += 1;
                p = self.node(p).down;
            }
            (index, self.node(item).top.max(index + 1))
        })
    }
}
