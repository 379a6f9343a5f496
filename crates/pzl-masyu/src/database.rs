//! TootSweet Masyu's `Puzzles.data`: the app's SQLite database of puzzles and drawn boards.
//!
//! The schema is the app's (seed `000`). pzl owns only what it writes — new rows, and the `board`,
//! `status` and `solution_date` of a row — and leaves every other column and the `properties`
//! table exactly as they are. Every write is one transaction. A file that is not SQLite, or whose
//! schema lacks a table or column the app has, is refused with a message naming what is missing.

use std::path::Path;

use rusqlite::{Connection, OpenFlags, OptionalExtension, types::Value};

use crate::{Board, tootsweet};

/// The app's schema, statement for statement as the seed prints it; a new database gets exactly
/// this text in `sqlite_master`.
pub const SCHEMA: [&str; 2] = [
    "CREATE TABLE properties ( \n  key text primary key,\n  value text default null)",
    "CREATE TABLE puzzles ( \n  id integer primary key autoincrement,\n  puzzle text,\n  name text default null, \n  size integer default 0,\n  volume integer default 0,\n  board text default null,\n  checkpoint text default null,\n  status integer default 0,\n  solution_date default null)",
];

/// The columns each table must have.
const REQUIRED: [(&str, &[&str]); 2] = [
    ("properties", &["key", "value"]),
    (
        "puzzles",
        &["id", "puzzle", "name", "size", "volume", "board", "checkpoint", "status", "solution_date"],
    ),
];

/// A row's `status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    NotStarted,
    Started,
    Solved,
    /// A value the app does not write; kept as read.
    Other(i64),
}

impl Status {
    pub fn from_code(code: i64) -> Status {
        match code {
            0 => Status::NotStarted,
            1 => Status::Started,
            2 => Status::Solved,
            other => Status::Other(other),
        }
    }

    pub fn code(self) -> i64 {
        match self {
            Status::NotStarted => 0,
            Status::Started => 1,
            Status::Solved => 2,
            Status::Other(code) => code,
        }
    }

    pub fn label(self) -> String {
        match self {
            Status::NotStarted => "not started".into(),
            Status::Started => "started".into(),
            Status::Solved => "solved".into(),
            Status::Other(code) => format!("status {code}"),
        }
    }
}

/// One row of `puzzles`, as stored. Text columns stay text so export is lossless.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub id: i64,
    pub puzzle: Option<String>,
    pub name: Option<String>,
    pub size: Value,
    pub volume: Value,
    pub board: Option<String>,
    pub checkpoint: Option<String>,
    pub status: Status,
    pub solution_date: Value,
}

impl Row {
    /// The row's puzzle with its drawn lines, decoded.
    pub fn decode(&self) -> Result<Board, DatabaseError> {
        let bad = |column: &'static str, e: crate::ParseError| DatabaseError::BadRow {
            id: self.id,
            column,
            error: e,
        };
        let puzzle = self.puzzle.as_deref().ok_or_else(|| {
            bad("puzzle", crate::ParseError::new(crate::Location::Whole, "the puzzle is NULL"))
        })?;
        let mut board = tootsweet::parse_puzzle(puzzle).map_err(|e| bad("puzzle", e))?.value;
        if let Some(text) = self.board.as_deref().filter(|t| !t.is_empty()) {
            let edges =
                tootsweet::parse_board(text, board.width(), board.height()).map_err(|e| bad("board", e))?;
            for (n, state) in edges.value.into_iter().enumerate() {
                board.set_edge_by_number(n, state);
            }
        }
        Ok(board)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DatabaseError {
    #[error("not an SQLite database (expected TootSweet's Puzzles.data)")]
    NotSqlite,
    #[error("not TootSweet's Puzzles.data: {0}")]
    Schema(String),
    #[error("no puzzle with id {0}")]
    NoSuchPuzzle(i64),
    #[error("puzzle {id}: column `{column}`: {error}")]
    BadRow { id: i64, column: &'static str, error: crate::ParseError },
    #[error("puzzle {id} is {expected}, but the board given is {found}")]
    Mismatch { id: i64, expected: String, found: String },
    #[error("{0}")]
    Sqlite(#[from] rusqlite::Error),
}

/// An open `Puzzles.data`.
pub struct Database {
    conn: Connection,
}

impl Database {
    /// Open an existing database (read-only unless `write`) and check its schema.
    pub fn open(path: &Path, write: bool) -> Result<Database, DatabaseError> {
        let flags = if write {
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX
        } else {
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX
        };
        let mut header = [0u8; 16];
        let is_sqlite = std::fs::File::open(path)
            .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut header))
            .is_ok()
            && &header == b"SQLite format 3\0";
        if !is_sqlite {
            return Err(DatabaseError::NotSqlite);
        }
        let conn = Connection::open_with_flags(path, flags)?;
        let db = Database { conn };
        db.check_schema()?;
        Ok(db)
    }

    /// Create a new database at `path` (which must not exist) with the app's schema.
    pub fn create(path: &Path) -> Result<Database, DatabaseError> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut conn = Connection::open_with_flags(path, flags)?;
        let tx = conn.transaction()?;
        for statement in SCHEMA {
            tx.execute(statement, [])?;
        }
        tx.commit()?;
        Ok(Database { conn })
    }

    fn check_schema(&self) -> Result<(), DatabaseError> {
        for (table, columns) in REQUIRED {
            let mut stmt = self.conn.prepare("SELECT name FROM pragma_table_info(?1)")?;
            let found: Vec<String> =
                stmt.query_map([table], |row| row.get::<_, String>(0))?.collect::<Result<_, _>>()?;
            if found.is_empty() {
                return Err(DatabaseError::Schema(format!("table `{table}` is missing")));
            }
            if let Some(missing) = columns.iter().find(|c| !found.iter().any(|f| f.eq_ignore_ascii_case(c))) {
                return Err(DatabaseError::Schema(format!("table `{table}` has no column `{missing}`")));
            }
        }
        Ok(())
    }

    /// Every puzzle row, by id.
    pub fn rows(&self) -> Result<Vec<Row>, DatabaseError> {
        let mut stmt = self.conn.prepare(
            "SELECT id, puzzle, name, size, volume, board, checkpoint, status, solution_date FROM puzzles ORDER BY id",
        )?;
        let rows = stmt.query_map([], read_row)?.collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    /// One row.
    pub fn row(&self, id: i64) -> Result<Row, DatabaseError> {
        self.conn
            .query_row(
                "SELECT id, puzzle, name, size, volume, board, checkpoint, status, solution_date FROM puzzles WHERE id = ?1",
                [id],
                read_row,
            )
            .optional()?
            .ok_or(DatabaseError::NoSuchPuzzle(id))
    }

    /// Add a puzzle as a new row. Its lines, if any, become the row's board and `solved` sets
    /// the status (0 without lines, 1 with, 2 when `solved`, with today's solution date).
    /// Returns the new id.
    pub fn insert(&mut self, name: &str, board: &Board, solved: bool) -> Result<i64, DatabaseError> {
        let status = row_status(board, solved);
        let tx = self.conn.transaction()?;
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
        let id = tx.last_insert_rowid();
        tx.commit()?;
        Ok(id)
    }

    /// Write the lines of `board` into row `id`: its `board`, its `status` (2 when `solved`,
    /// else 1, or 0 for no line at all) and, when solved, `solution_date`. The board must be of
    /// the row's puzzle (same size and pearls).
    pub fn set_board(&mut self, id: i64, board: &Board, solved: bool) -> Result<Status, DatabaseError> {
        let tx = self.conn.transaction()?;
        let row = tx
            .query_row(
                "SELECT id, puzzle, name, size, volume, board, checkpoint, status, solution_date FROM puzzles WHERE id = ?1",
                [id],
                read_row,
            )
            .optional()?
            .ok_or(DatabaseError::NoSuchPuzzle(id))?;
        let stored = row.decode()?;
        if stored.width() != board.width()
            || stored.height() != board.height()
            || stored.cells() != board.cells()
        {
            let describe = |b: &Board| {
                let (w, k) = b.pearl_counts();
                format!("{}×{} with {w} white and {k} black pearls", b.width(), b.height())
            };
            return Err(DatabaseError::Mismatch { id, expected: describe(&stored), found: describe(board) });
        }
        let status = row_status(board, solved);
        if status == Status::Solved {
            tx.execute(
                "UPDATE puzzles SET board = ?1, status = ?2, solution_date = datetime('now') WHERE id = ?3",
                rusqlite::params![tootsweet::write_board(board), status.code(), id],
            )?;
        } else {
            tx.execute(
                "UPDATE puzzles SET board = ?1, status = ?2 WHERE id = ?3",
                rusqlite::params![tootsweet::write_board(board), status.code(), id],
            )?;
        }
        tx.commit()?;
        Ok(status)
    }
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
mod tests {
    use super::*;

    fn seed_database(dir: &Path) -> (std::path::PathBuf, Database) {
        let path = dir.join("Puzzles.data");
        let db = Database::create(&path).unwrap();
        db.conn
            .execute_batch(
                "INSERT INTO puzzles (id, puzzle, name, board, status) VALUES (1, '4:4:AgAQAA', 'Ladybug', 'ww:gq', 2);
                 INSERT INTO puzzles (id, puzzle, name, board, status) VALUES (2, '4:4:CCQQQA', 'Aphid', 'AA:IC', 1);
                 INSERT INTO puzzles (id, puzzle, name, board, status) VALUES (3, '4:4:gAAECA', 'Cicada', 'AA:AA', 0);
                 INSERT INTO properties (key, value) VALUES ('version', '1.0');",
            )
            .unwrap();
        (path, db)
    }

    #[test]
    fn a_new_database_has_the_apps_schema() {
        let dir = tempfile::tempdir().unwrap();
        let (_, db) = seed_database(dir.path());
        let sql: Vec<String> = db
            .conn
            .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name IN ('properties', 'puzzles') ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(sql, SCHEMA);
    }

    #[test]
    fn rows_decode_as_the_seed_says() {
        let dir = tempfile::tempdir().unwrap();
        let (_, db) = seed_database(dir.path());
        let rows = db.rows().unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].status, Status::Solved);
        assert_eq!(rows[1].status, Status::Started);
        assert_eq!(rows[2].status, Status::NotStarted);
        assert_eq!(rows[0].decode().unwrap().line_count(), 8);
        assert_eq!(rows[1].decode().unwrap().line_count(), 2);
        assert_eq!(rows[2].decode().unwrap().line_count(), 0);
    }

    #[test]
    fn set_board_touches_only_its_columns() {
        let dir = tempfile::tempdir().unwrap();
        let (path, mut db) = seed_database(dir.path());
        let before = db.row(2).unwrap();
        let mut board = before.decode().unwrap();
        board.clear_edges();
        assert_eq!(db.set_board(2, &board, false).unwrap(), Status::NotStarted);
        let after = db.row(2).unwrap();
        assert_eq!(after.board.as_deref(), Some("AA:AA"));
        assert_eq!(
            (after.name, after.puzzle, after.checkpoint),
            (before.name, before.puzzle, before.checkpoint)
        );
        drop(db);
        let db = Database::open(&path, false).unwrap();
        let value: String = db
            .conn
            .query_row("SELECT value FROM properties WHERE key = 'version'", [], |r| r.get(0))
            .unwrap();
        assert_eq!(value, "1.0");
    }

    #[test]
    fn a_board_of_another_puzzle_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (_, mut db) = seed_database(dir.path());
        let other = db.row(3).unwrap().decode().unwrap();
        let err = db.set_board(1, &other, false).unwrap_err();
        assert!(matches!(err, DatabaseError::Mismatch { id: 1, .. }), "{err}");
        assert!(matches!(db.set_board(99, &other, false), Err(DatabaseError::NoSuchPuzzle(99))));
    }

    #[test]
    fn foreign_files_are_refused_with_a_reason() {
        let dir = tempfile::tempdir().unwrap();
        let text = dir.path().join("not.data");
        std::fs::write(&text, "hello, this is not a database").unwrap();
        assert!(matches!(Database::open(&text, false), Err(DatabaseError::NotSqlite)));
        let other = dir.path().join("other.data");
        let conn = Connection::open(&other).unwrap();
        conn.execute_batch(
            "CREATE TABLE properties (key text, value text); CREATE TABLE puzzles (id integer, puzzle text);",
        )
        .unwrap();
        drop(conn);
        let err = Database::open(&other, false).err().unwrap();
        assert_eq!(err.to_string(), "not TootSweet's Puzzles.data: table `puzzles` has no column `name`");
    }
}
