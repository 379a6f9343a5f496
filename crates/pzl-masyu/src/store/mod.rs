#![deny(missing_docs)]
//! TootSweet Masyu's `Puzzles.data`: the app's SQLite database of puzzles and drawn boards.
//!
//! The schema is the app's (seed `000`). pzl owns only what it writes — new rows, and the `board`,
//! `status` and `solution_date` of a row — and leaves every other column and the `properties`
//! table exactly as they are.
//!
//! How a file is trusted:
//! - Only the app's schema is accepted ([`SCHEMA`]): the column types, `id integer primary key`,
//!   and no triggers, views or CHECK constraints. Each refusal names what differs.
//! - SQL stored in the file never runs: `PRAGMA trusted_schema = OFF`, and triggers and views are
//!   switched off on every connection as well as refused.
//! - Before anything is written, `PRAGMA quick_check` must pass: a damaged file is refused.
//! - Every write is one `BEGIN IMMEDIATE` transaction, and a busy database is waited for
//!   ([`BUSY_TIMEOUT`]); an import of many files is all or nothing.
//! - A new database is built in a temporary file and moved into place only when complete, so a
//!   failed creation leaves nothing behind; a 0-byte file counts as a new, empty database.
//!
//! Opening: [`Database::open_read_only`] for `list`, `export`, `info`, `check` (never writes, not
//! even a `-shm` file when the folder is read-only); [`Database::open_for_writing`] for
//! `set-board` and `solve`; [`Database::open_or_create`] for `import`;
//! [`Database::from_bytes`] for a snapshot of bytes already read (the [`TootSweetDbKind`]).
//!
//! ```
//! use pzl_masyu::store::Database;
//! # let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("Puzzles.data");
//! let ladybug = pzl_masyu::tootsweet::parse_file("4:4:AgAQAA\nww:gq\n").unwrap().value;
//! let mut db = Database::open_or_create(&path).unwrap();
//! let imported = db.import(&[("Ladybug".to_string(), ladybug)]).unwrap();
//! assert_eq!(imported[0].id, 1);
//! let db = Database::open_read_only(&path).unwrap();
//! assert_eq!(db.info().unwrap().facts[0].value, 1);
//! assert!(db.check().unwrap().ok);
//! ```

mod error;
pub mod format;
mod kind;
mod ops;
mod schema;

use std::io::Read;
use std::path::Path;

use rusqlite::config::DbConfig;
use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior};

use crate::{Board, tootsweet};

pub use error::{BUSY_TIMEOUT, DatabaseError};
pub use format::Format;
pub use kind::TootSweetDbKind;
pub use ops::{
    BoardSet, ExportSummary, Failure, Imported, ListedRow, Listing, Progress, PuzzleOutcome, SolveSummary,
    file_stem, import_name,
};
pub use schema::SCHEMA;

use schema::Shape;

/// The first 16 bytes of every SQLite file.
pub const MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// A row's `status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// 0: no line drawn.
    NotStarted,
    /// 1: lines drawn, not solved.
    Started,
    /// 2: solved (the app then sets `solution_date`).
    Solved,
    /// A value the app does not write; kept as read.
    Other(i64),
}

impl Status {
    /// The status stored as `code`.
    pub fn from_code(code: i64) -> Status {
        match code {
            0 => Status::NotStarted,
            1 => Status::Started,
            2 => Status::Solved,
            other => Status::Other(other),
        }
    }

    /// The number stored in the `status` column.
    pub fn code(self) -> i64 {
        match self {
            Status::NotStarted => 0,
            Status::Started => 1,
            Status::Solved => 2,
            Status::Other(code) => code,
        }
    }

    /// The status in words: `not started`, `started`, `solved`, `status 7`.
    pub fn label(self) -> String {
        match self {
            Status::NotStarted => "not started".into(),
            Status::Started => "started".into(),
            Status::Solved => "solved".into(),
            Status::Other(code) => format!("status {code}"),
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label())
    }
}

/// One row of `puzzles`, as stored. Text columns stay text so export is lossless.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The row id (`id integer primary key`).
    pub id: i64,
    /// The puzzle string, `W:H:letters`.
    pub puzzle: Option<String>,
    /// The puzzle's name.
    pub name: Option<String>,
    /// The app's `size` column, as stored (pzl does not use it).
    pub size: Value,
    /// The app's `volume` column, as stored (pzl does not use it).
    pub volume: Value,
    /// The drawn lines, `horizontal:vertical` letters; `None` or empty when nothing is drawn.
    pub board: Option<String>,
    /// The app's `checkpoint` column, as stored (pzl does not use it).
    pub checkpoint: Option<String>,
    /// The row's status.
    pub status: Status,
    /// When the app (or pzl) marked it solved, as stored.
    pub solution_date: Value,
}

impl Row {
    /// The row's puzzle with its drawn lines, decoded.
    pub fn decode(&self) -> Result<Board, DatabaseError> {
        Ok(self.decode_with_warnings()?.value)
    }

    /// The row's puzzle with its drawn lines, decoded, and what the `.tootsweet` readers warn
    /// about in its strings (letters past the board, digit 3, set padding bits), each placed at
    /// the row and column: `puzzle 1, column `puzzle`, character 11: …`.
    pub fn decode_with_warnings(&self) -> Result<pzl_core::Parsed<Board>, DatabaseError> {
        let bad =
            |column: &'static str, message: String| DatabaseError::BadRow { id: self.id, column, message };
        let mut warnings = Vec::new();
        let mut place = |column: &str, found: Vec<pzl_core::Warning>| {
            warnings.extend(found.into_iter().map(|w| {
                let at = match w.at {
                    Some(pzl_core::Location::Offset(o)) => format!(", character {}", o + 1),
                    Some(other) => format!(", {other}"),
                    None => String::new(),
                };
                pzl_core::Warning::at(
                    pzl_core::Location::Part(format!("puzzle {}, column `{column}`{at}", self.id)),
                    w.message,
                )
            }));
        };
        let puzzle = self.puzzle.as_deref().ok_or_else(|| bad("puzzle", "the puzzle is NULL".into()))?;
        let parsed = tootsweet::parse_puzzle(puzzle).map_err(|e| bad("puzzle", e.to_string()))?;
        place("puzzle", parsed.warnings);
        let mut board = parsed.value;
        if let Some(text) = self.board.as_deref().filter(|t| !t.is_empty()) {
            let edges = tootsweet::parse_board(text, board.width(), board.height())
                .map_err(|e| bad("board", e.to_string()))?;
            place("board", edges.warnings);
            for (n, state) in edges.value.into_iter().enumerate() {
                board.set_edge_by_number(n, state);
            }
        }
        Ok(pzl_core::Parsed { value: board, warnings })
    }

    /// `W×H` of the row's puzzle string, without decoding the cells.
    pub fn size_of(&self) -> Option<(usize, usize)> {
        let mut parts = self.puzzle.as_deref()?.split(':');
        Some((parts.next()?.trim().parse().ok()?, parts.next()?.trim().parse().ok()?))
    }
}

/// An open `Puzzles.data`.
pub struct Database {
    conn: Connection,
    writable: bool,
    /// No schema yet (a 0-byte or new file): no puzzles.
    empty: bool,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database").field("writable", &self.writable).field("empty", &self.empty).finish()
    }
}

/// What the first bytes of a file say.
enum Header {
    /// 0 bytes: a new, empty database.
    Empty,
    /// SQLite; `wal` when the file is in WAL mode.
    Sqlite { wal: bool },
}

fn header(path: &Path) -> Result<Header, DatabaseError> {
    let mut file = std::fs::File::open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => DatabaseError::NotFound(path.to_path_buf()),
        _ => DatabaseError::io(path, e),
    })?;
    if file.metadata().map_err(|e| DatabaseError::io(path, e))?.is_dir() {
        return Err(DatabaseError::CannotOpen(format!("{} is a folder", path.display())));
    }
    let mut bytes = Vec::with_capacity(20);
    file.by_ref().take(20).read_to_end(&mut bytes).map_err(|e| DatabaseError::io(path, e))?;
    header_of(&bytes)
}

fn header_of(bytes: &[u8]) -> Result<Header, DatabaseError> {
    if bytes.is_empty() {
        return Ok(Header::Empty);
    }
    if !bytes.starts_with(MAGIC) {
        return Err(DatabaseError::NotSqlite);
    }
    Ok(Header::Sqlite { wal: bytes.get(18) == Some(&2) || bytes.get(19) == Some(&2) })
}

/// The settings every connection gets before it reads anything: no SQL from the file runs.
/// A temporary file made like any new file: on Unix 0666 before the umask (tempfile's default
/// is 0600); on Windows tempfile's default, a writable file.
#[cfg(unix)]
pub(crate) fn new_file_builder() -> tempfile::Builder<'static, 'static> {
    let mut builder = tempfile::Builder::new();
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder
}

/// A temporary file made like any new file (Windows: tempfile's default, a writable file).
#[cfg(not(unix))]
pub(crate) fn new_file_builder() -> tempfile::Builder<'static, 'static> {
    tempfile::Builder::new()
}

fn configure(conn: &Connection) -> Result<(), DatabaseError> {
    conn.pragma_update(None, "trusted_schema", false)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_TRUSTED_SCHEMA, false)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER, false)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_VIEW, false)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true)?;
    conn.pragma_update(None, "cell_size_check", true)?;
    // The bundled SQLite enforces foreign keys by default: a hostile file's `ON UPDATE SET NULL`
    // would change the `properties` table on a write (findings N1). The app's schema has none.
    conn.pragma_update(None, "foreign_keys", false)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    Ok(())
}

/// `path` as an SQLite URI (`file:` with `%`, `?` and `#` escaped), `None` when not UTF-8.
fn uri(path: &Path, query: &str) -> Option<String> {
    let text = path.to_str()?;
    let mut out = String::from("file:");
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '?' => out.push_str("%3f"),
            '#' => out.push_str("%23"),
            c => out.push(c),
        }
    }
    out.push('?');
    out.push_str(query);
    Some(out)
}

impl Database {
    /// Open an existing database for reading only. Nothing is ever written, and a WAL database
    /// in a folder the user cannot write is read as it is on disk (`immutable=1`). A 0-byte file
    /// reads as a database without puzzles.
    pub fn open_read_only(path: &Path) -> Result<Database, DatabaseError> {
        let Header::Sqlite { wal } = header(path)? else {
            return Database::empty_snapshot();
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let first = Connection::open_with_flags(path, flags)
            .map_err(DatabaseError::from)
            .and_then(|conn| Database::start(conn, false));
        match first {
            // A WAL database needs its `-shm` file; in a read-only folder it cannot be made.
            Err(DatabaseError::ReadOnly(_) | DatabaseError::CannotOpen(_)) if wal => {
                // `immutable=1` reads the main file only: committed changes still in the `-wal`
                // file would be missed without a word (findings N13).
                let mut wal_file = path.as_os_str().to_owned();
                wal_file.push("-wal");
                if std::fs::metadata(&wal_file).is_ok_and(|m| m.len() > 0) {
                    return Err(DatabaseError::CannotOpen(
                        "the database has changes in its -wal file that cannot be read without write \
                         access to the folder (SQLite must make a -shm file beside it)"
                            .into(),
                    ));
                }
                Database::open_immutable(path)
            }
            other => other,
        }
    }

    /// Open a file as it is on disk, with no locking and no side files (`immutable=1`).
    fn open_immutable(path: &Path) -> Result<Database, DatabaseError> {
        let Some(uri) = uri(path, "immutable=1") else {
            return Err(DatabaseError::CannotOpen(
                "the folder is not writable, so a WAL database cannot be opened".into(),
            ));
        };
        let flags =
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI;
        let conn = Connection::open_with_flags(uri, flags)?;
        Database::start(conn, false)
    }

    /// Open an existing database for writing: its schema must be the app's and `PRAGMA
    /// quick_check` must pass. A 0-byte file gets the app's schema.
    pub fn open_for_writing(path: &Path) -> Result<Database, DatabaseError> {
        header(path)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags)?;
        // SQLite opens a write-protected file read-only without a word: say so now.
        if conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(DatabaseError::ReadOnly("the file is write-protected".into()));
        }
        let mut db = Database::start(conn, true)?;
        db.quick_check_or_refuse()?;
        if db.empty {
            db.create_schema()?;
        }
        Ok(db)
    }

    /// Open the database at `path` for writing, creating it with the app's schema when it does
    /// not exist. The new file is built aside and moved into place complete, so a failure (a full
    /// disk) leaves no file behind, and two creators at once both end up adding to one database.
    pub fn open_or_create(path: &Path) -> Result<Database, DatabaseError> {
        if std::fs::symlink_metadata(path).is_err() {
            Database::create_aside(path)?;
        }
        Database::open_for_writing(path)
    }

    /// Add `puzzles` to the database at `path` ([`Database::import`]), creating it with the
    /// app's schema when it does not exist. A new database is built aside, puzzles and all, and
    /// moved into place only when complete: an import that fails (a full disk) leaves no file
    /// behind, not a new empty database (finding N20g). Should another process create the file
    /// meanwhile, the puzzles are added to theirs.
    ///
    /// ```
    /// # let dir = tempfile::tempdir().unwrap();
    /// # let path = dir.path().join("Puzzles.data");
    /// use pzl_masyu::store::Database;
    /// let ladybug = pzl_masyu::tootsweet::parse_puzzle("4:4:AgAQAA").unwrap().value;
    /// let imported = Database::import_into(&path, &[("Ladybug".into(), ladybug)]).unwrap();
    /// assert_eq!(imported.len(), 1);
    /// ```
    pub fn import_into(path: &Path, puzzles: &[(String, Board)]) -> Result<Vec<Imported>, DatabaseError> {
        if std::fs::symlink_metadata(path).is_ok() {
            return Database::open_for_writing(path)?.import(puzzles);
        }
        let temp = Database::new_aside(path)?;
        let imported = Database::open_for_writing(&temp)?.import(puzzles)?;
        match Database::persist(temp, path)? {
            true => Ok(imported),
            false => Database::open_for_writing(path)?.import(puzzles),
        }
    }

    fn create_aside(path: &Path) -> Result<(), DatabaseError> {
        let temp = Database::new_aside(path)?;
        Database::persist(temp, path).map(|_| ())
    }

    /// A new database with the app's schema beside `path`, removed when dropped.
    fn new_aside(path: &Path) -> Result<tempfile::TempPath, DatabaseError> {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let temp = new_file_builder()
            .prefix(".pzl-new-")
            .suffix(".data")
            .tempfile_in(dir)
            .map_err(|e| DatabaseError::io(dir, e))?
            .into_temp_path();
        let mut conn = Connection::open_with_flags(
            &temp,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        configure(&conn)?;
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        schema::create(&tx)?;
        tx.commit()?;
        conn.close().map_err(|(_, e)| DatabaseError::from(e))?;
        Ok(temp)
    }

    /// Move the complete new database `temp` to `path`, unless a file appeared there meanwhile:
    /// `false` then (the temporary file is removed).
    fn persist(temp: tempfile::TempPath, path: &Path) -> Result<bool, DatabaseError> {
        match temp.persist_noclobber(path) {
            Ok(()) => Ok(true),
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(DatabaseError::io(path, e.error)),
        }
    }

    /// A read-only snapshot of a database file's bytes (standard input, a file read already).
    /// WAL content not yet in the main file is, of course, not there.
    pub fn from_bytes(bytes: &[u8]) -> Result<Database, DatabaseError> {
        let conn = Connection::open_in_memory()?;
        let Header::Sqlite { wal } = header_of(bytes)? else {
            configure(&conn)?;
            return Ok(Database { conn, writable: false, empty: true });
        };
        let mut conn = conn;
        let mut data = bytes.to_vec();
        if wal {
            // An in-memory database cannot be in WAL mode; the bytes are a rollback-mode file.
            data[18] = 1;
            data[19] = 1;
        }
        conn.deserialize_read_exact(rusqlite::MAIN_DB, data.as_slice(), data.len(), true)?;
        Database::start(conn, false)
    }

    /// A database without puzzles, for a 0-byte file.
    fn empty_snapshot() -> Result<Database, DatabaseError> {
        let conn = Connection::open_in_memory()?;
        configure(&conn)?;
        Ok(Database { conn, writable: false, empty: true })
    }

    fn start(conn: Connection, writable: bool) -> Result<Database, DatabaseError> {
        configure(&conn)?;
        let shape = schema::validate_for(&conn, writable)?;
        Ok(Database { conn, writable, empty: shape == Shape::Empty })
    }

    /// Whether the database was opened for writing.
    pub fn is_writable(&self) -> bool {
        self.writable
    }

    /// How long a write waits for another program to release the file ([`BUSY_TIMEOUT`] unless
    /// changed).
    pub fn set_busy_timeout(&self, timeout: std::time::Duration) -> Result<(), DatabaseError> {
        Ok(self.conn.busy_timeout(timeout)?)
    }

    /// What `PRAGMA quick_check` finds: empty when the file is sound.
    pub fn quick_check(&self) -> Result<Vec<String>, DatabaseError> {
        let found = self.conn.prepare("PRAGMA quick_check(20)").and_then(|mut stmt| {
            stmt.query_map([], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>()
        });
        match found {
            Ok(lines) if lines.len() == 1 && lines[0] == "ok" => Ok(Vec::new()),
            Ok(lines) => Ok(lines),
            Err(e) => match DatabaseError::from(e) {
                DatabaseError::Damaged(what) => Ok(vec![what]),
                other => Err(other),
            },
        }
    }

    fn quick_check_or_refuse(&self) -> Result<(), DatabaseError> {
        let damage = self.quick_check()?;
        if damage.is_empty() { Ok(()) } else { Err(DatabaseError::Damaged(damage.join("; "))) }
    }

    fn create_schema(&mut self) -> Result<(), DatabaseError> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        // Another creator may have won the race while this one waited for the lock.
        if schema::validate(&tx)? == Shape::Empty {
            schema::create(&tx)?;
        }
        tx.commit()?;
        self.empty = false;
        Ok(())
    }

    /// A write transaction: refused on a read-only database, and `IMMEDIATE` so that a busy
    /// database is waited for instead of failing on the lock upgrade.
    fn write(&mut self) -> Result<rusqlite::Transaction<'_>, DatabaseError> {
        if !self.writable {
            return Err(DatabaseError::OpenedReadOnly);
        }
        if self.empty {
            self.create_schema()?;
        }
        Ok(self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?)
    }

    /// Every puzzle row, by id.
    pub fn rows(&self) -> Result<Vec<Row>, DatabaseError> {
        if self.empty {
            return Ok(Vec::new());
        }
        let mut stmt = self.conn.prepare(&format!("{SELECT_ROW} ORDER BY id"))?;
        let rows = stmt.query_map([], read_row)?.collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    /// Every puzzle row, by id, with the text columns (puzzle, name, board, checkpoint) cut to
    /// their first `cap` characters (bytes for a blob) by SQLite itself, so a row holding a
    /// string of millions of characters costs no more than `cap` (finding R6). With each row:
    /// the full lengths of its puzzle and board strings.
    pub fn rows_capped(&self, cap: usize) -> Result<Vec<(Row, usize, usize)>, DatabaseError> {
        if self.empty {
            return Ok(Vec::new());
        }
        let cut = |c: &str| {
            format!("CASE WHEN typeof({c}) IN ('text', 'blob') THEN substr({c}, 1, {cap}) ELSE {c} END")
        };
        let sql = format!(
            "SELECT id, {}, {}, size, volume, {}, {}, status, solution_date, \
             coalesce(length(puzzle), 0), coalesce(length(board), 0) FROM puzzles ORDER BY id",
            cut("puzzle"),
            cut("name"),
            cut("board"),
            cut("checkpoint")
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt
            .query_map([], |r| {
                let len = |i: usize| r.get::<_, i64>(i).map(|n| usize::try_from(n).unwrap_or(0));
                Ok((read_row(r)?, len(9)?, len(10)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    /// One row.
    pub fn row(&self, id: i64) -> Result<Row, DatabaseError> {
        if self.empty {
            return Err(DatabaseError::NoSuchPuzzle(id));
        }
        row_in(&self.conn, id)
    }
}

const SELECT_ROW: &str =
    "SELECT id, puzzle, name, size, volume, board, checkpoint, status, solution_date FROM puzzles";

fn row_in(conn: &Connection, id: i64) -> Result<Row, DatabaseError> {
    conn.query_row(&format!("{SELECT_ROW} WHERE id = ?1"), [id], read_row)
        .optional()?
        .ok_or(DatabaseError::NoSuchPuzzle(id))
}

fn row_status(board: &Board, solved: bool) -> Status {
    if solved {
        Status::Solved
    } else if board.line_count() > 0 {
        Status::Started
    } else {
        Status::NotStarted
    }
}

fn read_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    Ok(Row {
        id: row.get(0)?,
        puzzle: text(row.get(1)?),
        name: text(row.get(2)?),
        size: row.get(3)?,
        volume: row.get(4)?,
        board: text(row.get(5)?),
        checkpoint: text(row.get(6)?),
        status: Status::from_code(match row.get::<_, Value>(7)? {
            Value::Integer(n) => n,
            Value::Real(x) => x as i64,
            Value::Text(t) => t.trim().parse().unwrap_or(-1),
            _ => 0,
        }),
        solution_date: row.get(8)?,
    })
}

/// Text of a column whatever SQLite type affinity stored it with.
fn text(value: Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::Integer(n) => Some(n.to_string()),
        Value::Real(x) => Some(x.to_string()),
        Value::Text(t) => Some(t),
        Value::Blob(b) => Some(String::from_utf8_lossy(&b).into_owned()),
    }
}

/// A column value as text for people (`NULL` shown as empty).
pub fn display(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::Integer(n) => n.to_string(),
        Value::Real(x) => x.to_string(),
        Value::Text(t) => t.clone(),
        Value::Blob(b) => format!("<{} bytes>", b.len()),
    }
}

#[cfg(test)]
mod tests;
