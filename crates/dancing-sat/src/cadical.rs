//! A safe handle on CaDiCaL's C interface (`ccadical.h`).
//!
//! The `cadical` crate builds CaDiCaL's bundled C++ source and links it; its Rust
//! wrapper offers no way to set options (such as the default phase) and counts no
//! conflicts, so this module declares the C functions it needs itself. This file is the
//! crate's only `unsafe`: each call passes the pointer `ccadical_init` returned, alive
//! until `Drop`, and callback state that is allocated once, held only as a raw pointer
//! (so the callbacks' copy and ours are the same pointer, and no `Box` or `&mut` asserts
//! it unique while CaDiCaL may call back), and freed after the solver in `Drop`.

#![allow(unsafe_code)]

use std::ffi::{CString, c_int, c_void};
use std::ptr::NonNull;
use std::time::Instant;

use dancing::{Limits, StopReason};

// Link the library that the `cadical` crate builds.
extern crate cadical as _;

#[repr(C)]
struct CCaDiCaL {
    _private: [u8; 0],
}

unsafe extern "C" {
    fn ccadical_init() -> *mut CCaDiCaL;
    fn ccadical_release(solver: *mut CCaDiCaL);
    fn ccadical_add(solver: *mut CCaDiCaL, literal: c_int);
    fn ccadical_solve(solver: *mut CCaDiCaL) -> c_int;
    fn ccadical_val(solver: *mut CCaDiCaL, literal: c_int) -> c_int;
    fn ccadical_set_option(solver: *mut CCaDiCaL, name: *const std::ffi::c_char, value: c_int);
    fn ccadical_set_terminate(
        solver: *mut CCaDiCaL,
        state: *mut c_void,
        terminate: Option<unsafe extern "C" fn(*mut c_void) -> c_int>,
    );
    fn ccadical_set_learn(
        solver: *mut CCaDiCaL,
        state: *mut c_void,
        max_length: c_int,
        learn: Option<unsafe extern "C" fn(*mut c_void, *mut c_int)>,
    );
}

/// What the callbacks read and write while CaDiCaL searches.
#[derive(Debug)]
struct Watch {
    limits: Limits,
    started: Instant,
    /// Why the last solve was asked to stop, if it was.
    stopped: Option<StopReason>,
    /// Clauses learned: one per conflict.
    learned: u64,
    /// Calls of the terminate callback, to read the clock only every so often.
    polls: u64,
    /// The most bytes the process may hold resident (checked every 20 ms or so).
    max_memory: Option<u64>,
    /// When the process's size was last read.
    weighed: Instant,
}

unsafe extern "C" fn terminate(state: *mut c_void) -> c_int {
    // SAFETY: `state` is the `Watch` of the `Cadical` that is solving, alive until its
    // `Drop`, and no other reference to it lives while CaDiCaL runs.
    let watch = unsafe { &mut *state.cast::<Watch>() };
    watch.polls += 1;
    if watch.polls % 64 != 0 {
        return 0;
    }
    watch.stopped = watch.limits.reached(0, watch.started);
    if watch.stopped.is_none()
        && let Some(max) = watch.max_memory
        && watch.weighed.elapsed() >= WEIGH_EVERY
    {
        watch.weighed = Instant::now();
        if crate::memory::resident().is_some_and(|held| held > max) {
            watch.stopped = Some(StopReason::Memory);
        }
    }
    c_int::from(watch.stopped.is_some())
}

/// How often a solve reads the process's size when its memory is bounded.
const WEIGH_EVERY: std::time::Duration = std::time::Duration::from_millis(20);

unsafe extern "C" fn learn(state: *mut c_void, _clause: *mut c_int) {
    // SAFETY: as in `terminate`.
    let watch = unsafe { &mut *state.cast::<Watch>() };
    watch.learned += 1;
}

/// The callbacks' state, owned through a raw pointer: CaDiCaL keeps a copy of
/// [`state`](Self::state) and calls back through it, so no `Box` or lasting `&mut` may
/// claim the state unique meanwhile (either would invalidate that copy under Rust's
/// aliasing rules). Read and written through short-lived references made from the
/// pointer, never while CaDiCaL runs; freed on drop.
#[derive(Debug)]
struct WatchCell(NonNull<Watch>);

impl WatchCell {
    fn new(watch: Watch) -> Self {
        Self(NonNull::from(Box::leak(Box::new(watch))))
    }

    /// The pointer the callbacks are given.
    fn state(&self) -> *mut c_void {
        self.0.as_ptr().cast()
    }

    fn get(&self) -> &Watch {
        // SAFETY: alive until drop; CaDiCaL calls back only inside a solve, when no
        // reference made here is alive.
        unsafe { self.0.as_ref() }
    }

    fn get_mut(&mut self) -> &mut Watch {
        // SAFETY: as in `get`; `&mut self` makes this the only reference made here.
        unsafe { self.0.as_mut() }
    }
}

impl Drop for WatchCell {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `Box::leak` and is freed once; the solver that
        // called back through it is released first (`Cadical`'s field order).
        drop(unsafe { Box::from_raw(self.0.as_ptr()) });
    }
}

/// One CaDiCaL solver.
#[derive(Debug)]
pub(crate) struct Cadical {
    solver: *mut CCaDiCaL,
    /// Dropped after `Drop for Cadical` has released the solver.
    watch: WatchCell,
}

// SAFETY: a CaDiCaL solver is not tied to the thread that made it; it is used through
// `&mut self` only, so never from two threads at once.
unsafe impl Send for Cadical {}

/// The outcome of a solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    Satisfiable,
    Unsatisfiable,
    Stopped(StopReason),
}

impl Cadical {
    /// A solver that stops at `limits`, and once the process holds more than
    /// `max_memory` bytes (as Linux counts them) if given.
    pub(crate) fn new(limits: &Limits, max_memory: Option<u64>) -> Self {
        // SAFETY: no precondition.
        let solver = unsafe { ccadical_init() };
        assert!(!solver.is_null(), "CaDiCaL could not allocate a solver");
        let watch = WatchCell::new(Watch {
            limits: limits.clone(),
            started: Instant::now(),
            stopped: None,
            learned: 0,
            polls: 0,
            max_memory,
            weighed: Instant::now(),
        });
        let state = watch.state();
        // SAFETY: `solver` is live; `state` lives until `Drop`, after the solver.
        unsafe {
            ccadical_set_learn(solver, state, c_int::MAX, Some(learn));
            let watched = limits.timeout.is_some()
                || limits.deadline.is_some()
                || limits.interrupt.is_some()
                || max_memory.is_some();
            if watched {
                ccadical_set_terminate(solver, state, Some(terminate));
            }
        }
        Self { solver, watch }
    }

    /// Sets one of CaDiCaL's options by name (see `cadical --help`), before any clause.
    pub(crate) fn set_option(&mut self, name: &str, value: i32) {
        let name = CString::new(name).expect("option names have no NUL");
        // SAFETY: `solver` is live; `name` is a C string alive for the call.
        unsafe { ccadical_set_option(self.solver, name.as_ptr(), value) };
    }

    pub(crate) fn add_clause(&mut self, literals: &[i32]) {
        for &literal in literals {
            debug_assert!(literal != 0);
            // SAFETY: `solver` is live.
            unsafe { ccadical_add(self.solver, literal) };
        }
        // SAFETY: `solver` is live.
        unsafe { ccadical_add(self.solver, 0) };
    }

    pub(crate) fn solve(&mut self) -> Answer {
        self.watch.get_mut().stopped = None;
        // SAFETY: `solver` is live; no reference to the callbacks' state lives meanwhile.
        match unsafe { ccadical_solve(self.solver) } {
            10 => Answer::Satisfiable,
            20 => Answer::Unsatisfiable,
            _ => Answer::Stopped(self.watch.get().stopped.unwrap_or(StopReason::Interrupted)),
        }
    }

    /// The value of a variable in the model of the last satisfiable solve.
    pub(crate) fn value(&self, variable: i32) -> bool {
        // SAFETY: `solver` is live and its last solve was satisfiable (callers' duty;
        // CaDiCaL checks it and aborts otherwise, never reading out of bounds).
        unsafe { ccadical_val(self.solver, variable) > 0 }
    }

    /// Clauses learned so far, about one per conflict.
    pub(crate) fn learned(&self) -> u64 {
        self.watch.get().learned
    }
}

impl Drop for Cadical {
    fn drop(&mut self) {
        // SAFETY: `solver` came from `ccadical_init` and is released once (then
        // `watch`, which it called back into, is dropped).
        unsafe { ccadical_release(self.solver) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The callbacks and the owner take turns on the state as a solve does: under Miri
    /// (`cargo +nightly miri test -p dancing-sat --lib cadical`) this checks that the
    /// pointer CaDiCaL keeps stays valid across the owner's reads and writes.
    #[test]
    fn callbacks_and_owner_share_the_state() {
        let mut watch = WatchCell::new(Watch {
            limits: Limits::max_nodes(1),
            started: Instant::now(),
            stopped: None,
            learned: 0,
            polls: 0,
            max_memory: None,
            weighed: Instant::now(),
        });
        let state = watch.state();
        for round in 1..=3 {
            watch.get_mut().stopped = None;
            for _ in 0..64 {
                // SAFETY: `state` is `watch`'s, and no reference to it is alive.
                unsafe { learn(state, std::ptr::null_mut()) };
                // SAFETY: as above.
                let _ = unsafe { terminate(state) };
            }
            assert_eq!(watch.get().learned, 64 * round);
            assert_eq!(watch.get().polls, 64 * round);
        }
    }
}
