//! Masyu for pzl: one model for puzzles, partly drawn boards and solutions, the formats they are
//! shared in, and everything built on it.

mod board;
pub mod check;
pub mod error;
pub mod formats;
pub mod render;
pub mod solver;
#[cfg(feature = "database")]
pub mod store;
pub mod tootsweet;

pub use board::{Board, BoardState, Cell, EdgeState};
pub use check::{Problem, Rule};
pub use error::{Location, ParseError, Parsed, Warning};
pub use formats::{Format, WriteError};
pub use pzl_grid::{Dir, Edge, EdgeIndex, Orientation, Pos};
