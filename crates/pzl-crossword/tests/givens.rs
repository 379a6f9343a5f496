//! Issue 33: given (pre-filled) letters. One model flag per cell with its letter
//! ([`Puzzle::is_given`]: the GIVEN flag on a filled cell), read and written by ipuz (a
//! `puzzle` cell's `value`), `.xd` (`## Start`), JPZ (`type="clue"` with its `solve-state`),
//! shown in the play view and printed bold on the page.

use pzl_core::{Kind, Paper};
use pzl_crossword::format::{ipuz, jpz, xd};
use pzl_crossword::page::{self, Font, Mark};
use pzl_crossword::play::PlayerGrid;
use pzl_crossword::puzzle::Puzzle;
use pzl_crossword::{CrosswordKind, Format};

const IPUZ: &str = r##"{
  "version": "http://ipuz.org/v2",
  "kind": ["http://ipuz.org/crossword#1"],
  "dimensions": {"width": 3, "height": 2},
  "title": "Givens",
  "puzzle": [[1, {"cell": 2, "value": "a"}, 0], [{"cell": 3, "value": "B"}, 0, "#"]],
  "solution": [["C", "A", "T"], ["B", "E", "#"]],
  "clues": {"Across": [[1, "Feline"], [3, "Be"]], "Down": [[1, "Cb"], [2, "Ae"]]}
}"##;

fn givens(p: &Puzzle) -> Vec<(usize, String)> {
    (0..p.width * p.height).filter(|&i| p.is_given(i)).map(|i| (i, p.cell_entry(i))).collect()
}

#[test]
fn ipuz_values_are_given_letters_and_go_through_every_rich_format() {
    let (p, dropped) = ipuz::read(IPUZ).unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    let want = vec![(1, "A".to_string()), (3, "B".to_string())];
    assert_eq!(givens(&p), want);
    // ipuz: the cell's `value`, and no `saved` (the givens are not the player's).
    let (json, lost) = ipuz::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    assert!(json.contains("\"value\": \"A\"") && !json.contains("\"saved\""), "{json}");
    assert_eq!(givens(&ipuz::read(&json).unwrap().0), want);
    // `.xd`: a `## Start` grid.
    let (text, lost) = xd::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    assert!(text.contains("## Start\n\n.A.\nB.#\n"), "{text}");
    let from_xd = xd::read(&text).unwrap().puzzle;
    assert_eq!(givens(&from_xd), want);
    // JPZ: `type="clue"` cells with their `solve-state`.
    let (xml, lost) = jpz::write_xml(&from_xd);
    assert!(lost.is_empty(), "{lost:?}");
    let from_jpz = jpz::read_xml(&xml).unwrap().puzzle;
    assert_eq!(givens(&from_jpz), want);
    assert_eq!(givens(&ipuz::read(&ipuz::write(&from_jpz).0).unwrap().0), want);
}

#[test]
fn a_given_rebus_is_named_in_xd_and_the_players_fill_stays_apart() {
    let (mut p, _) = ipuz::read(IPUZ).unwrap();
    p.set_given(2, "XYZ");
    p.fill[4] = b'E';
    let (text, lost) = xd::write(&p);
    assert!(text.contains("## Start\n\n.A.\nB.#\n"), "{text}");
    assert!(lost.iter().any(|l| l.starts_with("1 given letter(s)")), "{lost:?}");
    assert!(lost.iter().any(|l| l == "the player's fill"), "{lost:?}");
    let (json, _) = ipuz::write(&p);
    assert!(json.contains("\"value\": \"XYZ\"") && json.contains("\"saved\""), "{json}");
    let back = ipuz::read(&json).unwrap().0;
    assert_eq!(givens(&back), givens(&p));
    assert_eq!(back.fill[4], b'E');
    assert!(!back.is_given(4));
}

#[test]
fn the_play_view_marks_given_cells_and_the_page_prints_them_bold() {
    let doc = CrosswordKind::read(IPUZ.as_bytes(), Format::Ipuz, &()).unwrap().value;
    let view = PlayerGrid::of(&doc);
    let given: Vec<bool> = view.cells.iter().map(|c| c.given).collect();
    assert_eq!(given, vec![false, true, false, true, false, false]);
    assert_eq!(view.cells[1].entry, "A");
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["cells"][1]["given"], true);
    assert!(json["cells"][0].get("given").is_none());
    let layout = page::layout(doc.puzzle(), Paper::Letter);
    let letters: Vec<(&str, bool)> = layout.pages[0]
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Text { text, font, .. } if text == "A" || text == "B" => {
                Some((text.as_str(), *font == Font::Bold))
            }
            _ => None,
        })
        .collect();
    assert_eq!(letters, vec![("A", true), ("B", true)]);
}

#[test]
fn the_corpus_prefilled_files_keep_their_given_letter() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return;
    };
    for (name, format) in
        [("kotwords/xd/test-prefilled.xd", Format::Xd), ("kotwords/jpz/test-prefilled.jpz", Format::Jpz)]
    {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let doc = CrosswordKind::read(&bytes, format, &()).unwrap().value;
        // The manifest: one pre-filled K at row 3, column 3.
        assert_eq!(givens(doc.puzzle()), vec![(12, "K".to_string())], "{name}");
        for to in [Format::Ipuz, Format::Xd, Format::Jpz] {
            let out = CrosswordKind::write(&doc, to).unwrap();
            assert!(out.lost.iter().all(|l| !l.contains("given")), "{name} → {to:?}: {:?}", out.lost);
            let back = CrosswordKind::read(&out.bytes, to, &()).unwrap().value;
            assert_eq!(givens(back.puzzle()), vec![(12, "K".to_string())], "{name} → {to:?}");
        }
    }
}
