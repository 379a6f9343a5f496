//! Pictures of a board: Unicode text for terminals and SVG for printing. Both draw puzzles,
//! partly drawn boards and solutions the same way: pearls `○ ●`, lines through cell centres,
//! crosses `×` on the edges they forbid.

use crate::{Board, Cell, EdgeState, Pos};
use pzl_grid::Dir;
use pzl_grid::svg::Svg;

/// The box-drawing character for the lines leaving a cell (R=1, U=2, L=4, D=8); `·` for none.
pub fn line_glyph(mask: u8) -> char {
    const GLYPHS: [char; 16] =
        ['·', '╶', '╵', '└', '╴', '─', '┘', '┴', '╷', '┌', '│', '├', '┐', '┬', '┤', '┼'];
    GLYPHS[usize::from(mask & 15)]
}

/// Terminal text, one text line per row and two columns per cell (so the picture keeps the
/// board's proportions at any size): the cell (`○`, `●`, a line piece, or `·`), then what lies
/// on the edge to its right (`─` line, `×` cross, blank). Crosses on vertical edges (between a
/// cell and the one below) have no column of their own: a cell with no line whose lower edge
/// is crossed shows `×` only when every edge around it is crossed; SVG shows every cross.
pub fn text(board: &Board) -> String {
    text_marked(board, |_| false, ("", ""))
}

/// [`text`], with the glyphs of the edges `marked` says (by flat edge number) wrapped in
/// `wrap.0` … `wrap.1` (such as a terminal colour and its reset): a marked edge's `─` or `×`,
/// and the line piece of a cell where a marked line ends.
pub fn text_marked(board: &Board, marked: impl Fn(usize) -> bool, wrap: (&str, &str)) -> String {
    let (width, height) = (board.width(), board.height());
    let index = board.edge_index();
    let is_marked = |pos: Pos, dir: Dir| index.number_from(pos, dir).is_some_and(&marked);
    let push = |out: &mut String, glyph: char, mark: bool| {
        if mark && !wrap.0.is_empty() {
            out.push_str(wrap.0);
            out.push(glyph);
            out.push_str(wrap.1);
        } else {
            out.push(glyph);
        }
    };
    let mut out = String::with_capacity((width * 2 + 1) * height * 3);
    for row in 0..height {
        for col in 0..width {
            let pos = Pos::new(row, col);
            let glyph = match board.cell(pos) {
                Cell::White => '○',
                Cell::Black => '●',
                Cell::Empty => {
                    let mask = board.line_mask(pos);
                    let all_crossed = Dir::ALL
                        .iter()
                        .all(|&d| board.edge_from(pos, d).is_none_or(|e| e == EdgeState::Cross));
                    if mask == 0 && all_crossed && !board.is_blank() { '×' } else { line_glyph(mask) }
                }
            };
            let mask = board.line_mask(pos);
            let cell_marked = Dir::from_mask(mask).any(|d| is_marked(pos, d));
            push(&mut out, glyph, cell_marked);
            if col + 1 < width {
                let edge = match board.edge_from(pos, Dir::Right) {
                    Some(EdgeState::Line) => '─',
                    Some(EdgeState::Cross) => '×',
                    _ => ' ',
                };
                push(&mut out, edge, edge != ' ' && is_marked(pos, Dir::Right));
            }
        }
        out.push('\n');
    }
    out
}

/// Size of one cell in the SVG, in user units (pixels at 100 %).
const CELL: f64 = 36.0;
const MARGIN: f64 = 18.0;

/// An SVG picture fit to print: a light grid in a bold frame, pearls, the loop as a thick line
/// through cell centres, and small crosses on crossed edges.
pub fn svg(board: &Board) -> String {
    let (width, height) = (board.width(), board.height());
    let (w, h) = (width as f64 * CELL, height as f64 * CELL);
    let mut svg = Svg::new(w + 2.0 * MARGIN, h + 2.0 * MARGIN);
    let x = |col: f64| MARGIN + col * CELL;
    let y = |row: f64| MARGIN + row * CELL;
    svg.rect(0.0, 0.0, w + 2.0 * MARGIN, h + 2.0 * MARGIN, r#"fill="white""#);
    let grid = r##"stroke="#b0b0b0" stroke-width="1""##;
    for col in 1..width {
        svg.line(x(col as f64), y(0.0), x(col as f64), y(height as f64), grid);
    }
    for row in 1..height {
        svg.line(x(0.0), y(row as f64), x(width as f64), y(row as f64), grid);
    }
    svg.rect(x(0.0), y(0.0), w, h, r#"fill="none" stroke="black" stroke-width="2.5""#);
    let centre = |pos: Pos| (x(pos.col as f64 + 0.5), y(pos.row as f64 + 0.5));
    let index = board.edge_index();
    let line = r##"stroke="#1f4e9c" stroke-width="6" stroke-linecap="round""##;
    let cross = r##"stroke="#c0392b" stroke-width="2" stroke-linecap="round""##;
    for (n, &state) in board.edge_states().iter().enumerate() {
        if state == EdgeState::Unknown {
            continue;
        }
        let (a, b) = index.edge(n).cells();
        let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
        match state {
            EdgeState::Line => svg.line(x1, y1, x2, y2, line),
            EdgeState::Cross => {
                let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
                let d = CELL * 0.1;
                svg.line(mx - d, my - d, mx + d, my + d, cross);
                svg.line(mx - d, my + d, mx + d, my - d, cross);
            }
            EdgeState::Unknown => {}
        }
    }
    let radius = CELL * 0.36;
    for pos in board.cells().positions() {
        let (cx, cy) = centre(pos);
        match board.cell(pos) {
            Cell::White => svg.circle(cx, cy, radius, r#"fill="white" stroke="black" stroke-width="2.5""#),
            Cell::Black => svg.circle(cx, cy, radius, r#"fill="black" stroke="black" stroke-width="2.5""#),
            Cell::Empty => {}
        }
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{Format, read};

    #[test]
    fn the_ladybug_solution_draws() {
        let board = read(b"4:4:AgAQAA\nww:gq\n", Format::TootSweet).unwrap().value;
        assert_eq!(text(&board), "· · · ·\n· ●───┐\n· │ · ○\n· └───┘\n");
        let puzzle = board.puzzle();
        assert_eq!(text(&puzzle), "· · · ·\n· ● · ·\n· · · ○\n· · · ·\n");
        let picture = svg(&board);
        assert!(picture.starts_with("<?xml"));
        assert_eq!(picture.matches("<circle").count(), 2);
        assert_eq!(picture.matches("stroke-width=\"6\"").count(), 8);
    }

    #[test]
    fn crosses_show() {
        let mut board = Board::new(2, 1);
        board.set_edge_by_number(0, EdgeState::Cross);
        assert_eq!(text(&board), "×××\n");
        assert_eq!(svg(&board).matches("#c0392b").count(), 2);
    }
}
