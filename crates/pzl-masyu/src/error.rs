//! Errors and warnings of every Masyu reader, with the place in the input they refer to.

/// Where in the input something was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Location {
    /// Line and column, both counted from 1 (columns in characters).
    Line { line: usize, column: usize },
    /// Byte offset from the start of a one-line string, counted from 0.
    Offset(usize),
    /// The input as a whole.
    Whole,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Line { line, column } => write!(f, "line {line}, column {column}"),
            Location::Offset(offset) => write!(f, "offset {offset}"),
            Location::Whole => f.write_str("input"),
        }
    }
}

/// Input that does not follow its format: where, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct ParseError {
    pub location: Location,
    pub message: String,
}

impl ParseError {
    pub fn new(location: Location, message: impl Into<String>) -> ParseError {
        ParseError { location, message: message.into() }
    }

    pub fn at_line(line: usize, column: usize, message: impl Into<String>) -> ParseError {
        ParseError::new(Location::Line { line, column }, message)
    }

    pub fn at_offset(offset: usize, message: impl Into<String>) -> ParseError {
        ParseError::new(Location::Offset(offset), message)
    }
}

/// An oddity a lenient reader accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pub location: Location,
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

/// A value read leniently, with the warnings the reader raised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed<T> {
    pub value: T,
    pub warnings: Vec<Warning>,
}

impl<T> Parsed<T> {
    pub fn clean(value: T) -> Parsed<T> {
        Parsed { value, warnings: Vec::new() }
    }
}
