//! `masyu replay|hint|db …` and `generate masyu`.

use std::path::{Path, PathBuf};

use pzl_core::{Error, Status};

use super::{Command, Done, Env, JSON, Output, Param, ParamType, Produces, Report, Tick, Values};
use crate::Format;
use crate::input::{is_dash, shown};
use crate::ops::generate::{Masyu, Run};

const REPLAY: Command = Command::new(
    "replay",
    "Replay a solve trace (`pzl solve --trace`) as a terminal animation.",
    &[
        Param::file("trace", "The trace written by `pzl solve --trace`.").shown_as("TRACE"),
        Param::option("delay", ParamType::Integer(0, i64::MAX), "MS", "Milliseconds between steps.")
            .default("100"),
        Param::flag("step", "Start paused: Enter resumes, `s` + Enter steps, `q` + Enter quits."),
    ],
    &[Produces::Report, Produces::Animation],
    replay,
)
.also("replay", None);

const HINT: Command = Command::new(
    "hint",
    "The next deduction from a player's position, or the first line that is wrong.",
    &[
        Param::file("puzzle", "The puzzle (any Masyu format; it may hold the player's lines and crosses too)."),
        Param::option("with", ParamType::Path, "FILE", "The player's lines and crosses in a file of their own (any Masyu format).")
            .aliased(&["board"]),
        Param::option("timeout", ParamType::Text, "SECONDS", "Give up after this many seconds."),
        Param::flag(
            "apply",
            "Write the board with the hint applied (to -o OUT, else standard output), in the board's format.",
        ),
        super::output("OUT", "Where --apply writes (it may be the board file itself).")
            .requiring("apply"),
        JSON,
    ],
    &[Produces::Report, Produces::Bytes],
    hint,
)
.also(
    "hint",
    Some(
        "Masyu: the next deduction a person could make from the player's lines and crosses, or the lines that are wrong.",
    ),
);

#[cfg(feature = "database")]
pub(super) const COMMANDS: &[Command] = &[
    REPLAY,
    HINT,
    Command::group("db", "Work with TootSweet Masyu's `Puzzles.data` database.", db::COMMANDS)
        .also("tootsweet", None),
];

#[cfg(not(feature = "database"))]
pub(super) const COMMANDS: &[Command] = &[REPLAY, HINT];

pub(super) const GENERATE: &[Command] = &[Command::new(
    "masyu",
    "Masyu puzzles of a chosen size and grade, each proven unique and graded by the solver.",
    &[
        Param::option(
            "size",
            ParamType::Text,
            "WxH",
            "The grid, WxH (width first; 5 to 100 each side), or N for NxN.",
        )
        .default("10x10"),
        Param::option(
            "difficulty",
            ParamType::Text,
            "GRADE",
            "The grade every puzzle must have: easy, medium, hard or expert.",
        )
        .default("medium"),
        Param::option("count", ParamType::Integer(0, i64::MAX), "N", "How many puzzles.")
            .letter('n')
            .default("1"),
        Param::option(
            "seed",
            ParamType::Integer(0, i64::MAX),
            "S",
            "The seed: the same seed and options give the same puzzles on every machine.",
        )
        .default("1"),
        Param::option(
            "symmetry",
            ParamType::Text,
            "SYMMETRY",
            "The pearls' symmetry: none, rotational (half turn) or mirror (left-right).",
        )
        .default("none"),
        Param::flag("minimal", "No pearl can be removed without losing uniqueness."),
        Param::option("jobs", ParamType::Text, "N", "Threads (the output is the same for any number).")
            .letter('j'),
        Param::option(
            "timeout",
            ParamType::Text,
            "SECONDS",
            "Stop after this many seconds; the puzzles made so far are written (exit 1).",
        ),
        Param::option(
            "to",
            ParamType::Text,
            "FORMAT",
            "The format of each puzzle (default: a puzz.link URL per line; `tootsweet-db` for a TootSweet `Puzzles.data`).",
        ),
        super::output(
            "OUT",
            "Where to write: a folder (one file per puzzle), a TootSweet `.data` database, or one file (with --count 1); standard output when absent.",
        ),
        Param::flag("force", "Replace files that exist already in the output folder."),
        Param::flag(
            "json",
            "One JSON object per puzzle (grade, pearls, seed, solver statistics), then a summary.",
        ),
    ],
    &[Produces::Report, Produces::Bytes, Produces::Folder],
    generate,
)];

/// `masyu replay TRACE` where no terminal animates it: each step as one line of text, then the
/// final board (the terminal animation is the front end's).
fn replay(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let path = values.required_path("trace")?;
    let trace = crate::ops::masyu::read_trace(path)?;
    for warning in crate::ops::masyu::trace_warnings(&trace) {
        env.warn(&shown(path), warning);
    }
    let status = if trace.outcome.is_some() { Status::Ok } else { Status::Problems };
    Ok(Done::writing(Output::text(Path::new("-"), crate::ops::masyu::replay_text(&trace))).status(status))
}

/// `masyu hint PUZZLE [--with BOARD]`: the next step a person could take from the player's
/// position (exit 0), or the first of the player's lines or crosses no solution has (exit 1).
fn hint(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let puzzle = values.required_path("puzzle")?;
    let doc = super::open(env, puzzle)?;
    let doc = match values.path("with") {
        Some(with) => {
            let other = super::open(env, with)?;
            let parsed = doc.combine(&other).map_err(|e| e.in_file(shown(with)))?;
            (env.warn)(&shown(with), &parsed.warnings);
            parsed.value
        }
        None => doc,
    };
    let hint = doc.hint(super::timeout(values)?).map_err(|e| e.in_file(shown(puzzle)))?;
    let mut done = Done::ok().status(hint.status());
    if values.flag("apply") {
        done = apply(values, &doc, &hint, done)?;
        if values.path("output").is_none() {
            return Ok(done);
        }
    }
    done.report = Some(Report::of(hint));
    Ok(done)
}

/// `--apply`: the board with the hint's edge drawn, in the board's own format (to standard
/// output, in one that holds the lines when its own does not: the library's rule); nothing is
/// written when the hint is not a deduction (a wrong line, a solved or unsolvable board).
fn apply(
    values: &Values,
    doc: &crate::Document,
    hint: &crate::play::Hint,
    done: Done,
) -> Result<Done, Error> {
    let Some(next) = doc.apply_hint(hint)? else {
        return Ok(done.note("nothing to apply: the hint is not a new line or cross"));
    };
    let output = values.path("output");
    let to = output.map(|out| {
        if is_dash(out) { Ok(doc.format()) } else { crate::ops::convert::target_format(doc, out) }
    });
    let played = next.write_played(to.transpose()?)?;
    let mut done = done;
    if !played.instead.is_empty() {
        done = done.note(format!(
            "the {} format cannot hold {}: the board follows as {}",
            doc.format().name(),
            played.instead.join(", "),
            played.format.name()
        ));
    }
    done.outputs.push(Output::text(output.unwrap_or(Path::new("-")), played.bytes));
    Ok(done)
}

/// Where generated puzzles go.
enum Target {
    Stdout,
    File(PathBuf),
    Folder(PathBuf),
    /// A TootSweet `Puzzles.data`, all in one transaction.
    Database(PathBuf),
}

/// `generate masyu`: exit 0 when every puzzle was made, 1 when `--timeout` stopped some (those
/// made are written), 2 for a request that cannot be made.
fn generate(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let number = |name| values.integer(name).map_or(1, |n| u64::try_from(n).unwrap_or(0));
    let text = |name, default| values.text(name).unwrap_or(default).to_string();
    let ask = Masyu {
        size: text("size", "10x10"),
        difficulty: text("difficulty", "medium"),
        symmetry: text("symmetry", "none"),
        minimal: values.flag("minimal"),
        count: number("count"),
        seed: number("seed"),
    };
    ask.request()?;
    let jobs = values.text("jobs").map_or(Ok(1), pzl_core::parse_jobs)?;
    let timeout = super::timeout(values)?;
    let (target, format) = target(values, &ask)?;
    (env.progress)(Tick::Begin(ask.count, "generating"));
    let run = ask.run(jobs, timeout, &|| (env.progress)(Tick::Done))?;
    let mut done = written(values, &ask, target, format, &run)?;
    if run.stopped > 0 {
        let made = pzl_core::text::count(run.puzzles.len() as u64, "puzzle");
        env.warn("generate", format!("the time ran out: {made} made, {} not", run.stopped));
        done.status = Status::Problems;
    }
    Ok(done)
}

/// Where `-o` and `--to` send the puzzles, and in which format; refused before any work.
fn target(values: &Values, ask: &Masyu) -> Result<(Target, Format), Error> {
    use crate::kinds::masyu::{GenerateTo, generate_to};
    let named = super::to_format(values)?;
    let Some(output) = values.path("output").filter(|o| !is_dash(o)) else {
        return match generate_to(named)? {
            GenerateTo::Files(format) => Ok((Target::Stdout, format)),
            GenerateTo::Database(_) => Err(Error::usage("a TootSweet database cannot go to standard output")
                .hint("name the file with -o Puzzles.data")),
        };
    };
    let claimed = Format::claiming(&shown(output)).into_iter().next();
    if let Some(Ok(GenerateTo::Database(format))) = named.or(claimed).map(|f| generate_to(Some(f))) {
        return Ok((Target::Database(output.to_path_buf()), format));
    }
    let is_folder = output.is_dir() || ask.count > 1;
    refuse_file_for_folder(output, ask.count, is_folder, claimed.is_some())?;
    let GenerateTo::Files(format) = generate_to(named.or(if is_folder { None } else { claimed }))? else {
        return Err(Error::usage("a TootSweet database takes every puzzle in one file")
            .hint("name the file with -o Puzzles.data"));
    };
    let force = values.flag("force");
    let taken = |path: &Path| -> Result<(), Error> {
        match force || !path.exists() {
            true => Ok(()),
            false if is_folder => Err(Error::usage(format!("{} exists already", shown(path)))
                .hint("add --force to replace it, or choose another folder or --seed")),
            false => {
                Err(Error::usage(format!("{} exists already", shown(path))).hint("add --force to replace it"))
            }
        }
    };
    if !is_folder {
        taken(output)?;
        return Ok((Target::File(output.to_path_buf()), format));
    }
    // Refused before any work: the names depend only on the request and the index.
    for index in 0..ask.count {
        taken(&output.join(ask.file_name(format, index)))?;
    }
    Ok((Target::Folder(output.to_path_buf()), format))
}

/// Several puzzles need a folder: refuse a file, or a name that says one file.
fn refuse_file_for_folder(output: &Path, count: u64, is_folder: bool, claimed: bool) -> Result<(), Error> {
    if !is_folder || output.is_dir() {
        return Ok(());
    }
    if output.exists() {
        return Err(Error::usage(format!(
            "{} is a file, and {count} puzzles go into a folder",
            shown(output)
        ))
        .hint("name a new or existing folder with -o, or make one puzzle (-n 1)"));
    }
    if claimed {
        return Err(Error::usage(format!(
            "-o {} names one file, but {count} puzzles were asked for",
            shown(output)
        ))
        .hint(format!(
            "give a folder for them (e.g. -o {}/), or make one puzzle (-n 1)",
            output.with_extension("").display()
        )));
    }
    Ok(())
}

/// The puzzles of `run` for `target`: the outputs, and with `--json` one line per puzzle.
fn written(values: &Values, ask: &Masyu, target: Target, format: Format, run: &Run) -> Result<Done, Error> {
    let json = values.flag("json");
    let (mut lines, mut stdout, mut files) = (String::new(), Vec::new(), Vec::new());
    if let Target::Database(path) = &target {
        ask.into_database(path, run)?;
    }
    for made in &run.puzzles {
        let bytes = match target {
            Target::Database(_) => Vec::new(),
            _ => crate::ops::generate::puzzle(made, format)?.write(format)?.bytes,
        };
        let name = ask.file_name(format, made.index);
        let (file, text) = match &target {
            Target::Database(path) | Target::File(path) => (Some(shown(path)), None),
            Target::Folder(root) => (Some(shown(&root.join(&name))), None),
            // With --json the puzzles on standard output are in the JSON lines.
            Target::Stdout if json => (None, Some(String::from_utf8_lossy(&bytes).trim_end().to_string())),
            Target::Stdout => (None, None),
        };
        if json {
            lines.push_str(&crate::report::json_line(&made.made(file, text))?);
        }
        match &target {
            Target::Stdout if !json => stdout.extend(bytes),
            Target::File(_) | Target::Folder(_) => files.push((PathBuf::from(name), Some(bytes))),
            _ => {}
        }
    }
    let mut done = Done::ok();
    match target {
        Target::Stdout if !json => done.outputs.push(Output::text(Path::new("-"), stdout)),
        Target::File(path) => {
            done.outputs.extend(files.pop().map(|(_, bytes)| Output::text(&path, bytes.unwrap_or_default())))
        }
        Target::Folder(root) => done.outputs.push(Output::Folder { root, files, force: true }),
        _ => {}
    }
    if json {
        done.report = Some(Report::either(|_| String::new(), move || Ok(lines)));
    } else if !done.outputs.iter().any(|o| matches!(o, Output::Bytes { path, .. } if is_dash(path))) {
        done = done.note(format!("wrote {}", pzl_core::text::count(run.puzzles.len() as u64, "puzzle")));
    }
    Ok(done)
}

#[cfg(feature = "database")]
mod db;
