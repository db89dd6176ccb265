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
    c_int::from(watch.stopped.is_some())
}

unsafe extern "C" fn learn(state: *mut c_void, _clause: *mut c_int) {
    // SAFETY: as in `terminate`.
    let watch = unsafe { &mut *state.cast::<Watch>() };
    watch.learned += 1;
}

/// One CaDiCaL solver.
#[derive(Debug)]
pub(crate) struct Cadical {
    solver: *mut CCaDiCaL,
    /// From `Box::into_raw`; freed in `Drop`. Read and written only through short-lived
    /// references made from this pointer, never while CaDiCaL runs.
    watch: NonNull<Watch>,
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
    pub(crate) fn new(limits: &Limits) -> Self {
        // SAFETY: no precondition.
        let solver = unsafe { ccadical_init() };
        assert!(!solver.is_null(), "CaDiCaL could not allocate a solver");
        let watch = NonNull::from(Box::leak(Box::new(Watch {
            limits: limits.clone(),
            started: Instant::now(),
            stopped: None,
            learned: 0,
            polls: 0,
        })));
        let state = watch.as_ptr().cast::<c_void>();
        // SAFETY: `solver` is live; `state` lives until `Drop`, after the solver.
        unsafe {
            ccadical_set_learn(solver, state, c_int::MAX, Some(learn));
            let watched =
                limits.timeout.is_some() || limits.deadline.is_some() || limits.interrupt.is_some();
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
        self.watch_mut().stopped = None;
        // SAFETY: `solver` is live; no reference to the callbacks' state lives meanwhile.
        match unsafe { ccadical_solve(self.solver) } {
            10 => Answer::Satisfiable,
            20 => Answer::Unsatisfiable,
            _ => Answer::Stopped(self.watch().stopped.unwrap_or(StopReason::Interrupted)),
        }
    }

    fn watch(&self) -> &Watch {
        // SAFETY: `watch` is alive until `Drop`, and CaDiCaL calls back only inside
        // `solve`, which holds no reference to it then.
        unsafe { self.watch.as_ref() }
    }

    fn watch_mut(&mut self) -> &mut Watch {
        // SAFETY: as in `watch`; `&mut self` makes this the only reference.
        unsafe { self.watch.as_mut() }
    }

    /// The value of a variable in the model of the last satisfiable solve.
    pub(crate) fn value(&self, variable: i32) -> bool {
        // SAFETY: `solver` is live and its last solve was satisfiable (callers' duty;
        // CaDiCaL checks it and aborts otherwise, never reading out of bounds).
        unsafe { ccadical_val(self.solver, variable) > 0 }
    }

    /// Clauses learned so far, about one per conflict.
    pub(crate) fn learned(&self) -> u64 {
        self.watch().learned
    }
}

impl Drop for Cadical {
    fn drop(&mut self) {
        // SAFETY: `solver` came from `ccadical_init` and is released once; then nothing
        // calls back, and `watch`, from `Box::leak`, is freed once.
        unsafe {
            ccadical_release(self.solver);
            drop(Box::from_raw(self.watch.as_ptr()));
        }
    }
}
