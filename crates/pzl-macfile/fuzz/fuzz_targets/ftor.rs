//! Fuzz MacPoly source conversion: no panic for any source and type.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() >= 4 {
        let code = [data[0], data[1], data[2], data[3]];
        let _ = pzl_macfile::ftor::resource_from_source(&code, &data[4..]);
    }
});
