//! Fuzz the BinHex reader: no panic; a file that reads writes back byte for byte.
#![no_main]
use libfuzzer_sys::fuzz_target;
use pzl_macfile::{Container, ContainerKind};

fuzz_target!(|data: &[u8]| {
    if let Ok((container, _)) = Container::read(data, ContainerKind::BinHex) {
        assert_eq!(container.write().unwrap(), data);
        let _ = container.problems();
    }
});
