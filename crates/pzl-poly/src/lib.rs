//! Polyomino packing for pzl.
//!
//! - [`shape`]: polyominoes in normal form, their eight symmetries, fixed / one-sided / free sets,
//!   drawings.
//! - [`exact_cover`]: a general exact-cover engine (Knuth's Algorithm X with dancing links, primary
//!   and secondary items) usable by any puzzle, plus a reader for Knuth's `dlx` text format.
//! - [`packer`]: a specialised bitboard search for packing pieces into a board, with dead-region
//!   pruning, colouring impossibility proofs, symmetry breaking and parallel counting.
//! - [`macpoly`]: MacPoly's puzzle and solution source files (D. Levner, MacTutor 1986).
//! - [`pack`]: pzl's own packing-problem format (`pzl-pack`), for any number of named pieces.

pub mod exact_cover;
pub mod macpoly;
pub mod pack;
pub mod packer;
pub mod render;
pub mod shape;

pub use packer::{Board, Counts, Piece, Problem, Solution};
pub use shape::Shape;
