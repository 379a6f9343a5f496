//! StuffIt's older methods: 1 (RLE90) and 2 (LZW, as Unix `compress -b 14` in block mode).

use crate::bits::LowFirst;

/// Method 1: byte 0x90 then a count repeats the previous byte; 0x90 0x00 is a literal 0x90.
pub fn rle90(input: &[u8], len: usize) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(len.min(input.len().saturating_mul(16) + 4096));
    let mut last = 0u8;
    let mut i = 0;
    while i < input.len() && out.len() < len {
        let b = input[i];
        i += 1;
        if b != 0x90 {
            out.push(b);
            last = b;
            continue;
        }
        let count = *input.get(i).ok_or("the data ends after a 0x90 marker")?;
        i += 1;
        if count == 0 {
            out.push(0x90);
            last = 0x90;
        } else {
            let n = usize::from(count) - 1;
            if out.len() + n > len {
                return Err(format!("a run goes past the fork's {len} bytes"));
            }
            out.resize(out.len() + n, last);
        }
    }
    if out.len() != len {
        return Err(format!("the data ends after {} of {len} bytes", out.len()));
    }
    Ok(out)
}

/// Method 2: LZW with 9- to 14-bit codes, code 256 clearing the table; codes come in groups of
/// eight, so a width change or a clear skips to the end of the group.
pub fn lzw(input: &[u8], len: usize) -> Result<Vec<u8>, String> {
    const MAX_BITS: u32 = 14;
    const CLEAR: u32 = 256;
    let mut bits = LowFirst::new(input);
    let total_bits = input.len() as u64 * 8;
    let mut prefix = vec![0u16; 1 << MAX_BITS];
    let mut suffix = vec![0u8; 1 << MAX_BITS];
    let mut width = 9u32;
    let mut free = 257u32;
    let mut group_start = 0u64;
    let mut old: Option<u32> = None;
    let mut first_char = 0u8;
    let mut out = Vec::with_capacity(len.min(input.len().saturating_mul(16) + 4096));
    let mut stack = Vec::new();
    let align = |bits: &mut LowFirst<'_>, group_start: &mut u64, width: u32| {
        let group = u64::from(width) * 8;
        let used = (bits.position() - *group_start) % group;
        if used != 0 {
            let mut pad = group - used;
            while pad > 0 {
                let n = pad.min(16) as u32;
                bits.skip(n);
                pad -= u64::from(n);
            }
        }
        *group_start = bits.position();
    };
    while out.len() < len {
        if old.is_some() && free > (1 << width) - 1 && width < MAX_BITS {
            align(&mut bits, &mut group_start, width);
            width += 1;
        }
        if bits.position() + u64::from(width) > total_bits {
            break;
        }
        let code = bits.bits(width);
        if code == CLEAR {
            align(&mut bits, &mut group_start, width);
            width = 9;
            free = 257;
            old = None;
            continue;
        }
        let Some(prev) = old else {
            if code > 255 {
                return Err(format!("a first code {code} that is not a byte"));
            }
            first_char = code as u8;
            out.push(first_char);
            old = Some(code);
            continue;
        };
        let mut c = code;
        stack.clear();
        if c >= free {
            if c > free {
                return Err(format!("code {c} before it was defined (next is {free})"));
            }
            stack.push(first_char);
            c = prev;
        }
        while c >= 256 {
            stack.push(suffix[c as usize]);
            c = u32::from(prefix[c as usize]);
        }
        first_char = c as u8;
        stack.push(first_char);
        if out.len() + stack.len() > len {
            return Err(format!("the data decompresses past its {len} bytes"));
        }
        out.extend(stack.iter().rev());
        if free < (1 << MAX_BITS) {
            prefix[free as usize] = prev as u16;
            suffix[free as usize] = first_char;
            free += 1;
        }
        old = Some(code);
    }
    if out.len() != len {
        return Err(format!("the data ends after {} of {len} bytes", out.len()));
    }
    Ok(out)
}

/// Method 3: a Huffman tree sent first (pre-order, high bit first: 1 then an 8-bit leaf value,
/// or 0 then the zero branch and the one branch), then one code per byte.
pub fn huffman(input: &[u8], len: usize) -> Result<Vec<u8>, String> {
    use crate::bits::HighFirst;
    const LEAF: u32 = 0x8000_0000;
    fn parse(bits: &mut HighFirst<'_>, nodes: &mut Vec<[u32; 2]>, depth: usize) -> Result<u32, String> {
        if depth > 256 || nodes.len() > 512 {
            return Err("a Huffman tree deeper or larger than 256 leaves allow".into());
        }
        if bits.overrun() {
            return Err("the data ends inside the Huffman tree".into());
        }
        if bits.bit() == 1 {
            return Ok(LEAF | bits.bits(8));
        }
        let index = nodes.len();
        nodes.push([0, 0]);
        let zero = parse(bits, nodes, depth + 1)?;
        let one = parse(bits, nodes, depth + 1)?;
        nodes[index] = [zero, one];
        Ok(index as u32)
    }
    let mut bits = HighFirst::new(input);
    let mut nodes = Vec::new();
    let root = parse(&mut bits, &mut nodes, 0)?;
    let mut out = Vec::with_capacity(len.min(input.len().saturating_mul(16) + 4096));
    while out.len() < len {
        let mut at = root;
        while at & LEAF == 0 {
            at = nodes[at as usize][bits.bit() as usize];
        }
        out.push(at as u8);
        if bits.overrun() {
            return Err(format!("the data ends after {} of {len} bytes", out.len()));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn huffman_tree_and_codes() {
        // Tree: 0 -> (1 'a', 1 'b'): codes a = 0, b = 1. Bits: 0 1 01100001 1 01100010, then
        // the message "abba" = 0 1 1 0.
        let bits = "0101100001101100010".to_string() + "0110";
        let mut bytes = vec![0u8; bits.len().div_ceil(8)];
        for (i, c) in bits.chars().enumerate() {
            if c == '1' {
                bytes[i / 8] |= 0x80 >> (i % 8);
            }
        }
        assert_eq!(super::huffman(&bytes, 4).unwrap(), b"abba");
        assert!(super::huffman(&bytes, 40).is_err());
    }

    #[test]
    fn rle90_runs_and_literal_marker() {
        assert_eq!(super::rle90(&[b'x', 0x90, 4, 0x90, 0, b'y'], 6).unwrap(), b"xxxx\x90y");
        assert!(super::rle90(&[b'x', 0x90, 200], 6).is_err());
    }
}
