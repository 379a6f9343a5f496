//! Hints: from a player's own position, the easiest deduction that decides something new, or
//! the first of the player's edges that no solution has.
//!
//! The rules form a ladder a person climbs ([`Level`]): the local rules of one cell or pearl,
//! then the global ones that look at the whole loop, then a one-level hypothesis, then guessing.
//! A hint comes from the lowest level that decides anything from the player's position, so it
//! never uses a harder rule while an easier one applies.

use std::time::Duration;

use serde::Serialize;

use super::trace::{Rule, TraceEvent, reads};
use super::{Outcome, SolveOptions, engine_for, solve, state_of};
use crate::{Board, EdgeState};

/// The rungs of the ladder, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Rules about one cell or pearl and its neighbours (degree, dead ends, pearl rules), and
    /// the crosses left once the loop is closed.
    Local,
    /// Rules about the whole loop: closing a loop too early, the parity of a row or column
    /// cut, inside and outside.
    Global,
    /// A one-level hypothesis: one value of an edge leads to a contradiction by the rules above.
    Hypothesis,
    /// Nothing above decides anything: only guessing (or the solution) goes on.
    Search,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Local, Level::Global, Level::Hypothesis, Level::Search];

    /// The level's name, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Level::Local => "local",
            Level::Global => "global",
            Level::Hypothesis => "hypothesis",
            Level::Search => "search",
        }
    }

    /// The level of a trace rule (`Given` counts as local: it is no deduction).
    pub fn of(rule: Rule) -> Level {
        match rule {
            Rule::Degree
            | Rule::DeadEnd
            | Rule::PearlOnLoop
            | Rule::BlackLeg
            | Rule::WhiteStraight
            | Rule::WhiteTurn
            | Rule::LoopDone
            | Rule::Given => Level::Local,
            Rule::EarlyLoop | Rule::Parity | Rule::InsideOutside => Level::Global,
            Rule::Probe => Level::Hypothesis,
            Rule::Guess => Level::Search,
        }
    }
}

/// What a hint says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Hint {
    /// The next edge to decide: `rule` (a trace rule name, `solution` when only guessing reaches
    /// it) decided it looking at `cell`, reading `reads`.
    Deduce {
        /// The edge, in flat numbering.
        edge: usize,
        /// What to draw there: a line or a cross (never `unknown`).
        state: EdgeState,
        /// The rung of the ladder the rule is on.
        level: Level,
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
        /// What the player drew there: a line or a cross.
        state: EdgeState,
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

impl Hint {
    /// What the hint tells of the player's board: [`Status::Ok`] for a next step or a finished
    /// loop, [`Status::Problems`] for a wrong line or cross, or no hint at all.
    ///
    /// [`Status::Ok`]: pzl_core::Status::Ok
    /// [`Status::Problems`]: pzl_core::Status::Problems
    pub fn status(&self) -> pzl_core::Status {
        match self {
            Hint::Deduce { .. } | Hint::Solved => pzl_core::Status::Ok,
            Hint::Wrong { .. } | Hint::None { .. } => pzl_core::Status::Problems,
        }
    }
}

/// The hint in words, one line (control characters in its text made visible).
impl std::fmt::Display for Hint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Hint::Deduce { text, .. } | Hint::Wrong { text, .. } | Hint::None { text } => {
                writeln!(f, "{}", pzl_core::text::printable(text))
            }
            Hint::Solved => writeln!(f, "the loop is complete: nothing left to find"),
        }
    }
}

/// One rung's deductions from a position: every edge the lowest level that decides anything
/// decides, in the order its rules decided them (for a hypothesis, the one edge it proves; for
/// search, one edge of the solution).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The level.
    pub level: Level,
    /// The deductions, as trace events (`TraceEvent::Set`), first the one a hint shows.
    pub events: Vec<TraceEvent>,
}

/// The deductions of the lowest level that decides a new edge from `board` (pearls plus the
/// player's lines and crosses, which must agree with `solution`, one of the puzzle's
/// solutions); `None` when `board` has every edge of `solution`'s loop or the solver ran out of
/// time.
pub fn next_step(board: &Board, solution: &Board, timeout: Option<Duration>) -> Option<Step> {
    for local_only in [true, false] {
        let events = propagate(board, local_only);
        if !events.is_empty() {
            let level = if local_only { Level::Local } else { Level::Global };
            return Some(Step { level, events });
        }
    }
    let open = |e: usize| board.edge_by_number(e) == EdgeState::Unknown;
    // A one-level hypothesis: the first edge the traced solve decides outside any hypothesis
    // (propagation has nothing more, so it is a probe's).
    let options = SolveOptions { timeout, trace: true, keep_edges: true, ..SolveOptions::default() };
    let traced = solve(board, &options);
    if traced.outcome == Outcome::TimedOut {
        return None;
    }
    let mut depth = 0;
    let probed = traced.trace.unwrap_or_default().into_iter().find(|event| match *event {
        TraceEvent::Hypothesis { depth: d, .. } => {
            depth = d;
            false
        }
        // A rollback undoes the hypothesis of level `d`: back to the level below.
        TraceEvent::Rollback { depth: d, .. } => {
            depth = d.saturating_sub(1);
            false
        }
        TraceEvent::Set { edge, rule, .. } => {
            depth == 0 && rule != Rule::Given && rule != Rule::Guess && open(edge as usize)
        }
        _ => false,
    });
    if let Some(event) = probed {
        return Some(Step { level: Level::Hypothesis, events: vec![event] });
    }
    // Only guessing goes further: one edge of the loop.
    let edge = (0..board.edge_index().count())
        .find(|&e| open(e) && solution.edge_by_number(e) == EdgeState::Line)?;
    let event = TraceEvent::Set { edge: edge as u32, line: true, rule: Rule::Guess, cell: u32::MAX };
    Some(Step { level: Level::Search, events: vec![event] })
}

/// The edges propagation decides from the player's position, with the local rules only or with
/// every rule (no hypotheses), as trace events in the order they were decided.
fn propagate(board: &Board, local_only: bool) -> Vec<TraceEvent> {
    let mut engine = engine_for(board);
    engine.local_only = local_only;
    for (n, &state) in board.edge_states().iter().enumerate() {
        if state != EdgeState::Unknown
            && engine.set(n as u32, state_of(state), Rule::Given, u32::MAX).is_err()
        {
            return Vec::new();
        }
    }
    engine.trace = Some(Vec::new());
    engine.enqueue_all();
    // A contradiction cannot come from a position that agrees with a solution; if it does,
    // nothing is offered at this level.
    if engine.propagate().is_err() {
        return Vec::new();
    }
    engine
        .trace
        .take()
        .unwrap_or_default()
        .into_iter()
        .filter(|e| matches!(e, TraceEvent::Set { rule, .. } if *rule != Rule::Given))
        .collect()
}

/// How long a hint searches when no timeout is given: a hint on the README's puzzles takes a few
/// milliseconds, and an empty 1000×1000 board would otherwise search for ever (findings N18).
pub const DEFAULT_HINT_TIMEOUT: Duration = Duration::from_secs(10);

/// The hint for the player's `board` (pearls plus the player's lines and crosses), searching at
/// most `timeout` (`DEFAULT_HINT_TIMEOUT`, 10 s, when `None`).
pub fn hint(board: &Board, timeout: Option<Duration>) -> Hint {
    let timeout = Some(timeout.unwrap_or(DEFAULT_HINT_TIMEOUT));
    let index = board.edge_index();
    let ends = |e: usize| {
        let (a, b) = index.edge(e).cells();
        vec![[a.row, a.col], [b.row, b.col]]
    };
    let bare = solve(&board.puzzle(), &SolveOptions { timeout, ..SolveOptions::default() });
    let Some(solution) = bare.solution else {
        let text = match bare.outcome {
            Outcome::TimedOut => {
                "no easy deduction here, and the solver ran out of time (give it longer with a timeout)"
            }
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
            return Hint::Wrong { edge: e, state: mine, cells: ends(e), text: text.to_string() };
        }
    }
    let open = |e: usize| board.edge_by_number(e) == EdgeState::Unknown;
    if (0..index.count()).all(|e| !open(e) || solution.edge_by_number(e) != EdgeState::Line) {
        return Hint::Solved;
    }
    let Some(step) = next_step(board, &solution, timeout) else {
        return Hint::None { text: "the solver ran out of time".to_string() };
    };
    let Some(&TraceEvent::Set { edge, line, rule, cell }) = step.events.first() else {
        return Hint::None { text: "no rule decides anything here".to_string() };
    };
    let state = if line { EdgeState::Line } else { EdgeState::Cross };
    if step.level == Level::Search {
        return Hint::Deduce {
            edge: edge as usize,
            state,
            level: step.level,
            rule: "solution",
            cell: None,
            reads: ends(edge as usize),
            text: "no rule reaches further from here; this line is part of the solution".to_string(),
        };
    }
    let w = board.width();
    let event = TraceEvent::Set { edge, line, rule, cell };
    let why = super::trace::describe(board, &event);
    Hint::Deduce {
        edge: edge as usize,
        state,
        level: step.level,
        rule: rule.name(),
        cell: (cell != u32::MAX).then(|| [cell as usize / w, cell as usize % w]),
        reads: reads(board, edge, rule, cell),
        text: format!("{} ({} rule)", why, step.level.name()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_hint_reads_as_one_line_and_gives_the_status() {
        assert_eq!(Hint::Solved.to_string(), "the loop is complete: nothing left to find\n");
        assert_eq!(Hint::Solved.status(), pzl_core::Status::Ok);
        let none = Hint::None { text: "no solution\x1b[2J".into() };
        assert!(!none.to_string().contains('\x1b'), "control characters are made visible");
        assert_eq!(none.status(), pzl_core::Status::Problems);
    }

    use super::*;
    use crate::solver::board_from_rows;

    #[test]
    fn hints_lead_to_the_solution() {
        let mut board = board_from_rows(&["....", ".B..", "...W", "...."]).unwrap();
        for _ in 0..100 {
            match hint(&board, None) {
                Hint::Deduce { edge, state, .. } => board.set_edge_by_number(edge, state),
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
                    let s = state;
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
