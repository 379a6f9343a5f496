//! The operations the front ends share (`pzl::input`, `pzl::ops`, `pzl::report`): reading named
//! inputs, walking folders, planning a collection conversion, the reports of a run.

use std::path::{Path, PathBuf};

use pzl::{Document, Format, Open};

const LADYBUG: &[u8] = b"4:4:AgAQAA\n";

#[test]
fn a_link_is_its_own_content_and_a_file_is_read_whole() {
    let link = pzl::input::read(Path::new("p?mashu/4/4/020100")).unwrap();
    assert_eq!(link.bytes, b"p?mashu/4/4/020100");
    assert!(link.path.is_none());
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ladybug.tootsweet");
    std::fs::write(&file, LADYBUG).unwrap();
    let read = pzl::input::read(&file).unwrap();
    assert_eq!((read.bytes.as_slice(), read.path.as_deref()), (LADYBUG, Some(file.as_path())));
    let e = pzl::input::read(dir.path()).unwrap_err();
    assert!(e.to_string().contains("is a folder"), "{e}");
}

#[test]
fn a_walk_takes_puzzle_files_in_order_and_skips_what_no_format_recognises() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("b")).unwrap();
    std::fs::write(dir.path().join("b/two.tootsweet"), LADYBUG).unwrap();
    std::fs::write(dir.path().join("a.tootsweet"), LADYBUG).unwrap();
    std::fs::write(dir.path().join("README.txt"), "not a puzzle\n").unwrap();
    std::fs::write(dir.path().join("notes.md"), "no puzzle extension\n").unwrap();
    let walk = pzl::input::expand(&[dir.path().to_path_buf()]);
    let names: Vec<PathBuf> = walk.files.iter().map(|f| f.strip_prefix(dir.path()).unwrap().into()).collect();
    assert_eq!(names, [PathBuf::from("a.tootsweet"), PathBuf::from("b/two.tootsweet")]);
    assert_eq!(walk.skipped.len(), 1, "{:?}", walk.skipped);
    assert!(walk.skipped[0].ends_with("README.txt"));
    assert!(walk.unreadable.is_empty() && walk.warnings.is_empty());
}

/// Each folder's entries in the order of their names' bytes, a folder's files right after it (not
/// the order of whole paths: `a/x` comes before `a b/x`, `/` being above ` `, `-` and `.`);
/// links to folders are not followed, a link to a file is taken.
#[test]
fn a_walk_goes_through_each_folder_in_name_order() {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["a", "a b", "a-b", "a.b", "B", "z/deep"] {
        std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        std::fs::write(dir.path().join(sub).join("x.tootsweet"), LADYBUG).unwrap();
    }
    std::fs::write(dir.path().join("a.tootsweet"), LADYBUG).unwrap();
    std::fs::write(dir.path().join("z/deep/a.tootsweet"), LADYBUG).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("..", dir.path().join("z/deep/up")).unwrap();
        std::os::unix::fs::symlink("../a.tootsweet", dir.path().join("z/link.tootsweet")).unwrap();
    }
    let walk = pzl::input::expand(&[dir.path().to_path_buf()]);
    let names: Vec<String> = walk
        .files
        .iter()
        .map(|f| f.strip_prefix(dir.path()).unwrap().to_string_lossy().into_owned())
        .collect();
    let mut expected = vec![
        "B/x.tootsweet",
        "a/x.tootsweet",
        "a b/x.tootsweet",
        "a-b/x.tootsweet",
        "a.b/x.tootsweet",
        "a.tootsweet",
    ];
    expected.extend(["z/deep/a.tootsweet", "z/deep/x.tootsweet"]);
    if cfg!(unix) {
        expected.push("z/link.tootsweet");
    }
    assert_eq!(names, expected);
    assert!(walk.unreadable.is_empty() && walk.warnings.is_empty() && walk.skipped.is_empty());
}

#[test]
fn a_conversion_plan_mirrors_folders_and_keeps_both_extensions_where_outputs_would_meet() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir_all(input.join("sub")).unwrap();
    std::fs::write(input.join("sub/x.tootsweet"), LADYBUG).unwrap();
    std::fs::write(input.join("sub/x.masyu"), "4 4\n....\n.B..\n....\n..W.\n").unwrap();
    std::fs::write(input.join("y.tootsweet"), LADYBUG).unwrap();
    let out = dir.path().join("out");
    let to = Format::from_name("pzprv3").unwrap();
    let plan = pzl::ops::convert::plan(std::slice::from_ref(&input), &out, to);
    plan.refuse_clashes().unwrap();
    let targets: Vec<&Path> = plan.jobs.iter().map(|(_, t)| t.as_path()).collect();
    let ext = to.info().extensions[0];
    assert_eq!(
        targets,
        [
            PathBuf::from(format!("sub/x.masyu.{ext}")),
            PathBuf::from(format!("sub/x.tootsweet.{ext}")),
            PathBuf::from(format!("y.{ext}"))
        ]
    );
    assert_eq!(plan.walk.warnings.len(), 1, "one warning for the two inputs that would meet");
    assert!(plan.walk.warnings[0].1.contains("2 inputs would share this output"));
}

#[test]
fn two_roots_holding_one_relative_path_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for root in ["a", "b"] {
        std::fs::create_dir(dir.path().join(root)).unwrap();
        std::fs::write(dir.path().join(root).join("x.tootsweet"), LADYBUG).unwrap();
    }
    let roots = [dir.path().join("a"), dir.path().join("b")];
    let plan = pzl::ops::convert::plan(&roots, &dir.path().join("out"), Format::from_name("pzprv3").unwrap());
    let e = plan.refuse_clashes().unwrap_err();
    assert!(e.message.contains("1 output clash; nothing was written"), "{e}");
}

#[test]
fn the_output_name_picks_the_format_within_the_kind_and_names_another_kinds_format() {
    let doc = Document::read(LADYBUG, "ladybug.tootsweet", None, &Open::default()).unwrap().value;
    let to = pzl::ops::convert::target_format(&doc, Path::new("out.pzprv3")).unwrap();
    assert_eq!(to.kind(), "masyu");
    let e = pzl::ops::convert::target_format(&doc, Path::new("out.puz")).unwrap_err();
    assert!(e.message.contains("names a crossword format"), "{e}");
    let e = pzl::ops::convert::target_format(&doc, Path::new("out.unknown")).unwrap_err();
    assert_eq!(e.hint.as_deref().map(|h| h.starts_with("name it with setting `to`")), Some(true), "{e:?}");
}

#[test]
fn a_run_of_solves_reads_as_one_line_each_and_one_summary() {
    let doc = Document::read(LADYBUG, "ladybug.tootsweet", None, &Open::default()).unwrap().value;
    let mut report = doc.solve(&pzl::SolveRequest::default()).unwrap().report;
    report.file = Some("ladybug.tootsweet".into());
    report.time_ms = 0.5;
    let line = pzl::report::SolveLine(report.clone()).to_string();
    assert!(line.starts_with("ladybug.tootsweet: solved, unique"), "{line}");
    assert!(line.ends_with(" (0.500 ms)\n"), "{line}");
    let mut solved = pzl::report::Solved::default();
    solved.add(&report);
    solved.close();
    let summary = pzl::report::Summary { files: 1, ok: 1, solved: Some(solved), ..Default::default() };
    assert_eq!(
        summary.to_string(),
        "1 file: 1 ok, 0 with problems, 0 errors; 1 solved (1 unique), 0 without solution, 0 timed out; \
         solving time 0.500 ms in all, median 0.500 ms, slowest 0.500 ms\n"
    );
    let json = serde_json::to_value(&summary).unwrap();
    assert_eq!((json["files"].as_u64(), json["median_ms"].as_f64()), (Some(1), Some(0.5)));
    assert!(json.get("skipped").is_none(), "skipped is printed only when there are some");
}

#[test]
fn a_run_of_generated_puzzles_is_named_by_what_makes_it_again() {
    let ask = pzl::ops::generate::Masyu {
        size: "6X6".into(),
        difficulty: "easy".into(),
        symmetry: "none".into(),
        minimal: false,
        count: 2,
        seed: 7,
    };
    let run = ask.run(1, None, &|| {}).unwrap();
    assert_eq!((run.puzzles.len(), run.stopped), (2, 0));
    assert_eq!(ask.name(1), "masyu-6x6-easy-s7-0001");
    let to = Format::from_name("pzprjs").unwrap();
    assert_eq!(ask.file_name(to, 0), format!("masyu-6x6-easy-s7-0000.{}", to.info().extensions[0]));
    let doc = pzl::ops::generate::puzzle(&run.puzzles[0], to).unwrap();
    assert_eq!(doc.solve(&pzl::SolveRequest::default()).unwrap().report.unique, Some(true));
    let bad = pzl::ops::generate::Masyu { size: "3x3".into(), ..ask.clone() };
    assert!(bad.request().is_err(), "a size out of range is refused before any work");
    let none = pzl::ops::generate::Masyu { count: 0, ..ask };
    assert!(none.run(1, None, &|| {}).is_err());
}

#[test]
fn info_and_check_of_a_named_input_pass_the_readers_warnings_on() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ladybug.tootsweet");
    std::fs::write(&file, LADYBUG).unwrap();
    let warned = std::sync::Mutex::new(Vec::new());
    let warn = |name: &str, _: &[pzl::Warning]| warned.lock().unwrap().push(name.to_string());
    let info = pzl::ops::info(&file, &Open::default(), &pzl::InfoRequest::default(), &warn).unwrap();
    assert_eq!(
        (info.file.as_deref(), info.kind.as_str()),
        (Some(file.display().to_string().as_str()), "masyu")
    );
    let report = pzl::ops::check(&file, &Open::default(), None, &Default::default(), &warn).unwrap();
    assert_eq!(report.status(), pzl::Status::Ok);
    assert_eq!(warned.lock().unwrap().len(), 2, "each read hands its warnings on, none or some");
    let doc = pzl::ops::open(&file, &Open::default(), &warn).unwrap();
    assert_eq!(doc.format().name(), "tootsweet");
}

#[test]
fn the_picture_follows_the_name_and_a_clue_page_on_standard_output_is_svg() {
    use pzl::Picture;
    let pick = |kind, out: &str, clues| pzl::ops::picture(kind, Path::new(out), clues);
    assert_eq!(pick(None, "-", false).unwrap(), Picture::Text);
    assert_eq!(pick(None, "-", true).unwrap(), Picture::Svg);
    assert_eq!(pick(None, "x.PDF", false).unwrap(), Picture::Pdf);
    assert_eq!(pick(Some("html"), "-", true).unwrap(), Picture::Html);
    let e = pick(Some("svg"), "x.pdf", false).unwrap_err();
    assert!(e.message.starts_with("setting `as` svg but"), "{e}");
    assert!(pick(None, "x.png", false).unwrap_err().message.contains("cannot draw a .png picture"));
}

#[test]
fn an_edition_is_the_apad_formats_parameter_and_must_agree_with_it() {
    let open = pzl::ops::with_edition(Open::default(), "weekday").unwrap();
    assert_eq!(open.params, "weekday");
    let from = Open::from_name("apad:classic").unwrap();
    let e = pzl::ops::with_edition(from.clone(), "weekday").unwrap_err();
    assert!(e.message.contains("disagrees with setting `from` classic"), "{e}");
    assert_eq!(pzl::ops::with_edition(from, "classic").unwrap().params, "classic");
}

#[test]
fn a_date_is_solved_with_the_weekday_its_edition_needs() {
    let classic = pzl::kinds::apad::edition("classic").unwrap();
    let found = pzl::ops::apad::solve_date(&classic, Some("Nov 22"), None, true, None).unwrap();
    assert_eq!(found.value.boards.len(), 1, "--first stops at one");
    assert!(found.warnings.is_empty());
    let warned = pzl::ops::apad::solve_date(&classic, Some("11-22"), Some("Mon"), true, None).unwrap();
    assert!(!warned.warnings.is_empty(), "a weekday on an edition without weekdays is warned about");
    let e = pzl::ops::apad::solve_date(&classic, Some("Feb 30"), None, true, None).unwrap_err();
    assert_eq!(e.kind, pzl::ErrorKind::Usage, "{e}");
}

#[test]
fn a_resource_is_added_in_place_and_a_bad_one_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("new.rsrc");
    let data = dir.path().join("data.bin");
    std::fs::write(&data, b"hello").unwrap();
    let new = |code: &str| pzl::ops::mac::NewResource {
        code: code.into(),
        id: Some(200),
        name: Some("greeting".into()),
        attributes: None,
        data: data.clone(),
    };
    let warn = |_: &str, _: &[pzl::Warning]| {};
    assert!(pzl::ops::mac::add_resource(&file, new("TOOLONG"), &warn).is_err());
    assert!(!file.exists(), "a bad type creates no file");
    let (edit, _) = pzl::ops::mac::add_resource(&file, new("TEXT"), &warn).unwrap();
    assert_eq!(edit.save(false).unwrap(), None, "saved in place");
    let doc = pzl::ops::open(&file, &Open::default(), &warn).unwrap();
    let list = pzl::kinds::mac::file(&doc).unwrap().resources().unwrap();
    let listed = serde_json::to_string(&list).unwrap();
    assert!(listed.contains("greeting") && listed.contains("TEXT"), "{listed}");
    let mut edit = pzl::ops::mac::MacEdit::open(&file, false, &warn).unwrap();
    let which = pzl::kinds::mac::Which { code: None, id: None, name: Some("greeting".into()) };
    edit.file().unwrap().remove_resource(&which).unwrap();
    let bytes = edit.save(true).unwrap().expect("the bytes, to be written elsewhere");
    assert!(!bytes.is_empty());
}

#[test]
fn stuffed_files_come_back_out_of_the_archive() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ladybug.tootsweet");
    std::fs::write(&file, LADYBUG).unwrap();
    let bytes = pzl::ops::mac::stuff(&[file], "out.sit").unwrap();
    let files =
        pzl::container::extract(&bytes, "out.sit", pzl::container::ContainerKind::AppleDouble).unwrap();
    assert!(
        files
            .iter()
            .any(|(name, bytes)| name.ends_with("ladybug.tootsweet") && bytes.as_deref() == Some(LADYBUG))
    );
}

#[test]
fn a_trace_is_read_from_its_file_and_replayed_as_text() {
    let doc = Document::read(LADYBUG, "ladybug.tootsweet", None, &Open::default()).unwrap().value;
    let request = pzl::SolveRequest::default().with("trace", pzl::settings::Value::Text(String::new()));
    let trace = doc.solve(&request).unwrap().trace.expect("a trace when asked");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ladybug.trace");
    std::fs::write(&file, &trace).unwrap();
    let read = pzl::ops::masyu::read_trace(&file).unwrap();
    assert!(pzl::ops::masyu::trace_warnings(&read).is_empty(), "a whole trace");
    let text = pzl::ops::masyu::replay_text(&read);
    assert!(text.ends_with(&format!("{} steps; outcome: solved\n", read.events.len())), "{text}");
    let cut: String = trace.lines().take(3).map(|l| format!("{l}\n")).collect();
    std::fs::write(&file, cut).unwrap();
    let cut = pzl::ops::masyu::read_trace(&file).unwrap();
    assert_eq!(pzl::ops::masyu::trace_warnings(&cut), ["the trace ends before its outcome (cut short?)"]);
}

#[test]
fn puzzles_are_imported_into_a_new_database_all_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("Puzzles.data");
    let good = dir.path().join("ladybug.tootsweet");
    std::fs::write(&good, LADYBUG).unwrap();
    let bad = dir.path().join("bad.tootsweet");
    std::fs::write(&bad, b"4:4:A\n").unwrap();
    let warn = |_: &str, _: &[pzl::Warning]| {};
    assert!(pzl::ops::masyu::db_import(&db, &[good.clone(), bad], &warn).is_err());
    assert!(!db.exists(), "a failed import leaves no new database");
    let imported = pzl::ops::masyu::db_import(&db, std::slice::from_ref(&good), &warn).unwrap();
    assert_eq!(imported.len(), 1);
    assert!(imported[0].to_string().contains("ladybug"), "{}", imported[0]);
    let solution = dir.path().join("solution.pzprv3");
    let doc = Document::read(LADYBUG, "ladybug.tootsweet", None, &Open::default()).unwrap().value;
    let solved = &doc.solve(&pzl::SolveRequest::default()).unwrap().solutions[0];
    std::fs::write(&solution, solved.write(Format::from_name("pzprv3").unwrap()).unwrap().bytes).unwrap();
    let listing = pzl::kinds::tootsweet::Database::open_read_only(&db).unwrap().list().unwrap();
    let id = listing.rows[0].id;
    let set = pzl::ops::masyu::db_set_board(&db, id, &solution, &warn).unwrap();
    assert!(!set.to_string().is_empty());
}

#[test]
fn a_locked_crossword_is_unlocked_with_its_key_or_the_best_one_found() {
    let path = format!("{}/../../examples/crossword/square-deal.ipuz", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(path).unwrap();
    let doc = Document::read(&bytes, "square-deal.ipuz", None, &Open::default()).unwrap().value;
    let puz = doc.write(Format::from_name("puz").unwrap()).unwrap().bytes;
    let doc = Document::read(&puz, "square-deal.puz", None, &Open::default()).unwrap().value;
    let locked = pzl::kinds::crossword::lock(&doc, 1234).unwrap();
    let given = pzl::ops::crossword::unlock(&locked, Some(1234)).unwrap().expect("the key unlocks it");
    assert_eq!((given.key, given.found.len()), (1234, 0));
    let found = pzl::ops::crossword::unlock(&locked, None).unwrap().expect("a key is found");
    assert_eq!(found.key, 1234);
    assert_eq!(found.found.first().map(|c| c.key), Some(1234), "the key found comes first");
    let clear = Format::from_name("puz").unwrap();
    assert_eq!(found.doc.write(clear).unwrap().bytes, puz, "unlocked, the file is what it was");
}

#[test]
fn a_puzzle_id_is_an_instance_that_solve_answers() {
    let id = "apad:weekday:2026-01-19";
    assert!(Document::is_id(id) && Document::is_id("apad:Jan 19"));
    for not_an_id in ["masyu:4x4", "C:\\puzzles\\x.apad", "apad", "puzzles/x.apad", "https://puzz.link/p?x"] {
        assert!(!Document::is_id(not_an_id), "{not_an_id}");
    }
    assert_eq!(Document::id_forms(), ["apad:[EDITION:]DATE"]);
    // Through the input layer, as every front end names inputs: no file, the id itself.
    let warn = |_: &str, w: &[pzl::Warning]| assert!(w.is_empty(), "{w:?}");
    let doc = pzl::ops::open(Path::new(id), &Open::default(), &warn).unwrap();
    assert_eq!((doc.kind(), doc.format().name()), ("apad", "apad"));
    let info = doc.info(&pzl::InfoRequest::BRIEF).unwrap();
    assert!(info.facts.iter().any(|f| f.key == "asks" && f.value == "Mon Jan 19"), "{info}");
    // The same solutions as the date command's path.
    let edition = pzl::kinds::apad::edition("weekday").unwrap();
    let every = pzl::ops::apad::solve_date(&edition, Some("2026-01-19"), None, false, None).unwrap().value;
    let count = pzl::SolveRequest { count: true, ..pzl::SolveRequest::default() };
    let counted = doc.solve(&count).unwrap();
    assert_eq!(counted.report.outcome, pzl::Outcome::Counted);
    assert_eq!(counted.report.count.map(|c| (c.value, c.exact)), Some((every.boards.len() as u128, true)));
    assert!(counted.solutions.is_empty());
    // One solution by default, as a document of boards that writes and reads back.
    let first = doc.solve(&pzl::SolveRequest::default()).unwrap();
    assert_eq!((first.report.outcome, first.report.solutions.len()), (pzl::Outcome::Solved, 1));
    let [solution] = first.solutions.as_slice() else { panic!("one document of boards") };
    let bytes = solution.write(solution.format()).unwrap().bytes;
    let open = Open::from_name("apad:weekday").unwrap();
    let back = Document::read(&bytes, "x.apad", None, &open).unwrap().value;
    assert!(back.check().unwrap().ok);
    let all = doc.solve(&pzl::SolveRequest { all: true, ..pzl::SolveRequest::default() }).unwrap();
    assert_eq!(all.report.solutions.len(), every.boards.len());
    // What does not apply is refused; a file of boards has nothing to solve.
    let flipless = pzl::SolveRequest::default().with("no-flip", pzl::settings::Value::On);
    let Err(e) = doc.solve(&flipless) else { panic!("solved with no-flip") };
    assert!(e.message.contains("setting `no-flip`"), "{e}");
    assert!(doc.write(doc.format()).is_err(), "an id is no file of boards");
    let Err(e) = back.solve(&pzl::SolveRequest::default()) else { panic!("solved a file of boards") };
    assert_eq!(e.kind, pzl::ErrorKind::Unsupported);
    // A bad id names itself and what an id is.
    let Some(Err(e)) = Document::instance("apad:weekday:Smarch 40") else { panic!("a bad date read") };
    assert_eq!(e.file.as_deref(), Some("apad:weekday:Smarch 40"));
    assert!(e.hint.unwrap().contains("apad:[EDITION:]DATE"));
    // A file of that name is the file.
    let dir = tempfile::tempdir().unwrap();
    let named = dir.path().join("apad:Jan 19");
    if std::fs::write(&named, LADYBUG).is_ok() {
        assert_eq!(pzl::ops::open(&named, &Open::default(), &warn).unwrap().kind(), "masyu");
    }
}
