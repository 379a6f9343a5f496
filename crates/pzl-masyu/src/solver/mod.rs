//! The Masyu solver: propagation to a fixpoint, one-level hypotheses (probing), and a complete
//! depth-first search behind them, so every puzzle is either solved or proven impossible, and a
//! second solution is searched for to prove uniqueness.
//!
//! ```
//! use pzl_masyu::solver::{solve, Outcome, SolveOptions};
//! let puzzle = pzl_masyu::solver::board_from_rows(&["....", ".B..", "...W", "...."]).unwrap();
//! let result = solve(&puzzle, &SolveOptions::default());
//! assert_eq!(result.outcome, Outcome::Solved);
//! assert_eq!(result.unique, Some(true));
//! ```

pub mod animate;
mod colour;
mod engine;
mod hint;
pub mod request;
mod search;
pub mod trace;

use pzl_core::time::Instant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::{Board, Cell, EdgeState};
use engine::{BLACK, CROSS, EMPTY, Engine, LINE, WHITE};
pub use hint::{Hint, Level, Step, hint, next_step};
pub use request::{grade, solve_request};
pub(crate) use search::{Differ, IncrementalRules, Other, Within, other_solution, within};
pub use trace::{Rule, TraceEvent};

/// How to solve.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// Give up after this long.
    pub timeout: Option<Duration>,
    /// Record every step (see [`trace`]).
    pub trace: bool,
    /// Prefer the reasoning a person uses: one-level hypotheses on every edge before deep search.
    pub human: bool,
    /// Keep the lines and crosses already drawn on the board instead of solving from the bare puzzle.
    pub keep_edges: bool,
    /// Set from another thread (Ctrl-C) to stop the search as if the timeout had struck; checked
    /// wherever the deadline is.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Stop (as if the timeout had struck) before guess number this + 1: a budget that, unlike
    /// a timeout, ends every run at the same place on every machine.
    pub max_decisions: Option<u64>,
}

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// A solution was found.
    Solved,
    /// There is none (proven by complete search).
    NoSolution,
    /// Time ran out (or the search was cancelled) before a solution was found.
    TimedOut,
}

/// What the solve needed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Statistics {
    /// Edges decided by rules (including those later undone).
    pub propagations: u64,
    /// One-level hypotheses tried.
    pub hypotheses: u64,
    /// Hypotheses that failed and so decided their edge.
    pub probe_deductions: u64,
    /// Search decisions (guesses).
    pub decisions: u64,
    /// Contradictions that undid a guess.
    pub backtracks: u64,
    /// Deepest nesting of guesses.
    pub max_depth: u32,
    /// Wall time in microseconds.
    pub micros: u64,
}

/// How hard a puzzle is, from what solving it needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Difficulty {
    /// Local rules (degree, pearls) alone.
    Easy,
    /// Needs the loop-closure or parity rules.
    Medium,
    /// Needs one-level hypotheses.
    Hard,
    /// Needs nested guessing (search).
    Expert,
}

impl Difficulty {
    /// The grade's name as pzl prints it (`easy`, `medium`, `hard`, `expert`).
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }
}

/// The result of [`solve`].
#[derive(Debug, Clone)]
pub struct SolveResult {
    /// How the solve ended.
    pub outcome: Outcome,
    /// The solved board (lines on the loop, crosses elsewhere) when `outcome` is `Solved`.
    pub solution: Option<Board>,
    /// `Some(true)` when proven the only solution, `Some(false)` when a second one exists,
    /// `None` when not known (no solution, or the time ran out before the proof).
    pub unique: Option<bool>,
    /// The grade, when solved.
    pub difficulty: Option<Difficulty>,
    /// What the solve needed.
    pub stats: Statistics,
    /// The recorded steps, when [`SolveOptions::trace`] was set.
    pub trace: Option<Vec<TraceEvent>>,
}

/// The result of [`count_solutions`].
#[derive(Debug, Clone)]
pub struct CountResult {
    /// Solutions found, at most the limit.
    pub count: u64,
    /// True when the count is exact (the search finished); false when it stopped at the limit or
    /// ran out of time.
    pub exhaustive: bool,
    /// True when the time ran out (or the search was cancelled) before the count finished.
    pub timed_out: bool,
    /// The first solution found.
    pub first: Option<Board>,
    /// What the count needed.
    pub stats: Statistics,
}

/// Solve `board` and prove whether the solution is unique.
pub fn solve(board: &Board, options: &SolveOptions) -> SolveResult {
    solve_with_other(board, options).0
}

/// Like [`solve`], and also the second solution the search found when the puzzle is not unique
/// (the generator adds a pearl that this other loop breaks).
pub fn solve_with_other(board: &Board, options: &SolveOptions) -> (SolveResult, Option<Board>) {
    let mut run = search::run(board, 2, options);
    let other = (run.solutions.len() > 1).then(|| run.solutions.swap_remove(1));
    let outcome = match (run.solutions.is_empty(), run.timed_out) {
        (false, _) => Outcome::Solved,
        (true, true) => Outcome::TimedOut,
        (true, false) => Outcome::NoSolution,
    };
    let unique = match (run.solutions.len(), other.is_some(), run.timed_out) {
        (0, _, _) => None,
        (_, true, _) => Some(false),
        (_, false, true) => None,
        _ => Some(true),
    };
    let difficulty = (outcome == Outcome::Solved).then_some(run.difficulty);
    let result = SolveResult {
        outcome,
        solution: run.solutions.into_iter().next(),
        unique,
        difficulty,
        stats: run.stats,
        trace: run.trace,
    };
    (result, other)
}

/// Count the solutions of `board`, stopping at `limit` (at least 1).
pub fn count_solutions(board: &Board, limit: u64, options: &SolveOptions) -> CountResult {
    let run = search::run(board, limit.max(1), options);
    let count = run.count;
    CountResult {
        count,
        exhaustive: !run.timed_out && count < limit.max(1),
        timed_out: run.timed_out,
        first: run.solutions.into_iter().next(),
        stats: run.stats,
    }
}

/// A bare puzzle from rows of `.`, `W`, `B` (for tests and examples); `None` on other characters,
/// empty or ragged rows. The rows are read by the `masyu` text format's reader.
pub fn board_from_rows(rows: &[&str]) -> Option<Board> {
    let width = rows.first()?.len();
    let text = format!("{width} {}\n{}\n", rows.len(), rows.join("\n"));
    crate::formats::text::read(&text).ok().map(|parsed| parsed.value)
}

/// Whether `board`'s lines form one loop satisfying every pearl: the validator of
/// [`crate::check`], which shares no code with the solver, so it independently confirms each
/// solution the search reports.
pub fn is_valid_solution(board: &Board) -> bool {
    crate::check::check(board).is_empty()
}

fn engine_for(board: &Board) -> Engine {
    let kind = board.cells().cells().iter().map(|&c| kind_of(c)).collect();
    Engine::new(board.width(), board.height(), kind)
}

/// An edge state as the engine numbers it.
fn state_of(state: EdgeState) -> u8 {
    match state {
        EdgeState::Line => LINE,
        EdgeState::Cross => CROSS,
        EdgeState::Unknown => engine::UNKNOWN,
    }
}

/// A cell's kind as the engine numbers it.
fn kind_of(cell: Cell) -> u8 {
    match cell {
        Cell::Empty => EMPTY,
        Cell::White => WHITE,
        Cell::Black => BLACK,
    }
}

fn board_of(engine: &Engine, board: &Board) -> Board {
    let mut out = board.puzzle();
    for e in 0..engine.edge_count() {
        let state = match engine.edge[e] {
            LINE => EdgeState::Line,
            CROSS => EdgeState::Cross,
            _ => EdgeState::Unknown,
        };
        out.set_edge_by_number(e, state);
    }
    out
}

/// Deadline checks, and the caller's cancel flag (read at the same places, one atomic load).
struct Clock {
    deadline: Option<Instant>,
    started: Instant,
    cancel: Option<Arc<AtomicBool>>,
}

impl Clock {
    fn new(timeout: Option<Duration>, cancel: Option<Arc<AtomicBool>>) -> Clock {
        let started = Instant::now();
        Clock { deadline: timeout.map(|t| started + t), started, cancel }
    }

    fn expired(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
