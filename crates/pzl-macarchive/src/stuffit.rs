//! StuffIt archives: the classic format (`SIT!` … `rLau`, StuffIt 1.5 to 4.5) and the StuffIt 5
//! format (`StuffIt (c)1997-…`, StuffIt 5 to 8), as read by [`crate::Archive::read`].
//!
//! Layouts follow The Unarchiver's `XADStuffItParser` and `XADStuffIt5Parser` (read, not copied)
//! and were checked against the corpus files.

use crate::{Archive, ArchiveFormat, Entry, Error, Fork, Method, Result};
use pzl_macfile::macroman;

/// CRC-16/ARC (polynomial 0xA001 reflected, initial 0): StuffIt's header and fork CRCs.
pub fn crc16(bytes: &[u8]) -> u16 {
    bytes.iter().fold(0u16, |crc, &b| (crc >> 8) ^ CRC16[usize::from((crc as u8) ^ b)])
}

const CRC16: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u16;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { (c >> 1) ^ 0xA001 } else { c >> 1 };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

/// The deepest folder nesting accepted.
pub const MAX_DEPTH: usize = 64;

fn be16(b: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([b[at], b[at + 1]])
}
fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Whether `bytes` starts a classic StuffIt archive.
pub fn is_classic(bytes: &[u8]) -> bool {
    bytes.len() >= 14 && &bytes[10..14] == b"rLau" && (bytes.starts_with(b"SIT!") || bytes.starts_with(b"ST"))
}

const SIT5_MAGIC: &[u8] = b"StuffIt (c)1997-";

/// Whether `bytes` starts a StuffIt 5 archive.
pub fn is_sit5(bytes: &[u8]) -> bool {
    bytes.len() >= 100 && bytes.starts_with(SIT5_MAGIC)
}

/// Whether `bytes` is a StuffIt X archive (refused).
pub fn is_sitx(bytes: &[u8]) -> bool {
    bytes.starts_with(b"StuffIt!") || bytes.starts_with(b"StuffIt?")
}

fn name(bytes: &[u8]) -> String {
    // Mac names may hold '/', the member-path separator; show it as ':' (which no Mac name holds).
    macroman::decode(bytes).replace('/', ":")
}

/// Read a classic archive.
pub(crate) fn read_classic(bytes: &[u8]) -> Result<Archive> {
    if bytes.len() < 22 {
        return Err(Error::at(bytes.len(), "StuffIt: the 22-byte archive header is cut short"));
    }
    let total = (be32(bytes, 6) as usize).min(bytes.len());
    let mut entries = Vec::new();
    let mut dir: Vec<String> = Vec::new();
    let mut pos = 22;
    while pos + 112 <= total {
        let h = &bytes[pos..pos + 112];
        if crc16(&h[..110]) != be16(h, 110) {
            return Err(Error::at(
                pos + 110,
                format!(
                    "StuffIt: the entry header's CRC is {:04X} but its bytes give {:04X}",
                    be16(h, 110),
                    crc16(&h[..110])
                ),
            ));
        }
        let (rsrc_method, data_method) = (h[0], h[1]);
        let entry_name = name(&h[3..3 + usize::from(h[2].min(31))]);
        let start = pos + 112;
        let folder = |m: u8| m & 0x6F;
        if folder(data_method) == 0x21 || folder(rsrc_method) == 0x21 {
            if dir.pop().is_none() {
                return Err(Error::at(pos, "StuffIt: a folder end without a folder start"));
            }
            pos = start;
            continue;
        }
        let mut path = dir.clone();
        path.push(entry_name);
        let is_folder = folder(data_method) == 0x20 || folder(rsrc_method) == 0x20;
        let fork = |method: u8, len_at: usize, packed_at: usize, crc_at: usize, offset: usize| Fork {
            offset,
            packed_len: be32(h, packed_at),
            len: be32(h, len_at),
            method: Method(method & 0x0F),
            crc: Some(be16(h, crc_at)),
            encrypted: method & 0x80 != 0,
        };
        let rsrc = fork(rsrc_method, 84, 92, 100, start);
        let data = fork(data_method, 88, 96, 102, start + be32(h, 92) as usize);
        let entry = Entry {
            path: path.clone(),
            folder: is_folder,
            file_type: [h[66], h[67], h[68], h[69]],
            creator: [h[70], h[71], h[72], h[73]],
            finder_flags: be16(h, 74),
            created: be32(h, 76),
            modified: be32(h, 80),
            rsrc: if is_folder { Fork::default() } else { rsrc },
            data: if is_folder { Fork::default() } else { data },
            header_offset: pos,
            crc32: None,
        };
        if is_folder {
            if dir.len() >= MAX_DEPTH {
                return Err(Error::at(pos, format!("StuffIt: folders nested deeper than {MAX_DEPTH}")));
            }
            dir = path;
            pos = start;
        } else {
            let end = start as u64 + u64::from(entry.rsrc.packed_len) + u64::from(entry.data.packed_len);
            if end > bytes.len() as u64 {
                return Err(Error::at(
                    pos,
                    format!(
                        "StuffIt: '{}' has {end} bytes of forks but the archive ends at {}",
                        entry.shown(),
                        bytes.len()
                    ),
                ));
            }
            pos = end as usize;
        }
        entries.push(entry);
    }
    Ok(Archive { format: ArchiveFormat::StuffItClassic, entries, bytes: bytes.to_vec(), encrypted: false })
}

/// Read a StuffIt 5 archive.
pub(crate) fn read_sit5(bytes: &[u8]) -> Result<Archive> {
    let need = |at: usize, n: usize, what: &str| -> Result<()> {
        if at.checked_add(n).is_none_or(|end| end > bytes.len()) {
            return Err(Error::at(
                at,
                format!("StuffIt 5: {what}: {n} bytes needed but the archive ends at {}", bytes.len()),
            ));
        }
        Ok(())
    };
    need(0, 100, "the archive header")?;
    let version = bytes[82];
    let flags = bytes[83];
    if version != 5 {
        return Err(Error::at(82, format!("StuffIt 5: archive version {version}, expected 5")));
    }
    let mut count = usize::from(be16(bytes, 92));
    let mut pos = be32(bytes, 94) as usize;
    let encrypted = flags & 0x80 != 0;
    let mut entries: Vec<Entry> = Vec::new();
    let mut dirs: Vec<(usize, Vec<String>)> = Vec::new();
    let mut i = 0;
    while i < count {
        i += 1;
        let offs = pos;
        need(offs, 48, "an entry header")?;
        let h = &bytes[offs..];
        if be32(h, 0) != 0xA5A5_A5A5 {
            return Err(Error::at(
                offs,
                format!("StuffIt 5: expected an entry (A5A5A5A5), found {:08X}", be32(h, 0)),
            ));
        }
        let entry_version = h[4];
        let header_size = usize::from(be16(h, 6));
        need(offs, header_size, "an entry header")?;
        let mut header = bytes[offs..offs + header_size].to_vec();
        if header.len() >= 34 {
            let stored = be16(&header, 32);
            header[32] = 0;
            header[33] = 0;
            let computed = crc16(&header);
            if stored != computed {
                return Err(Error::at(
                    offs + 32,
                    format!(
                        "StuffIt 5: the entry header's CRC is {stored:04X} but its bytes give {computed:04X}"
                    ),
                ));
            }
        }
        let entry_flags = h[9];
        let created = be32(h, 10);
        let modified = be32(h, 14);
        let parent = be32(h, 26) as usize;
        let name_len = usize::from(be16(h, 30));
        let data_len = be32(h, 34);
        let data_packed = be32(h, 38);
        let data_crc = be16(h, 42);
        let is_folder = entry_flags & 0x40 != 0;
        let mut p = offs + 46;
        let mut data_method = 0;
        if is_folder {
            need(p, 2, "a folder's entry count")?;
            let children = usize::from(be16(bytes, p));
            p += 2;
            if data_len == 0xFFFF_FFFF {
                // A marker entry that follows folders; skipped, as the format's readers do.
                count += 1;
                pos = p;
                continue;
            }
            count = count.saturating_add(children);
        } else {
            need(p, 2, "a file's method")?;
            data_method = bytes[p];
            let key_len = usize::from(bytes[p + 1]);
            p += 2 + key_len;
        }
        need(p, name_len, "the name")?;
        let entry_name = name(&bytes[p..p + name_len]);
        p += name_len;
        if p < offs + header_size {
            need(p, 4, "the comment")?;
            let comment_len = usize::from(be16(bytes, p));
            p += 4 + comment_len;
        }
        need(p, 14, "the Finder info")?;
        let something = be16(bytes, p);
        let file_type = [bytes[p + 4], bytes[p + 5], bytes[p + 6], bytes[p + 7]];
        let creator = [bytes[p + 8], bytes[p + 9], bytes[p + 10], bytes[p + 11]];
        let finder_flags = be16(bytes, p + 12);
        p += 14 + if entry_version == 1 { 22 } else { 18 };
        let mut rsrc = Fork::default();
        if something & 1 != 0 {
            need(p, 14, "the resource fork's header")?;
            let key_len = usize::from(bytes[p + 13]);
            rsrc = Fork {
                offset: 0,
                len: be32(bytes, p),
                packed_len: be32(bytes, p + 4),
                crc: Some(be16(bytes, p + 8)),
                method: Method(bytes[p + 12]),
                encrypted: encrypted || entry_flags & 0x20 != 0,
            };
            p += 14 + key_len;
        }
        let data_start = p;
        let mut path = dirs.iter().find(|(o, _)| *o == parent).map(|(_, p)| p.clone()).unwrap_or_default();
        if path.len() >= MAX_DEPTH {
            return Err(Error::at(offs, format!("StuffIt 5: folders nested deeper than {MAX_DEPTH}")));
        }
        path.push(entry_name);
        let mut entry = Entry {
            path: path.clone(),
            folder: is_folder,
            file_type,
            creator,
            finder_flags,
            created,
            modified,
            rsrc: Fork::default(),
            data: Fork::default(),
            header_offset: offs,
            crc32: None,
        };
        if is_folder {
            dirs.push((offs, path));
            pos = data_start;
        } else {
            rsrc.offset = data_start;
            let data = Fork {
                offset: data_start + rsrc.packed_len as usize,
                len: data_len,
                packed_len: data_packed,
                crc: (data_method != 15).then_some(data_crc),
                method: Method(data_method),
                encrypted: encrypted || entry_flags & 0x20 != 0,
            };
            if rsrc.method.0 == 15 {
                rsrc.crc = None;
            }
            let end = data_start as u64 + u64::from(rsrc.packed_len) + u64::from(data_packed);
            if end > bytes.len() as u64 {
                return Err(Error::at(
                    offs,
                    format!(
                        "StuffIt 5: '{}' has {end} bytes of forks but the archive ends at {}",
                        path.join("/"),
                        bytes.len()
                    ),
                ));
            }
            entry.rsrc = rsrc;
            entry.data = data;
            pos = end as usize;
        }
        entries.push(entry);
    }
    Ok(Archive { format: ArchiveFormat::StuffIt5, entries, bytes: bytes.to_vec(), encrypted })
}
