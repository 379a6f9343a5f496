//! A print-ready page of a crossword: title, author and copyright, the grid (numbers, circles,
//! rebus and fill) and the numbered Across and Down clue lists, wrapped in columns that flow
//! around the grid and onto further pages, each later page under a running heading.
//!
//! The layout is computed once, in points on a Letter or A4 page, as a list of [`Mark`]s;
//! [`svg`] and [`crate::pdf`] only draw those marks. Text is measured with the glyphs of
//! [`Fonts`] (DejaVu Sans, and system fonts for what it lacks), the same glyphs the PDF embeds,
//! so wrapping is exact in the PDF.

use pzl_core::Paper;
use pzl_grid::svg::{Svg, escape, num};

use crate::fonts::{Fonts, SVG_FAMILY};
use crate::numbering::{BAR_BOTTOM, BAR_RIGHT, Direction, is_block};
use crate::puzzle::Puzzle;

/// The white border on every side.
pub const MARGIN: f64 = 36.0;
const GUTTER: f64 = 14.0;
/// Clue columns aim at about this width.
const COLUMN_WIDTH: f64 = 125.0;
/// The largest cell drawn, so that grids do not fill the page.
const MAX_CELL: f64 = 30.0;
/// The largest cell of a small grid, drawn centred across the page.
const MAX_SMALL_CELL: f64 = 40.0;
/// Grids no larger than this each way are small: centred above the clues.
const SMALL_GRID: usize = 9;
/// Clue sizes tried from the largest down.
const CLUE_SIZES: [f64; 5] = [9.5, 9.0, 8.5, 8.0, 7.5];
/// The running heading of the second and later pages.
const RUNNING_SIZE: f64 = 8.5;

/// Which face of the font.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Font {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// Where a text's `x` lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is where the text starts.
    Start,
    /// `x` is the middle of the text.
    Middle,
    /// `x` is where the text ends.
    End,
}

/// One thing drawn on a page; coordinates in points from the top-left corner, text at its
/// baseline.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A square cell: black when `filled`, else white (or its shading) with a black outline.
    Cell {
        /// Left edge.
        x: f64,
        /// Top edge.
        y: f64,
        /// Side length.
        size: f64,
        /// Black (a block) rather than white.
        filled: bool,
        /// The file's shading (red, green, blue), drawn instead of white or black.
        shade: Option<[u8; 3]>,
    },
    /// A bar between two cells: a thick black line where an entry ends.
    Bar {
        /// One end, across.
        x1: f64,
        /// One end, down.
        y1: f64,
        /// The other end, across.
        x2: f64,
        /// The other end, down.
        y2: f64,
    },
    /// A white patch without outline, behind a clue number in a circled cell.
    Patch {
        /// Left edge.
        x: f64,
        /// Top edge.
        y: f64,
        /// Width.
        width: f64,
        /// Height.
        height: f64,
    },
    /// A gray circle outline.
    Circle {
        /// Centre, across.
        cx: f64,
        /// Centre, down.
        cy: f64,
        /// Radius.
        r: f64,
    },
    /// A line of text.
    Text {
        /// Where the anchor lies, across.
        x: f64,
        /// The baseline.
        y: f64,
        /// Font size in points.
        size: f64,
        /// Regular or bold.
        font: Font,
        /// Where `x` lies in the text.
        anchor: Anchor,
        /// Gray (pencil letters) rather than black.
        gray: bool,
        /// Slanted, for italic clue markup: the shipped fonts have no italic face, so the
        /// regular or bold glyphs are sheared 12° (PDF text matrix, SVG `skewX`).
        slant: bool,
        /// The text itself.
        text: String,
    },
    /// A thin line under or through a run of text (underline and strike-through markup).
    Rule {
        /// Where it starts, across.
        x1: f64,
        /// Where it ends, across.
        x2: f64,
        /// Its height on the page (down).
        y: f64,
        /// Its thickness.
        weight: f64,
    },
}

/// One laid-out page.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Page {
    /// What the page holds, in drawing order.
    pub marks: Vec<Mark>,
}

/// The laid-out pages with their paper and the fonts that measured and will draw them.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The paper.
    pub paper: Paper,
    /// Page width in points.
    pub width: f64,
    /// Page height in points.
    pub height: f64,
    /// The pages, first to last.
    pub pages: Vec<Page>,
    /// The fonts of every text mark.
    pub fonts: Fonts,
}

/// Break `text` into lines no wider than `width`; a word longer than a line is cut.
pub fn wrap(fonts: &Fonts, text: &str, font: Font, size: f64, width: f64) -> Vec<String> {
    let fits = |s: &str| fonts.width(s, font, size) <= width;
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if fits(&candidate) {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for ch in word.chars() {
            line.push(ch);
            if !fits(&line) && line.chars().count() > 1 {
                line.pop();
                lines.push(std::mem::replace(&mut line, ch.to_string()));
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// A block of lines that stays together in one column: a heading, or a clue.
struct Block {
    /// The heading text, or the clue number.
    label: String,
    heading: bool,
    /// The heading of the list the block belongs to (for "ACROSS (cont.)").
    list: String,
    lines: Vec<String>,
    /// Each line as runs of one look: the text and its markup (a set of [`crate::markup::Style`]
    /// bits, 0 = plain).
    runs: Vec<Vec<(String, u8)>>,
    /// Extra space above it.
    space_before: f64,
}

/// The bit of a markup style in a run's set.
fn style_bit(style: crate::markup::Style) -> u8 {
    use crate::markup::Style;
    match style {
        Style::Italic => 1,
        Style::Bold => 2,
        Style::Underline => 4,
        Style::Strike => 8,
        Style::Sub => 16,
        Style::Sup => 32,
    }
}

/// The wrapped `lines` of `text` as runs of one look each, the markup `spans` (byte ranges of
/// `text`) found again by walking the lines and the text side by side (wrapping only drops and
/// folds white space). Characters past `text` (an enumeration after it) are plain.
fn line_runs(text: &str, spans: &[crate::markup::Span], lines: &[String]) -> Vec<Vec<(String, u8)>> {
    let bits_at = |offset: usize| {
        spans.iter().filter(|s| s.start <= offset && offset < s.end).fold(0u8, |b, s| b | style_bit(s.style))
    };
    let mut rest = text.char_indices().peekable();
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let mut runs: Vec<(String, u8)> = Vec::new();
        for ch in line.chars() {
            while rest.peek().is_some_and(|(_, c)| c.is_whitespace() && !ch.is_whitespace()) {
                rest.next();
            }
            let bits = match rest.peek() {
                Some(&(at, c)) if c == ch || (c.is_whitespace() && ch.is_whitespace()) => {
                    rest.next();
                    // A space keeps the look of the run around it (an underline goes on under it).
                    let bits = bits_at(at);
                    if ch.is_whitespace() {
                        while rest.peek().is_some_and(|(_, c)| c.is_whitespace()) {
                            rest.next();
                        }
                    }
                    bits
                }
                _ => 0,
            };
            match runs.last_mut() {
                Some((run, b)) if *b == bits => run.push(ch),
                _ => runs.push((ch.to_string(), bits)),
            }
        }
        out.push(runs);
    }
    out
}

/// A column's rectangle on a page.
#[derive(Debug, Clone, Copy)]
struct Column {
    x: f64,
    top: f64,
    bottom: f64,
}

/// The heading of a list continued from an earlier column.
pub fn continued(heading: &str) -> String {
    format!("{heading} (cont.)")
}

/// Every text the page of `puzzle` may print, with its face.
fn page_texts(puzzle: &Puzzle) -> Vec<(String, Font)> {
    let mut texts = vec![
        (puzzle.title.clone(), Font::Bold),
        (puzzle.title.clone(), Font::Regular),
        (puzzle.author.clone(), Font::Regular),
        (puzzle.copyright.clone(), Font::Regular),
        ("Crossword ACROSS DOWN (cont.) page of 0123456789 ·…".to_string(), Font::Bold),
        ("Crossword page of 0123456789 ·…".to_string(), Font::Regular),
    ];
    texts.extend(puzzle.clues.iter().map(|c| (c.clone(), Font::Regular)));
    // Clues with bold markup print in the bold face too.
    let bold = |m: &[crate::markup::Span]| m.iter().any(|s| s.style == crate::markup::Style::Bold);
    texts.extend(
        puzzle
            .clues
            .iter()
            .enumerate()
            .filter(|(k, _)| bold(puzzle.markup_of(*k)))
            .map(|(_, c)| (c.clone(), Font::Bold)),
    );
    for list in &puzzle.other_lists {
        texts.push((list.title.to_uppercase(), Font::Bold));
        texts.extend(list.clues.iter().map(|c| (c.label.clone(), Font::Bold)));
        texts.extend(list.clues.iter().map(|c| (c.text.clone(), Font::Regular)));
        texts.extend(list.clues.iter().filter(|c| bold(&c.markup)).map(|c| (c.text.clone(), Font::Bold)));
    }
    texts.extend(
        (0..puzzle.width * puzzle.height).map(|i| (puzzle.cell_entry(i).to_uppercase(), Font::Regular)),
    );
    texts
}

/// The fonts that print `puzzle`'s page (system fonts are looked for only when the shipped
/// ones lack a character).
pub fn fonts_for(puzzle: &Puzzle) -> Fonts {
    let texts = page_texts(puzzle);
    Fonts::new(texts.iter().map(|(t, f)| (t.as_str(), *f)))
}

/// Lay out `puzzle` as print-ready pages on `paper`: as many as the clues need.
pub fn layout(puzzle: &Puzzle, paper: Paper) -> Layout {
    let fonts = fonts_for(puzzle);
    let (page_width, page_height) = paper.size();
    let content_width = page_width - 2.0 * MARGIN;
    let count = (((content_width + GUTTER) / (COLUMN_WIDTH + GUTTER)).floor() as usize).max(2);
    let column_width = (content_width - GUTTER * (count - 1) as f64) / count as f64;
    let (w, h) = (puzzle.width.max(1) as f64, puzzle.height.max(1) as f64);
    let mut first = Page::default();
    let top = header(&fonts, puzzle, &mut first, content_width);
    let small = puzzle.width <= SMALL_GRID && puzzle.height <= SMALL_GRID;
    let (cell, grid_left) = if small {
        // A small grid is enlarged and centred above the clues, not left in a corner.
        let cell = (content_width / w).min((page_height - MARGIN - top) * 0.45 / h).min(MAX_SMALL_CELL);
        (cell, (page_width - cell * w) / 2.0)
    } else {
        // The grid takes the right-hand columns: all but one.
        let grid_columns = (count - 1).max(1);
        let grid_span = grid_columns as f64 * (column_width + GUTTER) - GUTTER;
        let cell = (grid_span / w).min((page_height - MARGIN - top) * 0.62 / h).min(MAX_CELL);
        (cell, page_width - MARGIN - cell * w)
    };
    grid(&fonts, puzzle, &mut first, grid_left, top, cell);
    let below_grid = top + cell * puzzle.height as f64 + 16.0;
    let column_x = |i: usize| MARGIN + i as f64 * (column_width + GUTTER);
    let first_columns: Vec<Column> = (0..count)
        .map(|i| {
            let overlaps_grid = small || column_x(i) + column_width > grid_left - GUTTER / 2.0;
            Column {
                x: column_x(i),
                top: if overlaps_grid { below_grid } else { top },
                bottom: page_height - MARGIN,
            }
        })
        .collect();
    let later_top = MARGIN + RUNNING_SIZE * 1.3 + 10.0;
    let later_columns: Vec<Column> =
        (0..count).map(|i| Column { x: column_x(i), top: later_top, bottom: page_height - MARGIN }).collect();

    // The largest clue size that needs the fewest pages: a smaller size is tried before a page
    // is added, and text is never shrunk for nothing.
    let mut best: Option<Vec<Page>> = None;
    for size in CLUE_SIZES {
        let pages = flow(&fonts, puzzle, &first, &first_columns, &later_columns, column_width, size);
        if best.as_ref().is_none_or(|b| pages.len() < b.len()) {
            best = Some(pages);
        }
        if best.as_ref().is_some_and(|b| b.len() == 1) {
            break;
        }
    }
    let mut pages = best.unwrap_or_else(|| vec![first]);
    running_headings(&fonts, puzzle, &mut pages, page_width);
    Layout { paper, width: page_width, height: page_height, pages, fonts }
}

/// The title and "page N of M" across the top of the second and later pages.
fn running_headings(fonts: &Fonts, puzzle: &Puzzle, pages: &mut [Page], page_width: f64) {
    let total = pages.len();
    let title = if puzzle.title.trim().is_empty() { "Crossword" } else { puzzle.title.trim() };
    for (n, page) in pages.iter_mut().enumerate().skip(1) {
        let number = format!("page {} of {total}", n + 1);
        let room = page_width - 2.0 * MARGIN - fonts.width(&number, Font::Regular, RUNNING_SIZE) - GUTTER;
        let lines = wrap(fonts, title, Font::Regular, RUNNING_SIZE, room);
        let mut shown = lines.first().cloned().unwrap_or_default();
        if lines.len() > 1 {
            while !shown.is_empty() && fonts.width(&format!("{shown}…"), Font::Regular, RUNNING_SIZE) > room
            {
                shown.pop();
            }
            shown.push('…');
        }
        let y = MARGIN + RUNNING_SIZE;
        let text = |x: f64, anchor: Anchor, text: String| Mark::Text {
            x,
            y,
            size: RUNNING_SIZE,
            font: Font::Regular,
            anchor,
            gray: true,
            slant: false,
            text,
        };
        page.marks.splice(
            0..0,
            [text(MARGIN, Anchor::Start, shown), text(page_width - MARGIN, Anchor::End, number)],
        );
    }
}

/// Title, author and copyright across the top; returns where the rest may start.
fn header(fonts: &Fonts, puzzle: &Puzzle, page: &mut Page, width: f64) -> f64 {
    let mut y = MARGIN;
    let line = |y: &mut f64, text: &str, size: f64, font: Font, page: &mut Page| {
        for part in wrap(fonts, text, font, size, width) {
            *y += size;
            page.marks.push(Mark::Text {
                x: MARGIN,
                y: *y,
                size,
                font,
                anchor: Anchor::Start,
                gray: false,
                slant: false,
                text: part,
            });
            *y += size * 0.3;
        }
    };
    let title = if puzzle.title.trim().is_empty() { "Crossword" } else { puzzle.title.trim() };
    line(&mut y, title, 16.0, Font::Bold, page);
    let byline = [puzzle.author.trim(), puzzle.copyright.trim()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("  ·  ");
    if !byline.is_empty() {
        y += 2.0;
        line(&mut y, &byline, 9.5, Font::Regular, page);
    }
    y + 12.0
}

/// The height of a digit above its baseline, in ems (DejaVu Sans: 1493/2048).
const DIGIT_HEIGHT: f64 = 0.73;

/// The grid with its top-left corner at (`left`, `top`).
fn grid(fonts: &Fonts, puzzle: &Puzzle, page: &mut Page, left: f64, top: f64, cell: f64) {
    // The grid's numbers, or the file's own labels where it prints its own.
    let shown = puzzle.shown_labels();
    // Clue numbers sit this far from the cell's top and left borders.
    let pad = (cell * 0.08).max(1.0);
    for r in 0..puzzle.height {
        for c in 0..puzzle.width {
            let i = r * puzzle.width + c;
            let (x, y) = (left + c as f64 * cell, top + r as f64 * cell);
            let look = puzzle.style(i);
            // A void is outside the puzzle's shape: nothing is drawn there.
            if look.void {
                continue;
            }
            let filled = puzzle.solution.get(i).is_some_and(|&b| is_block(b));
            page.marks.push(Mark::Cell { x, y, size: cell, filled, shade: look.fill() });
            if filled {
                continue;
            }
            let circled = puzzle.is_circled(i);
            if circled {
                // Inscribed in the cell, its stroke inside the border; the number goes on top.
                page.marks.push(Mark::Circle { cx: x + cell / 2.0, cy: y + cell / 2.0, r: cell / 2.0 - 1.0 });
            }
            let number = shown.get(i).cloned().unwrap_or_default();
            // The file's labels at the cell's corners and sides, smaller; a top-left one goes
            // under the number.
            for (corner, text) in puzzle.marks_of(i) {
                let size = cell * 0.22;
                let (ax, ay) = corner.anchor();
                let anchor = match ax {
                    a if a < 0.25 => Anchor::Start,
                    a if a < 0.75 => Anchor::Middle,
                    _ => Anchor::End,
                };
                let below = *corner == crate::puzzle::Corner::TopLeft && !number.is_empty();
                let top = y + pad + size * DIGIT_HEIGHT + if below { cell * 0.3 } else { 0.0 };
                page.marks.push(Mark::Text {
                    x: x + pad + ax * (cell - 2.0 * pad),
                    y: top + ay * (cell - 2.0 * pad - size * DIGIT_HEIGHT),
                    size,
                    font: Font::Regular,
                    anchor,
                    gray: false,
                    slant: false,
                    text: text.clone(),
                });
            }
            if let Some(text) = Some(number).filter(|n| !n.is_empty()) {
                let size = cell * 0.3;
                if circled {
                    page.marks.push(Mark::Patch {
                        x: x + pad - 0.5,
                        y: y + pad - 0.5,
                        width: fonts.width(&text, Font::Regular, size) + 1.0,
                        height: size * DIGIT_HEIGHT + 1.0,
                    });
                }
                page.marks.push(Mark::Text {
                    x: x + pad,
                    y: y + pad + size * DIGIT_HEIGHT,
                    size,
                    font: Font::Regular,
                    anchor: Anchor::Start,
                    gray: false,
                    slant: false,
                    text,
                });
            }
            let entry = puzzle.cell_entry(i);
            if entry == "-" || entry.is_empty() {
                continue;
            }
            let upper = entry.to_uppercase();
            // Rebus entries shrink until they fit the cell.
            let mut size = cell * 0.55;
            let measure = if puzzle.is_given(i) { Font::Bold } else { Font::Regular };
            while size > 3.0 && fonts.width(&upper, measure, size) > cell * 0.86 {
                size -= 0.5;
            }
            // A given letter (the puzzle's, not the player's) is printed bold.
            let font = if puzzle.is_given(i) { Font::Bold } else { Font::Regular };
            page.marks.push(Mark::Text {
                x: x + cell / 2.0,
                y: y + cell * 0.86,
                size,
                font,
                anchor: Anchor::Middle,
                gray: entry.chars().all(char::is_lowercase),
                slant: false,
                text: upper,
            });
        }
    }
    // Bars over the cell borders, where entries end.
    for (i, &b) in puzzle.bars.iter().flatten().enumerate() {
        let (r, c) = (i / puzzle.width, i % puzzle.width);
        let (x, y) = (left + c as f64 * cell, top + r as f64 * cell);
        if b & BAR_RIGHT != 0 && c + 1 < puzzle.width {
            page.marks.push(Mark::Bar { x1: x + cell, y1: y, x2: x + cell, y2: y + cell });
        }
        if b & BAR_BOTTOM != 0 && r + 1 < puzzle.height {
            page.marks.push(Mark::Bar { x1: x, y1: y + cell, x2: x + cell, y2: y + cell });
        }
    }
}

/// The clue text as printed: the enumeration follows it in brackets (`Tree (3,4)`).
impl Block {
    /// A list's heading (`ACROSS`, `DOWN`, another list's title), `space_before` above it.
    fn heading(list: &str, space_before: f64) -> Block {
        Block {
            label: list.to_string(),
            heading: true,
            list: list.to_string(),
            lines: Vec::new(),
            runs: Vec::new(),
            space_before,
        }
    }
}

fn with_enumeration(clue: &str, enumeration: Option<&str>) -> String {
    let clue = match enumeration {
        Some(e) if e.starts_with('(') => format!("{clue} {e}"),
        Some(e) => format!("{clue} ({e})"),
        None => clue.to_string(),
    };
    clue.trim().to_string()
}

/// The block of one clue: `text` (the clue `plain` with its enumeration) wrapped to `width`,
/// its `markup` (spans over `plain`) split into runs. A clue with bold in it is measured in the
/// bold face, so that its lines still fit.
fn clue_block(
    fonts: &Fonts,
    label: String,
    list: &str,
    (plain, text): (&str, &str),
    markup: &[crate::markup::Span],
    size: f64,
    width: f64,
) -> Block {
    let bold = markup.iter().any(|s| s.style == crate::markup::Style::Bold);
    let lines = wrap(fonts, text, if bold { Font::Bold } else { Font::Regular }, size, width);
    // The offset of the plain clue inside the printed text (it is trimmed there).
    let lead = plain.len() - plain.trim_start().len();
    let spans: Vec<crate::markup::Span> = markup
        .iter()
        .filter(|s| s.start >= lead)
        .map(|s| crate::markup::Span { style: s.style, start: s.start - lead, end: s.end - lead })
        .collect();
    let runs = line_runs(text, &spans, &lines);
    Block { label, heading: false, list: list.to_string(), lines, runs, space_before: size * 0.2 }
}

/// The Across and Down lists, then the file's other lists (rows, a diagonal), as blocks,
/// wrapped to `width` at `size`.
fn blocks(fonts: &Fonts, puzzle: &Puzzle, width: f64, size: f64) -> Vec<Block> {
    let number_width = fonts.width("000", Font::Bold, size) + size * 0.5;
    let entries = puzzle.clue_entries();
    let mut out = Vec::new();
    for direction in [Direction::Across, Direction::Down] {
        let list = direction.name().to_uppercase();
        // A puzzle clued only by other lists prints no empty Across and Down headings.
        let any =
            entries.iter().enumerate().any(|(k, e)| e.slot.direction == direction && puzzle.is_file_entry(k));
        if !any && !puzzle.other_lists.is_empty() {
            continue;
        }
        out.push(Block::heading(&list, if out.is_empty() { 0.0 } else { size }));
        for (k, entry) in entries.iter().enumerate().filter(|(_, e)| e.slot.direction == direction) {
            if !puzzle.is_file_entry(k) {
                continue;
            }
            let plain = entry.clue.as_deref().unwrap_or("");
            let clue = with_enumeration(plain, entry.enumeration.as_deref());
            out.push(clue_block(
                fonts,
                entry.label.clone(),
                &list,
                (plain, &clue),
                &entry.markup,
                size,
                width - number_width,
            ));
        }
    }
    for other in &puzzle.other_lists {
        let list = other.title.to_uppercase();
        out.push(Block::heading(&list, if out.is_empty() { 0.0 } else { size }));
        for clue in &other.clues {
            let enumeration = Some(clue.enumeration.as_str()).filter(|e| !e.is_empty());
            let text = with_enumeration(&clue.text, enumeration);
            out.push(clue_block(
                fonts,
                clue.label.clone(),
                &list,
                (&clue.text, &text),
                &clue.markup,
                size,
                width - number_width,
            ));
        }
    }
    out
}

/// Pour the clue blocks into the columns of the first page, then of as many further pages as
/// needed. A list that goes on in a new column starts it with "ACROSS (cont.)" or
/// "DOWN (cont.)".
fn flow(
    fonts: &Fonts,
    puzzle: &Puzzle,
    first: &Page,
    first_columns: &[Column],
    later: &[Column],
    width: f64,
    size: f64,
) -> Vec<Page> {
    let leading = size * 1.2;
    let heading_size = size * 1.2;
    let number_width = fonts.width("000", Font::Bold, size) + size * 0.5;
    let mut pages = vec![first.clone()];
    let mut columns = first_columns.to_vec();
    let mut column = 0;
    let mut y = columns.first().map_or(MARGIN, |c| c.top);
    let blocks = blocks(fonts, puzzle, width, size);
    let heading_height = heading_size * 1.3;
    for (i, block) in blocks.iter().enumerate() {
        // Measured down to the last line's descenders.
        let mut height =
            if block.heading { heading_height } else { leading * block.lines.len() as f64 } + size * 0.25;
        // A heading keeps its first clue with it.
        if block.heading {
            height += blocks.get(i + 1).map_or(0.0, |next| leading * next.lines.len() as f64);
        }
        let follows_heading = i > 0 && blocks[i - 1].heading;
        let Some(mut col) = columns.get(column).copied() else { break };
        if y > col.top {
            y += block.space_before;
        }
        loop {
            let at_top = y <= col.top;
            let cont = if at_top && !block.heading && !follows_heading { heading_height } else { 0.0 };
            let fits = y + height + cont <= col.bottom;
            // A block taller than a whole column goes at the top of one anyway.
            if fits || (at_top && col.top + height + cont > col.bottom) {
                break;
            }
            column += 1;
            if column >= columns.len() {
                columns = later.to_vec();
                column = 0;
                pages.push(Page::default());
            }
            col = columns[column];
            y = col.top;
        }
        let page = pages.last_mut().expect("pages is never empty");
        let heading = |y: &mut f64, text: String, page: &mut Page| {
            *y += heading_size;
            page.marks.push(Mark::Text {
                x: col.x,
                y: *y,
                size: heading_size,
                font: Font::Bold,
                anchor: Anchor::Start,
                gray: false,
                slant: false,
                text,
            });
            *y += heading_size * 0.3;
        };
        if block.heading {
            heading(&mut y, block.label.clone(), page);
            continue;
        }
        if y <= col.top && !follows_heading {
            heading(&mut y, continued(&block.list), page);
        }
        for (n, line) in block.lines.iter().enumerate() {
            y += leading;
            if n == 0 {
                page.marks.push(Mark::Text {
                    x: col.x + number_width - size * 0.5,
                    y,
                    size,
                    font: Font::Bold,
                    anchor: Anchor::End,
                    gray: false,
                    slant: false,
                    text: block.label.clone(),
                });
            }
            let runs = block.runs.get(n).filter(|r| r.iter().any(|(_, bits)| *bits != 0));
            let Some(runs) = runs else {
                page.marks.push(Mark::Text {
                    x: col.x + number_width,
                    y,
                    size,
                    font: Font::Regular,
                    anchor: Anchor::Start,
                    gray: false,
                    slant: false,
                    text: line.clone(),
                });
                continue;
            };
            // Marked-up runs one after the other: bold in the bold face, italic slanted, sub-
            // and superscripts smaller and lowered or raised, underline and strike as rules.
            let mut x = col.x + number_width;
            for (text, bits) in runs {
                let font = if bits & 2 != 0 { Font::Bold } else { Font::Regular };
                let (run_size, rise) = match (bits & 16 != 0, bits & 32 != 0) {
                    (_, true) => (size * 0.7, -size * 0.33),
                    (true, false) => (size * 0.7, size * 0.15),
                    _ => (size, 0.0),
                };
                let width = fonts.width(text, font, run_size);
                page.marks.push(Mark::Text {
                    x,
                    y: y + rise,
                    size: run_size,
                    font,
                    anchor: Anchor::Start,
                    gray: false,
                    slant: bits & 1 != 0,
                    text: text.clone(),
                });
                let weight = size * 0.06;
                if bits & 4 != 0 {
                    page.marks.push(Mark::Rule { x1: x, x2: x + width, y: y + rise + size * 0.12, weight });
                }
                if bits & 8 != 0 {
                    page.marks.push(Mark::Rule {
                        x1: x,
                        x2: x + width,
                        y: y + rise - run_size * 0.3,
                        weight,
                    });
                }
                x += width;
            }
        }
    }
    pages
}

/// The pages as one SVG, one below the other with a thin gap.
pub fn svg(layout: &Layout) -> String {
    const GAP: f64 = 12.0;
    let (width, height) = (layout.width, layout.height);
    let count = layout.pages.len().max(1) as f64;
    let mut svg = Svg::new(width, height * count + GAP * (count - 1.0));
    for (n, page) in layout.pages.iter().enumerate() {
        let dy = n as f64 * (height + GAP);
        svg.rect(0.0, dy, width, height, r##"fill="white" stroke="#ccc" stroke-width="0.5""##);
        svg.push(&format!(r#"<g transform="translate(0 {})">"#, num(dy)));
        for mark in &page.marks {
            match mark {
                Mark::Cell { x, y, size, filled, shade } => {
                    let fill = match shade {
                        Some(rgb) => crate::puzzle::CellStyle::hex(*rgb),
                        None => (if *filled { "black" } else { "white" }).to_string(),
                    };
                    svg.rect(
                        *x,
                        *y,
                        *size,
                        *size,
                        &format!(r#"fill="{fill}" stroke="black" stroke-width="0.75""#),
                    );
                }
                Mark::Patch { x, y, width, height } => svg.rect(*x, *y, *width, *height, r#"fill="white""#),
                Mark::Bar { x1, y1, x2, y2 } => {
                    svg.line(*x1, *y1, *x2, *y2, r#"stroke="black" stroke-width="3" stroke-linecap="square""#)
                }
                Mark::Circle { cx, cy, r } => {
                    svg.circle(*cx, *cy, *r, r#"fill="none" stroke="gray" stroke-width="0.75""#)
                }
                Mark::Rule { x1, x2, y, weight } => {
                    svg.line(*x1, *y, *x2, *y, &format!(r#"stroke="black" stroke-width="{}""#, num(*weight)))
                }
                Mark::Text { x, y, size, font, anchor, gray, slant, text } => {
                    let anchor = match anchor {
                        Anchor::Start => "start",
                        Anchor::Middle => "middle",
                        Anchor::End => "end",
                    };
                    // A slanted (italic) run is sheared about its own baseline start.
                    let (at, shear) = if *slant {
                        (
                            ("0".to_string(), "0".to_string()),
                            format!(r#" transform="translate({} {}) skewX(-12)""#, num(*x), num(*y)),
                        )
                    } else {
                        ((num(*x), num(*y)), String::new())
                    };
                    svg.push(&format!(
                        r#"<text x="{}" y="{}"{shear} font-family="{SVG_FAMILY}" font-size="{}"{}{} text-anchor="{anchor}">{}</text>"#,
                        at.0,
                        at.1,
                        num(*size),
                        if *font == Font::Bold { r#" font-weight="bold""# } else { "" },
                        if *gray { r#" fill="gray""# } else { "" },
                        escape(text)
                    ));
                }
            }
        }
        svg.push("</g>");
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_and_respects_the_width() {
        let fonts = Fonts::default();
        let text = "An unusually long clue that certainly needs several lines to fit in a narrow column";
        let lines = wrap(&fonts, text, Font::Regular, 9.0, 80.0);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| fonts.width(l, Font::Regular, 9.0) <= 80.0));
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut() {
        let fonts = Fonts::default();
        let lines = wrap(&fonts, "Supercalifragilisticexpialidocious", Font::Bold, 12.0, 50.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| fonts.width(l, Font::Bold, 12.0) <= 50.0));
        assert_eq!(lines.concat(), "Supercalifragilisticexpialidocious");
    }
}
