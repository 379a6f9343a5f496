//! Inline markup in clues: italic, bold, underline, strike-through, subscript and superscript.
//!
//! The model keeps a clue as its plain text (what `.puz`, checks and searches use) plus a list of
//! [`Span`]s over it, so every format reads into the same shape and writes its own spelling:
//! ipuz and JPZ as HTML-like tags (`<i>…</i>`), `.xd` as `{/…/}`. Formats without markup
//! (`.puz`, Across Lite text) write the plain text and name the markup as lost.

use serde::Serialize;

/// A kind of inline markup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// Italic (`<i>`, `<em>`; `.xd` `{/…/}`).
    Italic,
    /// Bold (`<b>`, `<strong>`; `.xd` `{*…*}`).
    Bold,
    /// Underlined (`<u>`; `.xd` `{_…_}`).
    Underline,
    /// Struck through (`<s>`, `<strike>`, `<del>`; `.xd` `{-…-}`).
    Strike,
    /// Subscript (`<sub>`; `.xd` `{~…~}`).
    Sub,
    /// Superscript (`<sup>`; `.xd` `{^…^}`).
    Sup,
}

impl Style {
    /// The tag written for the style in ipuz and JPZ.
    pub fn tag(self) -> &'static str {
        match self {
            Style::Italic => "i",
            Style::Bold => "b",
            Style::Underline => "u",
            Style::Strike => "s",
            Style::Sub => "sub",
            Style::Sup => "sup",
        }
    }

    /// The style of an HTML-like tag name (case-insensitive), if it is one.
    pub fn from_tag(name: &str) -> Option<Style> {
        Some(match name.to_ascii_lowercase().as_str() {
            "i" | "em" => Style::Italic,
            "b" | "strong" => Style::Bold,
            "u" => Style::Underline,
            "s" | "strike" | "del" => Style::Strike,
            "sub" => Style::Sub,
            "sup" => Style::Sup,
            _ => return None,
        })
    }

    /// The character `.xd` writes inside the braces (`{/italic/}`).
    pub fn xd_mark(self) -> char {
        match self {
            Style::Italic => '/',
            Style::Bold => '*',
            Style::Underline => '_',
            Style::Strike => '-',
            Style::Sub => '~',
            Style::Sup => '^',
        }
    }

    fn from_xd_mark(c: char) -> Option<Style> {
        [Style::Italic, Style::Bold, Style::Underline, Style::Strike, Style::Sub, Style::Sup]
            .into_iter()
            .find(|s| s.xd_mark() == c)
    }
}

/// One run of styled text: byte offsets `start..end` into the clue's plain text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    /// The markup.
    pub style: Style,
    /// The first byte of the run in the plain text.
    pub start: usize,
    /// One past the last byte of the run.
    pub end: usize,
}

/// Split HTML-like clue text (as ipuz holds it) into plain text and spans. Only the tags of a
/// [`Style`] are markup; any other `<…>` stays text. When the text has markup, the entities
/// `&amp; &lt; &gt; &quot; &#39;` are decoded too; text without markup is returned unchanged, so
/// a clue that merely contains `&` or `<` keeps every byte.
pub fn from_html(text: &str) -> (String, Vec<Span>) {
    if !text.contains('<') {
        return (text.to_string(), Vec::new());
    }
    let mut plain = String::with_capacity(text.len());
    let mut spans = Vec::new();
    let mut open: Vec<(Style, usize)> = Vec::new();
    let mut rest = text;
    let mut any = false;
    while let Some(lt) = rest.find('<') {
        plain.push_str(&rest[..lt]);
        let after = &rest[lt + 1..];
        let tag = after.find('>').map(|gt| (&after[..gt], gt));
        let parsed = tag.and_then(|(inner, gt)| {
            let (closing, name) = match inner.strip_prefix('/') {
                Some(name) => (true, name),
                None => (false, inner),
            };
            Style::from_tag(name.trim()).map(|style| (closing, style, gt))
        });
        match parsed {
            Some((false, style, gt)) => {
                open.push((style, plain.len()));
                rest = &after[gt + 1..];
                any = true;
            }
            Some((true, style, gt)) if open.iter().any(|&(s, _)| s == style) => {
                // Close the innermost run of this style (and any left open inside it).
                while let Some((s, start)) = open.pop() {
                    if start < plain.len() {
                        spans.push(Span { style: s, start, end: plain.len() });
                    }
                    if s == style {
                        break;
                    }
                }
                rest = &after[gt + 1..];
                any = true;
            }
            _ => {
                plain.push('<');
                rest = after;
            }
        }
    }
    plain.push_str(rest);
    if !any {
        return (text.to_string(), Vec::new());
    }
    while let Some((style, start)) = open.pop() {
        if start < plain.len() {
            spans.push(Span { style, start, end: plain.len() });
        }
    }
    // Decode the entities, moving the spans with the bytes they shrink.
    let (decoded, spans) = decode_entities(&plain, spans);
    (decoded, sorted(spans))
}

fn decode_entities(plain: &str, mut spans: Vec<Span>) -> (String, Vec<Span>) {
    const ENTITIES: [(&str, char); 5] =
        [("&amp;", '&'), ("&lt;", '<'), ("&gt;", '>'), ("&quot;", '"'), ("&#39;", '\'')];
    if !plain.contains('&') {
        return (plain.to_string(), spans);
    }
    let mut out = String::with_capacity(plain.len());
    // Old offset -> new offset, for every old byte boundary the spans use.
    let mut map: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < plain.len() {
        map.push((i, out.len()));
        let rest = &plain[i..];
        if let Some((entity, c)) = ENTITIES.iter().find(|(e, _)| rest.starts_with(e)) {
            out.push(*c);
            i += entity.len();
        } else if let Some(c) = rest.chars().next() {
            out.push(c);
            i += c.len_utf8();
        } else {
            break;
        }
    }
    map.push((plain.len(), out.len()));
    let moved = |at: usize| map.iter().find(|&&(old, _)| old >= at).map_or(out.len(), |&(_, new)| new);
    for span in &mut spans {
        span.start = moved(span.start);
        span.end = moved(span.end);
    }
    spans.retain(|s| s.start < s.end);
    (out, spans)
}

/// Write plain text and spans as HTML-like text (ipuz). Without spans the text is returned as
/// it is; with spans, `&`, `<` and `>` in the text are escaped.
pub fn to_html(plain: &str, spans: &[Span]) -> String {
    if spans.is_empty() {
        return plain.to_string();
    }
    to_tags(plain, spans, escape_html)
}

/// Write plain text and spans as tags (`<i>…</i>`), the text between them escaped by `escape`
/// (JPZ escapes for XML its own way).
pub fn to_tags(plain: &str, spans: &[Span], mut escape: impl FnMut(&str) -> String) -> String {
    if spans.is_empty() {
        return escape(plain);
    }
    render(plain, spans, |s| format!("<{}>", s.tag()), |s| format!("</{}>", s.tag()), escape)
}

/// Move spans over `raw` onto `raw.trim()`: the text a reader keeps after trimming.
pub fn trimmed(raw: &str, spans: Vec<Span>) -> Vec<Span> {
    // Nearly every clue has none: nothing to measure.
    if spans.is_empty() {
        return spans;
    }
    let lead = raw.len() - raw.trim_start().len();
    let len = raw.trim().len();
    let out: Vec<Span> = spans
        .into_iter()
        .map(|s| Span {
            style: s.style,
            start: s.start.saturating_sub(lead).min(len),
            end: s.end.saturating_sub(lead).min(len),
        })
        .filter(|s| s.start < s.end)
        .collect();
    sorted(out)
}

/// Escape text for XML or HTML content.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Split `.xd` clue text into plain text and spans (`{/italic/}`, `{*bold*}`, `{_underline_}`,
/// `{-strike-}`, `{~sub~}`, `{^sup^}`, nested). Braces that do not open or close a run stay text.
pub fn from_xd(text: &str) -> (String, Vec<Span>) {
    if !text.contains('{') {
        return (text.to_string(), Vec::new());
    }
    let mut plain = String::with_capacity(text.len());
    let mut spans = Vec::new();
    let mut open: Vec<(Style, usize)> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        if c == '{'
            && let Some(style) = next.and_then(Style::from_xd_mark)
        {
            chars.next();
            open.push((style, plain.len()));
            continue;
        }
        if next == Some('}')
            && let Some(&(style, start)) = open.last()
            && style.xd_mark() == c
        {
            chars.next();
            open.pop();
            if start < plain.len() {
                spans.push(Span { style, start, end: plain.len() });
            }
            continue;
        }
        plain.push(c);
    }
    if !open.is_empty() {
        // A run that never closes: the text was not markup after all.
        return (text.to_string(), Vec::new());
    }
    (plain, sorted(spans))
}

/// Write plain text and spans in `.xd`'s markup.
pub fn to_xd(plain: &str, spans: &[Span]) -> String {
    if spans.is_empty() {
        return plain.to_string();
    }
    render(plain, spans, |s| format!("{{{}", s.xd_mark()), |s| format!("{}}}", s.xd_mark()), str::to_string)
}

/// Spans in a canonical order: by start, the longer first.
fn sorted(mut spans: Vec<Span>) -> Vec<Span> {
    spans.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end), s.style as u8));
    spans.dedup();
    spans
}

/// Write `plain` with runs opened and closed around it, properly nested (overlapping spans are
/// split where they cross).
fn render(
    plain: &str,
    spans: &[Span],
    open: impl Fn(Style) -> String,
    close: impl Fn(Style) -> String,
    mut escape: impl FnMut(&str) -> String,
) -> String {
    let spans: Vec<Span> = sorted(
        spans
            .iter()
            .copied()
            .filter(|s| {
                s.start < s.end
                    && s.end <= plain.len()
                    && plain.is_char_boundary(s.start)
                    && plain.is_char_boundary(s.end)
            })
            .collect(),
    );
    let mut cuts: Vec<usize> = spans.iter().flat_map(|s| [s.start, s.end]).chain([0, plain.len()]).collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = String::with_capacity(plain.len() + 8 * spans.len());
    let mut stack: Vec<Span> = Vec::new();
    for pair in cuts.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let text = escape(&plain[a..b]);
        if text.is_empty() {
            // Nothing of it survives in the target (a character JPZ cannot hold): no empty run.
            continue;
        }
        let active: Vec<Span> = spans.iter().copied().filter(|s| s.start <= a && s.end >= b).collect();
        let keep = stack.iter().zip(&active).take_while(|(x, y)| x == y).count();
        while stack.len() > keep {
            if let Some(s) = stack.pop() {
                out.push_str(&close(s.style));
            }
        }
        for s in &active[keep..] {
            out.push_str(&open(s.style));
            stack.push(*s);
        }
        out.push_str(&text);
    }
    while let Some(s) = stack.pop() {
        out.push_str(&close(s.style));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_tags_become_spans_and_write_back() {
        let (plain, spans) = from_html("See <i>Hamlet</i> &amp; <b>M<sup>2</sup></b>");
        assert_eq!(plain, "See Hamlet & M2");
        assert_eq!(
            spans,
            vec![
                Span { style: Style::Italic, start: 4, end: 10 },
                Span { style: Style::Bold, start: 13, end: 15 },
                Span { style: Style::Sup, start: 14, end: 15 },
            ]
        );
        assert_eq!(to_html(&plain, &spans), "See <i>Hamlet</i> &amp; <b>M<sup>2</sup></b>");
        assert_eq!(to_xd(&plain, &spans), "See {/Hamlet/} & {*M{^2^}*}");
        assert_eq!(from_xd(&to_xd(&plain, &spans)), (plain, spans));
    }

    #[test]
    fn text_without_markup_keeps_every_byte() {
        for text in ["A & B", "x<y", "&amp; stays", "<span>kept</span>", "{not xd}", "a {/ b"] {
            assert_eq!(from_html(text), (text.to_string(), vec![]), "{text}");
            assert_eq!(from_xd(text), (text.to_string(), vec![]), "{text}");
            assert_eq!(to_html(text, &[]), text);
        }
    }

    #[test]
    fn a_run_whose_text_the_target_cannot_hold_is_not_written_empty() {
        let spans = [Span { style: Style::Italic, start: 1, end: 2 }];
        assert_eq!(to_tags("a\u{1}b", &spans, |s| s.replace('\u{1}', "")), "ab");
    }

    #[test]
    fn overlapping_spans_are_split_to_nest() {
        let spans =
            [Span { style: Style::Italic, start: 0, end: 4 }, Span { style: Style::Bold, start: 2, end: 6 }];
        assert_eq!(to_html("abcdef", &spans), "<i>ab<b>cd</b></i><b>ef</b>");
        let (plain, back) = from_html(&to_html("abcdef", &spans));
        assert_eq!(plain, "abcdef");
        assert_eq!(back.len(), 3);
    }
}
