//! Fuzz the pzprjs reader (through `formats::read`): it must never panic, and whatever it
//! accepts must write and read back to the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_masyu::formats::Format;

fuzz_target!(|data: &[u8]| pzl_masyu_fuzz::round_trip(data, Format::Pzprjs));
