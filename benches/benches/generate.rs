//! Generation throughput: 9×9 puzzles with one solution made per CPU second by
//! `dancing-sudoku`'s generator against the `sudoku` crate's, which carves the same way
//! (a random solved grid, cells emptied in random order while the solution stays
//! unique) with its own solver.
//!
//! - `none`: no symmetry. Both generators' puzzles are then minimal.
//! - `rotational`: half-turn symmetry, the givens removed in pairs (the `sudoku` crate's
//!   `Sudoku::generate()`); minimal only with respect to pairs.
//! - `rotational-minimal` (ours only): also minimal given by given, drawing new grids
//!   until one is.
//!
//! Each iteration makes the next puzzle of a fixed seed (ours) or of the thread's random
//! generator (theirs), so the timings cover many different puzzles.

use std::hint::black_box;
mod common;

use common::ThreadCpuTime;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dancing_sudoku::generate::{Generator, Symmetry};

fn generate(c: &mut Criterion<ThreadCpuTime>) {
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(1));
    let ours = |symmetry: Symmetry, minimal: bool| {
        Generator::builder()
            .seed(1)
            .symmetry(symmetry)
            .minimal(minimal)
            .build()
            .expect("valid settings")
    };
    for (name, generator) in [
        ("none", ours(Symmetry::None, false)),
        ("rotational", ours(Symmetry::Rotational, false)),
        ("rotational-minimal", ours(Symmetry::Rotational, true)),
    ] {
        let mut index = 0;
        group.bench_function(BenchmarkId::new("dancing", name), |b| {
            b.iter(|| {
                index += 1;
                black_box(generator.generate(index).expect("no targets to miss"))
            });
        });
    }
    for (name, symmetry) in [
        ("none", sudoku::Symmetry::None),
        ("rotational", sudoku::Symmetry::HalfRotation),
    ] {
        group.bench_function(BenchmarkId::new("sudoku-crate", name), |b| {
            b.iter(|| black_box(sudoku::Sudoku::generate_with_symmetry(symmetry)));
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = generate
}
criterion_main!(benches);
