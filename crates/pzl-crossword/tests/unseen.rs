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
  "solution": [["C", "A", "T"], ["A", "G", "O"], ["B", "O", "W"]],
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
