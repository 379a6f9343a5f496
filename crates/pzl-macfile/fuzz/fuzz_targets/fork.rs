//! Fuzz the resource-fork reader: no panic; a fork that reads writes back byte for byte.
#![no_main]
use libfuzzer_sys::fuzz_target;
use pzl_macfile::ResourceFork;

fuzz_target!(|data: &[u8]| {
    if let Ok(fork) = ResourceFork::read(data) {
        assert_eq!(fork.write().unwrap(), data);
    }
});
