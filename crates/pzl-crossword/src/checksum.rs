//! The `.puz` checksum: a 16-bit rotate-and-add over bytes (a CRC-16 variant, per the format notes).

/// Continue the checksum `c` over `bytes`.
#[inline]
pub fn cksum(bytes: &[u8], c: u16) -> u16 {
    bytes.iter().fold(c, |c, &b| c.rotate_right(1).wrapping_add(u16::from(b)))
}

/// Two checksums over the same bytes at once, from different starting values. The two chains are
/// independent, so the processor runs them side by side (each byte costs about one chain's time).
#[inline]
pub fn cksum2(bytes: &[u8], a: u16, b: u16) -> (u16, u16) {
    bytes.iter().fold((a, b), |(a, b), &x| {
        (a.rotate_right(1).wrapping_add(u16::from(x)), b.rotate_right(1).wrapping_add(u16::from(x)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_from_the_notes() {
        assert_eq!(cksum(b"", 0), 0);
        assert_eq!(cksum(b"A", 0), 65);
        assert_eq!(cksum(b"AB", 0), 32866);
        assert_eq!(cksum(b"ACROSS&DOWN", 0), 9821);
        assert_eq!(cksum(b"ICHEATED", 0), 52875);
    }

    #[test]
    fn continuing_equals_concatenating() {
        assert_eq!(cksum(b"CD", cksum(b"AB", 7)), cksum(b"ABCD", 7));
        assert_eq!(cksum2(b"ACROSS", 3, 9), (cksum(b"ACROSS", 3), cksum(b"ACROSS", 9)));
    }
}
