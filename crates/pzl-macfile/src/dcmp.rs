//! System 7 compressed resources (`resCompressed`, data starting `A8 9F 65 72`): the header and
//! the three decompressors Apple shipped as `'dcmp'` resources 0 (DonnBits), 1 and 2
//! (GreggyBits).
//!
//! A compressed resource keeps its stored bytes in [`crate::Resource::data`], so an unedited fork
//! writes back byte for byte; [`decompress`] gives the contents a program sees. Memory is bounded:
//! the header's decompressed length must be at most [`MAX_DECOMPRESSED`] and the output never
//! grows past it (a resource that claims more is refused before anything is allocated).
//!
//! The layouts follow python-rsrcfork's `compress/` notes (dgelessus); the fixed two-byte tables
//! are the ones Apple's decompressors hold, as that project recovered them.

use crate::{Error, Result};

/// The signature at the start of every compressed resource.
pub const SIGNATURE: [u8; 4] = [0xA8, 0x9F, 0x65, 0x72];

/// The largest decompressed length accepted (16 MiB, the most a resource fork's data area holds).
pub const MAX_DECOMPRESSED: u32 = 16 << 20;

/// What a compressed resource's 18-byte header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// The header length field (0x12, or 0 as seen in the wild).
    pub header_len: u16,
    /// 8 (`0x0801`) or 9 (`0x0901`).
    pub header_type: u8,
    /// The length once decompressed.
    pub decompressed_len: u32,
    /// The `'dcmp'` resource that decompresses it.
    pub dcmp_id: i16,
    /// Type 9's four parameter bytes (zero for type 8).
    pub parameters: [u8; 4],
}

/// Whether `data` starts with the compressed-resource signature.
pub fn is_compressed(data: &[u8]) -> bool {
    data.starts_with(&SIGNATURE)
}

/// Read the header of a compressed resource.
pub fn header(data: &[u8]) -> Result<Header> {
    if data.len() < 18 {
        return Err(Error::at(data.len(), "compressed resource: the 18-byte header is cut short"));
    }
    if !is_compressed(data) {
        return Err(Error::at(0, "compressed resource: expected the signature A8 9F 65 72"));
    }
    let be16 = |o: usize| u16::from_be_bytes([data[o], data[o + 1]]);
    let header_len = be16(4);
    if header_len != 0x12 && header_len != 0 {
        return Err(Error::at(
            4,
            format!("compressed resource: header length {header_len:#06x}, expected 0x0012"),
        ));
    }
    let decompressed_len = u32::from_be_bytes([data[8], data[9], data[10], data[11]]);
    let (header_type, dcmp_id, parameters) = match be16(6) {
        0x0801 => (8, be16(14) as i16, [0; 4]),
        0x0901 => (9, be16(12) as i16, [data[14], data[15], data[16], data[17]]),
        other => {
            return Err(Error::at(
                6,
                format!("compressed resource: unknown header type {other:#06x}, expected 0x0801 or 0x0901"),
            ));
        }
    };
    Ok(Header { header_len, header_type, decompressed_len, dcmp_id, parameters })
}

/// Decompress a compressed resource's stored bytes (header included).
pub fn decompress(data: &[u8]) -> Result<Vec<u8>> {
    let h = header(data)?;
    if h.decompressed_len > MAX_DECOMPRESSED {
        return Err(Error::at(
            8,
            format!(
                "compressed resource: claims {} bytes once decompressed, more than the {} accepted",
                h.decompressed_len, MAX_DECOMPRESSED
            ),
        ));
    }
    let want = h.decompressed_len as usize;
    let mut out = Out { bytes: Vec::with_capacity(want.min(data.len().saturating_mul(8))), limit: want + 1 };
    let body = &data[18..];
    match (h.header_type, h.dcmp_id) {
        (8, 0) => dcmp0(body, &mut out)?,
        (8, 1) => dcmp1(body, &mut out)?,
        (9, 2) => dcmp2(body, &h, &mut out)?,
        (t, id) => {
            return Err(Error::at(
                12,
                format!("compressed resource: 'dcmp' {id} with header type {t} is not known"),
            ));
        }
    }
    let mut bytes = out.bytes;
    // dcmp 0 writes whole words: an odd length drops the last byte.
    if h.dcmp_id == 0 && want % 2 == 1 && bytes.len() == want + 1 {
        bytes.pop();
    }
    if bytes.len() != want {
        return Err(Error::Other(format!(
            "compressed resource: decompressed to {} bytes but the header says {want}",
            bytes.len()
        )));
    }
    Ok(bytes)
}

/// The output, never longer than `limit`.
struct Out {
    bytes: Vec<u8>,
    limit: usize,
}

impl Out {
    fn put(&mut self, chunk: &[u8]) -> Result<()> {
        if self.bytes.len() + chunk.len() > self.limit {
            return Err(Error::Other(format!(
                "compressed resource: the data decompresses past the {} bytes its header gives",
                self.limit - 1
            )));
        }
        self.bytes.extend_from_slice(chunk);
        Ok(())
    }
    fn repeat(&mut self, chunk: &[u8], count: u64) -> Result<()> {
        let total = (chunk.len() as u64).saturating_mul(count);
        if self.bytes.len() as u64 + total > self.limit as u64 {
            return Err(Error::Other(format!(
                "compressed resource: a run of {total} bytes goes past the {} bytes its header gives",
                self.limit - 1
            )));
        }
        for _ in 0..count {
            self.bytes.extend_from_slice(chunk);
        }
        Ok(())
    }
}

/// A cursor over the compressed body; offsets in errors count from the resource's start.
struct In<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> In<'a> {
    fn byte(&mut self) -> Result<u8> {
        let b = *self.bytes.get(self.pos).ok_or_else(|| self.end())?;
        self.pos += 1;
        Ok(b)
    }
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let s = self.bytes.get(self.pos..self.pos + n).ok_or_else(|| self.end())?;
        self.pos += n;
        Ok(s)
    }
    fn end(&self) -> Error {
        Error::at(self.pos + 18, "compressed resource: the data ends before its end marker")
    }
    fn at(&self, message: impl Into<String>) -> Error {
        Error::at(self.pos + 18, format!("compressed resource: {}", message.into()))
    }
    /// The variable-length integer of `dcmp` 0 and 1's extended codes.
    fn varint(&mut self) -> Result<i32> {
        let head = self.byte()?;
        Ok(if head == 0xFF {
            let b = self.take(4)?;
            i32::from_be_bytes([b[0], b[1], b[2], b[3]])
        } else if head >= 0x80 {
            let lo = self.byte()?;
            i32::from(i16::from_be_bytes([head.wrapping_sub(0xC0), lo]))
        } else {
            i32::from(head as i8)
        })
    }
    fn done(&self) -> Result<()> {
        if self.pos != self.bytes.len() {
            return Err(self.at(format!("{} bytes after the end marker", self.bytes.len() - self.pos)));
        }
        Ok(())
    }
}

fn literal_ref<'a>(input: &In<'_>, stored: &[&'a [u8]], index: usize) -> Result<&'a [u8]> {
    stored.get(index).copied().ok_or_else(|| {
        input.at(format!("a reference to stored literal {index}, but only {} are stored", stored.len()))
    })
}

fn dcmp0(body: &[u8], out: &mut Out) -> Result<()> {
    let mut input = In { bytes: body, pos: 0 };
    let mut stored: Vec<&[u8]> = Vec::new();
    loop {
        let tag = input.byte()?;
        match tag {
            0x00..=0x1F => {
                let half = if tag & 0x0F == 0 { usize::from(input.byte()?) } else { usize::from(tag & 0x0F) };
                let literal = input.take(2 * half)?;
                if tag >= 0x10 {
                    stored.push(literal);
                }
                out.put(literal)?;
            }
            0x20 | 0x21 => {
                let next = usize::from(input.byte()?);
                let i = 0x28 + ((usize::from(tag - 0x20) << 8) | next);
                out.put(literal_ref(&input, &stored, i)?)?;
            }
            0x22 => {
                let b = input.take(2)?;
                let i = 0x28 + usize::from(u16::from_be_bytes([b[0], b[1]]));
                out.put(literal_ref(&input, &stored, i)?)?;
            }
            0x23..=0x4A => out.put(literal_ref(&input, &stored, usize::from(tag - 0x23))?)?,
            0x4B..=0xFD => {
                let i = 2 * usize::from(tag - 0x4B);
                out.put(&DCMP0_TABLE[i..i + 2])?;
            }
            0xFE => extended0(&mut input, out)?,
            0xFF => return input.done(),
        }
    }
}

fn count_of(input: &In<'_>, v: i32, what: &str) -> Result<u64> {
    u64::try_from(v).map_err(|_| input.at(format!("{what} {v} is negative")))
}

fn extended0(input: &mut In<'_>, out: &mut Out) -> Result<()> {
    match input.byte()? {
        0x00 => {
            let segment = input.varint()? as u16;
            let mut tail = [0x3F, 0x3C, 0, 0, 0xA9, 0xF0];
            tail[2..4].copy_from_slice(&segment.to_be_bytes());
            out.put(&tail)?;
            let count = input.varint()?;
            if count <= 0 {
                return Err(input.at(format!("a jump table of {count} entries")));
            }
            let mut current = input.varint()? as u16;
            out.put(&current.to_be_bytes())?;
            out.put(&tail)?;
            for _ in 1..count {
                let diff = input.varint()?.wrapping_sub(6);
                current = current.wrapping_add(diff as u16);
                out.put(&current.to_be_bytes())?;
                out.put(&tail)?;
            }
        }
        kind @ (0x02 | 0x03) => {
            let value = input.varint()?;
            let count = input.varint()?;
            let count = count_of(input, count, "a repeat count")?;
            let bytes = value.to_be_bytes();
            let chunk: &[u8] = if kind == 0x02 {
                if !(0..=0xFF).contains(&value) {
                    return Err(input.at(format!("a one-byte repeat of {value:#x}")));
                }
                &bytes[3..]
            } else {
                if !(0..=0xFFFF).contains(&value) {
                    return Err(input.at(format!("a two-byte repeat of {value:#x}")));
                }
                &bytes[2..]
            };
            out.repeat(chunk, count + 1)?;
        }
        0x04 => {
            let first = input.varint()?;
            let first =
                i16::try_from(first).map_err(|_| input.at(format!("a 16-bit start value {first:#x}")))?;
            out.put(&first.to_be_bytes())?;
            let count = input.varint()?;
            let count = count_of(input, count, "a count")?;
            let mut current = first as u16;
            for _ in 0..count {
                let diff = input.byte()? as i8;
                current = current.wrapping_add(diff as i16 as u16);
                out.put(&current.to_be_bytes())?;
            }
        }
        0x06 => {
            let first = input.varint()?;
            out.put(&first.to_be_bytes())?;
            let count = input.varint()?;
            let count = count_of(input, count, "a count")?;
            let mut current = first as u32;
            for _ in 0..count {
                current = current.wrapping_add(input.varint()? as u32);
                out.put(&current.to_be_bytes())?;
            }
        }
        other => return Err(input.at(format!("unknown extended code FE {other:02X}"))),
    }
    Ok(())
}

fn dcmp1(body: &[u8], out: &mut Out) -> Result<()> {
    let mut input = In { bytes: body, pos: 0 };
    let mut stored: Vec<&[u8]> = Vec::new();
    loop {
        let tag = input.byte()?;
        match tag {
            0x00..=0x1F => {
                let literal = input.take(usize::from(tag & 0x0F) + 1)?;
                if tag >= 0x10 {
                    stored.push(literal);
                }
                out.put(literal)?;
            }
            0x20..=0xCF => out.put(literal_ref(&input, &stored, usize::from(tag - 0x20))?)?,
            0xD0 | 0xD1 => {
                let n = usize::from(input.byte()?);
                let literal = input.take(n)?;
                if tag == 0xD1 {
                    stored.push(literal);
                }
                out.put(literal)?;
            }
            0xD2 => {
                let i = usize::from(input.byte()?) + 0xB0;
                out.put(literal_ref(&input, &stored, i)?)?;
            }
            0xD5..=0xFD => {
                let i = 2 * usize::from(tag - 0xD5);
                out.put(&DCMP1_TABLE[i..i + 2])?;
            }
            0xFE => match input.byte()? {
                0x02 => {
                    let value = input.varint()?;
                    let value = u8::try_from(value)
                        .map_err(|_| input.at(format!("a one-byte repeat of {value:#x}")))?;
                    let count = input.varint()?;
                    let count = count_of(&input, count, "a repeat count")?;
                    out.repeat(&[value], count + 1)?;
                }
                other => return Err(input.at(format!("unknown extended code FE {other:02X}"))),
            },
            0xFF => return input.done(),
            0xD3 | 0xD4 => return Err(input.at(format!("unknown tag {tag:02X}"))),
        }
    }
}

fn dcmp2(body: &[u8], h: &Header, out: &mut Out) -> Result<()> {
    let [_, _, count_m1, flags] = h.parameters;
    if flags & !3 != 0 {
        return Err(Error::at(17, format!("compressed resource: unknown dcmp 2 flags {flags:#04x}")));
    }
    let mut input = In { bytes: body, pos: 0 };
    let custom;
    let table: &[u8] = if flags & 1 != 0 {
        custom = input.take(2 * (usize::from(count_m1) + 1))?;
        custom
    } else {
        if count_m1 != 0 {
            return Err(Error::at(16, "compressed resource: a table size without a custom table"));
        }
        &DCMP2_TABLE
    };
    let odd = h.decompressed_len % 2 == 1;
    let entry = |input: &In<'_>, i: u8| -> Result<[u8; 2]> {
        let i = 2 * usize::from(i);
        table
            .get(i..i + 2)
            .map(|s| [s[0], s[1]])
            .ok_or_else(|| input.at(format!("a reference to table entry {} of {}", i / 2, table.len() / 2)))
    };
    let tagged = flags & 2 != 0;
    while input.pos < body.len() {
        if odd && input.pos + 1 == body.len() {
            out.put(&[body[input.pos]])?;
            return Ok(());
        }
        if tagged {
            let tag = input.byte()?;
            for bit in (0..8).rev() {
                if input.pos >= body.len() {
                    break;
                }
                if tag & (1 << bit) != 0 {
                    let i = input.byte()?;
                    out.put(&entry(&input, i)?)?;
                } else {
                    let n = (body.len() - input.pos).min(2);
                    let literal = input.take(n)?;
                    out.put(literal)?;
                }
            }
        } else {
            let i = input.byte()?;
            out.put(&entry(&input, i)?)?;
        }
    }
    Ok(())
}

const DCMP0_TABLE: [u8; 358] = [
    0x00, 0x00, 0x4E, 0xBA, 0x00, 0x08, 0x4E, 0x75, 0x00, 0x0C, 0x4E, 0xAD, 0x20, 0x53, 0x2F, 0x0B, 0x61,
    0x00, 0x00, 0x10, 0x70, 0x00, 0x2F, 0x00, 0x48, 0x6E, 0x20, 0x50, 0x20, 0x6E, 0x2F, 0x2E, 0xFF, 0xFC,
    0x48, 0xE7, 0x3F, 0x3C, 0x00, 0x04, 0xFF, 0xF8, 0x2F, 0x0C, 0x20, 0x06, 0x4E, 0xED, 0x4E, 0x56, 0x20,
    0x68, 0x4E, 0x5E, 0x00, 0x01, 0x58, 0x8F, 0x4F, 0xEF, 0x00, 0x02, 0x00, 0x18, 0x60, 0x00, 0xFF, 0xFF,
    0x50, 0x8F, 0x4E, 0x90, 0x00, 0x06, 0x26, 0x6E, 0x00, 0x14, 0xFF, 0xF4, 0x4C, 0xEE, 0x00, 0x0A, 0x00,
    0x0E, 0x41, 0xEE, 0x4C, 0xDF, 0x48, 0xC0, 0xFF, 0xF0, 0x2D, 0x40, 0x00, 0x12, 0x30, 0x2E, 0x70, 0x01,
    0x2F, 0x28, 0x20, 0x54, 0x67, 0x00, 0x00, 0x20, 0x00, 0x1C, 0x20, 0x5F, 0x18, 0x00, 0x26, 0x6F, 0x48,
    0x78, 0x00, 0x16, 0x41, 0xFA, 0x30, 0x3C, 0x28, 0x40, 0x72, 0x00, 0x28, 0x6E, 0x20, 0x0C, 0x66, 0x00,
    0x20, 0x6B, 0x2F, 0x07, 0x55, 0x8F, 0x00, 0x28, 0xFF, 0xFE, 0xFF, 0xEC, 0x22, 0xD8, 0x20, 0x0B, 0x00,
    0x0F, 0x59, 0x8F, 0x2F, 0x3C, 0xFF, 0x00, 0x01, 0x18, 0x81, 0xE1, 0x4A, 0x00, 0x4E, 0xB0, 0xFF, 0xE8,
    0x48, 0xC7, 0x00, 0x03, 0x00, 0x22, 0x00, 0x07, 0x00, 0x1A, 0x67, 0x06, 0x67, 0x08, 0x4E, 0xF9, 0x00,
    0x24, 0x20, 0x78, 0x08, 0x00, 0x66, 0x04, 0x00, 0x2A, 0x4E, 0xD0, 0x30, 0x28, 0x26, 0x5F, 0x67, 0x04,
    0x00, 0x30, 0x43, 0xEE, 0x3F, 0x00, 0x20, 0x1F, 0x00, 0x1E, 0xFF, 0xF6, 0x20, 0x2E, 0x42, 0xA7, 0x20,
    0x07, 0xFF, 0xFA, 0x60, 0x02, 0x3D, 0x40, 0x0C, 0x40, 0x66, 0x06, 0x00, 0x26, 0x2D, 0x48, 0x2F, 0x01,
    0x70, 0xFF, 0x60, 0x04, 0x18, 0x80, 0x4A, 0x40, 0x00, 0x40, 0x00, 0x2C, 0x2F, 0x08, 0x00, 0x11, 0xFF,
    0xE4, 0x21, 0x40, 0x26, 0x40, 0xFF, 0xF2, 0x42, 0x6E, 0x4E, 0xB9, 0x3D, 0x7C, 0x00, 0x38, 0x00, 0x0D,
    0x60, 0x06, 0x42, 0x2E, 0x20, 0x3C, 0x67, 0x0C, 0x2D, 0x68, 0x66, 0x08, 0x4A, 0x2E, 0x4A, 0xAE, 0x00,
    0x2E, 0x48, 0x40, 0x22, 0x5F, 0x22, 0x00, 0x67, 0x0A, 0x30, 0x07, 0x42, 0x67, 0x00, 0x32, 0x20, 0x28,
    0x00, 0x09, 0x48, 0x7A, 0x02, 0x00, 0x2F, 0x2B, 0x00, 0x05, 0x22, 0x6E, 0x66, 0x02, 0xE5, 0x80, 0x67,
    0x0E, 0x66, 0x0A, 0x00, 0x50, 0x3E, 0x00, 0x66, 0x0C, 0x2E, 0x00, 0xFF, 0xEE, 0x20, 0x6D, 0x20, 0x40,
    0xFF, 0xE0, 0x53, 0x40, 0x60, 0x08, 0x04, 0x80, 0x00, 0x68, 0x0B, 0x7C, 0x44, 0x00, 0x41, 0xE8, 0x48,
    0x41,
];
const DCMP1_TABLE: [u8; 82] = [
    0x00, 0x00, 0x00, 0x01, 0x00, 0x02, 0x00, 0x03, 0x2E, 0x01, 0x3E, 0x01, 0x01, 0x01, 0x1E, 0x01, 0xFF,
    0xFF, 0x0E, 0x01, 0x31, 0x00, 0x11, 0x12, 0x01, 0x07, 0x33, 0x32, 0x12, 0x39, 0xED, 0x10, 0x01, 0x27,
    0x23, 0x22, 0x01, 0x37, 0x07, 0x06, 0x01, 0x17, 0x01, 0x23, 0x00, 0xFF, 0x00, 0x2F, 0x07, 0x0E, 0xFD,
    0x3C, 0x01, 0x35, 0x01, 0x15, 0x01, 0x02, 0x00, 0x07, 0x00, 0x3E, 0x05, 0xD5, 0x02, 0x01, 0x06, 0x07,
    0x07, 0x08, 0x30, 0x01, 0x01, 0x33, 0x00, 0x10, 0x17, 0x16, 0x37, 0x3E, 0x36, 0x37,
];
const DCMP2_TABLE: [u8; 512] = [
    0x00, 0x00, 0x00, 0x08, 0x4E, 0xBA, 0x20, 0x6E, 0x4E, 0x75, 0x00, 0x0C, 0x00, 0x04, 0x70, 0x00, 0x00,
    0x10, 0x00, 0x02, 0x48, 0x6E, 0xFF, 0xFC, 0x60, 0x00, 0x00, 0x01, 0x48, 0xE7, 0x2F, 0x2E, 0x4E, 0x56,
    0x00, 0x06, 0x4E, 0x5E, 0x2F, 0x00, 0x61, 0x00, 0xFF, 0xF8, 0x2F, 0x0B, 0xFF, 0xFF, 0x00, 0x14, 0x00,
    0x0A, 0x00, 0x18, 0x20, 0x5F, 0x00, 0x0E, 0x20, 0x50, 0x3F, 0x3C, 0xFF, 0xF4, 0x4C, 0xEE, 0x30, 0x2E,
    0x67, 0x00, 0x4C, 0xDF, 0x26, 0x6E, 0x00, 0x12, 0x00, 0x1C, 0x42, 0x67, 0xFF, 0xF0, 0x30, 0x3C, 0x2F,
    0x0C, 0x00, 0x03, 0x4E, 0xD0, 0x00, 0x20, 0x70, 0x01, 0x00, 0x16, 0x2D, 0x40, 0x48, 0xC0, 0x20, 0x78,
    0x72, 0x00, 0x58, 0x8F, 0x66, 0x00, 0x4F, 0xEF, 0x42, 0xA7, 0x67, 0x06, 0xFF, 0xFA, 0x55, 0x8F, 0x28,
    0x6E, 0x3F, 0x00, 0xFF, 0xFE, 0x2F, 0x3C, 0x67, 0x04, 0x59, 0x8F, 0x20, 0x6B, 0x00, 0x24, 0x20, 0x1F,
    0x41, 0xFA, 0x81, 0xE1, 0x66, 0x04, 0x67, 0x08, 0x00, 0x1A, 0x4E, 0xB9, 0x50, 0x8F, 0x20, 0x2E, 0x00,
    0x07, 0x4E, 0xB0, 0xFF, 0xF2, 0x3D, 0x40, 0x00, 0x1E, 0x20, 0x68, 0x66, 0x06, 0xFF, 0xF6, 0x4E, 0xF9,
    0x08, 0x00, 0x0C, 0x40, 0x3D, 0x7C, 0xFF, 0xEC, 0x00, 0x05, 0x20, 0x3C, 0xFF, 0xE8, 0xDE, 0xFC, 0x4A,
    0x2E, 0x00, 0x30, 0x00, 0x28, 0x2F, 0x08, 0x20, 0x0B, 0x60, 0x02, 0x42, 0x6E, 0x2D, 0x48, 0x20, 0x53,
    0x20, 0x40, 0x18, 0x00, 0x60, 0x04, 0x41, 0xEE, 0x2F, 0x28, 0x2F, 0x01, 0x67, 0x0A, 0x48, 0x40, 0x20,
    0x07, 0x66, 0x08, 0x01, 0x18, 0x2F, 0x07, 0x30, 0x28, 0x3F, 0x2E, 0x30, 0x2B, 0x22, 0x6E, 0x2F, 0x2B,
    0x00, 0x2C, 0x67, 0x0C, 0x22, 0x5F, 0x60, 0x06, 0x00, 0xFF, 0x30, 0x07, 0xFF, 0xEE, 0x53, 0x40, 0x00,
    0x40, 0xFF, 0xE4, 0x4A, 0x40, 0x66, 0x0A, 0x00, 0x0F, 0x4E, 0xAD, 0x70, 0xFF, 0x22, 0xD8, 0x48, 0x6B,
    0x00, 0x22, 0x20, 0x4B, 0x67, 0x0E, 0x4A, 0xAE, 0x4E, 0x90, 0xFF, 0xE0, 0xFF, 0xC0, 0x00, 0x2A, 0x27,
    0x40, 0x67, 0x02, 0x51, 0xC8, 0x02, 0xB6, 0x48, 0x7A, 0x22, 0x78, 0xB0, 0x6E, 0xFF, 0xE6, 0x00, 0x09,
    0x32, 0x2E, 0x3E, 0x00, 0x48, 0x41, 0xFF, 0xEA, 0x43, 0xEE, 0x4E, 0x71, 0x74, 0x00, 0x2F, 0x2C, 0x20,
    0x6C, 0x00, 0x3C, 0x00, 0x26, 0x00, 0x50, 0x18, 0x80, 0x30, 0x1F, 0x22, 0x00, 0x66, 0x0C, 0xFF, 0xDA,
    0x00, 0x38, 0x66, 0x02, 0x30, 0x2C, 0x20, 0x0C, 0x2D, 0x6E, 0x42, 0x40, 0xFF, 0xE2, 0xA9, 0xF0, 0xFF,
    0x00, 0x37, 0x7C, 0xE5, 0x80, 0xFF, 0xDC, 0x48, 0x68, 0x59, 0x4F, 0x00, 0x34, 0x3E, 0x1F, 0x60, 0x08,
    0x2F, 0x06, 0xFF, 0xDE, 0x60, 0x0A, 0x70, 0x02, 0x00, 0x32, 0xFF, 0xCC, 0x00, 0x80, 0x22, 0x51, 0x10,
    0x1F, 0x31, 0x7C, 0xA0, 0x29, 0xFF, 0xD8, 0x52, 0x40, 0x01, 0x00, 0x67, 0x10, 0xA0, 0x23, 0xFF, 0xCE,
    0xFF, 0xD4, 0x20, 0x06, 0x48, 0x78, 0x00, 0x2E, 0x50, 0x4F, 0x43, 0xFA, 0x67, 0x12, 0x76, 0x00, 0x41,
    0xE8, 0x4A, 0x6E, 0x20, 0xD9, 0x00, 0x5A, 0x7F, 0xFF, 0x51, 0xCA, 0x00, 0x5C, 0x2E, 0x00, 0x02, 0x40,
    0x48, 0xC7, 0x67, 0x14, 0x0C, 0x80, 0x2E, 0x9F, 0xFF, 0xD6, 0x80, 0x00, 0x10, 0x00, 0x48, 0x42, 0x4A,
    0x6B, 0xFF, 0xD2, 0x00, 0x48, 0x4A, 0x47, 0x4E, 0xD1, 0x20, 0x6F, 0x00, 0x41, 0x60, 0x0C, 0x2A, 0x78,
    0x42, 0x2E, 0x32, 0x00, 0x65, 0x74, 0x67, 0x16, 0x00, 0x44, 0x48, 0x6D, 0x20, 0x08, 0x48, 0x6C, 0x0B,
    0x7C, 0x26, 0x40, 0x04, 0x00, 0x00, 0x68, 0x20, 0x6D, 0x00, 0x0D, 0x2A, 0x40, 0x00, 0x0B, 0x00, 0x3E,
    0x02, 0x20,
];

#[cfg(test)]
mod tests {
    use super::*;

    fn with_header(t: u16, len: u32, id: i16, params: [u8; 4], body: &[u8]) -> Vec<u8> {
        let mut v = SIGNATURE.to_vec();
        v.extend_from_slice(&0x12u16.to_be_bytes());
        v.extend_from_slice(&t.to_be_bytes());
        v.extend_from_slice(&len.to_be_bytes());
        if t == 0x0801 {
            v.extend_from_slice(&[0, 0]);
            v.extend_from_slice(&id.to_be_bytes());
            v.extend_from_slice(&[0, 0]);
        } else {
            v.extend_from_slice(&id.to_be_bytes());
            v.extend_from_slice(&params);
        }
        v.extend_from_slice(body);
        v
    }

    #[test]
    fn dcmp0_literals_references_and_runs() {
        // Literal "ABCD" stored, a reference to it, a table entry, a run of 5 'x', end.
        let body = [0x12, b'A', b'B', b'C', b'D', 0x23, 0x4B, 0xFE, 0x02, b'x', 4, 0xFF];
        let data = with_header(0x0801, 15, 0, [0; 4], &body);
        assert_eq!(decompress(&data).unwrap(), b"ABCDABCD\0\0xxxxx");
    }

    #[test]
    fn dcmp1_and_dcmp2() {
        let body = [0x12, b'a', b'b', b'c', 0x20, 0xD5, 0xFF];
        assert_eq!(decompress(&with_header(0x0801, 8, 1, [0; 4], &body)).unwrap(), b"abcabc\0\0");
        // Tagged dcmp 2 with the default table: tag 0x80 = one reference then literals.
        let body = [0x80, 0x02, b'h', b'i'];
        assert_eq!(decompress(&with_header(0x0901, 4, 2, [0, 0, 0, 2], &body)).unwrap(), b"N\xbahi");
    }

    #[test]
    fn bombs_and_bad_data_are_refused() {
        let bomb =
            with_header(0x0801, u32::MAX, 0, [0; 4], &[0xFE, 0x02, 1, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF]);
        assert!(decompress(&bomb).unwrap_err().to_string().contains("more than"));
        let run = with_header(0x0801, 4, 0, [0; 4], &[0xFE, 0x02, 1, 0xFF, 0x00, 0xFF, 0xFF, 0xFF, 0xFF]);
        assert!(decompress(&run).unwrap_err().to_string().contains("past"));
        let dangling = with_header(0x0801, 4, 1, [0; 4], &[0x25, 0xFF]);
        assert!(decompress(&dangling).unwrap_err().to_string().contains("stored literal 5"));
        assert!(decompress(&with_header(0x0801, 4, 0, [0; 4], &[0x12, 1])).is_err());
    }
}
