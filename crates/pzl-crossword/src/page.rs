//! A print-ready page of a crossword: title, author and copyright, the grid (numbers, circles,
//! rebus and fill) and the numbered Across and Down clue lists, wrapped in columns that flow
//! around the grid and onto further pages.
//!
//! The layout is computed once, in points on a US Letter page, as a list of [`Mark`]s; [`svg`]
//! and [`crate::pdf`] only draw those marks. Text is measured with the metrics of Helvetica (the
//! PDF's built-in font; Arial and Liberation Sans share them), so wrapping is the same in both.

use pzl_grid::svg::{Svg, escape, num};

use crate::numbering::{Direction, is_block};
use crate::puzzle::Puzzle;

/// US Letter, in points.
pub const PAGE_WIDTH: f64 = 612.0;
/// US Letter height, in points.
pub const PAGE_HEIGHT: f64 = 792.0;
/// The white border on every side.
pub const MARGIN: f64 = 36.0;
const GUTTER: f64 = 14.0;
/// Clue columns aim at about this width.
const COLUMN_WIDTH: f64 = 125.0;
/// The largest cell drawn, so that small grids do not fill the page.
const MAX_CELL: f64 = 30.0;
/// Clue sizes tried from the largest down until the clues fit on one page.
const CLUE_SIZES: [f64; 5] = [9.5, 9.0, 8.5, 8.0, 7.5];

/// Which face of the font.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    /// Helvetica.
    Regular,
    /// Helvetica-Bold.
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
    /// A square cell: black when `filled`, else white with a black outline.
    Cell {
        /// Left edge.
        x: f64,
        /// Top edge.
        y: f64,
        /// Side length.
        size: f64,
        /// Black (a block) rather than white.
        filled: bool,
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
        /// The text itself.
        text: String,
    },
}

/// One laid-out page.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Page {
    /// What the page holds, in drawing order.
    pub marks: Vec<Mark>,
}

/// The width of `text` set in `font` at `size` points.
pub fn text_width(text: &str, font: Font, size: f64) -> f64 {
    let units: u32 = text.chars().map(|ch| char_width(ch, font)).sum();
    f64::from(units) * size / 1000.0
}

/// Advance widths (1/1000 em) of Helvetica and Helvetica-Bold for ASCII 32..=126; other
/// characters count as wide as a digit, a safe overestimate for Latin text.
fn char_width(ch: char, font: Font) -> u32 {
    const REGULAR: [u16; 95] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
        556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
        722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
        278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ];
    const BOLD: [u16; 95] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
        556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
        722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333,
        278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    ];
    let table = match font {
        Font::Regular => &REGULAR,
        Font::Bold => &BOLD,
    };
    let code = u32::from(ch);
    code.checked_sub(32)
        .and_then(|i| table.get(i as usize))
        .map_or(if font == Font::Bold { 611 } else { 556 }, |&w| u32::from(w))
}

/// Break `text` into lines no wider than `width`; a word longer than a line is cut.
pub fn wrap(text: &str, font: Font, size: f64, width: f64) -> Vec<String> {
    let fits = |s: &str| text_width(s, font, size) <= width;
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
    lines: Vec<String>,
    /// Extra space above it.
    space_before: f64,
}

/// A column's rectangle on a page.
#[derive(Debug, Clone, Copy)]
struct Column {
    x: f64,
    top: f64,
    bottom: f64,
}

/// Lay out `puzzle` as print-ready pages: as many as the clues need.
pub fn layout(puzzle: &Puzzle) -> Vec<Page> {
    let content_width = PAGE_WIDTH - 2.0 * MARGIN;
    let count = (((content_width + GUTTER) / (COLUMN_WIDTH + GUTTER)).floor() as usize).max(2);
    let column_width = (content_width - GUTTER * (count - 1) as f64) / count as f64;
    // The grid takes the right-hand columns, all but one for grids wider than about 10 cells.
    let grid_columns = if puzzle.width <= 9 { count / 2 } else { count - 1 }.max(1);
    let grid_span = grid_columns as f64 * (column_width + GUTTER) - GUTTER;
    let mut first = Page::default();
    let top = header(puzzle, &mut first, content_width);
    let max_grid_height = (PAGE_HEIGHT - MARGIN - top) * 0.62;
    let cell = (grid_span / puzzle.width.max(1) as f64)
        .min(max_grid_height / puzzle.height.max(1) as f64)
        .min(MAX_CELL);
    let grid_width = cell * puzzle.width as f64;
    let grid_left = PAGE_WIDTH - MARGIN - grid_width;
    grid(puzzle, &mut first, grid_left, top, cell);
    let below_grid = top + cell * puzzle.height as f64 + 16.0;
    let column_x = |i: usize| MARGIN + i as f64 * (column_width + GUTTER);
    let first_columns: Vec<Column> = (0..count)
        .map(|i| {
            let overlaps_grid = column_x(i) + column_width > grid_left - GUTTER / 2.0;
            Column {
                x: column_x(i),
                top: if overlaps_grid { below_grid } else { top },
                bottom: PAGE_HEIGHT - MARGIN,
            }
        })
        .collect();
    let later_columns: Vec<Column> =
        (0..count).map(|i| Column { x: column_x(i), top: MARGIN, bottom: PAGE_HEIGHT - MARGIN }).collect();

    let mut best = None;
    for size in CLUE_SIZES {
        let pages = flow(puzzle, &first, &first_columns, &later_columns, column_width, size);
        let single = pages.len() == 1;
        best = Some(pages);
        if single {
            break;
        }
    }
    best.unwrap_or_else(|| vec![first])
}

/// Title, author and copyright across the top; returns where the rest may start.
fn header(puzzle: &Puzzle, page: &mut Page, width: f64) -> f64 {
    let mut y = MARGIN;
    let line = |y: &mut f64, text: &str, size: f64, font: Font, page: &mut Page| {
        for part in wrap(text, font, size, width) {
            *y += size;
            page.marks.push(Mark::Text {
                x: MARGIN,
                y: *y,
                size,
                font,
                anchor: Anchor::Start,
                gray: false,
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

/// The grid with its top-left corner at (`left`, `top`).
fn grid(puzzle: &Puzzle, page: &mut Page, left: f64, top: f64, cell: f64) {
    let numbers = puzzle.cell_numbers();
    for r in 0..puzzle.height {
        for c in 0..puzzle.width {
            let i = r * puzzle.width + c;
            let (x, y) = (left + c as f64 * cell, top + r as f64 * cell);
            let filled = puzzle.solution.get(i).is_some_and(|&b| is_block(b));
            page.marks.push(Mark::Cell { x, y, size: cell, filled });
            if filled {
                continue;
            }
            if puzzle.is_circled(i) {
                page.marks.push(Mark::Circle { cx: x + cell / 2.0, cy: y + cell / 2.0, r: cell / 2.0 - 1.0 });
            }
            if let Some(&n) = numbers.get(i).filter(|&&n| n > 0) {
                let size = cell * 0.3;
                page.marks.push(Mark::Text {
                    x: x + cell * 0.06,
                    y: y + size,
                    size,
                    font: Font::Regular,
                    anchor: Anchor::Start,
                    gray: false,
                    text: n.to_string(),
                });
            }
            let entry = puzzle.cell_entry(i);
            if entry == "-" || entry.is_empty() {
                continue;
            }
            let upper = entry.to_uppercase();
            // Rebus entries shrink until they fit the cell.
            let mut size = cell * 0.6;
            while size > 3.0 && text_width(&upper, Font::Regular, size) > cell * 0.9 {
                size -= 0.5;
            }
            page.marks.push(Mark::Text {
                x: x + cell / 2.0,
                y: y + cell * 0.85,
                size,
                font: Font::Regular,
                anchor: Anchor::Middle,
                gray: entry.chars().all(char::is_lowercase),
                text: upper,
            });
        }
    }
}

/// The Across and Down lists as blocks, wrapped to `width` at `size`.
fn blocks(puzzle: &Puzzle, width: f64, size: f64) -> Vec<Block> {
    let number_width = text_width("000", Font::Bold, size) + size * 0.5;
    let entries = puzzle.clue_entries();
    let mut out = Vec::new();
    for direction in [Direction::Across, Direction::Down] {
        out.push(Block {
            label: direction.name().to_uppercase(),
            heading: true,
            lines: Vec::new(),
            space_before: if out.is_empty() { 0.0 } else { size },
        });
        for entry in entries.iter().filter(|e| e.slot.direction == direction) {
            let clue = entry.clue.as_deref().unwrap_or("");
            out.push(Block {
                label: entry.slot.number.to_string(),
                heading: false,
                lines: wrap(clue, Font::Regular, size, width - number_width),
                space_before: size * 0.2,
            });
        }
    }
    out
}

/// Pour the clue blocks into the columns of the first page, then of as many further pages as
/// needed.
fn flow(
    puzzle: &Puzzle,
    first: &Page,
    first_columns: &[Column],
    later: &[Column],
    width: f64,
    size: f64,
) -> Vec<Page> {
    let leading = size * 1.2;
    let heading_size = size * 1.2;
    let number_width = text_width("000", Font::Bold, size) + size * 0.5;
    let mut pages = vec![first.clone()];
    let mut columns = first_columns.to_vec();
    let mut column = 0;
    let mut y = columns.first().map_or(MARGIN, |c| c.top);
    let blocks = blocks(puzzle, width, size);
    for (i, block) in blocks.iter().enumerate() {
        // A heading keeps its first clue with it.
        // Measured down to the last line's descenders.
        let mut height =
            if block.heading { heading_size * 1.3 } else { leading * block.lines.len() as f64 } + size * 0.25;
        if block.heading {
            height += blocks.get(i + 1).map_or(0.0, |next| leading * next.lines.len() as f64);
        }
        let Some(mut col) = columns.get(column).copied() else { break };
        let at_top = y <= col.top;
        if !at_top {
            y += block.space_before;
        }
        while y + height > col.bottom && !(y <= col.top && col.top + height > col.bottom) {
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
        if block.heading {
            y += heading_size;
            page.marks.push(Mark::Text {
                x: col.x,
                y,
                size: heading_size,
                font: Font::Bold,
                anchor: Anchor::Start,
                gray: false,
                text: block.label.clone(),
            });
            y += heading_size * 0.3;
            continue;
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
                    text: block.label.clone(),
                });
            }
            page.marks.push(Mark::Text {
                x: col.x + number_width,
                y,
                size,
                font: Font::Regular,
                anchor: Anchor::Start,
                gray: false,
                text: line.clone(),
            });
        }
    }
    pages
}

/// The pages as one SVG, one below the other with a thin gap.
pub fn svg(pages: &[Page]) -> String {
    const GAP: f64 = 12.0;
    let count = pages.len().max(1) as f64;
    let mut svg = Svg::new(PAGE_WIDTH, PAGE_HEIGHT * count + GAP * (count - 1.0));
    for (n, page) in pages.iter().enumerate() {
        let dy = n as f64 * (PAGE_HEIGHT + GAP);
        svg.rect(0.0, dy, PAGE_WIDTH, PAGE_HEIGHT, r##"fill="white" stroke="#ccc" stroke-width="0.5""##);
        svg.push(&format!(r#"<g transform="translate(0 {})">"#, num(dy)));
        for mark in &page.marks {
            match mark {
                Mark::Cell { x, y, size, filled } => {
                    let fill = if *filled { "black" } else { "white" };
                    svg.rect(
                        *x,
                        *y,
                        *size,
                        *size,
                        &format!(r#"fill="{fill}" stroke="black" stroke-width="0.75""#),
                    );
                }
                Mark::Circle { cx, cy, r } => {
                    svg.circle(*cx, *cy, *r, r#"fill="none" stroke="gray" stroke-width="0.75""#)
                }
                Mark::Text { x, y, size, font, anchor, gray, text } => {
                    let anchor = match anchor {
                        Anchor::Start => "start",
                        Anchor::Middle => "middle",
                        Anchor::End => "end",
                    };
                    svg.push(&format!(
                        r#"<text x="{}" y="{}" font-family="Helvetica, Arial, 'Liberation Sans', sans-serif" font-size="{}"{}{} text-anchor="{anchor}">{}</text>"#,
                        num(*x),
                        num(*y),
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
        let text = "An unusually long clue that certainly needs several lines to fit in a narrow column";
        let lines = wrap(text, Font::Regular, 9.0, 80.0);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| text_width(l, Font::Regular, 9.0) <= 80.0));
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut() {
        let lines = wrap("Supercalifragilisticexpialidocious", Font::Bold, 12.0, 50.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, Font::Bold, 12.0) <= 50.0));
        assert_eq!(lines.concat(), "Supercalifragilisticexpialidocious");
    }

    #[test]
    fn helvetica_widths() {
        assert_eq!(text_width("M", Font::Regular, 1000.0), 833.0);
        assert_eq!(text_width("i", Font::Regular, 1000.0), 222.0);
        assert_eq!(text_width("m", Font::Bold, 1000.0), 889.0);
    }
}
