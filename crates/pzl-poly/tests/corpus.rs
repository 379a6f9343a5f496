//! The benchmark problems of the shared corpus (`poly/problems.json`): every fast problem must
//! reproduce its published raw and distinct counts, the hexomino problems must find a packing or
//! prove there is none, and the corpus's DLX files must give the same counts through the general
//! exact-cover engine.

#[path = "../benches/corpus_loader.rs"]
mod corpus_loader;

use std::ops::ControlFlow;
use std::time::Duration;

use corpus_loader::load;
use pzl_poly::exact_cover::parse_dlx;
use pzl_poly::packer::{Impossible, SearchOptions};

/// Problems small enough for a debug-build test run.
const FAST: &[&str] = &[
    "pent-3x20",
    "pent-8x8-four-holes-2",
    "pent-8x8-four-holes-4",
    "free-tetrominoes-4x5",
    "one-sided-tetrominoes-4x7",
    "macpoly-fig3-6x6",
];

#[test]
fn fast_benchmarks_reproduce_their_counts() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let benchmarks = load(&dir);
    assert_eq!(benchmarks.len(), 19);
    let mut checked = 0;
    for b in benchmarks.iter().filter(|b| FAST.contains(&b.id.as_str())) {
        let counts = b.problem.count(SearchOptions::default());
        assert_eq!(Some(counts.raw), b.raw, "{}: raw", b.id);
        // One-sided sets come in mirror pairs, so reflections are symmetries there too.
        assert_eq!(counts.symmetry_order, b.group, "{}: group", b.id);
        assert_eq!(Some(counts.distinct), b.distinct, "{}: distinct", b.id);
        checked += 1;
    }
    assert_eq!(checked, FAST.len());
}

#[test]
fn the_macpoly_square_needs_flips() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let mut b = load(&dir).into_iter().find(|b| b.id == "macpoly-fig3-6x6").unwrap();
    let counts = b.problem.count(SearchOptions::default());
    assert_eq!((counts.raw, counts.distinct), (48, 6));
    // MacPoly draws b and d as mirror images of a and c; without flips the pinwheel is impossible.
    for k in [1, 3] {
        b.problem.pieces[k].shape = b.problem.pieces[k].shape.transformed(pzl_grid::Symmetry::ALL[4]);
    }
    assert_eq!(b.problem.count(SearchOptions::default()).raw, 48);
    b.problem.flips = false;
    assert_eq!(b.problem.count(SearchOptions::default()).raw, 0);
}

#[test]
fn parallel_counts_equal_serial_counts() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let b = load(&dir).into_iter().find(|b| b.id == "pent-8x8-four-holes-2").unwrap();
    let one = b.problem.count(SearchOptions::default());
    let two = b.problem.count(SearchOptions { jobs: 2, ..SearchOptions::default() });
    assert_eq!((one.raw, one.distinct), (two.raw, two.distinct));
    assert_eq!((one.raw, one.distinct), (168, 21));
}

#[test]
fn parallel_solutions_come_in_serial_order() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let b = load(&dir).into_iter().find(|b| b.id == "pent-8x8-four-holes-2").unwrap();
    for distinct in [false, true] {
        let list = |jobs| {
            let mut found = Vec::new();
            let options = SearchOptions { jobs, ..SearchOptions::default() };
            let outcome = b.problem.search_solutions(distinct, options, |s| {
                found.push(s.clone());
                ControlFlow::Continue(())
            });
            assert!(!outcome.timed_out);
            found
        };
        let one = list(1);
        assert_eq!(one.len(), if distinct { 21 } else { 168 });
        // Every one valid, none twice (raw ones come as images of the reduced search's).
        assert!(one.iter().all(|s| b.problem.verify(s).is_empty()));
        let unique: std::collections::BTreeSet<Vec<_>> = one.iter().map(|s| s.placements.clone()).collect();
        assert_eq!(unique.len(), one.len());
        assert_eq!(one, list(2));
    }
}

#[test]
fn a_timeout_stops_the_search_and_says_so() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let b = load(&dir).into_iter().find(|b| b.id == "pent-plus-square-8x8").unwrap();
    for jobs in [1, 2] {
        let options =
            SearchOptions { jobs, timeout: Some(Duration::from_millis(20)), ..SearchOptions::default() };
        let counts = b.problem.count(options);
        assert!(counts.timed_out);
        assert!(!counts.limited);
        assert!(counts.raw < b.raw.unwrap());
    }
    let options = SearchOptions { timeout: Some(Duration::from_millis(20)), ..SearchOptions::default() };
    let mut found = 0;
    let outcome = b.problem.search_solutions(false, options, |_| {
        found += 1;
        ControlFlow::Continue(())
    });
    assert!(outcome.timed_out);
    assert!(found < b.raw.unwrap());
}

#[test]
fn the_parity_impossible_hexomino_rectangle_is_proved_at_once() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let b = load(&dir).into_iter().find(|b| b.id == "hexo-rectangle-parity-impossible").unwrap();
    assert_eq!(b.task, "prove_none");
    assert!(matches!(
        b.problem.impossibility(),
        Some(Impossible::Colouring { colouring: "checkerboard", .. })
    ));
    assert_eq!(b.problem.count(SearchOptions::default()).raw, 0);
}

#[test]
#[ignore = "minutes in a debug build; run with `cargo test --release -p pzl-poly -- --ignored`"]
fn the_easiest_hexomino_packing_is_found_and_valid() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let b = load(&dir).into_iter().find(|b| b.id == "hexo-15x15-minus-5x3").unwrap();
    let solution = b.problem.first().expect("a packing exists");
    assert_eq!(b.problem.verify(&solution), Vec::<String>::new());
}

#[test]
fn dlx_files_give_the_same_counts_through_the_general_engine() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    for (file, expected) in [
        ("macpoly-fig3-6x6-flips.dlx", 48),
        ("macpoly-fig3-6x6-noflips.dlx", 0),
        ("free-tetrominoes-4x5.dlx", 0),
        ("one-sided-tetrominoes-4x7.dlx", 0),
        ("pent-3x20.dlx", 8),
    ] {
        let text = std::fs::read_to_string(dir.join("dlx").join(file)).unwrap();
        let dlx = parse_dlx(&text).unwrap();
        assert_eq!(dlx.problem.count(None).solutions, expected, "{file}");
    }
}
