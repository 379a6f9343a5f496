//! The decoded view of a crossword: text instead of bytes, the rebus table, circles and other
//! cell flags, the timer, the player's rebus entries — and the way back to a `.puz` file with
//! every checksum computed and the version chosen by what the text needs.
//!
//! [`Puzzle::from_raw`] decodes a [`PuzFile`]; [`Puzzle::new`] and its setters build a puzzle
//! from scratch; [`Puzzle::to_raw`] encodes either. Reading then writing through the raw layer
//! alone is byte-exact; going through this view is exact for files written the usual way.

use pzl_grid::Pos;

use crate::error::Warning;
use crate::numbering::{self, Direction, Slot};
use crate::raw::{HEADER_LEN, MAGIC, PuzFile, STATE_LOCKED, STATE_NO_SOLUTION, Section, off, parse_version};
use crate::text::{self, Decoded};

/// GEXT flag bits.
pub mod flag {
    /// A letter entered in pencil.
    pub const PENCIL: u8 = 0x08;
    /// A letter once marked wrong.
    pub const PREVIOUSLY_INCORRECT: u8 = 0x10;
    /// A letter marked wrong now.
    pub const INCORRECT: u8 = 0x20;
    /// A letter revealed (given).
    pub const GIVEN: u8 = 0x40;
    /// A circled cell.
    pub const CIRCLED: u8 = 0x80;
}

/// The most distinct rebus answers a puzzle holds: a `.puz` GRBS cell names its RTBL entry in
/// one byte, as the key plus one, so keys run from 1 to 254.
pub const MAX_REBUS_ANSWERS: usize = 254;

/// The longest rebus answer a puzzle holds, in bytes. Real ones are a few letters; the bound keeps
/// what a reader builds from a cell linear in the file (findings N10: one 1 MB answer named by
/// each of 65,025 cells was compared and copied per cell, and per entry through it).
pub const MAX_REBUS_ANSWER_BYTES: usize = 255;

/// The rebus: which cells hold more than one letter (GRBS) and what (RTBL).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rebus {
    /// One byte per cell: 0 = no rebus, `key + 1` = the table entry `key`.
    pub cells: Vec<u8>,
    /// `(key, answer)` in file order.
    pub table: Vec<(u8, String)>,
}

impl Rebus {
    /// The answer of the rebus at cell `index`, if any.
    pub fn answer(&self, index: usize) -> Option<&str> {
        let key = self.cells.get(index)?.checked_sub(1)?;
        self.table.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
    }
}

/// The solving timer (LTIM).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timer {
    /// Seconds on the clock.
    pub seconds: u32,
    /// Whether the clock is stopped.
    pub stopped: bool,
}

/// Whether and how the solution is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolutionState {
    /// The solution is in clear.
    Plain,
    /// The solution is scrambled with a key.
    Locked,
    /// The puzzle has no solution.
    None,
}

impl SolutionState {
    /// `plain`, `locked` or `none`.
    pub fn name(self) -> &'static str {
        match self {
            SolutionState::Plain => "plain",
            SolutionState::Locked => "locked",
            SolutionState::None => "none",
        }
    }
}

/// How a cell looks beyond its letter, circle and bars: its shading, and whether it is a void.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CellStyle {
    /// The background colour (red, green, blue); `None` = the default look.
    pub shade: Option<[u8; 3]>,
    /// A void: outside the puzzle's shape (drawn as nothing, numbered as a block). Its
    /// solution byte is a block.
    pub void: bool,
    /// An ipuz palette colour (`"color": 2`): a number the application gives a colour of its
    /// choosing; `None` = none. Only ipuz holds it; pzl draws it as [`CellStyle::PALETTE`]
    /// shows.
    pub palette: Option<u16>,
}

impl CellStyle {
    /// The colours pzl draws ipuz palette colours `0`, `1`, … with (light tints a letter stays
    /// readable on; a larger number takes them over again): grey, yellow, blue, green, pink,
    /// orange, violet, cyan.
    pub const PALETTE: [[u8; 3]; 8] = [
        [0xc0, 0xc0, 0xc0],
        [0xff, 0xf0, 0x99],
        [0xb3, 0xd4, 0xff],
        [0xbf, 0xef, 0xbf],
        [0xff, 0xc8, 0xdc],
        [0xff, 0xd8, 0xa8],
        [0xdd, 0xc8, 0xf5],
        [0xb8, 0xee, 0xee],
    ];

    /// A shading of the file's colour.
    pub fn shaded(rgb: [u8; 3]) -> CellStyle {
        CellStyle { shade: Some(rgb), ..CellStyle::default() }
    }

    /// A void cell.
    pub fn void() -> CellStyle {
        CellStyle { void: true, ..CellStyle::default() }
    }

    /// The default look: no shading, no void.
    pub fn is_plain(&self) -> bool {
        *self == CellStyle::default()
    }

    /// Whether the cell is shaded: a colour of its own or a palette colour.
    pub fn is_shaded(&self) -> bool {
        self.shade.is_some() || self.palette.is_some()
    }

    /// The colour the cell is drawn with: its own, or the palette colour's
    /// ([`CellStyle::PALETTE`]); `None` = the default look.
    pub fn fill(&self) -> Option<[u8; 3]> {
        self.shade.or_else(|| self.palette.map(|n| Self::PALETTE[usize::from(n) % Self::PALETTE.len()]))
    }

    /// A colour as files write it: `#rrggbb`, `rrggbb`, `#rgb` or `rgb` (hex digits, any case).
    pub fn parse_colour(text: &str) -> Option<[u8; 3]> {
        let hex = text.trim();
        let hex = hex.strip_prefix('#').unwrap_or(hex);
        let digit = |c: u8| char::from(c).to_digit(16).map(|d| d as u8);
        let digits: Option<Vec<u8>> = hex.bytes().map(digit).collect();
        match digits?.as_slice() {
            [r1, r2, g1, g2, b1, b2] => Some([r1 << 4 | r2, g1 << 4 | g2, b1 << 4 | b2]),
            [r, g, b] => Some([r * 17, g * 17, b * 17]),
            _ => None,
        }
    }

    /// `#rrggbb` (lower case) of a colour.
    pub fn hex(rgb: [u8; 3]) -> String {
        format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
    }
}

/// Where in a cell a file prints a label: the nine places JPZ names (`top-left-number` …
/// `bottom-right-number`) and ipuz's style `mark` names (`TL`, `T`, `TR`, `L`, `C`, `R`, `BL`,
/// `B`, `BR`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Corner {
    /// Top left.
    TopLeft,
    /// Top, centred.
    Top,
    /// Top right.
    TopRight,
    /// Left, middle.
    Left,
    /// The centre.
    Center,
    /// Right, middle.
    Right,
    /// Bottom left.
    BottomLeft,
    /// Bottom, centred.
    Bottom,
    /// Bottom right.
    BottomRight,
}

impl Corner {
    /// Every place, top row first.
    pub const ALL: [Corner; 9] = [
        Corner::TopLeft,
        Corner::Top,
        Corner::TopRight,
        Corner::Left,
        Corner::Center,
        Corner::Right,
        Corner::BottomLeft,
        Corner::Bottom,
        Corner::BottomRight,
    ];

    /// The name JPZ and pzl's JSON give it: `top-left`, `top`, … `bottom-right` (JPZ adds
    /// `-number`).
    pub fn name(self) -> &'static str {
        match self {
            Corner::TopLeft => "top-left",
            Corner::Top => "top",
            Corner::TopRight => "top-right",
            Corner::Left => "left",
            Corner::Center => "center",
            Corner::Right => "right",
            Corner::BottomLeft => "bottom-left",
            Corner::Bottom => "bottom",
            Corner::BottomRight => "bottom-right",
        }
    }

    /// ipuz's key in a style's `mark`: `TL`, `T`, `TR`, `L`, `C`, `R`, `BL`, `B`, `BR`.
    pub fn ipuz(self) -> &'static str {
        match self {
            Corner::TopLeft => "TL",
            Corner::Top => "T",
            Corner::TopRight => "TR",
            Corner::Left => "L",
            Corner::Center => "C",
            Corner::Right => "R",
            Corner::BottomLeft => "BL",
            Corner::Bottom => "B",
            Corner::BottomRight => "BR",
        }
    }

    /// The place a JPZ attribute name (`top-right-number`) or an ipuz `mark` key (`TR`) names.
    pub fn parse(name: &str) -> Option<Corner> {
        let name = name.strip_suffix("-number").unwrap_or(name);
        Corner::ALL.into_iter().find(|c| c.name() == name || c.ipuz().eq_ignore_ascii_case(name))
    }

    /// Where in a cell of side 1 the label sits: `(x, y)` of its anchor (x 0 left, 0.5 middle,
    /// 1 right; y 0 top, 0.5 middle, 1 bottom).
    pub fn anchor(self) -> (f64, f64) {
        let x = match self {
            Corner::TopLeft | Corner::Left | Corner::BottomLeft => 0.0,
            Corner::Top | Corner::Center | Corner::Bottom => 0.5,
            _ => 1.0,
        };
        let y = match self {
            Corner::TopLeft | Corner::Top | Corner::TopRight => 0.0,
            Corner::Left | Corner::Center | Corner::Right => 0.5,
            _ => 1.0,
        };
        (x, y)
    }
}

/// The labels a file prints in one cell itself ([`Puzzle::own_labels`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CellLabel {
    /// The cell's number as the file prints it, top left (an ipuz `cell` such as `1A`, a JPZ
    /// `number`); empty = none.
    pub number: String,
    /// Labels at the cell's corners and sides (ipuz `mark`, JPZ `top-right-number`…), in
    /// [`Corner`] order, one per place.
    pub marks: Vec<(Corner, String)>,
}

impl CellLabel {
    /// No number and no marks.
    pub fn is_empty(&self) -> bool {
        self.number.is_empty() && self.marks.is_empty()
    }
}

/// A numbered clue with its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClueEntry {
    /// The slot the clue belongs to.
    pub slot: Slot,
    /// The clue's number as the file labels it (the slot's number unless the file numbers its
    /// entries its own way, see [`Puzzle::labels`]).
    pub label: String,
    /// `None` when the file has fewer clue strings than slots.
    pub clue: Option<String>,
    /// The enumeration the file gives (`3,4`, without brackets), if any.
    pub enumeration: Option<String>,
    /// The clue's inline markup: spans over `clue` (empty when plain).
    pub markup: Vec<crate::markup::Span>,
    /// The cells of the clue's word, row-major: the slot's run, or the file's own cell list
    /// when it defines the word otherwise ([`Puzzle::words`]).
    pub cells: Vec<usize>,
    /// The solution along the word, rebus cells expanded.
    pub answer: String,
}

/// A clue's reference to another clue: an Across or Down clue (`A5` in `.xd`'s `^Refs: A5 D4`,
/// an ipuz clue's `references` entry `{"direction": "Across", "number": 5}`), or a clue of
/// another list (ipuz `{"direction": "Zones:Bases", "number": 3}`, spelt `[Zones:Bases]3` in
/// the clue metadata).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClueRef {
    /// Across or Down (Across, and meaningless, when `list` names another list).
    pub direction: Direction,
    /// The referred clue's label (its number as the file writes it).
    pub label: String,
    /// The title of the referred clue's list when it is neither Across nor Down
    /// ([`Puzzle::other_lists`]); `None` for an Across or Down clue.
    pub list: Option<String>,
}

impl ClueRef {
    /// An Across or Down clue's reference.
    pub fn entry(direction: Direction, label: &str) -> ClueRef {
        ClueRef { direction, label: label.to_string(), list: None }
    }

    /// A reference to the clue `label` of the list titled `list` (not Across or Down).
    pub fn other(list: &str, label: &str) -> ClueRef {
        ClueRef { direction: Direction::Across, label: label.to_string(), list: Some(list.to_string()) }
    }

    /// Parse a token of a `Refs` line: `.xd`'s `A5` / `D12` (a direction letter, then a label),
    /// or `[Title]label` for a clue of another list. A title holds no `]` and no white space
    /// (ipuz's list keys, `Zones:Bases`, have none).
    pub fn parse(token: &str) -> Option<ClueRef> {
        let label_ok = |label: &str| !label.is_empty() && label.chars().all(|c| c.is_alphanumeric());
        if let Some(rest) = token.strip_prefix('[') {
            let (title, label) = rest.split_once(']')?;
            return (!title.is_empty() && !title.chars().any(char::is_whitespace) && label_ok(label))
                .then(|| ClueRef::other(title, label));
        }
        let mut chars = token.chars();
        let direction = match chars.next()? {
            'A' | 'a' => Direction::Across,
            'D' | 'd' => Direction::Down,
            _ => return None,
        };
        let label = chars.as_str();
        label_ok(label).then(|| ClueRef::entry(direction, label))
    }

    /// The token's spelling: `.xd`'s `A5`, or `[Zones:Bases]3` for a clue of another list.
    pub fn xd(&self) -> String {
        if let Some(list) = &self.list {
            return format!("[{list}]{}", self.label);
        }
        let d = if self.direction == Direction::Across { 'A' } else { 'D' };
        format!("{d}{}", self.label)
    }
}

/// A puzzle other than a plain crossword whose grid and clue lists the model holds as a
/// crossword's: the kind is kept so that a format naming it (ipuz `kind`, JPZ element) writes
/// it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variety {
    /// An acrostic (ipuz `http://ipuz.org/acrostic#1`, JPZ `<acrostic>`): the grid is the quote,
    /// the clues are another list (`Clues`) whose words are cells of the quote.
    Acrostic,
}

/// The key of clue metadata that holds cross-references (`^Refs`), compared without case.
pub const REFS_KEY: &str = "Refs";

/// A clue list other than Across and Down, as ipuz and JPZ files hold them: the clues of an
/// acrostic, a rows garden's Rows and Blooms, marching bands, a diagonal, a spiral's Inward and
/// Outward. Its words are cell lists of any shape; the grid's numbering knows nothing of them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OtherList {
    /// The list's title as the file gives it (`Rows`, `Clues`, `Zones:Bases`).
    pub title: String,
    /// The clues in file order.
    pub clues: Vec<OtherClue>,
}

/// One clue of an [`OtherList`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OtherClue {
    /// The clue's label as the file writes it (`A`, `1-3`, `🌲`; may be empty).
    pub label: String,
    /// The plain text.
    pub text: String,
    /// Inline markup: spans over `text` (empty when plain).
    pub markup: Vec<crate::markup::Span>,
    /// The enumeration (`3,4`, no brackets; empty for none).
    pub enumeration: String,
    /// The word's cells in order, row-major indices (may wind, skip or be empty).
    pub cells: Vec<usize>,
}

impl OtherClue {
    /// The word's answer: the solution of its cells in order, rebus expanded.
    pub fn answer(&self, puzzle: &Puzzle) -> String {
        self.cells.iter().map(|&i| puzzle.cell_answer(i)).collect()
    }
}

/// What only the `.puz` encoding of a puzzle holds: kept from a file read so that encoding the
/// decoded puzzle again gives the same bytes, and ignored by every other format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzExtras {
    /// The version bytes to write (raised to `2.0` by [`Puzzle::to_raw`] when the text needs it).
    pub version: [u8; 4],
    /// Header field 0x1E, kept as read.
    pub scrambled_checksum: u16,
    /// Header bytes 0x1C..0x1E, kept as read (often leftover memory).
    pub reserved_1c: [u8; 2],
    /// Header bytes 0x20..0x2C, kept as read.
    pub reserved_20: [u8; 12],
    /// Sections this view does not decode, kept as read.
    pub other_sections: Vec<Section>,
    /// The order sections were read in, so writing keeps it.
    pub section_order: Vec<[u8; 4]>,
    /// Bytes before the header, written back in front of it.
    pub preamble: Vec<u8>,
    /// Bytes after the last section, written back after it.
    pub postscript: Vec<u8>,
}

impl Default for PuzExtras {
    /// Version 1.3, zeroed reserved bytes, nothing around the file.
    fn default() -> PuzExtras {
        PuzExtras {
            version: *b"1.3\0",
            scrambled_checksum: 0,
            reserved_1c: [0; 2],
            reserved_20: [0; 12],
            other_sections: Vec::new(),
            section_order: Vec::new(),
            preamble: Vec::new(),
            postscript: Vec::new(),
        }
    }
}

/// A crossword, decoded: grid, text, rebus, cell flags, timer and player state, the same whatever
/// format it came from. What only `.puz` files hold is kept apart in [`Puzzle::puz`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Columns, 1 to 255.
    pub width: usize,
    /// Rows, 1 to 255.
    pub height: usize,
    /// One byte per cell: a letter (the first of a rebus), `.`/`:` for blocks.
    pub solution: Vec<u8>,
    /// One byte per cell: `-` empty, a letter (lower case = pencil), blocks as in the solution.
    pub fill: Vec<u8>,
    /// The title.
    pub title: String,
    /// The author.
    pub author: String,
    /// The copyright line.
    pub copyright: String,
    /// Clues in file order: by number, across before down.
    pub clues: Vec<String>,
    /// The notes (notepad).
    pub notes: String,
    /// Header field 0x30 (0x0001 normal, 0x0401 diagramless).
    pub puzzle_type: u16,
    /// Header field 0x32 (0 plain, 2 no solution, 4 locked).
    pub solution_state: u16,
    /// Rebus cells and answers (GRBS and RTBL).
    pub rebus: Option<Rebus>,
    /// GEXT: one flag byte per cell (see [`flag`]).
    pub markup: Option<Vec<u8>>,
    /// The solving timer (LTIM).
    pub timer: Option<Timer>,
    /// RUSR: the player's rebus entry per cell (empty = none).
    pub user_rebus: Option<Vec<String>>,
    /// Bars between cells, one flag byte per cell ([`numbering::BAR_RIGHT`],
    /// [`numbering::BAR_BOTTOM`]): an entry ends at a bar. `None` (as in every `.puz`) = no bars.
    pub bars: Option<Vec<u8>>,
    /// The clue numbers as the file labels them, one per slot in clue order: kept when a file
    /// (JPZ) numbers its entries its own way. An empty string marks a run of the grid the file
    /// defines no entry for (it is listed under the slot's own number, or left out of listings).
    pub labels: Option<Vec<String>>,
    /// Per-cell shading and voids, one per cell row by row; `None` (as in every `.puz`) = all
    /// cells plain.
    pub styles: Option<Vec<CellStyle>>,
    /// The enumerations the file gives (`3,4`, no brackets), one per clue in clue order (empty
    /// for none); `None` = none at all.
    pub enumerations: Option<Vec<String>>,
    /// The inline markup (italic, bold…) of each clue in clue order, as spans over its plain
    /// text ([`crate::markup`]); `None` = no clue has markup.
    pub clue_markup: Option<Vec<Vec<crate::markup::Span>>>,
    /// Metadata beyond title, author, copyright and notes, as the file gives it: `(key, value)`
    /// in file order, keys in lower case (`date`, `editor`, `publisher`, `difficulty`, `intro`,
    /// an `.xd` file's own keys…). `.puz` holds none.
    pub metadata: Vec<(String, String)>,
    /// The words as the file defines them where they are not the slot's straight run (a JPZ
    /// `<word>` or ipuz `cells` that winds or slips): one cell list per slot in clue order,
    /// empty = the slot's own cells; `None` = every word is its slot.
    pub words: Option<Vec<Vec<usize>>>,
    /// Clue lists other than Across and Down, in file order, after them ([`OtherList`]);
    /// empty for most puzzles (and every `.puz`).
    pub other_lists: Vec<OtherList>,
    /// The metadata of each clue in clue order (`.xd` 3.0's `A1 ^Hint: …`, `A1 ^Refs: A5 D4`,
    /// any `^Key:`; ipuz `hints` and `references`; JPZ `citation`): `(key, value)` in file
    /// order, keys as written; `None` = no clue has any. Cross-references are the `Refs` key
    /// ([`Puzzle::references`]).
    pub clue_meta: Option<Vec<Vec<(String, String)>>>,
    /// The kind of puzzle when it is not a plain crossword ([`Variety`]); `None` for a crossword.
    pub variety: Option<Variety>,
    /// The labels the file prints in its cells, one per cell row by row, kept when they are not
    /// what the grid's numbering shows ([`Puzzle::shown_labels`]): an acrostic's `1A`, a rows
    /// garden's `A` and corner `L1`, a JPZ's `top-right-number`. When set, each cell shows its
    /// own [`CellLabel::number`] instead of the grid's number (none where it is empty). `None`
    /// = the grid's numbers.
    pub own_labels: Option<Vec<CellLabel>>,
    /// What only a `.puz` file holds (version, reserved header bytes, unknown sections, bytes
    /// around the file), kept so that decoding and encoding again gives the same file.
    pub puz: PuzExtras,
}

/// Why a puzzle cannot be written as `.puz`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    #[error("a .puz grid is 1 to 255 cells on each side; this one is {0}x{1}")]
    /// A side outside 1 to 255.
    BadSize(usize, usize),
    #[error("the {what} grid has {found} cells; a {width}x{height} puzzle needs {}", width * height)]
    /// A grid whose length is not width × height.
    GridLength {
        /// `solution` or `fill`.
        what: &'static str,
        /// Cells found.
        found: usize,
        /// The puzzle's width.
        width: usize,
        /// The puzzle's height.
        height: usize,
    },
    #[error("the {0} contains a NUL character, which .puz strings cannot hold")]
    /// A string with a NUL (the string terminator of `.puz`).
    NulInText(String),
    #[error("{0} clues; a .puz file holds at most 65535")]
    /// More clues than the 16-bit count holds.
    TooManyClues(usize),
    #[error("section {0} is {1} bytes; a .puz section holds at most 65535")]
    /// A section longer than its 16-bit length holds.
    SectionTooLong(String, usize),
    #[error("rebus answer {0:?} cannot be written (it holds ';' or ':' or a NUL)")]
    /// A rebus answer holding a separator of RTBL.
    BadRebusAnswer(String),
    #[error(
        "a rebus answer of {0} bytes cannot be written; a puzzle holds answers of at most {max} bytes",
        max = MAX_REBUS_ANSWER_BYTES
    )]
    /// A rebus answer longer than [`MAX_REBUS_ANSWER_BYTES`] (the readers keep only its cells'
    /// letters, so it would not read back).
    RebusAnswerTooLong(usize),
}

const KNOWN: [&[u8; 4]; 5] = [b"GRBS", b"RTBL", b"LTIM", b"GEXT", b"RUSR"];

impl Puzzle {
    /// An empty `width` × `height` puzzle (all cells open, no letters yet), version 1.3.
    pub fn new(width: usize, height: usize) -> Puzzle {
        Puzzle {
            width,
            height,
            solution: vec![b'X'; width * height],
            fill: vec![b'-'; width * height],
            title: String::new(),
            author: String::new(),
            copyright: String::new(),
            clues: Vec::new(),
            notes: String::new(),
            puzzle_type: 0x0001,
            solution_state: 0,
            rebus: None,
            markup: None,
            timer: None,
            user_rebus: None,
            bars: None,
            labels: None,
            styles: None,
            enumerations: None,
            clue_markup: None,
            metadata: Vec::new(),
            words: None,
            other_lists: Vec::new(),
            clue_meta: None,
            variety: None,
            own_labels: None,
            puz: PuzExtras::default(),
        }
    }

    /// Set the solution from rows of one character per cell (`.` block, `:` diagramless
    /// block); the fill becomes empty with the same blocks. Characters beyond one byte become `X`.
    pub fn set_solution_rows(&mut self, rows: &[&str]) {
        self.solution = rows
            .iter()
            .flat_map(|row| row.chars().map(|c| if c.is_ascii() { c as u8 } else { b'X' }))
            .collect();
        self.fill = self.solution.iter().map(|&b| if numbering::is_block(b) { b } else { b'-' }).collect();
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        (pos.row < self.height && pos.col < self.width).then(|| pos.row * self.width + pos.col)
    }

    /// Make the cell at `pos` a rebus whose answer is `answer`; its solution byte becomes the
    /// first letter. Equal answers share one table entry; new keys count up from 1. The table
    /// holds at most [`MAX_REBUS_ANSWERS`] answers (a `.puz` cell names its entry in one byte):
    /// a new answer past them, or one longer than [`MAX_REBUS_ANSWER_BYTES`], is not stored, the
    /// cell keeps only the first letter, and `false` says so, for the reader to name the loss
    /// (never another answer given to the cell).
    pub fn set_rebus(&mut self, pos: Pos, answer: &str) -> bool {
        let Some(i) = self.index(pos) else { return false };
        let cells = self.width * self.height;
        if answer.len() > MAX_REBUS_ANSWER_BYTES {
            if let (Some(cell), Some(first)) = (self.solution.get_mut(i), answer.bytes().next()) {
                *cell = first;
            }
            return false;
        }
        let rebus = self.rebus.get_or_insert_with(|| Rebus { cells: vec![0; cells], table: Vec::new() });
        let key = match rebus.table.iter().find(|(_, v)| v == answer) {
            Some((k, _)) => *k,
            None => {
                let key = rebus.table.iter().map(|(k, _)| k.saturating_add(1)).max().unwrap_or(1);
                if rebus.table.len() >= MAX_REBUS_ANSWERS || key == u8::MAX {
                    if let (Some(cell), Some(first)) = (self.solution.get_mut(i), answer.bytes().next()) {
                        *cell = first;
                    }
                    return false;
                }
                rebus.table.push((key, answer.to_string()));
                key
            }
        };
        if let Some(cell) = rebus.cells.get_mut(i) {
            *cell = key.saturating_add(1);
        }
        if let (Some(cell), Some(first)) = (self.solution.get_mut(i), answer.bytes().next()) {
            *cell = first;
        }
        true
    }

    /// Circle (or uncircle) the cell at `pos`.
    pub fn set_circled(&mut self, pos: Pos, circled: bool) {
        let Some(i) = self.index(pos) else { return };
        let cells = self.width * self.height;
        let markup = self.markup.get_or_insert_with(|| vec![0; cells]);
        if let Some(m) = markup.get_mut(i) {
            if circled {
                *m |= flag::CIRCLED;
            } else {
                *m &= !flag::CIRCLED;
            }
        }
    }

    /// Whether the cell at `index` (row-major) holds a given letter: a letter of the fill the
    /// solver starts with and cannot change (the GIVEN flag on a filled cell: JPZ `type="clue"`,
    /// ipuz `value`, `.xd` `## Start`, `.puz` GEXT 0x40).
    pub fn is_given(&self, index: usize) -> bool {
        self.markup.as_ref().and_then(|m| m.get(index)).is_some_and(|&m| m & flag::GIVEN != 0)
            && self.fill.get(index).is_some_and(|&b| b != b'-' && !numbering::is_block(b))
    }

    /// Give the cell at `index` the letter(s) `letter` as a given (pre-filled) letter.
    pub fn set_given(&mut self, index: usize, letter: &str) {
        let cells = self.width * self.height;
        let Some(first) = letter.bytes().next() else { return };
        if index >= cells || self.solution.get(index).is_some_and(|&b| numbering::is_block(b)) {
            return;
        }
        // A letter that is a block byte (`.`: an acrostic's full stop) is held as a rebus entry.
        let blockish = numbering::is_block(first);
        self.fill[index] =
            if first.is_ascii_graphic() && !blockish { first.to_ascii_uppercase() } else { b'X' };
        if letter.chars().count() > 1 || !letter.is_ascii() || blockish {
            self.user_rebus.get_or_insert_with(|| vec![String::new(); cells])[index] = letter.to_uppercase();
        }
        self.markup.get_or_insert_with(|| vec![0; cells])[index] |= flag::GIVEN;
    }

    /// Whether the cell at `index` (row-major) is circled.
    pub fn is_circled(&self, index: usize) -> bool {
        self.markup.as_ref().and_then(|m| m.get(index)).is_some_and(|&m| m & flag::CIRCLED != 0)
    }

    /// The style of the cell at `index` (row-major): plain when the puzzle has none.
    pub fn style(&self, index: usize) -> CellStyle {
        self.styles.as_ref().and_then(|s| s.get(index)).copied().unwrap_or_default()
    }

    /// Set the style of the cell at `index`; a void also becomes a block of the solution and fill.
    pub fn set_style(&mut self, index: usize, style: CellStyle) {
        let cells = self.width * self.height;
        if index >= cells || (style.is_plain() && self.styles.is_none()) {
            return;
        }
        self.styles.get_or_insert_with(|| vec![CellStyle::default(); cells])[index] = style;
        if style.void {
            for grid in [&mut self.solution, &mut self.fill] {
                if let Some(b) = grid.get_mut(index).filter(|b| !numbering::is_block(**b)) {
                    *b = b'.';
                }
            }
        }
    }

    /// The enumeration of clue `k` (clue order), if the file gives one.
    pub fn enumeration(&self, k: usize) -> Option<&str> {
        self.enumerations.as_ref().and_then(|e| e.get(k)).map(String::as_str).filter(|e| !e.is_empty())
    }

    /// The markup spans of clue `k` (clue order); empty when it has none.
    pub fn markup_of(&self, k: usize) -> &[crate::markup::Span] {
        self.clue_markup.as_ref().and_then(|m| m.get(k)).map_or(&[], Vec::as_slice)
    }

    /// The metadata lines of clue `k` (clue order), `(key, value)` as the file gives them.
    pub fn clue_meta_of(&self, k: usize) -> &[(String, String)] {
        self.clue_meta.as_ref().and_then(|m| m.get(k)).map_or(&[], Vec::as_slice)
    }

    /// The clues clue `k` refers to: the tokens of its `Refs` metadata that name an Across or
    /// Down clue (`A5`, `D4`) or a clue of another list (`[Zones:Bases]3`), in order.
    pub fn references(&self, k: usize) -> Vec<ClueRef> {
        refs_in(self.clue_meta_of(k))
    }

    /// How many clues carry metadata lines, and the keys they use (first use order), for the
    /// `lost` list of a format that holds only the keys `holds` says it does (lower case).
    pub fn clue_meta_lost(&self, holds: &[&str]) -> Option<String> {
        let mut keys: Vec<&str> = Vec::new();
        let mut clues = 0;
        for meta in self.clue_meta.as_deref().unwrap_or_default() {
            let mut lost = false;
            for (key, _) in meta {
                if !holds.iter().any(|h| h.eq_ignore_ascii_case(key)) {
                    lost = true;
                    if !keys.iter().any(|k| k.eq_ignore_ascii_case(key)) {
                        keys.push(key);
                    }
                }
            }
            clues += usize::from(lost);
        }
        (clues > 0).then(|| {
            let keys: Vec<String> = keys.iter().map(|k| format!("^{k}")).collect();
            format!("the clue metadata {} of {clues} clue(s)", keys.join(", "))
        })
    }

    /// The value of metadata field `key` (lower case), if the file gives it.
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.metadata.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// What a format that holds only the metadata keys `holds` cannot carry, for its `lost`
    /// list (`the metadata date, editor`), or `None` when it carries all.
    pub fn metadata_lost(&self, holds: &[&str]) -> Option<String> {
        let lost: Vec<&str> =
            self.metadata.iter().map(|(k, _)| k.as_str()).filter(|k| !holds.contains(k)).collect();
        (!lost.is_empty()).then(|| format!("the metadata {}", lost.join(", ")))
    }

    /// What a format without clue lists beyond Across and Down loses of them, for its `lost`
    /// list (`the clue lists "Rows" (7 clues), "Blooms" (15 clues)`), or `None`.
    pub fn other_lists_lost(&self) -> Option<String> {
        let named: Vec<String> = self
            .other_lists
            .iter()
            .map(|l| {
                format!("{:?} ({} clue{})", l.title, l.clues.len(), if l.clues.len() == 1 { "" } else { "s" })
            })
            .collect();
        (!named.is_empty())
            .then(|| format!("the clue list{} {}", if named.len() == 1 { "" } else { "s" }, named.join(", ")))
    }

    /// What a format that cannot hold the file's own clue numbers loses, for its `lost` list
    /// (`the clue numbers as written (2 differ from standard numbering)`), or `None`.
    pub fn labels_lost(&self) -> Option<String> {
        let slots = self.slots();
        let differ = self
            .labels
            .as_deref()?
            .iter()
            .zip(&slots)
            .filter(|(l, s)| !l.is_empty() && **l != s.number.to_string())
            .count();
        (differ > 0).then(|| format!("the clue numbers as written ({differ} differ from standard numbering)"))
    }

    /// What a format holding colours but no ipuz palette numbers (JPZ, `.xd`) loses: `the palette
    /// colours of 2 cell(s) …` (they are written as [`CellStyle::fill`]).
    pub fn palette_lost(&self) -> Option<String> {
        let n = self.styles.as_deref().unwrap_or_default().iter().filter(|s| s.palette.is_some()).count();
        (n > 0).then(|| {
            format!(
                "the palette colours of {n} cell(s) (ipuz colour numbers), written as the colours pzl draws"
            )
        })
    }

    /// How many clues carry inline markup.
    pub fn marked_up_clues(&self) -> usize {
        self.clue_markup.as_deref().unwrap_or_default().iter().filter(|m| !m.is_empty()).count()
    }

    /// Counts of what only the rich formats (ipuz, JPZ) hold: shaded cells, voids, enumerations.
    pub fn rich_counts(&self) -> (usize, usize, usize) {
        let styles = self.styles.as_deref().unwrap_or_default();
        let shaded = styles.iter().filter(|s| s.is_shaded()).count();
        let voids = styles.iter().filter(|s| s.void).count();
        let enums = self.enumerations.as_deref().unwrap_or_default().iter().filter(|e| !e.is_empty()).count();
        (shaded, voids, enums)
    }

    /// Whether the solution is plain, locked or absent.
    pub fn state(&self) -> SolutionState {
        if self.solution_state & STATE_LOCKED != 0 {
            SolutionState::Locked
        } else if self.solution_state & STATE_NO_SOLUTION != 0 {
            SolutionState::None
        } else {
            SolutionState::Plain
        }
    }

    /// The numbered slots of the grid, in clue order.
    pub fn slots(&self) -> Vec<Slot> {
        numbering::slots_barred(self.width, self.height, &self.solution, self.bars.as_deref())
    }

    /// How many slots [`Puzzle::slots`] has, counted without making them when there are no bars.
    pub fn slot_count(&self) -> usize {
        match self.bars.as_deref().filter(|b| b.iter().any(|&f| f != 0)) {
            None => numbering::count(self.width, self.height, &self.solution),
            Some(_) => self.slots().len(),
        }
    }

    /// The puzzle without its bars, for a format that cannot hold them: each clue stays on the
    /// entry of the same start, direction and length (if the plain grid has one), and the count
    /// of clues left without an entry is returned.
    pub fn without_bars(&self) -> (Puzzle, usize) {
        let mut plain = self.clone();
        plain.bars = None;
        if self.bars.is_none() {
            return (plain, 0);
        }
        let key = |s: &Slot| (s.start, s.direction, s.len);
        let barred = self.slots();
        let slots = plain.slots();
        // For each plain slot, the barred slot of the same start, direction and length.
        let from: Vec<Option<usize>> =
            slots.iter().map(|s| barred.iter().position(|b| key(b) == key(s))).collect();
        fn carried<T: Clone + Default>(from: &[Option<usize>], list: &[T]) -> Vec<T> {
            from.iter().map(|k| k.and_then(|k| list.get(k)).cloned().unwrap_or_default()).collect()
        }
        plain.clues = carried(&from, &self.clues);
        plain.labels = self.labels.as_deref().map(|labels| carried(&from, labels));
        plain.enumerations = self.enumerations.as_deref().map(|enums| carried(&from, enums));
        plain.clue_markup = self.clue_markup.as_deref().map(|spans| carried(&from, spans));
        plain.words = self.words.as_deref().map(|words| carried(&from, words));
        plain.clue_meta = self.clue_meta.as_deref().map(|meta| carried(&from, meta));
        let lost = barred
            .iter()
            .enumerate()
            .filter(|(k, b)| {
                self.clues.get(*k).is_some_and(|c| !c.is_empty()) && !slots.iter().any(|s| key(s) == key(b))
            })
            .count();
        (plain, lost)
    }

    /// Whether slot `k` is an entry of the file: always, unless the file numbers its own entries
    /// ([`Puzzle::labels`]) and defines none there, or all its clues are in other lists.
    pub fn is_file_entry(&self, k: usize) -> bool {
        // A puzzle whose clues are all in other lists (a rows garden, a spiral) has no entries
        // by the grid's numbering.
        if self.clues.is_empty() && !self.other_lists.is_empty() {
            return false;
        }
        self.labels.as_ref().is_none_or(|l| l.get(k).is_some_and(|l| !l.is_empty()))
    }

    /// The label of slot `k` (of [`Puzzle::slots`]): the file's own, else the slot's number.
    pub fn label(&self, k: usize, slot: &Slot) -> String {
        match self.labels.as_ref().and_then(|l| l.get(k)).filter(|l| !l.is_empty()) {
            Some(label) => label.clone(),
            None => slot.number.to_string(),
        }
    }

    /// The cells of slot `k`'s word: the file's own list ([`Puzzle::words`]) or the slot's run.
    pub fn word(&self, k: usize, slot: &Slot) -> Vec<usize> {
        match self.words.as_ref().and_then(|w| w.get(k)).filter(|w| !w.is_empty()) {
            Some(cells) => cells.clone(),
            None => slot.cells(self.width).collect(),
        }
    }

    /// How many clues' words the file defines otherwise than as their slot's straight run.
    pub fn own_words(&self) -> usize {
        self.words.as_deref().unwrap_or_default().iter().filter(|w| !w.is_empty()).count()
    }

    /// The label the file prints in each cell when it is not the grid's number (files that
    /// number their own way, [`Puzzle::labels`]); `None` elsewhere.
    pub fn cell_labels(&self) -> Vec<Option<String>> {
        if self.labels.is_none() {
            return vec![None; self.width * self.height];
        }
        self.cell_labels_of(&self.slots())
    }

    /// [`Puzzle::cell_labels`] of the grid's `slots` ([`Puzzle::slots`]), numbered once by the
    /// caller.
    fn cell_labels_of(&self, slots: &[Slot]) -> Vec<Option<String>> {
        let mut labels = vec![None; self.width * self.height];
        if self.labels.is_none() {
            return labels;
        }
        for (k, slot) in slots.iter().enumerate() {
            let label = self.label(k, slot);
            let start = slot.start.row * self.width + slot.start.col;
            if self.is_file_entry(k)
                && label != slot.number.to_string()
                && let Some(l) = labels.get_mut(start).filter(|l| l.is_none())
            {
                *l = Some(label);
            }
        }
        labels
    }

    /// The label printed top left in each cell (empty = none): the file's own
    /// ([`Puzzle::own_labels`]) when it keeps them, else the grid's number or the file's clue
    /// label there ([`Puzzle::cell_labels`]). Every picture and the play view print these.
    pub fn shown_labels(&self) -> Vec<String> {
        if let Some(own) = &self.own_labels {
            return (0..self.width * self.height)
                .map(|i| own.get(i).map(|l| l.number.clone()).unwrap_or_default())
                .collect();
        }
        self.grid_labels()
    }

    /// The labels the grid's numbering shows, the file's clue labels included.
    /// The grid is numbered once for both (it was numbered twice, once for the numbers and
    /// once for the file's labels).
    fn grid_labels(&self) -> Vec<String> {
        let slots = self.slots();
        let numbers = self.cell_numbers_of(&slots);
        if self.labels.is_none() {
            return numbers.into_iter().map(|n| if n > 0 { n.to_string() } else { String::new() }).collect();
        }
        self.cell_labels_of(&slots)
            .into_iter()
            .zip(numbers)
            .map(|(label, n)| label.unwrap_or_else(|| if n > 0 { n.to_string() } else { String::new() }))
            .collect()
    }

    /// The labels at the corners and sides of cell `i` ([`CellLabel::marks`]); empty for most.
    pub fn marks_of(&self, i: usize) -> &[(Corner, String)] {
        self.own_labels.as_ref().and_then(|o| o.get(i)).map_or(&[], |l| l.marks.as_slice())
    }

    /// Keep the labels a file prints in its cells (one per cell; blocks' are ignored) when they
    /// are not what the grid shows ([`Puzzle::shown_labels`]) or some cell has a mark; else
    /// leave [`Puzzle::own_labels`] unset. A file that prints no number at all (only marks)
    /// keeps the grid's numbers. Call it after the clues and their labels are read.
    pub fn keep_own_labels(&mut self, mut labels: Vec<CellLabel>) {
        let cells = self.width * self.height;
        labels.resize(cells, CellLabel::default());
        for (label, &b) in labels.iter_mut().zip(&self.solution) {
            if numbering::is_block(b) {
                *label = CellLabel::default();
            }
        }
        self.own_labels = None;
        let shown = self.shown_labels();
        let marks = labels.iter().any(|l| !l.marks.is_empty());
        let numbered = labels.iter().any(|l| !l.number.is_empty());
        if !numbered {
            if !marks {
                return;
            }
            for (label, number) in labels.iter_mut().zip(shown) {
                label.number = number;
            }
        } else if !marks && labels.iter().zip(&shown).all(|(l, s)| l.number == *s) {
            return;
        }
        self.own_labels = Some(labels);
    }

    /// How many cells carry a label of the file's own ([`Puzzle::own_labels`]): a number that
    /// is not the grid's there, or a mark.
    pub fn own_labelled_cells(&self) -> usize {
        let Some(own) = &self.own_labels else { return 0 };
        own.iter()
            .zip(self.grid_labels())
            .filter(|(l, n)| !l.marks.is_empty() || (!l.number.is_empty() && l.number != *n))
            .count()
    }

    /// What a format that cannot hold the cells' own labels loses, for its `lost` list (`the
    /// labels of 13 cell(s) (such as `1A`)`), or `None`.
    pub fn own_labels_lost(&self) -> Option<String> {
        // (Most puzzles have none: nothing is numbered for them.)
        self.own_labels.as_ref()?;
        let n = self.own_labelled_cells();
        let grid = self.grid_labels();
        let example = self.own_labels.iter().flatten().zip(&grid).find_map(|(l, g)| {
            (!l.number.is_empty() && l.number != *g)
                .then(|| l.number.clone())
                .or_else(|| l.marks.first().map(|(_, t)| t.clone()))
        });
        (n > 0).then(|| match example {
            Some(e) => format!("the labels of {n} cell(s) (such as `{e}`), written as the grid's numbers"),
            None => format!("the labels of {n} cell(s), written as the grid's numbers"),
        })
    }

    /// The number shown in each cell (0 = none).
    pub fn cell_numbers(&self) -> Vec<u16> {
        self.cell_numbers_of(&self.slots())
    }

    /// [`Puzzle::cell_numbers`] of the grid's `slots` ([`Puzzle::slots`]).
    fn cell_numbers_of(&self, slots: &[Slot]) -> Vec<u16> {
        let mut numbers = vec![0; self.width * self.height];
        for slot in slots {
            if let Some(n) = numbers.get_mut(slot.start.row * self.width + slot.start.col) {
                *n = slot.number;
            }
        }
        numbers
    }

    /// The solution of one cell, rebus expanded.
    pub fn cell_answer(&self, index: usize) -> String {
        if let Some(answer) = self.rebus.as_ref().and_then(|r| r.answer(index)) {
            return answer.to_string();
        }
        self.solution.get(index).map(|&b| char::from(b).to_string()).unwrap_or_default()
    }

    /// The player's entry in one cell: the RUSR rebus entry if any, else the fill byte.
    pub fn cell_entry(&self, index: usize) -> String {
        if let Some(entry) = self.user_rebus.as_ref().and_then(|u| u.get(index)).filter(|e| !e.is_empty()) {
            return entry.clone();
        }
        self.fill.get(index).map(|&b| char::from(b).to_string()).unwrap_or_default()
    }

    /// Clues matched to slots, with answers. Extra clue strings (more than slots) are left out.
    pub fn clue_entries(&self) -> Vec<ClueEntry> {
        self.slots()
            .into_iter()
            .enumerate()
            .map(|(i, slot)| {
                let cells = self.word(i, &slot);
                ClueEntry {
                    label: self.label(i, &slot),
                    slot,
                    clue: self.clues.get(i).cloned(),
                    enumeration: self.enumeration(i).map(str::to_string),
                    markup: self.markup_of(i).to_vec(),
                    answer: cells.iter().map(|&c| self.cell_answer(c)).collect(),
                    cells,
                }
            })
            .collect()
    }

    /// Decode a raw file. The warnings name what could not be decoded (kept raw) or was odd.
    pub fn from_raw(raw: &PuzFile) -> (Puzzle, Vec<Warning>) {
        /// "clue N", made only when a warning needs it (not once per clue of every file).
        struct ClueLabel(usize);
        impl std::fmt::Display for ClueLabel {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "clue {}", self.0)
            }
        }
        let mut warnings = Vec::new();
        let utf8 = raw.is_utf8();
        let mut decode = |bytes: &[u8], what: &dyn std::fmt::Display| {
            let (text, how) = text::decode(bytes, utf8);
            match how {
                Decoded::AsExpected => {}
                Decoded::Utf8InLegacy => warnings.push(Warning::new(format!(
                    "the {what} looks like UTF-8 although the file is version {}; shown as Windows-1252 \
                     (bytes kept)",
                    raw.version_text()
                ))),
                Decoded::InvalidUtf8 => warnings
                    .push(Warning::new(format!("the {what} is not valid UTF-8; bad bytes shown as U+FFFD"))),
            }
            text
        };
        let title = decode(&raw.title, &"title");
        let author = decode(&raw.author, &"author");
        let copyright = decode(&raw.copyright, &"copyright");
        let all = raw.clues.bytes();
        let clues = match text::unconverted(all, utf8) {
            // Every clue reads as it is (nearly every file): one validation for all of them. A
            // clue whose ends are not character boundaries is not valid alone: decoded alone.
            Some(text) => raw
                .clues
                .ranges()
                .enumerate()
                .map(|(i, r)| match text.get(r.clone()) {
                    Some(clue) => clue.to_owned(),
                    None => decode(&all[r], &ClueLabel(i + 1)),
                })
                .collect(),
            // A Windows-1252 file with some non-ASCII clue (a curly quote): the run decoded
            // once, each ASCII clue taken from it (a validation and a decoding per clue was a
            // tenth of `pzl check DIR`); the others decoded alone, as they warn.
            None if !utf8 => {
                let text = text::legacy(all);
                let mut at = 0;
                raw.clues
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let clue = match text.get(at..at + c.len()).filter(|_| c.is_ascii()) {
                            Some(clue) => clue.to_owned(),
                            None => decode(c, &ClueLabel(i + 1)),
                        };
                        at += clue.len();
                        clue
                    })
                    .collect()
            }
            None => raw.clues.iter().enumerate().map(|(i, c)| decode(c, &ClueLabel(i + 1))).collect(),
        };
        let notes = decode(&raw.notes, &"notes");
        // A preamble holding the magic would be a decoy header in front of the rewritten file:
        // the decoded puzzle leaves it out (the raw file keeps it for an unchanged copy).
        let decoy = raw.preamble.windows(MAGIC.len()).any(|w| w == MAGIC);
        if decoy {
            warnings.push(Warning::new(format!(
                "the {} bytes before the header hold another ACROSS&DOWN; left out when the puzzle is re-encoded",
                raw.preamble.len()
            )));
        }
        let mut reserved_1c = [0; 2];
        reserved_1c.copy_from_slice(&raw.header[off::RESERVED_1C..off::SCRAMBLED]);
        let mut reserved_20 = [0; 12];
        reserved_20.copy_from_slice(&raw.header[off::RESERVED_20..off::WIDTH]);
        let mut puzzle = Puzzle {
            width: raw.width(),
            height: raw.height(),
            solution: raw.solution.clone(),
            fill: raw.fill.clone(),
            title,
            author,
            copyright,
            clues,
            notes,
            puzzle_type: raw.puzzle_type(),
            solution_state: raw.solution_state(),
            rebus: None,
            markup: None,
            timer: None,
            user_rebus: None,
            bars: None,
            labels: None,
            styles: None,
            enumerations: None,
            clue_markup: None,
            metadata: Vec::new(),
            words: None,
            other_lists: Vec::new(),
            clue_meta: None,
            variety: None,
            own_labels: None,
            puz: PuzExtras {
                version: raw.version_bytes(),
                scrambled_checksum: raw.scrambled_checksum(),
                reserved_1c,
                reserved_20,
                other_sections: Vec::new(),
                section_order: raw.sections.iter().map(|s| s.code).collect(),
                preamble: if decoy { Vec::new() } else { raw.preamble.clone() },
                postscript: raw.postscript.clone(),
            },
        };
        let cells = puzzle.width * puzzle.height;
        let mut grbs: Option<Vec<u8>> = None;
        let mut rtbl: Option<Vec<(u8, String)>> = None;
        for section in &raw.sections {
            let seen_before = match &section.code {
                b"GRBS" => grbs.is_some(),
                b"RTBL" => rtbl.is_some(),
                b"LTIM" => puzzle.timer.is_some(),
                b"GEXT" => puzzle.markup.is_some(),
                b"RUSR" => puzzle.user_rebus.is_some(),
                _ => true,
            };
            let decoded = !seen_before
                && match &section.code {
                    b"GRBS" if section.data.len() == cells => {
                        grbs = Some(section.data.clone());
                        true
                    }
                    b"GEXT" if section.data.len() == cells => {
                        puzzle.markup = Some(section.data.clone());
                        true
                    }
                    b"RTBL" => parse_rebus_table(&section.data, utf8).map(|t| rtbl = Some(t)).is_some(),
                    b"LTIM" => parse_timer(&section.data).map(|t| puzzle.timer = Some(t)).is_some(),
                    b"RUSR" => parse_user_rebus(&section.data, cells, utf8)
                        .map(|u| puzzle.user_rebus = Some(u))
                        .is_some(),
                    _ => false,
                };
            if !decoded {
                if KNOWN.contains(&&section.code) {
                    warnings.push(Warning::new(format!(
                        "section {} could not be decoded (malformed or repeated); kept as-is",
                        section.name()
                    )));
                }
                puzzle.puz.other_sections.push(section.clone());
            }
        }
        // An answer past MAX_REBUS_ANSWER_BYTES (an RTBL section holds up to 64 KiB) is not
        // decoded: its cells keep their letter, and the loss is named. One 65 KB answer named by
        // every cell of a 255×255 grid made each entry 16 MB and a conversion abort.
        if let Some(table) = &mut rtbl
            && table.iter().any(|(_, answer)| answer.len() > MAX_REBUS_ANSWER_BYTES)
        {
            let long: Vec<u8> = table
                .iter()
                .filter(|(_, answer)| answer.len() > MAX_REBUS_ANSWER_BYTES)
                .map(|(key, _)| *key)
                .collect();
            table.retain(|(_, answer)| answer.len() <= MAX_REBUS_ANSWER_BYTES);
            let mut lost_cells = 0;
            for cell in grbs.iter_mut().flatten() {
                if cell
                    .checked_sub(1)
                    .is_some_and(|key| long.contains(&key) && !table.iter().any(|(k, _)| *k == key))
                {
                    *cell = 0;
                    lost_cells += 1;
                }
            }
            warnings.push(Warning::new(format!(
                "{} rebus answer(s) longer than {MAX_REBUS_ANSWER_BYTES} bytes, in {lost_cells} cell(s): \
                 only the cells' letters are kept (the .puz file itself is written back unchanged)",
                long.len()
            )));
        }
        match (grbs, rtbl) {
            (Some(cells), table) => puzzle.rebus = Some(Rebus { cells, table: table.unwrap_or_default() }),
            (None, Some(table)) => {
                warnings.push(Warning::new("an RTBL rebus table without GRBS grid (no rebus cells)"));
                puzzle.rebus = Some(Rebus { cells: vec![0; cells], table });
            }
            (None, None) => {}
        }
        (puzzle, warnings)
    }

    /// Whether the strings need UTF-8 (a character Windows-1252 lacks).
    pub fn needs_utf8(&self) -> bool {
        let rebus = self.rebus.iter().flat_map(|r| r.table.iter().map(|(_, v)| v.as_str()));
        let user = self.user_rebus.iter().flatten().map(String::as_str);
        [&self.title, &self.author, &self.copyright, &self.notes]
            .into_iter()
            .map(String::as_str)
            .chain(self.clues.iter().map(String::as_str))
            .chain(rebus)
            .chain(user)
            .any(|s| text::encode_legacy(s).is_none())
    }

    /// Encode as a raw `.puz` file with every checksum computed. The version stays as set unless
    /// the text needs UTF-8 and the version is below 2.0: then it becomes `2.0`.
    pub fn to_raw(&self) -> Result<PuzFile, EncodeError> {
        let (w, h) = (self.width, self.height);
        if !(1..=255).contains(&w) || !(1..=255).contains(&h) {
            return Err(EncodeError::BadSize(w, h));
        }
        for (what, grid) in [("solution", &self.solution), ("fill", &self.fill)] {
            if grid.len() != w * h {
                return Err(EncodeError::GridLength { what, found: grid.len(), width: w, height: h });
            }
        }
        if self.clues.len() > usize::from(u16::MAX) {
            return Err(EncodeError::TooManyClues(self.clues.len()));
        }
        let mut version = self.puz.version;
        let legacy = parse_version(&version).is_none_or(|(major, _)| major < 2);
        let utf8 = !legacy || self.needs_utf8();
        if legacy && utf8 {
            version = *b"2.0\0";
        }
        let encode = |s: &str, what: &str| -> Result<Vec<u8>, EncodeError> {
            if s.contains('\0') {
                return Err(EncodeError::NulInText(what.to_string()));
            }
            Ok(if utf8 { s.as_bytes().to_vec() } else { text::encode_legacy(s).unwrap_or_default() })
        };
        let mut header = [0u8; HEADER_LEN];
        header[off::MAGIC..off::MAGIC + 12].copy_from_slice(MAGIC);
        header[off::VERSION..off::VERSION + 4].copy_from_slice(&version);
        header[off::RESERVED_1C..off::SCRAMBLED].copy_from_slice(&self.puz.reserved_1c);
        header[off::SCRAMBLED..off::SCRAMBLED + 2]
            .copy_from_slice(&self.puz.scrambled_checksum.to_le_bytes());
        header[off::RESERVED_20..off::WIDTH].copy_from_slice(&self.puz.reserved_20);
        header[off::WIDTH] = w as u8;
        header[off::HEIGHT] = h as u8;
        header[off::CLUE_COUNT..off::CLUE_COUNT + 2]
            .copy_from_slice(&(self.clues.len() as u16).to_le_bytes());
        header[off::PUZZLE_TYPE..off::PUZZLE_TYPE + 2].copy_from_slice(&self.puzzle_type.to_le_bytes());
        header[off::SOLUTION_STATE..off::SOLUTION_STATE + 2]
            .copy_from_slice(&self.solution_state.to_le_bytes());
        let mut raw = PuzFile {
            preamble: self.puz.preamble.clone(),
            header,
            solution: self.solution.clone(),
            fill: self.fill.clone(),
            title: encode(&self.title, "title")?,
            author: encode(&self.author, "author")?,
            copyright: encode(&self.copyright, "copyright")?,
            clues: self
                .clues
                .iter()
                .enumerate()
                .map(|(i, c)| encode(c, &format!("clue {}", i + 1)))
                .collect::<Result<_, _>>()?,
            notes: encode(&self.notes, "notes")?,
            sections: Vec::new(),
            postscript: self.puz.postscript.clone(),
        };
        raw.sections = self.encode_sections(utf8)?;
        raw.update_checksums();
        Ok(raw)
    }

    /// The sections to write: in the order read, then new ones in the usual order.
    fn encode_sections(&self, utf8: bool) -> Result<Vec<Section>, EncodeError> {
        let encode_text =
            |s: &str| if utf8 { s.as_bytes().to_vec() } else { text::encode_legacy(s).unwrap_or_default() };
        let mut known: Vec<([u8; 4], Vec<u8>)> = Vec::new();
        if let Some(rebus) = &self.rebus {
            known.push((*b"GRBS", rebus.cells.clone()));
            if !rebus.table.is_empty() || self.puz.section_order.contains(b"RTBL") {
                let mut table = Vec::new();
                for (key, answer) in &rebus.table {
                    if answer.contains([';', ':', '\0']) {
                        return Err(EncodeError::BadRebusAnswer(answer.clone()));
                    }
                    if answer.len() > MAX_REBUS_ANSWER_BYTES {
                        return Err(EncodeError::RebusAnswerTooLong(answer.len()));
                    }
                    table.extend_from_slice(format!("{key:>2}:").as_bytes());
                    table.extend(encode_text(answer));
                    table.push(b';');
                }
                known.push((*b"RTBL", table));
            }
        }
        if let Some(timer) = self.timer {
            known.push((*b"LTIM", format!("{},{}", timer.seconds, u8::from(timer.stopped)).into_bytes()));
        }
        if let Some(markup) = &self.markup {
            known.push((*b"GEXT", markup.clone()));
        }
        if let Some(user) = &self.user_rebus {
            let mut data = Vec::new();
            for entry in user {
                if entry.contains('\0') {
                    return Err(EncodeError::NulInText("player rebus entry".into()));
                }
                data.extend(encode_text(entry));
                data.push(0);
            }
            known.push((*b"RUSR", data));
        }
        let mut others: Vec<Option<&Section>> = self.puz.other_sections.iter().map(Some).collect();
        let mut out = Vec::new();
        for code in &self.puz.section_order {
            if let Some(at) = known.iter().position(|(c, _)| c == code) {
                let (code, data) = known.remove(at);
                out.push(Section::new(code, data));
            } else if let Some(slot) = others.iter_mut().find(|s| s.is_some_and(|s| &s.code == code)) {
                out.extend(slot.take().cloned());
            }
        }
        out.extend(known.into_iter().map(|(code, data)| Section::new(code, data)));
        out.extend(others.into_iter().flatten().cloned());
        if let Some(long) = out.iter().find(|s| s.data.len() > usize::from(u16::MAX)) {
            return Err(EncodeError::SectionTooLong(long.name(), long.data.len()));
        }
        Ok(out)
    }
}

/// RTBL: `kk:ANSWER;` entries, the key right-aligned in two columns (a final `;` may be missing).
fn parse_rebus_table(data: &[u8], utf8: bool) -> Option<Vec<(u8, String)>> {
    let mut table = Vec::new();
    for entry in data.split(|&b| b == b';') {
        if entry.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let colon = entry.iter().position(|&b| b == b':')?;
        let key = std::str::from_utf8(&entry[..colon]).ok()?.trim().parse::<u8>().ok()?;
        table.push((key, text::decode(&entry[colon + 1..], utf8).0));
    }
    Some(table)
}

/// LTIM: `seconds,stopped`.
fn parse_timer(data: &[u8]) -> Option<Timer> {
    let text = std::str::from_utf8(data).ok()?;
    let (seconds, stopped) = text.split_once(',')?;
    let stopped = match stopped {
        "0" => false,
        "1" => true,
        _ => return None,
    };
    Some(Timer { seconds: seconds.parse().ok()?, stopped })
}

/// RUSR: one NUL-terminated string per cell.
fn parse_user_rebus(data: &[u8], cells: usize, utf8: bool) -> Option<Vec<String>> {
    let body = data.strip_suffix(&[0])?;
    let entries: Vec<String> = body.split(|&b| b == 0).map(|s| text::decode(s, utf8).0).collect();
    (entries.len() == cells).then_some(entries)
}

/// The cross-references in clue metadata: each token of a `Refs` line that names a clue.
pub fn refs_in(meta: &[(String, String)]) -> Vec<ClueRef> {
    meta.iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case(REFS_KEY))
        .flat_map(|(_, v)| v.split([' ', ',', '\t']).filter_map(ClueRef::parse))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_puzzle_reads_back() {
        let mut p = Puzzle::new(3, 3);
        p.set_solution_rows(&["CAT", "..A", "..R"]);
        p.title = "Tiny".into();
        p.clues = vec!["Pet".into(), "Sticky stuff".into()];
        p.set_rebus(Pos::new(0, 0), "CAT");
        p.set_circled(Pos::new(2, 2), true);
        let raw = p.to_raw().unwrap();
        assert_eq!(raw.version_bytes(), *b"1.3\0");
        let back = crate::raw::read(&raw.to_bytes()).unwrap();
        assert!(back.file.checksum_mismatches().is_empty());
        let (q, warnings) = Puzzle::from_raw(&back.file);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(q.rebus.as_ref().unwrap().table, vec![(1, "CAT".to_string())]);
        assert!(q.is_circled(8));
        assert_eq!(q.clue_entries()[0].answer, "CATAT");
    }

    #[test]
    fn text_outside_windows_1252_raises_the_version() {
        let mut p = Puzzle::new(2, 2);
        p.set_solution_rows(&["AB", "CD"]);
        p.title = "⚔️".into();
        let raw = p.to_raw().unwrap();
        assert_eq!(raw.version_bytes(), *b"2.0\0");
        assert_eq!(raw.title, "⚔️".as_bytes());
    }

    #[test]
    fn windows_1252_clues_read_beside_ascii_ones() {
        // A version 1.3 file: ASCII clues around Windows-1252 ones (taken from one decoding of
        // all the clues) and one whose bytes are also UTF-8 (decoded alone, with its warning).
        let mut p = Puzzle::new(3, 3);
        p.set_solution_rows(&["CAT", "A.A", "TAR"]);
        p.clues = vec!["Pet".into(), "Caf\u{e9} \u{2018}au lait\u{2019}".into(), "Tar".into(), "Cat".into()];
        let mut raw = p.to_raw().unwrap();
        assert_eq!(raw.version_bytes(), *b"1.3\0");
        let clues: Vec<Vec<u8>> =
            vec![b"Pet".to_vec(), b"Caf\xe9 \x91au lait\x92".to_vec(), "na\u{ef}ve".into(), b"Cat".to_vec()];
        raw.clues = clues.iter().collect();
        let (q, warnings) = Puzzle::from_raw(&raw);
        assert_eq!(q.clues, ["Pet", "Caf\u{e9} \u{2018}au lait\u{2019}", "na\u{c3}\u{af}ve", "Cat"]);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].message.contains("clue 3 looks like UTF-8"), "{warnings:?}");
    }

    #[test]
    fn nul_in_text_is_refused() {
        let mut p = Puzzle::new(1, 1);
        p.title = "a\0b".into();
        assert!(matches!(p.to_raw(), Err(EncodeError::NulInText(_))));
    }

    #[test]
    fn rebus_tables_parse_leniently() {
        let t = parse_rebus_table(b" 0:OCT; 9:SEP;13:DEC;23:NOV", false).unwrap();
        assert_eq!(t.len(), 4);
        assert_eq!(t[2], (13, "DEC".to_string()));
        assert_eq!(parse_timer(b"1965,1"), Some(Timer { seconds: 1965, stopped: true }));
        assert_eq!(parse_timer(b"x"), None);
    }
}
