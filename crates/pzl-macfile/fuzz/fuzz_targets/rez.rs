//! Fuzz the Rez compiler: no panic; what compiles derezzes and compiles to the same fork.
#![no_main]
use libfuzzer_sys::fuzz_target;
use pzl_macfile::{ResourceFork, rez};

fuzz_target!(|data: &[u8]| {
    if let Ok(fork) = rez::rez(data)
        && let Ok(bytes) = fork.write()
    {
        let read = ResourceFork::read(&bytes).unwrap();
        let text = rez::derez(&read, &bytes);
        assert_eq!(rez::rez(text.as_bytes()).unwrap().write().unwrap(), bytes);
    }
});
