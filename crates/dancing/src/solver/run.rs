//! The X loop: Algorithm X (and C) as a state machine over the explicit level stack,
//! run until it finds a solution, must check its limits, or ends.

use super::{Branching, Solver};
use crate::algorithm_x::{self, Entered, Position, Resume, Steps};
use crate::arena::heap;
use crate::arena::{Arena, Node, Notes, Unwatched};
use crate::engine::{Engine, Event, Front, Inside};
use crate::error::IntegrityError;
use crate::ids::OptionId;

impl Engine for Solver {
    const NAME: &'static str = "links";

    fn run(&mut self, _: Inside) -> Event {
        let watch = self.branching == Branching::FirstForced;
        let long = self.front.problem.primary_count() >= crate::arena::LONG;
        match (self.front.problem.has_colors(), watch) {
            (false, false) if long => self.run_loop::<false, false, true>(),
            (false, false) => self.run_loop::<false, false, false>(),
            (false, true) => self.run_loop::<false, true, false>(),
            (true, false) => self.run_loop::<true, false, false>(),
            (true, true) => self.run_loop::<true, true, false>(),
        }
    }

    fn unwind(&mut self, _: Inside) {
        self.deselect_levels(self.base..self.level);
        self.level = self.level.min(self.base);
        self.resume = Resume::Finished;
    }

    fn restart(&mut self, _: Inside) {
        self.notes.clear_hints();
        self.level = self.base;
        self.resume = Resume::Enter;
    }

    /// The options chosen at levels `0..level`, fixed ones first.
    fn chosen(&mut self, _: Inside) -> &[OptionId] {
        options_of(&self.front, &self.choice[..self.level], &mut self.scratch)
    }

    fn explored(&self, _: Inside) -> f64 {
        crate::engine::progress(self.arena.levels(&self.choice[self.base..self.level]))
    }

    fn level(&self, _: Inside) -> usize {
        self.level - self.base
    }

    /// Checks the links: every link consistent and, when nothing is fixed, the links
    /// (and those of the cheapest-solution search, once made) exactly as built.
    fn memory(&self) -> usize {
        self.arena.memory()
            + self.cost_arena.as_ref().map_or(0, Arena::memory)
            + self.notes.memory()
            + heap(&self.choice)
            + heap(&self.scratch)
    }

    fn check_integrity(&self) -> Result<(), IntegrityError> {
        self.arena.check_links()?;
        if self.base == 0 && self.arena != *self.front.problem.arena() {
            return Err(IntegrityError::Changed);
        }
        if let (Some(arena), Some(pricing)) = (&self.cost_arena, self.front.problem.pricing()) {
            let cost = |e| IntegrityError::CostLinks(Box::new(e));
            arena.check_links().map_err(cost)?;
            if *arena != pricing.arena {
                return Err(cost(IntegrityError::Changed));
            }
        }
        Ok(())
    }

    crate::engine::front_in_field!();
}

impl Solver {
    /// The search loop, TAOCP Algorithm X (Algorithm C when `COLORS`). Returns at each
    /// solution (to resume at X8) and at each limit check (to resume at X2). With `WATCH`
    /// (FirstForced branching) the covers note the items left with one option or none,
    /// and X3 takes those first.
    ///
    /// With `LONG` (a problem of many primary items, without colors, searched by
    /// minimum remaining values), X3 scans with [`Arena::choose_mrv`], which stops early
    /// once a scan has shown that no list is empty, and each level counts what it hid.
    /// A pause (a solution, a check of the limits) changes no list, so what a scan showed
    /// holds across it; the changes made outside the loop (options fixed or released,
    /// levels unwound) forget it.
    fn run_loop<const COLORS: bool, const WATCH: bool, const LONG: bool>(&mut self) -> Event {
        let good_enough = self.branching.good_enough();
        let at = Position::new(
            &mut self.front,
            self.base,
            &mut self.level,
            &mut self.resume,
        );
        let steps = &mut LinksSteps::<COLORS, WATCH, LONG> {
            arena: &mut self.arena,
            notes: &mut self.notes,
            choice: &mut self.choice,
            good_enough,
        };
        algorithm_x::run(steps, at)
    }
}

/// The steps of Algorithm X on the links: `choice[l]` is TAOCP's x_l, the node of the
/// option tried at level `l`.
struct LinksSteps<'a, const COLORS: bool, const WATCH: bool, const LONG: bool> {
    arena: &'a mut Arena,
    notes: &'a mut Notes,
    choice: &'a mut [u32],
    good_enough: u32,
}

impl<const COLORS: bool, const WATCH: bool, const LONG: bool> Steps
    for LinksSteps<'_, COLORS, WATCH, LONG>
{
    #[inline(always)]
    fn enter(&mut self, level: usize) -> Entered {
        let arena = &mut *self.arena;
        // X3: choose an item by minimum remaining values.
        let chosen = if WATCH {
            arena.choose_forced(self.notes)
        } else if LONG {
            arena.choose_mrv(self.notes, self.good_enough)
        } else {
            arena.choose_item(self.good_enough)
        };
        let Some(i) = chosen else {
            return Entered::Solved;
        };
        // X4: cover it and start down its list.
        let cover = if WATCH {
            arena.cover::<COLORS>(i, self.notes)
        } else {
            arena.cover::<COLORS>(i, &mut Unwatched)
        };
        let x = arena.nodes()[i as usize].down;
        if x == i {
            // X7: the item has no option left (its cover hid nothing).
            arena.uncover::<COLORS>(i);
            return Entered::DeadEnd(cover);
        }
        // X5: try x.
        let commit = if LONG {
            // Every update of a cover but the item's own is a node hidden.
            // Forced moves first and the long scan are never asked together.
            let (commit, others) = arena.commit_others_counted(x, &mut Unwatched);
            self.notes.note_hidden(cover - 1 + commit - others);
            commit
        } else {
            commit_others::<COLORS, WATCH>(arena, self.notes, x)
        };
        self.choice[level] = x;
        Entered::Tried(cover + commit)
    }

    #[inline(always)]
    fn next(&mut self, level: usize) -> Option<u64> {
        let arena = &mut *self.arena;
        if WATCH {
            self.notes.clear_hints();
        }
        let prev = self.choice[level];
        arena.uncommit_others::<COLORS>(prev);
        let Node {
            top: item, down: x, ..
        } = arena.nodes()[prev as usize];
        if x == item {
            // X7: uncover the item.
            arena.uncover::<COLORS>(item);
            return None;
        }
        // X5 again with the next option.
        self.choice[level] = x;
        Some(commit_others::<COLORS, WATCH>(arena, self.notes, x))
    }
}

/// X5: commits the other items of `x`'s option, noting the forced moves with `WATCH`.
#[inline(always)]
fn commit_others<const COLORS: bool, const WATCH: bool>(
    arena: &mut Arena,
    notes: &mut Notes,
    x: u32,
) -> u64 {
    if WATCH {
        arena.commit_others::<COLORS>(x, notes)
    } else {
        arena.commit_others::<COLORS>(x, &mut Unwatched)
    }
}

/// The options of the nodes `choice`, gathered in `scratch`.
pub(crate) fn options_of<'a>(
    front: &Front,
    choice: &[u32],
    scratch: &'a mut Vec<OptionId>,
) -> &'a [OptionId] {
    scratch.clear();
    scratch.extend(choice.iter().map(|&x| front.problem.option_of_node(x)));
    scratch
}
