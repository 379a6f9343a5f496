//! Masyu for pzl: one model for puzzles, partly drawn boards and solutions, the formats they are
//! shared in, and everything built on it.

mod board;
pub mod error;
pub mod tootsweet;

pub use board::{Board, BoardState, Cell, EdgeState};
pub use error::{Location, ParseError, Parsed, Warning};
pub use pzl_grid::{Dir, Edge, EdgeIndex, Orientation, Pos};
