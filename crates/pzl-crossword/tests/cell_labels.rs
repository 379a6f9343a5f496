//! Issue 33: a cell's own label. The labels a file prints in its cells — an acrostic's `1A`, a
//! rows garden's row letters and corner `L1`, a JPZ's `top-right-number` — are kept
//! ([`Puzzle::own_labels`]) when they are not the grid's numbers, read and written by ipuz
//! (`cell` labels, style `mark`) and JPZ (`number`, `*-number`), drawn in place of the grid's
//! numbers, and named as lost by `.xd`, `.puz` and Across Lite text.

use proptest::prelude::*;
use pzl_core::Kind;
use pzl_crossword::format::{ipuz, jpz, xd};
use pzl_crossword::play::PlayerGrid;
use pzl_crossword::puzzle::{CellLabel, Corner, Puzzle};
use pzl_crossword::{CrosswordKind, Format};

fn corpus(path: &str) -> Option<Vec<u8>> {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return None;
    };
    Some(std::fs::read(dir.join(path)).unwrap())
}

fn label(number: &str, marks: &[(Corner, &str)]) -> CellLabel {
    CellLabel { number: number.to_string(), marks: marks.iter().map(|(c, t)| (*c, t.to_string())).collect() }
}

/// ipuz → JPZ → ipuz and JPZ → ipuz → JPZ keep the labels as read.
fn through_ipuz_and_jpz(p: &Puzzle) {
    let (json, lost) = ipuz::write(p);
    assert!(!lost.iter().any(|l| l.contains("labels")), "{lost:?}");
    let from_ipuz = ipuz::read(&json).unwrap().0;
    assert_eq!(from_ipuz.own_labels, p.own_labels, "{json}");
    let (xml, lost) = jpz::write_xml(&from_ipuz);
    assert!(!lost.iter().any(|l| l.contains("labels")), "{lost:?}");
    let from_jpz = jpz::read_xml(&xml).unwrap().puzzle;
    assert_eq!(from_jpz.own_labels, p.own_labels, "{xml}");
    assert_eq!(ipuz::read(&ipuz::write(&from_jpz).0).unwrap().0.own_labels, p.own_labels);
}

#[test]
fn the_rows_garden_keeps_its_row_letters_and_corner_labels() {
    let Some(bytes) = corpus("kotwords/rows-garden/rows-garden-mini.jpz") else { return };
    let read = jpz::read(&bytes).unwrap();
    assert!(!read.extras.iter().any(|e| e.contains("corner")), "{:?}", read.extras);
    let p = read.puzzle;
    let own = p.own_labels.as_ref().expect("the file's own labels");
    assert_eq!(own[0], label("A", &[]));
    assert_eq!(own[2], label("", &[(Corner::TopRight, "L1")]));
    assert_eq!(own[15], label("B", &[]));
    // 7 row letters and 15 bloom labels.
    assert_eq!(p.own_labelled_cells(), 22);
    // The grid's numbers are not shown: only the file's labels.
    let shown = p.shown_labels();
    assert_eq!(shown[..3], ["A", "", ""].map(String::from));
    assert_eq!(shown.iter().filter(|l| !l.is_empty()).count(), 7);
    through_ipuz_and_jpz(&p);
    let (json, _) = ipuz::write(&p);
    assert!(json.contains("\"cell\": \"A\"") && json.contains("\"TR\": \"L1\""), "{json}");
    // The play view: the label instead of the number, the corner label as a mark.
    let doc = CrosswordKind::read(&bytes, Format::Jpz, &()).unwrap().value;
    let grid = PlayerGrid::of(&doc);
    assert_eq!((grid.cells[0].number, grid.cells[0].label.as_deref()), (0, Some("A")));
    assert_eq!((grid.cells[1].number, grid.cells[1].label.as_deref()), (0, None));
    assert_eq!(grid.cells[2].marks.len(), 1);
    assert_eq!((grid.cells[2].marks[0].place, grid.cells[2].marks[0].text.as_str()), ("top-right", "L1"));
    let json = serde_json::to_string(&grid.cells[2]).unwrap();
    assert!(json.contains(r#""marks":[{"place":"top-right","text":"L1"}]"#), "{json}");
    // Drawn: the SVG and the print page print the labels, not the grid's numbers.
    let svg = pzl_crossword::render::svg(&p);
    assert!(svg.contains(">A</text>") && svg.contains(">L1</text>"), "{svg}");
    assert!(!svg.contains(">2</text>"), "a grid number is drawn: {svg}");
    // The print page: `A` where the number goes, `L1` smaller, anchored at the cell's right.
    let layout = pzl_crossword::page::layout(&p, pzl_core::Paper::Letter);
    let text = |want: &str| {
        layout.pages[0].marks.iter().find_map(|m| match m {
            pzl_crossword::page::Mark::Text { text, size, anchor, .. } if text == want => {
                Some((*size, *anchor))
            }
            _ => None,
        })
    };
    let (number, _) = text("A").expect("the row letter is printed");
    let (mark, anchor) = text("L1").expect("the corner label is printed");
    assert!(mark < number && anchor == pzl_crossword::page::Anchor::End, "{mark} {number} {anchor:?}");
    // `info --json` gives them; formats without them name them.
    let info = CrosswordKind::info(&doc, &pzl_core::InfoRequest::FULL);
    let cells = &info.facts.iter().find(|f| f.key == "cells").expect("cells").value;
    assert_eq!(cells["labelled"], 22, "{cells}");
    assert_eq!(cells["labels"][2]["marks"]["top-right"], "L1", "{cells}");
    for to in [Format::Puz, Format::Xd] {
        let out = CrosswordKind::write(&doc, to).unwrap();
        assert!(out.lost.iter().any(|l| l.starts_with("the labels of 22 cell(s)")), "{to:?}: {:?}", out.lost);
    }
}

#[test]
fn the_acrostic_jpz_keeps_its_numbers_and_clue_letters() {
    let Some(bytes) = corpus("kotwords/acrostic/acrostic.jpz") else { return };
    let read = jpz::read(&bytes).unwrap();
    assert!(read.extras.is_empty(), "{:?}", read.extras);
    let p = read.puzzle;
    let own = p.own_labels.as_ref().expect("the file's own labels");
    assert_eq!(own[0], label("1", &[(Corner::TopRight, "A")]));
    assert_eq!(own[3], label("4", &[(Corner::TopRight, "B")]));
    through_ipuz_and_jpz(&p);
    let page = pzl_crossword::render::svg(&p);
    assert!(page.contains(">4</text>") && page.contains(">B</text>"), "{page}");
}

#[test]
fn the_forkyz_acrostic_labels_go_to_jpz_and_back() {
    let Some(bytes) = corpus("forkyz/acrostic.ipuz") else { return };
    let (p, dropped) = ipuz::read(std::str::from_utf8(&bytes).unwrap()).unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    assert_eq!(p.own_labels.as_ref().unwrap()[5], label("1B", &[]));
    assert_eq!(p.own_labelled_cells(), 13);
    through_ipuz_and_jpz(&p);
    let (xml, _) = jpz::write_xml(&p);
    assert!(xml.contains(r#"number="1B""#), "{xml}");
    let (_, lost) = xd::write(&p);
    assert!(lost.iter().any(|l| l.starts_with("the labels of 13 cell(s) (such as `1A`)")), "{lost:?}");
}

#[test]
fn the_la_times_cell_keeps_all_nine_labels() {
    let Some(bytes) = corpus("forkyz/lat_puzzle_111128.xml") else { return };
    let p = jpz::read(&bytes).unwrap().puzzle;
    let own = p.own_labels.as_ref().expect("the file's own labels");
    let cell = &own[15];
    assert_eq!(cell.number, "13");
    let names: Vec<&str> = cell.marks.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(names, ["TL", "T", "TR", "L", "C", "R", "BL", "B", "BR"]);
    assert_eq!(p.own_labelled_cells(), 1);
    // The grid's numbers are the file's: only the marks are its own.
    assert_eq!(p.shown_labels()[0], "1");
    through_ipuz_and_jpz(&p);
}

#[test]
fn files_numbered_as_the_grid_keep_no_labels_of_their_own() {
    for path in ["crosswordnexus/FM.jpz", "kotwords/jpz/test.jpz", "forkyz/barred-test.ipuz"] {
        let Some(bytes) = corpus(path) else { return };
        let format = if path.ends_with(".ipuz") { Format::Ipuz } else { Format::Jpz };
        let doc = CrosswordKind::read(&bytes, format, &()).unwrap().value;
        assert_eq!(doc.puzzle().own_labels, None, "{path}");
    }
    // A diagramless ipuz numbers the solver's blank grid, not the entries.
    let Some(bytes) = corpus("crosswordnexus/BirthOfTheCool_Diagramless.ipuz") else { return };
    assert_eq!(ipuz::read(std::str::from_utf8(&bytes).unwrap()).unwrap().0.own_labels, None);
}

#[test]
fn a_label_ipuz_cannot_hold_is_named() {
    let mut p = Puzzle::new(2, 1);
    p.set_solution_rows(&["AB"]);
    p.clues = vec!["Ab".into()];
    p.own_labels = Some(vec![label("0", &[]), label("x", &[])]);
    let (_, lost) = ipuz::write(&p);
    assert!(lost.iter().any(|l| l.starts_with("the labels of 1 cell(s)")), "{lost:?}");
}

prop_compose! {
    /// A grid of letters with labels of the file's own in some cells.
    fn labelled()(w in 1usize..7, h in 1usize..7)
        (w in Just(w), h in Just(h),
         blocks in proptest::collection::vec(any::<bool>(), w * h),
         labels in proptest::collection::vec(
             (0usize..49, "[1-9A-Z][0-9A-Za-z]{0,2}", proptest::collection::vec((0usize..9, "[a-z0-9]{1,3}"), 0..3)),
             1..6))
        -> Puzzle
    {
        let mut p = Puzzle::new(w, h);
        let rows: Vec<String> = blocks
            .chunks(w)
            .map(|r| r.iter().map(|&b| if b { '.' } else { 'A' }).collect())
            .collect();
        p.set_solution_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>());
        p.clues = (0..p.slots().len()).map(|k| format!("clue {k}")).collect();
        let mut own = vec![CellLabel::default(); w * h];
        for (at, number, marks) in labels {
            let cell = &mut own[at % (w * h)];
            cell.number = number;
            for (place, text) in marks {
                let corner = Corner::ALL[place];
                if !cell.marks.iter().any(|(c, _)| *c == corner) {
                    cell.marks.push((corner, text));
                }
            }
            cell.marks.sort_by_key(|(c, _)| *c);
        }
        p.keep_own_labels(own);
        p
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Any labels of the file's own go ipuz → JPZ → ipuz and JPZ → ipuz → JPZ unchanged; `.xd`
    /// names them.
    #[test]
    fn own_labels_round_trip_between_ipuz_and_jpz(p in labelled()) {
        let (json, _) = ipuz::write(&p);
        let from_ipuz = ipuz::read(&json).unwrap().0;
        prop_assert_eq!(&from_ipuz.own_labels, &p.own_labels);
        let (xml, _) = jpz::write_xml(&from_ipuz);
        let from_jpz = jpz::read_xml(&xml).unwrap().puzzle;
        prop_assert_eq!(&from_jpz.own_labels, &p.own_labels);
        prop_assert_eq!(&ipuz::read(&ipuz::write(&from_jpz).0).unwrap().0.own_labels, &p.own_labels);
        let (_, lost) = xd::write(&p);
        prop_assert_eq!(p.own_labelled_cells() > 0, lost.iter().any(|l| l.starts_with("the labels of")));
    }
}
