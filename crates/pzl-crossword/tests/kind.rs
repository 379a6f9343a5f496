//! The crossword kind through the `pzl_core::Kind` contract: reading and writing every format
//! (byte-exact in a format's own format, model → target otherwise), info facts, check, render,
//! solve, lock and unlock, and the regressions of issue 13.

use pzl_core::settings::Value;
use pzl_core::{ErrorKind, Kind, Picture, RenderRequest, SolveRequest};
use pzl_crossword::puzzle::SolutionState;
use pzl_crossword::{CrosswordDoc, CrosswordKind, Format, Puzzle, raw};

const REGRESS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/regress");

fn regress(name: &str) -> Vec<u8> {
    std::fs::read(format!("{REGRESS}/{name}")).unwrap()
}

fn small_puzzle() -> Puzzle {
    let mut p = Puzzle::new(5, 5);
    p.set_solution_rows(&["HEART", "ALOHA", ".TEN.", "ASTER", "BEERS"]);
    p.title = "Built".into();
    p.author = "pzl".into();
    p.copyright = "© 2026".into();
    p.clues = (1..=p.slots().len()).map(|i| format!("Clue {i}")).collect();
    p
}

fn puz_doc(p: &Puzzle) -> CrosswordDoc {
    let bytes = p.to_raw().unwrap().to_bytes();
    CrosswordKind::read(&bytes, Format::Puz, &()).unwrap().value
}

fn fact<'a>(info: &'a pzl_core::Info, key: &str) -> &'a pzl_core::Fact {
    info.facts.iter().find(|f| f.key == key).unwrap_or_else(|| panic!("no fact {key}"))
}

const STYLED_IPUZ: &str = r##"{
  "version": "http://ipuz.org/v2",
  "kind": ["http://ipuz.org/crossword#1"],
  "dimensions": {"width": 3, "height": 3},
  "title": "Styled",
  "puzzle": [[{"cell": 1, "style": {"color": "FF0000"}}, 0, {"cell": 2, "style": {"shapebg": "circle"}}],
             ["#", "#", 0], ["#", "#", 0]],
  "solution": [["C", "A", "T"], ["#", "#", "A"], ["#", "#", "R"]],
  "clues": {"Across": [[1, "Pet"]], "Down": [[2, "Sticky stuff"]]}
}
"##;

#[test]
fn formats_are_listed_with_their_old_names() {
    let names: Vec<&str> =
        CrosswordKind::formats().iter().map(|&f| CrosswordKind::format_info(f).name).collect();
    assert_eq!(names, ["puz", "across-text", "ipuz", "jpz", "jpz-xml", "xd"]);
    assert_eq!(CrosswordKind::format_info(Format::Puz).confidence, pzl_core::Confidence::Strong);
    assert!(CrosswordKind::params("x").is_err());
}

#[test]
fn every_corpus_file_writes_back_byte_for_byte_in_its_own_format() {
    let Some(dir) = pzl_corpus::dir("puz") else { return };
    let mut count = 0;
    for (suffix, format) in [(".puz", Format::Puz), (".txt", Format::AcrossText)] {
        for path in pzl_corpus::files(&dir, suffix) {
            let bytes = std::fs::read(&path).unwrap();
            let Ok(parsed) = CrosswordKind::read(&bytes, format, &()) else {
                assert!(path.ends_with("puzpy/ONE_bad.puz"), "{}", path.display());
                continue;
            };
            let written = CrosswordKind::write(&parsed.value, format).unwrap();
            assert_eq!(written.bytes, bytes, "{}", path.display());
            assert!(written.lost.is_empty(), "{}: {:?}", path.display(), written.lost);
            count += 1;
            // Every other format takes it and reads back.
            for to in [Format::Puz, Format::AcrossText, Format::Ipuz] {
                let out = CrosswordKind::write(&parsed.value, to).unwrap();
                CrosswordKind::read(&out.bytes, to, &())
                    .unwrap_or_else(|e| panic!("{} as {to:?}: {e}", path.display()));
            }
        }
    }
    assert!(count >= 40, "{count}");
}

#[test]
fn corpus_ipuz_files_read_and_write_back_exactly() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else { return };
    let mut count = 0;
    for path in pzl_corpus::files(&dir, ".ipuz") {
        let bytes = std::fs::read(&path).unwrap();
        let Ok(parsed) = CrosswordKind::read(&bytes, Format::Ipuz, &()) else { continue };
        let written = CrosswordKind::write(&parsed.value, Format::Ipuz).unwrap();
        assert_eq!(written.bytes, bytes, "{}", path.display());
        for to in [Format::Puz, Format::AcrossText] {
            if let Ok(out) = CrosswordKind::write(&parsed.value, to) {
                CrosswordKind::read(&out.bytes, to, &()).unwrap();
            }
        }
        count += 1;
    }
    assert!(count >= 1);
}

#[test]
fn ipuz_to_ipuz_keeps_cell_styles_and_other_targets_name_them_lost() {
    let doc = CrosswordKind::read(STYLED_IPUZ.as_bytes(), Format::Ipuz, &()).unwrap();
    assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
    assert_eq!(doc.value.puzzle().style(0).shade, Some([0xff, 0, 0]));
    for to in [Format::Jpz, Format::JpzXml] {
        let out = CrosswordKind::write(&doc.value, to).unwrap();
        assert!(out.lost.is_empty(), "{to:?}: {:?}", out.lost);
        let back = CrosswordKind::read(&out.bytes, to, &()).unwrap().value;
        assert_eq!(back.puzzle().style(0).shade, Some([0xff, 0, 0]));
    }
    let same = CrosswordKind::write(&doc.value, Format::Ipuz).unwrap();
    assert_eq!(same.bytes, STYLED_IPUZ.as_bytes());
    assert!(same.lost.is_empty());
    for to in [Format::Puz, Format::AcrossText] {
        let out = CrosswordKind::write(&doc.value, to).unwrap();
        // The model holds the red shading now: formats that cannot hold it name it.
        assert!(out.lost.iter().any(|l| l == "the shading of 1 cell(s)"), "{to:?}: {:?}", out.lost);
        // ipuz → text goes straight from the model: the circle survives, no .puz in between.
        let back = CrosswordKind::read(&out.bytes, to, &()).unwrap().value;
        assert!(back.puzzle().is_circled(2));
    }
}

#[test]
fn info_has_the_old_facts_and_a_clue_listing() {
    let doc = puz_doc(&small_puzzle());
    let info = CrosswordKind::info(&doc, &pzl_core::InfoRequest::FULL);
    assert_eq!(info.format, "puz");
    assert_eq!(fact(&info, "title").text, "Built");
    assert_eq!(fact(&info, "width").text, "5x5");
    assert_eq!(fact(&info, "version").text, "1.3 (windows-1252)");
    assert_eq!(fact(&info, "solution_state").text, "plain");
    assert_eq!(fact(&info, "counts").value["blocks"], 2);
    assert_eq!(fact(&info, "sections").text, "none");
    assert_eq!(fact(&info, "warnings").text, "0");
    let clues = fact(&info, "clues");
    assert!(clues.detail);
    assert_eq!(clues.value[0]["answer"], "HEART");
    assert!(clues.text.starts_with("   1 across Clue 1  [HEART] at (r1, c1)"), "{}", clues.text);
    let short = CrosswordKind::info(&doc, &pzl_core::InfoRequest::BRIEF).to_string();
    assert!(short.contains("clues:") && !short.contains("HEART"), "{short}");
    let json = serde_json::to_value(&info).unwrap();
    assert_eq!(json["facts"]["height"], 5);
}

#[test]
fn a_locked_puzzle_lists_its_answers_as_locked() {
    let doc = pzl_crossword::lock(&puz_doc(&small_puzzle()), 1234).unwrap();
    assert_eq!(doc.puzzle().state(), SolutionState::Locked);
    let clues = fact(&CrosswordKind::info(&doc, &pzl_core::InfoRequest::FULL), "clues").clone();
    assert!(clues.text.lines().all(|l| l.contains("[locked]")), "{}", clues.text);
    assert!(clues.value[0]["answer"].is_null());
    assert_eq!(clues.value[0]["locked"], true);
    let Some(dir) = pzl_corpus::dir("puz") else { return };
    let bytes = std::fs::read(dir.join("puzpy/nyt_locked.puz")).unwrap();
    let doc = CrosswordKind::read(&bytes, Format::Puz, &()).unwrap().value;
    let text = fact(&CrosswordKind::info(&doc, &pzl_core::InfoRequest::FULL), "clues").text.clone();
    assert!(!text.contains("BDIBWGUECUC") && text.contains("[locked]"), "{text}");
}

#[test]
fn check_passes_a_good_file_and_names_a_bad_checksum() {
    let doc = puz_doc(&small_puzzle());
    let report = CrosswordKind::check(&doc).unwrap();
    assert!(report.ok, "{report}");
    assert_eq!(report.verdict, "the puzzle verifies (fill blank)");
    assert!(report.notes.iter().any(|n| n == "the fill is blank"));
    let mut bytes = small_puzzle().to_raw().unwrap().to_bytes();
    let at = bytes.len() - 3;
    bytes[at] ^= 1;
    let parsed = CrosswordKind::read(&bytes, Format::Puz, &()).unwrap();
    let report = CrosswordKind::check(&parsed.value).unwrap();
    assert!(!report.ok);
    assert!(report.problems.iter().any(|p| p.rule == "checksum/global"), "{report}");
    // The mismatch is a read warning too, with the same message: check callers leave it out.
    let repeated: Vec<_> =
        parsed.warnings.iter().filter(|w| pzl_crossword::kind::repeats_problem(w, &report)).collect();
    assert!(!repeated.is_empty());
    // Other formats are checked too.
    let text = CrosswordKind::write(&doc, Format::AcrossText).unwrap().bytes;
    let text_doc = CrosswordKind::read(&text, Format::AcrossText, &()).unwrap().value;
    assert!(CrosswordKind::check(&text_doc).unwrap().ok);
}

#[test]
fn render_draws_text_svg_and_pdf_and_refuses_the_rest() {
    let doc = puz_doc(&small_puzzle());
    let text = CrosswordKind::render(&doc, &RenderRequest::new(Picture::Text)).unwrap().bytes;
    assert!(String::from_utf8(text).unwrap().contains("H E A R T"));
    let svg = CrosswordKind::render(&doc, &RenderRequest::new(Picture::Svg)).unwrap().bytes;
    assert!(svg.starts_with(b"<svg") || svg.starts_with(b"<?xml"));
    let mut page = RenderRequest::new(Picture::Svg);
    page.settings.insert("with-clues", Value::On);
    let page_svg = CrosswordKind::render(&doc, &page).unwrap().bytes;
    assert!(String::from_utf8(page_svg).unwrap().contains("Clue 1"));
    assert!(
        CrosswordKind::render(&doc, &RenderRequest::new(Picture::Pdf)).unwrap().bytes.starts_with(b"%PDF")
    );
    let mut text_page = RenderRequest::new(Picture::Text);
    text_page.settings.insert("with-clues", Value::On);
    let mut a4 = page.clone();
    a4.settings.insert("paper", Value::Text("A4".into()));
    let a4 = String::from_utf8(CrosswordKind::render(&doc, &a4).unwrap().bytes).unwrap();
    assert!(a4.contains("595") && !a4.contains("612"), "an A4 page: {}", &a4[..200]);
    a4_page_is_refused_by_name(&doc);
    assert_eq!(CrosswordKind::render(&doc, &text_page).unwrap_err().kind, ErrorKind::Usage);
    let html = CrosswordKind::render(&doc, &RenderRequest::new(Picture::Html)).unwrap_err();
    assert_eq!(html.kind, ErrorKind::Usage);
    assert!(html.message.contains("text, svg or pdf"), "{html}");
    let mut select = RenderRequest::new(Picture::Svg);
    select.select = Some("2".into());
    assert_eq!(CrosswordKind::render(&doc, &select).unwrap_err().kind, ErrorKind::Usage);
}

fn a4_page_is_refused_by_name(doc: &pzl_crossword::CrosswordDoc) {
    let mut bad = RenderRequest::new(Picture::Pdf);
    bad.settings.insert("paper", Value::Text("legal".into()));
    let e = CrosswordKind::render(doc, &bad).unwrap_err();
    assert_eq!(e.message, "unknown paper `legal`");
}

#[test]
fn solve_and_combine_are_unsupported() {
    let doc = puz_doc(&small_puzzle());
    let e = CrosswordKind::solve(&doc, &SolveRequest::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unsupported);
    assert_eq!(CrosswordKind::combine(&doc, &doc).unwrap_err().kind, ErrorKind::Unsupported);
}

#[test]
fn lock_and_unlock_work_on_puz_documents_only() {
    let original = small_puzzle().to_raw().unwrap().to_bytes();
    let doc = CrosswordKind::read(&original, Format::Puz, &()).unwrap().value;
    let locked = pzl_crossword::lock(&doc, 1234).unwrap();
    assert_eq!(pzl_crossword::lock(&locked, 1234).unwrap_err().kind, ErrorKind::Usage);
    let (with_key, key) = pzl_crossword::unlock(&locked, Some(1234)).unwrap();
    assert_eq!(key, 1234);
    assert_eq!(CrosswordKind::write(&with_key, Format::Puz).unwrap().bytes, original);
    let (brute, key) = pzl_crossword::unlock(&locked, None).unwrap();
    assert_eq!(CrosswordKind::write(&brute, Format::Puz).unwrap().bytes, original, "key {key}");
    assert!(pzl_crossword::unlock_candidates(&locked).unwrap().iter().any(|c| c.key == 1234));
    assert_eq!(pzl_crossword::unlock(&locked, Some(4321)).unwrap_err().kind, ErrorKind::Usage);
    assert_eq!(pzl_crossword::unlock(&doc, None).unwrap_err().kind, ErrorKind::Usage);
    let ipuz = CrosswordKind::read(STYLED_IPUZ.as_bytes(), Format::Ipuz, &()).unwrap().value;
    let e = pzl_crossword::lock(&ipuz, 1234).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Usage);
    assert!(e.message.contains("only .puz files"), "{e}");
    assert!(pzl_crossword::unlock(&ipuz, None).is_err());
    let built = CrosswordDoc::from_puzzle(small_puzzle());
    assert!(pzl_crossword::lock(&built, 1234).is_err());
}

#[test]
fn keys_are_one_to_four_digits() {
    assert_eq!(pzl_crossword::parse_key("7844").unwrap(), 7844);
    assert_eq!(pzl_crossword::parse_key("0042").unwrap(), 42);
    for bad in ["", "12345", "-1", "12a4", " 123"] {
        assert_eq!(pzl_crossword::parse_key(bad).unwrap_err().kind, ErrorKind::Usage, "{bad:?}");
    }
}

#[test]
fn read_errors_carry_kind_and_place() {
    let e =
        CrosswordKind::read(b"not a puzzle at all, long enough for a header...........", Format::Puz, &())
            .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(e.at, Some(pzl_core::Location::Offset(2)));
    let e = CrosswordKind::read(b"<ACROSS PUZZLE>\n<SIZE>\n\tzz\n", Format::AcrossText, &()).unwrap_err();
    assert!(matches!(e.at, Some(pzl_core::Location::Line { line: 3, .. })), "{e}");
    let e =
        CrosswordKind::read(br#"{"kind":["http://ipuz.org/crossword#1"]}"#, Format::Ipuz, &()).unwrap_err();
    assert_eq!(e.at, Some(pzl_core::Location::Path("$.dimensions.width".into())));
    let e = CrosswordKind::read(b"<ACROSS PUZZLE>\xff", Format::AcrossText, &()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax);
}

/// Issue 13 (P2): a preamble holding a decoy header made pzl write a file it then misread.
#[test]
fn a_decoy_header_in_the_preamble_never_hides_the_real_one() {
    for name in [
        "fuzz-puz_read-preamble-decoy-header.puz",
        "fuzz-puz_read-crash-4bbf0c14.puz",
        "fuzz-puz_read-crash-3a1cc5115f573179438d2fa4df78ef53705076f0.puz",
        "fuzz-puz_read-crash-502caf864803d5eb7c4e940b97ccd895f085bd2d.puz",
    ] {
        let data = regress(name);
        let read = raw::read(&data).unwrap();
        assert_eq!(read.file.to_bytes(), data, "{name}");
        let (puzzle, warnings) = Puzzle::from_raw(&read.file);
        assert!(warnings.iter().any(|w| w.message.contains("another ACROSS&DOWN")), "{name}");
        let again = raw::read(&puzzle.to_raw().unwrap().to_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(again.checksum_mismatches.is_empty(), "{name}");
        assert_eq!(Puzzle::from_raw(&again.file).0.clues, puzzle.clues, "{name}");
        // Through the kind, every format written reads back.
        let doc = CrosswordKind::read(&data, Format::Puz, &()).unwrap().value;
        for to in [Format::Puz, Format::AcrossText, Format::Ipuz] {
            if let Ok(out) = CrosswordKind::write(&doc, to) {
                CrosswordKind::read(&out.bytes, to, &()).unwrap_or_else(|e| panic!("{name} as {to:?}: {e}"));
            }
        }
    }
}

/// Issue 13 (I4): a non-ASCII solution byte made pzl write Across Lite text it could not read.
#[test]
fn across_text_is_never_written_unreadable() {
    // The finding's file also has fewer clues than slots, which text cannot hold: refused.
    let data = regress("fuzz-puz_read-crash-4bbf0c14.puz");
    let doc = CrosswordKind::read(&data, Format::Puz, &()).unwrap().value;
    let e = CrosswordKind::write(&doc, Format::AcrossText).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Encode);
    assert!(e.message.contains("3 across and 3 down slots"), "{e}");
    // Its byte 0x85 alone is written as X, and said so.
    let mut p = small_puzzle();
    p.solution[1] = 0x85;
    let doc = puz_doc(&p);
    let out = CrosswordKind::write(&doc, Format::AcrossText).unwrap();
    assert!(out.lost.iter().any(|l| l.contains("solution byte 0x85 at row 1, column 2")), "{:?}", out.lost);
    let back = CrosswordKind::read(&out.bytes, Format::AcrossText, &()).unwrap().value;
    assert_eq!(back.puzzle().clues, doc.puzzle().clues);
    assert_eq!(back.puzzle().solution[1], b'X');
    // Line breaks in a clue would shift every clue after it: they become spaces.
    let mut p = small_puzzle();
    p.clues[0] = "two\nlines".into();
    p.title = "a\r\nb".into();
    let out = CrosswordKind::write(&CrosswordDoc::from_puzzle(p), Format::AcrossText).unwrap();
    assert!(out.lost.iter().any(|l| l.contains("line breaks")), "{:?}", out.lost);
    let back = CrosswordKind::read(&out.bytes, Format::AcrossText, &()).unwrap().value;
    assert_eq!(back.puzzle().clues[0], "two lines");
    // What text cannot hold at all is refused, not written unreadable.
    let mut p = small_puzzle();
    p.clues[1] = String::new();
    let e = CrosswordKind::write(&CrosswordDoc::from_puzzle(p), Format::AcrossText).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Encode);
}

/// Issue 13 (I5): an unindented `<SIZE>` line came back indented.
#[test]
fn across_text_keeps_each_sections_indent() {
    let data = regress("across-text-unindented-size.txt");
    let doc = CrosswordKind::read(&data, Format::AcrossText, &()).unwrap().value;
    let out = CrosswordKind::write(&doc, Format::AcrossText).unwrap();
    assert_eq!(String::from_utf8(out.bytes).unwrap(), String::from_utf8(data).unwrap());
    assert!(out.lost.is_empty());
}

const MARKED_UP_IPUZ: &str = r##"{
  "version": "http://ipuz.org/v2",
  "kind": ["http://ipuz.org/crossword#1"],
  "dimensions": {"width": 3, "height": 3},
  "puzzle": [[1, 0, 2], ["#", "#", 0], ["#", "#", 0]],
  "solution": [["C", "A", "T"], ["#", "#", "A"], ["#", "#", "R"]],
  "clues": {"Across": [[1, "<i>Felis</i> &amp; co."]], "Down": [[2, "H<sub>2</sub>O? No, <b>sticky</b> stuff"]]}
}
"##;

/// The clue texts of `doc`, with their markup written as ipuz tags.
fn marked_clues(doc: &CrosswordDoc) -> Vec<String> {
    doc.puzzle()
        .clue_entries()
        .iter()
        .map(|e| pzl_crossword::markup::to_html(e.clue.as_deref().unwrap_or(""), &e.markup))
        .collect()
}

#[test]
fn clue_markup_travels_between_ipuz_jpz_and_xd_and_is_named_lost_in_puz() {
    let doc = CrosswordKind::read(MARKED_UP_IPUZ.as_bytes(), Format::Ipuz, &()).unwrap().value;
    // The model holds plain text plus spans.
    assert_eq!(doc.puzzle().clues, ["Felis & co.", "H2O? No, sticky stuff"]);
    assert_eq!(doc.puzzle().marked_up_clues(), 2);
    let want = marked_clues(&doc);
    assert_eq!(want, ["<i>Felis</i> &amp; co.", "H<sub>2</sub>O? No, <b>sticky</b> stuff"]);
    // Through every rich format and back: the same plain text and the same markup.
    for path in [[Format::Jpz, Format::Xd], [Format::Xd, Format::Ipuz], [Format::Ipuz, Format::Jpz]] {
        let mut here = doc.clone();
        for format in path {
            let written = CrosswordKind::write(&here, format).unwrap();
            assert!(
                !written.lost.iter().any(|l| l.contains("markup")),
                "{format:?} lost the markup: {:?}",
                written.lost
            );
            here = CrosswordKind::read(&written.bytes, format, &()).unwrap().value;
            assert_eq!(marked_clues(&here), want, "after {format:?}");
        }
    }
    let xd = String::from_utf8(CrosswordKind::write(&doc, Format::Xd).unwrap().bytes).unwrap();
    assert!(xd.contains("A1. {/Felis/} & co. ~ CAT"), "{xd}");
    let jpz = String::from_utf8(jpz_xml(&doc)).unwrap();
    assert!(jpz.contains("><i>Felis</i> &amp; co.</clue>"), "{jpz}");
    // .puz and Across Lite text keep the plain text and say what they drop.
    for format in [Format::Puz, Format::AcrossText] {
        let written = CrosswordKind::write(&doc, format).unwrap();
        assert!(
            written.lost.iter().any(|l| l.contains("markup") && l.contains("2 clue")),
            "{:?}",
            written.lost
        );
        let back = CrosswordKind::read(&written.bytes, format, &()).unwrap().value;
        assert_eq!(back.puzzle().clues, doc.puzzle().clues);
    }
    // info shows the markup plainly and gives its spans in the JSON listing.
    let info = CrosswordKind::info(&doc, &pzl_core::InfoRequest::FULL);
    let text = format!("{info:?}");
    assert!(text.contains("<i>Felis</i>"), "{text}");
    assert!(text.contains("\"markup\""), "{text}");
}

fn jpz_xml(doc: &CrosswordDoc) -> Vec<u8> {
    CrosswordKind::write(doc, Format::JpzXml).unwrap().bytes
}

#[test]
fn metadata_beyond_title_and_author_travels_where_the_format_holds_it() {
    let ipuz = r##"{
  "version": "http://ipuz.org/v2",
  "kind": ["http://ipuz.org/crossword#1"],
  "dimensions": {"width": 3, "height": 3},
  "title": "Meta", "author": "A. Setter", "date": "2026-11-28", "editor": "E. Ditor",
  "publisher": "pzl Press", "difficulty": "Hard", "intro": "Read the notes first.",
  "puzzle": [[1, 0, 2], ["#", "#", 0], ["#", "#", 0]],
  "solution": [["C", "A", "T"], ["#", "#", "A"], ["#", "#", "R"]],
  "clues": {"Across": [[1, "Pet"]], "Down": [[2, "Sticky stuff"]]}
}
"##;
    let doc = CrosswordKind::read(ipuz.as_bytes(), Format::Ipuz, &()).unwrap().value;
    let meta = &doc.puzzle().metadata;
    let want: Vec<(String, String)> = [
        ("date", "2026-11-28"),
        ("editor", "E. Ditor"),
        ("publisher", "pzl Press"),
        ("difficulty", "Hard"),
        ("intro", "Read the notes first."),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    assert_eq!(meta, &want);
    // info shows them.
    let info = CrosswordKind::info(&doc, &pzl_core::InfoRequest::BRIEF);
    assert_eq!(fact(&info, "metadata").text.lines().next(), Some("date: 2026-11-28"));
    // .xd holds every key; ipuz → xd → ipuz gives them back in order.
    let xd = CrosswordKind::write(&doc, Format::Xd).unwrap();
    assert!(xd.lost.iter().all(|l| !l.contains("metadata")), "{:?}", xd.lost);
    let text = String::from_utf8(xd.bytes.clone()).unwrap();
    assert!(text.contains("Editor: E. Ditor\nPublisher: pzl Press\n"), "{text}");
    let back = CrosswordKind::read(&xd.bytes, Format::Xd, &()).unwrap().value;
    assert_eq!(&back.puzzle().metadata, meta);
    let again = CrosswordKind::write(&back, Format::Ipuz).unwrap();
    let round = CrosswordKind::read(&again.bytes, Format::Ipuz, &()).unwrap().value;
    assert_eq!(&round.puzzle().metadata, meta);
    // JPZ holds the editor and the publisher and names the rest.
    let jpz = CrosswordKind::write(&doc, Format::JpzXml).unwrap();
    assert!(jpz.lost.iter().any(|l| l == "the metadata date, difficulty, intro"), "{:?}", jpz.lost);
    let from_jpz = CrosswordKind::read(&jpz.bytes, Format::JpzXml, &()).unwrap().value;
    assert_eq!(from_jpz.puzzle().meta("editor"), Some("E. Ditor"));
    assert_eq!(from_jpz.puzzle().meta("publisher"), Some("pzl Press"));
    // .puz holds none of them.
    let puz = CrosswordKind::write(&doc, Format::Puz).unwrap();
    assert!(
        puz.lost.iter().any(|l| l == "the metadata date, editor, publisher, difficulty, intro"),
        "{:?}",
        puz.lost
    );
}
