//! Fuzz the APAD decoder: any bytes decode or fail cleanly, and any whole file survives the
//! text form unchanged, for both editions; through `ApadKind`, every board set read is checked,
//! described and drawn without a panic.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use pzl_apad::{ApadKind, Format, Puzzle};
use pzl_core::{Kind, Picture, RenderRequest};
use pzl_apad::format::{apad as codec, text};

static PUZZLES: LazyLock<[Puzzle; 2]> = LazyLock::new(|| [Puzzle::classic(), Puzzle::weekday()]);

fuzz_target!(|data: &[u8]| {
    for puzzle in PUZZLES.iter() {
        if codec::decode(puzzle, data).is_ok() {
            let written = text::from_apad(puzzle, data).expect("decodable files write as text");
            assert_eq!(text::to_apad(puzzle, &written).expect("own text reads back"), data);
        }
        if let Ok(set) = ApadKind::read(data, Format::Apad, puzzle) {
            let _ = ApadKind::check(&set.value);
            let _ = ApadKind::info(&set.value).to_string();
            let _ = ApadKind::render(&set.value, &RenderRequest::new(Picture::Text));
            let text = ApadKind::write(&set.value, Format::Text).expect("whole boards write as text");
            let back = ApadKind::read(&text.bytes, Format::Text, puzzle).expect("own text reads back");
            assert_eq!(back.value.bytes, set.value.bytes);
        }
    }
});
