//! The depth-first walk of a split: the subproblems at a depth, handed out as found.

use std::ops::ControlFlow;
use std::time::Instant;

use super::{NextLevel, SplitEngine};
use crate::engine::INSIDE;
use crate::ids::OptionId;
use crate::limits::{Limits, StopReason};
use crate::stats::Stats;

/// A search tree walked one level at a time by the depth-first splitter: the engines'
/// (moves are options) and Algorithm M's (moves are options or null moves).
pub(crate) trait Walk {
    /// A branch.
    type Move: Copy;
    /// What the search does at the current node: `None` for a solution, else the moves
    /// below it (none at a dead end) and the updates the split counts for expanding it.
    fn expand(&mut self) -> Option<(Vec<Self::Move>, u64)>;
    /// Goes down the first move `m` of the current node; returns the updates the split
    /// counts for it if the node it leads to is expanded.
    fn down(&mut self, m: Self::Move) -> u64;
    /// Replaces the last move by its later sibling `m`; the updates as for `down`.
    fn across(&mut self, m: Self::Move) -> u64;
    /// Undoes the last move.
    fn up(&mut self);
}

/// An engine as the splitter walks it.
pub(super) struct EngineWalk<'a, E>(pub(super) &'a mut E);

impl<E: SplitEngine> Walk for EngineWalk<'_, E> {
    type Move = OptionId;

    /// A node that is expanded counts the commit of the option leading to it and the
    /// cover of its item; a subproblem counts the commit itself, when replayed.
    fn expand(&mut self) -> Option<(Vec<OptionId>, u64)> {
        match self.0.next_level(INSIDE) {
            NextLevel::Solved => None,
            NextLevel::Item { item, .. } => Some((
                self.0.branch_options(INSIDE, item),
                self.0.cover_updates(INSIDE, item),
            )),
        }
    }

    fn down(&mut self, option: OptionId) -> u64 {
        self.0
            .follow(INSIDE, option)
            .expect("the splitter follows the search's branches")
    }

    fn across(&mut self, option: OptionId) -> u64 {
        self.0
            .follow_sibling(INSIDE, option)
            .expect("the splitter follows the search's branches")
    }

    fn up(&mut self) {
        let len = self.0.fixed_len(INSIDE);
        self.0.truncate_fixed(INSIDE, len - 1);
    }
}

/// Nodes the splitters walk between two looks at the limits.
pub(super) const LIMIT_CHECK: u64 = 64;

/// The prefixes of `walk`'s tree at depth `depth`, depth first, with the ones that end
/// above it (solutions; dead ends have no branches and vanish), passed to `visit` in
/// the search's order; the nodes and updates of the prefixes expanded, and why the walk
/// stopped early. At a limit, the rest of the tree is passed on at the depth reached.
pub(crate) fn depth_first<W: Walk>(
    walk: &mut W,
    depth: usize,
    limits: &Limits,
    mut visit: impl FnMut(&[W::Move]) -> ControlFlow<()>,
) -> Stats {
    let started = Instant::now();
    let mut stats = Stats::default();
    let mut path: Vec<W::Move> = Vec::new();
    // The moves of the node at each level of the path, and which one is taken.
    let mut frames: Vec<(Vec<W::Move>, usize)> = Vec::new();
    // The updates of the move leading to the current node, counted if it is expanded.
    let mut leading = 0;
    let mut walked = 0u64;
    let mut next_check = 0;
    'walk: loop {
        // The current node.
        if walked >= next_check {
            if let Some(reason) = limits.reached(walked, started) {
                stats.stopped = Some(reason);
                break 'walk;
            }
            next_check = walked + LIMIT_CHECK;
        }
        walked += 1;
        let expansion = if path.len() == depth {
            None
        } else {
            walk.expand()
        };
        match expansion {
            None => {
                if visit(&path).is_break() {
                    stats.stopped = Some(StopReason::Caller);
                    break 'walk;
                }
            }
            Some((moves, updates)) => {
                stats.nodes += 1;
                stats.updates += leading + updates;
                if let Some(&first) = moves.first() {
                    leading = walk.down(first);
                    path.push(first);
                    frames.push((moves, 0));
                    continue 'walk;
                }
            }
        }
        // The next sibling, climbing as far as needed.
        loop {
            let Some((moves, taken)) = frames.last_mut() else {
                break 'walk;
            };
            if *taken + 1 < moves.len() {
                *taken += 1;
                let m = moves[*taken];
                leading = walk.across(m);
                *path.last_mut().expect("a move per frame") = m;
                continue 'walk;
            }
            frames.pop();
            path.pop();
            walk.up();
        }
    }
    if stats.stopped.is_some_and(|r| r != StopReason::Caller) {
        // The node not walked yet, then the branches left at each level, deepest first.
        let mut flow = visit(&path);
        while let Some((moves, taken)) = frames.pop() {
            path.pop();
            for &m in &moves[taken + 1..] {
                if flow.is_continue() {
                    path.push(m);
                    flow = visit(&path);
                    path.pop();
                }
            }
            walk.up();
        }
    }
    for _ in frames.drain(..) {
        walk.up();
    }
    stats.elapsed = started.elapsed();
    stats
}
