//! Mac OS Roman text: file and resource names on classic Macs.

/// Decode Mac Roman bytes.
pub fn decode(bytes: &[u8]) -> String {
    encoding_rs::MACINTOSH.decode_without_bom_handling(bytes).0.into_owned()
}

/// The Mac Roman byte of `ch`, if it has one.
pub fn encode_char(ch: char) -> Option<u8> {
    if ch.is_ascii() {
        return u8::try_from(ch).ok();
    }
    (0x80u8..=0xFF).find(|&b| decode(&[b]).starts_with(ch))
}

/// Encode text as Mac Roman; `None` when a character has no Mac Roman byte.
pub fn encode(text: &str) -> Option<Vec<u8>> {
    text.chars().map(encode_char).collect()
}
