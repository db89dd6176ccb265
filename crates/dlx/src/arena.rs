//! Knuth's DLX1 layout: an item table with the active lists, and one node arena.
//!
//! ```text
//! items:  0 = root of the primary list, 1..=N the items, N+1 = root of the secondary list
//! nodes:  0 unused | 1..=N item headers (top = list length) | spacer | option 0 | spacer | …
//! ```
//!
//! Every link is a `u32` index. A spacer has `top == 0`; its `up` is the first node of the
//! option before it and its `down` the last node of the option after it, so a walk along
//! an option wraps around without knowing where the option starts. A header's `top` holds
//! the number of nodes in its list (TAOCP: LEN). Colors, when a problem has any, live in a
//! separate array parallel to the nodes, so uncolored problems keep 12-byte nodes.
//!
//! This is the hot code of the crate: every function here is written for speed first.

/// Color value of a node whose item has been purified with that node's color
/// (TAOCP writes −1).
pub(crate) const PURIFIED: u32 = u32::MAX;

/// One node of the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[repr(C)]
pub(crate) struct Node {
    /// TAOCP: ULINK.
    pub(crate) up: u32,
    /// TAOCP: DLINK.
    pub(crate) down: u32,
    /// TAOCP: TOP for an option's node (the item, 1-based), LEN for a header, 0 for a spacer.
    pub(crate) top: u32,
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

/// The mutable part of a problem: everything a search changes and restores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Arena {
    pub(crate) items: Vec<Link>,
    pub(crate) nodes: Vec<Node>,
    /// TAOCP: COLOR, one per node; 0 for no color; empty when the problem has no colors.
    pub(crate) colors: Vec<u32>,
}

impl Arena {
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
        let mut items = vec![Link::default(); n + 2];
        link_items(&mut items, primary, |_| true);

        let total = n + 1 + entries.len() + ends.len() + 1;
        let mut nodes = Vec::with_capacity(total);
        nodes.push(Node::default());
        for i in 1..=n {
            nodes.push(Node {
                up: i as u32,
                down: i as u32,
                top: 0,
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
                });
                nodes[last as usize].down = p;
                nodes[x].up = p;
                nodes[x].top += 1;
                if colored {
                    colors[p as usize] = color;
                }
            }
            // This option's last node hangs below the spacer before it.
            nodes[spacer].down = (nodes.len() - 1) as u32;
            spacer = nodes.len();
            nodes.push(Node {
                up: first as u32,
                down: 0,
                top: 0,
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
            },
            option_first,
        )
    }

    /// Copies `pristine`'s links, which have the same shape, without allocating.
    pub(crate) fn restore(&mut self, pristine: &Arena) {
        self.items.copy_from_slice(&pristine.items);
        self.nodes.copy_from_slice(&pristine.nodes);
        self.colors.copy_from_slice(&pristine.colors);
    }

    /// Relinks the arena into the state that covering the items marked in `covered`
    /// (indexed by header) leaves for the search: those items out of the active lists,
    /// with empty lists of their own, and every other item's list holding exactly the
    /// options none of whose items is covered, in input order.
    ///
    /// One sequential pass over the nodes, whatever the covered items remove; the links of
    /// removed options' nodes are left stale, and nothing may read them. With nothing
    /// covered the result is the arena as built. Uncolored problems only.
    pub(crate) fn relink(&mut self, covered: &[bool], primary: &[bool]) {
        let n = self.items.len() - 2;
        debug_assert!(self.colors.is_empty() && covered.len() == n + 2);
        let nodes = &mut self.nodes[..];
        for (i, header) in nodes[1..=n].iter_mut().enumerate() {
            let i = i as u32 + 1;
            *header = Node {
                up: i,
                down: i,
                top: 0,
            };
        }
        // Option after option (each ends at a spacer), appending the live ones to their
        // items' lists in input order.
        let mut first = n + 2;
        while first < nodes.len() {
            let mut end = first;
            let mut live = true;
            while nodes[end].top != 0 {
                live &= !covered[nodes[end].top as usize];
                end += 1;
            }
            if live {
                for p in first as u32..end as u32 {
                    let x = nodes[p as usize].top;
                    let header = &mut nodes[x as usize];
                    let last = header.up;
                    header.up = p;
                    header.top += 1;
                    nodes[p as usize].up = last;
                    nodes[p as usize].down = x;
                    nodes[last as usize].down = p;
                }
            }
            first = end + 1;
        }
        link_items(&mut self.items, primary, |i| !covered[i]);
    }

    /// Relinks every item's list in increasing order of `key[node]`, ties kept in option
    /// order (a stable sort). Only for a pristine arena: a hidden node remembers its
    /// neighbours, so relinking around one would corrupt the later unhide.
    pub(crate) fn sort_lists(&mut self, key: &[u64]) {
        let n = self.items.len() - 2;
        let mut list = Vec::new();
        for x in 1..=n as u32 {
            list.clear();
            let mut p = self.nodes[x as usize].down;
            while p != x {
                list.push(p);
                p = self.nodes[p as usize].down;
            }
            list.sort_by_key(|&p| key[p as usize]);
            let mut prev = x;
            for &p in &list {
                self.nodes[prev as usize].down = p;
                self.nodes[p as usize].up = prev;
                prev = p;
            }
            self.nodes[prev as usize].down = x;
            self.nodes[x as usize].up = prev;
        }
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

    /// The first primary item in the active list whose list is shortest (minimum
    /// remaining values; ties go to the earliest), or `None` when every primary item is
    /// covered. The scan stops at once on an item with `good_enough` options or fewer:
    /// TAOCP stops only at 0; stopping at 1 takes a forced move without scanning on.
    #[inline]
    pub(crate) fn choose_item(&self, good_enough: u32) -> Option<u32> {
        let mut i = self.items[0].next;
        if i == 0 {
            return None;
        }
        let mut best = i;
        let mut best_len = self.nodes[i as usize].top;
        while best_len > good_enough {
            i = self.items[i as usize].next;
            if i == 0 {
                break;
            }
            let len = self.nodes[i as usize].top;
            if len < best_len {
                best = i;
                best_len = len;
            }
        }
        Some(best)
    }

    /// TAOCP: cover(i). Returns the number of updates (1 + nodes hidden).
    #[inline]
    pub(crate) fn cover<const COLORS: bool>(&mut self, i: u32) -> u64 {
        let Link { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
        let mut updates = 1;
        let mut p = self.nodes[i as usize].down;
        while p != i {
            updates += self.hide::<COLORS>(p);
            p = self.nodes[p as usize].down;
        }
        updates
    }

    /// TAOCP: uncover(i), the exact reverse of [`cover`](Self::cover).
    #[inline]
    pub(crate) fn uncover<const COLORS: bool>(&mut self, i: u32) {
        let mut p = self.nodes[i as usize].up;
        while p != i {
            self.unhide::<COLORS>(p);
            p = self.nodes[p as usize].up;
        }
        let Link { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = i;
        self.items[next as usize].prev = i;
    }

    /// TAOCP: hide(p), removing the other nodes of `p`'s option from their lists.
    /// With colors this is Algorithm C's hide′, which leaves purified nodes alone.
    #[inline]
    fn hide<const COLORS: bool>(&mut self, p: u32) -> u64 {
        let mut hidden = 0;
        let mut q = p + 1;
        while q != p {
            let Node { up, down, top } = self.nodes[q as usize];
            if top == 0 {
                q = up;
            } else {
                if !COLORS || self.colors[q as usize] != PURIFIED {
                    self.nodes[up as usize].down = down;
                    self.nodes[down as usize].up = up;
                    self.nodes[top as usize].top -= 1;
                    hidden += 1;
                }
                q += 1;
            }
        }
        hidden
    }

    /// TAOCP: unhide(p), the exact reverse of [`hide`](Self::hide).
    #[inline]
    fn unhide<const COLORS: bool>(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let Node { up, down, top } = self.nodes[q as usize];
            if top == 0 {
                q = down;
            } else {
                if !COLORS || self.colors[q as usize] != PURIFIED {
                    self.nodes[up as usize].down = q;
                    self.nodes[down as usize].up = q;
                    self.nodes[top as usize].top += 1;
                }
                q -= 1;
            }
        }
    }

    /// Algorithm C's purify(p): keeps only the options that give `p`'s item `p`'s color.
    fn purify(&mut self, p: u32) -> u64 {
        let color = self.colors[p as usize];
        let i = self.nodes[p as usize].top;
        let mut updates = 1;
        let mut q = self.nodes[i as usize].down;
        while q != i {
            if self.colors[q as usize] == color {
                if q != p {
                    self.colors[q as usize] = PURIFIED;
                }
            } else {
                updates += self.hide::<true>(q);
            }
            q = self.nodes[q as usize].down;
        }
        updates
    }

    /// Algorithm C's unpurify(p), the exact reverse of [`purify`](Self::purify).
    fn unpurify(&mut self, p: u32) {
        let color = self.colors[p as usize];
        let i = self.nodes[p as usize].top;
        let mut q = self.nodes[i as usize].up;
        while q != i {
            if self.colors[q as usize] == PURIFIED {
                self.colors[q as usize] = color;
            } else if q != p {
                self.unhide::<true>(q);
            }
            q = self.nodes[q as usize].up;
        }
    }

    /// Algorithm C's commit(p, j): cover an uncolored item, purify a colored one, and do
    /// nothing for a node already purified.
    #[inline]
    fn commit<const COLORS: bool>(&mut self, p: u32, j: u32) -> u64 {
        if !COLORS {
            return self.cover::<false>(j);
        }
        match self.colors[p as usize] {
            0 => self.cover::<true>(j),
            PURIFIED => 0,
            _ => self.purify(p),
        }
    }

    /// Algorithm C's uncommit(p, j), the exact reverse of [`commit`](Self::commit).
    #[inline]
    fn uncommit<const COLORS: bool>(&mut self, p: u32, j: u32) {
        if !COLORS {
            return self.uncover::<false>(j);
        }
        match self.colors[p as usize] {
            0 => self.uncover::<true>(j),
            PURIFIED => {}
            _ => self.unpurify(p),
        }
    }

    /// TAOCP X5/C5 after the choice: commits every other item of `x`'s option, cyclically
    /// from the node after `x`.
    #[inline]
    pub(crate) fn commit_others<const COLORS: bool>(&mut self, x: u32) -> u64 {
        let mut updates = 0;
        let mut p = x + 1;
        while p != x {
            let j = self.nodes[p as usize].top;
            if j == 0 {
                p = self.nodes[p as usize].up;
            } else {
                updates += self.commit::<COLORS>(p, j);
                p += 1;
            }
        }
        updates
    }

    /// TAOCP X6/C6: the exact reverse of [`commit_others`](Self::commit_others).
    #[inline]
    pub(crate) fn uncommit_others<const COLORS: bool>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let j = self.nodes[p as usize].top;
            if j == 0 {
                p = self.nodes[p as usize].down;
            } else {
                self.uncommit::<COLORS>(p, j);
                p -= 1;
            }
        }
    }

    /// Chooses the option of node `x` outside the search loop: covers its item, then
    /// commits the others, as TAOCP's search does when `x`'s item is the one chosen.
    pub(crate) fn select<const COLORS: bool>(&mut self, x: u32) -> u64 {
        let i = self.nodes[x as usize].top;
        self.cover::<COLORS>(i) + self.commit_others::<COLORS>(x)
    }

    /// The exact reverse of [`select`](Self::select).
    pub(crate) fn deselect<const COLORS: bool>(&mut self, x: u32) {
        self.uncommit_others::<COLORS>(x);
        let i = self.nodes[x as usize].top;
        self.uncover::<COLORS>(i);
    }

    /// Verifies every link: the item lists are circular and consistent, every list of
    /// nodes is circular, each header's length matches its list, and each node in a
    /// list names that list's item. Returns a description of the first fault.
    pub(crate) fn check_links(&self) -> Result<(), String> {
        let n = self.items.len() - 2;
        for root in [0, n + 1] {
            let mut i = root;
            for _ in 0..=n + 1 {
                let next = self.items[i].next as usize;
                if self.items[next].prev as usize != i {
                    return Err(format!("item list broken between {i} and {next}"));
                }
                i = next;
                if i == root {
                    break;
                }
            }
            if i != root {
                return Err(format!("item list through {root} is not circular"));
            }
        }
        for x in 1..=n {
            let mut len = 0u32;
            let mut p = x;
            loop {
                let down = self.nodes[p].down as usize;
                if down >= self.nodes.len() || self.nodes[down].up as usize != p {
                    return Err(format!("list of item {x} broken below node {p}"));
                }
                p = down;
                if p == x {
                    break;
                }
                if self.nodes[p].top as usize != x {
                    return Err(format!(
                        "node {p} in list of item {x} names item {}",
                        self.nodes[p].top
                    ));
                }
                len += 1;
                if len as usize > self.nodes.len() {
                    return Err(format!("list of item {x} is not circular"));
                }
            }
            if len != self.nodes[x].top {
                return Err(format!(
                    "item {x} has length {} but {len} nodes",
                    self.nodes[x].top
                ));
            }
        }
        Ok(())
    }
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
