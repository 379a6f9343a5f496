//! Fuzz the readers of text: the APAD text form, puzzle descriptions and dates never panic, and
//! a text that encodes decodes back to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_apad::Puzzle;
use pzl_apad::format::{apad as codec, text};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let puzzle = Puzzle::classic();
    if let Ok(bytes) = text::to_apad(&puzzle, input) {
        let again = text::from_apad(&puzzle, &bytes).expect("whole chunks");
        assert_eq!(text::to_apad(&puzzle, &again).expect("own text"), bytes);
        assert!(codec::decode(&puzzle, &bytes).is_ok());
    }
    if let Ok(custom) = Puzzle::parse(input) {
        let _ = pzl_apad::solve::Solver::new(&custom);
    }
    let _ = pzl_apad::date::parse(input);
});
