//! Every benchmark problem of the shared corpus (`poly/problems.json`), written in pzl's own
//! `pzl-pack` format and read back through the reader the command line uses, reproduces its raw and
//! distinct counts. The fast problems run here; the slow ones are a `--release` command in
//! the README (Polyomino packing) (`cargo test --release -p pzl-poly --test pack_corpus -- --ignored`).

#[path = "../benches/corpus_loader.rs"]
mod corpus_loader;

use corpus_loader::{Benchmark, load};
use pzl_poly::pack::PackFile;
use pzl_poly::packer::SearchOptions;

/// Problems small enough for a debug-build test run.
const FAST: &[&str] = &[
    "pent-3x20",
    "pent-8x8-four-holes-2",
    "pent-8x8-four-holes-4",
    "free-tetrominoes-4x5",
    "one-sided-tetrominoes-4x7",
    "macpoly-fig3-6x6",
];

/// The benchmark as a pzl-pack file's text, then parsed back exactly as `pzl` reads a file.
fn through_pack_format(b: &Benchmark) -> PackFile {
    let file = PackFile::from_problem(&b.problem, Some(b.id.clone()), None);
    let text = file.to_text();
    let parsed = PackFile::parse(text.as_bytes()).unwrap();
    assert!(parsed.warnings.is_empty(), "{}: {:?}", b.id, parsed.warnings);
    assert_eq!(parsed.value, file, "{}", b.id);
    assert_eq!(parsed.value.to_text(), text, "{}", b.id);
    parsed.value
}

fn check_counts(b: &Benchmark, jobs: usize) {
    let problem = through_pack_format(b).problem(None);
    assert_eq!(problem, b.problem, "{}: the problem survives the format", b.id);
    if b.task == "count_all" || b.task == "prove_none" {
        let counts = problem.count(SearchOptions { jobs, ..SearchOptions::default() });
        assert_eq!(Some(counts.raw), b.raw.or(Some(0)), "{}: raw", b.id);
        // Also for the one-sided sets: they come in mirror pairs, so reflections count too.
        assert_eq!(Some(counts.distinct), b.distinct.or(Some(0)), "{}: distinct", b.id);
        if b.task == "count_all" {
            assert_eq!(counts.symmetry_order, b.group, "{}: group", b.id);
        }
    } else {
        let solution = problem.first().expect("a packing exists");
        assert_eq!(problem.verify(&solution), Vec::<String>::new(), "{}", b.id);
    }
}

#[test]
fn every_benchmark_survives_the_pack_format() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let benchmarks = load(&dir);
    assert_eq!(benchmarks.len(), 19);
    for b in &benchmarks {
        through_pack_format(b);
    }
    // The 35 hexominoes need more than MacPoly's 25 letters: the reason the format exists.
    assert!(benchmarks.iter().any(|b| b.problem.pieces.len() == 35));
}

#[test]
fn fast_benchmarks_reproduce_their_counts_in_pack_format() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let benchmarks = load(&dir);
    let fast: Vec<&Benchmark> = benchmarks.iter().filter(|b| FAST.contains(&b.id.as_str())).collect();
    assert_eq!(fast.len(), FAST.len());
    for b in fast {
        check_counts(b, 1);
    }
    let impossible = benchmarks.iter().find(|b| b.task == "prove_none").unwrap();
    check_counts(impossible, 1);
}

#[test]
#[ignore = "minutes in a debug build; run with `cargo test --release -p pzl-poly --test pack_corpus -- --ignored`"]
fn every_benchmark_reproduces_its_counts_in_pack_format() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    for b in &load(&dir) {
        check_counts(b, 2);
    }
}
