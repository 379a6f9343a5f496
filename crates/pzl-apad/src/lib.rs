#![deny(missing_docs)]
//! A-Puzzle-A-Day for pzl: the calendar puzzle where pieces cover every square of a frame but
//! today's month and day (and, in the weekday edition, weekday).
//!
//! - [`kind`]: [`ApadKind`], the kind as pzl sees it (read, write, info, check, render);
//! - [`model`]: the edition ([`puzzle`]: a frame and its pieces, read from a description file;
//!   classic and weekday ship embedded), [`date`]s, [`board`]s, and a file's [`BoardSet`];
//! - [`format`](mod@format): the APAD binary format (9 bytes per classic board), decoded leniently and encoded
//!   canonically so files match the reference byte for byte, and its lossless text form;
//! - [`check`]: every board a solution;
//! - [`solve`]: a bitboard search for one date or for every date in one pass, with a timeout;
//! - [`render`]: boards as coloured terminal text or SVG.
//!
//! ```
//! use pzl_apad::{ApadKind, Format};
//! use pzl_core::Kind;
//!
//! // Board 1 of the reference file: Jan 19.
//! let bytes = [0x81, 0x41, 0x19, 0x50, 0x6c, 0x1f, 0x16, 0x29, 0x55];
//! let edition = ApadKind::params("classic")?;
//! let boards = ApadKind::read(&bytes, Format::Apad, &edition)?.value;
//! assert!(ApadKind::check(&boards)?.ok);
//! let text = ApadKind::write(&boards, Format::Text)?.bytes;
//! assert!(String::from_utf8_lossy(&text).contains("board 1 Jan 19\n.LLLLN\n"));
//! let back = ApadKind::read(&text, Format::Text, &edition)?.value;
//! assert_eq!(ApadKind::write(&back, Format::Apad)?.bytes, bytes);
//! # Ok::<(), pzl_core::Error>(())
//! ```

pub mod check;
pub mod format;
pub mod kind;
pub mod model;
pub mod render;
pub mod solve;

pub use format::Format;
pub use kind::ApadKind;
pub use model::board::{Answer, Board, Cell};
pub use model::date::Date;
pub use model::puzzle::{Label, Puzzle, PuzzleError};
pub use model::set::BoardSet;
pub use model::{board, date, puzzle};
