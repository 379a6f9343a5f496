//! The solve trace: every step the solver takes, in order, so the reasoning can be replayed.
//!
//! A trace is written as JSON Lines: one header object, then one object per event.
//!
//! ```text
//! {"type":"header","version":1,"width":W,"height":H,"puzzle":["..B.", …],"edges":E}
//! {"type":"set","edge":N,"state":"line"|"cross","rule":"black-leg","cell":[row,col],"reads":[[r,c],…]}
//! {"type":"hypothesis","depth":D,"edge":N,"state":"line"|"cross"}
//! {"type":"contradiction","depth":D}
//! {"type":"rollback","depth":D,"to":K}          (K = number of edges still decided afterwards)
//! {"type":"solution","index":I}
//! {"type":"end","outcome":"solved"|"no-solution"|"timed-out"}
//! ```
//!
//! Edges use the flat numbering of `pzl_grid::EdgeIndex` (horizontal edges row-major, then
//! vertical). `cell` is the cell the rule looked at (absent for whole-board rules); `reads` lists
//! the cells whose edges the rule read (the cell and its neighbours within two steps).

use serde::{Deserialize, Serialize};

use crate::{Board, Cell, EdgeState, ParseError};

/// Why an edge was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// A cell already has two lines (the rest are crosses), or one line and one way out.
    Degree,
    /// A cell with a single possible edge cannot be on the loop.
    DeadEnd,
    /// A pearl with exactly two possible edges uses both.
    PearlOnLoop,
    /// A black pearl's leg: two straight edges away from the turn, and not the opposite edge.
    BlackLeg,
    /// A white pearl goes straight along the only possible axis.
    WhiteStraight,
    /// A white pearl must turn on at least one side.
    WhiteTurn,
    /// Joining the two ends of a path would close a loop too early.
    EarlyLoop,
    /// A row or column cut is crossed an even number of times.
    Parity,
    /// The two sides of the edge are known to be both inside (or outside), or one of each.
    InsideOutside,
    /// The loop is closed: every remaining edge is empty.
    LoopDone,
    /// A one-level hypothesis failed, so the other value holds.
    Probe,
    /// A search decision (a guess to be undone on contradiction).
    Guess,
    /// Drawn on the board before solving.
    Given,
}

impl Rule {
    /// How many rules there are (for per-rule counters indexed by `rule as usize`).
    pub const COUNT: usize = 13;

    /// The rule's name as written in traces.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Degree => "degree",
            Rule::DeadEnd => "dead-end",
            Rule::PearlOnLoop => "pearl-on-loop",
            Rule::BlackLeg => "black-leg",
            Rule::WhiteStraight => "white-straight",
            Rule::WhiteTurn => "white-turn",
            Rule::EarlyLoop => "early-loop",
            Rule::Parity => "parity",
            Rule::InsideOutside => "inside-outside",
            Rule::LoopDone => "loop-done",
            Rule::Probe => "probe",
            Rule::Guess => "guess",
            Rule::Given => "given",
        }
    }
}

/// One recorded step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TraceEvent {
    /// Edge `edge` became a line (or a cross) by `rule` looking at cell `cell` (`u32::MAX`: none).
    Set {
        /// The edge, in flat numbering.
        edge: u32,
        /// True for a line, false for a cross.
        line: bool,
        /// The rule that decided it.
        rule: Rule,
        /// The cell the rule looked at (`u32::MAX`: none), as `row * width + col`.
        cell: u32,
    },
    /// A hypothesis (probe or search guess) starts at `depth`.
    Hypothesis {
        /// How deep the hypothesis is nested (1: a hypothesis on the settled board).
        depth: u32,
        /// The edge assumed, in flat numbering.
        edge: u32,
        /// True when a line is assumed, false for a cross.
        line: bool,
    },
    /// The hypothesis at `depth` led to a contradiction.
    Contradiction {
        /// The depth of the failed hypothesis.
        depth: u32,
    },
    /// Everything after the first `to` decided edges was undone.
    Rollback {
        /// The depth returned to.
        depth: u32,
        /// How many decided edges remain.
        to: u32,
    },
    /// A complete loop was found.
    Solution {
        /// Which solution, from 0.
        index: u32,
    },
}

/// The most edges a trace header may announce (bounds memory on hostile files).
const MAX_CELLS: usize = 1 << 20;

/// The largest trace [`read_jsonl`] reads, in bytes (1 GiB).
pub const MAX_TRACE_BYTES: usize = 1 << 30;

/// The most events [`read_jsonl`] reads (ten million).
pub const MAX_TRACE_EVENTS: usize = 10_000_000;

/// A trace read back from its JSON Lines file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceFile {
    /// The bare puzzle.
    pub puzzle: Board,
    /// Every step, in order.
    pub events: Vec<TraceEvent>,
    /// `solved`, `no-solution` or `timed-out`, when the file has its end line.
    pub outcome: Option<String>,
    /// The end line says the writer cut the trace at the size limit (the events stop before
    /// the outcome).
    pub truncated: bool,
}

fn rows_of(board: &Board) -> Vec<String> {
    board
        .cells()
        .rows()
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Cell::Empty => '.',
                    Cell::White => 'W',
                    Cell::Black => 'B',
                })
                .collect()
        })
        .collect()
}

/// The cells a rule read to decide `edge` (see the module documentation).
pub(crate) fn reads(board: &Board, edge: u32, rule: Rule, cell: u32) -> Vec<[usize; 2]> {
    let (w, h) = (board.width(), board.height());
    let index = board.edge_index();
    let (a, b) = index.edge(edge as usize).cells();
    match rule {
        Rule::Degree | Rule::DeadEnd | Rule::PearlOnLoop if cell != u32::MAX => {
            vec![[cell as usize / w, cell as usize % w]]
        }
        Rule::BlackLeg | Rule::WhiteStraight | Rule::WhiteTurn if cell != u32::MAX => {
            let (r, c) = ((cell as usize / w) as isize, (cell as usize % w) as isize);
            let mut out = Vec::new();
            for dr in -2isize..=2 {
                for dc in -2isize..=2 {
                    let (rr, cc) = (r + dr, c + dc);
                    if dr.abs() + dc.abs() <= 2
                        && rr >= 0
                        && cc >= 0
                        && (rr as usize) < h
                        && (cc as usize) < w
                    {
                        out.push([rr as usize, cc as usize]);
                    }
                }
            }
            out
        }
        Rule::Parity => {
            // The whole row gap (vertical edge) or column gap (horizontal edge) the edge crosses.
            if a.row == b.row {
                (0..h).flat_map(|r| [[r, a.col], [r, b.col]]).collect()
            } else {
                (0..w).flat_map(|c| [[a.row, c], [b.row, c]]).collect()
            }
        }
        _ => vec![[a.row, a.col], [b.row, b.col]],
    }
}

/// Record `event` in a solve's trace, unless the trace already holds more than
/// [`MAX_TRACE_EVENTS`] (the reader's limit): one event past the limit is kept, so the writer
/// knows the trace was cut; the rest are dropped, so a long solve's trace stays bounded (one
/// comparison per event, and only while tracing).
pub(crate) fn record(trace: &mut Vec<TraceEvent>, event: TraceEvent) {
    if trace.len() <= MAX_TRACE_EVENTS {
        trace.push(event);
    }
}

/// Write a trace as JSON Lines (schema in the module documentation). A trace longer than
/// [`read_jsonl`] reads is cut (see [`write_jsonl_limited`]).
pub fn write_jsonl(puzzle: &Board, events: &[TraceEvent], outcome: &str) -> String {
    write_jsonl_limited(puzzle, events, outcome).0
}

/// [`write_jsonl`], and a message when the trace was cut: at most [`MAX_TRACE_EVENTS`] events
/// and [`MAX_TRACE_BYTES`] bytes are written, so [`read_jsonl`] (and `pzl replay`, `pzl render
/// --trace`) can read every trace pzl writes. A cut trace still ends with its `end` line, which
/// then says `"truncated": true` and how many events were written.
pub fn write_jsonl_limited(puzzle: &Board, events: &[TraceEvent], outcome: &str) -> (String, Option<String>) {
    write_limited(puzzle, events, outcome, MAX_TRACE_BYTES, MAX_TRACE_EVENTS, None)
}

/// [`write_jsonl_limited`] that also stops at `deadline` (findings C7: a solve with a time limit
/// stopped on time, then spent seconds more writing its trace of millions of events). The trace
/// is then cut as at the limits, its `end` line saying `"truncated": true`, and the message says
/// the time ran out.
pub(crate) fn write_jsonl_until(
    puzzle: &Board,
    events: &[TraceEvent],
    outcome: &str,
    deadline: Option<pzl_core::time::Instant>,
) -> (String, Option<String>) {
    write_limited(puzzle, events, outcome, MAX_TRACE_BYTES, MAX_TRACE_EVENTS, deadline)
}

/// Room kept for the `end` line under the byte limit.
const END_LINE_ROOM: usize = 256;

fn write_limited(
    puzzle: &Board,
    events: &[TraceEvent],
    outcome: &str,
    max_bytes: usize,
    max_events: usize,
    deadline: Option<pzl_core::time::Instant>,
) -> (String, Option<String>) {
    use serde_json::json;
    let w = puzzle.width();
    let mut out = String::new();
    let line = |out: &mut String, value: serde_json::Value| {
        out.push_str(&value.to_string());
        out.push('\n');
    };
    line(
        &mut out,
        json!({
            "type": "header", "version": 1, "width": w, "height": puzzle.height(),
            "puzzle": rows_of(puzzle), "edges": puzzle.edge_index().count(),
        }),
    );
    let state = |line: bool| if line { "line" } else { "cross" };
    let mut written = 0usize;
    let mut cut = events.len() > max_events;
    let mut late = false;
    for event in events.iter().take(max_events) {
        // The clock is read once every 1,024 events (a clock read costs about as much as an event).
        if written.is_multiple_of(1024) && deadline.is_some_and(|d| pzl_core::time::Instant::now() >= d) {
            (cut, late) = (true, true);
            break;
        }
        let text = match *event {
            TraceEvent::Set { edge, line, rule, cell } => {
                let mut v = json!({"type": "set", "edge": edge, "state": state(line), "rule": rule.name()});
                if cell != u32::MAX {
                    v["cell"] = json!([cell as usize / w, cell as usize % w]);
                }
                v["reads"] = json!(reads(puzzle, edge, rule, cell));
                v
            }
            TraceEvent::Hypothesis { depth, edge, line } => {
                json!({"type": "hypothesis", "depth": depth, "edge": edge, "state": state(line)})
            }
            TraceEvent::Contradiction { depth } => json!({"type": "contradiction", "depth": depth}),
            TraceEvent::Rollback { depth, to } => json!({"type": "rollback", "depth": depth, "to": to}),
            TraceEvent::Solution { index } => json!({"type": "solution", "index": index}),
        }
        .to_string();
        if out.len() + text.len() + 1 + END_LINE_ROOM > max_bytes {
            cut = true;
            break;
        }
        out.push_str(&text);
        out.push('\n');
        written += 1;
    }
    if !cut {
        line(&mut out, json!({"type": "end", "outcome": outcome}));
        return (out, None);
    }
    line(&mut out, json!({"type": "end", "outcome": outcome, "truncated": true, "events": written}));
    let message = if late {
        format!(
            "the trace was cut after {written} of its {} events: the time limit ran out while it was \
             written",
            events.len()
        )
    } else {
        format!(
            "the trace was cut after {written} events ({} MiB): pzl replays at most {max_events} events \
             and {} MiB; the solve itself went on to the end",
            out.len() >> 20,
            max_bytes >> 20
        )
    };
    (out, Some(message))
}

fn rule_by_name(name: &str) -> Option<Rule> {
    [
        Rule::Degree,
        Rule::DeadEnd,
        Rule::PearlOnLoop,
        Rule::BlackLeg,
        Rule::WhiteStraight,
        Rule::WhiteTurn,
        Rule::EarlyLoop,
        Rule::Parity,
        Rule::InsideOutside,
        Rule::LoopDone,
        Rule::Probe,
        Rule::Guess,
        Rule::Given,
    ]
    .into_iter()
    .find(|r| r.name() == name)
}

/// Read a trace written by [`write_jsonl`]. Syntax errors name the line and what was expected;
/// a trace over [`MAX_TRACE_BYTES`] or [`MAX_TRACE_EVENTS`] is refused with an
/// [`ErrorKind::Limit`](pzl_core::ErrorKind::Limit) error before it fills the memory.
pub fn read_jsonl(text: &str) -> Result<TraceFile, pzl_core::Error> {
    read_limited(text, MAX_TRACE_BYTES, MAX_TRACE_EVENTS)
}

/// Read a trace file's bytes: UTF-8 text (a place-named syntax error otherwise), then
/// [`read_jsonl`]; a file that is not a trace says how one is made.
pub fn read_trace(bytes: &[u8]) -> Result<TraceFile, pzl_core::Error> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        pzl_core::Error::syntax("expected UTF-8 text").at(pzl_core::Location::Offset(e.valid_up_to()))
    })?;
    read_jsonl(text).map_err(|e| {
        if e.kind == pzl_core::ErrorKind::Syntax {
            e.hint("this is not a solve trace; a Masyu solve with the `trace` setting writes one")
        } else {
            e
        }
    })
}

/// [`read_jsonl`] with its limits as parameters (so tests can reach them).
fn read_limited(text: &str, max_bytes: usize, max_events: usize) -> Result<TraceFile, pzl_core::Error> {
    if text.len() > max_bytes {
        return Err(too_long(format!("{} bytes", text.len())));
    }
    let mut puzzle: Option<Board> = None;
    let mut events = Vec::new();
    let mut outcome = None;
    let mut truncated = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let err = |m: &str| ParseError::at_line(n, 1, m.to_string());
        let v: serde_json::Value = serde_json::from_str(raw)
            .map_err(|e| ParseError::at_line(n, e.column(), format!("expected JSON: {e}")))?;
        let kind = v["type"].as_str().ok_or_else(|| err("expected a \"type\" field"))?;
        let uint = |key: &str| -> Result<u32, ParseError> {
            v[key]
                .as_u64()
                .and_then(|x| u32::try_from(x).ok())
                .ok_or_else(|| err(&format!("expected a whole number in \"{key}\"")))
        };
        if kind == "header" {
            let rows: Vec<&str> = v["puzzle"]
                .as_array()
                .ok_or_else(|| err("expected the puzzle rows in \"puzzle\""))?
                .iter()
                .map(|r| r.as_str().ok_or_else(|| err("expected each puzzle row as a string")))
                .collect::<Result<_, _>>()?;
            let cells: usize = rows.iter().map(|r| r.len()).sum();
            if cells > MAX_CELLS {
                return Err(err("the puzzle is too large").into());
            }
            let board = super::board_from_rows(&rows)
                .ok_or_else(|| err("expected equal-length puzzle rows of . W B"))?;
            puzzle = Some(board);
            continue;
        }
        let Some(board) = puzzle.as_ref() else {
            return Err(err("expected the header line first").into());
        };
        let edges = board.edge_index().count() as u32;
        let edge_of = |key: &str| -> Result<u32, ParseError> {
            let e = uint(key)?;
            if e < edges {
                Ok(e)
            } else {
                Err(err(&format!("edge {e} is outside the board ({edges} edges)")))
            }
        };
        let line_of = || -> Result<bool, ParseError> {
            match v["state"].as_str() {
                Some("line") => Ok(true),
                Some("cross") => Ok(false),
                _ => Err(err("expected \"state\": \"line\" or \"cross\"")),
            }
        };
        let event = match kind {
            "set" => {
                let rule =
                    v["rule"].as_str().and_then(rule_by_name).ok_or_else(|| err("unknown \"rule\""))?;
                let cell = match v["cell"].as_array() {
                    Some(rc) if rc.len() == 2 => {
                        let r = rc[0].as_u64().unwrap_or(u64::MAX) as usize;
                        let c = rc[1].as_u64().unwrap_or(u64::MAX) as usize;
                        if r >= board.height() || c >= board.width() {
                            return Err(err("\"cell\" is outside the board").into());
                        }
                        (r * board.width() + c) as u32
                    }
                    _ => u32::MAX,
                };
                TraceEvent::Set { edge: edge_of("edge")?, line: line_of()?, rule, cell }
            }
            "hypothesis" => {
                TraceEvent::Hypothesis { depth: uint("depth")?, edge: edge_of("edge")?, line: line_of()? }
            }
            "contradiction" => TraceEvent::Contradiction { depth: uint("depth")? },
            "rollback" => TraceEvent::Rollback { depth: uint("depth")?, to: uint("to")? },
            "solution" => TraceEvent::Solution { index: uint("index")? },
            "end" => {
                outcome = v["outcome"].as_str().map(str::to_string);
                truncated = v["truncated"].as_bool().unwrap_or(false);
                continue;
            }
            other => return Err(err(&format!("unknown event type \"{other}\"")).into()),
        };
        if events.len() >= max_events {
            return Err(too_long(format!("more than {max_events} events")).at(crate::Location::line(n)));
        }
        events.push(event);
    }
    let puzzle = puzzle.ok_or_else(|| pzl_core::Error::syntax("expected a header line"))?;
    Ok(TraceFile { puzzle, events, outcome, truncated })
}

/// The error for a trace too long to replay.
fn too_long(what: String) -> pzl_core::Error {
    pzl_core::Error::limit(format!(
        "the trace has {what}; pzl replays at most {MAX_TRACE_EVENTS} events ({} MiB)",
        MAX_TRACE_BYTES >> 20
    ))
    .hint("record a shorter solve, e.g. with --timeout")
}

/// Plays a trace forward one event at a time, keeping the board as the solver saw it.
pub struct Replayer<'a> {
    trace: &'a TraceFile,
    /// The board after the events applied so far.
    pub board: Board,
    trail: Vec<usize>,
    next: usize,
    /// The hypothesis level now (0: firm deductions).
    depth: u32,
    /// Per edge: decided inside a hypothesis (and not undone since).
    tentative: Vec<bool>,
}

impl<'a> Replayer<'a> {
    /// A replayer at the start of `trace` (the bare puzzle).
    pub fn new(trace: &'a TraceFile) -> Replayer<'a> {
        let tentative = vec![false; trace.puzzle.edge_states().len()];
        Replayer { trace, board: trace.puzzle.clone(), trail: Vec::new(), next: 0, depth: 0, tentative }
    }

    /// Apply the next event; returns it, or `None` at the end.
    pub fn step(&mut self) -> Option<&'a TraceEvent> {
        let event = self.trace.events.get(self.next)?;
        self.next += 1;
        match *event {
            TraceEvent::Set { edge, line, .. } => {
                let state = if line { EdgeState::Line } else { EdgeState::Cross };
                self.board.set_edge_by_number(edge as usize, state);
                if let Some(t) = self.tentative.get_mut(edge as usize) {
                    *t = self.depth > 0;
                }
                self.trail.push(edge as usize);
            }
            TraceEvent::Hypothesis { depth, .. } => self.depth = depth,
            TraceEvent::Rollback { to, depth } => {
                // As the animations read it: a rollback returns to the level above the failed one.
                self.depth = depth.saturating_sub(1);
                while self.trail.len() > to as usize {
                    if let Some(e) = self.trail.pop() {
                        self.board.set_edge_by_number(e, EdgeState::Unknown);
                        if let Some(t) = self.tentative.get_mut(e) {
                            *t = false;
                        }
                    }
                }
            }
            _ => {}
        }
        Some(event)
    }

    /// How many events have been applied.
    pub fn position(&self) -> usize {
        self.next
    }

    /// The hypothesis level now (0: on firm deductions).
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Was edge `n` (flat numbering) decided inside a hypothesis, and is it still standing?
    pub fn is_tentative(&self, n: usize) -> bool {
        self.tentative.get(n).copied().unwrap_or(false)
    }
}

/// One line telling a person what the event means.
pub fn describe(puzzle: &Board, event: &TraceEvent) -> String {
    let index = puzzle.edge_index();
    let edge = |e: u32| index.edge(e as usize).to_string();
    let state = |line: bool| if line { "line" } else { "cross" };
    match *event {
        TraceEvent::Set { edge: e, line, rule, .. } => {
            format!("{}: {} {}", rule.name(), state(line), edge(e))
        }
        TraceEvent::Hypothesis { depth, edge: e, line } => {
            format!("hypothesis (level {depth}): suppose {} {}", state(line), edge(e))
        }
        TraceEvent::Contradiction { depth } => format!("contradiction (level {depth})"),
        TraceEvent::Rollback { depth, to } => format!("roll back level {depth} (to {to} decided edges)"),
        TraceEvent::Solution { index } => format!("solution {} found", index + 1),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn trace_bytes_must_be_utf8_and_a_trace() {
        let e = super::read_trace(b"ok\xff").unwrap_err();
        assert_eq!(e.kind, pzl_core::ErrorKind::Syntax);
        assert!(e.message.contains("UTF-8"), "{e}");
        assert_eq!(e.at, Some(pzl_core::Location::Offset(2)));
        let e = super::read_trace(b"{\"not\": \"a trace\"}\n").unwrap_err();
        assert!(e.hint.as_deref().is_some_and(|h| h.contains("not a solve trace")), "{e:?}");
    }

    use super::*;
    use pzl_core::ErrorKind;

    /// F8: the replayer knows which edges a hypothesis drew, until a rollback undoes them, and
    /// the terminal text marks them.
    #[test]
    fn the_replayer_marks_what_a_hypothesis_drew() {
        let puzzle = crate::solver::board_from_rows(&["..", ".."]).unwrap();
        let set = |edge, line| TraceEvent::Set { edge, line, rule: Rule::Degree, cell: u32::MAX };
        let events = vec![
            set(0, true),
            TraceEvent::Hypothesis { depth: 1, edge: 1, line: true },
            set(1, true),
            set(2, false),
            TraceEvent::Contradiction { depth: 1 },
            TraceEvent::Rollback { depth: 1, to: 1 },
            set(1, false),
        ];
        let trace = TraceFile { puzzle, events, outcome: None, truncated: false };
        let mut player = Replayer::new(&trace);
        for _ in 0..4 {
            player.step();
        }
        assert_eq!(player.depth(), 1);
        assert!(!player.is_tentative(0));
        assert!(player.is_tentative(1) && player.is_tentative(2));
        let marked = crate::render::text_marked(&player.board, |n| player.is_tentative(n), ("<", ">"));
        assert_eq!(marked.matches('<').count(), marked.matches('>').count());
        assert_eq!(marked, "╶─╴\n<╶><─><╴>\n");
        assert_eq!(
            crate::render::text_marked(&player.board, |_| false, ("<", ">")),
            crate::render::text(&player.board)
        );
        while player.step().is_some() {}
        assert_eq!(player.depth(), 0);
        assert!((0..4).all(|n| !player.is_tentative(n)));
        assert_eq!(player.board.edge_by_number(1), EdgeState::Cross);
    }

    #[test]
    fn long_traces_are_refused_with_a_limit_error() {
        let puzzle = crate::solver::board_from_rows(&["..", ".."]).unwrap();
        let events = vec![TraceEvent::Contradiction { depth: 1 }; 3];
        let text = write_jsonl(&puzzle, &events, "no-solution");
        assert_eq!(read_limited(&text, 1 << 20, 3).unwrap().events.len(), 3);
        let e = read_limited(&text, 1 << 20, 2).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Limit);
        assert!(e.message.contains("more than 2 events"), "{e}");
        assert_eq!(e.at, Some(crate::Location::line(4)));
        let e = read_limited(&text, 10, 100).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Limit);
        assert!(e.message.contains(&format!("{} bytes", text.len())), "{e}");
    }

    /// R5: recording stops one event past the reader's limit, and the writer cuts a trace to
    /// what the reader reads (events and bytes), says so, and keeps it readable.
    #[test]
    fn long_traces_are_cut_to_what_the_reader_reads() {
        let mut trace = Vec::new();
        for depth in 0..MAX_TRACE_EVENTS as u32 + 5 {
            record(&mut trace, TraceEvent::Contradiction { depth });
        }
        assert_eq!(trace.len(), MAX_TRACE_EVENTS + 1, "recording stops past the limit");
        drop(trace);

        let puzzle = crate::solver::board_from_rows(&["..", ".."]).unwrap();
        let events = vec![TraceEvent::Contradiction { depth: 1 }; 10];
        let (whole, cut) = write_limited(&puzzle, &events, "solved", 1 << 20, 10, None);
        assert_eq!(cut, None);
        assert_eq!(read_limited(&whole, 1 << 20, 10).unwrap().events.len(), 10);

        let (text, cut) = write_limited(&puzzle, &events, "solved", 1 << 20, 4, None);
        let message = cut.expect("a cut trace is reported");
        assert!(message.contains("cut after 4 events"), "{message}");
        let read = read_limited(&text, 1 << 20, 4).expect("a cut trace stays readable");
        assert_eq!((read.events.len(), read.outcome.as_deref(), read.truncated), (4, Some("solved"), true));
        assert!(!read_limited(&whole, 1 << 20, 10).unwrap().truncated);
        assert!(text.lines().last().is_some_and(|end| end.contains("\"truncated\":true")), "{text}");

        // The byte limit: the header, as many events as fit, and the end line.
        let header = whole.lines().next().unwrap().len() + 1;
        let event = whole.lines().nth(1).unwrap().len() + 1;
        let max_bytes = header + 3 * event + END_LINE_ROOM;
        let (text, cut) = write_limited(&puzzle, &events, "solved", max_bytes, 10, None);
        assert!(cut.is_some_and(|m| m.contains("cut after 3 events")));
        assert!(text.len() <= max_bytes, "{} > {max_bytes}", text.len());
        assert_eq!(read_limited(&text, max_bytes, 10).unwrap().events.len(), 3);
    }

    /// C7: writing a trace stops at the time limit (a solve stopped by `--timeout` no longer
    /// spends seconds more writing millions of events); the cut trace stays readable.
    #[test]
    fn writing_a_trace_stops_at_the_deadline() {
        let puzzle = crate::solver::board_from_rows(&["..", ".."]).unwrap();
        let events = vec![TraceEvent::Contradiction { depth: 1 }; 5000];
        let (whole, cut) = write_jsonl_until(&puzzle, &events, "timed-out", None);
        assert_eq!((cut, read_jsonl(&whole).unwrap().events.len()), (None, 5000));
        let far = pzl_core::time::Instant::now() + std::time::Duration::from_secs(3600);
        assert_eq!(write_jsonl_until(&puzzle, &events, "timed-out", Some(far)), (whole, None));
        let past = pzl_core::time::Instant::now();
        let (text, cut) = write_jsonl_until(&puzzle, &events, "timed-out", Some(past));
        let message = cut.expect("a trace cut by the clock is reported");
        assert!(message.contains("cut after 0 of its 5000 events: the time limit ran out"), "{message}");
        let read = read_jsonl(&text).expect("a cut trace stays readable");
        assert_eq!(
            (read.events.len(), read.outcome.as_deref(), read.truncated),
            (0, Some("timed-out"), true)
        );
    }

    #[test]
    fn damaged_traces_are_syntax_errors_naming_the_line() {
        let e =
            read_jsonl("{\"type\":\"header\",\"puzzle\":[\"..\",\"..\"]}\n{\"type\":\"set\"}\n").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Syntax);
        assert!(e.to_string().contains("line 2"), "{e}");
    }
}
