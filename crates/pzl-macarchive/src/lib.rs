#![deny(missing_docs)]
//! Classic Macintosh archives: StuffIt classic (methods 0, 1, 2, 3, 13) and StuffIt 5 (methods 0,
//! 13, 15 "Arsenic") and Compact Pro (RLE, LZH), bare, self-extracting (`.sea`: the archive is the data fork) or wrapped in
//! BinHex or MacBinary. [`Archive::read`] lists the members without decompressing anything;
//! [`Archive::forks`] decompresses one member's two forks and checks every CRC.
//!
//! Bounds: a fork whose header claims more than [`MAX_FORK`] bytes is refused before anything is
//! allocated, and no decoder ever writes past the size its header gives, so extracting one member
//! holds the archive, that member's forks and at most a 64 KiB window (LZSS) or one 1 MiB block
//! (Arsenic, 4 bytes of index per byte) besides; a fork may expand at most [`MAX_RATIO`] times. Folders nest at most [`stuffit::MAX_DEPTH`] deep.
//! Password-protected entries list but do not extract; StuffIt X (`.sitx`) is recognised and
//! refused.
//!
//! ```no_run
//! let bytes = std::fs::read("MacPoly.sit.hqx")?;
//! let archive = pzl_macarchive::Archive::read(&bytes)?;
//! for (i, entry) in archive.entries.iter().enumerate() {
//!     if !entry.folder {
//!         let forks = archive.forks(i)?;
//!         println!("{}: {} + {} bytes", entry.shown(), forks.data.len(), forks.rsrc.len());
//!     }
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod arsenic;
mod bits;
pub mod container;
pub mod cpt;
mod huffman;
pub mod simple;
pub mod sit13;
pub mod stuffit;
pub mod volume;
pub mod write;

use pzl_macfile::{FileInfo, Forks};
use serde::Serialize;

pub use pzl_macfile::Error;

/// The result of this crate's readers.
pub type Result<T> = std::result::Result<T, Error>;

/// The largest fork accepted (512 MiB, more than any floppy- or CD-era file).
pub const MAX_FORK: u32 = 512 << 20;

/// The most a fork may expand: its size at most `MAX_RATIO` × its stored size + 1 MiB, so the
/// memory an extraction takes is bounded by a multiple of the input.
pub const MAX_RATIO: u64 = 8192;

/// The archive formats read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ArchiveFormat {
    /// StuffIt 1.5 to 4.5 (`SIT!`).
    StuffItClassic,
    /// StuffIt 5 to 8 (`StuffIt (c)1997-`).
    StuffIt5,
    /// Compact Pro (`.cpt`).
    CompactPro,
}

impl ArchiveFormat {
    /// The name for people.
    pub fn name(self) -> &'static str {
        match self {
            ArchiveFormat::StuffItClassic => "StuffIt (classic)",
            ArchiveFormat::StuffIt5 => "StuffIt 5",
            ArchiveFormat::CompactPro => "Compact Pro",
        }
    }
}

/// A fork's compression method, as the archive numbers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Method(pub u8);

impl Method {
    /// The method's name, e.g. `LZ+Huffman (13)`.
    pub fn name(self) -> String {
        let name = match self.0 {
            0 => "none",
            1 => "RLE90",
            2 => "LZW",
            3 => "Huffman",
            5 => "LZAH",
            6 => "fixed Huffman",
            8 => "MW",
            13 => "LZ+Huffman",
            14 => "Installer",
            15 => "Arsenic",
            0x81 => "Compact Pro RLE",
            0x82 => "Compact Pro LZH+RLE",
            _ => "unknown",
        };
        if self.0 > 0x80 {
            return name.to_string();
        }
        format!("{name} ({})", self.0)
    }
}

/// Where one fork of a member lies in the archive and how it is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Fork {
    /// The offset of the stored bytes in the (unwrapped) archive.
    pub offset: usize,
    /// The stored length.
    pub packed_len: u32,
    /// The length once decompressed.
    pub len: u32,
    /// The compression method.
    pub method: Method,
    /// The CRC-16/ARC of the decompressed bytes (none for Arsenic, which checks a CRC-32).
    pub crc: Option<u16>,
    /// Whether the fork is encrypted (password-protected).
    pub encrypted: bool,
}

/// A member: a file (two forks) or a folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The path from the archive's root, one name per folder (Mac Roman decoded; a `/` in a
    /// name is shown as `:`).
    pub path: Vec<String>,
    /// Whether it is a folder.
    pub folder: bool,
    /// The Finder type.
    #[serde(serialize_with = "ser_code")]
    pub file_type: [u8; 4],
    /// The Finder creator.
    #[serde(serialize_with = "ser_code")]
    pub creator: [u8; 4],
    /// The Finder flags.
    pub finder_flags: u16,
    /// Creation date, seconds since 1904.
    pub created: u32,
    /// Modification date, seconds since 1904.
    pub modified: u32,
    /// The data fork.
    pub data: Fork,
    /// The resource fork.
    pub rsrc: Fork,
    /// The offset of the entry's header in the (unwrapped) archive.
    pub header_offset: usize,
    /// Compact Pro's CRC-32 over the resource fork then the data fork.
    pub crc32: Option<u32>,
}

fn ser_code<S: serde::Serializer>(code: &[u8; 4], s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(&pzl_macfile::macroman::decode(code))
}

impl Entry {
    /// The member path, names joined with `/`.
    pub fn shown(&self) -> String {
        self.path.join("/")
    }

    /// The Finder info of the member, as the containers write it.
    pub fn file_info(&self) -> FileInfo {
        let mut info = FileInfo {
            name: self.path.last().cloned().unwrap_or_default().replace(':', "/"),
            created: Some(self.created),
            modified: Some(self.modified),
            ..FileInfo::default()
        };
        info.set_type_creator(self.file_type, self.creator);
        info.finder_info[8..10].copy_from_slice(&self.finder_flags.to_be_bytes());
        info
    }
}

/// An archive, read: its members, and the bytes to decompress them from.
#[derive(Debug, Clone)]
pub struct Archive {
    /// The format.
    pub format: ArchiveFormat,
    /// The members in archive order (folders before what they hold).
    pub entries: Vec<Entry>,
    /// Whether the whole archive is password-protected.
    pub encrypted: bool,
    bytes: Vec<u8>,
}

/// What the archive was wrapped in, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Wrapper {
    /// The archive itself.
    None,
    /// BinHex 4.0 (`.sit.hqx`, `.sea.hqx`).
    BinHex,
    /// MacBinary (`.sit.bin`, `.sea.bin`).
    MacBinary,
}

/// Whether `bytes` is an archive this crate reads, bare (not wrapped).
pub fn detect(bytes: &[u8]) -> Option<ArchiveFormat> {
    if stuffit::is_classic(bytes) {
        Some(ArchiveFormat::StuffItClassic)
    } else if stuffit::is_sit5(bytes) {
        Some(ArchiveFormat::StuffIt5)
    } else if cpt::detect(bytes).is_some() {
        Some(ArchiveFormat::CompactPro)
    } else {
        None
    }
}

/// The archive inside a BinHex or MacBinary file (its data fork), if there is one.
pub fn unwrap(bytes: &[u8]) -> Option<(Wrapper, Vec<u8>)> {
    use pzl_macfile::ContainerKind;
    let kind = pzl_macfile::container::detect(bytes)?;
    let wrapper = match kind {
        ContainerKind::BinHex => Wrapper::BinHex,
        ContainerKind::MacBinary => Wrapper::MacBinary,
        _ => return None,
    };
    let (container, _) = pzl_macfile::Container::read(bytes, kind).ok()?;
    let data = container.data().to_vec();
    (detect(&data).is_some() || stuffit::is_sitx(&data)).then_some((wrapper, data))
}

impl Archive {
    /// Read an archive, bare or wrapped in BinHex or MacBinary: the member list only.
    pub fn read(bytes: &[u8]) -> Result<Archive> {
        Ok(Archive::read_wrapped(bytes)?.0)
    }

    /// As [`Archive::read`], also saying what the archive was wrapped in.
    pub fn read_wrapped(bytes: &[u8]) -> Result<(Archive, Wrapper)> {
        let (wrapper, inner) = match unwrap(bytes) {
            Some((w, inner)) => (w, std::borrow::Cow::Owned(inner)),
            None => (Wrapper::None, std::borrow::Cow::Borrowed(bytes)),
        };
        if stuffit::is_sitx(&inner) {
            return Err(Error::at(
                0,
                "StuffIt X (.sitx) archives are not supported; expand it with StuffIt Expander 7 or later",
            ));
        }
        let archive = match detect(&inner) {
            Some(ArchiveFormat::StuffItClassic) => stuffit::read_classic(&inner)?,
            Some(ArchiveFormat::StuffIt5) => stuffit::read_sit5(&inner)?,
            Some(ArchiveFormat::CompactPro) => cpt::read(&inner)?,
            None => {
                return Err(Error::at(
                    0,
                    "not a StuffIt archive (expected `SIT!` … `rLau` or `StuffIt (c)1997-`)",
                ));
            }
        };
        Ok((archive, wrapper))
    }

    /// The index of the member at `path` (names joined with `/`).
    pub fn find(&self, path: &str) -> Option<usize> {
        let path = path.trim_matches('/');
        self.entries.iter().position(|e| e.shown() == path)
    }

    /// Decompress member `index`'s forks, checking each fork's CRC.
    pub fn forks(&self, index: usize) -> Result<Forks> {
        let entry = self.entries.get(index).ok_or_else(|| Error::Other(format!("no member {index}")))?;
        if entry.folder {
            return Err(Error::Other(format!("'{}' is a folder", entry.shown())));
        }
        let data = self.fork(entry, &entry.data, "data fork")?;
        let rsrc = self.fork(entry, &entry.rsrc, "resource fork")?;
        if self.format == ArchiveFormat::CompactPro {
            cpt::check_crc(entry, &rsrc, &data)
                .map_err(|m| Error::at(entry.rsrc.offset, format!("'{}': {m}", entry.shown())))?;
        }
        Ok(Forks { info: entry.file_info(), data, rsrc })
    }

    fn fork(&self, entry: &Entry, fork: &Fork, which: &str) -> Result<Vec<u8>> {
        let place =
            |message: String| Error::at(fork.offset, format!("'{}', {which}: {message}", entry.shown()));
        if fork.len == 0 && fork.packed_len == 0 {
            return Ok(Vec::new());
        }
        if fork.encrypted || self.encrypted {
            return Err(place(
                "the archive is password-protected; pzl does not decrypt StuffIt archives".into(),
            ));
        }
        if fork.len > MAX_FORK {
            return Err(place(format!("claims {} bytes, more than the {MAX_FORK} accepted", fork.len)));
        }
        if u64::from(fork.len) > u64::from(fork.packed_len) * MAX_RATIO + (1 << 20) {
            return Err(place(format!(
                "claims {} bytes from {} stored, more than {MAX_RATIO} times (refused as a decompression bomb)",
                fork.len, fork.packed_len
            )));
        }
        let stored = fork
            .offset
            .checked_add(fork.packed_len as usize)
            .and_then(|end| self.bytes.get(fork.offset..end))
            .ok_or_else(|| place("the stored bytes run past the end of the archive".into()))?;
        let len = fork.len as usize;
        let out = match fork.method.0 {
            0 => {
                if stored.len() < len {
                    return Err(place(format!("{} stored bytes for a {len}-byte fork", stored.len())));
                }
                stored[..len].to_vec()
            }
            1 => simple::rle90(stored, len).map_err(place)?,
            2 => simple::lzw(stored, len).map_err(place)?,
            3 => simple::huffman(stored, len).map_err(place)?,
            13 => sit13::decompress(stored, len).map_err(place)?,
            15 => arsenic::decompress(stored, len).map_err(place)?,
            m @ (0x81 | 0x82) => cpt::decompress(stored, len, m == 0x82).map_err(place)?,
            _ => return Err(place(format!("compression method {} is not supported", fork.method.name()))),
        };
        if let Some(want) = fork.crc {
            let got = stuffit::crc16(&out);
            if got != want {
                return Err(place(format!("CRC {got:04X} but the archive says {want:04X}")));
            }
        }
        Ok(out)
    }
}
