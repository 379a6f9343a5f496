//! Fuzz the validator and the renderers on any board a pzprv3 file (pearls, lines, crosses) can
//! describe: they must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_masyu::formats::{self, Format};

fuzz_target!(|data: &[u8]| {
    if let Ok(parsed) = formats::read(data, Format::Pzprv3) {
        let board = parsed.value;
        let _ = board.problems();
        let _ = board.state();
        let _ = pzl_masyu::render::text(&board);
        let _ = pzl_masyu::render::svg(&board);
    }
});
