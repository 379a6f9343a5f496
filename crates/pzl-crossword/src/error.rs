//! Errors and warnings of the crossword readers, each with the place in the input it refers to.

/// Input that is not a readable crossword: where, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct ParseError {
    pub location: Location,
    pub message: String,
}

/// Where in the input something was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Location {
    /// Byte offset from the start of the file.
    Offset(usize),
    /// Line number, counted from 1 (text formats).
    Line(usize),
    /// The input as a whole.
    Whole,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Offset(offset) => write!(f, "offset {offset} (0x{offset:x})"),
            Location::Line(line) => write!(f, "line {line}"),
            Location::Whole => f.write_str("input"),
        }
    }
}

impl ParseError {
    pub fn at_offset(offset: usize, message: impl Into<String>) -> ParseError {
        ParseError { location: Location::Offset(offset), message: message.into() }
    }

    pub fn at_line(line: usize, message: impl Into<String>) -> ParseError {
        ParseError { location: Location::Line(line), message: message.into() }
    }

    pub fn whole(message: impl Into<String>) -> ParseError {
        ParseError { location: Location::Whole, message: message.into() }
    }
}

/// An oddity a lenient reader accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pub location: Location,
    pub message: String,
}

impl Warning {
    pub fn at_offset(offset: usize, message: impl Into<String>) -> Warning {
        Warning { location: Location::Offset(offset), message: message.into() }
    }

    pub fn whole(message: impl Into<String>) -> Warning {
        Warning { location: Location::Whole, message: message.into() }
    }
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.location {
            Location::Whole => f.write_str(&self.message),
            location => write!(f, "{location}: {}", self.message),
        }
    }
}
