//! Memory and time bounded by the input (issue 36, findings N6, N7, N8): a tampered resume file
//! cannot make a count wrap, a huge shard count and a problem whose places cover too many squares
//! are refused before any work.

#[path = "../benches/corpus_loader.rs"]
mod corpus_loader;

use pzl_core::Kind;
use pzl_poly::packer::{MAX_MATRIX, MAX_SHARDS, SearchOptions, ShardCounts};
use pzl_poly::{Format, PolyKind};

/// Levner's 6x6 square (MacPoly's figure 3): 48 packings.
const SQUARE: &str = "pzl-pack 1\ntitle 6 x 6 Square\nflips yes\n\nboard\n######\n######\n######\n\
    ######\n######\n######\n\npiece a x2\n#.#.\n####\n###.\n\npiece b x2\n.#.#\n####\n.###\n";

fn problem(text: &str) -> Result<pzl_poly::packer::Problem, pzl_core::Error> {
    PolyKind::read(text.as_bytes(), Format::Pack, &()).unwrap().value.problem(false)
}

/// N6: an earlier run's counts near the top of u64 plus this run's are an error, not a wrap.
#[test]
fn n6_resumed_counts_do_not_wrap() {
    let square = problem(SQUARE).unwrap();
    let whole = square.count_shard(SearchOptions::default(), (0, 1)).unwrap();
    assert_eq!(whole.raw, 48);
    let earlier = ShardCounts { raw: u64::MAX - 10, subtrees: whole.subtrees, ..ShardCounts::default() };
    let e = square.resume_shard(SearchOptions::default(), (0, 1), &earlier).unwrap_err();
    assert!(e.contains("does not fit"), "{e}");
}

/// N7: more shards than the cut can be held for are refused at once.
#[test]
fn n7_a_huge_shard_count_is_refused_first() {
    let square = problem(SQUARE).unwrap();
    for n in [MAX_SHARDS + 1, 10_000_000, u64::MAX] {
        let started = std::time::Instant::now();
        let e = square.count_shard(SearchOptions::default(), (0, n)).unwrap_err();
        assert!(e.contains("at most"), "{e}");
        assert!(started.elapsed().as_secs() < 2);
    }
    assert!(square.count_shard(SearchOptions::default(), (0, MAX_SHARDS)).is_ok());
}

/// N8: 4 copies of a (B/2)² square with a nub on a B×(B+1) board: few places, each covering
/// thousands of squares. Refused as a limit before anything is set up.
#[test]
fn n8_places_covering_too_many_squares_are_refused() {
    let big = |b: usize| {
        let s = b / 2;
        let mut rows = vec!["#".repeat(b); b];
        rows.push(format!("####{}", ".".repeat(b - 4)));
        let mut piece = vec!["#".repeat(s); s];
        piece.push(format!("#{}", ".".repeat(s - 1)));
        format!(
            "pzl-pack 1\ntitle big\nflips yes\n\nboard\n{}\n\npiece P x4\n{}\n",
            rows.join("\n"),
            piece.join("\n")
        )
    };
    for b in [120, 300] {
        let e = problem(&big(b)).unwrap_err();
        assert!(e.to_string().contains(&MAX_MATRIX.to_string()), "{e}");
    }
    // The published benchmarks are far below it.
    assert!(problem(SQUARE).unwrap().matrix_bound() < MAX_MATRIX / 1000);
}

/// Every benchmark problem of the corpus (and the examples) stays under the new bound.
#[test]
fn n8_every_benchmark_problem_is_under_the_matrix_bound() {
    if let Some(dir) = pzl_corpus::dir("poly") {
        for b in corpus_loader::load(&dir) {
            assert!(b.problem.matrix_bound() <= MAX_MATRIX / 4, "{}: {}", b.id, b.problem.matrix_bound());
        }
    }
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/poly");
    for entry in std::fs::read_dir(examples).unwrap() {
        let path = entry.unwrap().path();
        // The pzl-pack problems (the folder also holds a MacPoly file).
        if path.extension().is_none_or(|e| e != "pack") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(problem(&text).unwrap().matrix_bound() <= MAX_MATRIX / 4);
    }
}
