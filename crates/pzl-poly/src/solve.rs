//! `solve` for polyomino puzzles: the first packing, every one (`all`), one per symmetry class
//! (`distinct`), or a count (`count`, up to `limit`), split over `jobs` threads, within `timeout`,
//! stopped by `cancel`. The search itself is [`crate::packer`].

use pzl_core::FormatTable as _;
use pzl_core::settings::mention;

use pzl_core::time::Instant;
use std::ops::ControlFlow;

use pzl_core::{Count, Error, Fact, Outcome, Result, SolveReport, SolveRequest, Solved, Warning};

use crate::format::macpoly::SourceKind;
use crate::format::pack;
use crate::kind::{NAME, PolyDoc};
use crate::packer::{SearchOptions, Solution};
use crate::render;

/// The search options a request asks for.
fn options(request: &SolveRequest) -> SearchOptions {
    SearchOptions {
        jobs: request.jobs.max(1),
        limit: request.limit,
        timeout: request.timeout,
        cancel: request.cancel.clone(),
        progress: request.progress.clone(),
    }
}

/// Refuse what a poly search cannot do, naming what it can.
fn refuse_unsupported(doc: &PolyDoc, request: &SolveRequest) -> Result<()> {
    if request.settings.given("trace") {
        return Err(Error::usage(format!(
            "poly puzzles are solved by search and have no trace: leave out {}",
            mention("trace")
        ))
        .hint(format!("{} records Masyu's reasoning", mention("trace"))));
    }
    if request.settings.flag("human") {
        return Err(Error::usage(format!(
            "poly puzzles are solved by search: leave out {}",
            mention("human")
        ))
        .hint(format!("{} is Masyu's way of reasoning like a person", mention("human"))));
    }
    if request.limit.is_some() && !request.count {
        return Err(Error::usage("--limit stops a count: use it with --count"));
    }
    if request.shard.is_some() && !request.count {
        return Err(Error::usage(format!("{} splits a count: use it with --count", mention("shard"))));
    }
    if request.shard.is_some() && request.limit.is_some() {
        return Err(Error::usage("a shard counts every solution of its part: leave out --limit"));
    }
    if request.resume.is_some() && request.shard.is_none() {
        return Err(Error::usage(format!(
            "{} goes on with a shard count: use it with --count {} K/N",
            mention("resume"),
            mention("shard")
        ))
        .hint("a whole count is shard 0/1: pzl solve P --count --shard 0/1 -o part.json"));
    }
    if request.count && request.all {
        return Err(Error::usage(format!(
            "--count and {} clash: count the solutions or list them",
            mention("all")
        )));
    }
    if let PolyDoc::MacPoly { file, .. } = doc
        && file.kind == SourceKind::Solution
    {
        return Err(Error::usage("this is a solution file; give the puzzle to solve"));
    }
    Ok(())
}

/// Solve `doc` as `request` asks. Solutions come as text drawings in the report (each headed
/// `solution N` with `all`) and as documents: MacPoly solution files for MacPoly puzzles, the
/// problem with its packing for `pzl-pack` files.
pub fn solve(doc: &PolyDoc, request: &SolveRequest) -> Result<Solved<PolyDoc>> {
    refuse_unsupported(doc, request)?;
    let format = doc.format().name();
    let problem = doc.problem(request.settings.flag("no-flip"))?;
    let started = Instant::now();
    let reason = problem.impossibility().map(|r| r.to_string());
    if let Some(shard) = request.shard {
        return count_shard(&problem, format, request, shard, reason, started);
    }
    if request.count {
        let counts = problem.count(options(request));
        let shown = if request.distinct { counts.distinct } else { counts.raw };
        let mut report = SolveReport::new(NAME, format, Outcome::Counted);
        report.count = Some(Count { value: u128::from(shown), exact: !(counts.limited || counts.timed_out) });
        report.facts = vec![
            Fact::new("raw", counts.raw),
            Fact::new("distinct", counts.distinct),
            Fact::new("symmetries", counts.symmetry_order),
            Fact::new("nodes", counts.nodes),
            Fact::hidden("limited", counts.limited),
            Fact::hidden("timed_out", counts.timed_out),
            Fact::hidden("impossible", &reason),
        ];
        if let Some(reason) = &reason {
            report.warnings.push(Warning::new(format!("no solution: {reason}")));
        }
        report.reason = reason;
        if counts.timed_out {
            report.warnings.push(Warning::new(format!(
                "timed out after {} s while counting",
                request.timeout_seconds()
            )));
        }
        report.time_ms = started.elapsed().as_secs_f64() * 1000.0;
        return Ok(Solved { report, solutions: Vec::new(), trace: None });
    }
    if let Some(reason) = reason {
        let mut report = SolveReport::new(NAME, format, Outcome::NoSolution);
        report.reason = Some(reason);
        report.time_ms = started.elapsed().as_secs_f64() * 1000.0;
        return Ok(Solved { report, solutions: Vec::new(), trace: None });
    }
    let mut options = options(request);
    options.limit = None;
    if !request.all {
        // Several jobs would find every solution before showing the first.
        options.jobs = 1;
    }
    let mut found: Vec<Solution> = Vec::new();
    let outcome = if request.all || request.distinct {
        problem.search_solutions(request.distinct, options, |s| {
            found.push(s.clone());
            if request.all { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
        })
    } else {
        let (first, outcome) = problem.find_first(options);
        found.extend(first);
        outcome
    };
    let outcome_kind = match (found.is_empty(), outcome.timed_out) {
        (false, _) => Outcome::Solved,
        (true, true) => Outcome::TimedOut,
        (true, false) => Outcome::NoSolution,
    };
    let mut report = SolveReport::new(NAME, format, outcome_kind);
    report.facts.push(Fact::new("nodes", outcome.nodes));
    if request.all {
        report.facts.push(Fact::new("solutions", found.len()));
        // Every solution was listed: their number is the count, exact unless the search stopped.
        report.count = Some(Count { value: found.len() as u128, exact: !outcome.timed_out });
        if !outcome.timed_out && !request.distinct && !found.is_empty() {
            report.unique = Some(found.len() == 1);
        }
    }
    if outcome.timed_out && !found.is_empty() {
        report.warnings.push(Warning::new(format!(
            "timed out after {} s: there may be more solutions",
            request.timeout_seconds()
        )));
    }
    let heading = |k: usize| if request.all { format!("solution {}\n", k + 1) } else { String::new() };
    let mut docs = Vec::with_capacity(found.len());
    match doc {
        PolyDoc::MacPoly { file, .. } => {
            let puzzle = file.puzzle()?;
            for (k, solution) in found.iter().enumerate() {
                let solved = puzzle.solution_file(solution, file.line_end());
                report.solutions.push(format!(
                    "{}{}",
                    heading(k),
                    render::text(&render::source_squares(&solved), false)
                ));
                docs.push(PolyDoc::macpoly(solved));
            }
        }
        PolyDoc::Pack { file, source, .. } => {
            for (k, solution) in found.into_iter().enumerate() {
                report.solutions.push(format!("{}{}", heading(k), pack::solution_text(&problem, &solution)));
                docs.push(PolyDoc::Pack {
                    file: file.clone(),
                    source: source.clone(),
                    solution: Some(solution),
                });
            }
        }
    }
    report.time_ms = started.elapsed().as_secs_f64() * 1000.0;
    Ok(Solved { report, solutions: docs, trace: None })
}

/// Ascending subtree indices of one shard as inclusive ranges of their places (`i / n`).
fn done_ranges(done: &[u64], n: u64) -> Vec<[u64; 2]> {
    let mut ranges: Vec<[u64; 2]> = Vec::new();
    for place in done.iter().map(|i| i / n) {
        match ranges.last_mut() {
            Some(last) if last[1] + 1 == place => last[1] = place,
            _ => ranges.push([place, place]),
        }
    }
    ranges
}

/// The figures of an earlier, unfinished run of the same shard (its JSON result), checked to be
/// of this problem, shard, count and pzl version.
fn earlier_run(
    bytes: &[u8],
    problem: &crate::packer::Problem,
    request: &SolveRequest,
    (k, n): (u64, u64),
) -> Result<crate::packer::ShardCounts> {
    let bad = |why: String| {
        Error::syntax(format!("cannot resume from this file: {why}"))
            .hint("--resume takes the JSON an unfinished `pzl solve --count --shard K/N -o FILE` wrote")
    };
    // A JSON tree takes tens of times its text: only files of a shard result's size are read.
    const MOST: usize = 4 * crate::shard::MAX_SHARD_FILE;
    if bytes.len() > MOST {
        return Err(bad(format!("{} bytes; pzl reads at most {MOST}", bytes.len())));
    }
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| bad(format!("not JSON ({e})")))?;
    let facts = value.get("facts").ok_or_else(|| bad("no facts".to_string()))?;
    let text = |key: &str| facts.get(key).and_then(serde_json::Value::as_str).unwrap_or_default().to_string();
    let int = |key: &str| {
        facts.get(key).and_then(serde_json::Value::as_u64).ok_or_else(|| bad(format!("no `{key}`")))
    };
    if text("problem_hash") != problem.hash() {
        return Err(bad(format!(
            "it is a shard of another problem ({}, this one is {})",
            text("problem_hash"),
            problem.hash()
        )));
    }
    if text("pzl_version") != crate::shard::VERSION {
        return Err(bad(format!(
            "pzl {} wrote it; this is pzl {}",
            text("pzl_version"),
            crate::shard::VERSION
        )));
    }
    if (int("shard_k")?, int("shard_n")?) != (k, n) {
        return Err(bad(format!("it is shard {}/{}, not {k}/{n}", int("shard_k")?, int("shard_n")?)));
    }
    if facts.get("distinct").and_then(serde_json::Value::as_bool) != Some(request.distinct) {
        return Err(bad("it was counted with another --distinct".to_string()));
    }
    if facts.get("finished").and_then(serde_json::Value::as_bool) != Some(false) {
        return Err(bad("the shard is finished: add it up with `pzl merge`".to_string()));
    }
    let ranges: Vec<[u64; 2]> = facts
        .get("done_subtrees")
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .ok_or_else(|| bad("no `done_subtrees`".to_string()))?;
    // The file may come from another machine: its figures bound nothing until checked. The cut
    // aims at max(4096, 16 N) subtrees and overshoots by at most a piece's places, so a shard
    // holds far fewer than this many; the ranges must lie in the shard, in order, apart.
    let subtrees = int("subtrees")?;
    let in_shard = int("subtrees_in_shard")?;
    let most = 4096u64.max(n.saturating_mul(16)).saturating_mul(1024);
    if subtrees > most || in_shard > subtrees.saturating_sub(k).div_ceil(n) {
        return Err(bad(format!(
            "it claims {in_shard} subtrees in the shard of a cut into {subtrees}, which no cut into {n} \
             shards gives"
        )));
    }
    let mut done = Vec::new();
    let mut next = 0u64;
    for [from, to] in ranges {
        if from > to || to >= in_shard || from < next {
            return Err(bad(format!(
                "`done_subtrees` holds a range {from}..{to} outside the shard's {in_shard} subtrees or \
                 out of order"
            )));
        }
        next = to.saturating_add(1);
        done.extend((from..=to).map(|place| place.saturating_mul(n).saturating_add(k)));
    }
    Ok(crate::packer::ShardCounts {
        raw: int("raw")?,
        distinct_weight: int("distinct_weight")?,
        nodes: int("nodes")?,
        subtrees: usize::try_from(int("subtrees")?).unwrap_or(usize::MAX),
        done,
        ..Default::default()
    })
}

/// One shard of a count ([`crate::packer::Problem::count_shard`]): a report whose facts are what
/// [`crate::shard::merge`] needs (see [`crate::shard::ShardResult`]).
fn count_shard(
    problem: &crate::packer::Problem,
    format: &str,
    request: &SolveRequest,
    shard: (u64, u64),
    reason: Option<String>,
    started: Instant,
) -> Result<Solved<PolyDoc>> {
    let earlier = match &request.resume {
        Some(bytes) => earlier_run(bytes, problem, request, shard)?,
        None => crate::packer::ShardCounts::default(),
    };
    let counts = problem.resume_shard(options(request), shard, &earlier).map_err(Error::usage)?;
    let finished = !counts.timed_out;
    let mut report = SolveReport::new(NAME, format, Outcome::Counted);
    report.count = Some(Count { value: u128::from(counts.raw), exact: finished });
    report.facts = vec![
        Fact::new("shard", format!("{}/{}", shard.0, shard.1)),
        Fact::hidden("shard_k", shard.0),
        Fact::hidden("shard_n", shard.1),
        Fact::new("problem_hash", problem.hash()),
        Fact::new("pzl_version", crate::shard::VERSION),
        Fact::new("raw", counts.raw),
        Fact::new("distinct_weight", counts.distinct_weight),
        Fact::new("symmetries", counts.symmetry_order),
        Fact::new("nodes", counts.nodes),
        Fact::new("subtrees", counts.subtrees),
        Fact::new("subtrees_in_shard", counts.in_shard),
        Fact::new("finished", finished),
        Fact::hidden("distinct", request.distinct),
        Fact::hidden("impossible", &reason),
    ];
    if !finished {
        // What `--resume` needs to go on: the subtrees counted, as ranges of their places in
        // the shard (subtree `i` is place `i / N`).
        report.facts.push(Fact::hidden("done_subtrees", done_ranges(&counts.done, shard.1)));
    }
    report.reason = reason;
    if counts.timed_out {
        let why = if request.cancelled() {
            "interrupted".to_string()
        } else {
            format!("timed out after {} s", request.timeout_seconds())
        };
        report.warnings.push(Warning::new(format!(
            "{why} while counting shard {}/{}: the shard is unfinished ({} of its {} subtrees counted); \
             go on with --resume",
            shard.0,
            shard.1,
            counts.done.len(),
            counts.in_shard
        )));
    }
    report.time_ms = started.elapsed().as_secs_f64() * 1000.0;
    Ok(Solved { report, solutions: Vec::new(), trace: None })
}
