//! Issue 33: the acrostic ipuz kind (`http://ipuz.org/acrostic#1`) is read as a crossword whose
//! grid is the quote and whose clues are other lists with cells (`Clues`, `Clues:Quote`), and
//! written back with its kind: to ipuz, and to JPZ as `<acrostic>`.

use pzl_core::Kind;
use pzl_crossword::format::{ipuz, jpz};
use pzl_crossword::puzzle::{Puzzle, Variety};
use pzl_crossword::{CrosswordKind, Format};

/// A clue as listed: label, text, answer.
type Listed = (String, String, String);

/// Each list: its title, and each clue's label, text, answer.
fn lists(p: &Puzzle) -> Vec<(String, Vec<Listed>)> {
    p.other_lists
        .iter()
        .map(|l| {
            (
                l.title.clone(),
                l.clues.iter().map(|c| (c.label.clone(), c.text.clone(), c.answer(p))).collect(),
            )
        })
        .collect()
}

#[test]
fn the_forkyz_acrostic_reads_and_keeps_its_kind() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return;
    };
    let text = std::fs::read_to_string(dir.join("forkyz/acrostic.ipuz")).unwrap();
    let (p, dropped) = ipuz::read(&text).unwrap();
    assert_eq!(p.variety, Some(Variety::Acrostic));
    // The cells' own labels (`1A`) are kept (tests/cell_labels.rs): nothing is dropped.
    assert_eq!(dropped, Vec::<String>::new());
    assert_eq!(p.shown_labels()[..5], ["1A", "2A", "3A", "", "4A"].map(String::from));
    let s = |x: &str| x.to_string();
    let want = vec![
        (
            s("Clues"),
            vec![
                (s("A"), s("Clue 1"), s("ABCD")),
                (s("B"), s("Clue 2"), s("EFGH")),
                (s("C"), s("Clue 3"), s("IJKLM")),
            ],
        ),
        (s("Clues:Quote"), vec![(s(""), s("Quote"), s("ABCDEFGHIJKLM"))]),
    ];
    assert_eq!(lists(&p), want);
    // Clued only by its lists: the grid's runs are no entries.
    assert!(p.clues.is_empty());
    assert!((0..p.slots().len()).all(|k| !p.is_file_entry(k)));
    // ipuz → ipuz (written), JPZ → ipuz: the kind and the lists stay.
    let (json, _) = ipuz::write(&p);
    assert!(json.contains("http://ipuz.org/acrostic#1"), "{json}");
    let again = ipuz::read(&json).unwrap().0;
    assert_eq!((again.variety, lists(&again)), (Some(Variety::Acrostic), want.clone()));
    // Written with empty Across and Down lists, it reads back with no grid entries either.
    assert!(again.clues.is_empty(), "{:?}", again.clues);
    let (xml, _) = jpz::write_xml(&p);
    assert!(xml.contains("<acrostic>") && xml.contains("</acrostic>"), "{xml}");
    let from_jpz = jpz::read_xml(&xml).unwrap().puzzle;
    assert_eq!(from_jpz.variety, Some(Variety::Acrostic));
    let back = ipuz::read(&ipuz::write(&from_jpz).0).unwrap().0;
    assert_eq!((back.variety, lists(&back)), (Some(Variety::Acrostic), want));
    // Formats without the kind name it.
    let doc = CrosswordKind::read(text.as_bytes(), Format::Ipuz, &()).unwrap().value;
    for to in [Format::Puz, Format::Xd] {
        let out = CrosswordKind::write(&doc, to).unwrap();
        assert!(
            out.lost.iter().any(|l| l == "the acrostic kind (written as a crossword)"),
            "{to:?}: {:?}",
            out.lost
        );
    }
}

#[test]
fn a_kind_neither_crossword_nor_acrostic_is_refused() {
    let text = r#"{"version":"http://ipuz.org/v2","kind":["http://ipuz.org/sudoku#1"],"dimensions":{"width":1,"height":1},"puzzle":[[0]]}"#;
    let e = ipuz::read(text).unwrap_err();
    assert!(e.to_string().contains("acrostic"), "{e}");
}
