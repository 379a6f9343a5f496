//! `pzl masyu replay TRACE` on a terminal: the solve trace as an animation. Enter pauses and
//! resumes, `s` + Enter steps while paused, `e` + Enter jumps to the end, `q` + Enter quits.
//! Where standard output is not a terminal the library's operation prints each step as a line.

use std::io::{BufRead, IsTerminal};
use std::time::Duration;

use pzl::commands::Values;
use pzl::kinds::masyu::{self, Replayer};
use pzl::{Error, Status};

use crate::io::{self, Ctx};

/// Whether the replay is animated: standard output is a terminal.
pub fn on_terminal() -> bool {
    std::io::stdout().is_terminal()
}

/// Animate the trace `values` names, `delay` milliseconds a step, paused at first with `step`.
pub fn play(ctx: &Ctx, values: &Values) -> Result<Status, Error> {
    let path = values.required_path("trace")?;
    let trace = pzl::ops::masyu::read_trace(path)?;
    for warning in pzl::ops::masyu::trace_warnings(&trace) {
        ctx.warn(&io::shown(path), warning);
    }
    let status = if trace.outcome.is_some() { Status::Ok } else { Status::Problems };
    let mut player = Replayer::new(&trace);
    let total = trace.events.len();
    let keys = std::io::stdin().is_terminal().then(key_reader);
    let delay = Duration::from_millis(values.integer("delay").map_or(100, |ms| ms.unsigned_abs()));
    let mut paused = values.flag("step");
    let colour = ctx.colour();
    let draw = |player: &Replayer, what: &str, paused: bool| draw(player, total, what, paused, colour);
    draw(&player, "start", paused)?;
    loop {
        // Read commands: while paused, wait for one; else take any that arrived.
        let mut advance = !paused;
        if let Some(keys) = &keys {
            let command = if paused { keys.recv().ok() } else { keys.try_recv().ok() };
            match command.as_deref().map(str::trim) {
                Some("q") => {
                    io::stdout(format!("\nstopped at step {} of {total}\n", player.position()).as_bytes())?;
                    return Ok(status);
                }
                Some("e") => {
                    // Jump to the end: play every remaining step at once, then draw the result.
                    while player.step().is_some() {}
                    draw(&player, "end", false)?;
                    break;
                }
                Some("s") if paused => advance = true,
                Some(_) => {
                    paused = !paused;
                    advance = !paused;
                }
                None if paused => paused = false, // stdin closed: play on
                None => {}
            }
        }
        if !advance {
            draw(&player, "", paused)?;
            continue;
        }
        let Some(event) = player.step() else { break };
        draw(&player, &masyu::describe(&trace.puzzle, event), paused)?;
        if !paused && !delay.is_zero() {
            std::thread::sleep(delay);
        }
    }
    let outcome = trace.outcome.as_deref().unwrap_or("unknown");
    io::stdout(format!("\n{total} steps; outcome: {outcome}\n").as_bytes())?;
    Ok(status)
}

fn draw(player: &Replayer, total: usize, what: &str, paused: bool, colour: bool) -> Result<(), Error> {
    let frame = pzl::ops::masyu::replay_frame(player, total, what, paused, colour);
    // The frame clears the screen first, with escapes: through anstream, which turns on a
    // Windows console's ANSI support.
    io::stdout_escaped(format!("\x1b[H\x1b[2J{frame}").as_bytes())
}

/// Lines typed on the terminal, read on a helper thread so the animation never blocks on input.
fn key_reader() -> std::sync::mpsc::Receiver<String> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    receive
}
