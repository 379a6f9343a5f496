//! One table of every format pzl knows (image-rs's `ImageFormat`, object's `FileKind`): each
//! kind lists its own formats, this module chains them in detection order and answers by name,
//! by file name and by content.

use serde::Serialize;

use pzl_core::{Confidence, Error, FormatInfo, Kind};

/// Every format of every kind, one value each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// A Masyu format.
    Masyu(<pzl_masyu::MasyuKind as Kind>::Format),
    /// TootSweet's `Puzzles.data` database.
    #[cfg(feature = "database")]
    MasyuDb(<pzl_masyu::TootSweetDbKind as Kind>::Format),
    /// An A-Puzzle-A-Day format.
    Apad(<pzl_apad::ApadKind as Kind>::Format),
    /// A crossword format.
    Crossword(<pzl_crossword::CrosswordKind as Kind>::Format),
    /// A classic Mac file container.
    Mac(<pzl_macfile::MacKind as Kind>::Format),
    /// A polyomino packing format.
    Poly(<pzl_poly::PolyKind as Kind>::Format),
}

/// `Format::$variant` for each format of the kind `$kind`.
macro_rules! formats_of {
    ($variant:ident, $kind:ty) => {
        <$kind as Kind>::formats().iter().map(|f| Format::$variant(*f))
    };
}

impl Format {
    /// File extensions that files of other programs use as well as pzl's formats: `.txt` (notes,
    /// READMEs), `.xml` (any XML: a Maven `pom.xml`), `.url` (any browser shortcut), `.bin`, `.as`,
    /// `.r` (firmware, ActionScript, R scripts), `.data`, `.db`, `.sqlite` (any database). In a
    /// folder walk such a file is a puzzle file only when a format's content test recognises it.
    pub const SHARED_EXTENSIONS: &[&str] = &["txt", "xml", "url", "bin", "as", "r", "data", "db", "sqlite"];

    /// Every format, in detection order: within a kind its most specific content test first; the
    /// kinds in the order below.
    pub fn all() -> impl Iterator<Item = Format> {
        let masyu = formats_of!(Masyu, pzl_masyu::MasyuKind);
        #[cfg(feature = "database")]
        let masyu = masyu.chain(formats_of!(MasyuDb, pzl_masyu::TootSweetDbKind));
        masyu
            .chain(formats_of!(Apad, pzl_apad::ApadKind))
            .chain(formats_of!(Crossword, pzl_crossword::CrosswordKind))
            .chain(formats_of!(Mac, pzl_macfile::MacKind))
            .chain(formats_of!(Poly, pzl_poly::PolyKind))
    }

    /// The format's description: name, kind, extensions, content test, abilities.
    pub fn info(self) -> &'static FormatInfo {
        match self {
            Format::Masyu(f) => <pzl_masyu::MasyuKind as Kind>::format_info(f),
            #[cfg(feature = "database")]
            Format::MasyuDb(f) => <pzl_masyu::TootSweetDbKind as Kind>::format_info(f),
            Format::Apad(f) => <pzl_apad::ApadKind as Kind>::format_info(f),
            Format::Crossword(f) => <pzl_crossword::CrosswordKind as Kind>::format_info(f),
            Format::Mac(f) => <pzl_macfile::MacKind as Kind>::format_info(f),
            Format::Poly(f) => <pzl_poly::PolyKind as Kind>::format_info(f),
        }
    }

    /// The name `--from`/`--to` use.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The kind of puzzle the format holds (`masyu`, `crossword`, …).
    pub fn kind(self) -> &'static str {
        self.info().kind
    }

    /// The format called `name` (any case), without parameters.
    ///
    /// ```
    /// use pzl::Format;
    /// assert_eq!(Format::from_name("ipuz").unwrap().kind(), "crossword");
    /// assert!(Format::from_name("docx").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Format, Error> {
        Format::all().find(|f| f.name().eq_ignore_ascii_case(name)).ok_or_else(|| {
            let names: Vec<&str> = Format::all().map(Format::name).collect();
            Error::usage(format!("unknown format `{name}`"))
                .hint(format!("known formats: {}", names.join(", ")))
        })
    }

    /// The formats a file name suggests: by its extension, or by a name rule of its kind (a
    /// `._name` file is AppleDouble), most usual first.
    pub fn claiming(file_name: &str) -> Vec<Format> {
        let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
        let mut found: Vec<Format> = Vec::new();
        if let Some(f) = pzl_macfile::format::Format::from_file_name(base) {
            found.push(Format::Mac(f));
        }
        if let Some((stem, ext)) = base.rsplit_once('.')
            && !stem.is_empty()
        {
            for f in Format::all().filter(|f| f.info().has_extension(ext)) {
                if !found.contains(&f) {
                    found.push(f);
                }
            }
        }
        found
    }

    /// The format of `bytes` from a file called `file_name` (if known): a strong content test
    /// (a magic number, a signature line; those of the formats the extension names first, so
    /// a `.puz` file is not put to every other format's test) first; then an extension only one
    /// format claims; then the weaker content tests (among the formats the extension names
    /// first); then the extension alone.
    pub fn detect(bytes: &[u8], file_name: Option<&str>) -> Option<Format> {
        Format::detect_how(bytes, file_name).map(|(f, _)| f)
    }

    /// [`Format::detect`], also saying whether a strong content test (a magic number, a
    /// signature line) found the format — a file the archive and disk-image tests can skip.
    pub(crate) fn detect_how(bytes: &[u8], file_name: Option<&str>) -> Option<(Format, bool)> {
        let strong = |f: &Format| f.info().confidence == Confidence::Strong && f.info().detects(bytes);
        let claimed = file_name.map(Format::claiming).unwrap_or_default();
        if let Some(f) = claimed.iter().copied().find(strong) {
            return Some((f, true));
        }
        if let Some(f) = Format::all().find(strong) {
            return Some((f, true));
        }
        if let [only] = claimed.as_slice() {
            return Some((*only, false));
        }
        claimed
            .iter()
            .copied()
            .find(|f| f.info().detects(bytes))
            .or_else(|| Format::all().find(|f| f.info().detects(bytes)))
            .or_else(|| claimed.first().copied())
            .map(|f| (f, false))
    }

    /// Whether a file of this name may hold a puzzle to open when a folder is walked: some
    /// format claims the name, and it is not a format of solutions only.
    pub fn is_puzzle_file_name(file_name: &str) -> bool {
        Format::claiming(file_name).iter().any(|f| match f {
            Format::Masyu(m) => m.holds().pearls,
            _ => true,
        })
    }

    /// Whether a file a folder walk found by its name ([`Format::is_puzzle_file_name`]) needs its
    /// content looked at before it is taken: its extension is one files of other programs use too
    /// ([`Format::SHARED_EXTENSIONS`]: a `README.txt`, a `pom.xml`, a browser's `.url` shortcut), and no
    /// name rule claims it. A `.puz` or `.ipuz` is a puzzle file by its name alone, so a broken
    /// one is reported, not passed over.
    pub fn needs_content_to_walk(file_name: &str) -> bool {
        let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
        if pzl_macfile::format::Format::from_file_name(base).is_some() {
            return false;
        }
        base.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && Format::SHARED_EXTENSIONS.iter().any(|e| e.eq_ignore_ascii_case(ext))
        })
    }

    /// Whether a folder walk takes the file `file_name` holding `bytes`: a puzzle file by its
    /// name, and, when its extension is one other programs use too
    /// ([`Format::needs_content_to_walk`]), recognised by some format's content test. A walk
    /// passes over (and counts) the files this refuses; a file named on its own is read whatever
    /// it holds, so its reader says what is wrong with it.
    ///
    /// ```
    /// use pzl::Format;
    /// assert!(Format::walk_takes("a/README.txt", b"4 4\nW...\n....\n..B.\n....\n"));
    /// assert!(!Format::walk_takes("a/README.txt", b"Read me first.\n"));
    /// assert!(!Format::walk_takes("a/pom.xml", b"<project/>"));
    /// assert!(Format::walk_takes("a/broken.puz", b"not a puzzle"));
    /// assert!(!Format::walk_takes("a/notes.md", b"4 4\nW...\n"));
    /// ```
    pub fn walk_takes(file_name: &str, bytes: &[u8]) -> bool {
        Format::is_puzzle_file_name(file_name)
            && (!Format::needs_content_to_walk(file_name) || Format::all().any(|f| f.info().detects(bytes)))
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The list `pzl formats` prints: every format with its kind, abilities, extensions and
/// description.
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct FormatList {
    formats: Vec<&'static FormatInfo>,
}

impl FormatList {
    /// Every format, in detection order.
    pub fn new() -> FormatList {
        FormatList { formats: Format::all().map(Format::info).collect() }
    }
}

impl Default for FormatList {
    fn default() -> FormatList {
        FormatList::new()
    }
}

impl std::fmt::Display for FormatList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{:<18} {:<10} {:<7} {:<22} DESCRIPTION", "FORMAT", "KIND", "CAN", "EXTENSIONS")?;
        for info in &self.formats {
            let can = format!(
                "{}{}{}",
                if info.detect.is_some() { 'd' } else { '-' },
                if info.read { 'r' } else { '-' },
                if info.write { 'w' } else { '-' }
            );
            let exts: Vec<String> = info.extensions.iter().map(|e| format!(".{e}")).collect();
            writeln!(
                f,
                "{:<18} {:<10} {:<7} {:<22} {}",
                info.name,
                info.kind,
                can,
                exts.join(" "),
                info.description
            )?;
        }
        writeln!(f, "\nCAN: d = detected from the content, r = read, w = written.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = Format::all().map(Format::name).collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n);
    }

    #[test]
    fn shared_extensions_are_known() {
        // Every extension claimed by more than one format, so a new clash is a decision.
        let mut shared: Vec<String> = Vec::new();
        for f in Format::all() {
            for ext in f.info().extensions {
                let claimants = Format::all().filter(|g| g.info().has_extension(ext)).count();
                if claimants > 1 && !shared.contains(&ext.to_string()) {
                    shared.push(ext.to_string());
                }
            }
        }
        shared.sort();
        assert_eq!(shared, ["txt"], "extensions claimed by several formats");
    }
}
