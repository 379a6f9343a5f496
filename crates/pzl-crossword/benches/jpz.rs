//! Speed of the JPZ reader and writer, reported as bytes per second of the input files:
//! - `jpz-corpus/read`: every corpus JPZ file that reads (bare XML and zipped, as published);
//! - `jpz-from-puz/read-zipped`: every corpus `.puz` written as zipped JPZ (inflate included;
//!   the throughput counts the zipped bytes, so the XML rate is about six times higher);
//! - `jpz-from-puz/read-xml`: the same puzzles as bare JPZ XML;
//! - `jpz-from-puz/write-zipped`: writing them (throughput: the zipped bytes made).
//!
//!   PZL_CORPUS=/path/to/shared/corpus cargo bench -p pzl-crossword --bench jpz

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pzl_crossword::format::jpz;
use pzl_crossword::{Puzzle, raw};

fn jpz_corpus() -> Vec<Vec<u8>> {
    let Some(dir) = pzl_corpus::dir("crossword-more") else { return Vec::new() };
    let mut files = pzl_corpus::files(&dir, ".jpz");
    files.extend(pzl_corpus::files(&dir, ".xml"));
    files.into_iter().filter_map(|p| std::fs::read(p).ok()).filter(|b| jpz::read(b).is_ok()).collect()
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

fn read_all(files: &[Vec<u8>]) {
    for f in files {
        std::hint::black_box(jpz::read(std::hint::black_box(f)).map(|r| r.puzzle.clues.len()).ok());
    }
}

fn bench(c: &mut Criterion) {
    let files = jpz_corpus();
    if !files.is_empty() {
        let total: usize = files.iter().map(Vec::len).sum();
        let mut group = c.benchmark_group("jpz-corpus");
        group.throughput(Throughput::Bytes(total as u64));
        group.bench_function("read", |b| b.iter(|| read_all(&files)));
        group.finish();
    }
    let puzzles = puz_corpus();
    if !puzzles.is_empty() {
        let zipped: Vec<Vec<u8>> =
            puzzles.iter().filter_map(|p| jpz::write(p).ok()).map(|(b, _)| b).collect();
        let xml: Vec<Vec<u8>> = puzzles.iter().map(|p| jpz::write_xml(p).0.into_bytes()).collect();
        let zipped_total: usize = zipped.iter().map(Vec::len).sum();
        let xml_total: usize = xml.iter().map(Vec::len).sum();
        let mut group = c.benchmark_group("jpz-from-puz");
        group.throughput(Throughput::Bytes(zipped_total as u64));
        group.bench_function("read-zipped", |b| b.iter(|| read_all(&zipped)));
        group.bench_function("write-zipped", |b| {
            b.iter(|| {
                for p in &puzzles {
                    std::hint::black_box(jpz::write(std::hint::black_box(p)).ok());
                }
            })
        });
        group.throughput(Throughput::Bytes(xml_total as u64));
        group.bench_function("read-xml", |b| b.iter(|| read_all(&xml)));
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
