//! Rez / DeRez text for resource forks: `data 'TYPE' (id, "name", attrs) { $"…" };`.
//!
//! [`derez`] prints DeRez's layout (16 bytes a line in groups of 4 hex digits, an ASCII column in
//! a `/* */` comment). What Rez text cannot say — the fork's file attributes, reserved header
//! bytes, stored handles and, when the layout is not the compact one, where each piece lay — goes
//! into one leading `/* pzl-fork {…} */` comment (JSON), which Rez ignores and [`rez`] reads, so
//! `rez(derez(fork))` gives back the same bytes.

use serde::{Deserialize, Serialize};

use crate::fork::{Layout, Resource, ResourceFork, hex, unhex};
use crate::{Error, Result};

const MARK: &str = "/* pzl-fork ";

#[derive(Debug, Default, Serialize, Deserialize)]
struct Extras {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    header_extra: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    map_header_copy: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    next_map_handle: u32,
    #[serde(default, skip_serializing_if = "is_zero16")]
    file_ref: u16,
    #[serde(default, skip_serializing_if = "is_zero16")]
    attributes: u16,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    handles: Vec<Vec<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    layout: Option<Layout>,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}
fn is_zero16(v: &u16) -> bool {
    *v == 0
}

const ATTRIBUTES: [(u8, &str); 5] =
    [(0x40, "sysheap"), (0x20, "purgeable"), (0x10, "locked"), (0x08, "protected"), (0x04, "preload")];

fn quote(bytes: &[u8], delim: u8) -> String {
    let mut out = String::new();
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            _ if b == delim => {
                out.push('\\');
                out.push(char::from(b));
            }
            0x20..=0x7E => out.push(char::from(b)),
            _ => out.push_str(&format!("\\0x{b:02X}")),
        }
    }
    out
}

/// DeRez-style text of a whole fork.
pub fn derez(fork: &ResourceFork, original: &[u8]) -> String {
    let mut extras = Extras::default();
    if fork.header_extra.iter().any(|&b| b != 0) {
        extras.header_extra = hex(&fork.header_extra);
    }
    if fork.map_header_copy != [0; 16] {
        extras.map_header_copy = hex(&fork.map_header_copy);
    }
    extras.next_map_handle = fork.next_map_handle;
    extras.file_ref = fork.file_ref;
    extras.attributes = fork.attributes;
    if fork.iter().any(|(_, r)| r.handle != 0) {
        extras.handles = fork.types.iter().map(|t| t.resources.iter().map(|r| r.handle).collect()).collect();
    }
    let mut compact = fork.clone();
    compact.set_layout(None);
    if compact.write().ok().as_deref() != Some(original) {
        extras.layout = fork.layout().cloned();
    }
    let mut out = String::new();
    let json = serde_json::to_string(&extras).unwrap_or_default();
    if json != "{}" {
        out.push_str(MARK);
        out.push_str(&json);
        out.push_str(" */\n\n");
    }
    for (code, res) in fork.iter() {
        if let Some(c) = res.compression() {
            // The data below stays as stored (so Rez gives back the same fork); say what it is.
            let state = match res.contents() {
                Ok(d) => format!("{} bytes once decompressed", d.len()),
                Err(e) => format!("does not decompress: {e}"),
            };
            out.push_str(&format!("/* compressed with 'dcmp' {}: {state} */\n", c.dcmp_id));
        }
        out.push_str(&format!("data '{}' ({}", quote(code, b'\''), res.id));
        if let Some(name) = &res.name {
            out.push_str(&format!(", \"{}\"", quote(name, b'"')));
        }
        let known: u8 = ATTRIBUTES.iter().map(|(bit, _)| bit).sum();
        if res.attributes & !known != 0 {
            out.push_str(&format!(", ${:02X}", res.attributes));
        } else {
            for (bit, word) in ATTRIBUTES {
                if res.attributes & bit != 0 {
                    out.push_str(", ");
                    out.push_str(word);
                }
            }
        }
        out.push_str(") {\n");
        for chunk in res.data.chunks(16) {
            let mut line = String::from("\t$\"");
            for (i, pair) in chunk.chunks(2).enumerate() {
                if i > 0 {
                    line.push(' ');
                }
                pair.iter().for_each(|b| line.push_str(&format!("{b:02X}")));
            }
            line.push('"');
            while line.len() < 55 {
                line.push(' ');
            }
            line.push_str("/* ");
            let comment_at = line.len();
            let mut prev = 0u8;
            for &b in chunk {
                let shown = if (0x20..0x7F).contains(&b) && !(prev == b'*' && b == b'/') {
                    char::from(b)
                } else {
                    '.'
                };
                line.push(shown);
                prev = if shown == '.' { 0 } else { b };
            }
            // Data that reads `pzl-fork ` must not make its comment look like the fork comment.
            if line[comment_at - 3..].starts_with(MARK) {
                line.replace_range(comment_at..comment_at + 1, ".");
            }
            line.push_str(" */\n");
            out.push_str(&line);
        }
        out.push_str("};\n\n");
    }
    out
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    Number(i64),
    Chars(Vec<u8>),
    Str(Vec<u8>),
    Hex(Vec<u8>),
    Punct(u8),
}

struct Lexer<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
    extras: Option<String>,
}

impl Lexer<'_> {
    fn err(&self, message: impl Into<String>) -> Error {
        Error::Line { line: self.line, message: message.into() }
    }

    fn skip(&mut self) -> Result<()> {
        loop {
            match self.text.get(self.pos..) {
                Some([b'\n', ..]) => {
                    self.line += 1;
                    self.pos += 1;
                }
                Some([b' ' | b'\t' | b'\r' | 0x0C, ..]) => self.pos += 1,
                Some([b'/', b'*', ..]) => {
                    let start = self.pos;
                    let end = self.text[start + 2..]
                        .windows(2)
                        .position(|w| w == b"*/")
                        .ok_or_else(|| self.err("unterminated comment"))?;
                    let body = &self.text[start..start + 2 + end + 2];
                    if body.starts_with(MARK.as_bytes()) && self.extras.is_none() {
                        let json = &body[MARK.len()..body.len() - 2];
                        self.extras = Some(String::from_utf8_lossy(json).into_owned());
                    }
                    self.line += body.iter().filter(|&&b| b == b'\n').count();
                    self.pos = start + body.len();
                }
                Some([b'/', b'/', ..]) => {
                    while self.text.get(self.pos).is_some_and(|&b| b != b'\n' && b != b'\r') {
                        self.pos += 1;
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn quoted(&mut self, delim: u8) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.pos += 1;
        loop {
            let b = *self.text.get(self.pos).ok_or_else(|| self.err("unterminated string"))?;
            self.pos += 1;
            if b == delim {
                return Ok(out);
            }
            if b == b'\n' {
                return Err(self.err("newline inside a string"));
            }
            if b != b'\\' {
                out.push(b);
                continue;
            }
            let e = *self.text.get(self.pos).ok_or_else(|| self.err("unterminated string"))?;
            self.pos += 1;
            let simple = match e {
                b'n' => Some(0x0D),
                b'r' => Some(0x0A),
                b't' => Some(0x09),
                b'b' => Some(0x08),
                b'v' => Some(0x0B),
                b'f' => Some(0x0C),
                b'?' => Some(0x7F),
                b'\\' | b'\'' | b'"' => Some(e),
                _ => None,
            };
            if let Some(v) = simple {
                out.push(v);
            } else if e == b'0' && matches!(self.text.get(self.pos), Some(b'x' | b'X')) {
                let h =
                    self.text.get(self.pos + 1..self.pos + 3).ok_or_else(|| self.err("bad \\0x escape"))?;
                let v = std::str::from_utf8(h).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
                out.push(v.ok_or_else(|| self.err("bad \\0x escape"))?);
                self.pos += 3;
            } else if e == b'$' {
                let h = self.text.get(self.pos..self.pos + 2).ok_or_else(|| self.err("bad \\$ escape"))?;
                let v = std::str::from_utf8(h).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
                out.push(v.ok_or_else(|| self.err("bad \\$ escape"))?);
                self.pos += 2;
            } else if e.is_ascii_digit() {
                let start = self.pos - 1;
                let mut end = start;
                while end < start + 3 && self.text.get(end).is_some_and(|d| (b'0'..=b'7').contains(d)) {
                    end += 1;
                }
                let v = std::str::from_utf8(&self.text[start..end])
                    .ok()
                    .and_then(|o| u8::from_str_radix(o, 8).ok());
                out.push(v.ok_or_else(|| self.err("bad octal escape"))?);
                self.pos = end;
            } else {
                return Err(self.err(format!("unknown escape `\\{}`", char::from(e))));
            }
        }
    }

    fn next(&mut self) -> Result<Option<Token>> {
        self.skip()?;
        let Some(&b) = self.text.get(self.pos) else { return Ok(None) };
        let tok = match b {
            b'(' | b')' | b'{' | b'}' | b',' | b';' => {
                self.pos += 1;
                Token::Punct(b)
            }
            b'\'' => Token::Chars(self.quoted(b'\'')?),
            b'"' => Token::Str(self.quoted(b'"')?),
            b'$' if self.text.get(self.pos + 1) == Some(&b'"') => {
                self.pos += 1;
                let raw = self.quoted(b'"')?;
                let digits: Vec<u8> = raw.into_iter().filter(|c| !c.is_ascii_whitespace()).collect();
                let text = String::from_utf8_lossy(&digits).into_owned();
                Token::Hex(unhex(&text).ok_or_else(|| self.err(format!("bad hex string `$\"{text}\"`")))?)
            }
            b'$' | b'-' | b'0'..=b'9' => {
                let start = self.pos;
                self.pos += 1;
                while self.text.get(self.pos).is_some_and(|c| c.is_ascii_alphanumeric()) {
                    self.pos += 1;
                }
                let word = String::from_utf8_lossy(&self.text[start..self.pos]).into_owned();
                let (neg, digits) = match word.strip_prefix('-') {
                    Some(d) => (true, d),
                    None => (false, word.as_str()),
                };
                let value = if let Some(h) = digits.strip_prefix('$').or_else(|| digits.strip_prefix("0x")) {
                    i64::from_str_radix(h, 16)
                } else {
                    digits.parse()
                };
                let v = value.map_err(|_| self.err(format!("bad number `{word}`")))?;
                Token::Number(if neg { -v } else { v })
            }
            _ if b.is_ascii_alphabetic() || b == b'_' => {
                let start = self.pos;
                while self.text.get(self.pos).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
                    self.pos += 1;
                }
                Token::Ident(String::from_utf8_lossy(&self.text[start..self.pos]).into_owned())
            }
            _ => return Err(self.err(format!("unexpected `{}`", b.escape_ascii()))),
        };
        Ok(Some(tok))
    }

    fn expect(&mut self, p: u8) -> Result<()> {
        match self.next()? {
            Some(Token::Punct(q)) if q == p => Ok(()),
            other => Err(self.err(format!("expected `{}`, found {other:?}", char::from(p)))),
        }
    }
}

/// Compile Rez text (the `data` statements) into a fork.
pub fn rez(text: &[u8]) -> Result<ResourceFork> {
    let mut lx = Lexer { text, pos: 0, line: 1, extras: None };
    let mut fork = ResourceFork::new();
    while let Some(tok) = lx.next()? {
        match tok {
            Token::Ident(w) if w == "data" => {}
            other => {
                return Err(lx.err(format!(
                    "expected `data`, found {other:?} (only `data` statements are supported)"
                )));
            }
        }
        let code = match lx.next()? {
            Some(Token::Chars(c)) if c.len() == 4 => [c[0], c[1], c[2], c[3]],
            other => return Err(lx.err(format!("expected a 4-character type like 'STR ', found {other:?}"))),
        };
        lx.expect(b'(')?;
        let id = match lx.next()? {
            Some(Token::Number(n)) => {
                i16::try_from(n).map_err(|_| lx.err(format!("ID {n} is outside -32768..32767")))?
            }
            other => return Err(lx.err(format!("expected a resource ID, found {other:?}"))),
        };
        let mut res = Resource::new(id, None, Vec::new());
        loop {
            match lx.next()? {
                Some(Token::Punct(b')')) => break,
                Some(Token::Punct(b',')) => {}
                other => return Err(lx.err(format!("expected `,` or `)`, found {other:?}"))),
            }
            match lx.next()? {
                Some(Token::Str(s)) if res.name.is_none() && res.attributes == 0 => {
                    if s.len() > 255 {
                        return Err(lx.err("a resource name has at most 255 bytes"));
                    }
                    res.name = Some(s);
                }
                Some(Token::Number(n)) => {
                    res.attributes |=
                        u8::try_from(n).map_err(|_| lx.err(format!("attributes {n} exceed a byte")))?
                }
                Some(Token::Ident(w)) => {
                    let bit =
                        ATTRIBUTES.iter().find(|(_, k)| *k == w).map(|(b, _)| *b).or(match w.as_str() {
                            "appheap" | "nonpurgeable" | "unlocked" | "unprotected" | "nonpreload" => Some(0),
                            _ => None,
                        });
                    res.attributes |= bit.ok_or_else(|| lx.err(format!("unknown attribute `{w}`")))?;
                }
                other => return Err(lx.err(format!("expected a name or an attribute, found {other:?}"))),
            }
        }
        lx.expect(b'{')?;
        loop {
            match lx.next()? {
                Some(Token::Punct(b'}')) => break,
                Some(Token::Hex(h)) | Some(Token::Str(h)) => res.data.extend_from_slice(&h),
                other => return Err(lx.err(format!("expected $\"hex\", \"text\" or `}}`, found {other:?}"))),
            }
        }
        lx.expect(b';')?;
        if fork.get(&code, id).is_some() {
            return Err(lx.err(format!("resource '{}' {id} is defined twice", quote(&code, b'\''))));
        }
        fork.insert(code, res);
    }
    if let Some(json) = lx.extras.take() {
        let extras: Extras = serde_json::from_str(json.trim())
            .map_err(|e| Error::Other(format!("the pzl-fork comment is not valid: {e}")))?;
        if let Some(h) = unhex(&extras.header_extra).filter(|h| h.len() == 240) {
            fork.header_extra = h;
        }
        if let Some(copy) = unhex(&extras.map_header_copy).filter(|h| h.len() == 16) {
            fork.map_header_copy.copy_from_slice(&copy);
        }
        fork.next_map_handle = extras.next_map_handle;
        fork.file_ref = extras.file_ref;
        fork.attributes = extras.attributes;
        for (t, handles) in fork.types.iter_mut().zip(&extras.handles) {
            for (r, h) in t.resources.iter_mut().zip(handles) {
                r.handle = *h;
            }
        }
        fork.set_layout(extras.layout);
    }
    Ok(fork)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_that_reads_like_the_fork_comment_derezzes_to_text_that_compiles() {
        // Found by the rez fuzz target: a 16-byte line of data starting `pzl-fork ` made its
        // ASCII comment `/* pzl-fork … */`, which rez took for the fork's JSON comment.
        let source = b"data 'TEXT' (128) { \"pzl-fork {not json} and more\" };";
        let fork = rez(source).unwrap();
        let bytes = fork.write().unwrap();
        let text = derez(&ResourceFork::read(&bytes).unwrap(), &bytes);
        assert_eq!(rez(text.as_bytes()).unwrap().write().unwrap(), bytes, "{text}");
    }

    #[test]
    fn derez_layout_matches_derez() {
        let mut fork = ResourceFork::new();
        let data = b")The String, with attributes".to_vec();
        fork.insert(
            *b"STR ",
            Resource {
                attributes: 0x40,
                ..Resource::new(131, Some(b"The Name with Attributes".to_vec()), data)
            },
        );
        let bytes = fork.write().unwrap();
        let text = derez(&ResourceFork::read(&bytes).unwrap(), &bytes);
        assert!(text.starts_with(
            "data 'STR ' (131, \"The Name with Attributes\", sysheap) {\n\t$\"2954 6865 2053 7472 696E 672C 2077 6974\"            /* )The String, wit */\n"
        ), "{text}");
        assert_eq!(rez(text.as_bytes()).unwrap().write().unwrap(), bytes);
    }

    #[test]
    fn escapes_and_errors() {
        let fork = rez(b"data '\\0x96tbl' (-1, \"a\\nb\", $41) { \"x\" $\"0102\" };").unwrap();
        let r = fork.get(&[0x96, b't', b'b', b'l'], -1).unwrap();
        assert_eq!(r.name.as_deref(), Some(&b"a\rb"[..]));
        assert_eq!(r.attributes, 0x41);
        assert_eq!(r.data, b"x\x01\x02");
        let err = rez(b"data 'STR ' (1) {\n $\"0G\" };").unwrap_err();
        assert!(err.to_string().starts_with("line 2"), "{err}");
    }
}
