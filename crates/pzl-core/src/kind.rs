//! The contract every puzzle kind fulfils, after Simon Tatham's `struct game`. A kind that cannot
//! do something keeps the default, which says so; nothing is special-cased elsewhere.

use std::path::Path;

use crate::diag::{Parsed, Rendered, Warning, Written};
use crate::error::Error;
use crate::format::{FormatInfo, FormatTable};
use crate::member::{Member, SavedMember};
use crate::report::{CheckReport, Info, SolveReport};
use crate::request::{InfoRequest, RenderRequest, SolveRequest};

/// What `solve` gives back: the report, the solutions as documents (to write in any format of
/// the kind) and, when asked for, the trace of the solver's reasoning.
#[derive(Debug, Clone)]
pub struct Solved<D> {
    /// What happened.
    pub report: SolveReport,
    /// The solutions found, as documents of the kind.
    pub solutions: Vec<D>,
    /// The replayable trace (JSON Lines), when the request asked for one.
    pub trace: Option<String>,
}

/// One kind of puzzle: its formats, and what pzl can do with a document of that kind.
pub trait Kind {
    /// The kind's name: `masyu`, `crossword`, `poly`, `apad`, `mac`.
    const NAME: &'static str;
    /// The kind's name in a heading (`Polyomino`, `A-Puzzle-A-Day`).
    const TITLE: &'static str = Self::NAME;
    /// What one file of this kind holds once read.
    type Doc;
    /// The kind's formats, one value each.
    type Format: FormatTable;
    /// Settings that travel with a format name, e.g. the edition in `apad:weekday`.
    type Params: Default;

    /// Every format of the kind, most specific content test first.
    fn formats() -> &'static [Self::Format] {
        Self::Format::ALL
    }
    /// The description of `format`.
    fn format_info(format: Self::Format) -> &'static FormatInfo {
        format.info()
    }

    /// The parameters written after a format name's colon (`weekday` in `apad:weekday`).
    fn params(text: &str) -> Result<Self::Params, Error> {
        if text.is_empty() {
            Ok(Self::Params::default())
        } else {
            Err(Error::usage(format!("the {} formats take no parameters (`:{text}`)", Self::NAME)))
        }
    }

    /// How the kind's puzzle ids are written after `NAME:` (Simon Tatham's `params:desc`, e.g.
    /// `[EDITION:]DATE` for `apad:weekday:2026-01-19`); `None` when the kind makes no puzzles
    /// from ids.
    const ID_FORM: Option<&'static str> = None;

    /// The puzzle the id `id` names (the text after `NAME:`, in [`Kind::ID_FORM`]), as a document
    /// in the format it is written in by default: an instance that `solve` answers.
    #[allow(clippy::type_complexity)]
    fn instance(id: &str) -> Result<Parsed<(Self::Format, Self::Doc)>, Error> {
        let _ = id;
        Err(Error::unsupported(Self::NAME, "puzzle ids"))
    }

    /// The settings the kind takes, with the verbs each applies to (see [`crate::settings`]).
    fn settings() -> &'static [crate::settings::Setting] {
        &[]
    }

    /// A format of the kind that holds everything `doc` holds, to write it in when the format
    /// asked for would leave something out (a Masyu board with a player's lines: pzprv3). `None`
    /// when the kind has no such format.
    fn full_format(_doc: &Self::Doc) -> Option<Self::Format> {
        None
    }

    /// Whether files of `format` may hold puzzles (not only solutions): a folder walk opens
    /// them. A format of solutions only says no.
    fn holds_puzzles(_format: Self::Format) -> bool {
        true
    }

    /// The format a file's name names by a rule of the kind's own (not by its extension), e.g.
    /// a name that starts with `._`. `file_name` has no folder.
    fn format_by_name(_file_name: &str) -> Option<Self::Format> {
        None
    }

    /// Read what belongs to `doc` beside its file at `path` (a header's separate data file),
    /// saying what could not be read.
    fn attach(_doc: &mut Self::Doc, _path: &Path) -> Vec<Warning> {
        Vec::new()
    }

    /// Read `bytes` as `format`.
    fn read(bytes: &[u8], format: Self::Format, params: &Self::Params) -> Result<Parsed<Self::Doc>, Error>;
    /// Write `doc` as `format`, saying what the format cannot hold.
    fn write(doc: &Self::Doc, format: Self::Format) -> Result<Written, Error>;
    /// The members of `doc`, a container, whose stored type `wanted` accepts (the types some
    /// kind reads), in the container's order; `None` when the kind holds no members.
    fn members(_doc: &Self::Doc, _wanted: &dyn Fn(&str) -> bool) -> Option<Result<Vec<Member>, Error>> {
        None
    }
    /// `doc` with the member `member` holding `bytes` instead (everything else kept).
    fn with_member(_doc: &Self::Doc, _member: &Member, _bytes: Vec<u8>) -> Result<Self::Doc, Error> {
        Err(Error::unsupported(Self::NAME, "replacing a member"))
    }
    /// The format in which this kind reads a member a container stores as `stored_as`, if any.
    fn member_format(_stored_as: &str) -> Option<Self::Format> {
        None
    }
    /// Read `member` as `format` (one [`Kind::member_format`] gave).
    fn read_member(member: &Member, format: Self::Format) -> Result<Parsed<Self::Doc>, Error> {
        Self::read(&member.bytes, format, &Self::Params::default())
    }
    /// Solve `member` (read as `format`) and give its bytes with the solution saved in them.
    fn save_member(
        _member: &Member,
        _format: Self::Format,
        _request: &SolveRequest,
    ) -> Result<SavedMember, Error> {
        Err(Error::unsupported(Self::NAME, "saving a solution"))
    }

    /// Write `doc`, a solution, as `format`, leaving out quietly what a solution file of that
    /// format does not carry: `lost` names only what the solution itself loses.
    fn write_solution(doc: &Self::Doc, format: Self::Format) -> Result<Written, Error> {
        Self::write(doc, format)
    }
    /// Describe `doc` (with the long listings when `request` asks for details).
    fn info(doc: &Self::Doc, request: &InfoRequest) -> Info;

    /// `doc` with `other` laid over it: a Masyu board's lines over a puzzle, a solution beside a
    /// packing puzzle (what `--with FILE` does).
    fn combine(_doc: &Self::Doc, _other: &Self::Doc) -> Result<Parsed<Self::Doc>, Error> {
        Err(Error::unsupported(Self::NAME, &crate::settings::mention("with")))
    }
    /// Whether [`Kind::combine`] lays documents over this kind's (a kind that combines says so,
    /// so that a file of another kind is refused as the wrong kind, not as an unsupported verb).
    const COMBINES: bool = false;
    /// `doc` (read as `format`) with the file `bytes` laid over it, when the kind reads such a
    /// file itself, in a way no format detection could (a solution as bare text); `None` reads
    /// the file as a document and [combines](Kind::combine) it.
    fn overlay(
        _doc: &Self::Doc,
        _format: Self::Format,
        _bytes: &[u8],
    ) -> Option<Result<Parsed<Self::Doc>, Error>> {
        None
    }
    /// Verify `doc` strictly.
    fn check(_doc: &Self::Doc) -> Result<CheckReport, Error> {
        Err(Error::unsupported(Self::NAME, "check"))
    }
    /// Verify `doc` with the flags named in `flags` on (names of [`Kind::settings`] that apply
    /// to checking; the caller refuses any other).
    fn check_with(doc: &Self::Doc, _flags: &[&str]) -> Result<CheckReport, Error> {
        Self::check(doc)
    }
    /// Draw `doc`, saying what the user should know about the drawing (only the first of
    /// several chosen boards fits one picture; a font lacks a glyph).
    fn render(_doc: &Self::Doc, _request: &RenderRequest) -> Result<Rendered, Error> {
        Err(Error::unsupported(Self::NAME, "render"))
    }
    /// Solve `doc`.
    fn solve(_doc: &Self::Doc, _request: &SolveRequest) -> Result<Solved<Self::Doc>, Error> {
        Err(Error::unsupported(Self::NAME, "solve"))
    }
    /// Solve `doc`, read as `format` (a kind may show the solution in the report in the
    /// puzzle's own format).
    fn solve_as(
        doc: &Self::Doc,
        _format: Self::Format,
        request: &SolveRequest,
    ) -> Result<Solved<Self::Doc>, Error> {
        Self::solve(doc, request)
    }
}
