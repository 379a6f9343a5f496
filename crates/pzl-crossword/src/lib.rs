//! Crosswords for pzl: the Across Lite `.puz` format read leniently and written exactly.
//!
//! - [`raw`]: the bytes of a file (preamble, header with its unknown fields, grids, strings,
//!   extra sections in file order, postscript) with every checksum; `read` then `to_bytes` gives
//!   back the same file.
//! - [`puzzle`]: the decoded view (text, rebus, circles, timer, player state) and a builder that
//!   writes new files with every checksum computed and the version chosen by the text.
//! - [`check`]: strict verification; [`lock`]: locking, unlocking and brute-force unlocking.
//! - [`across_text`]: the Across Lite text format (`<ACROSS PUZZLE>`), read and written.
//! - [`ipuz`]: ipuz (ipuz.org v2) crosswords, read and written.
//! - [`numbering`]: clue numbers from the grid's shape; [`render`]: text and SVG pictures.
//! - [`page`]: a print-ready page (grid and clue lists) as SVG; [`pdf`]: the same as PDF.

pub mod across_text;
pub mod check;
pub mod checksum;
pub mod error;
pub mod ipuz;
pub mod lock;
pub mod numbering;
pub mod page;
pub mod pdf;
pub mod puzzle;
pub mod raw;
pub mod render;
pub mod text;

pub use error::{Location, ParseError, Warning};
pub use puzzle::Puzzle;
pub use raw::{PuzFile, ReadPuz, read};
