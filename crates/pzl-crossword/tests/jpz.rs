//! JPZ: every corpus JPZ file reads with the facts of its manifest, pairs of the same puzzle in
//! two formats convert into each other, every corpus `.puz` survives `.puz` → JPZ → `.puz`, the
//! written JPZ has the structure of the corpus files, and bad input fails with its place.

use pzl_core::{FormatTable as _, Kind};
use pzl_crossword::format::jpz;
use pzl_crossword::numbering::is_block;
use pzl_crossword::puzzle::SolutionState;
use pzl_crossword::{CrosswordKind, Format, Puzzle};
use serde_json::Value;

fn circles(p: &Puzzle) -> usize {
    (0..p.solution.len()).filter(|&i| p.is_circled(i)).count()
}

fn rebus_cells(p: &Puzzle) -> usize {
    p.rebus.as_ref().map_or(0, |r| r.cells.iter().filter(|&&v| v > 0).count())
}

/// The solution of every cell, rebus expanded, blocks as `.`.
fn grid(z: &Puzzle) -> Vec<String> {
    (0..z.solution.len())
        .map(|i| if is_block(z.solution[i]) { ".".into() } else { z.cell_answer(i) })
        .collect()
}

fn clues(z: &Puzzle) -> Vec<String> {
    z.clue_entries().into_iter().map(|e| e.clue.unwrap_or_default().trim().to_string()).collect()
}

fn manifest(dir: &std::path::Path) -> Vec<Value> {
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("manifest.json");
    let v: Value = serde_json::from_str(&text).expect("manifest.json is JSON");
    v.as_array().cloned().unwrap_or_default()
}

#[test]
fn every_corpus_jpz_file_reads_with_the_manifest_facts() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return;
    };
    let mut seen = 0;
    for entry in manifest(&dir).iter().filter(|e| e["format"] == "jpz") {
        let name = entry["file"].as_str().unwrap_or_default();
        let f = &entry["facts"];
        let bytes = std::fs::read(dir.join(name)).expect(name);
        seen += 1;
        assert_eq!(Format::detect(&bytes), Some(Format::Jpz), "{name}: detected as JPZ");
        let read = CrosswordKind::read(&bytes, Format::Jpz, &());
        if f.get("error").is_some() {
            let e = read.expect_err(name);
            assert!(e.to_string().contains("line"), "{name}: the error names its line: {e}");
            continue;
        }
        let parsed = read.unwrap_or_else(|e| panic!("{name}: {e}"));
        let x = jpz::read(&bytes).expect(name);
        let p = parsed.value.puzzle();
        assert_eq!(&x.puzzle, p, "{name}");
        assert_eq!(f["title"].as_str().unwrap_or(""), p.title, "{name}: title");
        assert_eq!(f["creator"].as_str().unwrap_or(""), p.author, "{name}: creator");
        if let Some(c) = f["copyright"].as_str().filter(|c| !c.is_empty()) {
            assert_eq!(c, p.copyright, "{name}: copyright");
        }
        if let Some(d) = f["description"].as_str().filter(|d| !d.is_empty()) {
            assert_eq!(d, p.notes, "{name}: description is the notes");
        }
        assert_eq!(f["width"].as_u64(), Some(p.width as u64), "{name}: width");
        assert_eq!(f["height"].as_u64(), Some(p.height as u64), "{name}: height");
        assert_eq!(f["puzzle_element"].as_str(), Some(x.kind.name()), "{name}: puzzle element");
        assert_eq!(f["root"].as_str(), Some(x.root.as_str()), "{name}: root");
        let cells = &f["cells"];
        assert_eq!(cells["letter"].as_u64(), Some(x.cells.letter as u64), "{name}: letter cells");
        assert_eq!(cells["block"].as_u64(), Some(x.cells.block as u64), "{name}: block cells");
        assert_eq!(cells["void"].as_u64(), Some(x.cells.void as u64), "{name}: void cells");
        assert_eq!(cells["clue"].as_u64(), Some(x.cells.given as u64), "{name}: given cells");
        let blocks = p.solution.iter().filter(|&&b| is_block(b)).count() as u64;
        assert_eq!(
            blocks,
            cells["block"].as_u64().unwrap_or(0) + cells["void"].as_u64().unwrap_or(0),
            "{name}"
        );
        let rebus = f["rebus_cells"].as_array().map_or(0, Vec::len);
        // The model keeps a one-character non-ASCII solution (an en dash) as a rebus too.
        let multi = (0..p.solution.len()).filter(|&i| p.cell_answer(i).chars().count() > 1).count();
        assert_eq!(rebus, multi, "{name}: rebus cells");
        for r in f["rebus_cells"].as_array().into_iter().flatten() {
            // "x,y=ANSWER"
            let r = r.as_str().unwrap_or_default();
            let (xy, answer) = r.split_once('=').expect("x,y=ANSWER");
            let (cx, cy) = xy.split_once(',').expect("x,y");
            let i = (cy.parse::<usize>().expect("y") - 1) * p.width + cx.parse::<usize>().expect("x") - 1;
            assert_eq!(p.cell_answer(i), answer, "{name}: rebus {r}");
        }
        assert_eq!(f["circles"].as_u64(), Some(circles(p) as u64), "{name}: circles");
        assert_eq!(f["shaded_cells"].as_u64(), Some(x.shaded as u64), "{name}: shaded");
        let bars: u64 = ["top", "bottom", "left", "right"].iter().filter_map(|k| f["bars"][k].as_u64()).sum();
        assert_eq!(bars, x.bars as u64, "{name}: bars");
        assert_eq!(f["has_solution"].as_bool(), Some(p.state() != SolutionState::None), "{name}: solution");
        let lists: Vec<(String, u64)> = f["clue_lists"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|l| (l["title"].as_str().unwrap_or("").to_string(), l["count"].as_u64().unwrap_or(0)))
            .collect();
        let ours: Vec<(String, u64)> =
            x.lists.iter().map(|l| (l.title.clone(), l.clues.len() as u64)).collect();
        assert_eq!(ours, lists, "{name}: clue lists");
        // The first across clue sits on its slot, with its answer (when the grid numbers it).
        if let Some(first) = f["first_across"].as_object()
            && x.kind.name() == "crossword"
            && f["bars"]["left"] == 0
        {
            let entries = p.clue_entries();
            let want = first["clue"].as_str().unwrap_or("");
            let e = entries.iter().find(|e| e.clue.as_deref() == Some(want));
            let e = e.unwrap_or_else(|| panic!("{name}: first across clue {want:?} not on a slot"));
            if f["has_solution"] == true {
                assert_eq!(first["answer"].as_str(), Some(e.answer.as_str()), "{name}: first across answer");
            }
        }
        // Every dropped thing has a warning or an extra, and the clue total adds up.
        let total: usize = x.lists.iter().map(|l| l.clues.len()).sum();
        let placed = p.clues.iter().filter(|c| !c.is_empty()).count()
            + p.other_lists.iter().flat_map(|l| &l.clues).filter(|c| !c.text.is_empty()).count();
        // The lists other than Across and Down are kept, with their titles and clue counts.
        let named = |t: &str| t.to_lowercase().contains("across") || t.to_lowercase().contains("down");
        if lists.iter().any(|(t, _)| named(t)) {
            let others: Vec<(String, u64)> = lists.iter().filter(|(t, _)| !named(t)).cloned().collect();
            let kept: Vec<(String, u64)> =
                p.other_lists.iter().map(|l| (l.title.clone(), l.clues.len() as u64)).collect();
            assert_eq!(kept, others, "{name}: other clue lists");
        }
        let empty = x.lists.iter().flat_map(|l| &l.clues).filter(|c| c.text.is_empty()).count();
        assert!(placed + empty <= total, "{name}");
        if placed + empty < total {
            assert!(
                parsed.warnings.iter().any(|w| w.to_string().contains("dropped")),
                "{name}: dropped clues warn"
            );
        }
        // Written back in its own format: the same bytes; as a fresh JPZ: the same puzzle.
        let same = CrosswordKind::write(&parsed.value, Format::Jpz).expect(name);
        assert_eq!(same.bytes, bytes, "{name}: JPZ to JPZ is exact");
        // As bare XML: the XML as read (the entry of a zipped file), which reads the same.
        let bare = CrosswordKind::write(&parsed.value, Format::JpzXml).expect(name);
        assert!(bare.lost.is_empty(), "{name}: {:?}", bare.lost);
        assert!(bare.bytes.starts_with(b"<") || bare.bytes.starts_with(b"\xef\xbb\xbf"), "{name}");
        assert_eq!(&jpz::read(&bare.bytes).expect(name).puzzle, p, "{name}: bare XML");
        let (fresh, _) = jpz::write(p).expect(name);
        let again = jpz::read(&fresh).unwrap_or_else(|e| panic!("{name}: written JPZ: {e}"));
        assert_eq!(grid(&again.puzzle), grid(p), "{name}: fresh JPZ grid");
        assert_eq!(clues(&again.puzzle), clues(p), "{name}: fresh JPZ clues");
        assert_eq!(circles(&again.puzzle), circles(p), "{name}: fresh JPZ circles");
        assert_eq!(again.puzzle.other_lists, p.other_lists, "{name}: fresh JPZ other lists");
        for to in [Format::Puz, Format::Ipuz, Format::AcrossText, Format::Xd] {
            if let Ok(out) = CrosswordKind::write(&parsed.value, to) {
                CrosswordKind::read(&out.bytes, to, &()).unwrap_or_else(|e| panic!("{name} as {to:?}: {e}"));
                if !x.extras.is_empty() {
                    assert!(!out.lost.is_empty(), "{name} as {to:?}: names what it drops");
                }
            }
        }
    }
    assert!(seen >= 32, "only {seen} JPZ files in the manifest");
}

fn format_of(name: &str) -> Format {
    match name.rsplit('.').next() {
        Some("puz") => Format::Puz,
        Some("xd") => Format::Xd,
        Some("ipuz") => Format::Ipuz,
        _ => Format::Jpz,
    }
}

#[test]
fn pairs_of_the_same_puzzle_convert_into_each_other() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return;
    };
    let mut pairs = 0;
    for entry in manifest(&dir).iter().filter(|e| e["format"] == "jpz") {
        let name = entry["file"].as_str().unwrap_or_default();
        for pair in entry["pairs"].as_array().into_iter().flatten() {
            let other = pair["file"].as_str().unwrap_or_default();
            let to = format_of(other);
            let a = CrosswordKind::read(&std::fs::read(dir.join(name)).expect(name), Format::Jpz, &())
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .value;
            let b = CrosswordKind::read(&std::fs::read(dir.join(other)).expect(other), to, &())
                .unwrap_or_else(|e| panic!("{other}: {e}"))
                .value;
            // JPZ → other format → read: the same grid and clue counts as the other file.
            let there = CrosswordKind::write(&a, to).unwrap_or_else(|e| panic!("{name} as {to:?}: {e}"));
            // ipuz, JPZ and `.xd` all hold bars: none is named as lost.
            assert!(!there.lost.iter().any(|l| l.contains("bar")), "{name} as {to:?}: {:?}", there.lost);
            let there = CrosswordKind::read(&there.bytes, to, &()).expect("written file reads").value;
            // Other → JPZ → read: the same as the JPZ file.
            let back =
                CrosswordKind::write(&b, Format::Jpz).unwrap_or_else(|e| panic!("{other} as JPZ: {e}"));
            let back = CrosswordKind::read(&back.bytes, Format::Jpz, &()).expect("written JPZ reads").value;
            for (what, x, y) in [("jpz→", there.puzzle(), b.puzzle()), ("→jpz", back.puzzle(), a.puzzle())]
            {
                assert_eq!((x.width, x.height), (y.width, y.height), "{name} {what} {other}: size");
                assert_eq!(x.slots(), y.slots(), "{name} {what} {other}: slots");
                let solved = x.state() == SolutionState::Plain && y.state() == SolutionState::Plain;
                if solved && to != Format::Xd {
                    assert_eq!(grid(x), grid(y), "{name} {what} {other}: grid");
                }
                let n = |z: &Puzzle| z.clues.iter().filter(|c| !c.is_empty()).count();
                // Bars: the xd reader drops clues by their answers, the JPZ reader by their words.
                if !name.contains("barred") {
                    assert_eq!(n(x), n(y), "{name} {what} {other}: clued entries");
                }
                assert_eq!(x.title, y.title, "{name} {what} {other}: title");
            }
            pairs += 1;
        }
    }
    assert!(pairs >= 8, "only {pairs} pairs");
}

#[test]
fn every_corpus_puz_survives_puz_to_jpz_to_puz() {
    let Some(dir) = pzl_corpus::dir("puz") else {
        eprintln!("skipped: the puz corpus is absent");
        return;
    };
    let mut seen = 0;
    for path in pzl_corpus::files(&dir, ".puz") {
        let bytes = std::fs::read(&path).expect("corpus file");
        let Ok(doc) = CrosswordKind::read(&bytes, Format::Puz, &()) else { continue };
        let name = path.display();
        let p = doc.value.puzzle();
        let as_jpz = CrosswordKind::write(&doc.value, Format::Jpz).unwrap_or_else(|e| panic!("{name}: {e}"));
        let jpz_doc =
            CrosswordKind::read(&as_jpz.bytes, Format::Jpz, &()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let as_puz =
            CrosswordKind::write(&jpz_doc.value, Format::Puz).unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = CrosswordKind::read(&as_puz.bytes, Format::Puz, &()).expect("written .puz reads");
        let q = back.value.puzzle();
        // XML 1.0 cannot hold control characters: they are dropped, and the conversion says so.
        let xml = |s: &str| -> String {
            s.chars()
                .filter(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r'))
                .collect::<String>()
                .trim()
                .to_string()
        };
        let had_controls = [&p.title, &p.author, &p.copyright, &p.notes]
            .iter()
            .any(|s| s.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r')));
        if had_controls {
            assert!(as_jpz.lost.iter().any(|l| l.contains("control")), "{name}: {:?}", as_jpz.lost);
        }
        assert_eq!(q.title, xml(&p.title), "{name}: title");
        assert_eq!(q.author, xml(&p.author), "{name}: author");
        assert_eq!(q.copyright, xml(&p.copyright), "{name}: copyright");
        assert_eq!(q.notes, xml(&p.notes), "{name}: notes");
        assert_eq!((q.width, q.height), (p.width, p.height), "{name}: size");
        if p.state() == SolutionState::Plain {
            assert_eq!(grid(q), grid(p), "{name}: grid and rebus");
        }
        assert_eq!(clues(q), clues(p), "{name}: clues");
        if p.state() == SolutionState::Locked {
            assert!(as_jpz.lost.iter().any(|l| l.contains("lock")), "{name}: {:?}", as_jpz.lost);
        } else {
            assert_eq!(rebus_cells(q), rebus_cells(p), "{name}: rebus cells");
        }
        assert_eq!(circles(q), circles(p), "{name}: circles");
        seen += 1;
    }
    assert!(seen > 0, "no corpus .puz file read");
}

fn tiny() -> Puzzle {
    let mut p = Puzzle::new(3, 3);
    p.set_solution_rows(&["CAT", "A.O", "BEE"]);
    p.title = "Tiny & <odd>".into();
    p.author = "Ada \"A\" Lovelace".into();
    p.copyright = "© 2026".into();
    p.notes = "Line one\r\nline two".into();
    p.clues = vec!["Pet".into(), "Taxi".into(), "Too".into(), "Buzzer".into()];
    p.set_rebus(pzl_grid::Pos { row: 2, col: 2 }, "EEK");
    p.set_circled(pzl_grid::Pos { row: 0, col: 0 }, true);
    p
}

#[test]
fn a_built_puzzle_round_trips_through_jpz() {
    let p = tiny();
    let (bytes, lost) = jpz::write(&p).expect("zips");
    assert!(lost.is_empty(), "{lost:?}");
    assert!(bytes.starts_with(b"PK\x03\x04"), "written zipped");
    let r = jpz::read(&bytes).expect("reads back");
    assert_eq!(r.zip_entry.as_deref(), Some(jpz::ZIP_ENTRY));
    let q = &r.puzzle;
    assert_eq!(
        (q.title.as_str(), q.author.as_str(), q.copyright.as_str()),
        ("Tiny & <odd>", "Ada \"A\" Lovelace", "© 2026")
    );
    assert_eq!(q.notes, p.notes, "CR kept as a character reference");
    assert_eq!(grid(q), grid(&p));
    assert_eq!(q.clues, p.clues);
    assert_eq!(circles(q), 1);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert!(r.extras.is_empty(), "{:?}", r.extras);
    // Canonical XML is a fixed point.
    let (xml, _) = jpz::write_xml(&p);
    assert_eq!(jpz::write_xml(&jpz::read_xml(&xml).expect("xml reads").puzzle).0, xml);
    // Bare XML reads as well as zipped.
    assert_eq!(jpz::read(xml.as_bytes()).expect("bare").puzzle, r.puzzle);
}

#[test]
fn written_jpz_has_the_structure_of_crossword_compiler_files() {
    let (xml, _) = jpz::write_xml(&tiny());
    for needle in [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "<crossword-compiler xmlns=\"http://crossword.info/xml/crossword-compiler\">",
        "<rectangular-puzzle xmlns=\"http://crossword.info/xml/rectangular-puzzle\"",
        "<metadata>",
        "<title>Tiny &amp; &lt;odd&gt;</title>",
        "<crossword>",
        "<grid width=\"3\" height=\"3\">",
        "<grid-look numbering-scheme=\"normal\"/>",
        "<cell x=\"1\" y=\"1\" solution=\"C\" number=\"1\" background-shape=\"circle\"/>",
        "<cell x=\"2\" y=\"2\" type=\"block\"/>",
        "<cell x=\"3\" y=\"3\" solution=\"EEK\"/>",
        "<word id=\"1\">",
        "<cells x=\"1\" y=\"1\"/>",
        "<clues ordering=\"normal\">",
        "<title><b>Across</b></title>",
        "<clue word=\"1\" number=\"1\">Pet</clue>",
        "<title><b>Down</b></title>",
    ] {
        assert!(xml.contains(needle), "missing {needle}\n{xml}");
    }
    // The corpus reference file written by kotwords has the same outline.
    if let Some(dir) = pzl_corpus::dir("crossword-more") {
        let reference = std::fs::read(dir.join("kotwords/jpz/test.jpz")).expect("test.jpz");
        let r = jpz::read(&reference).expect("reads");
        let (ours, _) = jpz::write_xml(&r.puzzle);
        let outline = |s: &str| -> Vec<String> {
            s.lines()
                .filter_map(|l| l.trim().strip_prefix('<'))
                .map(|l| l.split([' ', '>', '/']).next().unwrap_or("").to_string())
                .collect()
        };
        let theirs = String::from_utf8(reference).expect("utf-8");
        assert_eq!(outline(&ours), outline(&theirs), "element outline equals kotwords' test.jpz");
    } else {
        eprintln!("skipped the outline comparison: the crossword-more corpus is absent");
    }
}

#[test]
fn bad_input_fails_with_its_place() {
    let cases: [(&str, &str); 6] = [
        (
            "<crossword-compiler><rectangular-puzzle><crossword><grid width=\"2\" height=\"2\">\n<cell x=\"3\" y=\"1\" solution=\"A\"/>",
            "line 2",
        ),
        (
            "<crossword-compiler>\n<rectangular-puzzle>\n<crossword>\n<grid width=\"2\" height=\"2\"></grid>\n<word id=\"1\" x=\"1-5\" y=\"1\"/></crossword></rectangular-puzzle></crossword-compiler>",
            "line 5",
        ),
        (
            "<crossword-compiler>\n<rectangular-puzzle><crossword><grid width=\"2\" height=\"2\"><cell x=\"1\" y=\"1\"></grid>",
            "line 2",
        ),
        ("<html><body/></html>", "root element"),
        (
            "<crossword-compiler><rectangular-puzzle><crossword><grid width=\"300\" height=\"2\"/></crossword></rectangular-puzzle></crossword-compiler>",
            "255",
        ),
        (
            "<crossword-compiler><rectangular-puzzle><metadata/></rectangular-puzzle></crossword-compiler>",
            "no <crossword>",
        ),
    ];
    for (xml, want) in cases {
        let e = CrosswordKind::read(xml.as_bytes(), Format::Jpz, &()).expect_err(xml);
        assert!(e.to_string().contains(want), "{xml}: {e}");
    }
    // A zip bomb: an entry that inflates past the limit is refused, not inflated.
    let big = vec![b' '; (jpz::MAX_INFLATED + 10) as usize];
    let bomb = jpz::zip_xml(&big).expect("zips");
    assert!(bomb.len() < 1 << 20, "the bomb is small: {}", bomb.len());
    let e = jpz::read(&bomb).expect_err("refused");
    assert!(e.to_string().contains("zip bomb"), "{e}");
    // N20j: entries each under the limit that cross it together: the message says so, naming
    // the entry where the total was passed (not that entry as a bomb of its own).
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let junk = vec![b' '; (jpz::MAX_INFLATED / 2 + 1) as usize];
    for name in ["junk1", "junk2"] {
        zip.start_file(name, options).unwrap();
        std::io::Write::write_all(&mut zip, &junk).unwrap();
    }
    let two = zip.finish().unwrap().into_inner();
    let e = jpz::read(&two).expect_err("refused");
    assert!(e.to_string().contains("entries inflate to more than"), "{e}");
    assert!(e.to_string().contains("\"junk2\""), "{e}");
    // Not a zip past its signature.
    let e = jpz::read(b"PK\x03\x04garbage").expect_err("bad zip");
    assert!(e.to_string().contains("ZIP"), "{e}");
}

#[test]
fn detection_needs_a_crossword_compiler_root() {
    assert_eq!(Format::detect(b"<?xml version=\"1.0\"?>\n<crossword-compiler-applet>"), Some(Format::Jpz));
    assert_eq!(Format::detect(b"<!-- c --><rectangular-puzzle xmlns=\"x\">"), Some(Format::Jpz));
    assert_eq!(Format::detect(b"<?xml version=\"1.0\"?><html/>"), None);
    let (zipped, _) = jpz::write(&tiny()).expect("zips");
    assert_eq!(Format::detect(&zipped), Some(Format::Jpz));
}

#[test]
fn every_format_converts_to_jpz_and_back() {
    let mut p = tiny();
    p.notes = "Notes".into();
    let doc = pzl_crossword::CrosswordDoc::from_puzzle(p.clone());
    for from in pzl_crossword::format::ALL {
        let there = CrosswordKind::write(&doc, from).unwrap_or_else(|e| panic!("{from:?}: {e}"));
        let read = CrosswordKind::read(&there.bytes, from, &()).expect("reads").value;
        for to in [Format::Jpz, Format::JpzXml] {
            let out = CrosswordKind::write(&read, to).unwrap_or_else(|e| panic!("{from:?} -> {to:?}: {e}"));
            let back = CrosswordKind::read(&out.bytes, to, &()).expect("JPZ reads").value;
            let q = back.puzzle();
            assert_eq!(grid(q), grid(&p), "{from:?} -> {to:?}: grid");
            assert_eq!(clues(q), clues(&p), "{from:?} -> {to:?}: clues");
            assert_eq!((q.title.as_str(), q.author.as_str()), (p.title.as_str(), p.author.as_str()));
            assert_eq!(circles(q), 1, "{from:?} -> {to:?}: circles");
            // And from JPZ to the format again.
            let again =
                CrosswordKind::write(&back, from).unwrap_or_else(|e| panic!("{to:?} -> {from:?}: {e}"));
            let again = CrosswordKind::read(&again.bytes, from, &()).expect("reads").value;
            assert_eq!(clues(again.puzzle()), clues(&p), "{to:?} -> {from:?}: clues");
        }
    }
    // What JPZ cannot hold is named.
    let mut locked = p.clone();
    locked.timer = Some(pzl_crossword::puzzle::Timer { seconds: 5, stopped: true });
    let out =
        CrosswordKind::write(&pzl_crossword::CrosswordDoc::from_puzzle(locked), Format::Jpz).expect("writes");
    assert!(out.lost.iter().any(|l| l.contains("timer")), "{:?}", out.lost);
}

/// Every HTML5 entity name decodes to its own characters: quick-xml's `resolve_html5_entity`
/// (used before) gave U+0010 for `&Abreve;` and `9` for `&Alpha;` (538 of 2,125 names wrong).
#[test]
fn html5_entities_decode_to_their_characters() {
    let clue = "&Abreve;&Alpha;&Afr;&Bcy;&fjlig;&amp;&lt;&NotEqualTilde;";
    let body = format!(
        "<crossword-compiler><rectangular-puzzle><crossword><grid width=\"2\" height=\"1\">\
         <cell x=\"1\" y=\"1\" solution=\"A\"/><cell x=\"2\" y=\"1\" solution=\"B\"/></grid>\
         <word id=\"1\" x=\"1-2\" y=\"1\"/><clues><title>Across</title><clue word=\"1\" number=\"1\">{clue}</clue></clues>\
         </crossword></rectangular-puzzle></crossword-compiler>"
    );
    let r = jpz::read(body.as_bytes()).expect("reads");
    assert_eq!(r.puzzle.clues, vec!["\u{102}\u{391}\u{1d504}\u{411}fj&<\u{2242}\u{338}".to_string()]);
    // A name no table holds is an error, not a guess.
    assert!(jpz::read(body.replace("&Alpha;", "&Alphax;").as_bytes()).is_err());
}

#[test]
fn latin_1_utf_16_and_html_entities_read() {
    let body = "<crossword-compiler><rectangular-puzzle><metadata><title>Caf\u{e9} &rsquo;23&nbsp;&hellip;</title></metadata>\
        <crossword><grid width=\"2\" height=\"1\"><cell x=\"1\" y=\"1\" solution=\"A\"/><cell x=\"2\" y=\"1\" solution=\"B\"/></grid>\
        <word id=\"1\" x=\"1-2\" y=\"1\"/><clues><title>Across</title><clue word=\"1\" number=\"1\">Na\u{ef}ve</clue></clues>\
        </crossword></rectangular-puzzle></crossword-compiler>";
    let want_title = "Caf\u{e9} \u{2019}23\u{a0}\u{2026}";
    // ISO-8859-1, as declared.
    let mut latin = b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>".to_vec();
    latin.extend(body.chars().map(|c| u8::try_from(u32::from(c)).expect("latin-1")));
    let r = jpz::read(&latin).expect("latin-1 reads");
    assert_eq!(r.puzzle.title, want_title);
    assert_eq!(r.puzzle.clues, vec!["Na\u{ef}ve".to_string()]);
    // UTF-16 with a BOM.
    let mut utf16 = vec![0xff, 0xfe];
    utf16.extend(body.encode_utf16().flat_map(u16::to_le_bytes));
    assert_eq!(jpz::read(&utf16).expect("utf-16 reads").puzzle.title, want_title);
    // N20e: UTF-16 without a BOM, little- and big-endian, known by its first `<`.
    let declared = format!("<?xml version=\"1.0\"?>{body}");
    let le: Vec<u8> = declared.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = declared.encode_utf16().flat_map(u16::to_be_bytes).collect();
    for (name, bytes) in [("le", le), ("be", be)] {
        assert_eq!(jpz::read(&bytes).expect(name).puzzle.title, want_title, "{name}");
    }
    // Undeclared and not UTF-8: an error at its line.
    let e =
        jpz::read(&latin[latin.iter().position(|&b| b == b'>').expect("decl") + 1..]).expect_err("not utf-8");
    assert!(e.to_string().contains("line 1"), "{e}");
}

#[test]
fn a_zip_whose_first_entry_is_no_xml_reads_the_xml_entry() {
    let (xml, _) = jpz::write_xml(&tiny());
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for (name, data) in [("readme.txt", b"not xml".as_slice()), ("puzzle.jpz", xml.as_bytes())] {
        zip.start_file(name, options).expect("entry");
        std::io::Write::write_all(&mut zip, data).expect("writes");
    }
    let bytes = zip.finish().expect("zips").into_inner();
    let r = jpz::read(&bytes).expect("reads the XML entry");
    assert_eq!(r.zip_entry.as_deref(), Some("puzzle.jpz"));
    assert_eq!(r.puzzle.clues, tiny().clues);
}
