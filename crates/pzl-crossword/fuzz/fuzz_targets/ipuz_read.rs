//! Fuzz the ipuz reader: it must never panic, whatever it accepts must write as ipuz that reads
//! back with the same clues, and every format the kind writes it in must read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_core::Kind;
use pzl_crossword::{CrosswordKind, Format, ipuz, raw};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok((puzzle, _)) = ipuz::read(text) else { return };
    let (json, _) = ipuz::write(&puzzle);
    let (again, _) = ipuz::read(&json).expect("written ipuz reads back");
    assert_eq!(again.clues, puzzle.clues);
    if let Ok(file) = puzzle.to_raw() {
        raw::read(&file.to_bytes()).expect("the puzzle encodes as a .puz that reads back");
    }
    let Ok(doc) = CrosswordKind::read(data, Format::Ipuz, &()) else { return };
    for to in pzl_crossword::format::ALL {
        if let Ok(out) = CrosswordKind::write(&doc.value, to) {
            CrosswordKind::read(&out.bytes, to, &()).expect("what the kind writes reads back");
        }
    }
});
