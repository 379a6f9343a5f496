//! AppleSingle and AppleDouble (RFC 1740), versions 1 and 2, including macOS `._` files and the
//! byte-swapped (little-endian) variant an early Intel-Mac `applesingle` wrote.
//!
//! Entries are kept in their stored order with every unknown entry and every byte between them,
//! so an unedited file writes back byte for byte.

use serde::Serialize;

use crate::finder::{EPOCH_1904_TO_2000, FileInfo};
use crate::fork::{hex, unhex};
use crate::{Bytes, Error, Result, macroman};

/// The AppleSingle magic number.
pub const SINGLE_MAGIC: u32 = 0x0005_1600;
/// The AppleDouble magic number.
pub const DOUBLE_MAGIC: u32 = 0x0005_1607;

/// Entry ID: the data fork.
pub const DATA_FORK: u32 = 1;
/// Entry ID: the resource fork.
pub const RESOURCE_FORK: u32 = 2;
/// Entry ID: the file's real name.
pub const REAL_NAME: u32 = 3;
/// Entry ID: the Get Info comment.
pub const COMMENT: u32 = 4;
/// Entry ID: version 1 file info (dates, attributes).
pub const FILE_INFO_V1: u32 = 7;
/// Entry ID: creation, modification, backup and access dates.
pub const FILE_DATES: u32 = 8;
/// Entry ID: the 32 bytes of Finder info.
pub const FINDER_INFO: u32 = 9;
/// Entry ID: Macintosh file info (locked, protected).
pub const MAC_FILE_INFO: u32 = 10;
/// Entry ID: ProDOS file info (access, file type, aux type), as Apple II tools such as
/// CiderPress II write for ProDOS and GS/OS files.
pub const PRODOS_FILE_INFO: u32 = 11;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
/// Which of the two formats a file is.
pub enum Kind {
    /// AppleSingle: everything in one file.
    Single,
    /// AppleDouble: the header file beside the data file.
    Double,
}

#[derive(Debug, Clone, PartialEq, Eq)]
/// One entry: its ID and its bytes.
pub struct Entry {
    /// The entry ID (see the constants).
    pub id: u32,
    /// The entry's bytes.
    pub data: Vec<u8>,
}

/// Where the entries were as read: offsets, uninterpreted bytes (hex) by offset, total length.
type StoredLayout = (Vec<u32>, Vec<(u32, String)>, u32);

#[derive(Debug, Clone, PartialEq, Eq)]
/// An AppleSingle or AppleDouble file, entries in stored order.
pub struct AppleSingle {
    /// Single or double.
    pub kind: Kind,
    /// 0x00010000 or 0x00020000.
    pub version: u32,
    /// v1: the home file system name; v2: zeros (macOS writes `Mac OS X`).
    pub filler: [u8; 16],
    /// The byte-swapped variant: every header field little-endian.
    pub little_endian: bool,
    /// The entries, in stored order.
    pub entries: Vec<Entry>,
    layout: Option<StoredLayout>,
}

/// Which kind `bytes` is, by its magic number (either byte order).
pub fn detect(bytes: &[u8]) -> Option<(Kind, bool)> {
    let magic: [u8; 4] = bytes.get(..4)?.try_into().ok()?;
    let version: [u8; 4] = bytes.get(4..8)?.try_into().ok()?;
    let (be, le) = (u32::from_be_bytes(magic), u32::from_le_bytes(magic));
    let kind = |m| match m {
        SINGLE_MAGIC => Some(Kind::Single),
        DOUBLE_MAGIC => Some(Kind::Double),
        _ => None,
    };
    let version_ok = |v: u32| v == 0x0001_0000 || v == 0x0002_0000;
    if let Some(k) = kind(be).filter(|_| version_ok(u32::from_be_bytes(version))) {
        return Some((k, false));
    }
    kind(le).filter(|_| version_ok(u32::from_le_bytes(version))).map(|k| (k, true))
}

impl AppleSingle {
    /// Read a file, checking every entry against the file's length and the others.
    pub fn read(bytes: &[u8]) -> Result<AppleSingle> {
        let Some((kind, little_endian)) = detect(bytes) else {
            return Err(Error::at(
                0,
                "not AppleSingle/AppleDouble: expected magic 00051600 or 00051607 and version 1 or 2",
            ));
        };
        let b = Bytes { bytes, little_endian };
        let version = b.u32(4, "version")?;
        let filler = b.array::<16>(8, "filler")?;
        let count = usize::from(b.u16(24, "entry count")?);
        b.slice(26, 12 * count, "entry descriptors")?;
        let mut covered: Vec<(usize, usize)> = vec![(0, 26 + 12 * count)];
        let mut entries = Vec::with_capacity(count);
        let mut offsets = Vec::with_capacity(count);
        for i in 0..count {
            let at = 26 + 12 * i;
            let id = b.u32(at, "entry id")?;
            let offset = b.u32(at + 4, "entry offset")?;
            let len = b.u32(at + 8, "entry length")?;
            let data = b
                .slice(offset as usize, len as usize, &format!("entry {id} ({len} bytes at {offset})"))
                .map_err(|_| {
                    Error::at(
                        at + 4,
                        format!(
                            "entry {id}: {len} bytes at {offset} run past the end ({} bytes)",
                            bytes.len()
                        ),
                    )
                })?
                .to_vec();
            let (start, end) = (offset as usize, offset as usize + len as usize);
            if len > 0 && covered.iter().any(|&(s, e)| start < e && s < end) {
                return Err(Error::at(at + 4, format!("entry {id} overlaps the header or another entry")));
            }
            covered.push((start, end));
            offsets.push(offset);
            entries.push(Entry { id, data });
        }
        let mut junk = Vec::new();
        covered.sort_unstable();
        let mut pos = 0;
        for &(s, e) in &covered {
            if s > pos {
                junk.push((pos as u32, hex(&bytes[pos..s])));
            }
            pos = pos.max(e);
        }
        if pos < bytes.len() {
            junk.push((pos as u32, hex(&bytes[pos..])));
        }
        Ok(AppleSingle {
            kind,
            version,
            filler,
            little_endian,
            entries,
            layout: Some((offsets, junk, bytes.len() as u32)),
        })
    }

    fn u32_bytes(&self, v: u32) -> [u8; 4] {
        if self.little_endian { v.to_le_bytes() } else { v.to_be_bytes() }
    }

    /// The file's bytes: the stored layout when it still fits, else a fresh version-2 layout.
    pub fn write(&self) -> Result<Vec<u8>> {
        if let Some(out) = self.layout.as_ref().and_then(|l| self.write_preserved(l)) {
            return Ok(out);
        }
        let mut out = Vec::new();
        let magic = if self.kind == Kind::Single { SINGLE_MAGIC } else { DOUBLE_MAGIC };
        out.extend_from_slice(&self.u32_bytes(magic));
        out.extend_from_slice(&self.u32_bytes(self.version));
        out.extend_from_slice(&self.filler);
        let count = u16::try_from(self.entries.len()).map_err(|_| Error::Other("too many entries".into()))?;
        out.extend_from_slice(&if self.little_endian { count.to_le_bytes() } else { count.to_be_bytes() });
        let mut offset = 26 + 12 * self.entries.len();
        for e in &self.entries {
            let len = u32::try_from(e.data.len()).map_err(|_| Error::Other("entry too large".into()))?;
            let off = u32::try_from(offset).map_err(|_| Error::Other("file too large".into()))?;
            out.extend_from_slice(&self.u32_bytes(e.id));
            out.extend_from_slice(&self.u32_bytes(off));
            out.extend_from_slice(&self.u32_bytes(len));
            offset += e.data.len();
        }
        for e in &self.entries {
            out.extend_from_slice(&e.data);
        }
        Ok(out)
    }

    fn write_preserved(
        &self,
        (offsets, junk, total): &(Vec<u32>, Vec<(u32, String)>, u32),
    ) -> Option<Vec<u8>> {
        if offsets.len() != self.entries.len() {
            return None;
        }
        let mut out = vec![0u8; *total as usize];
        for (at, text) in junk {
            let bytes = unhex(text)?;
            out.get_mut(*at as usize..*at as usize + bytes.len())?.copy_from_slice(&bytes);
        }
        let magic = if self.kind == Kind::Single { SINGLE_MAGIC } else { DOUBLE_MAGIC };
        out.get_mut(0..4)?.copy_from_slice(&self.u32_bytes(magic));
        out.get_mut(4..8)?.copy_from_slice(&self.u32_bytes(self.version));
        out.get_mut(8..24)?.copy_from_slice(&self.filler);
        let count = self.entries.len() as u16;
        out.get_mut(24..26)?.copy_from_slice(&if self.little_endian {
            count.to_le_bytes()
        } else {
            count.to_be_bytes()
        });
        for (i, (e, &off)) in self.entries.iter().zip(offsets).enumerate() {
            let at = 26 + 12 * i;
            let len = u32::try_from(e.data.len()).ok()?;
            out.get_mut(at..at + 4)?.copy_from_slice(&self.u32_bytes(e.id));
            out.get_mut(at + 4..at + 8)?.copy_from_slice(&self.u32_bytes(off));
            out.get_mut(at + 8..at + 12)?.copy_from_slice(&self.u32_bytes(len));
            out.get_mut(off as usize..off as usize + e.data.len())?.copy_from_slice(&e.data);
        }
        let back = AppleSingle::read(&out).ok()?;
        (back.entries == self.entries).then_some(out)
    }

    /// The bytes of entry `id`, if present.
    pub fn entry(&self, id: u32) -> Option<&[u8]> {
        self.entries.iter().find(|e| e.id == id).map(|e| e.data.as_slice())
    }

    /// Replace (or add) entry `id`; `None` removes it.
    pub fn set_entry(&mut self, id: u32, data: Option<Vec<u8>>) {
        match (self.entries.iter().position(|e| e.id == id), data) {
            (Some(i), Some(d)) => self.entries[i].data = d,
            (Some(i), None) => {
                self.entries.remove(i);
            }
            (None, Some(d)) => self.entries.push(Entry { id, data: d }),
            (None, None) => {}
        }
    }

    fn i32_at(&self, bytes: &[u8], at: usize) -> Option<i32> {
        let a: [u8; 4] = bytes.get(at..at + 4)?.try_into().ok()?;
        Some(if self.little_endian { i32::from_le_bytes(a) } else { i32::from_be_bytes(a) })
    }

    /// Name, Finder info, dates and flags from the entries.
    pub fn info(&self) -> FileInfo {
        let mut info = FileInfo::default();
        if let Some(name) = self.entry(REAL_NAME) {
            info.name = match std::str::from_utf8(name) {
                Ok(s) => s.to_string(),
                Err(_) => macroman::decode(name),
            };
        }
        if let Some(fi) = self.entry(FINDER_INFO) {
            for (d, s) in info.finder_info.iter_mut().zip(fi) {
                *d = *s;
            }
        }
        if let Some(dates) = self.entry(FILE_DATES) {
            let conv = |v: Option<i32>| {
                v.filter(|&v| v != i32::MIN)
                    .and_then(|v| u32::try_from(i64::from(v) + EPOCH_1904_TO_2000).ok())
            };
            info.created = conv(self.i32_at(dates, 0));
            info.modified = conv(self.i32_at(dates, 4));
        } else if let Some(v1) = self.entry(FILE_INFO_V1).filter(|_| self.filler.starts_with(b"Macintosh")) {
            let be = |at: usize| v1.get(at..at + 4).map(|s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]));
            info.created = be(0).filter(|&d| d != 0);
            info.modified = be(4).filter(|&d| d != 0);
        }
        if let Some(mi) = self.entry(MAC_FILE_INFO) {
            info.protected = mi.get(3).is_some_and(|b| b & 2 != 0);
        }
        if let Some(c) = self.entry(COMMENT) {
            info.comment = c.to_vec();
        }
        info
    }

    /// A new version-2 file in the order macOS uses: name, dates, Finder info, Mac info, forks.
    pub fn new(kind: Kind, info: &FileInfo, data: &[u8], rsrc: &[u8]) -> AppleSingle {
        let date = |d: Option<u32>| {
            d.and_then(|d| i32::try_from(i64::from(d) - EPOCH_1904_TO_2000).ok()).unwrap_or(i32::MIN)
        };
        let mut dates = Vec::with_capacity(16);
        for v in [date(info.created), date(info.modified), i32::MIN, i32::MIN] {
            dates.extend_from_slice(&v.to_be_bytes());
        }
        let mut entries = Vec::new();
        if !info.name.is_empty() {
            entries.push(Entry { id: REAL_NAME, data: info.name.as_bytes().to_vec() });
        }
        if !info.comment.is_empty() {
            entries.push(Entry { id: COMMENT, data: info.comment.clone() });
        }
        entries.push(Entry { id: FILE_DATES, data: dates });
        entries.push(Entry { id: FINDER_INFO, data: info.finder_info.to_vec() });
        entries.push(Entry { id: MAC_FILE_INFO, data: vec![0, 0, 0, if info.protected { 2 } else { 0 }] });
        entries.push(Entry { id: RESOURCE_FORK, data: rsrc.to_vec() });
        if kind == Kind::Single {
            entries.push(Entry { id: DATA_FORK, data: data.to_vec() });
        }
        AppleSingle {
            kind,
            version: 0x0002_0000,
            filler: [0; 16],
            little_endian: false,
            entries,
            layout: None,
        }
    }
}
