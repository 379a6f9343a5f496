//! The solver behind [`pzl_core::SolveRequest`]: which requests apply to Masyu, the report that
//! says how a solve went (outcome, uniqueness, grade, statistics, warnings), the solution shown
//! in the input's format, and the grade `info` shows.

use std::time::Duration;

use pzl_core::settings::mention;
use pzl_core::{
    Count, Error, Fact, Kind, Outcome as ReportOutcome, SolveReport, SolveRequest, Solved, Warning,
};

use super::{Difficulty, Outcome, SolveOptions, Statistics, count_solutions, solve, trace};
use crate::Board;
use crate::formats::{self, Format};

/// `info` grades a puzzle with at most this much solving.
pub const GRADE_TIMEOUT: Duration = Duration::from_secs(2);

/// How many solutions `--count` looks for when no limit is given: enough to tell unique from not.
pub const DEFAULT_COUNT_LIMIT: u64 = 2;

/// Why there is no solution, when the search proved it.
pub const NO_SOLUTION_REASON: &str = "no single loop satisfies every pearl (proven by complete search)";

/// The difficulty grade of a puzzle (what `info` shows), or `None` when it has no pearls, no
/// unique solution, or takes longer than [`GRADE_TIMEOUT`] to solve.
pub fn grade(board: &Board) -> Option<Difficulty> {
    if board.pearl_counts() == (0, 0) {
        return None;
    }
    let options = SolveOptions { timeout: Some(GRADE_TIMEOUT), ..SolveOptions::default() };
    let result = solve(&board.puzzle(), &options);
    match (result.outcome, result.unique) {
        (Outcome::Solved, Some(true)) => result.difficulty,
        _ => None,
    }
}

/// The name of a solver outcome as traces and JSON write it (`solved`, `no-solution`,
/// `timed-out`).
pub fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Solved => "solved",
        Outcome::NoSolution => "no-solution",
        Outcome::TimedOut => "timed-out",
    }
}

/// The solver options a request asks for, or a usage error naming what does not apply to Masyu.
pub fn options(request: &SolveRequest) -> Result<SolveOptions, Error> {
    let polyomino_only =
        [("all", request.all), ("distinct", request.distinct), ("no-flip", request.settings.flag("no-flip"))];
    if let Some((name, _)) = polyomino_only.iter().find(|(_, asked)| *asked) {
        return Err(Error::usage(format!("{} applies to polyomino puzzles, not to Masyu", mention(name)))
            .hint("a Masyu solve shows one solution; --count counts them"));
    }
    if request.limit.is_some() && !request.count {
        return Err(Error::usage("--limit applies only with --count"));
    }
    if request.settings.given("trace") && request.count {
        return Err(Error::usage(format!(
            "{} records one solve; it does not apply with --count",
            mention("trace")
        )));
    }
    Ok(SolveOptions {
        timeout: request.timeout,
        trace: request.settings.given("trace"),
        human: request.settings.flag("human"),
        keep_edges: false,
        cancel: request.cancel.clone(),
        max_decisions: None,
    })
}

/// The solver's statistics as one fact (`statistics` in JSON, an object as the old `--json`
/// output had it).
pub fn statistics_fact(stats: &Statistics) -> Fact {
    let value = serde_json::json!({
        "propagations": stats.propagations,
        "hypotheses": stats.hypotheses,
        "probe_deductions": stats.probe_deductions,
        "decisions": stats.decisions,
        "backtracks": stats.backtracks,
        "max_depth": stats.max_depth,
    });
    let text = format!(
        "{} propagations, {} hypotheses, {} probe deductions, {} decisions, {} backtracks, depth {}",
        stats.propagations,
        stats.hypotheses,
        stats.probe_deductions,
        stats.decisions,
        stats.backtracks,
        stats.max_depth
    );
    Fact::with_text("statistics", "statistics", value, text)
}

/// Solve `puzzle` (its drawn edges are ignored) as `request` asks. The solution shown in the
/// report is written in `shown_as` when that format holds lines, else as `sol` (see
/// [`Format::solution_format`]); `Solved::solutions` holds the full solution board (pearls,
/// lines and crosses: pass it through [`Format::project`] before writing it elsewhere).
pub fn solve_request(
    puzzle: &Board,
    request: &SolveRequest,
    shown_as: Format,
) -> Result<Solved<Board>, Error> {
    let options = options(request)?;
    let puzzle = puzzle.puzzle();
    let kind = crate::MasyuKind::NAME;
    if request.count {
        let limit = request.limit.unwrap_or(DEFAULT_COUNT_LIMIT).max(1);
        let result = count_solutions(&puzzle, limit, &options);
        let mut report = SolveReport::new(kind, shown_as.name(), ReportOutcome::Counted);
        report.count = Some(Count { value: u128::from(result.count), exact: result.exhaustive });
        report.time_ms = result.stats.micros as f64 / 1000.0;
        report.facts.push(statistics_fact(&result.stats));
        if result.timed_out {
            report.warnings.push(Warning::new(format!(
                "timed out after {} s while counting",
                request.timeout_seconds()
            )));
        }
        return Ok(Solved { report, solutions: Vec::new(), trace: None });
    }
    // The time limit bounds the solve and then, as long again, the writing of its trace.
    let started = pzl_core::time::Instant::now();
    let result = solve(&puzzle, &options);
    let trace_deadline = request.timeout.map(|t| pzl_core::time::Instant::now().max(started + t) + t);
    let outcome = match result.outcome {
        Outcome::Solved => ReportOutcome::Solved,
        Outcome::NoSolution => ReportOutcome::NoSolution,
        Outcome::TimedOut => ReportOutcome::TimedOut,
    };
    let mut report = SolveReport::new(kind, shown_as.name(), outcome);
    report.unique = result.unique;
    report.time_ms = result.stats.micros as f64 / 1000.0;
    if let Some(difficulty) = result.difficulty {
        report.facts.push(Fact::with_text("difficulty", "grade", difficulty.name(), difficulty.name()));
    }
    report.facts.push(statistics_fact(&result.stats));
    match (result.outcome, result.unique) {
        (Outcome::Solved, Some(false)) => {
            report.warnings.push(Warning::new("the puzzle has more than one solution; this is one of them"));
        }
        (Outcome::Solved, None) => {
            report.warnings.push(Warning::new("time ran out before the solution was proven unique"));
        }
        (Outcome::NoSolution, _) => report.reason = Some(NO_SOLUTION_REASON.to_string()),
        _ => {}
    }
    let trace = result.trace.as_ref().map(|events| {
        let (text, cut) =
            trace::write_jsonl_until(&puzzle, events, outcome_name(result.outcome), trace_deadline);
        report.warnings.extend(cut.map(Warning::new));
        text
    });
    let solutions: Vec<Board> = result.solution.into_iter().collect();
    for solution in &solutions {
        let format = shown_as.solution_format();
        let written = formats::write(&format.project(solution), format)?;
        report.solutions.push(String::from_utf8_lossy(&written.bytes).into_owned());
    }
    Ok(Solved { report, solutions, trace })
}
