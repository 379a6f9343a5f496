//! A-Puzzle-A-Day for pzl: the calendar puzzle where pieces cover every square of a frame but
//! today's month and day (and, in the weekday edition, weekday).
//!
//! - [`puzzle`]: a frame and its pieces, read from a description file (the classic and weekday
//!   editions ship embedded);
//! - [`date`]: calendar dates and the squares they leave uncovered;
//! - [`solver`]: a bitboard search for one date or for every date in one pass;
//! - [`board`]: which piece covers each square, and the order boards are sorted in;
//! - [`codec`]: the APAD binary format (9 bytes per classic board), decoded leniently and encoded
//!   canonically so files match the reference byte for byte;
//! - [`text`]: a readable, lossless text form of APAD files (a letter per square);
//! - [`render`]: boards as coloured terminal text or SVG.

pub mod board;
pub mod codec;
pub mod date;
pub mod puzzle;
pub mod render;
pub mod solver;
pub mod text;

pub use board::{Board, Cell};
pub use date::Date;
pub use puzzle::{Label, Puzzle, PuzzleError};
