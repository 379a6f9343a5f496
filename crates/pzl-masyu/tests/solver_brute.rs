//! The solver against brute force: on random small boards, the number of solutions it counts
//! equals the number of edge sets that form a valid loop (checked by the independent validator),
//! and a trace written for any of them reads back unchanged.

use proptest::prelude::*;
use pzl_masyu::solver::trace::{read_jsonl, write_jsonl};
use pzl_masyu::solver::{Outcome, SolveOptions, count_solutions, is_valid_solution, solve};
use pzl_masyu::{Board, Cell, EdgeState, Pos};

fn board(width: usize, height: usize, cells: &[u8]) -> Board {
    let mut b = Board::new(width, height);
    for (i, &k) in cells.iter().enumerate().take(width * height) {
        let cell = match k % 5 {
            0 => Cell::White,
            1 => Cell::Black,
            _ => Cell::Empty,
        };
        b.set_cell(Pos::new(i / width, i % width), cell);
    }
    b
}

fn brute_force(puzzle: &Board) -> u64 {
    let edges = puzzle.edge_index().count();
    let mut found = 0;
    let mut b = puzzle.clone();
    for set in 0u32..(1 << edges) {
        for e in 0..edges {
            b.set_edge_by_number(e, if set >> e & 1 == 1 { EdgeState::Line } else { EdgeState::Cross });
        }
        // Every cell of a loop has 0 or 2 lines: a cheap filter before the full validator.
        let loop_degrees = (0..puzzle.height())
            .flat_map(|r| (0..puzzle.width()).map(move |c| Pos::new(r, c)))
            .all(|p| matches!(b.line_mask(p).count_ones(), 0 | 2));
        if loop_degrees && is_valid_solution(&b) {
            found += 1;
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn counts_match_brute_force_on_3x3(cells in proptest::collection::vec(0u8..15, 9)) {
        let puzzle = board(3, 3, &cells);
        let counted = count_solutions(&puzzle, 10_000, &SolveOptions::default());
        prop_assert!(counted.exhaustive);
        prop_assert_eq!(counted.count, brute_force(&puzzle));
    }

    #[test]
    fn counts_match_brute_force_on_4x3(cells in proptest::collection::vec(0u8..12, 12)) {
        let puzzle = board(4, 3, &cells);
        let counted = count_solutions(&puzzle, 10_000, &SolveOptions::default());
        prop_assert!(counted.exhaustive);
        prop_assert_eq!(counted.count, brute_force(&puzzle));
        let result = solve(&puzzle, &SolveOptions::default());
        prop_assert_eq!(result.outcome == Outcome::Solved, counted.count > 0);
        prop_assert_eq!(result.unique, (counted.count > 0).then_some(counted.count == 1));
    }

    #[test]
    fn traces_read_back_unchanged(cells in proptest::collection::vec(0u8..20, 36), human in any::<bool>()) {
        let puzzle = board(6, 6, &cells);
        let options = SolveOptions { trace: true, human, ..SolveOptions::default() };
        let result = solve(&puzzle, &options);
        let events = result.trace.unwrap();
        let text = write_jsonl(&puzzle, &events, "solved");
        let back = read_jsonl(&text).unwrap();
        prop_assert_eq!(back.events, events);
        prop_assert_eq!(back.puzzle, puzzle);
    }
}
