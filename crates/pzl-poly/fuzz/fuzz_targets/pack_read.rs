//! Fuzz the `pzl-pack` reader: never panic; what parses writes a canonical text that reads back
//! to the same value and the same text; a small parsed problem can be asked for its impossibility.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_poly::pack::PackFile;

fuzz_target!(|data: &[u8]| {
    if let Ok(parsed) = PackFile::parse(data) {
        let text = parsed.value.to_text();
        let again = PackFile::parse(text.as_bytes()).expect("canonical text reads back");
        assert_eq!(again.value, parsed.value);
        assert_eq!(again.value.to_text(), text);
        let problem = parsed.value.problem(None);
        if problem.board.area() <= 64 && problem.pieces.len() <= 8 {
            let _ = problem.impossibility();
            let _ = parsed.value.to_macpoly();
        }
    }
});
