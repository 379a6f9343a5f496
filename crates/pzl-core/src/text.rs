//! Text helpers every kind shares: one line splitter (LF, CRLF or CR) and the escaping of text
//! that came from a file before it reaches a terminal.

use std::borrow::Cow;

/// The lines of `text`, split at LF, CRLF or a lone CR (classic Mac files), without their ends.
/// A final line end does not start an empty line.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find(['\n', '\r']) {
            Some(end) => {
                let line = &rest[..end];
                let skip = if rest[end..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[end + skip..];
                Some(line)
            }
            None => Some(std::mem::take(&mut rest)),
        }
    })
}

/// `text` with control characters (terminal escape sequences among them) shown as `\u{..}`
/// escapes, so a title or clue read from a file cannot drive the terminal it is printed on.
/// Tabs and line ends are kept.
pub fn printable(text: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() && c != '\n' && c != '\t';
    // Every control character starts with a byte below 0x20, 0x7F, or 0xC2 (U+0080 to U+009F):
    // text without those bytes, nearly all text, needs no decoding into characters.
    if !text.bytes().any(|b| b < 0x20 || b == 0x7f || b == 0xc2) || !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A file name (or any one-line text from outside: a hash, a key) as it may reach a terminal:
/// every control character escaped as by [`printable`], line ends and tabs too, so a name
/// holding `\n` cannot forge a report line.
pub fn printable_name(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `n` and the noun, in the singular for one: `count(1, "file")` is `1 file`, `count(3, "file")`
/// `3 files` (nouns with a regular plural).
pub fn count(n: impl Into<u128>, noun: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_no_line_end() {
        assert_eq!(printable_name("a\nb\u{1b}]0;x\u{7}"), "a\\u{a}b\\u{1b}]0;x\\u{7}");
        assert!(matches!(printable_name("plain é.puz"), Cow::Borrowed(_)));
    }

    #[test]
    fn lines_split_on_every_line_end() {
        let got: Vec<&str> = lines("a\r\nb\rc\nd").collect();
        assert_eq!(got, ["a", "b", "c", "d"]);
        assert_eq!(lines("a\n").count(), 1);
        assert_eq!(lines("a\n\nb").collect::<Vec<_>>(), ["a", "", "b"]);
        assert_eq!(lines("").count(), 0);
    }

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(count(1u8, "file"), "1 file");
        assert_eq!(count(0u8, "error"), "0 errors");
        assert_eq!(count(24405u32, "board"), "24405 boards");
    }

    #[test]
    fn escapes_reach_no_terminal() {
        assert_eq!(printable("plain\ttext"), "plain\ttext");
        assert_eq!(printable("a\x1b[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(printable("bell\x07"), "bell\\u{7}");
    }
}
