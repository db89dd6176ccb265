//! Solutions of a parallel search in the sequential search's order, through a bounded
//! window.
//!
//! The work is cut into *units*: the whole search, or one branch of a job (its path
//! and the branch make its key). Keys compare as the sequential search visits their
//! subtrees, and work given away from inside a unit starts after that unit's own
//! solutions and before the next unit of its job, so the unit with the least key among
//! those not yet finished, the *head*, holds the next solutions in order. The head's
//! worker passes its solutions on as it finds them; the others keep theirs until their
//! unit becomes the head. They keep at most [`WINDOW`] options in all (4 MiB): a worker
//! that would keep more waits until its unit becomes the head. The head never waits,
//! and a worker that finishes the head takes the earliest work there is, so the search
//! always goes on.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use crate::ids::OptionId;

/// A lock on `mutex`, whatever a panicking thread left in it (the panic reaches the
/// caller through the thread's join; the data stays usable for the others to stop).
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The most options the workers other than the head keep, in all (4 MiB of ids).
pub(super) const WINDOW: usize = 1 << 20;

/// Options a worker other than the head collects before it hands them to the window
/// (at most an eighth of the window).
const CHUNK: usize = 1 << 12;

/// Where a unit stands.
#[derive(Debug, PartialEq, Eq)]
enum Stage {
    /// Queued, or being searched.
    Open,
    /// Searched: its solutions wait for the units before it.
    Done,
}

/// A unit's solutions kept for later, back to back, with where each ends.
#[derive(Debug, Default)]
struct Kept {
    options: Vec<OptionId>,
    ends: Vec<usize>,
}

impl Kept {
    fn push(&mut self, solution: &[OptionId]) {
        self.options.extend_from_slice(solution);
        self.ends.push(self.options.len());
    }

    fn append(&mut self, other: &mut Kept) {
        let base = self.options.len();
        self.options.append(&mut other.options);
        self.ends.extend(other.ends.drain(..).map(|end| base + end));
    }

    /// Passes each kept solution to `visit`, in order, until it breaks.
    fn pass(&self, visit: &impl Fn(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut start = 0;
        for &end in &self.ends {
            visit(&self.options[start..end])?;
            start = end;
        }
        ControlFlow::Continue(())
    }
}

struct Slot {
    stage: Stage,
    kept: Kept,
}

struct Window<M> {
    /// The units not yet passed on, by key: the first is the head.
    units: BTreeMap<Vec<M>, Slot>,
    /// Options kept in all the slots.
    kept: usize,
    /// The most options kept at once.
    peak: usize,
}

/// The ordered output of one search: the visitor and the window.
pub(super) struct Reorder<F, M> {
    visit: F,
    /// The most options kept in the slots before a worker waits.
    room: usize,
    /// Options a worker collects before it hands them to the window.
    chunk: usize,
    window: Mutex<Window<M>>,
    /// Signalled when the head changes or the window drains.
    changed: Condvar,
    /// Bumped when the head changes, so a worker knows when to look again.
    epoch: AtomicU64,
    /// Set when the visitor broke, or the search stopped.
    broke: AtomicBool,
}

/// A worker's unit in progress.
#[derive(Debug)]
pub(super) struct Unit<M> {
    key: Vec<M>,
    /// Whether the unit is the head (then it stays the head until it ends).
    head: bool,
    /// The epoch when the worker last looked.
    seen: u64,
    /// Solutions not yet handed to the window.
    kept: Kept,
}

impl<M> Unit<M> {
    /// The worker's handle on the unit `key`, opened before.
    pub(super) fn new(key: Vec<M>) -> Self {
        Unit {
            key,
            head: false,
            seen: u64::MAX,
            kept: Kept::default(),
        }
    }
}

impl<F, M> Reorder<F, M>
where
    F: Fn(&[OptionId]) -> ControlFlow<()>,
    M: Ord + Clone,
{
    /// The ordered output to `visit`, keeping at most about `room` options ahead.
    pub(super) fn new(visit: F, room: usize) -> Self {
        Self {
            visit,
            room,
            chunk: (room / 8).clamp(1, CHUNK),
            window: Mutex::new(Window {
                units: BTreeMap::new(),
                kept: 0,
                peak: 0,
            }),
            changed: Condvar::new(),
            epoch: AtomicU64::new(0),
            broke: AtomicBool::new(false),
        }
    }

    /// Whether the visitor asked to stop.
    pub(super) fn broke(&self) -> bool {
        self.broke.load(Relaxed)
    }

    /// Notes a unit with key `key`, queued or about to be searched.
    pub(super) fn open(&self, key: Vec<M>) {
        lock(&self.window).units.insert(
            key,
            Slot {
                stage: Stage::Open,
                kept: Kept::default(),
            },
        );
    }

    /// A solution of `unit`: passed on if the unit is the head, kept otherwise (waiting
    /// while the window is full and the search goes on).
    pub(super) fn found(
        &self,
        unit: &mut Unit<M>,
        solution: &[OptionId],
        stop: &AtomicBool,
    ) -> ControlFlow<()> {
        if !unit.head && unit.seen != self.epoch.load(Relaxed) {
            self.look(unit)?;
        }
        if unit.head {
            return self.visit(solution);
        }
        unit.kept.push(solution);
        if unit.kept.options.len() >= self.chunk {
            let mut window = lock(&self.window);
            loop {
                if self.is_head(&window, unit) {
                    drop(window);
                    return self.become_head(unit);
                }
                if window.kept < self.room || stop.load(Relaxed) {
                    break;
                }
                window = self
                    .changed
                    .wait(window)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            window.kept += unit.kept.options.len();
            window.peak = window.peak.max(window.kept);
            let slot = window.units.get_mut(&unit.key).expect("an open unit");
            slot.kept.append(&mut unit.kept);
        }
        ControlFlow::Continue(())
    }

    /// Ends `unit` and opens `next` (the job's next branch) in the same step, then
    /// passes on what is ready. `Break` if the visitor broke.
    pub(super) fn finish(&self, mut unit: Unit<M>, next: Option<Vec<M>>) -> ControlFlow<()> {
        let mut window = lock(&self.window);
        if let Some(next) = next {
            window.units.insert(
                next,
                Slot {
                    stage: Stage::Open,
                    kept: Kept::default(),
                },
            );
        }
        let head = window.units.keys().next() == Some(&unit.key);
        let added = unit.kept.options.len();
        let slot = window.units.get_mut(&unit.key).expect("an open unit");
        slot.stage = Stage::Done;
        slot.kept.append(&mut unit.kept);
        window.kept += added;
        window.peak = window.peak.max(window.kept);
        if !head {
            return ControlFlow::Continue(());
        }
        // The head ended: pass on every finished unit at the front, then what the new
        // head kept.
        let mut flow = ControlFlow::Continue(());
        while let Some(mut first) = window.units.first_entry() {
            let slot = first.get_mut();
            let kept = std::mem::take(&mut slot.kept);
            let done = slot.stage == Stage::Done;
            if done {
                first.remove();
            }
            window.kept -= kept.options.len();
            if flow.is_continue() {
                flow = kept.pass(&|s| self.visit(s));
            }
            if !done {
                break;
            }
        }
        self.epoch.fetch_add(1, Relaxed);
        self.changed.notify_all();
        flow
    }

    /// The most options the slots held at once.
    pub(super) fn peak(&self) -> usize {
        lock(&self.window).peak
    }

    /// Passes nothing more on: the search stopped.
    pub(super) fn stop(&self) {
        self.broke.store(true, Relaxed);
    }

    /// Wakes every worker waiting for room, at a stop.
    pub(super) fn wake_all(&self) {
        let _window = lock(&self.window);
        self.changed.notify_all();
    }

    fn visit(&self, solution: &[OptionId]) -> ControlFlow<()> {
        if self.broke() {
            return ControlFlow::Break(());
        }
        let flow = (self.visit)(solution);
        if flow.is_break() {
            self.broke.store(true, Relaxed);
        }
        flow
    }

    fn is_head(&self, window: &Window<M>, unit: &Unit<M>) -> bool {
        window.units.keys().next() == Some(&unit.key)
    }

    /// Looks whether `unit` became the head; if so, passes on what it kept.
    fn look(&self, unit: &mut Unit<M>) -> ControlFlow<()> {
        let window = lock(&self.window);
        unit.seen = self.epoch.load(Relaxed);
        if self.is_head(&window, unit) {
            drop(window);
            return self.become_head(unit);
        }
        ControlFlow::Continue(())
    }

    /// Passes on what the head `unit` kept: what the window holds was passed on when it
    /// became the head, so only the worker's own remain.
    fn become_head(&self, unit: &mut Unit<M>) -> ControlFlow<()> {
        unit.head = true;
        let kept = std::mem::take(&mut unit.kept);
        kept.pass(&|s| self.visit(s))
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::sync::atomic::AtomicBool;

    use super::*;

    /// What a later unit kept is passed on when the head ends; after a stop, nothing
    /// more is, so a stopped search's output ends where the stop found it.
    #[test]
    fn a_stop_passes_nothing_more_on() {
        for stopped in [false, true] {
            let passed = Cell::new(0);
            let reorder = Reorder::new(
                |_: &[OptionId]| {
                    passed.set(passed.get() + 1);
                    ControlFlow::Continue(())
                },
                1 << 10,
            );
            let never = AtomicBool::new(false);
            reorder.open(vec![0u32]);
            reorder.open(vec![1u32]);
            let head = Unit::new(vec![0u32]);
            let mut later = Unit::new(vec![1u32]);
            for k in 0..3 {
                let _ = reorder.found(&mut later, &[OptionId::new(k)], &never);
            }
            let _ = reorder.finish(later, None);
            assert_eq!(passed.get(), 0, "kept until the head ends");
            if stopped {
                reorder.stop();
            }
            let _ = reorder.finish(head, None);
            assert_eq!(passed.get(), if stopped { 0 } else { 3 });
        }
    }
}
