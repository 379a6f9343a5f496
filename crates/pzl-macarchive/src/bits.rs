//! Bit readers over a byte slice. Reading past the end gives zero bits and counts them, so a
//! decoder never panics; [`LowFirst::overrun`] / [`HighFirst::overrun`] tell whether the input was
//! too short.

/// Bits taken low bit first from each byte (StuffIt method 13).
pub struct LowFirst<'a> {
    bytes: &'a [u8],
    pos: usize,
    buf: u64,
    count: u32,
    past_end: u32,
}

impl<'a> LowFirst<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        LowFirst { bytes, pos: 0, buf: 0, count: 0, past_end: 0 }
    }

    #[inline]
    fn fill(&mut self) {
        while self.count <= 56 {
            let byte = match self.bytes.get(self.pos) {
                Some(&b) => b,
                None => {
                    self.past_end += 8;
                    0
                }
            };
            self.pos += 1;
            self.buf |= u64::from(byte) << self.count;
            self.count += 8;
        }
    }

    /// The next `n` bits (at most 32) without taking them; bit 0 is the first read.
    #[inline]
    pub fn peek(&mut self, n: u32) -> u32 {
        if self.count < n {
            self.fill();
        }
        (self.buf & ((1u64 << n) - 1)) as u32
    }

    /// Take `n` bits (at most 32) already peeked or not.
    #[inline]
    pub fn skip(&mut self, n: u32) {
        if self.count < n {
            self.fill();
        }
        self.buf >>= n;
        self.count -= n;
    }

    /// Read `n` bits (at most 32) as a number, first bit lowest.
    #[inline]
    pub fn bits(&mut self, n: u32) -> u32 {
        let v = self.peek(n);
        self.skip(n);
        v
    }

    /// Whether more bits were taken than the input holds.
    pub fn overrun(&self) -> bool {
        self.past_end > self.count
    }

    /// The number of bits taken so far.
    pub fn position(&self) -> u64 {
        self.pos as u64 * 8 - u64::from(self.count)
    }
}

/// Bits taken high bit first from each byte (Arsenic, LZW).
pub struct HighFirst<'a> {
    bytes: &'a [u8],
    pos: usize,
    buf: u64,
    count: u32,
    past_end: u32,
}

impl<'a> HighFirst<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        HighFirst { bytes, pos: 0, buf: 0, count: 0, past_end: 0 }
    }

    #[inline]
    fn fill(&mut self) {
        while self.count <= 56 {
            let byte = match self.bytes.get(self.pos) {
                Some(&b) => b,
                None => {
                    self.past_end += 8;
                    0
                }
            };
            self.pos += 1;
            self.buf |= u64::from(byte) << (56 - self.count);
            self.count += 8;
        }
    }

    /// Read one bit.
    #[inline]
    pub fn bit(&mut self) -> u32 {
        if self.count == 0 {
            self.fill();
        }
        let v = (self.buf >> 63) as u32;
        self.buf <<= 1;
        self.count -= 1;
        v
    }

    /// Read `n` bits (at most 32), first bit highest.
    #[inline]
    pub fn bits(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        if self.count < n {
            self.fill();
        }
        let v = (self.buf >> (64 - n)) as u32;
        self.buf <<= n;
        self.count -= n;
        v
    }

    /// Whether more bits were taken than the input holds.
    pub fn overrun(&self) -> bool {
        self.past_end > self.count
    }

    /// Whether every bit of the input has been taken.
    pub fn exhausted(&self) -> bool {
        self.pos * 8 - self.count as usize >= self.bytes.len() * 8
    }

    /// The byte offset of the next whole byte once aligned (bits taken, rounded up, over 8).
    pub fn byte_offset(&self) -> usize {
        (self.pos * 8 - self.count as usize).div_ceil(8)
    }

    /// Drop the bits left of the current byte.
    pub fn align(&mut self) {
        let r = self.count % 8;
        self.buf <<= r;
        self.count -= r;
    }
}
