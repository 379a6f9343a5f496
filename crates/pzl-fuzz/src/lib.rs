//! The bodies of pzl's fuzz targets, as plain functions on stable Rust.
//!
//! Each `pub fn <target>(data: &[u8])` asserts the target's properties (no panic, what reads
//! writes back, what is written reads back, …) and panics when one fails. The cargo-fuzz
//! workspace `fuzz/` at the repository root has one one-line binary per function, and
//! `tests/replay.rs` runs every function over the committed seeds (`fuzz/seeds/<target>/`) and
//! past crash inputs (`fuzz/crashes/<target>/`) with a plain `cargo test`.
//!
//! [`TARGETS`] lists every target by name; the names are the binaries' and the folders'.

mod any;
mod apad;
mod crossword;
mod macfile;
mod masyu;
mod poly;

pub use any::{convert_any, detect_any, opening_byte, openings};
pub use apad::{apad, apad_text};
pub use crossword::{ipuz_read, jpz_read, puz_read, text_read, xd_read};
pub use macfile::{applesingle, binhex, dcmp, fork, macbinary, rez, stuffit, volume};
pub use masyu::{
    masyu_check_render, masyu_janko, masyu_pzprjs, masyu_pzprv3, masyu_sol, masyu_solve, masyu_tatham,
    masyu_text, masyu_tootsweet, masyu_trace, penpa_read,
};
pub use poly::{dlx_read, ftor, macpoly_read, pack_read};

/// A fuzz target's body.
pub type Target = fn(&[u8]);

/// Every target, by name: the name of its binary in `fuzz/` and of its seed and crash folders.
pub const TARGETS: &[(&str, Target)] = &[
    ("detect_any", detect_any),
    ("convert_any", convert_any),
    ("apad", apad),
    ("apad_text", apad_text),
    ("ipuz_read", ipuz_read),
    ("puz_read", puz_read),
    ("text_read", text_read),
    ("xd_read", xd_read),
    ("jpz_read", jpz_read),
    ("applesingle", applesingle),
    ("binhex", binhex),
    ("fork", fork),
    ("dcmp", dcmp),
    ("stuffit", stuffit),
    ("volume", volume),
    ("macbinary", macbinary),
    ("rez", rez),
    ("masyu_check_render", masyu_check_render),
    ("masyu_janko", masyu_janko),
    ("masyu_pzprjs", masyu_pzprjs),
    ("masyu_pzprv3", masyu_pzprv3),
    ("masyu_sol", masyu_sol),
    ("masyu_solve", masyu_solve),
    ("masyu_tatham", masyu_tatham),
    ("masyu_text", masyu_text),
    ("masyu_tootsweet", masyu_tootsweet),
    ("masyu_trace", masyu_trace),
    ("penpa_read", penpa_read),
    ("dlx_read", dlx_read),
    ("ftor", ftor),
    ("macpoly_read", macpoly_read),
    ("pack_read", pack_read),
];

/// The target called `name`.
pub fn target(name: &str) -> Option<Target> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
}
