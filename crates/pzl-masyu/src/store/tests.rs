use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use pzl_core::{ErrorKind, Kind, Picture, RenderRequest, SolveRequest};

use super::*;

fn seed_database(dir: &Path) -> (PathBuf, Database) {
    let path = dir.join("Puzzles.data");
    let db = Database::open_or_create(&path).unwrap();
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

fn board(text: &str) -> Board {
    tootsweet::parse_file(text).unwrap().value
}

/// A database the app could have written, by a hand-made schema (`puzzles` columns).
fn hand_made(path: &Path, puzzles: &str, extra: &str) {
    let conn = Connection::open(path).unwrap();
    conn.execute_batch(&format!(
        "PRAGMA foreign_keys = OFF;
         CREATE TABLE properties (key text primary key, value text default null);
         CREATE TABLE puzzles ({puzzles});
         INSERT INTO properties VALUES ('version', '1.0');
         INSERT INTO puzzles (id, puzzle, name, board, status) VALUES (5, '4:4:CCQQQA', 'Aphid', 'AA:IC', 1);
         {extra}"
    ))
    .unwrap();
}

const APP_PUZZLES: &str = "id integer primary key autoincrement, puzzle text, name text, size integer, \
                           volume integer, board text, checkpoint text, status integer, solution_date";

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
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["Puzzles.data"], "no temporary file is left");
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
    let set = db.set_board(2, &board).unwrap();
    assert_eq!(set.status, Status::NotStarted);
    assert_eq!(set.to_string(), "puzzle 2 (Aphid): board written, status 0 (not started)");
    let after = db.row(2).unwrap();
    assert_eq!(after.board.as_deref(), Some("AA:AA"));
    assert_eq!((after.name, after.puzzle, after.checkpoint), (before.name, before.puzzle, before.checkpoint));
    drop(db);
    let db = Database::open_read_only(&path).unwrap();
    let value: String =
        db.conn.query_row("SELECT value FROM properties WHERE key = 'version'", [], |r| r.get(0)).unwrap();
    assert_eq!(value, "1.0");
}

#[test]
fn a_solution_grid_without_pearls_takes_the_stored_ones() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut db) = seed_database(dir.path());
    // Aphid's unique solution as a .sol grid gives it: lines, no pearls.
    let solved = crate::solver::solve(&board("4:4:CCQQQA\n"), &Default::default()).solution.unwrap();
    let mut sol = Board::new(4, 4);
    for (n, state) in solved.edge_states().iter().enumerate() {
        sol.set_edge_by_number(n, *state);
    }
    assert_eq!(sol.pearl_counts(), (0, 0));
    let set = db.set_board(2, &sol).unwrap();
    assert_eq!(set.status, Status::Solved);
    let row = db.row(2).unwrap();
    assert_eq!(row.status, Status::Solved);
    assert!(row.solution_date != Value::Null);
    assert!(db.check().unwrap().ok);
}

#[test]
fn a_board_of_another_puzzle_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut db) = seed_database(dir.path());
    let other = db.row(3).unwrap().decode().unwrap();
    let err = db.set_board(1, &other).unwrap_err();
    assert!(matches!(err, DatabaseError::Mismatch { id: 1, .. }), "{err}");
    assert!(err.to_string().starts_with("puzzle 1 is 4×4"), "{err}");
    assert!(matches!(db.set_board(99, &other), Err(DatabaseError::NoSuchPuzzle(99))));
}

#[test]
fn foreign_files_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("not.data");
    std::fs::write(&text, "hello, this is not a database").unwrap();
    assert!(matches!(Database::open_read_only(&text), Err(DatabaseError::NotSqlite)));
    assert!(matches!(Database::open_for_writing(&text), Err(DatabaseError::NotSqlite)));
    assert!(matches!(Database::open_or_create(&text), Err(DatabaseError::NotSqlite)));
    let other = dir.path().join("other.data");
    let conn = Connection::open(&other).unwrap();
    conn.execute_batch(
        "CREATE TABLE properties (key text, value text); CREATE TABLE puzzles (id integer, puzzle text);",
    )
    .unwrap();
    drop(conn);
    let err = Database::open_read_only(&other).err().unwrap();
    assert_eq!(err.to_string(), "not TootSweet's Puzzles.data: table `puzzles` has no column `name`");
    let core = pzl_core::Error::from(err);
    assert_eq!(core.kind, ErrorKind::Syntax);
    assert!(core.hint.is_some());
}

/// S1: without a primary key two rows share an id; such a file is refused, read or write.
#[test]
fn s1_a_schema_without_primary_key_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dup.data");
    let nopk = APP_PUZZLES.replace("id integer primary key autoincrement", "id integer");
    hand_made(
        &path,
        &nopk,
        "INSERT INTO puzzles (id, puzzle, name, board, status) VALUES (5, '4:4:gAAECA', 'Aphid', 'AA:AA', 0);",
    );
    let bytes = std::fs::read(&path).unwrap();
    for result in [Database::open_read_only(&path), Database::open_for_writing(&path)] {
        let err = result.unwrap_err();
        assert!(err.to_string().contains("`puzzles.id` is not `integer primary key`"), "{err}");
    }
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "nothing written");
}

/// S2: a trigger stored in the file never runs: the file is refused, and SQL from files is not
/// trusted on any connection.
#[test]
fn s2_triggers_are_refused_and_never_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trig.data");
    hand_made(
        &path,
        APP_PUZZLES,
        "CREATE TRIGGER t AFTER UPDATE ON puzzles BEGIN DELETE FROM properties; END;",
    );
    let err = Database::open_for_writing(&path).unwrap_err();
    assert!(err.to_string().contains("a trigger, `t`"), "{err}");
    let properties: i64 = Connection::open(&path)
        .unwrap()
        .query_row("SELECT count(*) FROM properties", [], |r| r.get(0))
        .unwrap();
    assert_eq!(properties, 1);

    let (_, db) = seed_database(dir.path());
    let trusted: i64 = db.conn.query_row("PRAGMA trusted_schema", [], |r| r.get(0)).unwrap();
    assert_eq!(trusted, 0);
    assert!(!db.conn.db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER).unwrap());
}

/// S3: an import is one transaction: a failure on the second puzzle keeps none.
#[test]
fn s3_import_is_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("abort.data");
    // A unique index is allowed (it is no SQL that runs), and makes the second insert fail.
    hand_made(&path, APP_PUZZLES, "CREATE UNIQUE INDEX one_name ON puzzles (name);");
    let mut db = Database::open_for_writing(&path).unwrap();
    let a = board("4:4:gAAECA\n");
    let err =
        db.import(&[("A".into(), a.clone()), ("Aphid".into(), a.clone()), ("C".into(), a)]).unwrap_err();
    assert!(matches!(err, DatabaseError::Sqlite(_)), "{err}");
    let names: Vec<Option<String>> = db.rows().unwrap().into_iter().map(|r| r.name).collect();
    assert_eq!(names, [Some("Aphid".to_string())]);
}

/// Zero one page in the middle of a database of a few hundred rows.
fn damaged_copy(dir: &Path) -> PathBuf {
    let path = dir.join("big.data");
    let mut db = Database::open_or_create(&path).unwrap();
    let puzzle = board("4:4:CCQQQA\nAA:IC\n");
    let many: Vec<(String, Board)> =
        (0..400).map(|n| (format!("puzzle number {n:05} {}", "x".repeat(60)), puzzle.clone())).collect();
    db.import(&many).unwrap();
    drop(db);
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 8 * 4096, "{}", bytes.len());
    bytes[4 * 4096..5 * 4096].fill(0);
    std::fs::write(&path, &bytes).unwrap();
    path
}

/// S4: a damaged database is refused before anything is written; `check` reports the damage.
#[test]
fn s4_a_damaged_database_is_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = damaged_copy(dir.path());
    let bytes = std::fs::read(&path).unwrap();
    let err = Database::open_for_writing(&path).unwrap_err();
    assert!(matches!(err, DatabaseError::Damaged(_)), "{err}");
    assert!(err.to_string().starts_with("the database is damaged: "), "{err}");
    assert!(pzl_core::Error::from(err).hint.unwrap().contains("does not write into a damaged database"));
    assert!(Database::open_or_create(&path).is_err());
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    if let Ok(db) = Database::open_read_only(&path) {
        match db.check() {
            Ok(report) => assert!(report.problems.iter().any(|p| p.rule == "damaged"), "{report}"),
            Err(e) => assert!(matches!(e, DatabaseError::Damaged(_)), "{e}"),
        }
    }
}

/// S5: a write waits for another writer instead of failing at once.
#[test]
fn s5_a_busy_database_is_waited_for() {
    let dir = tempfile::tempdir().unwrap();
    let (path, db) = seed_database(dir.path());
    drop(db);
    let (locked_tx, locked_rx) = std::sync::mpsc::channel();
    let holder_path = path.clone();
    let holder = std::thread::spawn(move || {
        let conn = Connection::open(&holder_path).unwrap();
        conn.execute_batch("BEGIN IMMEDIATE; UPDATE properties SET value = value;").unwrap();
        locked_tx.send(()).unwrap();
        std::thread::sleep(Duration::from_millis(400));
        conn.execute_batch("COMMIT").unwrap();
    });
    locked_rx.recv().unwrap();
    let mut db = Database::open_for_writing(&path).unwrap();
    let lines = board("4:4:CCQQQA\nAA:AA\n");
    let set = db.set_board(2, &lines).unwrap();
    assert_eq!(set.status, Status::NotStarted);
    holder.join().unwrap();

    // With a short wait, the message says what to do.
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("BEGIN IMMEDIATE").unwrap();
    db.set_busy_timeout(Duration::from_millis(50)).unwrap();
    let err = db.set_board(2, &lines).unwrap_err();
    assert!(matches!(err, DatabaseError::Busy), "{err}");
    assert!(pzl_core::Error::from(err).hint.unwrap().contains("try again"));
    conn.execute_batch("ROLLBACK").unwrap();
}

/// S6: two first imports into a missing database both land in one database.
#[test]
fn s6_two_first_imports_do_not_race() {
    for _ in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("race.data");
        let threads: Vec<_> = ["A", "B"]
            .into_iter()
            .map(|name| {
                let path = path.clone();
                std::thread::spawn(move || {
                    let mut db = Database::open_or_create(&path)?;
                    db.import(&[(name.to_string(), board("4:4:gAAECA\n"))])
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap().unwrap();
        }
        let db = Database::open_read_only(&path).unwrap();
        assert_eq!(db.rows().unwrap().len(), 2);
    }
}

/// S7: a 0-byte file is a new, empty database, and a failed creation leaves no file behind.
#[test]
fn s7_empty_files_are_new_databases_and_failures_leave_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("zero.data");
    std::fs::write(&path, b"").unwrap();
    let db = Database::open_read_only(&path).unwrap();
    assert!(db.list().unwrap().rows.is_empty());
    assert_eq!(db.info().unwrap().facts[0].value, 0);
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 0, "reading writes nothing");
    let mut db = Database::open_or_create(&path).unwrap();
    db.import(&[("A".into(), board("4:4:gAAECA\n"))]).unwrap();
    drop(db);
    let db = Database::open_read_only(&path).unwrap();
    assert_eq!(db.rows().unwrap().len(), 1);

    let missing = dir.path().join("no-such-folder").join("new.data");
    let err = Database::open_or_create(&missing).unwrap_err();
    assert!(matches!(err, DatabaseError::Io { .. }), "{err}");
    assert!(!missing.exists());
    assert!(!dir.path().join("no-such-folder").exists());
}

/// S8: messages in the app's terms.
#[test]
fn s8_messages_say_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nonexist.data");
    let err = Database::open_read_only(&missing).unwrap_err();
    assert_eq!(err.to_string(), format!("no such file: {}", missing.display()));
    assert!(pzl_core::Error::from(err).hint.unwrap().contains("import"));
    assert!(matches!(Database::open_for_writing(&missing), Err(DatabaseError::NotFound(_))));
    assert!(!missing.exists(), "opening for writing creates nothing");

    let (path, db) = seed_database(dir.path());
    db.conn.execute("UPDATE puzzles SET id = 9223372036854775807 WHERE id = 3", []).unwrap();
    drop(db);
    let mut db = Database::open_for_writing(&path).unwrap();
    let err = db.import(&[("A".into(), board("4:4:gAAECA\n"))]).unwrap_err();
    assert_eq!(err.to_string(), "no free puzzle id: the largest id, 9223372036854775807, is already taken");
    assert_eq!(pzl_core::Error::from(err).kind, ErrorKind::Limit);

    let read_only = Database::open_read_only(&path).unwrap();
    let mut read_only = read_only;
    assert!(matches!(read_only.set_board(1, &board("4:4:AgAQAA\n")), Err(DatabaseError::OpenedReadOnly)));
    assert!(matches!(
        read_only.solve_unsolved(None, |_| ControlFlow::Continue(())),
        Err(DatabaseError::OpenedReadOnly)
    ));
}

/// S8: a WAL database can be read as it is on disk (`immutable=1`, the fallback when its folder
/// is not writable), even under a name with URI characters.
#[test]
fn s8_wal_databases_open_immutable() {
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join("a %41?b#c");
    std::fs::create_dir(&odd).unwrap();
    let (path, db) = seed_database(&odd);
    db.conn.pragma_update(None, "journal_mode", "wal").unwrap();
    drop(db);
    let db = Database::open_immutable(&path).unwrap();
    assert_eq!(db.rows().unwrap().len(), 3);
    let from_bytes = Database::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(from_bytes.rows().unwrap().len(), 3);
}

#[test]
fn list_is_data_with_a_table() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db) = seed_database(dir.path());
    db.conn.execute("UPDATE puzzles SET name = 'Bell\x07' WHERE id = 3", []).unwrap();
    let listing = db.list().unwrap();
    assert_eq!(listing.rows[0].width, Some(4));
    assert_eq!(listing.rows[1].status_label, "started");
    let text = listing.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[1].contains("Ladybug") && lines[1].contains("4x4") && lines[1].contains("solved"),
        "{text}"
    );
    assert!(lines[3].contains("Bell\\u{7}") && lines[3].contains("not started"), "{text}");
    let json = serde_json::to_value(&listing).unwrap();
    assert_eq!(json[1]["board"], "AA:IC");
    assert_eq!(json[0]["status"], 2);
    assert_eq!(json[0]["status_label"], "solved");
    assert_eq!(json[2]["height"], 4);
}

#[test]
fn names_survive_export_then_import() {
    assert_eq!(file_stem(1, Some("Ladybug")), "001-Ladybug");
    assert_eq!(import_name("out/001-Ladybug.tootsweet"), "Ladybug");
    assert_eq!(file_stem(12, Some("a/b c")), "012-a_b_c");
    assert_eq!(file_stem(7, None), "007");
    assert_eq!(import_name("007.tootsweet"), "007");
    assert_eq!(import_name("my-puzzle.masyu"), "my-puzzle");
    assert_eq!(file_stem(3, Some("../../outside/evil")), "003-_.._outside_evil");
    assert_eq!(file_stem(4, Some("..")), "004");
    let long = file_stem(2, Some(&"é".repeat(300)));
    assert!(long.len() + ".tootsweet".len() <= 255 && long.starts_with("002-é"), "{}", long.len());
}

#[test]
fn export_then_import_gives_the_same_rows() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db) = seed_database(dir.path());
    let out = dir.path().join("exported");
    let summary = db.export(&out, false).unwrap();
    assert_eq!(summary.written.len(), 3);
    assert_eq!(summary.to_string(), format!("exported 3 puzzles to {}", out.display()));
    assert_eq!(std::fs::read_to_string(out.join("001-Ladybug.tootsweet")).unwrap(), "4:4:AgAQAA\nww:gq\n");
    assert_eq!(std::fs::read_to_string(out.join("003-Cicada.tootsweet")).unwrap(), "4:4:gAAECA\nAA:AA\n");

    // Existing files are not replaced unless asked; a symbolic link is replaced, not followed.
    let err = db.export(&out, false).unwrap_err();
    assert!(matches!(err, DatabaseError::Exists(_)), "{err}");
    #[cfg(unix)]
    {
        let target = dir.path().join("precious");
        std::fs::write(&target, "PRECIOUS").unwrap();
        let link = out.join("002-Aphid.tootsweet");
        std::fs::remove_file(&link).unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        db.export(&out, true).unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "PRECIOUS");
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "4:4:CCQQQA\nAA:IC\n");
    }

    let mut files: Vec<PathBuf> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let puzzles: Vec<(String, Board)> = files
        .iter()
        .map(|f| (import_name(&f.display().to_string()), board(&std::fs::read_to_string(f).unwrap())))
        .collect();
    let mut copy = Database::open_or_create(&dir.path().join("copy.data")).unwrap();
    let imported = copy.import(&puzzles).unwrap();
    assert_eq!(imported[0].to_string(), "imported Ladybug as puzzle 1");
    let key = |rows: Vec<Row>| -> Vec<String> {
        rows.into_iter()
            .map(|r| format!("{} {:?} {:?} {:?} {:?}", r.id, r.puzzle, r.name, r.board, r.status))
            .collect()
    };
    assert_eq!(key(copy.rows().unwrap()), key(db.rows().unwrap()));
}

#[test]
fn solve_fills_in_every_unsolved_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut db) = seed_database(dir.path());
    let before = db.row(1).unwrap();
    let mut seen = Vec::new();
    let summary = db
        .solve_unsolved(Some(Duration::from_secs(10)), |p| {
            if let Progress::Done { index, total, row, outcome } = p {
                seen.push((index, total, row.id, outcome.clone()));
            }
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(summary.to_string(), "solved 2 of 2 unsolved puzzles");
    assert_eq!(summary.status(), pzl_core::Status::Ok);
    assert_eq!(seen, [(0, 2, 2, PuzzleOutcome::Solved), (1, 2, 3, PuzzleOutcome::Solved)]);
    assert_eq!(db.row(1).unwrap(), before, "an already solved row is left alone");
    for row in &db.rows().unwrap()[1..] {
        assert_eq!(row.status, Status::Solved);
        assert!(row.solution_date != Value::Null);
    }
    assert!(db.check().unwrap().ok);
}

#[test]
fn solve_can_be_stopped_and_reports_failures() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut db) = seed_database(dir.path());
    db.conn.execute("UPDATE puzzles SET puzzle = '4:4:!!' WHERE id = 2", []).unwrap();
    let summary = db.solve_unsolved(None, |p| match p {
        Progress::Done { .. } => ControlFlow::Break(()),
        Progress::Start { .. } => ControlFlow::Continue(()),
    });
    let summary = summary.unwrap();
    assert!(summary.stopped);
    assert_eq!(summary.solved, 0);
    assert_eq!(summary.failed.len(), 1);
    assert!(matches!(summary.failed[0].outcome, PuzzleOutcome::Unreadable(_)));
    assert_eq!(summary.status(), pzl_core::Status::Problems);
    assert_eq!(db.row(3).unwrap().status, Status::NotStarted);
}

#[test]
fn check_compares_status_and_board() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db) = seed_database(dir.path());
    let report = db.check().unwrap();
    assert!(report.ok, "{report}");
    assert_eq!(report.facts[0].value, 3);
    db.conn.execute("UPDATE puzzles SET status = 2 WHERE id = 2", []).unwrap();
    db.conn.execute("UPDATE puzzles SET status = 1 WHERE id = 1", []).unwrap();
    db.conn.execute("UPDATE puzzles SET board = 'zz' WHERE id = 3", []).unwrap();
    let report = db.check().unwrap();
    assert!(!report.ok);
    let shown: Vec<String> = report.problems.iter().map(ToString::to_string).collect();
    assert_eq!(shown[0], "[status] puzzle 1: the board is a solution but status is 1");
    assert_eq!(shown[1], "[status] puzzle 2: status 2 (solved) but the board is not a solution");
    assert!(shown[2].starts_with("[unreadable] puzzle 3, column `board`: "), "{}", shown[2]);
}

#[test]
fn info_counts_by_status() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db) = seed_database(dir.path());
    let info = db.info().unwrap();
    let json = serde_json::to_value(&info).unwrap();
    assert_eq!(json["facts"]["puzzles"], 3);
    assert_eq!(json["facts"]["not_started"], 1);
    assert_eq!(json["facts"]["started"], 1);
    assert_eq!(json["facts"]["solved"], 1);
    assert_eq!(json["facts"]["other"], 0);
    let text = info.to_string();
    assert!(text.contains("not started: 1") && !text.contains("other"), "{text}");
    db.conn.execute("UPDATE puzzles SET status = 7 WHERE id = 3", []).unwrap();
    assert!(db.info().unwrap().to_string().contains("other status: 1"));
}

#[test]
fn the_kind_reads_a_snapshot_with_info_and_check() {
    let dir = tempfile::tempdir().unwrap();
    let (path, db) = seed_database(dir.path());
    drop(db);
    let bytes = std::fs::read(&path).unwrap();
    let format = TootSweetDbKind::formats()[0];
    assert_eq!(TootSweetDbKind::format_info(format).name, "tootsweet-db");
    assert!(TootSweetDbKind::format_info(format).detects(&bytes));
    let doc = TootSweetDbKind::read(&bytes, format, &()).unwrap();
    assert!(doc.warnings.is_empty());
    assert!(!doc.value.is_writable());
    let info = TootSweetDbKind::info(&doc.value, &pzl_core::InfoRequest::FULL);
    assert_eq!((info.kind.as_str(), info.format.as_str()), ("masyu-db", "tootsweet-db"));
    assert_eq!(info.facts[0].value, 3);
    assert!(TootSweetDbKind::check(&doc.value).unwrap().ok);
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "reading changes nothing");

    let err = TootSweetDbKind::write(&doc.value, format).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Unsupported);
    let err = TootSweetDbKind::solve(&doc.value, &SolveRequest::default()).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Unsupported);
    let err = TootSweetDbKind::render(&doc.value, &RenderRequest::new(Picture::Svg)).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Unsupported);
    assert_eq!(TootSweetDbKind::params("x").unwrap_err().kind, ErrorKind::Usage);

    // A status that disagrees with its board, in bytes: check is not ok.
    let conn = Connection::open(&path).unwrap();
    conn.execute("UPDATE puzzles SET status = 2 WHERE id = 3", []).unwrap();
    drop(conn);
    let doc = TootSweetDbKind::read(&std::fs::read(&path).unwrap(), format, &()).unwrap();
    let report = TootSweetDbKind::check(&doc.value).unwrap();
    assert!(!report.ok);
    assert_eq!(report.status(), pzl_core::Status::Problems);

    let err = TootSweetDbKind::read(b"SQLite format 3\0 but then nothing", format, &()).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Syntax, "{err}");
    let err = TootSweetDbKind::read(b"not sqlite", format, &()).unwrap_err();
    assert_eq!(err.to_string(), "not an SQLite database (expected TootSweet's Puzzles.data)");
    let empty = TootSweetDbKind::read(b"", format, &()).unwrap();
    assert_eq!(TootSweetDbKind::info(&empty.value, &pzl_core::InfoRequest::FULL).facts[0].value, 0);
}

/// I9: letters past the board in a stored puzzle string are warned about, naming the row, as
/// the `.tootsweet` reader does for a file; `solve` and `check` both say so.
#[test]
fn i9_letters_past_the_board_in_a_row_are_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let (path, db) = seed_database(dir.path());
    let long = format!("4:4:gAAECA{}", "A".repeat(1000));
    db.conn.execute("UPDATE puzzles SET puzzle = ?1 WHERE id = 3", [&long]).unwrap();
    drop(db);
    let mut db = Database::open_for_writing(&path).unwrap();
    let row = db.row(3).unwrap();
    let parsed = row.decode_with_warnings().unwrap();
    assert_eq!(parsed.value.width(), 4);
    let warned: Vec<String> = parsed.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warned,
        ["puzzle 3, column `puzzle`, character 11: 1000 letters past the 6 a 4×4 puzzle needs are ignored"]
    );
    let report = db.check().unwrap();
    assert_eq!(report.notes, warned, "check notes it");
    let summary = db.solve_unsolved(None, |_| ControlFlow::Continue(())).unwrap();
    let warned_by_solve: Vec<String> = summary.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(warned_by_solve, warned, "solve warns about it");
    assert!(db.row(1).unwrap().decode_with_warnings().unwrap().warnings.is_empty(), "a clean row is clean");
}

/// R6: a row holding a string longer than any board's is listed cut, with a warning, and
/// SQLite hands over only the cut part; the largest real board's strings are never cut.
#[test]
fn huge_strings_are_listed_cut() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db) = seed_database(dir.path());
    db.conn
        .execute(
            "UPDATE puzzles SET puzzle = '4:4:' || hex(zeroblob(?1)), board = hex(zeroblob(?1)) WHERE id = 2",
            [ops::LIST_CAP as i64],
        )
        .unwrap();
    let listing = db.list().unwrap();
    let row = &listing.rows[1];
    let shown = row.puzzle.as_deref().unwrap();
    assert_eq!(shown.chars().count(), ops::LIST_CAP + 1, "cut to the cap, and an ellipsis");
    assert!(shown.ends_with('…') && row.width.is_none());
    assert_eq!(row.board.as_deref().unwrap().len(), ops::LIST_CAP);
    assert_eq!(listing.warnings.len(), 2, "{:?}", listing.warnings);
    assert!(
        listing.warnings.iter().any(|w| w.message.contains(&format!("{} characters", 2 * ops::LIST_CAP + 4)))
    );
    assert_eq!(listing.rows[0].puzzle.as_deref(), Some("4:4:AgAQAA"));

    let mut largest = Board::new(crate::tootsweet::MAX_SIDE, crate::tootsweet::MAX_SIDE);
    for n in 0..largest.edge_states().len() {
        largest.set_edge_by_number(n, crate::EdgeState::Line);
    }
    let file = tootsweet::write_file(&largest);
    assert!(file.lines().all(|l| l.len() < ops::LIST_CAP), "the largest board is never cut");
}

/// N1: schemas whose writes touch other rows or tables, or compute a value on every write, are
/// refused for writing, naming what is wrong; the file is left as it was. (An index can only make
/// a write fail, which rolls it back whole: it is allowed, see S3.)
#[test]
fn n1_hostile_constraints_are_refused() {
    let cases: [(&str, &str, &str, &str); 6] = [
        ("name-replace", "name text", "name text unique on conflict replace", ""),
        ("board-replace", "board text", "board text unique on conflict replace", ""),
        ("fk", "board text", "board text references puzzles(id) on update set null", ""),
        ("default-blob", "solution_date", "solution_date, junk blob default (zeroblob(50000000))", ""),
        ("generated", "solution_date", "solution_date, g integer generated always as (1/0) stored", ""),
        ("collate", "name text", "name text collate nocase", ""),
    ];
    for (label, from, to, extra) in cases {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("Puzzles.data");
        hand_made(&path, &APP_PUZZLES.replacen(from, to, 1), extra);
        let before = std::fs::read(&path).unwrap();
        let e = match Database::open_for_writing(&path) {
            Ok(_) => panic!("{label}: opened for writing"),
            Err(e) => e,
        };
        assert!(matches!(e, DatabaseError::Schema(_)), "{label}: {e}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{label}: the file is unchanged");
        // N20m: what acts only on writes does not stop a read (list, check, export), as the
        // refusal's hint says; a generated column, computed on every read, does.
        match Database::open_read_only(&path) {
            Ok(_) => assert_ne!(label, "generated", "a generated column is refused for reading too"),
            Err(e) => assert!(label == "generated" && matches!(e, DatabaseError::Schema(_)), "{label}: {e}"),
        }
    }
    // Foreign keys in another table do nothing: they are off on every connection.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Puzzles.data");
    hand_made(
        &path,
        APP_PUZZLES,
        "CREATE TABLE notes (ref integer references puzzles(id) on update cascade on delete cascade);
         INSERT INTO notes VALUES (5);",
    );
    let db = Database::open_for_writing(&path).unwrap();
    let on: i64 = db.conn.query_row("PRAGMA foreign_keys", [], |r| r.get(0)).unwrap();
    assert_eq!(on, 0);
}
