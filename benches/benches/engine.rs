//! The engine (the links, and the dense engine where the problem fits it) against the
//! `dlx` crate and the `exact-covers` crate: counting every solution of the same problem (the `dlx` crate parses the same Knuth-format text; the
//! `exact-covers` crate is given the same items and options, in the same order). Counts,
//! and for `dlx` TAOCP's node and update counts, are checked before anything is timed.

mod common;
#[path = "../peers/exact_covers.rs"]
mod exact_covers_peer;

use common::ThreadCpuTime;
use criterion::{BatchSize, BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use dancing::Engine;
use dancing::{DenseSolver, Solver};
use dancing_benches::engine_cases;
use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::{OptOrder, Spec};
use exact_covers_peer::ExactCovers;

/// What the `dlx` crate reports for one full count.
#[derive(Debug, PartialEq, Eq)]
struct PeerCount {
    solutions: u64,
    /// Levels entered that were not solutions (the crate's profile).
    branch_nodes: u64,
    updates: u64,
}

/// Parses Knuth's text format with the `dlx` crate (Algorithm X, inputs in order).
fn dlx_problem(text: &str) -> dlx::x::Problem {
    let spec = Spec::new(text, false).expect("the dlx crate reads the problem");
    dlx::x::Problem::from_spec(&spec, OptOrder::Seq).expect("the dlx crate builds the problem")
}

/// Counts all solutions with the `dlx` crate's MRV chooser, ties to the first item as in
/// TAOCP. The links are restored after a full count, so the problem can be reused.
fn dlx_count(problem: &mut dlx::x::Problem) -> PeerCount {
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solver = dlx::Solver::new(problem);
    let mut solutions = 0;
    while solver.next_solution(&mut chooser) {
        solutions += 1;
    }
    PeerCount {
        solutions,
        branch_nodes: solver.get_profile().iter().sum::<usize>() as u64,
        updates: solver.get_updates() as u64,
    }
}

fn engine(c: &mut Criterion<ThreadCpuTime>) {
    let mut group = c.benchmark_group("engine");
    for case in engine_cases() {
        let text = case.knuth_text();
        let ours = dancing::format::parse_str(&text).expect("dancing reads its own format");
        let mut solver = Solver::new(&ours);
        let mut dense = DenseSolver::new(&ours).ok();
        let mut peer = dlx_problem(&text);
        let exact_covers = ExactCovers::new(&case.problem);

        // Same answers before any timing: counts, and TAOCP's statistics.
        assert_eq!(solver.count(), case.solutions, "dancing on {}", case.name);
        let stats = solver.stats();
        let theirs = dlx_count(&mut peer);
        assert_eq!(theirs.solutions, case.solutions, "dlx on {}", case.name);
        assert_eq!(
            stats.nodes,
            theirs.branch_nodes + theirs.solutions,
            "nodes on {}",
            case.name
        );
        // The `dlx` crate skips covering a chosen item that has no options left, which
        // TAOCP's X4 counts as one update; so its count is lower, never higher.
        assert!(stats.updates >= theirs.updates, "updates on {}", case.name);
        if let Some(dense) = dense.as_mut() {
            assert_eq!(dense.count(), case.solutions, "dense on {}", case.name);
            assert_eq!(
                dense.stats().nodes,
                stats.nodes,
                "dense nodes on {}",
                case.name
            );
        }
        // The `exact-covers` crate reports no statistics: the count is what is checked.
        assert_eq!(
            exact_covers.count(),
            case.solutions,
            "exact-covers on {}",
            case.name
        );
        eprintln!(
            "{}: {} solutions, {} nodes; updates: dancing {}, dlx {}",
            case.name, case.solutions, stats.nodes, stats.updates, theirs.updates
        );

        if case.slow {
            group.sample_size(10).sampling_mode(SamplingMode::Flat);
        } else {
            group.sample_size(20).sampling_mode(SamplingMode::Auto);
        }
        group.bench_function(BenchmarkId::new("dancing", case.name), |b| {
            b.iter(|| solver.count());
        });
        if let Some(dense) = dense.as_mut() {
            group.bench_function(BenchmarkId::new("dancing-dense", case.name), |b| {
                b.iter(|| dense.count());
            });
        }
        group.bench_function(BenchmarkId::new("dlx", case.name), |b| {
            b.iter(|| dlx_count(&mut peer).solutions);
        });
        // Its solver is consumed by each search: building it is left out of the time,
        // as our solver and the `dlx` crate's problem are built once, before timing.
        group.bench_function(BenchmarkId::new("exact-covers", case.name), |b| {
            b.iter_batched(
                || exact_covers.solver(),
                exact_covers_peer::count,
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = engine
}
criterion_main!(benches);
