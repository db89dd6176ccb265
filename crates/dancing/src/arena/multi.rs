//! The operations Algorithm M (multiplicities, Knuth's DLX3) adds to the links: the
//! choice by branching degree, tweak and untweak, and commits that count a primary
//! item down to its bound before covering it.
//!
//! None of this is on the path of Algorithms X and C: those keep their own loops in
//! [`dance`](super::dance), so that a problem without bounds pays nothing for these.

use super::{Arena, Link, Node, Unwatched};

/// What Algorithm M's choice found: the item to branch on and its branching degree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Choice {
    /// The item (1-based header).
    pub(crate) item: u32,
    /// The number of branches, `LEN + 1 - max(BOUND - SLACK, 0)`; 0 or less is a dead end.
    pub(crate) degree: i64,
}

impl Arena {
    /// Algorithm M's choice, by the rule of Knuth's DLX3: each active primary item `i`
    /// with `l` options left, bound `b` and `s = min(slack, b)` scores `l + s - b + 1`,
    /// its branching degree. The lowest score wins; ties go to the smaller `s` (slack
    /// items are less constrained), then to the longer list (which DLX3 finds makes
    /// smaller trees), then to the earliest in the active list. `None` when no primary
    /// item is active.
    pub(crate) fn choose_bounded(&self, bound: &[u32], slack: &[u32]) -> Option<Choice> {
        let mut i = self.link(0).next;
        let mut best: Option<(Choice, u32, u32)> = None;
        while i != 0 {
            let len = self.node(i).top;
            let b = bound[i as usize];
            let s = slack[i as usize].min(b);
            let degree = i64::from(len) + i64::from(s) - i64::from(b) + 1;
            let better = match best {
                None => true,
                Some((c, best_s, best_len)) => {
                    degree < c.degree
                        || (degree == c.degree && (s < best_s || (s == best_s && len > best_len)))
                }
            };
            if better {
                best = Some((Choice { item: i, degree }, s, len));
            }
            i = self.link(i).next;
        }
        best.map(|(c, _, _)| c)
    }

    /// Whether no primary item is active (TAOCP: RLINK(0) = 0).
    #[inline]
    pub(crate) fn all_primary_done(&self) -> bool {
        self.link(0).next == 0
    }

    /// Takes item `i` out of the active list without touching its options: Algorithm
    /// M's null move, after every option left in `i`'s list has been tweaked away.
    pub(crate) fn deactivate(&mut self, i: u32) {
        self.check_item(i);
        let Link { prev, next } = *self.link(i);
        self.link_mut(prev).next = next;
        self.link_mut(next).prev = prev;
    }

    /// The exact reverse of [`deactivate`](Self::deactivate).
    pub(crate) fn reactivate(&mut self, i: u32) {
        self.check_item(i);
        let Link { prev, next } = *self.link(i);
        self.link_mut(prev).next = i;
        self.link_mut(next).prev = i;
    }

    /// TAOCP: tweak(x, p), or tweak′(x, p) when `hide` is false (the item is covered,
    /// so `x`'s option is hidden already): removes `x`, the first node of its item's
    /// list, from that list, and with `hide` hides the other nodes of its option.
    /// Returns the updates: one per node taken out of a list.
    pub(crate) fn tweak<const COLORS: bool>(&mut self, x: u32, hide: bool) -> u64 {
        self.check_option_node(x);
        let mut updates = 1;
        if hide {
            updates += self.hide::<COLORS>(x, &mut Unwatched);
        }
        let Node { down, top: i, .. } = *self.node(x);
        debug_assert_eq!(
            self.node(i).down,
            x,
            "tweak of a node not first in its list"
        );
        self.node_mut(i).down = down;
        self.node_mut(down).up = i;
        self.node_mut(i).top -= 1;
        updates
    }

    /// TAOCP: untweak, or untweak′ when `unhide` is false: puts back into item `i`'s
    /// list every node tweaked away since `first` was its first node, and with `unhide`
    /// unhides their options.
    ///
    /// The tweaked nodes still link down to one another, so relinking the `up` links
    /// from `first` to the current first node restores the list. Their options are
    /// unhidden in the order they were hidden, not the reverse: as Knuth observes in
    /// DLX3, that is safe because every list keeps its options in the same relative
    /// (input) order.
    pub(crate) fn untweak<const COLORS: bool>(&mut self, i: u32, first: u32, unhide: bool) {
        self.check_item(i);
        let z = self.node(i).down;
        self.node_mut(i).down = first;
        let (mut y, mut x, mut k) = (i, first, 0);
        while x != z {
            self.node_mut(x).up = y;
            k += 1;
            if unhide {
                self.unhide::<COLORS>(x);
            }
            y = x;
            x = self.node(x).down;
        }
        self.node_mut(z).up = y;
        self.node_mut(i).top += k;
    }

    /// Algorithm M's M6: commits every other item of `x`'s option, cyclically from the
    /// node after `x`. A primary item `j` counts its bound down and is covered when it
    /// reaches 0; a secondary item is committed as in Algorithm C.
    pub(crate) fn commit_others_bounded<const COLORS: bool>(
        &mut self,
        x: u32,
        bound: &mut [u32],
    ) -> u64 {
        self.rightwards(x, |arena, p, j| {
            if !arena.primary[j as usize] {
                return arena.commit::<COLORS>(p, j, &mut Unwatched);
            }
            let b = &mut bound[j as usize];
            debug_assert!(*b > 0, "item {j} chosen past its upper bound");
            *b -= 1;
            if *b == 0 {
                arena.cover_item::<COLORS>(j, &mut Unwatched)
            } else {
                0
            }
        })
    }

    /// Algorithm M's M7: the exact reverse of
    /// [`commit_others_bounded`](Self::commit_others_bounded), walking the option
    /// leftwards over the spacer.
    pub(crate) fn uncommit_others_bounded<const COLORS: bool>(
        &mut self,
        x: u32,
        bound: &mut [u32],
    ) {
        self.leftwards(x, |arena, p, j| {
            if !arena.primary[j as usize] {
                arena.uncommit::<COLORS>(p, j);
                return;
            }
            let b = &mut bound[j as usize];
            if *b == 0 {
                arena.uncover_item::<COLORS>(j);
            }
            *b += 1;
        });
    }
}
