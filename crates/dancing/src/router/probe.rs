//! The probe of `auto`: the links and the dense engine timed on the first nodes.

use std::time::{Duration, Instant};

use super::AnyEngine;
use crate::engine::Engine;
use crate::limits::Limits;
use crate::problem::Problem;
use crate::{dense::DenseSolver, solver::Solver};

/// Nodes each engine searches per probe of `auto`: about a millisecond, against the
/// seconds a search worth choosing for takes.
pub(super) const PROBE_NODES: u64 = 4_096;

/// The longest a probe of `auto` runs, where nodes are slow (checked every
/// [`Limits::CHECK_INTERVAL`] nodes).
pub(super) const PROBE_TIME: Duration = Duration::from_millis(20);

/// The largest tables the probe of `auto` builds for the dense engine: the problems it
/// wins on take well under a megabyte.
pub(super) const MAX_DENSE_BYTES: usize = 64 << 20;

/// The faster of the links and the dense engine on the first nodes of `problem`'s
/// search, with no limits set: the links when the probe finishes the search, or when
/// the dense tables would pass 64 MiB.
pub(super) fn fastest(problem: &Problem) -> AnyEngine {
    let mut links = Solver::new(problem);
    if DenseSolver::memory(problem) > MAX_DENSE_BYTES {
        return AnyEngine::Links(links);
    }
    let Ok(mut dense) = DenseSolver::new(problem) else {
        return AnyEngine::Links(links);
    };
    let probe = Limits {
        max_nodes: Some(PROBE_NODES),
        timeout: Some(PROBE_TIME),
        ..Limits::none()
    };
    links.set_limits(probe.clone());
    dense.set_limits(probe);
    // Nodes per second of the probe's own CPU time, the better of two runs of each.
    let rate = |nodes: u64, time: Duration| nodes as f64 / time.as_secs_f64().max(1e-9);
    let (mut links_rate, mut dense_rate) = (0.0f64, 0.0f64);
    for _ in 0..2 {
        let clock = Clock::start();
        if links.count().is_complete() {
            links.set_limits(Limits::none());
            return AnyEngine::Links(links);
        }
        links_rate = links_rate.max(rate(links.stats().nodes, clock.spent()));
        let clock = Clock::start();
        // The same tree: it stops where the links stopped, or at the clock.
        let _partial = dense.count();
        dense_rate = dense_rate.max(rate(dense.stats().nodes, clock.spent()));
    }
    links.set_limits(Limits::none());
    dense.set_limits(Limits::none());
    if dense_rate > links_rate {
        AnyEngine::Dense(dense)
    } else {
        AnyEngine::Links(links)
    }
}

/// The time a probe takes: the thread's CPU time (what another process cannot take from
/// it), else the wall clock where the system does not tell it.
pub(super) struct Clock {
    cpu: Option<cpu_time::ThreadTime>,
    wall: Instant,
}

impl Clock {
    fn start() -> Self {
        Self {
            cpu: cpu_time::ThreadTime::try_now().ok(),
            wall: Instant::now(),
        }
    }

    fn spent(&self) -> Duration {
        self.cpu
            .as_ref()
            .and_then(|cpu| cpu.try_elapsed().ok())
            .unwrap_or_else(|| self.wall.elapsed())
    }
}
