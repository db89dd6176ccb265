//! Conditioning on the diagram: the solutions with some options given and others
//! forbidden, as a diagram of their own, without a new search.
//!
//! Along any path an option is decided once at most, so a path takes every given
//! option exactly when it takes as many given options as there are. The new diagram's
//! nodes are the old ones paired with how many given options a path still needs below
//! them; a forbidden option's `hi` side, and a given one's past the need, lead nowhere.
//! Nodes that no path from the root reaches are then dropped.

use super::Node;
use super::search::{BOTTOM, TOP};
use super::zdd::Zdd;
use crate::ids::OptionId;
use crate::limits::{Clock, Limits, StopReason};
use crate::stats::{Stats, Stopped};

/// What a decision of option `o` does under the condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Free,
    Given,
    Forbidden,
}

impl Zdd {
    /// The diagram of the solutions that take every option of `given` and none of
    /// `forbidden`: counted, listed, drawn and queried as any diagram, without a new
    /// search. An option both given and forbidden leaves no solution; options the
    /// problem does not have are ignored.
    ///
    /// Its nodes are at most this diagram's times one more than the given options;
    /// it answers to the memory bound this diagram was built with, and to `limits`
    /// (the timeout from this call, the node limit counting the old nodes visited).
    ///
    /// # Errors
    /// [`Stopped`] with [`StopReason::Memory`] when the new diagram would pass the
    /// bound, or with the limit that stopped the pass.
    ///
    /// ```
    /// use dancing::{Limits, Memo, OptionId, problems};
    ///
    /// // 36 tilings of the 4×4 board; the marginal of an option is the count of the
    /// // diagram where it is given.
    /// let problem = problems::dominoes(4, 4);
    /// let zdd = Memo::new(&problem).build()?;
    /// let marginals = zdd.marginals(&Limits::none())?;
    /// let first = OptionId::new(0);
    /// assert_eq!(zdd.restrict(&[first], &[], &Limits::none())?.count(), marginals[0]);
    /// let without = zdd.restrict(&[], &[first], &Limits::none())?.count();
    /// assert_eq!(without.to_u128().unwrap() + marginals[0].to_u128().unwrap(), 36);
    /// # Ok::<(), dancing::Stopped>(())
    /// ```
    pub fn restrict(
        &self,
        given: &[OptionId],
        forbidden: &[OptionId],
        limits: &Limits,
    ) -> Result<Zdd, Stopped> {
        let mut roles = vec![Role::Free; self.option_count()];
        let mut needed = 0usize;
        for &o in given {
            if let Some(role) = roles.get_mut(o.index())
                && *role == Role::Free
            {
                *role = Role::Given;
                needed += 1;
            }
        }
        let mut clash = false;
        for &o in forbidden {
            if let Some(role) = roles.get_mut(o.index()) {
                clash |= *role == Role::Given;
                *role = Role::Forbidden;
            }
        }
        let nodes = self.nodes();
        let needs = needed + 1;
        // The new node of each (old node, given options still needed), bottom up.
        let table = (nodes.len() as u64).saturating_mul(needs as u64);
        let bound = self.max_memory();
        if self.held_bytes().saturating_add(table.saturating_mul(16)) > bound {
            return Err(refused());
        }
        let mut id = vec![BOTTOM; nodes.len() * needs];
        id[TOP as usize * needs] = TOP;
        let mut made: Vec<Node> = vec![Node::default(); 2];
        let mut clock = Clock::new(limits);
        for (k, &Node { option, lo, hi }) in nodes.iter().enumerate().skip(2) {
            if let Some(reason) = clock.tick() {
                let done = Stats {
                    nodes: k as u64 - 2,
                    ..Stats::default()
                };
                return Err(Stopped::new(reason, done));
            }
            for need in 0..needs {
                let lo = id[lo as usize * needs + need];
                let hi = match roles[option as usize] {
                    Role::Forbidden => BOTTOM,
                    Role::Given if need == 0 => BOTTOM,
                    Role::Given => id[hi as usize * needs + need - 1],
                    Role::Free => id[hi as usize * needs + need],
                };
                id[k * needs + need] = if hi == BOTTOM {
                    lo
                } else {
                    made.push(Node { option, lo, hi });
                    (made.len() - 1) as u32
                };
            }
        }
        let root = match self.root() {
            _ if clash => BOTTOM,
            BOTTOM => BOTTOM,
            root => id[root as usize * needs + needed],
        };
        drop(id);
        let (made, root) = reachable(made, root);
        let mut stats = self.stats();
        stats.nodes = made.len() as u64 - 2;
        Zdd::new(made, root, (stats, self.option_count()), bound)
    }
}

/// The nodes that `root` reaches, renumbered in the same order (children first), and
/// the root's new number.
fn reachable(nodes: Vec<Node>, root: u32) -> (Vec<Node>, u32) {
    let mut reached = vec![false; nodes.len()];
    reached[root as usize] = true;
    for k in (2..nodes.len()).rev() {
        if reached[k] {
            reached[nodes[k].lo as usize] = true;
            reached[nodes[k].hi as usize] = true;
        }
    }
    let mut number = vec![BOTTOM; nodes.len()];
    number[TOP as usize] = TOP;
    let mut kept = vec![Node::default(); 2];
    for (k, node) in nodes.into_iter().enumerate().skip(2) {
        if reached[k] {
            number[k] = kept.len() as u32;
            kept.push(Node {
                option: node.option,
                lo: number[node.lo as usize],
                hi: number[node.hi as usize],
            });
        }
    }
    (kept, number[root as usize])
}

/// The stop of a restriction that would pass the memory bound.
fn refused() -> Stopped {
    Stopped::new(StopReason::Memory, Stats::default())
}
