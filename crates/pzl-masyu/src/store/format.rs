//! The one file format of the `masyu-db` kind: TootSweet's `Puzzles.data`.

use pzl_core::{Confidence, FormatInfo};

use super::MAGIC;

/// A file format of the `masyu-db` kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// TootSweet Masyu's `Puzzles.data` (SQLite).
    TootsweetDb,
}

/// Every format, in detection order.
pub const ALL: [Format; 1] = [Format::TootsweetDb];

/// Whether `bytes` start like an SQLite file. Strong: the 16-byte magic is SQLite's own; the
/// schema is checked when the file is read.
fn looks_like_sqlite(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

static TOOTSWEET_DB: FormatInfo = FormatInfo {
    name: "tootsweet-db",
    kind: super::kind::NAME,
    description: "TootSweet Masyu's Puzzles.data (SQLite): puzzles, boards, status",
    extensions: &["data", "sqlite", "db"],
    detect: Some(looks_like_sqlite),
    confidence: Confidence::Strong,
    read: true,
    write: false,
};

impl Format {
    /// The format's description: name, extensions, content test, abilities.
    pub fn info(self) -> &'static FormatInfo {
        match self {
            Format::TootsweetDb => &TOOTSWEET_DB,
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

    #[test]
    fn detects_sqlite_only() {
        let info = Format::TootsweetDb.info();
        assert!(info.detects(b"SQLite format 3\0rest"));
        assert!(!info.detects(b"SQLite format 2\0"));
        assert!(!info.detects(b"4:4:AgAQAA\n"));
        assert!(info.has_extension("DATA") && info.has_extension("sqlite") && info.has_extension("db"));
        assert_eq!((info.read, info.write, info.confidence), (true, false, Confidence::Strong));
    }
}
