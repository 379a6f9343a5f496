//! The solver on small hand-made puzzles: known solutions, impossible boards, ambiguous boards,
//! solution counts, timeouts, kept edges, and the trace (written, read back, replayed).

use pzl_masyu::solver::trace::{Replayer, TraceEvent, read_jsonl, write_jsonl};
use pzl_masyu::solver::{
    Difficulty, Outcome, SolveOptions, board_from_rows, count_solutions, is_valid_solution, solve,
};
use pzl_masyu::{Board, EdgeState, Pos};

fn masks(board: &Board) -> Vec<String> {
    (0..board.height())
        .map(|r| (0..board.width()).map(|c| format!("{:X}", board.line_mask(Pos::new(r, c)))).collect())
        .collect()
}

#[test]
fn the_three_tootsweet_examples_solve_to_their_known_loops() {
    for (rows, expected) in [
        (["....", ".B..", "...W", "...."], ["0000", "095C", "0A0A", "0356"]),
        (["B..B", "....", "W..W", "..W."], ["955C", "A00A", "A00A", "3556"]),
        (["..B.", "....", "..W.", "B..."], ["95C0", "A0A0", "A0A0", "3560"]),
    ] {
        let board = board_from_rows(&rows).unwrap();
        let result = solve(&board, &SolveOptions::default());
        assert_eq!(result.outcome, Outcome::Solved);
        assert_eq!(result.unique, Some(true));
        let solution = result.solution.unwrap();
        assert!(is_valid_solution(&solution));
        assert_eq!(masks(&solution), expected);
        // Every edge is decided: lines on the loop, crosses elsewhere.
        assert!(solution.edge_states().iter().all(|&e| e != EdgeState::Unknown));
    }
}

#[test]
fn impossible_boards_have_no_solution() {
    for rows in [
        vec!["BB..", "....", "....", "...."],
        vec!["W...", "....", "....", "...."],
        vec![".WWW.", ".....", ".....", ".....", "....."],
        vec!["....", ".BB.", "....", "...."],
        vec!["..", ".."].into_iter().map(|_| "B.").collect::<Vec<_>>(),
        vec!["...", ".B.", "..."],
    ] {
        let board = board_from_rows(&rows).unwrap();
        let result = solve(&board, &SolveOptions::default());
        assert_eq!(result.outcome, Outcome::NoSolution, "{rows:?}");
        assert!(result.solution.is_none());
        let counted = count_solutions(&board, 5, &SolveOptions::default());
        assert_eq!((counted.count, counted.exhaustive), (0, true), "{rows:?}");
    }
}

#[test]
fn ambiguous_boards_count_their_solutions() {
    // One white pearl in a 3x3 board: the loop through it is the 3x3 ring or a 2x3/3x2 rectangle.
    let board = board_from_rows(&["...", ".W.", "..."]).unwrap();
    let all = count_solutions(&board, 1000, &SolveOptions::default());
    assert!(all.exhaustive);
    // Brute force: every loop of a 3x3 grid through the centre going straight there and turning
    // next to it. Rectangles 3 wide and 2 high (2 of them) and 2 wide and 3 high (2), plus
    // the ring cannot pass the centre: 4.
    assert_eq!(all.count, 4);
    let result = solve(&board, &SolveOptions::default());
    assert_eq!(result.outcome, Outcome::Solved);
    assert_eq!(result.unique, Some(false));
    assert!(is_valid_solution(result.solution.as_ref().unwrap()));
    let capped = count_solutions(&board, 2, &SolveOptions::default());
    assert_eq!((capped.count, capped.exhaustive), (2, false));
}

#[test]
fn solutions_are_valid_loops_and_difficulty_grows_with_the_method() {
    let easy = board_from_rows(&["....", ".B..", "...W", "...."]).unwrap();
    let result = solve(&easy, &SolveOptions::default());
    assert_eq!(result.difficulty, Some(Difficulty::Easy));
    assert_eq!(result.stats.decisions, 0);
}

#[test]
fn kept_edges_are_respected() {
    let board = board_from_rows(&["....", ".B..", "...W", "...."]).unwrap();
    let mut drawn = board.clone();
    // A cross on an edge the unique loop uses makes the board impossible.
    drawn.set_edge_from(Pos::new(1, 1), pzl_grid::Dir::Right, EdgeState::Cross);
    let keep = SolveOptions { keep_edges: true, ..SolveOptions::default() };
    assert_eq!(solve(&drawn, &keep).outcome, Outcome::NoSolution);
    assert_eq!(solve(&drawn, &SolveOptions::default()).outcome, Outcome::Solved);
}

#[test]
fn a_zero_timeout_gives_up_on_a_large_open_board() {
    let board = Board::new(30, 30);
    let options = SolveOptions { timeout: Some(std::time::Duration::ZERO), ..SolveOptions::default() };
    let result = solve(&board, &options);
    assert_eq!(result.outcome, Outcome::TimedOut);
    assert_eq!(result.unique, None);
}

#[test]
fn traces_round_trip_and_replay_to_the_solution() {
    let board = board_from_rows(&[
        "..W.W.....",
        "....W...B.",
        "..B.B.W...",
        "...W..W...",
        "B....W...W",
        "..W....W..",
        "..B...W...",
        "W...B....W",
        "......WW..",
        "..B......B",
    ])
    .unwrap();
    for human in [false, true] {
        let options = SolveOptions { trace: true, human, ..SolveOptions::default() };
        let result = solve(&board, &options);
        let events = result.trace.unwrap();
        assert!(events.iter().any(|e| matches!(e, TraceEvent::Hypothesis { .. })));
        let text = write_jsonl(&board, &events, "solved");
        let file = read_jsonl(&text).unwrap();
        assert_eq!(file.events, events);
        assert_eq!(file.puzzle, board);
        assert_eq!(file.outcome.as_deref(), Some("solved"));
        let mut player = Replayer::new(&file);
        let mut solved_at = None;
        while let Some(event) = player.step() {
            if matches!(event, TraceEvent::Solution { .. }) {
                solved_at = Some(player.board.clone());
            }
        }
        let shown = solved_at.expect("the trace shows the solution");
        assert_eq!(masks(&shown), masks(result.solution.as_ref().unwrap()));
    }
}

#[test]
fn bad_traces_are_rejected_with_the_line() {
    let header = "{\"type\":\"header\",\"puzzle\":[\"...\",\"...\"]}\n";
    for (text, line) in [
        ("not json\n".to_string(), "line 1"),
        (
            format!("{header}{{\"type\":\"set\",\"edge\":999,\"state\":\"line\",\"rule\":\"degree\"}}\n"),
            "line 2",
        ),
        (
            format!("{header}{{\"type\":\"set\",\"edge\":1,\"state\":\"maybe\",\"rule\":\"degree\"}}\n"),
            "line 2",
        ),
        ("{\"type\":\"set\",\"edge\":1}\n".to_string(), "line 1"),
        (format!("{header}{{\"type\":\"warp\"}}\n"), "line 2"),
    ] {
        let err = read_jsonl(&text).unwrap_err();
        assert!(err.to_string().contains(line), "{err} for {text}");
    }
}
