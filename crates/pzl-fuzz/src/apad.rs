//! A-Puzzle-A-Day: the binary codec, the text form, descriptions and dates.

use std::sync::LazyLock;

use pzl_apad::format::{apad as codec, text};
use pzl_apad::{ApadKind, Format, Puzzle};
use pzl_core::{Kind, Picture, RenderRequest};

static PUZZLES: LazyLock<[Puzzle; 2]> = LazyLock::new(|| [Puzzle::classic(), Puzzle::weekday()]);

/// The APAD decoder: any bytes decode or fail cleanly, and any whole file survives the text form
/// unchanged, for both editions; through `ApadKind`, every board set read is checked, described
/// and drawn without a panic.
pub fn apad(data: &[u8]) {
    for puzzle in PUZZLES.iter() {
        if codec::decode(puzzle, data).is_ok() {
            let written = text::from_apad(puzzle, data).expect("decodable files write as text");
            assert_eq!(text::to_apad(puzzle, &written).expect("own text reads back"), data);
        }
        if let Ok(set) = ApadKind::read(data, Format::Apad, puzzle) {
            let _ = ApadKind::check(&set.value);
            let _ = ApadKind::info(&set.value, &pzl_core::InfoRequest::FULL).to_string();
            let _ = ApadKind::render(&set.value, &RenderRequest::new(Picture::Text));
            let text = ApadKind::write(&set.value, Format::Text).expect("whole boards write as text");
            let back = ApadKind::read(&text.bytes, Format::Text, puzzle).expect("own text reads back");
            assert_eq!(back.value.bytes, set.value.bytes);
        }
    }
}

/// The readers of text: the APAD text form, puzzle descriptions and dates never panic, and a
/// text that encodes decodes back to the same bytes.
pub fn apad_text(data: &[u8]) {
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
}
