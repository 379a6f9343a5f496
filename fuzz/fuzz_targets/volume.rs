#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| pzl_fuzz::volume(data));
