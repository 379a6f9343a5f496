//! Fuzz MacPoly source conversion both ways: no panic for any source, type or resource data; a
//! puzzle resource that reads writes back byte for byte when its arrangement is saved unchanged.
#![no_main]
use libfuzzer_sys::fuzz_target;
use pzl_poly::format::macpoly::ftor::{PuzzleResource, resource_from_source, source_from_resource};

fuzz_target!(|data: &[u8]| {
    if data.len() >= 4 {
        let code = [data[0], data[1], data[2], data[3]];
        let _ = resource_from_source(&code, &data[4..]);
        let _ = source_from_resource(&code, b"name", &data[4..]);
        if let Ok(puzzle) = PuzzleResource::parse(&data[4..]) {
            let same = puzzle.with_saved(&data[4..], &puzzle.saved, puzzle.numbers).unwrap();
            assert_eq!(same, &data[4..]);
        }
    }
});
