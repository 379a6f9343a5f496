//! Fuzz the reader of Knuth's dlx text format: never panic; small problems also search cleanly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_poly::exact_cover::parse_dlx;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(dlx) = parse_dlx(text) {
        if dlx.problem.options().len() <= 16 {
            let _ = dlx.problem.count(Some(100));
        }
    }
});
