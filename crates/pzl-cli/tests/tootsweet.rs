//! `pzl tootsweet …` end to end on real database files: the seed's three puzzles are imported into
//! a new database, listed, exported, re-imported and updated, and nothing pzl does not own changes.

use std::path::{Path, PathBuf};

use rusqlite::Connection;

mod common;
use common::{pzl, s};

/// The seed's three rows as `.tootsweet` files, plus a new database imported from them.
fn seed_database(dir: &Path) -> PathBuf {
    let files = [
        ("Ladybug.tootsweet", "4:4:AgAQAA\nww:gq\n"),
        ("Aphid.tootsweet", "4:4:CCQQQA\nAA:IC\n"),
        ("Cicada.tootsweet", "4:4:gAAECA\n"),
    ];
    let mut args = vec!["tootsweet".to_string(), "import".into()];
    let db = dir.join("Puzzles.data");
    args.push(db.display().to_string());
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        args.push(path.display().to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = pzl(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    db
}

fn rows(db: &Path) -> Vec<(i64, String, String, String, i64, bool)> {
    let conn = Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT id, puzzle, name, board, status, solution_date IS NOT NULL FROM puzzles ORDER BY id")
        .unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn import_creates_the_apps_database_and_list_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = seed_database(dir.path());
    assert_eq!(
        rows(&db),
        [
            (1, "4:4:AgAQAA".into(), "Ladybug".into(), "ww:gq".into(), 2, true),
            (2, "4:4:CCQQQA".into(), "Aphid".into(), "AA:IC".into(), 1, false),
            (3, "4:4:gAAECA".into(), "Cicada".into(), "AA:AA".into(), 0, false),
        ]
    );
    let out = pzl(&["tootsweet", "list", s(&db)]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[1].contains("Ladybug") && lines[1].contains("4x4") && lines[1].contains("solved"),
        "{text}"
    );
    assert!(lines[2].contains("Aphid") && lines[2].contains("started"), "{text}");
    assert!(lines[3].contains("Cicada") && lines[3].contains("not started"), "{text}");

    let out = pzl(&["tootsweet", "list", "--json", s(&db)]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["schema"], 1);
    assert_eq!(json["puzzles"][1]["board"], "AA:IC");
    assert_eq!(json["puzzles"][0]["status"], 2);

    let out = pzl(&["info", s(&db)]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("puzzles:     3") && text.contains("solved:      1"), "{text}");
}

#[test]
fn export_then_import_gives_the_same_rows() {
    let dir = tempfile::tempdir().unwrap();
    let db = seed_database(dir.path());
    let out_dir = dir.path().join("exported");
    let out = pzl(&["tootsweet", "export", s(&db), s(&out_dir)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(out_dir.join("001-Ladybug.tootsweet")).unwrap(),
        "4:4:AgAQAA\nww:gq\n"
    );
    assert_eq!(std::fs::read_to_string(out_dir.join("003-Cicada.tootsweet")).unwrap(), "4:4:gAAECA\nAA:AA\n");

    let copy = dir.path().join("copy.data");
    let mut files: Vec<String> =
        std::fs::read_dir(&out_dir).unwrap().map(|e| e.unwrap().path().display().to_string()).collect();
    files.sort();
    let mut args = vec!["tootsweet", "import", s(&copy)];
    args.extend(files.iter().map(String::as_str));
    assert!(pzl(&args).status.success());
    assert_eq!(rows(&copy), rows(&db));
}

#[test]
fn set_board_updates_only_board_status_and_date() {
    let dir = tempfile::tempdir().unwrap();
    let db = seed_database(dir.path());
    {
        let conn = Connection::open(&db).unwrap();
        conn.execute_batch(
            "INSERT INTO properties (key, value) VALUES ('lastPuzzle', '2');
             UPDATE puzzles SET checkpoint = 'opaque', size = 4, volume = 1 WHERE id = 2;",
        )
        .unwrap();
    }
    let snapshot = |db: &Path| {
        let conn = Connection::open(db).unwrap();
        let props: Vec<(String, String)> = conn
            .prepare("SELECT key, value FROM properties")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let other: (String, i64, i64) = conn
            .query_row("SELECT checkpoint, size, volume FROM puzzles WHERE id = 2", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .unwrap();
        (props, other)
    };
    let before = snapshot(&db);
    let before_rows = rows(&db);

    // Aphid's unique solution (notes §1.1) as a .sol grid: no pearls, so the stored ones are used.
    let sol = dir.path().join("aphid.sol");
    std::fs::write(&sol, "4 4\n955C\nA00A\nA00A\n3556\n").unwrap();
    let out = pzl(&["tootsweet", "set-board", s(&db), "2", s(&sol)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("status 2"));

    let after_rows = rows(&db);
    assert_eq!(after_rows[1].4, 2);
    assert!(after_rows[1].5, "solution date set");
    assert_ne!(after_rows[1].3, before_rows[1].3);
    assert_eq!(after_rows[0], before_rows[0]);
    assert_eq!(after_rows[2], before_rows[2]);
    assert_eq!(snapshot(&db), before);

    // A board for another puzzle is refused and changes nothing.
    let wrong = dir.path().join("wrong.tootsweet");
    std::fs::write(&wrong, "4:4:gAAECA\nww:gq\n").unwrap();
    let bytes = std::fs::read(&db).unwrap();
    let out = pzl(&["tootsweet", "set-board", s(&db), "2", s(&wrong)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("puzzle 2 is 4×4"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(&db).unwrap(), bytes);
}

#[test]
fn foreign_files_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.data");
    std::fs::write(&text, "just text").unwrap();
    let out = pzl(&["tootsweet", "list", s(&text)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an SQLite database"));

    let other = dir.path().join("other.data");
    Connection::open(&other).unwrap().execute_batch("CREATE TABLE t (x);").unwrap();
    let out = pzl(&["tootsweet", "list", s(&other)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("table `properties` is missing"));
}

#[test]
fn solve_fills_in_every_unsolved_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let db = seed_database(dir.path());
    let before = rows(&db);
    let out = pzl(&["tootsweet", "solve", s(&db)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("solved 2 of 2"));
    let after = rows(&db);
    assert_eq!(after[0], before[0], "an already solved row is left alone");
    for row in &after[1..] {
        assert_eq!((row.4, row.5), (2, true), "{row:?}");
    }
    // Each stored board is now a correct solution: `pzl check` on the database agrees.
    let out = pzl(&["check", s(&db)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    // The unique solutions of notes §1.1, as boards.
    let out = pzl(&["tootsweet", "list", "--json", s(&db)]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["puzzles"][1]["status"], 2);
}
