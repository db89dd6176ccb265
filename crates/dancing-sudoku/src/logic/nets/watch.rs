//! The limits that a walk's searches of forcing nets answer to inside one step: a
//! search of nested chains can run for seconds, so each propagation polls the deadline,
//! the interrupt flag and the node limit (counted in potentials reached) of the walk
//! that asked for the step.

use std::cell::RefCell;
use std::sync::atomic::Ordering;
use std::time::Instant;

use dancing::{Limits, StopReason};

/// The limits of the step being looked for, and what stopped it.
struct Watch {
    limits: Limits,
    started: Instant,
    /// Potentials reached so far, for the node limit.
    work: u64,
    polls: u32,
    /// The level of the step's search under way ([`searching`]).
    level: u8,
    /// The limit that stopped a search, and the level of the step's search then.
    stopped: Option<(StopReason, u8)>,
}

thread_local! {
    static WATCH: RefCell<Option<Watch>> = const { RefCell::new(None) };
}

/// Runs `f` with the nets' searches answering to `limits` (the clock counted from
/// `started`). Returns what `f` returns and, if a limit stopped a search, which one and
/// the level of nested chains (2 to 5; 0 or 1 below them) that was searching.
pub(crate) fn watched<T>(
    limits: &Limits,
    started: Instant,
    f: impl FnOnce() -> T,
) -> (T, Option<(StopReason, u8)>) {
    let unlimited = limits.max_nodes.is_none()
        && limits.timeout.is_none()
        && limits.deadline.is_none()
        && limits.interrupt.is_none();
    if unlimited {
        // Nothing to poll: the searches run as without a watch.
        return (f(), None);
    }
    let watch = Watch {
        limits: limits.clone(),
        started,
        work: 0,
        polls: 0,
        level: 0,
        stopped: None,
    };
    let outer = WATCH.with_borrow_mut(|w| w.replace(watch));
    let found = f();
    let watch = WATCH.with_borrow_mut(|w| std::mem::replace(w, outer));
    (found, watch.and_then(|w| w.stopped))
}

/// Marks the start of a step's search of `level` (the searches run inside it as rules
/// keep it).
pub(super) fn searching(level: u8) {
    WATCH.with_borrow_mut(|watch| {
        if let Some(watch) = watch {
            watch.level = level;
        }
    });
}

/// Whether a search must stop, after `work` more potentials reached by the step's
/// search (searches run inside it count theirs in it): a limit of the walk was reached
/// now or before.
pub(super) fn stop(work: usize) -> bool {
    WATCH.with_borrow_mut(|watch| {
        let Some(watch) = watch else { return false };
        if watch.stopped.is_some() {
            return true;
        }
        watch.work += work as u64;
        watch.polls += 1;
        // The clock is read once in 16 polls; the flag and the count every time.
        let clock = watch.polls % 16 == 0;
        let limits = &watch.limits;
        // The node limit bounds the nested chains only, as the searches below them
        // always did without it.
        let level = watch.level;
        let reason = if level >= 2 && limits.max_nodes.is_some_and(|max| watch.work >= max) {
            Some(StopReason::NodeLimit)
        } else if limits
            .interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            Some(StopReason::Interrupted)
        } else if clock {
            let now = Instant::now();
            let late = limits.deadline.is_some_and(|d| now >= d)
                || limits
                    .timeout
                    .is_some_and(|t| now.saturating_duration_since(watch.started) >= t);
            late.then_some(StopReason::Timeout)
        } else {
            None
        };
        watch.stopped = reason.map(|r| (r, watch.level));
        reason.is_some()
    })
}
