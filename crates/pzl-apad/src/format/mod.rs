//! The formats of A-Puzzle-A-Day files: `apad` (the binary boards, [`apad`]) and `apad-text` (a
//! letter per square, [`text`]). Both read into a [`BoardSet`] of the edition given as the
//! format's parameter (`apad:weekday`), and each writes the other losslessly.

pub mod apad;
pub mod text;

use pzl_core::{Confidence, Error, FormatInfo, Location, Parsed, Written};

use crate::model::puzzle::Puzzle;
use crate::model::set::BoardSet;

/// A format of A-Puzzle-A-Day files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// The readable text form, a letter per square (starts with `# pzl apad text`).
    Text,
    /// APAD: boards back to back, 9 bytes per classic board.
    Apad,
}

/// Every format, most specific content test first (APAD has no content test).
pub const ALL: [Format; 2] = [Format::Text, Format::Apad];

static APAD: FormatInfo = FormatInfo {
    name: "apad",
    kind: "apad",
    description: "A-Puzzle-A-Day boards (APAD: 9 bytes per classic board)",
    extensions: &["apad"],
    detect: None,
    confidence: Confidence::Weak,
    read: true,
    write: true,
};

static TEXT: FormatInfo = FormatInfo {
    name: "apad-text",
    kind: "apad",
    description: "A-Puzzle-A-Day boards as text, a letter per square (`pzl apad decode`)",
    extensions: &["apadtxt"],
    detect: Some(text::looks_like),
    confidence: Confidence::Strong,
    read: true,
    write: true,
};

impl Format {
    /// The format's description: name, extensions, content test.
    pub fn info(self) -> &'static FormatInfo {
        match self {
            Format::Apad => &APAD,
            Format::Text => &TEXT,
        }
    }
}

/// Well-known signatures of files that are not APAD boards but would decode as some (APAD has no
/// magic number of its own).
const NOT_APAD: [(&[u8], &str); 7] = [
    (b"\x89PNG", "a PNG image"),
    (b"GIF8", "a GIF image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive"),
    (b"\x7fELF", "an ELF program"),
    (text::MAGIC, "the APAD text form"),
];

/// Read `bytes` as `format` for the edition `puzzle`. Lenient: placements the decoder ignores
/// and a partial board at the end are warnings (and problems for [`crate::check`]).
pub fn read(bytes: &[u8], format: Format, puzzle: &Puzzle) -> Result<Parsed<BoardSet>, Error> {
    match format {
        Format::Apad => {
            if let Some((_, what)) = NOT_APAD.iter().find(|(magic, _)| bytes.starts_with(magic)) {
                let e = Error::syntax(format!("this is {what}, not APAD boards")).at(Location::Offset(0));
                return Err(if bytes.starts_with(text::MAGIC) {
                    e.hint("read it as apad-text (`--from apad-text`)")
                } else {
                    e
                });
            }
            Ok(BoardSet::from_bytes(puzzle.clone(), Format::Apad, bytes, None))
        }
        Format::Text => {
            let text = std::str::from_utf8(bytes).map_err(|e| {
                Error::syntax("the text form is not UTF-8").at(Location::Offset(e.valid_up_to()))
            })?;
            let ours = format!("# pzl apad text ({}):", puzzle.name);
            if let Some(named) = text::edition_named(text)
                && !text.starts_with(&ours)
            {
                return Err(Error::syntax(format!(
                    "the file holds boards of the `{named}` edition, not `{}`",
                    puzzle.name
                ))
                .at(Location::line(1))
                .hint(format!("read it as apad-text:{named}")));
            }
            let boards = text::read(puzzle, text)?;
            Ok(BoardSet::from_bytes(puzzle.clone(), Format::Text, &boards.bytes, Some(&boards.lines)))
        }
    }
}

/// Write `set` as `format`. Both formats hold every whole board exactly; a partial board at the
/// end of the file read is left out (and listed in [`Written::lost`]).
pub fn write(set: &BoardSet, format: Format) -> Result<Written, Error> {
    let bytes = match format {
        Format::Apad => set.bytes.clone(),
        Format::Text => text::from_apad(&set.puzzle, &set.bytes)?.into_bytes(),
    };
    let lost = set
        .partial
        .iter()
        .map(|p| format!("the partial board of {} bytes at byte offset {}", p.bytes.len(), p.offset))
        .collect();
    Ok(Written { bytes, lost })
}

impl pzl_core::FormatTable for Format {
    const ALL: &'static [Format] = &ALL;

    fn info(self) -> &'static pzl_core::FormatInfo {
        Format::info(self)
    }
}
