//! Solve traces (JSON Lines): any bytes are read without panicking; a trace that reads writes
//! back to text that reads to the same trace.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pzl_masyu::solver::trace::{read_jsonl, write_jsonl};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(trace) = read_jsonl(text) {
        let outcome = trace.outcome.clone().unwrap_or_default();
        let again = write_jsonl(&trace.puzzle, &trace.events, &outcome);
        let back = read_jsonl(&again).expect("a written trace reads back");
        assert_eq!(back.events, trace.events);
        assert_eq!(back.puzzle, trace.puzzle);
    }
});
