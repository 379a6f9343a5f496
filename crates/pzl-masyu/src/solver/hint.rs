//! Hints: the next deduction the solver makes from a player's own position, or the first of the
//! player's edges that no solution has.

use std::time::Duration;

use serde::Serialize;

use super::trace::{Rule, TraceEvent, reads};
use super::{Outcome, SolveOptions, solve};
use crate::{Board, EdgeState};

/// What a hint says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Hint {
    /// The next edge to decide: `rule` (a trace rule name, `solution` when only guessing reaches
    /// it) decided it looking at `cell`, reading `reads`.
    Deduce {
        /// The edge, in flat numbering.
        edge: usize,
        /// `line` or `cross`.
        state: &'static str,
        /// The rule's trace name.
        rule: &'static str,
        /// The cell the rule looked at (row, column from 0), if any.
        cell: Option<[usize; 2]>,
        /// The cells the rule read.
        reads: Vec<[usize; 2]>,
        /// The step in words.
        text: String,
    },
    /// A line or cross the player drew that the solution does not have.
    Wrong {
        /// The edge, in flat numbering.
        edge: usize,
        /// What the player drew there: `line` or `cross`.
        state: &'static str,
        /// The cells at its two ends (row, column from 0).
        cells: Vec<[usize; 2]>,
        /// What is wrong, in words.
        text: String,
    },
    /// Every edge of the loop is drawn.
    Solved,
    /// The puzzle has no solution, or the solver ran out of time.
    None {
        /// Why no hint can be given.
        text: String,
    },
}

fn name(state: EdgeState) -> &'static str {
    match state {
        EdgeState::Line => "line",
        EdgeState::Cross => "cross",
        EdgeState::Unknown => "unknown",
    }
}

/// The hint for the player's `board` (pearls plus the player's lines and crosses).
pub fn hint(board: &Board, timeout: Option<Duration>) -> Hint {
    let index = board.edge_index();
    let ends = |e: usize| {
        let (a, b) = index.edge(e).cells();
        vec![[a.row, a.col], [b.row, b.col]]
    };
    let bare = solve(&board.puzzle(), &SolveOptions { timeout, ..SolveOptions::default() });
    let Some(solution) = bare.solution else {
        let text = match bare.outcome {
            Outcome::TimedOut => "the solver ran out of time",
            _ => "the puzzle has no solution",
        };
        return Hint::None { text: text.to_string() };
    };
    // A line off the loop, or a cross on it (the first solution; a puzzle with several solutions
    // is judged against the one the solver finds).
    for (e, (&mine, &right)) in board.edge_states().iter().zip(solution.edge_states()).enumerate() {
        let wrong = match mine {
            EdgeState::Line => right != EdgeState::Line,
            EdgeState::Cross => right == EdgeState::Line,
            EdgeState::Unknown => false,
        };
        if wrong {
            let text = match mine {
                EdgeState::Line => "this line is not part of the loop",
                _ => "the loop goes through this cross",
            };
            return Hint::Wrong { edge: e, state: name(mine), cells: ends(e), text: text.to_string() };
        }
    }
    let open = |e: usize| board.edge_by_number(e) == EdgeState::Unknown;
    if (0..index.count()).all(|e| !open(e) || solution.edge_by_number(e) != EdgeState::Line) {
        return Hint::Solved;
    }
    let options = SolveOptions { timeout, trace: true, keep_edges: true, ..SolveOptions::default() };
    let traced = solve(board, &options);
    let w = board.width();
    // The first edge decided outside any hypothesis (steps inside one are only tried).
    let mut depth = 0;
    let first = traced.trace.unwrap_or_default().into_iter().find_map(|event| match event {
        TraceEvent::Hypothesis { depth: d, .. } => {
            depth = d;
            None
        }
        TraceEvent::Rollback { depth: d, .. } => {
            depth = d;
            None
        }
        TraceEvent::Set { edge, line, rule, cell }
            if depth == 0 && rule != Rule::Given && rule != Rule::Guess && open(edge as usize) =>
        {
            Some((edge, line, rule, cell))
        }
        _ => None,
    });
    if let Some((edge, line, rule, cell)) = first {
        let event = TraceEvent::Set { edge, line, rule, cell };
        return Hint::Deduce {
            edge: edge as usize,
            state: if line { "line" } else { "cross" },
            rule: rule.name(),
            cell: (cell != u32::MAX).then(|| [cell as usize / w, cell as usize % w]),
            reads: reads(board, edge, rule, cell),
            text: super::trace::describe(board, &event),
        };
    }
    // Only guessing goes further: show one edge of the loop.
    let edge =
        (0..index.count()).find(|&e| open(e) && solution.edge_by_number(e) == EdgeState::Line).unwrap_or(0);
    Hint::Deduce {
        edge,
        state: "line",
        rule: "solution",
        cell: None,
        reads: ends(edge),
        text: "no rule reaches further from here; this line is part of the solution".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::board_from_rows;

    #[test]
    fn hints_lead_to_the_solution() {
        let mut board = board_from_rows(&["....", ".B..", "...W", "...."]).unwrap();
        for _ in 0..100 {
            match hint(&board, None) {
                Hint::Deduce { edge, state, .. } => board.set_edge_by_number(
                    edge,
                    if state == "line" { EdgeState::Line } else { EdgeState::Cross },
                ),
                Hint::Solved => break,
                other => panic!("{other:?}"),
            }
        }
        assert!(crate::check::check(&board).is_empty() || matches!(hint(&board, None), Hint::Solved));
    }

    #[test]
    fn hints_agree_with_the_solution() {
        let rows =
            ["........", ".W.W....", "..WW..WW", ".W.W..W.", "B.......", ".......W", ".WWWWW..", "........"];
        let mut board = board_from_rows(&rows).unwrap();
        let solution = solve(&board, &SolveOptions::default()).solution.unwrap();
        for _ in 0..300 {
            match hint(&board, None) {
                Hint::Deduce { edge, state, .. } => {
                    let s = if state == "line" { EdgeState::Line } else { EdgeState::Cross };
                    assert!(s != EdgeState::Line || solution.edge_by_number(edge) == EdgeState::Line);
                    board.set_edge_by_number(edge, s);
                }
                Hint::Solved => return,
                other => panic!("{other:?}"),
            }
        }
        panic!("not solved by hints");
    }

    #[test]
    fn a_wrong_line_is_named() {
        let mut board = board_from_rows(&["....", ".B..", "...W", "...."]).unwrap();
        board.set_edge_by_number(0, EdgeState::Line);
        let solution = solve(&board.puzzle(), &SolveOptions::default()).solution.unwrap();
        let h = hint(&board, None);
        if solution.edge_by_number(0) != EdgeState::Line {
            assert!(matches!(h, Hint::Wrong { edge: 0, .. }), "{h:?}");
        }
    }
}
