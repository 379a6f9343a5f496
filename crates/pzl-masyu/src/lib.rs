#![deny(missing_docs)]
//! Masyu for pzl: one model for puzzles, partly drawn boards and solutions, the formats they are
//! shared in, and everything built on it. [`MasyuKind`] is the kind's [`pzl_core::Kind`]: read,
//! write, info, check, combine, render and solve, the same shape as every other pzl kind.
//!
//! ```
//! use pzl_core::{Kind, SolveRequest};
//! use pzl_masyu::{Format, MasyuKind};
//!
//! let puzzle = MasyuKind::read(b"4 4\n....\n.B..\n...W\n....\n", Format::Text, &())?.value;
//! let solved = MasyuKind::solve(&puzzle, &SolveRequest::default())?;
//! assert_eq!(solved.report.unique, Some(true));
//! // The text grid holds no lines, so the solution is shown as a `sol` grid of line masks.
//! assert_eq!(solved.report.solutions[0], "4 4\n0000\n095C\n0A0A\n0356\n");
//! let check = MasyuKind::check(&solved.solutions[0])?;
//! assert!(check.ok);
//! # Ok::<(), pzl_core::Error>(())
//! ```

mod board;
pub mod check;
pub mod error;
pub mod formats;
pub mod generate;
mod kind;
pub mod play;
pub mod render;
pub mod solver;
#[cfg(feature = "database")]
pub mod store;
pub mod tootsweet;

pub use board::{Board, BoardState, Cell, EdgeState};
pub use check::{Problem, Rule};
pub use error::{Location, ParseError, Parsed, Warning};
pub use formats::{Format, WriteError};
pub use kind::MasyuKind;
pub use pzl_grid::{Dir, Edge, EdgeIndex, Orientation, Pos};
#[cfg(feature = "database")]
pub use store::TootSweetDbKind;
