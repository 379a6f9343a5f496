//! `masyu db list|export|import|set-board|solve` on TootSweet's `Puzzles.data`. The database
//! rules (schema, integrity, transactions, names) are `pzl-masyu`'s.

use std::ops::ControlFlow;

use pzl_core::Error;
use pzl_masyu::store::{Database, Progress};

use super::super::{Command, Done, Env, JSON, Param, ParamType, Produces, Report, Tick, Values};
use crate::input::shown;
use crate::kinds::tootsweet as ts;

const DB: Param = Param::file("db", "The `Puzzles.data` file.");

pub(in crate::commands) const COMMANDS: &[Command] = &[
    Command::new(
        "list",
        "List the puzzles: id, name, size, status, solved date.",
        &[DB, JSON],
        &[Produces::Report],
        list,
    ),
    Command::new(
        "export",
        "Write each puzzle, with its board, to DIR as `<id>-<name>.tootsweet`.",
        &[
            DB,
            Param::file("dir", "Folder to write into (created when missing)."),
            Param::flag("force", "Replace files that are already there."),
        ],
        &[Produces::Folder],
        export,
    ),
    Command::new(
        "import",
        "Add puzzles (any Masyu format) as new rows, all or none; the database is created when missing.",
        &[
            DB,
            Param::files(
                "files",
                "Puzzle files; the name is the file name without extension (and without the `<id>-` prefix `export` adds).",
            ),
        ],
        &[Produces::Edit],
        import,
    ),
    Command::new(
        "set-board",
        "Store the lines of FILE as the board of puzzle ID, with status 2 when they solve it.",
        &[
            DB,
            Param::option("id", ParamType::Integer(i64::MIN, i64::MAX), "", "The puzzle's id.")
                .positional()
                .required(),
            Param::file("file", "A board in any Masyu format (e.g. a two-line .tootsweet file or a .sol)."),
        ],
        &[Produces::Edit],
        set_board,
    ),
    Command::new(
        "solve",
        "Solve every puzzle that is not solved yet and store its solution.",
        &[
            DB,
            Param::option(
                "timeout",
                ParamType::Text,
                "SECONDS",
                "Give up on a puzzle after this many seconds and go on with the next.",
            ),
        ],
        &[Produces::Edit],
        solve,
    ),
];

fn list(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let path = values.required_path("db")?;
    let db = shown(path);
    let listing = Database::open_read_only(path).and_then(|d| d.list()).map_err(ts::error(&db))?;
    (env.warn)(&db, &listing.warnings);
    Ok(Done::printing(Report::named("puzzles", listing)))
}

fn export(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let path = values.required_path("db")?;
    let db = shown(path);
    let dir = values.required_path("dir")?;
    let summary = Database::open_read_only(path)
        .and_then(|d| d.export(dir, values.flag("force")))
        .map_err(ts::error(&db))?;
    (env.warn)(&db, &summary.warnings);
    Ok(Done::ok().note(summary))
}

fn import(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let imported =
        crate::ops::masyu::db_import(values.required_path("db")?, values.paths("files"), env.warn)?;
    Ok(imported.into_iter().fold(Done::ok(), Done::note))
}

fn set_board(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let id = values.integer("id").ok_or_else(|| Error::usage("id: a number is needed"))?;
    let file = values.required_path("file")?;
    Ok(Done::ok().note(crate::ops::masyu::db_set_board(values.required_path("db")?, id, file, env.warn)?))
}

/// Solve every unsolved row, with progress.
fn solve(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let timeout = super::super::timeout(values)?;
    let path = values.required_path("db")?;
    let db = shown(path);
    let mut database = Database::open_for_writing(path).map_err(ts::error(&db))?;
    let summary = database
        .solve_unsolved(timeout, |progress| {
            match progress {
                Progress::Start { total, row, .. } => {
                    (env.progress)(Tick::Begin(total as u64, "solving"));
                    (env.progress)(Tick::Doing(format!("puzzle {}", row.id)));
                }
                Progress::Done { .. } => (env.progress)(Tick::Done),
            }
            ControlFlow::Continue(())
        })
        .map_err(ts::error(&db))?;
    (env.warn)(&db, &summary.warnings);
    let name = pzl_core::text::printable(&db);
    let done =
        summary.failed.iter().fold(Done::ok(), |done, failure| done.note(format!("{name}: {failure}")));
    Ok(done.note(format!("{name}: {summary}")).status(summary.status()))
}
