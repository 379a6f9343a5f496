//! The document of the crossword kind: the decoded [`Puzzle`] plus what the format it was read
//! from keeps that the puzzle cannot (the `.puz` bytes, the text layout, the ipuz JSON), so that
//! writing a document back in its own format loses nothing while converting goes model → target.

use pzl_core::FormatTable as _;

use crate::error::Warning;
use crate::format::Format;
use crate::format::across_text::TextLayout;
use crate::puzzle::Puzzle;
use crate::raw::{PuzFile, ReadPuz};

/// What a document's source format holds beyond the [`Puzzle`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Built in memory: nothing beyond the puzzle.
    Built,
    /// A `.puz` file, byte for byte, with the checksum mismatches found when it was read.
    Puz(ReadPuz),
    /// Across Lite text, with the layout it was written in (indents, line ends, rebus markers).
    Text(TextLayout),
    /// ipuz: the document as read, and each thing of it the puzzle model cannot hold (cell styles
    /// other than circles, …), in words.
    Ipuz {
        /// The JSON text as read.
        text: String,
        /// What the puzzle model leaves out, e.g. `the style of cell $.puzzle[0][0]`.
        extras: Vec<String>,
    },
    /// `.xd`: the text as read, and what the puzzle model leaves out, in words.
    Xd {
        /// The text as read.
        text: String,
        /// What the puzzle model leaves out, e.g. `the metadata `date``.
        extras: Vec<String>,
    },
    /// JPZ: the bytes as read (zipped or bare), and what the puzzle model leaves out, in words.
    Jpz {
        /// The file as read.
        bytes: Vec<u8>,
        /// What the puzzle model leaves out, e.g. `the shading (background-color) of 2 cell(s)`.
        extras: Vec<String>,
    },
}

/// A crossword as read from a file or built: the puzzle and what its source keeps.
///
/// The fields are private so that the puzzle and its source cannot drift apart: a document is
/// made by reading ([`crate::CrosswordKind`]), by [`CrosswordDoc::from_puzzle`], or by locking and
/// unlocking ([`crate::lock()`], [`crate::unlock()`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrosswordDoc {
    puzzle: Puzzle,
    source: Source,
    warnings: Vec<Warning>,
}

impl CrosswordDoc {
    /// A document holding `puzzle` alone (written fresh in every format).
    pub fn from_puzzle(puzzle: Puzzle) -> CrosswordDoc {
        CrosswordDoc { puzzle, source: Source::Built, warnings: Vec::new() }
    }

    /// A document read from a `.puz` file: the raw file and its decoded puzzle.
    pub fn from_puz(read: ReadPuz) -> CrosswordDoc {
        let (puzzle, decode_warnings) = Puzzle::from_raw(&read.file);
        let mut warnings = read.warnings.clone();
        warnings.extend(decode_warnings);
        CrosswordDoc { puzzle, source: Source::Puz(read), warnings }
    }

    pub(crate) fn with_source(puzzle: Puzzle, source: Source, warnings: Vec<Warning>) -> CrosswordDoc {
        CrosswordDoc { puzzle, source, warnings }
    }

    /// The decoded puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The puzzle alone, the source dropped (to edit it and build a new document).
    pub fn into_puzzle(self) -> Puzzle {
        self.puzzle
    }

    /// What the source format holds beyond the puzzle.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// The format the document was read from (`None` when built).
    pub fn format(&self) -> Option<Format> {
        match self.source {
            Source::Built => None,
            Source::Puz(_) => Some(Format::Puz),
            Source::Text(_) => Some(Format::AcrossText),
            Source::Ipuz { .. } => Some(Format::Ipuz),
            Source::Xd { .. } => Some(Format::Xd),
            Source::Jpz { .. } => Some(Format::Jpz),
        }
    }

    /// The format's name, or `built`.
    pub fn format_name(&self) -> &'static str {
        self.format().map_or("built", Format::name)
    }

    /// The raw `.puz` file, when the document was read from one.
    pub fn puz(&self) -> Option<&PuzFile> {
        match &self.source {
            Source::Puz(read) => Some(&read.file),
            _ => None,
        }
    }

    /// The warnings reading raised (kept for `info`).
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The `.puz` file read, its decoded puzzle, and the warnings decoding it raised (what
    /// [`Puzzle::from_raw`] gives for the file: [`CrosswordDoc::from_puz`] appended them to the
    /// reader's, and the private fields keep the two from drifting apart).
    pub(crate) fn puz_decoded(&self) -> Option<(&ReadPuz, &Puzzle, &[Warning])> {
        match &self.source {
            Source::Puz(read) => {
                Some((read, &self.puzzle, self.warnings.get(read.warnings.len()..).unwrap_or_default()))
            }
            _ => None,
        }
    }
}
