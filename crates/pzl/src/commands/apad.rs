//! `apad solve|generate|encode|decode`.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use pzl_apad::Puzzle;
use pzl_apad::solve::{AllSolutions, DateSolutions, Limits};
use pzl_core::{Error, Parsed, SolveReport, Status, Written};

use super::{Command, Done, Env, JSON, Output, Param, ParamType, Produces, Report, Values};

const EDITION: Param = Param::option(
    "puzzle",
    ParamType::Path,
    "NAME|FILE",
    "The edition: `classic`, `weekday`, or a description file.",
)
.default("classic");

pub(super) const COMMANDS: &[Command] = &[
    Command::new(
        "solve",
        "Solve a date: draw every solution (or count them, or write them as APAD).",
        &[
            Param::option(
                "date",
                ParamType::Text,
                "DATE",
                "The date: `11-22`, `2026-11-22`, `Nov 22` (default: today).",
            )
            .positional()
            .counted(0, 3),
            EDITION,
            Param::option(
                "weekday",
                ParamType::Text,
                "DAY",
                "Weekday edition: the weekday to leave uncovered (default: the date's weekday).",
            ),
            Param::flag("all", "Every date (and weekday) at once instead of one date.")
                .conflicting(&["date", "weekday", "first"]),
            Param::flag("count", "Print only the number of solutions (per date with --all)."),
            Param::flag("first", "Stop at the first solution."),
            JSON,
            Param::option(
                "timeout",
                ParamType::Text,
                "SECONDS",
                "Give up after this many seconds (and say so).",
            ),
            super::output(
                "FILE.apad",
                "Also write the solutions as an APAD file (sorted as the reference file).",
            ),
            Param::option(
                "svg",
                ParamType::Path,
                "DIR",
                "Also draw each solution as an SVG file in DIR (created when missing).",
            ),
        ],
        &[Produces::Report, Produces::Bytes, Produces::Folder],
        solve,
    ),
    Command::new(
        "generate",
        "Write every solution of every date, sorted as the reference `solutions.apad`.",
        &[super::output("FILE", super::OUTPUT).required(), EDITION],
        &[Produces::Bytes],
        generate,
    ),
    Command::new(
        "encode",
        "Turn the text form (a letter per square) into an APAD file (as `convert --to apad`).",
        &[
            Param::file("input", "The text file (`-` for standard input)."),
            super::output("FILE", super::OUTPUT).default("-"),
            EDITION,
        ],
        &[Produces::Bytes],
        encode,
    ),
    Command::new(
        "decode",
        "Write an APAD file as text (as `convert --to apad-text`).",
        &[
            Param::file("input", "The APAD file (`-` for standard input)."),
            super::output("FILE", "Where to write (`-` for standard output).").default("-"),
            EDITION,
        ],
        &[Produces::Bytes],
        decode,
    ),
];

/// The edition `--puzzle` names.
fn edition(values: &Values) -> Result<Puzzle, Error> {
    Puzzle::load_path(values.path("puzzle").unwrap_or(Path::new("classic")))
}

fn generate(values: &Values, _env: &Env<'_>) -> Result<Done, Error> {
    let bytes = pzl_apad::solve::all_sorted(&edition(values)?, &Limits::none())?;
    Ok(Done::writing(Output::binary(values.required_path("output")?, bytes)))
}

fn encode(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    recode(values, env, crate::kinds::apad::encode_text, crate::kinds::apad::BINARY)
}

/// Straight to text, one board at a time: no decoded board list (finding R6).
fn decode(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    recode(values, env, pzl_apad::format::decode_to_text, crate::kinds::apad::TEXT)
}

type Recode = fn(&[u8], &Puzzle) -> Result<Parsed<Written>, Error>;

/// `encode` and `decode`: the APAD file as text, or the text as APAD, for the edition.
fn recode(values: &Values, env: &Env<'_>, how: Recode, to: crate::Format) -> Result<Done, Error> {
    let edition = edition(values)?;
    let read = crate::input::read(values.required_path("input")?)?;
    let parsed = how(&read.bytes, &edition).map_err(|e| e.in_file(&read.name))?;
    (env.warn)(&read.name, &parsed.warnings);
    let output = values.required_path("output")?;
    env.warn_lost(output, to, &parsed.value.lost);
    Ok(Done::writing(Output::binary(output, parsed.value.bytes)))
}

/// What one date's solutions and every date's have alike.
trait Solutions: 'static {
    fn found(&self) -> bool;
    fn counts(&self) -> String;
    fn text(&self, puzzle: &Puzzle, colour: bool) -> String;
    fn apad_bytes(&self, puzzle: &Puzzle) -> Result<Vec<u8>, Error>;
    fn svg_files(&self, puzzle: &Puzzle) -> Vec<(String, String)>;
    fn report(&self, puzzle: &Puzzle) -> SolveReport;
}

macro_rules! solutions {
    ($t:ty, $found:expr, $counts:ident) => {
        impl Solutions for $t {
            fn found(&self) -> bool {
                $found(self)
            }
            fn counts(&self) -> String {
                self.$counts()
            }
            fn text(&self, puzzle: &Puzzle, colour: bool) -> String {
                <$t>::text(self, puzzle, colour)
            }
            fn apad_bytes(&self, puzzle: &Puzzle) -> Result<Vec<u8>, Error> {
                <$t>::apad_bytes(self, puzzle)
            }
            fn svg_files(&self, puzzle: &Puzzle) -> Vec<(String, String)> {
                <$t>::svg_files(self, puzzle)
            }
            fn report(&self, puzzle: &Puzzle) -> SolveReport {
                <$t>::report(self, puzzle)
            }
        }
    };
}

solutions!(DateSolutions, |s: &DateSolutions| !s.boards.is_empty(), count_line);
solutions!(AllSolutions, |s: &AllSolutions| s.total() > 0, count_table);

/// `apad solve`: one date, or every date with `--all`.
fn solve(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let puzzle = edition(values)?;
    let timeout = super::timeout(values)?;
    let wanted = values.path("output").is_some() || values.path("svg").is_some();
    if values.flag("all") {
        let keep = !values.flag("count") || wanted;
        let all = pzl_apad::solve::solve_all(&puzzle, keep, &Limits::new(timeout, None));
        if all.unsolvable > 0 {
            env.warn(&puzzle.name, format!("{} dates have no solution", all.unsolvable));
        }
        return solved(values, puzzle, all);
    }
    let date = values.texts("date").join(" ");
    let date = (!date.is_empty()).then_some(date.as_str());
    let (weekday, first) = (values.text("weekday"), values.flag("first"));
    let found = crate::ops::apad::solve_date(&puzzle, date, weekday, first, timeout)?;
    (env.warn)(&puzzle.name, &found.warnings);
    solved(values, puzzle, found.value)
}

/// The solutions as asked: `-o FILE.apad` and `--svg DIR` made only when asked for (one date of
/// the weekday edition has 10,374 solutions, and their pictures took 0.5 s and 300 MB; issue
/// 38); the terminal gets the counts, not every board again, when they go to files (the whole
/// edition is 100,000 boards; newcomer 2).
fn solved(values: &Values, puzzle: Puzzle, found: impl Solutions) -> Result<Done, Error> {
    let mut outputs = Vec::new();
    if let Some(path) = values.path("output") {
        outputs.push(Output::binary(path, found.apad_bytes(&puzzle)?));
    }
    if let Some(dir) = values.path("svg") {
        let files =
            found.svg_files(&puzzle).into_iter().map(|(n, s)| (PathBuf::from(n), Some(s.into_bytes())));
        outputs.push(Output::Folder { root: dir.to_path_buf(), files: files.collect(), force: true });
    }
    let counts_only = values.flag("count") || !outputs.is_empty();
    let status = if found.found() { Status::Ok } else { Status::Problems };
    let shared = Rc::new((found, puzzle));
    let text = shared.clone();
    let report = Report::either(
        move |colour| if counts_only { text.0.counts() } else { text.0.text(&text.1, colour) },
        move || crate::report::json_document(&shared.0.report(&shared.1)),
    );
    Ok(Done { status, report: Some(report), outputs, notes: Vec::new() })
}
