//! Every Masyu format behind one interface, in the manner of the `object` crate: [`Format`] names
//! them, [`detect`] recognises one from the content, [`read`] turns bytes into a [`Board`] and
//! [`write`] turns a board into bytes, reporting what the target cannot hold. The per-format
//! modules beneath are the low-level layer (single strings, tokens, exact options).
//!
//! | format | pearls | lines | crosses |
//! |---|---|---|---|
//! | `tootsweet` | yes | yes | no |
//! | `masyu` (text grid) | yes | no | no |
//! | `sol` (hex masks) | no | yes | no |
//! | `pzprjs` (URL) | yes | no | no |
//! | `pzprv3` (file) | yes | yes | yes |
//! | `tatham` (game id + solution) | yes | yes | no |
//! | `janko` (problem + solution) | yes | yes (complete cells only) | no |

pub mod janko;
pub mod pzprjs;
pub mod pzprv3;
pub mod sol;
pub mod tatham;
pub mod text;

use crate::error::{Location, ParseError, Parsed, Warning};
use crate::{Board, EdgeState, tootsweet};
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
    /// Simon Tatham's Pearl game id (`8x8dt:…`), optionally with a solution string on line 2.
    Tatham,
    /// janko.at text: `R C` (rows first), then rows of tokens (problem and/or solution form).
    Janko,
}

/// What a format can store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holds {
    pub pearls: bool,
    pub lines: bool,
    pub crosses: bool,
}

impl Format {
    /// Every format, in detection order (the most specific content tests first).
    pub const ALL: [Format; 7] = [
        Format::TootSweet,
        Format::Pzprv3,
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
            Format::Tatham => "tatham",
            Format::Janko => "janko",
        }
    }

    /// The format called `name` (as [`Format::name`] gives it).
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// File extensions (lower case, no dot), most usual first.
    pub const fn extensions(self) -> &'static [&'static str] {
        match self {
            Format::TootSweet => &["tootsweet"],
            Format::Text => &["masyu", "txt"],
            Format::Sol => &["sol"],
            Format::Pzprjs => &["url"],
            Format::Pzprv3 => &["pzpr", "pzprv3"],
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
            Format::Tatham => "Simon Tatham's Pearl game id, optionally with its solution on line 2",
            Format::Janko => "janko.at Masyu text: `R C`, rows of - w b (problem) or ns ew … (solution)",
        }
    }

    /// What the format can store.
    pub fn holds(self) -> Holds {
        let (pearls, lines, crosses) = match self {
            Format::TootSweet => (true, true, false),
            Format::Text => (true, false, false),
            Format::Sol => (false, true, false),
            Format::Pzprjs => (true, false, false),
            Format::Pzprv3 => (true, true, true),
            Format::Tatham => (true, true, false),
            Format::Janko => (true, true, false),
        };
        Holds { pearls, lines, crosses }
    }

    /// Does `bytes` look like this format? A content test only; it never fully parses.
    pub fn looks_like(self, bytes: &[u8]) -> bool {
        match self {
            Format::TootSweet => tootsweet::looks_like_puzzle(bytes),
            Format::Text => text::looks_like(bytes),
            Format::Sol => sol::looks_like(bytes),
            Format::Pzprjs => pzprjs::looks_like(bytes),
            Format::Pzprv3 => pzprv3::looks_like(bytes),
            Format::Tatham => tatham::looks_like(bytes),
            Format::Janko => janko::looks_like(bytes),
        }
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
        parsed
            .warnings
            .insert(0, Warning { location: Location::Offset(0), message: "byte-order mark ignored".into() });
        return Ok(parsed);
    }
    match format {
        Format::TootSweet => tootsweet::parse_file(text),
        Format::Text => text::read(text),
        Format::Sol => sol::read(text),
        Format::Pzprjs => pzprjs::read(text),
        Format::Pzprv3 => pzprv3::read(text),
        Format::Tatham => tatham::read(text),
        Format::Janko => janko::read(text),
    }
}

/// Why a board cannot be written in a format at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot write {format}: {message}")]
pub struct WriteError {
    pub format: Format,
    pub message: String,
}

/// Write `board` as `format`. Returns the bytes and what the format could not hold and was left
/// out (`"pearls"`, `"lines"`, `"crosses"`), for the caller to warn about.
pub fn write(board: &Board, format: Format) -> Result<(Vec<u8>, Vec<String>), WriteError> {
    let text = match format {
        Format::TootSweet => tootsweet::write_file(board),
        Format::Text => text::write(board),
        Format::Sol => sol::write(board),
        Format::Pzprjs => pzprjs::write(board),
        Format::Pzprv3 => pzprv3::write(board),
        Format::Tatham => tatham::write(board),
        Format::Janko => janko::write(board).map_err(|message| WriteError { format, message })?,
    };
    Ok((text.into_bytes(), dropped(board, format)))
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
    if text.contains('\r') {
        warnings
            .push(Warning { location: Location::Whole, message: "CR line ends read; pzl writes LF".into() });
    }
    if !text.is_empty() && !text.ends_with('\n') {
        warnings
            .push(Warning { location: Location::Whole, message: "no line end after the last line".into() });
    }
    let mut pieces: Vec<&str> = text.split('\n').collect();
    if pieces.last() == Some(&"") {
        pieces.pop();
    }
    pieces.into_iter().enumerate().map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l))).collect()
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
    let a_value = side(a, Location::Line { line: line_no, column: column_of(a) }, first)?;
    let b_value = side(b, Location::Line { line: line_no, column: column_of(b) }, second)?;
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
    let lines = lines_of(text, &mut warnings);
    let Some(&(header_no, header)) = lines.first() else {
        return Err(ParseError::at_line(
            1,
            1,
            "expected `W H` (width and height) on line 1, found an empty file",
        ));
    };
    let (width, height) = two_numbers(header_no, header, "width", "height")?;
    let mut cells = Vec::with_capacity(width * height);
    for row in 0..height {
        let Some(&(line_no, line)) = lines.get(row + 1) else {
            return Err(ParseError::at_line(
                row + 2,
                1,
                format!("expected {height} rows of {unit}, found {row}"),
            ));
        };
        let trimmed = line.trim_end();
        if trimmed.len() != line.len() {
            warnings.push(Warning {
                location: Location::Line { line: line_no, column: trimmed.chars().count() + 1 },
                message: "spaces at the end of the row are ignored".into(),
            });
        }
        let mut count = 0;
        for (col, ch) in trimmed.chars().enumerate() {
            let location = Location::Line { line: line_no, column: col + 1 };
            let value = cell(ch, location, &mut warnings)?;
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
    if let Some(&(line_no, _)) = lines.iter().skip(height + 1).find(|(_, l)| !l.trim().is_empty()) {
        return Err(ParseError::at_line(line_no, 1, format!("expected only the {height} rows of the grid")));
    }
    if lines.len() > height + 1 {
        warnings.push(Warning {
            location: Location::Whole,
            message: "blank lines after the grid are ignored".into(),
        });
    }
    let grid = Grid::from_cells(width, height, cells)
        .ok_or_else(|| ParseError::new(Location::Whole, "cell count does not match the size"))?;
    Ok(Parsed { value: grid, warnings })
}

/// Does the first line hold exactly two decimal numbers?
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

/// Set the lines of `board` from per-cell direction masks (R=1 U=2 L=4 D=8), warning about a
/// mask that points off the board or that its neighbour does not share (the line is drawn).
pub(crate) fn lines_from_masks(
    board: &mut Board,
    masks: &pzl_grid::Grid<(u8, Location)>,
    warnings: &mut Vec<Warning>,
) {
    for pos in masks.positions() {
        let (mask, location) = masks[pos];
        for dir in pzl_grid::Dir::from_mask(mask) {
            let Some(next) = masks.neighbour(pos, dir) else {
                warnings.push(Warning {
                    location,
                    message: format!("cell {pos} has a line leaving the board ({dir:?}), ignored"),
                });
                continue;
            };
            board.set_edge_from(pos, dir, EdgeState::Line);
            if masks[next].0 & dir.opposite().bit() == 0 {
                warnings.push(Warning {
                    location,
                    message: format!("cell {pos} has a line {dir:?} that cell {next} lacks; drawn anyway"),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for f in Format::ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
        assert_eq!(Format::from_name("nope"), None);
    }

    #[test]
    fn detection_tells_every_format_apart() {
        let samples: [(&[u8], Format); 8] = [
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
        let (_, dropped) = write(&board, Format::Text).unwrap();
        assert_eq!(dropped, ["lines", "crosses"]);
        let (_, dropped) = write(&board, Format::Sol).unwrap();
        assert_eq!(dropped, ["pearls", "crosses"]);
        let (_, dropped) = write(&board, Format::Pzprv3).unwrap();
        assert!(dropped.is_empty());
    }
}
