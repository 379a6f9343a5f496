//! Speed of the `.xd` reader and writer: every corpus `.xd` file that reads (reported as bytes per
//! second), and the canonical text of every corpus `.puz` written and read back.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pzl_crossword::format::xd;
use pzl_crossword::{Puzzle, raw};

fn xd_corpus() -> Vec<String> {
    let Some(dir) = pzl_corpus::dir("crossword-more") else { return Vec::new() };
    pzl_corpus::files(&dir, ".xd")
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .filter(|t| xd::read(t).is_ok())
        .collect()
}

fn puz_corpus() -> Vec<Puzzle> {
    let Some(dir) = pzl_corpus::dir("puz") else { return Vec::new() };
    pzl_corpus::files(&dir, ".puz")
        .into_iter()
        .filter_map(|p| std::fs::read(p).ok())
        .filter_map(|b| raw::read(&b).ok())
        .map(|r| Puzzle::from_raw(&r.file).0)
        .collect()
}

fn bench(c: &mut Criterion) {
    let files = xd_corpus();
    if !files.is_empty() {
        let total: usize = files.iter().map(String::len).sum();
        let mut group = c.benchmark_group("xd-corpus");
        group.throughput(Throughput::Bytes(total as u64));
        group.bench_function("read", |b| {
            b.iter(|| {
                for f in &files {
                    std::hint::black_box(
                        xd::read(std::hint::black_box(f)).map(|r| r.puzzle.clues.len()).ok(),
                    );
                }
            })
        });
        group.finish();
    }
    let puzzles = puz_corpus();
    if !puzzles.is_empty() {
        let texts: Vec<String> = puzzles.iter().map(|p| xd::write(p).0).collect();
        let total: usize = texts.iter().map(String::len).sum();
        let mut group = c.benchmark_group("xd-from-puz");
        group.throughput(Throughput::Bytes(total as u64));
        group.bench_function("write", |b| {
            b.iter(|| {
                for p in &puzzles {
                    std::hint::black_box(xd::write(std::hint::black_box(p)));
                }
            })
        });
        group.bench_function("read", |b| {
            b.iter(|| {
                for t in &texts {
                    std::hint::black_box(
                        xd::read(std::hint::black_box(t)).map(|r| r.puzzle.clues.len()).ok(),
                    );
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
