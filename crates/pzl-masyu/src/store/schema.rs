//! The app's schema, and the test that a file has exactly that shape before pzl trusts it.
//!
//! A file whose column names match is not enough: without `id integer primary key` one update
//! rewrites two rows; a trigger stored in the file would run inside pzl's writes; a view or a
//! `WITHOUT ROWID` table breaks inserts. So the declared types, the primary key and the absence
//! of triggers, views and CHECK constraints are all checked, and each refusal names what differs.

use rusqlite::Connection;

use super::DatabaseError;

/// The app's schema, statement for statement as the seed prints it; a new database gets exactly
/// this text in `sqlite_master`.
pub const SCHEMA: [&str; 2] = [
    "CREATE TABLE properties ( \n  key text primary key,\n  value text default null)",
    "CREATE TABLE puzzles ( \n  id integer primary key autoincrement,\n  puzzle text,\n  name text default null, \n  size integer default 0,\n  volume integer default 0,\n  board text default null,\n  checkpoint text default null,\n  status integer default 0,\n  solution_date default null)",
];

/// Each table's columns and their declared types (`""`: none), as the app declares them.
const TABLES: [(&str, &[(&str, &str)]); 2] = [
    ("properties", &[("key", "text"), ("value", "text")]),
    (
        "puzzles",
        &[
            ("id", "integer"),
            ("puzzle", "text"),
            ("name", "text"),
            ("size", "integer"),
            ("volume", "integer"),
            ("board", "text"),
            ("checkpoint", "text"),
            ("status", "integer"),
            ("solution_date", ""),
        ],
    ),
];

/// What a file that passed the test holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// No schema at all: a 0-byte file, or a new SQLite file. Read as a database without puzzles;
    /// the first write creates the app's schema.
    Empty,
    /// The app's schema.
    App,
}

fn schema_error(what: String) -> DatabaseError {
    DatabaseError::Schema(what)
}

/// One column as `PRAGMA table_xinfo` describes it.
struct Column {
    name: String,
    declared: String,
    not_null: bool,
    default: bool,
    pk: i64,
    hidden: i64,
}

fn columns(conn: &Connection, table: &str) -> Result<Vec<Column>, DatabaseError> {
    let mut stmt = conn.prepare(
        "SELECT name, type, \"notnull\", dflt_value IS NOT NULL, pk, hidden FROM pragma_table_xinfo(?1)",
    )?;
    let rows = stmt
        .query_map([table], |r| {
            Ok(Column {
                name: r.get(0)?,
                declared: r.get(1)?,
                not_null: r.get(2)?,
                default: r.get(3)?,
                pk: r.get(4)?,
                hidden: r.get(5)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Whether SQL text holds the keyword `word` followed by `(` (a `CHECK (…)` constraint).
fn has_call(sql_upper: &str, word: &str) -> bool {
    let bytes = sql_upper.as_bytes();
    sql_upper.match_indices(word).any(|(at, _)| {
        let before_ok = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        let after = sql_upper[at + word.len()..].trim_start();
        before_ok && after.starts_with('(')
    })
}

/// Whether SQL text (upper case, white space runs made one space) holds `words` as whole words.
fn has_word(sql_upper: &str, words: &str) -> bool {
    let bytes = sql_upper.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    sql_upper.match_indices(words).any(|(at, _)| {
        let end = at + words.len();
        (at == 0 || !ident(bytes[at - 1])) && (end == bytes.len() || !ident(bytes[end]))
    })
}

/// Check that `conn`'s main database has the app's schema (or none at all), for writing.
pub(crate) fn validate(conn: &Connection) -> Result<Shape, DatabaseError> {
    validate_for(conn, true)
}

/// [`validate`], for writing or only for reading. Reading needs the app's tables and columns, and
/// nothing that runs an expression when a row is read (a generated column); what acts only on a
/// write (triggers, conflict clauses, foreign keys, defaults, CHECK) is refused for writing only,
/// so such a file can still be listed, checked and exported (findings N20m: the hint said
/// `export`, which refused the file too).
pub(crate) fn validate_for(conn: &Connection, writing: bool) -> Result<Shape, DatabaseError> {
    let mut stmt = conn.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY rowid")?;
    let objects: Vec<(String, String, Option<String>)> =
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect::<Result<_, _>>()?;
    if objects.is_empty() {
        return Ok(Shape::Empty);
    }
    if let Some((_, name, _)) = objects.iter().find(|o| writing && o.0 == "trigger") {
        return Err(schema_error(format!(
            "it holds a trigger, `{name}`, which the app's schema has not (pzl runs no SQL stored in a file)"
        )));
    }
    if let Some((_, name, _)) = objects.iter().find(|o| writing && o.0 == "view") {
        return Err(schema_error(format!("it holds a view, `{name}`, which the app's schema has not")));
    }
    for (table, expected) in TABLES {
        let Some((_, _, sql)) = objects.iter().find(|o| o.0 == "table" && o.1.eq_ignore_ascii_case(table))
        else {
            return Err(schema_error(format!("table `{table}` is missing")));
        };
        let sql = sql.as_deref().unwrap_or("").to_ascii_uppercase();
        let sql = sql.split_whitespace().collect::<Vec<_>>().join(" ");
        if sql.contains("WITHOUT ROWID") {
            return Err(schema_error(format!(
                "table `{table}` is WITHOUT ROWID; the app's tables have row ids"
            )));
        }
        if sql.starts_with("CREATE VIRTUAL TABLE") {
            return Err(schema_error(format!("table `{table}` is a virtual table")));
        }
        if writing && has_call(&sql, "CHECK") {
            return Err(schema_error(format!(
                "table `{table}` has a CHECK constraint, which the app's has not"
            )));
        }
        // Constraints that make a write touch other rows or tables, or run an expression on
        // every write (findings N1): `ON CONFLICT REPLACE` deletes the row in the way, a foreign
        // key's actions change other tables, a DEFAULT expression can fill the disk.
        let refused = [
            ("ON CONFLICT", "a conflict clause (`ON CONFLICT`), which can delete other rows on a write"),
            ("UNIQUE", "a UNIQUE constraint"),
            ("REFERENCES", "a foreign key"),
            ("FOREIGN", "a foreign key"),
            ("COLLATE", "a collation"),
            ("GENERATED", "a generated column"),
        ];
        let refused = refused.iter().filter(|(word, _)| writing || *word == "GENERATED");
        if let Some((_, what)) = refused.clone().find(|(word, _)| has_word(&sql, word)) {
            return Err(schema_error(format!("table `{table}` has {what}, which the app's has not")));
        }
        if (writing && has_call(&sql, "DEFAULT")) || has_call(&sql, "AS") {
            return Err(schema_error(format!(
                "table `{table}` computes a column (`DEFAULT (…)` or `AS (…)`), which the app's does not"
            )));
        }
        let found = columns(conn, table)?;
        for (name, declared) in expected {
            let Some(column) = found.iter().find(|c| c.name.eq_ignore_ascii_case(name)) else {
                return Err(schema_error(format!("table `{table}` has no column `{name}`")));
            };
            if !column.declared.eq_ignore_ascii_case(declared) {
                let shown = if declared.is_empty() { "no type".to_string() } else { format!("`{declared}`") };
                return Err(schema_error(format!(
                    "column `{table}.{name}` is declared `{}`; the app declares {shown}",
                    column.declared.to_ascii_lowercase()
                )));
            }
            if column.hidden != 0 {
                return Err(schema_error(format!("column `{table}.{name}` is generated; the app stores it")));
            }
        }
        if let Some(extra) =
            found.iter().find(|c| writing && c.not_null && !c.default && c.hidden == 0 && c.pk == 0)
        {
            return Err(schema_error(format!(
                "column `{table}.{}` must be given a value, which the app does not do",
                extra.name
            )));
        }
        if table == "puzzles" {
            let keys: Vec<&str> = found.iter().filter(|c| c.pk > 0).map(|c| c.name.as_str()).collect();
            let rowid_alias =
                keys.len() == 1 && keys[0].eq_ignore_ascii_case("id") && !sql.contains("PRIMARY KEY DESC");
            if !rowid_alias {
                return Err(schema_error(
                    "`puzzles.id` is not `integer primary key`, so ids need not be unique".to_string(),
                ));
            }
        }
    }
    Ok(Shape::App)
}

/// Create the app's schema in an empty database (inside the caller's transaction).
pub(crate) fn create(conn: &Connection) -> Result<(), DatabaseError> {
    for statement in SCHEMA {
        let statement = statement.replacen("CREATE TABLE", "CREATE TABLE IF NOT EXISTS", 1);
        conn.execute(&statement, [])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(sql: &str) -> String {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(sql).unwrap();
        validate(&conn).unwrap_err().to_string()
    }

    const APP: &str = "CREATE TABLE properties (key text primary key, value text default null);";
    const PUZZLES: &str = "id integer primary key autoincrement, puzzle text, name text, size integer, \
                           volume integer, board text, checkpoint text, status integer, solution_date";

    #[test]
    fn the_apps_schema_and_an_empty_file_pass() {
        let conn = Connection::open_in_memory().unwrap();
        assert_eq!(validate(&conn).unwrap(), Shape::Empty);
        create(&conn).unwrap();
        assert_eq!(validate(&conn).unwrap(), Shape::App);
        let sql: Vec<String> = conn
            .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name IN ('properties', 'puzzles') ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(sql, SCHEMA, "IF NOT EXISTS leaves the stored text as the app's");
    }

    #[test]
    fn foreign_schemas_are_refused_with_what_differs() {
        // S1: no primary key, so two rows may share an id.
        let nopk = "id integer, puzzle text, name text, size integer, volume integer, board text, \
                    checkpoint text, status integer, solution_date";
        assert!(
            refusal(&format!("{APP} CREATE TABLE puzzles ({nopk});"))
                .contains("`puzzles.id` is not `integer primary key`")
        );
        // S2: a trigger, and a view.
        let trigger = format!(
            "{APP} CREATE TABLE puzzles ({PUZZLES}); CREATE TRIGGER t AFTER UPDATE ON puzzles BEGIN DELETE FROM properties; END;"
        );
        assert!(refusal(&trigger).contains("a trigger, `t`"));
        let view =
            format!("{APP} CREATE TABLE puzzles ({PUZZLES}); CREATE VIEW v AS SELECT id FROM puzzles;");
        assert!(refusal(&view).contains("a view, `v`"));
        let puzzles_view =
            format!("{APP} CREATE TABLE p ({PUZZLES}); CREATE VIEW puzzles AS SELECT * FROM p;");
        assert!(refusal(&puzzles_view).contains("a view, `puzzles`"));
        // Types, WITHOUT ROWID, CHECK, a NOT NULL column pzl cannot fill, a descending key.
        let typed = PUZZLES.replace("status integer", "status text");
        let r = refusal(&format!("{APP} CREATE TABLE puzzles ({typed});"));
        assert!(r.contains("`puzzles.status` is declared `text`"), "{r}");
        let int_id = PUZZLES.replace("id integer primary key autoincrement", "id int primary key");
        assert!(
            refusal(&format!("{APP} CREATE TABLE puzzles ({int_id});"))
                .contains("`puzzles.id` is declared `int`")
        );
        let without = PUZZLES.replace(" autoincrement", "");
        assert!(
            refusal(&format!("{APP} CREATE TABLE puzzles ({without}) WITHOUT ROWID;"))
                .contains("WITHOUT ROWID")
        );
        assert!(
            refusal(&format!("{APP} CREATE TABLE puzzles ({PUZZLES}, CHECK (status < 3));"))
                .contains("CHECK constraint")
        );
        assert!(
            refusal(&format!("{APP} CREATE TABLE puzzles ({PUZZLES}, owner text NOT NULL);"))
                .contains("`puzzles.owner`")
        );
        let desc = PUZZLES.replace("primary key autoincrement", "primary key desc");
        assert!(
            refusal(&format!("{APP} CREATE TABLE puzzles ({desc});")).contains("not `integer primary key`")
        );
        assert!(refusal("CREATE TABLE t (x);").contains("table `properties` is missing"));
    }

    #[test]
    fn extra_nullable_columns_are_fine() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(&format!(
            "{APP} CREATE TABLE puzzles ({PUZZLES}, note text, ranked integer NOT NULL DEFAULT 0);"
        ))
        .unwrap();
        assert_eq!(validate(&conn).unwrap(), Shape::App);
        assert!(
            has_call("A CHECK(X)", "CHECK")
                && !has_call("RECHECK (X)", "CHECK")
                && !has_call("CHECKS", "CHECK")
        );
    }
}
