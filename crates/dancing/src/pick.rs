//! Which engine runs a plain search, chosen by timing both (the command line's
//! `--engine auto`, the Python `engine="auto"`).
//!
//! The links and the dense engine walk the same search tree in the same order, so the
//! time each takes over the first nodes of a search compares them directly: each
//! counts the first [`PROBE_NODES`] nodes (or as many as [`PROBE_TIME`] allows) twice,
//! alternately, and the better rate of its two runs stands. The dense engine wins where a
//! set of all options is a few machine words and choices rule many of them out (polyomino
//! packings, N-queens up to about 13, Langford pairs up to about 12); the links win on
//! larger problems (queens 40, Langford pairs 20), where each choice passes over many
//! words of options to rule out few of them. Dancing cells is never picked: it was slower than the links on every problem
//! measured.

use std::time::{Duration, Instant};

use crate::{DenseSolver, Engine, Limits, Problem, Solver};

/// Nodes each engine searches per probe: about a millisecond, against the seconds a
/// search worth choosing for takes.
const PROBE_NODES: u64 = 4_096;

/// The longest a probe runs, where nodes are slow (checked every
/// [`Limits::CHECK_INTERVAL`] nodes): engines are then compared by nodes per second.
const PROBE_TIME: Duration = Duration::from_millis(20);

/// The largest tables the probe builds for the dense engine: the problems it wins on
/// take well under a megabyte.
const MAX_DENSE_BYTES: usize = 64 << 20;

/// An engine ready to search, as [`pick`] chose it.
#[derive(Debug)]
pub enum Picked {
    /// Dancing links.
    Links(Solver),
    /// The dense engine.
    Dense(DenseSolver),
}

/// Times the links and the dense engine on the first nodes of `problem`'s search and
/// returns the faster, with no limits set. A search that the probe finishes stays on
/// the links; so does a problem whose dense tables would pass 64 MiB.
///
/// ```
/// use dancing::{Engine, Picked, pick, problems};
///
/// let problem = problems::pentominoes(20, 3);
/// let count = match pick(&problem) {
///     Picked::Links(mut links) => links.count(),
///     Picked::Dense(mut dense) => dense.count(),
/// };
/// assert_eq!(count, 8);
/// ```
pub fn pick(problem: &Problem) -> Picked {
    let mut links = Solver::new(problem);
    if DenseSolver::memory(problem) > MAX_DENSE_BYTES {
        return Picked::Links(links);
    }
    let Ok(mut dense) = DenseSolver::new(problem) else {
        return Picked::Links(links);
    };
    let probe = Limits {
        max_nodes: Some(PROBE_NODES),
        timeout: Some(PROBE_TIME),
        ..Limits::none()
    };
    links.set_limits(probe.clone());
    dense.set_limits(probe);
    // Nodes per second, the better of two runs of each engine.
    let rate = |nodes: u64, time: Duration| nodes as f64 / time.as_secs_f64().max(1e-9);
    let (mut links_rate, mut dense_rate) = (0.0f64, 0.0f64);
    for _ in 0..2 {
        let started = Instant::now();
        if links.count().is_complete() {
            links.set_limits(Limits::none());
            return Picked::Links(links);
        }
        links_rate = links_rate.max(rate(links.stats().nodes, started.elapsed()));
        let started = Instant::now();
        // The same tree: it stops where the links stopped, or at the clock.
        let _partial = dense.count();
        dense_rate = dense_rate.max(rate(dense.stats().nodes, started.elapsed()));
    }
    links.set_limits(Limits::none());
    dense.set_limits(Limits::none());
    if dense_rate > links_rate {
        Picked::Dense(dense)
    } else {
        Picked::Links(links)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems;

    #[test]
    fn a_search_the_probe_finishes_stays_on_the_links() {
        assert!(matches!(pick(&problems::queens(6)), Picked::Links(_)));
    }

    #[test]
    fn the_engine_picked_has_no_limits_left() {
        let problem = problems::pentominoes(20, 3);
        let count = match pick(&problem) {
            Picked::Links(mut links) => links.count(),
            Picked::Dense(mut dense) => dense.count(),
        };
        assert_eq!(count, 8);
    }
}
