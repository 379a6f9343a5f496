//! The solver on arbitrary small boards: it never panics, and every solution it reports is a
//! valid loop.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_masyu::solver::{Outcome, SolveOptions, count_solutions, is_valid_solution, solve};
use pzl_masyu::{Board, Cell, Pos};

fuzz_target!(|data: &[u8]| {
    let [w, h, cells @ ..] = data else { return };
    let (w, h) = (usize::from(w % 8) + 1, usize::from(h % 8) + 1);
    let mut board = Board::new(w, h);
    for (i, &k) in cells.iter().take(w * h).enumerate() {
        let cell = match k % 6 {
            0 => Cell::White,
            1 => Cell::Black,
            _ => Cell::Empty,
        };
        board.set_cell(Pos::new(i / w, i % w), cell);
    }
    let options =
        SolveOptions { timeout: Some(std::time::Duration::from_secs(2)), ..SolveOptions::default() };
    let result = solve(&board, &options);
    if let Some(solution) = &result.solution {
        assert!(is_valid_solution(solution));
    }
    if result.outcome == Outcome::NoSolution {
        assert_eq!(count_solutions(&board, 1, &options).count, 0);
    }
});
