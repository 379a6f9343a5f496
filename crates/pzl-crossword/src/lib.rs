#![deny(missing_docs)]
//! Crosswords for pzl: Across Lite `.puz` read leniently and written byte for byte, Across Lite
//! text, ipuz and `.xd`, verification, pictures, locking and unlocking.
//!
//! [`CrosswordKind`] is the kind's side of the `pzl_core::Kind` contract: read a file into a
//! [`CrosswordDoc`] (the decoded [`Puzzle`] plus what its format keeps), write it in any format
//! (saying what the target cannot hold), describe, check and draw it. [`lock()`], [`unlock()`] and
//! [`parse_key`] serve `pzl crossword lock|unlock`.
//!
//! ```
//! use pzl_core::Kind;
//! use pzl_crossword::{CrosswordKind, Format};
//!
//! let text = "<ACROSS PUZZLE>\n<TITLE>\n\tTiny\n<AUTHOR>\n\tMe\n<COPYRIGHT>\n\t\n<SIZE>\n\t3x3\n\
//!             <GRID>\n\tCAT\n\t..A\n\t..R\n<ACROSS>\n\tPet\n<DOWN>\n\tSticky stuff\n<NOTEPAD>\n";
//! let doc = CrosswordKind::read(text.as_bytes(), Format::AcrossText, &())?.value;
//! let info = CrosswordKind::info(&doc, &pzl_core::InfoRequest::FULL);
//! assert!(info.to_string().contains("Tiny"));
//! // Text to text gives back the same bytes; to ipuz, nothing is lost.
//! assert_eq!(CrosswordKind::write(&doc, Format::AcrossText)?.bytes, text.as_bytes());
//! let ipuz = CrosswordKind::write(&doc, Format::Ipuz)?;
//! assert!(ipuz.lost.is_empty());
//! assert!(CrosswordKind::check(&doc)?.ok);
//! # Ok::<(), pzl_core::Error>(())
//! ```
//!
//! The modules, after the shape every pzl kind shares:
//! - [`model`]: [`CrosswordDoc`]; [`puzzle`]: the decoded puzzle (text, rebus, circles, timer,
//!   player state) and its encoding to `.puz`; [`numbering`]: clue numbers from the grid.
//! - [`mod@format`]: the [`Format`] table, [`format::across_text`], [`format::ipuz`] and
//!   [`format::xd`]; the `.puz` layers are [`raw`] (every byte, every checksum), [`checksum`],
//!   [`text`] (string encodings) and [`mod@lock`] (scrambling).
//! - [`check`]: strict verification; [`render`]: pictures; with the `pdf` feature (on by
//!   default), `page` and `pdf`: the print-ready page (PDF, SVG with clues) and its `fonts`.
//! - [`kind`]: the `Kind` implementation and the lock commands.

pub mod check;
pub mod checksum;
pub mod error;
#[cfg(feature = "pdf")]
pub mod fonts;
pub mod format;
pub mod kind;
pub mod lock;
pub mod markup;
pub mod model;
pub mod numbering;
#[cfg(feature = "pdf")]
pub mod page;
#[cfg(feature = "pdf")]
pub mod pdf;
pub mod play;
pub mod puzpy;
pub mod puzzle;
pub mod raw;
pub mod render;
pub mod text;

pub use error::{Location, ParseError, Warning};
pub use format::{Format, across_text, ipuz, jpz, xd};
pub use kind::{CrosswordKind, lock, parse_key, unlock, unlock_candidates};
pub use model::{CrosswordDoc, Source};
pub use puzzle::Puzzle;
pub use raw::{PuzFile, ReadPuz, read};
