//! JPZ, Crossword Compiler's XML (`crossword-compiler`, `crossword-compiler-applet` or a bare
//! `rectangular-puzzle` root), zipped or bare: read into a [`Puzzle`] with warnings at XML lines,
//! written as the zipped `crossword-compiler` document Crossword Compiler saves and Forkyz,
//! Crossword Nexus and kotwords read.
//!
//! Entries come from the file's `<word>`s, not from the grid's geometry: a clue whose word is an
//! across or down entry of the grid is the clue of that slot. A list other than Across and Down
//! (a diagonal, a spiral's Inward and Outward, rows garden, an acrostic's clues) is kept as
//! [`crate::puzzle::OtherList`], its words as cell lists; a clue of an Across or Down list that
//! fits no slot is dropped with a warning, never put on the wrong slot. Acrostic and coded
//! puzzles are read as their grid and clue lists with a warning naming what is dropped. What the model
//! cannot hold is listed in [`JpzRead::extras`]; the document keeps the bytes read so that
//! JPZ → JPZ is byte-exact.
//!
//! ZIP archives are read through the `zip` crate; the puzzle entry is the first entry not under
//! `__MACOSX/`, and its inflated size is capped at [`MAX_INFLATED`] (zip bombs are refused).

use rustc_hash::FxHashMap as HashMap;
use std::fmt::Write as _;
use std::io::{Cursor, Read, Write};

use pzl_grid::Pos;
use quick_xml::XmlVersion;
use quick_xml::events::{BytesEnd, BytesStart, Event};

use crate::error::{Location, ParseError, Warning};
use crate::numbering::{self, BAR_BOTTOM, BAR_RIGHT, Direction, is_block};
use crate::puzzle::{CellLabel, CellStyle, Corner, Puzzle, SolutionState, flag};
use crate::raw::STATE_NO_SOLUTION;

/// The largest inflated puzzle entry a zipped JPZ may have (64 MiB; real files are under 1 MiB).
pub const MAX_INFLATED: u64 = 64 << 20;

/// The puzzle element under `<rectangular-puzzle>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleKind {
    /// `<crossword>` (also every variety puzzle written as a crossword).
    Crossword,
    /// `<acrostic>`.
    Acrostic,
    /// `<coded>` (codeword, kaidoku).
    Coded,
}

impl PuzzleKind {
    /// The element name: `crossword`, `acrostic` or `coded`.
    pub fn name(self) -> &'static str {
        match self {
            PuzzleKind::Crossword => "crossword",
            PuzzleKind::Acrostic => "acrostic",
            PuzzleKind::Coded => "coded",
        }
    }
}

/// One `<clue>` as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JpzClue {
    /// The `number` label (free text: `13/18`, `•`, `A`, empty).
    pub number: String,
    /// The text, markup removed and entities decoded.
    pub text: String,
    /// The `word` id it points to.
    pub word: Option<String>,
    /// The enumeration (`format`), if any.
    pub format: Option<String>,
    /// The `citation` note, if any (kept as the clue's `citation` metadata).
    pub citation: Option<String>,
    /// Its inline markup (`<i>`, `<b>`, `<u>`, `<sub>`, `<sup>`…) as spans over `text`.
    pub markup: Vec<crate::markup::Span>,
    /// The line of the `<clue>` element.
    pub line: usize,
}

/// One `<clues>` list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClueList {
    /// The `<title>` text (markup removed), e.g. `Across`.
    pub title: String,
    /// The clues in file order.
    pub clues: Vec<JpzClue>,
}

/// How many grid cells of each type the file lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CellCounts {
    /// Letter cells (no `type`).
    pub letter: usize,
    /// `type="block"`.
    pub block: usize,
    /// `type="void"` (outside the puzzle's shape).
    pub void: usize,
    /// `type="clue"` (a letter given to the solver).
    pub given: usize,
}

/// A JPZ file read: the puzzle, the file's own view of it, and what the model leaves out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JpzRead {
    /// The decoded puzzle.
    pub puzzle: Puzzle,
    /// Odd or dropped things, each at its line where it has one.
    pub warnings: Vec<Warning>,
    /// What the puzzle model cannot hold, in words (reported as lost on conversion).
    pub extras: Vec<String>,
    /// The puzzle element.
    pub kind: PuzzleKind,
    /// The root element's local name.
    pub root: String,
    /// The clue lists as written.
    pub lists: Vec<ClueList>,
    /// The name of the ZIP entry read, for a zipped file.
    pub zip_entry: Option<String>,
    /// Grid cells by type.
    pub cells: CellCounts,
    /// Letter cells with a `background-color`.
    pub shaded: usize,
    /// Bars set (`top-bar`, `left-bar`, `right-bar`, `bottom-bar` = `true`).
    pub bars: usize,
    /// `<word>`s (and `<cells>` pieces with their own id).
    pub words: usize,
}

/// Whether `bytes` look like JPZ: a ZIP whose first entry is named `*.xml`/`*.jpz`, or XML whose
/// first element is a Crossword Compiler root.
pub fn looks_like_jpz(bytes: &[u8]) -> bool {
    if bytes.starts_with(b"PK\x03\x04") {
        let Some(len) = bytes.get(26..28).map(|b| usize::from(u16::from_le_bytes([b[0], b[1]]))) else {
            return false;
        };
        let name = bytes.get(30..30 + len).unwrap_or_default().to_ascii_lowercase();
        return name.ends_with(b".xml") || name.ends_with(b".jpz") || name.starts_with(b"__macosx/");
    }
    let head = &bytes[..bytes.len().min(4096)];
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    // The first element that is no declaration, comment or doctype.
    let mut rest = head;
    while let Some(at) = rest.iter().position(|&b| b == b'<') {
        rest = &rest[at + 1..];
        if rest.starts_with(b"?") || rest.starts_with(b"!") {
            continue;
        }
        return [&b"crossword-compiler"[..], b"rectangular-puzzle"].iter().any(|n| {
            let name_end = rest.iter().position(|&b| b.is_ascii_whitespace() || b == b'>' || b == b'/');
            let name = &rest[..name_end.unwrap_or(rest.len())];
            let local = name.rsplit(|&b| b == b':').next().unwrap_or(name);
            local.starts_with(n)
        });
    }
    false
}

/// The XML of a JPZ file: the bytes themselves, or the puzzle entry of a ZIP archive (with its
/// name), inflated up to [`MAX_INFLATED`] bytes.
pub fn xml_bytes(bytes: &[u8]) -> Result<(std::borrow::Cow<'_, [u8]>, Option<String>), ParseError> {
    if !bytes.starts_with(b"PK\x03\x04") {
        return Ok((std::borrow::Cow::Borrowed(bytes), None));
    }
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| ParseError::whole(format!("not a readable ZIP archive: {e}")))?;
    // The first entry that is XML, not under __MACOSX/; else the first entry at all (its parse
    // error then says why). All entries inflated together stay under the limit.
    let mut first: Option<(Vec<u8>, String)> = None;
    let mut budget = MAX_INFLATED;
    for i in 0..archive.len() {
        let mut entry = archive
            .by_index(i)
            .map_err(|e| ParseError::whole(format!("ZIP entry {}: cannot be read: {e}", i + 1)))?;
        let name = entry.name().map(|n| n.into_owned()).unwrap_or_default();
        if entry.is_dir() || name.starts_with("__MACOSX/") {
            continue;
        }
        if entry.size() > MAX_INFLATED {
            return Err(ParseError::whole(format!(
                "ZIP entry {name:?} inflates to {} bytes; pzl reads at most {MAX_INFLATED} (a zip bomb?)",
                entry.size()
            )));
        }
        // Findings N20j: an entry under the limit that only crosses the total is no bomb itself.
        let past_total = || {
            ParseError::whole(format!(
                "the ZIP's entries inflate to more than {MAX_INFLATED} bytes together (past it at entry \
                 {name:?}); pzl reads at most that much (a zip bomb?)"
            ))
        };
        if entry.size() > budget {
            return Err(past_total());
        }
        let mut out = Vec::with_capacity(usize::try_from(entry.size()).unwrap_or(0).min(1 << 20));
        (&mut entry)
            .take(budget + 1)
            .read_to_end(&mut out)
            .map_err(|e| ParseError::whole(format!("ZIP entry {name:?} cannot be inflated: {e}")))?;
        if out.len() as u64 > budget {
            return Err(if budget < MAX_INFLATED {
                past_total()
            } else {
                ParseError::whole(format!(
                    "ZIP entry {name:?} inflates past {MAX_INFLATED} bytes (a zip bomb?)"
                ))
            });
        }
        budget -= out.len() as u64;
        if xmlish(&out) {
            return Ok((std::borrow::Cow::Owned(out), Some(name)));
        }
        if first.is_none() {
            first = Some((out, name));
        }
    }
    match first {
        Some((out, name)) => Ok((std::borrow::Cow::Owned(out), Some(name))),
        None => Err(ParseError::whole("the ZIP archive holds no puzzle entry (only __MACOSX/ or folders)")),
    }
}

/// Whether `bytes` start like XML: `<` after a BOM and white space, or a UTF-16 BOM.
fn xmlish(bytes: &[u8]) -> bool {
    if bytes.starts_with(b"\xff\xfe") || bytes.starts_with(b"\xfe\xff") {
        return true;
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<')
}

/// Lines of a text, counted forward from the last place asked about (clues come in order, so
/// numbering every clue costs one pass over the text).
struct Lines<'a> {
    text: &'a str,
    at: usize,
    line: usize,
}

impl Lines<'_> {
    fn line(&mut self, offset: u64) -> usize {
        let offset = usize::try_from(offset).unwrap_or(usize::MAX).min(self.text.len());
        if offset < self.at {
            self.at = 0;
            self.line = 1;
        }
        self.line += self.text.as_bytes()[self.at..offset].iter().filter(|&&b| b == b'\n').count();
        self.at = offset;
        self.line
    }

    fn location(&mut self, offset: u64) -> Location {
        let line = self.line(offset);
        let before = &self.text.as_bytes()[..self.at];
        let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let column = self.text.get(start..self.at).map(|s| s.chars().count() + 1);
        Location::Line { line, column }
    }

    fn error(&mut self, offset: u64, message: impl Into<String>) -> ParseError {
        ParseError { location: self.location(offset), message: message.into() }
    }
}

/// Where text goes while an element's content is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    Root,
    Applet,
    AppletTitle,
    AppletCopyright,
    Puzzle,
    Metadata,
    Title,
    Creator,
    Copyright,
    Rights,
    Description,
    Editor,
    Publisher,
    Instructions,
    Body,
    Grid,
    Cell,
    Word,
    WordCells,
    Clues,
    ListTitle,
    Clue,
    Other,
}

fn tag(parent: Option<Tag>, name: &[u8]) -> Tag {
    match (parent, name) {
        (None, _) => Tag::Root,
        (Some(Tag::Root), b"applet-settings") => Tag::Applet,
        (Some(Tag::Applet), b"title") => Tag::AppletTitle,
        (Some(Tag::Applet), b"copyright") => Tag::AppletCopyright,
        (Some(Tag::Root), b"rectangular-puzzle") => Tag::Puzzle,
        (Some(Tag::Puzzle), b"metadata") => Tag::Metadata,
        (Some(Tag::Metadata), b"title") => Tag::Title,
        (Some(Tag::Metadata), b"creator") => Tag::Creator,
        (Some(Tag::Metadata), b"copyright") => Tag::Copyright,
        (Some(Tag::Metadata), b"rights") => Tag::Rights,
        (Some(Tag::Metadata), b"description") => Tag::Description,
        (Some(Tag::Metadata), b"editor") => Tag::Editor,
        (Some(Tag::Metadata), b"publisher") => Tag::Publisher,
        (Some(Tag::Metadata | Tag::Puzzle), b"instructions") => Tag::Instructions,
        (Some(Tag::Puzzle), b"crossword" | b"acrostic" | b"coded") => Tag::Body,
        (Some(Tag::Body), b"grid") => Tag::Grid,
        (Some(Tag::Grid), b"cell") => Tag::Cell,
        (Some(Tag::Body), b"word") => Tag::Word,
        (Some(Tag::Word), b"cells") => Tag::WordCells,
        (Some(Tag::Body), b"clues") => Tag::Clues,
        (Some(Tag::Clues), b"title") => Tag::ListTitle,
        (Some(Tag::Clues), b"clue") => Tag::Clue,
        _ => Tag::Other,
    }
}

fn captures(t: Tag) -> bool {
    matches!(
        t,
        Tag::AppletTitle
            | Tag::AppletCopyright
            | Tag::Title
            | Tag::Creator
            | Tag::Copyright
            | Tag::Rights
            | Tag::Description
            | Tag::Editor
            | Tag::Publisher
            | Tag::Instructions
            | Tag::ListTitle
            | Tag::Clue
    )
}

/// An attribute value kept without allocating when it is one character (most solutions).
#[derive(Debug, Clone, Default)]
enum Val {
    #[default]
    None,
    Char(char),
    Str(String),
}

impl Val {
    /// Its length in bytes (what copying it costs).
    fn len(&self) -> usize {
        match self {
            Val::None => 0,
            Val::Char(c) => c.len_utf8(),
            Val::Str(s) => s.len(),
        }
    }

    /// The value trimmed, control characters (which XML cannot write back) removed.
    fn of(v: &str) -> Val {
        let v = v.trim();
        let mut chars = v.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Val::None,
            (Some(c), None) if c.is_control() => Val::None,
            (Some(c), None) => Val::Char(c),
            _ if v.chars().any(char::is_control) => {
                Val::of(&v.chars().filter(|c| !c.is_control()).collect::<String>())
            }
            _ => Val::Str(v.to_string()),
        }
    }

    fn get<'b>(&'b self, buf: &'b mut [u8; 4]) -> Option<&'b str> {
        match self {
            Val::None => None,
            Val::Char(c) => Some(c.encode_utf8(buf)),
            Val::Str(s) => Some(s),
        }
    }
}

#[derive(Debug, Clone, Default)]
struct Cell {
    kind: u8, // b'L' letter, b'B' block, b'V' void, b'C' given
    solution: Val,
    circle: bool,
    color: bool,
    /// The `background-color`, when it is a colour pzl reads (`#rrggbb`, `#rgb`).
    shade: Option<[u8; 3]>,
    bars: u8,
    /// The sides with a bar: 1 top, 2 left, 4 right, 8 bottom.
    sides: u8,
    state: Val,
    hint: bool,
    /// The `number` the file prints in the cell.
    number: Val,
    /// The labels at its corners and sides (`top-right-number`…), in [`Corner`] order.
    marks: Vec<(Corner, String)>,
}

#[derive(Default)]
struct Doc {
    root: String,
    kind: Option<PuzzleKind>,
    applet_title: String,
    applet_copyright: String,
    title: String,
    creator: String,
    editor: String,
    publisher: String,
    copyright: String,
    rights: String,
    description: String,
    instructions: String,
    width: usize,
    height: usize,
    cells: Vec<Option<Cell>>,
    /// Each word's cells, a range of `word_cells`, by its id: one list for all words instead
    /// of a vector each.
    words: HashMap<String, std::ops::Range<usize>>,
    word_cells: Vec<(usize, usize)>,
    word_count: usize,
    lists: Vec<ClueList>,
    marked_up: usize,
    citations: usize,
    fake_lists: usize,
    other_children: usize,
    /// Reused for the cells of one `<cell>` element.
    scratch: Vec<(usize, usize)>,
    /// Bytes of cell text (solution, solve state) copied to further cells by `x`/`y` ranges.
    cloned: usize,
}

/// At most this many bytes of cell text are copied by `<cell>` ranges (N4: one `<cell x="1-255">`
/// with a long solution would otherwise cost 255 times its size).
const MAX_CLONED_TEXT: usize = 16 << 20;
/// The `<word>` cells together: at most this many times the grid's cells (a crossword's words
/// cover each cell about twice).
pub(crate) const WORD_CELLS_PER_CELL: usize = 16;

impl Doc {
    /// A word and its cells; the first word of an id is kept.
    fn add_word(&mut self, id: String, cells: &[(usize, usize)]) {
        self.word_count += 1;
        if let std::collections::hash_map::Entry::Vacant(slot) = self.words.entry(id) {
            let start = self.word_cells.len();
            self.word_cells.extend_from_slice(cells);
            slot.insert(start..self.word_cells.len());
        }
    }

    /// The cells of the word `id`.
    fn word(&self, id: &str) -> Option<&[(usize, usize)]> {
        self.words.get(id).map(|r| &self.word_cells[r.clone()])
    }
}

fn attr_value<'a>(a: &quick_xml::events::attributes::Attribute<'a>) -> Option<std::borrow::Cow<'a, str>> {
    a.normalized_value_with(XmlVersion::Implicit1_0, 1, entity).ok()
}

/// The predefined XML entities, then every HTML5 named entity (`&nbsp;`, `&rsquo;`, `&eacute;`…)
/// that publishers leave in files written by HTML-minded tools.
fn entity(name: &str) -> Option<&'static str> {
    quick_xml::escape::resolve_xml_entity(name).or_else(|| {
        let names = &html_escape::NAMED_ENTITIES;
        names.binary_search_by(|(n, _)| (*n).cmp(name.as_bytes())).ok().map(|i| names[i].1)
    })
}

/// A coordinate `3` or range `1-10` (either order) as (first, last), each within `1..=max`.
fn range(text: &str, max: usize) -> Option<(usize, usize)> {
    let num = |t: &str| {
        // Nearly always a few plain digits: read at once (`str::trim` and `parse` were a
        // twentieth of reading a file); anything else as before.
        let b = t.as_bytes();
        let n = if (1..=4).contains(&b.len()) && b.iter().all(u8::is_ascii_digit) {
            b.iter().fold(0, |n, d| n * 10 + usize::from(d - b'0'))
        } else {
            t.trim().parse::<usize>().ok()?
        };
        Some(n).filter(|&n| (1..=max).contains(&n))
    };
    match text.bytes().position(|b| b == b'-') {
        Some(dash) => Some((num(&text[..dash])?, num(&text[dash + 1..])?)),
        None => {
            let a = num(text)?;
            Some((a, a))
        }
    }
}

/// Push `a..=b` (counting down when `b < a`) paired by `cell`.
fn push_span(a: usize, b: usize, cell: impl Fn(usize) -> (usize, usize), out: &mut Vec<(usize, usize)>) {
    if a <= b {
        out.extend((a..=b).map(cell));
    } else {
        out.extend((b..=a).rev().map(cell));
    }
}

/// Push the cells of parsed ranges; false when both are ranges.
fn cells_in((x0, x1): (usize, usize), (y0, y1): (usize, usize), out: &mut Vec<(usize, usize)>) -> bool {
    if x0 == x1 {
        push_span(y0, y1, |y| (x0, y), out);
    } else if y0 == y1 {
        push_span(x0, x1, |x| (x, y0), out);
    } else {
        return false;
    }
    true
}

/// The id of the `<word>` being read, if it has one.
type WordId = Option<String>;

struct Parser<'a> {
    lines: Lines<'a>,
    doc: Doc,
}

impl Parser<'_> {
    fn grid_attrs(&mut self, e: &BytesStart, at: u64) -> Result<(), ParseError> {
        let (mut w, mut h) = (None, None);
        for a in e.attributes().flatten() {
            match a.key.local_name().as_ref().as_bytes() {
                b"width" => w = attr_value(&a).and_then(|v| v.trim().parse::<usize>().ok()),
                b"height" => h = attr_value(&a).and_then(|v| v.trim().parse::<usize>().ok()),
                _ => {}
            }
        }
        let (Some(w), Some(h)) = (w, h) else {
            return Err(self.lines.error(at, "<grid> needs numeric width and height attributes"));
        };
        if !(1..=255).contains(&w) || !(1..=255).contains(&h) {
            return Err(self.lines.error(
                at,
                format!("the grid is {w}x{h}; pzl's crossword model holds 1 to 255 cells a side"),
            ));
        }
        if self.doc.width != 0 {
            return Err(self.lines.error(at, "a second <grid>: a JPZ puzzle has one"));
        }
        self.doc.width = w;
        self.doc.height = h;
        self.doc.cells = vec![None; w * h];
        Ok(())
    }

    fn cell(&mut self, e: &BytesStart, at: u64) -> Result<(), ParseError> {
        let (w, h) = (self.doc.width, self.doc.height);
        let mut cell = Cell { kind: b'L', ..Cell::default() };
        let mut list = std::mem::take(&mut self.doc.scratch);
        list.clear();
        // Each coordinate parsed at once; the text kept only when it is bad (for the error).
        let (mut x, mut y): (Option<Result<_, String>>, Option<Result<_, String>>) = (None, None);
        let mut attrs = e.attributes();
        attrs.with_checks(false);
        for a in attrs {
            let a =
                a.map_err(|err| self.lines.error(at, format!("a <cell> attribute is malformed: {err}")))?;
            let Some(v) = attr_value(&a) else {
                return Err(self.lines.error(at, "a <cell> attribute value has an unknown entity"));
            };
            match a.key.local_name().as_ref().as_bytes() {
                b"x" => x = Some(range(&v, w).ok_or_else(|| v.into_owned())),
                b"y" => y = Some(range(&v, h).ok_or_else(|| v.into_owned())),
                b"type" => {
                    cell.kind = match v.as_ref() {
                        "block" => b'B',
                        "void" => b'V',
                        "clue" => b'C',
                        _ => b'L',
                    }
                }
                b"solution" => cell.solution = Val::of(&v),
                b"background-shape" => cell.circle = v.as_ref() == "circle",
                b"background-color" => {
                    cell.color = !v.trim().is_empty();
                    cell.shade = CellStyle::parse_colour(&v);
                }
                side @ (b"top-bar" | b"left-bar" | b"right-bar" | b"bottom-bar") if v.as_ref() == "true" => {
                    cell.bars = cell.bars.saturating_add(1);
                    cell.sides |= match side {
                        b"top-bar" => 1,
                        b"left-bar" => 2,
                        b"right-bar" => 4,
                        _ => 8,
                    };
                }
                b"solve-state" => cell.state = Val::of(&v),
                b"hint" => cell.hint = v.as_ref() == "true",
                b"number" => cell.number = Val::of(&v),
                name if name.ends_with(b"-number") => {
                    let text = xml_text(v.trim()).trim().to_string();
                    if let Some(corner) = std::str::from_utf8(name).ok().and_then(Corner::parse)
                        && !text.is_empty()
                        && !cell.marks.iter().any(|(c, _)| *c == corner)
                    {
                        cell.marks.push((corner, text));
                        cell.marks.sort_by_key(|(c, _)| *c);
                    }
                }
                _ => {}
            }
        }
        let (Some(x), Some(y)) = (x, y) else {
            return Err(self.lines.error(at, "<cell> needs x and y attributes"));
        };
        let inside = match (&x, &y) {
            (Ok(xr), Ok(yr)) => cells_in(*xr, *yr, &mut list),
            _ => false,
        };
        if !inside {
            let (x, y) = (range_text(&x), range_text(&y));
            return Err(self
                .lines
                .error(at, format!("<cell x=\"{x}\" y=\"{y}\"> is outside the {w}x{h} grid")));
        }
        if let Some((&(lx, ly), rest)) = list.split_last() {
            let text = cell.solution.len() + cell.state.len();
            self.doc.cloned = self.doc.cloned.saturating_add(text.saturating_mul(rest.len()));
            if self.doc.cloned > MAX_CLONED_TEXT {
                return Err(self.lines.error(
                    at,
                    format!(
                        "the <cell> ranges copy more than {MAX_CLONED_TEXT} bytes of cell text (a range copies its cell's solution to every cell)"
                    ),
                ));
            }
            for &(cx, cy) in rest {
                self.doc.cells[(cy - 1) * w + (cx - 1)] = Some(cell.clone());
            }
            self.doc.cells[(ly - 1) * w + (lx - 1)] = Some(cell);
        }
        self.doc.scratch = list;
        Ok(())
    }

    /// The `id` of a `<word>` or `<cells>` element; its `x`/`y` cells are pushed to `cells`.
    fn word_cells(
        &mut self,
        e: &BytesStart,
        at: u64,
        cells: &mut Vec<(usize, usize)>,
    ) -> Result<Option<String>, ParseError> {
        let (w, h) = (self.doc.width, self.doc.height);
        let (mut x, mut y, mut id) = (None, None, None);
        let mut attrs = e.attributes();
        attrs.with_checks(false);
        for a in attrs.flatten() {
            let key = a.key.local_name();
            let key = key.as_ref().as_bytes();
            if !matches!(key, b"x" | b"y" | b"id") {
                continue;
            }
            let Some(v) = attr_value(&a) else { continue };
            match key {
                b"x" => x = Some(range(&v, w).ok_or_else(|| v.into_owned())),
                b"y" => y = Some(range(&v, h).ok_or_else(|| v.into_owned())),
                _ => id = Some(v.trim().to_string()),
            }
        }
        if let (Some(x), Some(y)) = (x, y) {
            if w == 0 {
                return Err(self.lines.error(at, "a word's cells come before the <grid>"));
            }
            let inside = match (&x, &y) {
                (Ok(xr), Ok(yr)) => cells_in(*xr, *yr, cells),
                _ => false,
            };
            if !inside {
                let (x, y) = (range_text(&x), range_text(&y));
                return Err(self
                    .lines
                    .error(at, format!("word cells x=\"{x}\" y=\"{y}\" are outside the {w}x{h} grid")));
            }
            let limit = WORD_CELLS_PER_CELL * w * h;
            if cells.len() > w * h || self.doc.word_cells.len() + cells.len() > limit {
                return Err(self.lines.error(
                    at,
                    format!(
                        "the words hold more cells than a {w}x{h} grid can have (at most {limit} in all)"
                    ),
                ));
            }
        }
        Ok(id)
    }
}

/// Read a JPZ file, zipped or bare. Errors: not a readable ZIP or one past [`MAX_INFLATED`],
/// not UTF-8, malformed XML (with its line and column), no Crossword Compiler root, no grid, a
/// grid past 255 cells a side, cells or words outside the grid.
pub fn read(bytes: &[u8]) -> Result<JpzRead, ParseError> {
    let (xml, entry) = xml_bytes(bytes)?;
    let text = decode(&xml)?;
    let mut read = read_xml(&text)?;
    read.zip_entry = entry;
    Ok(read)
}

/// The encoding the XML declaration names, if any.
fn declared_encoding(xml: &[u8]) -> Option<&str> {
    let head = &xml[..xml.len().min(256)];
    let decl = head.strip_prefix(b"<?xml")?;
    let end = decl.windows(2).position(|w| w == b"?>")?;
    let decl = std::str::from_utf8(&decl[..end]).ok()?;
    let rest = decl[decl.find("encoding")? + "encoding".len()..].trim_start().strip_prefix('=')?.trim_start();
    let quote = rest.chars().next().filter(|&q| q == '"' || q == '\'')?;
    let value = &rest[1..];
    Some(value[..value.find(quote)?].trim())
}

/// The XML as text: UTF-8 (a BOM dropped), UTF-16 (with a BOM, or starting `<`), or the 8-bit
/// encoding its declaration names (`ISO-8859-1`, `windows-1252`…, through `encoding_rs`). Invalid
/// UTF-8 in a file that declares UTF-8 or nothing is an error at its line and column.
fn decode(xml: &[u8]) -> Result<std::borrow::Cow<'_, str>, ParseError> {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(xml)
        && encoding != encoding_rs::UTF_8
    {
        let (text, _) = encoding.decode_without_bom_handling(&xml[bom..]);
        return Ok(text);
    }
    // UTF-16 without a byte-order mark, known by its first character `<` (XML 1.0, appendix F;
    // findings N20e: it was read as UTF-8 and named a root element `<\u{0}?\u{0}x…>`).
    let unmarked = match xml {
        [b'<', 0, c, 0, ..] if *c != 0 => Some(encoding_rs::UTF_16LE),
        [0, b'<', 0, c, ..] if *c != 0 => Some(encoding_rs::UTF_16BE),
        _ => None,
    };
    if let Some(encoding) = unmarked {
        let (text, _) = encoding.decode_without_bom_handling(xml);
        return Ok(text);
    }
    let xml = xml.strip_prefix(b"\xef\xbb\xbf").unwrap_or(xml);
    if let Some(label) = declared_encoding(xml) {
        match encoding_rs::Encoding::for_label(label.as_bytes()) {
            Some(encoding) if encoding == encoding_rs::UTF_8 => {}
            Some(encoding) if encoding.is_ascii_compatible() => {
                let (text, _) = encoding.decode_without_bom_handling(xml);
                return Ok(text);
            }
            _ => {
                return Err(ParseError::at_line(
                    1,
                    format!("the XML declares the encoding {label:?}, which pzl cannot read"),
                ));
            }
        }
    }
    std::str::from_utf8(xml).map(std::borrow::Cow::Borrowed).map_err(|e| {
        let good = &xml[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
        ParseError {
            location: Location::Line { line, column: Some(column) },
            message: "the XML is not UTF-8 (and declares no other encoding)".to_string(),
        }
    })
}

/// Read the XML text of a JPZ file.
pub fn read_xml(text: &str) -> Result<JpzRead, ParseError> {
    let mut reader = quick_xml::Reader::from_str(text);
    // An empty element (`<cell … />`, most of a file) is read as its start and then an end made
    // here: quick_xml's `expand_empty_elements` copies the name for every one of them (two
    // hundred allocations a file).
    let mut empty_end = false;
    let mut p = Parser { lines: Lines { text, at: 0, line: 1 }, doc: Doc::default() };
    let mut stack: Vec<Tag> = Vec::with_capacity(16);
    // The element whose text is being gathered: its tag, depth, text, markup seen, and offset.
    let mut capture: Option<(Tag, usize, String, bool, u64)> = None;
    let mut clue_attrs: (String, Option<String>, Option<String>, Option<String>) =
        (String::new(), None, None, None);
    // Elements open inside the captured one: a style's run (its style and where its text
    // starts) or `None` for other markup; and the runs closed so far.
    let mut open_runs: Vec<Option<(crate::markup::Style, usize)>> = Vec::new();
    let mut runs: Vec<crate::markup::Span> = Vec::new();
    // The `<word>` being read: its id, if it has one, and its cells (one vector for all).
    let mut word: Option<WordId> = None;
    let mut current_cells: Vec<(usize, usize)> = Vec::new();
    let mut seen_root = false;
    loop {
        let before = reader.buffer_position();
        let event = if std::mem::take(&mut empty_end) {
            Event::End(BytesEnd::new(""))
        } else {
            reader.read_event().map_err(|e| {
                let at = reader.error_position();
                p.lines.error(at, format!("malformed XML: {e}"))
            })?
        };
        empty_end = matches!(event, Event::Empty(_));
        match event {
            Event::Start(e) | Event::Empty(e) => {
                let local = e.local_name();
                let name: &[u8] = local.as_ref().as_bytes();
                let parent = stack.last().copied();
                if parent.is_none() {
                    if seen_root {
                        return Err(p.lines.error(before, "a second root element"));
                    }
                    seen_root = true;
                    let root = String::from_utf8_lossy(name).into_owned();
                    let puzzle_root = root == "rectangular-puzzle";
                    if !matches!(root.as_str(), "crossword-compiler" | "crossword-compiler-applet")
                        && !puzzle_root
                    {
                        return Err(p.lines.error(
                            before,
                            format!("the root element is <{root}>; a JPZ file has <crossword-compiler>, <crossword-compiler-applet> or <rectangular-puzzle>"),
                        ));
                    }
                    p.doc.root = root;
                    // A bare <rectangular-puzzle> root is the puzzle itself.
                    stack.push(Tag::Root);
                    if puzzle_root {
                        stack.push(Tag::Puzzle);
                    }
                    continue;
                }
                if let Some((_, _, text, markup, _)) = capture.as_mut() {
                    let style = std::str::from_utf8(name).ok().and_then(crate::markup::Style::from_tag);
                    open_runs.push(style.map(|s| (s, text.len())));
                    if name == b"br" {
                        text.push('\n');
                    } else if style.is_none() {
                        *markup = true;
                    }
                    stack.push(Tag::Other);
                    continue;
                }
                let t = tag(parent, name);
                match t {
                    Tag::Body => {
                        if p.doc.kind.is_some() {
                            return Err(p
                                .lines
                                .error(before, "a second puzzle element under <rectangular-puzzle>"));
                        }
                        p.doc.kind = Some(match name {
                            b"acrostic" => PuzzleKind::Acrostic,
                            b"coded" => PuzzleKind::Coded,
                            _ => PuzzleKind::Crossword,
                        });
                    }
                    Tag::Grid => p.grid_attrs(&e, before)?,
                    Tag::Cell => p.cell(&e, before)?,
                    Tag::Word => {
                        current_cells.clear();
                        word = Some(p.word_cells(&e, before, &mut current_cells)?);
                    }
                    Tag::WordCells => {
                        if word.is_none() {
                            current_cells.clear();
                        }
                        let len = current_cells.len();
                        if let Some(id) = p.word_cells(&e, before, &mut current_cells)? {
                            // A piece with its own id is a word of its own.
                            p.doc.add_word(id, &current_cells[len..]);
                            current_cells.truncate(len);
                        }
                    }
                    Tag::Clues => {
                        if e.attributes().flatten().any(|a| {
                            a.key.local_name().as_ref().as_bytes() == b"fake"
                                && attr_value(&a).is_some_and(|v| v == "true")
                        }) {
                            p.doc.fake_lists += 1;
                        }
                        p.doc.lists.push(ClueList { title: String::new(), clues: Vec::new() });
                    }
                    Tag::Clue => {
                        clue_attrs = (String::new(), None, None, None);
                        for a in e.attributes().flatten() {
                            // (Copied only when kept, and a word id once, trimmed.)
                            let v = || attr_value(&a);
                            match a.key.local_name().as_ref().as_bytes() {
                                b"number" => clue_attrs.0 = v().map(|v| v.into_owned()).unwrap_or_default(),
                                b"word" => clue_attrs.1 = v().map(|v| v.trim().to_string()),
                                b"format" => {
                                    clue_attrs.2 = v().filter(|v| !v.is_empty()).map(|v| v.into_owned());
                                }
                                b"citation" => {
                                    p.doc.citations += 1;
                                    clue_attrs.3 = v().map(|v| v.into_owned());
                                }
                                _ => {}
                            }
                        }
                    }
                    Tag::Other if parent == Some(Tag::Cell) && name == b"background-picture" => {
                        p.doc.other_children += 1;
                    }
                    _ => {}
                }
                if captures(t) {
                    capture = Some((t, stack.len() + 1, String::new(), false, before));
                }
                stack.push(t);
            }
            Event::End(_) => {
                let depth = stack.len();
                if let Some((_, cd, text, _, _)) = &capture
                    && depth > *cd
                    && let Some(Some((style, start))) = open_runs.pop()
                    && start < text.len()
                {
                    runs.push(crate::markup::Span { style, start, end: text.len() });
                }
                let t = stack.pop();
                if t == Some(Tag::Puzzle) && p.doc.root == "rectangular-puzzle" {
                    stack.pop();
                }
                if let Some((ct, cd, _, _, _)) = &capture
                    && *cd == depth
                {
                    let ct = *ct;
                    let Some((_, _, raw, markup, at)) = capture.take() else { continue };
                    open_runs.clear();
                    let spans = crate::markup::trimmed(&raw, std::mem::take(&mut runs));
                    // `raw.trim()`, trimmed in place (not copied).
                    let mut text = raw;
                    text.truncate(text.trim_end().len());
                    let lead = text.len() - text.trim_start().len();
                    if lead > 0 {
                        text.drain(..lead);
                    }
                    let d = &mut p.doc;
                    match ct {
                        Tag::AppletTitle => d.applet_title = text,
                        Tag::AppletCopyright => d.applet_copyright = text,
                        Tag::Title => d.title = text,
                        Tag::Creator => d.creator = text,
                        Tag::Editor => d.editor = text,
                        Tag::Publisher => d.publisher = text,
                        Tag::Copyright => d.copyright = text,
                        Tag::Rights => d.rights = text,
                        Tag::Description => d.description = text,
                        Tag::Instructions if d.instructions.is_empty() => d.instructions = text,
                        Tag::ListTitle => {
                            // As written back (characters XML 1.0 cannot hold dropped), so
                            // that whether it names a direction is decided on what is kept.
                            if let Some(list) = d.lists.last_mut() {
                                list.title = xml_text(&text).into_owned();
                            }
                        }
                        Tag::Clue => {
                            if markup {
                                d.marked_up += 1;
                            }
                            let (number, word, format, citation) = std::mem::take(&mut clue_attrs);
                            let line = p.lines.line(at);
                            if let Some(list) = p.doc.lists.last_mut() {
                                list.clues.push(JpzClue {
                                    number,
                                    text,
                                    word,
                                    format,
                                    citation,
                                    markup: spans,
                                    line,
                                });
                            }
                        }
                        _ => {}
                    }
                }
                if t == Some(Tag::Word)
                    && let Some(Some(id)) = word.take()
                {
                    p.doc.add_word(id, &current_cells);
                }
            }
            Event::Text(t) => {
                if let Some((_, _, text, _, _)) = capture.as_mut() {
                    text.push_str(&t.xml10_content());
                }
            }
            Event::CData(t) => {
                if let Some((_, _, text, _, _)) = capture.as_mut() {
                    text.push_str(&t.xml10_content());
                }
            }
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => Some(c.to_string()),
                    Ok(None) => entity(&r).map(str::to_string),
                    Err(_) => None,
                };
                let Some(s) = resolved else {
                    return Err(p.lines.error(before, format!("unknown entity &{};", &*r)));
                };
                if let Some((_, _, text, _, _)) = capture.as_mut() {
                    text.push_str(&s);
                }
            }
            Event::Eof => break,
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
        }
    }
    if !seen_root {
        return Err(ParseError::whole("no XML element: a JPZ file holds a <crossword-compiler> document"));
    }
    if !stack.is_empty() {
        return Err(p.lines.error(text.len() as u64, "the XML ends inside an element"));
    }
    build(p.doc)
}

/// Whether `label` is `n` as the grid numbers it (`n.to_string()`, without making it).
fn is_number(label: &str, n: u16) -> bool {
    label.bytes().all(|b| b.is_ascii_digit())
        && (label.len() == 1 || !label.starts_with('0'))
        && label.parse::<u16>() == Ok(n)
}

/// The direction of a straight run of cells, if the word is one.
fn run(cells: &[(usize, usize)]) -> Option<Direction> {
    if cells.len() < 2 {
        return None;
    }
    let across = cells.windows(2).all(|p| p[1].1 == p[0].1 && p[1].0 == p[0].0 + 1);
    let down = cells.windows(2).all(|p| p[1].0 == p[0].0 && p[1].1 == p[0].1 + 1);
    if across {
        Some(Direction::Across)
    } else if down {
        Some(Direction::Down)
    } else {
        None
    }
}

/// How many of the clues' words are entries among `slots` (same start, direction and length).
fn fitting_words(doc: &Doc, slots: &[crate::numbering::Slot], w: usize) -> usize {
    let starts: rustc_hash::FxHashSet<(usize, Direction, usize)> =
        slots.iter().map(|s| (s.start.row * w + s.start.col, s.direction, s.len)).collect();
    // Only the Across and Down lists' words count when the file names them: another list's
    // word (a row of a rows garden) may cross bars.
    let named = |l: &ClueList| {
        let t = l.title.to_lowercase();
        t.contains("across") || t.contains("down")
    };
    let any_named = doc.lists.iter().any(named);
    doc.lists
        .iter()
        .filter(|l| !any_named || named(l))
        .flat_map(|l| &l.clues)
        .filter_map(|clue| clue.word.as_deref().and_then(|id| doc.word(id)))
        .filter(|cells| {
            run(cells).is_some_and(|d| {
                let (x, y) = cells[0];
                starts.contains(&((y - 1) * w + (x - 1), d, cells.len()))
            })
        })
        .count()
}

/// Which of the file's lists are other than Across and Down: a list whose title names neither,
/// unless no list of the file does (titles in another language) and every clue of the list is
/// an entry of the grid, all in one direction.
fn other_lists(doc: &Doc, slots: &[crate::numbering::Slot], w: usize) -> Vec<bool> {
    let named = |l: &ClueList| {
        let t = l.title.to_lowercase();
        t.contains("across") || t.contains("down")
    };
    if doc.lists.iter().any(named) {
        return doc.lists.iter().map(|l| !named(l)).collect();
    }
    let entries: rustc_hash::FxHashSet<(usize, Direction, usize)> =
        slots.iter().map(|s| (s.start.row * w + s.start.col, s.direction, s.len)).collect();
    doc.lists
        .iter()
        .map(|l| {
            let directions: Option<Vec<Direction>> = l
                .clues
                .iter()
                .map(|clue| {
                    let cells = doc.word(clue.word.as_deref()?)?;
                    let d = run(cells)?;
                    let (x, y) = cells[0];
                    entries.contains(&((y - 1) * w + (x - 1), d, cells.len())).then_some(d)
                })
                .collect();
            match directions {
                Some(ds) => ds.windows(2).any(|p| p[0] != p[1]),
                None => true,
            }
        })
        .collect()
}

fn build(doc: Doc) -> Result<JpzRead, ParseError> {
    let mut warnings = Vec::new();
    let mut extras = Vec::new();
    let Some(kind) = doc.kind else {
        return Err(ParseError::whole(
            "no <crossword>, <acrostic> or <coded> element under <rectangular-puzzle>",
        ));
    };
    if doc.width == 0 {
        return Err(ParseError::whole(format!("the <{}> has no <grid>", kind.name())));
    }
    let (w, h) = (doc.width, doc.height);
    let mut puzzle = Puzzle::new(w, h);
    puzzle.title = if doc.title.is_empty() { doc.applet_title.clone() } else { doc.title.clone() };
    puzzle.author = doc.creator.clone();
    for (key, value) in [("editor", &doc.editor), ("publisher", &doc.publisher)] {
        if !value.is_empty() {
            puzzle.metadata.push((key.to_string(), value.clone()));
        }
    }
    puzzle.copyright = match (doc.copyright.is_empty(), doc.rights.is_empty()) {
        (false, _) => doc.copyright.clone(),
        (true, false) => doc.rights.clone(),
        (true, true) => doc.applet_copyright.clone(),
    };
    puzzle.notes =
        if doc.description.is_empty() { doc.instructions.clone() } else { doc.description.clone() };
    if !doc.description.is_empty() && !doc.instructions.is_empty() && doc.instructions != doc.description {
        extras.push("the instructions (the description is the notes)".to_string());
    }
    let mut counts = CellCounts::default();
    let (mut shaded, mut bars, mut unlisted) = (0, 0, 0);
    // Shadings that are no colour pzl reads.
    let mut odd_colours = 0;
    let mut rebus_lost = 0usize;
    let letters = doc.cells.iter().flatten().filter(|c| matches!(c.kind, b'L' | b'C')).count();
    let with_solution = doc
        .cells
        .iter()
        .flatten()
        .filter(|c| matches!(c.kind, b'L' | b'C') && !matches!(c.solution, Val::None))
        .count();
    let no_solution = letters > 0 && with_solution == 0;
    if no_solution {
        puzzle.solution_state = STATE_NO_SOLUTION;
    } else if with_solution < letters {
        warnings.push(Warning::new(format!(
            "{} letter cell(s) have no solution: read as X",
            letters - with_solution
        )));
    }
    let mut fill_multi: Vec<(usize, String)> = Vec::new();
    for (i, cell) in doc.cells.iter().enumerate() {
        let pos = Pos { row: i / w, col: i % w };
        let Some(cell) = cell else {
            unlisted += 1;
            puzzle.solution[i] = b'.';
            continue;
        };
        bars += usize::from(cell.bars);
        if cell.shade.is_some() || cell.kind == b'V' {
            puzzle.set_style(
                i,
                CellStyle { shade: cell.shade, void: cell.kind == b'V', ..CellStyle::default() },
            );
        } else if cell.color {
            odd_colours += 1;
        }
        if cell.sides != 0 {
            // A bar on a cell's left or top edge is its neighbour's right or bottom bar.
            let (r, c) = (pos.row, pos.col);
            let marks = [
                (cell.sides & 1 != 0 && r > 0, i.wrapping_sub(w), BAR_BOTTOM),
                (cell.sides & 2 != 0 && c > 0, i.wrapping_sub(1), BAR_RIGHT),
                (cell.sides & 4 != 0, i, BAR_RIGHT),
                (cell.sides & 8 != 0, i, BAR_BOTTOM),
            ];
            for (on, at, flag) in marks {
                if on {
                    puzzle.bars.get_or_insert_with(|| vec![0; w * h])[at] |= flag;
                }
            }
        }
        match cell.kind {
            b'B' | b'V' => {
                if cell.kind == b'B' {
                    counts.block += 1;
                } else {
                    counts.void += 1;
                }
                puzzle.solution[i] = b'.';
                if cell.circle {
                    puzzle.set_circled(pos, true);
                }
                continue;
            }
            b'C' => counts.given += 1,
            _ => counts.letter += 1,
        }
        if cell.color {
            shaded += 1;
        }
        let mut sbuf = [0u8; 4];
        let solution = cell.solution.get(&mut sbuf);
        puzzle.solution[i] = match solution {
            None => b'X',
            Some(s) => {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_graphic() && !is_block(c as u8) => {
                        c.to_ascii_uppercase() as u8
                    }
                    _ => {
                        if !puzzle.set_rebus(pos, s) {
                            rebus_lost += 1;
                        }
                        let first = puzzle.solution[i].to_ascii_uppercase();
                        if first.is_ascii_graphic() && !is_block(first) { first } else { b'X' }
                    }
                }
            }
        };
        if cell.circle {
            puzzle.set_circled(pos, true);
        }
        let given = cell.kind == b'C' || cell.hint;
        let mut tbuf = [0u8; 4];
        let state = cell.state.get(&mut tbuf);
        if let Some(s) = state {
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_graphic() && !is_block(c as u8) => {
                    puzzle.fill[i] = c.to_ascii_uppercase() as u8;
                }
                _ => {
                    puzzle.fill[i] = s.bytes().next().filter(u8::is_ascii_alphanumeric).unwrap_or(b'X');
                    fill_multi.push((i, s.to_string()));
                }
            }
        }
        if given {
            let markup = puzzle.markup.get_or_insert_with(|| vec![0; w * h]);
            markup[i] |= flag::GIVEN;
        }
    }
    // Blocks in the fill as in the solution.
    for (f, s) in puzzle.fill.iter_mut().zip(&puzzle.solution) {
        if is_block(*s) {
            *f = *s;
        }
    }
    if !fill_multi.is_empty() {
        let mut user = vec![String::new(); w * h];
        for (i, s) in fill_multi {
            user[i] = s;
        }
        puzzle.user_rebus = Some(user);
    }
    if rebus_lost > 0 {
        extras.push(format!(
            "{rebus_lost} cell(s) whose answers are past the {} distinct rebus answers a puzzle holds \
             or longer than its {} bytes (only their first letter is kept)",
            crate::puzzle::MAX_REBUS_ANSWERS,
            crate::puzzle::MAX_REBUS_ANSWER_BYTES
        ));
    }
    if unlisted > 0 {
        warnings.push(Warning::new(format!("{unlisted} grid cell(s) are not listed: read as blocks")));
        extras.push(format!("{unlisted} unlisted cell(s), read as blocks"));
    }
    if odd_colours > 0 {
        extras.push(format!("the shading (background-color) of {odd_colours} cell(s): not a #rrggbb colour"));
    }
    if doc.other_children > 0 {
        extras.push(format!("{} cell picture(s)", doc.other_children));
    }
    match kind {
        PuzzleKind::Crossword => {}
        // Its cells' numbers and clue letters are the cells' own labels.
        PuzzleKind::Acrostic => puzzle.variety = Some(crate::puzzle::Variety::Acrostic),
        PuzzleKind::Coded => {
            warnings.push(Warning::new(
                "a coded puzzle (codeword): read as a crossword grid whose cell numbers are its codes; the coded kind is not kept",
            ));
            extras
                .push("the coded kind (written as a crossword; its codes as the cells' numbers)".to_string());
        }
    }

    // Bars end entries, but the file's words decide: bars that cut the file's words (stray
    // bars in a standard grid) are left out of the numbering.
    if puzzle.bars.is_some() {
        let barred = fitting_words(&doc, &puzzle.slots(), w);
        let plain = fitting_words(&doc, &numbering::slots(w, h, &puzzle.solution), w);
        if barred < plain {
            puzzle.bars = None;
            warnings.push(Warning::new(format!(
                "{bars} bar(s) cut the file's own words: left out of the numbering (the words decide)"
            )));
            // The model holds bars that fit the words (writers that cannot hold them say so);
            // these it leaves out.
            extras.push(format!("{bars} bar(s) between cells"));
        }
    }
    // Clues to slots, by the geometry of their words.
    let slots = puzzle.slots();
    let mut by_start: HashMap<(usize, Direction), usize> =
        HashMap::with_capacity_and_hasher(slots.len(), Default::default());
    for (k, s) in slots.iter().enumerate() {
        by_start.insert((s.start.row * w + s.start.col, s.direction), k);
    }
    let mut clues: Vec<Option<String>> = vec![None; slots.len()];
    // The clue numbers as the file writes them ("" where the file defines no entry).
    let mut labels: Vec<String> = vec![String::new(); slots.len()];
    let mut enumerations: Vec<String> = vec![String::new(); slots.len()];
    let mut markup: Vec<Vec<crate::markup::Span>> = vec![Vec::new(); slots.len()];
    // A clue's `citation` as its metadata (`.xd` writers spell it `^citation:`).
    let mut meta: Vec<Vec<(String, String)>> = vec![Vec::new(); slots.len()];
    let citation = |clue: &JpzClue| -> Vec<(String, String)> {
        match &clue.citation {
            Some(c) => vec![("citation".to_string(), c.clone())],
            None => Vec::new(),
        }
    };
    // The file's own word of a slot whose clue's word is not the slot's run (placed by number).
    let mut own_words: Vec<Vec<usize>> = vec![Vec::new(); slots.len()];
    let (mut dropped, mut renumbered, mut formats) = (0, 0, 0);
    // Clues whose word is no slot, kept for a second pass by number.
    let mut unplaced: Vec<(&ClueList, &JpzClue, String, usize)> = Vec::new();
    // Lists other than Across and Down (rows gardens, marching bands, a diagonal, an acrostic's
    // clues) are kept as the file defines them, their words as cell lists.
    let is_other = other_lists(&doc, &slots, w);
    for (list, _) in doc.lists.iter().zip(&is_other).filter(|(_, other)| **other) {
        let clues = list
            .clues
            .iter()
            .map(|clue| crate::puzzle::OtherClue {
                label: xml_text(clue.number.trim()).trim().to_string(),
                text: clue.text.clone(),
                markup: clue.markup.clone(),
                enumeration: clue.format.clone().unwrap_or_default(),
                cells: clue
                    .word
                    .as_deref()
                    .and_then(|id| doc.word(id))
                    .unwrap_or_default()
                    .iter()
                    .map(|&(x, y)| (y - 1) * w + (x - 1))
                    .collect(),
            })
            .collect();
        puzzle
            .other_lists
            .push(crate::puzzle::OtherList { title: xml_text(&list.title).trim().to_string(), clues });
    }
    for (list, _) in doc.lists.iter().zip(&is_other).filter(|(_, other)| !**other) {
        for clue in &list.clues {
            if clue.format.is_some() {
                formats += 1;
            }
            let cells = clue.word.as_deref().and_then(|id| doc.word(id));
            let slot = cells.and_then(|cells| {
                let d = run(cells)?;
                let (x, y) = cells[0];
                let k = *by_start.get(&((y - 1) * w + (x - 1), d))?;
                (slots[k].len == cells.len()).then_some(k)
            });
            let why = match (clue.word.as_ref(), cells, slot) {
                (_, _, Some(k)) if clues[k].is_none() => {
                    // The label as JPZ can write it again: characters XML 1.0 cannot hold (read
                    // through character references) are dropped.
                    let label = xml_text(clue.number.trim());
                    let label = label.trim();
                    // A clue without a number takes the grid's: that is no numbering of its own
                    // (counting it made the file's entries a numbering that written JPZ, whose
                    // numbers are the grid's, could not keep: fuzz/crashes/jpz_read). A label
                    // that is the grid's number is filled in at the end, only when some other
                    // is not (most files: no label is made at all).
                    if !label.is_empty() && !is_number(label, slots[k].number) {
                        renumbered += 1;
                        labels[k] = label.to_string();
                    }
                    clues[k] = Some(clue.text.clone());
                    enumerations[k] = clue.format.clone().unwrap_or_default();
                    markup[k] = clue.markup.clone();
                    meta[k] = citation(clue);
                    continue;
                }
                (_, _, Some(_)) => "its entry already has a clue".to_string(),
                (None, _, _) => "it names no word".to_string(),
                (Some(id), None, _) => format!("its word {id:?} is not in the file"),
                (Some(_), Some(_), None) => {
                    "its word is no across or down entry of the grid (pzl's crossword model has no other)"
                        .to_string()
                }
            };
            unplaced.push((list, clue, why, cells.map_or(0, <[_]>::len)));
        }
    }
    // A clue of an Across or Down list whose word's cells disagree with the grid (a slip in the
    // file) goes to the slot of its number and direction when that slot is free and as long.
    // The first slot of each (direction, number, length), looked up once per clue (findings N10:
    // each of 100,000 such clues scanned every slot, 25 s).
    let mut by_number: HashMap<(Direction, String, usize), usize> = HashMap::default();
    // And the first slot of each (direction, number), for a clue whose word is no entry of the
    // grid (two `<cells>` pieces, a word of another shape) or that names none.
    let mut by_start_number: HashMap<(Direction, u16), usize> = HashMap::default();
    if !unplaced.is_empty() {
        for (k, s) in slots.iter().enumerate() {
            by_number.entry((s.direction, s.number.to_string(), s.len)).or_insert(k);
            by_start_number.entry((s.direction, s.number)).or_insert(k);
        }
    }
    for (list, clue, why, len) in unplaced {
        let direction = match list.title.trim().to_ascii_lowercase().as_str() {
            "across" => Some(Direction::Across),
            "down" => Some(Direction::Down),
            _ => None,
        };
        let label = xml_text(clue.number.trim()).trim().to_string();
        let by_number = direction
            .filter(|_| clue.word.is_some() && len > 0)
            .and_then(|d| by_number.get(&(d, clue.number.trim().to_string(), len)).copied())
            .filter(|&k| clues[k].is_none());
        // Else by the number its label starts with (`13` of `13/18`), when that entry has no
        // clue yet and the clue's own word is not another entry that has one.
        let leading: String = label.chars().take_while(char::is_ascii_digit).collect();
        let by_label = direction
            .filter(|_| by_number.is_none() && !why.starts_with("its entry"))
            .zip(leading.parse::<u16>().ok())
            .and_then(|(d, n)| by_start_number.get(&(d, n)).copied())
            .filter(|&k| clues[k].is_none());
        if let Some(k) = by_number.or(by_label) {
            clues[k] = Some(clue.text.clone());
            enumerations[k] = clue.format.clone().unwrap_or_default();
            markup[k] = clue.markup.clone();
            meta[k] = citation(clue);
            // (The grid's number is filled in at the end.)
            if by_label.is_some() && !label.is_empty() && !is_number(&label, slots[k].number) {
                renumbered += 1;
                labels[k] = label;
            }
            // The word stays as the file defines it.
            let cells = clue.word.as_deref().and_then(|id| doc.word(id));
            if let Some(cells) = cells {
                let cells: Vec<usize> = cells.iter().map(|&(x, y)| (y - 1) * w + (x - 1)).collect();
                if !cells.iter().copied().eq(slots[k].cells(w)) {
                    own_words[k] = cells;
                }
            }
            // A clue that names no word is simply its number's entry (nothing to say).
            if cells.is_some() {
                warnings.push(Warning::at(
                    Location::line(clue.line),
                    format!(
                        "clue {:?} of the {:?} list: its word's cells are not the grid's entry; placed by its number, its word kept as the file defines it",
                        clue.number, list.title
                    ),
                ));
            }
            continue;
        }
        dropped += 1;
        warnings.push(Warning::at(
            Location::line(clue.line),
            format!("clue {:?} of the {:?} list dropped: {why}", clue.number, list.title),
        ));
    }
    if dropped > 0 {
        extras.push(format!("{dropped} clue(s) the model has no entry for"));
    }
    if renumbered > 0 {
        // Every clued entry without a label of its own is labelled by its number.
        for ((label, clue), slot) in labels.iter_mut().zip(&clues).zip(&slots) {
            if clue.is_some() && label.is_empty() {
                *label = slot.number.to_string();
            }
        }
        puzzle.labels = Some(labels);
    }
    if formats > 0 && enumerations.iter().any(|e| !e.is_empty()) {
        puzzle.enumerations = Some(enumerations);
    }
    if markup.iter().any(|m| !m.is_empty()) {
        puzzle.clue_markup = Some(markup);
    }
    if own_words.iter().any(|w| !w.is_empty()) {
        puzzle.words = Some(own_words);
    }
    if doc.marked_up > 0 {
        extras.push(format!(
            "markup other than italic, bold, underline, strike, sub- and superscript in {} clue(s)",
            doc.marked_up
        ));
    }
    let kept = meta.iter().filter(|m| !m.is_empty()).count();
    if doc.citations > kept {
        extras.push(format!("the citations of {} clue(s)", doc.citations - kept));
    }
    if kept > 0 {
        puzzle.clue_meta = Some(meta);
    }
    if doc.fake_lists > 0 {
        extras.push(format!("{} solver-placed (fake) clue list(s)", doc.fake_lists));
    }
    let any_clue = doc.lists.iter().zip(&is_other).any(|(l, other)| !other && !l.clues.is_empty());
    let unclued: Vec<String> = slots
        .iter()
        .zip(&clues)
        .filter(|(_, c)| c.is_none())
        .map(|(s, _)| format!("{}{}", s.number, if s.direction == Direction::Across { 'A' } else { 'D' }))
        .collect();
    if any_clue && !unclued.is_empty() {
        let shown: Vec<&str> = unclued.iter().take(8).map(String::as_str).collect();
        warnings.push(Warning::new(format!(
            "{} grid entr{} without a clue: {}{}",
            unclued.len(),
            if unclued.len() == 1 { "y" } else { "ies" },
            shown.join(" "),
            if unclued.len() > 8 { " …" } else { "" }
        )));
    }
    puzzle.clues =
        if any_clue { clues.into_iter().map(Option::unwrap_or_default).collect() } else { Vec::new() };
    own_labels(&mut puzzle, &doc.cells, &slots);
    Ok(JpzRead {
        puzzle,
        warnings,
        extras,
        kind,
        root: doc.root,
        lists: doc.lists,
        zip_entry: None,
        cells: counts,
        shaded,
        bars,
        words: doc.word_count,
    })
}

/// The labels the file prints in its cells, kept when they are not the grid's numbers (or the
/// file's clue labels) or some cell has a corner label. Most files number their cells as the
/// grid does: that is decided without building the labels.
fn own_labels(puzzle: &mut Puzzle, cells: &[Option<Cell>], slots: &[crate::numbering::Slot]) {
    let w = puzzle.width;
    let mut numbers = vec![0u16; cells.len()];
    for s in slots {
        if let Some(n) = numbers.get_mut(s.start.row * w + s.start.col) {
            *n = s.number;
        }
    }
    let mut buf = [0u8; 4];
    let as_grid = |cell: &Cell, n: u16, buf: &mut [u8; 4]| match cell.number.get(buf) {
        None => n == 0,
        Some(t) => {
            n > 0 && !t.starts_with('0') && t.bytes().all(|b| b.is_ascii_digit()) && t.parse::<u16>() == Ok(n)
        }
    };
    let plain = puzzle.labels.is_none()
        && cells.iter().zip(&numbers).zip(&puzzle.solution).all(|((cell, &n), &b)| {
            cell.as_ref().is_none_or(|c| c.marks.is_empty() && (is_block(b) || as_grid(c, n, &mut buf)))
        });
    if plain {
        return;
    }
    let labels = cells
        .iter()
        .map(|cell| match cell {
            Some(c) => CellLabel {
                number: c.number.get(&mut buf).map(|t| xml_text(t).into_owned()).unwrap_or_default(),
                marks: c.marks.clone(),
            },
            None => CellLabel::default(),
        })
        .collect();
    puzzle.keep_own_labels(labels);
}

/// `s` without the characters XML 1.0 cannot hold (controls other than tab, newline, CR).
fn xml_text(s: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| {
        ((c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{fffe}' || c == '\u{ffff}'
    };
    if s.chars().any(bad) {
        std::borrow::Cow::Owned(s.chars().filter(|&c| !bad(c)).collect())
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// XML text with `&`, `<`, `>` (and in attributes `"`) escaped; CR, tab and newline in
/// attributes as character references; characters XML 1.0 cannot hold dropped (counted).
fn escape(s: &str, attr: bool, dropped: &mut usize) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\r' => out.push_str("&#13;"),
            '\n' if attr => out.push_str("&#10;"),
            '\t' if attr => out.push_str("&#9;"),
            '\n' | '\t' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => *dropped += 1,
            c => out.push(c),
        }
    }
    out
}

/// The JPZ XML of `puzzle`: a `crossword-compiler` document laid out as Crossword Compiler and
/// kotwords write it (every cell listed, words as `<cells>` lists, Across and Down lists), and
/// what it could not carry.
pub fn write_xml(puzzle: &Puzzle) -> (String, Vec<String>) {
    let mut lost = Vec::new();
    let mut bad_chars = 0;
    let w = puzzle.width;
    let mut e = |s: &str, attr: bool| escape(s, attr, &mut bad_chars);
    let mut out = String::with_capacity(256 + puzzle.solution.len() * 48 + puzzle.clues.len() * 64);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<crossword-compiler xmlns=\"http://crossword.info/xml/crossword-compiler\">\n");
    out.push_str("  <rectangular-puzzle xmlns=\"http://crossword.info/xml/rectangular-puzzle\" alphabet=\"ABCDEFGHIJKLMNOPQRSTUVWXYZ\">\n");
    out.push_str("    <metadata>\n");
    // In Crossword Compiler's order; an editor and a publisher only when the puzzle has them.
    let (editor, publisher) = (puzzle.meta("editor"), puzzle.meta("publisher"));
    for (name, value) in [
        ("title", Some(puzzle.title.as_str())),
        ("creator", Some(puzzle.author.as_str())),
        ("editor", editor),
        ("copyright", Some(puzzle.copyright.as_str())),
        ("publisher", publisher),
        ("description", Some(puzzle.notes.as_str())),
    ] {
        let Some(value) = value else { continue };
        // Readers trim element text (files are pretty-printed): outer spaces do not survive.
        let value = xml_text(value);
        let value = value.trim();
        if value.is_empty() {
            let _ = writeln!(out, "      <{name}/>");
        } else {
            let _ = writeln!(out, "      <{name}>{}</{name}>", e(value, false));
        }
    }
    // An acrostic keeps its element (its grid and lists are a crossword's for the model).
    let element = match puzzle.variety {
        Some(crate::puzzle::Variety::Acrostic) => "acrostic",
        None => "crossword",
    };
    out.push_str(&format!("    </metadata>\n    <{element}>\n"));
    lost.extend(puzzle.metadata_lost(&["editor", "publisher"]));
    lost.extend(puzzle.palette_lost());
    let _ = writeln!(out, "      <grid width=\"{w}\" height=\"{}\">", puzzle.height);
    out.push_str("        <grid-look numbering-scheme=\"normal\"/>\n");
    let numbers = puzzle.cell_numbers();
    // The file's own labels (a puzzle read from a file numbering its words its own way).
    let labels = puzzle.cell_labels();
    let has_solution = puzzle.state() == SolutionState::Plain;
    let markup = puzzle.markup.as_deref();
    let (mut pencil, mut diagramless) = (false, false);
    for (i, (&b, &number)) in puzzle.solution.iter().zip(&numbers).enumerate() {
        let (x, y) = (i % w + 1, i / w + 1);
        let look = puzzle.style(i);
        let shade = look
            .fill()
            .map(|rgb| format!(" background-color=\"{}\"", CellStyle::hex(rgb)))
            .unwrap_or_default();
        if look.void {
            let _ = writeln!(out, "        <cell x=\"{x}\" y=\"{y}\" type=\"void\"{shade}/>");
            continue;
        }
        if is_block(b) {
            diagramless |= b == b':';
            let circle = if puzzle.is_circled(i) { " background-shape=\"circle\"" } else { "" };
            let _ = writeln!(out, "        <cell x=\"{x}\" y=\"{y}\" type=\"block\"{circle}{shade}/>");
            continue;
        }
        let flags = markup.and_then(|m| m.get(i)).copied().unwrap_or(0);
        let given = flags & flag::GIVEN != 0;
        let _ = write!(out, "        <cell x=\"{x}\" y=\"{y}\"");
        if given {
            out.push_str(" type=\"clue\"");
        }
        if has_solution {
            let _ = write!(out, " solution=\"{}\"", e(&puzzle.cell_answer(i), true));
        }
        if let Some(own) = puzzle.own_labels.as_ref() {
            // The file's own labels: its number, then its corner labels.
            let own = own.get(i).cloned().unwrap_or_default();
            if !own.number.is_empty() {
                let _ = write!(out, " number=\"{}\"", e(&own.number, true));
            }
            for (corner, text) in &own.marks {
                let _ = write!(out, " {}-number=\"{}\"", corner.name(), e(text, true));
            }
        } else if number > 0 {
            match labels.get(i).and_then(Option::as_deref) {
                Some(label) => {
                    let _ = write!(out, " number=\"{}\"", e(label, true));
                }
                None => {
                    let _ = write!(out, " number=\"{number}\"");
                }
            }
        }
        if flags & flag::CIRCLED != 0 {
            out.push_str(" background-shape=\"circle\"");
        }
        out.push_str(&shade);
        let bar_of = |at: Option<usize>| puzzle.bars.as_ref().and_then(|b| b.get(at?)).copied().unwrap_or(0);
        let bars = bar_of(Some(i));
        // A bar whose owner (the cell left of or above it) is a block: this cell's left or top.
        let blocked = |j: &usize| puzzle.solution.get(*j).is_some_and(|&b| is_block(b));
        if bar_of((x - 1).checked_sub(1).map(|c| (y - 1) * w + c).filter(blocked)) & BAR_RIGHT != 0 {
            out.push_str(" left-bar=\"true\"");
        }
        if bar_of((y - 1).checked_sub(1).map(|r| r * w + x - 1).filter(blocked)) & BAR_BOTTOM != 0 {
            out.push_str(" top-bar=\"true\"");
        }
        if bars & BAR_RIGHT != 0 {
            out.push_str(" right-bar=\"true\"");
        }
        if bars & BAR_BOTTOM != 0 {
            out.push_str(" bottom-bar=\"true\"");
        }
        let entry = puzzle.cell_entry(i);
        if entry != "-" && !entry.is_empty() {
            pencil |= entry.bytes().any(|c| c.is_ascii_lowercase()) && flags & flag::PENCIL != 0;
            let _ = write!(out, " solve-state=\"{}\"", e(&entry.to_ascii_uppercase(), true));
        }
        out.push_str("/>\n");
        if flags & !(flag::CIRCLED | flag::GIVEN) != 0 {
            pencil = true;
        }
    }
    out.push_str("      </grid>\n");
    // Across words first, then down (as Crossword Compiler and kotwords list them); ids count up.
    // Entries the file never defined (it numbers its own words) are left out, as read.
    let all = puzzle.clue_entries();
    let slot_count = all.len();
    let mut entries: Vec<_> =
        all.into_iter().enumerate().filter(|(k, _)| puzzle.is_file_entry(*k)).map(|(_, en)| en).collect();
    entries.sort_by_key(|e| e.slot.direction);
    // Each entry's clue metadata (its `citation`), found by its slot's start and direction.
    let meta_index: std::collections::HashMap<(usize, Direction), usize> = match puzzle.clue_meta {
        Some(_) => puzzle
            .slots()
            .iter()
            .enumerate()
            .map(|(k, s)| ((s.start.row * w + s.start.col, s.direction), k))
            .collect(),
        None => std::collections::HashMap::new(),
    };
    let meta_of = |entry: &crate::puzzle::ClueEntry| {
        let start = entry.slot.start.row * w + entry.slot.start.col;
        meta_index.get(&(start, entry.slot.direction)).map_or(&[][..], |&k| puzzle.clue_meta_of(k))
    };
    for (k, entry) in entries.iter().enumerate() {
        let _ = writeln!(out, "      <word id=\"{}\">", k + 1);
        for &c in &entry.cells {
            let _ = writeln!(out, "        <cells x=\"{}\" y=\"{}\"/>", c % w + 1, c / w + 1);
        }
        out.push_str("      </word>\n");
    }
    // The words of the other lists (any shape), numbered on from the entries'.
    let mut next_word = entries.len();
    for clue in puzzle.other_lists.iter().flat_map(|l| &l.clues).filter(|c| !c.cells.is_empty()) {
        next_word += 1;
        let _ = writeln!(out, "      <word id=\"{next_word}\">");
        for &c in &clue.cells {
            let _ = writeln!(out, "        <cells x=\"{}\" y=\"{}\"/>", c % w + 1, c / w + 1);
        }
        out.push_str("      </word>\n");
    }
    // With other lists, Across and Down are written even empty: a reader then knows the other
    // lists by their titles, and their words (a row across a bar) never decide the bars. Not when
    // another list's own title names a direction: the titles would not tell them apart.
    let names_a_direction = |t: &str| {
        let t = t.to_lowercase();
        t.contains("across") || t.contains("down")
    };
    let empty_lists_tell =
        !puzzle.other_lists.is_empty() && !puzzle.other_lists.iter().any(|l| names_a_direction(&l.title));
    if !puzzle.clues.is_empty() || empty_lists_tell {
        let clued = !puzzle.clues.is_empty();
        for (d, title) in [(Direction::Across, "Across"), (Direction::Down, "Down")] {
            let _ = writeln!(out, "      <clues ordering=\"normal\">\n        <title><b>{title}</b></title>");
            for (k, entry) in entries.iter().enumerate().filter(|(_, en)| clued && en.slot.direction == d) {
                let text = xml_text(entry.clue.as_deref().unwrap_or(""));
                let marked = entry.markup.is_empty().then(|| e(text.trim(), false));
                let text = marked.unwrap_or_else(|| {
                    // Markup spans are offsets into the clue as the model holds it.
                    let plain = entry.clue.as_deref().unwrap_or("");
                    crate::markup::to_tags(plain, &entry.markup, |s| e(&xml_text(s), false))
                });
                let text = text.trim();
                let _ = write!(out, "        <clue word=\"{}\" number=\"{}\"", k + 1, e(&entry.label, true));
                if let Some(format) = &entry.enumeration {
                    let _ = write!(out, " format=\"{}\"", e(format, true));
                }
                if let Some((_, citation)) =
                    meta_of(entry).iter().find(|(k, _)| k.eq_ignore_ascii_case("citation"))
                {
                    out.push_str(&format!(" citation=\"{}\"", e(&xml_text(citation), true)));
                }
                if text.is_empty() {
                    out.push_str("/>\n");
                } else {
                    let _ = writeln!(out, ">{text}</clue>");
                }
            }
            out.push_str("      </clues>\n");
        }
    }
    let mut next_word = entries.len();
    for list in &puzzle.other_lists {
        let _ = writeln!(
            out,
            "      <clues ordering=\"normal\">\n        <title><b>{}</b></title>",
            e(xml_text(&list.title).trim(), false)
        );
        for clue in &list.clues {
            out.push_str("        <clue");
            if !clue.cells.is_empty() {
                next_word += 1;
                let _ = write!(out, " word=\"{next_word}\"");
            }
            let _ = write!(out, " number=\"{}\"", e(&clue.label, true));
            if !clue.enumeration.is_empty() {
                let _ = write!(out, " format=\"{}\"", e(&clue.enumeration, true));
            }
            let text = if clue.markup.is_empty() {
                e(xml_text(&clue.text).trim(), false)
            } else {
                crate::markup::to_tags(&clue.text, &clue.markup, |s| e(&xml_text(s), false))
            };
            let text = text.trim();
            if text.is_empty() {
                out.push_str("/>\n");
            } else {
                let _ = writeln!(out, ">{text}</clue>");
            }
        }
        out.push_str("      </clues>\n");
    }
    out.push_str(&format!("    </{element}>\n  </rectangular-puzzle>\n</crossword-compiler>\n"));
    bad_chars += [&puzzle.title, &puzzle.author, &puzzle.copyright, &puzzle.notes]
        .into_iter()
        .chain(&puzzle.clues)
        .map(|t| t.chars().count() - xml_text(t).chars().count())
        .sum::<usize>();
    let untrimmed = [&puzzle.title, &puzzle.author, &puzzle.copyright, &puzzle.notes]
        .into_iter()
        .chain(&puzzle.clues)
        .filter(|t| t.trim().len() != t.len())
        .count();
    if untrimmed > 0 {
        lost.push(format!("the leading and trailing spaces of {untrimmed} text(s)"));
    }
    if bad_chars > 0 {
        lost.push(format!("{bad_chars} control character(s) XML cannot hold"));
    }
    if puzzle.clues.len() > slot_count {
        lost.push(format!("{} clue(s) beyond the grid's slots", puzzle.clues.len() - slot_count));
    }
    // JPZ holds one `citation` a clue; no hints, no cross-references.
    lost.extend(puzzle.clue_meta_lost(&["citation"]));
    match puzzle.state() {
        SolutionState::Plain | SolutionState::None => {}
        SolutionState::Locked => {
            lost.push("the locked (scrambled) solution: written as a puzzle without answers".to_string());
        }
    }
    if diagramless {
        lost.push("the diagramless flag".to_string());
    }
    if pencil {
        lost.push("cell flags other than circles and givens (pencil, incorrect)".to_string());
    }
    if puzzle.timer.is_some() {
        lost.push("the timer".to_string());
    }
    if !puzzle.puz.other_sections.is_empty() {
        lost.push(format!("{} unknown .puz section(s)", puzzle.puz.other_sections.len()));
    }
    (out, lost)
}

/// The name of the XML entry in a zipped JPZ that [`write()`] makes.
pub const ZIP_ENTRY: &str = "puzzle.xml";

/// The zipped JPZ of `puzzle` (one deflated entry [`ZIP_ENTRY`], as Crossword Compiler and
/// kotwords write `.jpz` files), and what it could not carry.
pub fn write(puzzle: &Puzzle) -> std::io::Result<(Vec<u8>, Vec<String>)> {
    let (xml, lost) = write_xml(puzzle);
    Ok((zip_xml(xml.as_bytes())?, lost))
}

/// `xml` as a ZIP archive of one deflated entry [`ZIP_ENTRY`] (fixed timestamp: the same input
/// gives the same bytes).
pub fn zip_xml(xml: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::with_capacity(xml.len() / 3 + 256)));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    zip.start_file(ZIP_ENTRY, options).map_err(std::io::Error::other)?;
    zip.write_all(xml)?;
    Ok(zip.finish().map_err(std::io::Error::other)?.into_inner())
}

/// A cell range as the file wrote it (`3`, `1-10`), or the text that was not a range.
fn range_text(r: &Result<(usize, usize), String>) -> String {
    match r {
        Ok((a, b)) if a == b => a.to_string(),
        Ok((a, b)) => format!("{a}-{b}"),
        Err(t) => t.clone(),
    }
}
