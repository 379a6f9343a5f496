//! The description of one file format: what `pzl formats` prints and what detection uses.

use serde::Serialize;

/// How sure a content test is. A specific extension (one only this format claims) beats a
/// [`Confidence::Weak`] content guess; a [`Confidence::Strong`] one (a magic number, an
/// unmistakable first line) beats any extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    /// The content could be this format, but text of other formats could look the same.
    Weak,
    /// The content can be nothing else: a magic number or a signature line.
    Strong,
}

/// One file format of a puzzle kind.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct FormatInfo {
    /// The name `--from`/`--to` use, e.g. `tootsweet`, `puz`, `apad`.
    pub name: &'static str,
    /// The kind of puzzle its files hold (`masyu`, `crossword`, …).
    pub kind: &'static str,
    /// One line for `pzl formats`.
    pub description: &'static str,
    /// Extensions (lower case, without the dot) that suggest the format, most usual first.
    pub extensions: &'static [&'static str],
    /// The content test, `None` when the content alone cannot tell.
    #[serde(skip)]
    pub detect: Option<fn(&[u8]) -> bool>,
    /// How sure the content test is.
    pub confidence: Confidence,
    /// pzl reads it.
    pub read: bool,
    /// pzl writes it.
    pub write: bool,
}

impl FormatInfo {
    /// Whether the content test recognises `bytes`.
    pub fn detects(&self, bytes: &[u8]) -> bool {
        self.detect.is_some_and(|looks_like| looks_like(bytes))
    }

    /// Whether `ext` (any case, without the dot) is one of the format's extensions.
    pub fn has_extension(&self, ext: &str) -> bool {
        self.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext))
    }
}

/// The formats of one kind, as the kind's own enum: every kind lists its formats the same way, and
/// the lookups by name and by content are written once, here.
pub trait FormatTable: Copy + Eq + std::fmt::Debug + 'static {
    /// Every format of the kind, most specific content test first (the detection order).
    const ALL: &'static [Self];

    /// The description of the format: name, extensions, content test, abilities.
    fn info(self) -> &'static FormatInfo;

    /// The name `--from`/`--to` use.
    fn name(self) -> &'static str {
        self.info().name
    }

    /// The format called `name` (any case), if the kind has one.
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// The first format (in [`FormatTable::ALL`] order) whose content test recognises `bytes`.
    fn detect(bytes: &[u8]) -> Option<Self> {
        Self::ALL.iter().copied().find(|f| f.info().detects(bytes))
    }
}
