//! Fuzz the pzprv3 reader (through `formats::read`): it must never panic, and whatever it
//! accepts must write and read back to the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_masyu::formats::{self, Format};

fuzz_target!(|data: &[u8]| {
    pzl_masyu_fuzz_check(data, Format::Pzprv3);
});

fn pzl_masyu_fuzz_check(data: &[u8], format: Format) {
    let Ok(parsed) = formats::read(data, format) else { return };
    let Ok((bytes, _)) = formats::write(&parsed.value, format) else { return };
    let again = formats::read(&bytes, format).expect("pzl reads what it writes");
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
    let (bytes_again, _) = formats::write(&again.value, format).expect("writes twice");
    assert_eq!(bytes, bytes_again);
    let _ = formats::detect(data);
}
