#![deny(missing_docs)]
//! pzl: open, verify, convert, render and solve classic puzzle files.

pub mod fs;
