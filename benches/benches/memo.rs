//! The memoized search (`Memo::build`, then the ZDD's count) against the plain search
//! (`Solver::count`) on the same problem: domino boards, where the subproblems repeat,
//! and the classic set (pentominoes, queens, Langford pairs), where they do not. The
//! counts agree before anything is timed.

mod common;

use common::ThreadCpuTime;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use dancing::{BigUint, Engine, Memo, Problem, Solver, problems};

fn cases() -> Vec<(&'static str, Problem)> {
    vec![
        ("domino 6x6", problems::dominoes(6, 6)),
        ("domino 8x8", problems::dominoes(8, 8)),
        ("domino 30x4", problems::dominoes(30, 4)),
        ("pentomino 20x3", problems::pentominoes(20, 3)),
        ("queens 10", problems::queens(10)),
        ("langford 10", problems::langford(10)),
    ]
}

fn memo(c: &mut Criterion<ThreadCpuTime>) {
    let mut group = c.benchmark_group("memo");
    group.sample_size(10);
    for (name, problem) in cases() {
        let plain = Solver::new(&problem).count().exact().expect("complete");
        let zdd = Memo::new(&problem)
            .build()
            .expect("within the default bound");
        assert_eq!(zdd.count(), BigUint::from(plain), "{name}");
        group.bench_function(BenchmarkId::new("memo", name), |b| {
            b.iter(|| Memo::new(&problem).build().expect("built").count());
        });
        let mut solver = Solver::new(&problem);
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
