//! Counts split into shards (`--shard K/N`) add up, through their JSON results and the checked
//! merge, to the one-process count, for N = 1, 2, 7 and 64; the merge refuses a shard of another
//! problem, a duplicated K, a missing K and an unfinished shard.

#[path = "../benches/corpus_loader.rs"]
mod corpus_loader;

use std::time::Duration;

use corpus_loader::{Benchmark, load};
use pzl_core::{Kind, SolveRequest};
use pzl_poly::pack::PackFile;
use pzl_poly::packer::SearchOptions;
use pzl_poly::shard::{ShardResult, merge};
use pzl_poly::{Format, PolyDoc, PolyKind};

/// Count problems small enough for a debug-build test run (6×10 and Levner's MacPoly square
/// among them).
const FAST: &[&str] =
    &["pent-6x10", "pent-3x20", "free-tetrominoes-4x5", "one-sided-tetrominoes-4x7", "macpoly-fig3-6x6"];

fn doc(b: &Benchmark) -> PolyDoc {
    let text = PackFile::from_problem(&b.problem, Some(b.id.clone()), None).to_text();
    PolyKind::read(text.as_bytes(), Format::Pack, &()).unwrap().value
}

/// Shard `k` of `n` through the kind, its report as JSON, read back as `pzl merge` reads it.
fn shard(doc: &PolyDoc, k: u64, n: u64, timeout: Option<Duration>) -> ShardResult {
    let request = SolveRequest { count: true, shard: Some((k, n)), timeout, ..SolveRequest::default() };
    let report = PolyKind::solve(doc, &request).unwrap().report;
    let json = serde_json::to_vec(&report).unwrap();
    ShardResult::from_json(&json, &format!("shard-{k}.json")).unwrap()
}

fn benchmarks() -> Option<Vec<Benchmark>> {
    let dir = pzl_corpus::dir("poly")?;
    Some(load(&dir).into_iter().filter(|b| FAST.contains(&b.id.as_str())).collect())
}

#[test]
fn shards_add_up_to_the_one_process_count() {
    let Some(benchmarks) = benchmarks() else { return };
    assert_eq!(benchmarks.len(), FAST.len());
    for b in &benchmarks {
        let whole = b.problem.count(SearchOptions::default());
        assert_eq!(Some(whole.raw), b.raw, "{}", b.id);
        let doc = doc(b);
        for n in [1, 2, 7, 64] {
            let results: Vec<ShardResult> = (0..n).map(|k| shard(&doc, k, n, None)).collect();
            let merged = merge(&results);
            assert!(merged.complete, "{} N={n}: {:?}", b.id, merged.problems());
            assert_eq!(merged.raw, u128::from(whole.raw), "{} N={n}: raw", b.id);
            assert_eq!(merged.distinct, Some(u128::from(whole.distinct)), "{} N={n}: distinct", b.id);
            assert_eq!(merged.total, Some(u128::from(whole.raw)), "{} N={n}", b.id);
        }
    }
}

#[test]
fn the_split_depends_only_on_the_problem_and_n() {
    let Some(benchmarks) = benchmarks() else { return };
    let b = benchmarks.iter().find(|b| b.id == "macpoly-fig3-6x6").unwrap();
    let doc = doc(b);
    let one = |jobs| {
        let request = SolveRequest { count: true, shard: Some((3, 7)), jobs, ..SolveRequest::default() };
        let report = PolyKind::solve(&doc, &request).unwrap().report;
        ShardResult::from_json(&serde_json::to_vec(&report).unwrap(), "s").unwrap()
    };
    let (a, b) = (one(1), one(2));
    assert_eq!((a.raw, a.distinct_weight, &a.problem_hash), (b.raw, b.distinct_weight, &b.problem_hash));
}

#[test]
fn merge_refuses_what_does_not_belong() {
    let Some(benchmarks) = benchmarks() else { return };
    let square = doc(benchmarks.iter().find(|b| b.id == "macpoly-fig3-6x6").unwrap());
    let other = doc(benchmarks.iter().find(|b| b.id == "free-tetrominoes-4x5").unwrap());
    let all: Vec<ShardResult> = (0..4).map(|k| shard(&square, k, 4, None)).collect();
    assert!(merge(&all).complete);

    // Another problem's shard in place of shard 2.
    let mut foreign = all.clone();
    foreign[2] = shard(&other, 2, 4, None);
    let merged = merge(&foreign);
    assert!(!merged.complete && merged.total.is_none());
    assert_eq!((merged.foreign.len(), merged.missing.clone()), (1, vec![2]));
    assert!(merged.to_string().contains("another problem"), "{merged}");

    // Another N.
    let mut other_n = all.clone();
    other_n.push(shard(&square, 0, 5, None));
    assert_eq!(merge(&other_n).foreign.len(), 1);

    // Shard 1 twice.
    let mut twice = all.clone();
    twice.push(ShardResult { file: "copy.json".into(), ..all[1].clone() });
    let merged = merge(&twice);
    assert!(!merged.complete);
    assert_eq!(merged.duplicated[0].k, 1);
    assert!(merged.to_string().contains("shard 1 given 2 times"), "{merged}");

    // Shard 3 missing.
    let merged = merge(&all[..3]);
    assert!(!merged.complete);
    assert_eq!(merged.missing, vec![3]);
    assert!(merged.to_string().contains("missing shards (run them): 3"), "{merged}");

    // Shard 0 stopped by its timeout.
    let mut unfinished = all.clone();
    unfinished[0] = shard(&square, 0, 4, Some(Duration::ZERO));
    assert!(!unfinished[0].finished);
    let merged = merge(&unfinished);
    assert!(!merged.complete);
    assert_eq!(merged.unfinished, vec!["shard-0.json".to_string()]);
}
