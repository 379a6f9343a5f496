#![deny(missing_docs)]
//! Shared geometry for every grid puzzle in pzl.
//!
//! Masyu boards, crossword grids, polyomino boards and A-Puzzle-A-Day frames are all rectangles of
//! square cells. This crate holds the vocabulary they share — [`Pos`], [`Dir`], [`Grid`], the
//! edges between neighbouring cells ([`EdgeIndex`]), the eight symmetries of the square
//! ([`Symmetry`]) — and a tiny SVG writer ([`svg`]) so every renderer draws the same way.

pub mod svg;

mod dir;
mod edges;
mod grid;
mod symmetry;

pub use dir::Dir;
pub use edges::{Edge, EdgeIndex, Orientation};
pub use grid::{Grid, Pos};
pub use symmetry::Symmetry;
