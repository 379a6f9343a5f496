#![deny(missing_docs)]
//! The contract shared by every puzzle kind of pzl, after Simon Tatham's `struct game`: learn one
//! kind, know them all.
//!
//! - [`Error`] (with an [`ErrorKind`] and an optional hint saying what to do next) is the one error
//!   of every reader, writer, checker and solver; [`Location`] says where in the input.
//! - [`Warning`] and [`Parsed`] carry what a lenient reader accepted; [`Written`] carries the bytes a
//!   writer produced and what the target format could not hold.
//! - [`FormatInfo`] describes one file format: its name, extensions, content test and abilities.
//! - [`Info`], [`CheckReport`] and [`SolveReport`] are reports as data: serialisable, printed by one
//!   text printer ([`std::fmt::Display`]) and one JSON printer (`serde`).
//! - [`Kind`] is the trait every kind implements: read, write, info; check, render and solve with
//!   "unsupported" defaults.
//!
//! The crate does no I/O.
//!
//! ```
//! use pzl_core::{Error, ErrorKind, Location};
//!
//! let e = Error::syntax("expected `.`, `W` or `B`, found 'X'")
//!     .at(Location::Line { line: 3, column: Some(2) })
//!     .in_file("bad.masyu");
//! assert_eq!(e.kind, ErrorKind::Syntax);
//! assert_eq!(e.to_string(), "bad.masyu: line 3, column 2: expected `.`, `W` or `B`, found 'X'");
//! ```

pub mod commands;
mod diag;
mod error;
mod format;
mod kind;
mod member;
mod picture;
mod report;
mod request;
pub mod settings;
pub mod text;
pub mod time;

pub use diag::{Location, Parsed, Rendered, Warning, Written};
pub use error::{Error, ErrorKind, Result};
pub use format::{Confidence, FormatInfo, FormatTable};
pub use kind::{Kind, Solved};
pub use member::{Member, SavedMember};
pub use picture::{Paper, Picture};
pub use report::{CheckReport, Count, Fact, Info, Outcome, Problem, SolveReport, Status};
pub use request::{InfoRequest, Progress, RenderRequest, SolveRequest, parse_jobs, parse_timeout};
pub use settings::{Setting, SettingType, Verb};
