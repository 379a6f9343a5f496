//! Speed of the `.puz` layer: reading and verifying every corpus file (reported as bytes per
//! second), writing, and a full brute-force unlock (10,000 keys) of a locked 15x15.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pzl_crossword::{check, raw};

fn corpus() -> Vec<Vec<u8>> {
    let Some(dir) = pzl_corpus::dir("puz") else { return Vec::new() };
    pzl_corpus::files(&dir, ".puz")
        .into_iter()
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| raw::read(b).is_ok())
        .collect()
}

fn read_and_verify(c: &mut Criterion) {
    let files = corpus();
    if files.is_empty() {
        return;
    }
    let total: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Bytes(total as u64));
    group.bench_function("read+checksums", |b| {
        b.iter(|| {
            for f in &files {
                let read = raw::read(std::hint::black_box(f)).unwrap();
                std::hint::black_box(read.checksum_mismatches.len());
            }
        })
    });
    group.bench_function("read+full-check", |b| {
        b.iter(|| {
            for f in &files {
                let read = raw::read(std::hint::black_box(f)).unwrap();
                std::hint::black_box(check::verify(&read));
            }
        })
    });
    let parsed: Vec<raw::PuzFile> = files.iter().map(|f| raw::read(f).unwrap().file).collect();
    group.bench_function("write", |b| {
        b.iter(|| {
            for p in &parsed {
                std::hint::black_box(p.to_bytes());
            }
        })
    });
    group.finish();
}

fn brute_force(c: &mut Criterion) {
    let Some(dir) = pzl_corpus::dir("puz") else { return };
    let Ok(bytes) = std::fs::read(dir.join("puzpy/nyt_locked.puz")) else { return };
    let file = raw::read(&bytes).unwrap().file;
    let mut group = c.benchmark_group("unlock");
    group.sample_size(20);
    group.bench_function("brute-force-15x15", |b| {
        b.iter(|| std::hint::black_box(file.unlock_candidates().unwrap()))
    });
    group.finish();
}

criterion_group!(benches, read_and_verify, brute_force);
criterion_main!(benches);
