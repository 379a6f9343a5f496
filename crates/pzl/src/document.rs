//! A file of any kind, read (object's `read::File`): most work is one `match` away from the kind
//! that owns it, and every kind is reached the same way.

use std::path::Path;

use pzl_core::{CheckReport, Error, Kind, Parsed};

use crate::registry::{self, Documents};
use crate::{Document, Format};

/// A document of the kind `K`, with the format it was read as.
#[derive(Debug, Clone)]
pub struct Doc<K: Kind> {
    /// The format it was read as (or will be written as by default).
    pub format: K::Format,
    /// What the file holds.
    pub value: K::Doc,
}

/// How to open a file: a format instead of detection, the format's parameters (`weekday` in
/// `apad:weekday`), and which document inside a container to take.
#[derive(Debug, Clone, Default)]
pub struct Open {
    /// The format to read as; `None` detects it.
    pub from: Option<Format>,
    /// Parameters for the format's kind (`weekday`, a description file, `no-flip`).
    pub params: String,
    /// A document inside the file to take instead of the file (a puzzle resource).
    pub pick: Option<crate::Pick>,
}

impl Open {
    /// Open as the format a name such as `apad:weekday` names.
    ///
    /// ```
    /// let open = pzl::Open::from_name("apad:weekday").unwrap();
    /// assert_eq!(open.from.unwrap().name(), "apad");
    /// assert_eq!(open.params, "weekday");
    /// ```
    pub fn from_name(name: &str) -> Result<Open, Error> {
        let (base, params) = name.split_once(':').unwrap_or((name, ""));
        Ok(Open { from: Some(Format::from_name(base)?), params: params.to_string(), pick: None })
    }
}

/// Why `bytes` (called `name`) were not detected as any format.
fn undetected(bytes: &[u8], name: &str) -> Error {
    // TootSweet's `Puzzles.data` is an SQLite file, read only with the `database` feature.
    if cfg!(not(feature = "database")) && bytes.starts_with(b"SQLite format 3\0") {
        return Error::new(
            pzl_core::ErrorKind::Unsupported,
            "an SQLite database (TootSweet's Puzzles.data?): this build of pzl reads no databases",
        )
        .in_file(name)
        .hint("the pzl command line and the Python package read TootSweet databases");
    }
    Error::syntax("cannot tell the format from the content or the name")
        .in_file(name)
        .hint(format!("name it with {} (see `pzl formats`)", crate::settings::mention("from")))
}

impl Document {
    /// Whether an input named `name` is a puzzle link rather than a file name: a web address
    /// (`https://puzz.link/p?mashu/…`, a Penpa+ or pzprjs player link) or puzz.link's bare
    /// `p?…` form. A link is its own content: read its text with [`Document::read`]. (A file of
    /// that name, should one exist, is the caller's to prefer.)
    ///
    /// ```
    /// use pzl::Document;
    /// assert!(Document::is_link("https://puzz.link/p?mashu/4/4/020100"));
    /// assert!(Document::is_link("p?mashu/4/4/020100"));
    /// assert!(!Document::is_link("puzzles/hook.masyu"));
    /// ```
    pub fn is_link(name: &str) -> bool {
        name.starts_with("http://") || name.starts_with("https://") || name.starts_with("p?")
    }

    /// Read `bytes`, called `name` (a path, `-` or a URL: used in messages and, with `path`, to
    /// detect the format and to find companion files such as an AppleDouble header's data fork).
    pub fn read(
        bytes: &[u8],
        name: &str,
        path: Option<&Path>,
        open: &Open,
    ) -> Result<Parsed<Document>, Error> {
        // `FILE#MEMBER`: a member of an archive or disk image (see `container`).
        if let Some(read) = crate::container::read_member(bytes, name, path, open) {
            return read;
        }
        let detected = match open.from {
            Some(_) => None,
            None => Format::detect(bytes, Some(&Document::file_name(name, path))),
        };
        Document::read_detected(bytes, name, path, open, detected)
    }

    /// The name format detection looks at: the path when there is one.
    pub(crate) fn file_name(name: &str, path: Option<&Path>) -> String {
        path.map(|p| p.to_string_lossy().into_owned()).unwrap_or_else(|| name.to_string())
    }

    /// [`Document::read`] of a file that is not a member, its format `detected` already (when
    /// `open.from` names none): detected once for the archive test and the reading.
    pub(crate) fn read_detected(
        bytes: &[u8],
        name: &str,
        path: Option<&Path>,
        open: &Open,
        detected: Option<Format>,
    ) -> Result<Parsed<Document>, Error> {
        // A puzzle id given as its own content (as `input::read` gives a name that is one).
        if open.from.is_none()
            && path.is_none()
            && bytes == name.as_bytes()
            && let Some(made) = Document::instance(name)
        {
            return made;
        }
        let format = match open.from {
            Some(f) => f,
            None => detected.ok_or_else(|| undetected(bytes, name))?,
        };
        let mut parsed = Document::parse(bytes, format, &open.params).map_err(|e| {
            let e = e.in_file(name);
            if e.kind == pzl_core::ErrorKind::Syntax && open.from.is_none() && e.hint.is_none() {
                let hint = format!(
                    "read as {} (found by detection); name another format with {}",
                    format.name(),
                    crate::settings::mention("from")
                );
                return e.hint(hint);
            }
            e
        })?;
        if let Some(path) = path {
            let warnings = Documents::attach(&mut parsed.value, path);
            parsed.warnings.extend(warnings);
        }
        match &open.pick {
            Some(pick) => {
                let picked = parsed.value.pick(pick).map_err(|e| e.in_file(name))?;
                Ok(Parsed::with(picked, parsed.warnings))
            }
            None => Ok(parsed),
        }
    }

    /// Verify with the flags given for `check` (the polyomino `no-flip`); a flag of another
    /// kind is refused.
    pub fn check_with(&self, options: &crate::settings::Options) -> Result<CheckReport, Error> {
        let flags = options.flags_for(crate::settings::Verb::Check);
        if flags.is_empty() { self.check() } else { registry::check(self, &flags) }
    }

    /// Verify a polyomino puzzle (and its attached solution) with pieces that may turn but not
    /// flip over.
    pub fn check_without_flips(&self) -> Result<CheckReport, Error> {
        registry::check(self, &["no-flip"])
    }

    /// The document with the file `bytes` laid over it (`--with FILE`): the file is read as a
    /// document and [combined](Document::combine), except that a `pzl-pack` problem also takes
    /// its solution as text (what `pzl solve PROBLEM.pack -o FILE` writes), which no detection
    /// could tell from other grids. `name` and `path` name the file as for [`Document::read`].
    /// Warnings are the reader's and the combination's.
    pub fn combine_file(
        &self,
        bytes: &[u8],
        name: &str,
        path: Option<&Path>,
    ) -> Result<Parsed<Document>, Error> {
        if let Some(overlaid) = Documents::overlay(self, bytes) {
            return overlaid.map_err(|e| e.in_file(name));
        }
        let Parsed { value: other, warnings } = Document::read(bytes, name, path, &Open::default())?;
        let mut parsed = self.combine(&other).map_err(|e| e.in_file(name))?;
        parsed.warnings.splice(0..0, warnings);
        Ok(parsed)
    }
}
