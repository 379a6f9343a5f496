//! Text encodings of `.puz` strings: Windows-1252 before version 2.0, UTF-8 from 2.0 on.
//!
//! Decoding never loses the file (the raw layer keeps the bytes); it only decides how text is
//! shown and converted. UTF-8 found inside a v1.x file (some writers put it there) is still shown
//! as Windows-1252 — real Windows-1252 text can form valid UTF-8 — and reported, so that
//! decoding and encoding again gives back the same bytes.

use encoding_rs::WINDOWS_1252;

/// How a string's bytes were turned into text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoded {
    /// As the version asks.
    AsExpected,
    /// A v1.x string whose bytes also form multi-byte UTF-8 (shown as Windows-1252).
    Utf8InLegacy,
    /// A v2.0 string with invalid UTF-8: the bad bytes became U+FFFD.
    InvalidUtf8,
}

/// The text of `bytes` when it needs no conversion: valid UTF-8 in a UTF-8 file, or ASCII (the
/// same in both encodings, and the common case). Checking a whole run of strings at once is
/// cheaper than checking each.
pub fn unconverted(bytes: &[u8], utf8: bool) -> Option<&str> {
    std::str::from_utf8(bytes).ok().filter(|text| utf8 || text.is_ascii())
}

/// A run of Windows-1252 strings decoded at once: each byte is one character, so a string of
/// the run is the characters at its bytes' places.
pub fn legacy(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    WINDOWS_1252.decode_without_bom_handling(bytes).0
}

/// Decode one string of a file whose strings are UTF-8 (`utf8`) or Windows-1252.
pub fn decode(bytes: &[u8], utf8: bool) -> (String, Decoded) {
    // One UTF-8 validation decides every case (it was made twice for each non-ASCII string).
    match std::str::from_utf8(bytes) {
        Ok(text) if utf8 || text.is_ascii() => (text.to_owned(), Decoded::AsExpected),
        // Windows-1252 text can look like UTF-8 ("é“’" is E9 93 92), so the version decides;
        // the raw bytes are kept either way and the caller can warn.
        Ok(_) => (WINDOWS_1252.decode_without_bom_handling(bytes).0.into_owned(), Decoded::Utf8InLegacy),
        Err(_) if utf8 => (String::from_utf8_lossy(bytes).into_owned(), Decoded::InvalidUtf8),
        Err(_) => (WINDOWS_1252.decode_without_bom_handling(bytes).0.into_owned(), Decoded::AsExpected),
    }
}

/// `text` in Windows-1252, or `None` when a character has no place there.
pub fn encode_legacy(text: &str) -> Option<Vec<u8>> {
    if text.is_ascii() {
        return Some(text.as_bytes().to_vec());
    }
    let (bytes, _, unmappable) = WINDOWS_1252.encode(text);
    (!unmappable).then(|| bytes.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_text_is_windows_1252() {
        assert_eq!(decode(b"\xa9 2007 \x93Q\x94", false).0, "© 2007 \u{201c}Q\u{201d}");
        assert_eq!(encode_legacy("© ’"), Some(b"\xa9 \x92".to_vec()));
        assert_eq!(encode_legacy("⚔"), None);
    }

    #[test]
    fn utf8_in_legacy_files_is_recognised() {
        assert_eq!(decode("café".as_bytes(), false), ("cafÃ©".to_string(), Decoded::Utf8InLegacy));
        assert_eq!(decode(b"\xff", true).1, Decoded::InvalidUtf8);
    }
}
