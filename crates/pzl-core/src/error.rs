//! The one error type of pzl: what went wrong ([`ErrorKind`]), where ([`Location`]), in which file
//! and format, and what to do next (the hint).

use serde::Serialize;

use crate::diag::Location;

/// The result of every fallible pzl operation.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What kind of failure an [`Error`] is. The command line exits 2 for all of them; programs can
/// tell a damaged file from an unsupported request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// The input does not follow its format.
    Syntax,
    /// The document cannot be written in the requested format (it cannot hold it at all).
    Encode,
    /// The kind or format does not offer the requested operation.
    Unsupported,
    /// A size or resource limit was reached (a grid too large, a trace too long).
    Limit,
    /// The request itself is wrong: an unknown format name, a bad parameter, flags that clash.
    Usage,
    /// Reading or writing a file failed.
    Io,
}

impl ErrorKind {
    /// The kind's name as it appears in JSON (`syntax`, `encode`, …).
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Syntax => "syntax",
            ErrorKind::Encode => "encode",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Limit => "limit",
            ErrorKind::Usage => "usage",
            ErrorKind::Io => "io",
        }
    }
}

/// Why an operation could not be done: the kind of failure, the file and place, the message, and
/// optionally a hint that says what to do next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Error {
    /// What kind of failure this is.
    pub kind: ErrorKind,
    /// The file (or other input) it is about, as the user named it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// Where in the input, when a place is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Location>,
    /// What was wrong or expected.
    pub message: String,
    /// What to do next, e.g. "name the format with --from (see `pzl formats`)".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

impl Error {
    /// An error of `kind` with `message` and nothing else known yet.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, file: None, at: None, message: message.into(), hint: None }
    }

    /// The input does not follow its format.
    pub fn syntax(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Syntax, message)
    }

    /// The document cannot be written in the requested format.
    pub fn encode(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Encode, message)
    }

    /// A size or resource limit was reached.
    pub fn limit(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Limit, message)
    }

    /// The request is wrong.
    pub fn usage(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Usage, message)
    }

    /// Reading or writing failed.
    pub fn io(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Io, message)
    }

    /// `what` (a verb such as `solve`) is not offered for `kind` files.
    pub fn unsupported(kind: &str, what: &str) -> Error {
        Error::new(ErrorKind::Unsupported, format!("`{what}` does not apply to {kind} files"))
            .hint("`pzl formats` lists what each kind of file can do")
    }

    /// The same error, at `at`.
    #[must_use]
    pub fn at(mut self, at: Location) -> Error {
        self.at = Some(at);
        self
    }

    /// The same error, with a hint saying what to do next.
    #[must_use]
    pub fn hint(mut self, hint: impl Into<String>) -> Error {
        self.hint = Some(hint.into());
        self
    }

    /// The same error, about the input called `file` (kept when one is already named, since the
    /// innermost name is the most precise: a resource inside a file, say).
    #[must_use]
    pub fn in_file(mut self, file: impl Into<String>) -> Error {
        if self.file.is_none() {
            self.file = Some(file.into());
        }
        self
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}: ", crate::text::printable_name(file))?;
        }
        if let Some(at) = self.at.as_ref().filter(|at| **at != Location::Whole) {
            write!(f, "{at}: ")?;
        }
        // Messages quote the input ("found 'X'"): no control character reaches a terminal.
        f.write_str(&crate::text::printable(&self.message))
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::io(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_place_and_message() {
        let e = Error::syntax("expected a digit").at(Location::Offset(7)).in_file("x.puz");
        assert_eq!(e.to_string(), "x.puz: byte offset 7: expected a digit");
        assert_eq!(Error::usage("no").in_file("a").in_file("b").file.as_deref(), Some("a"));
    }

    #[test]
    fn json_has_kind_place_and_hint() {
        let e = Error::syntax("bad").at(Location::Line { line: 2, column: None }).hint("fix it");
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["kind"], "syntax");
        assert_eq!(json["at"]["line"], 2);
        assert_eq!(json["hint"], "fix it");
    }
}
