//! A file of any kind, read (object's `read::File`): most work is one `match` away from the kind
//! that owns it, and every kind is reached the same way.

use std::path::Path;

use pzl_core::{
    CheckReport, Error, Info, InfoRequest, Kind, Parsed, RenderRequest, SolveReport, SolveRequest, Written,
};

use crate::Format;

/// A document of the kind `K`, with the format it was read as.
#[derive(Debug, Clone)]
pub struct Doc<K: Kind> {
    /// The format it was read as (or will be written as by default).
    pub format: K::Format,
    /// What the file holds.
    pub value: K::Doc,
}

/// A file of any kind, read.
// A program holds a handful of documents at a time; boxing the large kinds would buy nothing.
#[allow(clippy::large_enum_variant)]
#[non_exhaustive]
pub enum Document {
    /// A Masyu puzzle, partly drawn board or solution.
    Masyu(Doc<pzl_masyu::MasyuKind>),
    /// TootSweet's `Puzzles.data` database (read only).
    #[cfg(feature = "database")]
    MasyuDb(Doc<pzl_masyu::TootSweetDbKind>),
    /// A-Puzzle-A-Day boards.
    Apad(Doc<pzl_apad::ApadKind>),
    /// A crossword.
    Crossword(Doc<pzl_crossword::CrosswordKind>),
    /// A classic Mac file: its forks and Finder info.
    Mac(Doc<pzl_macfile::MacKind>),
    /// A polyomino packing puzzle or solution.
    Poly(Doc<pzl_poly::PolyKind>),
}

/// Run `$body` with `$k` the kind and `$d` the `Doc` of a document.
macro_rules! with_doc {
    ($doc:expr, $k:ident, $d:ident => $body:expr) => {
        with_doc!($doc, $k, $d, _wrap => $body)
    };
    ($doc:expr, $k:ident, $d:ident, $w:ident => $body:expr) => {
        match $doc {
            Document::Masyu($d) => {
                type $k = pzl_masyu::MasyuKind;
                let $w = Format::Masyu;
                $body
            }
            #[cfg(feature = "database")]
            Document::MasyuDb($d) => {
                type $k = pzl_masyu::TootSweetDbKind;
                let $w = Format::MasyuDb;
                $body
            }
            Document::Apad($d) => {
                type $k = pzl_apad::ApadKind;
                let $w = Format::Apad;
                $body
            }
            Document::Crossword($d) => {
                type $k = pzl_crossword::CrosswordKind;
                let $w = Format::Crossword;
                $body
            }
            Document::Mac($d) => {
                type $k = pzl_macfile::MacKind;
                let $w = Format::Mac;
                $body
            }
            Document::Poly($d) => {
                type $k = pzl_poly::PolyKind;
                let $w = Format::Poly;
                $body
            }
        }
    };
}

/// Read as the format `$format` of the kind `$k`, wrapped as `Document::$variant`.
macro_rules! read_as {
    ($variant:ident, $k:ty, $f:expr, $bytes:expr, $params:expr) => {{
        let params = <$k as Kind>::params($params)?;
        <$k as Kind>::read($bytes, $f, &params)?.map(|value| Document::$variant(Doc { format: $f, value }))
    }};
}

/// A kind's `Solved` as a [`Solution`] of documents in `$format`.
macro_rules! solution_of {
    ($variant:ident, $format:expr, $solved:expr) => {{
        let solved = $solved;
        let format = $format;
        Solution {
            report: solved.report,
            solutions: solved
                .solutions
                .into_iter()
                .map(|value| Document::$variant(Doc { format, value }))
                .collect(),
            trace: solved.trace,
        }
    }};
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
        .hint("name it with --from (see `pzl formats`)")
}

/// What `solve` gives back.
pub struct Solution {
    /// What happened.
    pub report: SolveReport,
    /// The solutions, as documents of the puzzle's kind.
    pub solutions: Vec<Document>,
    /// The replayable trace of the solver's reasoning (JSON Lines), when asked for.
    pub trace: Option<String>,
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
        let format = match open.from {
            Some(f) => f,
            None => detected.ok_or_else(|| undetected(bytes, name))?,
        };
        let mut parsed = Document::parse(bytes, format, &open.params).map_err(|e| {
            let e = e.in_file(name);
            if e.kind == pzl_core::ErrorKind::Syntax && open.from.is_none() && e.hint.is_none() {
                let hint = format!(
                    "read as {} (found by detection); name another format with --from",
                    format.name()
                );
                return e.hint(hint);
            }
            e
        })?;
        if let (Some(path), Document::Mac(doc)) = (path, &mut parsed.value) {
            crate::embedded::attach_companions(doc, path, &mut parsed.warnings);
        }
        match &open.pick {
            Some(pick) => {
                let picked = parsed.value.pick(pick).map_err(|e| e.in_file(name))?;
                Ok(Parsed::with(picked, parsed.warnings))
            }
            None => Ok(parsed),
        }
    }

    /// Read `bytes` as `format`, with the format's parameters.
    pub fn parse(bytes: &[u8], format: Format, params: &str) -> Result<Parsed<Document>, Error> {
        Ok(match format {
            Format::Masyu(f) => read_as!(Masyu, pzl_masyu::MasyuKind, f, bytes, params),
            #[cfg(feature = "database")]
            Format::MasyuDb(f) => read_as!(MasyuDb, pzl_masyu::TootSweetDbKind, f, bytes, params),
            Format::Apad(f) => read_as!(Apad, pzl_apad::ApadKind, f, bytes, params),
            Format::Crossword(f) => read_as!(Crossword, pzl_crossword::CrosswordKind, f, bytes, params),
            Format::Mac(f) => read_as!(Mac, pzl_macfile::MacKind, f, bytes, params),
            Format::Poly(f) => read_as!(Poly, pzl_poly::PolyKind, f, bytes, params),
        })
    }

    /// The format the document was read as.
    pub fn format(&self) -> Format {
        match self {
            Document::Masyu(d) => Format::Masyu(d.format),
            #[cfg(feature = "database")]
            Document::MasyuDb(d) => Format::MasyuDb(d.format),
            Document::Apad(d) => Format::Apad(d.format),
            Document::Crossword(d) => Format::Crossword(d.format),
            Document::Mac(d) => Format::Mac(d.format),
            Document::Poly(d) => Format::Poly(d.format),
        }
    }

    /// A format of the document's kind that holds everything the document holds (what a
    /// player's board is written as when its own format cannot hold the lines), if the kind has one.
    pub fn full_format(&self) -> Option<Format> {
        with_doc!(self, K, d, wrap => K::full_format(&d.value).map(wrap))
    }

    /// The kind of puzzle (`masyu`, `crossword`, …).
    pub fn kind(&self) -> &'static str {
        self.format().kind()
    }

    /// Write the document as `to`, a format of its kind; `lost` says what `to` cannot hold.
    pub fn write(&self, to: Format) -> Result<Written, Error> {
        if !to.info().write {
            return Err(Error::usage(format!("pzl can read {} but not write it", to.name())));
        }
        let different = || {
            Error::usage(format!(
                "cannot convert {} ({}) to {} ({}): they hold different kinds of puzzle",
                self.format().name(),
                self.kind(),
                to.name(),
                to.kind()
            ))
            .hint(format!(
                "the {} formats: {}",
                self.kind(),
                self.writable_formats().join(", ")
            ))
        };
        match (self, to) {
            (Document::Masyu(d), Format::Masyu(f)) => pzl_masyu::MasyuKind::write(&d.value, f),
            #[cfg(feature = "database")]
            (Document::MasyuDb(d), Format::MasyuDb(f)) => pzl_masyu::TootSweetDbKind::write(&d.value, f),
            (Document::Apad(d), Format::Apad(f)) => pzl_apad::ApadKind::write(&d.value, f),
            (Document::Crossword(d), Format::Crossword(f)) => {
                pzl_crossword::CrosswordKind::write(&d.value, f)
            }
            (Document::Mac(d), Format::Mac(f)) => pzl_macfile::MacKind::write(&d.value, f),
            (Document::Poly(d), Format::Poly(f)) => pzl_poly::PolyKind::write(&d.value, f),
            _ => Err(different()),
        }
    }

    /// Write a solution as `to`, leaving out quietly what a solution file of that format does not
    /// carry (a Masyu `.sol` grid holds the lines, not the pearls): `lost` then names only what the
    /// solution itself loses.
    pub fn write_solution(&self, to: Format) -> Result<Written, Error> {
        match (self, to) {
            (Document::Masyu(d), Format::Masyu(f)) => pzl_masyu::MasyuKind::write(&f.project(&d.value), f),
            _ => self.write(to),
        }
    }

    /// The names of the formats this document's kind can be written as.
    pub fn writable_formats(&self) -> Vec<&'static str> {
        let kind = self.kind();
        Format::all().filter(|f| f.kind() == kind && f.info().write).map(Format::name).collect()
    }

    /// The format a file called `file_name` should get: one of this kind that can be written and
    /// that the name suggests.
    pub fn format_for_output(&self, file_name: &str) -> Option<Format> {
        let kind = self.kind();
        Format::claiming(file_name).into_iter().find(|f| f.kind() == kind && f.info().write)
    }

    /// Describe the document (with the long listings when `request` asks for details).
    pub fn info(&self, request: &InfoRequest) -> Result<Info, Error> {
        let format = self.format();
        let mut info = with_doc!(self, K, d => K::info(&d.value, request));
        info.format = format.name().to_string();
        Ok(info)
    }

    /// Verify the document strictly.
    pub fn check(&self) -> Result<CheckReport, Error> {
        let format = self.format();
        let mut report = match self {
            Document::Mac(d) if crate::embedded::holds_puzzles(d) => crate::embedded::check(d)?,
            _ => with_doc!(self, K, d => K::check(&d.value))?,
        };
        report.format = format.name().to_string();
        Ok(report)
    }

    /// Verify with the settings given for `check` (the polyomino `no-flip`).
    pub fn check_with(&self, options: &crate::settings::Options) -> Result<CheckReport, Error> {
        if options.flag("no-flip") { self.check_without_flips() } else { self.check() }
    }

    /// Verify a polyomino puzzle (and its attached solution) with pieces that may turn but not
    /// flip over.
    pub fn check_without_flips(&self) -> Result<CheckReport, Error> {
        match self {
            Document::Poly(d) => {
                let mut report = pzl_poly::PolyKind::check_no_flip(&d.value)?;
                report.format = self.format().name().to_string();
                Ok(report)
            }
            other => Err(Error::usage(format!(
                "{} applies to polyomino puzzles, not to {} files",
                crate::settings::mention("no-flip"),
                other.kind()
            ))),
        }
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
        if let Document::Poly(d) = self
            && d.format == pzl_poly::Format::Pack
            && !<pzl_poly::Format as pzl_core::FormatTable>::ALL.iter().any(|f| f.info().detects(bytes))
        {
            let parsed =
                pzl_poly::PolyKind::with_solution_text(&d.value, bytes).map_err(|e| e.in_file(name))?;
            return Ok(parsed.map(|value| Document::Poly(Doc { format: d.format, value })));
        }
        let Parsed { value: other, warnings } = Document::read(bytes, name, path, &Open::default())?;
        let mut parsed = self.combine(&other).map_err(|e| e.in_file(name))?;
        parsed.warnings.splice(0..0, warnings);
        Ok(parsed)
    }

    /// The document with `other` laid over it (a board over a Masyu puzzle, a solution beside a
    /// polyomino puzzle).
    pub fn combine(&self, other: &Document) -> Result<Parsed<Document>, Error> {
        let mismatch = || {
            Error::usage(format!(
                "cannot use a {} file ({}) with a {} file",
                other.kind(),
                other.format().name(),
                self.kind()
            ))
        };
        Ok(match (self, other) {
            (Document::Masyu(a), Document::Masyu(b)) => pzl_masyu::MasyuKind::combine(&a.value, &b.value)?
                .map(|value| Document::Masyu(Doc { format: a.format, value })),
            (Document::Poly(a), Document::Poly(b)) => pzl_poly::PolyKind::combine(&a.value, &b.value)?
                .map(|value| Document::Poly(Doc { format: a.format, value })),
            (Document::Masyu(_), _) | (Document::Poly(_), _) => return Err(mismatch()),
            _ => return Err(Error::unsupported(self.kind(), "--with")),
        })
    }

    /// Draw the document.
    pub fn render(&self, request: &RenderRequest) -> Result<Vec<u8>, Error> {
        match self {
            Document::Mac(d) => crate::embedded::render(d, request),
            _ => with_doc!(self, K, d => K::render(&d.value, request)),
        }
    }

    /// What the user should know about drawing the document with `request`, e.g. that only the
    /// first of several chosen A-Puzzle-A-Day boards fits one picture.
    pub fn render_warnings(&self, request: &RenderRequest) -> Result<Vec<pzl_core::Warning>, Error> {
        match self {
            Document::Apad(d) => pzl_apad::render::warnings(&d.value, request),
            Document::Crossword(d) => Ok(pzl_crossword::kind::render_warnings(&d.value, request)),
            _ => Ok(Vec::new()),
        }
    }

    /// Solve the document (a puzzle, or a Mac file's only puzzle resource).
    pub fn solve(&self, request: &SolveRequest) -> Result<Solution, Error> {
        let format = self.format();
        if request.shard.is_some() && !matches!(self, Document::Poly(_)) {
            return Err(Error::usage(format!(
                "{} splits polyomino counts; a {} puzzle cannot be split",
                crate::settings::mention("shard"),
                self.kind()
            ))
            .hint(format!(
                "use {} K/N with a count of a pzl-pack or MacPoly puzzle file",
                crate::settings::mention("shard")
            )));
        }
        let mut solution = match self {
            // Masyu shows the solution in the puzzle's own format when that holds lines.
            Document::Masyu(d) => {
                let solved = pzl_masyu::MasyuKind::solve_in(&d.value, request, d.format)?;
                solution_of!(Masyu, d.format, solved)
            }
            #[cfg(feature = "database")]
            Document::MasyuDb(d) => {
                solution_of!(MasyuDb, d.format, pzl_masyu::TootSweetDbKind::solve(&d.value, request)?)
            }
            Document::Apad(d) => solution_of!(Apad, d.format, pzl_apad::ApadKind::solve(&d.value, request)?),
            Document::Crossword(d) => {
                solution_of!(Crossword, d.format, pzl_crossword::CrosswordKind::solve(&d.value, request)?)
            }
            Document::Poly(d) => solution_of!(Poly, d.format, pzl_poly::PolyKind::solve(&d.value, request)?),
            Document::Mac(d) => return crate::embedded::solve(d, request),
        };
        solution.report.format = format.name().to_string();
        for doc in &mut solution.solutions {
            doc.choose_solution_format(format);
        }
        Ok(solution)
    }

    /// A solution's default format: the puzzle's when it holds the whole solution, else the first
    /// of the kind that does.
    fn choose_solution_format(&mut self, input: Format) {
        let kind = input.kind();
        let candidates = std::iter::once(input).chain(Format::all().filter(|f| f.kind() == kind));
        let chosen = candidates
            .filter(|f| f.info().write)
            .find(|f| self.write_solution(*f).is_ok_and(|w| w.lost.is_empty()));
        if let Some(f) = chosen {
            self.set_format(f);
        }
    }

    fn set_format(&mut self, to: Format) {
        match (self, to) {
            (Document::Masyu(d), Format::Masyu(f)) => d.format = f,
            #[cfg(feature = "database")]
            (Document::MasyuDb(d), Format::MasyuDb(f)) => d.format = f,
            (Document::Apad(d), Format::Apad(f)) => d.format = f,
            (Document::Crossword(d), Format::Crossword(f)) => d.format = f,
            (Document::Mac(d), Format::Mac(f)) => d.format = f,
            (Document::Poly(d), Format::Poly(f)) => d.format = f,
            _ => {}
        }
    }
}
