//! Fuzz the Across Lite text reader: it must never panic, whatever it accepts must write back
//! to the same text, and every format the kind writes it in must read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_core::Kind;
use pzl_crossword::{CrosswordKind, Format, across_text, raw};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(read) = across_text::read(text) else { return };
    let written = across_text::write(&read.puzzle, &read.layout);
    let again = across_text::read(&written).expect("written text reads back");
    assert_eq!(again.puzzle.clues, read.puzzle.clues);
    if let Ok(file) = read.puzzle.to_raw() {
        raw::read(&file.to_bytes()).expect("the puzzle encodes as a .puz that reads back");
    }
    let Ok(doc) = CrosswordKind::read(data, Format::AcrossText, &()) else { return };
    for to in pzl_crossword::format::ALL {
        if let Ok(out) = CrosswordKind::write(&doc.value, to) {
            CrosswordKind::read(&out.bytes, to, &()).expect("what the kind writes reads back");
        }
    }
});
