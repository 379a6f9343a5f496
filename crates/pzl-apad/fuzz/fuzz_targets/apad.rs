//! Fuzz the APAD decoder: any bytes decode or fail cleanly, and any whole file survives the
//! text form unchanged, for both editions.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use pzl_apad::Puzzle;
use pzl_apad::format::{apad as codec, text};

static PUZZLES: LazyLock<[Puzzle; 2]> = LazyLock::new(|| [Puzzle::classic(), Puzzle::weekday()]);

fuzz_target!(|data: &[u8]| {
    for puzzle in PUZZLES.iter() {
        if codec::decode(puzzle, data).is_ok() {
            let written = text::from_apad(puzzle, data).expect("decodable files write as text");
            assert_eq!(text::to_apad(puzzle, &written).expect("own text reads back"), data);
        }
    }
});
