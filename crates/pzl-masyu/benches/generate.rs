//! Generator speed: one new puzzle per iteration (each iteration makes the next index of the
//! run, so the time is an average over different puzzles), including the uniqueness proof and
//! the grading, at 10x10 and 20x20 for every grade and at 40x40 for `hard`.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use pzl_masyu::generate::{DIFFICULTIES, Limits, Request, generate_one};
use pzl_masyu::solver::Difficulty;

fn bench_size(c: &mut Criterion, side: usize, difficulties: &[Difficulty], samples: usize) {
    let mut group = c.benchmark_group(format!("generate-{side}x{side}"));
    group.sample_size(samples);
    group.measurement_time(Duration::from_secs(if side >= 40 { 30 } else { 8 }));
    for &difficulty in difficulties {
        let request = Request::new(side, side, difficulty);
        let mut index = 0u64;
        group.bench_function(difficulty.name(), |b| {
            b.iter(|| {
                index += 1;
                generate_one(&request, 1, index, &Limits::default()).map(|made| made.puzzle)
            })
        });
    }
    group.finish();
}

fn generate(c: &mut Criterion) {
    bench_size(c, 10, &DIFFICULTIES, 50);
    bench_size(c, 20, &DIFFICULTIES, 20);
    bench_size(c, 40, &[Difficulty::Hard], 10);
}

criterion_group!(benches, generate);
criterion_main!(benches);
