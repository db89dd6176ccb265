//! The memory of the chain searches, kept by each thread from one search to the next:
//! the nested chains run hundreds of thousands of small searches.

use super::super::closure::Closure;
use super::super::potentials::{Findings, Pots};
use super::super::reaching::Reaching;
use super::super::state::LogicSolver;
use super::{Chain, NONE, Node, Search};

/// The tables and buffers of a search, kept by each thread for the next one (the
/// nested chains run hundreds of thousands of small searches).
#[derive(Default)]
pub(super) struct Buffers {
    /// `places[unit * side + v - 1]`: the positions of `v` in `unit`.
    pub(super) places: Vec<u64>,
    pub(super) nodes: Vec<Node>,
    /// Whether each potential has been reached in this search: `stamp[pot] == search`.
    pub(super) stamp: Vec<u32>,
    pub(super) search: u32,
    /// The implications computed in this pass: `memo_at[pot]` is a range of `memo`, for
    /// the potentials of `learnt`.
    pub(super) memo: Vec<u32>,
    pub(super) memo_at: Vec<(u32, u32)>,
    pub(super) learnt: Vec<u32>,
    pub(super) scratch: Vec<u32>,
    /// The queues of the breadth-first searches, kept for their memory.
    pub(super) queues: [Vec<u32>; 3],
    /// With a reference, the potentials that can reach a strong link it lacks.
    pub(super) reaching: Reaching,
    /// What each potential implies under the grid's links: where chains can start.
    pub(super) closure: Closure,
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
            b,
            findings: Findings::new(only_best),
            work: 0,
            reference: None,
            prune: true,
        }
    }

    /// The steps found, and the memory back to the thread for the next search.
    pub(super) fn finish(mut self) -> Vec<Chain> {
        self.new_pass();
        BUFFERS.with_borrow_mut(|pool| pool.push(self.b));
        self.findings.into_steps()
    }
}
