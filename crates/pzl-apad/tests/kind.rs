//! `ApadKind` through the `pzl_core::Kind` trait: round trips, info facts, check, render, the
//! edition as a parameter (the weekday regression), unsupported requests, and the solve module's
//! answers, files and timeout.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use pzl_apad::solve::{self, Limits};
use pzl_apad::{Answer, ApadKind, BoardSet, Date, Format, Puzzle};
use pzl_core::settings::Value;
use pzl_core::{ErrorKind, Kind, Location, Outcome, Picture, RenderRequest, SolveRequest};

/// Board #0 of the reference file (Jan 19).
const JAN_19: [u8; 9] = [0x81, 0x41, 0x19, 0x50, 0x6c, 0x1f, 0x16, 0x29, 0x55];

fn classic() -> Puzzle {
    ApadKind::params("").unwrap()
}

fn read(bytes: &[u8]) -> BoardSet {
    ApadKind::read(bytes, Format::Apad, &classic()).unwrap().value
}

#[test]
fn formats_keep_their_names_and_detection() {
    let names: Vec<&str> = ApadKind::formats().iter().map(|f| ApadKind::format_info(*f).name).collect();
    assert_eq!(names, ["apad-text", "apad"]);
    let text = Format::Text.info();
    assert!(text.detects(b"# pzl apad text (classic): ...") && !text.detects(&JAN_19));
    assert!(text.has_extension("APADTXT") && Format::Apad.info().has_extension("apad"));
    assert_eq!(Format::Apad.info().description, "A-Puzzle-A-Day boards (APAD: 9 bytes per classic board)");
    assert!(Format::Apad.info().detect.is_none());
}

#[test]
fn both_formats_round_trip_byte_exact() {
    let mut bytes = JAN_19.to_vec();
    bytes.extend([0xFF; 9]);
    let set = read(&bytes);
    let apad = ApadKind::write(&set, Format::Apad).unwrap();
    assert_eq!(apad.bytes, bytes);
    assert!(apad.lost.is_empty());
    let text = ApadKind::write(&set, Format::Text).unwrap();
    assert!(String::from_utf8_lossy(&text.bytes).contains("bytes ff ff ff"));
    let again = ApadKind::read(&text.bytes, Format::Text, &classic()).unwrap();
    assert_eq!(ApadKind::write(&again.value, Format::Text).unwrap().bytes, text.bytes);
    assert_eq!(ApadKind::write(&again.value, Format::Apad).unwrap().bytes, bytes);
}

#[test]
fn info_has_the_old_facts() {
    let mut bytes = JAN_19.to_vec();
    bytes.extend(JAN_19);
    bytes.extend([0x3F; 9]);
    let info = ApadKind::info(&read(&bytes), &pzl_core::InfoRequest::FULL);
    let text = info.to_string();
    assert!(text.contains("boards:") && text.contains(" 3\n"), "{text}");
    assert!(text.contains("2 (1 boards are not solutions)"), "{text}");
    assert!(text.contains("Jan 19 (2 solutions)"), "{text}");
    let json = serde_json::to_value(&info).unwrap();
    assert_eq!(json["facts"]["boards"], 3);
    assert_eq!(json["facts"]["not_solutions"], 1);
    assert_eq!(json["facts"]["dates"], 1);
    assert_eq!(json["facts"]["per_date"]["01-19"], 2);
    assert_eq!(json["facts"]["most"]["solutions"], 2);
    let brief = ApadKind::info(&read(&bytes), &pzl_core::InfoRequest::BRIEF);
    assert!(brief.facts.iter().all(|f| f.key != "per_date"));
    assert_eq!(brief.facts.len() + 1, info.facts.len(), "only the listing is left out");
}

#[test]
fn check_names_damaged_boards() {
    assert!(ApadKind::check(&read(&JAN_19)).unwrap().ok);
    let mut bytes = JAN_19.to_vec();
    bytes.extend(JAN_19);
    bytes[9 + 8] = 0x3F; // board 2: Z left out
    let report = ApadKind::check(&read(&bytes)).unwrap();
    assert!(!report.ok);
    assert_eq!(report.problems.len(), 1);
    assert_eq!(report.problems[0].at, Some(Location::Offset(9)));
    assert!(report.problems[0].message.contains("board 2: pieces not placed: Z"), "{report}");
    // A collision: N moved onto L; the reader warns, check names it.
    bytes[9 + 8] = JAN_19[8];
    bytes[9 + 2] = 0xC1;
    let parsed = ApadKind::read(&bytes, Format::Apad, &classic()).unwrap();
    assert!(parsed.warnings[0].message.contains("board 2: piece N"), "{:?}", parsed.warnings);
    let report = ApadKind::check(&parsed.value).unwrap();
    assert!(report.problems[0].message.contains("board 2: piece N"), "{report}");
    // A trailing partial board: a warning for reading, a problem for check, lost on writing.
    bytes.truncate(9 + 4);
    let parsed = ApadKind::read(&bytes, Format::Apad, &classic()).unwrap();
    assert_eq!(parsed.warnings[0].at, Some(Location::Offset(9)));
    let report = ApadKind::check(&parsed.value).unwrap();
    assert!(report.to_string().contains("byte offset 9: a partial board of 4 bytes"), "{report}");
    assert_eq!(ApadKind::write(&parsed.value, Format::Apad).unwrap().lost.len(), 1);
    // Duplicates are notes.
    let report = ApadKind::check(&read(&[JAN_19, JAN_19].concat())).unwrap();
    assert!(report.ok && report.notes[0].contains("the same board as board 1"), "{report}");
}

#[test]
fn text_boards_are_placed_by_line() {
    let text = ApadKind::write(&read(&[JAN_19, [0x3F; 9]].concat()), Format::Text).unwrap().bytes;
    let set = ApadKind::read(&text, Format::Text, &classic()).unwrap().value;
    let report = ApadKind::check(&set).unwrap();
    assert_eq!(report.problems[0].at, Some(Location::line(12)), "{report}");
}

#[test]
fn render_picks_boards_by_number_or_date() {
    let set = read(&[JAN_19, JAN_19].concat());
    let mut request = RenderRequest::new(Picture::Text);
    request.select = Some("1".into());
    let text = String::from_utf8(ApadKind::render(&set, &request).unwrap().bytes).unwrap();
    assert!(text.starts_with("board 1: Jan 19\n Jan   L   L   L   L   N\n"), "{text}");
    assert!(!text.contains("\x1b["));
    request.colour = true;
    assert!(
        String::from_utf8_lossy(&ApadKind::render(&set, &request).unwrap().bytes).contains("\x1b[30;48;5;")
    );
    request.picture = Picture::Svg;
    request.select = Some("Jan 19".into());
    assert!(String::from_utf8_lossy(&ApadKind::render(&set, &request).unwrap().bytes).contains("<svg"));
    let warnings = ApadKind::render(&set, &request).unwrap().warnings;
    assert!(warnings[0].message.contains("2 boards match; drew the first, board 1"), "{warnings:?}");
    for bad in ["3", "0", "Jan 20", "tomorrow"] {
        request.select = Some(bad.into());
        assert_eq!(ApadKind::render(&set, &request).unwrap_err().kind, ErrorKind::Usage, "{bad}");
    }
    // The setting `date` chooses as a selection does; both at once are refused.
    let dated = RenderRequest::new(Picture::Text).with("date", Value::Text("Jan 19".into()));
    assert!(
        String::from_utf8_lossy(&ApadKind::render(&set, &dated).unwrap().bytes)
            .starts_with("board 1: Jan 19")
    );
    request.select = Some("1".into());
    request.settings.insert("date", Value::Text("Jan 19".into()));
    let e = ApadKind::render(&set, &request).unwrap_err();
    assert_eq!(e.message, "a board number and setting `date` choose boards two ways: give one");
    request.settings = Default::default();
    request.select = None;
    request.picture = Picture::Pdf;
    assert_eq!(ApadKind::render(&set, &request).unwrap_err().kind, ErrorKind::Usage);
}

#[test]
fn unsupported_requests_say_so() {
    let set = read(&JAN_19);
    assert_eq!(ApadKind::solve(&set, &SolveRequest::default()).unwrap_err().kind, ErrorKind::Unsupported);
    assert_eq!(ApadKind::combine(&set, &set).unwrap_err().kind, ErrorKind::Unsupported);
    assert_eq!(ApadKind::params("nonesuch").unwrap_err().kind, ErrorKind::Usage);
    assert_eq!(ApadKind::params("WEEKDAY").unwrap().name, "weekday");
}

#[test]
fn other_files_are_named_not_decoded() {
    let e = ApadKind::read(b"\x89PNG\r\n\x1a\n0000", Format::Apad, &classic()).unwrap_err();
    assert!(e.message.contains("PNG image"), "{e}");
    let e = ApadKind::read(b"# pzl apad text (classic): x\n", Format::Apad, &classic()).unwrap_err();
    assert!(e.hint.unwrap_or_default().contains("apad-text"));
}

#[test]
fn a_description_file_is_an_edition() {
    let dir = std::env::temp_dir().join(format!("pzl-apad-kind-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tiny.txt");
    std::fs::write(&path, "name tiny\nframe\nJan Feb\n1 2\nend\npiece I D\n").unwrap();
    let tiny = ApadKind::params(path.to_str().unwrap()).unwrap();
    let jan1 = Answer { date: Date { month: 1, day: 1 }, weekday: None };
    assert_eq!(solve::solve_date(&tiny, jan1, false, &Limits::none()).boards.len(), 1);
    let jan2 = Answer { date: Date { month: 1, day: 2 }, weekday: None };
    let none = solve::solve_date(&tiny, jan2, false, &Limits::none());
    assert_eq!(none.report(&tiny).outcome, Outcome::NoSolution);
    std::fs::write(&path, "frame\nJan Feb\n1 2\nend\npiece I Q\n").unwrap();
    let e = ApadKind::params(path.to_str().unwrap()).unwrap_err();
    assert_eq!(e.at, Some(Location::line(5)));
    assert!(e.to_string().contains("tiny.txt: line 5: walk step `Q`"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_a_date_for_the_command() {
    let puzzle = classic();
    let parsed = pzl_apad::date::parse("Oct 6").unwrap();
    let weekday = solve::weekday_for(&puzzle, parsed, None).unwrap().value;
    let oct6 = solve::solve_date(&puzzle, Answer { date: parsed.date, weekday }, false, &Limits::none());
    assert_eq!(oct6.count_line(), "Oct 6: 7 solutions\n");
    assert!(oct6.text(&puzzle, false).starts_with("Oct 6, solution 1 of 7\n"));
    let report = oct6.report(&puzzle);
    assert_eq!((report.outcome, report.unique), (Outcome::Solved, Some(false)));
    assert_eq!(report.count.unwrap().value, 7);
    assert_eq!(oct6.apad_bytes(&puzzle).unwrap().len(), 7 * 9);
    let files = oct6.svg_files(&puzzle);
    assert_eq!(files.len(), 7);
    assert_eq!(files[0].0, "10-06-1.svg");
    assert!(files[0].1.contains(">Oct<") && files[0].1.contains(">6<"));
    let first = solve::solve_date(&puzzle, oct6.answer, true, &Limits::none());
    assert_eq!(first.boards.len(), 1);
    assert!(first.text(&puzzle, false).starts_with("Oct 6, solution 1\n"));
    // The weekday edition takes the weekday given, or the date's own.
    let weekday = Puzzle::weekday();
    let w = solve::weekday_for(&weekday, pzl_apad::date::parse("2020-04-06").unwrap(), None).unwrap();
    assert_eq!(w.value, Some(1));
    assert!(solve::weekday_for(&weekday, parsed, Some("Funday")).is_err());
    let ignored = solve::weekday_for(&puzzle, parsed, Some("Mon")).unwrap();
    assert_eq!((ignored.value, ignored.warnings.len()), (None, 1));
    let mon = Answer { date: Date { month: 4, day: 6 }, weekday: Some(1) };
    assert_eq!(
        solve::solve_date(&weekday, mon, false, &Limits::none()).count_line(),
        "Mon Apr 6: 97 solutions\n"
    );
    assert_eq!(pzl_core::Error::from(pzl_apad::date::parse("02-30").unwrap_err()).kind, ErrorKind::Usage);
}

#[test]
fn solve_all_counts_every_date() {
    let puzzle = classic();
    let all = solve::solve_all(&puzzle, false, &Limits::none());
    assert_eq!((all.total(), all.counts.len(), all.unsolvable), (24_405, 366, 0));
    let table = all.count_table();
    assert!(table.starts_with("Jan 1\t64\n") && table.contains("\nJan 25\t216\n"), "{table}");
    assert!(table.ends_with("\ntotal\t24405\n"), "{table}");
    let report = all.report(&puzzle);
    assert_eq!(report.to_string(), "24405\n");
    assert!(all.boards.is_empty());
}

#[test]
fn a_timeout_or_cancel_stops_the_search() {
    let weekday = Puzzle::weekday();
    let cancel = Arc::new(AtomicBool::new(true));
    let limits = Limits::new(None, Some(cancel));
    let all = solve::solve_all(&weekday, false, &limits);
    assert!(!all.complete);
    assert_eq!(all.report(&weekday).count.map(|c| c.exact), Some(false));
    let quick = Limits::new(Some(Duration::from_millis(1)), None);
    let start = std::time::Instant::now();
    let e = solve::all_sorted(&weekday, &quick).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Limit);
    assert!(start.elapsed() < Duration::from_secs(5), "stopped promptly: {:?}", start.elapsed());
    let request = SolveRequest { timeout: Some(Duration::from_nanos(1)), ..SolveRequest::default() };
    let jun7 = Answer { date: Date { month: 6, day: 7 }, weekday: Some(2) };
    let some = solve::solve_date(&weekday, jun7, false, &Limits::from_request(&request));
    assert!(!some.complete);
}

/// The regression of the architecture review: a weekday file converted to text must stay a
/// weekday file. The corpus table gives Nov 22 (a Sunday) 1,854 solutions.
#[test]
fn a_weekday_file_stays_weekday_through_conversion() {
    let Some(dir) = pzl_corpus::dir("apad") else { return };
    let table = std::fs::read_to_string(dir.join("weekday_counts.csv")).unwrap();
    let expected: usize = table
        .lines()
        .find(|l| l.starts_with("11,22,") && l.split(',').nth(4) == Some("Sun"))
        .and_then(|l| l.split(',').nth(5))
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert_eq!(expected, 1_854);
    let weekday = Puzzle::weekday();
    let nov22 = Answer { date: Date { month: 11, day: 22 }, weekday: Some(0) };
    let bytes = solve::solve_date(&weekday, nov22, false, &Limits::none()).apad_bytes(&weekday).unwrap();
    let params = ApadKind::params("weekday").unwrap();
    let set = ApadKind::read(&bytes, Format::Apad, &params).unwrap();
    assert!(set.warnings.is_empty());
    let text = String::from_utf8(ApadKind::write(&set.value, Format::Text).unwrap().bytes).unwrap();
    assert!(text.starts_with("# pzl apad text (weekday)"));
    assert_eq!(text.matches("\nboard ").count(), expected);
    assert_eq!(text.matches(" Nov 22 Sun\n").count(), expected);
    let info = serde_json::to_value(ApadKind::info(&set.value, &pzl_core::InfoRequest::FULL)).unwrap();
    assert_eq!(info["facts"]["per_date"]["11-22 Sun"], 1_854);
    // Back to APAD, byte for byte, and the text refuses the wrong edition.
    let back = ApadKind::read(text.as_bytes(), Format::Text, &params).unwrap().value;
    assert_eq!(ApadKind::write(&back, Format::Apad).unwrap().bytes, bytes);
    let e = ApadKind::read(text.as_bytes(), Format::Text, &classic()).unwrap_err();
    assert!(e.hint.unwrap_or_default().contains("apad-text:weekday"), "{}", e.message);
    // Read as classic, the same bytes are 2,472 boards none of which is a solution: a warning.
    let wrong = ApadKind::read(&bytes, Format::Apad, &classic()).unwrap();
    assert_eq!(wrong.value.boards.len(), 2_472);
    assert!(wrong.warnings.iter().any(|w| w.message.contains("apad:weekday")));
}

#[test]
fn an_id_is_a_date_to_solve() {
    let made = ApadKind::instance("Jan 19").unwrap().value;
    let (format, set) = made;
    assert_eq!((format, set.puzzle.name.as_str(), set.boards.len()), (Format::Apad, "classic", 0));
    let counted = ApadKind::solve(&set, &SolveRequest { count: true, ..SolveRequest::default() }).unwrap();
    assert_eq!(counted.report.count.map(|c| c.value), Some(104));
    let solved = ApadKind::solve(&set, &SolveRequest::default()).unwrap();
    assert_eq!(solved.solutions[0].boards.len(), 1);
    assert!(ApadKind::write(&set, Format::Apad).is_err());
    let weekday = ApadKind::instance("weekday:2026-01-19").unwrap().value.1;
    assert_eq!(weekday.asks.map(|a| a.to_string()).as_deref(), Some("Mon Jan 19"));
    assert!(ApadKind::instance("weekday:Smarch 40").unwrap_err().hint.unwrap().contains("[EDITION:]DATE"));
    let distinct = SolveRequest { distinct: true, ..SolveRequest::default() };
    assert_eq!(ApadKind::solve(&set, &distinct).unwrap_err().kind, ErrorKind::Usage);
}
