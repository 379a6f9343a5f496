//! Issue 33: clue metadata (`.xd` 3.0's `A1 ^Hint: …`, `^Refs: A5 D4`, any `^Key:`) and
//! cross-references, held per clue and converted between `.xd`, ipuz (`hints`, `references`)
//! and JPZ (`citation`); `.puz` and text name them lost.

use proptest::prelude::*;
use pzl_core::{InfoRequest, Kind};
use pzl_crossword::format::{ipuz, jpz, xd};
use pzl_crossword::numbering::Direction;
use pzl_crossword::puzzle::{ClueRef, Puzzle};
use pzl_crossword::{CrosswordKind, Format};
use serde_json::Value;

const XD: &str = "Title: Meta\n\n\nCAT\nA.O\nBOW\n\n\nA1. Feline ~ CAT\nA1 ^Hint: Says meow\nA1 ^Refs: A3 D2\nA3. Bend ~ BOW\nA3 ^citation: Shower Heads v7\n\nD1. Taxi ~ CAB\nD2. Pull ~ TOW\nD2 ^hint: Drag\n";

fn meta_of(p: &Puzzle, k: usize) -> Vec<(String, String)> {
    p.clue_meta_of(k).to_vec()
}

fn pair(k: &str, v: &str) -> (String, String) {
    (k.to_string(), v.to_string())
}

#[test]
fn xd_clue_metadata_is_held_per_clue_in_order() {
    let read = xd::read(XD).unwrap();
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
    assert!(read.extras.is_empty(), "{:?}", read.extras);
    let p = read.puzzle;
    // Slots: 1A, 1D, 2D, 3D, 4A in clue order (by number, across before down).
    let entries = p.clue_entries();
    let at = |d: Direction, n: u16| {
        entries.iter().position(|e| e.slot.direction == d && e.slot.number == n).unwrap()
    };
    assert_eq!(meta_of(&p, at(Direction::Across, 1)), vec![pair("Hint", "Says meow"), pair("Refs", "A3 D2")]);
    assert_eq!(meta_of(&p, at(Direction::Across, 3)), vec![pair("citation", "Shower Heads v7")]);
    assert_eq!(meta_of(&p, at(Direction::Down, 2)), vec![pair("hint", "Drag")]);
    assert!(meta_of(&p, at(Direction::Down, 1)).is_empty());
    assert_eq!(
        p.references(at(Direction::Across, 1)),
        vec![ClueRef::entry(Direction::Across, "3"), ClueRef::entry(Direction::Down, "2")]
    );
    // The canonical writer gives the lines back after their clue, as read.
    let (text, lost) = xd::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    assert!(text.contains("A1. Feline ~ CAT\nA1 ^Hint: Says meow\nA1 ^Refs: A3 D2\nA3. Bend ~ BOW\nA3 ^citation: Shower Heads v7\n"), "{text}");
    assert!(text.contains("D2. Pull ~ TOW\nD2 ^hint: Drag\n"), "{text}");
    assert_eq!(xd::read(&text).unwrap().puzzle, p);
}

#[test]
fn a_metadata_line_of_no_clue_or_without_a_key_is_named() {
    let text = XD.replace("D2 ^hint: Drag", "D9 ^hint: Drag\nD2 ^no key here");
    let read = xd::read(&text).unwrap();
    assert_eq!(read.warnings.len(), 2, "{:?}", read.warnings);
    assert!(read.extras.iter().any(|e| e.contains("2 clue metadata line(s)")), "{:?}", read.extras);
}

#[test]
fn hints_and_references_go_through_ipuz_and_back_to_xd() {
    let p = xd::read(XD).unwrap().puzzle;
    let (json, lost) = ipuz::write(&p);
    // ipuz holds hints and references, not a citation.
    assert_eq!(lost, vec!["the clue metadata ^citation of 1 clue(s)".to_string()]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    let a1 = &doc["clues"]["Across"][0];
    assert_eq!(a1["hints"], serde_json::json!(["Says meow"]));
    assert_eq!(
        a1["references"],
        serde_json::json!([{"direction": "Across", "number": 3}, {"direction": "Down", "number": 2}])
    );
    let (back, dropped) = ipuz::read(&json).unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    assert_eq!(meta_of(&back, 0), vec![pair("Hint", "Says meow"), pair("Refs", "A3 D2")]);
    let (text, _) = xd::write(&back);
    assert!(text.contains("A1 ^Hint: Says meow\nA1 ^Refs: A3 D2\n"), "{text}");
    // A reference to a clue of another list is kept (`[Zones:Bases]3`), written back to ipuz
    // and `.xd`; one that names no list is named, never silently dropped.
    let other = json.replacen("\"direction\": \"Across\"", "\"direction\": \"Zones:Bases\"", 1);
    let (zones, dropped) = ipuz::read(&other).unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    assert_eq!(meta_of(&zones, 0), vec![pair("Hint", "Says meow"), pair("Refs", "[Zones:Bases]3 D2")]);
    assert_eq!(
        zones.references(0),
        vec![ClueRef::other("Zones:Bases", "3"), ClueRef::entry(Direction::Down, "2")]
    );
    let doc: Value = serde_json::from_str(&ipuz::write(&zones).0).unwrap();
    assert_eq!(
        doc["clues"]["Across"][0]["references"],
        serde_json::json!([{"direction": "Zones:Bases", "number": 3}, {"direction": "Down", "number": 2}])
    );
    let (text, lost) = xd::write(&zones);
    assert!(text.contains("A1 ^Refs: [Zones:Bases]3 D2\n"), "{text}");
    assert!(lost.iter().all(|l| !l.contains("Refs")), "{lost:?}");
    assert_eq!(xd::read(&text).unwrap().puzzle.references(0), zones.references(0));
    let info = CrosswordKind::info(
        &CrosswordKind::read(other.as_bytes(), Format::Ipuz, &()).unwrap().value,
        &InfoRequest::FULL,
    );
    let listing = info.facts.iter().find(|f| f.key == "clues" && f.detail).expect("clue list");
    assert_eq!(
        listing.value[0]["references"],
        serde_json::json!([{"list": "Zones:Bases", "label": "3"}, {"direction": "down", "label": "2"}])
    );
    let nameless = json.replacen("\"direction\": \"Across\"", "\"direction\": \"\"", 1);
    let (_, dropped) = ipuz::read(&nameless).unwrap();
    assert!(dropped.iter().any(|d| d.contains("1 cross-reference(s) naming no clue list")), "{dropped:?}");
}

#[test]
fn a_jpz_citation_is_clue_metadata_and_goes_back_to_jpz() {
    let p = xd::read(XD).unwrap().puzzle;
    let (xml, lost) = jpz::write_xml(&p);
    assert_eq!(lost, vec!["the clue metadata ^Hint, ^Refs of 2 clue(s)".to_string()]);
    assert!(xml.contains("citation=\"Shower Heads v7\""), "{xml}");
    let read = jpz::read_xml(&xml).unwrap();
    assert!(read.extras.iter().all(|e| !e.contains("citation")), "{:?}", read.extras);
    let back = read.puzzle;
    let k = back
        .clue_entries()
        .iter()
        .position(|e| e.slot.direction == Direction::Across && e.slot.number == 3)
        .unwrap();
    assert_eq!(meta_of(&back, k), vec![pair("citation", "Shower Heads v7")]);
}

#[test]
fn puz_and_text_name_the_clue_metadata_lost_and_info_shows_it() {
    let parsed = CrosswordKind::read(XD.as_bytes(), Format::Xd, &()).unwrap();
    let doc = parsed.value;
    for format in [Format::Puz, Format::AcrossText] {
        let written = CrosswordKind::write(&doc, format).unwrap();
        assert!(
            written.lost.iter().any(|l| l == "the clue metadata ^Hint, ^Refs, ^citation of 3 clue(s)"),
            "{format:?}: {:?}",
            written.lost
        );
    }
    let info = CrosswordKind::info(&doc, &InfoRequest::FULL);
    let listing = info.facts.iter().find(|f| f.key == "clues" && f.detail).expect("clue list");
    let a1 = &listing.value[0];
    assert_eq!(
        a1["meta"],
        serde_json::json!([{"key": "Hint", "value": "Says meow"}, {"key": "Refs", "value": "A3 D2"}])
    );
    assert_eq!(
        a1["references"],
        serde_json::json!([{"direction": "across", "label": "3"}, {"direction": "down", "label": "2"}])
    );
    assert!(listing.text.contains("^Hint: Says meow  ^Refs: A3 D2"), "{}", listing.text);
}

#[test]
fn every_corpus_xd_keeps_its_clue_metadata_lines() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return;
    };
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    let mut with_meta = 0;
    for entry in manifest.as_array().into_iter().flatten().filter(|e| e["format"] == "xd") {
        let name = entry["file"].as_str().unwrap_or_default();
        let expected = entry["facts"]["clue_metadata_lines"].as_u64().unwrap_or(0) as usize;
        let text = String::from_utf8(std::fs::read(dir.join(name)).unwrap()).unwrap();
        let Ok(read) = xd::read(&text) else { continue };
        let kept: usize = read.puzzle.clue_meta.iter().flatten().map(Vec::len).sum();
        let unkept =
            read.warnings.iter().filter(|w| w.to_string().contains("clue metadata line not kept")).count();
        assert_eq!(kept + unkept, expected, "{name}: {:?}", read.warnings);
        if expected > 0 {
            with_meta += 1;
            // Written and read again, every kept line is still on its clue.
            let (written, _) = xd::write(&read.puzzle);
            let again = xd::read(&written).unwrap().puzzle;
            assert_eq!(again.clue_meta, read.puzzle.clue_meta, "{name}");
        }
    }
    assert!(with_meta >= 5, "{with_meta} corpus files with clue metadata");
    // kotwords' test.xd: the hint and the references of 1 Across.
    let text = std::fs::read_to_string(dir.join("kotwords/xd/test.xd")).unwrap();
    let p = xd::read(&text).unwrap().puzzle;
    assert_eq!(
        meta_of(&p, 0),
        vec![pair("Hint", "Alternate clue which should be ignored."), pair("Refs", "A5 A6")]
    );
}

prop_compose! {
    /// A small open grid (every cell a letter), each clue with metadata lines of `.xd`'s
    /// commonest keys: hints and references to clues of the grid.
    fn meta_puzzle()(w in 2usize..6, h in 2usize..6)
        (letters in proptest::collection::vec("[A-Z]", w * h), w in Just(w), h in Just(h),
         hints in proptest::collection::vec(proptest::option::of("[A-Za-z][A-Za-z0-9 ,.!?']{0,15}[a-z.]"), 12),
         refs in proptest::collection::vec(proptest::collection::vec((any::<bool>(), 0usize..12), 0..3), 12))
        -> Puzzle
    {
        let mut p = Puzzle::new(w, h);
        let rows: Vec<String> = letters.chunks(w).map(|r| r.concat()).collect();
        p.set_solution_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>());
        let slots = p.slots();
        p.clues = (0..slots.len()).map(|k| format!("clue {k}")).collect();
        let meta: Vec<Vec<(String, String)>> = (0..slots.len())
            .map(|k| {
                let mut m = Vec::new();
                if let Some(h) = &hints[k % hints.len()] {
                    m.push(("Hint".to_string(), h.clone()));
                }
                let tokens: Vec<String> = refs[k % refs.len()]
                    .iter()
                    .map(|&(across, n)| {
                        let d = if across { Direction::Across } else { Direction::Down };
                        let label = slots.iter().filter(|s| s.direction == d).nth(n % w.min(h)).map_or(1, |s| s.number);
                        ClueRef::entry(d, &label.to_string()).xd()
                    })
                    .collect();
                if !tokens.is_empty() {
                    m.push(("Refs".to_string(), tokens.join(" ")));
                }
                m
            })
            .collect();
        p.clue_meta = meta.iter().any(|m| !m.is_empty()).then_some(meta);
        p
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Hints and references survive `.xd` → ipuz → `.xd` and ipuz → `.xd` → ipuz; `.xd` → `.xd`
    /// (the writer) gives the same text.
    #[test]
    fn hints_and_references_round_trip_between_xd_and_ipuz(p in meta_puzzle()) {
        let (text, lost) = xd::write(&p);
        prop_assert!(lost.is_empty(), "{:?}", lost);
        let from_xd = xd::read(&text).unwrap().puzzle;
        prop_assert_eq!(&from_xd.clue_meta, &p.clue_meta);
        let (json, lost) = ipuz::write(&from_xd);
        prop_assert!(lost.is_empty(), "{:?}", lost);
        let (from_ipuz, _) = ipuz::read(&json).unwrap();
        prop_assert_eq!(&from_ipuz.clue_meta, &p.clue_meta);
        let (text2, _) = xd::write(&from_ipuz);
        prop_assert_eq!(&text2, &text);
        let (json2, _) = ipuz::write(&xd::read(&text2).unwrap().puzzle);
        prop_assert_eq!(json2, json);
    }
}

/// ipuz's `see` and `continued` (issue 33 item 3): held as `^See` and `^Continued` clue
/// metadata, written back by ipuz and `.xd`; JPZ names them. A cell's `highlight` is shading.
const SEE_IPUZ: &str = r##"{
  "version": "http://ipuz.org/v2",
  "kind": ["http://ipuz.org/crossword#1"],
  "dimensions": {"width": 3, "height": 3},
  "puzzle": [[1, {"cell": 0, "style": {"highlight": true}}, 2], [0, "#", 0], [3, 0, 0]],
  "solution": [["C", "A", "T"], ["A", "#", "O"], ["B", "O", "W"]],
  "clues": {
    "Across": [{"number": 1, "clue": "Feline, with 3-Across", "continued": [{"direction": "Across", "number": 3}]},
               {"number": 3, "clue": "See 1-Across", "see": {"direction": "Across", "number": 1}}],
    "Down": [[1, "Taxi"], [2, "Pull"]]
  }
}"##;

#[test]
fn ipuz_see_and_continued_are_kept_and_highlight_is_shading() {
    let (p, dropped) = ipuz::read(SEE_IPUZ).unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    let entries = p.clue_entries();
    let at = |n: u16| {
        entries.iter().position(|e| e.slot.direction == Direction::Across && e.slot.number == n).unwrap()
    };
    assert_eq!(meta_of(&p, at(1)), vec![pair("Continued", "A3")]);
    assert_eq!(meta_of(&p, at(3)), vec![pair("See", "A1")]);
    assert_eq!(p.style(1).shade, Some(ipuz::HIGHLIGHT));
    // ipuz → ipuz: `see` one clue, `continued` a list.
    let (json, lost) = ipuz::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["clues"]["Across"][1]["see"], serde_json::json!({"direction": "Across", "number": 1}));
    assert_eq!(
        doc["clues"]["Across"][0]["continued"],
        serde_json::json!([{"direction": "Across", "number": 3}])
    );
    // `.xd` → ipuz gives them back.
    let (text, lost) = xd::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    assert!(text.contains("A1 ^Continued: A3\n") && text.contains("A3 ^See: A1\n"), "{text}");
    let from_xd = xd::read(&text).unwrap().puzzle;
    assert_eq!(ipuz::read(&ipuz::write(&from_xd).0).unwrap().0.clue_meta, p.clue_meta);
    // A `.xd` `^See` word that names no clue has no place in ipuz: named, the clue it names kept.
    let loose = xd::read(&text.replace("A3 ^See: A1\n", "A3 ^See: A1 (theme)\n")).unwrap().puzzle;
    let (json, lost) = ipuz::write(&loose);
    assert_eq!(lost, vec!["1 ^See/^Continued word(s) that name no Across or Down clue".to_string()]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["clues"]["Across"][1]["see"], serde_json::json!({"direction": "Across", "number": 1}));
    // JPZ holds neither: named.
    let (_, lost) = jpz::write_xml(&p);
    assert!(lost.iter().any(|l| l == "the clue metadata ^Continued, ^See of 2 clue(s)"), "{lost:?}");
    // A `see` into another list is kept and written back.
    let other = SEE_IPUZ.replace(r#""see": {"direction": "Across""#, r#""see": {"direction": "Zones:Bases""#);
    let (zones, dropped) = ipuz::read(&other).unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    let doc: Value = serde_json::from_str(&ipuz::write(&zones).0).unwrap();
    assert_eq!(doc["clues"]["Across"][1]["see"]["direction"], "Zones:Bases", "{doc}");
}
