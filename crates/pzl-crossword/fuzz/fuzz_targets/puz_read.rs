//! Fuzz the `.puz` reader: it must never panic, and whatever it accepts must write back to the
//! same bytes, decode, verify, re-encode to a file that reads back (a decoy header in a preamble
//! included), convert to every format readably, and survive a lock/unlock round trip.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_core::Kind;
use pzl_crossword::{CrosswordKind, Format, Puzzle, check, raw};

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
    let doc = CrosswordKind::read(data, Format::Puz, &()).expect("read through the kind");
    let _ = CrosswordKind::info(&doc.value);
    let _ = CrosswordKind::check(&doc.value);
    for to in pzl_crossword::format::ALL {
        if let Ok(out) = CrosswordKind::write(&doc.value, to) {
            CrosswordKind::read(&out.bytes, to, &()).expect("what the kind writes reads back");
        }
    }
    let mut file = read.file.clone();
    if file.lock(1234).is_ok() {
        file.unlock(1234).expect("a puzzle just locked unlocks with its key");
    }
});
