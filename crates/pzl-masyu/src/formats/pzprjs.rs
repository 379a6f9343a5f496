//! puzz.link / pzprjs URLs for Masyu: `https://puzz.link/p?mashu/W/H/<body>` (width first; also
//! the aliases `masyu` and `pearl`, the editor's and player's links `p.html?mashu_edit/…` and
//! `p.html?mashu_play/…`, other hosts such as `pzv.jp/p.html?` or `pzprxs.vercel.app/p?`, the bare
//! `p?mashu/…` and `mashu/…`). The body packs three cells per base-27 character `0–9 a–q` as
//! 9a + 3b + c (0 empty, 1 white, 2 black), row-major. A URL holds pearls only.
//!
//! A file of this format is the URL on one line. Flags before the size (such as `f`, the
//! "loop through every cell" variant) have no place in the model: they are read with a warning.

use crate::error::{Location, ParseError, Parsed, Warning};
use crate::{Board, Cell};

/// The host pzl writes.
pub const HOST: &str = "https://puzz.link/p?";

/// The names pzprjs gives Masyu in its URLs (`pzpr.variety`'s aliases).
pub const TYPES: [&str; 3] = ["mashu", "masyu", "pearl"];

/// The suffixes pzprjs's menus add to the type: the editor's link (`mashu_edit/…`), the
/// player's (`mashu_play/…`) and the test mode's.
const MODES: [&str; 3] = ["_edit", "_play", "_test"];

/// The length of the type (with its mode suffix) `text` starts with, if it starts with one and a `/`.
fn type_at(text: &str) -> Option<usize> {
    TYPES.iter().find_map(|t| {
        let rest = text.strip_prefix(t)?;
        let mode = MODES.iter().find(|m| rest.starts_with(**m)).map_or(0, |m| m.len());
        rest[mode..].starts_with('/').then_some(t.len() + mode)
    })
}

/// Where the `mashu/…` part starts in `text`, if it is a Masyu URL.
fn body_start(text: &str) -> Option<usize> {
    if type_at(text).is_some() {
        return Some(0);
    }
    text.match_indices('?').map(|(i, _)| i + 1).find(|&i| type_at(&text[i..]).is_some())
}

/// Does `bytes` hold one line that is a Masyu puzz.link URL, or a Windows Internet shortcut
/// (`.url`) to one?
pub fn looks_like(bytes: &[u8]) -> bool {
    if let Some(url) = super::shortcut_url(bytes) {
        return body_start(url).is_some();
    }
    let Ok(text) = std::str::from_utf8(bytes) else { return false };
    let text = text.trim();
    !text.contains('\n') && text.len() < 1 << 20 && body_start(text).is_some()
}

fn base27(ch: char) -> Option<u8> {
    match ch {
        '0'..='9' => Some(ch as u8 - b'0'),
        'a'..='q' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

const DIGITS: &[u8; 27] = b"0123456789abcdefghijklmnopq";

/// Read a URL (surrounding whitespace allowed). In a file of several lines, such as a Windows
/// `.url` shortcut (`URL=https://…`), the first line holding a Masyu URL is read. Offsets in
/// errors count from the start of the input.
pub fn read(text: &str) -> Result<Parsed<Board>, ParseError> {
    let line = text.lines().find(|l| body_start(l.trim()).is_some()).unwrap_or(text);
    let url = line.trim();
    let lead = url.as_ptr() as usize - text.as_ptr() as usize;
    let at = |offset: usize, message: String| ParseError::at_offset(lead + offset, message);
    let Some(start) = body_start(url) else {
        return Err(at(0, "expected a puzz.link Masyu URL such as `https://puzz.link/p?mashu/6/6/…`".into()));
    };
    let mut warnings = Vec::new();
    let mut offset = start;
    let mut segments = url[start..].split('/');
    let kind = segments.next().unwrap_or_default();

    offset += kind.len() + 1;
    let mut next_number = |segments: &mut std::str::Split<'_, char>, offset: &mut usize, what: &str| loop {
        let Some(segment) = segments.next() else {
            return Err(at(*offset, format!("expected the {what} after `{kind}/`")));
        };
        let here = *offset;
        *offset += segment.len() + 1;
        if !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()) {
            return super::side(segment, Location::Offset(lead + here), what);
        }
        if what == "height" {
            return Err(at(here, format!("expected the height as a number, found {segment:?}")));
        }
        warnings.push(Warning::at(
            Location::Offset(lead + here),
            match segment {
                "f" => "flag `f` (the loop must pass every cell) has no place in pzl's model; ignored".into(),
                other => format!("unknown flag {other:?} ignored"),
            },
        ));
    };
    let width = next_number(&mut segments, &mut offset, "width")?;
    let height = next_number(&mut segments, &mut offset, "height")?;
    let body = segments.next().unwrap_or_default();
    let body_offset = offset;
    let cells = width * height;
    let expected = cells.div_ceil(3);
    let mut board = Board::new(width, height);
    let mut count = 0;
    for (i, ch) in body.char_indices() {
        if count == expected {
            warnings.push(Warning::at(
                Location::Offset(lead + body_offset + i),
                format!("characters past the {expected} a {width}×{height} body needs are ignored"),
            ));
            break;
        }
        let value = base27(ch).ok_or_else(|| {
            at(body_offset + i, format!("expected a base-27 character 0–9 or a–q, found {ch:?}"))
        })?;
        for (k, weight) in [9u8, 3, 1].into_iter().enumerate() {
            let n = count * 3 + k;
            let cell = match (value / weight) % 3 {
                1 => Cell::White,
                2 => Cell::Black,
                _ => Cell::Empty,
            };
            if n < cells {
                board.set_cell(board.cells().pos(n), cell);
            } else if cell != Cell::Empty {
                warnings.push(Warning::at(
                    Location::Offset(lead + body_offset + i),
                    format!("a pearl past the {width}×{height} cells is ignored"),
                ));
            }
        }
        count += 1;
    }
    if count < expected {
        warnings.push(Warning::at(
            Location::Offset(lead + body_offset + body.len()),
            format!("the body has {count} of {expected} characters; the rest is read as empty"),
        ));
    }
    if let Some(rest) = segments.next().filter(|s| !s.is_empty()) {
        warnings.push(Warning::at(
            Location::Offset(lead + body_offset + body.len() + 1),
            format!("{rest:?} after the body is ignored"),
        ));
    }
    Ok(Parsed { value: board, warnings })
}

/// The URL body: `mashu/W/H/<chars>`.
pub fn write_body(board: &Board) -> String {
    let mut out = format!("mashu/{}/{}/", board.width(), board.height());
    for chunk in board.cells().cells().chunks(3) {
        let mut value = 0usize;
        for (k, weight) in [9usize, 3, 1].into_iter().enumerate() {
            value += weight
                * match chunk.get(k) {
                    Some(Cell::White) => 1,
                    Some(Cell::Black) => 2,
                    _ => 0,
                };
        }
        out.push(DIGITS[value] as char);
    }
    out
}

/// The full puzz.link URL of `board`'s pearls.
pub fn write_url(board: &Board) -> String {
    format!("{HOST}{}", write_body(board))
}

/// The URL on one line (the file form of this format).
pub fn write(board: &Board) -> String {
    format!("{}\n", write_url(board))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pzprjs_test_vector_decodes() {
        let url = "https://puzz.link/p?mashu/6/6/1063000i3000";
        let board = read(url).unwrap();
        assert!(board.warnings.is_empty());
        assert_eq!(
            super::super::text::write(&board.value),
            "6 6\n..W...\n.B..W.\n......\n...B..\n.W....\n......\n"
        );
        assert_eq!(write_url(&board.value), url);
    }

    #[test]
    fn other_hosts_and_aliases_read() {
        let a = read("p?masyu/4/4/020100").unwrap().value;
        let b = read("http://pzv.jp/p.html?mashu/4/4/020100\n").unwrap().value;
        let c = read("mashu/4/4/020100").unwrap().value;
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(write_url(&a), "https://puzz.link/p?mashu/4/4/020100");
    }

    #[test]
    fn edit_and_play_links_and_the_pearl_alias_read() {
        let plain = read("https://puzz.link/p?mashu/6/6/1063000i3000").unwrap().value;
        for url in [
            "https://puzz.link/p.html?mashu_edit/6/6/1063000i3000",
            "https://puzz.link/p.html?mashu_play/6/6/1063000i3000",
            "http://pzv.jp/p.html?pearl/6/6/1063000i3000",
            "pearl_edit/6/6/1063000i3000",
        ] {
            assert!(looks_like(url.as_bytes()), "{url}");
            assert_eq!(read(url).unwrap().value, plain, "{url}");
        }
        assert!(read("https://puzz.link/p.html?mashu_edit/6/6/1063000i3000").unwrap().warnings.is_empty());
        assert!(!looks_like(b"https://puzz.link/p.html?mashuu/6/6/1063000i3000"));
        assert!(!looks_like(b"https://puzz.link/p.html?mashu_x/6/6/1063000i3000"));
    }

    #[test]
    fn a_windows_shortcut_reads() {
        let text = "[InternetShortcut]\r\nURL=https://puzz.link/p?mashu/4/4/020100\r\n";
        // Detected too, so a folder walk takes a shortcut to a puzzle and passes over others.
        assert!(looks_like(text.as_bytes()));
        assert!(looks_like(b"\xef\xbb\xbf[internetshortcut]\n\nurl=p?mashu/4/4/020100\n"));
        assert!(looks_like(b"[InternetShortcut]\nIconIndex=0\nURL=p?mashu/4/4/020100\n"));
        assert!(!looks_like(b"[InternetShortcut]\nURL=https://example.com/\n"));
        assert!(!looks_like(b"[Other]\nURL=https://puzz.link/p?mashu/4/4/020100\n"));
        assert_eq!(read(text).unwrap().value, read("p?mashu/4/4/020100").unwrap().value);
        let e = read("[InternetShortcut]\nURL=p?mashu/4/4/02z100\n").unwrap_err();
        assert_eq!(e.location, Location::Offset(19 + 4 + 14));
    }

    #[test]
    fn flags_and_short_bodies_are_warnings() {
        let p = read("https://puzz.link/p?mashu/f/4/4/020100").unwrap();
        assert_eq!(p.warnings.len(), 1);
        assert!(p.warnings[0].message.contains("flag `f`"));
        let p = read("p?mashu/4/4/02").unwrap();
        assert_eq!(p.warnings.len(), 1);
        let p = read("p?mashu/4/4/0201000").unwrap();
        assert_eq!(p.warnings.len(), 1);
    }

    #[test]
    fn errors_say_where() {
        let e = read("p?mashu/4/4/02z100").unwrap_err();
        assert_eq!(e.location, Location::Offset(14));
        assert!(read("p?mashu/4").is_err());
        assert!(read("p?mashu/4/x/00").is_err());
        assert!(read("p?mashu/0/4/00").is_err());
        assert!(read("p?slither/4/4/00").is_err());
    }
}
