//! The `.puz` layer as puzpy (the Python `puz` package) sees it: a file as its fields
//! ([`PuzFields`]), read, written, checksummed, locked and unlocked, and the codecs of the extra
//! sections (`RTBL`, `RUSR`, `LTIM`) and of the grid's numbering. The Python package's `pzl.puz`
//! drop-in forwards to this module; the header layout, the checksums and the section formats are
//! known here only.

use crate::checksum::cksum;
use crate::lock::{self, LockError};
use crate::numbering::{Direction, slots};
use crate::raw::{self, ClueStrings, HEADER_LEN, PuzFile, Section, off};

/// Why a `.puz` file or one of its sections could not be read, or a field could not be stored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzpyError {
    /// Not a valid `.puz` file (puzpy's `PuzzleFormatError`), a checksum mismatch included.
    #[error("{0}")]
    Format(String),
    /// A value that does not fit its field, or a section's text that is not in its format.
    #[error("{0}")]
    Value(String),
}

/// The fields of a `.puz` file, by puzpy's names; text fields are the file's bytes, in its
/// encoding (Latin-1, or UTF-8 for version 2 files).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PuzFields {
    /// Bytes before the header.
    pub preamble: Vec<u8>,
    /// Bytes after the last section.
    pub postscript: Vec<u8>,
    /// The version field (`b"1.3\0"`).
    pub fileversion: Vec<u8>,
    /// The reserved bytes at 0x1C (2).
    pub unk1: Vec<u8>,
    /// The reserved bytes at 0x20 (12).
    pub unk2: Vec<u8>,
    /// The checksum of the unscrambled solution of a locked puzzle.
    pub scrambled_cksum: u16,
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// The puzzle type field (0x0001 normal, 0x0401 diagramless).
    pub puzzletype: u16,
    /// The solution state field (0x0004 locked, 0x0002 no solution).
    pub solution_state: u16,
    /// The solution grid, a byte per cell.
    pub solution: Vec<u8>,
    /// The player's grid, a byte per cell.
    pub fill: Vec<u8>,
    /// The title.
    pub title: Vec<u8>,
    /// The author.
    pub author: Vec<u8>,
    /// The copyright.
    pub copyright: Vec<u8>,
    /// The clues, in the file's order.
    pub clues: Vec<Vec<u8>>,
    /// The notes.
    pub notes: Vec<u8>,
    /// The extra sections, code and data, in order.
    pub sections: Vec<([u8; 4], Vec<u8>)>,
}

/// `bytes` in a field of `N` bytes: cut, or padded with zeros.
fn fixed<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, b) in out.iter_mut().zip(bytes) {
        *o = *b;
    }
    out
}

/// Read a `.puz` file, and whether its text is UTF-8 (version 2 and later) rather than Latin-1;
/// a checksum mismatch is an error, as in puzpy.
pub fn load(data: &[u8]) -> Result<(PuzFields, bool), PuzpyError> {
    let read = raw::read(data).map_err(|e| PuzpyError::Format(e.to_string()))?;
    if let Some(first) = read.checksum_mismatches.first() {
        return Err(PuzpyError::Format(first.to_string()));
    }
    let f = read.file;
    let utf8 = f.is_utf8();
    let h = &f.header;
    let fields = PuzFields {
        fileversion: f.version_bytes().to_vec(),
        unk1: h[off::RESERVED_1C..off::RESERVED_1C + 2].to_vec(),
        unk2: h[off::RESERVED_20..off::RESERVED_20 + 12].to_vec(),
        scrambled_cksum: f.scrambled_checksum(),
        width: h[off::WIDTH],
        height: h[off::HEIGHT],
        puzzletype: f.puzzle_type(),
        solution_state: f.solution_state(),
        clues: f.clues.iter().map(<[u8]>::to_vec).collect(),
        sections: f.sections.iter().map(|s| (s.code, s.data.clone())).collect(),
        preamble: f.preamble,
        postscript: f.postscript,
        solution: f.solution,
        fill: f.fill,
        title: f.title,
        author: f.author,
        copyright: f.copyright,
        notes: f.notes,
    };
    Ok((fields, utf8))
}

impl PuzFields {
    /// The raw file, checksums computed.
    fn file(&self) -> Result<PuzFile, PuzpyError> {
        let mut clues = ClueStrings::new();
        for c in &self.clues {
            clues.push(c);
        }
        let clue_count =
            u16::try_from(clues.len()).map_err(|_| PuzpyError::Value("too many clues".into()))?;
        let mut header = [0u8; HEADER_LEN];
        header[off::MAGIC..off::MAGIC + 12].copy_from_slice(raw::MAGIC);
        header[off::VERSION..off::VERSION + 4].copy_from_slice(&fixed::<4>(&self.fileversion));
        header[off::RESERVED_1C..off::RESERVED_1C + 2].copy_from_slice(&fixed::<2>(&self.unk1));
        header[off::RESERVED_20..off::RESERVED_20 + 12].copy_from_slice(&fixed::<12>(&self.unk2));
        header[off::WIDTH] = self.width;
        header[off::HEIGHT] = self.height;
        let mut file = PuzFile {
            preamble: self.preamble.clone(),
            header,
            solution: self.solution.clone(),
            fill: self.fill.clone(),
            title: self.title.clone(),
            author: self.author.clone(),
            copyright: self.copyright.clone(),
            clues,
            notes: self.notes.clone(),
            sections: Vec::new(),
            postscript: self.postscript.clone(),
        };
        file.set_u16(off::CLUE_COUNT, clue_count);
        file.set_u16(off::PUZZLE_TYPE, self.puzzletype);
        file.set_u16(off::SOLUTION_STATE, self.solution_state);
        file.set_u16(off::SCRAMBLED, self.scrambled_cksum);
        for (code, data) in &self.sections {
            if data.len() > usize::from(u16::MAX) {
                return Err(PuzpyError::Value("an extension section is longer than 65535 bytes".into()));
            }
            file.sections.push(Section::new(*code, data.clone()));
        }
        file.update_checksums();
        Ok(file)
    }

    /// The file's bytes, checksums computed.
    pub fn dump(&self) -> Result<Vec<u8>, PuzpyError> {
        Ok(self.file()?.to_bytes())
    }

    /// `(global, header, magic)` checksums, the magic one as its 8 bytes read little-endian.
    pub fn checksums(&self) -> Result<(u16, u16, u64), PuzpyError> {
        let c = self.file()?.computed_checksums();
        Ok((c.global, c.cib, u64::from_le_bytes(c.masked)))
    }

    /// Lock the solution with `key`: the scrambled solution, its checksum and the state change.
    pub fn lock(&mut self, key: u16) -> Result<(), PuzpyError> {
        let mut file = self.file()?;
        file.lock(key).map_err(|e| PuzpyError::Value(e.to_string()))?;
        self.take_solution(&file);
        Ok(())
    }

    /// Unlock the solution with `key`: false (nothing changed) when the key is wrong.
    pub fn unlock(&mut self, key: u16) -> Result<bool, PuzpyError> {
        let mut file = self.file()?;
        match file.unlock(key) {
            Ok(()) => {}
            Err(LockError::WrongKey(_) | LockError::BadKey(_)) => return Ok(false),
            Err(e) => return Err(PuzpyError::Value(e.to_string())),
        }
        self.take_solution(&file);
        Ok(true)
    }

    fn take_solution(&mut self, file: &PuzFile) {
        self.solution.clone_from(&file.solution);
        self.scrambled_cksum = file.scrambled_checksum();
        self.solution_state = file.solution_state();
    }

    /// The scrambled-solution checksum of `fill` in this grid (what a locked puzzle's answers
    /// are checked with).
    pub fn scrambled_cksum_of(&self, fill: &[u8]) -> Result<u16, PuzpyError> {
        let mut file = self.file()?;
        file.solution = fill.to_vec();
        Ok(lock::scrambled_checksum(&lock::letters_of_solution(&file)))
    }
}

/// puzpy's `data_cksum`: the `.puz` checksum of `data`, from `seed`.
pub fn data_cksum(data: &[u8], seed: u16) -> u16 {
    cksum(data, seed)
}

/// puzpy's `scramble_solution` / `unscramble_solution` (with `undo`): the grid's non-block
/// cells, column by column, scrambled with `key` and put back. A single column of `s.len()` rows
/// is `scramble_string`.
pub fn scramble_grid(
    grid: &str,
    width: usize,
    height: usize,
    key: u16,
    undo: bool,
) -> Result<String, PuzpyError> {
    let out = lock::scramble_grid(grid.as_bytes(), width, height, key, undo)
        .map_err(|e| PuzpyError::Value(e.to_string()))?;
    Ok(out.into_iter().map(char::from).collect())
}

/// puzpy's `to_text_format`: a `.puz` file as Across Lite text in the version the caller names
/// (`v1`, raised to v2 when the puzzle needs it, `v2` or `V2`). A `Value` error for another
/// version, a `Format` error when the bytes are no `.puz` or the text cannot hold the puzzle.
pub fn to_text(data: &[u8], version: &str) -> Result<String, PuzpyError> {
    use crate::format::across_text::{self, TextLayout};
    let read = raw::read(data).map_err(|e| PuzpyError::Format(e.to_string()))?;
    let doc = crate::model::CrosswordDoc::from_puz(read);
    let layout = TextLayout::for_version(doc.puzzle(), version).ok_or_else(|| {
        PuzpyError::Value(format!("invalid text_version {version:?}: expected 'v1', 'v2' or 'V2'"))
    })?;
    let text = across_text::write(doc.puzzle(), &layout);
    across_text::read(&text)
        .map_err(|e| PuzpyError::Format(format!("Across Lite text cannot hold this puzzle ({e})")))?;
    Ok(text)
}

/// One numbered entry: `(number, clue_index, cell, row, col, len)`.
pub type Entry = (u16, usize, usize, usize, usize, usize);

/// The numbered entries of a grid given as text (`.` a block, `:` a diagramless block, anything
/// else a letter): `(across, down)`, each clue's index counting both in the file's order.
pub fn numbering(grid: &str, width: usize, height: usize) -> (Vec<Entry>, Vec<Entry>) {
    let cells: Vec<u8> = grid.chars().map(|c| if c == '.' || c == ':' { c as u8 } else { b'A' }).collect();
    let (mut across, mut down) = (Vec::new(), Vec::new());
    for (index, slot) in slots(width, height, &cells).into_iter().enumerate() {
        let cell = slot.start.row * width + slot.start.col;
        let entry = (slot.number, index, cell, slot.start.row, slot.start.col, slot.len);
        match slot.direction {
            Direction::Across => across.push(entry),
            Direction::Down => down.push(entry),
        }
    }
    (across, down)
}

/// `RTBL` text (`" 0:HEART;1:DIAMOND;"`) as `(key, answer)` pairs; a key given twice keeps its
/// place and takes the later answer.
pub fn rebus_table_parse(text: &str) -> Result<Vec<(i64, String)>, PuzpyError> {
    let mut out: Vec<(i64, String)> = Vec::new();
    for (k, v) in text.split(';').filter_map(|part| part.split_once(':')) {
        let key: i64 = k.trim().parse().map_err(|_| PuzpyError::Value(format!("bad rebus key {k:?}")))?;
        match out.iter_mut().find(|(existing, _)| *existing == key) {
            Some(slot) => slot.1 = v.to_string(),
            None => out.push((key, v.to_string())),
        }
    }
    Ok(out)
}

/// `(key, answer)` pairs as `RTBL` text, keys right-aligned in two columns as Across Lite
/// writes them.
pub fn rebus_table_format(items: &[(i64, String)]) -> String {
    let mut s = items.iter().map(|(k, v)| format!("{k:>2}:{v}")).collect::<Vec<_>>().join(";");
    s.push(';');
    s
}

/// `RUSR` bytes as one string's bytes per cell (`\0`-terminated strings).
pub fn rebus_fill_split(data: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut rest = data;
    while !rest.is_empty() {
        let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
        out.push(&rest[..end]);
        rest = rest.get(end + 1..).unwrap_or_default();
    }
    out
}

/// One string's bytes per cell as `RUSR` bytes.
pub fn rebus_fill_join<'a>(cells: impl IntoIterator<Item = &'a [u8]>) -> Vec<u8> {
    let mut out = Vec::new();
    for c in cells {
        out.extend_from_slice(c);
        out.push(0);
    }
    out
}

/// `LTIM` bytes (`"elapsed,stopped"`) as `(elapsed seconds, stopped)`.
pub fn timer_parse(data: &[u8]) -> Result<(i64, i64), PuzpyError> {
    let text = std::str::from_utf8(data).map_err(|e| PuzpyError::Value(e.to_string()))?;
    let bad = || PuzpyError::Value(format!("bad timer {text:?}"));
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let parse = |s: &str| s.trim().parse::<i64>().map_err(|_| bad());
    Ok((parse(a)?, parse(b)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> PuzFields {
        PuzFields {
            fileversion: b"1.3\0".to_vec(),
            unk1: vec![0; 2],
            unk2: vec![0; 12],
            width: 4,
            height: 4,
            puzzletype: 1,
            solution: b"ABCDEFGHIJKLMNOP".to_vec(),
            fill: b"----------------".to_vec(),
            title: b"T".to_vec(),
            clues: (1..=8).map(|c| format!("clue {c}").into_bytes()).collect(),
            sections: vec![(*b"LTIM", b"12,0".to_vec())],
            ..PuzFields::default()
        }
    }

    #[test]
    fn fields_written_read_back_are_the_same() {
        let mut f = fields();
        f.fill = b"AB--------------".to_vec();
        let bytes = f.dump().unwrap();
        assert_eq!(load(&bytes).unwrap(), (f, false));
    }

    #[test]
    fn a_changed_byte_fails_the_checksum() {
        let mut bytes = fields().dump().unwrap();
        let last = bytes.len() - 6;
        bytes[last] ^= 1;
        assert!(matches!(load(&bytes), Err(PuzpyError::Format(_))));
    }

    #[test]
    fn lock_then_unlock_gives_the_solution_back() {
        let mut f = fields();
        f.lock(1234).unwrap();
        assert_ne!(f.solution, fields().solution);
        assert!(!f.clone().unlock(4321).unwrap(), "a wrong key changes nothing");
        assert!(f.unlock(1234).unwrap());
        assert_eq!(f.solution, fields().solution);
    }

    #[test]
    fn section_codecs_round_trip() {
        let table = rebus_table_parse(" 0:HEART;1:DIAMOND;0:CLUB;").unwrap();
        assert_eq!(table, vec![(0, "CLUB".to_string()), (1, "DIAMOND".to_string())]);
        assert_eq!(rebus_table_format(&table), " 0:CLUB; 1:DIAMOND;");
        assert!(rebus_table_parse("x:Y;").is_err());
        let cells = rebus_fill_split(b"\0AB\0\0");
        assert_eq!(cells, vec![&b""[..], b"AB", b""]);
        assert_eq!(rebus_fill_join(cells), b"\0AB\0\0");
        assert_eq!(timer_parse(b"90,1").unwrap(), (90, 1));
        assert!(timer_parse(b"90").is_err());
    }

    #[test]
    fn numbering_counts_across_and_down() {
        let (across, down) = numbering("CAT.A.DYE", 3, 3);
        assert_eq!(across.iter().map(|e| e.0).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(down.iter().map(|e| e.0).collect::<Vec<_>>(), vec![2]);
        assert_eq!(down[0], (2, 1, 1, 0, 1, 3), "number, clue index, cell, row, column, length");
    }
}
