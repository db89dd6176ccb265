//! Forcing nets: Sudoku Explainer's Nishio, multiple and dynamic forcing chains (7.5,
//! 8.0 and 8.5, each plus the increment for its length).
//!
//! Where a forcing chain follows one line of implications, these follow all of them at
//! once from an assumption ([`Outcome`]), and compare outcomes:
//!
//! - a *contradiction*: an assumption that implies some candidate both on and off is
//!   false (Nishio: one value, x-links only; dynamic: any links);
//! - a *double implication* (dynamic, cells of three candidates or more): what a
//!   candidate implies both when on and when off holds;
//! - *cell* and *region* forcing chains: what each candidate of a cell, or each place
//!   of a value in a unit, implies holds, since one of them is true.
//!
//! *Dynamic* chains take each candidate turned off out of the grid as they go, so that
//! later steps see the cells and units it leaves with one or two candidates; the
//! candidates so removed become parents of what they allow, and count in the length.
//! Multiple chains (8.0) do not: they look at cells of three candidates or more and at
//! regions, on the grid as it is.
//!
//! Dynamic chains *plus* (9.0, SE's level 1) are dynamic chains that, whenever the
//! implications run out, look for locked candidates, hidden and naked pairs and
//! x-wings in the grid the chain has left, and go on from their removals
//! ([`plus`]).

mod found;
mod nested;
mod net;
mod plus;
mod premises;
mod watch;

use std::collections::VecDeque;
use std::rc::Rc;

use super::closure::Closure;
use super::outcome::{CELL, Cause, Outcome, REGION};
use super::potentials::{Findings, Pots, length_tenths};
use super::reaching::Outer;
use super::reaching::Reaching;
use super::state::{LogicSolver, bits};
use super::technique::Technique;
use nested::{Inner, Register};
pub use net::{Net, Premise};
pub(crate) use watch::watched;

/// The most memory (in potential slots) a thread keeps in outcomes between positions:
/// about a thousand outcomes of 9×9 grids.
const POOL_SLOTS: usize = 1 << 21;

/// What one search of a net may spend, in potentials reached over all its
/// propagations: far more than any 9×9 search reaches (docs/benchmarks.md, "The
/// forcing nets' budgets"). Past it the search gives up and finds nothing, so the path
/// stalls and the rating measures the search left, as on any stall: on large grids,
/// where one search can reach millions, a rating or a hint takes seconds, not minutes.
pub(super) const NET_WORK: usize = 1 << 22;

/// What one search of a net may hold, in potential slots of its outcomes (an outcome
/// indexes every potential of the grid, 2·N³ of them): 32 MiB, far more than a 9×9
/// search holds (docs/benchmarks.md, "The forcing nets' budgets"); a 36×36 grid's
/// outcome has 93,312 slots, so its search gives up after about 90 outcomes instead of
/// holding gigabytes.
pub(super) const NET_SLOTS: usize = 1 << 23;

/// What one search of nested chains may spend, in potentials reached over all its
/// propagations and the searches run inside them.
/// 2^28: fifty times what the most a search of levels 2 to 4 reached on the forum's
/// hardest puzzles (about 5.5 million), in about half a minute. Past it the search gives
/// up, as the others do, and the path stalls.
pub(super) const NESTED_WORK: usize = 1 << 28;

thread_local! {
    /// Outcomes of earlier positions, cleared, so that their memory is reused.
    static POOL: std::cell::RefCell<Vec<Outcome>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Which of SE's forcing nets to look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Contradictions of one value, x-links only, dynamic: 7.5.
    Nishio,
    /// Cell and region forcing chains on the grid as it is: 8.0.
    Multiple,
    /// Contradictions, double implications, cell and region chains, dynamic: 8.5.
    Dynamic,
    /// The same, with locked candidates, pairs and x-wings inside the chains: 9.0.
    DynamicPlus,
    /// The same, with whole searches of simpler chains inside too: SE's levels 2 to 5,
    /// 9.5 to 11.0 ([`nested`]).
    Nested(u8),
}

impl Kind {
    fn technique(self) -> Technique {
        match self {
            Kind::Nishio => Technique::NishioForcingChain,
            Kind::Multiple => Technique::MultipleForcingChain,
            Kind::Dynamic => Technique::DynamicForcingChain,
            Kind::DynamicPlus => Technique::DynamicForcingChainPlus,
            Kind::Nested(2) => Technique::NestedForcingChain,
            Kind::Nested(3) => Technique::NestedMultipleForcingChain,
            Kind::Nested(4) => Technique::NestedDynamicForcingChain,
            Kind::Nested(_) => Technique::NestedDynamicForcingChainPlus,
        }
    }

    /// Whether the chains take out what they turn off and look at double implications.
    fn is_dynamic(self) -> bool {
        matches!(self, Kind::Dynamic | Kind::DynamicPlus | Kind::Nested(_))
    }

    /// What one search may spend ([`NET_WORK`], [`NESTED_WORK`]).
    fn budget(self) -> usize {
        if self.level() >= 2 {
            NESTED_WORK
        } else {
            NET_WORK
        }
    }

    /// SE's level: 0 for plain nets, 1 with the rules of [`plus`], 2 to 5 nested.
    fn level(self) -> u8 {
        match self {
            Kind::DynamicPlus => 1,
            Kind::Nested(level) => level,
            _ => 0,
        }
    }

    fn tenths(self) -> u16 {
        self.technique().tenths()
    }
}

/// An outcome with its contradiction, if any.
type Implied = (Outcome, Option<(u32, u32)>);

/// The searches of one position, with buffers reused from one propagation to the next.
struct Search<'s> {
    s: &'s LogicSolver,
    /// The numbering of potentials.
    numbers: Pots,
    /// Stamps for counting distinct ancestors.
    seen: Vec<u32>,
    stamp: u32,
    /// The positions of each value in each unit (`unit * side + value - 1`), in the
    /// position, and in the grid a dynamic propagation works on.
    source_places: Vec<u64>,
    places: Vec<u64>,
    grid: Vec<u64>,
    /// Outcomes no longer needed, for reuse.
    pool: Vec<Outcome>,
    offs: Vec<u32>,
    /// What each candidate implies when on, once computed (regions and cells share
    /// them), with the contradiction if any.
    cache: Vec<Option<Rc<Implied>>>,
    /// The queues of on- and off-potentials to follow, kept for their memory.
    queues: [VecDeque<u32>; 2],
    /// The steps found so far.
    findings: Findings<Net>,
    /// Implied on-potentials, each with its parents' range in `parents` and its cause.
    next: Vec<(u32, usize, usize, Cause)>,
    parents: Vec<u32>,
    /// What the search may still spend: potentials reached, and outcome slots.
    work_left: usize,
    slots_left: usize,
    /// `work_left` when the limits were last polled.
    polled: usize,
    /// SE's level ([`Kind::level`]): from 1 the rules of [`plus`] join the dynamic
    /// chains, from 2 whole searches ([`nested`]); and the geometry the rules read
    /// (empty without them).
    level: u8,
    outside: Vec<u64>,
    /// The nested chains met, and, for a search run as a rule inside an outer chain,
    /// the outer chain's grid and the steps found (instead of `findings`).
    register: Register,
    outer: Option<Outer<'s>>,
    /// Whether the position has no chain step, and none of the nets below the nested
    /// ones, once known.
    chain_free: Option<bool>,
    net_free: Option<bool>,
    /// For multiple chains run as a rule, the outer position if it has no chain and no
    /// net step, and the potentials that can reach a strong link it lacks: then each
    /// step of the grid the outer chain left either starts from a cell or unit that
    /// lost candidates, or follows a strong link the position lacks (a step of old
    /// links only would be one of the position's, or give it a contradiction), so only
    /// those premises are searched.
    fresh: Option<Outer<'s>>,
    reaching: Reaching,
    /// For multiple chains, what each potential implies under the grid's links (unless
    /// `prune` is off, in tests).
    closure: Option<Closure>,
    prune: bool,
    inner_found: Findings<Inner>,
    /// The values each unit lost to the chain, refilled at each look for the rules.
    lost: Vec<u64>,
}

/// The easiest step of `net` in the position: the first of [`all`], found without
/// building the steps that cannot come first.
pub(super) fn easiest(s: &LogicSolver, net: Kind) -> Option<Net> {
    collect(s, net, true).into_iter().next()
}

/// Every step of `net` in the position, easiest first: by score, then length, then
/// SE's kind (double implications, cell chains, region chains, contradictions).
#[cfg(test)]
fn all(s: &LogicSolver, net: Kind) -> Vec<Net> {
    collect(s, net, false)
}

/// [`all`], or with `only_best` just the first.
fn collect(s: &LogicSolver, net: Kind, only_best: bool) -> Vec<Net> {
    watch::searching(net.level());
    let mut search = Search::new(s, net, only_best, None);
    if !search.cells(net) {
        // A search cut short may have missed the easiest step: none is given.
        return Vec::new();
    }
    search.findings.into_steps()
}

/// The steps of `net` in `s`, a grid an outer chain left, as rules of that chain
/// ([`nested`]), with what is left of the outer search's `work`. `places` are the
/// positions of each value in each unit of `s`. With `net_free`, the outer position is
/// known to have no chain and no net step, which multiple chains use to search less
/// (`Search::fresh`).
fn inner(
    (s, places): (&LogicSolver, &[u64]),
    net: Kind,
    outer: Outer<'_>,
    work: usize,
    net_free: bool,
) -> (Vec<Inner>, usize) {
    inner_pruned((s, places), net, outer, (work, net_free), true)
}

/// [`inner`], with the closure's pruning or without it (in tests).
fn inner_pruned(
    (s, places): (&LogicSolver, &[u64]),
    net: Kind,
    outer: Outer<'_>,
    (work, net_free): (usize, bool),
    prune: bool,
) -> (Vec<Inner>, usize) {
    let mut search = Search::with_places(s, places, net, false, Some(outer));
    search.prune = prune;
    search.work_left = work;
    search.polled = work;
    if net == Kind::Multiple && net_free {
        search.fresh = Some(outer);
        search.reaching.mark(s, places, outer, (true, true));
    }
    if !search.cells(net) {
        return (Vec::new(), 0);
    }
    (search.inner_found.into_steps(), search.work_left)
}

impl<'s> Search<'s> {
    fn new(s: &'s LogicSolver, net: Kind, only_best: bool, outer: Option<Outer<'s>>) -> Self {
        Self::with_places(s, &s.places_table(), net, only_best, outer)
    }

    /// [`new`](Self::new), given the positions of each value in each unit of `s`.
    fn with_places(
        s: &'s LogicSolver,
        places: &[u64],
        net: Kind,
        only_best: bool,
        outer: Option<Outer<'s>>,
    ) -> Self {
        let numbers = Pots(s.side);
        let source_places = places.to_vec();
        Search {
            s,
            numbers,
            seen: vec![0; numbers.count()],
            stamp: 0,
            places: source_places.clone(),
            source_places,
            grid: s.candidates.clone(),
            pool: Vec::new(),
            offs: Vec::new(),
            cache: vec![None; numbers.count()],
            queues: Default::default(),
            findings: Findings::new(only_best),
            next: Vec::new(),
            parents: Vec::new(),
            work_left: net.budget(),
            polled: net.budget(),
            slots_left: NET_SLOTS,
            level: net.level(),
            lost: Vec::new(),
            outside: if net.level() >= 1 {
                plus::outside_table(s)
            } else {
                Vec::new()
            },
            register: Register::default(),
            outer,
            chain_free: None,
            net_free: None,
            fresh: None,
            reaching: Reaching::default(),
            closure: None,
            prune: true,
            inner_found: Findings::new(false),
        }
    }

    /// Looks for the steps from every cell, as SE does; whether the search finished
    /// within its budget.
    fn cells(&mut self, net: Kind) -> bool {
        let s = self.s;
        if net == Kind::Multiple && self.prune {
            // The grid does not change along these chains: a premise whose branches
            // imply nothing in common under its links is not followed.
            let mut closure = Closure::default();
            closure.build(s, &self.source_places, |_| true);
            self.closure = Some(closure);
        }
        for i in 0..s.side * s.side {
            let count = s.candidates[i].count_ones();
            if count < 2 || (count == 2 && net == Kind::Multiple) {
                continue;
            }
            self.cell(i, net);
            if self.spent() {
                break;
            }
        }
        self.give_back();
        !self.spent()
    }

    /// Whether the search has spent its budget ([`NET_WORK`], [`NET_SLOTS`]).
    fn spent(&self) -> bool {
        self.work_left == 0 || self.slots_left == 0
    }

    /// An empty outcome, from the pool if it has one.
    fn outcome(&mut self) -> Outcome {
        self.pool
            .pop()
            .or_else(|| POOL.with_borrow_mut(|pool| pool.pop()))
            .filter(|o| o.at.len() == self.numbers.count())
            .unwrap_or_else(|| Outcome::new(self.numbers.count()))
    }

    /// Returns every outcome to the thread's pool, for the next position.
    fn give_back(&mut self) {
        let mut outcomes = std::mem::take(&mut self.pool);
        for implied in self.cache.iter_mut().filter_map(Option::take) {
            if let Ok((mut outcome, _)) = Rc::try_unwrap(implied) {
                outcome.clear();
                outcomes.push(outcome);
            }
        }
        POOL.with_borrow_mut(|pool| {
            pool.extend(outcomes);
            pool.truncate(POOL_SLOTS / self.numbers.count().max(1));
        });
    }

    /// Returns an outcome to the pool.
    fn recycle(&mut self, mut outcome: Outcome) {
        outcome.clear();
        self.pool.push(outcome);
    }

    /// Takes candidate `v` out of cell `i` of the working grid.
    fn take_out(&mut self, i: usize, v: u8) {
        let n = self.s.side;
        let (r, c) = (i / n, i % n);
        self.grid[i] &= !(1 << (v - 1));
        let slot = usize::from(v) - 1;
        let [b, row, column] = self.s.se_units(i);
        self.places[b * n + slot] &= !(1 << self.s.shape.slot_in_box(r, c));
        self.places[row * n + slot] &= !(1 << c);
        self.places[column * n + slot] &= !(1 << r);
    }

    /// Propagates the assumptions `on` and `off` (SE's `doChaining`): on-potentials
    /// first, one at a time. `y` allows the cell links, `dynamic` takes every
    /// off-potential out of the grid once used. Returns the outcome and, if some
    /// candidate came out both on and off, the two nodes.
    fn propagate(
        &mut self,
        on: &[u32],
        off: &[u32],
        y: bool,
        dynamic: bool,
    ) -> (Outcome, Option<(u32, u32)>) {
        let mut out = self.outcome();
        let mut queues = std::mem::take(&mut self.queues);
        let absurd = self.run(&mut out, (on, off), (y, dynamic), &mut queues);
        self.work_left = self.work_left.saturating_sub(out.nodes.len());
        // The step's search counts the work of the searches run inside it too.
        let work = if self.outer.is_none() {
            std::mem::replace(&mut self.polled, self.work_left) - self.work_left
        } else {
            0
        };
        if watch::stop(work) {
            self.work_left = 0;
        }
        self.slots_left = self.slots_left.saturating_sub(out.at.len());
        for queue in &mut queues {
            queue.clear();
        }
        self.queues = queues;
        if dynamic {
            // Back to the position.
            self.grid.copy_from_slice(&self.s.candidates);
            self.places.copy_from_slice(&self.source_places);
        }
        (out, absurd)
    }

    fn run(
        &mut self,
        out: &mut Outcome,
        (on, off): (&[u32], &[u32]),
        (y, dynamic): (bool, bool),
        [pending_on, pending_off]: &mut [VecDeque<u32>; 2],
    ) -> Option<(u32, u32)> {
        pending_on.extend(on.iter().map(|&p| out.add(p, &[], false)));
        pending_off.extend(off.iter().map(|&p| out.add(p, &[], false)));
        loop {
            if let Some(node) = pending_on.pop_front() {
                self.offs_of(out.nodes[node as usize].pot, y);
                for k in 0..self.offs.len() {
                    let p = self.offs[k];
                    if let Some(conjugate) = out.node_of(p | 1) {
                        let end = out.add(p, &[node], true);
                        return Some((conjugate, end));
                    }
                    if out.node_of(p).is_none() {
                        let child = out.add(p, &[node], false);
                        pending_off.push_back(child);
                    }
                }
            } else if let Some(node) = pending_off.pop_front() {
                let (i, v, _) = self.numbers.parts(out.nodes[node as usize].pot);
                self.ons_of(out, node, y);
                if dynamic {
                    self.take_out(i, v);
                }
                for k in 0..self.next.len() {
                    let (p, start, end, cause) = self.next[k];
                    let parents = &self.parents[start..end];
                    if let Some(conjugate) = out.node_of(p & !1) {
                        let end = out.add_caused(p, parents, true, cause);
                        return Some((end, conjugate));
                    }
                    if out.node_of(p).is_none() {
                        let child = out.add_caused(p, parents, false, cause);
                        pending_on.push_back(child);
                    }
                }
            } else if !(self.level >= 1 && dynamic && self.rules(out, pending_off)) {
                return None;
            }
        }
    }

    /// Into `offs`, the candidates that go when candidate `pot` holds: the cell's
    /// others (with `y`), then its value's places among the peers in the box, then in
    /// the row and the column outside the box.
    fn offs_of(&mut self, pot: u32, y: bool) {
        let s = self.s;
        let n = s.side;
        let (i, v, _) = self.numbers.parts(pot);
        self.offs.clear();
        if y {
            for b in bits(self.grid[i]) {
                if b as u8 + 1 != v {
                    self.offs.push(self.numbers.pot(i, b as u8 + 1, false));
                }
            }
        }
        let b = s.box_index(i);
        for (unit_index, unit) in self.s.se_units(i).into_iter().enumerate() {
            for k in bits(self.places[unit * n + usize::from(v) - 1]) {
                let j = s.unit_cell(unit, k);
                if j != i && (unit_index == 0 || s.box_index(j) != b) {
                    self.offs.push(self.numbers.pot(j, v, false));
                }
            }
        }
    }

    /// Into `next` (with their parents in `parents`), the candidates that hold when
    /// the candidate of `node` goes: the cell's other one if two are left (with `y`),
    /// and the value's other place in a unit left with two.
    fn ons_of(&mut self, out: &Outcome, node: u32, y: bool) {
        let s = self.s;
        let n = s.side;
        let (i, v, _) = self.numbers.parts(out.nodes[node as usize].pot);
        self.next.clear();
        self.parents.clear();
        let cell = self.grid[i];
        if y && cell.count_ones() == 2
            && let Some(b) = bits(cell & !(1 << (v - 1))).next()
        {
            let start = self.parents.len();
            self.parents.push(node);
            for gone in bits(s.candidates[i] & !cell) {
                self.parents
                    .extend(out.node_of(self.numbers.pot(i, gone as u8 + 1, false)));
            }
            let p = self.numbers.pot(i, b as u8 + 1, true);
            self.next.push((p, start, self.parents.len(), CELL));
        }
        let slot = usize::from(v) - 1;
        for unit in self.s.se_units(i) {
            let places = self.places[unit * n + slot];
            if places.count_ones() != 2 {
                continue;
            }
            for k in bits(places) {
                let j = s.unit_cell(unit, k);
                let p = self.numbers.pot(j, v, true);
                if j == i || self.next.iter().any(|&(q, _, _, _)| q == p) {
                    continue;
                }
                let start = self.parents.len();
                self.parents.push(node);
                for gone in bits(self.source_places[unit * n + slot] & !places) {
                    let cell = s.unit_cell(unit, gone);
                    self.parents
                        .extend(out.node_of(self.numbers.pot(cell, v, false)));
                }
                self.next
                    .push((p, start, self.parents.len(), REGION + unit as Cause));
            }
        }
    }

    /// What candidate `on` implies when it holds, from the cache or computed.
    fn if_on(&mut self, on: u32, y: bool, dynamic: bool) -> Rc<Implied> {
        if let Some(implied) = &self.cache[on as usize] {
            return Rc::clone(implied);
        }
        let implied = Rc::new(self.propagate(&[on], &[], y, dynamic));
        self.cache[on as usize] = Some(Rc::clone(&implied));
        implied
    }
}

#[cfg(test)]
mod tests;
