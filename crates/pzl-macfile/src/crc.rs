//! CRC-16/XMODEM (polynomial 0x1021, initial value 0), used by MacBinary II/III and BinHex 4.0.

const TABLE: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = (i as u16) << 8;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 0x8000 != 0 { (crc << 1) ^ 0x1021 } else { crc << 1 };
            bit += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
};

/// Continue a CRC over more bytes.
pub fn update(crc: u16, bytes: &[u8]) -> u16 {
    bytes.iter().fold(crc, |crc, &b| (crc << 8) ^ TABLE[usize::from((crc >> 8) as u8 ^ b)])
}

/// The CRC-16/XMODEM of `bytes`.
pub fn crc16(bytes: &[u8]) -> u16 {
    update(0, bytes)
}

#[cfg(test)]
mod tests {
    #[test]
    fn check_value() {
        assert_eq!(super::crc16(b"123456789"), 0x31C3);
    }
}
