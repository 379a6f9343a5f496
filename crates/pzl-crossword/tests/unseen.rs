//! Issue 33: what the crossword files of other tools' test suites (kotwords, Forkyz,
//! xd-crossword-tools, xword-parser; files nobody here had seen) showed pzl getting wrong, each
//! reproduced on a small fixture of its own, and the ipuz palette colours.

use pzl_core::{InfoRequest, Kind};
use pzl_crossword::format::{ipuz, jpz, xd};
use pzl_crossword::puzzle::CellStyle;
use pzl_crossword::{CrosswordKind, Format};
use serde_json::Value;

/// A 3x3 ipuz: one palette colour as a number, one as a string of digits, one hex colour.
const PALETTE: &str = r##"{
  "version": "http://ipuz.org/v2",
  "kind": ["http://ipuz.org/crossword#1"],
  "dimensions": {"width": 3, "height": 3},
  "puzzle": [[{"cell": 1, "style": {"color": 2}}, 2, 3],
             [4, {"cell": 0, "style": {"color": "5"}}, 0],
             [5, 0, {"cell": 0, "style": {"color": "ff0000"}}]],
  "solution": [["C", "A", "T"], ["A", "R", "E"], ["B", "O", "W"]],
  "clues": {"Across": [[1, "Feline"], [4, "Old"], [5, "Bend"]],
            "Down": [[1, "Taxi"], [2, "Bog"], [3, "Pull"]]}
}"##;

#[test]
fn ipuz_palette_colours_are_held_written_back_and_drawn() {
    let (p, dropped) = ipuz::read(PALETTE).unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    assert_eq!(p.style(0).palette, Some(2));
    assert_eq!(p.style(4).palette, Some(5));
    assert_eq!(p.style(8), CellStyle::shaded([0xff, 0, 0]));
    assert_eq!(p.style(0).fill(), Some(CellStyle::PALETTE[2]));
    // ipuz writes the numbers back, and reads them again.
    let (json, lost) = ipuz::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["puzzle"][0][0]["style"]["color"], 2);
    assert_eq!(doc["puzzle"][1][1]["style"]["color"], 5);
    assert_eq!(ipuz::read(&json).unwrap().0, p);
    // JPZ and `.xd` hold colours, not palette numbers: the colour pzl draws, and `lost` says so.
    let (xml, lost) = jpz::write_xml(&p);
    assert!(lost.iter().any(|l| l.starts_with("the palette colours of 2 cell(s)")), "{lost:?}");
    assert!(
        xml.contains(&format!("background-color=\"{}\"", CellStyle::hex(CellStyle::PALETTE[2]))),
        "{xml}"
    );
    let (text, lost) = xd::write(&p);
    assert!(lost.iter().any(|l| l.starts_with("the palette colours of 2 cell(s)")), "{lost:?}");
    let back = xd::read(&text).unwrap().puzzle;
    assert_eq!(back.style(0).shade, Some(CellStyle::PALETTE[2]));
    // `.puz` holds no shading at all.
    let doc = CrosswordKind::read(PALETTE.as_bytes(), Format::Ipuz, &()).unwrap().value;
    let written = CrosswordKind::write(&doc, Format::Puz).unwrap();
    assert!(written.lost.iter().any(|l| l == "the shading of 3 cell(s)"), "{:?}", written.lost);
    // Drawn, counted and listed.
    let svg = pzl_crossword::render::svg(&p);
    assert!(svg.contains(&CellStyle::hex(CellStyle::PALETTE[5])), "{svg}");
    let info = CrosswordKind::info(&doc, &InfoRequest::FULL);
    let cells = info.facts.iter().find(|f| f.key == "cells").unwrap();
    assert!(cells.text.contains("3 shaded cells"), "{}", cells.text);
    assert_eq!(cells.value["palette"][0], 2);
    assert_eq!(cells.value["palette"][8], Value::Null);
    // A colour that is neither (`"red"`) is still named as a style pzl cannot hold.
    let (_, dropped) = ipuz::read(&PALETTE.replace("\"ff0000\"", "\"red\"")).unwrap();
    assert!(dropped.iter().any(|d| d.contains("$.puzzle[2][2]")), "{dropped:?}");
}

/// A 3x3 open grid whose file leaves the middle row unnumbered (an "unnumbered word", as
/// Forkyz's and kotwords' test files have): its cells say 1 2 3 / 0 0 0 / 4 0 0, its clues
/// are 1 and 4 Across, 1 2 3 Down. The grid's own numbering (1 2 3 / 4 . . / 5 . .) would put
/// "4 Across" on the middle row and drop nothing: the file's numbers decide.
const UNNUMBERED: &str = r##"{
  "version": "http://ipuz.org/v2",
  "kind": ["http://ipuz.org/crossword#1"],
  "dimensions": {"width": 3, "height": 3},
  "puzzle": [[1, 2, 3], [0, 0, 0], [4, 0, 0]],
  "solution": [["C", "A", "T"], ["A", "R", "E"], ["B", "O", "W"]],
  "clues": {"Across": [[1, "Feline"], [4, "Bend"]],
            "Down": [[1, "Taxi"], [2, "Bog"], [3, "Pull"]]}
}"##;

#[test]
fn an_ipuz_grid_numbered_its_own_way_places_clues_by_the_cells_numbers() {
    let (p, dropped, warnings) = ipuz::read_with_warnings(UNNUMBERED).unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    let entries = p.clue_entries();
    let bend = entries.iter().find(|e| e.clue.as_deref() == Some("Bend")).expect("4 Across kept");
    assert_eq!(bend.answer, "BOW");
    assert_eq!(bend.label, "4");
    // The middle row is an entry the file gives no number and no clue: said, not invented.
    let middle = entries.iter().find(|e| e.answer == "ARE").unwrap();
    assert!(middle.clue.as_deref().unwrap_or_default().is_empty(), "{middle:?}");
    assert!(warnings.iter().any(|w| w.to_string().contains("without a clue")), "{warnings:?}");
    // The cells show the file's numbers, and ipuz and JPZ write them back.
    assert_eq!(p.shown_labels()[6], "4");
    assert_eq!(p.shown_labels()[3], "");
    let again = ipuz::read(&ipuz::write(&p).0).unwrap().0;
    assert_eq!(
        again.clue_entries().iter().find(|e| e.clue.as_deref() == Some("Bend")).unwrap().answer,
        "BOW"
    );
    let from_jpz = jpz::read_xml(&jpz::write_xml(&p).0).unwrap().puzzle;
    assert_eq!(
        from_jpz.clue_entries().iter().find(|e| e.clue.as_deref() == Some("Bend")).unwrap().label,
        "4"
    );
    // A file numbered as the grid numbers it reads as before.
    let standard = UNNUMBERED
        .replace("[0, 0, 0], [4, 0, 0]", "[4, 0, 0], [5, 0, 0]")
        .replace("[4, \"Bend\"]", "[5, \"Bend\"]");
    let (p, dropped) = ipuz::read(&standard).unwrap();
    assert!(dropped.is_empty() && p.labels.is_none() && p.own_labels.is_none(), "{dropped:?}");
}

#[test]
fn a_cell_of_punctuation_is_no_rebus_problem_in_check() {
    // kotwords' acrostics give the quote's dash and apostrophe cells as letters `–` and `’`.
    let text = UNNUMBERED.replace(r#"["A", "R", "E"]"#, r#"["A", "–", "O"]"#);
    let doc = CrosswordKind::read(text.as_bytes(), Format::Ipuz, &()).unwrap().value;
    let report = CrosswordKind::check(&doc).unwrap();
    assert!(report.problems.iter().all(|p| !p.to_string().contains("first-letter")), "{:?}", report.problems);
}

/// xd-crossword-tools' barred test: one `## Design` rule for two classes, `A, B { … }`.
const BARRED_XD: &str = "## Metadata\n\ntitle: Bars\n\n## Grid\n\nCAT\nDOG\n\n## Clues\n\nA1. Feline ~ CAT\nA2. Canine ~ DOG\n\n## Design\n\n<style>\nA, B { bar-top: true }\n</style>\n\n...\nAAB\n";

#[test]
fn a_design_rule_may_name_several_classes() {
    let read = xd::read(BARRED_XD).unwrap();
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
    let p = read.puzzle;
    // Every cell of the second row has a bar on top: no down entries, two across.
    let slots = p.slots();
    assert_eq!(slots.len(), 2, "{slots:?}");
    assert_eq!(p.bars.as_ref().unwrap().iter().filter(|&&b| b != 0).count(), 3);
    // A clue of no entry of the barred grid is named as such.
    let more = BARRED_XD.replace("A2. Canine ~ DOG\n", "A2. Canine ~ DOG\n\nD1. Two ~ CD\n");
    let read = xd::read(&more).unwrap();
    assert!(
        read.warnings
            .iter()
            .any(|w| w.to_string().contains("clue D1 dropped: no down entry of the barred grid")),
        "{:?}",
        read.warnings
    );
}

#[test]
fn an_xd_non_existing_cell_is_a_void_and_a_void_is_written_as_one() {
    // The xd spec: "'_' means a space or non-existing block (usually on the edges)".
    let text = "Title: Voids\n\n\n_CAT\nDOG_\n\n\nA1. Feline ~ CAT\nA4. Canine ~ DOG\n\nD2. ~ CO\nD3. ~ AG\n";
    let read = xd::read(text).unwrap();
    assert!(read.extras.is_empty(), "{:?}", read.extras);
    let p = read.puzzle;
    assert!(p.style(0).void && p.style(7).void && !p.style(1).void);
    let (written, lost) = xd::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    assert!(written.contains("\n_CAT\nDOG_\n"), "{written}");
    assert_eq!(xd::read(&written).unwrap().puzzle.styles, p.styles);
    // ipuz and JPZ voids go to `.xd` and back.
    let (json, _) = ipuz::write(&p);
    let from_ipuz = ipuz::read(&json).unwrap().0;
    assert_eq!(xd::read(&xd::write(&from_ipuz).0).unwrap().puzzle.styles, p.styles);
}

#[test]
fn a_bar_beside_a_block_survives_ipuz_and_jpz() {
    // kotwords' test-barred.jpz: `left-bar` on the letter right of a block (the model holds it
    // as the block's right bar, which ipuz and JPZ style no block with).
    let text = "Title: Bars\n\n\nAB#C\nDEFG\n\n\nA1. ~ AB\nA4. ~ DEFG\n\nD1. ~ AD\nD2. ~ BE\nD3. ~ CG\n";
    let mut p = xd::read(text).unwrap().puzzle;
    let bars = p.bars.get_or_insert_with(|| vec![0; 8]);
    bars[2] |= pzl_crossword::numbering::BAR_RIGHT;
    bars[2] |= pzl_crossword::numbering::BAR_BOTTOM;
    let (json, _) = ipuz::write(&p);
    assert_eq!(ipuz::read(&json).unwrap().0.bars, p.bars, "{json}");
    let (xml, _) = jpz::write_xml(&p);
    assert_eq!(jpz::read_xml(&xml).unwrap().puzzle.bars, p.bars, "{xml}");
}

#[test]
fn a_full_stop_answer_is_no_block() {
    // Forkyz's acrostic.jpz: the quote's full stops are given cells whose letter is `.`, the
    // byte pzl's grid uses for a block; through ipuz they must stay letters.
    let text = PALETTE
        .replace(r#"["A", "R", "E"]"#, r#"["A", ".", "E"]"#)
        .replace(r#"{"cell": 0, "style": {"color": "5"}}"#, r#"{"cell": 0, "value": "."}"#);
    let (p, dropped) = ipuz::read(&text).unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    assert!(
        !pzl_crossword::numbering::is_block(p.solution[4]) && !pzl_crossword::numbering::is_block(p.fill[4])
    );
    assert_eq!(p.cell_answer(4), ".");
    assert!(p.is_given(4));
    let again = ipuz::read(&ipuz::write(&p).0).unwrap().0;
    assert_eq!((again.cell_answer(4), again.slots()), (".".to_string(), p.slots()));
    let from_jpz = jpz::read_xml(&jpz::write_xml(&p).0).unwrap().puzzle;
    assert_eq!((from_jpz.cell_answer(4), from_jpz.slots()), (".".to_string(), p.slots()));
    let doc = CrosswordKind::read(text.as_bytes(), Format::Ipuz, &()).unwrap().value;
    let report = CrosswordKind::check(&doc).unwrap();
    assert!(report.problems.iter().all(|p| !p.to_string().contains("rebus")), "{:?}", report.problems);
}

/// The xd spec: "A leading uppercase letter indicates the group the clue is in. 'A' or 'D'
/// indicate Across or Down; the full heading for other letters would be specified in the
/// 'Cluegroup' header."
#[test]
fn xd_holds_other_clue_lists_as_clue_groups() {
    let text = "Title: Groups\nCluegroup: R=Rows B=All Squares\n\n\nCAT\nAGO\nBOW\n\n\nA1. Feline ~ CAT\nA4. Past ~ AGO\nA5. Bend ~ BOW\n\nD1. Taxi ~ CAB\nD2. Bog ~ AGO\nD3. Pull ~ TOW\n\nR1. {/First/} row ~ CAT\nR2. Second row ~ AGO\nB1. Everything ~ CATAGOBOW\n";
    let read = xd::read(text).unwrap();
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
    let p = read.puzzle;
    let titles: Vec<&str> = p.other_lists.iter().map(|l| l.title.as_str()).collect();
    assert_eq!(titles, ["Rows", "All Squares"]);
    let first = &p.other_lists[0].clues[0];
    assert_eq!((first.label.as_str(), first.text.as_str(), first.markup.len()), ("1", "First row", 1));
    // The header is the lists', not metadata; the answers cannot be kept without cells: named.
    assert!(p.metadata.is_empty(), "{:?}", p.metadata);
    assert!(
        read.extras.iter().any(|e| e.starts_with("the answers of 3 clue(s) of lists beyond")),
        "{:?}",
        read.extras
    );
    // Written back as the same groups.
    let (again, lost) = xd::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    assert!(again.contains("Cluegroup: R=Rows B=All Squares\n"), "{again}");
    assert!(again.contains("\nR1. {/First/} row ~ \nR2. Second row ~ \n\nB1. Everything ~ \n"), "{again}");
    assert_eq!(xd::read(&again).unwrap().puzzle.other_lists, p.other_lists);
    // From ipuz, with cells and a label .xd cannot write: the answers along the cells, the
    // cells and the label named.
    let mut q = p.clone();
    q.other_lists[0].clues[0].cells = vec![0, 1, 2];
    q.other_lists[0].clues[1].label = "L2".to_string();
    let (json, _) = ipuz::write(&q);
    let from_ipuz = ipuz::read(&json).unwrap().0;
    let (written, lost) = xd::write(&from_ipuz);
    assert!(written.contains("\nR1. {/First/} row ~ CAT\nR2. Second row ~ \n"), "{written}");
    assert!(lost.iter().any(|l| l.starts_with("the cells of 1 clue(s) of lists beyond")), "{lost:?}");
    assert!(lost.iter().any(|l| l.starts_with("the labels of 1 clue(s) of lists beyond")), "{lost:?}");
    // A group the header does not name is titled by its letter (xdlint's `X1.`).
    let plain = text.replace("Cluegroup: R=Rows B=All Squares\n", "");
    let p = xd::read(&plain).unwrap().puzzle;
    assert_eq!(p.other_lists.iter().map(|l| l.title.as_str()).collect::<Vec<_>>(), ["R", "B"]);
}

#[test]
fn a_group_clue_whose_text_holds_a_tilde_reads_back_as_written() {
    // Found by fuzzing `xd_read`: `L2. d ~ x ~ ANSWER` is written `L2. d ~ x ~ ` (no cells, no
    // answer), which must read back as the same text.
    let text = "Title: T\n\n\nCAT\nAGO\nBOW\n\n\nA1. Feline ~ CAT\nA4. Past ~ AGO\nA5. Bend ~ BOW\n\nD1. Taxi ~ CAB\nD2. Bog ~ AGO\nD3. Pull ~ TOW\n\nL2. d ~ x ~ TOXYZ\nL3. ~\n";
    let p = xd::read(text).unwrap().puzzle;
    let texts: Vec<&str> = p.other_lists[0].clues.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["d ~ x", ""]);
    let (once, _) = xd::write(&p);
    let again = xd::read(&once).unwrap().puzzle;
    assert_eq!(again.other_lists, p.other_lists, "{once}");
    assert_eq!(xd::write(&again).0, once);
}

/// Found by fuzzing `ipuz_read`: in a file whose block is another string, a cell labelled `#`
/// is an open cell, but the writer chose `#` as its block and the cell came back a block — the
/// grid changed and a clue went. The writer now picks a block string no cell is labelled with.
/// The same file labels two across entries `4`: such labels are no numbering of the entries,
/// so the grid's numbers place the clues and no clue lands on two entries.
#[test]
fn a_cell_labelled_like_a_block_stays_a_cell_and_no_clue_lands_twice() {
    let text = r##"{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 5}, "block": "X", "empty": "0",
        "puzzle": [[1, 2, 0], [4, 0, "#"], [4, 0, 5], [6, 0, 0], [0, "#", 0]],
        "clues": {"Across": [[1, "One"], [3, "Three"], [4, "Four"], [6, "Six"]]}}"##;
    let (p, _, _) = ipuz::read_with_warnings(text).unwrap();
    assert!(p.solution.iter().all(|&b| b != b'.' && b != b':'), "no blocks: {:?}", p.solution);
    let fours = p.clue_entries().iter().filter(|e| e.clue.as_deref() == Some("Four")).count();
    assert_eq!(fours, 1, "one clue, one entry");
    let (json, lost) = ipuz::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    let (again, _) = ipuz::read(&json).unwrap();
    assert_eq!(again.solution, p.solution);
    assert_eq!(again.clues, p.clues);
    assert_eq!(again.shown_labels(), p.shown_labels());
}
