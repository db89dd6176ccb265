//! The memoized search (`Memo::build`, then the ZDD's count) against the plain search
//! (`Solver::count`) on the same problem: domino boards, where the subproblems repeat,
//! and the classic set (pentominoes, queens, Langford pairs), where they do not. The
//! counts agree before anything is timed.

mod common;

use common::ThreadCpuTime;
use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use dancing::{BigCount, Engine, Memo, Problem, Solver, problems};

/// The problems, each with whether the plain search can count it here (the domino
/// tilings of 30×4 are 21 trillion leaves).
fn cases() -> Vec<(&'static str, Problem, bool)> {
    vec![
        ("domino 6x6", problems::dominoes(6, 6), true),
        ("domino 8x8", problems::dominoes(8, 8), true),
        ("domino 12x12", problems::dominoes(12, 12), false),
        ("domino 30x4", problems::dominoes(30, 4), false),
        ("pentomino 20x3", problems::pentominoes(20, 3), true),
        ("queens 10", problems::queens(10), true),
        ("langford 10", problems::langford(10), true),
    ]
}

fn memo(c: &mut Criterion<ThreadCpuTime>) {
    let mut group = c.benchmark_group("memo");
    // The plain count of 8×8 takes 1.4 s: ten samples of one iteration each.
    group.sample_size(10).sampling_mode(SamplingMode::Flat);
    for (name, problem, countable) in cases() {
        let zdd = Memo::new(&problem)
            .build()
            .expect("within the default bound");
        group.bench_function(BenchmarkId::new("memo", name), |b| {
            b.iter(|| Memo::new(&problem).build().expect("built").count());
        });
        if !countable {
            continue;
        }
        let mut solver = Solver::new(&problem);
        let plain = solver.count().exact().expect("complete");
        assert_eq!(zdd.count(), BigCount::from(plain), "{name}");
        group.bench_function(BenchmarkId::new("plain", name), |b| {
            b.iter(|| solver.count());
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = memo
}
criterion_main!(benches);
