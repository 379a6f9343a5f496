#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| pzl_fuzz::detect_any(data));
