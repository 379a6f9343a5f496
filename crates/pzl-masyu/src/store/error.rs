//! What can go wrong with a `Puzzles.data`, in the app's terms, and what to do about it.
//!
//! Raw SQLite failures are turned into these on the way out (see the `From<rusqlite::Error>`
//! impl), so no caller ever shows `database or disk is full` for a missing puzzle id or
//! `Invalid column type Text at index: 0` for a foreign file.

use std::path::PathBuf;

use pzl_core::{Error, ErrorKind, Location};
use rusqlite::ErrorCode;

/// How long a write waits for another program (TootSweet, another pzl) to finish with the file.
pub const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Why a `Puzzles.data` could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum DatabaseError {
    /// The file does not exist.
    #[error("no such file: {}", .0.display())]
    NotFound(PathBuf),
    /// The file is not SQLite at all.
    #[error("not an SQLite database (expected TootSweet's Puzzles.data)")]
    NotSqlite,
    /// The file is SQLite, but its schema is not the app's: the text says what differs.
    #[error("not TootSweet's Puzzles.data: {0}")]
    Schema(String),
    /// `PRAGMA quick_check` (or reading itself) found damage.
    #[error("the database is damaged: {0}")]
    Damaged(String),
    /// Another program kept the database locked for longer than [`BUSY_TIMEOUT`].
    #[error("the database is locked by another program (waited {} s)", BUSY_TIMEOUT.as_secs())]
    Busy,
    /// The file (or its folder) cannot be written.
    #[error("the database cannot be written: {0}")]
    ReadOnly(String),
    /// The disk (or the file system's quota) is full.
    #[error("the disk is full")]
    DiskFull,
    /// Every puzzle id up to 2^63 − 1 is taken (the app counts ids up and never reuses them).
    #[error("no free puzzle id: the largest id, {0}, is already taken")]
    NoFreeId(i64),
    /// The file cannot be opened by SQLite (a folder, a WAL database in a read-only folder, …).
    #[error("cannot open the database: {0}")]
    CannotOpen(String),
    /// A write was asked of a database opened read-only.
    #[error("the database was opened read-only")]
    OpenedReadOnly,
    /// No row has this id.
    #[error("no puzzle with id {0}")]
    NoSuchPuzzle(i64),
    /// A stored puzzle or board string does not decode.
    #[error("puzzle {id}: column `{column}`: {message}")]
    BadRow {
        /// The row's id.
        id: i64,
        /// `puzzle` or `board`.
        column: &'static str,
        /// What the TootSweet reader said.
        message: String,
    },
    /// A value of an unexpected type (a text id, a blob status) that SQLite could not convert.
    #[error("a stored value has the wrong type: {0}")]
    BadValue(String),
    /// The board given is not of the row's puzzle.
    #[error("puzzle {id} is {expected}, but the board given is {found}")]
    Mismatch {
        /// The row's id.
        id: i64,
        /// The stored puzzle, in words.
        expected: String,
        /// The board given, in words.
        found: String,
    },
    /// An export target exists and overwriting was not asked for.
    #[error("{} already exists", .0.display())]
    Exists(PathBuf),
    /// Reading or writing a file other than the database (export) failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Any other SQLite failure, with SQLite's own words.
    #[error("SQLite: {0}")]
    Sqlite(String),
}

impl DatabaseError {
    /// A file error about `path`.
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> DatabaseError {
        DatabaseError::Io { path: path.into(), source }
    }

    /// The error kind a command line or binding reports.
    pub fn kind(&self) -> ErrorKind {
        match self {
            DatabaseError::NotSqlite
            | DatabaseError::Schema(_)
            | DatabaseError::Damaged(_)
            | DatabaseError::BadRow { .. }
            | DatabaseError::BadValue(_) => ErrorKind::Syntax,
            DatabaseError::NoFreeId(_) => ErrorKind::Limit,
            DatabaseError::OpenedReadOnly
            | DatabaseError::NoSuchPuzzle(_)
            | DatabaseError::Mismatch { .. }
            | DatabaseError::Exists(_) => ErrorKind::Usage,
            DatabaseError::NotFound(_)
            | DatabaseError::Busy
            | DatabaseError::ReadOnly(_)
            | DatabaseError::DiskFull
            | DatabaseError::CannotOpen(_)
            | DatabaseError::Io { .. }
            | DatabaseError::Sqlite(_) => ErrorKind::Io,
        }
    }

    /// What the user can do about it, when there is something to say.
    pub fn hint(&self) -> Option<&'static str> {
        Some(match self {
            DatabaseError::NotFound(_) => "`pzl tootsweet import DB FILES` creates a new database",
            DatabaseError::NotSqlite => {
                "name TootSweet's Puzzles.data, or a file made by `pzl tootsweet import`"
            }
            DatabaseError::Schema(_) => {
                "pzl writes only the app's own schema; copy the puzzles into a new database with \
                 `pzl tootsweet export` and `pzl tootsweet import`"
            }
            DatabaseError::Damaged(_) => {
                "pzl does not write into a damaged database; restore a backup, or recover it with \
                 `sqlite3 FILE .recover`"
            }
            DatabaseError::Busy => "close TootSweet (or the other pzl command) and try again",
            DatabaseError::ReadOnly(_) => "check the permissions of the file and of its folder",
            DatabaseError::DiskFull => "free some space and try again; nothing was changed",
            DatabaseError::NoFreeId(_) => "import into a new database instead",
            DatabaseError::CannotOpen(_) => "check that the path names a file you may read",
            DatabaseError::NoSuchPuzzle(_) => "`pzl tootsweet list DB` shows the ids",
            DatabaseError::Exists(_) => "export into an empty folder, or ask to overwrite (--force)",
            DatabaseError::Mismatch { .. } => {
                "give a board of the same puzzle (`pzl tootsweet list DB` shows them)"
            }
            _ => return None,
        })
    }
}

impl From<DatabaseError> for Error {
    fn from(e: DatabaseError) -> Error {
        let kind = e.kind();
        let hint = e.hint();
        let mut error = match &e {
            DatabaseError::BadRow { id, column, message } => Error::new(kind, message.clone())
                .at(Location::Part(format!("puzzle {id}, column `{column}`"))),
            DatabaseError::Mismatch { id, .. } | DatabaseError::NoSuchPuzzle(id) => {
                Error::new(kind, e.to_string()).at(Location::Part(format!("puzzle {id}")))
            }
            DatabaseError::NotFound(path) => {
                Error::new(kind, "no such file").in_file(path.display().to_string())
            }
            DatabaseError::Io { path, source } => {
                Error::new(kind, source.to_string()).in_file(path.display().to_string())
            }
            _ => Error::new(kind, e.to_string()),
        };
        if let Some(hint) = hint {
            error = error.hint(hint);
        }
        error
    }
}

impl From<rusqlite::Error> for DatabaseError {
    /// SQLite's failures in the app's terms; the rest keep SQLite's words.
    fn from(e: rusqlite::Error) -> DatabaseError {
        match &e {
            rusqlite::Error::SqliteFailure(failure, message) => {
                let text = message.clone().unwrap_or_else(|| e.to_string());
                match failure.code {
                    ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked => DatabaseError::Busy,
                    ErrorCode::ReadOnly => DatabaseError::ReadOnly(text),
                    ErrorCode::PermissionDenied => DatabaseError::ReadOnly(text),
                    ErrorCode::DiskFull => DatabaseError::DiskFull,
                    ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase => DatabaseError::Damaged(text),
                    ErrorCode::CannotOpen => DatabaseError::CannotOpen(text),
                    _ => DatabaseError::Sqlite(text),
                }
            }
            rusqlite::Error::InvalidColumnType(_, name, found) => {
                DatabaseError::BadValue(format!("column `{name}` holds {found}"))
            }
            rusqlite::Error::FromSqlConversionFailure(_, found, why) => {
                DatabaseError::BadValue(format!("a {found} value: {why}"))
            }
            rusqlite::Error::IntegralValueOutOfRange(_, value) => {
                DatabaseError::BadValue(format!("the number {value} is out of range"))
            }
            _ => DatabaseError::Sqlite(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_failures_say_what_to_do() {
        let busy =
            rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(5), Some("database is locked".into()));
        let e = DatabaseError::from(busy);
        assert!(matches!(e, DatabaseError::Busy));
        let core = Error::from(e);
        assert_eq!(core.kind, ErrorKind::Io);
        assert!(core.hint.as_deref().is_some_and(|h| h.contains("try again")), "{core:?}");
        let full = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(13), None);
        assert_eq!(DatabaseError::from(full).to_string(), "the disk is full");
        let text_id = rusqlite::Error::InvalidColumnType(0, "id".into(), rusqlite::types::Type::Text);
        assert_eq!(
            DatabaseError::from(text_id).to_string(),
            "a stored value has the wrong type: column `id` holds Text"
        );
    }

    #[test]
    fn row_errors_name_the_place() {
        let e = Error::from(DatabaseError::NotFound("x/P.data".into())).in_file("x/P.data");
        assert_eq!(e.to_string(), "x/P.data: no such file");
        let e = Error::from(DatabaseError::BadRow { id: 4, column: "board", message: "bad letter".into() });
        assert_eq!(e.kind, ErrorKind::Syntax);
        assert_eq!(e.in_file("P.data").to_string(), "P.data: puzzle 4, column `board`: bad letter");
    }
}
