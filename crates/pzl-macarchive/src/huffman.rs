//! Prefix codes read low bit first: a 10-bit lookup table, then a tree walk for longer codes.

use crate::bits::LowFirst;

const TABLE_BITS: u32 = 10;
const LEAF: u32 = 0x8000_0000;

/// A prefix code over symbols `0..n`.
pub struct Code {
    /// Tree nodes: `[branch 0, branch 1]`, each 0 (none), `LEAF | symbol` or a node index.
    nodes: Vec<[u32; 2]>,
    /// For each `TABLE_BITS`-bit pattern: `(symbol or node, length)`; length 0 means continue
    /// the walk from the node, `u8::MAX` means no code starts so.
    table: Vec<(u32, u8)>,
}

impl Code {
    /// The canonical code of `lengths` (0 or less: the symbol has no code), the shortest code
    /// all zeros, as StuffIt builds them.
    pub fn canonical(lengths: &[i32]) -> Result<Code, String> {
        let mut code = Code { nodes: vec![[0, 0]], table: Vec::new() };
        let mut next: u64 = 0;
        let mut left = lengths.iter().filter(|&&l| l > 0).count();
        for len in 1..=32u32 {
            for (symbol, _) in lengths.iter().enumerate().filter(|&(_, &l)| l == len as i32) {
                if next >> len != 0 {
                    return Err("the code lengths describe more codes than fit".into());
                }
                code.add(symbol as u32, next as u32, len)?;
                next += 1;
                left -= 1;
            }
            if left == 0 {
                break;
            }
            next <<= 1;
        }
        code.build_table();
        Ok(code)
    }

    /// A code from `(symbol, code, length)` where the code's bit 0 is the first read.
    pub fn from_low_first(codes: &[(u32, u32, u32)]) -> Result<Code, String> {
        let mut code = Code { nodes: vec![[0, 0]], table: Vec::new() };
        for &(symbol, bits, len) in codes {
            let high_first = bits.reverse_bits() >> (32 - len);
            code.add(symbol, high_first, len)?;
        }
        code.build_table();
        Ok(code)
    }

    /// Add `symbol` with `bits` read high bit first.
    fn add(&mut self, symbol: u32, bits: u32, len: u32) -> Result<(), String> {
        let mut node = 0usize;
        for i in (0..len).rev() {
            let bit = ((bits >> i) & 1) as usize;
            let child = self.nodes[node][bit];
            if i == 0 {
                if child != 0 {
                    return Err("two codes share a prefix".into());
                }
                self.nodes[node][bit] = LEAF | symbol;
            } else if child == 0 {
                self.nodes.push([0, 0]);
                let index = (self.nodes.len() - 1) as u32;
                self.nodes[node][bit] = index;
                node = index as usize;
            } else if child & LEAF != 0 {
                return Err("two codes share a prefix".into());
            } else {
                node = child as usize;
            }
        }
        Ok(())
    }

    fn build_table(&mut self) {
        let size = 1usize << TABLE_BITS;
        self.table = (0..size)
            .map(|pattern| {
                let mut node = 0u32;
                for depth in 0..TABLE_BITS {
                    let bit = (pattern >> depth) & 1;
                    let child = self.nodes[node as usize][bit];
                    if child == 0 {
                        return (0, u8::MAX);
                    }
                    if child & LEAF != 0 {
                        return (child & !LEAF, depth as u8 + 1);
                    }
                    node = child;
                }
                (node, 0)
            })
            .collect();
    }

    /// Read one symbol from bits taken high bit first (a walk down the tree).
    pub fn read_high(&self, bits: &mut crate::bits::HighFirst<'_>) -> Result<u32, String> {
        let mut node = 0usize;
        for _ in 0..33 {
            let child = self.nodes[node][bits.bit() as usize];
            if child == 0 {
                return Err("bits that start no code".into());
            }
            if child & LEAF != 0 {
                return Ok(child & !LEAF);
            }
            node = child as usize;
        }
        Err("a code longer than 32 bits".into())
    }

    /// Read one symbol.
    #[inline]
    pub fn read(&self, bits: &mut LowFirst<'_>) -> Result<u32, String> {
        let (value, len) = self.table[bits.peek(TABLE_BITS) as usize];
        match len {
            u8::MAX => Err("bits that start no code".into()),
            0 => {
                bits.skip(TABLE_BITS);
                let mut node = value;
                for _ in 0..32 {
                    let child = self.nodes[node as usize][bits.bits(1) as usize];
                    if child == 0 {
                        return Err("bits that start no code".into());
                    }
                    if child & LEAF != 0 {
                        return Ok(child & !LEAF);
                    }
                    node = child;
                }
                Err("a code longer than 32 bits".into())
            }
            len => {
                bits.skip(u32::from(len));
                Ok(value)
            }
        }
    }
}
