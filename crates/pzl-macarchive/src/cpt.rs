//! Compact Pro (`.cpt`, Compact Pro 1.3x–1.5x): a directory at the end (CRC-32 checked), each
//! fork stored with RLE, or LZH (LZSS over an 8 KiB window with three prefix codes per block of
//! 0x1FFF0 units) then RLE; one CRC-32 over both forks of a file. Layout as read in The
//! Unarchiver's `XADCompactProParser` and handles (not copied).

use crate::arsenic::crc32_update;
use crate::bits::HighFirst;
use crate::huffman::Code;
use crate::{Archive, ArchiveFormat, Entry, Error, Fork, Method, Result};

fn be16(b: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([b[at], b[at + 1]])
}
fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// The directory's offset when `bytes` is a Compact Pro archive whose directory CRC holds.
pub fn detect(bytes: &[u8]) -> Option<usize> {
    if bytes.len() < 8 || bytes[0] != 1 {
        return None;
    }
    let offset = be32(bytes, 4) as usize;
    let dir = bytes.get(offset..)?;
    let (_, end) = walk(dir).ok()?;
    // The walk may end past the bytes (a comment longer than what is left; found by fuzzing).
    (crc32_update(!0, dir.get(4..end)?) == be32(dir, 0)).then_some(offset)
}

/// The entries of a directory: `(path, is folder, 45-byte metadata)` and where the walk ended.
#[allow(clippy::type_complexity)]
fn walk(dir: &[u8]) -> std::result::Result<(Vec<(Vec<String>, bool, Vec<u8>)>, usize), String> {
    let get = |at: usize, n: usize| dir.get(at..at + n).ok_or_else(|| format!("the directory ends at {at}"));
    let count = usize::from(be16(get(4, 2)?, 0));
    let comment = usize::from(get(6, 1)?[0]);
    let mut pos = 7 + comment;
    let mut out = Vec::new();
    let mut stack: Vec<(String, usize)> = Vec::new();
    let mut left = count;
    while left > 0 {
        while stack.last().is_some_and(|(_, n)| *n == 0) {
            stack.pop();
        }
        let len = get(pos, 1)?[0];
        let name = pzl_macfile::macroman::decode(get(pos + 1, usize::from(len & 0x7F))?).replace('/', ":");
        pos += 1 + usize::from(len & 0x7F);
        let mut path: Vec<String> = stack.iter().map(|(n, _)| n.clone()).collect();
        path.push(name.clone());
        // A folder's count includes everything below it.
        stack.iter_mut().for_each(|level| level.1 -= 1);
        left -= 1;
        if len & 0x80 != 0 {
            let inside = usize::from(be16(get(pos, 2)?, 0));
            pos += 2;
            // Its entries are its parent's too: no more than the parent has left (found by
            // fuzzing: a folder claiming more made the parent's count go below zero).
            let room = stack.last().map_or(left, |(_, n)| (*n).min(left));
            if inside > room || stack.len() >= crate::stuffit::MAX_DEPTH {
                return Err(format!("folder `{name}` claims {inside} entries"));
            }
            out.push((path, true, Vec::new()));
            stack.push((name, inside));
        } else {
            out.push((path, false, get(pos, 45)?.to_vec()));
            pos += 45;
        }
    }
    Ok((out, pos))
}

/// Read a Compact Pro archive.
pub(crate) fn read(bytes: &[u8]) -> Result<Archive> {
    let offset =
        detect(bytes).ok_or_else(|| Error::at(4, "Compact Pro: the directory's CRC-32 does not hold"))?;
    let (listed, _) = walk(&bytes[offset..]).map_err(|e| Error::at(offset, format!("Compact Pro: {e}")))?;
    let mut entries = Vec::new();
    for (path, folder, m) in listed {
        let mut entry = Entry {
            path,
            folder,
            file_type: [0; 4],
            creator: [0; 4],
            finder_flags: 0,
            created: 0,
            modified: 0,
            data: Fork::default(),
            rsrc: Fork::default(),
            header_offset: offset,
            crc32: None,
        };
        if !folder {
            let at = be32(&m, 1) as usize;
            let flags = be16(&m, 27);
            let method = |lzh: bool| Method(if lzh { 0x82 } else { 0x81 });
            entry.file_type = [m[5], m[6], m[7], m[8]];
            entry.creator = [m[9], m[10], m[11], m[12]];
            entry.created = be32(&m, 13);
            entry.modified = be32(&m, 17);
            entry.finder_flags = be16(&m, 21);
            let crc = be32(&m, 23);
            entry.rsrc = Fork {
                offset: at,
                len: be32(&m, 29),
                packed_len: be32(&m, 37),
                method: method(flags & 2 != 0),
                crc: None,
                encrypted: flags & 1 != 0,
            };
            entry.data = Fork {
                offset: at + be32(&m, 37) as usize,
                len: be32(&m, 33),
                packed_len: be32(&m, 41),
                method: method(flags & 4 != 0),
                crc: None,
                encrypted: flags & 1 != 0,
            };
            entry.crc32 = Some(crc);
        }
        entries.push(entry);
    }
    Ok(Archive { format: ArchiveFormat::CompactPro, entries, bytes: bytes.to_vec(), encrypted: false })
}

/// The CRC-32 over a file's resource fork then its data fork, as Compact Pro stores it.
pub(crate) fn check_crc(entry: &Entry, rsrc: &[u8], data: &[u8]) -> std::result::Result<(), String> {
    let got = crc32_update(crc32_update(!0, rsrc), data);
    let Some(want) = entry.crc32 else { return Ok(()) };
    if got != want {
        return Err(format!("CRC-32 {got:08X} but the archive says {want:08X}"));
    }
    Ok(())
}

/// Decompress one fork: LZH (when asked) then RLE, to exactly `len` bytes.
pub(crate) fn decompress(input: &[u8], len: usize, lzh: bool) -> std::result::Result<Vec<u8>, String> {
    let limit = len.saturating_mul(3).saturating_add(1024);
    let rle_input = if lzh { lzh_decode(input, limit)? } else { input.to_vec() };
    rle(&rle_input, len)
}

fn rle(input: &[u8], len: usize) -> std::result::Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(len.min(input.len().saturating_mul(16) + 4096));
    let mut i = 0;
    let mut saved = 0u8;
    let mut half_escaped = false;
    let next = |i: &mut usize| -> std::result::Result<u8, String> {
        let b = *input.get(*i).ok_or("the data ends inside a run")?;
        *i += 1;
        Ok(b)
    };
    while out.len() < len {
        let byte = if half_escaped {
            half_escaped = false;
            0x81
        } else {
            next(&mut i)?
        };
        if byte != 0x81 {
            saved = byte;
            out.push(byte);
            continue;
        }
        let b2 = next(&mut i)?;
        if b2 == 0x82 {
            let n = next(&mut i)?;
            if n == 0 {
                out.extend_from_slice(&[0x81, 0x82]);
                saved = 0x82;
            } else {
                let n = usize::from(n).saturating_sub(1).max(1);
                if out.len() + n > len {
                    return Err(format!("a run goes past the fork's {len} bytes"));
                }
                out.resize(out.len() + n, saved);
            }
        } else if b2 == 0x81 {
            half_escaped = true;
            saved = 0x81;
            out.push(0x81);
        } else {
            out.extend_from_slice(&[0x81, b2]);
            saved = b2;
        }
    }
    out.truncate(len);
    Ok(out)
}

fn lzh_decode(input: &[u8], limit: usize) -> std::result::Result<Vec<u8>, String> {
    const BLOCK: usize = 0x1FFF0;
    let mut bits = HighFirst::new(input);
    let mut out: Vec<u8> = Vec::with_capacity(limit.min(input.len() * 8 + 4096));
    let mut count = BLOCK;
    let mut block_start = 0usize;
    let mut first = true;
    let (mut literal, mut length, mut offset) = (None, None, None);
    let code = |bits: &mut HighFirst<'_>, size: usize| -> std::result::Result<Code, String> {
        let n = bits.bits(8) as usize;
        if n * 2 > size {
            return Err(format!("a code table of {} lengths for {size} symbols", n * 2));
        }
        let mut lengths = vec![0i32; size];
        for i in 0..n {
            let v = bits.bits(8);
            lengths[2 * i] = (v >> 4) as i32;
            lengths[2 * i + 1] = (v & 15) as i32;
        }
        Code::canonical(&lengths)
    };
    loop {
        if count >= BLOCK {
            if !first {
                bits.align();
                let skip = if (bits.byte_offset() - block_start) % 2 == 1 { 3 } else { 2 };
                bits.bits(8 * skip);
            }
            if bits.exhausted() {
                break;
            }
            first = false;
            literal = Some(code(&mut bits, 256)?);
            length = Some(code(&mut bits, 64)?);
            offset = Some(code(&mut bits, 128)?);
            count = 0;
            block_start = bits.byte_offset();
        }
        if bits.exhausted() {
            break;
        }
        let (Some(lit), Some(len_code), Some(off_code)) = (&literal, &length, &offset) else { break };
        if bits.bit() == 1 {
            count += 2;
            let Ok(symbol) = lit.read_high(&mut bits) else { break };
            if bits.overrun() {
                break;
            }
            out.push(symbol as u8);
        } else {
            count += 3;
            let (Ok(n), Ok(high)) = (len_code.read_high(&mut bits), off_code.read_high(&mut bits)) else {
                break;
            };
            // Distances count in an 8 KiB ring: 0 is a full turn back.
            let distance = match ((high as usize) << 6) | bits.bits(6) as usize {
                0 => 8192,
                d => d,
            };
            if bits.overrun() {
                break;
            }
            if distance > 8192 {
                return Err(format!("a match {distance} bytes back at byte {}", out.len()));
            }
            // The window starts as zeros: a match may reach back before the first byte.
            for _ in 0..n {
                let b = out.len().checked_sub(distance).map_or(0, |at| out[at]);
                out.push(b);
            }
        }
        if out.len() > limit {
            return Err("the data decompresses far past the fork's size".into());
        }
    }
    Ok(out)
}
