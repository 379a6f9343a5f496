//! The `.xd` format: every corpus `.xd` file reads with the facts of its manifest, every corpus
//! `.puz` survives `.puz` → `.xd` → `.puz`, canonical `.xd` round-trips byte for byte, and bad
//! input fails with the line.

use pzl_core::Kind;
use pzl_crossword::format::xd;
use pzl_crossword::{CrosswordKind, Format, Puzzle};
use serde_json::Value;

fn circles(p: &Puzzle) -> usize {
    (0..p.solution.len()).filter(|&i| p.is_circled(i)).count()
}

fn rebus_cells(p: &Puzzle) -> usize {
    p.rebus.as_ref().map_or(0, |r| r.cells.iter().filter(|&&v| v > 0).count())
}

#[test]
fn every_corpus_xd_file_reads_with_the_manifest_facts() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return;
    };
    let manifest = std::fs::read_to_string(dir.join("manifest.json")).expect("manifest.json");
    let manifest: Value = serde_json::from_str(&manifest).expect("manifest.json is JSON");
    let mut seen = 0;
    for entry in manifest.as_array().into_iter().flatten().filter(|e| e["format"] == "xd") {
        let name = entry["file"].as_str().unwrap_or_default();
        let f = &entry["facts"];
        let bytes = std::fs::read(dir.join(name)).expect(name);
        let read = CrosswordKind::read(&bytes, Format::Xd, &());
        seen += 1;
        if f["width"] == 0 {
            let e = read.expect_err(name);
            assert!(!e.to_string().is_empty(), "{name}");
            continue;
        }
        let parsed = read.unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = std::str::from_utf8(&bytes).expect(name);
        let x = xd::read(text).expect(name);
        let p = parsed.value.puzzle();
        assert_eq!(&x.puzzle, p, "{name}");
        assert_eq!(f["title"].as_str().unwrap_or(""), p.title, "{name}: title");
        assert_eq!(f["width"].as_u64(), Some(p.width as u64), "{name}: width");
        assert_eq!(f["height"].as_u64(), Some(p.height as u64), "{name}: height");
        assert_eq!(f["clues_across"].as_u64(), Some(x.across_clues as u64), "{name}: across clues");
        assert_eq!(f["clues_down"].as_u64(), Some(x.down_clues as u64), "{name}: down clues");
        assert_eq!(f["rebus_cells"].as_u64().unwrap_or(0), rebus_cells(p) as u64, "{name}: rebus cells");
        let special = if f["special"] == "circle" { f["special_cells"].as_u64().unwrap_or(0) } else { 0 };
        let want_circles = f["design_circles"].as_u64().unwrap_or(0) + special;
        assert_eq!(want_circles, circles(p) as u64, "{name}: circles");
        assert_eq!(x.explicit, f["sections_style"] != "implicit", "{name}: layout");
        let odd = f["metadata_unparsed_lines"].as_u64().unwrap_or(0)
            + f["clue_lines_unparsed"].as_array().map_or(0, |a| a.len() as u64)
            + f["clues_without_answer"].as_u64().unwrap_or(0);
        if odd > 0 {
            assert!(!parsed.warnings.is_empty(), "{name}: odd lines give warnings");
            assert!(
                parsed.warnings.iter().any(|w| w.to_string().contains("line")),
                "{name}: {:?}",
                parsed.warnings
            );
        }
        // Written back in its own format: the same bytes.
        let same = CrosswordKind::write(&parsed.value, Format::Xd).expect(name);
        assert_eq!(same.bytes, bytes, "{name}: xd to xd is exact");
        // Every other format holds it (or says why not), and canonical xd reads back the same.
        let (canonical, _) = xd::write(p);
        let again = xd::read(&canonical).unwrap_or_else(|e| panic!("{name}: canonical xd: {e}\n{canonical}"));
        assert_eq!(xd::write(&again.puzzle).0, canonical, "{name}: canonical xd is a fixed point");
        for to in [Format::Puz, Format::Ipuz, Format::AcrossText] {
            if let Ok(out) = CrosswordKind::write(&parsed.value, to) {
                CrosswordKind::read(&out.bytes, to, &()).unwrap_or_else(|e| panic!("{name} as {to:?}: {e}"));
            }
        }
    }
    assert!(seen >= 25, "only {seen} xd files in the manifest");
}

#[test]
fn every_corpus_puz_survives_puz_to_xd_to_puz() {
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
        let as_xd = CrosswordKind::write(&doc.value, Format::Xd).unwrap_or_else(|e| panic!("{name}: {e}"));
        let xd_doc =
            CrosswordKind::read(&as_xd.bytes, Format::Xd, &()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let as_puz =
            CrosswordKind::write(&xd_doc.value, Format::Puz).unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = CrosswordKind::read(&as_puz.bytes, Format::Puz, &()).expect("written .puz reads");
        let q = back.value.puzzle();
        assert_eq!(q.title, p.title.trim(), "{name}: title");
        assert_eq!(q.author, p.author.trim(), "{name}: author");
        assert_eq!(q.copyright, p.copyright.trim(), "{name}: copyright");
        assert_eq!(q.notes, p.notes.replace("\r\n", "\n").trim_matches('\n'), "{name}: notes");
        assert_eq!((q.width, q.height), (p.width, p.height), "{name}: size");
        let grid = |z: &Puzzle| -> Vec<String> {
            (0..z.solution.len())
                .map(|i| {
                    if pzl_crossword::numbering::is_block(z.solution[i]) {
                        ".".into()
                    } else {
                        z.cell_answer(i)
                    }
                })
                .collect()
        };
        if p.state() == pzl_crossword::puzzle::SolutionState::Plain {
            assert_eq!(grid(q), grid(p), "{name}: grid and rebus");
        }
        let clues = |z: &Puzzle| -> Vec<String> {
            z.clue_entries().into_iter().map(|e| e.clue.unwrap_or_default().trim().to_string()).collect()
        };
        assert_eq!(clues(q), clues(p), "{name}: clues");
        assert_eq!(rebus_cells(q), rebus_cells(p), "{name}: rebus cells");
        assert_eq!(circles(q), circles(p), "{name}: circles");
        seen += 1;
    }
    assert!(seen > 0, "no corpus .puz file read");
}

#[test]
fn a_built_puzzle_round_trips_through_canonical_xd_byte_for_byte() {
    for (w, h, rows) in [
        (3, 3, vec!["CAT", "O.O", "WAR"]),
        (5, 1, vec!["ABCDE"]),
        (4, 4, vec!["AB.D", "EFGH", "IJKL", ".NOP"]),
    ] {
        let mut p = Puzzle::new(w, h);
        p.set_solution_rows(&rows);
        p.title = "Tiny ~ test ❶".into();
        p.author = "Me".into();
        p.notes = "Line one\n\nLine three".into();
        p.clues = (0..p.slots().len())
            .map(|i| if i == 1 { String::new() } else { format!("Clue {i} ~ odd") })
            .collect();
        p.set_circled(pzl_grid::Pos { row: 0, col: 0 }, true);
        p.set_rebus(pzl_grid::Pos { row: h - 1, col: w - 1 }, "XYZ");
        let (text, lost) = xd::write(&p);
        assert!(lost.is_empty(), "{lost:?}");
        if let (Some(last_across), Some(first_down)) = (text.rfind("\nA"), text.find("\nD")) {
            assert!(last_across < first_down, "across clues first:\n{text}");
        }
        let read = xd::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(read.puzzle.clues, p.clues, "{text}");
        assert_eq!(read.puzzle.notes, p.notes);
        assert_eq!(read.puzzle.title, p.title);
        assert_eq!(circles(&read.puzzle), 1);
        assert_eq!(rebus_cells(&read.puzzle), 1);
        assert_eq!(xd::write(&read.puzzle).0, text);
    }
}

#[test]
fn ragged_rows_and_clues_for_missing_slots_fail_with_the_line() {
    let ragged = "Title: T\n\n\nCAT\nO.\nWAR\n\n\nA1. x ~ CAT\n";
    let e = CrosswordKind::read(ragged.as_bytes(), Format::Xd, &()).unwrap_err();
    assert!(e.to_string().contains("line 5"), "{e}");
    assert!(e.to_string().contains("ragged"), "{e}");
    let missing = "Title: T\n\n\nCAT\nO.O\nWAR\n\n\nA1. x ~ CAT\nA3. y ~ WAR\nA9. z ~ NOPE\n\nD1. a ~ COW\nD2. b ~ TOR\n";
    let e = CrosswordKind::read(missing.as_bytes(), Format::Xd, &()).unwrap_err();
    assert!(e.to_string().contains("line 11"), "{e}");
    assert!(e.to_string().contains("A9"), "{e}");
    let e = CrosswordKind::read(b"z\n", Format::Xd, &()).unwrap_err();
    assert!(e.to_string().contains("no grid"), "{e}");
}

#[test]
fn detection_needs_an_xd_signature() {
    assert_eq!(
        <Format as pzl_core::FormatTable>::detect(b"## Metadata\ntitle: x\n\n## Grid\nAB\n"),
        Some(Format::Xd)
    );
    assert_eq!(
        <Format as pzl_core::FormatTable>::detect(b"Title: x\nAuthor: y\n\n\nAB\nCD\n\n\nA1. a ~ AB\n"),
        Some(Format::Xd)
    );
    assert_eq!(<Format as pzl_core::FormatTable>::detect(b"Title: notes\njust text\n"), None);
}

#[test]
fn puz_to_xd_writes_what_the_reference_converter_writes() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return;
    };
    // derived/xdformat-puz2xd/alpha-bits.xd is xdformat 0.2.0 `puz2xd` run on this .puz.
    let puz = std::fs::read(dir.join("xd-crossword-tools/puz/alpha-bits.puz")).expect("alpha-bits.puz");
    let reference = std::fs::read(dir.join("derived/xdformat-puz2xd/alpha-bits.xd")).expect("alpha-bits.xd");
    let doc = CrosswordKind::read(&puz, Format::Puz, &()).expect("alpha-bits.puz reads");
    let written = CrosswordKind::write(&doc.value, Format::Xd).expect("writes as xd");
    assert_eq!(String::from_utf8_lossy(&written.bytes), String::from_utf8_lossy(&reference));
    // The pair holds the same puzzle: grid, circles, clues.
    let xd = CrosswordKind::read(&reference, Format::Xd, &()).expect("reads");
    let (a, b) = (doc.value.puzzle(), xd.value.puzzle());
    assert_eq!(a.solution, b.solution);
    assert_eq!(circles(a), circles(b));
    assert_eq!(a.clues, b.clues);
}

/// N20a (found by fuzzing `xd_read`): notes that hold a run of blank lines and then clue lines, or
/// only clue lines, are written so that they read back as the same notes (not as clues), or named
/// as lost; either way the written `.xd` reads back and writes again to the same text.
#[test]
fn notes_that_look_like_clues_never_become_clues() {
    let cases = [
        // The notes come back with one blank line where there were two.
        (
            "Thanks to Ann.\n\n\nA1. fake clue ~ ZZZ\n\n\n## Grid\nXXX",
            "Thanks to Ann.\n\nA1. fake clue ~ ZZZ\n\n ## Grid\nXXX",
        ),
        ("Thanks to Ann.\n\n\nA99. see you ~ SOON", "Thanks to Ann.\n\nA99. see you ~ SOON"),
        // Notes made only of clue lines are not written, and said so.
        ("A1. fake clue ~ ZZZ\n\nD1. another ~ Q", ""),
    ];
    for (notes, back) in cases {
        let mut p = Puzzle::new(3, 3);
        p.set_solution_rows(&["CAT", "ARE", "TEN"]);
        p.clues = (0..p.slots().len()).map(|i| format!("clue {i}")).collect();
        p.notes = notes.into();
        let (text, lost) = xd::write(&p);
        assert!(!lost.is_empty(), "the change is named: {text}");
        let read = xd::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(read.puzzle.notes, back, "{text}");
        assert_eq!(read.puzzle.clues, p.clues, "{text}");
        assert_eq!(xd::write(&read.puzzle).0, text, "a fixed point");
    }
}

#[test]
fn metadata_keys_write_back_to_the_same_keys() {
    // `ß` upper-cases to `SS`, which would read back as another key: only ASCII is capitalised.
    let text = "Title: T\nEditor: E\nßource: S\n\n\nCAT\n\n\nA1. Pet ~ CAT\n";
    let read = xd::read(text).unwrap();
    assert_eq!(read.puzzle.meta("ßource"), Some("S"));
    let (canonical, _) = xd::write(&read.puzzle);
    assert!(canonical.contains("Editor: E\nßource: S\n"), "{canonical}");
    let again = xd::read(&canonical).unwrap();
    assert_eq!(again.puzzle.metadata, read.puzzle.metadata);
    assert_eq!(xd::write(&again.puzzle).0, canonical);
}
