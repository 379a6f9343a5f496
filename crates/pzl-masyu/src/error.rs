//! The domain error of every Masyu reader, with the place in the input it refers to. Locations,
//! warnings and lenient results are `pzl_core`'s ([`Location`], [`Warning`], [`Parsed`]),
//! re-exported here so `crate::error::…` paths keep working.

pub use pzl_core::{Location, Parsed, Warning};

/// Input that does not follow its format: where, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct ParseError {
    /// Where the input stops following the format.
    pub location: Location,
    /// What was expected there (and what was found).
    pub message: String,
    /// The input passes a size limit pzl keeps (a limit error, `pzl.LimitError` in Python), rather
    /// than breaking its format.
    pub limit: bool,
}

impl ParseError {
    /// An error at `location`.
    pub fn new(location: Location, message: impl Into<String>) -> ParseError {
        ParseError { location, message: message.into(), limit: false }
    }

    /// The same error, as one of a size limit.
    pub fn limited(self) -> ParseError {
        ParseError { limit: true, ..self }
    }

    /// An error at `line`, `column` (both from 1).
    pub fn at_line(line: usize, column: usize, message: impl Into<String>) -> ParseError {
        ParseError::new(Location::line_column(line, column), message)
    }

    /// An error at byte `offset` of a one-line string (from 0).
    pub fn at_offset(offset: usize, message: impl Into<String>) -> ParseError {
        ParseError::new(Location::Offset(offset), message)
    }
}

impl From<ParseError> for pzl_core::Error {
    /// A syntax (or limit) error at the same place, with the same message.
    fn from(e: ParseError) -> pzl_core::Error {
        let error =
            if e.limit { pzl_core::Error::limit(e.message) } else { pzl_core::Error::syntax(e.message) };
        error.at(e.location)
    }
}
