#![deny(missing_docs)]
//! Polyomino packing for pzl: the `poly` kind.
//!
//! - [`kind`]: [`PolyKind`], the kind's [`pzl_core::Kind`] implementation, and [`PolyDoc`], what
//!   one file holds once read.
//! - [`format`](mod@format): the formats ([`Format`]): MacPoly's puzzle and solution source files (D. Levner,
//!   MacTutor 1986) with MacPoly's resources ([`format::macpoly::ftor`],
//!   [`format::macpoly::resource`]), and pzl's own packing-problem format `pzl-pack`
//!   ([`format::pack`]), for any number of named pieces.
//! - [`shape`]: polyominoes in normal form, their eight symmetries, fixed / one-sided / free sets,
//!   drawings.
//! - [`packer`]: the model (board, pieces, problem, solution) and a specialised bitboard search for
//!   packing pieces into a board, with dead-region pruning, colouring impossibility proofs,
//!   symmetry breaking and parallel counting.
//! - [`exact_cover`]: a general exact-cover engine (Knuth's Algorithm X with dancing links, primary
//!   and secondary items) usable by any puzzle, plus a reader for Knuth's `dlx` text format.
//! - [`check`], [`solve`], [`render`]: the kind's verbs.
//! - [`shard`]: counts split into deterministic shards, and the checked merge of their results.
//!
//! ```
//! use pzl_core::{Kind, SolveRequest};
//! use pzl_poly::{Format, PolyKind};
//!
//! let text = "pzl-pack 1\nflips yes\n\nboard\n###\n###\n\npiece d x3\n##\n";
//! let doc = PolyKind::read(text.as_bytes(), Format::Pack, &()).unwrap().value;
//! assert_eq!(PolyKind::write(&doc, Format::Pack).unwrap().bytes, text.as_bytes());
//! let request = SolveRequest { count: true, ..SolveRequest::default() };
//! let solved = PolyKind::solve(&doc, &request).unwrap();
//! // Three tilings of 2 x 3 by dominoes, each labelled 3! ways.
//! assert_eq!(solved.report.to_string(), "18\n");
//! ```

pub mod check;
pub mod exact_cover;
pub mod format;
pub mod kind;
pub mod packer;
pub mod render;
pub mod shape;
pub mod shard;
pub mod solve;

pub use format::{Format, macpoly, pack};
pub use kind::{PolyDoc, PolyKind};
pub use packer::{Board, Counts, Piece, Problem, ShardCounts, Solution};
pub use shape::Shape;
