//! Diagnostics shared by every reader and writer: where something is ([`Location`]), what a
//! lenient reader accepted ([`Warning`], [`Parsed`]) and what a writer left out ([`Written`]).

use serde::Serialize;

/// Where in an input something was found. In JSON it is an object that says which kind of
/// place it is: `{"offset": 9}`, `{"line": 3, "column": 2}`, `{"path": "$.puzzle[0]"}`,
/// `{"part": "board 2"}`, or `{"whole": true}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Location {
    /// A byte offset from the start of the input, counted from 0.
    Offset(usize),
    /// A line (from 1) and, when known, a column (from 1, in characters).
    Line {
        /// The line, from 1.
        line: usize,
        /// The column, from 1, in characters.
        column: Option<usize>,
    },
    /// A JSON path such as `$.puzzle[0][3]` (JSON formats).
    Path(String),
    /// A named part of a container, e.g. a resource `'SBP1' 128` or `board 12`.
    Part(String),
    /// The input as a whole.
    Whole,
}

impl Serialize for Location {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        match self {
            Location::Offset(offset) => map.serialize_entry("offset", offset)?,
            Location::Line { line, column } => {
                map.serialize_entry("line", line)?;
                if let Some(column) = column {
                    map.serialize_entry("column", column)?;
                }
            }
            Location::Path(path) => map.serialize_entry("path", path)?,
            Location::Part(part) => map.serialize_entry("part", part)?,
            Location::Whole => map.serialize_entry("whole", &true)?,
        }
        map.end()
    }
}

impl Location {
    /// Line `line`, column `column` (both from 1).
    pub fn line_column(line: usize, column: usize) -> Location {
        Location::Line { line, column: Some(column) }
    }

    /// Line `line` (from 1), no column.
    pub fn line(line: usize) -> Location {
        Location::Line { line, column: None }
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Offset(offset) => write!(f, "byte offset {offset}"),
            Location::Line { line, column: Some(column) } => write!(f, "line {line}, column {column}"),
            Location::Line { line, column: None } => write!(f, "line {line}"),
            Location::Path(path) => f.write_str(path),
            Location::Part(part) => f.write_str(&crate::text::printable(part)),
            Location::Whole => f.write_str("input"),
        }
    }
}

/// An oddity a lenient reader accepted, or something a writer or checker wants the user to know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Warning {
    /// Where, when a place is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Location>,
    /// What was found.
    pub message: String,
    /// An oddity that changes nothing (bytes kept as they were): programs show it only when
    /// asked (`pzl -v`) or when checking, so everyday commands stay quiet about it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub harmless: bool,
}

impl Warning {
    /// A warning about the input as a whole.
    pub fn new(message: impl Into<String>) -> Warning {
        Warning { at: None, message: message.into(), harmless: false }
    }

    /// A warning at `at`.
    pub fn at(at: Location, message: impl Into<String>) -> Warning {
        Warning { at: Some(at).filter(|a| *a != Location::Whole), message: message.into(), harmless: false }
    }

    /// The same warning, marked harmless: the reader kept what it found exactly as it was.
    #[must_use]
    pub fn harmless(mut self) -> Warning {
        self.harmless = true;
        self
    }
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.at {
            Some(at) => write!(f, "{at}: {}", crate::text::printable(&self.message)),
            None => f.write_str(&crate::text::printable(&self.message)),
        }
    }
}

/// A value read leniently, with the warnings the reader raised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed<T> {
    /// What was read.
    pub value: T,
    /// What the reader accepted but did not like.
    pub warnings: Vec<Warning>,
}

impl<T> Parsed<T> {
    /// A value read without warnings.
    pub fn clean(value: T) -> Parsed<T> {
        Parsed { value, warnings: Vec::new() }
    }

    /// A value with `warnings`.
    pub fn with(value: T, warnings: Vec<Warning>) -> Parsed<T> {
        Parsed { value, warnings }
    }

    /// The same warnings over another value.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Parsed<U> {
        Parsed { value: f(self.value), warnings: self.warnings }
    }
}

/// The bytes a writer produced, and each thing of the document the target format cannot hold
/// (left out), in words: `pearls`, `the style of cell $.puzzle[0][0]`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Written {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// What the format could not hold, one entry per kind of thing.
    pub lost: Vec<String>,
}

impl Written {
    /// Bytes that hold everything.
    pub fn exact(bytes: Vec<u8>) -> Written {
        Written { bytes, lost: Vec::new() }
    }
}

/// A drawing, and what the user should know about it (only the first of several chosen boards
/// fits one picture; a font lacks a glyph): what [`crate::Kind::render`] gives, in one call.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rendered {
    /// The picture's bytes (text, SVG, PDF or HTML).
    pub bytes: Vec<u8>,
    /// What the user should know about the drawing.
    pub warnings: Vec<Warning>,
}

impl Rendered {
    /// A drawing with nothing to say about it.
    pub fn new(bytes: Vec<u8>) -> Rendered {
        Rendered { bytes, warnings: Vec::new() }
    }
}
