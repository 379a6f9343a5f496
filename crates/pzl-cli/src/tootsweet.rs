//! `pzl tootsweet …` and the `tootsweet-db` format: TootSweet Masyu's `Puzzles.data` database.
//!
//! list / export / import / set-board / solve work on the database in place; `pzl info` and
//! `pzl check` accept it like any other file.

use std::path::{Path, PathBuf};

use clap::Subcommand;
use pzl_masyu::Board;
use pzl_masyu::database::{self, Database, DatabaseError, Row};

use crate::cli::{CheckArgs, InfoArgs};
use crate::error::{CliError, Status};
use crate::io::{self, Context, Input};
use crate::registry::{Area, FormatSpec, Handler};

pub static FORMATS: &[FormatSpec] = &[FormatSpec {
    name: "tootsweet-db",
    area: Area::TootSweetDb,
    description: "TootSweet Masyu's Puzzles.data (SQLite): puzzles, boards, status",
    extensions: &["data", "sqlite", "db"],
    detect: Some(|bytes| bytes.starts_with(b"SQLite format 3\0")),
    read: true,
    write: false,
}];

#[derive(Debug, Subcommand)]
pub enum TootsweetCommand {
    /// List the puzzles: id, name, size, status, solved date.
    List {
        /// The `Puzzles.data` file.
        db: String,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Write each puzzle, with its board, to DIR as `<id>-<name>.tootsweet`.
    Export {
        db: String,
        /// Folder to write into (created when missing).
        dir: String,
    },
    /// Add puzzles (any Masyu format) as new rows; the database is created when missing.
    Import {
        db: String,
        /// Puzzle files; the name is the file name without extension (and without the
        /// `<id>-` prefix `export` adds).
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Store the lines of FILE as the board of puzzle ID, with status 2 when they solve it.
    SetBoard {
        db: String,
        id: i64,
        /// A board in any Masyu format (e.g. a two-line .tootsweet file or a .sol).
        file: String,
    },
    /// Solve every puzzle that is not solved yet and store its solution (status 2, solution date).
    Solve {
        db: String,
        /// Give up on a puzzle after this many seconds and go on with the next.
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<f64>,
    },
}

pub fn run(ctx: &Context, command: TootsweetCommand) -> Result<Status, CliError> {
    match command {
        TootsweetCommand::List { db, json } => list(ctx, &db, json),
        TootsweetCommand::Export { db, dir } => export(ctx, &db, Path::new(&dir)),
        TootsweetCommand::Import { db, files } => import(ctx, &db, &files),
        TootsweetCommand::SetBoard { db, id, file } => set_board(ctx, &db, id, &file),
        TootsweetCommand::Solve { db, timeout } => solve(ctx, &db, timeout),
    }
}

fn open(name: &str, write: bool) -> Result<Database, CliError> {
    Database::open(Path::new(name), write).map_err(|e| db_error(name, e))
}

fn db_error(name: &str, error: DatabaseError) -> CliError {
    match error {
        DatabaseError::Sqlite(e) => CliError::io(name, e),
        other => CliError::input(name, other),
    }
}

/// `W×H` of a row's puzzle string, without decoding the cells.
fn size_of(row: &Row) -> Option<(usize, usize)> {
    let mut parts = row.puzzle.as_deref()?.split(':');
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

fn list(ctx: &Context, name: &str, json: bool) -> Result<Status, CliError> {
    let db = open(name, false)?;
    let rows = db.rows().map_err(|e| db_error(name, e))?;
    if json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                serde_json::json!({
                    "id": r.id,
                    "name": r.name,
                    "puzzle": r.puzzle,
                    "width": size_of(r).map(|s| s.0),
                    "height": size_of(r).map(|s| s.1),
                    "board": r.board,
                    "status": r.status.code(),
                    "status_label": r.status.label(),
                    "solution_date": database::display(&r.solution_date),
                })
            })
            .collect();
        io::print_json(&serde_json::Value::Array(list))?;
        return Ok(Status::Ok);
    }
    let mut out = format!("{:>5}  {:<24} {:>7}  {:<12} {}\n", "ID", "NAME", "SIZE", "STATUS", "SOLVED");
    for r in &rows {
        let size = match size_of(r) {
            Some((w, h)) => format!("{w}x{h}"),
            None => {
                ctx.warn(name, format!("puzzle {}: unreadable puzzle string {:?}", r.id, r.puzzle));
                "?".into()
            }
        };
        out.push_str(&format!(
            "{:>5}  {:<24} {:>7}  {:<12} {}\n",
            r.id,
            r.name.as_deref().unwrap_or(""),
            size,
            r.status.label(),
            database::display(&r.solution_date)
        ));
    }
    io::write_output("-", out.as_bytes())?;
    Ok(Status::Ok)
}

/// A file name from a puzzle name: letters, digits, `-`, `_` and `.` kept, the rest `_`.
fn file_stem(id: i64, name: Option<&str>) -> String {
    let clean: String = name
        .unwrap_or("")
        .chars()
        .map(|c| if c.is_alphanumeric() || "-_.".contains(c) { c } else { '_' })
        .collect();
    let clean = clean.trim_matches('.');
    if clean.is_empty() { format!("{id:03}") } else { format!("{id:03}-{clean}") }
}

fn export(ctx: &Context, name: &str, dir: &Path) -> Result<Status, CliError> {
    let db = open(name, false)?;
    let rows = db.rows().map_err(|e| db_error(name, e))?;
    std::fs::create_dir_all(dir).map_err(|e| CliError::io(&dir.display().to_string(), e))?;
    let mut written = 0;
    for row in &rows {
        // Checked so a broken row is reported, but written as stored: export is lossless.
        if let Err(e) = row.decode() {
            ctx.warn(name, e);
        }
        let Some(puzzle) = row.puzzle.as_deref() else { continue };
        let mut text = format!("{puzzle}\n");
        if let Some(board) = row.board.as_deref().filter(|b| !b.is_empty()) {
            text.push_str(board);
            text.push('\n');
        }
        let path = dir.join(format!("{}.tootsweet", file_stem(row.id, row.name.as_deref())));
        io::write_output(&path.display().to_string(), text.as_bytes())?;
        written += 1;
    }
    eprintln!("exported {written} puzzles to {}", dir.display());
    Ok(Status::Ok)
}

/// The puzzle name for an imported file: its stem, less the `<id>-` prefix `export` writes.
fn import_name(file: &str) -> String {
    let stem = Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or(file);
    match stem.split_once('-') {
        Some((id, rest)) if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) && !rest.is_empty() => {
            rest.to_string()
        }
        _ => stem.to_string(),
    }
}

fn import(ctx: &Context, name: &str, files: &[String]) -> Result<Status, CliError> {
    // Every file is read before the database is touched, so bad input changes nothing.
    let mut boards = Vec::with_capacity(files.len());
    for file in files {
        let input = ctx.read_input(file)?;
        let board = read_masyu(ctx, &input)?;
        boards.push((import_name(file), board));
    }
    let mut db = if Path::new(name).exists() {
        open(name, true)?
    } else {
        Database::create(Path::new(name)).map_err(|e| db_error(name, e))?
    };
    for (puzzle_name, board) in &boards {
        let id = db.insert(puzzle_name, board, is_solved(board)).map_err(|e| db_error(name, e))?;
        eprintln!("imported {puzzle_name} as puzzle {id}");
    }
    Ok(Status::Ok)
}

fn set_board(ctx: &Context, name: &str, id: i64, file: &str) -> Result<Status, CliError> {
    let input = ctx.read_input(file)?;
    let lines = read_masyu(ctx, &input)?;
    let mut db = open(name, true)?;
    let row = db.row(id).map_err(|e| db_error(name, e))?;
    let stored = row.decode().map_err(|e| db_error(name, e))?;
    // A board without pearls (a .sol grid) takes the pearls of the stored puzzle.
    let board =
        if lines.pearl_counts() == (0, 0) { stored.with_edges_of(&lines).unwrap_or(lines) } else { lines };
    let status = db.set_board(id, &board, is_solved(&board)).map_err(|e| db_error(name, e))?;
    eprintln!(
        "puzzle {id} ({}): board written, status {} ({})",
        row.name.as_deref().unwrap_or(""),
        status.code(),
        status.label()
    );
    Ok(Status::Ok)
}

/// Solve each unsolved row in turn; each solution is written in its own transaction, so an
/// interrupted run keeps what it finished.
fn solve(ctx: &Context, name: &str, timeout: Option<f64>) -> Result<Status, CliError> {
    let timeout = match timeout {
        Some(t) if t.is_finite() && t > 0.0 => Some(std::time::Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(CliError::usage(format!("--timeout must be a positive number of seconds, not {t}")));
        }
        None => None,
    };
    let mut db = open(name, true)?;
    let rows: Vec<Row> =
        db.rows().map_err(|e| db_error(name, e))?.into_iter().filter(|r| r.status.code() != 2).collect();
    let options = pzl_masyu::solver::SolveOptions { timeout, ..Default::default() };
    let bar = ctx.progress(rows.len() as u64, "solving");
    let (mut solved, mut failed) = (0, 0);
    for row in &rows {
        let label = format!("puzzle {} ({})", row.id, row.name.as_deref().unwrap_or(""));
        bar.set_message(label.clone());
        let outcome = match row.decode() {
            Err(e) => Err(e.to_string()),
            Ok(board) => {
                let result = pzl_masyu::solver::solve(&board.puzzle(), &options);
                match (result.outcome, result.solution) {
                    (pzl_masyu::solver::Outcome::Solved, Some(solution)) => {
                        db.set_board(row.id, &solution, true).map_err(|e| db_error(name, e))?;
                        Ok(())
                    }
                    (pzl_masyu::solver::Outcome::TimedOut, _) => Err("timed out".to_string()),
                    _ => Err("has no solution".to_string()),
                }
            }
        };
        match outcome {
            Ok(()) => solved += 1,
            Err(why) => {
                failed += 1;
                bar.suspend(|| eprintln!("{name}: {label}: {why}"));
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    eprintln!("{name}: solved {solved} of {} unsolved puzzles", rows.len());
    Ok(if failed == 0 { Status::Ok } else { Status::Problems })
}

/// Read a Masyu puzzle or board in any format pzl knows.
fn read_masyu(ctx: &Context, input: &Input) -> Result<Board, CliError> {
    let spec = crate::registry::detect(input, None)?;
    if spec.area != Area::Masyu {
        return Err(CliError::input(
            &input.name,
            format!("expected a Masyu puzzle or board, found {}", spec.name),
        ));
    }
    crate::masyu::read_board(ctx, input, crate::masyu::format_of(spec)?)
}

fn is_solved(board: &Board) -> bool {
    pzl_masyu::check::check(board).is_empty()
}

/// Open an input as a database: a file in place, standard input through a temporary copy.
fn open_input(input: &Input) -> Result<(Database, Option<tempfile::TempPath>), CliError> {
    if let Some(path) = &input.path {
        return Ok((open(&path.display().to_string(), false)?, None));
    }
    let mut tmp = tempfile::NamedTempFile::new().map_err(|e| CliError::io(&input.name, e))?;
    std::io::Write::write_all(&mut tmp, &input.bytes).map_err(|e| CliError::io(&input.name, e))?;
    let path: PathBuf = tmp.path().to_path_buf();
    let db = Database::open(&path, false).map_err(|e| db_error(&input.name, e))?;
    Ok((db, Some(tmp.into_temp_path())))
}

pub struct DatabaseHandler;

impl Handler for DatabaseHandler {
    fn info(
        &self,
        _ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &InfoArgs,
    ) -> Result<Status, CliError> {
        let (db, _tmp) = open_input(input)?;
        let rows = db.rows().map_err(|e| db_error(&input.name, e))?;
        let count = |code: i64| rows.iter().filter(|r| r.status.code() == code).count();
        let other = rows.iter().filter(|r| !(0..=2).contains(&r.status.code())).count();
        if args.json {
            io::print_json(&serde_json::json!({
                "file": input.name,
                "format": format.name,
                "puzzles": rows.len(),
                "by_status": { "not_started": count(0), "started": count(1), "solved": count(2), "other": other },
            }))?;
        } else {
            let mut out = format!(
                "{}: {} ({})\npuzzles: {}\n  not started: {}\n  started: {}\n  solved: {}\n",
                input.name,
                format.name,
                format.description,
                rows.len(),
                count(0),
                count(1),
                count(2)
            );
            if other > 0 {
                out.push_str(&format!("  other status: {other}\n"));
            }
            io::write_output("-", out.as_bytes())?;
        }
        Ok(Status::Ok)
    }

    fn check(
        &self,
        _ctx: &Context,
        input: &Input,
        _format: &FormatSpec,
        args: &CheckArgs,
    ) -> Result<Status, CliError> {
        let (db, _tmp) = open_input(input)?;
        let rows = db.rows().map_err(|e| db_error(&input.name, e))?;
        let mut problems = Vec::new();
        for row in &rows {
            match row.decode() {
                Err(e) => problems.push(e.to_string()),
                Ok(board) => {
                    let solved = is_solved(&board);
                    if row.status.code() == 2 && !solved {
                        problems.push(format!(
                            "puzzle {}: status 2 (solved) but the board is not a solution",
                            row.id
                        ));
                    }
                    if solved && row.status.code() != 2 {
                        problems.push(format!(
                            "puzzle {}: the board is a solution but status is {}",
                            row.id,
                            row.status.code()
                        ));
                    }
                }
            }
        }
        if args.json {
            io::print_json(
                &serde_json::json!({ "file": input.name, "puzzles": rows.len(), "problems": problems }),
            )?;
        } else {
            let mut out = String::new();
            for p in &problems {
                out.push_str(&format!("{}: {p}\n", input.name));
            }
            out.push_str(&format!("{}: {} puzzles, {} problems\n", input.name, rows.len(), problems.len()));
            io::write_output("-", out.as_bytes())?;
        }
        Ok(if problems.is_empty() { Status::Ok } else { Status::Problems })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_survive_export_then_import() {
        assert_eq!(file_stem(1, Some("Ladybug")), "001-Ladybug");
        assert_eq!(import_name("out/001-Ladybug.tootsweet"), "Ladybug");
        assert_eq!(file_stem(12, Some("a/b c")), "012-a_b_c");
        assert_eq!(file_stem(7, None), "007");
        assert_eq!(import_name("007.tootsweet"), "007");
        assert_eq!(import_name("my-puzzle.masyu"), "my-puzzle");
    }
}
