//! Writing a classic StuffIt archive (format version 1, method 0 "none"), which StuffIt 1.5 and
//! every later StuffIt Expander reads: how pzl sends files back to old Macs.

use crate::stuffit::crc16;
use crate::{Error, Result};
use pzl_macfile::{Forks, macroman};

/// One file to store: its folders from the archive's root, and its forks and Finder info (the
/// name is `forks.info.name`).
#[derive(Debug, Clone, Default)]
pub struct Member {
    /// The folders it is in, outermost first.
    pub folders: Vec<String>,
    /// Its name, forks and Finder info.
    pub forks: Forks,
}

fn mac_name(name: &str) -> Result<Vec<u8>> {
    let bytes =
        macroman::encode(name).ok_or_else(|| Error::Other(format!("`{name}` is not Mac Roman text")))?;
    if bytes.is_empty() || bytes.len() > 31 {
        return Err(Error::Other(format!("`{name}`: a Mac name has 1 to 31 characters")));
    }
    Ok(bytes)
}

fn header(method: u8, name: &[u8]) -> [u8; 112] {
    let mut h = [0u8; 112];
    h[0] = method;
    h[1] = method;
    h[2] = name.len() as u8;
    h[3..3 + name.len()].copy_from_slice(name);
    h
}

fn seal(mut h: [u8; 112]) -> [u8; 112] {
    let crc = crc16(&h[..110]);
    h[110..].copy_from_slice(&crc.to_be_bytes());
    h
}

fn len32(n: usize, what: &str) -> Result<u32> {
    u32::try_from(n).map_err(|_| Error::Other(format!("{what} is too large for StuffIt ({n} bytes)")))
}

/// A classic StuffIt archive holding `members` (grouped into folders; both forks stored
/// uncompressed with their CRCs, type, creator, Finder flags and dates).
pub fn stuffit(members: &[Member]) -> Result<Vec<u8>> {
    let mut order: Vec<&Member> = members.iter().collect();
    order.sort_by(|a, b| a.folders.cmp(&b.folders));
    let mut out = vec![0u8; 22];
    let mut open: Vec<String> = Vec::new();
    let mut top = 0u16;
    let close = |out: &mut Vec<u8>| out.extend_from_slice(&seal(header(0x21, &[])));
    for m in order {
        let keep = open.iter().zip(&m.folders).take_while(|(a, b)| a == b).count();
        while open.len() > keep {
            open.pop();
            close(&mut out);
        }
        for folder in &m.folders[keep..] {
            if open.is_empty() {
                top += 1;
            }
            out.extend_from_slice(&seal(header(0x20, &mac_name(folder)?)));
            open.push(folder.clone());
        }
        if open.is_empty() {
            top += 1;
        }
        let f = &m.forks;
        let mut h = header(0, &mac_name(&f.info.name)?);
        h[66..74].copy_from_slice(&f.info.finder_info[..8]);
        h[74..76].copy_from_slice(&f.info.finder_info[8..10]);
        h[76..80].copy_from_slice(&f.info.created.unwrap_or(0).to_be_bytes());
        h[80..84].copy_from_slice(&f.info.modified.unwrap_or(0).to_be_bytes());
        let (rsrc, data) = (len32(f.rsrc.len(), "the resource fork")?, len32(f.data.len(), "the data fork")?);
        for (at, v) in [(84, rsrc), (88, data), (92, rsrc), (96, data)] {
            h[at..at + 4].copy_from_slice(&v.to_be_bytes());
        }
        h[100..102].copy_from_slice(&crc16(&f.rsrc).to_be_bytes());
        h[102..104].copy_from_slice(&crc16(&f.data).to_be_bytes());
        out.extend_from_slice(&seal(h));
        out.extend_from_slice(&f.rsrc);
        out.extend_from_slice(&f.data);
    }
    while open.pop().is_some() {
        close(&mut out);
    }
    let total = len32(out.len(), "the archive")?;
    out[..4].copy_from_slice(b"SIT!");
    out[4..6].copy_from_slice(&top.to_be_bytes());
    out[6..10].copy_from_slice(&total.to_be_bytes());
    out[10..14].copy_from_slice(b"rLau");
    out[14] = 1;
    Ok(out)
}
