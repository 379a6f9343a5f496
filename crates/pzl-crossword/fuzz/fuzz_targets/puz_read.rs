//! Fuzz the `.puz` reader: it must never panic, and whatever it accepts must write back to the
//! same bytes, decode, verify, and survive a lock/unlock round trip when it can be locked.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_crossword::{Puzzle, check, raw};

fuzz_target!(|data: &[u8]| {
    let Ok(read) = raw::read(data) else { return };
    assert_eq!(read.file.to_bytes(), data);
    let _ = check::verify(&read);
    let (puzzle, _) = Puzzle::from_raw(&read.file);
    let _ = puzzle.clue_entries();
    let _ = pzl_crossword::render::svg(&puzzle);
    if let Ok(encoded) = puzzle.to_raw() {
        let bytes = encoded.to_bytes();
        let again = raw::read(&bytes).expect("what the encoder writes reads back");
        assert!(again.checksum_mismatches.is_empty());
    }
    let mut file = read.file.clone();
    if file.lock(1234).is_ok() {
        file.unlock(1234).expect("a puzzle just locked unlocks with its key");
    }
});
