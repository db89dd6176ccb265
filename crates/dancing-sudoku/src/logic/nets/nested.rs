//! Sudoku Explainer's nested forcing chains (its levels 2 to 5: 9.5, 10.0, 10.5 and
//! 11.0, each plus the increment for its length): dynamic chains "plus" that, when the
//! four rules of [`plus`](super::plus) find nothing, run a whole search of simpler
//! chains as a fifth rule, on the grid the chain has left.
//!
//! - level 2: forcing chains and cycles (6.5 to 7.0);
//! - level 3: the same, then multiple forcing chains (8.0) if they find nothing;
//! - level 4: dynamic forcing chains (8.5);
//! - level 5: dynamic forcing chains, then nested chains of level 2 if they find nothing.
//!
//! The inner search sees the grid as the outer chain has left it, and each step it
//! finds is kept if it owes something to the outer chain (SE's `collectRuleParents`):
//! an on-potential of the inner chain that holds as its cell's last candidate, where
//! the outer chain took some of the cell's candidates, or as its value's last place in
//! a unit, where the outer chain took some of the value's places. Those candidates,
//! off in the outer chain, become the parents of the inner step's removals. The inner
//! steps are taken in SE's order (score, length, kind), the same removals once (the
//! first step that makes them), and all of them, from the first inner search that
//! finds any that owes something.
//!
//! An outer chain's length counts, besides its own potentials, the length of each
//! distinct inner chain its implications rest on (SE's `getNestedComplexity`).

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use super::super::chains::{self, Chain};
use super::super::outcome::{CELL, NO_CAUSE, NONE, REGION};
use super::{Kind, Outcome, Premise, Search};
use crate::logic::potentials::Key;
use crate::logic::reaching::Outer;
use crate::logic::state::{LogicSolver, bits};
use crate::logic::technique::Technique;

/// The most searches a thread remembers of each kind ([`Memory`]).
const REMEMBERED: usize = 1 << 13;

/// Search results by key, at most [`REMEMBERED`] (all forgotten when full): the grids
/// that outer chains leave come back again and again (the two candidates of a cell, on
/// and off, lead to the same grid; each level runs the searches of the level before it
/// again; a step changes little of the next step's grids).
struct Memory<K, V>(HashMap<K, Rc<V>, BuildHasherDefault<GridHasher>>);

impl<K: std::hash::Hash + Eq, V> Memory<K, V> {
    fn get(&self, key: &K) -> Option<Rc<V>> {
        self.0.get(key).cloned()
    }

    fn keep(&mut self, key: K, value: &Rc<V>) {
        if self.0.len() >= REMEMBERED {
            self.0.clear();
        }
        self.0.insert(key, Rc::clone(value));
    }
}

/// A hash of grids for [`Memory`], word by word (a multiply and a rotation each): the
/// keys are candidates the program made, not input an adversary chose, and the
/// standard hasher took a tenth of the nested chains' time.
#[derive(Default)]
struct GridHasher(u64);

impl Hasher for GridHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.write_u64(u64::from_le_bytes(word.try_into().unwrap()));
        }
        for &byte in words.remainder() {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}

/// The key of an inner search: the outer chain's position, the rule, the grid left.
type InnerKey = (Vec<u64>, u8, Vec<u64>);

thread_local! {
    /// Every forcing chain and cycle of a grid (they depend on the grid only).
    static CHAINS: RefCell<Memory<Vec<u64>, Vec<Chain>>> = RefCell::new(Memory(HashMap::default()));
    /// The inner steps of a rule on a grid an outer chain left.
    static INNER: RefCell<Memory<InnerKey, Vec<Inner>>> = RefCell::new(Memory(HashMap::default()));
}

/// A step found by a search run as a rule inside an outer chain.
#[derive(Debug)]
pub(super) struct Inner {
    /// The off-potentials the step makes.
    pub(super) removals: Vec<u32>,
    /// The outer chain's off-potentials the step rests on.
    pub(super) parents: Vec<u32>,
    /// SE's complexity: its potentials, with those of the chains nested in it.
    pub(super) complexity: usize,
    /// The step's potentials, line after line, which tell equal chains apart.
    pub(super) signature: Vec<u32>,
}

/// Steps are the same rule when they remove the same candidates (SE keeps the first).
impl PartialEq for Inner {
    fn eq(&self, other: &Self) -> bool {
        self.removals == other.removals
    }
}

/// The distinct nested chains one search met, with their complexities.
#[derive(Default)]
pub(super) struct Register {
    complexities: Vec<usize>,
    ids: HashMap<Vec<u32>, u32>,
}

impl Register {
    /// The index of the chain of `signature`, registered on first sight.
    fn id(&mut self, signature: Vec<u32>, complexity: usize) -> u32 {
        let next = self.complexities.len() as u32;
        *self.ids.entry(signature).or_insert_with(|| {
            self.complexities.push(complexity);
            next
        })
    }

    /// The complexity of nested chain `id`.
    pub(super) fn complexity(&self, id: u32) -> usize {
        self.complexities[id as usize]
    }
}

/// What a level runs inside its chains after the four rules, in SE's order.
#[derive(Clone, Copy)]
enum Rule {
    /// Forcing chains and cycles.
    Chains,
    /// A search of forcing nets.
    Net(Kind),
}

/// The rules of `level` (2 to 5), with the index of each one's name in
/// [`RULES`](super::plus::RULES).
fn rules(level: u8) -> &'static [(Rule, u8)] {
    match level {
        2 => &[(Rule::Chains, 5)],
        3 => &[(Rule::Chains, 5), (Rule::Net(Kind::Multiple), 6)],
        4 => &[(Rule::Net(Kind::Dynamic), 7)],
        _ => &[
            (Rule::Net(Kind::Dynamic), 7),
            (Rule::Net(Kind::Nested(2)), 8),
        ],
    }
}

impl<'s> Search<'s> {
    /// The nested rules of the search's level on the grid the chain has left: each
    /// removal of the inner steps that owe something to the chain, new to the outcome,
    /// becomes an off-potential to follow. Whether any was added.
    pub(super) fn nested_rules(
        &mut self,
        out: &mut Outcome,
        pending_off: &mut VecDeque<u32>,
    ) -> bool {
        let s = self.s;
        let source_places = self.source_places.clone();
        let mut working = s.clone();
        working.candidates.copy_from_slice(&self.grid);
        let outer = Outer {
            candidates: &s.candidates,
            places: &source_places,
        };
        let mut added = false;
        for &(rule, name) in rules(self.level) {
            let Some(steps) = self.inner_steps(rule, name, &working, outer) else {
                break; // the budget ran out
            };
            let mut any = false;
            for step in steps.iter().filter(|step| !step.parents.is_empty()) {
                any = true;
                let id = self.register.id(step.signature.clone(), step.complexity);
                let parents: Vec<u32> = step
                    .parents
                    .iter()
                    .filter_map(|&p| out.node_of(p))
                    .collect();
                for &removal in &step.removals {
                    if out.node_of(removal).is_some() {
                        continue;
                    }
                    let child = out.add(removal, &parents, false);
                    out.rules.push((child, name, id));
                    pending_off.push_back(child);
                    added = true;
                }
            }
            if any || self.spent() {
                break;
            }
        }
        added
    }

    /// The steps of inner `rule` (named `name`) on `working`, the grid the chain left,
    /// as rules of the chain whose position is `outer`: remembered, or searched for.
    /// `None` if the search ran out of budget.
    fn inner_steps(
        &mut self,
        rule: Rule,
        name: u8,
        working: &LogicSolver,
        outer: Outer<'_>,
    ) -> Option<Rc<Vec<Inner>>> {
        let key = (outer.candidates.to_vec(), name, working.candidates.clone());
        if let Some(known) = INNER.with_borrow(|memory| memory.get(&key)) {
            return Some(known);
        }
        let steps: Vec<Inner> = match rule {
            Rule::Chains => {
                let chains = match CHAINS.with_borrow(|memory| memory.get(&key.2)) {
                    Some(chains) => chains,
                    None => {
                        // In a position without chain steps (as when the path reaches
                        // the nested chains), only new strong links make them.
                        let reference = self.chain_free().then_some(outer);
                        let (chains, work) = chains::all_counted(working, &self.places, reference);
                        self.work_left = self.work_left.saturating_sub(work);
                        let chains = Rc::new(chains);
                        CHAINS.with_borrow_mut(|memory| memory.keep(key.2.clone(), &chains));
                        chains
                    }
                };
                chains
                    .iter()
                    .map(|chain| chain_step(chain, (working, &self.places), outer))
                    .collect()
            }
            Rule::Net(kind) => {
                let net_free = kind == Kind::Multiple && self.net_free();
                let (steps, left) = super::inner(
                    (working, &self.places),
                    kind,
                    outer,
                    self.work_left,
                    net_free,
                );
                self.work_left = left;
                steps
            }
        };
        if self.spent() {
            return None;
        }
        let steps = Rc::new(steps);
        INNER.with_borrow_mut(|memory| memory.keep(key, &steps));
        Some(steps)
    }

    /// Whether the search's position is known to have no chain step (forcing chain or
    /// cycle): checked once, for a search that is not run as a rule.
    fn chain_free(&mut self) -> bool {
        if self.outer.is_some() {
            return false;
        }
        let s = self.s;
        *self
            .chain_free
            .get_or_insert_with(|| chains::easiest(s).is_none())
    }

    /// Whether the search's position is known to have no chain step and no step of the
    /// multiple and dynamic nets: checked once, for a search that is not run as a rule.
    fn net_free(&mut self) -> bool {
        if !self.chain_free() {
            return false;
        }
        let s = self.s;
        *self.net_free.get_or_insert_with(|| {
            [Kind::Multiple, Kind::Dynamic].into_iter().all(|net| {
                let mut search = Search::new(s, net, true, None);
                search.cells(net) && search.findings.into_steps().is_empty()
            })
        })
    }

    /// The length the nested chains add to a step whose branches end at `ends`: the
    /// complexity of each distinct one among their ancestors.
    pub(super) fn nested_length(&mut self, ends: &[(&Outcome, u32)]) -> usize {
        if ends
            .iter()
            .all(|(outcome, _)| outcome.rules.iter().all(|r| r.2 == NONE))
        {
            return 0;
        }
        let mut met: Vec<u32> = Vec::new();
        for &(outcome, end) in ends {
            // Each branch's ancestors once; the chains once over all branches.
            self.visit_ancestors(outcome, end, |at| {
                if let Some(id) = outcome.nested(at)
                    && !met.contains(&id)
                {
                    met.push(id);
                }
            });
        }
        met.iter().map(|&id| self.register.complexity(id)).sum()
    }

    /// Keeps the step of `key` settling `target`, whose branches end at `ends`, as a
    /// rule of the outer chain.
    pub(super) fn offer_inner(
        &mut self,
        key: Key,
        (premise, ends): (Premise, &[(&Outcome, u32)]),
        target: u32,
        outer: Outer<'_>,
    ) {
        let n = self.s.side;
        let removals: Vec<u32> = self
            .numbers
            .removals(self.s, target)
            .into_iter()
            .map(|((r, c), v)| self.numbers.pot(r * n + c, v, false))
            .collect();
        if removals.is_empty() {
            return;
        }
        let parents = self.rule_parents(premise, ends, outer);
        let mut signature = Vec::new();
        for &(outcome, end) in ends {
            let mut at = Some(end);
            while let Some(node) = at {
                signature.push(outcome.nodes[node as usize].pot);
                at = outcome.parents(node).first().copied();
            }
            signature.push(u32::MAX);
        }
        let step = Inner {
            removals,
            parents,
            complexity: key.1,
            signature,
        };
        self.inner_found.keep(key, step);
    }

    /// The outer chain's candidates that the step ending at `ends` rests on (SE's
    /// `collectRuleParents`), as off-potentials, first met first.
    pub(super) fn rule_parents(
        &mut self,
        premise: Premise,
        ends: &[(&Outcome, u32)],
        outer: Outer<'_>,
    ) -> Vec<u32> {
        let s = self.s;
        let mut parents = Vec::new();
        for &(outcome, end) in ends {
            self.stamp += 1;
            let mut todo = VecDeque::from([end]);
            while let Some(at) = todo.pop_front() {
                let node = outcome.nodes[at as usize];
                if self.seen[node.pot as usize] == self.stamp {
                    continue;
                }
                self.seen[node.pot as usize] = self.stamp;
                todo.extend(outcome.parents(at));
                let (i, v, on) = self.numbers.parts(node.pot);
                let mut cause = node.cause;
                if cause == NO_CAUSE && outcome.parents(at).is_empty() {
                    cause = match premise {
                        Premise::Cell(_) => CELL,
                        Premise::Region(unit, _) => s
                            .unit_index(unit)
                            .map_or(NO_CAUSE, |unit| REGION + unit as u16),
                        _ => NO_CAUSE,
                    };
                }
                if on && cause != NO_CAUSE {
                    self.numbers
                        .lost(s, (i, v, cause), outer, &self.source_places, &mut parents);
                }
            }
        }
        parents
    }
}

impl super::Pots {
    /// Into `parents` (without repeats), the candidates of the outer grid that the
    /// position `s` lacks where `cause` made value `v` of cell `i` hold: the cell's
    /// others, or the value's other places in the unit.
    fn lost(
        self,
        s: &LogicSolver,
        (i, v, cause): (usize, u8, u16),
        outer: Outer<'_>,
        places: &[u64],
        parents: &mut Vec<u32>,
    ) {
        let n = s.side;
        let mut push = |p: u32| {
            if !parents.contains(&p) {
                parents.push(p);
            }
        };
        if cause == CELL {
            for b in bits(outer.candidates[i] & !s.candidates[i]) {
                push(self.pot(i, b as u8 + 1, false));
            }
        } else {
            let unit = usize::from(cause - REGION);
            let slot = unit * n + usize::from(v) - 1;
            for k in bits(outer.places[slot] & !places[slot]) {
                push(self.pot(s.unit_cell(unit, k), v, false));
            }
        }
    }
}

/// A forcing chain or cycle found on the grid an outer chain left, as an [`Inner`]
/// step (`places` are those of `s`): its removals, and the outer chain's candidates it
/// rests on. Each link that makes a candidate hold rests on what its cell or unit lost
/// (in a cycle, read both ways, every link but the first does).
fn chain_step(chain: &Chain, (s, places): (&LogicSolver, &[u64]), outer: Outer<'_>) -> Inner {
    let numbers = super::Pots(s.side);
    let index = |(r, c): (usize, usize)| r * s.side + c;
    let cycle = matches!(chain.technique, Technique::Cycle | Technique::XYCycle);
    let mut parents = Vec::new();
    for pair in chain.links.windows(2) {
        let [(from, _, _), (to, v, on)] = [pair[0], pair[1]];
        if !on && !cycle {
            continue;
        }
        let (i, j) = (index(from), index(to));
        let cause = if i == j {
            CELL
        } else {
            // The first unit (box, row, column) that holds both cells, and, for a link
            // that makes a candidate hold, where the value has two places.
            let unit = s
                .se_units(j)
                .into_iter()
                .find(|&unit| {
                    s.in_unit(unit, i)
                        && (!on || places[unit * s.side + usize::from(v) - 1].count_ones() == 2)
                })
                .expect("a chain's link lies in a unit");
            REGION + unit as u16
        };
        numbers.lost(s, (j, v, cause), outer, places, &mut parents);
    }
    let pots: Vec<u32> = chain
        .links
        .iter()
        .map(|&(cell, v, on)| numbers.pot(index(cell), v, on))
        .collect();
    let complexity = if cycle { pots.len() - 1 } else { pots.len() };
    Inner {
        removals: chain
            .eliminations
            .iter()
            .map(|&(cell, v)| numbers.pot(index(cell), v, false))
            .collect(),
        parents,
        complexity,
        signature: pots,
    }
}
