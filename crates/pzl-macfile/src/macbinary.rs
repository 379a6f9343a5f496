//! MacBinary I, II and III: a 128-byte header, the data fork and the resource fork, each padded
//! to a multiple of 128 bytes, then an optional Get Info comment.
//!
//! III is recognised by `mBIN` at offset 102 (not by the version byte: real III files carry 0x81),
//! II by its header CRC, I by the zero bytes the later versions use.

use pzl_core::{Location, Warning};
use serde::Serialize;

use crate::finder::FileInfo;
use crate::{Bytes, Error, Result, crc, macroman};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
/// The MacBinary version a file follows.
pub enum Version {
    /// MacBinary I (1985): no CRC.
    I,
    /// MacBinary II: header CRC, secondary header.
    II,
    /// MacBinary III: `mBIN` signature.
    III,
}

/// A MacBinary file, kept piece by piece so that it writes back byte for byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MacBinary {
    /// The version detected.
    pub version: Version,
    /// The 128-byte header as stored.
    pub header: [u8; 128],
    /// The secondary header with its padding (II: length at 120).
    pub secondary: Vec<u8>,
    /// The data fork.
    pub data: Vec<u8>,
    /// The data fork's padding as found.
    pub data_pad: Vec<u8>,
    /// The resource fork.
    pub rsrc: Vec<u8>,
    /// The resource fork's padding as found (sometimes missing).
    pub rsrc_pad: Vec<u8>,
    /// The Get Info comment and anything after it.
    pub rest: Vec<u8>,
}

fn padded(len: usize) -> usize {
    len.div_ceil(128) * 128
}

/// The variant `bytes` is, if it looks like MacBinary.
pub fn detect(bytes: &[u8]) -> Option<Version> {
    let header = bytes.get(..128)?;
    if header[0] != 0 || header[74] != 0 || header[82] != 0 || !(1..=63).contains(&header[1]) {
        return None;
    }
    let b = Bytes::big(header);
    let data_len = b.u32(83, "").ok()? as usize;
    let rsrc_len = b.u32(87, "").ok()? as usize;
    let secondary = padded(usize::from(b.u16(120, "").ok()?));
    if data_len > 0x7FFF_FFFF || rsrc_len > 0x7FFF_FFFF {
        return None;
    }
    if 128 + secondary + padded(data_len) + rsrc_len > bytes.len() {
        return None;
    }
    if &header[102..106] == b"mBIN" {
        return Some(Version::III);
    }
    let crc_ok = crc::crc16(&header[..124]) == u16::from_be_bytes([header[124], header[125]]);
    if crc_ok && header[122] >= 129 {
        return Some(Version::II);
    }
    if header[99..126].iter().all(|&b| b == 0) && data_len <= 0x7F_FFFF && rsrc_len <= 0x7F_FFFF {
        return Some(Version::I);
    }
    None
}

impl MacBinary {
    /// Read a file; the warnings name a header CRC that does not match.
    pub fn read(bytes: &[u8]) -> Result<(MacBinary, Vec<Warning>)> {
        let mut warnings = Vec::new();
        let b = Bytes::big(bytes);
        let header = b.array::<128>(0, "MacBinary header")?;
        let version = match detect(bytes) {
            Some(v) => v,
            None => {
                if header[0] != 0 || header[74] != 0 || header[82] != 0 {
                    return Err(Error::at(0, "not MacBinary: bytes 0, 74 and 82 must be zero"));
                }
                if !(1..=63).contains(&header[1]) {
                    return Err(Error::at(
                        1,
                        format!("not MacBinary: name length {} is not 1..63", header[1]),
                    ));
                }
                let crc_stored = u16::from_be_bytes([header[124], header[125]]);
                let crc_real = crc::crc16(&header[..124]);
                if header[122] >= 129 && crc_stored != crc_real {
                    Version::II
                } else {
                    return Err(Error::at(83, "the fork lengths run past the end of the file"));
                }
            }
        };
        let (crc_stored, crc_real) =
            (u16::from_be_bytes([header[124], header[125]]), crc::crc16(&header[..124]));
        if version != Version::I && crc_stored != crc_real {
            warnings.push(Warning::at(
                Location::Offset(124),
                format!("MacBinary header CRC is {crc_stored:#06X} but the header sums to {crc_real:#06X}"),
            ));
        }
        let data_len = b.u32(83, "")? as usize;
        let rsrc_len = b.u32(87, "")? as usize;
        let secondary_len = padded(usize::from(b.u16(120, "")?));
        let secondary = b.slice(128, secondary_len, "secondary header")?.to_vec();
        let data_at = 128 + secondary_len;
        let data = b.slice(data_at, data_len, "data fork")?.to_vec();
        let data_pad =
            b.slice(data_at + data_len, padded(data_len) - data_len, "data fork padding")?.to_vec();
        let rsrc_at = data_at + padded(data_len);
        let rsrc = b.slice(rsrc_at, rsrc_len, "resource fork")?.to_vec();
        let pad_at = rsrc_at + rsrc_len;
        let pad_end = (rsrc_at + padded(rsrc_len)).min(bytes.len());
        let rsrc_pad = bytes[pad_at..pad_end].to_vec();
        let rest = bytes[pad_end..].to_vec();
        Ok((MacBinary { version, header, secondary, data, data_pad, rsrc, rsrc_pad, rest }, warnings))
    }

    /// The file's bytes, piece by piece as read.
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(128 + self.data.len() + self.rsrc.len() + 512);
        out.extend_from_slice(&self.header);
        out.extend_from_slice(&self.secondary);
        out.extend_from_slice(&self.data);
        out.extend_from_slice(&self.data_pad);
        out.extend_from_slice(&self.rsrc);
        out.extend_from_slice(&self.rsrc_pad);
        out.extend_from_slice(&self.rest);
        out
    }

    /// True when the stored CRC matches (always true for MacBinary I, which has none).
    pub fn crc_ok(&self) -> bool {
        self.version == Version::I
            || crc::crc16(&self.header[..124]) == u16::from_be_bytes([self.header[124], self.header[125]])
    }

    /// Name, Finder info, dates, protection and comment from the header.
    pub fn info(&self) -> FileInfo {
        let h = &self.header;
        let name_len = usize::from(h[1]).min(63);
        let mut finder_info = [0u8; 32];
        finder_info[..8].copy_from_slice(&h[65..73]);
        finder_info[8] = h[73];
        finder_info[9] = if self.version == Version::I { 0 } else { h[101] };
        finder_info[10..16].copy_from_slice(&h[75..81]);
        if self.version == Version::III {
            finder_info[24] = h[106];
            finder_info[25] = h[107];
        }
        let date = |at: usize| u32::from_be_bytes([h[at], h[at + 1], h[at + 2], h[at + 3]]);
        let comment_len = usize::from(u16::from_be_bytes([h[99], h[100]]));
        FileInfo {
            name: macroman::decode(&h[2..2 + name_len]),
            finder_info,
            created: Some(date(91)).filter(|&d| d != 0),
            modified: Some(date(95)).filter(|&d| d != 0),
            protected: h[81] & 1 != 0,
            comment: if self.version == Version::I {
                Vec::new()
            } else {
                self.rest.iter().copied().take(comment_len).collect()
            },
        }
    }

    /// A new MacBinary III file (II-compatible: CRC, writer 130, reader 129).
    pub fn new(info: &FileInfo, data: &[u8], rsrc: &[u8]) -> Result<(MacBinary, Vec<String>)> {
        let mut warnings = Vec::new();
        let mut h = [0u8; 128];
        let mut name = macroman::encode(&info.name).unwrap_or_else(|| {
            warnings.push(format!(
                "the characters of the name `{}` outside Mac Roman (written as `?`)",
                info.name
            ));
            info.name.chars().map(|c| macroman::encode_char(c).unwrap_or(b'?')).collect()
        });
        if name.is_empty() {
            name = b"Untitled".to_vec();
        }
        if name.len() > 63 {
            warnings.push("the name beyond 63 bytes".to_string());
            name.truncate(63);
        }
        for b in &mut name {
            if *b == b':' {
                *b = b'-';
            }
        }
        h[1] = name.len() as u8;
        h[2..2 + name.len()].copy_from_slice(&name);
        h[65..73].copy_from_slice(&info.finder_info[..8]);
        h[73] = info.finder_info[8];
        h[75..81].copy_from_slice(&info.finder_info[10..16]);
        h[81] = u8::from(info.protected);
        let len32 = |n: usize, what: &str| {
            u32::try_from(n).map_err(|_| Error::Other(format!("{what} is too large for MacBinary")))
        };
        h[83..87].copy_from_slice(&len32(data.len(), "data fork")?.to_be_bytes());
        h[87..91].copy_from_slice(&len32(rsrc.len(), "resource fork")?.to_be_bytes());
        h[91..95].copy_from_slice(&info.created.unwrap_or(0).to_be_bytes());
        h[95..99].copy_from_slice(&info.modified.unwrap_or(0).to_be_bytes());
        let comment_len = u16::try_from(info.comment.len()).unwrap_or(0);
        h[99..101].copy_from_slice(&comment_len.to_be_bytes());
        h[101] = info.finder_info[9];
        h[102..106].copy_from_slice(b"mBIN");
        h[106] = info.finder_info[24];
        h[107] = info.finder_info[25];
        h[122] = 130;
        h[123] = 129;
        let crc = crc::crc16(&h[..124]);
        h[124..126].copy_from_slice(&crc.to_be_bytes());
        let mut rest = info.comment[..usize::from(comment_len)].to_vec();
        if !rest.is_empty() {
            rest.resize(padded(rest.len()), 0);
        }
        Ok((
            MacBinary {
                version: Version::III,
                header: h,
                secondary: Vec::new(),
                data: data.to_vec(),
                data_pad: vec![0; padded(data.len()) - data.len()],
                rsrc: rsrc.to_vec(),
                rsrc_pad: vec![0; padded(rsrc.len()) - rsrc.len()],
                rest,
            },
            warnings,
        ))
    }

    /// Replace the resource fork, keeping everything else (the header CRC is updated).
    pub fn set_rsrc(&mut self, rsrc: Vec<u8>) -> Result<()> {
        let len = u32::try_from(rsrc.len()).map_err(|_| Error::Other("resource fork too large".into()))?;
        self.header[87..91].copy_from_slice(&len.to_be_bytes());
        if self.version != Version::I {
            let crc = crc::crc16(&self.header[..124]);
            self.header[124..126].copy_from_slice(&crc.to_be_bytes());
        }
        self.rsrc_pad = vec![0; padded(rsrc.len()) - rsrc.len()];
        self.rsrc = rsrc;
        Ok(())
    }
}
