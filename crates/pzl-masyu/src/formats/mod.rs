//! Every Masyu format behind one interface, in the manner of the `object` crate: [`Format`] names
//! them, [`detect`] recognises one from the content, [`read()`] turns bytes into a [`Board`] and
//! [`write()`] turns a board into bytes, reporting what the target cannot hold. The per-format
//! modules beneath are the low-level layer (single strings, tokens, exact options).
//!
//! | format | pearls | lines | crosses |
//! |---|---|---|---|
//! | `tootsweet` | yes | yes | no |
//! | `masyu` (text grid) | yes | no | no |
//! | `sol` (hex masks) | no | yes | no |
//! | `pzprjs` (URL) | yes | no | no |
//! | `penpa` (Penpa+ link) | yes | yes | yes |
//! | `pzprv3` (file) | yes | yes | yes |
//! | `tatham` (game id + solution) | yes | yes | no |
//! | `janko` (problem + solution) | yes | yes (complete cells only) | no |
//!
//! Each format's [`FormatInfo`] ([`Format::info`]) is what `pzl formats` lists and what detection
//! across kinds uses.

pub mod janko;
pub mod penpa;
pub mod pzprjs;
pub mod pzprv3;
pub mod sol;
pub mod tatham;
pub mod text;

use crate::error::{Location, ParseError, Parsed, Warning};
use crate::{Board, EdgeState, tootsweet};
use pzl_core::{Confidence, FormatInfo, Written};
use pzl_grid::Grid;

/// The largest width or height any reader accepts (shared with the TootSweet codec), so hostile
/// input cannot ask for gigabytes.
pub use crate::tootsweet::MAX_SIDE;

/// One Masyu format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// TootSweet puzzle string, optionally with its board string on line 2 (`.tootsweet`).
    TootSweet,
    /// Plain text grid: `W H`, then rows of `.`, `W`, `B` (`.masyu`, the corpus `.txt`).
    Text,
    /// Solution grid: `W H`, then rows of hex line masks R=1 U=2 L=4 D=8 (`.sol`).
    Sol,
    /// A puzz.link / pzprjs URL (`https://puzz.link/p?mashu/W/H/…`).
    Pzprjs,
    /// A pzprjs `pzprv3` file: pearls, lines and crosses.
    Pzprv3,
    /// A Penpa+ (penpa-edit) link (`https://swaroopg92.github.io/penpa-edit/#m=edit&p=…`):
    /// pearls, lines and crosses.
    Penpa,
    /// Simon Tatham's Pearl game id (`8x8dt:…`), optionally with a solution string on line 2.
    Tatham,
    /// janko.at text: `R C` (rows first), then rows of tokens (problem and/or solution form).
    Janko,
}

/// What a format can store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holds {
    /// The pearls (white and black).
    pub pearls: bool,
    /// The lines drawn.
    pub lines: bool,
    /// The crosses (edges marked as not on the loop).
    pub crosses: bool,
}

/// The description of one format, built from the [`Format`] methods so the two never disagree.
const fn format_info(format: Format, detect: fn(&[u8]) -> bool, confidence: Confidence) -> FormatInfo {
    FormatInfo {
        name: format.name(),
        kind: "masyu",
        description: format.description(),
        extensions: format.extensions(),
        detect: Some(detect),
        confidence,
        read: true,
        write: true,
    }
}

static TOOTSWEET_INFO: FormatInfo =
    format_info(Format::TootSweet, tootsweet::looks_like_puzzle, Confidence::Weak);
static PZPRV3_INFO: FormatInfo = format_info(Format::Pzprv3, pzprv3::looks_like, Confidence::Strong);
static PZPRJS_INFO: FormatInfo = format_info(Format::Pzprjs, pzprjs::looks_like, Confidence::Strong);
static PENPA_INFO: FormatInfo = format_info(Format::Penpa, penpa::looks_like, Confidence::Strong);
static TATHAM_INFO: FormatInfo = format_info(Format::Tatham, tatham::looks_like, Confidence::Strong);
static JANKO_INFO: FormatInfo = format_info(Format::Janko, janko::looks_like, Confidence::Weak);
// An unmistakable `W H` line over a grid of `.`/`W`/`B` rows: a `.masyu` file with a typo is
// still Masyu text (its reader then names the bad character), never another kind's guess.
static TEXT_INFO: FormatInfo = format_info(Format::Text, text::looks_like, Confidence::Strong);
static SOL_INFO: FormatInfo = format_info(Format::Sol, sol::looks_like, Confidence::Weak);

impl Format {
    /// Every format, in detection order (the most specific content tests first).
    pub const ALL: [Format; 8] = [
        Format::TootSweet,
        Format::Pzprv3,
        Format::Penpa,
        Format::Pzprjs,
        Format::Tatham,
        Format::Janko,
        Format::Text,
        Format::Sol,
    ];

    /// The name the command line uses (`--from`/`--to`).
    pub const fn name(self) -> &'static str {
        match self {
            Format::TootSweet => "tootsweet",
            Format::Text => "masyu",
            Format::Sol => "sol",
            Format::Pzprjs => "pzprjs",
            Format::Pzprv3 => "pzprv3",
            Format::Penpa => "penpa",
            Format::Tatham => "tatham",
            Format::Janko => "janko",
        }
    }

    /// File extensions (lower case, no dot), most usual first.
    pub const fn extensions(self) -> &'static [&'static str] {
        match self {
            Format::TootSweet => &["tootsweet"],
            Format::Text => &["masyu", "txt"],
            Format::Sol => &["sol"],
            Format::Pzprjs => &["url"],
            Format::Pzprv3 => &["pzpr", "pzprv3"],
            Format::Penpa => &["penpa"],
            Format::Tatham => &["pearl", "tatham"],
            Format::Janko => &["janko"],
        }
    }

    /// A one-line description for `pzl formats`.
    pub const fn description(self) -> &'static str {
        match self {
            Format::TootSweet => "TootSweet Masyu puzzle string, optionally with its board string on line 2",
            Format::Text => "Masyu text grid: `W H`, then rows of . W B",
            Format::Sol => "Masyu solution grid: `W H`, then rows of hex line masks (R=1 U=2 L=4 D=8)",
            Format::Pzprjs => "puzz.link / pzprjs Masyu URL (mashu, masyu)",
            Format::Pzprv3 => "pzprjs pzprv3 Masyu file: pearls, lines and crosses",
            Format::Penpa => "Penpa+ (penpa-edit) Masyu link: pearls, lines and crosses",
            Format::Tatham => "Simon Tatham's Pearl game id, optionally with its solution on line 2",
            Format::Janko => "janko.at Masyu text: `R C`, rows of - w b (problem) or ns ew … (solution)",
        }
    }

    /// The format's description for `pzl formats` and detection: name, extensions, content test
    /// and how sure that test is.
    pub fn info(self) -> &'static FormatInfo {
        match self {
            Format::TootSweet => &TOOTSWEET_INFO,
            Format::Text => &TEXT_INFO,
            Format::Sol => &SOL_INFO,
            Format::Pzprjs => &PZPRJS_INFO,
            Format::Pzprv3 => &PZPRV3_INFO,
            Format::Penpa => &PENPA_INFO,
            Format::Tatham => &TATHAM_INFO,
            Format::Janko => &JANKO_INFO,
        }
    }

    /// The format a solution of a puzzle read as `self` is written in: the same format when it
    /// holds lines, else `sol`.
    pub fn solution_format(self) -> Format {
        if self.holds().lines { self } else { Format::Sol }
    }

    /// `board` as this format can hold it: without pearls where it has none (the lines are kept
    /// on a blank board of the same size), without crosses where it has none. Writing the result
    /// loses nothing the format could show.
    pub fn project(self, board: &Board) -> Board {
        let holds = self.holds();
        let mut out = board.clone();
        if !holds.pearls {
            out = Board::new(board.width(), board.height()).with_edges_of(board).unwrap_or(out);
        }
        if !holds.crosses {
            for n in 0..out.edge_states().len() {
                if out.edge_by_number(n) == EdgeState::Cross {
                    out.set_edge_by_number(n, EdgeState::Unknown);
                }
            }
        }
        out
    }

    /// What writing `board` in this format and reading it back gives: only the pearls, lines and
    /// crosses the format holds. (Unlike [`Format::project`], lines are dropped too.)
    pub fn kept(self, board: &Board) -> Board {
        let holds = self.holds();
        let mut out = if holds.pearls { board.clone() } else { Board::new(board.width(), board.height()) };
        for n in 0..board.edge_states().len() {
            let state = match board.edge_by_number(n) {
                EdgeState::Line if holds.lines => EdgeState::Line,
                EdgeState::Cross if holds.crosses => EdgeState::Cross,
                _ => EdgeState::Unknown,
            };
            out.set_edge_by_number(n, state);
        }
        out
    }

    /// What the format can store.
    pub fn holds(self) -> Holds {
        let (pearls, lines, crosses) = match self {
            Format::TootSweet => (true, true, false),
            Format::Text => (true, false, false),
            Format::Sol => (false, true, false),
            Format::Pzprjs => (true, false, false),
            Format::Pzprv3 => (true, true, true),
            Format::Penpa => (true, true, true),
            Format::Tatham => (true, true, false),
            Format::Janko => (true, true, false),
        };
        Holds { pearls, lines, crosses }
    }

    /// Does `bytes` look like this format? A content test only; it never fully parses.
    pub fn looks_like(self, bytes: &[u8]) -> bool {
        self.info().detects(bytes)
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The format `bytes` is in, judged by the content alone.
pub fn detect(bytes: &[u8]) -> Option<Format> {
    Format::ALL.into_iter().find(|f| f.looks_like(bytes))
}

/// Read `bytes` as `format`: leniently (oddities become warnings), with errors naming the place.
pub fn read(bytes: &[u8], format: Format) -> Result<Parsed<Board>, ParseError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        ParseError::at_offset(e.valid_up_to(), "expected UTF-8 text (the byte here is not UTF-8)")
    })?;
    // A byte-order mark, as some Windows editors write, is read with a warning.
    if let Some(rest) = text.strip_prefix('\u{feff}') {
        let mut parsed = read(rest.as_bytes(), format)?;
        parsed.warnings.insert(0, Warning::at(Location::Offset(0), "byte-order mark ignored"));
        return Ok(parsed);
    }
    match format {
        Format::TootSweet => tootsweet::parse_file(text),
        Format::Text => text::read(text),
        Format::Sol => sol::read(text),
        Format::Pzprjs => pzprjs::read(text),
        Format::Pzprv3 => pzprv3::read(text),
        Format::Penpa => penpa::read(text),
        Format::Tatham => tatham::read(text),
        Format::Janko => janko::read(text),
    }
}

/// Why a board cannot be written in a format at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot write {format}: {message}")]
pub struct WriteError {
    /// The format asked for.
    pub format: Format,
    /// Why the board does not fit it.
    pub message: String,
}

impl From<WriteError> for pzl_core::Error {
    /// An encode error: the board cannot be written in that format at all.
    fn from(e: WriteError) -> pzl_core::Error {
        pzl_core::Error::encode(e.to_string())
    }
}

/// Write `board` as `format`: the bytes, and what the format could not hold and was left out
/// (`"pearls"`, `"lines"`, `"crosses"`), for the caller to warn about.
pub fn write(board: &Board, format: Format) -> Result<Written, WriteError> {
    let text = match format {
        Format::TootSweet => tootsweet::write_file(board),
        Format::Text => text::write(board),
        Format::Sol => sol::write(board),
        Format::Pzprjs => pzprjs::write(board),
        Format::Pzprv3 => pzprv3::write(board),
        Format::Penpa => penpa::write(board),
        Format::Tatham => tatham::write(board),
        Format::Janko => janko::write(board).map_err(|message| WriteError { format, message })?,
    };
    Ok(Written { bytes: text.into_bytes(), lost: dropped(board, format) })
}

/// What of `board` `format` cannot hold.
pub fn dropped(board: &Board, format: Format) -> Vec<String> {
    let holds = format.holds();
    let (whites, blacks) = board.pearl_counts();
    let crosses = board.edge_states().contains(&EdgeState::Cross);
    let mut out = Vec::new();
    if !holds.pearls && whites + blacks > 0 {
        out.push("pearls".to_string());
    }
    if !holds.lines && board.line_count() > 0 {
        out.push("lines".to_string());
    }
    if !holds.crosses && crosses {
        out.push("crosses".to_string());
    }
    out
}

/// The lines of a text file with their 1-based numbers, CR stripped; raises the shared warnings
/// (CR line ends, no final line end) once.
pub(crate) fn lines_of<'a>(text: &'a str, warnings: &mut Vec<Warning>) -> Vec<(usize, &'a str)> {
    lines_lazily(text, warnings).collect()
}

/// [`lines_of`], one line at a time: a reader that stops early (a grid followed by millions of
/// lines it refuses) holds no table of every line (findings R6: a 25 MB file took 296 MB).
pub(crate) fn lines_lazily<'a>(
    text: &'a str,
    warnings: &mut Vec<Warning>,
) -> impl Iterator<Item = (usize, &'a str)> + use<'a> {
    if text.contains('\r') {
        warnings.push(Warning::at(Location::Whole, "CR line ends read; pzl writes LF"));
    }
    if !text.is_empty() && !text.ends_with('\n') {
        warnings.push(Warning::at(Location::Whole, "no line end after the last line"));
    }
    // A final line end ends the last line; it does not start another.
    let body = text.strip_suffix('\n').unwrap_or(text);
    let pieces = (!text.is_empty()).then(|| body.split('\n')).into_iter().flatten();
    pieces.enumerate().map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
}

/// Parse a side length (width or height) at `location`, within 1..=[`MAX_SIDE`].
pub(crate) fn side(text: &str, location: Location, what: &str) -> Result<usize, ParseError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::new(location, format!("expected the {what} as a number, found {text:?}")));
    }
    match text.parse::<usize>() {
        Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
        _ => Err(ParseError::new(location, format!("expected a {what} from 1 to {MAX_SIDE}, found {text}"))),
    }
}

/// Parse a `A B` header line (two numbers split by spaces) into the two numbers.
pub(crate) fn two_numbers(
    line_no: usize,
    line: &str,
    first: &str,
    second: &str,
) -> Result<(usize, usize), ParseError> {
    let mut parts = line.split_whitespace();
    let (Some(a), Some(b)) = (parts.next(), parts.next()) else {
        return Err(ParseError::at_line(
            line_no,
            1,
            format!("expected `{first} {second}` on line {line_no}"),
        ));
    };
    let column_of = |part: &str| part.as_ptr() as usize - line.as_ptr() as usize + 1;
    let a_value = side(a, Location::line_column(line_no, column_of(a)), first)?;
    let b_value = side(b, Location::line_column(line_no, column_of(b)), second)?;
    if let Some(extra) = parts.next() {
        return Err(ParseError::at_line(
            line_no,
            column_of(extra),
            format!("expected only `{first} {second}` on line {line_no}, found {extra:?}"),
        ));
    }
    Ok((a_value, b_value))
}

/// Read a `W H` header (width first) and H rows of W one-character cells, as the text and
/// solution grids are; `cell` turns each character into a value (or an error, or a warning).
/// `unit` names the cells in messages ("cells", "digits"). Trailing spaces on a row and blank
/// lines after the grid are read with a warning.
pub(crate) fn read_char_grid<T>(
    text: &str,
    unit: &str,
    mut cell: impl FnMut(char, Location, &mut Vec<Warning>) -> Result<T, ParseError>,
) -> Result<Parsed<Grid<T>>, ParseError> {
    let mut warnings = Vec::new();
    let mut lines = lines_lazily(text, &mut warnings);
    let Some((header_no, header)) = lines.next() else {
        return Err(ParseError::at_line(
            1,
            1,
            "expected `W H` (width and height) on line 1, found an empty file",
        ));
    };
    let (width, height) = two_numbers(header_no, header, "width", "height")?;
    let mut cells = Vec::with_capacity(width * height);
    for row in 0..height {
        let Some((line_no, line)) = lines.next() else {
            return Err(ParseError::at_line(
                row + 2,
                1,
                format!("expected {height} rows of {unit}, found {row}"),
            ));
        };
        let trimmed = line.trim_end();
        if trimmed.len() != line.len() {
            warnings.push(Warning::at(
                Location::line_column(line_no, trimmed.chars().count() + 1),
                "spaces at the end of the row are ignored",
            ));
        }
        let mut count = 0;
        for (col, ch) in trimmed.chars().enumerate() {
            let location = Location::line_column(line_no, col + 1);
            let value = cell(ch, location.clone(), &mut warnings)?;
            if col >= width {
                return Err(ParseError::new(
                    location,
                    format!("expected {width} {unit} in row {}, found more", row + 1),
                ));
            }
            cells.push(value);
            count += 1;
        }
        if count < width {
            return Err(ParseError::at_line(
                line_no,
                count + 1,
                format!("expected {width} {unit} in row {}, found {count}", row + 1),
            ));
        }
    }
    let mut blank_after = false;
    for (line_no, line) in lines {
        if !line.trim().is_empty() {
            return Err(ParseError::at_line(
                line_no,
                1,
                format!("expected only the {height} rows of the grid"),
            ));
        }
        blank_after = true;
    }
    if blank_after {
        warnings.push(Warning::at(Location::Whole, "blank lines after the grid are ignored"));
    }
    let grid = Grid::from_cells(width, height, cells)
        .ok_or_else(|| ParseError::new(Location::Whole, "cell count does not match the size"))?;
    Ok(Parsed { value: grid, warnings })
}

/// Does the first line hold exactly two decimal numbers?
/// The link a Windows Internet shortcut (a `.url` file: `[InternetShortcut]`, then `URL=…`)
/// points to, if `bytes` is one; its first 64 KiB are looked at.
pub(crate) fn shortcut_url(bytes: &[u8]) -> Option<&str> {
    let head = &bytes[..bytes.len().min(1 << 16)];
    let text = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).ok()?,
    };
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    if !lines.next()?.trim_start_matches('\u{feff}').eq_ignore_ascii_case("[InternetShortcut]") {
        return None;
    }
    lines.find_map(|l| l.get(..4).filter(|k| k.eq_ignore_ascii_case("URL=")).map(|_| l[4..].trim()))
}

pub(crate) fn starts_with_two_numbers(bytes: &[u8]) -> bool {
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let Ok(first) = std::str::from_utf8(first) else { return false };
    let parts: Vec<&str> = first.split_whitespace().collect();
    parts.len() == 2
        && parts.iter().all(|p| !p.is_empty() && p.len() <= 6 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// The first non-blank line after the first, trimmed of the line end (looks at the first 64 KiB).
pub(crate) fn second_line(bytes: &[u8]) -> Option<&str> {
    let head = &bytes[..bytes.len().min(64 * 1024)];
    let text = match std::str::from_utf8(head) {
        Ok(t) => t,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).ok()?,
    };
    text.split('\n').skip(1).map(|l| l.trim_end_matches('\r')).find(|l| !l.trim().is_empty())
}

/// Up to `count` non-blank lines after the first, trimmed (looks at the first 64 KiB).
pub(crate) fn first_rows(bytes: &[u8], count: usize) -> Vec<&str> {
    let head = &bytes[..bytes.len().min(64 * 1024)];
    let text = match std::str::from_utf8(head) {
        Ok(t) => t,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default(),
    };
    text.split('\n').skip(1).map(str::trim).filter(|l| !l.is_empty()).take(count).collect()
}

/// Set the lines of `board` from per-cell direction masks (R=1 U=2 L=4 D=8), warning about a
/// mask that points off the board or that its neighbour does not share (the line is drawn).
pub(crate) fn lines_from_masks(
    board: &mut Board,
    masks: &pzl_grid::Grid<(u8, Location)>,
    warnings: &mut Vec<Warning>,
) {
    for pos in masks.positions() {
        let (mask, location) = &masks[pos];
        let mask = *mask;
        for dir in pzl_grid::Dir::from_mask(mask) {
            let Some(next) = masks.neighbour(pos, dir) else {
                warnings.push(Warning::at(
                    location.clone(),
                    format!("cell {pos} has a line leaving the board ({dir:?}), ignored"),
                ));
                continue;
            };
            board.set_edge_from(pos, dir, EdgeState::Line);
            if masks[next].0 & dir.opposite().bit() == 0 {
                warnings.push(Warning::at(
                    location.clone(),
                    format!("cell {pos} has a line {dir:?} that cell {next} lacks; drawn anyway"),
                ));
            }
        }
    }
}

impl pzl_core::FormatTable for Format {
    const ALL: &'static [Format] = &Format::ALL;

    fn info(self) -> &'static pzl_core::FormatInfo {
        Format::info(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pzl_core::FormatTable as _;

    #[test]
    fn names_round_trip() {
        for f in Format::ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
        assert_eq!(Format::from_name("nope"), None);
    }

    #[test]
    fn detection_tells_every_format_apart() {
        let samples: [(&[u8], Format); 9] = [
            (penpa::tests::NOQX.as_bytes(), Format::Penpa),
            (b"4:4:AgAQAA\nww:gq\n", Format::TootSweet),
            (b"6 6\n..W...\n.B..W.\n......\n...B..\n.W....\n......\n", Format::Text),
            (b"4 4\n0000\n095C\n0A0A\n0356\n", Format::Sol),
            (b"https://puzz.link/p?mashu/6/6/1063000i3000", Format::Pzprjs),
            (b"pzprv3\nmashu\n1\n2\n. 1 \n0 \n", Format::Pzprv3),
            (b"6x6:bWdBbWjBcWj\n", Format::Tatham),
            (b"8x8dt:aWWcWcBbBjWcWbWaBaBcWmBbBbBBc", Format::Tatham),
            (b"2 3\n- w b\n- - -\n", Format::Janko),
        ];
        for (bytes, format) in samples {
            assert_eq!(detect(bytes), Some(format), "{}", String::from_utf8_lossy(bytes));
        }
        assert_eq!(detect(b"hello"), None);
        assert_eq!(detect(b""), None);
    }

    #[test]
    fn a_byte_order_mark_is_a_warning() {
        let parsed = read("\u{feff}2 1\n.W\n".as_bytes(), Format::Text).unwrap();
        assert_eq!(parsed.warnings.len(), 1);
        assert_eq!(parsed.value.pearl_counts(), (1, 0));
    }

    #[test]
    fn dropped_names_what_the_target_lacks() {
        let mut board = read(b"4:4:AgAQAA\nww:gq\n", Format::TootSweet).unwrap().value;
        board.set_edge_by_number(0, EdgeState::Cross);
        let written = write(&board, Format::Text).unwrap();
        assert_eq!(written.lost, ["lines", "crosses"]);
        let written = write(&board, Format::Sol).unwrap();
        assert_eq!(written.lost, ["pearls", "crosses"]);
        let written = write(&board, Format::Pzprv3).unwrap();
        assert!(written.lost.is_empty());
    }
}
