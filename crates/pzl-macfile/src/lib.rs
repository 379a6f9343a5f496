#![deny(missing_docs)]
//! Classic Macintosh files: resource forks ([`fork`]), the containers that carry them outside an
//! HFS disk ([`macbinary`], [`applesingle`], [`binhex`]) and Rez/DeRez text ([`rez`]). MacPoly's
//! source-to-resource converter (`ftor`) lives in `pzl-poly`.
//!
//! Every reader checks each offset against the length of what it reads and keeps the fields whose
//! meaning is unknown, so that writing an unedited file gives back its exact bytes. [`container`]
//! detects the container of a file from its content and converts between containers.
//!
//! The pzl contract: [`MacKind`] is the `mac` kind of [`pzl_core::Kind`], its formats are
//! [`format::Format`] and its document is a [`MacFile`] (a container or Rez text, its forks and
//! Finder info). The kind-only commands (`pzl mac rsrc list|extract|add|remove`, `derez`, `rez`)
//! are methods of [`MacFile`] and the [`listing`] module.
//!
//! ```
//! use pzl_core::Kind;
//! use pzl_macfile::format::Format;
//! use pzl_macfile::{MacFile, MacKind};
//!
//! // A new MacBinary file named after its file, with one resource added.
//! let mut file = MacFile::new_for(Format::from_file_name("notes.bin").unwrap(), "notes.bin")?;
//! file.add_resource(*b"TEXT", Some(128), Some("greeting"), None, b"hello".to_vec())?;
//! let bytes = file.to_bytes()?;
//!
//! // Read it back through the contract: detected by content, described, checked, converted.
//! let format = <Format as pzl_core::FormatTable>::detect(&bytes).unwrap();
//! assert_eq!(format, Format::MacBinary);
//! let read = MacKind::read(&bytes, format, &())?.value;
//! let info = MacKind::info(&read, &pzl_core::InfoRequest::FULL);
//! assert!(info.to_string().contains("'TEXT' ×1"));
//! assert!(MacKind::check(&read)?.ok);
//! let rez = MacKind::write(&read, Format::Rez)?;
//! assert!(String::from_utf8_lossy(&rez.bytes).starts_with("data 'TEXT' (128, \"greeting\")"));
//! assert_eq!(rez.lost, ["the name, type, creator, Finder flags and dates"]);
//! # Ok::<(), pzl_core::Error>(())
//! ```

pub mod applesingle;
pub mod binhex;
pub mod check;
pub mod container;
pub mod crc;
pub mod dcmp;
pub mod finder;
pub mod fork;
pub mod format;
pub mod kind;
pub mod listing;
pub mod macbinary;
pub mod macroman;
pub mod model;
pub mod rez;

pub use container::{Container, ContainerKind, Forks};
pub use finder::FileInfo;
pub use fork::{Resource, ResourceFork, ResourceType};
pub use kind::MacKind;
pub use listing::{ResourceEntry, ResourceList, flags_text};
pub use model::{Added, Body, DataFile, MacFile};
pub use pzl_core::{Location, Parsed, Warning};

/// Why a file could not be read or written. Messages name the offset (or line) and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Something wrong at a byte offset of the input.
    #[error("offset {offset}: {message}")]
    At {
        /// The byte offset, from 0.
        offset: u64,
        /// What was wrong or expected.
        message: String,
    },
    /// Something wrong on a line of a text input (Rez, MacPoly source).
    #[error("line {line}: {message}")]
    Line {
        /// The line, from 1.
        line: usize,
        /// What was wrong or expected.
        message: String,
    },
    /// Anything else (a size that does not fit, an invalid comment).
    #[error("{0}")]
    Other(String),
}

impl Error {
    /// An error at byte `offset`.
    pub fn at(offset: impl TryInto<u64>, message: impl Into<String>) -> Error {
        Error::At { offset: offset.try_into().unwrap_or(u64::MAX), message: message.into() }
    }
}

/// Reading errors are syntax errors at the offset or line they name.
impl From<Error> for pzl_core::Error {
    fn from(e: Error) -> pzl_core::Error {
        match e {
            Error::At { offset, message } => pzl_core::Error::syntax(message)
                .at(Location::Offset(usize::try_from(offset).unwrap_or(usize::MAX))),
            Error::Line { line, message } => pzl_core::Error::syntax(message).at(Location::line(line)),
            Error::Other(message) => pzl_core::Error::syntax(message),
        }
    }
}

/// The result of this crate's readers and writers.
pub type Result<T> = std::result::Result<T, Error>;

/// Big- or little-endian reads of fixed-size fields, bounds-checked.
pub(crate) struct Bytes<'a> {
    pub bytes: &'a [u8],
    pub little_endian: bool,
}

impl<'a> Bytes<'a> {
    pub fn big(bytes: &'a [u8]) -> Bytes<'a> {
        Bytes { bytes, little_endian: false }
    }

    pub fn slice(&self, offset: usize, len: usize, what: &str) -> Result<&'a [u8]> {
        offset.checked_add(len).and_then(|end| self.bytes.get(offset..end)).ok_or_else(|| {
            Error::at(
                offset,
                format!("{what}: {len} bytes needed but the input ends at {}", self.bytes.len()),
            )
        })
    }

    pub fn array<const N: usize>(&self, offset: usize, what: &str) -> Result<[u8; N]> {
        let s = self.slice(offset, N, what)?;
        let mut out = [0u8; N];
        out.copy_from_slice(s);
        Ok(out)
    }

    pub fn u16(&self, offset: usize, what: &str) -> Result<u16> {
        let a = self.array::<2>(offset, what)?;
        Ok(if self.little_endian { u16::from_le_bytes(a) } else { u16::from_be_bytes(a) })
    }

    pub fn u32(&self, offset: usize, what: &str) -> Result<u32> {
        let a = self.array::<4>(offset, what)?;
        Ok(if self.little_endian { u32::from_le_bytes(a) } else { u32::from_be_bytes(a) })
    }
}

/// A four-character code shown for people: printable ASCII as is, anything else as `\xHH`.
pub fn fourcc(code: &[u8; 4]) -> String {
    let mut out = String::new();
    for &b in code {
        if (0x20..0x7F).contains(&b) && b != b'\\' {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// Parse a four-character code as written by [`fourcc`] (or fewer characters, padded with spaces).
pub fn parse_fourcc(text: &str) -> Result<[u8; 4]> {
    let mut out = Vec::new();
    let mut rest = text.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'\\' && tail.len() >= 3 && tail[0] == b'x' {
            let hex = std::str::from_utf8(&tail[1..3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
            let v = hex.ok_or_else(|| Error::Other(format!("bad escape in type `{text}`")))?;
            out.push(v);
            rest = &tail[3..];
        } else {
            let ch = text
                .get(text.len() - rest.len()..)
                .and_then(|s| s.chars().next())
                .ok_or_else(|| Error::Other(format!("bad type `{text}`")))?;
            let byte = macroman::encode_char(ch)
                .ok_or_else(|| Error::Other(format!("type `{text}`: `{ch}` is not in Mac Roman")))?;
            out.push(byte);
            rest = &rest[ch.len_utf8()..];
        }
    }
    if out.len() > 4 || out.is_empty() {
        return Err(Error::Other(format!("a resource type has 1 to 4 characters, not `{text}`")));
    }
    out.resize(4, b' ');
    let mut code = [0u8; 4];
    code.copy_from_slice(&out);
    Ok(code)
}
