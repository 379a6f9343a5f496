//! Fuzz the ipuz reader: it must never panic, and whatever it accepts must encode as a `.puz`
//! that reads back and write as ipuz that reads back with the same clues.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_crossword::{ipuz, raw};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok((puzzle, _)) = ipuz::read(text) else { return };
    let (json, _) = ipuz::write(&puzzle);
    let (again, _) = ipuz::read(&json).expect("written ipuz reads back");
    assert_eq!(again.clues, puzzle.clues);
    if let Ok(file) = puzzle.to_raw() {
        raw::read(&file.to_bytes()).expect("encoded ipuz reads back as .puz");
    }
});
