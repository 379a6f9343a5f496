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

/// The most warnings [`decode_to_text`] keeps; past it they are counted in one more.
pub const MAX_DECODE_WARNINGS: usize = 1000;

/// APAD bytes straight to the text form, one board at a time, for `pzl apad decode`: unlike
/// [`read`] then [`write()`], no decoded board is kept, so a file of millions of boards (the
/// weekday edition has 4.9 million solutions) needs only the memory of its text. The warnings
/// are [`read`]'s (placements ignored, a partial board at the end; at most
/// [`MAX_DECODE_WARNINGS`], the rest counted), and a partial board is listed in
/// [`Written::lost`] as [`write()`] lists it.
pub fn decode_to_text(bytes: &[u8], puzzle: &Puzzle) -> Result<Parsed<Written>, Error> {
    if let Some((_, what)) = NOT_APAD.iter().find(|(magic, _)| bytes.starts_with(magic)) {
        return Err(Error::syntax(format!("this is {what}, not APAD boards")).at(Location::Offset(0)));
    }
    let chunk = apad::chunk_len(puzzle);
    let whole = bytes.len() - bytes.len() % chunk;
    let mut warnings = Vec::new();
    let mut more = 0usize;
    let mut out = text::header(puzzle);
    let mut any_answer = false;
    out.reserve((whole / chunk).saturating_mul(8 * puzzle.pieces.len() + 40).min(1 << 30));
    for (i, c) in bytes[..whole].chunks_exact(chunk).enumerate() {
        let decoded = apad::decode_board(puzzle, c);
        any_answer = any_answer || decoded.board.answer(puzzle).is_ok();
        for problem in &decoded.problems {
            if warnings.len() < MAX_DECODE_WARNINGS {
                warnings.push(pzl_core::Warning::at(
                    Location::Offset(i * chunk),
                    format!("board {}: {problem}", i + 1),
                ));
            } else {
                more += 1;
            }
        }
        text::push_board(&mut out, puzzle, i, &decoded, c);
    }
    if more > 0 {
        warnings.push(pzl_core::Warning::new(format!("{more} more boards with ignored placements")));
    }
    let mut lost = Vec::new();
    if whole < bytes.len() {
        let len = bytes.len() - whole;
        warnings.push(pzl_core::Warning::at(
            Location::Offset(whole),
            format!("a partial board of {len} bytes at the end (boards are {chunk} bytes each); ignored"),
        ));
        lost.push(format!("the partial board of {len} bytes at byte offset {whole}"));
    }
    if whole > 0 && !any_answer {
        warnings.push(pzl_core::Warning::new(format!(
            "no board is a solution of the `{}` edition; if the file is of another edition, \
             name it (`apad:weekday`, `apad:FILE`)",
            puzzle.name
        )));
    }
    Ok(Parsed::with(Written { bytes: out.into_bytes(), lost }, warnings))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// R6: the streaming decode gives what reading then writing gives (text, warnings, what is
    /// lost), and keeps at most MAX_DECODE_WARNINGS warnings.
    #[test]
    fn decode_to_text_is_read_then_write() {
        let puzzle = Puzzle::classic();
        let chunk = apad::chunk_len(&puzzle);
        let mut bytes: Vec<u8> = (0..chunk * 40).map(|i| (i * 37 % 251) as u8).collect();
        bytes.extend([1, 2, 3]);
        let streamed = decode_to_text(&bytes, &puzzle).unwrap();
        let read = read(&bytes, Format::Apad, &puzzle).unwrap();
        let written = write(&read.value, Format::Text).unwrap();
        assert_eq!(streamed.value, written);
        assert!(!streamed.warnings.is_empty());
        let messages = |w: &[pzl_core::Warning]| w.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert!(messages(&streamed.warnings) == messages(&read.warnings), "the warnings differ");

        let many: Vec<u8> = (0..chunk * (MAX_DECODE_WARNINGS + 50)).map(|i| (i * 37 % 251) as u8).collect();
        let streamed = decode_to_text(&many, &puzzle).unwrap();
        assert_eq!(streamed.warnings.len(), MAX_DECODE_WARNINGS + 2);
        assert!(streamed.warnings[MAX_DECODE_WARNINGS].message.contains("more boards"));
        assert!(decode_to_text(b"%PDF-1.4", &puzzle).is_err());
    }
}
