//! Fuzz the MacPoly source-file reader: never panic; what parses writes back byte for byte; a
//! puzzle that builds a problem can be asked for its impossibility proof.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_poly::macpoly::SourceFile;

fuzz_target!(|data: &[u8]| {
    if let Ok(parsed) = SourceFile::parse(data) {
        assert_eq!(parsed.value.to_bytes(), data);
        if let Ok(puzzle) = parsed.value.puzzle() {
            if puzzle.board.area() <= 64 && puzzle.pieces.len() <= 8 {
                let _ = puzzle.problem(true).impossibility();
            }
        }
    }
});
