//! `pzl masyu replay`, `pzl render --trace`, and `pzl masyu db …` (TootSweet's `Puzzles.data`;
//! the seed's `pzl tootsweet …` and `pzl replay` stay as aliases).

use std::io::{BufRead, IsTerminal};
use std::time::Duration;

use pzl::kinds::masyu::{self, Replayer};
use pzl::{Error, Status};

use crate::args::{MasyuCommand, RenderArgs, ReplayArgs};
use crate::high;
use crate::io::{self, Ctx};

mod db;

pub use db::db;

pub fn run(ctx: &Ctx, command: MasyuCommand) -> Result<Status, Error> {
    match command {
        MasyuCommand::Replay(args) => replay(ctx, &args),
        MasyuCommand::Hint(args) => hint(ctx, &args),
        MasyuCommand::Db(c) => db(ctx, c),
    }
}

/// `pzl masyu hint PUZZLE [--with BOARD]`: the next step a person could take from the player's
/// position (exit 0), or the first of the player's lines or crosses no solution has (exit 1).
pub fn hint(ctx: &Ctx, args: &crate::args::HintArgs) -> Result<Status, Error> {
    let doc = crate::cmd::open(ctx, &args.puzzle, &pzl::Open::default())?;
    let doc = match &args.with {
        Some(with) => {
            let other = crate::cmd::open(ctx, with, &pzl::Open::default())?;
            let parsed = doc.combine(&other).map_err(|e| e.in_file(io::shown(with)))?;
            ctx.warnings(&io::shown(with), &parsed.warnings);
            parsed.value
        }
        None => doc,
    };
    let hint =
        doc.hint(high::timeout(args.timeout.as_deref())?).map_err(|e| e.in_file(io::shown(&args.puzzle)))?;
    let status = hint.status();
    if args.apply {
        apply(ctx, args, &doc, &hint)?;
        if args.output.is_none() {
            return Ok(status);
        }
    }
    crate::print::emit(crate::print::Mode::json(args.json), &hint)?;
    Ok(status)
}

/// `--apply`: the board with the hint's edge drawn, in the board's own format (to standard
/// output, in one that holds the lines when its own does not: the library's rule); nothing is
/// written when the hint is not a deduction (a wrong line, a solved or unsolvable board).
fn apply(
    ctx: &Ctx,
    args: &crate::args::HintArgs,
    doc: &pzl::Document,
    hint: &pzl::play::Hint,
) -> Result<(), Error> {
    let Some(next) = doc.apply_hint(hint)? else {
        ctx.note("nothing to apply: the hint is not a new line or cross");
        return Ok(());
    };
    let to = args.output.as_deref().map(|out| crate::cmd::target_format(doc, None, out)).transpose()?;
    let played = next.write_played(to)?;
    if !played.instead.is_empty() {
        ctx.note(format!(
            "the {} format cannot hold {}: the board follows as {}",
            doc.format().name(),
            played.instead.join(", "),
            played.format.name()
        ));
    }
    match &args.output {
        Some(out) => io::write(out, &played.bytes),
        None => io::stdout(&played.bytes),
    }
}

/// `pzl render --trace TRACE -o solve.svg|solve.html`: an animation for a browser.
pub fn render_trace(_ctx: &Ctx, args: &RenderArgs, trace_name: &std::path::Path) -> Result<Status, Error> {
    let trace = pzl::ops::masyu::read_trace(trace_name)?;
    let picture = pzl::ops::picture(args.kind.as_deref(), &args.output, false)?;
    let drawn = masyu::animation(&trace, picture).map_err(|e| e.in_file(io::shown(trace_name)))?;
    io::write(&args.output, drawn.as_bytes())?;
    Ok(Status::Ok)
}

/// `pzl masyu replay TRACE`: animate a trace in the terminal. Enter pauses and resumes, `s` +
/// Enter steps while paused, `q` + Enter quits. When standard output is not a terminal, each step
/// is printed as one line of text and the final board is drawn (no waiting).
pub fn replay(ctx: &Ctx, args: &ReplayArgs) -> Result<Status, Error> {
    let trace = pzl::ops::masyu::read_trace(&args.trace)?;
    let mut player = Replayer::new(&trace);
    let total = trace.events.len();
    let outcome = trace.outcome.as_deref().unwrap_or("unknown");
    for warning in pzl::ops::masyu::trace_warnings(&trace) {
        ctx.warn(&io::shown(&args.trace), warning);
    }
    let status = if trace.outcome.is_some() { Status::Ok } else { Status::Problems };
    if !std::io::stdout().is_terminal() {
        io::stdout(pzl::ops::masyu::replay_text(&trace).as_bytes())?;
        return Ok(status);
    }
    let keys = std::io::stdin().is_terminal().then(key_reader);
    let delay = Duration::from_millis(args.delay);
    let mut paused = args.step;
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
    io::stdout(format!("\n{total} steps; outcome: {outcome}\n").as_bytes())?;
    Ok(status)
}

/// The terminal colour of what a hypothesis drew (orange, as in the SVG and HTML animations),
/// and the reset after it.
const HYPOTHESIS: anstyle::Style =
    anstyle::Style::new().fg_color(Some(anstyle::Color::Ansi256(anstyle::Ansi256Color(208))));

fn draw(player: &Replayer, total: usize, what: &str, paused: bool, colour: bool) -> Result<(), Error> {
    let help = if paused {
        "paused: Enter resumes, s+Enter steps, e+Enter jumps to the end, q+Enter quits"
    } else {
        "Enter pauses, e+Enter jumps to the end, q+Enter quits"
    };
    let board = frame_board(player, colour);
    let level = match player.depth() {
        0 => String::new(),
        d if colour => format!("  {HYPOTHESIS}inside a hypothesis, level {d}{HYPOTHESIS:#}"),
        d => format!("  inside a hypothesis, level {d}"),
    };
    let frame = format!(
        "\x1b[H\x1b[2J{}/{total}  {}{level}\n\n{board}\n{help}",
        player.position(),
        pzl::text::printable(what),
    );
    // The frame clears the screen with escapes: through anstream, which turns on a Windows
    // console's ANSI support.
    io::stdout_escaped(frame.as_bytes())
}

/// The board of a replay frame: with colour, what a hypothesis drew (and has not been undone)
/// is orange, so guesses are not mistaken for deductions.
fn frame_board(player: &Replayer, colour: bool) -> String {
    if colour {
        let (on, off) = (HYPOTHESIS.render().to_string(), HYPOTHESIS.render_reset().to_string());
        masyu::board_text_marked(&player.board, |n| player.is_tentative(n), (&on, &off))
    } else {
        masyu::board_text(&player.board)
    }
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
