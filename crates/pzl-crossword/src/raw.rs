//! The raw layer of an Across Lite `.puz` file: every byte as read, so that writing gives back
//! the same file, plus the checksums computed over those raw bytes.
//!
//! Reading is lenient (a preamble, a postscript, odd versions, garbage in reserved fields,
//! unusual section order, a truncated last section header, a big-endian clue count are accepted
//! with a warning); only what leaves no readable crossword is an error. Nothing is allocated from
//! a header field before that field has been checked against the length of the file.

use crate::checksum::{cksum, cksum2};
use crate::error::{ParseError, Warning};

/// The length of the fixed header.
pub const HEADER_LEN: usize = 0x34;
/// `ACROSS&DOWN\0`, at offset 2 of the header.
pub const MAGIC: &[u8; 12] = b"ACROSS&DOWN\0";
/// Bit of the solution-state field (0x32) set in locked (scrambled) puzzles.
pub const STATE_LOCKED: u16 = 0x0004;
/// Solution-state value of puzzles published without a solution.
pub const STATE_NO_SOLUTION: u16 = 0x0002;
/// Puzzle-type bit (0x30) of diagramless puzzles.
pub const TYPE_DIAGRAMLESS: u16 = 0x0400;

/// Header offsets.
pub mod off {
    /// Overall checksum.
    pub const GLOBAL: usize = 0x00;
    /// `ACROSS&DOWN\0`.
    pub const MAGIC: usize = 0x02;
    /// Checksum of the 8 bytes from the width on (CIB).
    pub const CIB: usize = 0x0E;
    /// Low bytes of the four masked checksums.
    pub const MASKED_LOW: usize = 0x10;
    /// High bytes of the four masked checksums.
    pub const MASKED_HIGH: usize = 0x14;
    /// Version string, e.g. `1.3\0`.
    pub const VERSION: usize = 0x18;
    /// Two reserved bytes.
    pub const RESERVED_1C: usize = 0x1C;
    /// Checksum of the plain solution of a locked puzzle.
    pub const SCRAMBLED: usize = 0x1E;
    /// Twelve reserved bytes.
    pub const RESERVED_20: usize = 0x20;
    /// Width in cells.
    pub const WIDTH: usize = 0x2C;
    /// Height in cells.
    pub const HEIGHT: usize = 0x2D;
    /// Clue count (little-endian).
    pub const CLUE_COUNT: usize = 0x2E;
    /// Puzzle type (0x0001 normal, 0x0401 diagramless).
    pub const PUZZLE_TYPE: usize = 0x30;
    /// Solution state (0 plain, 2 none, 4 locked).
    pub const SOLUTION_STATE: usize = 0x32;
}

/// One extra section (`GRBS`, `RTBL`, `LTIM`, `GEXT`, `RUSR` or unknown), as stored.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Section {
    /// The four-letter code (`GRBS`, …).
    pub code: [u8; 4],
    /// The section's bytes.
    pub data: Vec<u8>,
    /// The checksum stored in the file (not necessarily right).
    pub checksum: u16,
}

impl Section {
    /// A section with its checksum computed.
    pub fn new(code: [u8; 4], data: Vec<u8>) -> Section {
        let checksum = cksum(&data, 0);
        Section { code, data, checksum }
    }

    /// The code as text (`GRBS`, …).
    pub fn name(&self) -> String {
        String::from_utf8_lossy(&self.code).into_owned()
    }
}

/// The clue strings of a file in file order, in one buffer: one allocation per file, not one
/// per clue (one allocation per clue string was more than a quarter of the allocations of
/// `pzl info` over a folder).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ClueStrings {
    /// The strings one after the other, without their terminators.
    bytes: Vec<u8>,
    /// Where each string ends in `bytes`.
    ends: Vec<usize>,
}

impl ClueStrings {
    /// No clues.
    pub fn new() -> ClueStrings {
        ClueStrings::default()
    }

    /// No clues yet, with room for `count` strings of `bytes` bytes in all.
    pub fn with_capacity(count: usize, bytes: usize) -> ClueStrings {
        ClueStrings { bytes: Vec::with_capacity(bytes), ends: Vec::with_capacity(count) }
    }

    /// Add a string at the end.
    pub fn push(&mut self, clue: &[u8]) {
        self.bytes.extend_from_slice(clue);
        self.ends.push(self.bytes.len());
    }

    /// How many strings.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// String `i` (from 0).
    pub fn get(&self, i: usize) -> Option<&[u8]> {
        self.bytes.get(self.ranges().nth(i)?)
    }

    /// The strings in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.ranges().map(|r| &self.bytes[r])
    }

    /// Where each string lies in [`ClueStrings::bytes`], in order.
    pub fn ranges(&self) -> impl ExactSizeIterator<Item = std::ops::Range<usize>> + '_ {
        (0..self.ends.len()).map(|i| if i == 0 { 0 } else { self.ends[i - 1] }..self.ends[i])
    }

    /// All strings joined, without terminators (what the checksums run over).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl<T: AsRef<[u8]>> FromIterator<T> for ClueStrings {
    fn from_iter<I: IntoIterator<Item = T>>(strings: I) -> ClueStrings {
        let mut clues = ClueStrings::new();
        for s in strings {
            clues.push(s.as_ref());
        }
        clues
    }
}

/// A `.puz` file, byte for byte.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PuzFile {
    /// Bytes before the header (e.g. a file name line written by a downloader).
    pub preamble: Vec<u8>,
    /// The 52-byte header as stored, checksums and reserved fields included.
    pub header: [u8; HEADER_LEN],
    /// The solution grid, one byte per cell, row by row.
    pub solution: Vec<u8>,
    /// The player's grid, one byte per cell.
    pub fill: Vec<u8>,
    /// The title bytes (no terminator).
    pub title: Vec<u8>,
    /// The author bytes.
    pub author: Vec<u8>,
    /// The copyright bytes.
    pub copyright: Vec<u8>,
    /// Clue strings in file order (by number, across before down).
    pub clues: ClueStrings,
    /// The notes bytes.
    pub notes: Vec<u8>,
    /// Extra sections in file order, unknown ones included.
    pub sections: Vec<Section>,
    /// Bytes after the last section that are not a section.
    pub postscript: Vec<u8>,
}

/// A raw file with the warnings its reading raised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadPuz {
    /// The file.
    pub file: PuzFile,
    /// What reading found odd, with byte offsets (checksum mismatches among them).
    pub warnings: Vec<Warning>,
    /// The checksums that did not match when the file was read.
    pub checksum_mismatches: Vec<ChecksumMismatch>,
}

impl ReadPuz {
    /// A file held in memory (built or edited), with its checksums verified now.
    pub fn verified(file: PuzFile) -> ReadPuz {
        let checksum_mismatches = file.checksum_mismatches();
        ReadPuz { file, warnings: Vec::new(), checksum_mismatches }
    }
}

/// The three checksums of the header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HeaderChecksums {
    /// The global checksum (0x00).
    pub global: u16,
    /// The CIB checksum (0x0E).
    pub cib: u16,
    /// Bytes 0x10..0x18.
    pub masked: [u8; 8],
}

/// A checksum that does not match, named as `pzl check` reports it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ChecksumMismatch {
    /// The global checksum.
    Global {
        /// As stored.
        stored: u16,
        /// As the contents call for.
        computed: u16,
    },
    /// The CIB checksum.
    Cib {
        /// As stored.
        stored: u16,
        /// As the contents call for.
        computed: u16,
    },
    /// One of the four masked checksums (`cib`, `solution`, `fill`, `text`).
    Masked {
        /// `cib`, `solution`, `fill` or `text`.
        part: &'static str,
        /// As stored.
        stored: u16,
        /// As the contents call for.
        computed: u16,
    },
    /// The checksum of an extra section.
    Section {
        /// Which section, from 0 in file order.
        index: usize,
        /// The section's code.
        code: String,
        /// As stored.
        stored: u16,
        /// As the contents call for.
        computed: u16,
    },
}

impl ChecksumMismatch {
    /// A short stable name: `global`, `cib`, `masked-solution`, `section-GEXT`, …
    pub fn name(&self) -> String {
        match self {
            ChecksumMismatch::Global { .. } => "global".into(),
            ChecksumMismatch::Cib { .. } => "cib".into(),
            ChecksumMismatch::Masked { part, .. } => format!("masked-{part}"),
            ChecksumMismatch::Section { code, .. } => format!("section-{code}"),
        }
    }
}

impl std::fmt::Display for ChecksumMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChecksumMismatch::Global { stored, computed } => {
                write!(f, "global checksum (offset 0x00) is 0x{stored:04x}, expected 0x{computed:04x}")
            }
            ChecksumMismatch::Cib { stored, computed } => {
                write!(f, "header (CIB) checksum (offset 0x0e) is 0x{stored:04x}, expected 0x{computed:04x}")
            }
            ChecksumMismatch::Masked { part, stored, computed } => write!(
                f,
                "masked {part} checksum (the magic checksum, offsets 0x10-0x17) is 0x{stored:04x}, expected 0x{computed:04x}"
            ),
            ChecksumMismatch::Section { index, code, stored, computed } => write!(
                f,
                "checksum of extension section {code} (#{}) is 0x{stored:04x}, expected 0x{computed:04x}",
                index + 1
            ),
        }
    }
}

const MASK: &[u8; 8] = b"ICHEATED";
const MASKED_PARTS: [&str; 4] = ["cib", "solution", "fill", "text"];

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    match bytes.get(at..at + 2) {
        Some(&[lo, hi]) => u16::from_le_bytes([lo, hi]),
        _ => 0,
    }
}

impl PuzFile {
    /// Columns, from the header.
    pub fn width(&self) -> usize {
        usize::from(self.header[off::WIDTH])
    }

    /// Rows, from the header.
    pub fn height(&self) -> usize {
        usize::from(self.header[off::HEIGHT])
    }

    /// The clue count as stored in the header.
    pub fn clue_count_field(&self) -> u16 {
        u16_at(&self.header, off::CLUE_COUNT)
    }

    /// The puzzle type field (0x30).
    pub fn puzzle_type(&self) -> u16 {
        u16_at(&self.header, off::PUZZLE_TYPE)
    }

    /// The solution state field (0x32).
    pub fn solution_state(&self) -> u16 {
        u16_at(&self.header, off::SOLUTION_STATE)
    }

    /// The checksum of the plain solution stored by locking (0x1E).
    pub fn scrambled_checksum(&self) -> u16 {
        u16_at(&self.header, off::SCRAMBLED)
    }

    /// Whether the solution is locked (scrambled).
    pub fn is_locked(&self) -> bool {
        self.solution_state() & STATE_LOCKED != 0
    }

    /// Whether the puzzle is diagramless.
    pub fn is_diagramless(&self) -> bool {
        self.puzzle_type() & TYPE_DIAGRAMLESS != 0
    }

    /// The four version bytes (`1.3\0`, `1.2c`, `2.0\0`, …).
    pub fn version_bytes(&self) -> [u8; 4] {
        let mut v = [0; 4];
        v.copy_from_slice(&self.header[off::VERSION..off::VERSION + 4]);
        v
    }

    /// The version as `(major, minor)` read leniently from `M.m`; `None` when unreadable.
    pub fn version(&self) -> Option<(u8, u8)> {
        parse_version(&self.version_bytes())
    }

    /// The version as shown to people (`1.3`, `1.2c`, `2.0\x83`, or empty).
    pub fn version_text(&self) -> String {
        let v = self.version_bytes();
        let end = v.iter().position(|&b| b == 0).unwrap_or(4);
        v[..end].iter().flat_map(|&b| std::ascii::escape_default(b)).map(char::from).collect()
    }

    /// Whether the strings are UTF-8 (version 2 and later) rather than Windows-1252.
    pub fn is_utf8(&self) -> bool {
        self.version().is_some_and(|(major, _)| major >= 2)
    }

    /// Whether the notes take part in the checksums: from version 1.3 on (numeric compare;
    /// `1.2c` counts as 1.2). An unreadable version counts as 1.3, what most writers emit.
    pub fn notes_in_checksums(&self) -> bool {
        self.version().is_none_or(|v| v >= (1, 3))
    }

    /// Write `value` little-endian at header offset `at`.
    pub fn set_u16(&mut self, at: usize, value: u16) {
        self.header[at..at + 2].copy_from_slice(&value.to_le_bytes());
    }

    /// The checksum of the strings (the header's "text" part), continued from `a` and from `b`.
    fn text_checksums(&self, mut a: u16, mut b: u16) -> (u16, u16) {
        for s in [&self.title, &self.author, &self.copyright] {
            if !s.is_empty() {
                (a, b) = cksum2(s, a, b);
                (a, b) = cksum2(&[0], a, b);
            }
        }
        // Clues count without their terminators, one after the other.
        (a, b) = cksum2(self.clues.bytes(), a, b);
        if self.notes_in_checksums() && !self.notes.is_empty() {
            (a, b) = cksum2(&self.notes, a, b);
            (a, b) = cksum2(&[0], a, b);
        }
        (a, b)
    }

    /// The header checksums the current contents call for.
    pub fn computed_checksums(&self) -> HeaderChecksums {
        let cib = cksum(&self.header[off::WIDTH..HEADER_LEN], 0);
        // The global checksum runs on from the CIB through both grids and the text; the masked
        // ones start from 0 on each part. Each pair is computed in one pass.
        let (global, solution) = cksum2(&self.solution, cib, 0);
        let (global, fill) = cksum2(&self.fill, global, 0);
        let (global, text) = self.text_checksums(global, 0);
        let parts = [cib, solution, fill, text];
        let mut masked = [0; 8];
        for (i, part) in parts.iter().enumerate() {
            let [lo, hi] = part.to_le_bytes();
            masked[i] = MASK[i] ^ lo;
            masked[i + 4] = MASK[i + 4] ^ hi;
        }
        HeaderChecksums { global, cib, masked }
    }

    /// The header checksums stored in the file.
    pub fn stored_checksums(&self) -> HeaderChecksums {
        let mut masked = [0; 8];
        masked.copy_from_slice(&self.header[off::MASKED_LOW..off::MASKED_LOW + 8]);
        HeaderChecksums {
            global: u16_at(&self.header, off::GLOBAL),
            cib: u16_at(&self.header, off::CIB),
            masked,
        }
    }

    /// Every checksum that does not match (header ones first, then sections in file order).
    pub fn checksum_mismatches(&self) -> Vec<ChecksumMismatch> {
        let stored = self.stored_checksums();
        let computed = self.computed_checksums();
        let mut out = Vec::new();
        if stored.global != computed.global {
            out.push(ChecksumMismatch::Global { stored: stored.global, computed: computed.global });
        }
        if stored.cib != computed.cib {
            out.push(ChecksumMismatch::Cib { stored: stored.cib, computed: computed.cib });
        }
        for (i, part) in MASKED_PARTS.iter().enumerate() {
            let unmask = |m: &[u8; 8]| u16::from_le_bytes([m[i] ^ MASK[i], m[i + 4] ^ MASK[i + 4]]);
            let (s, c) = (unmask(&stored.masked), unmask(&computed.masked));
            if s != c {
                out.push(ChecksumMismatch::Masked { part, stored: s, computed: c });
            }
        }
        for (index, section) in self.sections.iter().enumerate() {
            let computed = cksum(&section.data, 0);
            if computed != section.checksum {
                out.push(ChecksumMismatch::Section {
                    index,
                    code: section.name(),
                    stored: section.checksum,
                    computed,
                });
            }
        }
        out
    }

    /// Rewrite the global, CIB and masked checksums from the contents.
    pub fn update_header_checksums(&mut self) {
        let computed = self.computed_checksums();
        self.set_u16(off::CIB, computed.cib);
        self.header[off::MASKED_LOW..off::MASKED_LOW + 8].copy_from_slice(&computed.masked);
        self.set_u16(off::GLOBAL, computed.global);
    }

    /// Rewrite every checksum (header and sections), as after an edit.
    pub fn update_checksums(&mut self) {
        for section in &mut self.sections {
            section.checksum = cksum(&section.data, 0);
        }
        self.update_header_checksums();
    }

    /// The section with this code, if any (the first one).
    pub fn section(&self, code: &[u8; 4]) -> Option<&Section> {
        self.sections.iter().find(|s| &s.code == code)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let strings: usize = [&self.title, &self.author, &self.copyright, &self.notes]
            .iter()
            .map(|s| s.len() + 1)
            .sum::<usize>()
            + self.clues.bytes().len()
            + self.clues.len();
        let sections: usize = self.sections.iter().map(|s| s.data.len() + 9).sum();
        let mut out = Vec::with_capacity(
            self.preamble.len()
                + HEADER_LEN
                + self.solution.len()
                + self.fill.len()
                + strings
                + sections
                + self.postscript.len(),
        );
        out.extend_from_slice(&self.preamble);
        out.extend_from_slice(&self.header);
        out.extend_from_slice(&self.solution);
        out.extend_from_slice(&self.fill);
        for s in [&self.title[..], &self.author, &self.copyright].into_iter().chain(self.clues.iter()) {
            out.extend_from_slice(s);
            out.push(0);
        }
        out.extend_from_slice(&self.notes);
        out.push(0);
        for section in &self.sections {
            out.extend_from_slice(&section.code);
            // A section longer than 65535 bytes cannot be stored; `write` of a decoded puzzle
            // refuses those, so the raw layer only holds lengths read from a file.
            out.extend_from_slice(&(section.data.len() as u16).to_le_bytes());
            out.extend_from_slice(&section.checksum.to_le_bytes());
            out.extend_from_slice(&section.data);
            out.push(0);
        }
        out.extend_from_slice(&self.postscript);
        out
    }
}

/// `M.m…` → `(M, m)`.
pub fn parse_version(v: &[u8; 4]) -> Option<(u8, u8)> {
    match v {
        [major @ b'0'..=b'9', b'.', minor @ b'0'..=b'9', _] => Some((major - b'0', minor - b'0')),
        _ => None,
    }
}

/// Whether `bytes` look like a `.puz` file (the magic where a header would put it).
pub fn looks_like_puz(bytes: &[u8]) -> bool {
    find_header(bytes).is_some()
}

/// Whether a header could start at `start`: grids fit in the file and the size is not zero.
fn header_makes_sense(bytes: &[u8], start: usize) -> bool {
    let (Some(&w), Some(&h)) = (bytes.get(start + off::WIDTH), bytes.get(start + off::HEIGHT)) else {
        return false;
    };
    if w == 0 && h == 0 {
        // A puzzle with no cells (puzpy writes one for an empty `Puzzle()`): taken only when its
        // header checksum holds, so a stray ACROSS&DOWN in other data is not mistaken for one.
        return bytes.get(start..start + HEADER_LEN).is_some_and(|header| {
            u16_at(header, off::CIB) == crate::checksum::cksum(&header[off::WIDTH..HEADER_LEN], 0)
        });
    }
    w > 0 && h > 0 && start + HEADER_LEN + 2 * usize::from(w) * usize::from(h) <= bytes.len()
}

/// The offsets of every plausible header, in file order: the magic at offset 2 first, then
/// anywhere later.
fn header_starts(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || {
        while let Some(found) = find(&bytes[from.min(bytes.len())..], MAGIC) {
            let magic_at = from + found;
            from = magic_at + 1;
            if let Some(start) = magic_at.checked_sub(off::MAGIC)
                && header_makes_sense(bytes, start)
            {
                return Some(start);
            }
        }
        None
    })
}

/// The offset of the first plausible header.
fn find_header(bytes: &[u8]) -> Option<usize> {
    header_starts(bytes).next()
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    // Where a header puts the magic (offset 2) or just before, then memchr's substring search
    // (a window compare at every byte was 2 k instructions a file of format detection in
    // `pzl check DIR`; building a searcher for every file, half of that).
    (0..3)
        .find(|&i| haystack.get(i..i + needle.len()) == Some(needle))
        .or_else(|| memchr::memmem::find(haystack, needle))
}

struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], ParseError> {
        let end = self.pos.checked_add(n).filter(|&end| end <= self.bytes.len()).ok_or_else(|| {
            ParseError::at_offset(
                self.pos,
                format!(
                    "expected {what} ({n} bytes) but the file ends after {} bytes",
                    self.bytes.len() - self.pos
                ),
            )
        })?;
        let slice = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(slice)
    }

    /// How many NUL-terminated strings remain in the file (bounded by `limit`).
    fn strings_left(&self, limit: usize) -> usize {
        memchr::memchr_iter(0, &self.bytes[self.pos..]).take(limit).count()
    }
}

/// Read a `.puz` file leniently.
///
/// When several places hold the magic, the first header from which the whole file reads is
/// taken, so a decoy `ACROSS&DOWN` in a preamble cannot hide the real header (and a file pzl
/// wrote reads back the same way).
pub fn read(bytes: &[u8]) -> Result<ReadPuz, ParseError> {
    let mut first_error = None;
    for start in header_starts(bytes) {
        match read_at(bytes, start) {
            Ok(read) => return Ok(read),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    Err(match find(bytes, MAGIC) {
        Some(at) => ParseError::at_offset(
            at,
            "found the magic ACROSS&DOWN but no usable header around it \
             (a width or height of 0, or grids longer than the file)",
        ),
        None if bytes.len() < HEADER_LEN => ParseError::at_offset(
            0,
            format!("not an Across Lite .puz file: {} bytes, shorter than a header", bytes.len()),
        ),
        None => {
            ParseError::at_offset(off::MAGIC, "not an Across Lite .puz file: expected the magic ACROSS&DOWN")
        }
    })
}

/// Read the file whose header starts at `start`.
fn read_at(bytes: &[u8], start: usize) -> Result<ReadPuz, ParseError> {
    let mut warnings = Vec::new();
    if start > 0 {
        warnings.push(
            crate::error::warn_at(0, format!("{start} bytes before the header (preamble) kept as-is"))
                .harmless(),
        );
        if find(&bytes[..start], MAGIC).is_some() {
            warnings.push(crate::error::warn_at(
                0,
                "the preamble holds another ACROSS&DOWN (a header that does not read); \
                 kept only when the file is copied unchanged",
            ));
        }
    }
    let mut cur = Cursor { bytes, pos: start };
    let mut header = [0; HEADER_LEN];
    header.copy_from_slice(cur.take(HEADER_LEN, "the header")?);
    let mut file = PuzFile {
        preamble: bytes[..start].to_vec(),
        header,
        solution: Vec::new(),
        fill: Vec::new(),
        title: Vec::new(),
        author: Vec::new(),
        copyright: Vec::new(),
        clues: ClueStrings::new(),
        notes: Vec::new(),
        sections: Vec::new(),
        postscript: Vec::new(),
    };
    header_warnings(&file, start, &mut warnings);
    let cells = file.width() * file.height();
    file.solution = cur.take(cells, "the solution grid")?.to_vec();
    file.fill = cur.take(cells, "the player grid")?.to_vec();

    let strings_at = cur.pos;
    let clue_count = file.clue_count_field();
    // Title, author, copyright, the clues and the notes: clue_count + 4 strings.
    let strings = match Strings::read(bytes, strings_at, usize::from(clue_count)) {
        Some(strings) => strings,
        None => {
            let swapped = usize::from(clue_count.swap_bytes());
            let available = cur.strings_left(usize::MAX);
            match Strings::read(bytes, strings_at, swapped).filter(|_| swapped != usize::from(clue_count)) {
                Some(strings) => {
                    warnings.push(crate::error::warn_at(
                        start + off::CLUE_COUNT,
                        format!(
                            "clue count {clue_count} does not fit the file; read big-endian as {swapped}"
                        ),
                    ));
                    strings
                }
                None => {
                    return Err(ParseError::at_offset(
                        strings_at,
                        format!(
                            "the header announces {clue_count} clues ({} strings with title, author, \
                             copyright and notes) but the file holds only {available} NUL-terminated strings",
                            usize::from(clue_count) + 4
                        ),
                    ));
                }
            }
        }
    };
    cur.pos = strings.end;
    file.title = strings.title.to_vec();
    file.author = strings.author.to_vec();
    file.copyright = strings.copyright.to_vec();
    file.clues = strings.clues;
    file.notes = strings.notes.to_vec();
    read_sections(&mut file, &mut cur, start, &mut warnings);
    let checksum_mismatches = file.checksum_mismatches();
    for mismatch in &checksum_mismatches {
        warnings.push(Warning::new(mismatch.to_string()));
    }
    Ok(ReadPuz { file, warnings, checksum_mismatches })
}

/// The strings of a file: title, author, copyright, the clues and the notes, each ended by a NUL.
struct Strings<'a> {
    title: &'a [u8],
    author: &'a [u8],
    copyright: &'a [u8],
    clues: ClueStrings,
    notes: &'a [u8],
    /// Where the bytes after the notes' terminator start.
    end: usize,
}

impl<'a> Strings<'a> {
    /// The strings from `at` with `clue_count` clues, or `None` when the file holds fewer
    /// terminators. One pass over the terminators (they come every 25 bytes or so: counting them
    /// first and then searching for each again was a third of the time of reading a file).
    fn read(bytes: &'a [u8], at: usize, clue_count: usize) -> Option<Strings<'a>> {
        let rest = bytes.get(at..)?;
        let mut ends = memchr::memchr_iter(0, rest);
        let mut start = 0;
        let mut next = || {
            let end = ends.next()?;
            let s = &rest[start..end];
            start = end + 1;
            Some(s)
        };
        let (title, author, copyright) = (next()?, next()?, next()?);
        // Room for the clues: at most the bytes left, usually about a kilobyte.
        // (Bounded by the bytes left, which a damaged clue count cannot exceed.)
        let mut clues =
            ClueStrings::with_capacity(clue_count.min(rest.len()), rest.len().min(clue_count * 32));
        for _ in 0..clue_count {
            clues.push(next()?);
        }
        let notes = next()?;
        Some(Strings { title, author, copyright, clues, notes, end: at + start })
    }
}

fn header_warnings(file: &PuzFile, start: usize, warnings: &mut Vec<Warning>) {
    let version = file.version_bytes();
    let canonical = parse_version(&version).is_some() && version[3] == 0;
    if !canonical {
        let shown = file.version_text();
        let how = match file.version() {
            Some((major, minor)) => format!("read as {major}.{minor}"),
            None => "read as 1.3".to_string(),
        };
        // The bytes are written back as they were: nothing is lost, so it is only worth a note.
        warnings.push(
            crate::error::warn_at(
                start + off::VERSION,
                format!("unusual version string \"{shown}\" ({how})"),
            )
            .harmless(),
        );
    }
    let state = file.solution_state();
    if !matches!(state, 0 | STATE_NO_SOLUTION | STATE_LOCKED) {
        warnings.push(crate::error::warn_at(
            start + off::SOLUTION_STATE,
            format!("unknown solution state 0x{state:04x}"),
        ));
    }
    if !file.is_locked() && file.scrambled_checksum() != 0 {
        warnings.push(crate::error::warn_at(
            start + off::SCRAMBLED,
            format!(
                "scrambled-checksum field holds 0x{:04x} although the puzzle is not locked (kept)",
                file.scrambled_checksum()
            ),
        ));
    }
    let reserved = &file.header[off::RESERVED_1C..off::WIDTH];
    if reserved.iter().enumerate().any(|(i, &b)| b != 0 && !(2..4).contains(&i)) {
        warnings.push(
            crate::error::warn_at(
                start + off::RESERVED_1C,
                "reserved header bytes hold leftover data (kept as-is)",
            )
            .harmless(),
        );
    }
}

fn is_section_code(code: &[u8]) -> bool {
    code.len() == 4 && code.iter().all(u8::is_ascii_uppercase)
}

fn read_sections(file: &mut PuzFile, cur: &mut Cursor<'_>, start: usize, warnings: &mut Vec<Warning>) {
    const CANONICAL: [&[u8; 4]; 5] = [b"GRBS", b"RTBL", b"LTIM", b"GEXT", b"RUSR"];
    loop {
        let rest = &cur.bytes[cur.pos..];
        if rest.is_empty() {
            break;
        }
        let section = (rest.len() >= 8 && is_section_code(&rest[..4]))
            .then(|| usize::from(u16_at(rest, 4)))
            .filter(|&len| rest.len() > 8 + len && rest[8 + len] == 0);
        let Some(len) = section else {
            let message = if rest.len() >= 4 && is_section_code(&rest[..4]) {
                format!(
                    "truncated or malformed section header \"{}\" at the end ({} bytes kept as a postscript)",
                    String::from_utf8_lossy(&rest[..4]),
                    rest.len()
                )
            } else {
                format!("{} bytes after the last section (postscript) kept as-is", rest.len())
            };
            let harmless = message.ends_with("kept as-is");
            let warning = crate::error::warn_at(cur.pos, message);
            warnings.push(if harmless { warning.harmless() } else { warning });
            file.postscript = rest.to_vec();
            break;
        };
        let mut code = [0; 4];
        code.copy_from_slice(&rest[..4]);
        let section = Section { code, data: rest[8..8 + len].to_vec(), checksum: u16_at(rest, 6) };
        if !CANONICAL.contains(&&code) {
            warnings.push(
                crate::error::warn_at(cur.pos, format!("unknown section {} kept as-is", section.name()))
                    .harmless(),
            );
        } else if file.sections.iter().any(|s| s.code == code) {
            warnings
                .push(crate::error::warn_at(cur.pos, format!("section {} appears twice", section.name())));
        }
        cur.pos += 9 + len;
        file.sections.push(section);
    }
    let order: Vec<usize> =
        file.sections.iter().filter_map(|s| CANONICAL.iter().position(|c| **c == s.code)).collect();
    if order.windows(2).any(|w| w[0] > w[1]) {
        let names: Vec<String> = file.sections.iter().map(Section::name).collect();
        warnings.push(crate::error::warn_at(
            start,
            format!("sections out of the usual order: {} (order kept)", names.join(", ")),
        ));
    }
    if file.section(b"GRBS").is_some_and(|g| g.data.iter().all(|&b| b == 0))
        && file.section(b"RTBL").is_none()
    {
        warnings.push(Warning::new("an all-zero GRBS section without RTBL (no rebus; kept)"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_leniently() {
        assert_eq!(parse_version(b"1.3\0"), Some((1, 3)));
        assert_eq!(parse_version(b"1.2c"), Some((1, 2)));
        assert_eq!(parse_version(b"2.0\x83"), Some((2, 0)));
        assert_eq!(parse_version(b"\0\0\0\0"), None);
    }

    #[test]
    fn non_puz_input_is_refused() {
        assert!(read(b"").is_err());
        assert!(read(b"not a puzzle").is_err());
        let mut truncated = vec![0, 0];
        truncated.extend_from_slice(MAGIC);
        assert!(read(&truncated).is_err());
    }
}
