//! Criterion benchmarks for the packer on the corpus's benchmark problems: 6x10 pentominoes
//! (counted: raw and distinct come from one reduced search; listed: all 9,356 or the 2,339
//! distinct ones), pentominoes plus the square on 8x8, the three hexomino find-one problems, the
//! parity-impossible hexomino rectangle and the MacPoly square. Skips (prints why) when the
//! shared corpus is absent. `cargo bench -p pzl-poly --bench pack` (add `-- 6x10` to pick).

#[path = "corpus_loader.rs"]
mod corpus_loader;

use std::ops::ControlFlow;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use pzl_poly::Problem;
use pzl_poly::packer::SearchOptions;

fn listed(problem: &Problem, distinct: bool) -> usize {
    let mut n = 0;
    problem.solutions(distinct, |_| {
        n += 1;
        ControlFlow::Continue(())
    });
    n
}

fn benches(c: &mut Criterion) {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let problems = corpus_loader::load(&dir);
    let find = |id: &str| problems.iter().find(|b| b.id == id).map(|b| b.problem.clone());
    let two = SearchOptions { jobs: 2, ..SearchOptions::default() };
    let mut group = c.benchmark_group("poly");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    if let Some(p) = find("pent-6x10") {
        group.bench_function("pent-6x10 count (9356 raw, 2339 distinct)", |b| {
            b.iter(|| assert_eq!(p.count(SearchOptions::default()).distinct, 2339))
        });
        group.bench_function("pent-6x10 count --jobs 2", |b| {
            b.iter(|| assert_eq!(p.count(two.clone()).raw, 9356))
        });
        group.bench_function("pent-6x10 list 2339 distinct", |b| {
            b.iter(|| assert_eq!(listed(&p, true), 2339))
        });
        group.bench_function("pent-6x10 list 9356 raw", |b| b.iter(|| assert_eq!(listed(&p, false), 9356)));
    }
    if let Some(p) = find("pent-plus-square-8x8") {
        group.bench_function("pent+square 8x8 count (129168 raw, 16146 distinct)", |b| {
            b.iter(|| assert_eq!(p.count(SearchOptions::default()).distinct, 16146))
        });
        group.bench_function("pent+square 8x8 count --jobs 2", |b| {
            b.iter(|| assert_eq!(p.count(two.clone()).raw, 129_168))
        });
    }
    for id in ["hexo-15x15-minus-5x3", "hexo-parallelogram-15x14", "hexo-19x11-plus-nub"] {
        if let Some(p) = find(id) {
            group.bench_function(format!("{id} find one"), |b| b.iter(|| assert!(p.first().is_some())));
        }
    }
    if let Some(p) = find("hexo-rectangle-parity-impossible") {
        group.bench_function("hexo 15x14 prove none", |b| {
            b.iter(|| assert_eq!(p.count(SearchOptions::default()).raw, 0))
        });
    }
    if let Some(p) = find("macpoly-fig3-6x6") {
        group.bench_function("macpoly 6x6 count", |b| {
            b.iter(|| assert_eq!(p.count(SearchOptions::default()).raw, 48))
        });
    }
    group.finish();
}

criterion_group!(poly, benches);
criterion_main!(poly);
