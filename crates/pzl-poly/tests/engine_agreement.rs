//! The bitboard packer against plain exact cover: on random small problems (a random board cut
//! into random pieces, sometimes with one piece swapped for another shape so there may be no
//! solution), its raw count must be the number of exact covers Algorithm X finds, its distinct
//! count the number of classes under the board's symmetries (counted by brute force), its
//! listings must give exactly those solutions, and two threads must agree with one.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use proptest::prelude::*;
use pzl_grid::{Grid, Pos};
use pzl_poly::exact_cover::ExactCover;
use pzl_poly::packer::SearchOptions;
use pzl_poly::shape::Equivalence;
use pzl_poly::{Board, Counts, Piece, Problem, Shape, Solution};

/// A board of `width` × `height` with the cells `holes` marks removed, cut into connected pieces
/// of `min_piece` to `max_piece` cells by growing regions in the order `seeds` gives. A region
/// that cannot grow to `min_piece` joins a neighbour (so a piece may be bigger than `max_piece`,
/// or smaller where it has no neighbour).
fn cut_into_pieces(
    width: usize,
    height: usize,
    holes: &[bool],
    seeds: &[usize],
    (min_piece, max_piece): (usize, usize),
) -> (Board, Vec<Shape>) {
    let on = |cell: usize| !holes.get(cell).copied().unwrap_or(false);
    let neighbours = |cell: usize| {
        let (r, c) = (cell / width, cell % width);
        let mut near = Vec::with_capacity(4);
        if r > 0 {
            near.push(cell - width);
        }
        if r + 1 < height {
            near.push(cell + width);
        }
        if c > 0 {
            near.push(cell - 1);
        }
        if c + 1 < width {
            near.push(cell + 1);
        }
        near.into_iter().filter(move |&n| on(n))
    };
    let mut cells = Grid::new(width, height, false);
    for cell in 0..width * height {
        if let Some(slot) = cells.get_mut(Pos::new(cell / width, cell % width)) {
            *slot = on(cell);
        }
    }
    let mut owner: Vec<Option<usize>> = vec![None; width * height];
    let mut regions: Vec<Vec<usize>> = Vec::new();
    let mut seed_iter = seeds.iter().cycle();
    for start in 0..width * height {
        if !on(start) || owner[start].is_some() {
            continue;
        }
        let id = regions.len();
        let mut region = vec![start];
        owner[start] = Some(id);
        let target = min_piece + seed_iter.next().copied().unwrap_or(0) % (max_piece + 1 - min_piece);
        while region.len() < target {
            let mut frontier: Vec<usize> =
                region.iter().flat_map(|&cell| neighbours(cell)).filter(|&n| owner[n].is_none()).collect();
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let pick = frontier[seed_iter.next().copied().unwrap_or(0) % frontier.len()];
            owner[pick] = Some(id);
            region.push(pick);
        }
        regions.push(region);
    }
    for id in 0..regions.len() {
        if regions[id].is_empty() || regions[id].len() >= min_piece {
            continue;
        }
        let joined =
            regions[id].iter().flat_map(|&cell| neighbours(cell)).find_map(|n| owner[n].filter(|&o| o != id));
        if let Some(other) = joined {
            let moved = std::mem::take(&mut regions[id]);
            for &cell in &moved {
                owner[cell] = Some(other);
            }
            regions[other].extend(moved);
        }
    }
    let shapes = regions
        .iter()
        .filter(|region| !region.is_empty())
        .map(|region| {
            Shape::new(region.iter().map(|&cell| ((cell / width) as i32, (cell % width) as i32)))
                .expect("a region has cells")
        })
        .collect();
    (Board::new(cells), shapes)
}

/// A problem with one piece, named by its number, per shape.
fn problem(board: Board, shapes: Vec<Shape>, flips: bool) -> Problem {
    let pieces =
        shapes.into_iter().enumerate().map(|(k, shape)| Piece { name: format!("p{k}"), shape }).collect();
    Problem { board, pieces, flips }
}

/// Every labelled packing, by Algorithm X: items are the pieces then the board cells.
fn exact_covers(problem: &Problem) -> u64 {
    let board = &problem.board;
    let cells: Vec<Pos> = board.grid().positions().filter(|&p| board.contains(p)).collect();
    let index = |pos: Pos| cells.iter().position(|&c| c == pos);
    let equivalence = if problem.flips { Equivalence::Free } else { Equivalence::OneSided };
    let mut cover = ExactCover::new(problem.pieces.len() + cells.len(), 0);
    for (k, piece) in problem.pieces.iter().enumerate() {
        let mut seen = BTreeSet::new();
        for (_, shape) in piece.shape.orientations(equivalence) {
            for r0 in 0..board.height() {
                for c0 in 0..board.width() {
                    let covered: Option<Vec<usize>> = shape
                        .cells()
                        .iter()
                        .map(|&(r, c)| index(Pos::new(r0 + r as usize, c0 + c as usize)))
                        .collect();
                    if let Some(mut covered) = covered {
                        covered.sort_unstable();
                        if seen.insert(covered.clone()) {
                            let mut items = vec![k];
                            items.extend(covered.iter().map(|&i| problem.pieces.len() + i));
                            cover.add_option(&items).expect("valid items");
                        }
                    }
                }
            }
        }
    }
    cover.count(None).solutions
}

/// A labelled packing as a picture: which piece covers each cell.
fn picture(problem: &Problem, solution: &Solution) -> Vec<Option<usize>> {
    solution.to_grid(problem.board.width(), problem.board.height()).cells().to_vec()
}

/// The smallest of a packing's images under the board's symmetries (pieces may flip).
fn class(problem: &Problem, solution: &Solution) -> Vec<((i64, i64), Option<usize>)> {
    let grid = solution.to_grid(problem.board.width(), problem.board.height());
    problem
        .board
        .symmetries()
        .into_iter()
        .map(|symmetry| {
            let moved: Vec<((i64, i64), Option<usize>)> = grid
                .positions()
                .filter(|&p| problem.board.contains(p))
                .map(|p| (symmetry.apply_coords(p.row as i64, p.col as i64), grid.get(p).copied().flatten()))
                .collect();
            let mr = moved.iter().map(|m| m.0.0).min().unwrap_or(0);
            let mc = moved.iter().map(|m| m.0.1).min().unwrap_or(0);
            let mut image: Vec<_> = moved.into_iter().map(|((r, c), l)| ((r - mr, c - mc), l)).collect();
            image.sort();
            image
        })
        .min()
        .unwrap_or_default()
}

fn problems() -> impl Strategy<Value = Problem> {
    (
        2usize..=5,
        2usize..=4,
        proptest::collection::vec(prop::bool::weighted(0.12), 20),
        proptest::collection::vec(0usize..1000, 8..40),
        (3usize..=4).prop_flat_map(|min| (Just(min), min..=6)),
        any::<bool>(),
        proptest::option::of((0usize..20, 0usize..20)),
    )
        .prop_map(|(width, height, holes, seeds, sizes, flips, swap)| {
            let (board, mut shapes) = cut_into_pieces(width, height, &holes, &seeds, sizes);
            // Sometimes replace a piece by the shape of another of the same size, turned: there
            // may then be no packing at all.
            if let Some((a, b)) = swap
                && !shapes.is_empty()
            {
                let (a, b) = (a % shapes.len(), b % shapes.len());
                if shapes[a].len() == shapes[b].len() {
                    shapes[a] = shapes[b].transformed(pzl_grid::Symmetry::ALL[1]);
                }
            }
            problem(board, shapes, flips)
        })
        // An empty board is refused as input; the two engines differ on whether it has a packing.
        .prop_filter("a board with cells", |problem| problem.board.area() > 0)
}

/// What both properties check: the raw count against exact cover, two threads against one, and a
/// first packing exactly when there is one (and valid). Returns the counts.
fn counts_agree(problem: &Problem) -> Result<Counts, TestCaseError> {
    let counts = problem.count(SearchOptions::default());
    prop_assert_eq!(counts.raw, exact_covers(problem), "raw count");
    let two = problem.count(SearchOptions { jobs: 2, ..SearchOptions::default() });
    prop_assert_eq!((two.raw, two.distinct), (counts.raw, counts.distinct), "two threads");
    let first = problem.first();
    prop_assert_eq!(first.is_some(), counts.raw > 0, "a first packing exactly when there is one");
    if let Some(first) = first {
        prop_assert!(problem.verify(&first).is_empty());
    }
    Ok(counts)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_packer_agrees_with_exact_cover(problem in problems()) {
        let counts = counts_agree(&problem)?;

        let mut listed = BTreeSet::new();
        problem.solutions(false, |s| {
            assert!(problem.verify(s).is_empty(), "an invalid packing: {:?}", problem.verify(s));
            listed.insert(picture(&problem, s));
            ControlFlow::Continue(())
        });
        prop_assert_eq!(listed.len() as u64, counts.raw, "every packing listed once");

        // The distinct count is checked where reflections need no relabelling of pieces.
        if problem.flips {
            let mut classes = BTreeSet::new();
            problem.solutions(false, |s| {
                classes.insert(class(&problem, s));
                ControlFlow::Continue(())
            });
            prop_assert_eq!(counts.distinct, classes.len() as u64, "distinct count");
            let mut representatives = BTreeSet::new();
            problem.solutions(true, |s| {
                assert!(representatives.insert(class(&problem, s)), "two listed packings in one class");
                ControlFlow::Continue(())
            });
            prop_assert_eq!(representatives.len() as u64, counts.distinct, "one listed packing per class");
        }
    }
}

/// Strips of three rows with more than 64 cells, so the packer works on several 64-bit words,
/// cut into more pieces than the small boards have. The pieces are all different and none is
/// small: copies of one shape, or monominoes and dominoes, multiply the packings beyond what
/// exact cover can count in a test.
fn strips() -> impl Strategy<Value = Problem> {
    (22usize..=30, proptest::collection::vec(0usize..1000, 8..40), any::<bool>())
        .prop_map(|(width, seeds, flips)| {
            let (board, shapes) = cut_into_pieces(width, 3, &[], &seeds, (5, 7));
            problem(board, shapes, flips)
        })
        .prop_filter("different pieces of five or more squares", |problem| {
            let shapes: BTreeSet<Shape> =
                problem.pieces.iter().map(|p| p.shape.canonical(Equivalence::Free)).collect();
            shapes.len() == problem.pieces.len() && problem.pieces.iter().all(|p| p.shape.len() >= 5)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    #[test]
    fn the_packer_agrees_with_exact_cover_on_long_strips(problem in strips()) {
        counts_agree(&problem)?;
    }
}
