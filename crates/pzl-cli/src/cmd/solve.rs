//! `pzl solve`: one puzzle (its solution to standard output or `-o`), or many — several files or
//! folders — solved one after another or `--jobs` at a time, each reported on one line and
//! summed up at the end. Every kind that can solve goes through the same code.

use std::path::{Path, PathBuf};

use pzl::{Document, Error, Outcome, SolveReport, SolveRequest, Status};

use crate::args::SolveArgs;
use crate::high;
use crate::io::{self, Ctx};
use crate::print::{self, Batch, Mode};

/// `pzl solve FILE…`.
pub fn solve(ctx: &Ctx, args: &SolveArgs) -> Result<Status, Error> {
    let mut request = high::solve_request(args)?;
    let options = high::open_options(&args.read)?;
    let any_dir = args.inputs.iter().any(|name| name.is_dir());
    if args.inputs.len() == 1 && !any_dir {
        if args.settings.flag("save") {
            return save(ctx, &args.inputs[0], options, args, &request);
        }
        let doc = super::open(ctx, &args.inputs[0], &options)?;
        return one(ctx, &args.inputs[0], &doc, args, &request);
    }
    if !io::is_dash(&args.output)
        || request.settings.given("trace")
        || args.settings.flag("save")
        || request.shard.is_some()
    {
        return Err(Error::usage("-o, --trace, --save and --shard take a single input")
            .hint("run one file at a time"));
    }
    let files = io::expand(ctx, &args.inputs);
    let jobs = request.jobs;
    request.jobs = 1;
    batch(ctx, args, &files, &options, &request, jobs)
}

/// Solve one document: write the solution (or its trace), print the report, say why there is
/// none.
fn one(
    ctx: &Ctx,
    path: &Path,
    doc: &Document,
    args: &SolveArgs,
    request: &SolveRequest,
) -> Result<Status, Error> {
    let shown = io::shown(path);
    let name = shown.as_str();
    let printable = pzl::text::printable_name(name);
    if request.shard.is_some() {
        return shard(ctx, name, doc, args, request);
    }
    let spinner = match (request.count, request.timeout) {
        (false, _) => None,
        (true, Some(t)) => {
            Some(ctx.spinner(&format!("counting {printable} (at most {} s)", t.as_secs_f64())))
        }
        (true, None) => Some(ctx.spinner(&format!("counting {printable}"))),
    };
    let solved = doc.solve(request);
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    let solved = solved.map_err(|e| e.in_file(name))?;
    let mut report = solved.report;
    report.file = Some(name.to_string());
    if let (Some(path), Some(trace)) = (args.settings.path("trace"), &solved.trace) {
        io::write(&path, trace.as_bytes())?;
    }
    if let Some(solution) = solved.solutions.first()
        && (!io::is_dash(&args.output) || args.to.is_some())
    {
        let bytes = solution_bytes(ctx, solution, report.solutions.first(), args)?;
        if !io::is_dash(&args.output) {
            super::output(&args.output, &bytes)?;
        } else if !args.json {
            super::output(Path::new("-"), &bytes)?;
            report.solutions.clear();
        }
    }
    for w in &report.warnings {
        ctx.warn(name, w);
    }
    let quiet_text = !io::is_dash(&args.output) && !args.json;
    if !quiet_text && (args.json || !report.solutions.is_empty() || report.outcome == Outcome::Counted) {
        print::emit(Mode::json(args.json), &report)?;
    }
    if report.status() == Status::Problems && report.outcome != Outcome::Counted {
        ctx.note(format!(
            "pzl: {}: {}",
            pzl::text::printable_name(name),
            verdict(&report, request.timeout_seconds())
        ));
    }
    Ok(report.status())
}

/// One shard of a count, with a progress bar on a terminal (subtrees done, time left); Ctrl-C
/// stops it like `--timeout` does, and the unfinished result is written for `--resume`.
fn shard(
    ctx: &Ctx,
    name: &str,
    doc: &Document,
    args: &SolveArgs,
    request: &SolveRequest,
) -> Result<Status, Error> {
    use std::sync::atomic::Ordering;
    let mut request = request.clone();
    let resume = args.settings.path("resume");
    if let Some(path) = &resume {
        request.resume = Some(io::read(path)?.bytes);
    }
    request.cancel = Some(io::stop_on_interrupt());
    let progress = std::sync::Arc::new(pzl::Progress::default());
    request.progress = Some(progress.clone());
    let bar = ctx.progress(0, &format!("counting {}", pzl::text::printable_name(name)));
    let finished = std::sync::atomic::AtomicBool::new(false);
    let solved = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(Ordering::Relaxed) {
                bar.set_length(progress.total.load(Ordering::Relaxed) as u64);
                bar.set_position(progress.done.load(Ordering::Relaxed) as u64);
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
        });
        let solved = doc.solve(&request);
        finished.store(true, Ordering::Relaxed);
        solved
    });
    bar.finish_and_clear();
    // An error about the resume file names that file.
    let solved = solved.map_err(|e| match &resume {
        Some(path) if e.message.starts_with("cannot resume") => e.in_file(io::shown(path)),
        _ => e.in_file(name),
    })?;
    let mut report = solved.report;
    report.file = Some(name.to_string());
    shard_result(ctx, name, &report, &args.output)
}

/// A shard's result: its JSON report, to `-o` (or standard output), for `pzl merge`. Exit 1 when
/// the shard did not finish.
fn shard_result(ctx: &Ctx, name: &str, report: &SolveReport, output: &Path) -> Result<Status, Error> {
    for w in &report.warnings {
        ctx.warn(name, w);
    }
    let text = print::to_json(report, true)?;
    super::output(output, format!("{text}\n").as_bytes())?;
    let finished =
        report.facts.iter().any(|f| f.key == "finished" && f.value == serde_json::Value::Bool(true));
    Ok(if finished { Status::Ok } else { Status::Problems })
}

/// The solution as `-o`/`--to` ask (the library's rule: `Document::write_solution_for`).
fn solution_bytes(
    ctx: &Ctx,
    solution: &Document,
    shown: Option<&String>,
    args: &SolveArgs,
) -> Result<Vec<u8>, Error> {
    let to = args.to.as_deref().map(high::format).transpose()?;
    let (written, format) =
        solution.write_solution_for(&io::shown(&args.output), to, shown.map(String::as_str))?;
    if let Some(format) = format {
        super::warn_lost(ctx, &args.output, format, &written.lost);
    }
    Ok(written.bytes)
}

/// `pzl solve FILE --save`: solve a puzzle resource of a Mac file and write the arrangement into
/// it (`pzl::ops::mac::solve_and_save`).
fn save(
    ctx: &Ctx,
    path: &Path,
    options: pzl::Open,
    args: &SolveArgs,
    request: &SolveRequest,
) -> Result<Status, Error> {
    io::protect_writes();
    let warn = |file: &str, warnings: &[pzl::Warning]| ctx.warnings(file, warnings);
    let report = pzl::ops::mac::solve_and_save(path, options, request, &warn)?;
    print::emit(Mode::json(args.json), &report)?;
    Ok(report.status())
}

fn verdict(report: &SolveReport, timeout: f64) -> String {
    match report.outcome {
        Outcome::TimedOut => format!("timed out after {timeout} s without finding a solution"),
        _ => report.verdict(),
    }
}

/// Several puzzles through the run engine and the printers every verb shares: each file's line
/// printed as it comes, in order, then the summary with what was solved.
fn batch(
    ctx: &Ctx,
    args: &SolveArgs,
    files: &[PathBuf],
    options: &pzl::Open,
    request: &SolveRequest,
    jobs: usize,
) -> Result<Status, Error> {
    let solve_file = |path: &PathBuf| {
        let doc = super::open(ctx, path, options)?;
        let mut report = doc.solve(request)?.report;
        report.file = Some(io::shown(path));
        Ok(report)
    };
    let mut batch = Batch::new(ctx, Mode::json(args.json), &args.inputs);
    batch.summary.solved = Some(pzl::report::Solved::default());
    crate::run::each_in_order(ctx, files, jobs, "solving", solve_file, |path, solved| match solved {
        Ok(report) => {
            if let Some(s) = &mut batch.summary.solved {
                s.add(&report);
            }
            let status = report.status();
            batch.report(&pzl::report::SolveLine(report), status)
        }
        Err(e) => batch.error(&io::shown(path), e),
    })?;
    batch.finish(true)
}
