//! Errors of the crossword readers, each with the place in the input it refers to. Warnings and
//! places are `pzl_core`'s ([`Warning`], [`Location`]), re-exported here.

pub use pzl_core::{Location, Warning};

/// Input that is not a readable crossword: where, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", describe(.location, .message))]
pub struct ParseError {
    /// Where in the input.
    pub location: Location,
    /// What was wrong or expected.
    pub message: String,
}

fn describe(location: &Location, message: &str) -> String {
    match location {
        Location::Whole => message.to_string(),
        at => format!("{at}: {message}"),
    }
}

impl ParseError {
    /// An error at byte `offset` (binary formats).
    pub fn at_offset(offset: usize, message: impl Into<String>) -> ParseError {
        ParseError { location: Location::Offset(offset), message: message.into() }
    }

    /// An error on line `line`, counted from 1 (text formats).
    pub fn at_line(line: usize, message: impl Into<String>) -> ParseError {
        ParseError { location: Location::line(line), message: message.into() }
    }

    /// An error at a JSON path such as `$.puzzle[1]` (ipuz).
    pub fn at_path(path: &str, message: impl Into<String>) -> ParseError {
        ParseError { location: Location::Path(path.to_string()), message: message.into() }
    }

    /// An error about the input as a whole.
    pub fn whole(message: impl Into<String>) -> ParseError {
        ParseError { location: Location::Whole, message: message.into() }
    }
}

impl From<ParseError> for pzl_core::Error {
    fn from(e: ParseError) -> pzl_core::Error {
        pzl_core::Error::syntax(e.message).at(e.location)
    }
}

/// A warning at byte `offset`.
pub(crate) fn warn_at(offset: usize, message: impl Into<String>) -> Warning {
    Warning::at(Location::Offset(offset), message)
}
