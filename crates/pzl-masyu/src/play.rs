//! Playing a Masyu board: the one view every front end shows (the CLI's `--json`, Python and the
//! browser), the actions a player takes, and the replay of a solver's trace. Edge states have one
//! spelling everywhere: `"unknown"`, `"line"`, `"cross"` ([`EdgeState`]'s serde form).

use serde::{Deserialize, Serialize};

use crate::solver::Hint;
use crate::solver::trace::{Replayer, TraceFile, describe};
use crate::{Board, Cell, EdgeState, Pos};

/// A Masyu board as a player sees it.
///
/// ```
/// let board = pzl_masyu::tootsweet::parse_file("4:4:AgAQAA\n").unwrap().value;
/// let view = board.view();
/// assert_eq!(view.rows[0].len(), 4);
/// let json = serde_json::to_string(&view).unwrap();
/// assert!(json.contains(r#""edges":["unknown","#));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// Cells per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// One string per row: `.` empty, `W` white pearl, `B` black pearl.
    pub rows: Vec<String>,
    /// Every edge's state, in pzl's flat edge numbering.
    pub edges: Vec<EdgeState>,
    /// The two cells each edge joins: `[row1, col1, row2, col2]` (from 0).
    pub ends: Vec<[usize; 4]>,
}

/// What a player does to a Masyu board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Set one edge (flat numbering) to `state`.
    Draw {
        /// The edge.
        edge: usize,
        /// Its new state.
        state: EdgeState,
    },
    /// Replace every edge's state (as many as the board has edges).
    SetEdges {
        /// The states, in flat numbering.
        edges: Vec<EdgeState>,
    },
    /// Find the next hint from the board ([`crate::solver::hint`]) and draw what it deduces
    /// (nothing when the hint is not a deduction: a wrong line, a solved board).
    ApplyHint {
        /// How long the solver may look, in seconds (none: no limit).
        #[serde(default)]
        timeout: Option<f64>,
    },
}

impl Cell {
    /// The cell as the text grids spell it: `.`, `W` or `B`.
    pub fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::White => 'W',
            Cell::Black => 'B',
        }
    }
}

impl Board {
    /// The board as a player sees it.
    pub fn view(&self) -> BoardView {
        let index = self.edge_index();
        let rows = (0..self.height())
            .map(|r| (0..self.width()).map(|c| self.cell(Pos::new(r, c)).to_char()).collect())
            .collect();
        let ends = (0..index.count())
            .map(|n| {
                let (a, b) = index.edge(n).cells();
                [a.row, a.col, b.row, b.col]
            })
            .collect();
        BoardView {
            width: self.width(),
            height: self.height(),
            rows,
            edges: self.edge_states().to_vec(),
            ends,
        }
    }

    /// The board with `action` done; an edge number past the board, or the wrong number of
    /// states, is an error naming what was expected.
    pub fn act(&self, action: &Action) -> Result<Board, pzl_core::Error> {
        let count = self.edge_states().len();
        let mut next = self.clone();
        match action {
            Action::Draw { edge, state } => {
                if *edge >= count {
                    return Err(pzl_core::Error::usage(format!(
                        "edge {edge} is past the board (it has {count} edges, numbered from 0)"
                    )));
                }
                next.set_edge_by_number(*edge, *state);
            }
            Action::SetEdges { edges } => {
                if edges.len() != count {
                    return Err(pzl_core::Error::usage(format!(
                        "expected {count} edge states for a {}x{} board, got {}",
                        self.width(),
                        self.height(),
                        edges.len()
                    )));
                }
                for (n, &state) in edges.iter().enumerate() {
                    next.set_edge_by_number(n, state);
                }
            }
            Action::ApplyHint { timeout } => {
                let timeout = match timeout {
                    Some(s) => Some(std::time::Duration::try_from_secs_f64(*s).map_err(|_| {
                        pzl_core::Error::usage(format!("timeout {s}: expected a number of seconds"))
                    })?),
                    None => None,
                };
                next.apply(&crate::solver::hint(self, timeout))?;
            }
        }
        Ok(next)
    }

    /// Draw what `hint` deduces; gives whether anything was drawn (a hint that names a wrong
    /// line, a solved board or no hint draws nothing).
    pub fn apply(&mut self, hint: &Hint) -> Result<bool, pzl_core::Error> {
        let Hint::Deduce { edge, state, .. } = hint else { return Ok(false) };
        if *edge >= self.edge_states().len() {
            return Err(pzl_core::Error::usage(format!("the hint's edge {edge} is past the board")));
        }
        self.set_edge_by_number(*edge, *state);
        Ok(true)
    }
}

/// One edge a replay step changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EdgeChange {
    /// The edge, in flat numbering.
    pub edge: usize,
    /// Its state after the step.
    pub now: EdgeState,
    /// Its state before the step (to step back).
    pub was: EdgeState,
}

/// One event of a solver's trace, replayed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayStep {
    /// The event in words.
    pub text: String,
    /// The edges it changed (a rollback undoes many).
    pub changes: Vec<EdgeChange>,
}

/// A whole trace, replayed from the bare puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// Every event, in order.
    pub steps: Vec<ReplayStep>,
    /// `solved`, `no-solution` or `timed-out`, when the trace has its end line.
    pub outcome: Option<String>,
}

/// Replay `trace` event by event, as [`Replayer`] applies them.
pub fn replay(trace: &TraceFile) -> Replay {
    let mut replayer = Replayer::new(trace);
    let mut before = replayer.board.edge_states().to_vec();
    let mut steps = Vec::new();
    while let Some(event) = replayer.step() {
        let text = describe(&trace.puzzle, event);
        let now = replayer.board.edge_states();
        let changes = now
            .iter()
            .zip(&before)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(edge, (&now, &was))| EdgeChange { edge, now, was })
            .collect();
        before = now.to_vec();
        steps.push(ReplayStep { text, changes });
    }
    Replay { steps, outcome: trace.outcome.clone() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladybug() -> Board {
        crate::tootsweet::parse_file("4:4:AgAQAA\n").unwrap().value
    }

    #[test]
    fn the_view_spells_edges_as_words() {
        let mut board = ladybug();
        board.set_edge_by_number(0, EdgeState::Line);
        board.set_edge_by_number(1, EdgeState::Cross);
        let view = board.view();
        assert_eq!((view.width, view.height, view.edges.len(), view.ends.len()), (4, 4, 24, 24));
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["edges"][0], "line");
        assert_eq!(json["edges"][1], "cross");
        assert_eq!(json["edges"][2], "unknown");
        assert_eq!(view.rows.concat().chars().filter(|c| *c != '.').count(), 2);
        let back: BoardView = serde_json::from_value(json).unwrap();
        assert_eq!(back, view);
    }

    #[test]
    fn actions_draw_set_and_refuse_what_does_not_fit() {
        let board = ladybug();
        let drawn = board.act(&Action::Draw { edge: 3, state: EdgeState::Line }).unwrap();
        assert_eq!(drawn.edge_by_number(3), EdgeState::Line);
        assert!(board.act(&Action::Draw { edge: 24, state: EdgeState::Line }).is_err());
        let crossed = board.act(&Action::SetEdges { edges: vec![EdgeState::Cross; 24] }).unwrap();
        assert!(crossed.edge_states().iter().all(|&e| e == EdgeState::Cross));
        let e = board.act(&Action::SetEdges { edges: vec![EdgeState::Cross; 3] }).unwrap_err();
        assert!(e.message.contains("expected 24"), "{e}");
        let action: Action = serde_json::from_str(r#"{"action":"draw","edge":2,"state":"cross"}"#).unwrap();
        assert_eq!(action, Action::Draw { edge: 2, state: EdgeState::Cross });
    }

    #[test]
    fn applying_hints_until_solved_solves_the_board() {
        let mut board = ladybug();
        for _ in 0..board.edge_states().len() + 1 {
            let hint = crate::solver::hint(&board, None);
            if hint == Hint::Solved {
                break;
            }
            assert!(matches!(hint, Hint::Deduce { .. }), "{hint:?}");
            let next = board.act(&Action::ApplyHint { timeout: None }).unwrap();
            assert_ne!(next, board);
            board = next;
        }
        assert_eq!(crate::solver::hint(&board, None), Hint::Solved);
        assert!(crate::check::check(&board).is_empty());
    }

    #[test]
    fn a_wrong_line_is_not_applied() {
        let mut board = ladybug();
        let hint = Hint::Wrong { edge: 0, state: EdgeState::Line, cells: vec![], text: String::new() };
        assert!(!board.apply(&hint).unwrap());
        assert_eq!(board, ladybug());
    }

    #[test]
    fn a_replay_steps_through_the_trace_and_back() {
        let board = ladybug();
        let request =
            pzl_core::SolveRequest::default().with("trace", pzl_core::settings::Value::Text(String::new()));
        let solved = <crate::MasyuKind as pzl_core::Kind>::solve(&board, &request).unwrap();
        let trace = crate::solver::trace::read_jsonl(&solved.trace.unwrap()).unwrap();
        let replay = replay(&trace);
        assert!(!replay.steps.is_empty());
        let mut edges = board.edge_states().to_vec();
        for step in &replay.steps {
            for change in &step.changes {
                assert_eq!(edges[change.edge], change.was);
                edges[change.edge] = change.now;
            }
        }
        assert_eq!(edges, solved.solutions[0].edge_states());
        let json = serde_json::to_value(&replay).unwrap();
        assert!(json["steps"][0]["changes"][0]["now"].is_string());
    }
}
