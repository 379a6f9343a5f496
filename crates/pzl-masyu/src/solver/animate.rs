//! Browser animations of a solve trace: a self-playing SVG (SMIL `<set>` steps, no script) and an
//! HTML page with a small player (play/pause, step, back, speed). Lines decided inside a
//! hypothesis are drawn in orange, firm deductions in blue; a rollback removes what it undoes.

use super::trace::{TraceEvent, TraceFile, describe};
use crate::{Board, Cell};

const CELL: f64 = 32.0;
const MARGIN: f64 = 16.0;

/// Seconds per step in the SVG: the whole animation lasts about half a minute, within limits.
fn step_seconds(events: usize) -> f64 {
    (30.0 / events.max(1) as f64).clamp(0.01, 0.25)
}

/// Centre of cell (row, col).
fn centre(row: usize, col: usize) -> (f64, f64) {
    (MARGIN + (col as f64 + 0.5) * CELL, MARGIN + (row as f64 + 0.5) * CELL)
}

fn edge_ends(board: &Board, e: usize) -> ((f64, f64), (f64, f64)) {
    let (a, b) = board.edge_index().edge(e).cells();
    (centre(a.row, a.col), centre(b.row, b.col))
}

fn background(board: &Board, out: &mut String) {
    let (w, h) = (board.width(), board.height());
    out.push_str(&format!(
        "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{}\" height=\"{}\" fill=\"white\" stroke=\"#333\" stroke-width=\"2\"/>\n",
        w as f64 * CELL,
        h as f64 * CELL
    ));
    for c in 1..w {
        let x = MARGIN + c as f64 * CELL;
        out.push_str(&format!(
            "<line x1=\"{x}\" y1=\"{MARGIN}\" x2=\"{x}\" y2=\"{}\" stroke=\"#ccc\"/>\n",
            MARGIN + h as f64 * CELL
        ));
    }
    for r in 1..h {
        let y = MARGIN + r as f64 * CELL;
        out.push_str(&format!(
            "<line x1=\"{MARGIN}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#ccc\"/>\n",
            MARGIN + w as f64 * CELL
        ));
    }
}

fn pearls(board: &Board, out: &mut String) {
    for pos in board.cells().positions() {
        let fill = match board.cell(pos) {
            Cell::Empty => continue,
            Cell::White => "white",
            Cell::Black => "black",
        };
        let (x, y) = centre(pos.row, pos.col);
        out.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\" stroke=\"black\" stroke-width=\"2\"/>\n",
            CELL * 0.32
        ));
    }
}

/// For every edge, the times (in steps) at which it changes, and what it becomes:
/// 0 unknown, 1 firm line, 2 firm cross, 3 hypothetical line, 4 hypothetical cross.
fn timelines(trace: &TraceFile) -> Vec<Vec<(usize, u8)>> {
    let edges = trace.puzzle.edge_index().count();
    let mut changes = vec![Vec::new(); edges];
    let mut trail: Vec<usize> = Vec::new();
    let mut depth = 0u32;
    for (t, event) in trace.events.iter().enumerate() {
        match *event {
            TraceEvent::Set { edge, line, .. } => {
                let look = match (line, depth > 0) {
                    (true, false) => 1,
                    (false, false) => 2,
                    (true, true) => 3,
                    (false, true) => 4,
                };
                if let Some(list) = changes.get_mut(edge as usize) {
                    list.push((t + 1, look));
                    trail.push(edge as usize);
                }
            }
            TraceEvent::Hypothesis { depth: d, .. } => depth = d,
            TraceEvent::Rollback { depth: d, to } => {
                depth = d.saturating_sub(1);
                while trail.len() > to as usize {
                    if let Some(e) = trail.pop() {
                        changes[e].push((t + 1, 0));
                    }
                }
            }
            TraceEvent::Contradiction { .. } | TraceEvent::Solution { .. } => {}
        }
    }
    changes
}

/// The most steps an animation draws: past it the page would run to hundreds of megabytes and
/// gigabytes of memory to build (finding R5), more than a browser can play.
pub const MAX_ANIMATED_EVENTS: usize = 200_000;

/// Refuse a trace too long to animate, with what to do instead.
fn check_length(trace: &TraceFile) -> Result<(), pzl_core::Error> {
    let n = trace.events.len();
    if n > MAX_ANIMATED_EVENTS {
        return Err(pzl_core::Error::limit(format!(
            "the trace has {n} steps; an animation draws at most {MAX_ANIMATED_EVENTS} (a longer page is too big for a browser)"
        ))
        .hint("replay it in the terminal with `pzl masyu replay TRACE` (`e` + Enter jumps to the end), or trace a smaller puzzle"));
    }
    Ok(())
}

/// A trace drawn as `picture`: an SVG animation or an HTML player; other pictures are refused
/// (an animation is not drawn as text or on paper).
pub fn animation(trace: &TraceFile, picture: pzl_core::Picture) -> Result<String, pzl_core::Error> {
    match picture {
        pzl_core::Picture::Svg => svg(trace),
        pzl_core::Picture::Html => html(trace),
        other => {
            Err(pzl_core::Error::usage(format!("a solve trace is drawn as an animation, not as {other}"))
                .hint("write it to a .svg or .html file"))
        }
    }
}

/// A self-playing SVG animation of the trace; a trace longer than [`MAX_ANIMATED_EVENTS`] is
/// refused (a limit error).
pub fn svg(trace: &TraceFile) -> Result<String, pzl_core::Error> {
    check_length(trace)?;
    let board = &trace.puzzle;
    let (w, h) = (board.width() as f64 * CELL + 2.0 * MARGIN, board.height() as f64 * CELL + 2.0 * MARGIN);
    let dt = step_seconds(trace.events.len());
    let total = dt * trace.events.len() as f64;
    // Below the board: the progress bar, then a legend of the colours.
    let height = h + 40.0;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{height}\" viewBox=\"0 0 {w} {height}\">\n\
         <title>Masyu solve: {} steps</title>\n\
         <text font-family=\"sans-serif\" font-size=\"10\" fill=\"#333333\">\
         <tspan x=\"{MARGIN}\" y=\"{}\">{} steps; <tspan fill=\"#1565c0\">blue</tspan>: deduced</tspan>\
         <tspan x=\"{MARGIN}\" y=\"{}\"><tspan fill=\"#ef6c00\">orange</tspan>: in a hypothesis; \
         <tspan fill=\"#c62828\">red ×</tspan>: no line</tspan></text>\n",
        trace.events.len(),
        h + 22.0,
        trace.events.len(),
        h + 34.0
    );
    background(board, &mut out);
    for (e, changes) in timelines(trace).iter().enumerate() {
        if changes.is_empty() {
            continue;
        }
        let ((x1, y1), (x2, y2)) = edge_ends(board, e);
        let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        let s = CELL * 0.12;
        let sets = |shown: &[u8], colour: &[(u8, &str)]| {
            let mut text = String::new();
            for &(t, look) in changes {
                let begin = t as f64 * dt;
                let visible = if shown.contains(&look) { "visible" } else { "hidden" };
                text.push_str(&format!(
                    "<set attributeName=\"visibility\" to=\"{visible}\" begin=\"{begin:.3}s\" fill=\"freeze\"/>"
                ));
                if let Some((_, c)) = colour.iter().find(|(l, _)| *l == look) {
                    text.push_str(&format!(
                        "<set attributeName=\"stroke\" to=\"{c}\" begin=\"{begin:.3}s\" fill=\"freeze\"/>"
                    ));
                }
            }
            text
        };
        out.push_str(&format!(
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#1565c0\" stroke-width=\"5\" \
             stroke-linecap=\"round\" visibility=\"hidden\">{}</line>\n",
            sets(&[1, 3], &[(1, "#1565c0"), (3, "#ef6c00")])
        ));
        out.push_str(&format!(
            "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#c62828\" stroke-width=\"2\" visibility=\"hidden\">{}</path>\n",
            mx - s,
            my - s,
            mx + s,
            my + s,
            mx - s,
            my + s,
            mx + s,
            my - s,
            sets(&[2, 4], &[(2, "#c62828"), (4, "#ef6c00")])
        ));
    }
    pearls(board, &mut out);
    out.push_str(&format!(
        "<rect x=\"0\" y=\"{}\" width=\"0\" height=\"6\" fill=\"#1565c0\">\
         <animate attributeName=\"width\" from=\"0\" to=\"{w}\" dur=\"{:.3}s\" fill=\"freeze\"/></rect>\n</svg>\n",
        h + 4.0,
        total.max(0.001)
    ));
    Ok(out)
}

fn escape_script(text: &str) -> String {
    text.replace("</", "<\\/")
}

/// An HTML page that plays the trace: play/pause, one step forward or back, speed. A trace
/// longer than [`MAX_ANIMATED_EVENTS`] is refused (a limit error).
pub fn html(trace: &TraceFile) -> Result<String, pzl_core::Error> {
    check_length(trace)?;
    let board = &trace.puzzle;
    let mut edges = Vec::new();
    for e in 0..board.edge_index().count() {
        let ((x1, y1), (x2, y2)) = edge_ends(board, e);
        edges.push(serde_json::json!([x1, y1, x2, y2]));
    }
    let mut events = Vec::new();
    let mut notes = Vec::new();
    for event in &trace.events {
        notes.push(describe(board, event));
        events.push(match *event {
            TraceEvent::Set { edge, line, .. } => serde_json::json!(["s", edge, line]),
            TraceEvent::Hypothesis { depth, .. } => serde_json::json!(["h", depth]),
            TraceEvent::Rollback { depth, to } => serde_json::json!(["r", depth, to]),
            TraceEvent::Contradiction { depth } => serde_json::json!(["c", depth]),
            TraceEvent::Solution { index } => serde_json::json!(["o", index]),
        });
    }
    let data = serde_json::json!({"edges": edges, "events": events, "notes": notes,
        "outcome": trace.outcome});
    let (w, h) = (board.width() as f64 * CELL + 2.0 * MARGIN, board.height() as f64 * CELL + 2.0 * MARGIN);
    let mut picture = String::new();
    background(board, &mut picture);
    picture.push_str("<g id=\"marks\"></g>\n");
    pearls(board, &mut picture);
    Ok(format!(
        r##"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Masyu solve ({steps} steps)</title>
<style>body{{font-family:sans-serif;margin:1em}}#note{{font-family:monospace;min-height:1.5em}}button{{margin-right:.3em}}</style>
</head><body>
<h1>Masyu solve</h1>
<p>Press <b>Play</b> to watch the solver reason, or go through it a step at a time.</p>
<div><button id="play">Play</button><button id="back">&#9664; Step</button><button id="step">Step &#9654;</button><button id="reset">Start</button>
<label>Speed <input id="speed" type="range" min="1" max="200" value="20"> steps/s</label></div>
<p id="where"></p><p id="note"></p>
<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" style="max-width:100%;height:auto">
{picture}</svg>
<p>Blue: deduced; orange: inside a hypothesis; red crosses: no line. Rollbacks remove what a failed hypothesis drew.</p>
<script>
const D = {data};
const NS = "http://www.w3.org/2000/svg";
const marks = document.getElementById("marks");
let pos = 0, timer = null, state = [], trail = [], depth = 0;
function reset() {{ state = D.edges.map(() => 0); trail = []; depth = 0; pos = 0; }}
function apply(ev) {{
  if (ev[0] === "s") {{ state[ev[1]] = (ev[2] ? 1 : 2) + (depth > 0 ? 2 : 0); trail.push(ev[1]); }}
  else if (ev[0] === "h") {{ depth = ev[1]; }}
  else if (ev[0] === "r") {{ depth = Math.max(0, ev[1] - 1); while (trail.length > ev[2]) state[trail.pop()] = 0; }}
}}
function draw() {{
  marks.textContent = "";
  state.forEach((s, e) => {{
    if (!s) return;
    const [x1, y1, x2, y2] = D.edges[e];
    if (s === 1 || s === 3) {{
      const l = document.createElementNS(NS, "line");
      l.setAttribute("x1", x1); l.setAttribute("y1", y1); l.setAttribute("x2", x2); l.setAttribute("y2", y2);
      l.setAttribute("stroke", s === 1 ? "#1565c0" : "#ef6c00"); l.setAttribute("stroke-width", 5);
      l.setAttribute("stroke-linecap", "round"); marks.appendChild(l);
    }} else {{
      const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, k = 4;
      const p = document.createElementNS(NS, "path");
      p.setAttribute("d", `M${{mx-k}} ${{my-k}}L${{mx+k}} ${{my+k}}M${{mx-k}} ${{my+k}}L${{mx+k}} ${{my-k}}`);
      p.setAttribute("stroke", s === 2 ? "#c62828" : "#ef6c00"); p.setAttribute("stroke-width", 2);
      marks.appendChild(p);
    }}
  }});
  document.getElementById("where").textContent = `step ${{pos}} of ${{D.events.length}}` +
    (pos === D.events.length && D.outcome ? ` — ${{D.outcome}}` : "");
  const note = pos > 0 ? D.notes[pos - 1] : "";
  // A step made inside a hypothesis says so, with its level, so it is not read as a deduction.
  document.getElementById("note").textContent =
    depth > 0 && note && !note.includes("hypothesis") ? `${{note}} (inside a hypothesis, level ${{depth}})` : note;
}}
function forward() {{ if (pos < D.events.length) {{ apply(D.events[pos]); pos++; }} else stop(); draw(); }}
function goTo(n) {{ reset(); while (pos < n) {{ apply(D.events[pos]); pos++; }} draw(); }}
function stop() {{ clearInterval(timer); timer = null; document.getElementById("play").textContent = "Play"; }}
function play() {{
  if (timer) return stop();
  document.getElementById("play").textContent = "Pause";
  timer = setInterval(forward, 1000 / document.getElementById("speed").value);
}}
document.getElementById("play").onclick = play;
document.getElementById("step").onclick = () => {{ stop(); forward(); }};
document.getElementById("back").onclick = () => {{ stop(); goTo(Math.max(0, pos - 1)); }};
document.getElementById("reset").onclick = () => {{ stop(); goTo(0); }};
document.getElementById("speed").oninput = () => {{ if (timer) {{ stop(); play(); }} }};
reset(); draw();
</script></body></html>
"##,
        steps = trace.events.len(),
        data = escape_script(&data.to_string()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::trace::TraceEvent;

    /// R5: a trace past the cap is refused with a limit error saying what to do; one at the cap
    /// is drawn.
    #[test]
    fn a_trace_too_long_to_animate_is_refused() {
        let puzzle = crate::solver::board_from_rows(&["..", ".."]).unwrap();
        let mut trace = TraceFile {
            puzzle,
            events: vec![TraceEvent::Contradiction { depth: 1 }; MAX_ANIMATED_EVENTS],
            outcome: Some("no-solution".into()),
            truncated: false,
        };
        assert!(svg(&trace).unwrap().starts_with("<svg"));
        assert!(html(&trace).unwrap().starts_with("<!DOCTYPE html>"));
        trace.events.push(TraceEvent::Contradiction { depth: 1 });
        for e in [svg(&trace).unwrap_err(), html(&trace).unwrap_err()] {
            assert_eq!(e.kind, pzl_core::ErrorKind::Limit);
            assert!(e.message.contains(&format!("{} steps", MAX_ANIMATED_EVENTS + 1)), "{e}");
            assert!(e.hint.as_deref().is_some_and(|h| h.contains("pzl masyu replay")));
        }
    }

    #[test]
    fn an_animation_is_svg_or_html() {
        let puzzle = crate::solver::board_from_rows(&["..", ".."]).unwrap();
        let trace =
            TraceFile { puzzle, events: Vec::new(), outcome: Some("no-solution".into()), truncated: false };
        assert!(animation(&trace, pzl_core::Picture::Svg).unwrap().starts_with("<svg"));
        assert!(animation(&trace, pzl_core::Picture::Html).unwrap().starts_with("<!DOCTYPE html>"));
        for picture in [pzl_core::Picture::Text, pzl_core::Picture::Pdf] {
            let e = animation(&trace, picture).unwrap_err();
            assert_eq!(e.kind, pzl_core::ErrorKind::Usage);
            assert!(e.message.contains("animation"), "{e}");
        }
    }
}
