//! `--max-memory`: what a search may hold. Reading is bounded by the size of the input
//! (`xc.rs`); the copies an engine makes for its threads are counted here before they
//! are made; the memo and the learner count what they grow as they go.

use dancing::{Engine, Problem};

use crate::args::XcArgs;
use crate::failure::Failure;
use crate::input::human_size;

/// Bytes a node of a problem about to be built takes, every copy counted: the
/// builder's lists, the problem's arena and the search's copy of it (16 bytes a node
/// each), and colors where the problem has them.
const BYTES_PER_NODE: u64 = 64;
/// Bytes an item takes: its name, the builder's map entry, its headers.
const BYTES_PER_ITEM: u64 = 128;

/// Refuses, before it is built, a problem of about `items` items and `nodes` nodes
/// (`what` names it) that would take the run past `--max-memory` `max_memory`.
pub(crate) fn check_build(
    (items, nodes): (u64, u64),
    max_memory: u64,
    what: &str,
) -> Result<(), Failure> {
    let needed = nodes
        .saturating_mul(BYTES_PER_NODE)
        .saturating_add(items.saturating_mul(BYTES_PER_ITEM));
    if needed <= max_memory {
        return Ok(());
    }
    Err(Failure::input(format!(
        "{what} would take about {} to build and search, more than --max-memory {} allows; raise --max-memory, or ask for a smaller one",
        human_size(needed),
        human_size(max_memory)
    )))
}

/// Refuses, before the search, `--sample K` by listing when its `K` solutions would
/// take the process past `--max-memory` with the problem and the engine held.
pub(crate) fn check_draws<E: Engine>(
    args: &XcArgs,
    problem: &Problem,
    engine: &E,
    k: u64,
) -> Result<(), Failure> {
    let draws = dancing::listing_bytes(problem, k);
    let needed = (problem.memory() as u64 + engine.memory() as u64).saturating_add(draws);
    if needed <= args.max_memory {
        return Ok(());
    }
    Err(Failure::input(format!(
        "--sample {k} by listing would hold about {} of solutions ({} with the problem), \
         more than --max-memory {} allows; draw fewer, raise --max-memory, or draw from \
         the memo (--memo)",
        human_size(draws),
        human_size(needed),
        human_size(args.max_memory),
    )))
}

/// Refuses, before any is made, `copies` copies of `engine` (the template and one a
/// thread) that would take the process past `--max-memory` with the problem and the
/// engine already held; `flag` is what asked for them.
pub(crate) fn check_copies<E: Engine>(
    args: &XcArgs,
    problem: &Problem,
    engine: &E,
    copies: usize,
    flag: &str,
) -> Result<(), Failure> {
    let copy = engine.memory() as u64;
    // The engine given is the first copy.
    let needed = problem.memory() as u64 + copy * copies as u64;
    if needed <= args.max_memory {
        return Ok(());
    }
    Err(Failure::input(format!(
        "{flag} {} would hold {copies} copies of the {} engine's tables ({} each, {} with \
         the problem), more than --max-memory {} allows; use fewer threads or raise \
         --max-memory",
        args.split.threads,
        E::NAME,
        human_size(copy),
        human_size(needed),
        human_size(args.max_memory),
    )))
}
