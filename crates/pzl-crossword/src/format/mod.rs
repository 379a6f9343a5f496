//! The crossword formats: Across Lite `.puz` (binary, byte-exact), Across Lite text, ipuz and `.xd`.
//! [`ALL`] is the detection order, most specific content test first.

pub mod across_text;
pub mod ipuz;
pub mod jpz;
pub mod xd;

use pzl_core::{Confidence, FormatInfo};

/// One crossword file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Across Lite binary `.puz` (v1.2 to v2.0, locked or not), read and written byte for byte.
    Puz,
    /// Across Lite text (`<ACROSS PUZZLE>` v1 and `<ACROSS PUZZLE V2>`).
    AcrossText,
    /// ipuz (ipuz.org v2 JSON), crossword and diagramless kinds.
    Ipuz,
    /// `.xd` (the xd crossword corpus and puzzmo's text format), v1 and v2 layouts.
    Xd,
    /// JPZ (Crossword Compiler XML), zipped or bare; written zipped.
    Jpz,
    /// JPZ written as bare XML (`.xml`); read like [`Format::Jpz`], never detected as such.
    JpzXml,
}

/// Every format, most specific content test first: the `.puz` magic, the text signature line,
/// then the ipuz JSON markers, then the JPZ root element (or ZIP), then the xd section headers.
pub const ALL: [Format; 6] =
    [Format::Puz, Format::AcrossText, Format::Ipuz, Format::Jpz, Format::JpzXml, Format::Xd];

static PUZ: FormatInfo = FormatInfo {
    name: "puz",
    kind: "crossword",
    description: "Across Lite binary crossword (.puz), v1.2-v2.0, locked or not",
    extensions: &["puz"],
    detect: Some(crate::raw::looks_like_puz),
    confidence: Confidence::Strong,
    read: true,
    write: true,
};

static ACROSS_TEXT: FormatInfo = FormatInfo {
    name: "across-text",
    kind: "crossword",
    description: "Across Lite text crossword (<ACROSS PUZZLE> v1 and v2)",
    extensions: &["txt"],
    detect: Some(across_text::looks_like_text),
    // `<ACROSS PUZZLE` as the first line is a signature no other format has.
    confidence: Confidence::Strong,
    read: true,
    write: true,
};

static IPUZ: FormatInfo = FormatInfo {
    name: "ipuz",
    kind: "crossword",
    description: "ipuz crossword (ipuz.org v2 JSON; crossword and diagramless kinds)",
    extensions: &["ipuz"],
    detect: Some(ipuz::looks_like_ipuz),
    // JSON that names ipuz URLs: likely, but any JSON could quote them.
    confidence: Confidence::Weak,
    read: true,
    write: true,
};

static XD: FormatInfo = FormatInfo {
    name: "xd",
    kind: "crossword",
    description: "xd crossword text (.xd), implicit v1 and ## section v2 layouts",
    extensions: &["xd"],
    detect: Some(xd::looks_like_xd),
    // A `## Grid` header or a `Title:` line: plain text any notes file could resemble.
    confidence: Confidence::Weak,
    read: true,
    write: true,
};

static JPZ: FormatInfo = FormatInfo {
    name: "jpz",
    kind: "crossword",
    description: "JPZ crossword (Crossword Compiler XML), zipped or bare; written zipped",
    extensions: &["jpz"],
    detect: Some(jpz::looks_like_jpz),
    // A Crossword Compiler root element (or a ZIP whose first entry is *.xml/*.jpz).
    confidence: Confidence::Strong,
    read: true,
    write: true,
};

static JPZ_XML: FormatInfo = FormatInfo {
    name: "jpz-xml",
    kind: "crossword",
    description: "JPZ crossword as bare Crossword Compiler XML (.xml); detected as jpz",
    extensions: &["xml"],
    // Detection finds bare XML as `jpz`; this name only chooses bare output.
    detect: None,
    confidence: Confidence::Strong,
    read: true,
    write: true,
};

impl Format {
    /// The description of the format (`pzl formats`, detection).
    pub fn info(self) -> &'static FormatInfo {
        match self {
            Format::Puz => &PUZ,
            Format::AcrossText => &ACROSS_TEXT,
            Format::Ipuz => &IPUZ,
            Format::Xd => &XD,
            Format::Jpz => &JPZ,
            Format::JpzXml => &JPZ_XML,
        }
    }
}

impl pzl_core::FormatTable for Format {
    const ALL: &'static [Format] = &ALL;

    fn info(self) -> &'static pzl_core::FormatInfo {
        Format::info(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pzl_core::FormatTable as _;

    #[test]
    fn the_table_names_each_format_once() {
        for f in ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
            assert_eq!(f.info().kind, "crossword");
        }
        assert_eq!(Format::detect(b"<ACROSS PUZZLE>\n<TITLE>\n"), Some(Format::AcrossText));
        assert_eq!(
            Format::detect(br#"{"version":"http://ipuz.org/v2","kind":["http://ipuz.org/crossword#1"]}"#),
            Some(Format::Ipuz)
        );
        assert_eq!(Format::detect(b"hello"), None);
    }
}
