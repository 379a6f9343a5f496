//! StuffIt method 15 ("Arsenic"): blocks of a Burrows-Wheeler transform, move-to-front and
//! zero-run coding, all through an adaptive arithmetic coder, with a CRC-32 of the whole output
//! at the end. The layout follows The Unarchiver's `XADStuffItArsenicHandle` (read, not
//! copied); the randomisation table is the format's.

use crate::bits::HighFirst;

const NUM_BITS: u32 = 26;
const ONE: u32 = 1 << (NUM_BITS - 1);
const HALF: u32 = 1 << (NUM_BITS - 2);

struct Model {
    first: u32,
    increment: u32,
    limit: u32,
    total: u32,
    freq: Vec<u32>,
}

impl Model {
    fn new(first: u32, last: u32, increment: u32, limit: u32) -> Model {
        let n = (last - first + 1) as usize;
        Model { first, increment, limit, total: increment * n as u32, freq: vec![increment; n] }
    }
    fn reset(&mut self) {
        self.freq.iter_mut().for_each(|f| *f = self.increment);
        self.total = self.increment * self.freq.len() as u32;
    }
    fn bump(&mut self, i: usize) {
        self.freq[i] += self.increment;
        self.total += self.increment;
        if self.total > self.limit {
            self.total = 0;
            for f in &mut self.freq {
                *f = (*f + 1) >> 1;
                self.total += *f;
            }
        }
    }
}

struct Decoder<'a> {
    bits: HighFirst<'a>,
    range: u32,
    code: u32,
}

impl Decoder<'_> {
    fn symbol(&mut self, model: &mut Model) -> Result<u32, String> {
        let step = self.range / model.total;
        if step == 0 {
            return Err("an arithmetic-coder range underflow".into());
        }
        let target = self.code / step;
        let mut cumulative = 0;
        let mut n = 0;
        while n < model.freq.len() - 1 {
            if cumulative + model.freq[n] > target {
                break;
            }
            cumulative += model.freq[n];
            n += 1;
        }
        let size = model.freq[n];
        let low = step * cumulative;
        self.code = self.code.wrapping_sub(low);
        if cumulative + size == model.total {
            self.range -= low;
        } else {
            self.range = size * step;
        }
        while self.range <= HALF {
            self.range <<= 1;
            self.code = (self.code << 1) | self.bits.bit();
        }
        model.bump(n);
        Ok(model.first + n as u32)
    }

    fn bit_string(&mut self, model: &mut Model, n: u32) -> Result<u32, String> {
        let mut v = 0;
        for i in 0..n {
            if self.symbol(model)? != 0 {
                v |= 1 << i;
            }
        }
        Ok(v)
    }
}

/// Decompress exactly `len` bytes, checking the stream's CRC-32.
pub fn decompress(input: &[u8], len: usize) -> Result<Vec<u8>, String> {
    let mut bits = HighFirst::new(input);
    let code = bits.bits(NUM_BITS);
    let mut d = Decoder { bits, range: ONE, code };
    let mut initial = Model::new(0, 1, 1, 256);
    let mut selector = Model::new(0, 10, 8, 1024);
    let mut mtf_models = [
        Model::new(2, 3, 8, 1024),
        Model::new(4, 7, 4, 1024),
        Model::new(8, 15, 4, 1024),
        Model::new(16, 31, 4, 1024),
        Model::new(32, 63, 2, 1024),
        Model::new(64, 127, 2, 1024),
        Model::new(128, 255, 1, 1024),
    ];
    if d.bit_string(&mut initial, 8)? != u32::from(b'A') || d.bit_string(&mut initial, 8)? != u32::from(b's')
    {
        return Err("the stream does not start with the Arsenic signature \"As\"".into());
    }
    let block_bits = d.bit_string(&mut initial, 4)? + 9;
    // A block never holds more than about the bytes it decodes to: allocate for that, not for
    // the 16 MiB a 4-bit size field can claim.
    let block_size = (1usize << block_bits).min(len.saturating_mul(2).saturating_add(4096));
    let mut out: Vec<u8> = Vec::with_capacity(len.min(input.len().saturating_mul(16) + 4096));
    let mut crc = !0u32;
    let mut stored_crc = None;
    let mut end = d.symbol(&mut initial)? != 0;
    let mut block = vec![0u8; block_size];
    let mut transform = vec![0u32; block_size];
    // The final run-length state carries across blocks only through `out`.
    while !end {
        let mut mtf: [u8; 256] = std::array::from_fn(|i| i as u8);
        let randomized = d.symbol(&mut initial)? != 0;
        let mut index = d.bit_string(&mut initial, block_bits)? as usize;
        let mut n = 0usize;
        loop {
            let mut sel = d.symbol(&mut selector)?;
            if sel < 2 {
                let mut state = 1usize;
                let mut zeros = 0usize;
                while sel < 2 {
                    zeros += if sel == 0 { state } else { 2 * state };
                    state = state
                        .checked_mul(2)
                        .filter(|&s| s <= block_size * 2)
                        .ok_or("a zero run longer than the block")?;
                    sel = d.symbol(&mut selector)?;
                }
                if n + zeros > block_size {
                    return Err(format!("a block of more than its {block_size} bytes"));
                }
                let b = mtf[0];
                block[n..n + zeros].fill(b);
                n += zeros;
            }
            let symbol = match sel {
                10 => break,
                2 => 1,
                s => d.symbol(&mut mtf_models[s as usize - 3])? as usize,
            };
            if n >= block_size {
                return Err(format!("a block of more than its {block_size} bytes"));
            }
            let b = mtf[symbol];
            mtf.copy_within(0..symbol, 1);
            mtf[0] = b;
            block[n] = b;
            n += 1;
            if d.bits.overrun() {
                return Err("the data ends inside a block".into());
            }
        }
        if index >= n {
            return Err(format!("a block's start index {index} past its {n} bytes"));
        }
        selector.reset();
        mtf_models.iter_mut().for_each(Model::reset);
        if d.symbol(&mut initial)? != 0 {
            stored_crc = Some(d.bit_string(&mut initial, 32)?);
            end = true;
        }
        // Inverse BWT.
        let mut counts = [0usize; 256];
        block[..n].iter().for_each(|&b| counts[usize::from(b)] += 1);
        let mut total = 0;
        for c in counts.iter_mut() {
            let here = *c;
            *c = total;
            total += here;
        }
        for (i, &b) in block[..n].iter().enumerate() {
            transform[counts[usize::from(b)]] = i as u32;
            counts[usize::from(b)] += 1;
        }
        // Undo the block's transform, randomisation and run-length coding.
        let mut rand_index = 0usize;
        let mut rand_count = usize::from(RANDOMIZATION[0]);
        let mut last = 0u8;
        let mut count = 0;
        for byte_count in 0..n {
            index = transform[index] as usize;
            let mut byte = block[index];
            if randomized && rand_count == byte_count {
                byte ^= 1;
                rand_index = (rand_index + 1) & 255;
                rand_count += usize::from(RANDOMIZATION[rand_index]);
            }
            if count == 4 {
                count = 0;
                if out.len() + usize::from(byte) > len {
                    return Err(format!("the data decompresses past its {len} bytes"));
                }
                for _ in 0..byte {
                    out.push(last);
                }
                continue;
            }
            if byte == last {
                count += 1;
            } else {
                count = 1;
                last = byte;
            }
            if out.len() >= len {
                return Err(format!("the data decompresses past its {len} bytes"));
            }
            out.push(byte);
        }
    }
    crc = crc32_update(crc, &out);
    if out.len() != len {
        return Err(format!("the data ends after {} of {len} bytes", out.len()));
    }
    match stored_crc {
        Some(stored) if stored == !crc => Ok(out),
        Some(stored) => Err(format!("CRC-32 {:08X} but the stream says {stored:08X}", !crc)),
        None if out.is_empty() => Ok(out),
        None => Err("the stream has no end marker".into()),
    }
}

/// CRC-32 (IEEE, reflected) continued over `bytes`.
pub fn crc32_update(mut crc: u32, bytes: &[u8]) -> u32 {
    for &b in bytes {
        crc = CRC32[((crc ^ u32::from(b)) & 0xFF) as usize] ^ (crc >> 8);
    }
    crc
}

const CRC32: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

const RANDOMIZATION: [u16; 256] = [
    0xee, 0x56, 0xf8, 0xc3, 0x9d, 0x9f, 0xae, 0x2c, 0xad, 0xcd, 0x24, 0x9d, 0xa6, 0x101, 0x18, 0xb9, 0xa1,
    0x82, 0x75, 0xe9, 0x9f, 0x55, 0x66, 0x6a, 0x86, 0x71, 0xdc, 0x84, 0x56, 0x96, 0x56, 0xa1, 0x84, 0x78,
    0xb7, 0x32, 0x6a, 0x3, 0xe3, 0x2, 0x11, 0x101, 0x8, 0x44, 0x83, 0x100, 0x43, 0xe3, 0x1c, 0xf0, 0x86,
    0x6a, 0x6b, 0xf, 0x3, 0x2d, 0x86, 0x17, 0x7b, 0x10, 0xf6, 0x80, 0x78, 0x7a, 0xa1, 0xe1, 0xef, 0x8c, 0xf6,
    0x87, 0x4b, 0xa7, 0xe2, 0x77, 0xfa, 0xb8, 0x81, 0xee, 0x77, 0xc0, 0x9d, 0x29, 0x20, 0x27, 0x71, 0x12,
    0xe0, 0x6b, 0xd1, 0x7c, 0xa, 0x89, 0x7d, 0x87, 0xc4, 0x101, 0xc1, 0x31, 0xaf, 0x38, 0x3, 0x68, 0x1b,
    0x76, 0x79, 0x3f, 0xdb, 0xc7, 0x1b, 0x36, 0x7b, 0xe2, 0x63, 0x81, 0xee, 0xc, 0x63, 0x8b, 0x78, 0x38,
    0x97, 0x9b, 0xd7, 0x8f, 0xdd, 0xf2, 0xa3, 0x77, 0x8c, 0xc3, 0x39, 0x20, 0xb3, 0x12, 0x11, 0xe, 0x17,
    0x42, 0x80, 0x2c, 0xc4, 0x92, 0x59, 0xc8, 0xdb, 0x40, 0x76, 0x64, 0xb4, 0x55, 0x1a, 0x9e, 0xfe, 0x5f,
    0x6, 0x3c, 0x41, 0xef, 0xd4, 0xaa, 0x98, 0x29, 0xcd, 0x1f, 0x2, 0xa8, 0x87, 0xd2, 0xa0, 0x93, 0x98, 0xef,
    0xc, 0x43, 0xed, 0x9d, 0xc2, 0xeb, 0x81, 0xe9, 0x64, 0x23, 0x68, 0x1e, 0x25, 0x57, 0xde, 0x9a, 0xcf,
    0x7f, 0xe5, 0xba, 0x41, 0xea, 0xea, 0x36, 0x1a, 0x28, 0x79, 0x20, 0x5e, 0x18, 0x4e, 0x7c, 0x8e, 0x58,
    0x7a, 0xef, 0x91, 0x2, 0x93, 0xbb, 0x56, 0xa1, 0x49, 0x1b, 0x79, 0x92, 0xf3, 0x58, 0x4f, 0x52, 0x9c, 0x2,
    0x77, 0xaf, 0x2a, 0x8f, 0x49, 0xd0, 0x99, 0x4d, 0x98, 0x101, 0x60, 0x93, 0x100, 0x75, 0x31, 0xce, 0x49,
    0x20, 0x56, 0x57, 0xe2, 0xf5, 0x26, 0x2b, 0x8a, 0xbf, 0xde, 0xd0, 0x83, 0x34, 0xf4, 0x17,
];
