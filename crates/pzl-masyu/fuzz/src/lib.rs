//! What every Masyu format's fuzz target checks: the reader never panics, and whatever it
//! accepts writes, reads back without a warning, and writes again to the same bytes.

use pzl_masyu::formats::{self, Format};

pub fn round_trip(data: &[u8], format: Format) {
    let _ = formats::detect(data);
    let Ok(parsed) = formats::read(data, format) else { return };
    let Ok(written) = formats::write(&parsed.value, format) else { return };
    let bytes = written.bytes;
    let again = formats::read(&bytes, format).expect("pzl reads what it writes");
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
    let bytes_again = formats::write(&again.value, format).expect("writes twice").bytes;
    assert_eq!(bytes, bytes_again);
}
