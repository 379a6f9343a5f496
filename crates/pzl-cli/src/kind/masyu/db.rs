//! `pzl masyu db list|export|import|set-board|solve` on TootSweet's `Puzzles.data`. The database
//! rules (schema, integrity, transactions, names) are the library's (`pzl::kinds::tootsweet`).

use std::ops::ControlFlow;
use std::path::Path;

use pzl::kinds::tootsweet::{self as ts, Database, Progress};
use pzl::{Error, Status};

use crate::args::DbCommand;
use crate::high;
use crate::io::{self, Ctx};
use crate::print::{self, Mode};

pub fn db(ctx: &Ctx, command: DbCommand) -> Result<Status, Error> {
    match command {
        DbCommand::List { db: path, json } => {
            let db = io::shown(&path);
            let listing = Database::open_read_only(&path).and_then(|d| d.list()).map_err(ts::error(&db))?;
            ctx.warnings(&db, &listing.warnings);
            print::emit(Mode::json(json), &print::Named("puzzles", &listing))?;
            Ok(Status::Ok)
        }
        DbCommand::Export { db: path, dir, force } => {
            let db = io::shown(&path);
            let summary = Database::open_read_only(&path)
                .and_then(|d| d.export(&dir, force))
                .map_err(ts::error(&db))?;
            ctx.warnings(&db, &summary.warnings);
            ctx.note(&summary);
            Ok(Status::Ok)
        }
        DbCommand::Import { db: path, files } => {
            let warn = |file: &str, warnings: &[pzl::Warning]| ctx.warnings(file, warnings);
            for imported in pzl::ops::masyu::db_import(&path, &files, &warn)? {
                ctx.note(imported);
            }
            Ok(Status::Ok)
        }
        DbCommand::SetBoard { db: path, id, file } => {
            let warn = |file: &str, warnings: &[pzl::Warning]| ctx.warnings(file, warnings);
            ctx.note(pzl::ops::masyu::db_set_board(&path, id, &file, &warn)?);
            Ok(Status::Ok)
        }
        DbCommand::Solve { db, timeout } => solve(ctx, &db, timeout.as_deref()),
    }
}

/// Solve every unsolved row, with a progress bar on a terminal.
fn solve(ctx: &Ctx, path: &Path, timeout: Option<&str>) -> Result<Status, Error> {
    let timeout = high::timeout(timeout)?;
    let shown = io::shown(path);
    let db = shown.as_str();
    let mut database = Database::open_for_writing(path).map_err(ts::error(db))?;
    let mut bar = None;
    let summary = database
        .solve_unsolved(timeout, |progress| {
            match progress {
                Progress::Start { total, row, .. } => {
                    let bar = bar.get_or_insert_with(|| ctx.progress(total as u64, "solving"));
                    bar.set_message(format!("puzzle {}", row.id));
                }
                Progress::Done { .. } => {
                    if let Some(bar) = &bar {
                        bar.inc(1);
                    }
                }
            }
            ControlFlow::Continue(())
        })
        .map_err(ts::error(db))?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    ctx.warnings(db, &summary.warnings);
    for failure in &summary.failed {
        ctx.note(format!("{}: {failure}", pzl::text::printable(db)));
    }
    ctx.note(format!("{}: {summary}", pzl::text::printable(db)));
    Ok(summary.status())
}
