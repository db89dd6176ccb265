//! The memory of the chain searches, kept by each thread from one search to the next:
//! the nested chains run hundreds of thousands of small searches.

use super::super::closure::Closure;
use super::super::potentials::{Findings, Pots};
use super::super::reaching::Reaching;
use super::super::state::LogicSolver;
use super::{Chain, NONE, Node, Search};

/// The memory of a search, kept by each thread for the next one (the nested chains
/// run hundreds of thousands of small searches).
#[derive(Default)]
struct Buffers {
    places: Vec<u64>,
    nodes: Vec<Node>,
    stamp: Vec<u32>,
    search: u32,
    memo: Vec<u32>,
    memo_at: Vec<(u32, u32)>,
    learnt: Vec<u32>,
    scratch: Vec<u32>,
    queues: [Vec<u32>; 3],
    reaching: Reaching,
    closure: Closure,
}

thread_local! {
    static BUFFERS: std::cell::RefCell<Vec<Buffers>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl<'s> Search<'s> {
    pub(super) fn new(s: &'s LogicSolver, only_best: bool) -> Self {
        Self::with_places(s, only_best, &s.places_table())
    }

    /// [`new`](Self::new), given the places of each value in each unit of `s`.
    pub(super) fn with_places(s: &'s LogicSolver, only_best: bool, places: &[u64]) -> Self {
        let n = s.side;
        let pots = Pots(n).count();
        let mut b = BUFFERS.with_borrow_mut(Vec::pop).unwrap_or_default();
        if b.stamp.len() != pots {
            b.stamp = vec![0; pots];
            b.search = 0;
            b.memo_at = vec![(NONE, 0); pots];
            b.learnt.clear();
        }
        b.nodes.clear();
        b.places.clear();
        b.places.extend_from_slice(places);
        Self {
            numbers: Pots(n),
            s,
            places: b.places,
            nodes: b.nodes,
            stamp: b.stamp,
            search: b.search,
            findings: Findings::new(only_best),
            memo: b.memo,
            memo_at: b.memo_at,
            learnt: b.learnt,
            scratch: b.scratch,
            queues: b.queues,
            work: 0,
            reference: None,
            reaching: b.reaching,
            closure: b.closure,
            prune: true,
        }
    }

    /// The steps found, and the memory back to the thread for the next search.
    pub(super) fn finish(mut self) -> Vec<Chain> {
        self.new_pass();
        let b = Buffers {
            places: self.places,
            nodes: self.nodes,
            stamp: self.stamp,
            search: self.search,
            memo: self.memo,
            memo_at: self.memo_at,
            learnt: self.learnt,
            scratch: self.scratch,
            queues: self.queues,
            reaching: self.reaching,
            closure: self.closure,
        };
        BUFFERS.with_borrow_mut(|pool| pool.push(b));
        self.findings.into_steps()
    }
}
