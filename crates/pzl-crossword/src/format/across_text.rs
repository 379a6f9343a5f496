//! The Across Lite text format (`<ACROSS PUZZLE>` v1 and `<ACROSS PUZZLE V2>`): read leniently
//! (tabs or spaces, CRLF or LF, `V2` or `v2`) into a [`Puzzle`], and written back — in the
//! layout the file was read with, so a text file round-trips exactly in its own version.

use pzl_grid::Pos;

use crate::error::ParseError;
use crate::numbering::{Direction, is_block};
use crate::puzzle::Puzzle;
use crate::raw::{STATE_NO_SOLUTION, TYPE_DIAGRAMLESS};

/// How a text file is laid out, so writing it again gives the same bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextLayout {
    /// `true` for `<ACROSS PUZZLE V2>` / `v2`.
    pub v2: bool,
    /// The exact first line's tag (`<ACROSS PUZZLE v2>` or `<ACROSS PUZZLE V2>`…).
    pub magic: String,
    /// Indent before metadata, size and grid lines.
    pub indent: String,
    /// Indent before clue lines.
    pub clue_indent: String,
    /// Indent before the `<SIZE>` line (kept as read: some files do not indent it).
    pub size_indent: String,
    /// Indent before grid rows.
    pub grid_indent: String,
    /// Indent before `<REBUS>` lines.
    pub rebus_indent: String,
    /// Whether lines end with CRLF.
    pub crlf: bool,
    /// Whether a `<NOTEPAD>` tag is written when the notes are empty.
    pub notepad_tag: bool,
    /// Whether the file ends with a line break.
    pub final_newline: bool,
    /// Whether the REBUS section has the `MARK;` line.
    pub mark: bool,
    /// Rebus marker lines as read: `(marker, answer, letter)`.
    pub rebus_markers: Vec<(u8, String, u8)>,
}

impl TextLayout {
    /// The usual layout: tabs, LF, a NOTEPAD tag, v2 only when needed.
    pub fn for_puzzle(puzzle: &Puzzle) -> TextLayout {
        let rebus = puzzle.rebus.as_ref().is_some_and(|r| r.cells.iter().any(|&v| v > 0));
        let circles = puzzle.markup.as_ref().is_some_and(|m| m.iter().any(|&f| f & 0x80 != 0));
        let v2 = rebus || circles;
        TextLayout {
            v2,
            magic: if v2 { "<ACROSS PUZZLE V2>".into() } else { "<ACROSS PUZZLE>".into() },
            indent: "\t".into(),
            clue_indent: "\t".into(),
            size_indent: "\t".into(),
            grid_indent: "\t".into(),
            rebus_indent: "\t".into(),
            crlf: false,
            notepad_tag: true,
            final_newline: true,
            mark: circles,
            rebus_markers: Vec::new(),
        }
    }
}

impl TextLayout {
    /// The usual layout in the version the caller names: `v1` (`<ACROSS PUZZLE>`, raised to
    /// `<ACROSS PUZZLE v2>` when the puzzle has rebus cells or circles, which only v2 holds),
    /// `v2` or `V2` (the tag spelt as given). `None` for any other name.
    pub fn for_version(puzzle: &Puzzle, version: &str) -> Option<TextLayout> {
        let mut layout = TextLayout::for_puzzle(puzzle);
        let tag = match version {
            "v1" if layout.v2 => "v2",
            "v1" => return Some(layout),
            "v2" | "V2" => version,
            _ => return None,
        };
        layout.v2 = true;
        layout.magic = format!("<ACROSS PUZZLE {tag}>");
        Some(layout)
    }
}

/// A text puzzle with its layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextPuzzle {
    /// The puzzle read.
    pub puzzle: Puzzle,
    /// How the file was laid out.
    pub layout: TextLayout,
    /// What the file holds that the puzzle could not take (rebus answers past
    /// [`crate::puzzle::MAX_REBUS_ANSWER_BYTES`]).
    pub warnings: Vec<crate::Warning>,
}

/// Whether `bytes` start like an Across Lite text file.
pub fn looks_like_text(bytes: &[u8]) -> bool {
    let start = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let trimmed = start.iter().position(|b| !b.is_ascii_whitespace()).map_or(&[][..], |i| &start[i..]);
    trimmed.len() >= 14 && trimmed[..14].eq_ignore_ascii_case(b"<ACROSS PUZZLE")
}

fn section_name(line: &str) -> Option<String> {
    let t = line.trim();
    (t.starts_with('<') && t.ends_with('>') && t.len() > 2).then(|| t[1..t.len() - 1].to_ascii_uppercase())
}

/// Read an Across Lite text file.
pub fn read(text: &str) -> Result<TextPuzzle, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let crlf = text.contains("\r\n");
    let final_newline = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    let first =
        lines.iter().position(|l| !l.trim().is_empty()).ok_or_else(|| ParseError::whole("empty file"))?;
    let magic = lines[first].trim().to_string();
    let v2 = match section_name(&magic).as_deref() {
        Some("ACROSS PUZZLE") => false,
        Some("ACROSS PUZZLE V2") => true,
        _ => {
            return Err(ParseError::at_line(first + 1, "expected <ACROSS PUZZLE> or <ACROSS PUZZLE V2>"));
        }
    };
    // Sections: name -> (line number of the tag, raw lines).
    let mut sections: Vec<(String, usize, Vec<&str>)> = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(first + 1) {
        let in_notepad = sections.last().is_some_and(|(n, _, _)| n == "NOTEPAD");
        match section_name(line) {
            Some(name) if !in_notepad || name == "NOTEPAD" => sections.push((name, i + 1, Vec::new())),
            _ => match sections.last_mut() {
                Some((_, _, body)) => body.push(line),
                None if line.trim().is_empty() => {}
                None => return Err(ParseError::at_line(i + 1, "expected a section tag such as <TITLE>")),
            },
        }
    }
    let find = |name: &str| sections.iter().find(|(n, _, _)| n == name);
    let required =
        |name: &str| find(name).ok_or_else(|| ParseError::whole(format!("the <{name}> section is missing")));
    let single = |name: &str| -> String {
        find(name)
            .and_then(|(_, _, body)| body.iter().find(|l| !l.trim().is_empty()))
            .map_or(String::new(), |l| l.trim().to_string())
    };
    let indent_of = |line: &str| line[..line.len() - line.trim_start().len()].to_string();
    let indent =
        find("TITLE").and_then(|(_, _, b)| b.first()).map(|l| indent_of(l)).unwrap_or_else(|| "\t".into());
    let clue_indent = find("ACROSS")
        .and_then(|(_, _, b)| b.first())
        .map(|l| indent_of(l))
        .unwrap_or_else(|| indent.clone());

    let first_indent = |name: &str| {
        find(name)
            .and_then(|(_, _, b)| b.iter().find(|l| !l.trim().is_empty()))
            .map_or_else(|| indent.clone(), |l| indent_of(l))
    };
    let size_indent = first_indent("SIZE");
    let grid_indent = first_indent("GRID");
    let rebus_indent = first_indent("REBUS");
    let (size_line, size_body) = required("SIZE").map(|(_, n, b)| (*n, b))?;
    let size_text = size_body.iter().find(|l| !l.trim().is_empty()).map_or("", |l| l.trim());
    let (w, h) = size_text
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse::<usize>().ok()?, h.trim().parse::<usize>().ok()?)))
        .filter(|&(w, h)| (1..=255).contains(&w) && (1..=255).contains(&h))
        .ok_or_else(|| {
            ParseError::at_line(size_line + 1, format!("expected COLSxROWS (1 to 255), found {size_text:?}"))
        })?;
    let (grid_line, grid_body) = required("GRID").map(|(_, n, b)| (*n, b))?;
    let rows: Vec<(usize, &str)> = grid_body
        .iter()
        .enumerate()
        .map(|(i, l)| (grid_line + 1 + i, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if rows.len() != h {
        return Err(ParseError::at_line(
            grid_line,
            format!("<SIZE> says {h} rows but <GRID> has {}", rows.len()),
        ));
    }
    let mut puzzle = Puzzle::new(w, h);
    puzzle.title = single("TITLE");
    puzzle.author = single("AUTHOR");
    puzzle.copyright = single("COPYRIGHT");
    let mut grid = Vec::with_capacity(w * h);
    for (line, row) in &rows {
        if row.chars().count() != w || !row.is_ascii() {
            return Err(ParseError::at_line(
                *line,
                format!("a grid row must be {w} ASCII characters, found {:?}", row),
            ));
        }
        grid.extend(row.bytes());
    }
    // REBUS: `MARK;` and marker lines `1:STAR:S`.
    let mut mark = false;
    let mut markers: Vec<(u8, String, u8)> = Vec::new();
    if let Some((_, at, body)) = find("REBUS") {
        for (i, line) in body.iter().enumerate() {
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if t.eq_ignore_ascii_case("MARK;") {
                mark = true;
                continue;
            }
            let parts: Vec<&str> = t.splitn(3, ':').collect();
            match parts.as_slice() {
                [m, long, short] if m.len() == 1 && !long.is_empty() && short.len() == 1 => markers.push((
                    m.as_bytes()[0],
                    long.to_string(),
                    short.as_bytes()[0].to_ascii_uppercase(),
                )),
                _ => {
                    return Err(ParseError::at_line(
                        at + 1 + i,
                        format!("expected MARK; or MARKER:ANSWER:LETTER, found {t:?}"),
                    ));
                }
            }
        }
    }
    let no_solution = grid.iter().all(|&b| b == b'X' || is_block(b));
    let mut solution = Vec::with_capacity(w * h);
    for (i, &b) in grid.iter().enumerate() {
        if let Some((_, _, short)) = markers.iter().find(|(m, _, _)| *m == b) {
            solution.push(*short);
            continue;
        }
        if mark
            && b.is_ascii_lowercase()
            && let Some(flags) = puzzle.markup.get_or_insert_with(|| vec![0; w * h]).get_mut(i)
        {
            *flags |= 0x80;
        }
        solution.push(b.to_ascii_uppercase());
    }
    puzzle.solution = solution;
    puzzle.fill = puzzle.solution.iter().map(|&b| if is_block(b) { b } else { b'-' }).collect();
    let mut rebus_lost = 0;
    for (i, &b) in grid.iter().enumerate() {
        if let Some((_, long, short)) = markers.iter().find(|(m, _, _)| *m == b) {
            if !puzzle.set_rebus(Pos::new(i / w, i % w), long) {
                rebus_lost += 1;
            }
            // The text names the letter older readers show; it stays the solution byte.
            puzzle.solution[i] = *short;
        }
    }
    if no_solution {
        puzzle.solution_state = STATE_NO_SOLUTION;
    }
    if grid.contains(&b':') {
        puzzle.puzzle_type |= TYPE_DIAGRAMLESS;
    }
    // Clues: across and down lists, merged into the file's order by the grid's numbering.
    let clue_lines = |name: &str| -> Result<Vec<String>, ParseError> {
        let (_, _, body) = required(name)?;
        Ok(body.iter().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect())
    };
    let across = clue_lines("ACROSS")?;
    let down = clue_lines("DOWN")?;
    let slots = puzzle.slots();
    let wanted_across = slots.iter().filter(|s| s.direction == Direction::Across).count();
    let wanted_down = slots.len() - wanted_across;
    if across.len() != wanted_across || down.len() != wanted_down {
        let line = find("ACROSS").map_or(0, |(_, n, _)| *n);
        return Err(ParseError::at_line(
            line,
            format!(
                "the grid has {wanted_across} across and {wanted_down} down slots but the file gives {} across and {} down clues",
                across.len(),
                down.len()
            ),
        ));
    }
    let (mut a, mut d) = (across.into_iter(), down.into_iter());
    puzzle.clues = slots
        .iter()
        .map(|s| match s.direction {
            Direction::Across => a.next().unwrap_or_default(),
            Direction::Down => d.next().unwrap_or_default(),
        })
        .collect();
    let notepad = find("NOTEPAD");
    puzzle.notes = notepad.map(|(_, _, body)| body.join("\n")).unwrap_or_default();
    let layout = TextLayout {
        v2,
        magic,
        indent,
        clue_indent,
        size_indent,
        grid_indent,
        rebus_indent,
        crlf,
        notepad_tag: notepad.is_some(),
        final_newline,
        mark,
        rebus_markers: markers,
    };
    let mut warnings = Vec::new();
    if rebus_lost > 0 {
        warnings.push(crate::Warning::new(format!(
            "{rebus_lost} cell(s) whose answers are longer than the {} bytes a rebus answer holds: only \
             their letter is kept",
            crate::puzzle::MAX_REBUS_ANSWER_BYTES
        )));
    }
    Ok(TextPuzzle { puzzle, layout, warnings })
}

/// What writing a puzzle as text could not carry.
pub fn dropped_by_text(puzzle: &Puzzle, layout: &TextLayout) -> Vec<String> {
    let mut dropped = Vec::new();
    if puzzle.fill.iter().any(|&b| b != b'-' && !is_block(b)) {
        dropped.push("the player's fill".to_string());
    }
    if puzzle.timer.is_some() {
        dropped.push("the timer".to_string());
    }
    if let Some(markup) = &puzzle.markup {
        if markup.iter().any(|&f| f & 0x7f != 0) {
            dropped.push("cell flags other than circles (given, incorrect, pencil)".to_string());
        }
        let rebus = |i: usize| puzzle.rebus.as_ref().is_some_and(|r| r.answer(i).is_some());
        let lost = (0..markup.len()).any(|i| {
            markup[i] & 0x80 != 0
                && (rebus(i) || puzzle.solution.get(i).is_some_and(|&b| !b.is_ascii_alphabetic()))
        });
        if layout.v2 && lost {
            dropped.push("circles on rebus cells, blocks or non-letters".to_string());
        }
        if !layout.v2 && markup.iter().any(|&f| f & 0x80 != 0) {
            dropped.push("circles (text v1 has no MARK)".to_string());
        }
    }
    if !layout.v2 && puzzle.rebus.as_ref().is_some_and(|r| r.cells.iter().any(|&v| v > 0)) {
        dropped.push("rebus answers beyond their first letter (text v1 has no REBUS)".to_string());
    }
    if puzzle.notes.contains('\r') && !layout.crlf {
        dropped.push("the CR of CRLF line ends in the notes".to_string());
    }
    let padded = |s: &str| s.trim() != s;
    if padded(&puzzle.title)
        || padded(&puzzle.author)
        || padded(&puzzle.copyright)
        || puzzle.clues.iter().any(|c| padded(c))
    {
        dropped.push("spaces around the title, author, copyright or clues".to_string());
    }
    if !puzzle.puz.other_sections.is_empty() {
        dropped.push(format!("{} unknown section(s)", puzzle.puz.other_sections.len()));
    }
    let w = puzzle.width.max(1);
    if let Some(i) = puzzle.solution.iter().position(|&b| !grid_safe(b)) {
        dropped.push(format!(
            "the solution byte 0x{:02x} at row {}, column {} (a text grid holds printable ASCII; written as X)",
            puzzle.solution[i],
            i / w + 1,
            i % w + 1
        ));
    }
    let broken = |s: &str| s.contains(['\n', '\r']);
    if [&puzzle.title, &puzzle.author, &puzzle.copyright].into_iter().any(|s| broken(s))
        || puzzle.clues.iter().any(|c| broken(c))
    {
        dropped.push("line breaks in the title, author, copyright or clues (written as spaces)".to_string());
    }
    if puzzle.state() == crate::puzzle::SolutionState::Locked {
        dropped
            .push("the real solution (the puzzle is locked; the scrambled letters are written)".to_string());
    }
    dropped
}

/// Whether a solution byte can stand in a text grid row and be read back: printable ASCII that
/// cannot make the row look like a section tag.
fn grid_safe(b: u8) -> bool {
    b.is_ascii_graphic() && b != b'<' && b != b'>'
}

/// `text` on one line: line breaks (which would start new lines of the file) become spaces.
fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains(['\n', '\r']) { text.replace(['\n', '\r'], " ").into() } else { text.into() }
}

/// Write `puzzle` as Across Lite text in `layout`. Solution bytes a text grid cannot hold (not
/// printable ASCII, or `<`/`>`) are written as `X` and line breaks in single-line fields as
/// spaces; [`dropped_by_text`] names both.
pub fn write(puzzle: &Puzzle, layout: &TextLayout) -> String {
    let nl = if layout.crlf { "\r\n" } else { "\n" };
    let mut lines: Vec<String> = vec![layout.magic.clone()];
    let ind = &layout.indent;
    for (tag, value) in
        [("TITLE", &puzzle.title), ("AUTHOR", &puzzle.author), ("COPYRIGHT", &puzzle.copyright)]
    {
        lines.push(format!("<{tag}>"));
        lines.push(format!("{ind}{}", one_line(value)));
    }
    lines.push("<SIZE>".into());
    lines.push(format!("{}{}x{}", layout.size_indent, puzzle.width, puzzle.height));
    lines.push("<GRID>".into());
    // Rebus markers: 1..9 then other symbols, one per distinct answer.
    let symbols = b"123456789@#$%&+?0";
    let mut markers: Vec<(String, u8, u8)> =
        layout.rebus_markers.iter().map(|(m, answer, short)| (answer.clone(), *m, *short)).collect();
    let mut grid: Vec<u8> = puzzle.solution.iter().map(|&b| if grid_safe(b) { b } else { b'X' }).collect();
    for (i, cell) in grid.iter_mut().enumerate() {
        if layout.v2
            && let Some(answer) = puzzle.rebus.as_ref().and_then(|r| r.answer(i))
        {
            let short = puzzle.solution[i];
            let marker = match markers.iter().find(|(a, _, s)| a == answer && *s == short) {
                Some((_, m, _)) => *m,
                None => {
                    let m = symbols
                        .iter()
                        .copied()
                        .find(|s| markers.iter().all(|(_, m, _)| m != s) && !puzzle.solution.contains(s))
                        .unwrap_or(b'?');
                    markers.push((answer.to_string(), m, short));
                    m
                }
            };
            *cell = marker;
            continue;
        }
        if layout.mark && puzzle.is_circled(i) {
            *cell = cell.to_ascii_lowercase();
        }
    }
    for row in grid.chunks(puzzle.width.max(1)) {
        lines.push(format!("{}{}", layout.grid_indent, String::from_utf8_lossy(row)));
    }
    if layout.v2 && (layout.mark || !markers.is_empty()) {
        lines.push("<REBUS>".into());
        if layout.mark {
            lines.push(format!("{}MARK;", layout.rebus_indent));
        }
        for (answer, m, short) in &markers {
            lines.push(format!("{}{}:{answer}:{}", layout.rebus_indent, char::from(*m), char::from(*short)));
        }
    }
    let slots = puzzle.slots();
    for (tag, direction) in [("ACROSS", Direction::Across), ("DOWN", Direction::Down)] {
        lines.push(format!("<{tag}>"));
        for (slot, clue) in slots.iter().zip(&puzzle.clues) {
            if slot.direction == direction {
                lines.push(format!("{}{}", layout.clue_indent, one_line(clue)));
            }
        }
    }
    if layout.notepad_tag || !puzzle.notes.is_empty() {
        lines.push("<NOTEPAD>".into());
        if !puzzle.notes.is_empty() {
            lines.extend(puzzle.notes.split('\n').map(|l| l.trim_end_matches('\r').to_string()));
        }
    }
    let mut out = lines.join(nl);
    if layout.final_newline {
        out.push_str(nl);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "<ACROSS PUZZLE V2>\n<TITLE>\n\tT\n<AUTHOR>\n\tA\n<COPYRIGHT>\n\t\n<SIZE>\n\t3x3\n<GRID>\n\t1aT\n\t..A\n\t..R\n<REBUS>\n\tMARK;\n\t1:CAT:C\n<ACROSS>\n  Pet\n<DOWN>\n  Sticky stuff\n<NOTEPAD>\nline one\n";

    #[test]
    fn a_v2_file_reads_and_writes_back_exactly() {
        let t = read(SAMPLE).unwrap();
        assert!(t.layout.v2 && t.layout.mark);
        assert_eq!(t.puzzle.clue_entries()[0].answer, "CATAT");
        assert!(t.puzzle.is_circled(1));
        assert_eq!(t.puzzle.notes, "line one");
        assert_eq!(write(&t.puzzle, &t.layout), SAMPLE);
        let crlf = SAMPLE.replace('\n', "\r\n");
        let t = read(&crlf).unwrap();
        assert_eq!(write(&t.puzzle, &t.layout), crlf);
    }

    #[test]
    fn malformed_text_names_the_line() {
        let short_row = SAMPLE.replace("\t..A\n", "\t.A\n");
        assert!(read(&short_row).unwrap_err().to_string().contains("line 12"));
        let no_down = SAMPLE.replace("<DOWN>\n  Sticky stuff\n", "");
        assert!(read(&no_down).is_err());
        let extra = SAMPLE.replace("  Pet\n", "  Pet\n  Extra\n");
        assert!(read(&extra).unwrap_err().to_string().contains("across"));
        assert!(read("hello").is_err());
    }
}
