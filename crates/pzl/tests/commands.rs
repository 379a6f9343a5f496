//! The kinds' own commands (`pzl::commands`): the table is well formed, and each operation gives
//! what its command prints and writes, called as a front end calls it.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use pzl::commands::{Done, Env, Output, Tick, Value, Values};
use pzl::{Document, Format, Open, Status};

fn examples(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples").join(path)
}

fn golden(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../pzl-cli/tests/golden").join(path)
}

/// The values of `row` as a front end collects them: each text read as its parameter's type.
fn values(row: &pzl::commands::Command, pairs: &[(&'static str, &str)]) -> Values {
    use pzl::commands::ParamType;
    let mut values = Values::default();
    for (name, text) in pairs {
        let param = row.param(name).unwrap_or_else(|| panic!("{} has no {name}", row.name));
        let value = match param.value {
            ParamType::Flag => Value::On,
            ParamType::Integer(..) => Value::Integer(text.parse().unwrap()),
            ParamType::Path => Value::Paths(text.split(' ').map(PathBuf::from).collect()),
            ParamType::Text | ParamType::Choice(_) => {
                Value::Text(text.split(' ').map(str::to_string).collect())
            }
        };
        values.set(param.name, value);
    }
    values
}

/// Run the command at `path` (`crossword lock`), collecting its warnings and progress.
fn run(path: &str, pairs: &[(&'static str, &str)]) -> (Result<Done, pzl::Error>, Vec<String>, usize) {
    let path: Vec<&str> = path.split(' ').collect();
    let row = pzl::commands::find(&path).unwrap_or_else(|| panic!("no command {path:?}"));
    let warnings = Mutex::new(Vec::new());
    let ticks = Mutex::new(0);
    let warn = |file: &str, w: &[pzl::Warning]| {
        warnings.lock().unwrap().extend(w.iter().map(|w| format!("{file}: {w}")));
    };
    let progress = |tick: Tick| {
        if tick == Tick::Done {
            *ticks.lock().unwrap() += 1;
        }
    };
    let done = (row.run.expect("a command, not a group"))(
        &values(row, pairs),
        &Env { warn: &warn, progress: &progress, colour: false },
    );
    (done, warnings.into_inner().unwrap(), ticks.into_inner().unwrap())
}

fn ok(path: &str, pairs: &[(&'static str, &str)]) -> Done {
    run(path, pairs).0.unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The bytes of the one output to `path`.
fn bytes(done: &Done, path: &Path) -> Vec<u8> {
    let found = done.outputs.iter().find_map(|o| match o {
        Output::Bytes { path: p, bytes, .. } if p == path => Some(bytes.clone()),
        _ => None,
    });
    found.unwrap_or_else(|| panic!("nothing written to {}: {:?}", path.display(), done.outputs))
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn every_row_is_well_formed_and_every_name_is_one_command() {
    let all = pzl::commands::all();
    let mut top: Vec<&str> = all.iter().map(|c| c.name).collect();
    fn alsos(rows: &[pzl::commands::Command], out: &mut Vec<&'static str>) {
        for row in rows {
            out.extend(row.also.map(|a| a.name));
            alsos(row.subcommands, out);
        }
    }
    alsos(all, &mut top);
    let count = top.len();
    top.sort_unstable();
    top.dedup();
    assert_eq!(top.len(), count, "two top-level names meet: {top:?}");
    for row in all {
        assert!(row.problems().is_empty(), "{:?}", row.problems());
    }
    assert!(pzl::commands::find(&["masyu", "db", "set-board"]).is_some_and(|c| c.param("id").is_some()));
    assert!(pzl::commands::find(&["crossword", "nothing"]).is_none());
}

#[test]
fn apad_encode_and_decode_are_each_others_inverse() {
    let dir = tempfile::tempdir().unwrap();
    let apad = golden("apad/convert-weekday-edition/in/nov22-sun.apad");
    let text = dir.path().join("sun.txt");
    let decoded = ok("apad decode", &[("input", s(&apad)), ("output", "-"), ("puzzle", "weekday")]);
    let decoded = bytes(&decoded, Path::new("-"));
    std::fs::write(&text, &decoded).unwrap();
    let encoded = ok("apad encode", &[("input", s(&text)), ("output", "-"), ("puzzle", "weekday")]);
    assert_eq!(bytes(&encoded, Path::new("-")), std::fs::read(&apad).unwrap());
    let e = run("apad encode", &[("input", s(&text)), ("output", "-"), ("puzzle", "no-such-edition")]).0;
    assert!(e.is_err());
}

#[test]
fn apad_solve_counts_a_date_and_writes_what_is_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("svg");
    let done = ok("apad solve", &[("date", "11-22"), ("count", "on"), ("svg", s(&svg))]);
    assert_eq!(done.status, Status::Ok);
    assert!(matches!(&done.outputs[..], [Output::Folder { files, .. }] if !files.is_empty()));
    let json = ok("apad solve", &[("date", "11-22"), ("first", "on")]).report.unwrap().json().unwrap();
    assert!(json.starts_with("{\n  \"schema\": 1,"), "{json}");
    let text = ok("apad solve", &[("date", "11-22"), ("count", "on")]).report.unwrap().text(false);
    assert!(text.contains("solution"), "{text}");
}

#[test]
fn a_crossword_locked_with_a_key_unlocks_with_it_and_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let puz = dir.path().join("square.puz");
    let doc = Document::read(
        &std::fs::read(examples("crossword/square-deal.ipuz")).unwrap(),
        "square-deal.ipuz",
        None,
        &Open::default(),
    )
    .unwrap()
    .value;
    std::fs::write(&puz, doc.write(Format::from_name("puz").unwrap()).unwrap().bytes).unwrap();
    let locked = dir.path().join("locked.puz");
    let done = ok("crossword lock", &[("input", s(&puz)), ("key", "1234"), ("output", s(&locked))]);
    std::fs::write(&locked, bytes(&done, &locked)).unwrap();
    let unlocked = ok("crossword unlock", &[("input", s(&locked)), ("output", "-")]);
    assert_eq!(bytes(&unlocked, Path::new("-")), std::fs::read(&puz).unwrap());
    assert!(
        unlocked.notes.iter().any(|(file, note)| file.is_some() && note.starts_with("key 1234")),
        "{:?}",
        unlocked.notes
    );
    let bad = run("crossword lock", &[("input", s(&puz)), ("key", "12a4"), ("output", "-")]).0;
    assert!(bad.is_err());
}

#[test]
fn mac_rez_derez_and_resources_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let source = golden("mac/rez-names-and-types-a-new-file/in/t.r");
    let file = dir.path().join("t.rsrc");
    let rezzed = ok("mac rez", &[("file", s(&source)), ("output", s(&file))]);
    std::fs::write(&file, bytes(&rezzed, &file)).unwrap();
    let derez = ok("mac derez", &[("file", s(&file)), ("output", "-")]);
    assert!(String::from_utf8(bytes(&derez, Path::new("-"))).unwrap().contains("data '"));
    let data = dir.path().join("data.bin");
    std::fs::write(&data, b"hello").unwrap();
    let added =
        ok("mac rsrc add", &[("file", s(&file)), ("data", s(&data)), ("type", "TEST"), ("id", "200")]);
    assert!(added.outputs.is_empty(), "changed in place");
    let extracted =
        ok("mac rsrc extract", &[("file", s(&file)), ("type", "TEST"), ("id", "200"), ("output", "-")]);
    assert_eq!(bytes(&extracted, Path::new("-")), b"hello");
    let list = ok("mac rsrc list", &[("file", s(&file))]).report.unwrap().json().unwrap();
    assert!(list.contains("\"resources\"") && list.contains("TEST"), "{list}");
    ok("mac rsrc remove", &[("file", s(&file)), ("type", "TEST"), ("id", "200")]);
    assert!(run("mac rsrc extract", &[("file", s(&file)), ("type", "TEST"), ("id", "200")]).0.is_err());
}

#[test]
fn mac_stuff_and_extract_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("note.txt");
    std::fs::write(&plain, b"a note").unwrap();
    let archive = dir.path().join("a.sit");
    let stuffed = ok("mac stuff", &[("files", s(&plain)), ("output", s(&archive))]);
    std::fs::write(&archive, bytes(&stuffed, &archive)).unwrap();
    let out = dir.path().join("out");
    let done = ok("mac extract", &[("file", s(&archive)), ("output", s(&out)), ("fork-format", "macbinary")]);
    let Output::Folder { files, force: false, .. } = &done.outputs[0] else { panic!("{:?}", done.outputs) };
    assert!(files.iter().any(|(_, bytes)| bytes.is_some()));
    assert!(done.notes[0].1.ends_with(&format!("files written to {}", out.display())));
    std::fs::create_dir(&out).unwrap();
    let e = run("mac extract", &[("file", s(&archive)), ("output", s(&out))]).0.err().unwrap();
    assert_eq!(e.message, "already exists");
}

#[test]
fn ftor_stores_each_checked_source_as_a_resource() {
    let dir = tempfile::tempdir().unwrap();
    let source = golden("mac/ftor-appledouble-by-extension/in/square.txt");
    let out = dir.path().join("puzzles.adf");
    let done = ok("poly ftor", &[("code", "SBP1"), ("output", s(&out)), ("inputs", s(&source))]);
    let report = String::from_utf8(bytes(&done, Path::new("-"))).unwrap();
    assert!(report.contains(": 'SBP1' 128 \""), "{report}");
    assert!(out.exists());
    let bad =
        run("poly ftor", &[("code", "SBP1"), ("output", s(&dir.path().join("x.adf"))), ("inputs", s(&out))]);
    assert!(bad.0.is_err() && !dir.path().join("x.adf").exists());
}

#[test]
fn a_masyu_hint_applies_and_a_trace_replays_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let hook = examples("masyu/hook.masyu");
    let done = ok("masyu hint", &[("puzzle", s(&hook))]);
    assert_eq!(done.status, Status::Ok);
    assert!(done.report.unwrap().json().unwrap().contains("\"schema\": 1"));
    let applied = ok("masyu hint", &[("puzzle", s(&hook)), ("apply", "on")]);
    assert!(applied.report.is_none() && !bytes(&applied, Path::new("-")).is_empty());
    let trace = dir.path().join("t.jsonl");
    let doc =
        Document::read(&std::fs::read(&hook).unwrap(), "hook.masyu", None, &Open::default()).unwrap().value;
    let solved = doc
        .solve(&pzl::SolveRequest::default().with("trace", pzl::settings::Value::Text(String::new())))
        .unwrap();
    std::fs::write(&trace, solved.trace.unwrap()).unwrap();
    let trace_file = pzl::ops::masyu::read_trace(&trace).unwrap();
    let mut player = pzl::kinds::masyu::Replayer::new(&trace_file);
    player.step();
    let frame = pzl::ops::masyu::replay_frame(&player, 9, "a step", true, false);
    assert!(frame.starts_with("1/9  a step") && frame.ends_with("q+Enter quits") && !frame.contains('\x1b'));
    let replay = ok("masyu replay", &[("trace", s(&trace))]);
    assert!(String::from_utf8(bytes(&replay, Path::new("-"))).unwrap().contains("steps; outcome: "));
}

#[test]
fn generated_puzzles_go_to_standard_output_a_folder_or_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let base: &[(&str, &str)] = &[("size", "6x6"), ("difficulty", "easy"), ("count", "2"), ("seed", "3")];
    let (done, _, ticks) = run("generate masyu", base);
    let done = done.unwrap();
    assert_eq!(ticks, 2);
    assert_eq!(String::from_utf8(bytes(&done, Path::new("-"))).unwrap().lines().count(), 2);
    let folder = dir.path().join("made");
    let mut asked = base.to_vec();
    asked.extend([("output", s(&folder)), ("json", "on")]);
    let done = ok("generate masyu", &asked);
    let Output::Folder { files, .. } = &done.outputs[0] else { panic!("{:?}", done.outputs) };
    assert_eq!(files.len(), 2);
    assert_eq!(done.report.unwrap().json().unwrap().lines().count(), 2);
    let db = dir.path().join("Puzzles.data");
    let mut asked = base.to_vec();
    asked.push(("output", s(&db)));
    let done = ok("generate masyu", &asked);
    assert!(done.outputs.is_empty() && db.exists() && done.notes[0].1 == "wrote 2 puzzles");
    let list = ok("masyu db list", &[("db", s(&db))]).report.unwrap().text(false);
    assert!(list.contains("masyu-6x6-easy-s3-0001"), "{list}");
    let e = run("generate masyu", &[("to", "tootsweet-db")]).0.err().unwrap();
    assert!(e.message.contains("standard output"), "{e}");
}

#[test]
fn a_tootsweet_database_imports_solves_and_exports() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("Puzzles.data");
    let ladybug = examples("masyu/ladybug.tootsweet");
    let imported = ok("masyu db import", &[("db", s(&db)), ("files", s(&ladybug))]);
    assert_eq!(imported.notes.len(), 1);
    let (solved, _, ticks) = run("masyu db solve", &[("db", s(&db))]);
    let solved = solved.unwrap();
    assert_eq!((solved.status, ticks), (Status::Ok, 1));
    let out = dir.path().join("out");
    ok("masyu db export", &[("db", s(&db)), ("dir", s(&out))]);
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 1);
    let set = run("masyu db set-board", &[("db", s(&db)), ("id", "99"), ("file", s(&ladybug))]).0;
    assert!(set.is_err());
}

#[test]
fn values_from_json_type_check_and_default_what_a_binding_gives() {
    let extract = pzl::commands::find(&["mac", "extract"]).unwrap();
    let values = pzl::commands::values_from_json(
        extract,
        r#"{"file": "a.sit", "output": "out", "fork_format": "macbinary"}"#,
    )
    .unwrap();
    assert_eq!(values.text("fork-format"), Some("macbinary"));
    let bad =
        pzl::commands::values_from_json(extract, r#"{"file": "a.sit", "output": "o", "fork_format": "zip"}"#);
    assert!(bad.unwrap_err().message.contains("is none of appledouble, macbinary, applesingle"));
    let defaulted = pzl::commands::values_from_json(extract, r#"{"file": "a.sit", "output": "o"}"#).unwrap();
    assert_eq!(defaulted.text("fork-format"), Some("appledouble"));
    let stuff = pzl::commands::find(&["mac", "stuff"]).unwrap();
    let many = pzl::commands::values_from_json(stuff, r#"{"files": ["a", "b"], "output": "x.sit"}"#).unwrap();
    assert_eq!(many.paths("files").len(), 2);
    let add = pzl::commands::find(&["mac", "rsrc", "add"]).unwrap();
    let e =
        pzl::commands::values_from_json(add, r#"{"file": "f", "data": "d", "type": "TEST", "id": 99999}"#);
    assert!(e.unwrap_err().message.contains("from -32768 to 32767"));
    let e = pzl::commands::values_from_json(add, r#"{"file": "f", "data": "d"}"#).unwrap_err();
    assert_eq!(e.message, "add needs `type`");
    let solve = pzl::commands::find(&["apad", "solve"]).unwrap();
    assert!(pzl::commands::values_from_json(solve, r#"{"all": "yes"}"#).is_err());
    assert!(pzl::commands::values_from_json(solve, r#"{"all": false}"#).unwrap().paths("output").is_empty());
    assert!(pzl::commands::values_from_json(solve, "[1]").unwrap_err().message.starts_with("values: "));
}
