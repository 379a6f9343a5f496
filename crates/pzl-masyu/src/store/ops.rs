//! What `pzl tootsweet …`, `info` and `check` do with a database, as data: the listing, export,
//! import, storing a board, solving every unsolved puzzle, the check and the description.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use pzl_core::text::printable;
use pzl_core::{CheckReport, Fact, Info, Location, Problem, Warning};
use rusqlite::Transaction;
use serde::Serialize;

use super::{Database, DatabaseError, Row, Status, display, row_in, row_status};
use crate::{Board, check, solver, tootsweet};

/// The `kind` of the reports (the kind's name).
const KIND: &str = super::kind::NAME;
/// The `format` of the reports.
const FORMAT: &str = "tootsweet-db";

/// Whether the lines of `board` are a correct solution.
fn is_solved(board: &Board) -> bool {
    check::check(board).is_empty()
}

fn at_puzzle(id: i64) -> Location {
    Location::Part(format!("puzzle {id}"))
}

/// One row as `list` shows it; the JSON keys are those of `pzl tootsweet list --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListedRow {
    /// The row id.
    pub id: i64,
    /// The puzzle's name.
    pub name: Option<String>,
    /// The puzzle string as stored.
    pub puzzle: Option<String>,
    /// The width the puzzle string gives, when readable.
    pub width: Option<usize>,
    /// The height the puzzle string gives, when readable.
    pub height: Option<usize>,
    /// The board string as stored.
    pub board: Option<String>,
    /// The status code (0, 1, 2, …).
    pub status: i64,
    /// The status in words.
    pub status_label: String,
    /// The solution date as text (empty when none).
    pub solution_date: String,
}

/// The rows of a database: a table for people ([`std::fmt::Display`]) and a JSON array
/// (`Serialize`); `warnings` are for standard error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Listing {
    /// The rows, by id.
    pub rows: Vec<ListedRow>,
    /// Rows whose puzzle string does not give a size.
    #[serde(skip)]
    pub warnings: Vec<Warning>,
}

impl std::fmt::Display for Listing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{:>5}  {:<24} {:>7}  {:<12} SOLVED", "ID", "NAME", "SIZE", "STATUS")?;
        for r in &self.rows {
            let size = match (r.width, r.height) {
                (Some(w), Some(h)) => format!("{w}x{h}"),
                _ => "?".into(),
            };
            writeln!(
                f,
                "{:>5}  {:<24} {:>7}  {:<12} {}",
                r.id,
                printable(r.name.as_deref().unwrap_or("")),
                size,
                r.status_label,
                printable(&r.solution_date)
            )?;
        }
        Ok(())
    }
}

/// The longest file name most file systems take, in bytes.
const MAX_FILE_NAME: usize = 255;
/// The extension `export` writes.
const EXTENSION: &str = ".tootsweet";

/// The file name (without extension) `export` gives row `id`: `<id>-<name>`, the id at least
/// three digits, the name's letters, digits, `-`, `_` and `.` kept and everything else `_`, so
/// the name never leaves the folder; cut so that the whole name fits in 255 bytes.
pub fn file_stem(id: i64, name: Option<&str>) -> String {
    let prefix = format!("{id:03}");
    let clean: String = name
        .unwrap_or("")
        .chars()
        .map(|c| if c.is_alphanumeric() || "-_.".contains(c) { c } else { '_' })
        .collect();
    let budget = MAX_FILE_NAME.saturating_sub(prefix.len() + 1 + EXTENSION.len());
    let mut end = clean.len().min(budget);
    while !clean.is_char_boundary(end) {
        end -= 1;
    }
    let clean = clean[..end].trim_matches('.');
    if clean.is_empty() { prefix } else { format!("{prefix}-{clean}") }
}

/// The puzzle name for an imported file: its stem, less the `<id>-` prefix `export` writes.
pub fn import_name(file: &str) -> String {
    let stem = Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or(file);
    match stem.split_once('-') {
        Some((id, rest)) if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) && !rest.is_empty() => {
            rest.to_string()
        }
        _ => stem.to_string(),
    }
}

/// What `export` did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExportSummary {
    /// The folder written into.
    pub dir: PathBuf,
    /// The files written, by row id.
    pub written: Vec<PathBuf>,
    /// Rows not written (a NULL puzzle), with the reason.
    pub skipped: Vec<(i64, String)>,
    /// Rows written as stored although they do not decode.
    pub warnings: Vec<Warning>,
}

impl std::fmt::Display for ExportSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exported {} puzzles to {}", self.written.len(), printable(&self.dir.display().to_string()))
    }
}

/// One row added by `import`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Imported {
    /// The new row's id.
    pub id: i64,
    /// The name stored.
    pub name: String,
    /// The status stored.
    pub status: Status,
}

impl std::fmt::Display for Imported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "imported {} as puzzle {}", printable(&self.name), self.id)
    }
}

/// What `set_board` stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardSet {
    /// The row's id.
    pub id: i64,
    /// The row's name.
    pub name: Option<String>,
    /// The status stored.
    pub status: Status,
}

impl std::fmt::Display for BoardSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "puzzle {} ({}): board written, status {} ({})",
            self.id,
            printable(self.name.as_deref().unwrap_or("")),
            self.status.code(),
            self.status.label()
        )
    }
}

/// How solving one row went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PuzzleOutcome {
    /// Solved; the solution is stored (status 2, solution date).
    Solved,
    /// The timeout struck first.
    TimedOut,
    /// The puzzle has no solution.
    NoSolution,
    /// The stored puzzle or board does not decode.
    Unreadable(String),
    /// Another program changed the row while it was being solved; it was left as it is.
    Changed,
}

impl std::fmt::Display for PuzzleOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PuzzleOutcome::Solved => f.write_str("solved"),
            PuzzleOutcome::TimedOut => f.write_str("timed out"),
            PuzzleOutcome::NoSolution => f.write_str("has no solution"),
            PuzzleOutcome::Unreadable(why) => f.write_str(&printable(why)),
            PuzzleOutcome::Changed => {
                f.write_str("changed by another program while being solved; left as it is")
            }
        }
    }
}

/// Where `solve_unsolved` is, for a progress bar.
#[derive(Debug, Clone, Copy)]
pub enum Progress<'a> {
    /// About to solve `row`, the `index`-th (from 0) of `total`.
    Start {
        /// Position, from 0.
        index: usize,
        /// How many unsolved rows there are.
        total: usize,
        /// The row.
        row: &'a Row,
    },
    /// Done with `row`.
    Done {
        /// Position, from 0.
        index: usize,
        /// How many unsolved rows there are.
        total: usize,
        /// The row.
        row: &'a Row,
        /// How it went (a solution is stored within a second or so, in a batch).
        outcome: &'a PuzzleOutcome,
    },
}

/// A row `solve_unsolved` did not solve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The row's id.
    pub id: i64,
    /// The row's name.
    pub name: Option<String>,
    /// Why.
    pub outcome: PuzzleOutcome,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "puzzle {} ({}): {}", self.id, printable(self.name.as_deref().unwrap_or("")), self.outcome)
    }
}

/// What `solve_unsolved` did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SolveSummary {
    /// Rows that were not solved before (status other than 2).
    pub unsolved: usize,
    /// Rows solved and stored.
    pub solved: usize,
    /// Rows not solved, with the reason.
    pub failed: Vec<Failure>,
    /// The progress callback asked to stop before the end.
    pub stopped: bool,
    /// What the readers warned about in the rows' strings (letters past the board, …), each
    /// naming its row; for standard error.
    #[serde(skip)]
    pub warnings: Vec<Warning>,
}

impl SolveSummary {
    /// Exit 0 when every unsolved row was solved, else 1.
    pub fn status(&self) -> pzl_core::Status {
        if self.failed.is_empty() && !self.stopped {
            pzl_core::Status::Ok
        } else {
            pzl_core::Status::Problems
        }
    }
}

impl std::fmt::Display for SolveSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "solved {} of {} unsolved puzzles", self.solved, self.unsolved)?;
        if self.stopped {
            f.write_str(" (stopped)")?;
        }
        Ok(())
    }
}

/// How long solutions wait before they are committed together (an fsync per row is slow).
const BATCH: Duration = Duration::from_secs(1);

/// Store `board` in row `id` inside `tx`, after checking it is of the row's puzzle.
fn store_board(tx: &Transaction<'_>, id: i64, board: &Board, solved: bool) -> Result<Status, DatabaseError> {
    let stored = row_in(tx, id)?.decode()?;
    if stored.width() != board.width() || stored.height() != board.height() || stored.cells() != board.cells()
    {
        let describe = |b: &Board| {
            let (w, k) = b.pearl_counts();
            format!("{}×{} with {w} white and {k} black pearls", b.width(), b.height())
        };
        return Err(DatabaseError::Mismatch { id, expected: describe(&stored), found: describe(board) });
    }
    let status = row_status(board, solved);
    let sql = if status == Status::Solved {
        "UPDATE puzzles SET board = ?1, status = ?2, solution_date = datetime('now') WHERE id = ?3"
    } else {
        "UPDATE puzzles SET board = ?1, status = ?2 WHERE id = ?3"
    };
    let changed = tx.execute(sql, rusqlite::params![tootsweet::write_board(board), status.code(), id])?;
    if changed != 1 {
        return Err(DatabaseError::Schema(format!("{changed} rows have id {id}")));
    }
    Ok(status)
}

/// The most characters `list` shows of one puzzle or board string: more than the longest
/// string of the largest board pzl reads (1000 × 1000), so only a damaged or hostile row is cut,
/// and memory stays bounded whatever the file holds.
pub const LIST_CAP: usize = 1 << 20;

impl Database {
    /// Every row, for `pzl tootsweet list`.
    pub fn list(&self) -> Result<Listing, DatabaseError> {
        let mut warnings = Vec::new();
        let rows = self
            .rows_capped(LIST_CAP)?
            .iter()
            .map(|(r, puzzle_len, board_len)| {
                let mut cut = |what: &str, len: usize| {
                    warnings.push(Warning::at(
                        at_puzzle(r.id),
                        format!(
                            "the {what} string has {len} characters, more than any board pzl reads; \
                             listed cut to its first {LIST_CAP}"
                        ),
                    ));
                };
                if *board_len > LIST_CAP {
                    cut("board", *board_len);
                }
                if *puzzle_len > LIST_CAP {
                    cut("puzzle", *puzzle_len);
                    let r = &r;
                    return ListedRow {
                        id: r.id,
                        name: r.name.clone(),
                        puzzle: r.puzzle.as_ref().map(|p| format!("{p}…")),
                        width: None,
                        height: None,
                        board: r.board.clone(),
                        status: r.status.code(),
                        status_label: r.status.label(),
                        solution_date: display(&r.solution_date),
                    };
                }
                let size = r.size_of();
                if size.is_none() {
                    warnings.push(Warning::at(
                        at_puzzle(r.id),
                        format!("unreadable puzzle string {:?}", r.puzzle.as_deref().unwrap_or("NULL")),
                    ));
                }
                ListedRow {
                    id: r.id,
                    name: r.name.clone(),
                    puzzle: r.puzzle.clone(),
                    width: size.map(|s| s.0),
                    height: size.map(|s| s.1),
                    board: r.board.clone(),
                    status: r.status.code(),
                    status_label: r.status.label(),
                    solution_date: display(&r.solution_date),
                }
            })
            .collect();
        Ok(Listing { rows, warnings })
    }

    /// Write each puzzle, with its board, into `dir` (created when missing) as
    /// `<id>-<name>.tootsweet` (see [`file_stem`]), exactly as stored. Each file is written
    /// aside and renamed into place, so a symbolic link in `dir` is replaced, never followed.
    /// Without `overwrite`, an existing file stops the export before anything is written.
    pub fn export(&self, dir: &Path, overwrite: bool) -> Result<ExportSummary, DatabaseError> {
        let rows = self.rows()?;
        let mut summary = ExportSummary {
            dir: dir.to_path_buf(),
            written: Vec::new(),
            skipped: Vec::new(),
            warnings: Vec::new(),
        };
        let mut files = Vec::new();
        for row in &rows {
            // Checked so a broken row is reported, but written as stored: export is lossless.
            if let Err(e) = row.decode() {
                summary.warnings.push(Warning::at(at_puzzle(row.id), e.to_string()));
            }
            let Some(puzzle) = row.puzzle.as_deref() else {
                summary.skipped.push((row.id, "the puzzle is NULL".into()));
                continue;
            };
            let mut text = format!("{puzzle}\n");
            if let Some(board) = row.board.as_deref().filter(|b| !b.is_empty()) {
                text.push_str(board);
                text.push('\n');
            }
            files.push((dir.join(format!("{}{EXTENSION}", file_stem(row.id, row.name.as_deref()))), text));
        }
        std::fs::create_dir_all(dir).map_err(|e| DatabaseError::io(dir, e))?;
        if !overwrite
            && let Some((path, _)) = files.iter().find(|(path, _)| std::fs::symlink_metadata(path).is_ok())
        {
            return Err(DatabaseError::Exists(path.clone()));
        }
        for (path, text) in files {
            write_aside(dir, &path, text.as_bytes(), overwrite)?;
            summary.written.push(path);
        }
        Ok(summary)
    }

    /// Add `puzzles` (a name and a board each; see [`import_name`]) as new rows, all in one
    /// transaction: every one or none. A board's lines, if any, become the row's board, and its
    /// status is 0 without lines, 1 with, 2 (with today's solution date) when they solve it.
    pub fn import(&mut self, puzzles: &[(String, Board)]) -> Result<Vec<Imported>, DatabaseError> {
        let tx = self.write()?;
        let has_sequence: bool = tx.query_row(
            "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'",
            [],
            |r| r.get(0),
        )?;
        let mut largest: i64 = tx.query_row("SELECT coalesce(max(id), 0) FROM puzzles", [], |r| r.get(0))?;
        if has_sequence {
            let seq: Option<i64> =
                tx.query_row("SELECT max(seq) FROM sqlite_sequence WHERE name = 'puzzles'", [], |r| {
                    r.get(0)
                })?;
            largest = largest.max(seq.unwrap_or(0));
        }
        let wanted = i64::try_from(puzzles.len()).unwrap_or(i64::MAX);
        if largest.checked_add(wanted).is_none() {
            return Err(DatabaseError::NoFreeId(largest));
        }
        let mut imported = Vec::with_capacity(puzzles.len());
        for (name, board) in puzzles {
            let status = row_status(board, is_solved(board));
            tx.execute(
                "INSERT INTO puzzles (puzzle, name, board, status, solution_date) \
                 VALUES (?1, ?2, ?3, ?4, CASE WHEN ?4 = 2 THEN datetime('now') END)",
                rusqlite::params![
                    tootsweet::write_puzzle(board),
                    name,
                    tootsweet::write_board(board),
                    status.code()
                ],
            )?;
            imported.push(Imported { id: tx.last_insert_rowid(), name: name.clone(), status });
        }
        tx.commit()?;
        Ok(imported)
    }

    /// Store the lines of `lines` as the board of row `id`, with status 2 (and today's solution
    /// date) when they solve it, 1 when there are lines, 0 when none. A board without pearls (a
    /// `.sol` grid) takes the pearls of the stored puzzle; otherwise it must be of the row's
    /// puzzle (same size and pearls). Only `board`, `status` and `solution_date` change.
    pub fn set_board(&mut self, id: i64, lines: &Board) -> Result<BoardSet, DatabaseError> {
        let tx = self.write()?;
        let row = row_in(&tx, id)?;
        let stored = row.decode()?;
        let board = if lines.pearl_counts() == (0, 0) {
            stored.with_edges_of(lines).unwrap_or_else(|| lines.clone())
        } else {
            lines.clone()
        };
        let status = store_board(&tx, id, &board, is_solved(&board))?;
        tx.commit()?;
        Ok(BoardSet { id, name: row.name, status })
    }

    /// Solve every row whose status is not 2 and store each solution (status 2, solution date).
    /// Each puzzle gets `timeout`; solutions are committed in batches about a second apart, so
    /// an interrupted run keeps what it finished and no lock is held while solving. A row another
    /// program changed meanwhile is left alone. `on_progress` hears of each row before and after;
    /// returning `ControlFlow::Break` stops after the current row.
    pub fn solve_unsolved(
        &mut self,
        timeout: Option<Duration>,
        mut on_progress: impl FnMut(Progress<'_>) -> ControlFlow<()>,
    ) -> Result<SolveSummary, DatabaseError> {
        if !self.writable {
            return Err(DatabaseError::OpenedReadOnly);
        }
        let rows: Vec<Row> = self.rows()?.into_iter().filter(|r| r.status != Status::Solved).collect();
        let total = rows.len();
        let mut summary = SolveSummary {
            unsolved: total,
            solved: 0,
            failed: Vec::new(),
            stopped: false,
            warnings: Vec::new(),
        };
        let options = solver::SolveOptions { timeout, ..Default::default() };
        let mut pending: Vec<(&Row, Board)> = Vec::new();
        let mut last_flush = Instant::now();
        for (index, row) in rows.iter().enumerate() {
            if on_progress(Progress::Start { index, total, row }).is_break() {
                summary.stopped = true;
                break;
            }
            let outcome = match row.decode_with_warnings() {
                Err(e) => PuzzleOutcome::Unreadable(e.to_string()),
                Ok(parsed) => {
                    summary.warnings.extend(parsed.warnings);
                    let board = parsed.value;
                    let result = solver::solve(&board.puzzle(), &options);
                    match (result.outcome, result.solution) {
                        (solver::Outcome::Solved, Some(solution)) => {
                            pending.push((row, solution));
                            PuzzleOutcome::Solved
                        }
                        (solver::Outcome::TimedOut, _) => PuzzleOutcome::TimedOut,
                        _ => PuzzleOutcome::NoSolution,
                    }
                }
            };
            let flow = on_progress(Progress::Done { index, total, row, outcome: &outcome });
            if outcome != PuzzleOutcome::Solved {
                summary.failed.push(Failure { id: row.id, name: row.name.clone(), outcome });
            }
            if last_flush.elapsed() >= BATCH {
                self.flush(&mut pending, &mut summary)?;
                last_flush = Instant::now();
            }
            if flow.is_break() {
                summary.stopped = true;
                break;
            }
        }
        self.flush(&mut pending, &mut summary)?;
        summary.failed.sort_by_key(|f| f.id);
        Ok(summary)
    }

    /// Commit the solutions found so far in one transaction.
    fn flush(
        &mut self,
        pending: &mut Vec<(&Row, Board)>,
        summary: &mut SolveSummary,
    ) -> Result<(), DatabaseError> {
        if pending.is_empty() {
            return Ok(());
        }
        let tx = self.write()?;
        for (row, solution) in pending.drain(..) {
            let now = row_in(&tx, row.id).ok();
            let unchanged =
                now.as_ref().is_some_and(|n| n.puzzle == row.puzzle && n.status != Status::Solved);
            if unchanged && store_board(&tx, row.id, &solution, true).is_ok() {
                summary.solved += 1;
            } else {
                summary.failed.push(Failure {
                    id: row.id,
                    name: row.name.clone(),
                    outcome: PuzzleOutcome::Changed,
                });
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// `check`: the file is sound (`PRAGMA quick_check`), every row decodes, and each status
    /// agrees with its board (2 exactly when the board is a correct solution).
    pub fn check(&self) -> Result<CheckReport, DatabaseError> {
        let mut problems: Vec<Problem> = self
            .quick_check()?
            .into_iter()
            .map(|what| Problem::new("damaged", format!("the database is damaged: {what}")))
            .collect();
        let rows = self.rows()?;
        let mut notes = Vec::new();
        for row in &rows {
            match row.decode_with_warnings().map(|parsed| {
                notes.extend(parsed.warnings.iter().map(ToString::to_string));
                parsed.value
            }) {
                Err(DatabaseError::BadRow { id, column, message }) => problems.push(
                    Problem::new("unreadable", message)
                        .at(Location::Part(format!("puzzle {id}, column `{column}`"))),
                ),
                Err(e) => problems.push(Problem::new("unreadable", e.to_string()).at(at_puzzle(row.id))),
                Ok(board) => {
                    let solved = is_solved(&board);
                    if row.status == Status::Solved && !solved {
                        problems.push(
                            Problem::new("status", "status 2 (solved) but the board is not a solution")
                                .at(at_puzzle(row.id)),
                        );
                    }
                    if solved && row.status != Status::Solved {
                        problems.push(
                            Problem::new(
                                "status",
                                format!("the board is a solution but status is {}", row.status.code()),
                            )
                            .at(at_puzzle(row.id)),
                        );
                    }
                }
            }
        }
        let mut report = CheckReport::new(KIND, FORMAT, "every status agrees with its board", problems)
            .fact(Fact::new("puzzles", rows.len()));
        report.notes = notes;
        Ok(report)
    }

    /// `info`: how many puzzles, by status.
    pub fn info(&self) -> Result<Info, DatabaseError> {
        let rows = self.rows()?;
        let count = |status: Status| rows.iter().filter(|r| r.status == status).count();
        let other = rows.iter().filter(|r| matches!(r.status, Status::Other(_))).count();
        let info = Info::new(KIND, FORMAT, "TootSweet Masyu's Puzzles.data")
            .fact(Fact::new("puzzles", rows.len()))
            .fact(Fact::with_text(
                "not_started",
                "not started",
                count(Status::NotStarted),
                count(Status::NotStarted).to_string(),
            ))
            .fact(Fact::new("started", count(Status::Started)))
            .fact(Fact::new("solved", count(Status::Solved)));
        Ok(if other > 0 {
            info.fact(Fact::with_text("other", "other status", other, other.to_string()))
        } else {
            info.fact(Fact::hidden("other", 0))
        })
    }
}

/// Write `bytes` to `path` through a temporary file in `dir`, renamed into place.
fn write_aside(dir: &Path, path: &Path, bytes: &[u8], overwrite: bool) -> Result<(), DatabaseError> {
    let mut temp = super::new_file_builder()
        .prefix(".pzl-export-")
        .tempfile_in(dir)
        .map_err(|e| DatabaseError::io(dir, e))?;
    temp.write_all(bytes).and_then(|()| temp.flush()).map_err(|e| DatabaseError::io(path, e))?;
    let done = if overwrite { temp.persist(path).map(drop) } else { temp.persist_noclobber(path).map(drop) };
    done.map_err(|e| match e.error.kind() {
        std::io::ErrorKind::AlreadyExists => DatabaseError::Exists(path.to_path_buf()),
        _ => DatabaseError::io(path, e.error),
    })
}
