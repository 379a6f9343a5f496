//! The contract every puzzle kind fulfils, after Simon Tatham's `struct game`. A kind that cannot
//! do something keeps the default, which says so; nothing is special-cased elsewhere.

use crate::diag::{Parsed, Written};
use crate::error::Error;
use crate::format::{FormatInfo, FormatTable};
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

    /// Read `bytes` as `format`.
    fn read(bytes: &[u8], format: Self::Format, params: &Self::Params) -> Result<Parsed<Self::Doc>, Error>;
    /// Write `doc` as `format`, saying what the format cannot hold.
    fn write(doc: &Self::Doc, format: Self::Format) -> Result<Written, Error>;
    /// Describe `doc` (with the long listings when `request` asks for details).
    fn info(doc: &Self::Doc, request: &InfoRequest) -> Info;

    /// `doc` with `other` laid over it: a Masyu board's lines over a puzzle, a solution beside a
    /// packing puzzle (what `--with FILE` does).
    fn combine(_doc: &Self::Doc, _other: &Self::Doc) -> Result<Parsed<Self::Doc>, Error> {
        Err(Error::unsupported(Self::NAME, "--with"))
    }
    /// Verify `doc` strictly.
    fn check(_doc: &Self::Doc) -> Result<CheckReport, Error> {
        Err(Error::unsupported(Self::NAME, "check"))
    }
    /// Draw `doc`.
    fn render(_doc: &Self::Doc, _request: &RenderRequest) -> Result<Vec<u8>, Error> {
        Err(Error::unsupported(Self::NAME, "render"))
    }
    /// Solve `doc`.
    fn solve(_doc: &Self::Doc, _request: &SolveRequest) -> Result<Solved<Self::Doc>, Error> {
        Err(Error::unsupported(Self::NAME, "solve"))
    }
}
