//! Knuth's layout of the links: an item table with the active lists, and one node arena.
//!
//! ```text
//! items:  0 = root of the primary list, 1..=N the items, N+1 = root of the secondary list
//! nodes:  0 unused | 1..=N item headers (top = list length) | spacer | option 0 | spacer | …
//! ```
//!
//! Every link is a `u32` index. A spacer has `top == 0`; its `up` is the first node of the
//! option before it and its `down` the last node of the option after it, so a walk along
//! an option wraps around without knowing where the option starts. A header's `top` holds
//! the number of nodes in its list (TAOCP: LEN).
//!
//! A node is 16 bytes, aligned so that it never straddles a cache line and its index
//! scales by a shift: faster than Knuth's 12 bytes on every engine benchmark
//! (docs/benchmarks.md, "The node layout"). The fourth field links each node of an option to the next
//! one, cyclically (the RLINK of Knuth's first dancing-links program): hiding an option
//! then walks exactly its other nodes, with no test for the spacer, so a loop over
//! options of one size always runs the same number of times and its branches are
//! predicted. Colors, when a problem has any, live in an array beside the nodes.
//!
//! The operations of the search live in [`dance`]; relinking a whole matrix at once, around
//! a batch of forced options or in a new order, in [`relink`].

mod dance;
mod multi;
mod notes;
mod relink;

pub(crate) use notes::{Notes, Unwatched, Watch};

use std::sync::Arc;

use crate::error::IntegrityError;

pub(crate) use relink::{Columns, Marks};

/// Color value of a node whose item has been purified with that node's color
/// (TAOCP writes −1).
pub(crate) const PURIFIED: u32 = u32::MAX;

/// One node of the arena: an item header, a spacer, or an item of an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[repr(C, align(16))]
pub(crate) struct Node {
    /// TAOCP: ULINK.
    pub(crate) up: u32,
    /// TAOCP: DLINK.
    pub(crate) down: u32,
    /// TAOCP: TOP for an option's node (the item, 1-based), LEN for a header, 0 for a spacer.
    pub(crate) top: u32,
    /// The next node of the same option, cyclically (TAOCP's first DLX: RLINK); 0 in
    /// headers and spacers.
    pub(crate) right: u32,
}

/// One entry of the item table's doubly linked active lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[repr(C)]
pub(crate) struct Link {
    /// TAOCP: LLINK.
    pub(crate) prev: u32,
    /// TAOCP: RLINK.
    pub(crate) next: u32,
}

/// The number of primary items from which the search's scan for the shortest list stops
/// early when it may ([`Arena::choose_mrv`]): below it a whole scan costs little, and
/// the bookkeeping that allows stopping early would cost every level.
pub(crate) const LONG: usize = 4096;

/// The mutable part of a problem: everything a search changes and restores.
///
/// # Invariant
///
/// Every link is in bounds: the `up`, `down` and `right` of every node and the `top` of
/// every node of an option index `nodes`; `prev` and `next` of every entry index `items`; the `top`
/// of an option's node is an item, in `1..=N`. [`Arena::build`] lays the links out so,
/// and asserts the indices it is given rather than trusting its caller. Every later
/// write (in this module and its children, the only code that can write them) stores a
/// link read from the arena or the index of an existing node or item, except
/// [`Arena::restore`], which copies all the links of another arena whose tables have the
/// same lengths (`copy_from_slice` panics otherwise): links in bounds there are in bounds
/// here. The hot loops rely on the invariant to read links without bounds checks (the
/// accessors [`Arena::node`], [`Arena::node_mut`], [`Arena::link`] and
/// [`Arena::link_mut`], through [`unchecked`] and [`unchecked_mut`]); their entry points
/// check the one index that comes from outside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Arena {
    items: Vec<Link>,
    nodes: Vec<Node>,
    /// TAOCP: COLOR, one per node: 0 for none, else the color + 1, or [`PURIFIED`].
    /// Empty when the problem has no colors (Algorithm X).
    colors: Vec<u32>,
    /// Whether each item (by header, so entry 0 is unused) is primary.
    primary: Arc<[bool]>,
}

/// The bytes a vector holds on the heap.
pub(crate) fn heap<T>(v: &Vec<T>) -> usize {
    v.capacity() * size_of::<T>()
}

impl Arena {
    /// The bytes of its tables (the item flags are shared).
    pub(crate) fn memory(&self) -> usize {
        heap(&self.items) + heap(&self.nodes) + heap(&self.colors)
    }

    /// Lays out the arena. `entries` holds (0-based item, color + 1 or 0) pairs, option
    /// after option; `ends[k]` is where option k ends. Returns the arena and the node
    /// index of each option's first node (plus one entry past the last spacer).
    pub(crate) fn build(
        primary: &[bool],
        entries: &[(u32, u32)],
        ends: &[u32],
        colored: bool,
    ) -> (Self, Vec<u32>) {
        let n = primary.len();
        // The invariant on `Arena` rests on these checks, not on the caller: every
        // item in range (so a node's `top` is an item and its header exists), every
        // option's range within `entries`, and every node index fitting a `u32` link.
        let total = n + 1 + entries.len() + ends.len() + 1;
        assert!(u32::try_from(total).is_ok(), "too many nodes for u32 links");
        assert!(
            entries.iter().all(|&(item, _)| (item as usize) < n),
            "an option names an item out of range"
        );
        assert!(
            ends.windows(2).all(|w| w[0] <= w[1])
                && ends.last().is_none_or(|&end| end as usize <= entries.len()),
            "option ends out of order or out of range"
        );
        let mut items = vec![Link::default(); n + 2];
        link_items(&mut items, primary, |_| true);

        let mut nodes = Vec::with_capacity(total);
        nodes.push(Node::default());
        for i in 1..=n as u32 {
            nodes.push(Node {
                up: i,
                down: i,
                ..Node::default()
            });
        }
        let mut colors = if colored { vec![0; total] } else { Vec::new() };
        let mut option_first = Vec::with_capacity(ends.len() + 1);
        // The spacer before the first option.
        let mut spacer = nodes.len();
        nodes.push(Node::default());
        let mut start = 0usize;
        for &end in ends {
            let end = end as usize;
            let first = nodes.len();
            option_first.push(first as u32);
            for &(item, color) in &entries[start..end] {
                let x = item as usize + 1;
                let p = nodes.len() as u32;
                let last = nodes[x].up;
                nodes.push(Node {
                    up: last,
                    down: x as u32,
                    top: x as u32,
                    right: p + 1,
                });
                nodes[last as usize].down = p;
                nodes[x].up = p;
                nodes[x].top += 1;
                if colored {
                    colors[p as usize] = color;
                }
            }
            // The last node's right link closes the cycle.
            if let Some(last) = nodes[first..].last_mut() {
                last.right = first as u32;
            }
            // This option's last node hangs below the spacer before it.
            nodes[spacer].down = (nodes.len() - 1) as u32;
            spacer = nodes.len();
            nodes.push(Node {
                up: first as u32,
                ..Node::default()
            });
            start = end;
        }
        option_first.push(nodes.len() as u32);
        debug_assert_eq!(nodes.len(), total);
        (
            Self {
                items,
                nodes,
                colors,
                primary: std::iter::once(false)
                    .chain(primary.iter().copied())
                    .collect(),
            },
            option_first,
        )
    }

    /// The nodes, for reading.
    #[inline]
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The item table, for reading.
    #[inline]
    pub(crate) fn items(&self) -> &[Link] {
        &self.items
    }

    /// Whether any node has a color.
    pub(crate) fn is_colored(&self) -> bool {
        !self.colors.is_empty()
    }

    /// The colors, one per node (empty when the problem has none).
    #[inline]
    pub(crate) fn colors(&self) -> &[u32] {
        &self.colors
    }

    /// The number of items, N.
    #[inline]
    pub(crate) fn item_count(&self) -> usize {
        self.items.len() - 2
    }

    /// The length of item `i`'s list (TAOCP: LEN).
    #[inline]
    pub(crate) fn len(&self, i: u32) -> u32 {
        self.nodes[i as usize].top
    }

    /// Whether item `i` (1-based) is still in its active list.
    #[inline]
    pub(crate) fn is_active(&self, i: u32) -> bool {
        let link = self.items[i as usize];
        self.items[link.prev as usize].next == i
    }

    /// Whether node `p` is still linked into its item's list.
    #[inline]
    pub(crate) fn is_linked(&self, p: u32) -> bool {
        self.nodes[self.nodes[p as usize].up as usize].down == p
    }

    /// The node at a link, without a bounds check (through [`unchecked`]).
    #[inline(always)]
    fn node(&self, i: u32) -> &Node {
        unchecked(&self.nodes, i)
    }

    /// [`node`](Self::node), for writing.
    #[inline(always)]
    fn node_mut(&mut self, i: u32) -> &mut Node {
        unchecked_mut(&mut self.nodes, i)
    }

    /// The item table entry at a link, without a bounds check: `i` is a link of the
    /// item table or an item (the `top` of an option's node).
    #[inline(always)]
    fn link(&self, i: u32) -> &Link {
        unchecked(&self.items, i)
    }

    /// [`link`](Self::link), for writing.
    #[inline(always)]
    fn link_mut(&mut self, i: u32) -> &mut Link {
        unchecked_mut(&mut self.items, i)
    }

    /// Checks an item index that comes from outside this module before an operation
    /// reads links from it without bounds checks.
    #[inline(always)]
    fn check_item(&self, i: u32) {
        assert!(
            i >= 1 && i as usize <= self.item_count(),
            "{i} is not an item"
        );
    }

    /// Checks that a node index from outside this module is a node of an option.
    #[inline(always)]
    fn check_option_node(&self, x: u32) {
        assert!(
            x as usize > self.item_count() + 1
                && (x as usize) < self.nodes.len()
                && self.nodes[x as usize].top != 0,
            "{x} is not a node of an option"
        );
    }

    /// Verifies every link: the item lists are circular and consistent, every list of
    /// nodes is circular, each header's length matches its list, each node in a list
    /// names that list's item, and the options are laid out as `hide` walks them: every
    /// node of an option names an item, its `right` is the next node of the option,
    /// cyclically, and each spacer's `up` and `down` are the first node of the option
    /// before it and the last node of the option after it. Returns the first fault.
    pub(crate) fn check_links(&self) -> Result<(), IntegrityError> {
        let n = self.item_count();
        for root in [0, n + 1] {
            let mut i = root;
            for _ in 0..=n + 1 {
                let next = self.items[i].next as usize;
                if next >= self.items.len() || self.items[next].prev as usize != i {
                    return Err(IntegrityError::ItemLink { item: i, next });
                }
                i = next;
                if i == root {
                    break;
                }
            }
            if i != root {
                return Err(IntegrityError::ItemListOpen { root });
            }
        }
        for x in 1..=n {
            let mut len = 0u32;
            let mut p = x;
            loop {
                let down = self.nodes[p].down as usize;
                if down >= self.nodes.len() || self.nodes[down].up as usize != p {
                    return Err(IntegrityError::NodeLink { item: x, node: p });
                }
                p = down;
                if p == x {
                    break;
                }
                if self.nodes[p].top as usize != x {
                    return Err(IntegrityError::WrongItem {
                        node: p,
                        item: x,
                        named: self.nodes[p].top as usize,
                    });
                }
                len += 1;
                if len as usize > self.nodes.len() {
                    return Err(IntegrityError::NodeListOpen { item: x });
                }
            }
            if len != self.nodes[x].top {
                return Err(IntegrityError::WrongLength {
                    item: x,
                    len: self.nodes[x].top as usize,
                    nodes: len as usize,
                });
            }
        }
        self.check_options()
    }

    /// The part of [`check_links`](Self::check_links) that `hide` relies on: the
    /// options between the spacers, with their `right` links.
    fn check_options(&self) -> Result<(), IntegrityError> {
        let n = self.item_count();
        let len = self.nodes.len();
        let mut spacer = n + 1;
        if self.nodes.get(spacer).is_none_or(|s| s.top != 0) {
            return Err(IntegrityError::FirstSpacer { node: spacer });
        }
        // The first node of the option before the spacer (0 before the first one).
        let mut before = 0;
        loop {
            if self.nodes[spacer].up as usize != before {
                return Err(IntegrityError::SpacerUp {
                    spacer,
                    expected: before,
                });
            }
            let first = spacer + 1;
            if first == len {
                return Ok(());
            }
            let mut end = first;
            while end < len && self.nodes[end].top != 0 {
                end += 1;
            }
            if end == len {
                return Err(IntegrityError::LastSpacer);
            }
            // An empty option's spacer points down at itself.
            if self.nodes[spacer].down as usize != end - 1 {
                return Err(IntegrityError::SpacerDown {
                    spacer,
                    expected: end - 1,
                });
            }
            for p in first..end {
                let node = self.nodes[p];
                if node.top == 0 || node.top as usize > n {
                    return Err(IntegrityError::NoItem {
                        node: p,
                        top: node.top as usize,
                    });
                }
                let next = if p + 1 == end { first } else { p + 1 };
                if node.right as usize != next {
                    return Err(IntegrityError::RightLink {
                        node: p,
                        right: node.right as usize,
                        expected: next,
                    });
                }
            }
            before = first;
            spacer = end;
        }
    }
}

/// `slice[i]` without a bounds check: with [`unchecked_mut`], the crate's only `unsafe`
/// code, behind the arena's node and item-table accessors.
#[inline(always)]
#[allow(unsafe_code)]
fn unchecked<T>(slice: &[T], i: u32) -> &T {
    debug_assert!((i as usize) < slice.len(), "link {i} out of bounds");
    // SAFETY: callers pass only links read from this arena (or indices checked on entry
    // to the operation), and every link is in bounds (the invariant on `Arena`).
    unsafe { slice.get_unchecked(i as usize) }
}

/// [`unchecked`], for writing.
#[inline(always)]
#[allow(unsafe_code)]
fn unchecked_mut<T>(slice: &mut [T], i: u32) -> &mut T {
    debug_assert!((i as usize) < slice.len(), "link {i} out of bounds");
    // SAFETY: as for `unchecked`.
    unsafe { slice.get_unchecked_mut(i as usize) }
}

/// Links the items (1-based) for which `keep` holds into two circular lists in
/// increasing order: the primary ones through 0, the secondary ones through N+1. The
/// others point at root 0 both ways, so that they never look active.
fn link_items(items: &mut [Link], primary: &[bool], keep: impl Fn(usize) -> bool) {
    let n = primary.len();
    // The last item linked into each list so far: the primary one, the secondary one.
    let mut last = [0, n + 1];
    for (i, &primary) in (1..=n).zip(primary) {
        if keep(i) {
            let last = &mut last[usize::from(!primary)];
            items[*last].next = i as u32;
            items[i].prev = *last as u32;
            *last = i;
        } else {
            items[i] = Link::default();
        }
    }
    for (root, last) in [0, n + 1].into_iter().zip(last) {
        items[last].next = root as u32;
        items[root].prev = last as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    const TOY: &str = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

    /// Breaks one link of Knuth's toy problem (laid out in `docs/architecture.md`) and
    /// expects `check_links` to name it.
    fn broken(corrupt: impl FnOnce(&mut Arena)) -> IntegrityError {
        let mut arena = format::parse_str(TOY).unwrap().arena().clone();
        assert_eq!(arena.check_links(), Ok(()));
        corrupt(&mut arena);
        arena.check_links().unwrap_err()
    }

    #[test]
    fn broken_links_are_named() {
        type Corrupt = fn(&mut Arena);
        let cases: [(Corrupt, IntegrityError, Option<&str>); 5] = [
            (
                |a| a.items[1].prev = 5,
                IntegrityError::ItemLink { item: 0, next: 1 },
                Some("item list broken between 0 and 1"),
            ),
            (
                |a| a.nodes[9].up = 18,
                IntegrityError::NodeLink { item: 3, node: 3 },
                None,
            ),
            (
                |a| a.nodes[3].top = 5,
                IntegrityError::WrongLength {
                    item: 3,
                    len: 5,
                    nodes: 2,
                },
                Some("item 3 has length 5 but 2 nodes"),
            ),
            (
                |a| a.nodes[9].right = 11,
                IntegrityError::RightLink {
                    node: 9,
                    right: 11,
                    expected: 10,
                },
                Some("node 9 links right to 11 instead of 10"),
            ),
            (
                |a| a.nodes[12].down = 13,
                IntegrityError::SpacerDown {
                    spacer: 12,
                    expected: 15,
                },
                None,
            ),
        ];
        for (corrupt, expected, message) in cases {
            let e = broken(corrupt);
            assert_eq!(e, expected);
            if let Some(message) = message {
                assert_eq!(e.to_string(), message);
            }
        }
    }
}
