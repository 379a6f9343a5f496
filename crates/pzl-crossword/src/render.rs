//! Pictures of a crossword: a terminal text grid and an SVG with numbers (or the file's own
//! labels), blocks, voids, shading, bars, circles, rebus cells and the current fill.

use pzl_grid::svg::Svg;

use crate::numbering::{BAR_BOTTOM, BAR_RIGHT, is_block};
use crate::puzzle::{CellStyle, Puzzle, SolutionState};

/// The grid as text: one line per row, blocks `#`, empty cells `.`, circled cells in
/// parentheses-free lower case is avoided: a circled cell is followed by `o`, a rebus cell by `+`.
/// The solution comes first (when there is a plain one), then the fill.
pub fn text(puzzle: &Puzzle) -> String {
    let mut out = String::new();
    let heading = [&puzzle.title, &puzzle.author]
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| s.as_str())
        .collect::<Vec<_>>();
    if !heading.is_empty() {
        out.push_str(&heading.join(" — "));
        out.push('\n');
    }
    let grid = |out: &mut String, label: &str, cell: &dyn Fn(usize) -> char| {
        out.push_str(label);
        out.push('\n');
        for r in 0..puzzle.height {
            let mut line = String::new();
            for c in 0..puzzle.width {
                let i = r * puzzle.width + c;
                line.push(cell(i));
                let rebus = puzzle.rebus.as_ref().and_then(|rb| rb.answer(i)).is_some();
                line.push(if puzzle.is_circled(i) {
                    'o'
                } else if rebus {
                    '+'
                } else {
                    ' '
                });
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    };
    let show = |b: u8| match b {
        b if is_block(b) => '#',
        b'-' => '.',
        b => char::from(b),
    };
    if puzzle.state() == SolutionState::Plain {
        grid(&mut out, "Solution:", &|i| puzzle.solution.get(i).map_or(' ', |&b| show(b)));
    }
    grid(&mut out, "Fill:", &|i| puzzle.fill.get(i).map_or(' ', |&b| show(b)));
    out
}

/// The grid as an SVG picture showing the current fill.
pub fn svg(puzzle: &Puzzle) -> String {
    const CELL: f64 = 36.0;
    const MARGIN: f64 = 4.0;
    let (w, h) = (puzzle.width as f64, puzzle.height as f64);
    let mut svg = Svg::new(w * CELL + 2.0 * MARGIN, h * CELL + 2.0 * MARGIN);
    svg.rect(0.0, 0.0, w * CELL + 2.0 * MARGIN, h * CELL + 2.0 * MARGIN, r#"fill="white""#);
    // The grid's numbers, or the file's own labels where it prints its own.
    let shown = puzzle.shown_labels();
    for r in 0..puzzle.height {
        for c in 0..puzzle.width {
            let i = r * puzzle.width + c;
            let (x, y) = (MARGIN + c as f64 * CELL, MARGIN + r as f64 * CELL);
            let look = puzzle.style(i);
            // A void is outside the puzzle's shape: nothing is drawn there.
            if look.void {
                continue;
            }
            let fill = look.fill().map_or("white".to_string(), CellStyle::hex);
            if puzzle.solution.get(i).is_some_and(|&b| is_block(b)) {
                let fill = look.fill().map_or("black".to_string(), CellStyle::hex);
                svg.rect(x, y, CELL, CELL, &format!(r#"fill="{fill}" stroke="black" stroke-width="1""#));
                continue;
            }
            svg.rect(x, y, CELL, CELL, &format!(r#"fill="{fill}" stroke="black" stroke-width="1""#));
            if puzzle.is_circled(i) {
                svg.circle(
                    x + CELL / 2.0,
                    y + CELL / 2.0,
                    CELL / 2.0 - 1.5,
                    r#"fill="none" stroke="gray" stroke-width="1""#,
                );
            }
            let text = shown.get(i).map_or("", String::as_str);
            if !text.is_empty() {
                // Clear of the borders; in a circled cell on a white patch, over the circle.
                if puzzle.is_circled(i) {
                    svg.rect(
                        x + 2.5,
                        y + 2.5,
                        5.5 * text.chars().count() as f64 + 1.0,
                        8.0,
                        r#"fill="white""#,
                    );
                }
                svg.text(x + 3.0, y + 10.5, text, r#"font-family="sans-serif" font-size="9""#);
            }
            // The file's labels at the cell's corners and sides, smaller; a top-left one goes
            // under the number.
            for (corner, mark) in puzzle.marks_of(i) {
                let (ax, ay) = corner.anchor();
                let anchor = ["start", "middle", "end"][(ax * 2.0) as usize];
                let mx = x + 3.0 + ax * (CELL - 6.0);
                let below = *corner == crate::puzzle::Corner::TopLeft && !text.is_empty();
                let my = y + 8.5 + ay * (CELL - 11.0) + if below { 9.0 } else { 0.0 };
                let style = format!(r#"font-family="sans-serif" font-size="7" text-anchor="{anchor}""#);
                svg.text(mx, my, mark, &style);
            }
            let entry = puzzle.cell_entry(i);
            if entry != "-" && !entry.is_empty() {
                let size = match entry.chars().count() {
                    1 => 20.0,
                    2 => 14.0,
                    3..=4 => 10.0,
                    _ => 7.0,
                };
                let pencil = entry.chars().all(|ch| ch.is_lowercase());
                let style = format!(
                    r#"font-family="sans-serif" font-size="{size}" text-anchor="middle"{}"#,
                    if pencil { r#" fill="gray""# } else { "" }
                );
                svg.text(x + CELL / 2.0, y + CELL * 0.78, &entry.to_uppercase(), &style);
            }
        }
    }
    // Bars last, over the cell borders: a thick line where an entry ends.
    if let Some(bars) = &puzzle.bars {
        const BAR: &str = r#"stroke="black" stroke-width="4" stroke-linecap="square""#;
        for (i, &b) in bars.iter().enumerate() {
            let (r, c) = (i / puzzle.width, i % puzzle.width);
            let (x, y) = (MARGIN + c as f64 * CELL, MARGIN + r as f64 * CELL);
            if b & BAR_RIGHT != 0 && c + 1 < puzzle.width {
                svg.line(x + CELL, y, x + CELL, y + CELL, BAR);
            }
            if b & BAR_BOTTOM != 0 && r + 1 < puzzle.height {
                svg.line(x, y + CELL, x + CELL, y + CELL, BAR);
            }
        }
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbering::BAR_RIGHT;

    #[test]
    fn the_svg_draws_shading_bars_and_leaves_voids_out() {
        let mut p = Puzzle::new(3, 1);
        p.set_solution_rows(&["ABC"]);
        p.set_style(1, CellStyle { shade: Some([0xc0, 0xc0, 0xff]), void: false, ..CellStyle::default() });
        p.set_style(2, CellStyle { shade: None, void: true, ..CellStyle::default() });
        let mut bars = vec![0; 3];
        bars[0] = BAR_RIGHT;
        p.bars = Some(bars);
        let svg = svg(&p);
        assert!(svg.contains(r##"fill="#c0c0ff""##), "{svg}");
        assert!(svg.contains(r#"stroke-width="4""#), "{svg}");
        // Two cells drawn (plus the white page): the void has no square.
        assert_eq!(svg.matches(r#"stroke="black" stroke-width="1""#).count(), 2, "{svg}");
    }
}
