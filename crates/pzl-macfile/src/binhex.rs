//! BinHex 4.0 (`.hqx`): a 7-bit text encoding of a Mac file (header, data fork, resource fork,
//! each with a CRC-16/XMODEM), run-length encoded with 0x90 and written 6 bits per character.
//!
//! The text around and between the encoded characters (preamble, line ends, line lengths, the
//! encoder's run-length choices) is kept, so an unedited file writes back byte for byte; a changed
//! file is encoded afresh in 64-character lines.

use crate::finder::FileInfo;
use pzl_core::{Location, Warning};

use crate::{Error, Result, crc, macroman};

const ALPHABET: &[u8; 64] = b"!\"#$%&'()*+,-012345689@ABCDEFGHIJKLMNPQRSTUVXYZ[`abcdefhijklmpqr";
const MARKER: &[u8] = b"(This file must be converted with BinHex";
const RLE: u8 = 0x90;
/// How many decoded bytes after the resource fork's CRC are kept (the rest are only counted).
const TRAILING_KEPT: usize = 64 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
/// A BinHex 4.0 file, decoded, with its text kept for byte-exact writing.
pub struct BinHex {
    /// Mac Roman bytes of the file name (1–63 bytes).
    pub name: Vec<u8>,
    /// The version byte after the name (0).
    pub version: u8,
    /// The file type.
    pub file_type: [u8; 4],
    /// The creator.
    pub creator: [u8; 4],
    /// The Finder flags.
    pub flags: u16,
    /// The data fork.
    pub data: Vec<u8>,
    /// The resource fork.
    pub rsrc: Vec<u8>,
    /// The CRCs as stored (header, data, resource).
    pub stored_crcs: [u16; 3],
    /// Decoded bytes after the resource fork's CRC (kept, not interpreted), at most the first
    /// 64 KiB of them.
    pub trailing: Vec<u8>,
    /// How many decoded bytes follow the resource fork's CRC in all (counted, not stored).
    pub trailing_len: u64,
    text: Option<Text>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Text {
    prefix: Vec<u8>,
    body: Vec<u8>,
    suffix: Vec<u8>,
    stream: Vec<u8>,
}

/// True when `bytes` carries the BinHex 4.0 header line.
pub fn detect(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(65_536)];
    find_marker(head).is_some()
}

/// Where the header line's marker starts: each `(` is a candidate, compared whole only there.
/// Every file `pzl info` and `check` read is put to this test, so it must cost little more than
/// a pass over the bytes (a comparison at every position was a tenth of `pzl info` on `.xd`).
/// Not `memchr::memmem`: its per-call set-up made `pzl info` of 440 small `.xd` files 5.8 %
/// more instructions than this loop (scripts/bench-guard).
fn find_marker(bytes: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = bytes.get(from..)?.iter().position(|&b| b == MARKER[0]) {
        let at = from + found;
        if bytes[at..].starts_with(MARKER) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

fn decode_table() -> [u8; 256] {
    let mut table = [0xFF; 256];
    for (i, &c) in ALPHABET.iter().enumerate() {
        table[usize::from(c)] = i as u8;
    }
    table
}

impl BinHex {
    /// Read a BinHex file; the warnings name CRCs that do not match.
    pub fn read(bytes: &[u8]) -> Result<(BinHex, Vec<Warning>)> {
        let search_from = find_marker(bytes).unwrap_or(0);
        let start = (search_from..bytes.len())
            .find(|&i| bytes[i] == b':' && (i == 0 || matches!(bytes[i - 1], b'\r' | b'\n')))
            .ok_or_else(|| {
                Error::at(search_from, "BinHex: no line starting with `:` after the header line")
            })?;
        let table = decode_table();
        let mut sixbits = Vec::with_capacity(bytes.len());
        let mut end = None;
        for (i, &c) in bytes.iter().enumerate().skip(start + 1) {
            match c {
                b':' => {
                    end = Some(i);
                    break;
                }
                b'\r' | b'\n' | b' ' | b'\t' => {}
                _ => {
                    let v = table[usize::from(c)];
                    if v == 0xFF {
                        return Err(Error::at(
                            i,
                            format!("BinHex: `{}` is not a BinHex 4.0 character", c.escape_ascii()),
                        ));
                    }
                    sixbits.push(v);
                }
            }
        }
        let end = end
            .ok_or_else(|| Error::at(bytes.len(), "BinHex: the closing `:` is missing (truncated file?)"))?;
        let mut packed = Vec::with_capacity(sixbits.len() * 3 / 4);
        let (mut acc, mut nbits) = (0u32, 0);
        for v in sixbits {
            acc = (acc << 6) | u32::from(v);
            nbits += 6;
            if nbits >= 8 {
                nbits -= 8;
                packed.push((acc >> nbits) as u8);
                acc &= (1 << nbits) - 1;
            }
        }
        // Decode only what the header declares (header, both forks, their CRCs): the run-length
        // stage can expand 150-fold, so bytes after the last CRC are counted, and kept only up
        // to TRAILING_KEPT (findings R1).
        let mut runs = Unrle::new(&packed);
        let mut stream = Vec::new();
        let mut pos = 0usize;
        let mut take = |stream: &mut Vec<u8>, pos: &mut usize, n: usize, what: &str| -> Result<Vec<u8>> {
            let end = pos.saturating_add(n);
            runs.fill(stream, end)?;
            let s = stream.get(*pos..end).ok_or_else(|| {
                Error::Other(format!("BinHex: decoded stream ends inside the {what} (byte {})", stream.len()))
            })?;
            *pos = end;
            Ok(s.to_vec())
        };
        let mut warnings = Vec::new();
        let name_len = usize::from(take(&mut stream, &mut pos, 1, "header")?[0]);
        if name_len == 0 || name_len > 63 {
            return Err(Error::Other(format!("BinHex: name length {name_len} is not 1..63")));
        }
        let name = take(&mut stream, &mut pos, name_len, "header")?;
        let fixed = take(&mut stream, &mut pos, 1 + 4 + 4 + 2 + 4 + 4, "header")?;
        let header_end = pos;
        let crc_of = |s: Vec<u8>| u16::from_be_bytes([s[0], s[1]]);
        let header_crc = crc_of(take(&mut stream, &mut pos, 2, "header CRC")?);
        let be32 = |s: &[u8]| u32::from_be_bytes([s[0], s[1], s[2], s[3]]);
        let (data_len, rsrc_len) = (be32(&fixed[11..15]) as usize, be32(&fixed[15..19]) as usize);
        let check = |section: &[u8], stored: u16, what: &str, warnings: &mut Vec<Warning>| {
            let real = crc::crc16(section);
            if real != stored {
                warnings.push(Warning::new(format!(
                    "{what} CRC is {stored:#06X} but the {what} sums to {real:#06X}"
                )));
            }
        };
        check(&stream[..header_end], header_crc, "header", &mut warnings);
        let data = take(&mut stream, &mut pos, data_len, "data fork")?;
        let data_crc = crc_of(take(&mut stream, &mut pos, 2, "data CRC")?);
        check(&data, data_crc, "data fork", &mut warnings);
        let rsrc = take(&mut stream, &mut pos, rsrc_len, "resource fork")?;
        let rsrc_crc = crc_of(take(&mut stream, &mut pos, 2, "resource CRC")?);
        check(&rsrc, rsrc_crc, "resource fork", &mut warnings);
        runs.fill(&mut stream, pos + TRAILING_KEPT)?;
        let trailing = stream[pos.min(stream.len())..].to_vec();
        let trailing_len = trailing.len() as u64 + runs.count_rest()?;
        if trailing_len > 0 {
            warnings.push(Warning::at(
                Location::Offset(end),
                format!("{trailing_len} bytes after the resource fork's CRC ignored"),
            ));
        }
        let text = Text {
            prefix: bytes[..=start].to_vec(),
            body: bytes[start + 1..end].to_vec(),
            suffix: bytes[end..].to_vec(),
            stream,
        };
        let four = |s: &[u8]| [s[0], s[1], s[2], s[3]];
        Ok((
            BinHex {
                name,
                version: fixed[0],
                file_type: four(&fixed[1..5]),
                creator: four(&fixed[5..9]),
                flags: u16::from_be_bytes([fixed[9], fixed[10]]),
                data,
                rsrc,
                stored_crcs: [header_crc, data_crc, rsrc_crc],
                trailing,
                trailing_len,
                text: Some(text),
            },
            warnings,
        ))
    }

    /// The decoded stream with the given CRCs (or computed ones).
    fn stream(&self, crcs: Option<[u16; 3]>) -> Result<Vec<u8>> {
        let mut s = Vec::with_capacity(self.data.len() + self.rsrc.len() + 100);
        let name_len = u8::try_from(self.name.len())
            .ok()
            .filter(|n| (1..=63).contains(n))
            .ok_or_else(|| Error::Other("BinHex names are 1 to 63 bytes".into()))?;
        let len32 = |n: usize| u32::try_from(n).map_err(|_| Error::Other("fork too large for BinHex".into()));
        s.push(name_len);
        s.extend_from_slice(&self.name);
        s.push(self.version);
        s.extend_from_slice(&self.file_type);
        s.extend_from_slice(&self.creator);
        s.extend_from_slice(&self.flags.to_be_bytes());
        s.extend_from_slice(&len32(self.data.len())?.to_be_bytes());
        s.extend_from_slice(&len32(self.rsrc.len())?.to_be_bytes());
        let [h, d, r] = crcs.unwrap_or([crc::crc16(&s), crc::crc16(&self.data), crc::crc16(&self.rsrc)]);
        s.extend_from_slice(&h.to_be_bytes());
        s.extend_from_slice(&self.data);
        s.extend_from_slice(&d.to_be_bytes());
        s.extend_from_slice(&self.rsrc);
        s.extend_from_slice(&r.to_be_bytes());
        s.extend_from_slice(&self.trailing);
        Ok(s)
    }

    /// The text: the original when nothing changed, else encoded afresh in 64-character lines.
    pub fn write(&self) -> Result<Vec<u8>> {
        if let Some(text) = &self.text
            && self.stream(Some(self.stored_crcs))? == text.stream
        {
            return Ok([&text.prefix[..], &text.body, &text.suffix].concat());
        }
        let stream = self.stream(None)?;
        let chars = encode6(&rle(&stream));
        let (prefix, suffix, eol): (Vec<u8>, Vec<u8>, &[u8]) = match &self.text {
            Some(t) => {
                let eol: &[u8] = if t.body.windows(2).any(|w| w == b"\r\n") {
                    b"\r\n"
                } else if t.body.contains(&b'\r') {
                    b"\r"
                } else {
                    b"\n"
                };
                (t.prefix.clone(), t.suffix.clone(), eol)
            }
            None => (b"(This file must be converted with BinHex 4.0)\n\n:".to_vec(), b":\n".to_vec(), b"\n"),
        };
        let mut out = prefix;
        let mut column = 1;
        for c in chars {
            if column == 64 {
                out.extend_from_slice(eol);
                column = 0;
            }
            out.push(c);
            column += 1;
        }
        out.extend_from_slice(&suffix);
        Ok(out)
    }

    /// Name, type, creator and flags.
    pub fn info(&self) -> FileInfo {
        let mut info = FileInfo { name: macroman::decode(&self.name), ..FileInfo::default() };
        info.set_type_creator(self.file_type, self.creator);
        info.finder_info[8..10].copy_from_slice(&self.flags.to_be_bytes());
        info
    }

    /// A new file holding `info` and the forks; the strings name what BinHex could not hold.
    pub fn new(info: &FileInfo, data: &[u8], rsrc: &[u8]) -> (BinHex, Vec<String>) {
        let mut warnings = Vec::new();
        let mut name: Vec<u8> = info.name.chars().map(|c| macroman::encode_char(c).unwrap_or(b'?')).collect();
        if macroman::encode(&info.name).is_none() {
            warnings.push(format!(
                "the characters of the name `{}` outside Mac Roman (written as `?`)",
                info.name
            ));
        }
        if name.is_empty() {
            name = b"Untitled".to_vec();
        }
        if name.len() > 63 {
            warnings.push("the name beyond 63 bytes".to_string());
            name.truncate(63);
        }
        let bh = BinHex {
            name,
            version: 0,
            file_type: info.file_type(),
            creator: info.creator(),
            flags: info.finder_flags(),
            data: data.to_vec(),
            rsrc: rsrc.to_vec(),
            stored_crcs: [0; 3],
            trailing: Vec::new(),
            trailing_len: 0,
            text: None,
        };
        (bh, warnings)
    }

    /// True when all three stored CRCs match.
    pub fn crcs_ok(&self) -> bool {
        self.stream(None).ok() == self.stream(Some(self.stored_crcs)).ok()
    }
}

/// The run-length stage, decoded on demand: `byte 0x90 n` repeats `byte` to `n` copies in all,
/// `0x90 0x00` is 0x90 itself.
struct Unrle<'a> {
    packed: &'a [u8],
    at: usize,
    prev: Option<u8>,
    /// Copies of `prev` still owed by the current run.
    owed: usize,
}

impl<'a> Unrle<'a> {
    fn new(packed: &'a [u8]) -> Unrle<'a> {
        Unrle { packed, at: 0, prev: None, owed: 0 }
    }

    /// Decode into `out` until it holds `len` bytes or the stream ends.
    fn fill(&mut self, out: &mut Vec<u8>, len: usize) -> Result<()> {
        while out.len() < len {
            if self.owed > 0 {
                let n = self.owed.min(len - out.len());
                out.extend(std::iter::repeat_n(self.prev.unwrap_or(0), n));
                self.owed -= n;
                continue;
            }
            let Some(&b) = self.packed.get(self.at) else { return Ok(()) };
            if b == RLE {
                let n = self.run_length()?;
                match n {
                    0 => {
                        out.push(RLE);
                        self.prev = Some(RLE);
                    }
                    n => self.owed = usize::from(n) - 1,
                }
            } else {
                out.push(b);
                self.prev = Some(b);
                self.at += 1;
            }
        }
        Ok(())
    }

    /// The count byte of the run at `at`, checked, and moves past it.
    fn run_length(&mut self) -> Result<u8> {
        let n = *self
            .packed
            .get(self.at + 1)
            .ok_or_else(|| Error::Other("BinHex: the stream ends inside a 0x90 run".into()))?;
        if n != 0 && self.prev.is_none() {
            return Err(Error::Other("BinHex: a run at the start of the stream".into()));
        }
        self.at += 2;
        Ok(n)
    }

    /// How many bytes the rest of the stream decodes to, without storing them.
    fn count_rest(&mut self) -> Result<u64> {
        let mut count = self.owed as u64;
        self.owed = 0;
        while let Some(&b) = self.packed.get(self.at) {
            if b == RLE {
                match self.run_length()? {
                    0 => {
                        count += 1;
                        self.prev = Some(RLE);
                    }
                    n => count += u64::from(n) - 1,
                }
            } else {
                count += 1;
                self.prev = Some(b);
                self.at += 1;
            }
        }
        Ok(count)
    }
}

#[cfg(test)]
fn unrle(packed: &[u8]) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    Unrle::new(packed).fill(&mut out, usize::MAX)?;
    Ok(out)
}

/// Run-length encode: runs of 3..=255 become `byte 0x90 n`; 0x90 itself is `0x90 0x00`.
pub fn rle(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 16);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let run = bytes[i..].iter().take(255).take_while(|&&c| c == b).count();
        let literal = |out: &mut Vec<u8>| {
            out.push(b);
            if b == RLE {
                out.push(0);
            }
        };
        if run >= 3 {
            literal(&mut out);
            out.push(RLE);
            out.push(run as u8);
            i += run;
        } else {
            literal(&mut out);
            i += 1;
        }
    }
    out
}

fn encode6(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() * 4 / 3 + 4);
    for chunk in bytes.chunks(3) {
        let mut v = [0u8; 3];
        v[..chunk.len()].copy_from_slice(chunk);
        let n = (u32::from(v[0]) << 16) | (u32::from(v[1]) << 8) | u32::from(v[2]);
        let chars = chunk.len() + 1;
        for k in 0..chars {
            out.push(ALPHABET[((n >> (18 - 6 * k)) & 63) as usize]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rle_round_trips() {
        let data = [1, 1, 1, 1, 0x90, 0x90, 0x90, 2, 2, 3, 0x90];
        assert_eq!(unrle(&rle(&data)).unwrap(), data);
        let long = vec![7u8; 1000];
        assert_eq!(unrle(&rle(&long)).unwrap(), long);
    }

    /// Findings R1: runs after the last CRC that expand to gigabytes are counted, not stored.
    #[test]
    fn trailing_runs_are_counted_not_decoded() {
        let mut header = vec![1, b'x', 0];
        header.extend_from_slice(b"TEXTttxt\0\0");
        header.extend_from_slice(&5u32.to_be_bytes());
        header.extend_from_slice(&0u32.to_be_bytes());
        let mut stream = header.clone();
        stream.extend_from_slice(&crc::crc16(&header).to_be_bytes());
        stream.extend_from_slice(b"hello");
        stream.extend_from_slice(&crc::crc16(b"hello").to_be_bytes());
        stream.extend_from_slice(&crc::crc16(b"").to_be_bytes());
        let mut packed = rle(&stream);
        // 400,000 bytes each repeated to 509 copies: 200 MB decoded from about 2 MB.
        for _ in 0..400_000 {
            packed.extend_from_slice(b"A\x90\xff\x90\xff");
        }
        let mut text = b"(This file must be converted with BinHex 4.0)\n\n:".to_vec();
        for line in encode6(&packed).chunks(64) {
            text.extend_from_slice(line);
            text.push(b'\n');
        }
        text.extend_from_slice(b":\n");
        let (bh, warnings) = BinHex::read(&text).unwrap();
        assert_eq!(bh.data, b"hello");
        assert_eq!(bh.trailing.len(), TRAILING_KEPT);
        assert_eq!(bh.trailing_len, 400_000 * 509);
        assert!(
            warnings.iter().any(|w| w.message == "203600000 bytes after the resource fork's CRC ignored")
        );
        assert!(bh.crcs_ok());
        assert_eq!(bh.write().unwrap(), text, "unedited: the same text");
    }
}
