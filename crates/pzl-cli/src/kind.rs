//! The commands that belong to one kind. Each module is arguments, files and printing; the work
//! is the library's (`pzl::kinds`).

pub mod apad;
pub mod crossword;
pub mod mac;
pub mod masyu;
pub mod poly;
