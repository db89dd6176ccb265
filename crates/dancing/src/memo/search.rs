//! The memoized search: Algorithm X (with colors and multiplicities) that remembers the
//! ZDD of the solutions of every state it has met at an item boundary, and builds
//! the ZDD of the whole problem bottom up.
//!
//! A state is what is left to do after some items have been covered: which items are
//! still open, how often the open ones with multiplicities are used already, and which
//! colors the secondary items took. Two partial solutions that leave the same state
//! have the same completions, so the search explores each state once.
//!
//! The search covers the first open primary item `i` of its [order](super::MemoOrder)
//! (or the one with the fewest options left, by MRV): it decides each option of `i`
//! in turn, in the problem's order, leaving it out or taking it (if it fits), until `i`
//! has been covered as often as it may (or it has no options left, when it must have
//! been covered as often as it must). Then `i` is closed, whatever it can still take,
//! so every solution is found once: by the options it has on `i`. A decision is a ZDD
//! node `(option, lo: the solutions without it, hi: those with it)`.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::lists::Lists;
use super::order::{MemoOrder, primary_order};
use super::table::{Table, hash};
use super::{MemoProgress, MemoStats, Node};
use crate::{limits::Limits, limits::StopReason, problem::Problem, stats::Stats, stats::Stopped};

/// The empty family (no solution).
pub(super) const BOTTOM: u32 = 0;
/// The family of the empty set (the one way to finish).
pub(super) const TOP: u32 = 1;

/// The problem in the search's terms: items by position (the primary ones first, in
/// search order, then the secondary ones), options as (position, color) lists.
#[derive(Debug)]
struct Model {
    primaries: usize,
    /// Each option's entries: `entries[starts[o]..starts[o + 1]]`.
    starts: Vec<u32>,
    entries: Vec<(u32, u32)>,
    /// The options of each primary position, in the problem's order.
    of_item: Lists,
    /// `(lower, upper)` of each primary position.
    bounds: Vec<(u32, u32)>,
    /// The primary positions that may be covered more than once.
    multi: Vec<u32>,
    /// The secondary positions that some option colors.
    colorable: Vec<u32>,
    /// Whether keys may carry pairs after the window (there are positions with
    /// multiplicities or colors).
    paired: bool,
}

impl Model {
    fn new(problem: &Problem, order: MemoOrder) -> (Self, MemoOrder) {
        let mut at = vec![0u32; problem.item_count()];
        let (primary, order) = primary_order(problem, order);
        let primaries = primary.len();
        let secondary = problem.items().filter(|&i| !problem.is_primary(i));
        for (k, i) in primary
            .iter()
            .copied()
            .chain(secondary.map(|i| i.index()))
            .enumerate()
        {
            at[i] = k as u32;
        }
        let mut starts = vec![0u32];
        let mut entries = Vec::with_capacity(problem.entry_count());
        let mut colorable = vec![false; problem.item_count()];
        for o in problem.options() {
            for (item, color) in problem.option_items(o) {
                let k = at[item.index()];
                let color = color.map_or(0, |c| c.index() as u32 + 1);
                if (k as usize) >= primaries && color > 0 {
                    colorable[k as usize] = true;
                }
                entries.push((k, color));
            }
            starts.push(entries.len() as u32);
        }
        let of_item = Lists::from_pairs(primaries, || {
            (0..problem.option_count()).flat_map(|o| {
                let option = &entries[starts[o] as usize..starts[o + 1] as usize];
                option
                    .iter()
                    .filter(|&&(k, _)| (k as usize) < primaries)
                    .map(move |&(k, _)| (k as usize, o as u32))
            })
        });
        let bounds: Vec<(u32, u32)> = primary
            .iter()
            .map(|&i| problem.bounds(crate::ids::ItemId::new(i)))
            .collect();
        let multi: Vec<u32> = (0..primaries as u32)
            .filter(|&k| bounds[k as usize].1 > 1)
            .collect();
        let colorable: Vec<u32> = (0..problem.item_count() as u32)
            .filter(|&k| colorable[k as usize])
            .collect();
        let model = Self {
            paired: !multi.is_empty() || !colorable.is_empty(),
            primaries,
            starts,
            entries,
            of_item,
            bounds,
            multi,
            colorable,
        };
        (model, order)
    }

    fn option(&self, o: u32) -> &[(u32, u32)] {
        &self.entries[self.starts[o as usize] as usize..self.starts[o as usize + 1] as usize]
    }
}

/// A change to undo.
#[derive(Debug, Clone, Copy)]
enum Undo {
    /// A primary position used once more.
    Used(u32),
    /// A secondary position taken (covered, or colored).
    Taken(u32),
    /// The mark where an option's changes begin.
    Mark,
}

/// A step of the search, on its explicit stack (a state may be thousands of items deep).
#[derive(Debug, Clone, Copy)]
enum Frame {
    /// Find the next item to cover, at or after position `from` (in a fixed order).
    State { from: u32 },
    /// The solutions of the state remembered with its node to go at `place` are known.
    Remember { place: u32 },
    /// Decide option `j` of item `item`'s list.
    Decide { item: u32, j: u32 },
    /// Option `j` left out gave the result (the `lo` branch): now take it.
    Take { item: u32, j: u32 },
    /// Option `j` of `item`'s list taken gave the result: undo it and make the node.
    Join { item: u32, j: u32, lo: u32 },
    /// The item was closed: reopen it once its state is answered.
    Reopen { item: u32 },
}

/// How much of the search the `stack` has done, in millionths: Knuth's estimate of a
/// tree's progress, on the path of decisions from the root. An item's options are tried
/// as the search tries them, the last first (each option is left out first, its `Take`
/// waiting on the stack, then taken, its `Join` waiting): under option `j` of `n`, the
/// `n - j - 1` after it are done, and each is worth a `1/n` share of its level's weight.
/// `lengths` are the items' list lengths; options that no longer fit count as open
/// ones, which makes the estimate rough, as Knuth's is, and low until the end.
fn explored(stack: &[Frame], lengths: impl Fn(u32) -> u32) -> u64 {
    let mut done = 0.0;
    let mut weight = 1.0;
    for frame in stack {
        let (item, j, taken) = match *frame {
            Frame::Take { item, j } => (item, j, false),
            Frame::Join { item, j, .. } => (item, j, true),
            _ => continue,
        };
        // The options from `j` on: the one decided and those after it.
        let open = f64::from(lengths(item).saturating_sub(j).max(1));
        let after = (open - 1.0) / open;
        if taken {
            done += weight * after;
            weight /= open;
        } else {
            weight *= after;
        }
        if weight < 1e-12 {
            break;
        }
    }
    (done * 1e6) as u64
}

/// The memoized search over one problem.
#[derive(Debug)]
pub(super) struct Search {
    model: Model,
    order: MemoOrder,
    /// Bit `k` set: position `k` is open (a primary item not yet closed nor full, a
    /// secondary one not taken). Bits past the last position are set.
    open: Vec<u64>,
    used: Vec<u32>,
    color: Vec<u32>,
    trail: Vec<Undo>,
    table: Table,
    pub(super) nodes: Vec<Node>,
    /// The key of the state at hand.
    key: Vec<u32>,
    stats: MemoStats,
    /// The bytes of the model and the state, which do not grow.
    fixed: usize,
}

impl Search {
    pub(super) fn new(problem: &Problem, order: MemoOrder) -> Self {
        let (model, order) = Model::new(problem, order);
        let positions = problem.item_count();
        let mut open = vec![u64::MAX; positions.div_ceil(64).max(1)];
        // Every position starts open; a primary item with an upper bound of 0 is full.
        for (k, &(_, hi)) in model.bounds.iter().enumerate() {
            if hi == 0 {
                open[k / 64] &= !(1 << (k % 64));
            }
        }
        Self {
            used: vec![0; model.primaries],
            color: vec![0; positions],
            model,
            order,
            open,
            trail: Vec::new(),
            table: Table::default(),
            nodes: vec![Node::default(), Node::default()],
            key: Vec::new(),
            stats: MemoStats {
                order,
                ..MemoStats::default()
            },
            fixed: 0,
        }
        .sized()
    }

    /// Notes the bytes of the model and the state.
    fn sized(mut self) -> Self {
        let model = &self.model;
        self.fixed =
            (model.starts.capacity() + model.multi.capacity() + model.colorable.capacity()) * 4
                + model.entries.capacity() * 8
                + model.bounds.capacity() * 8
                + model.of_item.memory()
                + (self.open.capacity() * 8 + self.used.capacity() * 4 + self.color.capacity() * 4);
        self
    }

    fn is_open(&self, k: u32) -> bool {
        self.open[k as usize / 64] >> (k % 64) & 1 == 1
    }

    fn set_open(&mut self, k: u32, open: bool) {
        let bit = 1u64 << (k % 64);
        if open {
            self.open[k as usize / 64] |= bit;
        } else {
            self.open[k as usize / 64] &= !bit;
        }
    }

    /// Whether option `o` fits the state.
    fn fits(&self, o: u32) -> bool {
        self.model.option(o).iter().all(|&(k, color)| {
            self.is_open(k)
                || (color > 0
                    && (k as usize) >= self.model.primaries
                    && self.color[k as usize] == color)
        })
    }

    /// Takes option `o` (which fits), recording what to undo.
    fn take(&mut self, o: u32) {
        self.trail.push(Undo::Mark);
        let primaries = self.model.primaries;
        let (start, end) = (
            self.model.starts[o as usize] as usize,
            self.model.starts[o as usize + 1] as usize,
        );
        for e in start..end {
            let (k, color) = self.model.entries[e];
            if (k as usize) < primaries {
                self.used[k as usize] += 1;
                if self.used[k as usize] == self.model.bounds[k as usize].1 {
                    self.set_open(k, false);
                }
                self.trail.push(Undo::Used(k));
            } else if self.is_open(k) {
                self.set_open(k, false);
                self.color[k as usize] = color;
                self.trail.push(Undo::Taken(k));
            }
        }
    }

    /// Takes each option of `options` before the search (a puzzle's givens): `false`,
    /// with nothing more taken, as soon as one does not fit (then there is no
    /// solution). Their items are closed or used, so the diagram holds the solutions'
    /// other options. The `forbidden` options are never offered (one also taken
    /// leaves no solution).
    pub(super) fn force(&mut self, options: &[u32], forbidden: &[u32]) -> bool {
        if options.is_empty() && forbidden.is_empty() {
            return true;
        }
        let mut gone = vec![false; self.model.starts.len() - 1];
        for &o in forbidden {
            gone[o as usize] = true;
        }
        for &o in options {
            if gone[o as usize] || !self.fits(o) {
                return false;
            }
            self.take(o);
        }
        // Taken once and for all, or never: no item's list offers them (an item with
        // room left, under multiplicities, would offer one taken).
        for &o in options {
            gone[o as usize] = true;
        }
        self.model.of_item = self.model.of_item.without(|o| gone[o as usize]);
        true
    }

    /// Undoes the last option taken.
    fn untake(&mut self) {
        while let Some(undo) = self.trail.pop() {
            match undo {
                Undo::Mark => return,
                Undo::Used(k) => {
                    self.used[k as usize] -= 1;
                    self.set_open(k, true);
                }
                Undo::Taken(k) => {
                    self.color[k as usize] = 0;
                    self.set_open(k, true);
                }
            }
        }
    }

    /// The next item to cover, `None` when every primary item is closed.
    fn next_item(&self, from: u32) -> Option<u32> {
        let primaries = self.model.primaries as u32;
        if self.order == MemoOrder::Mrv {
            return (0..primaries)
                .filter(|&k| self.is_open(k))
                .min_by_key(|&k| {
                    self.model
                        .of_item
                        .get(k as usize)
                        .iter()
                        .filter(|&&o| self.fits(o))
                        .count()
                });
        }
        let mut w = from as usize / 64;
        let mut word = self.open.get(w)? & (u64::MAX << (from % 64));
        loop {
            if word != 0 {
                let k = (w * 64) as u32 + word.trailing_zeros();
                return (k < primaries).then_some(k);
            }
            w += 1;
            word = *self.open.get(w)?;
        }
    }

    /// Builds the state's key in `self.key`, in 32-bit words: the first open position;
    /// the window from it to the last closed one (every position before the window is
    /// closed, every one after it open), as its bits 32 to a word, the last word
    /// filled out with the open positions after it; then `(position, count)` for each
    /// open position with multiplicities used already, and `(position, color)` for each
    /// colored secondary one (primary and secondary positions do not overlap, so each
    /// pair says which it is).
    ///
    /// The window's last closed bit says where it ends, so a key without pairs needs no
    /// length for it: the record's length gives its words. Where pairs may follow (the
    /// problem has multiplicities or colors), the window's length in bits comes second.
    fn make_key(&mut self) {
        self.key.clear();
        // Called with an open item to cover: some bit is set.
        let w = self.open.iter().position(|&w| w != 0).expect("an open bit");
        let first = w * 64 + self.open[w].trailing_zeros() as usize;
        let window = match self.open.iter().rposition(|&w| w != u64::MAX) {
            Some(w) => {
                (w * 64 + 63 - (!self.open[w]).leading_zeros() as usize + 1).saturating_sub(first)
            }
            None => 0,
        };
        self.key.push(first as u32);
        if self.model.paired {
            self.key.push(window as u32);
        }
        for start in (first..first + window).step_by(32) {
            self.key.push(bits_at(&self.open, start));
        }
        for &k in &self.model.multi {
            if self.used[k as usize] > 0 && self.is_open(k) {
                self.key.extend([k, self.used[k as usize]]);
            }
        }
        for &k in &self.model.colorable {
            if self.color[k as usize] > 0 {
                self.key.extend([k, self.color[k as usize]]);
            }
        }
    }

    fn node(&mut self, option: u32, lo: u32, hi: u32) -> u32 {
        if hi == BOTTOM {
            return lo;
        }
        self.nodes.push(Node { option, lo, hi });
        (self.nodes.len() - 1) as u32
    }

    /// The bytes held: the memo and its keys, the diagram, and the search's stacks
    /// (`frames` on the explicit stack). The diagram grows by moving its pages, so
    /// only what is written of it counts.
    fn bytes(&self, frames: usize) -> usize {
        self.table.bytes()
            + self.nodes.len() * size_of::<Node>()
            + self.key.capacity() * size_of::<u32>()
            + self.trail.capacity() * size_of::<Undo>()
            + frames * size_of::<Frame>()
            + self.fixed
    }

    /// The diagram's nodes, the memo and the search's stacks freed.
    pub(super) fn into_nodes(self) -> Vec<Node> {
        self.nodes
    }

    /// Runs the search to the root node of the ZDD of all solutions.
    pub(super) fn run(
        &mut self,
        limits: &Limits,
        max_memory: u64,
        progress: Option<&MemoProgress>,
    ) -> Result<u32, Stopped> {
        let started = Instant::now();
        let mut next_check = limits.next_check_every(0, 1 << 12);
        let mut stack = vec![Frame::State { from: 0 }];
        let mut ret = BOTTOM;
        while let Some(frame) = stack.pop() {
            match frame {
                Frame::State { from } => {
                    self.stats.states += 1;
                    if self.stats.states >= next_check {
                        let check = (limits, max_memory, progress);
                        let frames = (stack.as_slice(), stack.capacity());
                        next_check = self.check(check, frames, started)?;
                    }
                    let Some(item) = self.next_item(from) else {
                        ret = TOP;
                        continue;
                    };
                    self.make_key();
                    let h = hash(&self.key);
                    if let Some(node) = self.table.get(&self.key, h) {
                        self.stats.hits += 1;
                        ret = node;
                        continue;
                    }
                    // Remembered now, its node set once its solutions are known (no state
                    // recurs below itself: each closes more items). Growing the memo
                    // doubles a block: refused if that passes the bound.
                    let growth = self.table.growth(self.key.len());
                    let bytes = (self.bytes(stack.capacity()) + growth) as u64;
                    self.stats.bytes = self.stats.bytes.max(bytes);
                    let place = (bytes <= max_memory)
                        .then(|| self.table.insert(&self.key, h))
                        .flatten();
                    let Some(place) = place else {
                        return Err(self.stopped(StopReason::Memory, started));
                    };
                    stack.push(Frame::Remember { place });
                    stack.push(Frame::Decide { item, j: 0 });
                }
                Frame::Remember { place } => self.table.set_node(place, ret),
                Frame::Decide { item, mut j } => {
                    let options = self.model.of_item.get(item as usize);
                    // Options that no longer fit are skipped.
                    while self.is_open(item)
                        && (j as usize) < options.len()
                        && !self.fits(options[j as usize])
                    {
                        j += 1;
                    }
                    if !self.is_open(item) || j as usize == options.len() {
                        // No more for this item: it is done if covered often enough.
                        if self.used[item as usize] < self.model.bounds[item as usize].0 {
                            ret = BOTTOM;
                            continue;
                        }
                        let was_open = self.is_open(item);
                        if was_open {
                            self.set_open(item, false);
                            stack.push(Frame::Reopen { item });
                        }
                        stack.push(Frame::State { from: item + 1 });
                        continue;
                    }
                    stack.push(Frame::Take { item, j });
                    stack.push(Frame::Decide { item, j: j + 1 });
                }
                Frame::Take { item, j } => {
                    let lo = ret;
                    self.take(self.model.of_item.get(item as usize)[j as usize]);
                    stack.push(Frame::Join { item, j, lo });
                    stack.push(Frame::Decide { item, j: j + 1 });
                }
                Frame::Join { item, j, lo } => {
                    self.untake();
                    let option = self.model.of_item.get(item as usize)[j as usize];
                    ret = self.node(option, lo, ret);
                }
                Frame::Reopen { item } => self.set_open(item, true),
            }
        }
        self.stats.entries = self.table.len() as u64;
        self.stats.nodes = self.nodes.len() as u64 - 2;
        self.stats.bytes = self.stats.bytes.max(self.bytes(stack.capacity()) as u64);
        Ok(ret)
    }

    /// The check every few thousand states: the limits, the bytes held (with the
    /// stack of frames, and its capacity) against `max_memory`, the progress published;
    /// the state count of the next check.
    fn check(
        &mut self,
        (limits, max_memory, progress): (&Limits, u64, Option<&MemoProgress>),
        (stack, capacity): (&[Frame], usize),
        started: Instant,
    ) -> Result<u64, Stopped> {
        if let Some(reason) = limits.reached(self.stats.states, started) {
            return Err(self.stopped(reason, started));
        }
        let bytes = self.bytes(capacity) as u64;
        self.stats.bytes = self.stats.bytes.max(bytes);
        if let Some(progress) = progress {
            progress.states.store(self.stats.states, Ordering::Relaxed);
            progress.bytes.store(bytes, Ordering::Relaxed);
            progress.hits.store(self.stats.hits, Ordering::Relaxed);
            let of_item = &self.model.of_item;
            let lengths = |item: u32| of_item.get(item as usize).len() as u32;
            progress
                .explored
                .store(explored(stack, lengths), Ordering::Relaxed);
        }
        if bytes > max_memory {
            return Err(self.stopped(StopReason::Memory, started));
        }
        Ok(limits.next_check_every(self.stats.states, 1 << 12))
    }

    /// The stop for `reason`: the states reached as nodes, the time since `started`.
    fn stopped(&self, reason: StopReason, started: Instant) -> Stopped {
        let stats = Stats {
            nodes: self.stats.states,
            elapsed: started.elapsed(),
            ..Stats::default()
        };
        Stopped::new(reason, stats)
    }

    pub(super) fn stats(&self) -> MemoStats {
        self.stats
    }
}

/// The 32 bits of `bits` from bit `start` on (bits past its end read as set).
fn bits_at(bits: &[u64], start: usize) -> u32 {
    let word = |w: usize| bits.get(w).copied().unwrap_or(u64::MAX);
    let (w, shift) = (start / 64, start % 64);
    let both = u128::from(word(w)) | u128::from(word(w + 1)) << 64;
    (both >> shift) as u32
}
