//! The registry of kinds (object's `with_inner!`, image-rs's format table): one line per kind
//! in [`registry!`](crate::registry!) generates the [`Format`](crate::Format) table, the
//! [`Document`](crate::Document) enum and every dispatch between them. Each generated method is
//! one delegation to the kind's [`Kind`](pzl_core::Kind) method; what is the same for every kind (detection,
//! the messages for a format of another kind, the default format of a solution) is written once
//! here, over the [`Formats`] and [`Documents`] traits the macro implements.
//!
//! A new kind is its crate plus one line in `lib.rs`'s `registry!` (and its settings in
//! [`crate::settings`]); `crates/pzl/tests/registry.rs` registers a demonstration kind that way.

use pzl_core::{
    CheckReport, Error, FormatInfo, Info, InfoRequest, Parsed, RenderRequest, SolveRequest, Warning, Written,
};
use pzl_core::{Confidence, Member, Rendered, SavedMember, SolveReport};

/// Every format of a registry: what the generated `Format` enum gives the shared rules.
pub trait Formats: Copy + Eq + std::fmt::Debug + 'static {
    /// Every format, in detection order: the kinds in registry order, within a kind its most
    /// specific content test first.
    fn all() -> impl Iterator<Item = Self>;
    /// The format's description.
    fn info(self) -> &'static FormatInfo;
    /// The format a kind's name rule (not an extension) gives `file_name` (no folder).
    fn by_name_rule(file_name: &str) -> Option<Self>;
    /// Whether files of the format may hold puzzles ([`pzl_core::Kind::holds_puzzles`]).
    fn holds_puzzles(self) -> bool;
    /// The formats that claim the extension `ext` (any case), in detection order. The registry
    /// builds its table once, on first use: a folder walk asks this twice a file (whether to take
    /// it, then which format to read), and a pass over every format's extensions cost about
    /// 2,000 instructions a call.
    fn by_extension(ext: &str) -> &'static [Self];
}

/// The extension table behind [`Formats::by_extension`]: each extension in lower case with the
/// formats that claim it, in detection order, sorted by extension.
pub fn extension_table<F: Formats>() -> Vec<(String, Vec<F>)> {
    let mut table: Vec<(String, Vec<F>)> = Vec::new();
    for f in F::all() {
        for ext in f.info().extensions {
            let ext = ext.to_ascii_lowercase();
            match table.iter_mut().find(|(e, _)| *e == ext) {
                Some((_, formats)) => formats.push(f),
                None => table.push((ext, vec![f])),
            }
        }
    }
    table.sort_by(|a, b| a.0.cmp(&b.0));
    table
}

/// The formats `table` (from [`extension_table`]) lists for `ext`, compared without case.
pub fn look_up_extension<'t, F>(table: &'t [(String, Vec<F>)], ext: &str) -> &'t [F] {
    // Extensions are short: lower-case `ext` on the stack (one longer than any is no extension).
    let mut buf = [0u8; 16];
    let Some(lower) = buf.get_mut(..ext.len()) else { return &[] };
    for (b, c) in lower.iter_mut().zip(ext.bytes()) {
        *b = c.to_ascii_lowercase();
    }
    table.binary_search_by(|(e, _)| e.as_bytes().cmp(lower)).map_or(&[], |i| table[i].1.as_slice())
}

/// A document of any kind of a registry: what the generated `Document` enum gives the shared
/// rules. Each method is one delegation to the kind.
pub trait Documents: Sized {
    /// The registry's format table.
    type Format: Formats;
    /// Read `bytes` as `format`, with the format's parameters.
    fn parse(bytes: &[u8], format: Self::Format, params: &str) -> Result<Parsed<Self>, Error>;
    /// The format the document was read as.
    fn format(&self) -> Self::Format;
    /// Make `to` the document's format, when it is one of its kind.
    fn set_format(&mut self, to: Self::Format);
    /// [`pzl_core::Kind::full_format`].
    fn full_format(&self) -> Option<Self::Format>;
    /// Write as `to` (as a solution when `solution`); `None` when `to` is of another kind.
    fn write_as(&self, to: Self::Format, solution: bool) -> Option<Result<Written, Error>>;
    /// [`pzl_core::Kind::info`].
    fn describe(&self, request: &InfoRequest) -> Info;
    /// [`pzl_core::Kind::check_with`].
    fn check_flags(&self, flags: &[&str]) -> Result<CheckReport, Error>;
    /// [`pzl_core::Kind::COMBINES`].
    fn combines(&self) -> bool;
    /// [`pzl_core::Kind::combine`]; `None` when `other` is of another kind.
    fn combine_same(&self, other: &Self) -> Option<Result<Parsed<Self>, Error>>;
    /// [`pzl_core::Kind::overlay`].
    fn overlay(&self, bytes: &[u8]) -> Option<Result<Parsed<Self>, Error>>;
    /// [`pzl_core::Kind::render`].
    fn draw(&self, request: &RenderRequest) -> Result<Rendered, Error>;
    /// [`pzl_core::Kind::solve_as`], the solutions in the puzzle's format.
    fn solve_raw(&self, request: &SolveRequest) -> Result<Solution<Self>, Error>;
    /// [`pzl_core::Kind::settings`] of the document's kind.
    fn settings(&self) -> &'static [pzl_core::settings::Setting];
    /// [`pzl_core::Kind::attach`].
    fn attach(&mut self, path: &std::path::Path) -> Vec<Warning>;
    /// [`pzl_core::Kind::members`], of the types some kind of the registry reads.
    fn members(&self) -> Option<Result<Vec<Member>, Error>>;
    /// [`pzl_core::Kind::with_member`].
    fn with_member(&self, member: &Member, bytes: Vec<u8>) -> Result<Self, Error>;
    /// The format of the first kind whose [`pzl_core::Kind::member_format`] reads members stored
    /// as `stored_as`.
    fn member_format(stored_as: &str) -> Option<Self::Format>;
    /// [`pzl_core::Kind::read_member`].
    fn read_member(member: &Member, format: Self::Format) -> Result<Parsed<Self>, Error>;
    /// [`pzl_core::Kind::save_member`].
    fn save_member(
        member: &Member,
        format: Self::Format,
        request: &SolveRequest,
    ) -> Result<SavedMember, Error>;
    /// [`pzl_core::Kind::ID_FORM`] of the kind called `kind`, when it makes puzzles from ids.
    fn id_form(kind: &str) -> Option<&'static str>;
    /// [`pzl_core::Kind::instance`] of the kind called `kind` (`None`: no kind of that name).
    fn instance(kind: &str, id: &str) -> Option<Result<Parsed<Self>, Error>>;
}

/// The kind and the id of a puzzle id `KIND:ID` whose kind makes puzzles from ids.
fn split_id<D: Documents>(name: &str) -> Option<(&str, &str)> {
    let (kind, id) = name.split_once(':')?;
    D::id_form(kind).map(|_| (kind, id))
}

/// Whether `name` is a puzzle id: `KIND:ID` where the kind `KIND` makes puzzles from ids.
pub fn is_id<D: Documents>(name: &str) -> bool {
    split_id::<D>(name).is_some()
}

/// The puzzle the id `name` (`KIND:ID`) names, as a document of the kind; `None` when `name` is
/// not a puzzle id.
pub fn instance<D: Documents>(name: &str) -> Option<Result<Parsed<D>, Error>> {
    let (kind, id) = split_id::<D>(name)?;
    D::instance(kind, id).map(|r| r.map_err(|e| e.in_file(name)))
}

/// A registry's document as a document of the kind `K`, and back (implemented by
/// [`registry!`](crate::registry!) for every kind): what a kind's own operations
/// ([`crate::kinds`], the play layer) use instead of naming the enum's variants.
pub trait Holds<K: pzl_core::Kind>: Sized {
    /// The document of `K`, if it is one.
    fn get(&self) -> Option<&crate::Doc<K>>;
    /// The same, to change.
    fn get_mut(&mut self) -> Option<&mut crate::Doc<K>>;
    /// The document of `K`, or the document itself when it is of another kind.
    #[allow(clippy::result_large_err)]
    fn take(self) -> Result<crate::Doc<K>, Self>;
    /// The registry's document holding `doc`.
    fn hold(doc: crate::Doc<K>) -> Self;
}

/// A registry's format as a format of the kind `K`, and back (implemented by
/// [`registry!`](crate::registry!) for every kind).
pub trait HoldsFormat<K: pzl_core::Kind>: Sized {
    /// The format of `K`, if it is one.
    fn get(self) -> Option<K::Format>;
    /// The registry's format for `format`.
    fn hold(format: K::Format) -> Self;
}

/// What `solve` gives back.
pub struct Solution<D = crate::Document> {
    /// What happened.
    pub report: SolveReport,
    /// The solutions, as documents of the puzzle's kind.
    pub solutions: Vec<D>,
    /// The replayable trace of the solver's reasoning (JSON Lines), when asked for.
    pub trace: Option<String>,
}

/// The format called `name` (any case).
pub fn from_name<F: Formats>(name: &str) -> Result<F, Error> {
    F::all().find(|f| f.info().name.eq_ignore_ascii_case(name)).ok_or_else(|| {
        let names: Vec<&str> = F::all().map(|f| f.info().name).collect();
        Error::usage(format!("unknown format `{name}`")).hint(format!("known formats: {}", names.join(", ")))
    })
}

/// The formats a file name suggests: by a kind's name rule, then by its extension.
pub fn claiming<F: Formats>(file_name: &str) -> Vec<F> {
    // The last component, found byte by byte (a two-character pattern's searcher cost 340
    // instructions a name, and this runs for every file of a folder).
    let base = match file_name.bytes().rposition(|b| b == b'/' || b == b'\\') {
        Some(slash) => &file_name[slash + 1..],
        None => file_name,
    };
    let mut found: Vec<F> = F::by_name_rule(base).into_iter().collect();
    if let Some((stem, ext)) = base.rsplit_once('.')
        && !stem.is_empty()
    {
        for &f in F::by_extension(ext) {
            if !found.contains(&f) {
                found.push(f);
            }
        }
    }
    found
}

/// The format of `bytes`, and whether a strong content test found it (see `Format::detect`).
pub fn detect_how<F: Formats>(bytes: &[u8], file_name: Option<&str>) -> Option<(F, bool)> {
    let strong = |f: &F| f.info().confidence == Confidence::Strong && f.info().detects(bytes);
    let claimed = file_name.map(claiming::<F>).unwrap_or_default();
    if let Some(f) = claimed.iter().copied().find(strong) {
        return Some((f, true));
    }
    if let Some(f) = F::all().find(strong) {
        return Some((f, true));
    }
    if let [only] = claimed.as_slice() {
        return Some((*only, false));
    }
    claimed
        .iter()
        .copied()
        .find(|f| f.info().detects(bytes))
        .or_else(|| F::all().find(|f| f.info().detects(bytes)))
        .or_else(|| claimed.first().copied())
        .map(|f| (f, false))
}

fn kind_of<D: Documents>(doc: &D) -> &'static str {
    doc.format().info().kind
}

/// The names of the formats `doc`'s kind can be written as.
pub fn writable_formats<D: Documents>(doc: &D) -> Vec<&'static str> {
    let kind = kind_of(doc);
    D::Format::all().filter(|f| f.info().kind == kind && f.info().write).map(|f| f.info().name).collect()
}

/// Write `doc` as `to` (as a solution when `solution`), refusing a format that cannot be written
/// or holds another kind.
pub fn write<D: Documents>(doc: &D, to: D::Format, solution: bool) -> Result<Written, Error> {
    if !to.info().write {
        return Err(Error::usage(format!("pzl can read {} but not write it", to.info().name)));
    }
    doc.write_as(to, solution).unwrap_or_else(|| {
        let kind = kind_of(doc);
        Err(Error::usage(format!(
            "cannot convert {} ({kind}) to {} ({}): they hold different kinds of puzzle",
            doc.format().info().name,
            to.info().name,
            to.info().kind
        ))
        .hint(format!("the {kind} formats: {}", writable_formats(doc).join(", "))))
    })
}

/// Describe `doc`, its format named.
pub fn info<D: Documents>(doc: &D, request: &InfoRequest) -> Info {
    let mut info = doc.describe(request);
    info.format = doc.format().info().name.to_string();
    info
}

/// The title of the kind that owns `setting`, in lower case (`polyomino`).
fn owner(setting: &pzl_core::settings::Setting) -> String {
    crate::settings::title(setting.kind).to_lowercase()
}

/// Verify `doc` with the flags `flags` on, refusing a flag of another kind.
pub fn check<D: Documents>(doc: &D, flags: &[&str]) -> Result<CheckReport, Error> {
    let own = doc.settings();
    if let Some(other) = flags.iter().find(|f| !own.iter().any(|s| s.name == **f)) {
        let owner = crate::settings::find(other).map(owner).unwrap_or_else(|| "other".into());
        return Err(Error::usage(format!(
            "{} applies to {owner} puzzles, not to {} files",
            crate::settings::mention(other),
            kind_of(doc)
        )));
    }
    let mut report = doc.check_flags(flags)?;
    report.format = doc.format().info().name.to_string();
    Ok(report)
}

/// `doc` with `other` laid over it.
pub fn combine<D: Documents>(doc: &D, other: &D) -> Result<Parsed<D>, Error> {
    match doc.combine_same(other) {
        Some(combined) => combined,
        None if doc.combines() => Err(Error::usage(format!(
            "cannot use a {} file ({}) with a {} file",
            kind_of(other),
            other.format().info().name,
            kind_of(doc)
        ))),
        None => Err(Error::unsupported(kind_of(doc), &crate::settings::mention("with"))),
    }
}

/// Solve `doc`; each solution's format is the puzzle's when that holds the whole solution, else
/// the first of the kind that does. A count split in shards is refused by a kind without the
/// `shard` setting.
pub fn solve<D: Documents>(doc: &D, request: &SolveRequest) -> Result<Solution<D>, Error> {
    let format = doc.format();
    if request.shard.is_some() && !doc.settings().iter().any(|s| s.name == "shard") {
        let shard = crate::settings::mention("shard");
        let owner = crate::settings::find("shard");
        let title = owner.map(self::owner).unwrap_or_default();
        return Err(Error::usage(format!(
            "{shard} splits {title} counts; a {} puzzle cannot be split",
            kind_of(doc)
        ))
        .hint(format!("use {shard} K/N with a count of a {title} puzzle file")));
    }
    let mut solution = doc.solve_raw(request)?;
    solution.report.format = format.info().name.to_string();
    for solved in &mut solution.solutions {
        let candidates =
            std::iter::once(format).chain(D::Format::all().filter(|f| f.info().kind == format.info().kind));
        let chosen = candidates
            .filter(|f| f.info().write)
            .find(|f| solved.write_as(*f, true).is_some_and(|w| w.is_ok_and(|w| w.lost.is_empty())));
        if let Some(f) = chosen {
            solved.set_format(f);
        }
    }
    Ok(solution)
}

/// Generate a registry of kinds: the `Format` enum (every format of every kind, one value
/// each), the `Document` enum (a file of any kind, read), the [`Formats`] and [`Documents`]
/// dispatch and their public methods, from one line per kind: `Variant => path::to::KindType,`,
/// optionally behind `#[cfg(…)]`. The order is the detection order.
///
/// Used once by this crate; exposed (hidden) so that a test can register a kind of its own.
#[doc(hidden)]
#[macro_export]
macro_rules! registry {
    ($( $(#[cfg($cfg:meta)])? $variant:ident => $kind:ty ),+ $(,)?) => {
        /// Every format of every kind, one value each.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Format {
            $(
                $(#[cfg($cfg)])?
                #[doc = concat!("A format of `", stringify!($kind), "`.")]
                $variant(<$kind as $crate::Kind>::Format),
            )+
        }

        /// A file of any kind, read.
        // A program holds a handful of documents at a time; boxing the large kinds would buy nothing.
        #[allow(clippy::large_enum_variant)]
        #[non_exhaustive]
        pub enum Document {
            $(
                $(#[cfg($cfg)])?
                #[doc = concat!("A document of `", stringify!($kind), "`.")]
                $variant($crate::Doc<$kind>),
            )+
        }

        impl $crate::registry::Formats for Format {
            fn all() -> impl Iterator<Item = Format> {
                let all = ::std::iter::empty();
                $(
                    $(#[cfg($cfg)])?
                    let all = all.chain(<$kind as $crate::Kind>::formats().iter().map(|f| Format::$variant(*f)));
                )+
                all
            }
            fn info(self) -> &'static $crate::FormatInfo {
                match self {
                    $( $(#[cfg($cfg)])? Format::$variant(f) => <$kind as $crate::Kind>::format_info(f), )+
                }
            }
            fn by_name_rule(file_name: &str) -> Option<Format> {
                $(
                    $(#[cfg($cfg)])?
                    if let Some(f) = <$kind as $crate::Kind>::format_by_name(file_name) {
                        return Some(Format::$variant(f));
                    }
                )+
                None
            }
            fn holds_puzzles(self) -> bool {
                match self {
                    $( $(#[cfg($cfg)])? Format::$variant(f) => <$kind as $crate::Kind>::holds_puzzles(f), )+
                }
            }
            fn by_extension(ext: &str) -> &'static [Format] {
                static TABLE: ::std::sync::OnceLock<::std::vec::Vec<(::std::string::String, ::std::vec::Vec<Format>)>> =
                    ::std::sync::OnceLock::new();
                $crate::registry::look_up_extension(TABLE.get_or_init($crate::registry::extension_table::<Format>), ext)
            }
        }

        impl $crate::registry::Documents for Document {
            type Format = Format;
            fn parse(bytes: &[u8], format: Format, params: &str) -> Result<$crate::Parsed<Document>, $crate::Error> {
                match format {
                    $( $(#[cfg($cfg)])? Format::$variant(format) => {
                        let params = <$kind as $crate::Kind>::params(params)?;
                        Ok(<$kind as $crate::Kind>::read(bytes, format, &params)?
                            .map(|value| Document::$variant($crate::Doc { format, value })))
                    } )+
                }
            }
            fn format(&self) -> Format {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(d) => Format::$variant(d.format), )+
                }
            }
            #[allow(unreachable_patterns)]
            fn set_format(&mut self, to: Format) {
                match (self, to) {
                    $( $(#[cfg($cfg)])? (Document::$variant(d), Format::$variant(f)) => d.format = f, )+
                    _ => {}
                }
            }
            fn full_format(&self) -> Option<Format> {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(d) => <$kind as $crate::Kind>::full_format(&d.value).map(Format::$variant), )+
                }
            }
            #[allow(unreachable_patterns)]
            fn write_as(&self, to: Format, solution: bool) -> Option<Result<$crate::Written, $crate::Error>> {
                match (self, to) {
                    $( $(#[cfg($cfg)])? (Document::$variant(d), Format::$variant(f)) => Some(if solution {
                        <$kind as $crate::Kind>::write_solution(&d.value, f)
                    } else {
                        <$kind as $crate::Kind>::write(&d.value, f)
                    }), )+
                    _ => None,
                }
            }
            fn describe(&self, request: &$crate::InfoRequest) -> $crate::Info {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(d) => <$kind as $crate::Kind>::info(&d.value, request), )+
                }
            }
            fn check_flags(&self, flags: &[&str]) -> Result<$crate::CheckReport, $crate::Error> {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(d) => <$kind as $crate::Kind>::check_with(&d.value, flags), )+
                }
            }
            fn combines(&self) -> bool {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(_) => <$kind as $crate::Kind>::COMBINES, )+
                }
            }
            #[allow(unreachable_patterns)]
            fn combine_same(&self, other: &Document) -> Option<Result<$crate::Parsed<Document>, $crate::Error>> {
                match (self, other) {
                    $( $(#[cfg($cfg)])? (Document::$variant(a), Document::$variant(b)) => Some(
                        <$kind as $crate::Kind>::combine(&a.value, &b.value)
                            .map(|p| p.map(|value| Document::$variant($crate::Doc { format: a.format, value }))),
                    ), )+
                    _ => None,
                }
            }
            fn overlay(&self, bytes: &[u8]) -> Option<Result<$crate::Parsed<Document>, $crate::Error>> {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(d) => <$kind as $crate::Kind>::overlay(&d.value, d.format, bytes)
                        .map(|r| r.map(|p| p.map(|value| Document::$variant($crate::Doc { format: d.format, value })))), )+
                }
            }
            fn draw(&self, request: &$crate::RenderRequest) -> Result<$crate::Rendered, $crate::Error> {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(d) => <$kind as $crate::Kind>::render(&d.value, request), )+
                }
            }
            fn solve_raw(&self, request: &$crate::SolveRequest) -> Result<$crate::registry::Solution<Document>, $crate::Error> {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(d) => {
                        let solved = <$kind as $crate::Kind>::solve_as(&d.value, d.format, request)?;
                        let format = d.format;
                        Ok($crate::registry::Solution {
                            report: solved.report,
                            solutions: solved.solutions.into_iter()
                                .map(|value| Document::$variant($crate::Doc { format, value })).collect(),
                            trace: solved.trace,
                        })
                    } )+
                }
            }
            fn settings(&self) -> &'static [$crate::settings::Setting] {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(_) => <$kind as $crate::Kind>::settings(), )+
                }
            }
            fn attach(&mut self, path: &::std::path::Path) -> Vec<$crate::Warning> {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(d) => <$kind as $crate::Kind>::attach(&mut d.value, path), )+
                }
            }
            fn members(&self) -> Option<Result<Vec<$crate::Member>, $crate::Error>> {
                let wanted = |stored_as: &str| <Document as $crate::registry::Documents>::member_format(stored_as).is_some();
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(d) => <$kind as $crate::Kind>::members(&d.value, &wanted), )+
                }
            }
            fn with_member(&self, member: &$crate::Member, bytes: Vec<u8>) -> Result<Document, $crate::Error> {
                match self {
                    $( $(#[cfg($cfg)])? Document::$variant(d) => Ok(Document::$variant($crate::Doc {
                        format: d.format,
                        value: <$kind as $crate::Kind>::with_member(&d.value, member, bytes)?,
                    })), )+
                }
            }
            fn member_format(stored_as: &str) -> Option<Format> {
                $(
                    $(#[cfg($cfg)])?
                    if let Some(f) = <$kind as $crate::Kind>::member_format(stored_as) {
                        return Some(Format::$variant(f));
                    }
                )+
                None
            }
            fn read_member(member: &$crate::Member, format: Format) -> Result<$crate::Parsed<Document>, $crate::Error> {
                match format {
                    $( $(#[cfg($cfg)])? Format::$variant(format) => Ok(<$kind as $crate::Kind>::read_member(member, format)?
                        .map(|value| Document::$variant($crate::Doc { format, value }))), )+
                }
            }
            fn save_member(member: &$crate::Member, format: Format, request: &$crate::SolveRequest) -> Result<$crate::SavedMember, $crate::Error> {
                match format {
                    $( $(#[cfg($cfg)])? Format::$variant(format) => <$kind as $crate::Kind>::save_member(member, format, request), )+
                }
            }
            fn id_form(kind: &str) -> Option<&'static str> {
                $(
                    $(#[cfg($cfg)])?
                    if kind == <$kind as $crate::Kind>::NAME {
                        return <$kind as $crate::Kind>::ID_FORM;
                    }
                )+
                None
            }
            fn instance(kind: &str, id: &str) -> Option<Result<$crate::Parsed<Document>, $crate::Error>> {
                $(
                    $(#[cfg($cfg)])?
                    if kind == <$kind as $crate::Kind>::NAME {
                        return Some(<$kind as $crate::Kind>::instance(id).map(|p| {
                            p.map(|(format, value)| Document::$variant($crate::Doc { format, value }))
                        }));
                    }
                )+
                None
            }
        }

        $(
            $(#[cfg($cfg)])?
            #[allow(unreachable_patterns)]
            impl $crate::registry::Holds<$kind> for Document {
                fn get(&self) -> Option<&$crate::Doc<$kind>> {
                    match self { Document::$variant(d) => Some(d), _ => None }
                }
                fn get_mut(&mut self) -> Option<&mut $crate::Doc<$kind>> {
                    match self { Document::$variant(d) => Some(d), _ => None }
                }
                #[allow(clippy::result_large_err)]
                fn take(self) -> Result<$crate::Doc<$kind>, Document> {
                    match self { Document::$variant(d) => Ok(d), other => Err(other) }
                }
                fn hold(doc: $crate::Doc<$kind>) -> Document {
                    Document::$variant(doc)
                }
            }

            $(#[cfg($cfg)])?
            #[allow(unreachable_patterns)]
            impl $crate::registry::HoldsFormat<$kind> for Format {
                fn get(self) -> Option<<$kind as $crate::Kind>::Format> {
                    match self { Format::$variant(f) => Some(f), _ => None }
                }
                fn hold(format: <$kind as $crate::Kind>::Format) -> Format {
                    Format::$variant(format)
                }
            }
        )+

        #[allow(dead_code)]
        impl Format {
            /// The format as one of the kind `K` (`None` for another kind's).
            pub fn as_kind<K: $crate::Kind>(self) -> Option<K::Format>
            where
                Format: $crate::registry::HoldsFormat<K>,
            {
                <Format as $crate::registry::HoldsFormat<K>>::get(self)
            }
            /// The format `format` of the kind `K`.
            pub fn of_kind<K: $crate::Kind>(format: K::Format) -> Format
            where
                Format: $crate::registry::HoldsFormat<K>,
            {
                <Format as $crate::registry::HoldsFormat<K>>::hold(format)
            }
            /// Every format, in detection order: the kinds in registry order, within a kind its
            /// most specific content test first.
            pub fn all() -> impl Iterator<Item = Format> {
                <Format as $crate::registry::Formats>::all()
            }
            /// The format's description: name, kind, extensions, content test, abilities.
            pub fn info(self) -> &'static $crate::FormatInfo {
                <Format as $crate::registry::Formats>::info(self)
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
            pub fn from_name(name: &str) -> Result<Format, $crate::Error> {
                $crate::registry::from_name(name)
            }
            /// The formats a file name suggests: by a name rule of its kind (a `._name` file is
            /// AppleDouble), or by its extension, most usual first.
            pub fn claiming(file_name: &str) -> Vec<Format> {
                $crate::registry::claiming(file_name)
            }
            /// The format of `bytes` from a file called `file_name` (if known): a strong content
            /// test (a magic number, a signature line; those of the formats the extension names
            /// first, so a `.puz` file is not put to every other format's test) first; then an
            /// extension only one format claims; then the weaker content tests (among the
            /// formats the extension names first); then the extension alone.
            pub fn detect(bytes: &[u8], file_name: Option<&str>) -> Option<Format> {
                $crate::registry::detect_how(bytes, file_name).map(|(f, _)| f)
            }
        }

        impl ::std::fmt::Display for Format {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        #[allow(dead_code)]
        impl Document {
            /// The document as one of the kind `K` (`None` for another kind's).
            pub fn as_kind<K: $crate::Kind>(&self) -> Option<&$crate::Doc<K>>
            where
                Document: $crate::registry::Holds<K>,
            {
                <Document as $crate::registry::Holds<K>>::get(self)
            }
            /// The same, to change.
            pub fn as_kind_mut<K: $crate::Kind>(&mut self) -> Option<&mut $crate::Doc<K>>
            where
                Document: $crate::registry::Holds<K>,
            {
                <Document as $crate::registry::Holds<K>>::get_mut(self)
            }
            /// The document as one of the kind `K`, or itself when it is of another kind.
            #[allow(clippy::result_large_err)]
            pub fn into_kind<K: $crate::Kind>(self) -> Result<$crate::Doc<K>, Document>
            where
                Document: $crate::registry::Holds<K>,
            {
                <Document as $crate::registry::Holds<K>>::take(self)
            }
            /// The document of the kind `K` holding `value`, written as `format` by default.
            pub fn of_kind<K: $crate::Kind>(format: K::Format, value: K::Doc) -> Document
            where
                Document: $crate::registry::Holds<K>,
            {
                <Document as $crate::registry::Holds<K>>::hold($crate::Doc { format, value })
            }
            /// Read `bytes` as `format`, with the format's parameters.
            pub fn parse(bytes: &[u8], format: Format, params: &str) -> Result<$crate::Parsed<Document>, $crate::Error> {
                <Document as $crate::registry::Documents>::parse(bytes, format, params)
            }
            /// The format the document was read as.
            pub fn format(&self) -> Format {
                <Document as $crate::registry::Documents>::format(self)
            }
            /// The kind of puzzle (`masyu`, `crossword`, …).
            pub fn kind(&self) -> &'static str {
                self.format().kind()
            }
            /// A format of the document's kind that holds everything the document holds (what a
            /// player's board is written as when its own format cannot hold the lines), if the
            /// kind has one.
            pub fn full_format(&self) -> Option<Format> {
                <Document as $crate::registry::Documents>::full_format(self)
            }
            /// Write the document as `to`, a format of its kind; `lost` says what `to` cannot hold.
            pub fn write(&self, to: Format) -> Result<$crate::Written, $crate::Error> {
                $crate::registry::write(self, to, false)
            }
            /// Write a solution as `to`, leaving out quietly what a solution file of that format
            /// does not carry (a Masyu `.sol` grid holds the lines, not the pearls): `lost` then
            /// names only what the solution itself loses.
            pub fn write_solution(&self, to: Format) -> Result<$crate::Written, $crate::Error> {
                $crate::registry::write(self, to, true)
            }
            /// The names of the formats this document's kind can be written as.
            pub fn writable_formats(&self) -> Vec<&'static str> {
                $crate::registry::writable_formats(self)
            }
            /// The format a file called `file_name` should get: one of this kind that can be
            /// written and that the name suggests.
            pub fn format_for_output(&self, file_name: &str) -> Option<Format> {
                let kind = self.kind();
                Format::claiming(file_name).into_iter().find(|f| f.kind() == kind && f.info().write)
            }
            /// Describe the document (with the long listings when `request` asks for details).
            pub fn info(&self, request: &$crate::InfoRequest) -> Result<$crate::Info, $crate::Error> {
                Ok($crate::registry::info(self, request))
            }
            /// The document with `other` laid over it (a board over a Masyu puzzle, a solution
            /// beside a polyomino puzzle).
            pub fn combine(&self, other: &Document) -> Result<$crate::Parsed<Document>, $crate::Error> {
                $crate::registry::combine(self, other)
            }
            /// Whether `name` is a puzzle id, `KIND:ID` (`apad:weekday:2026-01-19`), of a kind that
            /// makes puzzles from ids (Simon Tatham's `params:desc`): an input that names no file
            /// and stands for its own puzzle, as a link does.
            pub fn is_id(name: &str) -> bool {
                $crate::registry::is_id::<Document>(name)
            }
            /// The puzzle the id `name` (`KIND:ID`) names: an instance of the kind, which `solve`
            /// answers; `None` when `name` is not a puzzle id.
            pub fn instance(name: &str) -> Option<Result<$crate::Parsed<Document>, $crate::Error>> {
                $crate::registry::instance::<Document>(name)
            }
            /// The forms of the puzzle ids the kinds take, as `KIND:FORM`
            /// (`apad:[EDITION:]DATE`).
            pub fn id_forms() -> Vec<String> {
                let mut kinds: Vec<&str> = Format::all().map(|f| f.kind()).collect();
                kinds.dedup();
                kinds.into_iter().filter_map(|k| {
                    <Document as $crate::registry::Documents>::id_form(k).map(|form| format!("{k}:{form}"))
                }).collect()
            }
        }
    };
}
