//! The benchmark problems of the shared corpus (`poly/problems.json`): every fast problem must
//! reproduce its published raw and distinct counts, the hexomino problems must find a packing or
//! prove there is none, and the corpus's DLX files must give the same counts through the general
//! exact-cover engine.

#[path = "../benches/corpus_loader.rs"]
mod corpus_loader;

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
        if b.problem.flips {
            assert_eq!(counts.symmetry_order, b.group, "{}: group", b.id);
            assert_eq!(Some(counts.distinct), b.distinct, "{}: distinct", b.id);
        }
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
    let one = b.problem.count(SearchOptions { jobs: 1, limit: None });
    let two = b.problem.count(SearchOptions { jobs: 2, limit: None });
    assert_eq!((one.raw, one.distinct), (two.raw, two.distinct));
    assert_eq!((one.raw, one.distinct), (168, 21));
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
