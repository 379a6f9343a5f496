//! The file formats of polyomino puzzles: MacPoly's puzzle and solution source files
//! ([`macpoly`]) and pzl's own packing-problem format ([`pack`]).

use pzl_core::{Confidence, FormatInfo};

pub mod macpoly;
pub mod pack;

/// One format of the `poly` kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// pzl's packing problem (`pzl-pack 1` on line 1).
    Pack,
    /// A MacPoly puzzle source file.
    MacPoly,
    /// A MacPoly solution source file.
    MacPolySolution,
}

/// Every format, in detection order: the magic line of `pzl-pack` first; the two MacPoly tests
/// exclude each other (a puzzle has `S` or lower-case letters, a solution none).
pub const ALL: [Format; 3] = [Format::Pack, Format::MacPoly, Format::MacPolySolution];

static PACK: FormatInfo = FormatInfo {
    name: pack::NAME,
    kind: crate::kind::NAME,
    description: "pzl packing problem (board, named pieces with copies, flips; first line `pzl-pack 1`)",
    extensions: &["pack"],
    detect: Some(pack::looks_like_pack),
    confidence: Confidence::Strong,
    read: true,
    write: true,
};

static MACPOLY: FormatInfo = FormatInfo {
    name: "macpoly",
    kind: crate::kind::NAME,
    description: "MacPoly polyomino puzzle source file (name, message, grid)",
    extensions: &["macpoly"],
    detect: Some(macpoly::looks_like_puzzle),
    confidence: Confidence::Weak,
    read: true,
    write: true,
};

static MACPOLY_SOLUTION: FormatInfo = FormatInfo {
    name: "macpoly-solution",
    kind: crate::kind::NAME,
    description: "MacPoly polyomino solution source file (name, grid of placed pieces)",
    extensions: &["macpolysol"],
    detect: Some(macpoly::looks_like_solution),
    confidence: Confidence::Weak,
    read: true,
    write: true,
};

impl Format {
    /// The description of the format (name, extensions, content test).
    pub fn info(self) -> &'static FormatInfo {
        match self {
            Format::Pack => &PACK,
            Format::MacPoly => &MACPOLY,
            Format::MacPolySolution => &MACPOLY_SOLUTION,
        }
    }
}

impl pzl_core::FormatTable for Format {
    const ALL: &'static [Format] = &ALL;

    fn info(self) -> &'static pzl_core::FormatInfo {
        Format::info(self)
    }
}
