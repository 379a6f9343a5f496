//! The six formats of the `mac` kind: five containers of a resource fork and Rez text. One table
//! says what each is called, which extensions and file names suggest it and how its content is
//! recognised; [`Format::from_file_name`] is the one extension rule for reading, converting and
//! creating files.

use pzl_core::{Confidence, FormatInfo};

use crate::container::{self, ContainerKind};

/// One format of the `mac` kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// AppleSingle v1/v2.
    AppleSingle,
    /// AppleDouble v1/v2 header file (`._name`, `%name`).
    AppleDouble,
    /// BinHex 4.0 text.
    BinHex,
    /// MacBinary I/II/III.
    MacBinary,
    /// A raw resource fork.
    Rsrc,
    /// Rez source (`data` statements).
    Rez,
}

/// Every format, most specific content test first (magic numbers, then the BinHex line, then the
/// MacBinary header heuristics, then a fork that parses, then Rez text).
pub const ALL: [Format; 6] =
    [Format::AppleSingle, Format::AppleDouble, Format::BinHex, Format::MacBinary, Format::Rsrc, Format::Rez];

fn is_kind(bytes: &[u8], kind: ContainerKind) -> bool {
    container::detect(bytes) == Some(kind)
}

/// Rez text: a `data 'TYPE'` statement (or pzl's fork comment) before anything else.
pub fn looks_like_rez(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    let mut rest = text.trim_start();
    while let Some(after) = rest.strip_prefix("/*") {
        if after.starts_with(" pzl-fork ") {
            return true;
        }
        match after.find("*/") {
            Some(end) => rest = after[end + 2..].trim_start(),
            None => return false,
        }
    }
    rest.starts_with("data '")
}

static APPLESINGLE: FormatInfo = FormatInfo {
    name: "applesingle",
    kind: "mac",
    description: "AppleSingle v1/v2 (both forks and Finder info in one file)",
    extensions: &["as"],
    detect: Some(|b| is_kind(b, ContainerKind::AppleSingle)),
    confidence: Confidence::Strong,
    read: true,
    write: true,
};

static APPLEDOUBLE: FormatInfo = FormatInfo {
    name: "appledouble",
    kind: "mac",
    description: "AppleDouble v1/v2 header file (`._name`, `%name`): resource fork and Finder info",
    extensions: &["adf"],
    detect: Some(|b| is_kind(b, ContainerKind::AppleDouble)),
    confidence: Confidence::Strong,
    read: true,
    write: true,
};

static BINHEX: FormatInfo = FormatInfo {
    name: "binhex",
    kind: "mac",
    description: "BinHex 4.0 text encoding of a Mac file",
    extensions: &["hqx"],
    detect: Some(|b| is_kind(b, ContainerKind::BinHex)),
    confidence: Confidence::Strong,
    read: true,
    write: true,
};

static MACBINARY: FormatInfo = FormatInfo {
    name: "macbinary",
    kind: "mac",
    description: "MacBinary I/II/III (written as III)",
    extensions: &["bin", "macbin"],
    detect: Some(|b| is_kind(b, ContainerKind::MacBinary)),
    confidence: Confidence::Weak,
    read: true,
    write: true,
};

static RSRC: FormatInfo = FormatInfo {
    name: "rsrc",
    kind: "mac",
    description: "Macintosh resource fork, raw (MacPoly keeps puzzles as SBPn/SBSn resources)",
    extensions: &["rsrc"],
    detect: Some(|b| is_kind(b, ContainerKind::Raw)),
    confidence: Confidence::Weak,
    read: true,
    write: true,
};

static REZ: FormatInfo = FormatInfo {
    name: "rez",
    kind: "mac",
    description: "Rez source (`data` statements, as DeRez prints them)",
    extensions: &["r"],
    detect: Some(looks_like_rez),
    confidence: Confidence::Weak,
    read: true,
    write: true,
};

impl Format {
    /// The format's description: name, extensions, content test.
    pub fn info(self) -> &'static FormatInfo {
        match self {
            Format::AppleSingle => &APPLESINGLE,
            Format::AppleDouble => &APPLEDOUBLE,
            Format::BinHex => &BINHEX,
            Format::MacBinary => &MACBINARY,
            Format::Rsrc => &RSRC,
            Format::Rez => &REZ,
        }
    }

    /// The container this format is, `None` for Rez text.
    pub fn container(self) -> Option<ContainerKind> {
        Some(match self {
            Format::AppleSingle => ContainerKind::AppleSingle,
            Format::AppleDouble => ContainerKind::AppleDouble,
            Format::BinHex => ContainerKind::BinHex,
            Format::MacBinary => ContainerKind::MacBinary,
            Format::Rsrc => ContainerKind::Raw,
            Format::Rez => return None,
        })
    }

    /// The format of a container.
    pub fn of_container(kind: ContainerKind) -> Format {
        match kind {
            ContainerKind::AppleSingle => Format::AppleSingle,
            ContainerKind::AppleDouble => Format::AppleDouble,
            ContainerKind::BinHex => Format::BinHex,
            ContainerKind::MacBinary => Format::MacBinary,
            ContainerKind::Raw => Format::Rsrc,
        }
    }

    /// The format a file name implies: the AppleDouble prefixes `._x` and `%x` first (macOS and
    /// Netatalk name header files so, whatever the extension), then the extensions of the table
    /// (any case). `None` when the name does not say. This one rule serves reading, `convert -o`
    /// and the creation of new files (`rez -o`, `rsrc add`, `ftor`), so they always agree.
    pub fn from_file_name(name: &str) -> Option<Format> {
        let file = base_name(name);
        if (file.starts_with("._") && file.len() > 2) || (file.starts_with('%') && file.len() > 1) {
            return Some(Format::AppleDouble);
        }
        let (_, ext) = file.rsplit_once('.')?;
        ALL.into_iter().find(|f| f.info().has_extension(ext))
    }

    /// The format of a new file called `name`: [`Format::from_file_name`], and a raw resource fork
    /// when the name does not say (as ResEdit saves a bare fork).
    pub fn for_new_file(name: &str) -> Format {
        Format::from_file_name(name).unwrap_or(Format::Rsrc)
    }
}

/// The last component of a path written with `/` or `\`.
pub(crate) fn base_name(name: &str) -> &str {
    match name.bytes().rposition(|b| b == b'/' || b == b'\\') {
        Some(slash) => &name[slash + 1..],
        None => name,
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
    fn one_extension_table_for_every_use() {
        let cases = [
            ("x.adf", Some(Format::AppleDouble)),
            ("dir/._x", Some(Format::AppleDouble)),
            ("._x.bin", Some(Format::AppleDouble)),
            ("%x", Some(Format::AppleDouble)),
            ("x.AS", Some(Format::AppleSingle)),
            ("x.hqx", Some(Format::BinHex)),
            ("x.bin", Some(Format::MacBinary)),
            ("x.macbin", Some(Format::MacBinary)),
            ("x.rsrc", Some(Format::Rsrc)),
            ("x.r", Some(Format::Rez)),
            ("x.txt", None),
            ("._", None),
            ("x", None),
        ];
        for (name, want) in cases {
            assert_eq!(Format::from_file_name(name), want, "{name}");
        }
        assert_eq!(Format::for_new_file("puzzles"), Format::Rsrc);
        assert_eq!(Format::for_new_file("out.adf"), Format::AppleDouble);
    }

    #[test]
    fn names_and_containers_agree() {
        for f in ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
            assert_eq!(f.info().kind, "mac");
            if let Some(k) = f.container() {
                assert_eq!(Format::of_container(k), f);
            }
        }
        assert!(looks_like_rez(b"/* c */\n data 'STR ' (1) {};"));
        assert!(looks_like_rez(b"/* pzl-fork {} */"));
        assert!(!looks_like_rez(b"/* open"));
        assert_eq!(Format::detect(b"data 'STR ' (1) {};"), Some(Format::Rez));
    }
}
