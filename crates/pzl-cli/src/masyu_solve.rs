//! Solving Masyu from the command line: `pzl solve` (one file, many files or directories, in
//! parallel with `--jobs`), `--count`, `--json`, `--trace`; `pzl replay TRACE` (terminal
//! animation) and `pzl render --trace TRACE` (SVG or HTML animation). The solving itself is
//! `pzl_masyu::solver`; this module reads inputs, formats results and picks exit codes.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use pzl_masyu::formats::Format;
use pzl_masyu::solver::trace::{self, TraceFile};
use pzl_masyu::solver::{self, Outcome, SolveOptions, SolveResult, Statistics};
use pzl_masyu::{Board, EdgeState};

use crate::cli::{RenderArgs, ReplayArgs, SolveArgs};
use crate::error::{CliError, Status};
use crate::io::{self, Context, Input};
use crate::masyu::{format_of, read_board, write_board};
use crate::registry::{self, Area, FormatSpec};

/// `pzl info` grades a puzzle with at most this much solving.
const GRADE_TIMEOUT: Duration = Duration::from_secs(2);

fn options(args: &SolveArgs) -> Result<SolveOptions, CliError> {
    let timeout = match args.timeout {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s.min(1e9))),
        Some(s) => {
            return Err(CliError::usage(format!("--timeout must be a positive number of seconds, not {s}")));
        }
        None => None,
    };
    Ok(SolveOptions { timeout, trace: args.trace.is_some(), human: args.human, keep_edges: false })
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Solved => "solved",
        Outcome::NoSolution => "no-solution",
        Outcome::TimedOut => "timed-out",
    }
}

fn stats_json(stats: &Statistics) -> serde_json::Value {
    serde_json::json!({
        "propagations": stats.propagations,
        "hypotheses": stats.hypotheses,
        "probe_deductions": stats.probe_deductions,
        "decisions": stats.decisions,
        "backtracks": stats.backtracks,
        "max_depth": stats.max_depth,
    })
}

/// The format a solution is written in: `--to`, else the output's extension, else the input's
/// format when it can hold lines, else `sol`.
fn output_format(args: &SolveArgs, input_format: Format) -> Result<Format, CliError> {
    if let Some(name) = &args.to {
        let spec = registry::by_name(name)?;
        return format_of(spec);
    }
    if let Some(spec) =
        io::extension_of(&args.output).and_then(|e| registry::by_extension(&e, Some(Area::Masyu)))
    {
        let format = format_of(spec)?;
        if format.holds().lines {
            return Ok(format);
        }
    }
    Ok(if input_format.holds().lines { input_format } else { Format::Sol })
}

/// The solution as the output format can hold it: crosses dropped where the format has none.
fn for_output(solution: &Board, format: Format) -> Board {
    let mut board = solution.clone();
    if !format.holds().pearls {
        board = Board::new(solution.width(), solution.height()).with_edges_of(solution).unwrap_or(board);
    }
    if !format.holds().crosses {
        for n in 0..board.edge_states().len() {
            if board.edge_by_number(n) == EdgeState::Cross {
                board.set_edge_by_number(n, EdgeState::Unknown);
            }
        }
    }
    board
}

fn solution_rows(board: &Board) -> Vec<String> {
    pzl_masyu::formats::sol::mask_rows(board)
}

/// `pzl solve` on one Masyu file.
pub fn solve(ctx: &Context, input: &Input, spec: &FormatSpec, args: &SolveArgs) -> Result<Status, CliError> {
    let format = format_of(spec)?;
    let board = read_board(ctx, input, format)?.puzzle();
    let opts = options(args)?;
    if args.count {
        return count(input, &board, &opts, args);
    }
    let result = solver::solve(&board, &opts);
    if let (Some(path), Some(events)) = (&args.trace, &result.trace) {
        let text = trace::write_jsonl(&board, events, outcome_name(result.outcome));
        io::write_output(path, text.as_bytes())?;
    }
    let to = output_format(args, format)?;
    let written = match &result.solution {
        Some(solution) => Some(write_board(ctx, &args.output, &for_output(solution, to), to)?),
        None => None,
    };
    if args.json {
        let mut value = serde_json::json!({
            "file": input.name,
            "status": outcome_name(result.outcome),
            "unique": result.unique,
            "difficulty": result.difficulty.map(|d| d.name()),
            "time_ms": result.stats.micros as f64 / 1000.0,
            "statistics": stats_json(&result.stats),
        });
        if let Some(solution) = &result.solution {
            value["solution"] = serde_json::json!(solution_rows(solution));
            value["format"] = serde_json::json!(to.name());
            if let Some(bytes) = &written {
                value["board"] = serde_json::json!(String::from_utf8_lossy(bytes));
            }
        }
        if args.output != "-" {
            if let Some(bytes) = &written {
                io::write_output(&args.output, bytes)?;
            }
        }
        io::print_json(&value)?;
    } else if let Some(bytes) = &written {
        io::write_output(&args.output, bytes)?;
    }
    report(ctx, &input.name, &result, args.timeout)
}

/// Messages for outcomes other than a unique solution; the exit status.
fn report(ctx: &Context, name: &str, result: &SolveResult, timeout: Option<f64>) -> Result<Status, CliError> {
    match result.outcome {
        Outcome::Solved => {
            if result.unique == Some(false) {
                ctx.warn(name, "the puzzle has more than one solution; this is one of them");
            } else if result.unique.is_none() {
                ctx.warn(name, "time ran out before the solution was proven unique");
            }
            Ok(Status::Ok)
        }
        Outcome::NoSolution => {
            eprintln!(
                "pzl: {name}: no solution: no single loop satisfies every pearl (proven by complete search)"
            );
            Ok(Status::Problems)
        }
        Outcome::TimedOut => {
            eprintln!("pzl: {name}: timed out after {} s without finding a solution", timeout.unwrap_or(0.0));
            Ok(Status::Problems)
        }
    }
}

fn count(input: &Input, board: &Board, opts: &SolveOptions, args: &SolveArgs) -> Result<Status, CliError> {
    let limit = args.limit.unwrap_or(2).max(1);
    let result = solver::count_solutions(board, limit, opts);
    let shown = if result.exhaustive { result.count.to_string() } else { format!("{}+", result.count) };
    if args.json {
        io::print_json(&serde_json::json!({
            "file": input.name,
            "count": result.count,
            "exact": result.exhaustive,
            "timed_out": result.timed_out,
            "shown": shown,
            "time_ms": result.stats.micros as f64 / 1000.0,
            "statistics": stats_json(&result.stats),
        }))?;
    } else {
        io::write_output("-", format!("{shown}\n").as_bytes())?;
    }
    if result.timed_out {
        eprintln!("pzl: {}: timed out after {} s while counting", input.name, args.timeout.unwrap_or(0.0));
    }
    Ok(if result.count == 0 { Status::Problems } else { Status::Ok })
}

/// The difficulty grade of a puzzle for `pzl info`, or `None` when it has no (unique) solution
/// or takes too long to solve.
pub fn grade(board: &Board) -> Option<&'static str> {
    if board.pearl_counts() == (0, 0) {
        return None;
    }
    let opts = SolveOptions { timeout: Some(GRADE_TIMEOUT), ..SolveOptions::default() };
    let result = solver::solve(&board.puzzle(), &opts);
    match (result.outcome, result.unique) {
        (Outcome::Solved, Some(true)) => result.difficulty.map(|d| d.name()),
        _ => None,
    }
}

/// `pzl solve` with its inputs expanded: one plain file goes the normal way; several files or a
/// directory are solved as a batch with a summary.
pub fn run(ctx: &Context, args: &SolveArgs) -> Result<Status, CliError> {
    let any_dir = args.inputs.iter().any(|name| Path::new(name).is_dir());
    let single = args.inputs.len() == 1 && !any_dir;
    // Files of other areas keep the plain one-after-another path.
    let all_masyu = || {
        args.inputs.iter().all(|name| {
            name != "-"
                && ctx
                    .read_input(name)
                    .and_then(|input| registry::detect(&input, args.from.as_deref()))
                    .is_ok_and(|spec| spec.area == Area::Masyu)
        })
    };
    if single || (!any_dir && !all_masyu()) {
        return registry::each_input(ctx, &args.inputs, args.from.as_deref(), |ctx, input, format| {
            registry::handler(format).solve(ctx, input, format, args)
        });
    }
    if args.output != "-" || args.trace.is_some() {
        return Err(CliError::usage("-o and --trace take a single input; with several, run one at a time"));
    }
    let mut files = Vec::new();
    for name in &args.inputs {
        let path = Path::new(name);
        if path.is_dir() {
            collect_dir(path, &mut files);
        } else {
            files.push(PathBuf::from(name));
        }
    }
    batch(ctx, args, &files)
}

/// Puzzle files under `dir`: every file with a Masyu puzzle extension (solutions are skipped).
fn collect_dir(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let ext = path.to_str().and_then(io::extension_of);
            let puzzle = ext.as_deref().is_some_and(|e| {
                e != "sol" && Format::ALL.iter().any(|f| *f != Format::Sol && f.extensions().contains(&e))
            });
            if puzzle {
                found.push(path);
            }
        }
    }
    found.sort();
    out.extend(found);
}

/// One file's result in a batch.
struct Record {
    name: String,
    outcome: Result<SolveResult, String>,
}

fn solve_file(ctx: &Context, path: &Path, args: &SolveArgs, opts: &SolveOptions) -> Record {
    let name = path.display().to_string();
    let outcome = (|| -> Result<SolveResult, CliError> {
        let input = ctx.read_input(&name)?;
        let spec = registry::detect(&input, args.from.as_deref())?;
        if spec.area != Area::Masyu {
            return Err(CliError::input(&name, format!("a {} file is not a Masyu puzzle", spec.name)));
        }
        let board = read_board(ctx, &input, format_of(spec)?)?.puzzle();
        Ok(solver::solve(&board, opts))
    })();
    Record { name, outcome: outcome.map_err(|e| e.to_string()) }
}

fn batch(ctx: &Context, args: &SolveArgs, files: &[PathBuf]) -> Result<Status, CliError> {
    let opts = options(args)?;
    let bar = ctx.progress(files.len() as u64, "solving");
    let jobs = args.jobs.unwrap_or(1).max(1);
    let records: Vec<Record> = if jobs == 1 {
        files
            .iter()
            .map(|p| {
                let r = solve_file(ctx, p, args, &opts);
                bar.inc(1);
                r
            })
            .collect()
    } else {
        use rayon::prelude::*;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .map_err(|e| CliError::usage(format!("--jobs {jobs}: {e}")))?;
        pool.install(|| {
            files
                .par_iter()
                .map(|p| {
                    let r = solve_file(ctx, p, args, &opts);
                    bar.inc(1);
                    r
                })
                .collect()
        })
    };
    bar.finish_and_clear();
    summarize(args, &records)
}

fn summarize(args: &SolveArgs, records: &[Record]) -> Result<Status, CliError> {
    let (mut solved, mut unique, mut none, mut timed_out, mut errors) = (0, 0, 0, 0, 0);
    let mut times: Vec<f64> = Vec::new();
    let mut lines = String::new();
    let mut json = Vec::new();
    for r in records {
        match &r.outcome {
            Ok(result) => {
                let ms = result.stats.micros as f64 / 1000.0;
                times.push(ms);
                match result.outcome {
                    Outcome::Solved => solved += 1,
                    Outcome::NoSolution => none += 1,
                    Outcome::TimedOut => timed_out += 1,
                }
                if result.unique == Some(true) {
                    unique += 1;
                }
                let uniqueness = match result.unique {
                    Some(true) => "unique",
                    Some(false) => "2+ solutions",
                    None => "uniqueness unknown",
                };
                let detail = match (result.outcome, result.difficulty) {
                    (Outcome::Solved, Some(d)) => format!("solved, {uniqueness}, {}", d.name()),
                    (Outcome::Solved, None) => format!("solved, {uniqueness}"),
                    (other, _) => outcome_name(other).to_string(),
                };
                lines.push_str(&format!("{}: {detail} ({ms:.3} ms)\n", r.name));
                json.push(serde_json::json!({
                    "file": r.name,
                    "status": outcome_name(result.outcome),
                    "unique": result.unique,
                    "difficulty": result.difficulty.map(|d| d.name()),
                    "time_ms": ms,
                    "statistics": stats_json(&result.stats),
                    "solution": result.solution.as_ref().map(solution_rows),
                }));
            }
            Err(message) => {
                errors += 1;
                lines.push_str(&format!("{}: error: {message}\n", r.name));
                json.push(serde_json::json!({"file": r.name, "status": "error", "error": message}));
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    let median = if times.is_empty() { 0.0 } else { times[times.len() / 2] };
    let slowest = times.last().copied().unwrap_or(0.0);
    let summary = format!(
        "{} files: {solved} solved ({unique} unique), {none} without solution, {timed_out} timed out, \
         {errors} errors; solving time {total:.1} ms in all, median {median:.3} ms, slowest {slowest:.3} ms\n",
        records.len()
    );
    if args.json {
        io::print_json(&serde_json::json!({
            "files": json,
            "summary": {
                "files": records.len(), "solved": solved, "unique": unique, "no_solution": none,
                "timed_out": timed_out, "errors": errors, "total_ms": total, "median_ms": median,
                "slowest_ms": slowest,
            }
        }))?;
    } else {
        lines.push_str(&summary);
        io::write_output("-", lines.as_bytes())?;
    }
    if errors > 0 {
        return Err(CliError::BadInput(format!("{errors} of {} files could not be read", records.len())));
    }
    Ok(if none + timed_out > 0 { Status::Problems } else { Status::Ok })
}

fn load_trace(ctx: &Context, name: &str) -> Result<TraceFile, CliError> {
    let input = ctx.read_input(name)?;
    trace::read_jsonl(input.text()?).map_err(|e| CliError::input(name, e))
}

/// `pzl replay TRACE`: animate a trace in the terminal. Enter pauses and resumes, `s` + Enter
/// steps while paused, `q` + Enter quits. When standard output is not a terminal, each step is
/// printed as one line of text and the final board is drawn (no waiting).
pub fn replay(ctx: &Context, args: &ReplayArgs) -> Result<Status, CliError> {
    let trace = load_trace(ctx, &args.trace)?;
    let mut player = trace::Replayer::new(&trace);
    let total = trace.events.len();
    let mut out = std::io::stdout().lock();
    let fail = |e: std::io::Error| CliError::io("standard output", e);
    if !std::io::stdout().is_terminal() {
        let mut text = String::new();
        while let Some(event) = player.step() {
            text.push_str(&format!("{:>6} {}\n", player.position(), trace::describe(&trace.puzzle, event)));
        }
        text.push_str(&pzl_masyu::render::text(&player.board));
        text.push_str(&format!(
            "{total} steps; outcome: {}\n",
            trace.outcome.as_deref().unwrap_or("unknown")
        ));
        out.write_all(text.as_bytes()).map_err(fail)?;
        return Ok(Status::Ok);
    }
    let keys = if std::io::stdin().is_terminal() { Some(key_reader()) } else { None };
    let delay = Duration::from_millis(args.delay);
    let mut paused = args.step;
    let draw = |out: &mut std::io::StdoutLock, player: &trace::Replayer, what: &str, paused: bool| {
        let frame = format!(
            "\x1b[H\x1b[2J{}/{total}  {what}\n\n{}\n{}",
            player.position(),
            pzl_masyu::render::text(&player.board),
            if paused {
                "paused: Enter resumes, s+Enter steps, q+Enter quits"
            } else {
                "Enter pauses, q+Enter quits"
            }
        );
        out.write_all(frame.as_bytes()).and_then(|()| out.flush())
    };
    draw(&mut out, &player, "start", paused).map_err(fail)?;
    loop {
        // Read commands: while paused, wait for one; else take any that arrived.
        let mut advance = !paused;
        if let Some(keys) = &keys {
            let command = if paused { keys.recv().ok() } else { keys.try_recv().ok() };
            match command.as_deref().map(str::trim) {
                Some("q") => break,
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
            draw(&mut out, &player, "", paused).map_err(fail)?;
            continue;
        }
        let Some(event) = player.step() else { break };
        draw(&mut out, &player, &trace::describe(&trace.puzzle, event), paused).map_err(fail)?;
        if !paused && !delay.is_zero() {
            std::thread::sleep(delay);
        }
    }
    let end = format!("\n{total} steps; outcome: {}\n", trace.outcome.as_deref().unwrap_or("unknown"));
    out.write_all(end.as_bytes()).map_err(fail)?;
    Ok(Status::Ok)
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

/// `pzl render --trace TRACE -o solve.svg|solve.html`: an animation for a browser.
pub fn render_trace(ctx: &Context, args: &RenderArgs, trace_name: &str) -> Result<Status, CliError> {
    let trace = load_trace(ctx, trace_name)?;
    let kind = match (&args.kind, io::extension_of(&args.output)) {
        (Some(kind), _) => kind.to_ascii_lowercase(),
        (None, Some(ext)) => ext,
        (None, None) => String::new(),
    };
    let picture = match kind.as_str() {
        "svg" => solver::animate::svg(&trace),
        "html" | "htm" => solver::animate::html(&trace),
        _ => {
            return Err(CliError::usage(
                "--trace draws an animation: write to a .svg or .html file, or name it with --as svg|html",
            ));
        }
    };
    io::write_output(&args.output, picture.as_bytes())?;
    Ok(Status::Ok)
}
