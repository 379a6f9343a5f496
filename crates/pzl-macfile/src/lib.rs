//! Classic Macintosh files: resource forks ([`fork`]), the containers that carry them outside an
//! HFS disk ([`macbinary`], [`applesingle`], [`binhex`]) and Rez/DeRez text ([`rez`]). MacPoly's
//! source-to-resource converter (`ftor`) lives in `pzl-poly`.
//!
//! Every reader checks each offset against the length of what it reads and keeps the fields whose
//! meaning is unknown, so that writing an unedited file gives back its exact bytes. [`container`]
//! detects the container of a file from its content and converts between containers.

pub mod applesingle;
pub mod binhex;
pub mod container;
pub mod crc;
pub mod finder;
pub mod fork;
pub mod macbinary;
pub mod macroman;
pub mod rez;

pub use container::{Container, ContainerKind, Forks};
pub use finder::FileInfo;
pub use fork::{Resource, ResourceFork, ResourceType};

/// Why a file could not be read or written. Messages name the offset (or line) and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("offset {offset}: {message}")]
    At { offset: u64, message: String },
    #[error("line {line}: {message}")]
    Line { line: usize, message: String },
    #[error("{0}")]
    Other(String),
}

impl Error {
    pub fn at(offset: impl TryInto<u64>, message: impl Into<String>) -> Error {
        Error::At { offset: offset.try_into().unwrap_or(u64::MAX), message: message.into() }
    }
}

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
