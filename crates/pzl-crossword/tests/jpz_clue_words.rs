//! Issue 33: a JPZ Across or Down clue whose word is no entry of the grid — a word of two
//! `<cells>` pieces labelled `13/18`, a clue naming no word — is kept on the entry of its number
//! with the word as the file defines it, written back, and never dropped.

use pzl_core::Kind;
use pzl_crossword::format::{ipuz, jpz, xd};
use pzl_crossword::{CrosswordKind, Format};

/// A 4x3 grid: 1 across CATS, 5 across (a word of two pieces: row 2 then row 3, labelled
/// `5/6`), and 6 across with no word; downs 1–4 by their words.
const XML: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<crossword-compiler xmlns="http://crossword.info/xml/crossword-compiler">
<rectangular-puzzle xmlns="http://crossword.info/xml/rectangular-puzzle">
<metadata><title>Pieces</title></metadata>
<crossword>
<grid width="4" height="3">
<cell x="1" y="1" solution="C" number="1"/><cell x="2" y="1" solution="A" number="2"/><cell x="3" y="1" solution="T" number="3"/><cell x="4" y="1" solution="S" number="4"/>
<cell x="1" y="2" solution="O" number="5"/><cell x="2" y="2" solution="R"/><cell x="3" y="2" solution="E"/><cell x="4" y="2" solution="O"/>
<cell x="1" y="3" solution="W" number="6"/><cell x="2" y="3" solution="E"/><cell x="3" y="3" solution="B"/><cell x="4" y="3" solution="S"/>
</grid>
<word id="1" x="1-4" y="1"/>
<word id="2"><cells x="1-4" y="2"/><cells x="1-2" y="3"/></word>
<word id="11" x="1" y="1-3"/><word id="12" x="2" y="1-3"/><word id="13" x="3" y="1-3"/><word id="14" x="4" y="1-3"/>
<clues><title>Across</title>
<clue word="1" number="1">Felines</clue>
<clue word="2" number="5/6">Cookie, then web</clue>
<clue number="6">Spider's work</clue>
</clues>
<clues><title>Down</title>
<clue word="11" number="1">Bovine</clue><clue word="12" number="2">Sphere</clue><clue word="13" number="3">Wager</clue><clue word="14" number="4">Opposite of yeses</clue>
</clues>
</crossword></rectangular-puzzle></crossword-compiler>
"#;

#[test]
fn a_word_of_two_pieces_and_a_wordless_clue_are_kept() {
    let read = jpz::read_xml(XML).unwrap();
    assert!(read.extras.is_empty(), "{:?}", read.extras);
    assert!(!read.warnings.iter().any(|w| w.to_string().contains("dropped")), "{:?}", read.warnings);
    let p = read.puzzle;
    let entries = p.clue_entries();
    let five = entries.iter().find(|e| e.slot.number == 5).unwrap();
    assert_eq!((five.label.as_str(), five.clue.as_deref()), ("5/6", Some("Cookie, then web")));
    assert_eq!(five.cells, vec![4, 5, 6, 7, 8, 9]);
    assert_eq!(five.answer, "OREOWE");
    let six = entries.iter().find(|e| e.slot.number == 6).unwrap();
    assert_eq!(
        (six.label.as_str(), six.clue.as_deref(), six.answer.as_str()),
        ("6", Some("Spider's work"), "WEBS")
    );
    // Written back: JPZ and ipuz keep the label and the word; JPZ → ipuz → JPZ gives the same.
    let (xml, lost) = jpz::write_xml(&p);
    assert!(lost.is_empty(), "{lost:?}");
    let again = jpz::read_xml(&xml).unwrap();
    assert!(again.extras.is_empty(), "{:?}", again.extras);
    assert_eq!(again.puzzle.clue_entries(), entries);
    let (json, lost) = ipuz::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    let from_ipuz = ipuz::read(&json).unwrap().0;
    assert_eq!(from_ipuz.clue_entries(), entries);
    assert_eq!(jpz::read_xml(&jpz::write_xml(&from_ipuz).0).unwrap().puzzle.clue_entries(), entries);
    // `.xd` writes the entries and names the word and the label.
    let (_, lost) = xd::write(&p);
    assert!(lost.iter().any(|l| l.starts_with("the words of 1 clue(s)")), "{lost:?}");
    // `check` holds the word to open cells: it verifies.
    let doc = CrosswordKind::read(XML.as_bytes(), Format::JpzXml, &()).unwrap().value;
    assert!(CrosswordKind::check(&doc).unwrap().ok);
}

#[test]
fn the_la_times_13_18_and_18_are_both_kept() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return;
    };
    let bytes = std::fs::read(dir.join("forkyz/lat_puzzle_111128.xml")).unwrap();
    let read = jpz::read(&bytes).unwrap();
    assert!(!read.extras.iter().any(|e| e.contains("no entry")), "{:?}", read.extras);
    assert!(!read.warnings.iter().any(|w| w.to_string().contains("dropped")), "{:?}", read.warnings);
    let entries = read.puzzle.clue_entries();
    let find = |label: &str| entries.iter().find(|e| e.label == label).unwrap();
    assert_eq!(
        (find("13/18").clue.as_deref(), find("13/18").answer.as_str()),
        (Some("Ice cream-and-cookies brand"), "OREO")
    );
    assert_eq!((find("18").clue.as_deref(), find("18").answer.as_str()), (Some("Steak option"), "TBONE"));
    // Every across and down entry has its clue: 37 + 39.
    assert_eq!(read.puzzle.clues.iter().filter(|c| !c.is_empty()).count(), 76);
}
