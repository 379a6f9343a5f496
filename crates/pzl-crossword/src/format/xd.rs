//! The `.xd` crossword format (century-arcade xd v1 "implicit" sections and the puzzmo/kotwords v2
//! "explicit" `## Section` layout): read leniently into a [`Puzzle`] with warnings at line
//! numbers, written canonically in the v1 layout the reference converter (`puz2xd`) produces.
//!
//! What the puzzle model cannot hold (clue metadata lines, images, non-standard clue numbers) is
//! listed in
//! [`XdRead::extras`]; the document keeps the source text so `.xd` → `.xd` is byte-exact.

use rustc_hash::FxHashMap;
use std::borrow::Cow;

use pzl_grid::Pos;

use crate::error::{Location, ParseError, Warning};
use crate::numbering::{BAR_BOTTOM, BAR_RIGHT, Direction, Slot, is_block};
use crate::puzzle::{CellStyle, Puzzle, SolutionState, flag};

/// A `.xd` file read: the puzzle and what the model leaves out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XdRead {
    /// The decoded puzzle.
    pub puzzle: Puzzle,
    /// Odd or unreadable lines, each at its line.
    pub warnings: Vec<Warning>,
    /// What the puzzle model cannot hold, in words (reported as lost on conversion).
    pub extras: Vec<String>,
    /// Across clue lines as written in the file.
    pub across_clues: usize,
    /// Down clue lines as written in the file.
    pub down_clues: usize,
    /// Whether the file uses `## Section` headers (v2).
    pub explicit: bool,
}

/// Whether `bytes` look like an `.xd` crossword: a `## Grid` header, or a first line
/// `Title: …` followed by sections two blank lines apart.
pub fn looks_like_xd(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    let text = String::from_utf8_lossy(head);
    let text = text.trim_start_matches('\u{feff}');
    let has_grid_header = text.lines().any(|l| l.trim_end().eq_ignore_ascii_case("## grid"));
    let first = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    let titled = first.to_ascii_lowercase().starts_with("title:");
    let normalized = text.replace('\r', "");
    has_grid_header || (titled && normalized.contains("\n\n\n"))
}

/// A numbered line of the input, comments removed.
#[derive(Debug, Clone)]
struct Line<'a> {
    number: usize,
    text: Cow<'a, str>,
}

impl Line<'_> {
    fn blank(&self) -> bool {
        trim(&self.text).is_empty()
    }
}

/// The lines of `text` (BOM, CR and `<!-- -->` comments removed), numbered from 1.
fn lines(text: &str) -> Vec<Line<'_>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // About a line a 24 bytes (the corpus' lines average 28): the vector is rarely grown, and
    // never to more than it would reach by doubling (counting the newlines first cost more).
    let mut out = Vec::with_capacity(text.len() / 24 + 4);
    let mut in_comment = false;
    // The lines as `str::split('\n')` gives them, cut at memchr's `\n`s (`split` set up a
    // character searcher for every line: a tenth of reading a small file).
    let mut start = 0;
    let ends = memchr::memchr_iter(b'\n', text.as_bytes()).chain(std::iter::once(text.len()));
    for (i, end) in ends.enumerate() {
        let raw = &text[start..end];
        start = end + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        // (A `<` first, as bytes: `str::contains(char)` set up a searcher for every line, a
        // tenth of reading a small file; `<!--` builds a substring searcher.)
        let opens_comment = raw.as_bytes().contains(&b'<') && raw.contains("<!--");
        if !in_comment && !opens_comment {
            out.push(Line { number: i + 1, text: Cow::Borrowed(raw) });
            continue;
        }
        let mut kept = String::new();
        let mut rest = raw;
        let mut had_comment = in_comment;
        loop {
            if in_comment {
                match rest.find("-->") {
                    Some(end) => {
                        rest = &rest[end + 3..];
                        in_comment = false;
                    }
                    None => break,
                }
            } else {
                match rest.find("<!--") {
                    Some(start) => {
                        kept.push_str(&rest[..start]);
                        rest = &rest[start + 4..];
                        in_comment = true;
                        had_comment = true;
                    }
                    None => {
                        kept.push_str(rest);
                        break;
                    }
                }
            }
        }
        // A line that was only a comment is no line (it must not count as a blank separator).
        if had_comment && kept.trim().is_empty() {
            continue;
        }
        out.push(Line { number: i + 1, text: Cow::Owned(kept) });
    }
    out
}

/// The name of a `## Name` header line, lower-cased.
fn header(line: &str) -> Option<String> {
    // Nearly every line is no header: said from its first bytes, before any trimming.
    if !line.as_bytes().starts_with(b"## ") {
        return None;
    }
    let name = line.trim_end().strip_prefix("## ")?.trim();
    (!name.is_empty() && name.chars().all(|c| c.is_alphabetic() || c == ' ')).then(|| name.to_lowercase())
}

/// Split implicit (v1) lines into blocks separated by two or more blank lines (each block keeps
/// the blank lines after it).
fn blocks<'l, 'a>(lines: &'l [Line<'a>]) -> Vec<&'l [Line<'a>]> {
    let mut out = Vec::new();
    let (mut start, mut blanks, mut has_text) = (0, 0, false);
    for (i, line) in lines.iter().enumerate() {
        if line.blank() {
            blanks += 1;
            continue;
        }
        if blanks >= 2 && has_text {
            out.push(&lines[start..i]);
            start = i;
        }
        blanks = 0;
        has_text = true;
    }
    if has_text {
        out.push(&lines[start..]);
    }
    out
}

/// The group letter `.xd` writes each list beyond Across and Down under (its title's first
/// letter when free, else the first free one; never `A` or `D`); lists past the 24 letters are
/// named in `lost`.
fn group_letters<'p>(
    puzzle: &'p Puzzle,
    lost: &mut Vec<String>,
) -> Vec<(char, &'p crate::puzzle::OtherList)> {
    let mut groups: Vec<(char, &crate::puzzle::OtherList)> = Vec::new();
    let mut left_out = Vec::new();
    for list in &puzzle.other_lists {
        let free = |c: &char| {
            c.is_ascii_uppercase() && !matches!(c, 'A' | 'D') && !groups.iter().any(|(g, _)| g == c)
        };
        let own = list.title.chars().next().map(|c| c.to_ascii_uppercase()).filter(free);
        match own.or_else(|| ('B'..='Z').find(free)) {
            Some(letter) => groups.push((letter, list)),
            None => left_out.push(list),
        }
    }
    if !left_out.is_empty() {
        let named: Vec<String> =
            left_out.iter().map(|l| format!("{:?} ({} clues)", l.title, l.clues.len())).collect();
        lost.push(format!("the clue lists {} (past the 24 groups .xd names)", named.join(", ")));
    }
    groups
}

/// One clue line `A1. text ~ ANSWER`, borrowed from the input (a clue is copied once, into the
/// puzzle).
#[derive(Debug, Clone)]
struct ClueLine<'a> {
    direction: Direction,
    number: u16,
    text: &'a str,
    answer: Option<Cow<'a, str>>,
    /// The word lengths the answer's split characters mark (`REAR|VIEW`: `4,4`), if any.
    enumeration: Option<String>,
    line: usize,
}

enum Parsed<'a> {
    Clue(ClueLine<'a>),
    Meta(MetaLine<'a>),
    Other,
}

/// A clue metadata line, `A1 ^Hint: text` (`.xd` 3.0): the clue it belongs to, its key and value.
struct MetaLine<'a> {
    direction: Direction,
    number: u16,
    /// The key as written, `None` when the line has no `:` (then it cannot be kept).
    key: Option<&'a str>,
    value: &'a str,
    line: usize,
}

/// `str::trim`, quicker for the usual ASCII ends: every line is asked whether it is blank several
/// times and a clue line is trimmed four times (`str::trim` was a tenth of reading a file).
fn trim(s: &str) -> &str {
    let bytes = s.as_bytes();
    let space = |c: &u8| matches!(c, b'\t'..=b'\r' | b' ');
    let start = bytes.iter().position(|c| !space(c)).unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|c| !space(c)).map_or(start, |i| i + 1);
    let t = &s[start..end];
    // A non-ASCII character at either end may be Unicode white space: then the full rule.
    let ascii_ends =
        t.as_bytes().first().is_none_or(u8::is_ascii) && t.as_bytes().last().is_none_or(u8::is_ascii);
    if ascii_ends { t } else { t.trim() }
}

/// The groups a `Cluegroup:` header names: `R=Rows B=All Squares` (a letter, `=`, the title up
/// to the next ` X=`).
fn cluegroups(value: &str) -> Vec<(char, String)> {
    let mut starts: Vec<usize> = Vec::new();
    let bytes = value.as_bytes();
    for i in 0..bytes.len() {
        let at_word = i == 0 || matches!(bytes[i - 1], b' ' | b',' | b';');
        if at_word && bytes[i].is_ascii_uppercase() && bytes.get(i + 1) == Some(&b'=') {
            starts.push(i);
        }
    }
    starts
        .iter()
        .enumerate()
        .map(|(n, &s)| {
            let end = starts.get(n + 1).copied().unwrap_or(value.len());
            let title = value[s + 2..end].trim().trim_end_matches([',', ';']).trim();
            (char::from(bytes[s]), title.to_string())
        })
        .filter(|(_, t)| !t.is_empty())
        .collect()
}

/// A clue of a group other than Across and Down, `R1. text ~ ANSWER` (the xd spec's
/// `Cluegroup`): its list's title (the header's, else the letter), the clue (label, text and
/// markup; no cells) and whether it gave an answer (which pzl cannot keep without cells).
fn group_clue(
    line: &Line<'_>,
    groups: &[(char, String)],
) -> Option<(String, crate::puzzle::OtherClue, bool)> {
    let t = trim(&line.text);
    let letter = t.chars().next().filter(|c| c.is_ascii_uppercase() && !matches!(c, 'A' | 'D'))?;
    let rest = &t[1..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let body = trim(rest[digits..].strip_prefix('.')?);
    if digits == 0 {
        return None;
    }
    let bytes = body.as_bytes();
    let separator = memchr::memrchr_iter(b'~', bytes)
        .find(|&i| i > 0 && bytes[i - 1] == b' ' && bytes.get(i + 1) == Some(&b' '))
        .map(|i| i - 1);
    // A clue written without an answer (pzl writes one for a word without cells) ends in ` ~`:
    // its text may hold ` ~ ` itself.
    let (text, answer) = if body == "~" {
        ("", false)
    } else if let Some(text) = body.strip_suffix(" ~") {
        (text, false)
    } else {
        match separator {
            Some(at) => (&body[..at], !trim(&body[at + 3..]).is_empty()),
            None => (body, false),
        }
    };
    let title =
        groups.iter().find(|(k, _)| *k == letter).map_or_else(|| letter.to_string(), |(_, t)| t.clone());
    let (text, markup) = crate::markup::from_xd(trim(text));
    let clue = crate::puzzle::OtherClue {
        label: rest[..digits].to_string(),
        text,
        markup,
        enumeration: String::new(),
        cells: Vec::new(),
    };
    Some((title, clue, answer))
}

fn parse_clue<'a>(line: &'a Line<'_>, split: &str) -> Parsed<'a> {
    let t = trim(&line.text);
    let direction = match t.chars().next() {
        Some('A' | 'a') => Direction::Across,
        Some('D' | 'd') => Direction::Down,
        _ => return Parsed::Other,
    };
    let rest = &t[1..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let Ok(number) = rest[..digits].parse::<u16>() else { return Parsed::Other };
    let after = &rest[digits..];
    // (A clue's `.` first: only another line is trimmed to look for `^`.)
    if !after.starts_with('.')
        && let Some(meta) = after.trim_start().strip_prefix('^')
    {
        let (key, value) = match meta.split_once(':') {
            Some((k, v)) if !trim(k).is_empty() => (Some(trim(k)), trim(v)),
            _ => (None, ""),
        };
        return Parsed::Meta(MetaLine { direction, number, key, value, line: line.number });
    }
    let Some(body) = after.strip_prefix('.') else { return Parsed::Other };
    let body = trim(body);
    // The last ` ~ ` (found from its `~`, a byte search, not a string searcher per clue).
    let bytes = body.as_bytes();
    let separator = memchr::memrchr_iter(b'~', bytes)
        .find(|&i| i > 0 && bytes[i - 1] == b' ' && bytes.get(i + 1) == Some(&b' '))
        .map(|i| i - 1);
    let (text, answer) = if let Some(at) = separator {
        (&body[..at], Some(&body[at + 3..]))
    } else if let Some(a) = body.strip_prefix("~ ") {
        ("", Some(a))
    } else if let Some(b) = body.strip_suffix(" ~") {
        (b, Some(""))
    } else if body == "~" {
        ("", Some(""))
    } else {
        (body, None)
    };
    let mut enumeration = None;
    let answer = answer.map(|a| {
        let mut a = Cow::Borrowed(trim(a));
        if !split.is_empty() && a.contains(split) {
            enumeration = split_lengths(&a, split);
            a = Cow::Owned(a.replace(split, ""));
        }
        if a.as_bytes().contains(&b'|') {
            enumeration = enumeration.take().or_else(|| split_lengths(&a, "|"));
            a.to_mut().retain(|c| c != '|');
        }
        a
    });
    Parsed::Clue(ClueLine { direction, number, text: trim(text), answer, enumeration, line: line.number })
}

/// The word lengths an answer's split characters mark, as an enumeration (`REAR|VIEW`: `4,4`);
/// `None` when a word is empty (a split at an end or two together).
fn split_lengths(answer: &str, split: &str) -> Option<String> {
    use std::fmt::Write as _;
    // Written into one string (not a string a word, joined).
    let mut lengths = String::new();
    let mut words = 0;
    for word in answer.split(split) {
        let n = word.chars().count();
        if n == 0 {
            return None;
        }
        if words > 0 {
            lengths.push(',');
        }
        // (Writing into a `String` cannot fail.)
        let _ = write!(lengths, "{n}");
        words += 1;
    }
    (words > 1).then_some(lengths)
}

/// What a `## Design` section says: classes for circles, bars and shading.
#[derive(Default)]
struct Design {
    circle: Vec<char>,
    bars: Vec<char>,
    /// The sides each bar class bars: 1 top, 2 left, 4 right, 8 bottom.
    bar_sides: Vec<(char, u8)>,
    /// The shading of each class that has a background colour pzl reads.
    shades: Vec<(char, [u8; 3])>,
    other: Vec<char>,
    rows: Vec<String>,
}

fn parse_design(section: &[Line<'_>]) -> Design {
    let mut design = Design::default();
    let mut style = String::new();
    let mut in_style = false;
    for line in section {
        let t = line.text.trim();
        if in_style || t.starts_with("<style>") {
            in_style = true;
            style.push_str(t);
            style.push('\n');
            if t.contains("</style>") {
                in_style = false;
            }
            continue;
        }
        if !t.is_empty() {
            design.rows.push(t.to_string());
        }
    }
    let style = style.replace("<style>", "").replace("</style>", "");
    for rule in style.split('}') {
        let Some((names, props)) = rule.split_once('{') else { continue };
        // `A, B { … }`: one rule for several classes, as CSS reads a selector list
        // (xd-crossword-tools refuses it; pzl is lenient on reading).
        for name in names.split(',') {
            let Some(class) = name.trim().chars().next() else { continue };
            design_class(&mut design, class, props);
        }
    }
    design
}

/// The look a `## Design` rule gives `class`: shading, a circle, bars, or another look.
fn design_class(design: &mut Design, class: char, props: &str) {
    // `background: #c0c0c0`, `background-color: …`, `background-light: …` (kotwords).
    let shade = props.split(';').find_map(|prop| {
        let (name, value) = prop.split_once(':')?;
        let name = name.trim();
        matches!(name, "background" | "background-color" | "background-light")
            .then(|| CellStyle::parse_colour(value))
            .flatten()
    });
    if let Some(rgb) = shade {
        design.shades.push((class, rgb));
    }
    if props.contains("circle") {
        design.circle.push(class);
    } else if props.contains("bar-") {
        design.bars.push(class);
        let sides = [("bar-top", 1), ("bar-left", 2), ("bar-right", 4), ("bar-bottom", 8)];
        let sides = sides.iter().filter(|(p, _)| props.contains(p)).fold(0, |a, (_, f)| a | f);
        design.bar_sides.push((class, sides));
    } else if shade.is_none() {
        design.other.push(class);
    }
}

/// Read an `.xd` crossword. Errors: no grid, ragged grid rows, a grid too large, clues for slots
/// the grid does not have (unless the file's numbering is merely non-standard).
pub fn read(text: &str) -> Result<XdRead, ParseError> {
    let all = lines(text);
    let mut warnings = Vec::new();
    let mut extras = Vec::new();
    // Sections: the implicit blocks before any header, then the headed sections.
    let first_header = all.iter().position(|l| header(&l.text).is_some());
    let explicit = first_header.is_some();
    let (before, after) = all.split_at(first_header.unwrap_or(all.len()));
    // Each section is its name and a slice of the lines.
    // (The implicit sections' names are not copied.)
    let mut sections: Vec<(Cow<'static, str>, &[Line<'_>])> = Vec::new();
    for (i, block) in blocks(before).into_iter().enumerate() {
        let name = match i {
            0 => "metadata",
            1 => "grid",
            2 => "clues",
            _ => "notes",
        };
        sections.push((Cow::Borrowed(name), block));
    }
    if let Some(l) = before.iter().find(|l| !l.blank()).filter(|_| explicit) {
        warnings.push(Warning::at(
            Location::line(l.number),
            "sections without ## headers before the first header",
        ));
    }
    // `after` starts with a header; each header's section runs to the next one.
    let mut headed: Option<(String, usize)> = None;
    for (i, line) in after.iter().enumerate() {
        if let Some(name) = header(&line.text)
            && let Some((previous, start)) = headed.replace((name, i + 1))
        {
            sections.push((Cow::Owned(previous), &after[start..i]));
        }
    }
    if let Some((name, start)) = headed {
        sections.push((Cow::Owned(name), &after[start..]));
    }
    // Implicit blocks past the clues that hold only clue lines are clues too.
    if !explicit {
        for (name, body) in &mut sections {
            let all_clues = || {
                body.iter()
                    .filter(|l| !l.blank())
                    .all(|l| matches!(parse_clue(l, ""), Parsed::Clue(_) | Parsed::Meta(_)))
            };
            if name == "notes" && all_clues() {
                *name = Cow::Borrowed("clues");
            }
        }
    }

    // Metadata.
    let mut title = String::new();
    let mut author = String::new();
    let mut copyright = String::new();
    let mut description: Option<String> = None;
    let mut rebus: Vec<(char, String)> = Vec::new();
    let mut special: Option<String> = None;
    let mut split = String::new();
    let mut groups: Vec<(char, String)> = Vec::new();
    let mut metadata: Vec<(String, String)> = Vec::new();
    for (_, body) in sections.iter().filter(|(n, _)| n == "metadata") {
        for line in body.iter().filter(|l| !l.blank()) {
            let Some((key, value)) = line.text.split_once(':') else {
                warnings.push(Warning::at(
                    Location::line(line.number),
                    format!("metadata line without `key: value`: {:?}", line.text.trim()),
                ));
                continue;
            };
            let key = trim(key);
            let value = value.trim();
            // The known keys are told apart case aside, without a lower-cased copy of an ASCII
            // key (a non-ASCII one is lowered first, as the kept key is); the value is copied
            // only where it is kept.
            let lowered = (!key.is_ascii()).then(|| key.to_lowercase());
            let name = lowered.as_deref().unwrap_or(key);
            let is = |known: &str| name.eq_ignore_ascii_case(known);
            if is("title") {
                title = value.to_string();
            } else if is("author") {
                author = value.to_string();
            } else if is("copyright") {
                copyright = value.to_string();
            } else if is("description") || is("notes") || is("notepad") {
                description = Some(value.to_string());
            } else if is("special") {
                special = Some(value.to_lowercase());
            } else if is("splitcharacter") {
                split = value.to_string();
            } else if is("cluegroup") {
                groups.extend(cluegroups(value));
            } else if is("rebus") {
                for pair in value.split([' ', ',']).filter(|p| !p.is_empty()) {
                    let mut chars = pair.chars();
                    match (chars.next(), chars.next()) {
                        (Some(k), Some('=')) if chars.as_str().chars().count() > 0 => {
                            rebus.push((k, chars.as_str().to_string()));
                        }
                        _ => warnings.push(Warning::at(
                            Location::line(line.number),
                            format!("rebus entry {pair:?} is not KEY=ANSWER"),
                        )),
                    }
                }
            } else {
                metadata.push((lowered.unwrap_or_else(|| key.to_ascii_lowercase()), value.to_string()));
            }
        }
    }

    // Grid.
    let grid_lines: Vec<&Line> = sections
        .iter()
        .find(|(n, _)| n == "grid")
        .map(|(_, b)| b.iter().filter(|l| !l.blank()).collect())
        .unwrap_or_default();
    let Some(first) = grid_lines.first() else {
        return Err(ParseError::whole("no grid: an .xd file needs a grid section"));
    };
    // Every cell row by row, in one vector (not a vector a row).
    let width = trim(&first.text).chars().count();
    // (Allocated once for a grid pzl holds; a larger one is refused below, after counting.)
    let mut cells: Vec<char> =
        Vec::with_capacity(if width <= 255 { width * grid_lines.len().min(255) } else { 0 });
    for line in &grid_lines {
        let before = cells.len();
        cells.extend(trim(&line.text).chars());
        if cells.len() - before != width {
            return Err(ParseError::at_line(
                line.number,
                format!(
                    "ragged grid: this row has {} cells, the first row (line {}) has {width}",
                    cells.len() - before,
                    first.number
                ),
            ));
        }
    }
    let height = grid_lines.len();
    if !(1..=255).contains(&width) || height > 255 {
        return Err(ParseError::at_line(
            first.number,
            format!("the grid is {width}x{height}; pzl's crossword model holds 1 to 255 cells a side"),
        ));
    }
    let mut puzzle = Puzzle::new(width, height);
    puzzle.title = title;
    puzzle.author = author;
    puzzle.copyright = copyright;
    puzzle.metadata = metadata;
    let circle_special = special.as_deref().is_some_and(|s| s.contains("circle"));
    let shade_special = special.is_some() && !circle_special;
    let mut schrodinger = Vec::new();
    let mut voids = Vec::new();
    let mut rebus_lost = 0usize;
    // Each key's first answer, looked up once per cell (findings N10: a 1,000,000-entry line was
    // scanned for each of 65,025 cells, 77 s).
    let mut by_key: std::collections::HashMap<char, &str> = std::collections::HashMap::new();
    for (k, answer) in &rebus {
        by_key.entry(*k).or_insert(answer.as_str());
    }
    // The first cell each multi-letter key was set on, and whether the model kept its answer:
    // later cells of the key copy that cell instead of comparing the answer with the table again
    // (findings N10: a 1 MB answer named by each of 65,025 cells).
    let mut key_cell: FxHashMap<char, (usize, bool)> = FxHashMap::default();
    for (i, &ch) in cells.iter().enumerate() {
        let (r, c) = (i / width, i % width);
        let pos = Pos { row: r, col: c };
        let byte = match ch {
            '#' | '.' => b'.',
            // The spec's "non-existing block" (usually on the edges): a void.
            '_' => {
                voids.push(i);
                b'.'
            }
            '*' => {
                schrodinger.push(i);
                b'X'
            }
            _ => {
                if let Some(&answer) = by_key.get(&ch) {
                    match answer.as_bytes() {
                        [one] if one.is_ascii_alphanumeric() => one.to_ascii_uppercase(),
                        _ => {
                            let kept = match key_cell.get(&ch) {
                                Some(&(j, kept)) => {
                                    if let Some(r) = puzzle.rebus.as_mut() {
                                        r.cells[i] = r.cells[j];
                                    }
                                    puzzle.solution[i] = puzzle.solution[j];
                                    kept
                                }
                                None => {
                                    let kept = puzzle.set_rebus(pos, answer);
                                    key_cell.insert(ch, (i, kept));
                                    kept
                                }
                            };
                            if !kept {
                                rebus_lost += 1;
                            }
                            // The cell's letter is the answer's first, unless that is no letter.
                            let first = puzzle.solution[i].to_ascii_uppercase();
                            if first.is_ascii_graphic() && !is_block(first) { first } else { b'X' }
                        }
                    }
                } else if ch.is_ascii_lowercase() {
                    if circle_special {
                        puzzle.set_circled(pos, true);
                    }
                    ch.to_ascii_uppercase() as u8
                } else if ch.is_ascii_graphic() {
                    ch as u8
                } else if ch.is_ascii() {
                    warnings.push(Warning::at(
                        Location::line(grid_lines[r].number),
                        format!("grid cell {ch:?} in column {} is no letter: read as X", c + 1),
                    ));
                    b'X'
                } else {
                    if !puzzle.set_rebus(pos, &ch.to_string()) {
                        rebus_lost += 1;
                    }
                    b'X'
                }
            }
        };
        puzzle.solution[i] = byte;
    }
    // (`Puzzle::new`'s fill is all `-`: the blocks are set in it, not in a new vector.)
    for (fill, &b) in puzzle.fill.iter_mut().zip(&puzzle.solution) {
        if is_block(b) {
            *fill = b;
        }
    }
    for i in voids {
        puzzle.set_style(i, CellStyle::void());
    }
    if rebus_lost > 0 {
        let message = format!(
            "{rebus_lost} cell(s) whose answers are past the {} distinct rebus answers a puzzle holds \
             or longer than its {} bytes: only their first letter is kept",
            crate::puzzle::MAX_REBUS_ANSWERS,
            crate::puzzle::MAX_REBUS_ANSWER_BYTES
        );
        warnings.push(Warning::at(Location::Whole, message.clone()));
        extras.push(message);
    }
    if shade_special {
        let specials = cells.iter().filter(|c| c.is_ascii_lowercase()).count();
        if specials > 0 {
            extras.push(format!("{specials} special (shaded) cell(s)"));
        }
    }

    // Design and Start.
    for (name, body) in &sections {
        match name.as_ref() {
            "design" => {
                let design = parse_design(body);
                let mut other = 0;
                for (r, line) in design.rows.iter().enumerate().take(height) {
                    for (c, ch) in line.trim().chars().enumerate().take(width) {
                        if let Some((_, rgb)) = design.shades.iter().find(|(k, _)| *k == ch) {
                            let i = r * width + c;
                            let look = CellStyle { shade: Some(*rgb), ..puzzle.style(i) };
                            puzzle.set_style(i, look);
                        }
                        if design.circle.contains(&ch) && !is_block(puzzle.solution[r * width + c]) {
                            puzzle.set_circled(Pos { row: r, col: c }, true);
                        } else if design.bars.contains(&ch) {
                            let sides =
                                design.bar_sides.iter().find(|(k, _)| *k == ch).map_or(0, |(_, f)| *f);
                            // A bar on a cell's left or top edge is its neighbour's right or
                            // bottom bar; the model numbers the grid with them.
                            let i = r * width + c;
                            let marks = [
                                (sides & 1 != 0 && r > 0, i.wrapping_sub(width), BAR_BOTTOM),
                                (sides & 2 != 0 && c > 0, i.wrapping_sub(1), BAR_RIGHT),
                                (sides & 4 != 0, i, BAR_RIGHT),
                                (sides & 8 != 0, i, BAR_BOTTOM),
                            ];
                            for (on, at, flag) in marks {
                                if on {
                                    puzzle.bars.get_or_insert_with(|| vec![0; width * height])[at] |= flag;
                                }
                            }
                        } else if design.other.contains(&ch) {
                            other += 1;
                        }
                    }
                }
                // Bars are the model's (`Puzzle::bars`): a writer that cannot hold them names them.
                if other > 0 {
                    extras.push(format!("the design (shading, images) of {other} cell(s)"));
                }
            }
            "start" => {
                for (r, line) in body.iter().filter(|l| !l.blank()).enumerate().take(height) {
                    for (c, ch) in line.text.trim().chars().enumerate().take(width) {
                        let i = r * width + c;
                        if ch.is_ascii_alphanumeric() && !is_block(puzzle.solution[i]) {
                            puzzle.fill[i] = ch.to_ascii_uppercase() as u8;
                            let cells = width * height;
                            let markup = puzzle.markup.get_or_insert_with(|| vec![0; cells]);
                            markup[i] |= flag::GIVEN;
                        }
                    }
                }
            }
            "metadata" | "grid" | "clues" | "notes" => {}
            other => extras.push(format!("the `## {other}` section")),
        }
    }

    // Notes.
    // Every notes section (implicit notes may hold blank-line runs, which split them), in order.
    let has_notes = sections.iter().any(|(n, _)| n.as_ref() == "notes");
    let notes_section = has_notes.then(|| {
        let texts: Vec<&str> = sections
            .iter()
            .filter(|(n, _)| n == "notes")
            .flat_map(|(_, b)| b.iter().map(|l| l.text.as_ref()))
            .collect();
        let start = texts.iter().position(|t| !t.trim().is_empty()).unwrap_or(texts.len());
        let end = texts.iter().rposition(|t| !t.trim().is_empty()).map_or(start, |e| e + 1);
        texts[start..end.max(start)].join("\n")
    });
    puzzle.notes = match (notes_section, description) {
        (Some(n), Some(_)) => {
            extras.push("the metadata `description` (the Notes section is the notes)".to_string());
            n
        }
        (Some(n), None) => n,
        (None, Some(d)) => d,
        (None, None) => String::new(),
    };

    // Clues.
    // (A clue a line at most: the vector is allocated once.)
    let lines_of_clues = sections.iter().filter(|(n, _)| n == "clues").map(|(_, b)| b.len()).sum();
    let mut clues = Vec::with_capacity(lines_of_clues);
    let mut meta_lines: Vec<MetaLine<'_>> = Vec::new();
    let mut group_answers = 0;
    for (_, body) in sections.iter().filter(|(n, _)| n == "clues") {
        for line in body.iter().filter(|l| !l.blank()) {
            match parse_clue(line, &split) {
                Parsed::Clue(c) => {
                    if c.answer.is_none() {
                        warnings.push(Warning::at(Location::line(c.line), "clue without `~ ANSWER`"));
                    }
                    clues.push(c);
                }
                Parsed::Meta(m) => meta_lines.push(m),
                Parsed::Other => match group_clue(line, &groups) {
                    // A clue of another group (`R1. text ~ ANSWER`, its list named by the
                    // `Cluegroup:` header): a clue of another list, without cells.
                    Some((title, clue, answer)) => {
                        group_answers += usize::from(answer);
                        match puzzle.other_lists.iter_mut().find(|l| l.title == title) {
                            Some(list) => list.clues.push(clue),
                            None => {
                                puzzle.other_lists.push(crate::puzzle::OtherList { title, clues: vec![clue] })
                            }
                        }
                    }
                    None => warnings.push(Warning::at(
                        Location::line(line.number),
                        format!("not a clue line (`A1. clue ~ ANSWER`): {:?}", line.text.trim()),
                    )),
                },
            }
        }
    }
    if group_answers > 0 {
        extras.push(format!(
            "the answers of {group_answers} clue(s) of lists beyond Across and Down (pzl holds such a word as its cells, which .xd does not give)"
        ));
    }
    let across_clues = clues.iter().filter(|c| c.direction == Direction::Across).count();
    let down_clues = clues.len() - across_clues;
    let slots = puzzle.slots();
    // Schrödinger cells take the letter of the first clue answer crossing them (the first slot, in
    // slot order, whose clue answer has a letter there), found slot by slot: each slot and each
    // answer is walked once (findings N10: every `*` cell searched every slot, 3.3 s for 255×255).
    // (Empty without Schrödinger cells: `assign` reads a missing cell as no.)
    let mut either = Vec::new();
    if !schrodinger.is_empty() {
        either = vec![false; width * height];
        for &i in &schrodinger {
            either[i] = true;
        }
        let mut first_clue: FxHashMap<(Direction, u16), &ClueLine<'_>> = FxHashMap::default();
        for c in &clues {
            first_clue.entry((c.direction, c.number)).or_insert(c);
        }
        let mut open = either.clone();
        for s in &slots {
            if !s.cells(width).any(|c| open[c]) {
                continue;
            }
            let Some(answer) = first_clue.get(&(s.direction, s.number)).and_then(|c| c.answer.as_ref())
            else {
                continue;
            };
            let letters: Vec<char> = answer.chars().collect();
            // Where a cell's letter is in the answer: after the (rebus-expanded) cells before it.
            let mut offset = 0;
            for c in s.cells(width) {
                if open[c]
                    && let Some(l) = letters.get(offset).filter(|l| l.is_ascii_alphanumeric())
                {
                    puzzle.solution[c] = l.to_ascii_uppercase() as u8;
                    open[c] = false;
                }
                offset += puzzle.rebus.as_ref().and_then(|r| r.answer(c)).map_or(1, |a| a.chars().count());
            }
        }
        extras.push(format!("{} Schrödinger cell(s) (either of two letters)", schrodinger.len()));
    }
    let has_bars = puzzle.bars.is_some();
    let (assigned, labels) = assign(&puzzle, &slots, &clues, &either, has_bars, &mut warnings, &mut extras)?;
    let clue = |i: &Option<usize>| i.and_then(|i| clues.get(i));
    puzzle.clues = assigned.iter().map(|i| clue(i).map(|c| c.text.to_string()).unwrap_or_default()).collect();
    // Word breaks (`REAR|VIEW`) are the clue's enumeration, where they split the slot's letters.
    if clues.iter().any(|c| c.enumeration.is_some()) {
        let enumerations: Vec<String> = assigned
            .iter()
            .map(|i| clue(i).and_then(|c| c.enumeration.clone()).unwrap_or_default())
            .collect();
        puzzle.enumerations = enumerations.iter().any(|e| !e.is_empty()).then_some(enumerations);
    }
    puzzle.labels = labels;
    if !meta_lines.is_empty() {
        puzzle.clue_meta = clue_meta(&puzzle, &slots, &meta_lines, &mut warnings, &mut extras);
    }
    // `{/italic/}` and the other runs become the clues' markup.
    if puzzle.clues.iter().any(|c| c.contains('{')) {
        let mut markup = Vec::with_capacity(puzzle.clues.len());
        for clue in &mut puzzle.clues {
            let (plain, spans) = crate::markup::from_xd(clue);
            *clue = plain;
            markup.push(spans);
        }
        if markup.iter().any(|m| !m.is_empty()) {
            puzzle.clue_markup = Some(markup);
        }
    }
    Ok(XdRead { puzzle, warnings, extras, across_clues, down_clues, explicit })
}

/// The clue metadata lines (`A1 ^Hint: …`) of each slot in clue order, each on the clue of its
/// direction and number (the file's own number where it labels its clues); lines of no clue or
/// without `key:` are named in `extras`.
fn clue_meta(
    puzzle: &Puzzle,
    slots: &[Slot],
    lines: &[MetaLine<'_>],
    warnings: &mut Vec<Warning>,
    extras: &mut Vec<String>,
) -> Option<Vec<Vec<(String, String)>>> {
    let mut by_key: FxHashMap<(Direction, u16), usize> = FxHashMap::default();
    for (k, s) in slots.iter().enumerate() {
        let number = puzzle
            .labels
            .as_ref()
            .and_then(|l| l.get(k))
            .and_then(|l| l.parse::<u16>().ok())
            .unwrap_or(s.number);
        by_key.entry((s.direction, number)).or_insert(k);
    }
    let mut meta = vec![Vec::new(); slots.len()];
    let mut unkept = 0;
    for m in lines {
        match (m.key, by_key.get(&(m.direction, m.number))) {
            (Some(key), Some(&k)) => meta[k].push((key.to_string(), m.value.to_string())),
            (key, _) => {
                unkept += 1;
                let why = if key.is_none() {
                    "it is not `^Key: value`"
                } else {
                    "no clue of the grid has its number"
                };
                warnings
                    .push(Warning::at(Location::line(m.line), format!("clue metadata line not kept: {why}")));
            }
        }
    }
    if unkept > 0 {
        extras.push(format!("{unkept} clue metadata line(s) (no `^Key:` or no clue of the grid)"));
    }
    meta.iter().any(|m| !m.is_empty()).then_some(meta)
}

/// The solution of one cell: its rebus answer, or its letter.
fn cell_text(puzzle: &Puzzle, i: usize) -> Cow<'_, str> {
    match puzzle.rebus.as_ref().and_then(|r| r.answer(i)) {
        Some(answer) => Cow::Borrowed(answer),
        None => Cow::Owned(char::from(puzzle.solution.get(i).copied().unwrap_or(b'?')).to_string()),
    }
}

/// The solution along `slot`, rebus cells expanded, cut after about `most` bytes (for a message).
fn slot_answer(puzzle: &Puzzle, slot: &Slot, most: usize) -> String {
    let mut out = String::with_capacity(slot.len);
    for i in slot.cells(puzzle.width) {
        if out.len() >= most {
            out.push('…');
            break;
        }
        out.push_str(&cell_text(puzzle, i));
    }
    out
}

/// Whether `answer` spells the solution along `slot` (rebus cells expanded), ASCII case aside,
/// without building the slot's text.
fn slot_spells(puzzle: &Puzzle, slot: &Slot, answer: &str) -> bool {
    let mut rest = answer.as_bytes();
    let mut utf8 = [0; 4];
    for i in slot.cells(puzzle.width) {
        // `cell_text`'s bytes, without making a string of a letter (a string a cell was most of
        // the allocations of reading a file).
        let cell = match puzzle.rebus.as_ref().and_then(|r| r.answer(i)) {
            Some(answer) => answer.as_bytes(),
            None => {
                let byte = puzzle.solution.get(i).copied().unwrap_or(b'?');
                char::from(byte).encode_utf8(&mut utf8).as_bytes()
            }
        };
        match rest.split_at_checked(cell.len()) {
            Some((head, tail)) if head.eq_ignore_ascii_case(cell) => rest = tail,
            _ => return false,
        }
    }
    rest.is_empty()
}

/// The clue (an index into the clue lines) of each slot in slot order, and the file's own clue
/// numbers when they are not the grid's.
type Assigned = (Vec<Option<usize>>, Option<Vec<String>>);

/// The clue line of each slot, in slot order, and the file's own clue numbers when they are
/// not the grid's (clues then taken in order).
fn assign(
    puzzle: &Puzzle,
    slots: &[Slot],
    clues: &[ClueLine<'_>],
    either: &[bool],
    has_bars: bool,
    warnings: &mut Vec<Warning>,
    extras: &mut Vec<String>,
) -> Result<Assigned, ParseError> {
    if clues.is_empty() {
        return Ok((Vec::new(), None));
    }
    // Which (direction, number) the grid has, and the first clue of each: one entry per number
    // and direction (numbers are at most the cells), not a hash set and a hash map. A clue
    // numbered past the grid's numbers is of no slot.
    let top = slots.iter().map(|s| usize::from(s.number)).max().unwrap_or(0);
    let mut table: Vec<[(bool, Option<usize>); 2]> = vec![[(false, None); 2]; top + 1];
    for s in slots {
        table[usize::from(s.number)][s.direction as usize].0 = true;
    }
    for (i, c) in clues.iter().enumerate() {
        if let Some(entry) = table.get_mut(usize::from(c.number)) {
            entry[c.direction as usize].1.get_or_insert(i);
        }
    }
    let is_slot =
        |c: &ClueLine<'_>| table.get(usize::from(c.number)).is_some_and(|d| d[c.direction as usize].0);
    let find = |s: &Slot| {
        let i = table.get(usize::from(s.number)).and_then(|d| d[s.direction as usize].1)?;
        Some((i, clues.get(i)?))
    };
    let unmatched: Vec<&ClueLine<'_>> = clues.iter().filter(|c| !is_slot(c)).collect();
    let count = |d: Direction| {
        (slots.iter().filter(|s| s.direction == d).count(), clues.iter().filter(|c| c.direction == d).count())
    };
    let positional = !has_bars
        && !unmatched.is_empty()
        && [Direction::Across, Direction::Down].iter().all(|&d| {
            let (s, c) = count(d);
            s == c
        });
    let mut out = Vec::with_capacity(slots.len());
    if positional {
        warnings.push(Warning::at(
            Location::line(unmatched[0].line),
            "the clue numbers are not the grid's standard numbering; clues are taken in order",
        ));
        // In slot order, each direction's clues in turn (one pass over the slots a direction);
        // the file's numbers kept as the slots' labels.
        let mut ordered: Vec<Option<usize>> = vec![None; slots.len()];
        let mut labels: Vec<String> = slots.iter().map(|s| s.number.to_string()).collect();
        for d in [Direction::Across, Direction::Down] {
            let mut these = clues.iter().enumerate().filter(|(_, c)| c.direction == d);
            for (k, s) in slots.iter().enumerate() {
                if s.direction == d
                    && let Some((i, c)) = these.next()
                {
                    ordered[k] = Some(i);
                    labels[k] = c.number.to_string();
                }
            }
        }
        return Ok((ordered, Some(labels)));
    }
    if let Some(first) = unmatched.first() {
        if !has_bars {
            let d = if first.direction == Direction::Across { 'A' } else { 'D' };
            return Err(ParseError::at_line(
                first.line,
                format!(
                    "clue {d}{} has no slot in the grid (no {} word starts at a cell numbered {})",
                    first.number,
                    first.direction.name(),
                    first.number
                ),
            ));
        }
        for c in &unmatched {
            let d = if c.direction == Direction::Across { 'A' } else { 'D' };
            warnings.push(Warning::at(
                Location::line(c.line),
                format!(
                    "clue {d}{} dropped: no {} entry of the barred grid starts at a cell numbered {}",
                    c.number,
                    c.direction.name(),
                    c.number
                ),
            ));
        }
        extras.push(format!("{} clue(s) of no entry of the barred grid", unmatched.len()));
    }
    for s in slots {
        match find(s) {
            Some((i, c)) => {
                // (`either` is empty without Schrödinger cells.)
                let either = !either.is_empty()
                    && s.cells(puzzle.width).any(|i| either.get(i).copied().unwrap_or(false));
                if let Some(answer) = c.answer.as_ref().filter(|_| !either) {
                    let spelt = slot_spells(puzzle, s, answer);
                    let grid = || slot_answer(puzzle, s, 200);
                    if has_bars && !spelt {
                        let grid = grid();
                        // The bars cut this entry: the clue belongs to no slot of the bar-less grid.
                        warnings.push(Warning::at(
                            Location::line(c.line),
                            format!("clue dropped: its entry {answer} is cut by bars (the bar-less grid reads {grid})"),
                        ));
                        extras.push(format!("the clue on line {} (a barred entry)", c.line));
                        out.push(None);
                        continue;
                    }
                    if !answer.is_empty() && !spelt {
                        warnings.push(Warning::at(
                            Location::line(c.line),
                            format!("the answer {answer} disagrees with the grid ({})", grid()),
                        ));
                    }
                }
                out.push(Some(i));
            }
            None => {
                let d = if s.direction == Direction::Across { 'A' } else { 'D' };
                warnings.push(Warning::new(format!("no clue for {d}{}", s.number)));
                out.push(None);
            }
        }
    }
    Ok((out, None))
}

/// Keys for rebus answers: digits, then symbols, then circled numbers; none that the grid uses.
fn rebus_keys(puzzle: &Puzzle) -> impl Iterator<Item = char> + use<> {
    let used: Vec<u8> = puzzle.solution.clone();
    "1234567890!$%&+=?@^"
        .chars()
        .chain((0x2460..0x24ff).filter_map(char::from_u32))
        .filter(move |c| !c.is_ascii() || !used.contains(&(*c as u8)))
}

fn one_line(s: &str) -> String {
    s.replace("\r\n", " ").replace(['\n', '\r'], " ").trim().to_string()
}

/// [`one_line`], borrowing `s` when it has no line break (nearly every clue).
fn one_line_cow(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|b| b == b'\n' || b == b'\r') {
        Cow::Owned(one_line(s))
    } else {
        Cow::Borrowed(s.trim())
    }
}

/// Append the header line `key: value` (`key:` when the value is empty; the value is one line
/// without outer spaces).
fn push_field(out: &mut String, key: &str, value: &str) {
    out.push_str(key);
    out.push(':');
    if !value.is_empty() {
        out.push(' ');
        out.push_str(value);
    }
    out.push('\n');
}

/// Append `n` in decimal (a clue number: no formatter, no allocation).
fn push_number(out: &mut String, n: u16) {
    let mut digits = [0u8; 5];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// The notes as the last section holds them: LF line ends, no blank lines around, no line that
/// reads as a `## Section` header.
fn notes_text(notes: &str, lost: &mut Vec<String>) -> String {
    if notes.contains('\r') {
        lost.push("the CR line ends of the notes (written as LF)".to_string());
    }
    let notes = notes.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<&str> = notes.split('\n').collect();
    let start = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(lines.len());
    let end = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(start, |e| e + 1);
    let mut out: Vec<String> = Vec::with_capacity(end.saturating_sub(start));
    let mut blanks = 0;
    for line in &lines[start..end.max(start)] {
        // Two blank lines would start a new implicit section, which a reader may take for clues.
        if trim(line).is_empty() {
            blanks += 1;
            if blanks == 2 {
                lost.push(
                    "the runs of blank lines inside the notes (one blank line is written: two would end the notes)"
                        .to_string(),
                );
                out.pop();
                out.push(String::new());
            }
            if blanks < 2 {
                out.push((*line).to_string());
            }
            continue;
        }
        blanks = 0;
        if header(line).is_some() {
            lost.push(
                "the exact start of note lines that read as `## ` headers (a space is put before them)"
                    .to_string(),
            );
            out.push(format!(" {line}"));
        } else {
            out.push((*line).to_string());
        }
    }
    // Notes made only of clue lines (`A1. … ~ …`) would read back as clues: they are not written.
    let clue_like = |t: &String| {
        let line = Line { number: 0, text: Cow::Borrowed(t.as_str()) };
        line.blank() || matches!(parse_clue(&line, ""), Parsed::Clue(_) | Parsed::Meta(_))
    };
    if !out.is_empty() && out.iter().all(clue_like) {
        lost.push(
            "the notes, which are all clue lines (`A1. … ~ …`) and would read back as clues".to_string(),
        );
        return String::new();
    }
    out.join("\n")
}

/// The canonical `.xd` text of `puzzle` (v1 implicit sections, `#` blocks, `Rebus:` and
/// `Special: circle` headers when needed), and what it could not carry. A puzzle numbering its
/// clues its own way ([`Puzzle::labels`]) is written with the file's numbers when `.xd` reads
/// them back as they are (numbers, every entry clued, no bars: clues then go in order);
/// otherwise with the grid's, and `lost` names the file's.
pub fn write(puzzle: &Puzzle) -> (String, Vec<String>) {
    if puzzle.labels.is_some() {
        let numeric = puzzle.labels.iter().flatten().all(|l| l.parse::<u16>().is_ok());
        if numeric {
            let (text, lost) = write_numbered(puzzle, true);
            if read(&text).is_ok_and(|r| r.puzzle.labels == puzzle.labels) {
                return (text, lost);
            }
        }
        let (text, mut lost) = write_numbered(puzzle, false);
        lost.extend(puzzle.labels_lost());
        return (text, lost);
    }
    write_numbered(puzzle, false)
}

/// [`write`], numbering clues by their labels or by the grid.
fn write_numbered(puzzle: &Puzzle, labelled: bool) -> (String, Vec<String>) {
    let mut lost = Vec::new();
    let (_, _, enumerations) = puzzle.rich_counts();
    // Enumerations of word lengths go into the answers as split characters (`REAR|VIEW`).
    // (The entries are listed only then: a conversion's writer otherwise works from the slots.)
    let (splits, unsplit) =
        if enumerations > 0 { split_answers(&puzzle.clue_entries()) } else { (Vec::new(), 0) };
    if unsplit > 0 {
        lost.push(format!(
            "the enumerations of {unsplit} clue(s) (.xd marks only the word breaks of answers of several words)"
        ));
    }
    let groups = group_letters(puzzle, &mut lost);
    lost.extend(puzzle.own_labels_lost());
    lost.extend(puzzle.palette_lost());
    if puzzle.variety.is_some() {
        lost.push("the acrostic kind (written as a crossword)".to_string());
    }
    if puzzle.own_words() > 0 {
        lost.push(format!(
            "the words of {} clue(s) as the file defines them (written as their entries)",
            puzzle.own_words()
        ));
    }
    let w = puzzle.width;
    // Room for the headers, the grid, and each clue with its number and answer.
    let clue_bytes: usize = puzzle.clues.iter().map(|c| c.len() + 16).sum();
    let mut out = String::with_capacity(256 + puzzle.solution.len() * 3 + puzzle.notes.len() + clue_bytes);
    for (key, value) in
        [("Title", &puzzle.title), ("Author", &puzzle.author), ("Copyright", &puzzle.copyright)]
    {
        let v = one_line_cow(value);
        if v != *value {
            lost.push(format!("the line breaks and outer spaces of the {}", key.to_lowercase()));
        }
        push_field(&mut out, key, &v);
    }
    // Every other field as `Key: value` (keys are case-insensitive; written capitalised).
    for (key, value) in &puzzle.metadata {
        let valid = !key.is_empty() && !key.contains([':', '\n', '\r']) && !key.starts_with('#');
        let v = one_line_cow(value);
        if !valid {
            lost.push(format!("the metadata {key:?} (not a key .xd can write)"));
            continue;
        }
        if v != *value {
            lost.push(format!("the line breaks and outer spaces of the {key}"));
        }
        // Only an ASCII first letter is capitalised: `ß` would come back as `ss`.
        let mut capital = key.clone();
        if let Some(first) = capital.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        push_field(&mut out, &capital, &v);
    }
    // Rebus keys for each table entry.
    let mut keys: Vec<(u8, char, String)> = Vec::new();
    if let Some(rebus) = &puzzle.rebus {
        let mut free = rebus_keys(puzzle);
        let mut unkeyed = 0;
        for (k, answer) in &rebus.table {
            if rebus.cells.contains(&k.saturating_add(1)) {
                match free.next() {
                    Some(c) => keys.push((*k, c, answer.clone())),
                    None => unkeyed += 1,
                }
            }
        }
        if unkeyed > 0 {
            lost.push(format!(
                "{unkeyed} rebus answer(s) past the {} one-character keys free in this grid (their cells are \
                 written as their first letter)",
                keys.len()
            ));
        }
    }
    if !keys.is_empty() {
        let list: Vec<String> = keys.iter().map(|(_, c, a)| format!("{c}={a}")).collect();
        out.push_str(&format!("Rebus: {}\n", list.join(" ")));
    }
    let circled = |i: usize| puzzle.is_circled(i);
    let rebus_key = |i: usize| {
        puzzle
            .rebus
            .as_ref()
            .and_then(|rb| rb.cells.get(i))
            .and_then(|&v| v.checked_sub(1))
            .and_then(|k| keys.iter().find(|(key, _, _)| *key == k))
            .map(|(_, c, _)| *c)
    };
    // Circles are lower-case letters: only letter cells can show one.
    let circled_letter = |i: usize| {
        circled(i) && rebus_key(i).is_none() && puzzle.solution.get(i).is_some_and(u8::is_ascii_alphabetic)
    };
    if (0..puzzle.solution.len()).any(circled_letter) {
        out.push_str("Special: circle\n");
    }
    if splits.iter().any(Option::is_some) {
        out.push_str("Splitcharacter: |\n");
    }
    if !groups.is_empty() {
        let named: Vec<String> =
            groups.iter().map(|(letter, list)| format!("{letter}={}", list.title)).collect();
        out.push_str(&format!("Cluegroup: {}\n", named.join(" ")));
    }
    let meta_end = out.len();
    out.push_str("\n\n");
    let mut circles_lost = 0;
    for r in 0..puzzle.height {
        for c in 0..w {
            let i = r * w + c;
            let b = puzzle.solution.get(i).copied().unwrap_or(b'.');
            let ch = if is_block(b) {
                if circled(i) {
                    circles_lost += 1;
                }
                // A void is the spec's `_`, "a non-existing block".
                if puzzle.style(i).void { '_' } else { '#' }
            } else if let Some(k) = rebus_key(i) {
                if circled(i) {
                    circles_lost += 1;
                }
                k
            } else if b.is_ascii_alphabetic() {
                if circled(i) { b.to_ascii_lowercase() as char } else { b.to_ascii_uppercase() as char }
            } else if b.is_ascii_graphic() && !matches!(b, b'#' | b'.' | b'_' | b'*') {
                if circled(i) {
                    circles_lost += 1;
                }
                b as char
            } else {
                lost.push(format!(
                    "the solution byte 0x{b:02x} of row {} column {} (written as X)",
                    r + 1,
                    c + 1
                ));
                'X'
            };
            out.push(ch);
        }
        out.push('\n');
    }
    let grid_end = out.len();
    if circles_lost > 0 {
        lost.push(format!("the circles of {circles_lost} rebus, block or non-letter cell(s)"));
    }
    // Across first, then down, each in slot order (the slots come by number), written straight
    // into `out`: no entry list, no line formatted apart.
    let slots = puzzle.slots();
    let mut wrote_across = false;
    let mut wrote_down = false;
    let mut meta_unwritten = 0;
    for d in [Direction::Across, Direction::Down] {
        for (k, slot) in slots.iter().enumerate().filter(|(_, s)| s.direction == d) {
            let letter = match d {
                Direction::Across => 'A',
                Direction::Down => 'D',
            };
            if letter == 'A' && !wrote_across {
                out.push_str("\n\n");
                wrote_across = true;
            } else if letter == 'D' && !wrote_down {
                out.push_str(if wrote_across { "\n" } else { "\n\n" });
                wrote_down = true;
            }
            out.push(letter);
            if labelled {
                out.push_str(&puzzle.label(k, slot));
            } else {
                push_number(&mut out, slot.number);
            }
            out.push('.');
            let plain = puzzle.clues.get(k).map_or("", String::as_str);
            let markup = puzzle.markup_of(k);
            let marked = if markup.is_empty() {
                Cow::Borrowed(plain)
            } else {
                Cow::Owned(crate::markup::to_xd(plain, markup))
            };
            let clue = one_line_cow(&marked);
            if !clue.is_empty() {
                out.push(' ');
                out.push_str(&clue);
            }
            out.push_str(" ~ ");
            // The answer along the clue's word (the file's own cells, or the slot's run), rebus
            // cells expanded, without white space.
            let mut push_cell = |i: usize| match puzzle.rebus.as_ref().and_then(|r| r.answer(i)) {
                Some(answer) => out.extend(answer.chars().filter(|c| !c.is_whitespace())),
                None => {
                    if let Some(ch) =
                        puzzle.solution.get(i).map(|&b| char::from(b)).filter(|c| !c.is_whitespace())
                    {
                        out.push(ch);
                    }
                }
            };
            // An answer of several words is written with its word breaks (`REAR|VIEW`).
            match (splits.get(k).and_then(Option::as_ref), puzzle.words.as_ref().and_then(|w| w.get(k))) {
                (Some(split), _) => out.push_str(split),
                (None, Some(cells)) if !cells.is_empty() => cells.iter().for_each(|&i| push_cell(i)),
                (None, _) => slot.cells(w).for_each(push_cell),
            }
            out.push('\n');
            let meta = puzzle.clue_meta_of(k);
            if !meta.is_empty() {
                let number = if labelled { puzzle.label(k, slot) } else { slot.number.to_string() };
                meta_unwritten += push_clue_meta(&mut out, letter, &number, meta);
            }
        }
    }
    if meta_unwritten > 0 {
        lost.push(format!("{meta_unwritten} clue metadata line(s) whose key .xd cannot write"));
    }
    // The lists beyond Across and Down, each its group (`R1. text ~ ANSWER`).
    let (mut relabelled, mut unenumerated, mut with_cells) = (0, 0, 0);
    for (letter, list) in &groups {
        out.push_str(if wrote_across || wrote_down { "\n" } else { "\n\n" });
        wrote_across = true;
        for (n, clue) in list.clues.iter().enumerate() {
            out.push(*letter);
            if !clue.label.is_empty() && clue.label.bytes().all(|b| b.is_ascii_digit()) {
                out.push_str(&clue.label);
            } else {
                relabelled += 1;
                out.push_str(&(n + 1).to_string());
            }
            out.push('.');
            let marked = crate::markup::to_xd(&clue.text, &clue.markup);
            let text = one_line_cow(&marked);
            if !text.is_empty() {
                out.push(' ');
                out.push_str(&text);
            }
            out.push_str(" ~ ");
            out.extend(clue.answer(puzzle).chars().filter(|c| !c.is_whitespace()));
            out.push('\n');
            unenumerated += usize::from(!clue.enumeration.is_empty());
            with_cells += usize::from(!clue.cells.is_empty());
        }
    }
    if with_cells > 0 {
        lost.push(format!(
            "the cells of {with_cells} clue(s) of lists beyond Across and Down (.xd gives their answers)"
        ));
    }
    if relabelled > 0 {
        lost.push(format!(
            "the labels of {relabelled} clue(s) of lists beyond Across and Down (.xd numbers them; written in order)"
        ));
    }
    if unenumerated > 0 {
        lost.push(format!("the enumerations of {unenumerated} clue(s) of lists beyond Across and Down"));
    }
    if slots.is_empty() {
        out.push_str("\n\n");
    }
    if puzzle.clues.len() > slots.len() {
        lost.push(format!("{} clue(s) beyond the grid's slots", puzzle.clues.len() - slots.len()));
    }
    let notes = notes_text(&puzzle.notes, &mut lost);
    let design = design(puzzle);
    let start = start_section(puzzle);
    // Bars and shading need a `## Design` section, given letters a `## Start`, and notes after
    // a grid without clues would read back as its clues: then the whole file gets `## ` headers.
    if design.is_some() || start.is_some() || (slots.is_empty() && !notes.is_empty()) {
        let mut v2 = format!("## Metadata\n\n{}\n## Grid\n\n", &out[..meta_end]);
        v2.push_str(&out[meta_end + 2..grid_end]);
        v2.push_str("\n## Clues\n\n");
        v2.push_str(out[grid_end..].trim_start_matches('\n'));
        if !notes.is_empty() {
            v2.push_str(&format!("\n## Notes\n\n{notes}\n"));
        }
        if let Some((design, unclassed)) = design {
            if unclassed > 0 {
                lost.push(format!(
                    "the bars or shading of {unclassed} cell(s) past the {} looks a Design section names",
                    CLASSES.len()
                ));
            }
            v2.push_str("\n## Design\n\n");
            v2.push_str(&design);
        }
        if let Some((start, unwritten)) = start {
            if unwritten > 0 {
                lost.push(format!(
                    "{unwritten} given letter(s) a `## Start` cell cannot hold (a rebus or a symbol)"
                ));
            }
            v2.push_str("\n## Start\n\n");
            v2.push_str(&start);
        }
        out = v2;
    } else if notes.is_empty() {
        // The reference converter (puz2xd) ends the file with a blank line.
        out.push('\n');
    } else {
        out.push_str("\n\n");
        out.push_str(&notes);
        out.push('\n');
    }
    match puzzle.state() {
        SolutionState::Plain => {}
        SolutionState::Locked => lost.push("the lock (the grid holds the scrambled letters)".to_string()),
        SolutionState::None => lost.push("the no-solution flag".to_string()),
    }
    if puzzle.solution.contains(&b':') {
        lost.push("the diagramless flag".to_string());
    }
    // Given letters go into `## Start`; the rest of the fill is the player's.
    let played = |i: usize| !puzzle.is_given(i);
    let rebus_played =
        puzzle.user_rebus.iter().flatten().enumerate().any(|(i, e)| !e.is_empty() && played(i));
    if puzzle.fill.iter().enumerate().any(|(i, &b)| b != b'-' && !is_block(b) && played(i)) || rebus_played {
        lost.push("the player's fill".to_string());
    }
    if puzzle.timer.is_some() {
        lost.push("the timer".to_string());
    }
    if puzzle.markup.as_ref().is_some_and(|m| m.iter().any(|&f| f & !(flag::CIRCLED | flag::GIVEN) != 0)) {
        lost.push("cell flags other than circles and givens (incorrect, pencil)".to_string());
    }
    if !puzzle.puz.other_sections.is_empty() {
        lost.push(format!("{} unknown .puz section(s)", puzzle.puz.other_sections.len()));
    }
    (out, lost)
}

/// Each entry's answer with `|` at the word breaks its enumeration gives (`4,4`: `REAR|VIEW`),
/// in clue order (`None`: no enumeration), and how many enumerations cannot be written so: a
/// single word, other than word lengths (`3-4`, `2 wds`), not the answer's length, or an answer
/// holding `|` itself.
fn split_answers(entries: &[crate::puzzle::ClueEntry]) -> (Vec<Option<String>>, usize) {
    let mut unsplit = 0;
    let splits = entries
        .iter()
        .map(|e| {
            let enumeration = e.enumeration.as_deref()?;
            let answer: Vec<char> = e.answer.chars().filter(|c| !c.is_whitespace()).collect();
            // Only what reads back as written: `4,4`, never `4, 4` or `04`.
            let lengths: Option<Vec<usize>> = enumeration
                .split(',')
                .map(|n| n.parse::<usize>().ok().filter(|&v| v > 0 && v.to_string() == n))
                .collect();
            let split = lengths
                .filter(|l| l.len() > 1 && l.iter().sum::<usize>() == answer.len() && !answer.contains(&'|'));
            let Some(lengths) = split else {
                unsplit += 1;
                return None;
            };
            let mut out = String::with_capacity(answer.len() + lengths.len());
            let mut at = 0;
            for (k, n) in lengths.iter().enumerate() {
                if k > 0 {
                    out.push('|');
                }
                out.extend(&answer[at..at + n]);
                at += n;
            }
            Some(out)
        })
        .collect();
    (splits, unsplit)
}

/// The `## Start` body of `puzzle` (its given letters; `.` an open cell, `#` a block), and how
/// many givens it cannot hold (a rebus, a character other than a letter or digit), or `None`
/// when there are no given letters.
fn start_section(puzzle: &Puzzle) -> Option<(String, usize)> {
    let cells = puzzle.width * puzzle.height;
    if !(0..cells).any(|i| puzzle.is_given(i)) {
        return None;
    }
    let mut out = String::with_capacity(cells + puzzle.height);
    let mut unwritten = 0;
    for r in 0..puzzle.height {
        for c in 0..puzzle.width {
            let i = r * puzzle.width + c;
            let entry = puzzle.cell_entry(i);
            let ch = match entry.as_bytes() {
                _ if puzzle.solution.get(i).is_some_and(|&b| is_block(b)) => '#',
                [b] if puzzle.is_given(i) && b.is_ascii_alphanumeric() => char::from(b.to_ascii_uppercase()),
                _ => {
                    unwritten += usize::from(puzzle.is_given(i));
                    '.'
                }
            };
            out.push(ch);
        }
        out.push('\n');
    }
    Some((out, unwritten))
}

/// Write a clue's metadata lines (`A1 ^Hint: text`) after it; returns how many could not be
/// written (a key with `:`, a line break or nothing in it). A value's line breaks become spaces.
fn push_clue_meta(out: &mut String, d: char, number: &str, meta: &[(String, String)]) -> usize {
    let mut unwritten = 0;
    for (key, value) in meta {
        if key.trim().is_empty() || key.trim() != key || key.contains([':', '\n', '\r']) {
            unwritten += 1;
            continue;
        }
        let value = one_line(value);
        out.push_str(format!("{d}{number} ^{key}: {value}").trim_end());
        out.push('\n');
    }
    unwritten
}

/// The class names of a written `## Design` section.
const CLASSES: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The `## Design` body of `puzzle` (a `<style>` of one class per look, then one row per grid
/// row: `.` plain, `#` block, a class letter) and the cells whose look found no class name left,
/// or `None` when it has no bars and no shading.
fn design(puzzle: &Puzzle) -> Option<(String, usize)> {
    // Most grids have neither bars nor shading: no cell has a look to class.
    if puzzle.bars.is_none() && puzzle.styles.as_ref().is_none_or(|s| s.iter().all(|st| !st.is_shaded())) {
        return None;
    }
    let cells = puzzle.width * puzzle.height;
    let bars = |i: usize| {
        puzzle.bars.as_ref().and_then(|b| b.get(i)).copied().unwrap_or(0) & (BAR_RIGHT | BAR_BOTTOM)
    };
    let look = |i: usize| (bars(i), puzzle.style(i).fill());
    let mut classes: Vec<(u8, Option<[u8; 3]>)> = Vec::new();
    let mut rows = String::new();
    let mut unclassed = 0;
    for i in 0..cells {
        let key = look(i);
        let plain = if puzzle.solution.get(i).is_some_and(|&b| is_block(b)) { '#' } else { '.' };
        let ch = if key == (0, None) {
            plain
        } else {
            let k = classes.iter().position(|c| *c == key).or_else(|| {
                (classes.len() < CLASSES.len()).then(|| {
                    classes.push(key);
                    classes.len() - 1
                })
            });
            match k.and_then(|k| CLASSES.get(k)) {
                Some(&c) => char::from(c),
                None => {
                    unclassed += 1;
                    plain
                }
            }
        };
        rows.push(ch);
        if i % puzzle.width == puzzle.width - 1 {
            rows.push('\n');
        }
    }
    if classes.is_empty() {
        return None;
    }
    let mut style = String::from("<style>\n");
    for (k, (flags, shade)) in classes.iter().enumerate() {
        let mut props = Vec::new();
        if flags & BAR_RIGHT != 0 {
            props.push("bar-right: true".to_string());
        }
        if flags & BAR_BOTTOM != 0 {
            props.push("bar-bottom: true".to_string());
        }
        if let Some(rgb) = shade {
            props.push(format!("background: {}", CellStyle::hex(*rgb)));
        }
        style.push_str(&format!("{} {{ {} }}\n", char::from(CLASSES[k]), props.join("; ")));
    }
    style.push_str("</style>\n\n");
    Some((style + &rows, unclassed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn bars_and_shading_survive_xd_in_a_design_section() {
        let mut p = Puzzle::new(3, 2);
        p.set_solution_rows(&["ABC", "DEF"]);
        let mut bars = vec![0; 6];
        bars[0] = BAR_RIGHT;
        p.bars = Some(bars);
        p.set_style(4, CellStyle { shade: Some([0xc0, 0xc0, 0xc0]), void: false, ..CellStyle::default() });
        p.clues = p.slots().iter().map(|s| format!("clue {}", s.number)).collect();
        let (text, lost) = write(&p);
        assert!(lost.is_empty(), "{lost:?}");
        assert!(text.contains("## Design"), "{text}");
        let back = read(&text).unwrap();
        assert!(back.warnings.is_empty(), "{:?}\n{text}", back.warnings);
        assert_eq!(back.puzzle.slots(), p.slots());
        assert_eq!(back.puzzle.clues, p.clues);
        assert_eq!(back.puzzle.style(4).shade, Some([0xc0, 0xc0, 0xc0]));
        assert_eq!(back.puzzle.bars.as_ref().map(|b| b[0]), Some(BAR_RIGHT));
    }

    proptest! {
        /// The quick ASCII paths give what `str::trim` gives, Unicode white space included.
        #[test]
        fn quick_trimming_is_str_trim(s in "[ \t\u{b}\u{c}\r\u{a0}\u{3000}a-zé~]{0,12}") {
            prop_assert_eq!(trim(&s), s.trim());
            let line = Line { number: 1, text: Cow::Borrowed(&s) };
            prop_assert_eq!(line.blank(), s.trim().is_empty());
        }

        /// The lines cut at memchr's `\n`s are `str::split('\n')`'s, numbered from 1, each
        /// without its `\r`.
        #[test]
        fn lines_are_split_lines(s in "[\n\ra-z #é]{0,40}") {
            let got: Vec<(usize, String)> = lines(&s).into_iter().map(|l| (l.number, l.text.into_owned())).collect();
            let want: Vec<(usize, String)> = s
                .split('\n')
                .enumerate()
                .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l).to_string()))
                .collect();
            prop_assert_eq!(got, want);
        }
    }
}
