#![deny(missing_docs)]
//! pzl: open, verify, convert, render and solve classic puzzle files — Masyu (TootSweet strings
//! and database, puzz.link, Tatham's Pearl, …), crosswords (Across Lite `.puz` and text, ipuz),
//! polyomino packing (MacPoly, pzl-pack), A-Puzzle-A-Day (APAD) and the classic Mac files that
//! hold some of them.
//!
//! The layers, after gimli-rs/object and ripgrep's `grep`:
//! - [`pzl_core`] is the contract every kind fulfils ([`Kind`]): one [`Error`] with a
//!   [`Location`] and a hint, [`Warning`]s, reports ([`Info`], [`CheckReport`], [`SolveReport`]).
//! - One crate per kind owns every fact about its formats and puzzles (`pzl-masyu`,
//!   `pzl-crossword`, `pzl-poly`, `pzl-apad`, `pzl-macfile`).
//! - This crate is the unified API: one [`Format`] table over every kind (detection, names,
//!   extensions) and one [`Document`] that reads, writes, describes, checks, draws and solves a
//!   file of any kind. Documents inside documents (MacPoly puzzles in a resource fork) are
//!   reached with [`Open::pick`]. [`fs`] writes files safely.
//!
//! Open any file and convert it:
//!
//! ```
//! use pzl::{Document, Format, Open};
//!
//! // A TootSweet puzzle string; the format is found from the content.
//! let parsed = Document::read(b"4:4:AgAQAA\n", "ladybug.tootsweet", None, &Open::default())?;
//! let doc = parsed.value;
//! assert_eq!(doc.format().name(), "tootsweet");
//! assert_eq!(doc.kind(), "masyu");
//!
//! // Convert it to a puzz.link URL: the same puzzle in another format of its kind.
//! let written = doc.write(Format::from_name("pzprjs")?)?;
//! assert!(String::from_utf8_lossy(&written.bytes).contains("mashu/4/4/"));
//!
//! // Check and solve work the same way for every kind.
//! let solution = doc.solve(&pzl::SolveRequest::default())?;
//! assert_eq!(solution.report.outcome, pzl::Outcome::Solved);
//! # Ok::<(), pzl::Error>(())
//! ```

#[cfg(any(unix, windows))]
pub mod commands;
pub mod container;
mod document;
mod format;
#[cfg(any(unix, windows))]
pub mod fs;
#[cfg(any(unix, windows))]
pub mod input;
pub mod kinds;
mod members;
#[cfg(any(unix, windows))]
pub mod ops;
pub mod play;
#[doc(hidden)]
pub mod registry;
pub mod report;
pub mod run;
pub mod select;
pub mod settings;
mod solution;

// One line per kind, in detection order: the `Format` table, the `Document` enum and their
// dispatch (see `registry`).
registry! {
    Masyu => pzl_masyu::MasyuKind,
    #[cfg(feature = "database")]
    MasyuDb => pzl_masyu::TootSweetDbKind,
    Apad => pzl_apad::ApadKind,
    Crossword => pzl_crossword::CrosswordKind,
    Mac => pzl_macfile::MacKind,
    Poly => pzl_poly::PolyKind,
}

pub use document::{Doc, Open};
pub use format::FormatList;
pub use members::{Pick, SaveReport, Saved};
pub use pzl_core::{
    CheckReport, Confidence, Count, Error, ErrorKind, Fact, FormatInfo, Info, InfoRequest, Kind, Location,
    Member, Outcome, Paper, Parsed, Picture, Problem, Progress, RenderRequest, Rendered, Result, SavedMember,
    SolveReport, SolveRequest, Status, Warning, Written, parse_jobs, parse_timeout, text,
};
pub use registry::Solution;
