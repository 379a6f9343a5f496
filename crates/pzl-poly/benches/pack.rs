//! Criterion benchmarks for the packer on the corpus's benchmark problems: 6x10 pentominoes
//! (raw and distinct come from one reduced search), the parity-impossible hexomino rectangle, and
//! the MacPoly square. Skips (prints why) when the shared corpus is absent.

#[path = "corpus_loader.rs"]
mod corpus_loader;

use criterion::{Criterion, criterion_group, criterion_main};
use pzl_poly::packer::SearchOptions;

fn benches(c: &mut Criterion) {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let problems = corpus_loader::load(&dir);
    let find = |id: &str| problems.iter().find(|b| b.id == id).map(|b| b.problem.clone());
    let mut group = c.benchmark_group("poly");
    group.sample_size(10);
    if let Some(p) = find("pent-6x10") {
        group.bench_function("pent-6x10 count (9356 raw / 2339 distinct)", |b| {
            b.iter(|| assert_eq!(p.count(SearchOptions::default()).distinct, 2339))
        });
        group.bench_function("pent-6x10 count --jobs 2", |b| {
            b.iter(|| assert_eq!(p.count(SearchOptions { jobs: 2, limit: None }).raw, 9356))
        });
    }
    if let Some(p) = find("hexo-rectangle-parity-impossible") {
        group.bench_function("hexominoes 15x14 prove none", |b| {
            b.iter(|| assert!(p.impossibility().is_some()))
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
